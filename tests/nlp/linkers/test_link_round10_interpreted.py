"""Round 10 (wb-signs): a sign of the findings and the diagnosis the conclusion names for it,
joined by class and place, not by a word pair (``linkers/interpreted.py``; measured over every
whole-body dev pair file at once, docs/linking-wholebody.md, "Round 10: signs and their
diagnoses").

Every join below is kept apart without interpreted.py ("different concepts"); each has a
counter-example of the same kind that stays apart: another organ, another diagnosis the
sign's own sentence names, another side, a lesion against a diffuse disease, a symptom.
Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.features import conflict
from radtrack_gui.nlp.linkers.interpreted import (
    INTERPRETED,
    another_diagnosis_there,
    combining_organ,
    interpreted,
)
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary


def _case(exam: str, findings: str, conclusion: str) -> Case:
    return Case((0, f"Exam: {exam}\n\nFindings:\n{findings}\n\nConclusion:\n{conclusion}"))


def _why(c: Case, a: str, b: str) -> tuple[str, str | None]:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return interpreted(infos[a], infos[b], vocabulary()), conflict(infos[a], infos[b])


def test_colonic_residue_and_the_conclusions_coprostasis_are_one_finding() -> None:
    c = _case(
        "CT ABDOMEN",
        "An abundant amount of residue fills the ascending and transverse colon.",
        "Coprostasis.",
    )
    a, b = c.mark(0, "abundant amount of residue"), c.mark(0, "Coprostasis")
    assert _why(c, a, b) == (INTERPRETED, None)
    assert c.same(a, b)


def test_the_same_residue_is_no_sign_of_another_organs_diagnosis() -> None:
    c = _case(
        "CT ABDOMEN",
        "An abundant amount of residue in the ascending colon.",
        "Acute cholecystitis.",
    )
    a, b = c.mark(0, "abundant amount of residue"), c.mark(0, "Acute cholecystitis")
    assert _why(c, a, b)[0] == ""
    assert not c.same(a, b)


def test_filling_lacunae_of_the_uterine_cavity_read_as_myomatosis() -> None:
    c = _case(
        "XR HYSTEROSALPINGOGRAPHY",
        "Two filling lacunae deform the uterine cavity.",
        "Uterine myomatosis.",
    )
    a, b = c.mark(0, "lacunae"), c.mark(0, "Uterine myomatosis")
    assert _why(c, a, b) == (INTERPRETED, None)
    assert c.same(a, b)


def test_a_sign_its_own_sentence_reads_as_another_diagnosis_stays_apart() -> None:
    c = _case(
        "MR ABDOMEN",
        "Multiple liver nodules, suggestive of focal nodular hyperplasia.",
        "Chronic Budd-Chiari syndrome.",
    )
    a, b = c.mark(0, "liver nodules"), c.mark(0, "Budd-Chiari syndrome")
    assert _why(c, a, b)[0] == ""
    assert not c.same(a, b)


def test_a_focal_lesion_is_no_sign_of_a_diffuse_disease_of_its_organ() -> None:
    c = _case("US ABDOMEN", "A focal lesion lies in the right liver lobe.", "Liver cirrhosis.")
    a, b = c.mark(0, "focal lesion"), c.mark(0, "Liver cirrhosis")
    assert _why(c, a, b)[0] == ""
    assert not c.same(a, b)


def test_bilateral_changes_are_not_the_right_sided_diagnosis() -> None:
    c = _case(
        "CT ABDOMEN",
        "Bilateral cystic changes of the renal parenchyma.",
        "Tuberculous changes of the right kidney.",
    )
    a, b = c.mark(0, "cystic changes"), c.mark(0, "Tuberculous changes")
    assert _why(c, a, b)[0] == ""
    assert not c.same(a, b)


def test_a_symptom_of_the_history_is_no_sign() -> None:
    c = _case("XR PELVIS", "Pain in the left hip for two months.", "Severe coxarthrosis.")
    a, b = c.mark(0, "Pain in the left hip"), c.mark(0, "Severe coxarthrosis")
    assert _why(c, a, b)[0] == ""


def test_a_diagnosis_takes_its_organ_from_its_combining_form() -> None:
    c = _case(
        "MR SPINE",
        "Fluid signal in the L4-L5 disc.",
        "Cholangitis. Spondylodiscitis. Mastoiditis. Cystic lesion.",
    )
    ids = {w: c.mark(0, w) for w in ("Cholangitis", "Spondylodiscitis", "Mastoiditis", "Cystic")}
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    organ = {w: combining_organ(infos[i], vocabulary()) for w, i in ids.items()}
    assert organ["Cholangitis"] == "biliary tree"
    assert organ["Spondylodiscitis"] == "spine"
    # "mastoid" is no breast, and "cyst" alone names a lesion, not the bladder
    assert organ["Mastoiditis"] is None and organ["Cystic"] is None


def test_a_conclusion_naming_two_diagnoses_of_the_organ_does_not_choose_by_class() -> None:
    # the thickened wall is no sign of the stones; class and place cannot tell which of
    # the two diagnoses of the gallbladder the sign shows
    c = _case(
        "US ABDOMEN",
        "The wall of the gallbladder is thickened, 6 mm.",
        "Cholecystitis with gallstones.",
    )
    a, b = c.mark(0, "thickened"), c.mark(0, "gallstones")
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    assert another_diagnosis_there(infos[b], "gallbladder", vocabulary())
    assert _why(c, a, b)[0] == ""
    assert not c.same(a, b)
