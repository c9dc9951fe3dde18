"""The trainable pair linker: fit on gold chains, save/load, and that training helps."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Mention, Patient, Report
from radtrack_gui.nlp.linkers.exact import ExactLinker
from radtrack_gui.nlp.linkers.features import FEATURES
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.linkers.pairwise import PairwiseLinker, default_model_path
from radtrack_gui.nlp.registry import LINKERS, Linking
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

ANATOMY = """name\tparent\tsynonyms
body\t\t
thorax\tbody\t
pleura\tthorax\t
left pleura\tpleura\t
right pleura\tpleura\t
lungs\tthorax\t
left lung\tlungs\t
right lung\tlungs\t
"""
CONCEPTS = """concept\ttype\tterms\tanatomy\tbroader
pleural effusion\tfinding\teffusion|pleural effusion|pleural fluid\tpleura\t
pneumothorax\tfinding\tpneumothorax|ptx\tpleura\t
opacity\tfinding\topacity|opacification|airspace disease\tlungs\t
endotracheal tube\tdevice\tendotracheal tube|ett|et tube\tthorax\t
"""
SITES = {"pleural effusion": "pleura", "pneumothorax": "pleura", "opacity": "lung"}


@pytest.fixture(scope="module")
def vocab(tmp_path_factory: pytest.TempPathFactory) -> Vocabulary:
    folder = tmp_path_factory.mktemp("vocab")
    (folder / "anatomy.tsv").write_text(ANATOMY, encoding="utf-8")
    (folder / "concepts.tsv").write_text(CONCEPTS, encoding="utf-8")
    return vocabulary(str(folder))


def synthetic_patient(rng: random.Random, vocab: Vocabulary, pid: str) -> Patient:
    """Gold chains: entities mentioned over runs of reports, some recurring after long
    silent gaps (a new chain with the same words), with synonyms and sides."""
    p = Patient(id=pid, annotated=True)
    when = datetime(2150, 1, 1)
    days: list[datetime] = []
    for _ in range(14):
        when += timedelta(days=rng.choice([1, 1, 2, 3, 60, 120]))
        days.append(when)
    entities = []
    for e in range(7):
        concept = rng.choice(sorted(vocab.concepts))
        side = rng.choice([None, "left", "right"])
        first = rng.randrange(len(days))
        last = min(len(days) - 1, first + rng.randrange(4))
        entities.append((f"{pid}-e{e}", concept, side, first, last))
    n = 0
    for r, date in enumerate(days):
        rid = f"r{r:02d}.txt"
        text = ""
        for eid, concept, side, first, last in entities:
            if not first <= r <= last or rng.random() < 0.2:
                continue
            c = vocab.concepts[concept]
            term = rng.choice(c.terms)
            words = f"{side} {term}" if side and rng.random() < 0.7 else term
            site = f"{side} {SITES[concept]}" if side and concept in SITES else ""
            n += 1
            mid = f"m{n}"
            p.mentions[mid] = Mention(
                mid,
                rid,
                len(text),
                len(text) + len(words),
                words,
                type=DEVICE if c.type == "device" else FINDING,
                concept=concept,
                anatomy=[site] if site else [],
                laterality=side,
                chain=eid,
            )
            text += words + ". "
        p.reports.append(Report(rid, text or "no mentions.", date=date, date_known=True))
    return p


def pair_f1(patients: list[Patient], linkings: list[Linking]) -> float:
    tp = fp = fn = 0
    for p, out in zip(patients, linkings, strict=True):
        for (a, b), linked in out.pairs.items():
            gold = p.mentions[a].chain == p.mentions[b].chain
            tp += linked and gold
            fp += linked and not gold
            fn += gold and not linked
    return 2 * tp / max(1, 2 * tp + fp + fn)


@pytest.fixture(scope="module")
def corpus(vocab: Vocabulary) -> list[Patient]:
    rng = random.Random(5)
    return [synthetic_patient(rng, vocab, f"p{i}") for i in range(14)]


def test_registered_as_trainable():
    assert LINKERS["pairwise"].trainable and not LINKERS["knowledge"].trainable


def test_untrained_falls_back_to_knowledge_weights(vocab, corpus):
    linker = PairwiseLinker(vocab=vocab)
    assert not linker.trained and default_model_path() is None
    p = corpus[0]
    assert linker.link(p).clusters == KnowledgeLinker(vocab=vocab).link(p).clusters


def test_fit_learns_and_beats_trivial_baselines(vocab, corpus):
    train, valid, test = corpus[:8], corpus[8:10], corpus[10:]
    linker = PairwiseLinker(vocab=vocab).fit(train, validation=valid)
    assert linker.trained
    weights = dict(zip(FEATURES, linker.scorer.weights, strict=True))
    assert weights["same_laterality"] > 0 and weights["gap_log"] < 0
    trained = pair_f1(test, [linker.link(p) for p in test])
    exact = pair_f1(test, [ExactLinker().link(p) for p in test])
    singletons = 0.0  # no links at all: F1 of the linked class is 0
    assert trained > exact + 0.05 and trained > singletons + 0.5
    for p in test:  # hard constraints hold whatever the weights
        for cluster in linker.link(p).clusters:
            assert len({p.mentions[m].laterality for m in cluster} - {None}) <= 1


def test_save_load_round_trip(vocab, corpus, tmp_path):
    linker = PairwiseLinker(vocab=vocab).fit(corpus[:6])
    path = linker.save(tmp_path / "model" / "pairwise.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["features"] == list(FEATURES) and doc["trained"] is True
    assert (path.stat().st_mode & 0o777) == 0o600
    again = PairwiseLinker(path, vocab=vocab)
    assert again.trained and again.scorer == linker.scorer
    assert again.threshold == linker.threshold
    for p in corpus[6:9]:
        assert again.link(p).clusters == linker.link(p).clusters
    # the default location is picked up without a path
    linker.save()
    assert PairwiseLinker(vocab=vocab).trained


def test_bad_model_file_and_bad_training_data(vocab, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "radtrack-pairwise/1", "features": ["x"]}', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.json: not a pairwise linker model"):
        PairwiseLinker(bad, vocab=vocab)
    with pytest.raises(InputError, match="not a pairwise linker model"):
        PairwiseLinker(tmp_path / "missing.json", vocab=vocab)
    lonely = Patient(id="x", reports=[Report("r.txt", "ptx", date=datetime(2150, 1, 1))])
    lonely.mentions["m1"] = Mention("m1", "r.txt", 0, 3, "ptx", chain="c1")
    with pytest.raises(InputError, match="training needs gold chains"):
        PairwiseLinker(vocab=vocab).fit([lonely])


def test_saved_model_is_a_folder_installable_for_every_user(vocab, corpus, tmp_path, monkeypatch):
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.nlp.model_install import install

    linker = PairwiseLinker(vocab=vocab).fit(corpus[:4])
    folder = linker.save(tmp_path / "trained")
    assert sorted(p.name for p in folder.iterdir()) == ["pairwise.json", "radtrack_card.json"]
    assert all((p.stat().st_mode & 0o777) == 0o600 for p in folder.iterdir())
    system = tmp_path / "system-models"
    installed = install(folder, system, system=True)
    assert installed.name == "pairwise" and installed.card["format"] == "radtrack-pairwise/1"
    monkeypatch.setenv("RADTRACK_SYSTEM_MODELS", str(system))
    shared = PairwiseLinker(vocab=vocab)  # found in the folder shared by every user
    assert shared.trained and shared.scorer == linker.scorer
    # the user's own model comes first
    mine = PairwiseLinker(vocab=vocab).fit(corpus[4:8])
    mine.save()
    assert PairwiseLinker(vocab=vocab).scorer == mine.scorer
    # an edited weights file no longer matches its card: refused
    (folder / "pairwise.json").write_text("{}", encoding="utf-8")
    with pytest.raises(InputError, match="SHA-256"):
        install(folder, tmp_path / "other")
