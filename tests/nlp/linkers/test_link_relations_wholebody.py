"""Issue #18 §2: sign-vs-diagnosis relations beyond the chest (relations.tsv, whole-body
block): a descriptive word and the diagnosis its report reads it as are one chain at one
place; at another site, side or level they stay apart."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.vocabulary import read_table, vocabulary
from radtrack_gui.util.paths import resource


def test_whole_body_rows_name_known_concepts_and_are_typed() -> None:
    v = vocabulary()
    rows = read_table(resource("vocab", "relations.tsv"))
    for r in rows:
        assert r["concept"] in v.concepts and r["other"] in v.concepts, r
    assert v.relation_kind[("echogenicity", "hepatic steatosis")] == "sign-of"
    assert v.relation_kind[("abnormal uptake", "malignancy")] == "sign-of"
    # every row of the whole-body block takes effect (default sites that can meet)
    block = (
        resource("vocab", "relations.tsv").read_text(encoding="utf-8").split("# ---- whole body")[1]
    )
    for line in block.splitlines()[1:]:
        if line and not line.startswith("#"):
            a, kind, b = line.split("\t")
            assert kind == "synonym" or v.is_related(a, b), line
    # the relation holds for the narrower kinds of both (a rib fracture is a fracture)
    assert v.is_related("hypodensity", "rib fracture")
    # ... but not where the default sites differ (a liver sign is no renal finding)
    assert not v.is_related("echogenicity", "pulmonary edema")


@pytest.mark.parametrize(
    ("exam", "text", "sign", "diagnosis"),
    [
        (
            "US ABDOMEN",
            "FINDINGS: The liver shows diffusely increased echogenicity.\n\nIMPRESSION: Hepatic "
            "steatosis.",
            "increased echogenicity",
            "steatosis",
        ),
        (
            "MRI BRAIN",
            "FINDINGS: Restricted diffusion in the left frontal lobe.\n\nIMPRESSION: Acute left "
            "frontal lobe infarct.",
            "Restricted diffusion",
            "infarct",
        ),
        (
            "BONE SCAN",
            "FINDINGS: Increased uptake in the right femoral neck.\n\nIMPRESSION: Findings "
            "compatible with a right femoral neck fracture.",
            "Increased uptake",
            "fracture",
        ),
        (
            "US PELVIS",
            "FINDINGS: Hypoechoic mass in the uterine fundus measuring 3 cm.\n\nIMPRESSION: "
            "Uterine fibroid.",
            "mass",
            "fibroid",
        ),
    ],
)
def test_a_sign_and_its_diagnosis_in_one_report_are_one(
    exam: str, text: str, sign: str, diagnosis: str
) -> None:
    c = Case((0, f"Exam: {exam}\n\n{text}"))
    assert c.same(c.mark(0, sign), c.mark(0, diagnosis))


def test_a_sign_at_another_side_or_site_stays_apart() -> None:
    # counter-examples: the relation never overrides location (GUIDELINE 1, 3)
    c = Case(
        (
            0,
            "Exam: MRI BRAIN\n\nFINDINGS: Restricted diffusion in the right frontal lobe.\n\n"
            "IMPRESSION: Acute left frontal lobe infarct.",
        )
    )
    assert not c.same(c.mark(0, "Restricted diffusion"), c.mark(0, "infarct"))
    c = Case(
        (
            0,
            "Exam: BONE SCAN\n\nFINDINGS: Increased uptake in the left femoral neck.\n\n"
            "IMPRESSION: Right femoral neck fracture.",
        )
    )
    assert not c.same(c.mark(0, "Increased uptake"), c.mark(0, "fracture"))


def test_signs_listed_with_and_before_a_reading_are_all_read_as_it() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Sigmoid wall thickening and surrounding fat stranding, "
            "consistent with acute diverticulitis.",
        )
    )
    assert c.same(c.mark(0, "wall thickening"), c.mark(0, "diverticulitis"))
    # counter-examples: a finding attached by "with", and a first item that is no sign
    c = Case(
        (0, "FINDINGS: Small left pleural effusion with adjacent opacity, likely atelectasis.")
    )
    assert not c.same(c.mark(0, "pleural effusion"), c.mark(0, "atelectasis"))
    c = Case((0, "FINDINGS: Cardiomegaly and left basilar opacity, likely atelectasis."))
    assert not c.same(c.mark(0, "Cardiomegaly"), c.mark(0, "atelectasis"))
