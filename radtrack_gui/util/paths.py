"""Where things live: bundled resources, user data, logs (platformdirs)."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from pathlib import Path

APP = "RadTrack"


def resources_dir() -> Path:
    """The ``resources/`` folder: ``RADTRACK_RESOURCES`` when set, inside a frozen app its
    bundled copy, else the package's own ``radtrack_gui/resources`` (package data, found
    through ``importlib.resources``: a checkout and an installed wheel alike)."""
    override = os.environ.get("RADTRACK_RESOURCES")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    from importlib.resources import files

    found = files("radtrack_gui") / "resources"
    if not isinstance(found, Path):  # a zipped install: the tables are read as files
        raise RuntimeError(
            f"RadTrack's resources are not files on disk ({found}); install the package "
            "unzipped or set RADTRACK_RESOURCES to a copy of radtrack_gui/resources"
        )
    return found


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def demo_patient_dir() -> Path:
    return resource("samples", "demo_patient")


def oncology_patient_dir() -> Path:
    """The second demo patient: a synthetic oncology follow-up (CT, PET/CT, MR, ERCP)."""
    return resource("samples", "oncology_patient")


def make_folders(path: str | os.PathLike[str]) -> Path:
    """``path`` and the folders missing on the way to it, each made private (0700): what
    holds patient data is never readable by others (``mkdir(parents=True)`` made them 0755
    under the usual umask, as an export to a new folder did). Folders that exist are left
    as they are (a user's own folder is not ours to change)."""
    path = Path(path)
    missing = [p for p in (path, *path.parents) if not p.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(folder, 0o700)  # mkdir's mode is masked by the umask
    return path


def _private_dir(path: Path) -> Path:
    """``path`` created if needed, private (0700) even when it existed wider, and so is every
    folder made on the way (mkdir's ``mode`` would apply to the last one only, leaving e.g.
    ``~/.local/state`` 0755)."""
    make_folders(path)
    try:
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o700)
    except OSError:
        pass  # not ours to change (a shared mount): leave it
    return path


def private_rotating_handler(path: Path, max_bytes: int, backups: int) -> logging.Handler:
    """A rotating log handler whose every file, the first and each one after a
    rollover, is created private (0600): the log may name patients' files."""
    import logging.handlers

    class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
        def _open(self):  # type: ignore[no-untyped-def]
            fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            if os.fstat(fd).st_mode & 0o077:
                os.fchmod(fd, 0o600)
            return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    return PrivateRotatingFileHandler(
        path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8"
    )


def user_data_dir() -> Path:
    """Per-user data (project stores, trained models); created private (0700).

    ``RADTRACK_HOME`` overrides it (tests point it at a temporary folder)."""
    override = os.environ.get("RADTRACK_HOME")
    if override:
        return _private_dir(Path(override) / "data")
    from platformdirs import user_data_path

    return _private_dir(user_data_path(APP, appauthor=False))


def user_config_dir() -> Path:
    override = os.environ.get("RADTRACK_HOME")
    if override:
        return _private_dir(Path(override) / "config")
    from platformdirs import user_config_path

    return _private_dir(user_config_path(APP, appauthor=False))


def user_log_dir() -> Path:
    override = os.environ.get("RADTRACK_HOME")
    if override:
        return _private_dir(Path(override) / "logs")
    from platformdirs import user_log_path

    return _private_dir(user_log_path(APP, appauthor=False))


def user_cache_dir() -> Path:
    """Per-user cache (built matcher tables); created private (0700)."""
    override = os.environ.get("RADTRACK_HOME")
    if override:
        return _private_dir(Path(override) / "cache")
    from platformdirs import user_cache_path

    return _private_dir(user_cache_path(APP, appauthor=False))


def frozen() -> bool:
    """True inside the packaged app (PyInstaller), False when run from Python."""
    return bool(getattr(sys, "frozen", False))


def system_models_dir() -> Path | None:
    """Models an administrator installed for every user: ``RADTRACK_SYSTEM_MODELS``, else
    ``models/`` beside the packaged app's executable (``/opt/radtrack/models``)."""
    override = os.environ.get("RADTRACK_SYSTEM_MODELS")
    if override:
        return Path(override)
    if frozen():
        return Path(sys.executable).resolve().parent / "models"
    return None


def models_dirs() -> list[Path]:
    """Folders searched for local model files, in order (no downloads, ever): the user's
    ``RADTRACK_MODELS``, the user data folder, the system-wide folder, the bundled one."""
    dirs: list[Path] = []
    env = os.environ.get("RADTRACK_MODELS")
    if env:
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    dirs.append(user_data_dir() / "models")
    system = system_models_dir()
    if system is not None:
        dirs.append(system)
    dirs.append(resource("models"))
    return dirs
