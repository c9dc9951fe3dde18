"""User folders: every folder RadTrack creates on the way is private, not only the last."""

from __future__ import annotations

import stat

from radtrack_gui.util import paths


def test_fresh_home_gets_only_private_folders(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    monkeypatch.delenv("RADTRACK_HOME", raising=False)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(home))
    made = [paths.user_data_dir(), paths.user_config_dir(), paths.user_log_dir()]
    assert all(str(p).startswith(str(home)) for p in made)
    created = [p for p in home.rglob("*") if p.is_dir()]
    assert {home / ".local", home / ".config"} <= set(created)
    loose = [p for p in created if stat.S_IMODE(p.stat().st_mode) != 0o700]
    assert loose == []


def test_system_models_folder_is_searched_after_the_users(tmp_path, monkeypatch):
    monkeypatch.setenv("RADTRACK_SYSTEM_MODELS", str(tmp_path / "sys"))
    dirs = paths.models_dirs()
    assert dirs.index(paths.user_data_dir() / "models") < dirs.index(tmp_path / "sys")


def test_resources_are_the_packages_own_unless_overridden(tmp_path, monkeypatch):
    import sys
    from pathlib import Path

    import radtrack_gui
    from radtrack_gui.util.paths import demo_patient_dir, resource, resources_dir

    monkeypatch.delenv("RADTRACK_RESOURCES", raising=False)
    own = Path(radtrack_gui.__file__).resolve().parent / "resources"
    assert resources_dir().resolve() == own  # package data, found by importlib.resources
    assert resource("vocab", "anatomy.tsv").is_file() and demo_patient_dir().is_dir()
    monkeypatch.setenv("RADTRACK_RESOURCES", str(tmp_path))
    assert resources_dir() == tmp_path  # an explicit copy wins
    monkeypatch.delenv("RADTRACK_RESOURCES")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert resources_dir() == tmp_path / "bundle" / "resources"  # the frozen app's copy


def test_make_folders_makes_missing_folders_private_and_leaves_others(tmp_path) -> None:
    """An export or a write to a new folder made it 0755 (round 4 at the screen)."""
    import os

    from radtrack_gui.util.atomic import atomic_write_text
    from radtrack_gui.util.paths import make_folders

    mine = tmp_path / "mine"
    mine.mkdir()
    os.chmod(mine, 0o755)  # the user's own folder
    made = make_folders(mine / "a" / "b")
    assert made.is_dir()
    for folder in (mine / "a", mine / "a" / "b"):
        assert folder.stat().st_mode & 0o777 == 0o700, folder
    assert mine.stat().st_mode & 0o777 == 0o755  # counter-example: not ours to change
    atomic_write_text(mine / "c" / "d" / "x.txt", "x")
    assert (mine / "c").stat().st_mode & 0o777 == 0o700
    assert (mine / "c" / "d").stat().st_mode & 0o777 == 0o700
    assert (mine / "c" / "d" / "x.txt").stat().st_mode & 0o777 == 0o600
