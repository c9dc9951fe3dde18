"""What round 11 saw when it drove the app under Xvfb + openbox (docs/desktop.md, "Round 11:
driven by hand"), each checked on a real (offscreen) window."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def _chain_over_reports(window, least: int = 3) -> str:
    """A chain with mentions in ``least`` reports or more."""
    p = window.patient
    for c in p.chains.values():
        if len({p.mentions[m].report for m in c.mentions}) >= least:
            return c.id
    raise AssertionError("no chain over several reports")


def test_split_at_a_chains_first_report_is_offered_only_when_it_can_split(
    window, open_and_wait, demo, qtbot
):
    """At the chain's first report, "Split chain at this report" would leave one part empty:
    the toolbar's Split was on, and a click said "split of chain c47 would leave one part
    empty" (an id the user never sees). It is off there, and on at a later report."""
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, demo)
    p = window.patient
    chain = _chain_over_reports(window)
    first, *_, last = p.chain_mentions(chain)
    n_chains = len(p.chains)
    action = window.edit_actions["split_at_report"]
    button = window.toolbar.widgetForAction(action)

    window.selection.on_mention_selected(first.id)
    assert window.selection.current_report_id() == first.report
    assert window.selection.current_chain_id() == chain
    assert not action.isEnabled() and not button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(p.chains) == n_chains
    assert "Not done" not in window.statusBar().currentMessage()

    window.selection.on_mention_selected(last.id)
    assert window.selection.current_report_id() == last.report
    assert action.isEnabled() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(p.chains) == n_chains + 1
    assert p.mentions[last.id].chain != chain and p.mentions[first.id].chain == chain
    assert "Not done" not in window.statusBar().currentMessage()


def test_a_question_with_no_related_sentence_says_so_not_an_empty_list(
    window, open_and_wait, demo, qtbot
):
    """An unparsed question whose retrieval finds nothing showed "Possibly relevant sentences
    (not an answer):" above an empty space; it now says no sentence is about it."""
    from radtrack_gui.gui.ask_panel import verdict
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, demo)
    panel = window.ask_panel
    panel.action.trigger()
    panel.line.setText("Who is the patient's surgeon?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    answer = panel.answer
    assert answer is not None and answer.retrieved_only and not answer.evidence
    assert verdict(answer) == "Not in these reports"
    text = panel.answer_label.text()
    assert "No sentence in these reports is about this question." in text
    assert "Possibly relevant" not in text
    assert not panel.evidence.isVisible()
    # with sentences to show, they are still labelled as not an answer
    panel.ask("When was the appendix removed?")
    assert panel.answer.retrieved_only and panel.answer.evidence
    assert "Possibly relevant sentences (not an answer):" in panel.answer_label.text()


def test_an_organs_mass_is_found_under_its_generic_name_not_in_another_organ(
    window, open_and_wait, demo, qtbot
):
    """Oncology demo, "is the pancreatic mass smaller?": the reports write "mass" in the
    pancreatic head, and "no additional lesion" in the liver. The answer was "No — absent"
    from the liver sentence; it is Yes, from the pancreatic mass's own course."""
    from radtrack_gui.gui.ask_panel import verdict
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, demo.parent / "oncology_patient")
    p = window.patient
    panel = window.ask_panel
    panel.action.trigger()
    panel.line.setText("Is the pancreatic mass smaller?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    answer = panel.answer
    assert answer is not None and answer.answerable
    assert verdict(answer) == "Yes"
    assert "decreased" in answer.answer
    assert answer.evidence and panel.evidence.isVisible()
    for ev in answer.evidence:
        m = p.mentions[ev.mention]
        assert "pancreatic head" in m.anatomy or "pancreas" in m.anatomy
        assert m.assertion != "absent"


def test_the_largest_of_several_lesions_is_the_largest_and_says_which(
    window, open_and_wait, demo, qtbot
):
    """Oncology demo, three liver lesions measured on the last CT (2.2 x 1.9, 1.1 and 0.7 cm):
    "how big is the largest liver lesion?" answered "0.7 cm — liver lesion" (the last one
    written). Now each lesion's latest size is compared, and the answer names the lane."""
    from radtrack_gui.gui.ask_panel import verdict
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, demo.parent / "oncology_patient")
    panel = window.ask_panel
    panel.action.trigger()
    panel.line.setText("How big is the largest liver lesion?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    assert verdict(panel.answer) == "Answer"
    assert panel.answer.answer.startswith("2.2 x 1.9 cm — liver lesion · segment 8 on ")
    assert "2.2 x 1.9 cm — liver lesion · segment 8" in panel.answer_label.text()
    label = panel.evidence.itemWidget(panel.evidence.item(0))
    assert "segment 8 lesion measures <b" in label.text()
    panel.ask("What is the size of the smallest liver lesion?")
    assert panel.answer.answer.startswith("0.7 cm — liver lesion · segment 2 on ")


def test_an_answer_on_screen_follows_a_rename_and_its_undo(
    window, open_and_wait, demo, qtbot, monkeypatch
):
    """The Ask box kept an answer naming a chain as it was before an edit (renamed "mass"
    still read "mass …"; a split-off removal still answered "removed"). An answer read from
    the chains is read again after every edit, undo and redo."""
    from radtrack_gui.gui.qt import QInputDialog, Qt

    open_and_wait(window, demo)
    panel = window.ask_panel
    panel.action.trigger()
    panel.line.setText("Is the chest tube still in?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    before = panel.answer
    assert before.answerable and before.chains
    chain = before.chains[0]
    old = window.patient.chains[chain].label
    assert old in before.answer
    window.selection.on_chain_selected(chain)
    assert window.selection.current_chain_id() == chain
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("thoracostomy tube", True))
    window.edit_actions["rename"].trigger()
    assert window.patient.chains[chain].label == "thoracostomy tube"
    assert "thoracostomy tube" in panel.answer.answer
    assert "thoracostomy tube" in panel.answer_label.text() and old not in panel.answer_label.text()
    window.menus["undo"].trigger()
    assert old in panel.answer.answer and "thoracostomy" not in panel.answer_label.text()


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_a_long_answers_evidence_never_lies_over_the_suggested_questions(
    window, open_and_wait, demo, qtbot, size
):
    """A three-line answer with three long evidence sentences (oncology demo): the evidence
    list kept a minimum of all three rows the dock had no room for, and Qt laid it over the
    "Suggested questions" heading below (its last line hidden under it at 1600x1000). The
    dock now grows while the report keeps its lines; short of that, the list scrolls."""
    from radtrack_gui.gui.main_window import first_size
    from radtrack_gui.gui.qt import QSize

    window.resize(*first_size(QSize(*size)))
    open_and_wait(window, demo.parent / "oncology_patient")
    panel = window.ask_panel
    panel.action.trigger()
    qtbot.waitUntil(lambda: panel.dock.isVisible(), timeout=20000)
    panel.ask("Is the pancreatic mass smaller?")
    assert len(panel.answer.evidence) >= 3 and panel.evidence.isVisible()
    qtbot.wait(100)  # the dock is fitted once the window has laid the answer out
    label = panel.answer_label
    assert label.geometry().bottom() < panel.evidence.geometry().top()
    assert panel.evidence.geometry().bottom() < panel.hints_label.geometry().top()
    assert panel.hints_label.geometry().bottom() < panel.hints.geometry().top()
    assert label.height() >= label.heightForWidth(label.width())  # the answer whole
    text = window.report_view.text
    assert text.viewport().height() >= 8 * text.fontMetrics().lineSpacing()


def test_any_new_asks_whether_it_appeared_not_whether_it_is_there(
    window, open_and_wait, demo, qtbot
):
    """Oncology demo, "any new metastases?": **Yes — liver lesion decreased** (the lesions are
    there, so Yes). "New" asks whether one appeared: No on the last CT, with what it says
    instead; Yes for the time a new one was reported."""
    from radtrack_gui.gui.ask_panel import verdict
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, demo.parent / "oncology_patient")
    p = window.patient
    panel = window.ask_panel
    panel.action.trigger()
    panel.line.setText("Any new metastases?")
    qtbot.keyClick(panel.line, Qt.Key.Key_Return)
    assert verdict(panel.answer) == "No"
    assert panel.answer.answer.startswith("No — nothing new: ")
    assert ">No</span>" in panel.answer_label.text()
    last = p.reports[-1].id
    assert all(ev.report == last for ev in panel.answer.evidence)
    panel.ask("Any new liver lesions since March?")
    assert verdict(panel.answer) == "Yes" and " new on " in panel.answer.answer
    ev = panel.answer.evidence[0]
    assert "new" in ev.text.lower() and ev.report != last
