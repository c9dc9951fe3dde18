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
