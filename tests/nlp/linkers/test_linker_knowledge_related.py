"""The knowledge linker with a vocabulary that has related concepts and durable flags:
descriptive vs diagnostic words at one site, durable findings and devices, silent replacement."""

from __future__ import annotations

import pytest
from knowledge_helpers import ANATOMY, build, chains, d, f, run, together

from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

# -- related concepts, durable flags, silent replacement (a vocabulary with those columns) ---
CONCEPTS_RELATED = """concept\ttype\tterms\tanatomy\tbroader\tflags\trelated
opacity\tfinding\topacity|opacities\tlungs\t\t\t
infection\tfinding\tinfection\t\t\t\t
pneumonia\tfinding\tpneumonia\tlungs\tinfection\t\topacity
aspiration\tfinding\taspiration\tlungs\tpneumonia\t\t
lesion\tfinding\tlesion\t\t\t\t
liver lesion\tfinding\thepatic lesion\tliver\tlesion\t\t
renal lesion\tfinding\trenal lesion\tkidneys\tlesion\t\t
cyst\tfinding\tcyst\t\t\t\tlesion
liver cyst\tfinding\thepatic cyst\tliver\tcyst\t\t
hemorrhage\tfinding\themorrhage\t\t\t\t
subdural hematoma\tfinding\tsubdural hematoma\tsubdural space\themorrhage\t\t
cardiomegaly\tfinding\tcardiomegaly\theart\t\tdurable\t
surgical clips\tdevice\tclips\t\t\tdurable\t
endotracheal tube\tdevice\tendotracheal tube|ett\tthorax\t\t\t
"""
ANATOMY_RELATED = ANATOMY + "subdural space\thead\t\nright subdural space\tsubdural space\t\n"


@pytest.fixture(scope="module")
def rvocab(tmp_path_factory: pytest.TempPathFactory) -> Vocabulary:
    folder = tmp_path_factory.mktemp("vocab_related")
    (folder / "anatomy.tsv").write_text(ANATOMY_RELATED, encoding="utf-8")
    (folder / "concepts.tsv").write_text(CONCEPTS_RELATED, encoding="utf-8")
    return vocabulary(str(folder))


def test_descriptive_and_diagnostic_terms_at_one_site_are_one_chain(rvocab):
    # "right lower lobe opacity ... may represent aspiration ... now consistent with pneumonia"
    p = build(
        (
            0,
            [
                f("opacity", "opacity", "right lower lobe", lat="right"),
                f(
                    "aspiration",
                    "aspiration",
                    "right lower lobe",
                    lat="right",
                    assertion="possible",
                ),
                f("opacity", "opacity", "left lower lobe", lat="left"),
            ],
        ),
        (1, [f("pneumonia", "pneumonia", "right lower lobe", lat="right")]),
    )
    out = run(rvocab, p)
    assert chains(out) == {frozenset({"m1", "m2", "m4"}), frozenset({"m3"})}
    assert "related concepts" in out.why["m2"]


def test_related_concepts_still_need_the_same_place(rvocab):
    # location decides: pneumonia without a site is not tied to a sited opacity by relation
    # alone, and a renal lesion is never a hepatic cyst
    assert rvocab.is_related("liver cyst", "liver lesion")
    assert rvocab.is_related("cyst", "renal lesion")
    assert not rvocab.is_related("liver cyst", "renal lesion")
    p = build(
        (0, [f("opacity", "opacity", "right lower lobe", lat="right")]),
        (5, [f("pneumonia", "pneumonia", "lungs")]),
        (
            6,
            [
                f("hepatic cyst", "liver cyst", "liver"),
                f("renal lesion", "renal lesion", "kidneys"),
            ],
        ),
    )
    out = run(rvocab, p)
    assert not together(out, "m1", "m2") and not together(out, "m3", "m4")


def test_durable_findings_and_devices_link_across_months(rvocab):
    p = build(
        (
            0,
            [
                f("cardiomegaly", "cardiomegaly"),
                d("clips", "surgical clips"),
                d("ETT", "endotracheal tube"),
            ],
        ),
        (
            300,
            [
                f("cardiomegaly", "cardiomegaly"),
                d("clips", "surgical clips"),
                d("ETT", "endotracheal tube"),
            ],
        ),
    )
    out = run(rvocab, p)
    assert together(out, "m1", "m4") and together(out, "m2", "m5")
    assert not together(out, "m3", "m6")  # a tube months later is another tube
    assert "durable" in out.why["m4"]


def test_newly_placed_device_long_after_is_a_new_device(rvocab):
    p = build(
        (0, [d("ETT", "endotracheal tube", "thorax")]),
        (2, [d("ETT", "endotracheal tube", "thorax", change="stable")]),
        (40, [d("ETT", "endotracheal tube", "thorax", change="inserted")]),
        (41, [d("ETT", "endotracheal tube", "thorax", change="stable")]),
    )
    out = run(rvocab, p, weights={"new_marker": 0.0})  # the course rule alone decides
    assert chains(out) == {frozenset({"m1", "m2"}), frozenset({"m3", "m4"})}
    assert "new device" in out.why["m3"]


def test_generic_negative_does_not_end_a_specific_finding(rvocab):
    # "no new hemorrhage" beside a known subdural hematoma is not its resolution
    p = build(
        (0, [f("subdural hematoma", "subdural hematoma", "right subdural space", lat="right")]),
        (
            1,
            [
                f(
                    "subdural hematoma",
                    "subdural hematoma",
                    "right subdural space",
                    lat="right",
                    change="stable",
                ),
                f("hemorrhage", "hemorrhage", assertion="absent"),
            ],
        ),
        (
            17,
            [
                f(
                    "subdural hematoma",
                    "subdural hematoma",
                    "right subdural space",
                    lat="right",
                    change="decreased",
                )
            ],
        ),
    )
    out = run(rvocab, p)
    assert together(out, "m1", "m2", "m4") and not together(out, "m1", "m3")
