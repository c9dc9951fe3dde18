"""`radtrack export` of a patient opened as a project reads the store (issue #23 item 7):
no models run, the same output; a changed report makes the models run again."""

from __future__ import annotations

import shutil

import pytest

from radtrack_gui.util.paths import demo_patient_dir


def test_export_reads_the_current_store(tmp_path, monkeypatch, capsys):
    from radtrack_gui import pipeline
    from radtrack_gui.cli import main
    from radtrack_gui.project import open_project

    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path / "home"))
    folder = tmp_path / "demo"
    shutil.copytree(demo_patient_dir(), folder)
    fresh = {}
    for fmt in ("json", "csv"):
        out = tmp_path / f"fresh.{fmt}"
        assert main(["export", str(folder), "--format", fmt, "--out", str(out)]) == 0
        fresh[fmt] = out.read_bytes()
    assert b'"chains"' in fresh["json"]
    open_project(folder).store.close()  # opened as a project: the result is stored

    def no_models(*a, **k):
        raise AssertionError("the models ran")

    monkeypatch.setattr(pipeline, "process_source", no_models)
    monkeypatch.setattr(pipeline, "analyse", no_models)
    for fmt in ("json", "csv"):
        out = tmp_path / f"stored.{fmt}"
        assert main(["export", str(folder), "--format", fmt, "--out", str(out)]) == 0
        assert out.read_bytes() == fresh[fmt]  # the same output
    # counter-examples: other models asked for, or a report changed -> the models run
    with pytest.raises(AssertionError, match="the models ran"):
        main(["export", str(folder), "--format", "json", "--out", "-", "--linker", "exact"])
    report = sorted(folder.glob("*.txt"))[0]
    report.write_text(report.read_text() + "\nNew pleural effusion.\n")
    with pytest.raises(AssertionError, match="the models ran"):
        main(["export", str(folder), "--format", "json", "--out", str(tmp_path / "x.json")])
