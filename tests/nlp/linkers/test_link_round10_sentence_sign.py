"""Round 10 (wb-signs2): a sign and its diagnosis in one sentence, joined by an interpreting
phrase, by class ("..., consistent with", "likely", "suggestive of"; ``linkers/sentence_sign.py``;
measured over every whole-body dev pair file at once, docs/linking-wholebody.md, "Round 10:
signs and diagnoses in one sentence").

The joins below are kept apart without the module ("different concepts": a long sentence
lists further observations between the sign and its reading, which ``readings.read_as``
does not pass); each has counter-examples of the same shape that stay apart: no
interpreting phrase, another finding named after the phrase, the diagnosis named first,
another organ, a lesion against a diffuse disease. Sentences are written for these tests."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.linkers import features
from radtrack_gui.nlp.linkers.features import conflict
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.sentence_sign import SENTENCE, read_in_sentence
from radtrack_gui.nlp.vocabulary import vocabulary

STROKE = (
    "A cortical signal anomaly of the right frontal lobe with diffusion hyperintensity and"
    " restricted ADC values, consistent with an acute ischemic stroke."
)


def _case(exam: str, findings: str) -> Case:
    return Case((0, f"Exam: {exam}\n\nFindings:\n{findings}"))


def _why(c: Case, a: str, b: str) -> tuple[str, str | None]:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return read_in_sentence(infos[a], infos[b], vocabulary()), conflict(infos[a], infos[b])


def test_a_signal_anomaly_read_as_a_stroke_in_its_sentence_is_one_finding() -> None:
    c = _case("MR BRAIN", STROKE)
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "ischemic stroke")
    assert _why(c, a, b) == (SENTENCE, None)
    assert c.same(a, b)


def test_without_the_module_the_stroke_and_its_sign_are_different_concepts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(features, "read_in_sentence", lambda *_: "")
    c = _case("MR BRAIN", STROKE)
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "ischemic stroke")
    why = _why(c, a, b)[1]
    assert why is not None and why.startswith("different concepts")


def test_no_interpreting_phrase_no_join() -> None:
    c = _case(
        "MR BRAIN",
        "A cortical signal anomaly of the right frontal lobe with diffusion hyperintensity"
        " and an old ischemic stroke of the right occipital lobe.",
    )
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "ischemic stroke")
    assert _why(c, a, b)[0] == ""


def test_another_finding_named_after_the_phrase_is_what_the_sign_is_read_as() -> None:
    c = _case(
        "MR BRAIN",
        "A cortical signal anomaly of the right frontal lobe, consistent with haemorrhage"
        " beside an acute ischemic stroke.",
    )
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "ischemic stroke")
    assert _why(c, a, b)[0] == ""


def test_the_diagnosis_named_before_the_sign_is_not_read_from_it() -> None:
    c = _case(
        "MR BRAIN",
        "An acute ischemic stroke of the right frontal lobe, likely with a signal anomaly.",
    )
    a, b = c.mark(0, "ischemic stroke"), c.mark(0, "signal anomaly")
    assert _why(c, a, b)[0] == ""


def test_a_sign_of_another_organ_is_no_sign_of_the_diagnosis() -> None:
    c = _case(
        "CT ABDOMEN",
        "Fat stranding around the right kidney with a little free fluid in the pelvis,"
        " likely acute cholecystitis.",
    )
    a, b = c.mark(0, "Fat stranding"), c.mark(0, "acute cholecystitis")
    assert _why(c, a, b)[0] == ""


def test_a_focal_lesion_is_not_read_as_a_diffuse_disease_in_one_sentence() -> None:
    c = _case(
        "US ABDOMEN",
        "A focal lesion of the right liver lobe with a coarse echotexture, consistent with"
        " liver cirrhosis.",
    )
    a, b = c.mark(0, "focal lesion"), c.mark(0, "liver cirrhosis")
    assert _why(c, a, b)[0] == ""


def test_a_diagnosis_named_between_the_sign_and_the_phrase_may_be_what_is_read() -> None:
    c = _case(
        "MR BRAIN",
        "A cortical signal anomaly of the right frontal lobe with a small haemorrhage,"
        " consistent with an acute ischemic stroke.",
    )
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "ischemic stroke")
    assert _why(c, a, b)[0] == ""
