"""Install a trained model folder (or an archive of one) into a models folder.

A RadTrack model folder carries a card, ``radtrack_card.json``, whose ``format`` names the
model (``radtrack-neural-extractor/1`` installs as ``neural-extractor``), and its weights as
safetensors: pickled weights are refused because loading them can run code, judged by each
file's content (its first bytes), not its name. A card may list ``files`` (paths inside the
folder) with their SHA-256; those are checked. Links are never followed: a folder holding one
is refused, as is an archive with one. Archives (.zip, .tar, .tar.gz, .tgz) are unpacked into a
private scratch folder first, refusing absolute paths, ``..``, links, devices and contents larger
than the free space; scratch left by a killed install is removed by the next install. The folder
lands whole or not at all (``atomic_folder``).

``system=True`` installs for every user (world-readable, for ``/opt/radtrack/models``);
otherwise the copy is private to the user (0700 folders, 0600 files).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.nlp.model_folder import CARD_FILE
from radtrack_gui.util.atomic import atomic_folder, pid_alive

FORMAT_RE = re.compile(r"^radtrack-([a-z][a-z0-9-]*)/(\d+)$")
PICKLE_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".pickle", ".ckpt")
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
MAX_UNPACKED = 8 << 30  # an archive that unpacks beyond 8 GiB (or the free space) is refused
SCRATCH_PREFIX = ".install-"


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


def model_files(folder: Path) -> list[str]:
    """The folder's files (posix paths inside it), walked without following links:
    InputError naming the first link, device or other non-plain entry."""
    names: list[str] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        for entry in (*dirs, *files):
            path = Path(root) / entry
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                raise InputError(
                    f"{folder}: {path.relative_to(folder)} is a link; links are refused"
                )
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise InputError(f"{folder}: {path.relative_to(folder)} is not a plain file")
        names.extend((Path(root) / f).relative_to(folder).as_posix() for f in files)
    return sorted(names)


def weights_kind(path: Path) -> str:
    """What a file holds by its first bytes: ``pickle`` (a Python pickle, or a zip of one as
    torch saves), ``safetensors`` (an 8-byte header length, then a JSON header), else ``other``."""
    with path.open("rb") as f:
        head = f.read(16)
    if len(head) >= 2 and head[0] == 0x80 and 2 <= head[1] <= 5:
        return "pickle"
    if head.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(path) as zf:
                if any(n.endswith((".pkl", "/data.pkl")) for n in zf.namelist()):
                    return "pickle"
        except (zipfile.BadZipFile, OSError):
            pass
        return "other"
    if len(head) >= 9:
        size = int.from_bytes(head[:8], "little")
        if 2 <= size <= path.stat().st_size - 8 and head[8:9] == b"{":
            return "safetensors"
    return "other"


def check_folder(folder: Path) -> dict[str, Any]:
    """Verify a model folder before it is installed; return its card."""
    names = model_files(folder)
    card = read_card(folder)
    pickled = sorted(
        n
        for n in names
        if n.lower().endswith(PICKLE_SUFFIXES) or weights_kind(folder / n) == "pickle"
    )
    if pickled:
        raise InputError(
            f"{folder}: pickled weights ({', '.join(pickled)}) are never loaded; "
            "save the model with safetensors"
        )
    fake = sorted(
        n
        for n in names
        if n.lower().endswith(".safetensors") and weights_kind(folder / n) != "safetensors"
    )
    if fake:
        raise InputError(f"{folder}: {', '.join(fake)}: not safetensors content")
    if (folder / "config.json").is_file() and not any(
        n.lower().endswith(".safetensors") for n in names
    ):
        raise InputError(f"{folder}: config.json but no .safetensors weights")
    listed = card.get("files", {})
    if not isinstance(listed, dict):
        raise InputError(f"{folder / CARD_FILE}: 'files' must map file names to SHA-256")
    present = set(names)
    for name, digest in listed.items():
        if not isinstance(name, str) or name not in present:
            # Only paths inside the folder, as walked: never absolute, '..' or through a link
            # (and nothing is said about files outside it).
            raise InputError(f"{folder}: {name!r} is listed in the card but not in the folder")
        if sha256(folder / name) != str(digest).lower():
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
    clean_stale_scratch(models_dir)
    with tempfile.TemporaryDirectory(
        prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=models_dir
    ) as scratch:
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


def clean_stale_scratch(models_dir: Path) -> list[Path]:
    """Remove the scratch folders of installs that died (their process is gone)."""
    removed: list[Path] = []
    for path in models_dir.glob(f"{SCRATCH_PREFIX}*"):
        pid = path.name[len(SCRATCH_PREFIX) :].split("-", 1)[0]
        if path.is_symlink() or not path.is_dir() or (pid.isdigit() and pid_alive(int(pid))):
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


def unpack(archive: Path, into: Path) -> Path:
    """Unpack ``archive`` safely into ``into``; InputError on anything unsafe."""
    total = 0
    limit = min(MAX_UNPACKED, shutil.disk_usage(into).free)
    try:
        if archive.name.lower().endswith(".zip"):
            with zipfile.ZipFile(archive) as zf:
                for info in zf.infolist():
                    _safe_member(archive, info.filename)
                    if (info.external_attr >> 16) & 0o170000 == 0o120000:
                        raise InputError(f"{archive}: {info.filename} is a link")
                    total += info.file_size
                    if total > limit:
                        raise InputError(f"{archive}: {_too_big(limit)}")
                zf.extractall(into)
        else:
            with tarfile.open(archive) as tf:
                for member in tf.getmembers():
                    _safe_member(archive, member.name)
                    if not (member.isfile() or member.isdir()):
                        raise InputError(f"{archive}: {member.name} is not a plain file")
                    total += member.size
                    if total > limit:
                        raise InputError(f"{archive}: {_too_big(limit)}")
                tf.extractall(into, filter="data")
    except (zipfile.BadZipFile, tarfile.TarError, OSError, EOFError) as exc:
        raise InputError(f"{archive}: unreadable archive ({exc})") from exc
    return into


def _too_big(limit: int) -> str:
    if limit < MAX_UNPACKED:
        return f"unpacks to more than the free space ({limit >> 20} MiB)"
    return "unpacks to more than 8 GiB"


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
