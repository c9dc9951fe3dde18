"""Ask never misleads (issue #19): polarity from the question's verb, honest abstention
(out of scope, attribute not stated, not mentioned), whole-exam answers, the frozen
question set, and `radtrack ask` from the project store without running the models."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from radtrack_gui.qa.answer import SCOPE, UNSTATED
from radtrack_gui.qa.chains_reader import ChainsReader

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "radtrack_gui" / "resources" / "samples"
DEMO = SAMPLES / "demo_patient"
HELD_OUT_SHA256 = "844d352dafa6726869db82a09a789d8dbae13343ecb4680d20eb8d66e2055b91"


@pytest.fixture(scope="module")
def demo():
    from radtrack_gui.pipeline import process_folder

    return process_folder(DEMO)


def ask(patient, question):
    return ChainsReader(fallback=False).answer(patient, question)


def yes_no(answer) -> str:
    return (answer.answer or "").split(" ", 1)[0].strip(",:").lower()


# -- the question set -------------------------------------------------------------------
def test_held_out_half_is_frozen_and_the_set_has_the_required_shape():
    held = SAMPLES / "ask_questions_heldout.jsonl"
    assert hashlib.sha256(held.read_bytes()).hexdigest() == HELD_OUT_SHA256
    rows = [
        json.loads(x)
        for f in ("ask_questions_dev.jsonl", "ask_questions_heldout.jsonl")
        for x in (SAMPLES / f).read_text(encoding="utf-8").splitlines()
    ]
    assert len(rows) >= 300
    assert len({r["id"] for r in rows}) == len(rows)
    assert sum(not r["answerable"] for r in rows) >= 0.3 * len(rows)
    both = {r["polarity"] for r in rows if r["polarity"]}
    assert both == {"present", "absent"}
    assert sum(bool(r["polarity"]) for r in rows) >= 60
    assert sum(r["kind"] == "whole_exam" for r in rows) >= 40
    patients = {r["patient"].split(":")[0] for r in rows}
    assert {"demo_patient", "synth", "iu", "parrot1"} <= patients
    for r in rows:  # corpus evidence: offsets and a hash, never the text
        for ev in r["evidence"]:
            if r["patient"].startswith(("iu:", "parrot1:")):
                assert "text" not in ev and len(ev["sha1"]) == 10


def test_question_set_evidence_matches_the_texts_it_names():
    from radtrack_gui.evaluation.challenge import find_shared
    from radtrack_gui.qa.evaluate import read_patient_questions
    from radtrack_gui.qa.question_set import check_evidence, read_question_patient

    if find_shared() is None:
        pytest.skip("../shared/corpora not here")
    for name in ("ask_questions_dev.jsonl", "ask_questions_heldout.jsonl"):
        path = SAMPLES / name
        cache: dict = {}
        for item in read_patient_questions(path):
            ref = item["patient"]
            if ref not in cache:
                cache[ref] = read_question_patient(ref, path.parent)
            check_evidence(item, cache[ref], f"{name} {item['id']}")


def test_a_changed_corpus_span_is_an_error_naming_the_line():
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.core.model import Patient, Report
    from radtrack_gui.qa.question_set import check_evidence

    patient = Patient(id="p", reports=[Report("r", "No pneumothorax. Small effusion.")])
    good = {"evidence": [{"report": "r", "start": 0, "end": 16, "text": "No pneumothorax."}]}
    check_evidence(good, patient, "q.jsonl ask001")
    bad = {"evidence": [{"report": "r", "start": 0, "end": 16, "sha1": "0000000000"}]}
    with pytest.raises(InputError, match="ask001: evidence hash differs"):
        check_evidence(bad, patient, "q.jsonl ask001")


# -- polarity: each verb both ways --------------------------------------------------------
ABSENT_VERBS = [
    "is the chest tube out?",
    "has the chest tube been removed?",
    "was the chest tube discontinued?",
    "was the chest tube pulled?",
    "has the chest tube been taken out?",
    "chest tube d/c'd?",
    "is the chest tube gone?",
    "was the patient extubated?",
    "has the pulmonary edema resolved?",
    "has the pulmonary edema cleared?",
]
PRESENT_VERBS = [
    "is the chest tube still in?",
    "is the chest tube in place?",
    "is the chest tube present?",
    "does the pulmonary edema persist?",
    "is the patient still intubated?",
]


@pytest.mark.parametrize("question", ABSENT_VERBS)
def test_absent_verbs_say_yes_when_the_thing_is_gone(demo, question):
    a = ask(demo, question)
    assert a.answerable and yes_no(a) == "yes", a.answer
    assert a.evidence  # the removal / resolution sentence


@pytest.mark.parametrize("question", PRESENT_VERBS)
def test_present_verbs_say_no_when_the_thing_is_gone(demo, question):
    a = ask(demo, question)
    assert a.answerable and yes_no(a) == "no", a.answer


def test_the_same_verbs_flip_on_a_thing_that_is_still_there(demo):
    # the subdural hematoma is still reported (3 mm on the MRI): "resolved?" No, "persist?" Yes
    assert yes_no(ask(demo, "Has the subdural hematoma resolved?")) == "no"
    assert yes_no(ask(demo, "Is the subdural hematoma gone?")) == "no"
    assert yes_no(ask(demo, "Does the subdural hematoma persist?")) == "yes"
    assert yes_no(ask(demo, "Is the subdural hematoma still present?")) == "yes"
    a = ask(demo, "is the chest tube out?")
    assert a.answer.startswith("Yes — ") and "removed" in a.answer and "2150-03-09" in a.answer


def test_referral_style_asks_for_presence(demo):
    assert yes_no(ask(demo, "r/o ptx")) == "no"  # "out" of "rule out" is not a verb
    assert yes_no(ask(demo, "eval for pneumonia")) == "yes"


# -- scope, unstated, unmentioned ---------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "What is the patient's blood pressure?",
        "What is his heart rate?",
        "What was the creatinine?",
        "Is the patient on heparin?",
        "Does the patient have chest pain?",
        "What is the CPT code for the CTA?",
        "Is there a wrist fracture?",
    ],
)
def test_out_of_scope_is_said_with_no_evidence(demo, question):
    a = ask(demo, question)
    assert not a.answerable and a.answer is None and a.status == SCOPE
    assert a.evidence == [] and a.note.startswith("Not in radiology reports")


def test_scope_words_do_not_hide_imaged_questions(demo):
    # counter-examples: a head bleed on a patient with head CTs, a fever in a referral
    assert ask(demo, "Is there a subdural hematoma?").answerable
    a = ask(demo, "r/o pneumonia")
    assert a.answerable and a.status == ""
    # a body part never imaged: the chest-only IU-style patient has no head exam
    from radtrack_gui.core.model import Patient, Report
    from radtrack_gui.pipeline import analyse

    chest = Report("r", "FINDINGS: No pneumothorax.", exam="CHEST X-RAY", modality="XR")
    chest.region = "chest"
    p = analyse(Patient(id="p", reports=[chest]))
    assert ask(p, "Is there a brain bleed?").status == SCOPE
    assert ask(p, "Is there a pneumothorax?").answerable


def test_unstated_attributes_are_never_another_attribute(demo):
    for q in (
        "What French size is the PICC?",
        "What size is the ETT?",  # "4 cm above the carina" is a position, not a size
        "What is the diameter of the perisplenic hematoma?",  # the 2 cm is the laceration's
        "What is the volume of the left pleural effusion?",
    ):
        a = ask(demo, q)
        assert not a.answerable and a.status == UNSTATED, (q, a.answer)
        assert a.note.startswith("Not stated in these reports")
    assert "3 mm" in ask(demo, "How big is the subdural hematoma now?").answer
    assert "2 cm" in ask(demo, "How big was the splenic laceration?").answer
    a = ask(demo, "Has the subdural hematoma grown since the PET scan?")
    assert not a.answerable and a.status == UNSTATED  # no PET among these reports


def test_not_mentioned_is_not_a_no(demo):
    for q in ("Is there a pacemaker?", "Is there a pulmonary nodule?", "Any appendicitis?"):
        a = ask(demo, q)
        assert not a.answerable and a.answer is None, (q, a.answer)


def test_free_form_falls_back_to_possibly_relevant_sentences_never_yes_no(demo):
    a = ChainsReader(fallback=True).answer(demo, "What does the radiologist recommend next?")
    from radtrack_gui.qa.extractive import installed_reader

    if installed_reader() is None:
        assert a.retrieved_only and a.answer is None and not a.answerable
        assert a.evidence and "possibly relevant" in a.headline


# -- whole exam and current status --------------------------------------------------------
def test_whole_exam_answers_start_with_the_impression(demo):
    a = ask(demo, "What did the last CT show?")
    assert a.answerable and "pulmonary embolism" in a.answer and "consolidation" in a.answer
    first = a.evidence[0]
    assert first.report == "2150-05-15_15_cta_chest.txt"
    assert first.text.startswith("No pulmonary embolism")  # the impression comes first
    assert first.start > demo.report(first.report).text.index("IMPRESSION:")
    a = ask(demo, "What was new on 2150-03-04?")
    assert "New: " in a.answer and "pneumothorax" in a.answer
    a = ask(demo, "What did the first head CT show?")
    assert a.evidence[0].report == "2150-03-02_01_ct_head.txt" and "subdural" in a.answer
    a = ask(demo, "What did the echocardiogram show?")  # no such exam: not a "last exam"
    assert not a.answerable


def test_devices_now_and_on_a_day(demo):
    a = ask(demo, "Which lines and tubes are in now?")
    assert a.answer.startswith("None in place") and "removed" in a.answer.lower()
    a = ask(demo, "Which devices were in on 2150-03-04?")
    assert "endotracheal tube" in a.answer and "In place" in a.answer
    assert "removed" not in a.answer.lower()


# -- eval-qa prints the per-kind table ----------------------------------------------------
def test_eval_qa_prints_measures_per_kind(tmp_path, capsys):
    from radtrack_gui.cli import main

    lines = [
        {
            "patient": str(DEMO),
            "question": "is the chest tube out?",
            "kind": "polarity",
            "answerable": True,
            "answers": ["Yes"],
            "evidence": [{"report": "2150-03-09_11_chest_portable.txt", "start": 105, "end": 143}],
        },
        {
            "patient": str(DEMO),
            "question": "What is the patient's blood pressure?",
            "kind": "unanswerable",
            "answerable": False,
            "answers": [],
        },
    ]
    data = tmp_path / "q.jsonl"
    data.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert main(["eval-qa", str(data), "--out-json", str(tmp_path / "s.json")]) == 0
    out = capsys.readouterr().out
    assert "yes/no acc" in out and "unanswerable rec" in out and "evidence rec" in out
    kinds = json.loads((tmp_path / "s.json").read_text())["kinds"]
    assert kinds["polarity"]["yes_no"]["value"] == 1.0
    assert kinds["unanswerable"]["unanswerable"]["value"] == 1.0


# -- radtrack ask from the project store --------------------------------------------------
def test_ask_answers_from_the_store_without_running_models(tmp_path, monkeypatch, capsys):
    from radtrack_gui import pipeline
    from radtrack_gui.cli import main
    from radtrack_gui.cli.ask_cmd import stored_patient
    from radtrack_gui.project import open_project

    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path / "home"))
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    questions = ["is the chest tube out?", "What did the last CT show?", "Is there a pacemaker?"]
    assert stored_patient(str(folder), "rules", "knowledge") is None  # nothing stored yet
    assert main(["ask", str(folder), questions[0], "--json"]) == 0
    fresh = [json.loads(capsys.readouterr().out)]
    for q in questions[1:]:
        assert main(["ask", str(folder), q, "--json"]) == 0
        fresh.append(json.loads(capsys.readouterr().out))
    loaded = open_project(folder)  # opened as a project: the models' result is stored
    loaded.store.close()

    def no_models(*a, **k):
        raise AssertionError("the models ran")

    monkeypatch.setattr(pipeline, "process_source", no_models)
    monkeypatch.setattr(pipeline, "analyse", no_models)
    for q, want in zip(questions, fresh, strict=True):
        assert main(["ask", str(folder), q, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == want  # the same answers
    # counter-example: a report edited since the project was stored -> the models run again
    report = folder / "2150-03-09_11_chest_portable.txt"
    report.write_text(report.read_text().replace("has been removed", "remains in place"))
    assert stored_patient(str(folder), "rules", "knowledge") is None
    with pytest.raises(AssertionError, match="the models ran"):
        main(["ask", str(folder), questions[0]])
    # and a store made by other models is not used for these
    report.write_text(report.read_text().replace("remains in place", "has been removed"))
    assert stored_patient(str(folder), "rules", "knowledge") is not None
    assert stored_patient(str(folder), "rules", "exact") is None


def _one_report(text: str):
    from radtrack_gui.core.model import Patient, Report
    from radtrack_gui.pipeline import analyse

    report = Report("r", text, exam="CHEST X-RAY", modality="XR")
    report.region = "chest"
    return analyse(Patient(id="p", reports=[report]))


def test_one_report_change_comes_from_its_own_words_or_is_not_stated():
    grown = _one_report(
        "FINDINGS: Bilateral pleural effusions are larger than on the prior exam.\n\n"
        "IMPRESSION: Interval increase in bilateral pleural effusions."
    )
    a = ask(grown, "Interval change in effusions?")
    assert a.answerable and a.answer.startswith("Increased"), a.answer
    assert yes_no(ask(grown, "Are the effusions better?")) == "no"
    # counter-example: one report that states no change -> no comparison to report
    plain = _one_report("FINDINGS: An 8 mm nodule sits in the left lower lobe.")
    a = ask(plain, "Has the nodule grown?")
    assert not a.answerable and a.status == UNSTATED


def test_the_reports_own_word_finds_its_chain():
    # "hematoma" the extractor may read as a narrower hemorrhage concept: the written word
    # still names the chain; a word the report did not write does not
    p = _one_report("FINDINGS: The right parietal hematoma seen before has completely resolved.")
    assert yes_no(ask(p, "Has the hematoma resolved?")) == "yes"
    assert not ask(p, "Has the aneurysm resolved?").answerable
