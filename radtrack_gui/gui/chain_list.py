"""The chain list (left dock): chains grouped into findings and devices.

Search matches a chain's label, its mentions' words and concepts, and every synonym of
those concepts in the vocabulary (so "fluid" finds "pleural effusion"). Filters: type,
singletons, unreviewed only. Pertinent negatives (every mention absent) stay listed, in
grey: the list is the full inventory, the timeline may hide them. Several chains can be
selected (for merge); the check box in front of the label marks a chain reviewed (an
undoable edit, sent as a signal).
"""

from __future__ import annotations

from typing import Any

from radtrack_gui.core.model import DEVICE, FINDING, Chain, Patient
from radtrack_gui.gui.qt import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QColor,
    QComboBox,
    QFont,
    QHBoxLayout,
    QHeaderView,
    QItemSelectionModel,
    QLineEdit,
    QSignalBlocker,
    QStyle,
    Qt,
    QTreeWidget,
    QTreeWidgetItem,
    QtWidgets,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.gui.same_name_bar import SameNameBar
from radtrack_gui.gui.size_plot import SizePlot
from radtrack_gui.gui.timeline.axes import elide_label
from radtrack_gui.views.labels import list_names
from radtrack_gui.views.lanes import negative_only
from radtrack_gui.views.search import chain_haystack, matches, query_terms

ROLE_ID = Qt.ItemDataRole.UserRole
GROUPS = ((FINDING, "Findings"), (DEVICE, "Devices"))
COL_LABEL, COL_COUNT, COL_SPAN = range(3)
COL_REVIEWED = COL_LABEL  # the check box in front of the label: reviewed
NEGATIVE_INK = "#7A7F87"  # chains whose every mention is absent (pertinent negatives)


class NameDelegate(QtWidgets.QStyledItemDelegate):
    """Draws a chain's name cut to its cell by ``elide_label`` (the lane labels' rule)."""

    def initStyleOption(self, option: Any, index: Any) -> None:
        super().initStyleOption(option, index)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
        if option.text and text.width() > 0:
            option.text = elide_label(
                option.text, option.fontMetrics, text.width() - 6, keep_start=True
            )


class ChainList(QWidget):
    """Left dock. Signals carry chain ids; the window turns them into edits."""

    chainActivated = Signal(str)  # the current chain changed (click, keyboard)
    selectionChangedIds = Signal(list)  # all selected chain ids
    reviewedToggled = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.patient: Patient | None = None
        self.editable = True  # False: a read-only patient (reviewed boxes cannot be ticked)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._groups: dict[str, QTreeWidgetItem] = {}
        self._haystack: dict[str, str] = {}
        self._names: dict[str, str] = {}  # chain id -> the name shown (twins told apart)
        self._name_cache: dict[tuple, tuple] = {}  # views.labels.unique_labels' cache
        self._updating = False

        self.search = QLineEdit()
        self.search.setObjectName("chainSearch")
        self.search.setPlaceholderText("Search chains (synonyms too)…  Ctrl+F")
        self.search.setClearButtonEnabled(True)
        self.type_filter = QComboBox()
        self.type_filter.setObjectName("chainTypeFilter")
        self.type_filter.addItem("All types", "")
        self.type_filter.addItem("Findings", FINDING)
        self.type_filter.addItem("Devices", DEVICE)
        self.singletons = QCheckBox("Singletons")
        self.singletons.setToolTip("Show chains with a single mention")
        self.singletons.setChecked(True)
        self.unreviewed = QCheckBox("Unreviewed")
        self.unreviewed.setToolTip("Show only chains not yet marked reviewed")

        self.tree = QTreeWidget()
        self.tree.setObjectName("chainTree")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Chain (✓ reviewed)", "#", "Reports"])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setUniformRowHeights(True)
        # Names cut for room as the lanes' are: a twin keeps its place or date ("right
        # pneumonia · …" twice at 1480x900 before), other names are cut at their end.
        self.tree.setItemDelegateForColumn(COL_LABEL, NameDelegate(self.tree))
        self.tree.setAlternatingRowColors(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setIndentation(12)
        self.tree.setExpandsOnDoubleClick(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_LABEL, QHeaderView.ResizeMode.Stretch)
        for col in (COL_COUNT, COL_SPAN):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.headerItem().setToolTip(COL_COUNT, "Mentions in the chain")
        self.tree.headerItem().setToolTip(COL_SPAN, "First and last report (in exam order)")
        self.tree.headerItem().setToolTip(COL_LABEL, "Tick a chain once you have reviewed it")

        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.type_filter, 1)
        filters.addWidget(self.singletons)
        filters.addWidget(self.unreviewed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        self.same_name = SameNameBar(self)  # chains that share a name: the same finding?
        layout.addWidget(self.same_name)
        layout.addWidget(self.tree, 1)
        self.size_plot = SizePlot(self)  # the current chain's size over time, when measured
        layout.addWidget(self.size_plot)

        self.search.textChanged.connect(self.apply_filters)
        self.type_filter.currentIndexChanged.connect(self.apply_filters)
        self.singletons.toggled.connect(self.apply_filters)
        self.unreviewed.toggled.connect(self.apply_filters)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.currentItemChanged.connect(self._show_size)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.tree.itemChanged.connect(self._item_changed)

    # -- content ---------------------------------------------------------------
    def set_patient(self, patient: Patient | None, *, editable: bool = True) -> None:
        """Show ``patient``'s chains; ``editable=False`` (a read-only patient): the
        reviewed boxes show their state but cannot be ticked."""
        if patient is not self.patient:
            self._name_cache.clear()  # keyed by chain and mention ids: per patient
        self.patient = patient
        self.editable = editable
        self.refresh()

    def refresh(self, changes: object = None) -> None:
        """Rebuild rows (only the named chains when ``changes`` says which)."""
        p = self.patient
        self.same_name.update_from(p, editable=self.editable)
        names = getattr(changes, "chains", None)
        if (
            p is not None
            and changes is not None
            and not getattr(changes, "everything", True)
            and names is not None
            and self._items
        ):
            before = self._names
            self._names = list_names(p, self._name_cache)
            twins = {c for c, n in self._names.items() if before.get(c) != n}  # a twin's name
            self._refresh_some(set(names) | twins)
            self._show_size()
            return
        selected = set(self.selected_chain_ids())
        current = self.current_chain_id()
        self._updating = True
        blocker = QSignalBlocker(self.tree)
        try:
            self.tree.clear()
            self._items.clear()
            self._groups.clear()
            self._haystack.clear()
            if p is None:
                return
            if len(self._name_cache) > 50_000:
                self._name_cache.clear()
            self._names = list_names(p, self._name_cache)
            order = p.report_index()
            for kind, title in GROUPS:
                group = QTreeWidgetItem([title])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = QFont(group.font(0))
                font.setBold(True)
                group.setFont(0, font)
                group.setForeground(0, QColor("#34495e"))
                self._groups[kind] = group
                self.tree.addTopLevelItem(group)
            chains = sorted(p.chains.values(), key=lambda c: self._first(c, order))
            for c in chains:
                item = QTreeWidgetItem()
                self._fill(item, c, order)
                self._groups.get(c.type, self._groups[FINDING]).addChild(item)
                self._items[c.id] = item
            for group in self._groups.values():
                group.setExpanded(True)
            for cid in selected:
                if cid in self._items:
                    self._items[cid].setSelected(True)
            if current in self._items:
                self.tree.setCurrentItem(
                    self._items[current], 0, QItemSelectionModel.SelectionFlag.NoUpdate
                )
        finally:
            del blocker
            self._updating = False
        self.apply_filters()
        self._show_size()

    def _show_size(self, *_args: object) -> None:
        self.size_plot.show_chain(self.patient, self.current_chain_id())

    def _refresh_some(self, chain_ids: set[str]) -> None:
        p = self.patient
        assert p is not None
        order = p.report_index()
        self._updating = True
        blocker = QSignalBlocker(self.tree)
        try:
            for cid in chain_ids:
                item = self._items.get(cid)
                chain = p.chains.get(cid)
                if chain is None:
                    if item is not None:
                        (item.parent() or self.tree.invisibleRootItem()).removeChild(item)
                        del self._items[cid]
                        self._haystack.pop(cid, None)
                    continue
                group = self._groups.get(chain.type, self._groups[FINDING])
                if item is None:
                    item = QTreeWidgetItem()
                    self._items[cid] = item
                elif (parent := item.parent()) is not group:
                    if parent is not None:  # (every chain's item is in a group)
                        parent.removeChild(item)
                else:
                    group.removeChild(item)
                self._fill(item, chain, order)
                self._haystack.pop(cid, None)
                # Keep the group ordered by first appearance.
                key = self._first(chain, order)
                at = group.childCount()
                for i in range(group.childCount()):
                    child = group.child(i)
                    other = p.chains.get(child.data(COL_LABEL, ROLE_ID)) if child else None
                    if other is not None and self._first(other, order) > key:
                        at = i
                        break
                group.insertChild(at, item)
        finally:
            del blocker
            self._updating = False
        self.apply_filters()

    def _first(self, chain: Chain, order: dict[str, int]) -> tuple[int, int, str]:
        """Sort key: first appearance (report order, offset)."""
        p = self.patient
        assert p is not None
        best = (1 << 30, 0)
        for mid in chain.mentions:
            m = p.mentions.get(mid)
            if m is not None:
                best = min(best, (order.get(m.report, 1 << 30), m.start))
        return (best[0], best[1], chain.id)

    def _fill(self, item: QTreeWidgetItem, c: Chain, order: dict[str, int]) -> None:
        p = self.patient
        assert p is not None
        reports = sorted(
            {order.get(p.mentions[m].report, -1) for m in c.mentions if m in p.mentions}
        )
        span = (
            f"{reports[0] + 1}–{reports[-1] + 1}"
            if len(reports) > 1
            else (f"{reports[0] + 1}" if reports else "")
        )
        item.setText(COL_LABEL, self._names.get(c.id) or c.label or c.id)
        item.setData(COL_LABEL, ROLE_ID, c.id)
        item.setText(COL_COUNT, str(len(c.mentions)))
        item.setTextAlignment(
            COL_COUNT, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        item.setText(COL_SPAN, span)
        negative = negative_only(p.mentions[m] for m in c.mentions if m in p.mentions)
        name = self._names.get(c.id) or c.label
        item.setToolTip(
            COL_LABEL,
            f"{name} ({c.type})\n"
            f"{len(c.mentions)} mentions in {len(reports)} reports"
            + ("\nreviewed" if c.reviewed else "")
            + (
                "\npertinent negative: every mention absent or normal (the timeline hides "
                "these unless View ▸ Show pertinent negatives is on)"
                if negative
                else ""
            ),
        )
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.editable:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        item.setFlags(flags)
        item.setCheckState(
            COL_REVIEWED, Qt.CheckState.Checked if c.reviewed else Qt.CheckState.Unchecked
        )
        font = QFont(item.font(COL_LABEL))
        font.setItalic(len(c.mentions) == 1)
        item.setFont(COL_LABEL, font)
        # Pertinent negatives stay listed (the list is the full inventory), but greyed.
        ink = QColor(NEGATIVE_INK) if negative else QColor()
        for col in (COL_LABEL, COL_COUNT, COL_SPAN):
            if negative:
                item.setForeground(col, ink)
            else:
                item.setData(col, Qt.ItemDataRole.ForegroundRole, None)

    # -- filters -----------------------------------------------------------------
    def apply_filters(self) -> None:
        p = self.patient
        if p is None:
            return
        terms = query_terms(self.search.text())
        kind = self.type_filter.currentData()
        singles = self.singletons.isChecked()
        only_unreviewed = self.unreviewed.isChecked()
        shown = {k: 0 for k in self._groups}
        total = {k: 0 for k in self._groups}
        for cid, item in self._items.items():
            c = p.chains.get(cid)
            if c is None:
                continue
            total[c.type] = total.get(c.type, 0) + 1
            visible = (
                (not kind or c.type == kind)
                and (singles or len(c.mentions) > 1)
                and not (only_unreviewed and c.reviewed)
            )
            if visible and terms:
                hay = self._haystack.get(cid)
                if hay is None:
                    hay = self._haystack[cid] = chain_haystack(p, c)
                visible = matches(hay, terms)
            item.setHidden(not visible)
            if visible:
                shown[c.type] = shown.get(c.type, 0) + 1
        for kind_, title in GROUPS:
            group = self._groups.get(kind_)
            if group is None:
                continue
            n, t = shown.get(kind_, 0), total.get(kind_, 0)
            group.setText(COL_LABEL, f"{title} ({n})" if n == t else f"{title} ({n} of {t})")
            group.setHidden(kind not in ("", kind_))

    def visible_chain_ids(self) -> list[str]:
        return [
            cid
            for cid, item in self._items.items()
            if not item.isHidden()
            and not ((parent := item.parent()) is not None and parent.isHidden())
        ]

    def group_count(self, kind: str) -> int:
        group = self._groups.get(kind)
        return group.childCount() if group is not None else 0

    # -- selection -----------------------------------------------------------------
    def name_of(self, chain_id: str) -> str | None:
        """The name the list shows for a chain (same-named chains told apart)."""
        return self._names.get(chain_id)

    def selected_chain_ids(self) -> list[str]:
        out = []
        for item in self.tree.selectedItems():
            cid = item.data(COL_LABEL, ROLE_ID)
            if cid:
                out.append(cid)
        return out

    def current_chain_id(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(COL_LABEL, ROLE_ID) if item is not None else None

    def select_chain(self, chain_id: str | None, *, add: bool = False) -> None:
        """Make ``chain_id`` current and selected (no signal), scrolled into view."""
        self._updating = True
        try:
            if not add:
                self.tree.clearSelection()
            item = self._items.get(chain_id or "")
            if item is None:
                return
            if item.isHidden():  # a filter hides it: show it anyway
                item.setHidden(False)
            self.tree.setCurrentItem(item, 0, QItemSelectionModel.SelectionFlag.NoUpdate)
            item.setSelected(True)
            self.tree.scrollToItem(item)
        finally:
            self._updating = False

    def select_chains(self, chain_ids: list[str], *, current: str | None = None) -> None:
        """Select exactly these chains (no signal); ``current`` gets the focus."""
        self._updating = True
        try:
            self.tree.clearSelection()
            for cid in chain_ids:
                item = self._items.get(cid)
                if item is not None:
                    item.setHidden(False)
                    item.setSelected(True)
            item = self._items.get(current or "")
            if item is not None:
                self.tree.setCurrentItem(item, 0, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.tree.scrollToItem(item)
        finally:
            self._updating = False

    def _current_changed(self, current: QTreeWidgetItem | None, _prev: object) -> None:
        if self._updating or current is None:
            return
        cid = current.data(COL_LABEL, ROLE_ID)
        if cid:
            self.chainActivated.emit(cid)

    def _selection_changed(self) -> None:
        if not self._updating:
            self.selectionChangedIds.emit(self.selected_chain_ids())

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._updating or column != COL_REVIEWED or self.patient is None:
            return
        cid = item.data(COL_LABEL, ROLE_ID)
        chain = self.patient.chains.get(cid) if cid else None
        if chain is None:
            return
        checked = item.checkState(COL_REVIEWED) == Qt.CheckState.Checked
        if checked != chain.reviewed:
            self.reviewedToggled.emit(cid, checked)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()
