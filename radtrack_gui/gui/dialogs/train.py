"""Tools ▸ Train linker / extractor on corrections: train the pairwise linker or the neural
extractor on the open patient as corrected in the app (read from its project store), plus
other corrected projects or brat gold folders the user adds.

The data gathering and training are ``radtrack_gui.training`` and
``radtrack_gui.training`` (shared with ``radtrack train``); they run in the background
through ``gui/ops.Op`` with a progress bar and Cancel. "Use it now" only switches the
settings: nothing re-runs over the user's corrections.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.gui import worker
from radtrack_gui.gui.ops import Op
from radtrack_gui.gui.qt import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)

log = logging.getLogger("radtrack.gui.train")

KINDS = {
    # kind -> (title, settings field, model name, what it learns)
    "linker": (
        "Train linker on corrections",
        "linker",
        "pairwise",
        "Fits the pairwise linker on which mentions your chains link (seconds).",
    ),
    "extractor": (
        "Train extractor on corrections",
        "extractor",
        "neural",
        "Fine-tunes the neural mention extractor on your mentions (minutes).",
    ),
}
# Trainable linkers: name -> what the dialog says of it.
LINKER_MODELS = {
    "pairwise": "pairwise: logistic regression over the knowledge features (seconds)",
    "pairmodel": "pairmodel: transformer mention-pair classifier on the local MiniLM (minutes)",
}
STAGES = {
    "read": "Reading",
    "fit": "Fitting",
    "train": "Training %v/%m",
    "evaluate": "Scoring held-out reports",
}


class TrainDialog(QDialog):
    """Train one model kind ("linker" or "extractor") on corrected patients."""

    trained = Signal(object)  # TrainedLinker or TrainedExtractor
    trainingFailed = Signal(str)  # one-line reason
    trainingCancelled = Signal()
    modelChosen = Signal(str, str)  # settings field, model name

    def __init__(
        self,
        kind: str,
        prefs: Any,
        patient: Patient | None = None,
        store_path: str | Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        title, self.field, self.model_name, what = KINDS[kind]
        self.kind = kind
        self.prefs = prefs
        self.store_path = Path(store_path) if store_path is not None else None
        self.task: worker.Task | None = None
        self.result: Any = None
        self.setObjectName("trainDialog")
        self.setWindowTitle(title)

        intro = QLabel(
            what + " The model is saved where RadTrack finds it; your chains are not changed."
        )
        intro.setWordWrap(True)
        self.use_current = QCheckBox()
        if patient is not None and self.store_path is not None:
            self.use_current.setText(
                f"This patient as corrected: {patient.id} "
                f"({len(patient.chains)} chains, "
                f"{len(patient.mentions)} mentions)"
            )
            self.use_current.setChecked(True)
        else:
            self.use_current.setText("This patient (none open)")
            self.use_current.setEnabled(False)
        self.use_current.toggled.connect(self._update)

        box = QGroupBox("Other corrected projects or gold folders")
        self.folders = QListWidget()
        self.folders.setToolTip(
            "Patient folders you corrected in RadTrack (their project "
            "store), or brat gold folders (one patient or one "
            "sub-folder per patient)"
        )
        self.folders.setMinimumHeight(90)
        self.add_button = QPushButton("Add folder…")
        self.add_button.clicked.connect(self.choose_folder)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.folders.itemSelectionChanged.connect(self._update)
        side = QVBoxLayout()
        side.addWidget(self.add_button)
        side.addWidget(self.remove_button)
        side.addStretch(1)
        row = QHBoxLayout(box)
        row.addWidget(self.folders, 1)
        row.addLayout(side)

        form = QFormLayout()
        self.model = QComboBox(self)
        for name, text in LINKER_MODELS.items():
            self.model.addItem(text, name)
        self.epochs = QSpinBox(self)
        self.epochs.setRange(1, 50)
        self.epochs.setValue(3)
        self.epochs.setMaximumWidth(90)
        if kind == "extractor":
            self.model.hide()
            form.addRow("Passes over the sentences:", self.epochs)
        else:
            form.addRow("Linker:", self.model)
            form.addRow("Passes over the pairs:", self.epochs)
            self.model.currentIndexChanged.connect(self._model_changed)

        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.message = QLabel()
        self.message.setObjectName("trainMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.train_button = QPushButton("Train")
        self.train_button.setDefault(True)
        self.train_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.use_button = QPushButton("Use it now")
        self.use_button.setToolTip(
            f"Choose the trained {kind} in the settings (applies to the "
            "next patient opened, or Tools ▸ Re-run models)"
        )
        self.use_button.clicked.connect(self.use_now)
        self.use_button.hide()
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.use_button)
        buttons.addStretch(1)
        for b in (self.train_button, self.cancel_button, self.close_button):
            buttons.addWidget(b)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.use_current)
        layout.addWidget(box)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self.resize(560, 380)
        self._update()

    # -- sources -------------------------------------------------------------------------
    def folder_paths(self) -> list[str]:
        return [self.folders.item(i).text() for i in range(self.folders.count())]

    def add_folder(self, path: str | Path) -> None:
        text = str(Path(path).expanduser())
        if text and text not in self.folder_paths():
            self.folders.addItem(text)
        self._update()

    def choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Add a corrected project or a gold folder")
        if path:
            self.add_folder(path)

    def remove_selected(self) -> None:
        for item in self.folders.selectedItems():
            self.folders.takeItem(self.folders.row(item))
        self._update()

    def running(self) -> bool:
        return self.task is not None and not self.task.is_done()

    def _update(self) -> None:
        busy = self.running()
        has_data = self.use_current.isChecked() or self.folders.count() > 0
        self.train_button.setEnabled(has_data and not busy)
        self.cancel_button.setEnabled(busy)
        self.close_button.setEnabled(not busy)
        for w in (self.use_current, self.add_button, self.folders, self.model):
            w.setEnabled(not busy and (w is not self.use_current or self.store_path is not None))
        # the pairwise fit has no passes to choose
        self.epochs.setEnabled(not busy and self.linker_model() != "pairwise")
        self.remove_button.setEnabled(not busy and bool(self.folders.selectedItems()))

    # -- training ------------------------------------------------------------------------
    def start(self) -> worker.Task | None:
        if self.running():
            return None
        store = self.store_path if self.use_current.isChecked() else None
        folders = self.folder_paths()
        kind, epochs, model = self.kind, self.epochs.value(), self.linker_model()

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Any:
            return _train(kind, store, folders, epochs, progress, cancel, model)

        self.result = None
        self.use_button.hide()
        self.progress.setRange(0, 0)
        self.progress.setFormat("Reading the corrections…")
        self.progress.show()
        self.message.setText("")
        self.task = (
            Op(work, name=f"train {kind}")
            .bound_to(self)  # the dialog closed mid-run: the outcome goes nowhere
            .on_success(self._succeeded)
            .on_failure(self._failed)
            .on_progress(self._progress)
            .on_cancel(self._cancelled)
            .run()
        )
        self._update()
        return self.task

    def linker_model(self) -> str:
        """The linker to train ("pairwise" or "pairmodel"); the extractor dialog: "neural"."""
        return str(self.model.currentData()) if self.kind == "linker" else self.model_name

    def _model_changed(self) -> None:
        self.model_name = self.linker_model()
        self.epochs.setValue(4 if self.model_name == "pairmodel" else 3)
        self._update()

    def cancel(self) -> None:
        if self.running():
            assert self.task is not None
            self.task.cancel()
            self.cancel_button.setEnabled(False)
            self.progress.setFormat("Cancelling…")

    def _progress(self, stage: str, done: int, total: int) -> None:
        label = STAGES.get(stage, stage)
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)
            label = label.replace(" %v/%m", "")
        self.progress.setFormat(label)

    def _finish(self, text: str) -> None:
        self.progress.hide()
        self.message.setText(text)
        self._update()

    def _succeeded(self, result: Any) -> None:
        from radtrack_gui.training import extractor_summary

        self.result = result
        if self.kind == "extractor":
            summary = extractor_summary(result)
        elif result.held_out:
            summary = result.summary
        else:  # held-out patients choose the threshold only from five patients on
            summary = (
                f"trained the {self.model_name} linker on {result.patients} patients "
                f"({result.mentions} mentions); threshold {result.threshold:.2f} "
                "(none held out to tune it: that needs 5 patients or more)"
            )
        summary = summary[0].upper() + summary[1:]
        log.info("trained %s: %s -> %s", self.model_name, summary, result.path)
        self._finish(f"{summary}.\nSaved to {result.path}")
        self.use_button.show()
        self.trained.emit(result)

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, InputError):
            reason = str(exc)
        else:  # logged with its traceback by the worker
            reason = f"training failed: {type(exc).__name__}: {exc}"
        self._finish(f"Not trained: {reason}")
        self.trainingFailed.emit(reason)

    def _cancelled(self) -> None:
        self._finish("Training cancelled; nothing was saved.")
        self.trainingCancelled.emit()

    def use_now(self) -> None:
        """Choose the trained model in the settings (no model runs now)."""
        setattr(self.prefs.typed, self.field, self.model_name)
        self.prefs.save()
        self.use_button.hide()
        self.message.setText(
            self.message.text() + f"\nThe {self.field} is now "
            f"“{self.model_name}”: it applies to the next patient opened "
            "(Tools ▸ Re-run models would replace your corrections)."
        )
        self.modelChosen.emit(self.field, self.model_name)

    def reject(self) -> None:
        self.cancel()  # closing the dialog stops the training
        super().reject()


def _train(
    kind: str,
    store: Path | None,
    folders: list[str],
    epochs: int,
    progress: Callable[[str, int, int], None],
    cancel: Callable[[], bool],
    model: str = "pairwise",
) -> Any:
    """The background job: gather the patients, then train (no widgets here)."""
    from radtrack_gui.training import read_folder, read_store, train_linker

    patients: list[Patient] = []
    progress("read", 0, 0)
    if store is not None:
        worker.wait_writes()  # the edits made before Train are in the store
        current = read_store(store)
        if current is not None:
            patients.append(current)
    for folder in folders:
        if cancel():
            raise Cancelled()
        patients.extend(read_folder(folder))
    if not patients:
        raise InputError("nothing to train on: open a patient or add a folder")
    if cancel():
        raise Cancelled()
    if kind == "linker":
        progress("fit", 0, 0)
        if model == "pairmodel":
            return train_linker(
                patients, cancel=cancel, linker=model, epochs=epochs, progress=progress
            )
        return train_linker(patients, cancel=cancel)
    from radtrack_gui.training import train_extractor

    return train_extractor(patients, epochs=epochs, progress=progress, cancel=cancel)
