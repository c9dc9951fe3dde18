"""Install a trained model folder (or an archive of one) into a models folder.

A RadTrack model folder carries a card, ``radtrack_card.json``, whose ``format`` names the
model (``radtrack-neural-extractor/1`` installs as ``neural-extractor``), and its weights as
safetensors: pickled weights are refused because loading them can run code. A card may list
``files`` with their SHA-256; those are checked. Archives (.zip, .tar, .tar.gz, .tgz) are
unpacked into a private temporary folder first, refusing absolute paths, ``..``, links and
devices. The folder lands whole or not at all (``atomic_folder``).

``system=True`` installs for every user (world-readable, for ``/opt/radtrack/models``);
otherwise the copy is private to the user (0700 folders, 0600 files).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.nlp.model_folder import CARD_FILE
from radtrack_gui.util.atomic import atomic_folder

FORMAT_RE = re.compile(r"^radtrack-([a-z][a-z0-9-]*)/(\d+)$")
PICKLE_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".pickle", ".ckpt")
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
MAX_UNPACKED = 8 << 30  # an archive that unpacks beyond 8 GiB is refused


@dataclass(frozen=True)
class InstalledModel:
    name: str
    path: Path
    card: dict[str, Any]


def read_card(folder: Path) -> dict[str, Any]:
    """The folder's card, checked: InputError naming the folder and what is wrong."""
    card_path = folder / CARD_FILE
    if not card_path.is_file():
        raise InputError(f"{folder}: not a RadTrack model folder ({CARD_FILE} missing)")
    try:
        card = json.loads(card_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{card_path}: unreadable card ({exc})") from exc
    if not isinstance(card, dict) or not isinstance(card.get("format"), str):
        raise InputError(f"{card_path}: the card has no 'format' string")
    if not FORMAT_RE.match(card["format"]):
        raise InputError(
            f"{card_path}: unknown model format {card['format']!r} (expected radtrack-NAME/VERSION)"
        )
    return card


def check_folder(folder: Path) -> dict[str, Any]:
    """Verify a model folder before it is installed; return its card."""
    card = read_card(folder)
    names = [p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()]
    pickled = sorted(n for n in names if n.endswith(PICKLE_SUFFIXES))
    if pickled:
        raise InputError(
            f"{folder}: pickled weights ({', '.join(pickled)}) are never loaded; "
            "save the model with safetensors"
        )
    if (folder / "config.json").is_file() and not any(n.endswith(".safetensors") for n in names):
        raise InputError(f"{folder}: config.json but no .safetensors weights")
    listed = card.get("files", {})
    if not isinstance(listed, dict):
        raise InputError(f"{folder / CARD_FILE}: 'files' must map file names to SHA-256")
    for name, digest in listed.items():
        path = folder / name
        if not path.is_file():
            raise InputError(f"{folder}: {name} is listed in the card but missing")
        if sha256(path) != str(digest).lower():
            raise InputError(f"{folder}: {name} does not match the card's SHA-256")
    return card


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def model_name(card: dict[str, Any]) -> str:
    match = FORMAT_RE.match(card["format"])
    assert match is not None  # read_card checked it
    return match.group(1)


def install(
    source: str | os.PathLike[str],
    models_dir: Path,
    *,
    name: str | None = None,
    system: bool = False,
) -> InstalledModel:
    """Copy a model folder or archive into ``models_dir/<name>`` (replacing an older copy)."""
    src = Path(source).expanduser()
    if not src.exists():
        raise InputError(f"{src}: no such file or folder")
    models_dir.mkdir(parents=True, exist_ok=True, mode=0o755 if system else 0o700)
    with tempfile.TemporaryDirectory(prefix=".install-", dir=models_dir) as scratch:
        if src.is_dir():
            root = src
        elif src.name.lower().endswith(ARCHIVE_SUFFIXES):
            root = _model_root(unpack(src, Path(scratch)), src)
        else:
            raise InputError(
                f"{src}: neither a model folder nor an archive ({', '.join(ARCHIVE_SUFFIXES)})"
            )
        card = check_folder(root)
        target_name = name or model_name(card)
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", target_name):
            raise InputError(f"{target_name!r}: not a usable model folder name")
        target = models_dir / target_name
        with atomic_folder(target) as tmp:
            shutil.copytree(root, tmp, dirs_exist_ok=True, symlinks=False)
            _set_modes(tmp, system)
    return InstalledModel(target_name, target, card)


def unpack(archive: Path, into: Path) -> Path:
    """Unpack ``archive`` safely into ``into``; InputError on anything unsafe."""
    total = 0
    try:
        if archive.name.lower().endswith(".zip"):
            with zipfile.ZipFile(archive) as zf:
                for info in zf.infolist():
                    _safe_member(archive, info.filename)
                    if (info.external_attr >> 16) & 0o170000 == 0o120000:
                        raise InputError(f"{archive}: {info.filename} is a link")
                    total += info.file_size
                    if total > MAX_UNPACKED:
                        raise InputError(f"{archive}: unpacks to more than 8 GiB")
                zf.extractall(into)
        else:
            with tarfile.open(archive) as tf:
                for member in tf.getmembers():
                    _safe_member(archive, member.name)
                    if not (member.isfile() or member.isdir()):
                        raise InputError(f"{archive}: {member.name} is not a plain file")
                    total += member.size
                    if total > MAX_UNPACKED:
                        raise InputError(f"{archive}: unpacks to more than 8 GiB")
                tf.extractall(into, filter="data")
    except (zipfile.BadZipFile, tarfile.TarError, OSError, EOFError) as exc:
        raise InputError(f"{archive}: unreadable archive ({exc})") from exc
    return into


def _safe_member(archive: Path, name: str) -> None:
    parts = Path(name).parts
    if name.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
        raise InputError(f"{archive}: unsafe path {name!r} in the archive")


def _model_root(unpacked: Path, archive: Path) -> Path:
    """The folder holding the card: the archive's top level or its single sub-folder."""
    if (unpacked / CARD_FILE).is_file():
        return unpacked
    cards = [p.parent for p in unpacked.rglob(CARD_FILE)]
    if len(cards) == 1:
        return cards[0]
    raise InputError(f"{archive}: {'no' if not cards else 'several'} {CARD_FILE} inside")


def _set_modes(folder: Path, system: bool) -> None:
    dir_mode, file_mode = (0o755, 0o644) if system else (0o700, 0o600)
    os.chmod(folder, dir_mode)
    for path in folder.rglob("*"):
        os.chmod(path, dir_mode if path.is_dir() else file_mode)
