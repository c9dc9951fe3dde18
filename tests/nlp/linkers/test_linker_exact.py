"""The published baseline: lower-cased string identity, transitive closure, all pairs."""

from __future__ import annotations

from datetime import datetime, timedelta

from radtrack_gui.core.model import DEVICE, Mention, Patient, Report
from radtrack_gui.nlp.linkers.exact import ExactLinker
from radtrack_gui.nlp.registry import get_linker


def build(*reports: list[tuple[str, dict]]) -> Patient:
    p = Patient(id="p")
    n = 0
    for r, specs in enumerate(reports):
        rid = f"r{r + 1}.txt"
        text = ""
        for words, fields in specs:
            n += 1
            p.mentions[f"m{n}"] = Mention(
                f"m{n}", rid, len(text), len(text) + len(words), words, **fields
            )
            text += words + ". "
        p.reports.append(Report(rid, text, date=datetime(2150, 1, 1) + timedelta(days=r)))
    return p


def test_exact_links_lower_cased_identical_strings_only():
    p = build(
        [("Left effusion", {"laterality": "left"}), ("effusion", {"laterality": "left"})],
        [
            ("effusion", {"laterality": "right"}),
            ("LEFT EFFUSION", {}),
            ("effusion ", {}),
            ("ETT", {"type": DEVICE}),
        ],
        [("ett", {}), ("pleural effusion", {})],
    )
    out = ExactLinker().link(p)
    assert sorted(sorted(c) for c in out.clusters) == [
        ["m1", "m4"],
        ["m2", "m3"],
        ["m5"],
        ["m6", "m7"],
        ["m8"],
    ]
    # identical strings on different sides DO link under the baseline
    assert out.pairs[("m2", "m3")]
    # no type check either: a device and a finding with one string link
    assert p.mentions["m6"].type != p.mentions["m7"].type and out.pairs[("m6", "m7")]
    # no whitespace normalisation
    assert not out.pairs[("m3", "m5")]
    assert out.why["m4"] == "same lower-cased text as m1 ('left effusion')"
    assert "m1" not in out.why and "m5" not in out.why


def test_exact_pairs_cover_every_pair_in_mention_order():
    p = build([("a", {}), ("b", {}), ("A", {})], [("b", {}), ("c", {})])
    out = ExactLinker().link(p)
    ids = ["m1", "m2", "m3", "m4", "m5"]
    expected = {(ids[i], ids[j]) for i in range(5) for j in range(i + 1, 5)}
    assert set(out.pairs) == expected
    assert [k for k, v in out.pairs.items() if v] == [("m1", "m3"), ("m2", "m4")]


def test_exact_transitive_closure_across_reports_and_registry():
    p = build([("tube", {})], [("Tube", {})], [("TUBE", {})])
    out = get_linker("exact").link(p)
    assert out.clusters == [["m1", "m2", "m3"]]
    assert out.why["m3"] == "same lower-cased text as m2 ('tube')"
    p.set_chains(out.clusters, why=out.why)
    assert p.check() == [] and len(p.chains) == 1


def test_exact_over_the_pair_limit_lists_linked_pairs():
    p = build([("x", {}), ("y", {}), ("x", {}), ("z", {})])
    out = ExactLinker(pair_limit=3).link(p)
    assert out.pairs == {("m1", "m3"): True}


def test_every_linker_handles_a_patient_without_mentions():
    for name in ("exact", "knowledge", "pairwise"):
        out = get_linker(name).link(Patient(id="empty", reports=[Report("r.txt", "")]))
        assert out.clusters == [] and out.pairs == {} and out.why == {}
