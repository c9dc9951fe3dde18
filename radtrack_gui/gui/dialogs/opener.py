"""Opening the main window's dialogs (export, compare, train, settings, about) and applying
settings to the views."""

from __future__ import annotations

import logging
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats import sources
from radtrack_gui.gui.qt import (
    QDesktopServices,
    QDialog,
    QMessageBox,
    Qt,
    QUrl,
)
from radtrack_gui.gui.window_host import WindowHost
from radtrack_gui.util.paths import user_log_dir

log = logging.getLogger("radtrack.gui.window")


class WindowDialogs(WindowHost):
    """Dialogs of the main window (part of MainWindow)."""

    # -- dialogs -------------------------------------------------------------------------------
    def _show_dialog(self, dlg: QDialog) -> QDialog:
        """Window-modal, non-blocking; deleted when closed."""
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()
        return dlg

    def open_export(self) -> QDialog | None:
        from radtrack_gui.gui.dialogs.export import ExportDialog as cls

        if self.patient is None:
            return None
        return self._show_dialog(cls(self.patient, self.timeline, self))

    def open_compare(self) -> QDialog | None:
        from radtrack_gui.gui.dialogs.compare import CompareView as cls

        if self.patient is None or self.loaded is None:
            return None
        try:
            gold = self._gold_patient()
        except InputError as exc:
            self._error(str(exc))
            return None
        if gold is None:
            self._error(
                "This patient has no gold annotations to compare with "
                "(brat .ann files in its folder, or a sibling folder named "
                "<folder>_gold)."
            )
            return None
        if self.patient.annotated and Path(self.loaded.path).is_dir():
            # The open chains are the gold itself: score the models' chains instead.
            self._compare_model_run(cls, gold)
            return None
        dlg = cls(self.patient, gold, self)
        dlg.mentionClicked.connect(self.on_mention_selected)
        dlg.chainClicked.connect(self.on_chain_selected)
        dlg.reportClicked.connect(self.show_report)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.compareShown.emit(dlg)
        return dlg

    def show_report(self, report_id: str) -> None:
        """Show a report in the viewer (a compare row's missing mention is there)."""
        p = self.patient
        if p is not None and any(r.id == report_id for r in p.reports):
            self.report_view.show_report(report_id)

    def open_train_dialog(self, kind: str) -> QDialog | None:
        """Tools ▸ Train linker / extractor on corrections (the open patient's store, plus
        folders the user adds)."""
        from radtrack_gui.gui.dialogs.train import TrainDialog as cls

        store = self.loaded.store_path if self.loaded is not None else None
        dlg = cls(kind, self.prefs, self.patient, store, self)
        dlg.modelChosen.connect(
            lambda field, name: self.statusBar().showMessage(
                f"The {field} is now {name}; it applies to the next patient opened.", 8000
            )
        )
        self.train_dialog = dlg
        return self._show_dialog(dlg)

    def _gold_patient(self) -> Patient | None:
        return sources.find_gold(self.loaded.path) if self.loaded is not None else None

    def open_settings(self) -> QDialog | None:
        from radtrack_gui.gui.dialogs.settings import SettingsDialog as cls

        dlg = cls(self.prefs.typed, self)
        dlg.accepted.connect(self._settings_accepted)
        return self._show_dialog(dlg)

    def _settings_accepted(self) -> None:
        self.prefs.save()
        self.apply_settings()
        self.statusBar().showMessage(
            "Settings saved. A new model choice applies to the "
            "next patient opened (or Tools ▸ Re-run models).",
            8000,
        )

    def apply_settings(self) -> None:
        """Show the timeline as the settings say (colours, font, filters, x axis)."""
        st = self.prefs.typed
        tl = self.timeline
        mode = self.prefs.x_mode()
        (self.act_x_order if mode == "order" else self.act_x_date).setChecked(True)
        try:
            from radtrack_gui.gui import style

            palettes = getattr(style, "PALETTES", {})
            if hasattr(tl, "set_colors"):
                tl.set_colors(palettes.get(st.palette), font_pt=st.font_size)
            tl.set_x_mode(mode)
            group = {"organ system": "system"}.get(st.lane_grouping, st.lane_grouping)
            tl.set_filters(
                singletons=st.show_singletons,
                min_length=st.min_chain_length,
                group_by=group,
                negatives=st.show_negatives,
            )
            self.act_negatives.setChecked(st.show_negatives)
        except (TypeError, ValueError, AttributeError) as exc:  # an older timeline
            log.warning("timeline ignored a setting: %s", exc)

    def set_show_negatives(self, on: bool) -> None:
        """Show or hide the timeline's pertinent negatives; remembered in the settings.
        The chain list always lists them (they are findings the reports rule out)."""
        on = bool(on)
        if self.act_negatives.isChecked() != on:
            self.act_negatives.setChecked(on)  # comes back here through toggled
            return
        if self.prefs.typed.show_negatives != on:
            self.prefs.typed.show_negatives = on
            self.prefs.save()
        tl = self.timeline
        tl.set_filters(negatives=on)

    def show_log_folder(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(user_log_dir())))

    def show_about(self) -> None:
        from radtrack_gui import __version__

        QMessageBox.about(
            self,
            "About RadTrack",
            f"<b>RadTrack {__version__}</b><br>Review one patient's radiology "
            "reports over time: findings and devices, linked across reports "
            "into chains.<br><br>Runs entirely on this computer; nothing is "
            "sent anywhere.",
        )
