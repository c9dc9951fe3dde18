"""One anatomy tree (scripts/build_vocab_tree.py): the build finds structures the hand table
and RadLex hold twice and files the RadLex one under the hand one, so a joint's parts lie
under one node; sibling structures and the two sides stay apart."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

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
