"""The transformer pair-model linker: inputs, training, safetensors round trip, closures, CLI.

The models are trained here: a tiny randomly initialised BERT (2 layers, width 32, the MiniLM
tokenizer) saved to a temporary folder is the base, fine-tuned for one epoch on a few dozen
pairs of generated patients, so every test runs offline in seconds.
"""

from __future__ import annotations

import json
import stat
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import FINDING, Mention, Patient, Report
from radtrack_gui.nlp.linkers.clustering import blocked_pairs
from radtrack_gui.nlp.linkers.features import prepare
from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker
from radtrack_gui.nlp.linkers.pairmodel_folder import CARD_FILE
from radtrack_gui.nlp.linkers.pairmodel_input import Segments
from radtrack_gui.nlp.registry import LINKERS, get_linker
from radtrack_gui.nlp.vocabulary import vocabulary

DEMO = (
    Path(__file__).resolve().parents[3] / "radtrack_gui" / "resources" / "samples" / "demo_patient"
)
T0 = datetime(2150, 3, 4, 8, 0)


def _patient(*reports: tuple[int, str, list[tuple[str, str | None]]]) -> Patient:
    """(days, text, [(mention words, chain)]); each mention is the first match in the text."""
    p = Patient(id="p")
    n = 0
    for r, (days, text, specs) in enumerate(reports):
        rid = f"r{r}.txt"
        for words, chain in specs:
            n += 1
            start = text.index(words)
            p.mentions[f"m{n}"] = Mention(
                f"m{n}", rid, start, start + len(words), words, type=FINDING, chain=chain
            )
        p.reports.append(Report(rid, text, date=T0 + timedelta(days=days), date_known=True))
    return p


def test_segment_reads_anatomy_and_modifiers_within_five_words_of_its_sentence():
    text = (
        "Small left pleural effusion is again noted. The heart is enlarged. "
        "There is a nodule in the right upper lobe far from anything else said here."
    )
    p = _patient((0, text, [("pleural effusion", None), ("nodule", None)]))
    v = vocabulary()
    infos = prepare(p, v, enrich=False)
    seg = Segments(p, v)
    effusion, nodule = (seg.segment(m) for m in infos)
    assert effusion.startswith("pleural effusion")
    assert "small" in effusion and "left" in effusion
    assert "heart" not in effusion  # the next sentence is outside its window
    assert "right upper lobe" in nodule
    assert "pleural" not in nodule.split(",", 1)[1]  # another sentence


def test_blocking_pairs_only_mentions_sharing_a_key():
    p = _patient(
        (0, "Left effusion. Pneumothorax.", [("effusion", "a"), ("Pneumothorax", "b")]),
        (1, "Effusion persists.", [("Effusion", "a")]),
    )
    infos = prepare(p, vocabulary(), enrich=False)
    pairs = {(a.id, b.id) for a, b in blocked_pairs(infos)}
    assert pairs == {("m1", "m3")}


def test_registered_trainable_and_missing_model_says_what_to_run(tmp_path, monkeypatch):
    assert LINKERS["pairmodel"].trainable
    monkeypatch.setenv("RADTRACK_MODELS", str(tmp_path))
    linker = get_linker("pairmodel")
    with pytest.raises(InputError) as info:
        linker.link(_patient((0, "Effusion.", [("Effusion", None)])))
    msg = str(info.value)
    assert "radtrack train GOLD --linker pairmodel --out DIR" in msg
    assert str(tmp_path) in msg and "\n" not in msg
    with pytest.raises(InputError, match="no trained model"):
        PairModelLinker(path=tmp_path)


# -- with torch: a tiny model trained here ---------------------------------------------------
@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    from radtrack_gui.nlp.linkers.embedding import find_model

    try:
        minilm = find_model()
    except InputError as exc:
        pytest.skip(str(exc))
    folder = tmp_path_factory.mktemp("tiny-bert")
    tokenizer = transformers.AutoTokenizer.from_pretrained(str(minilm), local_files_only=True)
    config = transformers.BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=128,
    )
    torch.manual_seed(0)
    transformers.BertModel(config).save_pretrained(str(folder))
    tokenizer.save_pretrained(str(folder))
    return folder


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from radtrack_gui.evaluation.synth import synthesize

    root = tmp_path_factory.mktemp("pm-corpus")
    synthesize(root, 5, seed=3)
    return root


@pytest.fixture(scope="module")
def trained(tiny_base: Path, corpus: Path, tmp_path_factory: pytest.TempPathFactory):
    from radtrack_gui.training import collect, train_linker

    out = tmp_path_factory.mktemp("models") / "pm"
    result = train_linker(
        collect([corpus]),
        out,
        validation=0.2,
        seed=5,
        linker="pairmodel",
        base_model=tiny_base,
        epochs=1,
        max_pairs=96,
    )
    return result


@pytest.mark.models
def test_saved_as_safetensors_with_card_and_private_files(trained, tiny_base):
    folder = trained.path
    names = {f.name for f in folder.iterdir()}
    assert "model.safetensors" in names and "config.json" in names
    assert not any(n.endswith((".bin", ".pt", ".pkl", ".pth")) for n in names)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in folder.iterdir())
    card = json.loads((folder / CARD_FILE).read_text())
    assert card["base_model"]["path"] == str(tiny_base)
    t = card["training"]
    assert (t["epochs"], t["seed"], t["learning_rate"]) == (1, 5, 2e-5)
    assert t["patients"] == 4 and t["positive_pairs"] + t["negative_pairs"] == 96
    assert t["pairs_before_cap"] > 96  # the cap took 96 of them
    assert card["validation"]["patients"] == 1
    assert card["validation"]["pair_scores"]["pairs"] > 0
    assert card["threshold"] == trained.threshold
    datetime.fromisoformat(card["created"])


@pytest.mark.models
def test_save_load_round_trip_scores_the_same(tiny_base, corpus, tmp_path):
    from radtrack_gui.evaluation.protocol import load_gold
    from radtrack_gui.nlp.linkers.pairmodel_folder import PairScorer, load
    from radtrack_gui.training.pairmodel import fit_pairmodel, save

    gold = load_gold(corpus)
    fitted = fit_pairmodel(gold[:1], base_model=tiny_base, epochs=1, max_pairs=32, seed=2)
    folder = save(fitted, tmp_path / "pm")
    tokenizer, model, card = load(folder)
    assert card == fitted.card
    pairs = [
        ("left pleural effusion, left", "effusion, pleura, decreased"),
        ("endotracheal tube", "ett, removed"),
    ]
    before = PairScorer(fitted.tokenizer, fitted.model)(pairs)
    after = PairScorer(tokenizer, model)(pairs)
    assert after == pytest.approx(before, abs=1e-6)


@pytest.mark.models
def test_links_a_generated_patient_with_reasons(trained, corpus):
    from radtrack_gui.evaluation.protocol import load_gold, without_chains

    patient = without_chains(load_gold(corpus)[0])
    first = PairModelLinker(path=trained.path).link(patient)
    again = PairModelLinker(path=trained.path).link(patient)
    assert first.clusters == again.clusters and first.why == again.why
    assert len(first.clusters) < len(patient.mentions)  # it links something
    assert any(w.startswith("joined c") and "pair model" in w for w in first.why.values())


@pytest.mark.models
def test_refuses_folders_without_safetensors(trained, tmp_path):
    import shutil

    folder = tmp_path / "pickled"
    shutil.copytree(trained.path, folder)
    (folder / "model.safetensors").rename(folder / "pytorch_model.bin")
    with pytest.raises(InputError, match=r"no model\.safetensors"):
        PairModelLinker(path=folder).link(_patient((0, "Effusion.", [("Effusion", None)])))


@pytest.mark.models
def test_transitive_closure_chains_incompatibles_through_a_third(trained):
    # threshold 0: the model links every blocked pair; only the closure differs
    p = _patient(
        (0, "Left pleural effusion.", [("Left pleural effusion", "a")]),
        (1, "Pleural effusion.", [("Pleural effusion", "a")]),
        (2, "Right pleural effusion.", [("Right pleural effusion", "b")]),
    )
    paper = PairModelLinker(path=trained.path, threshold=0.0, closure="transitive").link(p)
    ours = PairModelLinker(path=trained.path, threshold=0.0).link(p)
    assert sorted(map(sorted, paper.clusters)) == [["m1", "m2", "m3"]]
    assert sorted(map(sorted, ours.clusters)) == [["m1", "m2"], ["m3"]]
    assert "left" in ours.why["m3"] and "right" in ours.why["m3"]


@pytest.mark.models
def test_cli_train_then_process_the_demo(tiny_base, corpus, tmp_path, monkeypatch, capsys):
    from radtrack_gui.cli import main

    out = tmp_path / "my-pairmodel"
    assert (
        main(
            [
                "train",
                str(corpus),
                "--linker",
                "pairmodel",
                "--out",
                str(out),
                "--base",
                str(tiny_base),
                "--epochs",
                "1",
                "--max-pairs",
                "64",
            ]
        )
        == 0
    )
    assert "pairmodel trained on" in capsys.readouterr().err
    monkeypatch.setenv("RADTRACK_MODELS", str(out))  # the --out folder itself
    result = tmp_path / "demo.json"
    assert main(["process", str(DEMO), "--linker", "pairmodel", "--json", str(result)]) == 0
    doc = json.loads(result.read_text())
    chains = doc["chains"] if isinstance(doc["chains"], list) else list(doc["chains"].values())
    assert chains and any(len(c["mentions"]) > 1 for c in chains)


@pytest.mark.models
def test_cross_validation_trains_a_pair_model_per_fold(tiny_base, corpus, monkeypatch):
    from radtrack_gui.evaluation import protocol
    from radtrack_gui.training import fit_linker

    made: list[PairModelLinker] = []

    def make(name: str) -> PairModelLinker:  # the registry's linker with a tiny base
        made.append(PairModelLinker(base=tiny_base, epochs=1, max_pairs=48))
        return made[-1]

    monkeypatch.setattr(protocol, "_make_linker", make)
    gold = protocol.load_gold(corpus)
    [result] = protocol.evaluate_linker("pairmodel", gold, folds=3, fit=fit_linker)
    assert result.cross_validated and len(made) == 3 and len(result.thresholds) == 3
    assert result.patients == 5 and result.pairs is not None
    assert sorted(m.card["training"]["patients"] for m in made) == [1, 2, 2]


@pytest.mark.models
def test_pairs_a_constraint_rules_out_are_never_scored_and_scores_are_kept(trained):
    p = _patient(
        (0, "Left pleural effusion.", [("Left pleural effusion", "a")]),
        (1, "Right pleural effusion.", [("Right pleural effusion", "b")]),
        (2, "Left pleural effusion again.", [("Left pleural effusion", "a")]),
    )
    ours = PairModelLinker(path=trained.path)
    ours.link(p)
    assert ours.scorer is not None and ours.scorer.scored == 1  # left-left only
    ours.link(p)
    assert ours.scorer.scored == 1  # the same inputs again: from the cache
    paper = PairModelLinker(path=trained.path, closure="transitive")
    paper.link(p)
    assert paper.scorer is not None and paper.scorer.scored == 3  # every blocked pair


@pytest.mark.models
def test_int8_quantized_model_links_with_quantized_linear_layers(trained, corpus):
    import torch

    from radtrack_gui.evaluation.protocol import load_gold, without_chains

    patient = without_chains(load_gold(corpus)[0])
    int8 = PairModelLinker(path=trained.path, quantize=True)
    result = int8.link(patient)
    assert int8.scorer is not None
    modules = list(int8.scorer.model.modules())
    assert not any(type(m) is torch.nn.Linear for m in modules)
    assert sorted(m for c in result.clusters for m in c) == sorted(patient.mentions)
    assert int8.scorer.scored > 0
