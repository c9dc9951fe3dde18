"""File ▸ Open cohort…: the patients of a cohort DIR (``radtrack cohort run``) in a sortable,
searchable table; double-click opens that patient's timeline from the cohort's results.

Opening goes through ``cohort.loader.adopt`` (the cohort's chains become the patient's
project unless its project store already holds it) and then the window's usual
``open_path``, so corrections are saved to that patient's project store as for any patient.
pyarrow is imported (by the loader) only when a cohort is opened.

The dialog is a window of its own, not the main window's dialog: a dialog with a parent is
its transient window, which the window manager keeps above it, and a dialog-type window
without a parent is kept above the whole application (EWMH). Either way the cohort's list
stayed on top of the patient it opened (issue #20 item 10). Now the patient's window comes
to the front; the list stays open behind it for the next patient and closes with the main
window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.gui.qt import (
    QAbstractItemView,
    QDialog,
    QEvent,
    QFileDialog,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    QStandardItem,
    QStandardItemModel,
    Qt,
    QTimer,
    QTreeView,
    QVBoxLayout,
    QWidget,
    Signal,
)

COLUMNS = ("patient", "status", "read as", "reports", "mentions", "chains", "reason")
# How a patient's chains were made (``patients.parquet``'s ``gold``): its folder's .ann files
# read as gold annotations, or the models run on its reports (issue #20 item 10).
READ_AS = {True: "gold annotations", False: "models"}
KEY_ROLE = Qt.ItemDataRole.UserRole + 1

Opener = Callable[[str, str | None], object]  # (path, patient id of a CSV) -> anything


class CohortDialog(QDialog):
    """The patients of one cohort; ``patientOpened(key)`` after a double-click opened one."""

    patientOpened = Signal(str)
    openFailed = Signal(str)

    def __init__(
        self,
        folder: str,
        rows: list[dict[str, Any]],
        open_patient: Opener,
        parent: QWidget | None = None,
        *,
        quiet: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("cohortDialog")
        self.folder = folder
        self.open_patient = open_patient
        self.quiet = quiet
        self.setWindowTitle(f"Cohort — {Path(folder).name}")
        self.resize(760, 520)
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels([c.capitalize() for c in COLUMNS])
        self.model.setHeaderData(
            COLUMNS.index("read as"),
            Qt.Orientation.Horizontal,
            "Gold annotations (.ann files) read as the chains, or the models run",
            Qt.ItemDataRole.ToolTipRole,
        )
        for row in rows:
            self.model.appendRow(self._items(row))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search patients, status, how read or reason…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTreeView(self)  # a flat, sortable table
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.header().setStretchLastSection(True)
        self.table.doubleClicked.connect(self.open_index)
        done = sum(r["status"] == "done" for r in rows)
        gold = sum(r.get("gold") is True for r in rows)
        read = (
            f"; {gold} read as gold annotations (their .ann files; the models did not run on them)"
            if gold
            else ""
        )
        self.info = QLabel(
            f"{len(rows)} patients: {done} done, {len(rows) - done} failed{read}. "
            "Double-click a patient to open its timeline.",
            self,
        )
        self.info.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table)
        layout.addWidget(self.info)

    @staticmethod
    def _items(row: dict[str, Any]) -> list[QStandardItem]:
        items = []
        for col in COLUMNS:
            item = QStandardItem()
            value = row.get(col)
            if col == "read as":  # not recorded by an older cohort: left blank
                gold = row.get("gold")
                value = READ_AS[gold] if isinstance(gold, bool) else ""
            if isinstance(value, int):
                item.setData(value, Qt.ItemDataRole.DisplayRole)  # sorts as a number
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            else:
                item.setText("" if value is None else str(value))
            item.setData(row["patient"], KEY_ROLE)
            items.append(item)
        return items

    def row_count(self) -> int:
        """Rows shown (after the search)."""
        return self.proxy.rowCount()

    def key_at(self, row: int) -> str:
        return str(self.proxy.index(row, 0).data(KEY_ROLE))

    def open_index(self, index: QModelIndex) -> None:
        self.open_key(str(index.data(KEY_ROLE)))

    def open_key(self, key: str) -> None:
        """Open patient ``key`` in the main window (its project store, else the cohort's)."""
        from radtrack_gui.cohort.loader import adopt

        try:
            path, patient_id = adopt(self.folder, key)
        except InputError as exc:
            self._fail(str(exc))
            return
        self.open_patient(path, patient_id)
        self.patientOpened.emit(key)

    def _fail(self, reason: str) -> None:
        self.openFailed.emit(reason)
        if not self.quiet:
            QMessageBox.warning(self, "Cannot open", reason)


def show_cohort(window: Any, folder: str) -> CohortDialog | None:
    """The cohort dialog of ``folder`` for ``window`` (a MainWindow), shown non-modal."""
    from radtrack_gui.cohort.loader import patients
    from radtrack_gui.gui.crash import quiet

    try:
        rows = patients(folder)
    except InputError as exc:
        if not quiet():
            QMessageBox.warning(window, "Cannot open cohort", str(exc))
        window.statusBar().showMessage(str(exc), 10000)
        return None
    dlg = CohortDialog(
        folder,
        rows,
        lambda path, pid: window.open_path(path, patient_id=pid),
        None,  # a window of its own (see the module's note)
        quiet=quiet(),
    )
    dlg.setWindowFlags(
        Qt.WindowType.Window
        | Qt.WindowType.WindowTitleHint
        | Qt.WindowType.WindowSystemMenuHint
        | Qt.WindowType.WindowMinMaxButtonsHint
        | Qt.WindowType.WindowCloseButtonHint
    )
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.patientOpened.connect(lambda key: _to_front(window, dlg, key))
    _CloseWith(window, dlg)
    frame = window.frameGeometry()
    dlg.move(frame.center() - dlg.rect().center())  # first shown over the main window
    dlg.show()
    return dlg


def _to_front(window: Any, dlg: CohortDialog, key: str) -> None:
    """The patient being opened is what the user looks at next: its window comes first."""
    window.raise_()
    window.activateWindow()
    note = (
        f"{key} from cohort {Path(dlg.folder).name}; the cohort's patient list stays open "
        "in its own window behind this one."
    )

    def loaded() -> None:  # once, after the open's own messages
        window.patientLoaded.disconnect(loaded)
        window.statusBar().showMessage(note, 15000)

    window.patientLoaded.connect(loaded)


class _CloseWith(QObject):
    """Closes a cohort window when the main window it opens patients in closes."""

    def __init__(self, window: QWidget, dlg: CohortDialog) -> None:
        super().__init__(dlg)  # goes with the cohort window
        self.window, self.dlg = window, dlg
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            # after the main window's own closeEvent, which may keep it open
            QTimer.singleShot(0, self._close_if_gone)
        return False

    def _close_if_gone(self) -> None:
        if not self.window.isVisible():
            self.dlg.close()


def choose_cohort(window: Any) -> CohortDialog | None:
    """File ▸ Open cohort…: pick a cohort folder and show its patients."""
    folder = QFileDialog.getExistingDirectory(
        window, "Open cohort (a folder made by radtrack cohort run)", str(Path.home())
    )
    return show_cohort(window, folder) if folder else None
