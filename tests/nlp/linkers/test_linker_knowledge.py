"""The knowledge linker, one test per GUIDELINE rule, on hand-built mentions.

A small vocabulary written for these tests (tmp folder, see knowledge_helpers.py) keeps them
independent of the growing tables in resources/vocab; one test uses the shipped tables through
the registry. Related concepts and durable flags: test_linker_knowledge_related.py.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from knowledge_helpers import ANATOMY, CONCEPTS, T0, build, chains, d, f, run, together

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.nlp.linkers.features import abbreviation_match, conflict, prepare
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.registry import get_linker
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary


@pytest.fixture(scope="module")
def vocab(tmp_path_factory: pytest.TempPathFactory) -> Vocabulary:
    folder = tmp_path_factory.mktemp("vocab")
    (folder / "anatomy.tsv").write_text(ANATOMY, encoding="utf-8")
    (folder / "concepts.tsv").write_text(CONCEPTS, encoding="utf-8")
    return vocabulary(str(folder))


def test_location_decides(vocab):
    p = build(
        (0, [f("opacity", "opacity", "right lower lobe", lat="right")]),
        (1, [f("opacity", "opacity", "left lower lobe", lat="left")]),
        (3, [f("opacity", "opacity", "right lower lobe", lat="right")]),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m3"}), frozenset({"m2"})}


def test_location_decides_without_sides(vocab):
    p = build(
        (0, [f("lesion", "lesion", "liver")]),
        (5, [f("lesion", "lesion", "kidneys")]),
        (9, [f("lesion", "lesion", "liver", change="stable")]),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m3"}), frozenset({"m2"})}


def test_hierarchy_decides(vocab):
    p = build(
        (0, [f("fracture", "fracture", "frontotemporal region")]),
        (1, [f("skull fracture", "fracture", "skull")]),
        (2, [f("fx", "fracture", "frontotemporal region")]),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m3"}), frozenset({"m2"})}
    assert "sub-part" in out.why["m2"]


def test_laterality_decides(vocab):
    p = build(
        (
            0,
            [
                f("left effusion", "pleural effusion", "left pleura", lat="left"),
                f("right effusion", "pleural effusion", "right pleura", lat="right"),
            ],
        ),
        (2, [f("bilateral effusions", "pleural effusion", "pleura", lat="bilateral")]),
        (
            4,
            [
                f(
                    "left pleural effusion",
                    "pleural effusion",
                    "left pleura",
                    lat="left",
                    change="increased",
                )
            ],
        ),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m4"}), frozenset({"m2"}), frozenset({"m3"})}


def test_generic_statements_per_structure(vocab):
    p = build(
        (0, [f("normal", "normal", "heart"), f("unremarkable", "normal", "appendix")]),
        (10, [f("unremarkable", "normal", "heart")]),
        (11, [f("unremarkable", "normal")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m3")
    assert not together(out, "m2", "m3")
    assert ["m4"] in out.clusters  # a normal statement about nothing named stays alone


def test_recurrence_after_resolution_is_new(vocab):
    p = build(
        (0, [f("pneumothorax", "pneumothorax", "right pleura", lat="right")]),
        (2, [f("ptx", "pneumothorax", "right pleura", lat="right", change="decreased")]),
        (4, [f("pneumothorax", "pneumothorax", assertion="absent", change="resolved")]),
        (200, [f("pneumothorax", "pneumothorax", "right pleura", lat="right")]),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m2", "m3"}), frozenset({"m4"})}
    assert "recurrence" in out.why["m4"]


def test_device_reinsertion_after_removal_is_new(vocab):
    p = build(
        (0, [d("ETT", "endotracheal tube")]),
        (1, [d("endotracheal tube", "endotracheal tube", change="stable")]),
        (2, [d("endotracheal tube", "endotracheal tube", assertion="absent", change="removed")]),
        (9, [d("endotracheal tube", "endotracheal tube")]),
        (10, [d("ett", "endotracheal tube", change="withdrawn")]),
        (11, [d("ett", "endotracheal tube", change="stable")]),
        (12, [d("ett", "endotracheal tube", change="inserted")]),
    )
    out = run(vocab, p)
    # "withdrawn" is a position update by default; "inserted" later is another device
    assert chains(out) == {
        frozenset({"m1", "m2", "m3"}),
        frozenset({"m4", "m5", "m6"}),
        frozenset({"m7"}),
    }
    assert "removed/withdrawn in m3" in out.why["m4"]
    # where "withdrawn" means taken out, the option makes it end the device
    out = run(vocab, p, device_end_changes=("removed", "withdrawn"))
    assert together(out, "m4", "m5") and ["m6"] in out.clusters
    assert "removed/withdrawn in m5" in out.why["m6"]


def test_device_name_variants_one_chain(vocab):
    p = build(
        (0, [d("ETT", "endotracheal tube", "thorax")]),
        (1, [d("endotracheal tube", "endotracheal tube"), d("tube")]),
        (2, [d("ET tube", "endotracheal tube")]),
        (3, [d("NG tube"), d("tip")]),
        (4, [d("nasogastric tube")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m2", "m3", "m4")
    assert together(out, "m5", "m7")  # unknown words: abbreviation on a shared head
    assert not together(out, "m1", "m5")


def test_different_access_sites_differ(vocab):
    p = build(
        (0, [d("right IJ line", "central venous catheter", lat="right")]),
        (
            1,
            [
                d("left subclavian line", "central venous catheter", lat="left"),
                d("right subclavian line", "central venous catheter", lat="right"),
            ],
        ),
        (
            2,
            [
                d(
                    "right internal jugular central line",
                    "central venous catheter",
                    "internal jugular vein",
                    lat="right",
                )
            ],
        ),
    )
    out = run(vocab, p)
    assert chains(out) == {frozenset({"m1", "m4"}), frozenset({"m2"}), frozenset({"m3"})}
    infos = {i.id: i for i in prepare(p, vocab)}
    assert (
        conflict(infos["m1"], infos["m3"]) == "different access 'internal jugular' vs 'subclavian'"
    )
    assert out.why["m3"].startswith("starts c3")


def test_finding_synonyms_and_broader_terms(vocab):
    p = build(
        (0, [f("effusion", "pleural effusion")]),
        (1, [f("pleural fluid", "pleural effusion")]),
        (2, [f("opacity", "opacity", "right lower lobe", lat="right")]),
        (3, [f("pneumonia", "pneumonia", "right lower lobe", lat="right")]),
        (4, [f("atelectasis", "atelectasis", "right lower lobe", lat="right")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m2")
    assert together(out, "m3", "m4")  # descriptive vs diagnostic term
    assert ["m5"] in out.clusters  # a different diagnosis, though "opacity" would allow it
    assert "broader" in out.why["m4"]


def test_negated_mention_continues_or_stays_own(vocab):
    p = build(
        (
            0,
            [
                f("left effusion", "pleural effusion", "left pleura", lat="left"),
                f("pneumothorax", "pneumothorax", assertion="absent"),
            ],
        ),
        (
            3,
            [
                f("effusion", "pleural effusion", assertion="absent", change="resolved"),
                f("pneumothorax", "pneumothorax", assertion="absent"),
            ],
        ),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m3")  # resolution continues the chain
    assert ["m2"] in out.clusters and ["m4"] in out.clusters  # routine negatives
    assert "never seen positive" in out.why["m4"]


def test_cannot_link_through_a_third_mention(vocab):
    p = build(
        (0, [f("liver lesion", "lesion", "liver")]),
        (1, [f("lesion", "lesion")]),
        (2, [f("renal lesion", "lesion", "kidneys")]),
        (3, [f("left effusion", "pleural effusion", "left pleura", lat="left")]),
        (4, [f("effusion", "pleural effusion")]),
        (5, [f("right effusion", "pleural effusion", "right pleura", lat="right")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m2") and not together(out, "m1", "m3")
    assert together(out, "m4", "m5") and not together(out, "m4", "m6")
    for cluster in out.clusters:
        sides = {p.mentions[m].laterality for m in cluster} - {None}
        assert len(sides) <= 1


def test_long_gap_needs_strong_match(vocab):
    p = build(
        (
            0,
            [
                f("left effusion", "pleural effusion", "left pleura", lat="left"),
                f("effusion", "pleural effusion"),
            ],
        ),
        (350, [f("pleural fluid", "pleural effusion")]),
        (700, [f("left effusion", "pleural effusion", "left pleura", lat="left")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m2", "m4")  # same words, same side: two years is fine
    assert ["m3"] in out.clusters  # a synonym with nothing else a year later is not
    assert "700 days after m1" in out.why["m4"]


def test_explanations_and_pairs(vocab):
    p = build(
        (0, [f("left effusion", "pleural effusion", "left pleura", lat="left")]),
        (4, [f("left pleural effusion", "pleural effusion", "left pleura", lat="left")]),
        (
            5,
            [
                f("pneumothorax", "pneumothorax", "right pleura", lat="right"),
                d("ETT", "endotracheal tube"),
            ],
        ),
        (
            6,
            [
                d("endotracheal tube", "endotracheal tube"),
                f("ptx", "pneumothorax", "right pleura", lat="right"),
            ],
        ),
    )
    out = run(vocab, p)
    assert len(out.clusters) == 3
    for cluster in out.clusters:
        for mid in cluster[1:]:
            assert out.why[mid].startswith("joined c")
            assert "score" in out.why[mid]
    assert "same concept 'pleural effusion'" in out.why["m2"]
    assert "left" in out.why["m2"] and "4 days after m1" in out.why["m2"]
    assert out.why["m2"].startswith("joined c1:")
    n = len(p.mentions)
    assert len(out.pairs) == n * (n - 1) // 2
    assert out.pairs[("m1", "m2")] and out.pairs[("m3", "m6")]
    assert not out.pairs[("m1", "m3")]
    # chain numbers in the explanations are those Patient.set_chains gives
    p.set_chains(out.clusters, why=out.why)
    assert p.mentions["m6"].chain == "c2" and "joined c2" in out.why["m6"]


def test_side_of_a_whole_is_not_a_sub_part(vocab):
    p = build(
        (0, [f("pleural effusion", "pleural effusion", "pleura")]),
        (1, [f("left pleural effusion", "pleural effusion", "left pleura", lat="left")]),
        (2, [f("skull fracture", "fracture", "skull")]),
        (3, [f("fracture", "fracture", "frontotemporal region")]),
    )
    out = run(vocab, p)
    assert together(out, "m1", "m2")  # the side-less whole named in the term itself
    assert not together(out, "m3", "m4")  # the whole skull vs one of its regions


def test_bare_gold_mentions_take_attributes_from_the_extractor():
    text = (
        "FINDINGS: Small left pleural effusion. Right pleural effusion is larger.\n"
        "No pneumothorax.\n"
    )
    later = "FINDINGS: The left pleural effusion is unchanged.\n"
    p = Patient(
        id="gold",
        reports=[
            Report("a.txt", text, date=T0, date_known=True, modality="XR", region="chest"),
            Report(
                "b.txt",
                later,
                date=T0 + timedelta(days=2),
                date_known=True,
                modality="XR",
                region="chest",
            ),
        ],
    )
    first = text.index("pleural effusion")
    spans = [
        ("a.txt", text, first),
        ("a.txt", text, text.index("pleural effusion", first + 1)),
        ("a.txt", text, text.index("pneumothorax")),
        ("b.txt", later, later.index("pleural effusion")),
    ]
    for n, (rid, body, start) in enumerate(spans, 1):
        end = start + (len("pneumothorax") if n == 3 else len("pleural effusion"))
        p.mentions[f"m{n}"] = Mention(f"m{n}", rid, start, end, body[start:end])
    infos = {i.id: i for i in prepare(p)}
    assert infos["m1"].lat == "left" and infos["m2"].lat == "right"
    assert infos["m3"].assertion == "absent"
    out = KnowledgeLinker().link(p)
    assert together(out, "m1", "m4") and not together(out, "m1", "m2")
    bare = {i.id: i for i in prepare(p, enrich=False)}
    assert bare["m1"].lat is None  # without enrichment only the words are known


def test_undated_reports_and_large_patients(vocab):
    p = build(
        (0, [f("left effusion", "pleural effusion", "left pleura", lat="left")]),
        (
            1,
            [
                f("left effusion", "pleural effusion", "left pleura", lat="left"),
                f("pneumothorax", "pneumothorax"),
            ],
        ),
    )
    p.reports[1].date = None
    out = run(vocab, p)
    assert together(out, "m1", "m2") and "after m1 (undated)" in out.why["m2"]
    # above the pair limit only linked and scored pairs are listed; the rest are "no"
    out = run(vocab, p, pair_limit=1)
    assert out.pairs == {("m1", "m2"): True}


def test_abbreviation_matching():
    assert abbreviation_match(("ett",), ("endotracheal", "tube"))
    assert abbreviation_match(("ng", "tube"), ("nasogastric", "tube"))
    assert abbreviation_match(("picc",), ("peripherally", "inserted", "central", "catheter"))
    assert not abbreviation_match(("left", "tube"), ("chest", "tube"))
    assert not abbreviation_match(("lesion",), ("liver", "lesion"))


def test_default_concept_region_is_not_a_location(vocab):
    p = build(
        (0, [f("effusion", "pleural effusion", "pleura")]),
        (1, [f("left effusion", "pleural effusion", "left pleura", lat="left")]),
    )
    infos = prepare(p, vocab)
    assert infos[0].site is None and infos[1].site == "left pleura"
    assert together(run(vocab, p), "m1", "m2")


def test_registry_default_with_shipped_tables_links_a_long_patient():
    linker = get_linker("knowledge")
    assert linker.name == "knowledge"
    specs = []
    for i in range(400):
        side = ("left", "right")[i % 2]
        specs.append(
            (
                i * 2,
                [
                    f(f"{side} effusion", "pleural effusion", f"{side} pleura", lat=side),
                    f("pneumothorax", "pneumothorax", assertion="absent"),
                    d("ETT", "endotracheal tube"),
                ],
            )
        )
    p = build(*specs)
    out = linker.link(p)
    lefts = [m for m in p.mentions.values() if m.laterality == "left"]
    assert together(out, *(m.id for m in lefts))
    assert not any(
        set(c) & {m.id for m in lefts} and any(p.mentions[x].laterality == "right" for x in c)
        for c in out.clusters
    )
