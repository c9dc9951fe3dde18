"""Course of a chain in words, evidence sentences, and the printable HTML summary."""

from __future__ import annotations

import re
import stat
from datetime import datetime, timedelta
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
    assert "Pertinent negatives and normal statements (1)" in text and "✓ reviewed" in text
    assert "present on 2150-03-04 (XR), increased 03-07 (XR)" in text
    assert parsed.tags.count("table") == 4  # overview, findings, devices, negatives
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


def test_a_summary_a_clinician_would_print():
    """Issue #20 item 5: an overview first (printed alone), each sentence once with all
    its mentions marked, normal statements apart from findings, same-named chains flagged,
    fixed column shares with wrapping evidence."""
    p = Patient(id="p9")
    text = "Small effusion and effusion again. Normal ventricles. Effusion persists."
    for i in range(2):
        p.reports.append(
            Report(id=f"r{i}.txt", text=text, date=datetime(2150, 1, 1 + i), date_known=True,
                   modality="CT")
        )  # fmt: skip
    spots = {"m1": (6, 14), "m2": (19, 27), "m3": (35, 52), "m4": (54, 62)}
    for i in range(2):
        for mid, (a, b) in spots.items():
            concept = "normal ventricles" if mid == "m3" else "pleural effusion"
            p.mentions[f"{mid}r{i}"] = Mention(
                f"{mid}r{i}", f"r{i}.txt", a, b, text[a:b], type="finding", concept=concept
            )
    p.set_chains([["m1r0", "m2r0", "m1r1", "m2r1"], ["m4r0", "m4r1"], ["m3r0", "m3r1"]], source="t")
    both, once, normal = (p.mentions[m].chain or "" for m in ("m1r0", "m4r0", "m3r0"))
    for cid in (both, once):
        p.chains[cid].label = "effusion"
    p.chains[normal].label = "normal ventricles"
    html = html_summary(p)
    body = html.split("<body>", 1)[1]
    overview, chains = body.split('<section class="chains">', 1)
    assert (
        '<section class="overview">' in overview
        and "Not seen or normal:</b> normal ventricles" in overview
    )
    # The sentence holding two mentions of one chain is listed once, both marked.
    c1 = chains.split(f'id="{both}"', 1)[1].split("</tr>", 1)[0]
    assert c1.count("<li") == 2  # one sentence per report
    assert c1.count("<mark>") == 4
    # Different sentences stay apart (counter-example): the other "Effusion persists."
    c2 = chains.split(f'id="{once}"', 1)[1].split("</tr>", 1)[0]
    assert c2.count("<li") == 2 and "Effusion</mark> persists" in c2
    # Normal statements are not findings; twins say so.
    assert "Findings (2)" in chains and "normal ventricles" not in chains.split("Pertinent")[0]
    assert "one of 2 chains named “effusion”" in c1 and "one of 2 chains named" in c2
    assert "table-layout: fixed" in html and "overflow-wrap: break-word" in html
    assert "section.chains { break-before: page; }" in html


def test_the_overview_names_each_negative_once():
    p = Patient(id="n")
    for i in range(3):
        p.reports.append(Report(id=f"r{i}", text="No pneumothorax.", date=datetime(2150, 1, 1 + i),
                                date_known=True, modality="XR"))  # fmt: skip
        p.mentions[f"m{i}"] = Mention(f"m{i}", f"r{i}", 3, 15, "pneumothorax", type="finding",
                                      assertion="absent")  # fmt: skip
    p.set_chains([["m0"], ["m1", "m2"]])
    for c in p.chains.values():
        c.label = "pneumothorax"
    html = html_summary(p)
    assert "Not seen or normal:</b> pneumothorax (2 chains)." in html
    p.chains[p.mentions["m0"].chain or ""].label = "left pneumothorax"  # counter-example
    assert "left pneumothorax, pneumothorax." in html_summary(p)


def test_the_overview_asks_about_chains_that_share_a_name():
    """Issue #20: the overview page itself (not only the chain tables) flags same-named
    chains, in a clinician's words, and marks their rows; a reviewed pair says it was kept
    apart; a renamed one is not flagged (counter-examples)."""
    p = _series("finding", [("present", "new"), ("present", None), ("present", None)])
    p.set_chains([["m0", "m1"], ["m2"]])
    first, second = (p.mentions[m].chain or "" for m in ("m0", "m2"))
    for cid in (first, second):
        p.chains[cid].label = "pleural effusion"
    overview = html_summary(p).split('<section class="chains">', 1)[0]
    assert (
        "<b>Same name, not linked:</b> “pleural effusion” (2 chains). Each is one finding or "
        "device the models did not link, or really two (another side, site or episode): "
        "merge them, or keep them apart." in overview
    )
    assert overview.count('<span class="twin-mark">') == 2
    # Told apart by their first date, as the app names them (not "(1 of 2)").
    assert 'pleural effusion<span class="twin-mark"> · 1 Jan 2150</span>' in overview
    assert 'pleural effusion<span class="twin-mark"> · 3 Jan 2150</span>' in overview
    for cid in (first, second):
        p.chains[cid].reviewed = True
    overview = html_summary(p).split('<section class="chains">', 1)[0]
    assert "Same name, reviewed and kept apart:</b> “pleural effusion” (2 chains)." in overview
    assert "not linked" not in overview
    p.chains[second].label = "left pleural effusion"
    overview = html_summary(p).split('<section class="chains">', 1)[0]
    assert "same name" not in overview.lower()


def test_not_seen_never_names_a_finding_that_is_present() -> None:
    """Round 4: "Not seen or normal: … liver lesion" while liver lesions were present ("no new
    liver lesion" in a later report). A name also present is said so, apart, and its row in
    the negatives table links to the present chain; another side is another finding."""
    p = Patient(id="n")
    said = [
        ("A liver lesion.", "liver lesion", "present", None),
        ("No new liver lesion.", "liver lesion", "absent", None),
        ("Right pleural effusion.", "pleural effusion", "present", "right"),
        ("No left pleural effusion.", "pleural effusion", "absent", "left"),
        ("No pneumothorax.", "pneumothorax", "absent", None),
    ]
    for i, (text, concept, assertion, side) in enumerate(said):
        p.reports.append(Report(id=f"r{i}", text=text, date=datetime(2150, 1, 1 + i),
                                date_known=True, modality="CT"))  # fmt: skip
        at = text.lower().index(concept.split()[-1] if side else concept)
        word = text[at : at + len(concept)] if not side else concept.split()[-1]
        p.mentions[f"m{i}"] = Mention(f"m{i}", f"r{i}", at, at + len(word), word,
                                      type="finding", concept=concept, assertion=assertion,
                                      laterality=side)  # fmt: skip
    p.set_chains([])
    html = html_summary(p)
    line = html.split('<p class="negatives">', 1)[1].split("</p>", 1)[0]
    never, _, denied = line.partition("Present, though some reports say")
    assert "Not seen or normal:</b> left pleural effusion, pneumothorax." in never, line
    assert "liver lesion" not in never and "liver lesion" in denied, line
    assert "pleural effusion" not in denied and "pneumothorax" not in denied, line
    table = html.split("Pertinent negatives and normal statements", 1)[1]
    row = re.search(r'<tr><td class="label">liver lesion.*?</tr>', table)
    assert row is not None, table
    link = f'present in other reports: <a href="#{p.mentions["m0"].chain}">liver lesion</a>'
    assert link in row.group(0), row.group(0)
    assert html.count("present in other reports") == 1


def _twins_by_place() -> Patient:
    """Three "liver lesion" chains in hepatic segments 8, 6 and 8 again, on three dates."""
    p = Patient(id="t")
    places = ["hepatic segment 8", "hepatic segment 6", "hepatic segment 8"]
    for i, place in enumerate(places):
        text = f"Lesion in {place}."
        p.reports.append(Report(id=f"r{i}.txt", text=text, date=datetime(2150, 1, 1 + i),
                                date_known=True, modality="CT"))  # fmt: skip
        p.mentions[f"m{i}"] = Mention(f"m{i}", f"r{i}.txt", 0, 6, "Lesion", type="finding",
                                      concept="liver lesion", anatomy=[place])  # fmt: skip
    p.set_chains([["m0"], ["m1"], ["m2"]])
    for c in p.chains.values():
        c.label = "liver lesion"
    return p


def test_twins_are_named_as_the_app_names_them() -> None:
    """gui-finish3: same-named chains were numbered "(1 of 3)" in the summary while the
    timeline, list and Compare name them by place or date (``views.labels.list_names``,
    the one home of those names): the overview and the chain tables now show those names."""
    from radtrack_gui.views.labels import list_names

    p = _twins_by_place()
    names = list_names(p)
    assert sorted(names.values()) == [
        "liver lesion · segment 6",
        "liver lesion · segment 8, 1 Jan 2150",
        "liver lesion · segment 8, 3 Jan 2150",
    ]
    html = html_summary(p)
    overview, chains = html.split('<section class="chains">', 1)
    for cid, name in names.items():
        rest = name.removeprefix("liver lesion")
        shown = f'liver lesion<span class="twin-mark">{rest}</span>'
        assert f'<a href="#{cid}">{shown}</a>' in overview, (name, overview)
        row = chains.split(f'id="{cid}"', 1)[1].split("</tr>", 1)[0]
        assert shown in row and "one of 3 chains named “liver lesion”" in row, row
    assert " of 3)" not in html and "1 of 3" not in html
    # Counter-example: renamed apart, no chain gets a place added.
    for cid, place in zip(p.chains, ("left", "right", "caudate"), strict=True):
        p.chains[cid].label = f"{place} liver lesion"
    html = html_summary(p)
    assert 'twin-mark">' not in html and "chains named" not in html


def _many(n: int) -> Patient:
    """``n`` findings, each its own chain with its own name; chain k is in 1 + (k % 3 == 0)
    reports (every third is followed up once)."""
    p = Patient(id="many")
    for i in range(n + 1):
        p.reports.append(Report(id=f"r{i:03}.txt", text="A finding here.",
                                date=datetime(2150, 1, 1) + timedelta(days=i), date_known=True,
                                modality="CT"))  # fmt: skip
    groups = []
    for k in range(n):
        ids = [f"a{k}"] + ([f"b{k}"] if k % 3 == 0 else [])
        for j, mid in enumerate(ids):
            p.mentions[mid] = Mention(mid, f"r{k + j:03}.txt", 2, 9, "finding", type="finding",
                                      concept=f"finding {k}")  # fmt: skip
        groups.append(ids)
    p.set_chains(groups)
    for k, ids in enumerate(groups):
        p.chains[p.mentions[ids[0]].chain or ""].label = f"finding {k}"
    return p


def test_the_overview_keeps_to_its_page_and_counts_the_rest() -> None:
    """gui-finish3: the gold demo's overview (79 chains) ran past the first printed page.
    Past its room the overview lists the chains in the most reports and says how many it
    left out and where they are; none is dropped from the chain tables. Counter-example:
    a short patient is listed whole, with no such line."""
    from radtrack_gui.formats.html_summary import OVERVIEW_LINES

    p = _many(90)
    html = html_summary(p)
    overview, chains = html.split('<section class="chains">', 1)
    listed = re.findall(r'<td class="label"><a href="#([^"]+)">', overview)
    assert 12 <= len(listed) < OVERVIEW_LINES
    more = re.search(r"… and (\d+) more findings and devices, each in 1 report:", overview)
    assert more and int(more.group(1)) == 90 - len(listed), overview[-600:]
    assert '<a href="#findings">Findings</a>' in overview and '<h2 id="findings">' in chains
    followed = {p.mentions[f"a{k}"].chain for k in range(0, 90, 3)}
    assert followed <= set(listed)  # those in two reports come first (30 of them)
    for cid in p.chains:  # every chain still has its row in the tables
        assert f'<tr id="{cid}">' in chains
    short = html_summary(_many(20)).split('<section class="chains">', 1)[0]
    assert len(re.findall(r'<td class="label"><a href="#', short)) == 20
    assert "more findings and devices" not in short


def test_a_long_list_of_negatives_is_counted_not_run_on() -> None:
    """The overview's "Not seen or normal" names 30 at most, then counts the rest and
    points to the table that lists them all; 30 or fewer are named whole (counter-example)."""
    for n, cut in ((35, True), (30, False)):
        p = Patient(id="neg")
        for i in range(n):
            p.reports.append(Report(id=f"r{i:02}", text="No thing.", date=datetime(2150, 1 + i // 28, 1 + i % 28),
                                    date_known=True, modality="XR"))  # fmt: skip
            p.mentions[f"m{i}"] = Mention(f"m{i}", f"r{i:02}", 3, 8, "thing", type="finding",
                                          assertion="absent")  # fmt: skip
        p.set_chains([[f"m{i}"] for i in range(n)])
        for i in range(n):
            p.chains[p.mentions[f"m{i}"].chain or ""].label = f"thing {i}"
        html = html_summary(p)
        line = html.split('<p class="negatives">', 1)[1].split("</p>", 1)[0]
        assert ("thing 29." in line) is not cut and "thing 30" not in line, line
        assert (' and 5 more (see <a href="#negatives">' in line) is cut, line
        assert '<h2 id="negatives">' in html and html.count('<td class="label">thing ') == n
