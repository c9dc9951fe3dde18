"""The main window's view of the user settings: models, recent patients, saved layout,
timeline x axis."""

from __future__ import annotations

import logging

from radtrack_gui.gui.qt import QByteArray
from radtrack_gui.nlp.registry import RunSpec
from radtrack_gui.settings import MAX_RECENT
from radtrack_gui.views.options import XMode

log = logging.getLogger("radtrack.gui.window")


class WindowPrefs:
    """The window's view of the typed, versioned user settings (``radtrack_gui.settings``):
    models, recent patients, layout (base64 of Qt's saved state), timeline options.
    Every change is written at once (atomically)."""

    def __init__(self) -> None:
        from radtrack_gui import settings as settings_mod

        self._mod = settings_mod
        self.typed = settings_mod.load()

    def save(self) -> None:
        try:
            self._mod.save(self.typed)
        except OSError as exc:  # read-only config folder: keep going, say it in the log
            log.warning("could not save settings: %s", exc)

    def model(self, kind: str) -> str:
        spec = self.run_spec()
        return spec.extractor_name if kind == "extractor" else spec.linker_name

    def run_spec(self) -> RunSpec:
        """The models the settings choose, with the extractor's options."""
        return self.typed.run_spec()

    def recent(self) -> list[str]:
        return list(self.typed.recent_patients)[:MAX_RECENT]

    def add_recent(self, path: str) -> None:
        self.typed.add_recent(path)
        self.save()

    def clear_recent(self) -> None:
        self.typed.recent_patients = []
        self.save()

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        def decode(text: str) -> QByteArray | None:
            return QByteArray.fromBase64(text.encode("ascii")) if text else None

        return decode(self.typed.window_geometry), decode(self.typed.window_state)

    def save_window_state(self, geometry: QByteArray, state: QByteArray) -> None:
        self.typed.window_geometry = bytes(geometry.toBase64().data()).decode("ascii")
        self.typed.window_state = bytes(state.toBase64().data()).decode("ascii")
        self.save()

    def x_mode(self) -> str:
        """The timeline's name for it: "date" or "order"."""
        try:
            return XMode.from_setting(self.typed.x_mode).value
        except ValueError:
            return XMode.DATE.value

    def set_x_mode(self, mode: str) -> None:
        self.typed.x_mode = XMode(mode).setting
        self.save()
