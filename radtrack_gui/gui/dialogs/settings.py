"""Settings dialog over :mod:`radtrack_gui.settings`: models (from the registry), link
threshold, timeline colours and font, default lane view. OK writes the values back into
the ``Settings`` object it was given; the caller saves and applies them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from radtrack_gui import settings as settings_mod
from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QCheckBox,
    QColor,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QIcon,
    QLabel,
    QPainter,
    QPixmap,
    QSize,
    QSpinBox,
    Qt,
    QtWidgets,
    QVBoxLayout,
    QWidget,
)
from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS


def palette_icon(name: str, size: int = 14) -> QIcon:
    """A strip of the palette's first six modality colours."""
    colors = list(S.PALETTES.get(name, S.MODALITY_COLORS).values())[:6]
    pm = QPixmap(size * len(colors), size)
    pm.fill(QColor("white"))
    p = QPainter(pm)
    for i, c in enumerate(colors):
        p.fillRect(i * size + 1, 1, size - 2, size - 2, QColor(c))
    p.end()
    return QIcon(pm)


class SettingsDialog(QDialog):
    def __init__(self, settings: settings_mod.Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Settings")
        layout = QVBoxLayout(self)

        models = QGroupBox("Models")
        form = QFormLayout(models)
        self.extractor = self._model_combo(EXTRACTORS, settings.extractor)
        self.linker = self._model_combo(LINKERS, settings.linker)
        form.addRow("Extractor:", self.extractor)
        form.addRow("Linker:", self.linker)
        self.threshold = QtWidgets.QDoubleSpinBox()
        self.threshold.setRange(0.0, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setDecimals(2)
        self.threshold.setToolTip("Pair score a linker needs to join two mentions")
        form.addRow("Link threshold:", self.threshold)
        self.confirm_rerun = QCheckBox("Ask before a model run replaces my edits")
        form.addRow("", self.confirm_rerun)
        self.questions = QCheckBox("Show reason-for-exam mentions")
        self.questions.setObjectName("showQuestions")
        self.questions.setToolTip(
            "Off: “evaluate for fracture” in the indication or history "
            "is a question, not a finding, and draws no lane. Applies "
            "to the next model run (Tools ▸ Re-run models)"
        )
        form.addRow("", self.questions)
        layout.addWidget(models)

        view = QGroupBox("Timeline")
        form = QFormLayout(view)
        self.palette_box = QComboBox()
        self.palette_box.setIconSize(QSize(84, 14))
        for name in settings_mod.PALETTES:
            self.palette_box.addItem(palette_icon(name), name, name)
        self.palette_box.setToolTip(
            "Modality colours; all are safe for colour-vision deficiency except where noted"
        )
        form.addRow("Modality colours:", self.palette_box)
        self.font_size = QSpinBox()
        self.font_size.setRange(6, 48)
        self.font_size.setSuffix(" pt")
        form.addRow("Label font size:", self.font_size)
        self.x_mode = QComboBox()
        for mode in settings_mod.X_MODES:
            self.x_mode.addItem(mode.capitalize(), mode)
        form.addRow("x axis:", self.x_mode)
        self.grouping = QComboBox()
        for g in settings_mod.GROUPINGS:
            self.grouping.addItem({"type": "Findings / devices"}.get(g, g.capitalize()), g)
        form.addRow("Group lanes by:", self.grouping)
        self.singletons = QCheckBox("Show chains with one mention")
        form.addRow("", self.singletons)
        self.negatives = QCheckBox(
            "Show pertinent negatives (chains whose every mention is absent)"
        )
        self.negatives.setToolTip(
            "Off: “no hydrocephalus”-style chains are hidden "
            "in the timeline (a line says how many); the chain list "
            "keeps them"
        )
        form.addRow("", self.negatives)
        self.min_length = QSpinBox()
        self.min_length.setRange(1, 1000)
        form.addRow("Minimum chain length:", self.min_length)
        layout.addWidget(view)
        note = QLabel("Models run on this computer only; nothing is sent anywhere.")
        note.setStyleSheet("color: #555")
        layout.addWidget(note)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            lambda: self.load(settings_mod.Settings())
        )
        layout.addWidget(buttons)
        self.load(settings)

    @staticmethod
    def _model_combo(table: Mapping[str, Any], current: str) -> QComboBox:
        combo = QComboBox()
        for name, info in table.items():
            label = f"{name} (default)" if info.default else name
            combo.addItem(label, name)
            combo.setItemData(
                combo.count() - 1,
                info.description + (f" — needs {info.needs}" if info.needs else ""),
                Qt.ItemDataRole.ToolTipRole,
            )
        if current not in table:  # a model from a newer or older install: keep it listed
            combo.addItem(f"{current} (not installed)", current)
        return combo

    def load(self, s: settings_mod.Settings) -> None:
        """Show the values of ``s`` in the controls."""
        for combo, value in (
            (self.extractor, s.extractor),
            (self.linker, s.linker),
            (self.palette_box, s.palette),
            (self.x_mode, s.x_mode),
            (self.grouping, s.lane_grouping),
        ):
            i = combo.findData(value)
            combo.setCurrentIndex(i if i >= 0 else 0)
        self.threshold.setValue(s.link_threshold)
        self.confirm_rerun.setChecked(s.confirm_model_rerun)
        self.questions.setChecked(s.show_questions)
        self.font_size.setValue(s.font_size)
        self.singletons.setChecked(s.show_singletons)
        self.negatives.setChecked(s.show_negatives)
        self.min_length.setValue(s.min_chain_length)

    def values(self) -> dict[str, Any]:
        """The edited values, by settings field name."""
        return {
            "extractor": self.extractor.currentData(),
            "linker": self.linker.currentData(),
            "link_threshold": round(self.threshold.value(), 2),
            "confirm_model_rerun": self.confirm_rerun.isChecked(),
            "show_questions": self.questions.isChecked(),
            "palette": self.palette_box.currentData(),
            "font_size": self.font_size.value(),
            "x_mode": self.x_mode.currentData(),
            "lane_grouping": self.grouping.currentData(),
            "show_singletons": self.singletons.isChecked(),
            "show_negatives": self.negatives.isChecked(),
            "min_chain_length": self.min_length.value(),
        }

    def accept(self) -> None:
        known = {f.name for f in fields(settings_mod.Settings)}
        for name, value in self.values().items():
            if name in known:
                setattr(self.settings, name, value)
        super().accept()
