import stat
from pathlib import Path

import pytest

from radtrack_gui.util.atomic import atomic_folder, atomic_write_text, write_private


def test_atomic_write_text_is_private_and_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary left behind


def test_atomic_folder_replaces_only_when_complete(tmp_path: Path) -> None:
    target = tmp_path / "export"
    with atomic_folder(target) as tmp:
        write_private(tmp / "a.txt", "first")
    assert (target / "a.txt").read_text() == "first"
    assert stat.S_IMODE(target.stat().st_mode) == 0o700
    assert stat.S_IMODE((target / "a.txt").stat().st_mode) == 0o600

    with pytest.raises(ValueError), atomic_folder(target) as tmp:  # fails half way
        write_private(tmp / "b.txt", "second")
        raise ValueError("disk full")
    assert sorted(p.name for p in target.iterdir()) == ["a.txt"]  # old export intact
    assert [p.name for p in tmp_path.iterdir()] == ["export"]  # no temporary left behind

    with atomic_folder(target) as tmp:
        write_private(tmp / "c.txt", "third")
    assert sorted(p.name for p in target.iterdir()) == ["c.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["export"]
