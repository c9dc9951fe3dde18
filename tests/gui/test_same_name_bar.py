"""Issue #20: the chain list asks about chains that share a name, and the user acts on it:
select them everywhere, merge them, or keep them apart (a real window, offscreen)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def _click_link(qtbot, label, text: str) -> None:
    """A real mouse click in the middle of the link ``text`` of a word-wrapped rich-text
    label (laid out as the label lays it out: its font, its width, no margin)."""
    from radtrack_gui.gui.qt import QPoint, Qt, QtGui

    doc = QtGui.QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(label.font())
    doc.setHtml(label.text())
    doc.setTextWidth(label.contentsRect().width())
    doc.documentLayout()
    assert doc.size().width() > 0  # laid out
    at = doc.toPlainText().index(text) + len(text) // 2
    block = doc.findBlock(at)
    layout = block.layout()
    line = layout.lineForTextPosition(at - block.position())
    assert line.isValid()
    x = line.cursorToX(at - block.position())[0]
    y = layout.position().y() + line.y() + line.height() / 2
    rect = label.contentsRect()
    qtbot.mouseClick(
        label, Qt.MouseButton.LeftButton, pos=QPoint(int(x) + rect.x(), int(y) + rect.y())
    )


def _bar_groups(window) -> list[tuple[str, ...]]:
    return [g.chains for g in window.chain_list.same_name.groups]


def test_same_named_chains_are_asked_about_and_acted_on(qtbot, window):
    from radtrack_gui.views.same_name import same_named

    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.menus["demo_oncology"].trigger()
    p = window.patient
    bar = window.chain_list.same_name
    expected = [g for g in same_named(p) if not g.reviewed]
    assert len(expected) >= 2  # the oncology demo has several ("liver lesion", "mass", …)
    assert bar.isVisible() and _bar_groups(window) == [g.chains for g in expected]
    first = expected[0]
    text = bar.text.text()
    # (the first name is the three liver lesions of segments 8, 6 and 2: GUIDELINE 10)
    assert text.startswith(f"{first.count_words()} — the same finding?")
    assert "merge them, or keep them apart" in text
    assert bar.offered() == ["select", "merge", "keep", "next"]
    select = "Select both" if len(first.chains) == 2 else f"Select all {len(first.chains)}"
    assert f"Next\u00a0(1\u00a0of\u00a0{len(expected)})\u00a0›" in text and f">{select}</a>" in text
    # Select both / all (a real click on the link): the list and the timeline show exactly
    # these chains selected.
    _click_link(qtbot, bar.text, select)
    assert sorted(window.chain_list.selected_chain_ids()) == sorted(first.chains)
    assert sorted(window.timeline.selection.chains) == sorted(first.chains)
    # Next: the following name.
    bar.text.linkActivated.emit("next")
    assert bar.current is not None and bar.current.key == expected[1].key
    # Merge: one chain of that name left, the question gone; undo brings them back.
    n = len(p.chains)
    bar.text.linkActivated.emit("merge")
    assert len(p.chains) == n - len(expected[1].chains) + 1
    assert expected[1].key not in [g.key for g in bar.groups]
    window.session.undo()
    assert len(p.chains) == n and expected[1].key in [g.key for g in bar.groups]
    # Keep apart: marked reviewed (one undoable edit, saying so); not asked again.
    bar.index = 0
    bar._show()
    bar.text.linkActivated.emit("keep")
    assert all(p.chains[c].reviewed for c in first.chains)
    assert first.key not in [g.key for g in bar.groups]
    assert "apart" in window.session.history.undo_text()
    window.session.undo()
    assert first.key in [g.key for g in bar.groups]


def test_no_shared_name_no_notice_and_read_only_cannot_merge(window):
    """Counter-examples: a patient whose chains all differ in name shows no notice; with a
    shared name in a read-only window, Merge and Keep apart are off."""
    from radtrack_gui.core.model import Mention, Patient, Report

    bar = window.chain_list.same_name
    p = Patient(id="x")
    p.reports.append(Report(id="r1", text="Effusion. Effusion.", modality="XR"))
    p.mentions["a"] = Mention("a", "r1", 0, 8, "Effusion", type="finding")
    p.mentions["b"] = Mention("b", "r1", 10, 18, "Effusion", type="finding")
    p.set_chains([["a"], ["b"]])
    for c, name in zip(p.chains.values(), ("left effusion", "right effusion"), strict=True):
        c.label = name
    bar.update_from(p)
    assert not bar.isVisible() and bar.groups == []
    for c in p.chains.values():
        c.label = "effusion"
    bar.update_from(p, editable=False)
    assert bar.isVisible() and len(bar.groups) == 1
    assert bar.offered() == ["select"]  # no merge, no keep apart, nothing next
    assert "Merge" not in bar.text.text() and "Select both" in bar.text.text()
    bar.activate("merge")  # refused: nothing asked of the window
    bar.update_from(None)
    assert not bar.isVisible()
