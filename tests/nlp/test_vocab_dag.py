"""Round 10 (wb-anatomy2): a structure may lie in two wholes (``anatomy.tsv`` /
``anatomy_radlex.tsv`` column ``also``). ``Vocabulary.ancestor_chain`` is the union of the
first-parent line and the lines of the further parents; the body region stays the first
parent's; siblings, the two sides and two regions stay apart."""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.nlp.vocabulary_tables import read_tables

HAND = (
    "name\tparent\tsynonyms\tbound\tsystem\talso\n"
    "body\t\t\t\t\t\n"
    "bones\tbody\tbone\t\t\t\n"
    "joints\tbones\tjoint\t\t\t\n"
    "lower extremities\tbody\t\t\t\t\n"
    "knees\tlower extremities\tknee\t\t\t\n"
    "left knee\tknees\t\t\t\t\n"
    "right knee\tknees\t\t\t\t\n"
    "shoulders\tbody\tshoulder\t\t\t\n"
    "medial meniscus\tknee joint\t\t\t\t\n"
    "lateral meniscus\tknee joint\t\t\t\t\n"
    "left medial meniscus\tmedial meniscus\t\t\t\t\n"
    "thorax\tbody\t\t\t\t\n"
    "retroperitoneum\tbody\t\t\t\t\n"
    "aorta\tthorax\t\t\t\t\n"
    "abdominal aorta\tretroperitoneum\t\t\t\taorta\n"
)
DERIVED = (
    "name\tparent\tsynonyms\tpaired\trid\talso\n"
    "synovial joint\tjoints\t\t\t\t\n"
    "knee joint\tsynovial joint\tknee joints\tpaired\tRID2751\tknees\n"
    "left knee joint\tknee joint\t\t\t\t\n"
    # a derived row naming a hand structure adds synonyms only, never a parent
    "shoulders\tbody\tshoulder girdle\t\t\tknees\n"
    # a loop through a second parent ends
    "loop a\tbones\t\t\t\tloop b\n"
    "loop b\tloop a\t\t\t\t\n"
)


def _tables(tmp_path: Path):  # type: ignore[no-untyped-def]
    (tmp_path / "anatomy.tsv").write_text(HAND, encoding="utf-8")
    (tmp_path / "anatomy_radlex.tsv").write_text(DERIVED, encoding="utf-8")
    (tmp_path / "concepts.tsv").write_text(
        "concept\ttype\tterms\tanatomy\tbroader\tflags\trelated\n", encoding="utf-8"
    )
    return read_tables(tmp_path)


def test_a_joint_part_lies_in_the_joint_the_joints_and_the_limb(tmp_path: Path) -> None:
    v = _tables(tmp_path)
    assert v.also == {
        "abdominal aorta": ("aorta",),
        "knee joint": ("knees",),
        "loop a": ("loop b",),
    }
    chain = v.ancestor_chain("medial meniscus")
    assert chain[:6] == (
        "medial meniscus",
        "knee joint",
        "synovial joint",
        "joints",
        "bones",
        "body",
    )
    assert {"knees", "lower extremities"} <= set(chain)
    assert v.is_part_of("left medial meniscus", "knees")
    assert v.is_part_of("left knee joint", "bones")
    # the region is the first parent's: the joint stays among the bones
    assert v.region_of("medial meniscus") == v.region_of("knee joint") == "bones"
    assert v.parent_line("knee joint") == (
        "knee joint",
        "synovial joint",
        "joints",
        "bones",
        "body",
    )
    # the hand table's own second parent
    assert v.is_part_of("abdominal aorta", "aorta")
    assert v.region_of("abdominal aorta") == "retroperitoneum"


def test_siblings_sides_and_regions_stay_apart(tmp_path: Path) -> None:
    v = _tables(tmp_path)
    assert not v.anatomy_related("medial meniscus", "lateral meniscus")
    assert not v.anatomy_related("knees", "shoulders")
    assert not v.anatomy_related("left knee joint", "right knee")
    assert not v.anatomy_related("knee joint", "aorta")
    # the limb does not lie in the joint: only the joint gained a parent
    assert not v.is_part_of("knees", "knee joint")
    # a derived row naming a hand structure gives it no second parent
    assert "shoulders" not in v.also
    assert not v.is_part_of("shoulders", "knees")
    # a loop through a second parent ends, each structure once
    assert v.ancestor_chain("loop b") == ("loop b", "loop a", "bones", "body")
    assert v.ancestor_chain("loop a") == ("loop a", "bones", "body", "loop b")


def test_shipped_joints_lie_in_their_limb_region_and_among_the_joints() -> None:
    # fails on the round-9 tables: the joints had one parent (under "synovial joint")
    v = vocabulary()
    for part, limb in (
        ("medial meniscus", "knees"),
        ("anterior cruciate ligament", "knees"),
        ("glenoid labrum", "shoulders"),
        ("knee joint", "knees"),
        ("wrist joint", "wrist"),
        ("ankle joint", "ankle"),
        ("elbow joint", "elbow"),
        ("sacral canal", "spinal canal"),
    ):
        assert v.is_part_of(part, limb), (part, limb)
    assert v.is_part_of("medial meniscus", "joints")
    assert v.region_of("knee joint") == "bones"
    # counter-examples: siblings, the two sides and two limb regions stay apart
    assert not v.anatomy_related("medial meniscus", "lateral meniscus")
    assert not v.anatomy_related("anterior cruciate ligament", "posterior cruciate ligament")
    assert not v.anatomy_related("left knee joint", "right knee")
    assert not v.anatomy_related("knees", "shoulders")
    assert not v.is_part_of("glenoid labrum", "knees")
    # round 11: the aorta is the whole with a thoracic and an abdominal part, two places
    # (a thoracic and an abdominal aneurysm stay two)
    assert not v.anatomy_related("abdominal aorta", "thoracic aorta")


def test_a_sided_structure_lies_in_the_same_side_of_its_paired_wholes(tmp_path: Path) -> None:
    v = _tables(tmp_path)
    chain = v.ancestor_chain("left medial meniscus")
    assert {"left knee joint", "left knee"} <= set(chain)
    # counter-examples: never the other side, and an unsided part gets no side
    assert "right knee" not in chain
    assert not v.is_part_of("medial meniscus", "left knee")
    assert not v.is_part_of("left knee", "right knee")
    shipped = vocabulary()
    assert shipped.is_part_of("left supraspinatus tendon", "left shoulder")
    assert not shipped.is_part_of("left supraspinatus tendon", "right shoulder")
    assert not shipped.is_part_of("supraspinatus tendon", "left shoulder")
    # a lobe keeps its lung; the bilateral bases are no part of one lung
    assert not shipped.is_part_of("lung bases", "left lung")
    assert not shipped.is_part_of("left lower lobe", "right lung")
