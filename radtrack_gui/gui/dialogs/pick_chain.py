"""Pick a chain to move mentions into (or to add a mention to): a searchable list, with
each chain's type, size in words ("1 mention") and first report."""

from __future__ import annotations

from radtrack_gui.core.model import Patient
from radtrack_gui.gui.qt import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    Qt,
    QVBoxLayout,
    QWidget,
)
from radtrack_gui.views.search import chain_haystack, matches, query_terms

NEW_CHAIN = ""  # the id standing for "a new chain"


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class ChainPicker(QDialog):
    """``chosen()`` is a chain id, ``NEW_CHAIN`` or None (cancelled)."""

    def __init__(
        self,
        patient: Patient,
        title: str,
        prompt: str,
        kind: str | None,
        exclude: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(520, 460)
        self.patient = patient
        self.search = QLineEdit()
        self.search.setObjectName("chainPickerSearch")
        self.search.setPlaceholderText("Type to search chains (synonyms too)")
        self.search.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setObjectName("chainPickerList")
        self.list.itemDoubleClicked.connect(lambda _i: self.accept())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(QLabel(prompt))
        box.addWidget(self.search)
        box.addWidget(self.list, 1)
        box.addWidget(buttons)
        order = patient.report_index()
        reports = {r.id: r for r in patient.reports}
        chains = [
            c
            for c in patient.chains.values()
            if c.id != exclude and (kind is None or c.type == kind)
        ]
        chains.sort(key=lambda c: (c.label.lower(), c.id))
        if kind is not None:
            self._add("(a new chain)", NEW_CHAIN)
        self._hay: dict[str, str] = {}
        for c in chains:
            first = min(
                (patient.mentions[m].report for m in c.mentions if m in patient.mentions),
                key=lambda r: order.get(r, 0),
                default="",
            )
            r = reports.get(first)
            when = r.date.strftime("%Y-%m-%d") if r and r.date and r.date_known else "undated"
            self._add(
                f"{c.label or c.id} · {c.type} · {_n(len(c.mentions), 'mention')} · first {when}",
                c.id,
            )
        self.search.textChanged.connect(self._filter)
        self.list.setCurrentRow(0)
        self.search.setFocus()

    def _add(self, text: str, cid: str) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, cid)
        self.list.addItem(item)

    def _filter(self, query: str) -> None:
        terms = query_terms(query)
        first_shown = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            cid = item.data(Qt.ItemDataRole.UserRole)
            if cid == NEW_CHAIN:
                visible = True
            else:
                hay = self._hay.get(cid)
                if hay is None:
                    hay = self._hay[cid] = chain_haystack(self.patient, self.patient.chains[cid])
                visible = matches(hay, terms)
            item.setHidden(not visible)
            if visible and first_shown is None and cid != NEW_CHAIN:
                first_shown = item
        if first_shown is not None and terms:
            self.list.setCurrentItem(first_shown)

    def shown_texts(self) -> list[str]:
        return [
            self.list.item(i).text()
            for i in range(self.list.count())
            if not self.list.item(i).isHidden()
        ]

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        if self.result() != QDialog.DialogCode.Accepted or item is None or item.isHidden():
            return None
        return str(item.data(Qt.ItemDataRole.UserRole))
