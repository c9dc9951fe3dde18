"""Export dialog: the patient as RadTrack JSON, CSV, brat, CoNLL-2012, an HTML summary for
the chart, and the timeline as PNG/SVG. Writers are imported when used; a failure becomes a
one-line message in the dialog (and a log entry), never a traceback."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.registry import WRITERS
from radtrack_gui.formats.writers import write_patient
from radtrack_gui.gui.qt import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from radtrack_gui.util.paths import make_folders

log = logging.getLogger("radtrack.gui.export")


@dataclass(frozen=True)
class ExportFormat:
    key: str
    title: str
    suffix: str  # appended to the base name; a trailing "/" means a folder
    needs_timeline: bool = False


# The patient formats come from the writer registry; the timeline pictures are the GUI's own.
FORMATS = (
    *(ExportFormat(e.name, e.title, e.suffix) for e in WRITERS.values()),
    ExportFormat("png", "Timeline picture (PNG)", "_timeline.png", needs_timeline=True),
    ExportFormat("svg", "Timeline drawing (SVG)", "_timeline.svg", needs_timeline=True),
)
DEFAULT_ON = ("json", "html", "png")


def safe_name(text: str) -> str:
    """A file-name-safe base name from a patient id."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._")
    return name or "patient"


def _writer(key: str, patient: Patient, timeline: Any) -> Callable[[Path], object]:
    """The function writing ``key`` to a path (writers are imported only when used)."""
    if key in WRITERS:
        return lambda path: write_patient(patient, key, path)
    if key == "png":
        return lambda path: timeline.export_png(str(path))
    if key == "svg":
        return lambda path: timeline.export_svg(str(path))
    raise KeyError(key)


def export_patient(
    patient: Patient, timeline: Any, folder: str | Path, base: str, keys: list[str]
) -> list[tuple[str, Path, str | None]]:
    """Write each format in ``keys`` into ``folder``; returns (key, path, error or None)."""
    out: list[tuple[str, Path, str | None]] = []
    folder = Path(folder)
    for fmt in FORMATS:
        if fmt.key not in keys:
            continue
        path = folder / (base + fmt.suffix.rstrip("/"))
        if fmt.needs_timeline and timeline is None:
            out.append((fmt.key, path, "no timeline to export"))
            continue
        try:
            make_folders(folder)  # new folders private (0700)
            _writer(fmt.key, patient, timeline)(path)
        except (InputError, OSError, ValueError) as exc:
            out.append((fmt.key, path, str(exc) or type(exc).__name__))
        except Exception as exc:  # our bug: log it in full, tell the user in one line
            log.exception("export %s to %s failed", fmt.key, path)
            out.append(
                (
                    fmt.key,
                    path,
                    f"unexpected error ({type(exc).__name__}: {exc}); details are in the log",
                )
            )
        else:
            out.append((fmt.key, path, None))
    return out


def export_start(folder: str | None) -> Path:
    """Where an export goes unless the user picks a folder: beside the patient's folder,
    or the home folder when that is RadTrack's own (the demo patients are shipped inside
    the program, where nothing of the user's belongs) or cannot be written."""
    from radtrack_gui.util.paths import resources_dir

    if folder:
        parent = Path(folder).resolve().parent
        shipped = resources_dir().resolve()
        if shipped != parent and shipped not in parent.parents and os.access(parent, os.W_OK):
            return parent
    return Path.home()


class ExportDialog(QDialog):
    """Choose formats and a folder; Export writes them and lists what happened."""

    def __init__(
        self,
        patient: Patient,
        timeline: Any = None,
        parent: QWidget | None = None,
        *,
        formats: list[str] | None = None,
        remember: Callable[[list[str]], object] | None = None,
        folder: str | None = None,
        remember_folder: Callable[[str], object] | None = None,
    ) -> None:
        """``formats``: the ones ticked last time (None or empty: the defaults);
        ``remember(keys)`` is told the formats of each export (to tick them next time).
        ``folder``: where this patient's last export went (None: beside its folder);
        ``remember_folder(folder)`` is told each export's folder."""
        super().__init__(parent)
        self.patient = patient
        self.timeline = timeline
        self.remember = remember
        self.remember_folder = remember_folder
        self.results: list[tuple[str, Path, str | None]] = []
        self.setWindowTitle("Export")
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)

        box = QGroupBox("Formats")
        box_layout = QVBoxLayout(box)
        self.checks: dict[str, QCheckBox] = {}
        for fmt in FORMATS:
            cb = QCheckBox(fmt.title)
            cb.setChecked(fmt.key in DEFAULT_ON)
            if fmt.needs_timeline and timeline is None:
                cb.setChecked(False)
                cb.setEnabled(False)
                cb.setToolTip("No timeline is open")
            self.checks[fmt.key] = cb
            box_layout.addWidget(cb)
        layout.addWidget(box)
        known = [k for k in formats or [] if k in self.checks]
        if known:
            self.set_selected(known)

        form = QFormLayout()
        row = QHBoxLayout()
        start = export_start(patient.folder)
        self.folder_edit = QLineEdit(folder or str(start / f"{safe_name(patient.id)}_export"))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.folder_edit, 1)
        row.addWidget(browse)
        form.addRow("Folder:", row)
        self.base_edit = QLineEdit(safe_name(patient.id))
        form.addRow("File names start with:", self.base_edit)
        layout.addLayout(form)

        self.status = QTextBrowser()
        self.status.setMinimumHeight(110)
        self.status.setPlaceholderText("Files written will be listed here.")
        layout.addWidget(self.status)
        self.summary = QLabel("")
        layout.addWidget(self.summary)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = buttons.addButton("Export", QDialogButtonBox.ButtonRole.ApplyRole)
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(self.run_export)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def selected(self) -> list[str]:
        return [k for k, cb in self.checks.items() if cb.isChecked() and cb.isEnabled()]

    def set_selected(self, keys: list[str]) -> None:
        for k, cb in self.checks.items():
            cb.setChecked(k in keys and cb.isEnabled())

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "Export into folder", self.folder_edit.text()
        )
        if folder:
            self.folder_edit.setText(folder)

    def run_export(self) -> list[tuple[str, Path, str | None]]:
        """Write the chosen formats; the list of results is shown and returned."""
        keys = self.selected()
        folder = self.folder_edit.text().strip()
        if not keys or not folder:
            self.summary.setText("Choose at least one format and a folder.")
            return []
        base = safe_name(self.base_edit.text().strip() or self.patient.id)
        if self.remember is not None:
            self.remember(keys)
        if self.remember_folder is not None:
            self.remember_folder(folder)
        self.results = export_patient(self.patient, self.timeline, folder, base, keys)
        lines = []
        for key, path, error in self.results:
            title = next(f.title for f in FORMATS if f.key == key).split(" (")[0]
            if error is None:
                lines.append(
                    f"<span style='color:#1b7f3b'>✓</span> {_esc(title)}: "
                    f"<code>{_esc(str(path))}</code>"
                )
            else:
                lines.append(f"<span style='color:#b00020'>✗</span> {_esc(title)}: {_esc(error)}")
        self.status.setHtml("<br>".join(lines))
        failed = sum(1 for _, _, e in self.results if e)
        self.summary.setText(
            f"{len(self.results) - failed} written"
            + (f", {failed} failed" if failed else "")
            + f" into {folder}"
        )
        return self.results


def _esc(text: str) -> str:
    import html

    return html.escape(text)
