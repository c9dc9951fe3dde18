"""The neural extractor: rule attributes at given spans, sub-word chunks, a tiny model trained
here on synthetic patients and loaded through the real loading code, the train command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.evaluation.mentions import Span, mention_scores
from radtrack_gui.evaluation.synth import generate, synthesize
from radtrack_gui.nlp.extractors.neural import CARD_FILE, LABELS, NeuralExtractor, decode
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.registry import EXTRACTORS, get_extractor

TEXT = (
    "FINDINGS: Right IJ catheter tip in the SVC. No left pleural effusion. "
    "Small blorp in the liver."
)


def test_missing_model_is_one_line_input_error(_private_home):
    with pytest.raises(InputError) as info:
        get_extractor("neural")
    message = str(info.value)
    assert "\n" not in message
    assert "train it with `radtrack train --extractor neural GOLD`" in message
    assert str(Path(_private_home) / "data" / "models" / "neural-extractor") in message
    with pytest.raises(InputError, match=r"config\.json missing"):
        NeuralExtractor(path=_private_home)
    info_ = EXTRACTORS["neural"]
    assert info_.trainable and "radtrack train --extractor neural" in info_.needs


def test_rule_attributes_at_given_spans():
    ex = RuleExtractor()
    report = Report("r1.txt", TEXT)
    words = [
        ("IJ catheter", "device"),
        ("tip", "device"),
        ("pleural effusion", "finding"),
        ("blorp", "finding"),
    ]
    spans = [(TEXT.index(w), TEXT.index(w) + len(w), t) for w, t in words]
    got = ex.annotate(report, spans, source="model:neural")
    assert [(m.start, m.end, m.type) for m in got] == spans
    assert all(m.text == TEXT[m.start : m.end] and m.source == "model:neural" for m in got)
    catheter, tip, effusion, blorp = got
    assert catheter.concept == tip.concept == "internal jugular catheter"
    assert catheter.laterality == tip.laterality == "right"
    assert (effusion.concept, effusion.laterality, effusion.assertion) == (
        "pleural effusion",
        "left",
        "absent",
    )
    assert blorp.concept == "blorp" and "liver" in blorp.anatomy  # unknown word, known site
    assert {m.section for m in got} == {"FINDINGS"}
    # the rule extractor itself goes through the same function: same mentions
    rules = ex.extract(report)
    again = ex.annotate(report, [(m.start, m.end, m.type) for m in rules])
    assert again == rules and len(rules) == 2


def test_decode_bio_runs():
    words = [(0, 2), (3, 10), (11, 14), (15, 19), (20, 24)]
    tags = ["O", "B-FINDING", "I-FINDING", "I-DEVICE", "B-DEVICE"]
    assert decode(tags, words) == [(3, 14, "finding"), (15, 19, "device"), (20, 24, "device")]


# -- with torch and transformers ------------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def _one_thread():
    """One torch thread: the shared CI cores are oversubscribed, where more threads spin."""
    try:
        import torch
    except ImportError:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A randomly initialised 2-layer BERT (hidden 32) with the MiniLM tokenizer."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import torch
    from transformers import AutoTokenizer, BertConfig, BertModel
    from transformers.utils import logging as hf_logging

    from radtrack_gui.nlp.linkers.embedding import find_model

    try:
        minilm = find_model()
    except InputError as exc:
        pytest.skip(str(exc))
    hf_logging.disable_progress_bar()
    tokenizer = AutoTokenizer.from_pretrained(str(minilm), local_files_only=True)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=128,
    )
    folder = tmp_path_factory.mktemp("tiny-base")
    BertModel(config).save_pretrained(str(folder))
    tokenizer.save_pretrained(str(folder))
    return folder


@pytest.fixture(scope="module")
def corpus():
    return generate(6, 3)


@pytest.fixture(scope="module")
def trained(tiny_base, corpus, tmp_path_factory):
    from radtrack_gui.training import train_extractor

    out = tmp_path_factory.mktemp("models") / "neural-extractor"
    seen: list[tuple[str, int, int]] = []
    result = train_extractor(
        corpus,
        out,
        base_model=tiny_base,
        epochs=4,
        seed=13,
        batch_size=16,
        progress=lambda *a: seen.append(a),
        learning_rate=3e-3,
    )
    return result, seen


@pytest.mark.models
def test_chunks_keep_every_word_within_the_window(tiny_base):
    from transformers import AutoTokenizer

    from radtrack_gui.nlp.extractors.neural import chunks

    tokenizer = AutoTokenizer.from_pretrained(str(tiny_base), local_files_only=True)
    long = " ".join(["bilateral lower lobe opacities"] * 30) + ". No pneumothorax."
    items = chunks(tokenizer, [long, TEXT], max_length=32)
    assert all(len(c.ids) <= 32 for c in items)
    assert len([c for c in items if c.report == 0]) > 3  # the long sentence was cut
    firsts: dict[tuple[int, int], list[int]] = {}
    for c in items:
        firsts.setdefault((c.report, c.words[0][0]), []).extend(w for w in c.first if w >= 0)
    for (k, _), ws in firsts.items():
        words = next(c.words for c in items if (c.report, c.words[0][0]) == (k, _))
        assert ws == list(range(len(words)))  # each word's first sub-word, once, in order


@pytest.mark.models
def test_tiny_model_trains_saves_and_finds_its_mentions(trained, corpus):
    result, seen = trained
    path = result.path
    assert (path / "config.json").is_file() and (path / "tokenizer.json").is_file()
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temp left
    card = json.loads((path / CARD_FILE).read_text())
    assert card["labels"] == list(LABELS) and card["training"]["sentences"] > 100
    assert card["held_out"]["what"] == "1 patient"
    assert card["held_out"]["scores"]["partial"]["f1"] == pytest.approx(result.scores.partial.f1)
    assert seen[-1] == ("evaluate", 1, 1) and any(s[0] == "train" for s in seen)
    # held-out patients the model never saw: it learned something real
    assert result.scores.partial.f1 > 0.5

    ex = NeuralExtractor(path=path)  # the real loading code (local files only)
    key, response = [], []
    for p in corpus:
        for r in p.reports:
            found = ex.extract(r)
            for m in found:
                assert m.text == r.text[m.start : m.end] and m.text.strip() == m.text
                assert m.source == "model:neural" and m.type in ("finding", "device")
            response += [Span(f"{p.id}/{r.id}", ((m.start, m.end),), m.type) for m in found]
            key += [
                Span(f"{p.id}/{r.id}", ((m.start, m.end),), m.type) for m in p.mentions_of(r.id)
            ]
    scores = mention_scores(key, response)
    assert scores.exact.recall > 0.7 and scores.exact.precision > 0.5
    effusions = [
        m
        for p in corpus
        for r in p.reports
        for m in ex.extract(r)
        if m.concept == "pleural effusion"
    ]
    assert effusions and all("pleura" in m.anatomy for m in effusions)  # rule attributes


@pytest.mark.models
def test_train_command_end_to_end(tiny_base, tmp_path, capsys, _private_home):
    from radtrack_gui.cli import main

    gold = tmp_path / "gold"
    synthesize(gold, 5, seed=2)
    rc = main(
        [
            "train",
            "--extractor",
            "neural",
            str(gold),
            "--base-model",
            str(tiny_base),
            "--epochs",
            "8",
            "--learning-rate",
            "3e-3",
        ]
    )
    err = capsys.readouterr().err
    assert rc == 0, err
    assert "trained neural extractor on 4 patients" in err
    assert "held-out 1 patient: mentions P/R/F1 exact " in err
    saved = Path(_private_home) / "data" / "models" / "neural-extractor"
    assert str(saved) in err and (saved / CARD_FILE).is_file()
    # the default location is where `--extractor neural` finds it
    out = tmp_path / "out.jsonl"
    rc = main(["extract", str(gold / "patient_001"), "--jsonl", str(out), "--extractor", "neural"])
    assert rc == 0, capsys.readouterr().err
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    texts = {p.name: p.read_text(encoding="utf-8") for p in (gold / "patient_001").glob("*.txt")}
    assert len(lines) == len(texts)
    mentions = [(row["report"], m) for row in lines for m in row["mentions"]]
    assert len(mentions) > 10
    assert all(texts[rid][m["start"] : m["end"]] == m["text"] for rid, m in mentions)
    rc = main(["train", "--extractor", "neural", str(gold), "--epochs", "0"])
    assert rc == 2 and "--epochs" in capsys.readouterr().err


@pytest.mark.models
def test_training_is_seeded_and_cancellable(tiny_base, corpus, tmp_path):
    import torch

    from radtrack_gui.core.errors import Cancelled
    from radtrack_gui.training import train_extractor

    def weights(path: Path) -> dict[str, torch.Tensor]:
        from safetensors.torch import load_file

        return load_file(str(path / "model.safetensors"))

    runs = [
        train_extractor(
            corpus[:2], tmp_path / f"m{i}", base_model=tiny_base, epochs=1, seed=7, held_out=0.0
        )
        for i in range(2)
    ]
    a, b = weights(runs[0].path), weights(runs[1].path)
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert runs[0].scores is None and runs[0].card["held_out"]["what"] == "nothing"
    with pytest.raises(Cancelled):
        train_extractor(
            corpus[:2], tmp_path / "never", base_model=tiny_base, epochs=1, cancel=lambda: True
        )
    assert not (tmp_path / "never").exists()
    with pytest.raises(InputError, match="no mentions"):
        train_extractor([Patient(id="empty")], tmp_path / "x", base_model=tiny_base)


@pytest.mark.models
def test_batched_across_reports_finds_the_same_mentions(trained, corpus):
    from radtrack_gui.pipeline import extract_reports

    ex = NeuralExtractor(path=trained[0].path)
    reports = [r for p in corpus[:2] for r in p.reports]
    one_by_one = [ex.extract(r) for r in reports]
    together = ex.extract_many(reports)
    assert together == one_by_one and sum(map(len, together)) > 20
    # the pipeline hands the reports over in groups: same mentions, same order and ids
    ex2 = NeuralExtractor(path=trained[0].path)
    calls: list[int] = []
    many = ex2.extract_many
    ex2.extract_many = lambda rs: calls.append(len(rs)) or many(rs)  # type: ignore[method-assign]
    batched = extract_reports(reports, ex2)
    assert calls and max(calls) > 1
    assert [(m.report, m.start, m.end, m.type) for m in batched] == [
        (r.id, m.start, m.end, m.type)
        for r, ms in zip(reports, one_by_one, strict=True)
        for m in sorted(ms, key=lambda m: (m.start, m.end))
    ]


@pytest.mark.models
def test_deduped_batches_give_the_mentions_of_one_sentence_at_a_time(trained, corpus, monkeypatch):
    """Sentences repeated across reports (at other offsets, in other case), and one longer
    than the model's window, in one call: the same mentions as one report and one sentence
    per model call without dedupe; the model saw fewer inputs than there are chunks, and
    none at all for sentences it has seen in an earlier call."""
    from radtrack_gui.nlp.extractors.neural import Tagger, chunks
    from radtrack_gui.nlp.text import sentences

    path = trained[0].path
    reports = [r for p in corpus[:3] for r in p.reports]
    first = reports[0].text
    clauses = [first[a:b].rstrip(".") for a, b in sentences(first)]
    long = " and ".join(clauses * 3) + "."
    reports += [
        Report("upper.txt", first.upper()),
        Report("moved.txt", "Comparison: none.\n\n" + reports[1].text),
        Report("long.txt", long),
        Report("long-again.txt", "INDICATION: follow-up. " + long + "\n" + reports[2].text),
    ]
    plain = NeuralExtractor(path=path, batch_size=1, dedupe=False)
    one_by_one = [plain.extract(r) for r in reports]
    fast = NeuralExtractor(path=path)
    seen: list[int] = []
    predict = Tagger._predict

    def spy(self: Tagger, inputs: list[tuple[int, ...]]) -> list[list[int]]:
        seen.append(len(inputs))
        return predict(self, inputs)

    monkeypatch.setattr(Tagger, "_predict", spy)
    together = fast.extract_many(reports)
    assert together == one_by_one and sum(map(len, together)) > 30
    tagger = fast.tagger
    items = chunks(tagger.tokenizer, [r.text for r in reports], tagger.max_length)
    assert len([c for c in items if c.report == len(reports) - 2]) > 1  # cut to fit
    assert seen == [len({tuple(c.ids) for c in items})] and seen[0] < len(items)
    # the sentences are kept: asked again, one report at a time, the model has nothing to do
    assert [fast.extract(r) for r in reports] == one_by_one
    assert all(n == 0 for n in seen[1:])
    monkeypatch.undo()
    # and without dedupe, all in one call: every chunk runs, same mentions
    assert NeuralExtractor(path=path, dedupe=False).extract_many(reports) == one_by_one


@pytest.mark.models
def test_lower_precisions_are_options_and_keep_the_spans_well_formed(trained, corpus):
    import torch

    path = trained[0].path
    with pytest.raises(InputError, match="precision 'float16'"):
        NeuralExtractor(path=path, precision="float16")
    reports = corpus[0].reports
    for precision in ("bfloat16", "int8"):
        ex = NeuralExtractor(path=path, precision=precision)
        found = ex.extract_many(reports)
        assert sum(map(len, found)) > 10
        for r, ms in zip(reports, found, strict=True):
            assert all(m.text == r.text[m.start : m.end] and m.text.strip() for m in ms)
    model = ex.tagger.model  # int8: the encoder's Linear layers quantized, the head float
    linears = {type(m) for n, m in model.named_modules() if n.endswith("intermediate.dense")}
    assert linears and torch.nn.Linear not in linears
    assert type(model.classifier) is torch.nn.Linear
