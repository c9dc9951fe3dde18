"""Asking questions: parsing, the chains reader on the demo patient, the §7 JSON shape, the
CLI (one question, --questions JSONL, exit 2), eval-qa metrics on a hand-computed example."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.qa.chains_reader import ChainsReader
from radtrack_gui.qa.evaluate import Scores, evaluate_patients
from radtrack_gui.qa.question import parse_question, resolve_time
from radtrack_gui.qa.squad import best_exact, best_f1
from tests.conftest import DEMO, ROOT


@pytest.fixture(scope="module")
def demo_patient() -> Patient:
    from radtrack_gui.pipeline import process_folder

    return process_folder(DEMO)


# -- parsing ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "question, concept",
    [
        ("Is there a PTX?", "pneumothorax"),  # abbreviation
        ("Where is the ETT tip?", "endotracheal tube"),
        ("When was the Dobhoff removed?", "feeding tube"),  # brand name as synonym
        ("When was the SDH first seen?", "subdural hematoma"),
        ("When was the patient extubated?", "endotracheal tube"),  # the verb names the device
        ("Has the hepatic cyst changed?", "liver cyst"),  # synonym
    ],
)
def test_concepts_through_synonyms_and_abbreviations(question, concept):
    assert concept in parse_question(question).concepts


@pytest.mark.parametrize(
    "question, side",
    [
        ("Is the right IJ line still in?", "right"),
        ("Is there a left PTX?", "left"),
        ("Are there bilateral effusions?", "bilateral"),
        ("Is there an effusion?", None),
    ],
)
def test_sides(question, side):
    assert parse_question(question).side == side


@pytest.mark.parametrize(
    "question, intent, yes_no",
    [
        ("Is the chest tube still in?", "present", True),
        ("When was the chest tube placed?", "inserted", False),
        ("When was the chest tube removed?", "removed", False),
        ("When was the endotracheal tube repositioned?", "repositioned", False),
        ("Where is the tip of the PICC?", "tip", False),
        ("How many chest x-rays were done?", "count", False),
        ("Which exams showed the effusion?", "exams", False),
        ("When was the effusion last seen?", "last_seen", False),
        ("When was the effusion first seen?", "first_seen", False),
        ("Has the effusion improved since March?", "change", True),
        ("How did the pneumonia change?", "change", False),
    ],
)
def test_intents(question, intent, yes_no):
    q = parse_question(question)
    assert (q.intent, q.yes_no) == (intent, yes_no)


def test_time_words_resolve_to_reports(demo_patient):
    by_id = {r.id: r for r in demo_patient.reports}

    def window(question: str) -> set[str]:
        q = parse_question(question)
        assert q.time is not None, question
        found = resolve_time(q.time, demo_patient)
        assert found is not None
        return found

    since = window("Has the effusion improved since April?")
    assert since and all(by_id[r].date >= datetime(2150, 4, 1) for r in since)
    assert len(since) == 4  # 04-02, 05-15, 05-16, 05-19
    assert window("Was there an effusion in May?") == {
        r.id for r in demo_patient.reports if r.date_known and r.date.month == 5
    }
    assert window("Was there pneumonia on the last CT?") == {"2150-05-15_15_cta_chest.txt"}
    before_mri = window("Was there edema before the MRI?")
    assert "2150-03-12_12_chest_pa_lat.txt" in before_mri
    assert "2150-04-02_14_chest_pa_lat.txt" not in before_mri
    assert window("Where was the ETT tip on March 4?") == {"2150-03-04_07_chest_portable.txt"}
    q = parse_question("Was the effusion seen on the CT of April 10?")
    assert resolve_time(q.time, demo_patient) == set()  # no exam that day


# -- answers --------------------------------------------------------------------------------
def test_answers_with_evidence_from_the_chains(demo_patient):
    reader = ChainsReader(fallback=False)
    a = reader.answer(demo_patient, "Is the chest tube still in?")
    assert a.answerable and a.answer.startswith("No") and "2150-03-09" in a.answer
    ev = a.evidence[0]
    report = demo_patient.report(ev.report)
    assert report.text[ev.start : ev.end] == ev.text == "The right chest tube has been removed."
    assert a.chains and all(c in demo_patient.chains for c in a.chains)
    assert demo_patient.chains[a.chains[0]].type == "device"
    a = reader.answer(demo_patient, "Where was the endotracheal tube tip on March 4?")
    assert a.answer.startswith("4.5 cm above the carina")
    h = a.evidence[0].highlight
    assert report_text(demo_patient, a.evidence[0].report)[h[0] : h[1]] == "4.5 cm above the carina"
    a = reader.answer(demo_patient, "When was the patient extubated?")
    assert "2150-03-05" in a.answer and "2150-05-19" in a.answer
    a = reader.answer(demo_patient, "Has the left pleural effusion improved since March?")
    assert a.answer.startswith("Yes") and "resolved" in a.answer


def report_text(patient: Patient, report_id: str) -> str:
    return patient.report(report_id).text


@pytest.mark.parametrize(
    "question",
    [
        "Is there a pericardial effusion?",  # never mentioned
        "Where is the tip of the left chest tube?",  # only a right one
        "Was the effusion seen on the CT of April 10?",  # no such exam
        "Is there a pleural effusion on the head CT?",  # not on that exam
        "When was the IVC filter placed?",
    ],
)
def test_unanswerable_questions_have_no_answer(demo_patient, question):
    a = ChainsReader(fallback=False).answer(demo_patient, question)
    assert a.answer is None and a.answerable is False
    assert a.to_json()["answer"] is None


def test_unparsed_question_falls_back_to_labelled_sentences(demo_patient):
    a = ChainsReader().answer(demo_patient, "When was the appendix removed?")
    assert a.reader == "retrieval" and a.answer is None and not a.answerable
    assert a.evidence and all(
        demo_patient.report(e.report).text[e.start : e.end] == e.text for e in a.evidence
    )


# -- the CLI and the §7 shape -------------------------------------------------------------------
def test_ask_json_is_formats_7_exactly(capsys, tmp_path):
    assert main(["ask", str(DEMO), "Is the chest tube still in?", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["question", "answer", "answerable", "reader", "evidence", "chains"]
    assert out["question"] == "Is the chest tube still in?"
    assert out["answer"].startswith("No") and out["answerable"] is True
    assert out["reader"] == "chains"
    for ev in out["evidence"]:
        assert list(ev) == ["report", "start", "end", "text"]
        text = (DEMO / ev["report"]).read_text(encoding="utf-8")
        assert text[ev["start"] : ev["end"]] == ev["text"]
    # the chain ids are those of `radtrack process` for the same folder and models
    assert main(["process", str(DEMO), "--json", str(tmp_path / "p.json")]) == 0
    processed = json.loads((tmp_path / "p.json").read_text())
    chain = next(c for c in processed["chains"] if c["id"] == out["chains"][0])
    assert chain["label"] == "right chest tube"


def test_ask_questions_jsonl_and_bad_input(capsys, tmp_path):
    qs = tmp_path / "q.jsonl"
    qs.write_text(
        '{"question": "Is there a pericardial effusion?"}\n\n'
        '{"question": "When was the PICC removed?"}\n'
    )
    assert main(["ask", str(DEMO), "--questions", str(qs)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first, second = map(json.loads, lines)
    assert first["answer"] is None and first["answerable"] is False
    assert "2150-04-02" in second["answer"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "ok?"}\n{"q": 1}\n')
    assert main(["ask", str(DEMO), "--questions", str(bad)]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err
    assert main(["ask", str(tmp_path / "nowhere"), "Is it?"]) == 2
    assert main(["ask", str(DEMO), "Is it?", "--reader", "nope"]) == 2


def test_ask_readable_output(capsys):
    assert main(["ask", str(DEMO), "Is there a pericardial effusion?"]) == 0
    # the reason in words: the finding is never mentioned (not "no")
    assert "Not mentioned in these reports: pericardial effusion." in capsys.readouterr().out


# -- metrics ---------------------------------------------------------------------------------
def test_squad_metrics_hand_computed():
    # "the lower SVC" vs gold "lower SVC": articles dropped -> exact
    assert best_exact("the lower SVC", ["lower SVC"]) == 1.0
    # pred "in the mid svc" -> tokens [in, mid, svc]; gold "lower svc" -> [lower, svc]:
    # 1 common; P = 1/3, R = 1/2, F1 = 2 * (1/6) / (5/6) = 0.4
    assert best_f1("in the mid SVC", ["lower SVC"]) == pytest.approx(0.4)
    assert best_f1("", []) == 1.0 and best_f1("something", []) == 0.0
    s = Scores()
    s.add("in the mid SVC", ["lower SVC"])  # EM 0, F1 0.4
    s.add("4.5 cm above the carina", ["4.5 cm above the carina"])  # 1, 1
    s.add(None, [])  # unanswerable, no answer: 1, 1
    s.add("yes", [])  # unanswerable, answered: 0, 0
    d = s.as_dict()
    assert d["overall"]["n"] == 4
    assert d["overall"]["exact"] == pytest.approx(2 / 4)
    assert d["overall"]["f1"] == pytest.approx((0.4 + 1 + 1 + 0) / 4)
    assert d["answerable"]["f1"] == pytest.approx(0.7)
    assert d["unanswerable"]["exact"] == pytest.approx(0.5)


def test_eval_qa_patient_level(tmp_path, capsys):
    line = {
        "patient": str(DEMO),
        "question": "When was the PICC removed?",
        "answerable": True,
        "answers": ["2150-04-02"],
        "evidence": [{"report": "2150-04-02_14_chest_pa_lat.txt", "start": 0, "end": 10**6}],
    }
    no = {
        "patient": str(DEMO),
        "question": "Is there a pericardial effusion?",
        "answerable": False,
        "answers": [],
        "evidence": [],
    }
    data = tmp_path / "q.jsonl"
    data.write_text(json.dumps(line) + "\n" + json.dumps(no) + "\n")
    from radtrack_gui.pipeline import process_folder

    d = evaluate_patients(data, ChainsReader(fallback=False), process_folder).as_dict()
    assert d["unanswerable"]["exact"] == 1.0
    assert d["evidence recall"]["value"] == 1.0
    assert d["answer contains gold"]["value"] == 1.0
    assert main(["eval-qa", str(data), "--out-json", str(tmp_path / "s.json")]) == 0
    assert "evidence recall" in capsys.readouterr().out
    assert json.loads((tmp_path / "s.json").read_text())["overall"]["n"] == 2


def test_demo_question_set_is_consistent():
    path = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_questions.jsonl"
    items = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    assert len(items) >= 80
    assert sum(not x["answerable"] for x in items) >= len(items) / 4
    kinds = {x["kind"] for x in items}
    assert {
        "present",
        "first_seen",
        "last_seen",
        "change",
        "inserted",
        "removed",
        "repositioned",
        "tip",
        "count",
        "exams",
        "time",
    } <= kinds
    for x in items:
        assert bool(x["answers"]) == x["answerable"]
        for ev in x["evidence"]:
            text = (DEMO / ev["report"]).read_text(encoding="utf-8")
            assert text[ev["start"] : ev["end"]] == ev["text"]


def test_one_report_patient_without_chains():
    p = Patient(id="x", reports=[Report("a.txt", "No findings.")])
    assert ChainsReader(fallback=False).answer(p, "Is there a PTX?").answerable is False


def test_eval_qa_squad_form(tmp_path, capsys):
    """One report as context (SQuAD form): the chains reader answers in a sentence, so exact
    match is 0 and token F1 is computed by hand below."""
    context = "FINDINGS: The right chest tube has been removed. No pneumothorax."
    doc = {
        "version": "v2.0",
        "data": [
            {
                "title": "r",
                "paragraphs": [
                    {
                        "context": context,
                        "qas": [
                            {
                                "id": "a",
                                "question": "Is there a pericardial effusion?",
                                "is_impossible": True,
                                "answers": [],
                            },
                            {
                                "id": "b",
                                "question": "Is there a pneumothorax?",
                                "is_impossible": False,
                                "answers": [
                                    {
                                        "text": "No pneumothorax.",
                                        "answer_start": context.index("No pn"),
                                    }
                                ],
                            },
                        ],
                    }
                ],
            }
        ],
    }
    data = tmp_path / "squad.json"
    data.write_text(json.dumps(doc))
    assert main(["eval-qa", str(data), "--out-json", str(tmp_path / "s.json")]) == 0
    d = json.loads((tmp_path / "s.json").read_text())
    assert d["unanswerable"] == {"n": 1, "exact": 1.0, "f1": 1.0}
    # answer "No — pneumothorax absent in an undated report (OTHER)." vs "No pneumothorax.":
    # tokens [no, —, pneumothorax, absent, in, undated, report, other] vs [no, pneumothorax]
    # (SQuAD's normalisation keeps the dash) -> 2 common, P = 2/8, R = 1, F1 = 0.4
    assert d["answerable"]["exact"] == 0.0
    assert d["answerable"]["f1"] == pytest.approx(0.4)
    assert "unanswerable" in capsys.readouterr().out


def test_ask_a_generated_patient(tmp_path, capsys):
    """A synthetic patient (brat folder, loaded as annotated: its gold chains are read)."""
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.views.course import chain_course

    assert main(["synth", str(tmp_path / "corpus"), "--patients", "1", "--seed", "5"]) == 0
    folder = next(p for p in (tmp_path / "corpus").iterdir() if p.is_dir())
    patient = read_patient_folder(folder)
    device = next(
        c
        for c in patient.chains.values()
        if c.type == "device" and chain_course(patient, c.id).first_seen is not None
    )
    first = chain_course(patient, device.id).first_seen
    capsys.readouterr()
    assert main(["ask", str(folder), f"When was the {device.label} first seen?", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answerable"] and first.date.strftime("%Y-%m-%d") in out["answer"]
    assert out["chains"] and out["evidence"]


def test_models_lists_the_readers(capsys):
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "Readers (radtrack ask):" in out
    assert "chains" in out.split("Readers")[1] and "reader " in out.split("Readers")[1]


def test_event_anchors_and_bm25_retrieval(demo_patient):
    reader = ChainsReader(fallback=False)
    a = reader.answer(demo_patient, "Was there a pneumothorax before the chest tube?")
    assert a.answer.startswith("Yes") and "2150-03-04" in a.answer  # tube placed 03-05
    a = reader.answer(
        demo_patient, "Did the pneumothorax get smaller after the chest tube was placed?"
    )
    assert a.answer.startswith("Yes")
    from radtrack_gui.qa.retrieval import SentenceIndex, query_words

    index = SentenceIndex.for_patient(demo_patient)
    best = index.search(query_words("Where was the chest tube tip?"), k=1)[0][1]
    text = demo_patient.report(best.report).text[best.start : best.end]
    assert text == "A right-sided chest tube has been placed with its tip at the right apex."
    assert "pneumothorax" in query_words("Is there a PTX?")  # synonyms expand the query


def test_minilm_reranking(demo_patient):
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.qa.retrieval import DenseRanker, SentenceIndex, query_words

    pytest.importorskip("transformers")
    try:
        ranker = DenseRanker()
    except InputError as exc:
        pytest.skip(f"no local MiniLM: {exc}")
    index = SentenceIndex.for_patient(demo_patient)
    q = "Where does the PICC end?"
    found = ranker.search(index, demo_patient, q, query_words(q), k=2)
    texts = [demo_patient.report(s.report).text[s.start : s.end] for _, s in found]
    assert any("PICC" in t and "SVC" in t for t in texts)
    assert found[0][0] >= found[1][0]
