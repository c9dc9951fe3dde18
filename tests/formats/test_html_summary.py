"""Course of a chain in words, evidence sentences, and the printable HTML summary."""

from __future__ import annotations

import stat
from datetime import datetime
from html.parser import HTMLParser
from pathlib import Path

from edit_cases import make_patient

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.formats.html_summary import html_summary, write_html_summary
from radtrack_gui.nlp.text import sentence_spans
from radtrack_gui.views.course import chain_course, mention_sentence


def test_course_of_a_finding_and_a_device():
    p = make_patient()
    c = chain_course(p, "c1")
    assert [e.word for e in c.events] == ["present", "increased", "stable", "resolved"]
    assert c.text == (
        "present on 2150-03-04 (XR), increased 03-07 (XR), stable 03-10 (XR), resolved 03-13 (XR)"
    )
    assert c.first_seen is not None and c.first_seen.id == "r1.txt"
    assert c.last_seen is not None and c.last_seen.id == "r3.txt"  # r4 says it resolved
    d = chain_course(p, "c2")
    assert d.text == "in place on 2150-03-04 (XR), unchanged 03-07 (XR), removed 03-10 (XR)"
    neg = chain_course(p, "c3")
    assert neg.only_absent and neg.text == "absent on 2150-03-07 (XR)"


def _series(kind: str, states: list[tuple[str, str | None]], undated_last: bool = False) -> Patient:
    p = Patient(id="s")
    for i, (assertion, change) in enumerate(states):
        rid = f"r{i}.txt"
        last = undated_last and i == len(states) - 1
        p.reports.append(
            Report(
                id=rid,
                text="There is a thing here.",
                date=None if last else datetime(2150 + (i == 3), 1, 1 + i),
                date_known=not last,
                modality="CT" if i % 2 else "XR",
            )
        )
        p.mentions[f"m{i}"] = Mention(
            f"m{i}", rid, 11, 16, "thing", type=kind, assertion=assertion, change=change
        )
    p.set_chains([list(p.mentions)])
    return p


def test_runs_fold_and_things_come_back():
    p = _series(
        "finding",
        [
            ("present", "new"),
            ("present", "stable"),
            ("present", "stable"),
            ("present", "stable"),
            ("absent", None),
            ("present", None),
        ],
        undated_last=True,
    )
    c = chain_course(p, "c1")
    assert [e.word for e in c.events] == [
        "new",
        "stable",
        "stable",
        "stable",
        "resolved",
        "recurred",
    ]
    assert c.text == (
        "new on 2150-01-01 (XR), stable 01-02 to 2151-01-04 (3 reports, CT/XR), "
        "resolved 2150-01-05 (XR), recurred in undated report r5.txt (CT)"
    )
    dev = _series(
        "device",
        [
            ("present", "inserted"),
            ("present", "advanced"),
            ("present", "removed"),
            ("present", None),
        ],
    )
    assert [e.word for e in chain_course(dev, "c1").events] == [
        "inserted",
        "advanced",
        "removed",
        "reinserted",
    ]
    gone = chain_course(_series("device", [("present", "removed")]), "c1")
    assert gone.text == "removed on 2150-01-01 (XR)" and gone.first_seen is None
    assert not gone.only_absent  # a removal is news, not a pertinent negative


def test_evidence_sentence_from_the_nlp_splitter():
    p = make_patient()
    sentence, a, b = mention_sentence(p, p.mentions["m3"])
    assert sentence == "Left effusion increased."
    assert sentence[a:b] == "effusion"
    text = "FINDINGS: Tube in\n  place. No effusion!\n\nIMPRESSION: Stable."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "FINDINGS:",
        "Tube in\n  place.",
        "No effusion!",
        "IMPRESSION:",
        "Stable.",
    ]
    p.reports[0].text = "Line one\nwraps here. Next."
    p.mentions["m1"] = Mention("m1", p.reports[0].id, 5, 8, "one")
    sentence, a, b = mention_sentence(p, p.mentions["m1"])
    assert sentence == "Line one wraps here." and sentence[a:b] == "one"


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.marks: list[str] = []
        self._in_mark = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.tags.append(tag)
        self._in_mark = tag == "mark"

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        self._in_mark = False

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self.text.append(data)
        if self._in_mark:
            self.marks.append(data)


def test_html_summary_file(tmp_path: Path):
    p = make_patient()
    p.id = "P&<7>"
    p.chains["c1"].reviewed = True
    p.chains["c1"].label = "effusion <b>left</b>"
    path = tmp_path / "out" / "summary.html"
    write_html_summary(p, path, generated=datetime(2150, 5, 1, 9, 30), models="rules + knowledge")
    html = path.read_text(encoding="utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert html.startswith("<!DOCTYPE html>") and "@media print" in html
    assert "P&amp;&lt;7&gt;" in html and "<b>left</b>" not in html
    assert "&lt;b&gt;left&lt;/b&gt;" in html
    for banned in ("<script", "src=", "http://", "https://", "synthetic"):
        assert banned not in html.lower()
    parsed = _Collector()
    parsed.feed(html)
    text = " ".join(parsed.text)
    assert "generated 2150-05-01 09:30" in text and "rules + knowledge" in text
    assert "Findings (1)" in text and "Devices (1)" in text
    assert "Pertinent negatives (1)" in text and "✓ reviewed" in text
    assert "present on 2150-03-04 (XR), increased 03-07 (XR)" in text
    assert parsed.tags.count("table") == 3
    assert parsed.marks == [
        "pleural effusion",
        "effusion",
        "Effusion",
        "pleural effusion",
        "ET tube",
        "ET tube",
        "tube",
    ]  # negatives: no evidence column


def test_html_escapes_report_text_and_caps_evidence():
    p = _series("finding", [("present", None)] * 6)
    for r in p.reports:
        r.text = "There is a thing here <script>alert(1)</script>."
    html = html_summary(p, max_evidence=4)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "… and 2 more" in html
    assert "No findings." in html_summary(p, min_mentions=7)


def test_two_exams_the_same_day_show_the_time():
    p = _series("device", [("present", "inserted"), ("present", "repositioned")])
    p.reports[1].date = datetime(2150, 1, 1, 18, 5)
    assert chain_course(p, "c1").text == (
        "inserted on 2150-01-01 (XR), repositioned 01-01 18:05 (CT)"
    )


def test_first_report_relative_words_and_confirmed_possibles():
    dev = _series("device", [("present", "unchanged"), ("present", None)])
    assert chain_course(dev, "c1").text == "in place from 2150-01-01 to 01-02 (2 reports, CT/XR)"
    f = _series("finding", [("present", "stable"), ("possible", None), ("present", None)])
    assert [e.word for e in chain_course(f, "c1").events] == ["present", "possible", "present"]
