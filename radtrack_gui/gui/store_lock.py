"""The choice offered when another window or process is editing the same patient."""

from __future__ import annotations

from radtrack_gui.gui.qt import QMessageBox, QWidget
from radtrack_gui.store.lock import StoreLocked, describe


def lock_message(exc: StoreLocked) -> str:
    return (
        f"This patient is open for editing in another RadTrack window "
        f"({describe(exc.holder)}).\n\nOpen it read-only here (your edits would not "
        "be saved), or cancel and switch to the other window."
    )


def ask_open_read_only(parent: QWidget | None, exc: StoreLocked) -> bool:
    """True when the user chose to open the patient read-only."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Patient already open")
    box.setText(lock_message(exc))
    read_only = box.addButton("Open read-only", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is read_only
