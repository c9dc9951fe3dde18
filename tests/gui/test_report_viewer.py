"""The report viewer stays readable (issue #20 item 2): a click in a bold section heading
does not turn the next reports bold, and a finding added from a text selection shows its
highlight at once."""

from __future__ import annotations

import pytest

from radtrack_gui.gui.qt import QFont, Qt, QTextCursor
from radtrack_gui.gui.report_text import section_headings

pytestmark = pytest.mark.gui


def _bold_outside_headings(view) -> list[int]:
    """Qt positions of bold characters of the shown document outside its headings."""
    report = view.patient.report(view.report_id)
    heads = [(view._offsets.to_qt(a), view._offsets.to_qt(b)) for a, b in section_headings(report)]
    doc = view.text.document()
    bold = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            if frag.charFormat().fontWeight() >= QFont.Weight.Bold:
                for q in range(frag.position(), frag.position() + frag.length()):
                    if not any(a <= q < b for a, b in heads):
                        bold.append(q)
            it += 1
        block = block.next()
    return bold


def test_a_click_in_a_heading_leaves_later_reports_plain(qtbot, window, open_and_wait, demo_gold):
    open_and_wait(window, demo_gold)
    view = window.report_view
    p = window.patient
    first = next(r for r in p.reports if section_headings(r))
    view.show_report(first.id)
    start, stop = section_headings(first)[0]
    # Click with the mouse inside the heading: the text cursor now sits in bold text.
    cur = QTextCursor(view.text.document())
    cur.setPosition(view._offsets.to_qt((start + stop) // 2))
    point = view.text.cursorRect(cur).center()
    qtbot.mouseClick(view.text.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert view.text.textCursor().charFormat().fontWeight() >= QFont.Weight.Bold
    seen = 0
    for _ in range(min(4, len(p.reports) - 1)):
        window.menus["next_report"].trigger()  # Ctrl+PgDown
        assert _bold_outside_headings(view) == [], view.report_id
        seen += 1
    window.menus["prev_report"].trigger()  # Ctrl+PgUp
    assert _bold_outside_headings(view) == []
    assert seen >= 1


def test_an_added_finding_is_highlighted_at_once(qtbot, window, open_and_wait, demo_gold):
    open_and_wait(window, demo_gold)
    p = window.patient
    view = window.report_view
    report = p.reports[0]
    taken = [(m.start, m.end) for m in p.mentions_of(report.id)]
    start = next(
        i
        for i, word in ((report.text.find(w), w) for w in report.text.split())
        if i >= 0 and len(word) > 4 and word.isalpha()
        and not any(a < i + len(word) and i < b for a, b in taken)
    )  # fmt: skip
    end = start + len(report.text[start:].split()[0])
    view.select_span(start, end)
    window.update_actions()
    window.edit_actions["add_finding"].trigger()  # Ctrl+Shift+F
    new = next(
        m for m in p.mentions.values() if (m.report, m.start, m.end) == (report.id, start, end)
    )
    # The selection it was made from no longer paints over it; its highlight is drawn.
    assert not view.text.textCursor().hasSelection()
    spans = {
        (view._offsets.from_qt(s.cursor.selectionStart()), view._offsets.from_qt(s.cursor.selectionEnd()))
        for s in view.text.extraSelections()
    }  # fmt: skip
    assert (start, end) in spans
    assert new.id in view.highlighted_mentions()
