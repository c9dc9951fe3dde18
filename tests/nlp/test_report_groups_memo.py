"""``group_reports`` asked again about the same reports (reading a folder, then the
pipeline) answers without grouping again; any change to what it reads groups again."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp import report_groups
from radtrack_gui.nlp.report_groups import group_reports

T0 = datetime(2150, 3, 4, 10, 22)
TEXT = "FINDINGS: Small left pleural effusion. Right chest tube in place, unchanged.\n"


def rep(rid: str, when: datetime, exam: str = "CHEST PA") -> Report:
    return Report(rid, TEXT, date=when, date_known=True, exam=exam, modality="XR", region="chest")


def test_same_reports_are_not_grouped_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []
    real = report_groups._group_reports

    def spy(reports: list[Report], similarity: float) -> list[list[str]]:
        runs.append(len(reports))
        return real(reports, similarity)

    monkeypatch.setattr(report_groups, "_group_reports", spy)
    monkeypatch.setattr(report_groups, "_LAST", None)
    reports = [rep("a.txt", T0), rep("b.txt", T0), rep("c.txt", T0 + timedelta(days=3))]
    first = group_reports(reports)
    assert first == [["a.txt", "b.txt"], ["c.txt"]] and runs == [3]
    first[0].append("changed by the caller")  # the caller's copy, not the remembered one
    assert group_reports(list(reports)) == [["a.txt", "b.txt"], ["c.txt"]] and runs == [3]
    # counter-examples: what the grouping reads changed, so it runs again
    moved = [reports[0], replace(reports[1], date=T0 + timedelta(days=1)), reports[2]]
    assert group_reports(moved) == [["a.txt"], ["b.txt"], ["c.txt"]] and runs == [3, 3]
    other_exam = [reports[0], replace(reports[1], exam="CT HEAD"), reports[2]]
    assert group_reports(other_exam) == [["a.txt"], ["b.txt"], ["c.txt"]] and runs == [3, 3, 3]
    assert group_reports(reports, similarity=0.99) == [["a.txt", "b.txt"], ["c.txt"]]
    assert runs == [3, 3, 3, 3]


def test_texts_are_read_only_for_pairs_the_dates_leave_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reports of one exam on other days, each at its own time, are other exams whatever
    their words: their 3-grams are not worked out (a long follow-up: most pairs). An
    undated pair and a marked version within three days are read (counter-examples)."""
    read: list[int] = []
    real = report_groups._shingles

    def spy(text: str) -> frozenset:
        read.append(len(text))
        return real(text)

    monkeypatch.setattr(report_groups, "_shingles", spy)
    monkeypatch.setattr(report_groups, "_LAST", None)
    daily = [rep(f"{n}.txt", T0 + timedelta(days=5 * n)) for n in range(6)]
    assert group_reports(daily) == [[r.id] for r in daily] and read == []
    undated = [replace(r, date=None, date_known=False) for r in daily[:2]]
    assert group_reports(undated) == [["0.txt", "1.txt"]] and len(read) == 2
    addendum = replace(daily[1], id="1b.txt", text="ADDENDUM: " + TEXT * 3)
    near = [daily[0], replace(addendum, date=T0 + timedelta(days=2))]
    group_reports(near)
    assert len(read) == 4  # a marked version two days later: its words decide
