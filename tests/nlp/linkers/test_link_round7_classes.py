"""Issue #18 §2, round 7 (wb-signs5): sign-of relations derived in bulk from the RadLex is-a
tree (``scripts/build_vocab_relations.py`` -> ``relations_radlex.tsv``). A generic observation
of ``observation_classes.tsv`` is a sign of every diagnosis RadLex files under a class it may be
read as; the rows are data, read after the hand ``relations.tsv``. The derivation is tested on
a small tree written here; the linker on sentences written for these tests, each with a
counter-example that must stay apart."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from linker_cases import Case

from radtrack_gui.nlp.vocabulary import DERIVED_RELATIONS, vocabulary
from radtrack_gui.util.paths import resource

ROOT = Path(__file__).resolve().parents[3]


def _module() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    path = ROOT / "scripts" / "build_vocab_relations.py"
    spec = importlib.util.spec_from_file_location("build_vocab_relations", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@dataclass
class Tree:
    """A RadLex-like is-a tree: rid -> (name, parent)."""

    rows: dict[str, tuple[str, str]]
    synonyms: dict[str, list[str]] = field(default_factory=dict)

    @property
    def name(self) -> dict[str, str]:
        return {rid: n for rid, (n, _) in self.rows.items()}

    @property
    def rid_of(self) -> dict[str, str]:
        return {n: rid for rid, (n, _) in self.rows.items()}

    def ancestors(self, rid: str) -> list[str]:
        out, up = [], self.rows[rid][1]
        while up in self.rows:
            out.append(up)
            up = self.rows[up][1]
        return out


TREE = Tree(
    {
        "R0": ("clinical finding", ""),
        "R1": ("infectious or inflammatory disease", "R0"),
        "R2": ("inflammation", "R1"),
        "R3": ("diverticulitis", "R2"),
        "R4": ("synovitis", "R2"),
        "R5": ("bursitis", "R4"),
        "R6": ("proliferation", "R0"),
        "R7": ("adenoma", "R6"),
        "R8": ("degeneration", "R0"),
        "R9": ("osteophyte", "R8"),
        "R10": ("disc height loss", "R8"),
        "R11": ("osteoarthritis", "R2"),
    }
)
CLASSES = [("thickening", "infectious or inflammatory disease"), ("echogenicity", "proliferation")]


def _build(concepts, hand_pairs=frozenset(), hand_signs=()):  # type: ignore[no-untyped-def]
    rows = _module().build_relations(TREE, concepts, CLASSES, set(hand_pairs), hand_signs)
    return {(a, b) for a, kind, b, _ in rows if kind == "sign-of"}


def test_an_observation_is_a_sign_of_every_diagnosis_under_its_class() -> None:
    concepts = [
        ("thickening", "", ["thickened"], "", "hand"),
        ("echogenicity", "", ["hyperechoic"], "", "hand"),
        ("diverticulitis", "", [], "", "hand"),  # a hand concept RadLex names
        ("synovitis", "", [], "R4", "derived"),
        ("adenoma", "", [], "R7", "derived"),
    ]
    rows = _build(concepts)
    assert ("thickening", "diverticulitis") in rows and ("thickening", "synovitis") in rows
    assert ("echogenicity", "adenoma") in rows
    # counter-examples: another class's diagnosis, and the observations themselves
    assert ("thickening", "adenoma") not in rows and ("echogenicity", "diverticulitis") not in rows
    assert not {b for _, b in rows} & {"thickening", "echogenicity"}


def test_a_kind_below_a_related_concept_is_left_to_its_line() -> None:
    # bursitis is a kind of synovitis (its broader line): the linker reads the relation along it
    concepts = [
        ("thickening", "", [], "", "hand"),
        ("synovitis", "", [], "R4", "derived"),
        ("bursitis", "synovitis", [], "R5", "derived"),
    ]
    assert _build(concepts) == {("thickening", "synovitis")}


def test_a_hand_concept_radlex_does_not_name_takes_the_class_most_of_its_terms_share() -> None:
    # "degenerative changes": two degeneration terms outvote "osteoarthritis" (RadLex files it
    # under inflammation), so wall thickening is no sign of it; a tie gives no class
    wide = [("thickening", "", [], "", "hand")]
    degenerative = (
        "degenerative changes",
        "",
        ["osteophyte", "disc height loss", "osteoarthritis"],
    )
    assert ("thickening", "degenerative changes") not in _build(
        [*wide, (*degenerative, "", "hand")]
    )
    tie = ("joint disease", "", ["osteophyte", "osteoarthritis"], "", "hand")
    assert ("thickening", "joint disease") not in _build([*wide, tie])
    inflamed = ("arthritis", "", ["osteoarthritis", "diverticulitis"], "", "hand")
    assert ("thickening", "arthritis") in _build([*wide, inflamed])


def test_hand_relations_and_hand_signs_win() -> None:
    concepts = [
        ("thickening", "", [], "", "hand"),
        ("diverticulitis", "", [], "", "hand"),
        ("bowel wall thickening", "", ["diverticulitis"], "", "hand"),
    ]
    # a pair relations.tsv relates is not repeated; a hand sign stays a sign (never a diagnosis)
    assert _build(concepts, {frozenset(("thickening", "diverticulitis"))}) == {
        ("thickening", "bowel wall thickening")
    }
    assert _build(concepts, hand_signs={"bowel wall thickening"}) == {
        ("thickening", "diverticulitis")
    }


def test_the_shipped_rows_are_read_apart_from_the_hand_relations() -> None:
    v = vocabulary()
    assert resource("vocab", DERIVED_RELATIONS).exists()
    assert "diverticulitis" in v.class_related["infection"]
    # kept apart: no bulk row makes a diagnosis of the hand tables' signs and diagnoses
    assert "diverticulitis" not in v.related.get("infection", set())
    assert ("infection", "diverticulitis") not in v.relation_kind
    # a pair the hand table relates keeps its hand kind and is no bulk pair
    assert v.relation_kind[("opacity", "aspiration")] == "sign-of"
    assert "aspiration" not in v.class_related.get("opacity", set())


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def test_an_inflammatory_process_glossed_by_its_diagnosis_is_one_finding() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nWall thickening of the sigmoid colon with stranding of the fat. The "
        "findings are suggestive of an active inflammatory process (uncomplicated "
        "diverticulitis).",
    )
    assert c.same(c.mark(0, "inflammatory process"), c.mark(0, "diverticulitis"))


def test_an_inflammatory_process_elsewhere_is_not_the_diverticulitis() -> None:
    # counter-example: the inflammation named at another organ is another finding
    c = _case(
        "CT ABDOMEN",
        "Findings:\nInflammatory process of the gallbladder wall.\n\n"
        "Conclusion:\nSigmoid diverticulitis.",
    )
    assert not c.same(c.mark(0, "Inflammatory process"), c.mark(0, "diverticulitis"))
