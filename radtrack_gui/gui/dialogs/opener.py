"""The main window's dialogs (export, compare, train, settings, about, log folder), one
function each, given the window (its session holds the open patient and store)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats import sources
from radtrack_gui.gui.dialog_place import place_over_welcome
from radtrack_gui.gui.qt import QDesktopServices, QDialog, QMessageBox, Qt, QUrl
from radtrack_gui.util.paths import user_log_dir

if TYPE_CHECKING:
    from radtrack_gui.core.model import Patient
    from radtrack_gui.gui.dialogs.compare import CompareView
    from radtrack_gui.gui.main_window import MainWindow

log = logging.getLogger("radtrack.gui.window")

NO_GOLD = (
    "This patient has no gold annotations to compare with (brat .ann files in its folder, "
    "or a sibling folder named <folder>_gold)."
)


def show_dialog(dlg: QDialog, window: MainWindow | None = None) -> QDialog:
    """Window-modal, non-blocking; deleted when closed. Opened over ``window``'s welcome
    page, it leaves the page in sight (``gui/dialog_place.py``)."""
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if window is not None:
        place_over_welcome(window, dlg)
    dlg.open()
    return dlg


def open_export(window: MainWindow) -> QDialog | None:
    from radtrack_gui.gui.dialogs.export import ExportDialog

    patient = window.session.patient
    if patient is None:
        return None
    prefs = window.prefs

    def remember(keys: list[str]) -> None:  # ticked again next time (issue #20 item 11)
        if prefs.typed.export_formats != keys:
            prefs.typed.export_formats = list(keys)
            prefs.save()

    def remember_folder(folder: str) -> None:  # offered again for this patient
        assert patient is not None
        if (prefs.typed.export_folder, prefs.typed.export_patient) != (folder, patient.id):
            prefs.typed.export_folder, prefs.typed.export_patient = folder, patient.id
            prefs.save()

    return show_dialog(
        ExportDialog(
            patient,
            window.timeline,
            window,
            formats=prefs.typed.export_formats,
            remember=remember,
            folder=last_export_folder(window, patient),
            remember_folder=remember_folder,
        )
    )


def last_export_folder(window: MainWindow, patient: Patient) -> str | None:
    """The folder of the last export when it was ``patient``'s (None: its default)."""
    typed = window.prefs.typed
    return (typed.export_folder or None) if typed.export_patient == patient.id else None


def open_compare(window: MainWindow) -> QDialog | None:
    """The open chains scored against the gold annotations (an annotated folder: the
    models' chains, run in the background, against its own gold)."""
    from radtrack_gui.gui.dialogs.compare import CompareView

    session = window.session
    patient, loaded = session.patient, session.loaded
    if patient is None or loaded is None:
        return None
    try:
        gold = sources.find_gold(loaded.path)
    except InputError as exc:
        window.error(str(exc))
        return None
    if gold is None:
        window.error(NO_GOLD)
        return None
    if patient.annotated and Path(loaded.path).is_dir():
        # The open chains are the gold itself: score the models' chains instead.
        window.patients.compare_model_run(CompareView, gold)
        return None
    dlg = CompareView(patient, gold, window)
    wire_compare(window, dlg)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    window.compareShown.emit(dlg)
    return dlg


def wire_compare(window: MainWindow, dlg: CompareView) -> None:
    """Clicks in the Compare dialog select in the window. The dialog's patients need not be
    the open one (with a gold folder itself open, the dialog compares a model run against
    it): a mention is found in the open patient by its span (the same span, else the one
    overlapping it most in the same report); one not there shows its report."""
    dlg.mentionClicked.connect(lambda mid: select_mention_of(window, dlg.patient, mid))
    dlg.goldMentionClicked.connect(lambda mid: select_mention_of(window, dlg.gold, mid))
    dlg.chainClicked.connect(
        lambda cid: (
            window.selection.on_chain_selected(cid)
            if dlg.patient is window.session.patient
            else None
        )
    )
    dlg.reportClicked.connect(lambda rid: show_report(window, rid))


def select_mention_of(window: MainWindow, source: Patient, mention_id: str) -> None:
    """Select, in the open patient, ``source``'s mention ``mention_id`` (see wire_compare)."""
    from radtrack_gui.evaluation.mentions import overlap, span_of

    p = window.session.patient
    m = source.mentions.get(mention_id)
    if p is None or m is None:
        return
    if p is source or p.mentions.get(mention_id) is m:
        window.selection.on_mention_selected(mention_id)
        return
    span = span_of(m)
    best = max(
        (x for x in p.mentions.values() if x.report == m.report),
        key=lambda x: (span_of(x).pieces == span.pieces, overlap(span, span_of(x))),
        default=None,
    )
    if best is not None and overlap(span, span_of(best)) > 0:
        window.selection.on_mention_selected(best.id)
    else:
        show_report(window, m.report)


def show_report(window: MainWindow, report_id: str) -> None:
    """Show a report in the viewer (a compare row's missing mention is there)."""
    p = window.session.patient
    if p is not None and any(r.id == report_id for r in p.reports):
        window.report_view.show_report(report_id)


def open_train_dialog(window: MainWindow, kind: str) -> QDialog | None:
    """Tools ▸ Train linker / extractor on corrections (the open patient's store, plus
    folders the user adds)."""
    from radtrack_gui.gui.dialogs.train import TrainDialog

    loaded = window.session.loaded
    if loaded is not None:
        loaded.finish_save()  # the dialog reads the store file: the model run is in it
    store = loaded.store_path if loaded is not None else None
    dlg = TrainDialog(kind, window.prefs, window.session.patient, store, window)
    dlg.modelChosen.connect(
        lambda field, name: window.statusBar().showMessage(
            f"The {field} is now {name}; it applies to the next patient opened.", 8000
        )
    )
    window.train_dialog = dlg
    return show_dialog(dlg, window)


def open_settings(window: MainWindow) -> QDialog | None:
    from radtrack_gui.gui.dialogs.settings import SettingsDialog

    dlg = SettingsDialog(window.prefs.typed, window)

    def accepted() -> None:
        window.prefs.save()
        window.apply_settings()
        window.statusBar().showMessage(
            "Settings saved. A new model choice applies to the "
            "next patient opened (or Tools ▸ Re-run models).",
            8000,
        )

    dlg.accepted.connect(accepted)
    return show_dialog(dlg, window)


def show_log_folder() -> None:
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(user_log_dir())))


def show_about(window: MainWindow) -> None:
    from radtrack_gui import __version__

    QMessageBox.about(
        window,
        "About RadTrack",
        f"<b>RadTrack {__version__}</b><br>Review one patient's radiology "
        "reports over time: findings and devices, linked across reports "
        "into chains.<br><br>Runs entirely on this computer; nothing is "
        "sent anywhere.",
    )
