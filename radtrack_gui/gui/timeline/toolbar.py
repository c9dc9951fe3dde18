"""The timeline's toolbar (x axis, grouping, filters, search) and its hint line."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from radtrack_gui.core.model import ASSERTIONS, MODALITIES
from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QObject,
    QSpinBox,
    Qt,
    QtGui,
    QTimer,
    QToolButton,
    QtWidgets,
    QWidget,
)

if TYPE_CHECKING:
    from radtrack_gui.gui.timeline.widget import TimelineWidget


class TimelineControls:
    """The toolbar, filter menu and hint line above the plot."""

    def __init__(self, tl: TimelineWidget) -> None:
        self.tl = tl

    def build_toolbar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 4, 4, 0)
        bar.setSpacing(6)
        self.date_button = _tool_button("Date")
        self.order_button = _tool_button("Order")
        for b in (self.date_button, self.order_button):
            b.setCheckable(True)
            b.setAutoRaise(True)
        self.date_button.setChecked(True)
        self.date_button.setToolTip("x axis: exam date-time")
        self.order_button.setToolTip(
            "x axis: report order, reports evenly spaced (long gaps squash clusters)"
        )
        self.date_button.clicked.connect(lambda: self.tl.set_x_mode("date"))
        self.order_button.clicked.connect(lambda: self.tl.set_x_mode("order"))
        bar.addWidget(QLabel("x:"))
        bar.addWidget(self.date_button)
        bar.addWidget(self.order_button)

        self.group_combo = QComboBox()
        for key, text in (
            ("type", "By type"),
            ("region", "By body region"),
            ("system", "By organ system"),
        ):
            self.group_combo.addItem(text, key)
        self.group_combo.currentIndexChanged.connect(
            lambda _i: self.tl.set_filters(group_by=self.group_combo.currentData())
        )
        self.group_combo.setToolTip("Group the lanes by")
        bar.addWidget(self.group_combo)

        self.filter_button = _tool_button("Filters")
        self.filter_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.filter_menu = QMenu(self.filter_button)
        self.filter_button.setMenu(self.filter_menu)
        self._filter_actions: dict[tuple[str, str], QtGui.QAction] = {}
        for title, key, values in (
            ("Type", "types", ("finding", "device")),
            ("Modality", "modalities", MODALITIES),
            ("Assertion", "assertions", ASSERTIONS),
        ):
            self.filter_menu.addSection(title)
            for v in values:
                act = self.filter_menu.addAction(
                    S.MODALITY_NAMES.get(v, v.capitalize())
                    if key == "modalities"
                    else v.capitalize()
                )
                act.setCheckable(True)
                act.setChecked(True)
                act.toggled.connect(self._filters_from_menu)
                self._filter_actions[(key, v)] = act
        bar.addWidget(self.filter_button)

        # Chain-size filters live in the same menu, to keep the bar short in narrow docks.
        self.filter_menu.addSection("Chains")
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(8, 2, 8, 2)
        self.singletons_box = QCheckBox("Show singletons")
        self.singletons_box.setChecked(True)
        self.singletons_box.toggled.connect(lambda on: self.tl.set_filters(singletons=on))
        row.addWidget(self.singletons_box)
        row.addWidget(QLabel("Min length:"))
        self.min_length_box = QSpinBox()
        self.min_length_box.setRange(1, 999)
        self.min_length_box.valueChanged.connect(lambda v: self.tl.set_filters(min_length=v))
        row.addWidget(self.min_length_box)
        action = QtWidgets.QWidgetAction(self.filter_menu)
        action.setDefaultWidget(holder)
        self.filter_menu.addAction(action)
        self.negatives_action = self.filter_menu.addAction(
            "Pertinent negatives (chains whose every mention is absent)"
        )
        self.negatives_action.setCheckable(True)
        self.negatives_action.setChecked(self.tl.filters.negatives)
        self.negatives_action.setToolTip(
            "e.g. “no hydrocephalus” in every report; a finding that later resolved always stays"
        )
        self.negatives_action.toggled.connect(lambda on: self.tl.set_filters(negatives=on))

        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText("Search lanes (synonyms too)")
        self.search_box.setClearButtonEnabled(True)
        self._search_timer = QTimer(self.tl)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._search_timer.timeout.connect(
            lambda: self.tl.set_filters(search=self.search_box.text())
        )
        self.search_box.textChanged.connect(lambda _t: self._search_timer.start())
        bar.addWidget(self.search_box, 1)

        self.overview_button = _tool_button("Overview")
        self.overview_button.setCheckable(True)
        self.overview_button.setChecked(True)
        self.overview_button.setAutoRaise(True)
        self.overview_button.setToolTip(
            "Every group in view: the most important lanes of each, "
            "the rest folded into a “+ N more” row (click it)"
        )
        self.overview_button.toggled.connect(self.tl.set_overview)
        bar.addWidget(self.overview_button)
        self.filter_menu.addSection("View")
        self.compact_button = self.filter_menu.addAction("Compact rows (long patients)")
        self.compact_button.setCheckable(True)
        self.compact_button.setToolTip("Tighter rows: more lanes fit")
        self.compact_button.toggled.connect(self.tl.set_compact)

        self.fit_button = _tool_button("Fit all")
        self.fit_button.setToolTip("Show everything (Home)")
        self.fit_button.clicked.connect(self.tl.fit_all)
        bar.addWidget(self.fit_button)
        return bar

    def build_hint(self) -> QWidget:
        """A line under the toolbar saying what is out of sight: the chains the negatives
        filter hides (with a link to show them) and the lanes below or above the view
        (the lanes have no scroll bar)."""
        row = QWidget()
        row.setObjectName("timelineHints")
        row.setStyleSheet(
            "QWidget#timelineHints { background: #F1F3F6; border-radius: 3px; }"
            " QLabel { color: #4A4F57; }"
        )
        box = QHBoxLayout(row)
        box.setContentsMargins(8, 1, 8, 1)
        box.setSpacing(12)
        labels = []
        for name in ("negativesHint", "moreLanes"):
            label = QLabel()
            label.setObjectName(name)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(
                Qt.TextInteractionFlag.LinksAccessibleByMouse
                | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            )
            label.hide()
            labels.append(label)
        self.negatives_hint, self._more = labels
        self.negatives_hint.linkActivated.connect(lambda _l: self.tl.set_filters(negatives=True))
        self._more.linkActivated.connect(self._scroll_page)
        box.addWidget(self.negatives_hint)
        box.addStretch(1)
        box.addWidget(self._more)
        row.hide()
        self._hint_row = row
        return row

    def _show_hints(self) -> None:
        # With a patient the line keeps its place even when empty: its coming and going
        # would change the plot's height, and the overview's fit with it.
        self._hint_row.setVisible(
            self.tl.patient is not None
            or not (self.negatives_hint.isHidden() and self._more.isHidden())
        )

    def hint_text(self) -> str:
        """The hint's words, plain ("" when nothing is hidden)."""
        n = len(self.tl.layout_.hidden_negatives) if self.tl.layout_ is not None else 0
        if n == 0:
            return ""
        return (
            f"{n} negative-only chain{'s' if n != 1 else ''} hidden "
            f"(every mention absent or normal, like “no {self._negative_example()}”)"
        )

    def _negative_example(self) -> str:
        p, lay = self.tl.patient, self.tl.layout_
        if p is None or lay is None or not lay.hidden_negatives:
            return ""
        labels = [
            c.label
            for c in map(p.chains.get, lay.hidden_negatives)
            if c is not None and c.label and not c.label.startswith("normal ")
        ]
        return labels[0] if labels else "finding"

    def update_hint(self) -> None:
        text = self.hint_text()
        if not text:
            self.negatives_hint.hide()
            self._show_hints()
            return
        n = len(self.tl.layout_.hidden_negatives) if self.tl.layout_ is not None else 0
        fm = QtGui.QFontMetrics(self.negatives_hint.font())
        room = (
            self.tl.width()
            - 30
            - (self._more.sizeHint().width() + 12 if not self._more.isHidden() else 0)
        )
        if fm.horizontalAdvance(text + "  Show them") > max(200, room):
            text = f"{n} negative-only chain{'s' if n != 1 else ''} hidden"  # narrow
        self.negatives_hint.setText(
            f"{html.escape(text)} &nbsp;<a href='show'>Show {'them' if n != 1 else 'it'}</a>"
        )
        self.negatives_hint.setToolTip(
            "Pertinent negatives: chains whose every mention is absent or normal. Show them from "
            "Filters or View ▸ Show pertinent negatives. The chain list keeps them."
        )
        self.negatives_hint.show()
        self._show_hints()

    def update_more(self, *_args: Any) -> None:
        """Say how many lanes lie below (or above) the view: the lanes have no scroll bar."""
        lay = self.tl.layout_
        if lay is None or not lay.lanes:
            self._more.hide()
            self._show_hints()
            return
        y0, y1 = self.tl.vb.viewRange()[1]
        below = [ln for ln in lay.lanes if ln.row > y1 - 0.3]
        above = sum(1 for ln in lay.lanes if ln.row < y0 + 0.3)
        parts = []
        if above:
            parts.append(f"<a href='up'>▲ {above} above</a>")
        if below:
            groups = [
                f"<a href='group:{html.escape(g.key)}'>{html.escape(g.title.lower())}</a>"
                for g in lay.groups
                if g.row > y1 - 0.3
            ]
            extra = f", incl. {' and '.join(groups)}" if groups else ""
            parts.append(
                f"<a href='down'>▼ {len(below)} more lane"
                f"{'s' if len(below) != 1 else ''} below</a>{extra}"
            )
        if not parts:
            self._more.hide()
            self._show_hints()
            return
        text = " &nbsp;·&nbsp; ".join(parts)
        if text != self._more.text():
            self._more.setText(text)
        self._more.setToolTip(
            "Scroll the lanes: Up/Down keys, Shift+wheel, drag; Home shows every lane"
        )
        self._more.show()
        self._show_hints()

    def more_text(self) -> str:
        """What the lanes-out-of-sight note says (rich text; "" when all are in view)."""
        return self._more.text() if not self._more.isHidden() else ""

    def _scroll_page(self, where: str) -> None:
        """ "down"/"up": a page of lanes; "group:KEY": that group's header to the top."""
        y0, y1 = self.tl.vb.viewRange()[1]
        if where.startswith("group:") and self.tl.layout_ is not None:
            g = next((g for g in self.tl.layout_.groups if g.key == where[6:]), None)
            if g is not None:
                self.tl.vb.setYRange(g.row - 0.6, g.row - 0.6 + (y1 - y0), padding=0)
            return
        step = max(1.0, (y1 - y0) - 2.0)
        self.tl.vb.translateBy(y=step if where == "down" else -step)

    def _filters_from_menu(self) -> None:
        kw: dict[str, Any] = {}
        for key, values in (
            ("types", ("finding", "device")),
            ("modalities", MODALITIES),
            ("assertions", ASSERTIONS),
        ):
            on = {v for v in values if self._filter_actions[(key, v)].isChecked()}
            kw[key] = None if len(on) == len(values) else on
        self.tl.set_filters(**kw)

    def sync_controls(self) -> None:
        f = self.tl.filters
        widgets: Iterable[QObject] = (
            self.group_combo,
            self.singletons_box,
            self.min_length_box,
            self.negatives_action,
            *self._filter_actions.values(),
        )
        blocked = [(w, w.blockSignals(True)) for w in widgets]
        try:
            self.group_combo.setCurrentIndex(max(0, self.group_combo.findData(f.group_by)))
            self.singletons_box.setChecked(f.singletons)
            self.min_length_box.setValue(f.min_length)
            self.negatives_action.setChecked(f.negatives)
            for (key, v), act in self._filter_actions.items():
                chosen = getattr(f, key)
                act.setChecked(chosen is None or v in chosen)
        finally:
            for w, old in blocked:
                w.blockSignals(old)
        if self.search_box.text() != f.search and not self.search_box.hasFocus():
            self.search_box.blockSignals(True)
            self.search_box.setText(f.search)
            self.search_box.blockSignals(False)


def _tool_button(text: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    return button
