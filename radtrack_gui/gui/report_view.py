"""The report viewer: one report's text with its mentions highlighted.

Section headers are bold, every mention is tinted by type, the selected chain's mentions
are underlined and stronger, the current mention strongest. Highlights are extra
selections over a read-only document, so re-highlighting never rebuilds the text. What
is shown (offsets, titles, formats, tooltips) is built in ``gui/report_text.py``.
"""

from __future__ import annotations

import html
from typing import cast

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.gui.qt import (
    QComboBox,
    QEvent,
    QFont,
    QHBoxLayout,
    QLabel,
    QMouseEvent,
    QObject,
    QPlainTextEdit,
    QPoint,
    QStyle,
    Qt,
    QTextCharFormat,
    QTextCursor,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.gui.report_picker import ReportPicker
from radtrack_gui.gui.report_text import (
    Offsets,
    capped_mentions,
    details_html,
    display_text,
    header_html,
    heading_format,
    mention_format,
    mention_tooltip,
    report_title,
    section_headings,
)
from radtrack_gui.views.labels import list_names, version_labels

MAX_HIGHLIGHTS = 1000  # highlights per report (a 5 MB report may hold 30,000 mentions)


class ReportView(QWidget):
    """Right dock: pick a report, read it, walk a chain through the reports."""

    mentionClicked = Signal(str)  # a mention in the text was clicked
    reportChanged = Signal(str)
    textSelectionChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.patient: Patient | None = None
        self.report_id: str | None = None
        self.chain_id: str | None = None
        self.mention_id: str | None = None
        self.also_selected: set[str] = set()  # more picked mentions (Ctrl+click)
        self._offsets = Offsets("")
        self._mentions: list[Mention] = []
        self._name_cache: dict[tuple, tuple] = {}  # views.labels.unique_labels' cache

        style = self.style()
        self.reports = ReportPicker()
        self.reports.setObjectName("reportPicker")
        self.reports.setToolTip("Reports in exam order")
        self.reports.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.reports.setMinimumContentsLength(20)
        self.prev_report = self._button(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowUp), "Previous report (Ctrl+PgUp)"
        )
        self.next_report = self._button(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowDown), "Next report (Ctrl+PgDown)"
        )
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.reports, 1)
        top.addWidget(self.prev_report)
        top.addWidget(self.next_report)

        self.header = QLabel()
        self.header.setObjectName("reportHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)

        self.text = QPlainTextEdit()
        self.text.setObjectName("reportText")
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        font = QFont(self.text.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.5))
        self.text.setFont(font)
        self.text.viewport().installEventFilter(self)
        self.text.selectionChanged.connect(self.textSelectionChanged)
        self.text.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        self.details = QLabel()
        self.details.setObjectName("mentionDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setStyleSheet("color:#333; padding:2px 0")

        self.chain_label = QLabel("No chain selected")
        self.chain_label.setObjectName("chainNavLabel")
        self.prev_mention = self._button(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowBack),
            "Previous mention of this chain (Alt+Left)",
        )
        self.next_mention = self._button(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowForward),
            "Next mention of this chain (Alt+Right)",
        )
        nav = QHBoxLayout()
        nav.setContentsMargins(0, 0, 0, 0)
        nav.addWidget(self.prev_mention)
        nav.addWidget(self.chain_label, 1)
        nav.addWidget(self.next_mention)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.header)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.details)
        layout.addLayout(nav)

        self.reports.currentIndexChanged.connect(self._picked)
        self.prev_report.clicked.connect(lambda: self.step_report(-1))
        self.next_report.clicked.connect(lambda: self.step_report(1))
        self.prev_mention.clicked.connect(lambda: self.step_chain(-1))
        self.next_mention.clicked.connect(lambda: self.step_chain(1))
        self._update_nav()

    def _button(self, icon, tip: str) -> QToolButton:
        b = QToolButton()
        b.setIcon(icon)
        b.setToolTip(tip)
        b.setAutoRaise(True)
        return b

    # -- content -------------------------------------------------------------
    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self.chain_id = None
        self.mention_id = None
        self.report_id = None
        blocker = self.reports.blockSignals(True)
        self.reports.clear()
        versions = version_labels(patient) if patient is not None else {}
        for r in patient.reports if patient is not None else []:
            title = report_title(r) + versions.get(r.id, "")
            self.reports.addItem(title, r.id)
            self.reports.setItemData(self.reports.count() - 1, title, Qt.ItemDataRole.ToolTipRole)
        # the open list shows every title whole, however narrow the dock
        fm = self.reports.fontMetrics()
        widest = max(
            (fm.horizontalAdvance(self.reports.itemText(i)) for i in range(self.reports.count())),
            default=0,
        )
        self.reports.view().setMinimumWidth(widest + 40)
        self.reports.blockSignals(blocker)
        if patient is not None and patient.reports:
            self.show_report(patient.reports[0].id)
        else:
            self.text.setPlainText("")
            self.header.setText("")
        self._update_nav()

    def refresh(self, changes: object = None) -> None:
        """Redraw highlights (and the chain bar) after an edit."""
        p = self.patient
        if p is None:
            return
        if self.mention_id and self.mention_id not in p.mentions:
            self.mention_id = None
        if self.chain_id and self.chain_id not in p.chains:
            m = p.mentions.get(self.mention_id or "")
            self.chain_id = m.chain if m else None
        if self.report_id:
            self._mentions = p.mentions_of(self.report_id)
        added = getattr(changes, "mentions_added", None) or set()
        if any(p.mentions[m].report == self.report_id for m in added if m in p.mentions):
            # The text selection it was made from would paint over its highlight.
            cur = self.text.textCursor()
            cur.clearSelection()
            self.text.setTextCursor(cur)
        self._rehighlight()
        self._update_nav()

    def show_report(self, report_id: str) -> None:
        p = self.patient
        if p is None:
            return
        report = p.report(report_id)
        if report_id != self.report_id:
            self.report_id = report_id
            shown = display_text(report.text)
            self._offsets = Offsets(shown)
            # setPlainText types the new text in the cursor's format: after a click in a
            # bold section heading every later report came out bold (issue #20 item 2).
            self.text.setCurrentCharFormat(QTextCharFormat())
            self.text.setPlainText(shown)
            idx = self.reports.findData(report_id)
            if idx >= 0 and idx != self.reports.currentIndex():
                blocker = self.reports.blockSignals(True)
                self.reports.setCurrentIndex(idx)
                self.reports.blockSignals(blocker)
            self.reports.setToolTip(f"{self.reports.currentText()}\nReports in exam order")
            self._header(report)
            n = len(p.mentions_of(report_id))
            if n > MAX_HIGHLIGHTS:
                self.header.setText(
                    self.header.text() + f"<br><i>{n:,} mentions: the "
                    f"{MAX_HIGHLIGHTS:,} nearest the current one are "
                    "highlighted</i>"
                )
            self._format_sections(report)
            self.reportChanged.emit(report_id)
        self._mentions = p.mentions_of(report_id)
        self._rehighlight()
        self._update_nav()

    def _header(self, report: Report) -> None:
        self.header.setText(header_html(report))

    def _format_sections(self, report: Report) -> None:
        """Section headings in bold (formatted into the document once per report)."""
        bold = heading_format()
        for start, stop in section_headings(report):
            cur = QTextCursor(self.text.document())
            cur.setPosition(self._offsets.to_qt(start))
            cur.setPosition(self._offsets.to_qt(stop), QTextCursor.MoveMode.KeepAnchor)
            cur.mergeCharFormat(bold)

    def _selection(self, start: int, end: int, fmt: QTextCharFormat) -> QTextEdit.ExtraSelection:
        sel = QTextEdit.ExtraSelection()
        cur = QTextCursor(self.text.document())
        cur.setPosition(self._offsets.to_qt(start))
        cur.setPosition(self._offsets.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
        sel.cursor = cur
        sel.format = fmt
        return sel

    def _shown_mentions(self) -> list[Mention]:
        """At most ``MAX_HIGHLIGHTS`` mentions (one QTextCursor each)."""
        picked = {*self.also_selected, *([self.mention_id] if self.mention_id else [])}
        return capped_mentions(
            self._mentions, MAX_HIGHLIGHTS, self.mention_id, picked, self.chain_id
        )

    def _rehighlight(self) -> None:
        sels = []
        names = self.chain_names()
        shown = self._shown_mentions()
        self.capped = len(shown) < len(self._mentions)  # (tests read it)
        for m in shown:
            picked = m.id == self.mention_id or m.id in self.also_selected
            in_chain = bool(self.chain_id) and m.chain == self.chain_id
            fmt = mention_format(m, picked, in_chain, mention_tooltip(m, self.patient, names))
            pieces = m.fragments or [(m.start, m.end)]
            for start, end in pieces:
                sels.append(self._selection(start, end, fmt))
        self.text.setExtraSelections(sels)

    # -- navigation ------------------------------------------------------------
    def select_chain(self, chain_id: str | None) -> None:
        """Highlight the chain's mentions (the current report stays)."""
        self.chain_id = chain_id
        if (
            self.mention_id
            and self.patient
            and self.patient.mentions.get(self.mention_id) is not None
            and self.patient.mentions[self.mention_id].chain != chain_id
        ):
            self.mention_id = None
        self._rehighlight()
        self._update_nav()

    def show_mention(self, mention_id: str) -> None:
        """Open the mention's report, scroll to it and highlight it and its chain."""
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        m = p.mentions[mention_id]
        self.mention_id = mention_id
        self.chain_id = m.chain
        self.show_report(m.report)
        cur = QTextCursor(self.text.document())
        cur.setPosition(self._offsets.to_qt(m.start))
        self.text.setTextCursor(cur)
        self.text.centerCursor()

    def step_report(self, step: int) -> None:
        i = self.reports.currentIndex() + step
        if 0 <= i < self.reports.count():
            self.reports.setCurrentIndex(i)

    def step_chain(self, step: int) -> str | None:
        """Go to the previous/next mention of the selected chain; returns its id."""
        p = self.patient
        if p is None or not self.chain_id or self.chain_id not in p.chains:
            return None
        ms = p.chain_mentions(self.chain_id)
        ids = [m.id for m in ms]
        if self.mention_id in ids:
            i = ids.index(self.mention_id) + step
        else:  # from the current report: the first one here or later, the last one before
            order = p.report_index()
            here = order.get(self.report_id or "", 0)
            if step > 0:
                i = next((k for k, m in enumerate(ms) if order.get(m.report, 0) >= here), -1)
            else:
                before = [k for k, m in enumerate(ms) if order.get(m.report, 0) < here]
                i = before[-1] if before else -1
        if not 0 <= i < len(ids):
            return None
        self.show_mention(ids[i])
        self.mentionClicked.emit(ids[i])
        return ids[i]

    def _picked(self, index: int) -> None:
        rid = self.reports.itemData(index)
        if rid:
            self.show_report(rid)

    def chain_names(self) -> dict[str, str]:
        """Chain id -> the name the user sees (the lane's, where two share a label)."""
        p = self.patient
        if p is None:
            return {}
        if len(self._name_cache) > 50_000:
            self._name_cache.clear()
        return list_names(p, self._name_cache)

    def _update_details(self) -> None:
        """The current mention's attributes, provenance and why it is in its chain."""
        p = self.patient
        m = p.mentions.get(self.mention_id or "") if p is not None else None
        if p is None or m is None:
            self.details.setText("")
            self.details.setVisible(False)
            return
        self.details.setText(details_html(m, p, self.chain_names()))
        self.details.setVisible(True)

    def _update_nav(self) -> None:
        self._update_details()
        p = self.patient
        n = self.reports.count()
        i = self.reports.currentIndex()
        self.prev_report.setEnabled(i > 0)
        self.next_report.setEnabled(0 <= i < n - 1)
        if p is None or not self.chain_id or self.chain_id not in p.chains:
            self.chain_label.setText("Select a mention or chain to walk it across reports")
            self.prev_mention.setEnabled(False)
            self.next_mention.setEnabled(False)
            return
        chain = p.chains[self.chain_id]
        ids = [m.id for m in p.chain_mentions(self.chain_id)]
        pos = ids.index(self.mention_id) + 1 if self.mention_id in ids else 0
        where = f"{pos} of {len(ids)}" if pos else f"{len(ids)} mentions"
        reviewed = " ✓" if chain.reviewed else ""
        name = self.chain_names().get(chain.id) or chain.label  # twins told apart
        self.chain_label.setText(f"<b>{html.escape(name)}</b>{reviewed} · {where}")
        self.prev_mention.setEnabled(len(ids) > 1 and pos != 1)
        self.next_mention.setEnabled(len(ids) > 1 and pos != len(ids))

    # -- what the user pointed at ----------------------------------------------
    def offset_at(self, pos: QPoint) -> int | None:
        """The report offset under a point of the text's viewport."""
        if not self.report_id:
            return None
        return self._offsets.from_qt(self.text.cursorForPosition(pos).position())

    def mention_at(self, offset: int) -> Mention | None:
        for m in self._mentions:
            if m.start <= offset < m.end:
                return m
        return None

    def selected_span(self) -> tuple[str, int, int] | None:
        """(report id, start, end) of the text selection, trimmed of spaces, or None."""
        cur = self.text.textCursor()
        if not cur.hasSelection() or not self.report_id or self.patient is None:
            return None
        start = self._offsets.from_qt(cur.selectionStart())
        end = self._offsets.from_qt(cur.selectionEnd())
        text = self.patient.report(self.report_id).text
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        return (self.report_id, start, end) if end > start else None

    def select_span(self, start: int, end: int) -> None:
        """Select characters ``start:end`` of the current report (tests, adjust span)."""
        cur = QTextCursor(self.text.document())
        cur.setPosition(self._offsets.to_qt(start))
        cur.setPosition(self._offsets.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
        self.text.setTextCursor(cur)

    def set_selected_mentions(self, mention_ids: list[str]) -> None:
        """Highlight several picked mentions like the current one."""
        self.also_selected = set(mention_ids) - {self.mention_id}
        self._rehighlight()

    def current_mention(self) -> str | None:
        return self.mention_id

    def highlighted_mentions(self) -> list[str]:
        """Ids of mentions drawn with the selected-chain or current highlight (tests)."""
        return [
            m.id
            for m in self._mentions
            if m.id == self.mention_id
            or m.id in self.also_selected
            or (self.chain_id and m.chain == self.chain_id)
        ]

    def cursor_offset(self) -> int:
        return self._offsets.from_qt(self.text.textCursor().position())

    def is_visible_offset(self, offset: int) -> bool:
        """True when ``offset`` of the current report is inside the visible area."""
        cur = QTextCursor(self.text.document())
        cur.setPosition(self._offsets.to_qt(offset))
        rect = self.text.cursorRect(cur)
        return self.text.viewport().rect().intersects(rect)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (
            obj is self.text.viewport()
            and event.type() == QEvent.Type.MouseButtonRelease
            and cast(QMouseEvent, event).button() == Qt.MouseButton.LeftButton
            and not self.text.textCursor().hasSelection()
        ):
            pos = cast(QMouseEvent, event).position().toPoint()
            q = self.text.cursorForPosition(pos).position()
            m = self.mention_at(self._offsets.from_qt(q))
            if m is not None:
                self.mention_id = m.id
                self.chain_id = m.chain
                self._rehighlight()
                self._update_nav()
                self.mentionClicked.emit(m.id)
        return super().eventFilter(obj, event)


__all__ = ["ReportView", "display_text", "report_title"]
