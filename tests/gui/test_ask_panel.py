"""The Ask box offscreen: Ctrl+K opens it, the answer is shown, clicking evidence selects the
mention everywhere, "No answer" is shown clearly, recent questions are kept per project."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_ask_box_answers_and_evidence_selects_the_mention(window, open_and_wait, demo, qtbot):
    from radtrack_gui.gui.ask_panel import verdict
    from radtrack_gui.gui.qt import QKeySequence, Qt
    from radtrack_gui.qa.suggest import load_recent

    open_and_wait(window, demo)
    panel = window.ask_panel
    assert panel.action.shortcut() == QKeySequence("Ctrl+K")
    assert panel.action in window.toolbar.actions()
    assert any(
        menu == "Tools" and "Ask" in what and "K" in keys
        for menu, keys, what in window.menus.shortcut_rows()
    )  # in the shortcuts sheet
    panel.action.trigger()
    assert panel.dock.isVisible()
    assert panel.hints.count() >= 3  # suggested questions for this patient
    panel.line.setText("Is the chest tube still in?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    assert panel.answer is not None and panel.answer.answerable
    assert verdict(panel.answer) == "No"  # the first line, in words read at a glance
    assert ">No</span><br><b>No — right chest tube removed" in panel.answer_label.text()
    assert panel.recent.item(0).text() == "Is the chest tube still in?"  # listed at once
    assert panel.evidence.count() >= 1
    ev = panel.answer.evidence[0]
    label = panel.evidence.itemWidget(panel.evidence.item(0))
    assert "2150-03-09" in label.text() and "<b" in label.text()  # date and highlighted span
    panel.open_evidence(panel.evidence.item(0))
    assert window.report_view.report_id == ev.report
    assert window.selection.selected_mention_ids() == [ev.mention]
    assert window.selection.current_chain_id() == window.patient.mentions[ev.mention].chain
    panel.ask("Is there a pericardial effusion?")
    assert panel.answer.answerable is False
    assert ">Not in these reports</span>" in panel.answer_label.text()
    assert "Not mentioned in these reports: pericardial effusion" in panel.answer_label.text()
    assert panel.evidence.count() == 0
    assert load_recent(window.loaded.path)[:2] == [
        "Is there a pericardial effusion?",
        "Is the chest tube still in?",
    ]
    # no reading model installed: a question it cannot parse gets the closest sentences,
    # labelled as such, never an answer
    panel.ask("When was the appendix removed?")
    assert panel.answer.retrieved_only and panel.answer.answer is None
    assert "Possibly relevant sentences (not an answer)" in panel.answer_label.text()
    assert verdict(panel.answer) == "Not in these reports"  # never a Yes/No
    assert panel.evidence.count() >= 1


def test_ask_box_polarity_scope_and_three_evidence_rows(window, open_and_wait, demo, qtbot):
    """The five removal questions of issue #19 read Yes; an out-of-scope question reads
    "Not in radiology reports" with no evidence; a whole-exam answer shows its first three
    evidence items without scrolling; every question is in Recent at once."""
    from radtrack_gui.gui.ask_panel import verdict

    open_and_wait(window, demo)
    panel = window.ask_panel
    panel.action.trigger()
    window.resize(1400, 900)
    qtbot.wait(50)
    removal = [
        "is the chest tube out?",
        "Has the endotracheal tube been removed?",
        "is the PICC out?",
        "Was the patient extubated?",
        "Is the Foley removed?",
    ]
    for q in removal:
        panel.ask(q)
        assert verdict(panel.answer) == "Yes", (q, panel.answer.answer)
        assert ">Yes</span>" in panel.answer_label.text()
        assert panel.recent.item(0).text() == q
    panel.ask("is the chest tube still in?")
    assert verdict(panel.answer) == "No"
    panel.ask("What is the patient's blood pressure?")
    assert verdict(panel.answer) == "Not in radiology reports"
    assert panel.answer.evidence == [] and panel.evidence.count() == 0
    panel.ask("What did the last CT show?")
    assert panel.answer.answerable and panel.evidence.count() >= 3
    qtbot.wait(50)
    view = panel.evidence.viewport().rect()
    for i in range(3):
        rect = panel.evidence.visualItemRect(panel.evidence.item(i))
        assert view.contains(rect), (i, rect, view)  # three items, no scrolling
    assert [panel.recent.item(i).text() for i in range(2)] == [
        "What did the last CT show?",
        "What is the patient's blood pressure?",
    ]


def test_free_form_question_goes_to_the_reading_model_in_the_background(
    window, open_and_wait, demo, qtbot, tmp_path
):
    pytest.importorskip("transformers")
    from radtrack_gui.qa.extractive import ExtractiveReader
    from radtrack_gui.qa.squad import read_squad
    from radtrack_gui.training.reader import train_reader
    from tests.qa_tiny import squad_file, tiny_base

    model = train_reader(
        read_squad(squad_file(tmp_path / "d.json", 40, seed=3)),
        tmp_path / "m",
        tiny_base(tmp_path / "base"),
        epochs=1,
        max_length=64,
        stride=16,
        held_out=0.0,
    ).path
    open_and_wait(window, demo)
    panel = window.ask_panel
    panel._extractive = ExtractiveReader(path=model, null_threshold=-1e9)  # always answers
    with qtbot.waitSignal(panel.answered, timeout=30000) as blocker:
        assert panel.ask("What happened to the spleen?") is None  # not parsed: async
    answer = blocker.args[0]
    assert answer.reader == "reader" and answer.answerable
    assert "(reader)" in panel.answer_label.text()
    ev = answer.evidence[0]
    assert window.patient.report(ev.report).text[ev.start : ev.end] == ev.text


def test_ctrl_k_opens_the_ask_box_wherever_the_focus_is(window, open_and_wait, demo, qtbot):
    """Issue #20: Ctrl+K did not open the Ask box when sent at the screen. The key goes to
    the focused widget as a user's would (shortcut override first): from the timeline, the
    report viewer, the chain list and its search box, the box opens with the focus in its
    question line; the chain search's text is left as it was (Ctrl+K is not "delete to the
    end of the line" there)."""
    from radtrack_gui.gui.qt import QApplication, Qt

    open_and_wait(window, demo)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=20000)
    panel = window.ask_panel
    window.chain_list.search.setText("effusion")
    window.chain_list.search.setCursorPosition(2)
    for name, widget in (
        ("timeline", window.timeline.view),
        ("report", window.report_view.text),
        ("chain list", window.chain_list.tree),
        ("chain search", window.chain_list.search),
    ):
        panel.dock.hide()
        widget.setFocus()
        qtbot.waitUntil(widget.hasFocus, timeout=20000)
        qtbot.keyClick(widget, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
        assert panel.dock.isVisible(), name
        assert panel.line.hasFocus(), name
    assert window.chain_list.search.text() == "effusion"
    # Counter-example: another key with Ctrl does not open it.
    panel.dock.hide()
    window.timeline.view.setFocus()
    qtbot.keyClick(window.timeline.view, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert not panel.dock.isVisible()


def test_suggested_questions_have_the_room_before_a_question(window, open_and_wait, demo, qtbot):
    """At 1280x800 the empty evidence list took the dock's room and the suggested
    questions showed in a strip two rows high, the second cut. Before a question the
    suggestions show whole; an answer's evidence then takes the room (and no evidence
    list shows for an answer without evidence)."""
    from radtrack_gui.gui.main_window import first_size
    from radtrack_gui.gui.qt import QSize

    window.resize(*first_size(QSize(1280, 800)))
    open_and_wait(window, demo)
    panel = window.ask_panel
    panel.action.trigger()
    qtbot.waitUntil(lambda: panel.hints.isVisible(), timeout=20000)
    qtbot.wait(50)
    shown = min(panel.hints.count(), 3)
    assert shown >= 2
    row = panel.hints.sizeHintForRow(0)
    assert panel.hints.viewport().height() >= shown * row, (panel.hints.height(), row)
    assert not panel.evidence.isVisible()
    panel.ask("Is the chest tube still in?")
    assert panel.evidence.count() >= 1 and panel.evidence.isVisible()
    # each row measured at the list's shown width (not as tall as a hidden list's rows)
    width = panel.evidence.viewport().width() - 6
    for i in range(panel.evidence.count()):
        label = panel.evidence.itemWidget(panel.evidence.item(i))
        assert panel.evidence.item(i).sizeHint().height() <= label.heightForWidth(width) + 4
    panel.ask("Is there a pericardial effusion?")
    assert panel.evidence.count() == 0 and not panel.evidence.isVisible()


def test_an_answer_leaves_the_report_viewer_its_room(window, open_and_wait, demo, qtbot):
    """At 1280x800 an answer grew the Ask dock and the report viewer above it kept two
    lines; the dock is now no taller than the answer needs."""
    from radtrack_gui.gui.main_window import first_size
    from radtrack_gui.gui.qt import QSize

    window.resize(*first_size(QSize(1280, 800)))
    open_and_wait(window, demo)
    panel = window.ask_panel
    panel.action.trigger()
    qtbot.waitUntil(lambda: panel.dock.isVisible(), timeout=20000)
    window.resizeDocks(
        [panel.dock], [600], __import__("PySide6.QtCore").QtCore.Qt.Orientation.Vertical
    )
    qtbot.wait(50)
    panel.ask("Is the chest tube still in?")
    assert panel.evidence.isVisible()
    label = panel.answer_label
    qtbot.waitUntil(lambda: panel.dock.height() < 420, timeout=20000)
    assert label.height() >= label.heightForWidth(label.width())  # the answer shows whole
    text = window.report_view.text
    assert text.viewport().height() >= 8 * text.fontMetrics().lineSpacing()
