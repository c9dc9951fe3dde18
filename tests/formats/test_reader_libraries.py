"""A reader whose library is not installed (the ``formats`` extra left out): the file is
skipped with a reason naming the package, a cohort of such records refuses to start on a
local cluster, and a worker without the library names it per patient instead of a bare
ModuleNotFoundError. The library is hidden through ``sys.modules`` (the true boundary: an
installed package), everything else is real."""

from __future__ import annotations

import json
import sys

import format_fixtures as ff
import pytest

from radtrack_gui.cohort.records import load_records_patient
from radtrack_gui.formats.ingest import library_absent, missing_library, read_file
from radtrack_gui.formats.textreport import SkipFile


def _hide(monkeypatch: pytest.MonkeyPatch, top: str) -> None:
    """Make ``import TOP`` and its submodules fail as if TOP were not installed."""
    for name in [m for m in sys.modules if m == top or m.startswith(top + ".")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, top, None)


def test_fhir_file_without_fhir_resources_is_skipped_naming_the_package(tmp_path, monkeypatch):
    path = tmp_path / "dr.json"
    path.write_text(json.dumps(ff.fhir_report(pid="p1")))
    assert read_file(path, path.name).reports  # readable with the library
    _hide(monkeypatch, "fhir")
    with pytest.raises(SkipFile) as info:
        read_file(path, path.name)
    assert "'fhir" in info.value.reason and "not installed" in info.value.reason
    assert "formats" in info.value.reason  # says what to install


def test_missing_library_is_looked_up_per_reader(monkeypatch):
    assert missing_library("fhir") is None and missing_library("hl7v2") is None
    _hide(monkeypatch, "hl7")
    assert missing_library("hl7v2") == "hl7"
    assert missing_library("fhir") is None  # another reader's library is no concern
    assert missing_library("no-such-reader") is None


def test_radtracks_own_missing_module_is_a_bug_not_a_library():
    exc = ModuleNotFoundError("gone", name="radtrack_gui.formats.nothing")
    with pytest.raises(ModuleNotFoundError):
        library_absent("fhir", exc)
    assert "'hl7'" in library_absent("hl7v2", ModuleNotFoundError("x", name="hl7")).reason


def test_cohort_of_fhir_records_refuses_to_start_without_the_library(tmp_path, monkeypatch, capsys):
    from radtrack_gui.cli import main

    src = tmp_path / "DiagnosticReport.ndjson"
    src.write_text(json.dumps(ff.fhir_report(pid="A")) + "\n")
    out = tmp_path / "out"
    _hide(monkeypatch, "fhir")
    assert main(["cohort", "run", str(src), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(src) in err and "'fhir" in err and "Traceback" not in err
    assert not out.exists()  # nothing half written


def test_worker_without_the_library_names_it(tmp_path, monkeypatch):
    src = tmp_path / "DiagnosticReport.ndjson"
    src.write_text("")
    units = [[1, 1, ff.fhir_report(pid="A")]]
    assert load_records_patient(src, "fhir", "A", units, 1).reports  # with the library
    _hide(monkeypatch, "fhir")
    with pytest.raises(SkipFile) as info:
        load_records_patient(src, "fhir", "A", units, 1)
    assert "'fhir" in info.value.reason
