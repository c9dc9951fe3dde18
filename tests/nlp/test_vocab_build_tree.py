"""One anatomy tree (scripts/build_vocab_tree.py): the build finds structures the hand table
and RadLex hold twice and files the RadLex one under the hand one, so a joint's parts lie
under one node; sibling structures and the two sides stay apart."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from radtrack_gui.nlp.vocabulary import vocabulary

ROOT = Path(__file__).resolve().parents[2]


def _tree():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(
        "build_vocab_tree", ROOT / "scripts/build_vocab_tree.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["build_vocab_tree"] = mod  # its dataclass looks its module up
    spec.loader.exec_module(mod)
    return mod


def test_normalise_joins_plural_and_place_words() -> None:
    t = _tree()
    assert t.normalise("knees") == t.normalise("knee joint") == "knee"
    assert t.normalise("Wrist Joints") == "wrist"
    assert t.normalise("joint") == "joint"  # a bare place word stays
    assert t.normalise("kidneys") != t.normalise("knee")


def test_duplicates_finds_two_branches_and_a_part_outside_its_whole() -> None:
    t = _tree()
    parent = {
        "knees": "lower extremities",
        "lower extremities": "body",
        "knee joint": "synovial joint",
        "synovial joint": "joints",
        "joints": "body",
        "left knee": "knees",
        "left knee joint": "knee joint",
        "aorta": "thorax",
        "thorax": "body",
        "abdominal aorta": "retroperitoneum",
        "retroperitoneum": "body",
        "medial meniscus": "knee joint",
        "lateral meniscus": "knee joint",
    }
    terms = {"knees": ["knee"], "knee joint": ["knee joints"], "aorta": ["aortic"]}
    found = t.duplicates(parent, terms, hand={"knees", "aorta", "abdominal aorta"})
    lines = {(d.kind, d.a, d.b) for d in found}
    assert ("same", "knee joint", "knees") in lines
    assert ("part", "abdominal aorta", "aorta") in lines
    # counter-examples: the sides, a structure and its own part, and two siblings are no
    # duplicates
    named = {x for d in found for x in (d.a, d.b)}
    assert "left knee" not in named and "left knee joint" not in named
    assert not any({d.a, d.b} == {"medial meniscus", "lateral meniscus"} for d in found)
    parent["abdominal aorta"] = "aorta"
    assert not any(d.kind == "part" for d in t.duplicates(parent, terms, {"aorta"}))


def test_merge_files_the_derived_node_under_the_hand_one_and_never_a_hand_row() -> None:
    t = _tree()
    hand_parent = {
        "cervical spine": "spine",
        "spine": "body",
        "knees": "lower extremities",
        "lower extremities": "body",
        "joints": "bones",
        "bones": "body",
    }
    rows = {
        "cervical vertebral body": ["cervical vertebral body", "spine", "", "", "RID7744"],
        "ankle": ["ankle", "lower extremities", "", "", ""],
        "ankle joint": ["ankle joint", "lower extremities", "", "", ""],
        "knee joint": ["knee joint", "synovial joint", "knee joints", "paired", "RID2751"],
        "synovial joint": ["synovial joint", "joints", "", "", ""],
    }
    parent = {**hand_parent, **{k: r[1] for k, r in rows.items()}}
    terms = {"knees": ["knee"], "cervical spine": ["cervical vertebral body"]}
    found = t.duplicates(parent, terms, set(hand_parent))
    joined = t.merge(rows, hand_parent, found)
    assert rows["cervical vertebral body"][1] == "cervical spine"
    assert rows["ankle joint"][1] == "ankle"  # two derived: the joint under the region
    assert len(joined) == 2
    # counter-example: a move that changes the body region (the knee joint lies among the
    # joints, under "bones") is not made, one parent cannot keep both ancestries
    assert rows["knee joint"][1] == "synovial joint"
    # counter-example: two hand rows are reported, not rewritten
    both = [t.Duplicate("same", "knees", "knee joint", "knee", (True, True))]
    assert t.merge(rows, hand_parent, both) == []


def test_shipped_tree_files_a_vertebral_body_in_its_spine_segment() -> None:
    v = vocabulary()
    assert v.is_part_of("cervical vertebral body", "cervical spine")
    assert v.is_part_of("lumbar vertebral body", "lumbar spine")
    assert v.is_part_of("thoracic vertebral body", "thoracic spine")
    # counter-examples: siblings stay apart; the knee's joint keeps its joints ancestry
    assert not v.anatomy_related("cervical vertebral body", "lumbar spine")
    assert not v.anatomy_related("cervical spine", "thoracic vertebral body")
    assert v.is_part_of("medial meniscus", "joints")
    assert not v.anatomy_related("medial meniscus", "lateral meniscus")


def test_merge_gives_a_second_parent_where_one_cannot_keep_both_ancestries() -> None:
    # round 10: the knee joint keeps its parent (its region: bones) and gains the knee
    t = _tree()
    hand_parent = {
        "knees": "lower extremities",
        "lower extremities": "body",
        "joints": "bones",
        "bones": "body",
        "spinal canal": "spine",
        "spine": "body",
        "sacrum": "spine",
    }
    rows = {
        "knee joint": ["knee joint", "synovial joint", "knee joints", "paired", "RID2751"],
        "synovial joint": ["synovial joint", "joints", "", "", ""],
        "sacral canal": ["sacral canal", "sacrum", "", "", ""],
        "pisiform": ["pisiform", "carpal bones", "", "", ""],
        "pisotriquetral joint": [
            "pisotriquetral joint",
            "synovial joint",
            "pisiform joint",
            "",
            "",
        ],
    }
    parent = {**hand_parent, **{k: r[1] for k, r in rows.items()}}
    terms = {
        "knees": ["knee"],
        "spinal canal": ["canal"],
        "pisotriquetral joint": ["pisiform joint"],
    }
    found = t.duplicates(parent, terms, set(hand_parent))
    kinds = {(d.kind, d.a, d.b) for d in found}
    assert ("same", "knee joint", "knees") in kinds
    assert ("part", "sacral canal", "spinal canal") in kinds
    also: dict[str, list[str]] = {}
    joined = t.merge(rows, hand_parent, found, also)
    assert rows["knee joint"][1] == "synovial joint"  # the first parent keeps the region
    assert also == {"knee joint": ["knees"], "sacral canal": ["spinal canal"]}
    assert len(joined) == 2
    # with the second parents, the check finds them no more
    left = t.duplicates(parent, terms, set(hand_parent), also)
    assert not any("knees" in (d.a, d.b) or d.a == "sacral canal" for d in left)
    # counter-example: a joint named after one of its bones is no part of it (NOT_JOINED)
    assert any({d.a, d.b} == {"pisiform", "pisotriquetral joint"} for d in left)
    assert "pisotriquetral joint" not in also and "pisiform" not in also
    # counter-example: two hand rows are never given a parent by the build
    both = [t.Duplicate("part", "abdominal aorta", "aorta", "aorta", (True, True))]
    assert t.merge(rows, hand_parent, both, also) == []


def test_ancestors_union_follows_second_parents_once() -> None:
    t = _tree()
    parent = {"a": "b", "b": "body", "c": "body", "d": "c"}
    assert t.ancestors(parent, "a", {"a": ["d"]}) == ["b", "body", "d", "c"]
    assert t.ancestors(parent, "a", {"a": ["d"], "d": ["a"]}) == ["b", "body", "d", "c"]
    assert t.ancestors(parent, "a") == ["b", "body"]


@pytest.mark.skipif(
    not (ROOT.parent / "shared" / "terminology" / "radlex").is_dir(),
    reason="../shared/terminology is not here",
)
def test_shipped_build_leaves_only_the_listed_non_duplicates() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location("build_vocab", ROOT / "scripts/build_vocab.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["build_vocab"] = mod
    spec.loader.exec_module(mod)
    report: list[list[object]] = []
    mod.build(ROOT.parent / "shared" / "terminology", ROOT / "radtrack_gui/resources/vocab", report)
    before, after = report
    assert len(before) > len(after)
    left = {frozenset((d.a, d.b)) for d in after}  # type: ignore[attr-defined]
    assert left == {
        frozenset(("pisiform", "pisotriquetral joint")),
        frozenset(("ascending lumbar vein", "lumbar vein")),
    }  # round 11: the abdominal aorta lies in the aorta (hand column ``also``), no longer listed
