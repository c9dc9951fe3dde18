"""Compare view: the current chains scored against the folder's gold annotations, and the
places they differ (gold chains split or merged, mentions missing or extra).

Scores come from :mod:`radtrack_gui.evaluation` (the same scorer as ``radtrack score``);
mentions are matched by their exact span; the differences come from
:mod:`radtrack_gui.evaluation.compare`.
"""

from __future__ import annotations

from collections import Counter

from radtrack_gui.core.model import Patient
from radtrack_gui.evaluation.compare import KINDS, Difference, chain_differences
from radtrack_gui.gui.qt import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    Signal,
)


class CompareView(QDialog):
    """Scores and differences. Clicking a difference navigates: ``mentionClicked`` with the
    mention it concerns (the window selects it and shows its report), else ``chainClicked``
    with its chain, ``goldMentionClicked`` with the gold mention (a missing one) and
    ``reportClicked`` with the report a missing mention is in. Ids are ``patient``'s
    (``mentionClicked``) and ``gold``'s (``goldMentionClicked``): the window maps them onto
    what it shows (:func:`radtrack_gui.gui.dialogs.opener.wire_compare`)."""

    chainClicked = Signal(str)
    mentionClicked = Signal(str)
    goldMentionClicked = Signal(str)
    reportClicked = Signal(str)

    def __init__(
        self,
        patient: Patient,
        gold_patient: Patient,
        parent: QWidget | None = None,
        *,
        source: str = "here",
    ) -> None:
        super().__init__(parent)
        self.patient = patient
        self.gold = gold_patient
        self.source = source  # where ``patient``'s chains come from, for the headline
        self.setWindowTitle("Compare with gold annotations")
        self.resize(760, 680)
        layout = QVBoxLayout(self)
        self.headline = QLabel()
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Recall", "Precision", "F1"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setMinimumHeight(24 * 8 + self.table.horizontalHeader().sizeHint().height() + 6)
        layout.addWidget(self.table)
        layout.addWidget(QLabel("Where the chains differ from the gold (click to select):"))
        self.diff_list = QListWidget()
        self.diff_list.setWordWrap(True)
        self.diff_list.setSpacing(2)  # one difference per item, easy to tell apart
        self.diff_list.setAlternatingRowColors(True)
        self.diff_list.itemActivated.connect(self._activated)
        self.diff_list.itemClicked.connect(self._activated)
        layout.addWidget(self.diff_list, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.refresh_button = buttons.addButton("Recompute", QDialogButtonBox.ButtonRole.ActionRole)
        self.refresh_button.clicked.connect(self.recompute)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.differences: list[Difference] = []
        self.recompute()

    def recompute(self) -> None:
        """Score again (after edits) and refresh the list."""
        from radtrack_gui.evaluation.mentions import patient_clusters, score_patient_mentions
        from radtrack_gui.evaluation.metrics import LABELS, METRICS, score

        scores = score(patient_clusters(self.gold), patient_clusters(self.patient))
        detect = score_patient_mentions(self.gold, self.patient)
        rows: list[tuple[str, float, float, float]] = []
        for name in METRICS:
            c = scores[name]
            rows.append((LABELS.get(name, name), c.recall, c.precision, c.f1))
        rows.append(
            ("Mentions, exact span", detect.exact.recall, detect.exact.precision, detect.exact.f1)
        )
        rows.append(
            (
                "Mentions, overlapping span",
                detect.partial.recall,
                detect.partial.precision,
                detect.partial.f1,
            )
        )
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([r[0] for r in rows])
        for i, (_, *vals) in enumerate(rows):
            for j, v in enumerate(vals):
                item = QTableWidgetItem(f"{v:.3f}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(i, j, item)
        self.conll_f1 = scores.conll_f1
        self.differences = chain_differences(self.gold, self.patient)
        counts = Counter(d.kind for d in self.differences)
        summary = ", ".join(f"{n} {KINDS[k].lower()}" for k, n in counts.items()) or "none"
        self.headline.setText(
            f"<b>CoNLL F1 {scores.conll_f1:.3f}</b> &nbsp; "
            f"({len(self.patient.chains)} chains {self.source}, {len(self.gold.chains)} in "
            f"the gold; "
            f"differences: {summary})"
        )
        self.diff_list.clear()
        for d in self.differences:
            entry = QListWidgetItem(f"{KINDS[d.kind]}: {d.text}")
            entry.setData(Qt.ItemDataRole.UserRole, d)
            entry.setToolTip("Click to select it in the timeline and show the report")
            self.diff_list.addItem(entry)
        if not self.differences:
            self.diff_list.addItem("The chains agree with the gold annotations.")

    def _activated(self, item: QListWidgetItem) -> None:
        d = item.data(Qt.ItemDataRole.UserRole)
        if not isinstance(d, Difference):
            return
        mentions = [m for m in d.response_mentions if m in self.patient.mentions]
        if mentions:
            self.mentionClicked.emit(mentions[0])
        else:
            if d.response_chains:
                self.chainClicked.emit(d.response_chains[0])
            gold = [m for m in d.gold_mentions if m in self.gold.mentions]
            if gold:
                self.goldMentionClicked.emit(gold[0])
        if d.reports and not mentions:
            self.reportClicked.emit(d.reports[0])
