"""Reports of the same exam (case identification) and reports of another patient."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.evaluation.report_groups_eval import (
    evaluate_grouping,
    score_groups,
    versions_corpus,
)
from radtrack_gui.evaluation.synth import generate
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import patient_from_dict, patient_to_dict
from radtrack_gui.nlp.report_groups import (
    WRONG_PATIENT,
    foreign_reports,
    group_reports,
    wrong_patient_warnings,
)
from radtrack_gui.pipeline import RunSpec, analyse
from radtrack_gui.store.db import ProjectStore

T0 = datetime(2150, 3, 4, 10, 22)


def rep(rid: str, text: str, when: datetime | None, exam: str = "CHEST PA") -> Report:
    return Report(
        rid, text, date=when, date_known=when is not None, exam=exam, modality="XR", region="chest"
    )


def test_versions_of_one_exam_are_grouped_on_a_generated_set():
    s = evaluate_grouping(6, seed=3, baseline=True)
    assert s["nmi"] > 0.99 and s["purity"] > 0.97
    assert s["nmi"] > s["baseline_nmi"]
    corpus = versions_corpus(generate(3, 5), seed=5)
    for patient, gold in corpus:
        found = group_reports(patient.reports)
        assert score_groups(gold, found)["purity"] > 0.95


def test_routine_identical_reports_on_other_days_stay_apart():
    text = "FINDINGS: No pneumothorax. Lines and tubes unchanged.\n"
    reports = [rep(f"r{i}.txt", text, T0 + timedelta(days=i)) for i in range(4)]
    assert group_reports(reports) == [[r.id] for r in reports]
    reports.append(rep("later.txt", text, T0 + timedelta(days=2, hours=3)))  # another exam
    reports.append(rep("dup.txt", text, T0 + timedelta(days=2)))  # a duplicated row
    assert ["r2.txt", "dup.txt"] in group_reports(reports)
    assert ["later.txt"] in group_reports(reports)
    long = text + "IMPRESSION: Stable appearance of the chest since the prior study.\n"
    undated = [rep("u1.txt", long, None), rep("u2.txt", long, None)]
    assert group_reports(undated) == [["u1.txt", "u2.txt"]]  # no time: the text decides


def test_a_finding_restated_in_an_addendum_is_one_chain_not_two_episodes():
    common = (
        "HISTORY: Cough and fever, follow up of the known effusion.\n"
        "COMPARISON: Chest radiograph of ten days ago.\n"
    )
    before = common + "FINDINGS: Small left pleural effusion.\n"
    prelim = "PRELIMINARY REPORT\n" + common + "FINDINGS: The left pleural effusion has resolved.\n"
    final = (
        "FINAL REPORT\n" + common + "FINDINGS: The left pleural effusion has resolved.\n"
        "ADDENDUM: On review a small left pleural effusion persists.\n"
    )
    day10 = T0 + timedelta(days=10)
    p = Patient(
        id="p",
        reports=[
            rep("r0.txt", before, T0),
            rep("r1.txt", prelim, day10),
            rep("r1_final.txt", final, day10 + timedelta(hours=6)),
        ],
    )
    analyse(p, RunSpec(linker="knowledge"))
    assert p.report_groups == [["r1.txt", "r1_final.txt"]]
    effusions = [c for c in p.chains.values() if "effusion" in c.label]
    assert len(effusions) == 1, [(c.label, c.mentions) for c in effusions]

    def restated_why() -> str:  # why the final read's restatement joined its chain
        m = min(
            (m for m in p.mentions.values() if m.report == "r1_final.txt"), key=lambda m: m.start
        )
        return p.chains[m.chain or ""].why[m.id]

    assert "same report as" in restated_why()  # the two reads are one time point
    # without the group the final read is a later exam, hours after the preliminary one
    p.report_groups = [["r1.txt"], ["r1_final.txt"]]
    analyse(p, RunSpec(linker="knowledge"))
    why = restated_why()
    assert "same report as" not in why and ("after" in why or "before" in why), why


def test_a_report_of_another_patient_is_flagged(tmp_path):
    for i, (mrn, sex) in enumerate(
        [("1234567", "F"), ("1234567", "F"), ("7654321", "M"), ("1234567", "F")]
    ):
        (tmp_path / f"r{i}.txt").write_text(
            f"Date: 2150-01-0{i + 1}\nExam: CHEST PA\n\nMRN: {mrn}\nSex: {sex}\n\n"
            "FINDINGS: No effusion.\n",
            encoding="utf-8",
        )
    p = read_patient_folder(tmp_path)
    flagged = wrong_patient_warnings(p)
    assert flagged and all(q.reason.startswith(WRONG_PATIENT) for q in flagged)
    assert {q.file for q in flagged} == {"r2.txt"} and not any(q.skipped for q in flagged)
    assert {q.reason.split(":")[1].split()[0] for q in flagged} == {"mrn", "sex"}


def test_ages_that_cannot_be_one_person_are_flagged():
    reports = [
        rep(f"r{i}.txt", f"HISTORY: {age} year old woman with cough.\n", datetime(2150 + i, 1, 1))
        for i, age in enumerate([60, 61, 35, 63])
    ]
    flagged = foreign_reports(Patient(id="p", reports=reports))
    assert [q.file for q in flagged] == ["r2.txt"]


def test_groups_travel_through_json_and_the_store(tmp_path):
    p = Patient(
        id="p",
        reports=[rep("a.txt", "x y z", T0), rep("b.txt", "x y z", T0)],
        report_groups=[["a.txt", "b.txt"]],
    )
    d = patient_to_dict(p)
    assert d["report_groups"] == [["a.txt", "b.txt"]]
    assert patient_from_dict(d).report_groups == [["a.txt", "b.txt"]]
    d["report_groups"] = [["a.txt", "nope"], "junk"]
    back = patient_from_dict(d)
    assert back.report_groups == [] and len(back.problems) == 2
    with ProjectStore.open(tmp_path / "s.sqlite") as store:
        store.save_patient(p, "model:test")
        assert store.load_patient().report_groups == [["a.txt", "b.txt"]]


def test_process_json_gains_report_groups_and_eval_groups_prints(tmp_path, capsys):
    for name, extra in (("a.txt", ""), ("b.txt", "\nADDENDUM: findings discussed.\n")):
        (tmp_path / name).write_text(
            "Date: 2150-01-01 10:00\nExam: CT HEAD\n\nFINDINGS: Small subdural hematoma "
            "along the left convexity.\n" + extra,
            encoding="utf-8",
        )
    out = tmp_path / "out.json"
    assert main(["process", str(tmp_path), "--json", str(out)]) == 0
    assert json.loads(out.read_text())["report_groups"] == [["a.txt", "b.txt"]]
    capsys.readouterr()
    assert main(["eval-groups", "--patients", "3", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "NMI" in text and "purity" in text


@pytest.mark.parametrize("bad", [["--patients", "0"], ["--similarity", "2"]])
def test_eval_groups_refuses_bad_arguments(bad):
    assert main(["eval-groups", *bad]) == 2
