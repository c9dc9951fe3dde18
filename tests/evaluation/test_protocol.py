"""The published protocol (``radtrack eval``) on small generated corpora."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.evaluation import protocol, synth
from radtrack_gui.evaluation.mentions import patient_clusters
from radtrack_gui.evaluation.metrics import empty_scores, score


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gold") / "synth"
    synth.synthesize(out, 6, 17)
    return out


@pytest.fixture(scope="module")
def string_gold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated reports whose gold chains are exactly "same lower-cased text"."""
    patients = synth.generate(5, 23)
    for p in patients:
        groups: dict[str, list[str]] = {}
        for m in p.mentions.values():
            groups.setdefault(m.text.lower(), []).append(m.id)
        p.set_chains(groups.values(), source="gold")
    out = tmp_path_factory.mktemp("gold") / "strings"
    synth.write_corpus(patients, out)
    return out


def test_exact_linker_scores_one_when_gold_is_string_identity(string_gold: Path) -> None:
    ev = protocol.evaluate(string_gold, ["exact"], end_to_end=False)
    (r,) = ev.results
    assert r.setting == protocol.GOLD_MENTIONS and r.patients == 5
    for metric in ("muc", "bcub", "ceafe", "ceafm", "blanc", "lea"):
        c = r.scores[metric]
        assert (c.precision, c.recall, c.f1) == pytest.approx((1.0, 1.0, 1.0)), metric
    assert r.scores.conll_f1 == pytest.approx(1.0)
    assert r.pairs is not None and r.pairs.f1 == pytest.approx(1.0)
    assert r.pairs.accuracy == pytest.approx(1.0)


def test_protocol_equals_a_direct_metric_call(small: Path) -> None:
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.nlp.linkers.exact import ExactLinker

    ev = protocol.evaluate(small, ["exact"], end_to_end=False)
    (r,) = ev.results
    pooled = empty_scores()
    tp = fp = fn = tn = 0
    for folder in sorted(p for p in small.iterdir() if p.is_dir()):
        gold = read_patient_folder(folder)
        bare = Patient(gold.id, reports=gold.reports)
        bare.mentions = {
            mid: Mention(mid, m.report, m.start, m.end, m.text, m.type)
            for mid, m in gold.mentions.items()
        }
        linking = ExactLinker().link(bare)
        bare.set_chains(linking.clusters)
        pooled = pooled + score(patient_clusters(gold), patient_clusters(bare))
        for (a, b), linked in linking.pairs.items():
            same = gold.mentions[a].chain == gold.mentions[b].chain
            tp += linked and same
            fp += linked and not same
            fn += same and not linked
            tn += not same and not linked
    for metric in ("muc", "bcub", "ceafe", "blanc"):
        assert r.scores[metric].f1 == pytest.approx(pooled[metric].f1)
        assert r.scores[metric].precision == pytest.approx(pooled[metric].precision)
    assert r.scores.conll_f1 == pytest.approx(pooled.conll_f1)
    assert 0.3 < r.scores.conll_f1 < 0.95  # the benchmark is neither trivial nor broken
    assert r.pairs is not None and (r.pairs.tp, r.pairs.fp, r.pairs.fn, r.pairs.tn) == (
        tp,
        fp,
        fn,
        tn,
    )


class OracleExtractor:
    """Returns the gold spans of each report (a real extractor that knows the answers)."""

    name = "oracle"

    def __init__(self, gold: list[Patient]) -> None:
        self.spans = {
            (p.id, r.text): [m for m in p.mentions_of(r.id)] for p in gold for r in p.reports
        }
        self.by_text = {text: ms for (_, text), ms in self.spans.items()}

    def extract(self, report: Report) -> list[Mention]:
        return [
            Mention("", report.id, m.start, m.end, m.text, m.type)
            for m in self.by_text.get(report.text, [])
        ]


class HalfExtractor(OracleExtractor):
    """Only the device mentions, shifted one character left (partial matches)."""

    def extract(self, report: Report) -> list[Mention]:
        return [
            Mention("", report.id, m.start - 1, m.end, report.text[m.start - 1 : m.end], m.type)
            for m in self.by_text.get(report.text, [])
            if m.type == "device"
        ]


def test_end_to_end_with_perfect_mentions_equals_gold_setting(small: Path) -> None:
    gold = protocol.load_gold(small)
    g, e = protocol.evaluate_linker("exact", gold, extractor=OracleExtractor(gold))
    assert (g.setting, e.setting) == (protocol.GOLD_MENTIONS, protocol.END_TO_END)
    assert e.mentions.exact.f1 == pytest.approx(1.0)
    assert e.mentions.partial.f1 == pytest.approx(1.0)
    assert e.scores.conll_f1 == pytest.approx(g.scores.conll_f1)


def test_end_to_end_detection_scores(small: Path) -> None:
    gold = protocol.load_gold(small)
    _, e = protocol.evaluate_linker("exact", gold, extractor=HalfExtractor(gold))
    n_gold = sum(len(p.mentions) for p in gold)
    n_dev = sum(m.type == "device" for p in gold for m in p.mentions.values())
    assert e.mentions.exact.f1 == 0.0
    assert e.mentions.partial.precision == pytest.approx(1.0)
    assert e.mentions.partial.recall == pytest.approx(n_dev / n_gold)
    assert e.scores["muc"].recall < 0.5  # most gold mentions were never predicted


def test_trainable_linker_is_cross_validated(small: Path) -> None:
    gold = protocol.load_gold(small)
    (r,) = protocol.evaluate_linker("pairwise", gold, folds=3, seed=13)
    assert r.cross_validated and r.patients == 6
    assert len(r.thresholds) == 3
    # pooled over the test folds = every gold mention scored exactly once
    assert r.scores["bcub"].recall_den == sum(len(p.mentions) for p in gold)
    assert r.scores.identification.recall == pytest.approx(1.0)
    assert 0.0 < r.scores.conll_f1 <= 1.0


def test_cli_table_csv_json(small: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out_csv, out_json = tmp_path / "t.csv", tmp_path / "t.json"
    rc = main(
        [
            "eval",
            str(small),
            "--linker",
            "exact",
            "--no-end-to-end",
            "--out-csv",
            str(out_csv),
            "--out-json",
            str(out_json),
        ]
    )
    assert rc == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress when stderr is not a terminal
    for word in ("MUC", "B-cubed", "CEAF-e", "BLANC", "CoNLL", "exact", "Pair"):
        assert word in captured.out
    rows = list(csv.DictReader(out_csv.read_text().splitlines()))
    doc = json.loads(out_json.read_text())
    assert len(rows) == 1 and rows[0]["linker"] == "exact"
    assert float(rows[0]["conll_f1"]) == pytest.approx(
        doc["results"][0]["scores"]["conll_f1"], abs=1e-4
    )
    assert doc["patients"] == 6 and doc["results"][0]["setting"] == "gold mentions"
    assert f"{100 * float(rows[0]['conll_f1']):.1f}" in captured.out


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["eval", str(tmp_path / "missing"), "--no-end-to-end"]) == 2
    assert "no such folder" in capsys.readouterr().err
    plain = tmp_path / "plain" / "p1"
    plain.mkdir(parents=True)
    (plain / "r.txt").write_text("Date: 2150-01-01\n\nNo effusion.\n")
    assert main(["eval", str(tmp_path / "plain"), "--no-end-to-end"]) == 2
    err = capsys.readouterr().err
    assert "no annotated patients" in err and err.count("\n") == 1
    with pytest.raises(InputError, match="unknown linker"):
        protocol.evaluate(tmp_path / "plain", ["nope"], end_to_end=False)


def test_a_trainable_linker_without_fit_names_where_it_is_fitted() -> None:
    from radtrack_gui.evaluation.protocol import fit_by_method

    class Unfittable:
        name = "pairmodel"

    with pytest.raises(InputError, match=r"fitted by radtrack_gui\.training"):
        fit_by_method(Unfittable(), [], [])
