"""A report that may be another patient's shows a warning banner; a clean patient none."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def _folder(path, mrns: list[str]):
    path.mkdir()
    for i, mrn in enumerate(mrns):
        (path / f"r{i}.txt").write_text(
            f"Date: 2150-01-0{i + 1}\nExam: CHEST PA\n\nMRN: {mrn}\n\n"
            "FINDINGS: Small left pleural effusion.\n",
            encoding="utf-8",
        )
    return path


def test_banner_names_the_foreign_report_and_shows_it(window, open_and_wait, tmp_path) -> None:
    mixed = _folder(tmp_path / "mixed", ["1234567", "1234567", "7654321", "1234567"])
    open_and_wait(window, mixed)
    banner = window.banner
    assert banner.isVisible() and "r2.txt" in banner.label.text()
    assert "wrong patient" in banner.label.text()
    banner.button.click()
    assert window.report_view.report_id == "r2.txt"

    clean = _folder(tmp_path / "clean", ["1234567"] * 3)
    open_and_wait(window, clean)
    assert not banner.isVisible() and banner.label.text() == ""
