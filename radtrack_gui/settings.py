"""User settings: one typed, versioned schema stored as JSON (Qt-free).

File: ``user_config_dir()/settings.json``, written atomically (private 0600)::

    {"version": 2, "settings": {"extractor": "rules", ...}}

A missing, unreadable or damaged file gives the defaults; an unknown key is dropped and an
invalid value falls back to its default, each with a logged warning: a bad settings file
never stops the app. Older versions are migrated in order (``_MIGRATIONS``).
"""

from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from radtrack_gui.nlp.device import ENV as DEVICE_ENV
from radtrack_gui.nlp.device import SPEC as DEVICE_SPEC
from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS, RunSpec, default_name
from radtrack_gui.util.atomic import atomic_write_text
from radtrack_gui.views.options import Grouping, XMode

log = logging.getLogger("radtrack.settings")

VERSION = 2
MAX_RECENT = 10
X_MODES = tuple(m.setting for m in XMode)  # "date", "report order"
PALETTES = ("okabe-ito", "tol-bright", "tol-muted", "viridis", "greyscale")
GROUPINGS = tuple(g.setting for g in Grouping)  # "type", "region", "organ system"


@dataclass
class Settings:
    """Every user setting, with its default."""

    extractor: str = field(default_factory=lambda: default_name("extractor"))
    linker: str = field(default_factory=lambda: default_name("linker"))
    link_threshold: float = 0.5  # pair score needed to link (0..1)
    palette: str = "okabe-ito"  # colour-blind-safe modality colours
    font_size: int = 10  # points
    x_mode: str = XMode.ORDER.setting  # timeline x axis: "report order" (default) or "date"
    lane_grouping: str = Grouping.TYPE.setting
    show_singletons: bool = True
    # Pertinent negatives (chains whose every mention is absent, "no midline shift") in the
    # timeline: hidden by default, with a count of what is hidden; the chain list keeps them.
    show_negatives: bool = False
    # Mentions in the indication / reason for exam / history ("evaluate for fracture") are
    # questions, not observations: the extractor leaves them out unless this is on.
    show_questions: bool = False
    min_chain_length: int = 1
    recent_patients: list[str] = field(default_factory=list)  # newest first
    window_geometry: str = ""  # base64 of QMainWindow.saveGeometry()
    window_state: str = ""  # base64 of QMainWindow.saveState()
    confirm_model_rerun: bool = True  # ask before a model run replaces manual edits
    export_formats: list[str] = field(default_factory=list)  # last ticked (empty: defaults)
    # The last export's folder and whose it was: offered again for that patient.
    export_folder: str = ""
    export_patient: str = ""
    # Where the neural models run: auto (a GPU when torch sees one), cpu, cuda, cuda:N.
    device: str = "auto"

    def extractor_options(self) -> dict[str, object]:
        """Options for the extractor these settings ask for (the one place they are
        translated): ``questions=True`` keeps reason-for-exam mentions as findings."""
        return {"questions": True} if self.show_questions else {}

    def apply_device(self) -> None:
        """Make ``device`` this process's choice for the neural models (``RADTRACK_DEVICE``,
        unless the environment already sets it)."""
        os.environ.setdefault(DEVICE_ENV, self.device)

    def run_spec(self) -> RunSpec:
        """The models these settings choose (a name no longer registered: the default)."""
        return RunSpec(
            self.extractor if self.extractor in EXTRACTORS else "",
            self.linker if self.linker in LINKERS else "",
            self.extractor_options(),
        )

    def add_recent(self, folder: str) -> None:
        """Put ``folder`` first in the recent list (no duplicates, at most MAX_RECENT), by
        its whole path (a relative one opened nothing from another working folder)."""
        folder = os.path.abspath(folder)
        self.recent_patients = [folder] + [f for f in self.recent_patients if f != folder]
        del self.recent_patients[MAX_RECENT:]


def _is_base64(value: str) -> bool:
    try:
        base64.b64decode(value.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        return False
    return True


# Checks beyond the type: name -> (predicate, what is allowed).
_RULES: dict[str, tuple[Any, str]] = {
    "window_geometry": (_is_base64, "base64 text"),
    "window_state": (_is_base64, "base64 text"),
    "link_threshold": (lambda v: 0.0 <= v <= 1.0, "a number from 0 to 1"),
    "palette": (lambda v: v in PALETTES, f"one of {', '.join(PALETTES)}"),
    "font_size": (lambda v: 6 <= v <= 48, "a size from 6 to 48"),
    "x_mode": (lambda v: v in X_MODES, "'date' or 'report order'"),
    "lane_grouping": (lambda v: v in GROUPINGS, f"one of {', '.join(GROUPINGS)}"),
    "min_chain_length": (lambda v: 1 <= v <= 1000, "a whole number from 1"),
    "extractor": (lambda v: bool(v.strip()), "a model name"),
    "linker": (lambda v: bool(v.strip()), "a model name"),
    "device": (lambda v: bool(DEVICE_SPEC.match(v)), "auto, cpu, cuda or cuda:N"),
}


def _migrate_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 named the palette ``colour_scheme`` and the x mode "order"."""
    if "colour_scheme" in data:
        data.setdefault("palette", data.pop("colour_scheme"))
    if data.get("x_mode") == XMode.ORDER.value:
        data["x_mode"] = XMode.ORDER.setting
    return data


_MIGRATIONS = {1: _migrate_1_to_2}  # from version -> function to the next


def settings_path() -> Path:
    from radtrack_gui.util.paths import user_config_dir

    return user_config_dir() / "settings.json"


def _coerce(name: str, value: Any, default: Any) -> Any:
    """``value`` if it is valid for ``name``, else raise ValueError."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif isinstance(default, str):
        ok = isinstance(value, str)
    elif isinstance(default, list):
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if ok and name == "recent_patients":
            value = list(dict.fromkeys(value))[:MAX_RECENT]
    else:
        ok = False
    if not ok:
        raise ValueError(f"expected {type(default).__name__}")
    rule = _RULES.get(name)
    if rule and not rule[0](value):
        raise ValueError(f"expected {rule[1]}")
    return value


def from_dict(data: dict[str, Any], version: int = VERSION, source: str = "settings") -> Settings:
    """Settings from a (possibly old, possibly damaged) dict; never raises."""
    data = dict(data)
    v = version
    while v < VERSION and v in _MIGRATIONS:
        data = _MIGRATIONS[v](data)
        v += 1
    defaults = Settings()
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    for key in data:
        if key not in known:
            log.warning("%s: unknown setting %r ignored", source, key)
    for name in known:
        if name not in data:
            continue
        default = getattr(defaults, name)
        try:
            values[name] = _coerce(name, data[name], default)
        except ValueError as exc:
            log.warning(
                "%s: setting %r = %r is invalid (%s); using default %r",
                source,
                name,
                data[name],
                exc,
                default,
            )
    return Settings(**values)


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (with a warning) if the file is bad."""
    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s: cannot read settings (%s); using defaults", path, exc)
        return Settings()
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        log.warning("%s: settings are not valid JSON (%s); using defaults", path, exc)
        return Settings()
    if not isinstance(doc, dict) or not isinstance(doc.get("settings"), dict):
        log.warning("%s: settings file has no 'settings' object; using defaults", path)
        return Settings()
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        log.warning(
            "%s: settings version %r unknown; reading as version %d", path, version, VERSION
        )
        version = VERSION
    elif version > VERSION:
        log.warning(
            "%s: settings from a newer RadTrack (version %d); reading what this version knows",
            path,
            version,
        )
        version = VERSION
    return from_dict(doc["settings"], version, source=str(path))


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; returns the file written."""
    path = path or settings_path()
    doc = {"version": VERSION, "settings": asdict(settings)}
    atomic_write_text(path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return path
