"""The Ask box: a question about the open patient, answered with evidence (dock, Ctrl+K).

The answer is a short sentence; the evidence lists report date, exam and the sentence with
the answer span highlighted. Clicking an evidence row opens it in the report viewer and
selects the mention and its chain everywhere (the window's selection controller).
Recent questions are kept per project (``qa.suggest``) and listed under "Recent" the moment
they are asked; a few suggested questions come from the open patient's chains. The answer's
first line is the verdict a clinician reads at a glance (Yes / No / Not in these reports /
Not in radiology reports), then the sentence and its confidence; the evidence list is tall
enough for three items without scrolling. The readers are Qt-free (``qa``); the chains reader answers
in milliseconds, so it runs on the GUI thread; a free-form question it cannot parse goes to
the installed reading model in the background (``gui.ops.Op``), else to the closest sentences.
"""

from __future__ import annotations

import contextlib
import html
from typing import Any

from radtrack_gui.gui.qt import (
    QAction,
    QDockWidget,
    QHBoxLayout,
    QKeySequence,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.qa.answer import NOTHING_RELATED, RETRIEVED, Answer, Evidence

NO_ANSWER = "No answer in these reports."
EVIDENCE_ROWS = 3  # evidence items shown without scrolling
QUESTION_ROWS = 3  # suggested / recent questions shown whole before an answer
QUESTION_ROWS_WITH_EVIDENCE = 2  # ... and beside an answer's evidence
REPORT_LINES = 8  # lines of the report viewer an answer's evidence leaves it
_VERDICT_COLOURS = {"Yes": "#1b5e20", "No": "#b71c1c"}


def verdict(answer: Answer) -> str:
    """The first line: Yes / No / Not in these reports / Not stated in these reports (the
    thing is there, what was asked of it is not: a size, "remission") / Not in radiology
    reports / Answer."""
    from radtrack_gui.qa.answer import NOT_IN_RADIOLOGY, NOT_STATED, SCOPE, UNSTATED

    if answer.retrieved_only:
        return "Not in these reports"
    if not answer.answerable:
        if answer.status == UNSTATED:
            return NOT_STATED
        return NOT_IN_RADIOLOGY if answer.status == SCOPE else "Not in these reports"
    head = (answer.answer or "").lstrip().lower()
    if head.startswith("yes"):
        return "Yes"
    if head.startswith("no") and not head.startswith(("none", "nothing", "normal")):
        return "No"
    return "Answer"


def evidence_html(ev: Evidence) -> str:
    """Date, exam and the sentence, the answer (or mention) span in bold on yellow."""
    text = ev.text
    if ev.highlight is not None:
        a = max(0, ev.highlight[0] - ev.start)
        b = min(len(text), ev.highlight[1] - ev.start)
        body = (
            html.escape(" ".join(text[:a].split()))
            + " <b style='background:#fff3a3'>"
            + html.escape(" ".join(text[a:b].split()))
            + "</b> "
            + html.escape(" ".join(text[b:].split()))
        )
    else:
        body = html.escape(" ".join(text.split()))
    head = html.escape(f"{ev.date or 'undated'} · {ev.exam or ev.report}")
    return f"<span style='color:#555'>{head}</span><br>{body}"


class AskPanel(QWidget):
    """Question line, answer, evidence, and suggested / recent questions."""

    answered = Signal(object)  # the Answer, once shown

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window_ = window
        self.answer: Answer | None = None
        self._reader: Any = None
        self._reader_patient: int | None = None
        self._suggested_for: int | None = None  # id() of the patient the hints are for
        self._extractive: Any = False  # the installed `reader` (None: none; False: not looked)
        self.dock: QDockWidget | None = None  # set by install(): the dock holding the panel
        self.action: QAction | None = None  # and the Ask action (Ctrl+K)
        self.line = QLineEdit(self)
        self.line.setObjectName("askLine")
        self.line.setPlaceholderText("Ask about this patient, e.g. Is the chest tube still in?")
        self.line.returnPressed.connect(self.ask)
        self.button = QPushButton("Ask", self)
        self.button.clicked.connect(self.ask)
        row = QHBoxLayout()
        row.addWidget(self.line, 1)
        row.addWidget(self.button)
        self.answer_label = QLabel("", self)
        self.answer_label.setObjectName("askAnswer")
        self.answer_label.setWordWrap(True)
        self.answer_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.evidence = QListWidget(self)
        self.evidence.setObjectName("askEvidence")
        self.evidence.setWordWrap(True)
        self.evidence.itemActivated.connect(self.open_evidence)
        self.evidence.itemClicked.connect(self.open_evidence)
        self.evidence.setMinimumHeight(EVIDENCE_ROWS * 64 + 8)
        self._evidence_want = EVIDENCE_ROWS * 64 + 8  # all the rows (``_fit_evidence``)
        self._evidence_least = 48  # its first row
        # Shown with an answer's evidence: empty, it took the room of the suggested
        # questions (two rows, cut, at 1280x800 and 1480x900)
        self.evidence.hide()
        self.hints_label = QLabel("Suggested questions", self)
        self.hints = QListWidget(self)
        self.hints.setObjectName("askHints")
        self.hints.itemActivated.connect(self._hint)
        self.hints.itemClicked.connect(self._hint)
        self.recent_label = QLabel("Recent", self)
        self.recent = QListWidget(self)
        self.recent.setObjectName("askRecent")
        self.recent.itemActivated.connect(self._hint)
        self.recent.itemClicked.connect(self._hint)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.answer_label)
        lay.addWidget(self.evidence, 1)
        lay.addWidget(self.hints_label)
        lay.addWidget(self.hints)
        lay.addWidget(self.recent_label)
        lay.addWidget(self.recent)
        lay.addStretch(0)  # the room left, when there is no evidence to give it to
        self._fit_questions()

    # -- the patient ---------------------------------------------------------------------
    def _project_path(self) -> str | None:
        loaded = getattr(self.window_, "loaded", None)
        return getattr(loaded, "path", None)

    def patient_changed(self) -> None:
        """Refill the recent questions for the newly opened patient; the suggestions are
        worked out when the box is shown (it starts hidden) or, shown, after the views
        are drawn: they take a pass over every chain, which a first draw need not wait
        for (issue #20 item 12)."""
        from radtrack_gui.qa.suggest import load_recent

        self.answer = None
        self.answer_label.setText("")
        self.evidence.clear()
        self.hints.clear()
        self.recent.clear()
        self._suggested_for = None
        patient = self.window_.patient
        if patient is None:
            return
        if self.isVisible():
            QTimer.singleShot(0, self.fill_suggestions)
        path = self._project_path()
        for q in load_recent(path) if path else []:
            if not self.recent.findItems(q, Qt.MatchFlag.MatchExactly):
                self.recent.addItem(q)
        self._fit_questions()

    def patient_edited(self) -> None:
        """An edit, undo or redo changed the chains: an answer read from them is read again
        (milliseconds), so it never names a chain as it was before the edit ("mass" after a
        rename to "pancreatic head mass", a removal split off to another chain)."""
        patient = self.window_.patient
        if self.answer is None or self.answer.reader != "chains" or patient is None:
            return
        if not self.isVisible():  # read again when asked again, not on every edit
            self.answer = None
            self.answer_label.setText("")
            self.evidence.clear()
            return
        self.show_answer(self.reader().answer(patient, self.answer.question))

    def fill_suggestions(self) -> None:
        """The suggested questions for the open patient (once per patient opened)."""
        from radtrack_gui.qa.suggest import suggestions

        patient = self.window_.patient
        if patient is None or self._suggested_for == id(patient):
            return
        self._suggested_for = id(patient)
        self.hints.clear()
        for q in suggestions(patient):
            if not self.hints.findItems(q, Qt.MatchFlag.MatchExactly):
                self.hints.addItem(q)
        self._fit_questions()

    def _fit_questions(self) -> None:
        """Suggested and Recent questions as tall as whole rows: QUESTION_ROWS before an
        answer, QUESTION_ROWS_WITH_EVIDENCE beside its evidence (a 24 px least and a 96 px
        most showed one and a half rows of each once evidence was shown); more scroll."""
        rows = QUESTION_ROWS_WITH_EVIDENCE if self.evidence.isVisibleTo(self) else QUESTION_ROWS
        for box in (self.hints, self.recent):
            row = box.sizeHintForRow(0) if box.count() else box.fontMetrics().height() + 4
            n = max(1, min(rows, box.count()))
            box.setFixedHeight(n * row + 2 * box.frameWidth())

    def _hint(self, item: QListWidgetItem) -> None:
        self.line.setText(item.text())
        self.ask()

    def reader(self) -> Any:
        """The chains reader of the open patient (its retrieval index is kept)."""
        from radtrack_gui.qa.chains_reader import ChainsReader

        patient = self.window_.patient
        if self._reader is None or self._reader_patient != id(patient):
            self._reader, self._reader_patient = ChainsReader(fallback=False), id(patient)
        return self._reader

    def extractive(self) -> Any:
        """The installed extractive reader, or None (looked up once)."""
        if self._extractive is False:
            from radtrack_gui.qa.extractive import installed_reader

            self._extractive = installed_reader()
        return self._extractive

    # -- asking --------------------------------------------------------------------------
    def ask(self, question: str | None = None) -> Answer | None:
        text = (question if isinstance(question, str) else self.line.text()).strip()
        patient = self.window_.patient
        if not text or patient is None:
            if patient is None:
                self.answer_label.setText("Open a patient first.")
            return None
        if question is not None and isinstance(question, str):
            self.line.setText(text)
        self._remember(text)
        from radtrack_gui.qa.question import parse_question

        if not parse_question(text).parsed and self.extractive() is not None:
            # a free-form question for the reading model: seconds, so off the GUI thread
            from radtrack_gui.gui.ops import Op

            reader = self.extractive()
            self.answer_label.setText("Reading the reports…")
            self.evidence.clear()
            op = Op(lambda _p, _c: reader.answer(patient, text), name="ask", parent=self)
            op.on_success(self.show_answer).on_failure(
                lambda exc: self.answer_label.setText(f"Could not answer: {html.escape(str(exc))}")
            ).run()
            return None
        answer = self.reader().answer(patient, text)  # the chains: milliseconds
        self.show_answer(answer)
        return answer

    def _remember(self, text: str) -> None:
        for item in self.recent.findItems(text, Qt.MatchFlag.MatchExactly):
            self.recent.takeItem(self.recent.row(item))
        self.recent.insertItem(0, text)  # listed at once, newest first
        self._fit_questions()
        path = self._project_path()
        if path:
            from radtrack_gui.qa.suggest import add_recent

            with contextlib.suppress(OSError):  # a convenience; the answer stands
                add_recent(path, text)

    def show_answer(self, answer: Answer) -> None:
        self.answer = answer
        head = verdict(answer)
        colour = _VERDICT_COLOURS.get(head, "#37474f")
        msg = f"<span style='font-size:15pt;font-weight:bold;color:{colour}'>{head}</span><br>"
        if answer.retrieved_only and not answer.evidence:
            msg += html.escape(NOTHING_RELATED) + "."
        elif answer.retrieved_only:
            msg += f"<span style='color:#555'>{RETRIEVED}:</span>"
        elif not answer.answerable:
            msg += html.escape(answer.note or NO_ANSWER)
        else:
            source = "" if answer.reader == "chains" else f" <i>({answer.reader})</i>"
            msg += f"<b>{html.escape(answer.answer or '')}</b>{source}"
            msg += (
                f"<br><span style='color:#555'>confidence {round(100 * answer.confidence)} %</span>"
            )
        self.answer_label.setText(msg)
        self.evidence.clear()
        # Shown (and laid out) before the rows are measured: a hidden list's width made
        # every row as tall as at 120 px.
        self.evidence.setVisible(bool(answer.evidence))
        self._fit_questions()
        layout = self.layout()
        if layout is not None:
            layout.activate()
        # more rows than shown at once: the scroll bar takes its width from the rows
        bar = (
            self.evidence.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
            if len(answer.evidence) > EVIDENCE_ROWS
            else 0
        )
        for ev in answer.evidence:
            item = QListWidgetItem(self.evidence)
            label = QLabel(evidence_html(ev))
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            item.setData(Qt.ItemDataRole.UserRole, ev)
            item.setToolTip(f"{ev.report} {ev.start}-{ev.end}")
            width = max(120, self.evidence.viewport().width() - 6 - bar)
            height = label.heightForWidth(width)
            hint = label.sizeHint()
            if height > 0:
                hint.setHeight(height + 4)
                hint.setWidth(width)
            item.setSizeHint(hint)
            self.evidence.setItemWidget(item, label)
        self._fit_evidence()
        QTimer.singleShot(0, self._fit_dock)  # once the window has laid out the answer
        self.answered.emit(answer)

    def _fit_evidence(self) -> None:
        """Room for the first EVIDENCE_ROWS items without scrolling (``_evidence_want``);
        the list's minimum is its first row until ``_fit_dock`` knows what the dock holds:
        a minimum of all three rows that the dock had no room for laid the list over
        "Suggested questions" below it (a three-line answer, three long sentences)."""
        rows = [
            self.evidence.item(i).sizeHint().height()
            for i in range(min(EVIDENCE_ROWS, self.evidence.count()))
        ]
        frame = 2 * self.evidence.frameWidth() + 2 * self.evidence.spacing() + 4
        # what the rows need, no more: a fixed 200 px for two short rows squeezed the
        # report viewer above to two lines at 1280x800
        self._evidence_want = max(48, sum(rows) + frame)
        self._evidence_least = min(self._evidence_want, max(48, (rows[0] if rows else 0) + frame))
        self.evidence.setMinimumHeight(self._evidence_least)

    def _fit_dock(self) -> None:
        """The dock as tall as the answer and its evidence need: shorter, the report viewer
        it shares the side with keeps the rest (at 1280x800 an answer left the report two
        lines); taller only while the report keeps REPORT_LINES lines, and what is still
        short the evidence list scrolls."""
        dock, window = self.dock, self.window_
        if dock is None or not dock.isVisible() or dock.isFloating():
            return
        layout = self.layout()
        if layout is not None:
            layout.activate()
        label = self.answer_label  # wrapped: its minimum is not for its width
        wrapped = label.heightForWidth(max(1, label.width())) - label.minimumSizeHint().height()
        least = self.evidence.minimumHeight()
        more = max(0, self._evidence_want - least) if self.evidence.isVisible() else 0
        lowest = dock.minimumSizeHint().height() + max(0, wrapped) + 4  # evidence: 1 row
        need = lowest + more
        report = getattr(window, "report_dock", None)
        if report is None or not report.isVisible() or report.isFloating():
            return
        if window.dockWidgetArea(report) != window.dockWidgetArea(dock):
            return
        total = dock.height() + report.height()
        text = getattr(getattr(window, "report_view", None), "text", None)
        # what the report can give (or, short of REPORT_LINES lines, wants back)
        spare = (
            text.viewport().height() - REPORT_LINES * text.fontMetrics().lineSpacing()
            if text is not None
            else 0
        )
        height = max(lowest, min(need, dock.height() + spare))
        if height != dock.height():  # (resizeDocks shares out what the list holds)
            window.resizeDocks([report, dock], [total - height, height], Qt.Orientation.Vertical)
        if more:
            self.evidence.setMinimumHeight(least + max(0, min(more, height - lowest)))

    def open_evidence(self, item: QListWidgetItem) -> None:
        """Show the evidence in the report viewer; select its mention and chain."""
        ev: Evidence = item.data(Qt.ItemDataRole.UserRole)
        w = self.window_
        patient = w.patient
        if patient is None or ev is None:
            return
        mention = ev.mention
        if mention is None:  # a reader's span: the mention inside it, if any
            inside = [
                m for m in patient.mentions_of(ev.report) if m.start < ev.end and ev.start < m.end
            ]
            mention = inside[0].id if inside else None
        if mention is not None and mention in patient.mentions:
            w.selection.on_mention_selected(mention)
        else:
            w.report_view.show_report(ev.report)


def install_ask(window: Any) -> AskPanel:
    """Add the Ask dock, the toolbar button and Tools ▸ Ask (Ctrl+K) to the main window."""
    panel = AskPanel(window)
    dock = QDockWidget("Ask", window)
    dock.setObjectName("askDock")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    act = QAction("&Ask about this patient…", window)
    act.setObjectName("actAsk")
    act.setShortcut(QKeySequence("Ctrl+K"))
    act.setIconText("Ask")
    act.setStatusTip("Ask a question about the open patient's reports")

    def show() -> None:
        dock.show()
        dock.raise_()
        panel.line.setFocus()
        panel.line.selectAll()

    act.triggered.connect(show)
    window.addAction(act)
    toolbar = getattr(window, "toolbar", None)
    if toolbar is not None:
        toolbar.addSeparator()
        toolbar.addAction(act)
    for menu_action in window.menuBar().actions():
        if menu_action.text().replace("&", "") == "Tools" and menu_action.menu():
            menu_action.menu().addSeparator()
            menu_action.menu().addAction(act)
    window.patientLoaded.connect(panel.patient_changed)

    def shown_now(visible: bool) -> None:
        if visible:
            panel.fill_suggestions()

    dock.visibilityChanged.connect(shown_now)
    panel.dock, panel.action = dock, act
    return panel
