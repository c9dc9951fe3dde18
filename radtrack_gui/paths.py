"""Where things live: bundled resources, user data, logs (platformdirs)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

APP = "RadTrack"


def resources_dir() -> Path:
    """The ``resources/`` folder: beside the package in a checkout, inside a frozen app."""
    override = os.environ.get("RADTRACK_RESOURCES")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def demo_patient_dir() -> Path:
    return resource("samples", "demo_patient")


def _private_dir(path: Path) -> Path:
    """``path`` created if needed and private (0700), even when it existed wider."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
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

    return PrivateRotatingFileHandler(path, maxBytes=max_bytes, backupCount=backups,
                                      encoding="utf-8")


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


def models_dirs() -> list[Path]:
    """Folders searched for local model files, in order (no downloads, ever)."""
    dirs = []
    env = os.environ.get("RADTRACK_MODELS")
    if env:
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    dirs.append(user_data_dir() / "models")
    dirs.append(resource("models"))
    return dirs
