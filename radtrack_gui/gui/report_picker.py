"""The report dock's picker: a combo box whose closed title, too long for the dock, is cut
at its end with "…" ("… · CT CHEST ABDOMEN PELV…") instead of clipped mid-letter; the open
list and the tooltip give every title whole."""

from __future__ import annotations

from typing import Any

from radtrack_gui.gui.qt import QComboBox, Qt, QtGui, QtWidgets


class ReportPicker(QComboBox):
    def paintEvent(self, event: Any) -> None:
        painter = QtWidgets.QStylePainter(self)
        option = QtWidgets.QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QtWidgets.QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text(option)
        painter.drawControl(QtWidgets.QStyle.ControlElement.CE_ComboBoxLabel, option)

    def shown_text(self, option: Any = None) -> str:
        """The current title as the closed picker draws it (cut to its field)."""
        if option is None:
            option = QtWidgets.QStyleOptionComboBox()
            self.initStyleOption(option)
        field = self.style().subControlRect(
            QtWidgets.QStyle.ComplexControl.CC_ComboBox,
            option,
            QtWidgets.QStyle.SubControl.SC_ComboBoxEditField,
            self,
        )
        metrics = QtGui.QFontMetrics(self.font())
        return metrics.elidedText(
            self.currentText(), Qt.TextElideMode.ElideRight, max(0, field.width() - 2)
        )
