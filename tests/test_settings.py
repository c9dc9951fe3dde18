"""Settings: defaults, round trip, migration, and never crashing on a bad file."""

from __future__ import annotations

import json
import logging
import stat
from dataclasses import asdict
from pathlib import Path

import pytest

from radtrack_gui import settings
from radtrack_gui.settings import Settings


def test_defaults_when_missing():
    assert not settings.settings_path().exists()
    s = settings.load()
    assert s == Settings()
    assert (s.extractor, s.linker, s.x_mode, s.palette) == (
        "rules",
        "knowledge",
        "report order",
        "okabe-ito",
    )
    assert s.show_negatives is False  # pertinent negatives start hidden in the timeline


def test_round_trip_private_file():
    s = Settings(
        linker="exact",
        link_threshold=0.7,
        font_size=12,
        x_mode="report order",
        show_singletons=False,
        min_chain_length=2,
        window_state="AAEC/w==",
        show_negatives=True,
    )
    for i in range(12):
        s.add_recent(f"/patients/p{i}")
    s.add_recent("/patients/p5")
    assert len(s.recent_patients) == 10 and s.recent_patients[:2] == [
        "/patients/p5",
        "/patients/p11",
    ]
    path = settings.save(s)
    assert path.parent.name == "config"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["version"] == settings.VERSION
    assert settings.load() == s


def test_invalid_values_fall_back_with_warnings(caplog: pytest.LogCaptureFixture):
    path = settings.settings_path()
    path.write_text(
        json.dumps(
            {
                "version": 2,
                "settings": {
                    "font_size": "huge",
                    "link_threshold": 7,
                    "x_mode": "sideways",
                    "palette": "okabe-ito",
                    "show_singletons": "yes",
                    "recent_patients": ["/a", 3],
                    "min_chain_length": 3,
                    "show_negatives": 1,
                    "telemetry": True,
                    "window_state": "not base64!",
                    "window_geometry": "AdnQyw==",
                },
            }
        )
    )
    with caplog.at_level(logging.WARNING, logger="radtrack.settings"):
        s = settings.load()
    assert s.font_size == 10 and s.link_threshold == 0.5 and s.x_mode == "report order"
    assert s.show_singletons is True and s.recent_patients == []
    assert s.show_negatives is False  # 1 is not a bool
    assert s.min_chain_length == 3 and s.window_geometry == "AdnQyw=="  # valid ones kept
    assert s.window_state == ""
    text = caplog.text
    for name in (
        "font_size",
        "link_threshold",
        "x_mode",
        "show_singletons",
        "show_negatives",
        "recent_patients",
        "telemetry",
        "window_state",
    ):
        assert name in text
    assert "palette" not in text


@pytest.mark.parametrize(
    "content", [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2]", b'{"version": 2}', b""]
)
def test_damaged_file_gives_defaults(content: bytes, caplog: pytest.LogCaptureFixture):
    settings.settings_path().write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="radtrack.settings"):
        assert settings.load() == Settings()
    assert "using defaults" in caplog.text


def test_migration_from_version_1(tmp_path: Path):
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "settings": {"colour_scheme": "tol-bright", "x_mode": "order", "linker": "exact"},
            }
        )
    )
    s = settings.load(path)
    assert (s.palette, s.x_mode, s.linker) == ("tol-bright", "report order", "exact")
    settings.save(s, path)
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and "colour_scheme" not in doc["settings"]
    assert doc["settings"] == asdict(s)


def test_newer_version_keeps_what_it_knows(caplog: pytest.LogCaptureFixture):
    settings.settings_path().write_text(
        json.dumps({"version": 99, "settings": {"font_size": 14, "future_option": 1}})
    )
    with caplog.at_level(logging.WARNING, logger="radtrack.settings"):
        s = settings.load()
    assert s.font_size == 14
    assert "newer RadTrack" in caplog.text


def test_a_recent_patient_is_remembered_by_its_whole_path(tmp_path, monkeypatch):
    """Round 5 at the screen: `radtrack gui samples/demo_patient` put the relative
    "samples/demo_patient" in the welcome page's recent list, which opens nothing from
    another folder. The whole path is kept; a whole path stays as given."""
    monkeypatch.chdir(tmp_path)
    s = settings.Settings()
    s.add_recent("samples/demo_patient")
    assert s.recent_patients == [str(tmp_path / "samples" / "demo_patient")]
    s.add_recent(str(tmp_path / "samples" / "demo_patient"))  # the same folder: once
    s.add_recent("/patients/p1")
    assert s.recent_patients == ["/patients/p1", str(tmp_path / "samples" / "demo_patient")]
