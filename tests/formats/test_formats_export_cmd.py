"""`radtrack export`: every format from a JSON, gold folders keep their gold, bad input -> 2."""

import importlib.util
import json
from pathlib import Path

import pytest
from test_formats_brat import _model_patient, _partition

from radtrack_gui.cli import main
from radtrack_gui.formats.csv_io import read_csv
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import read_json, write_json

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def patient_json(tmp_path):
    path = tmp_path / "in.json"
    write_json(_model_patient(), path)
    return path


def test_export_json_csv_brat_from_a_radtrack_json(tmp_path, patient_json, capsys):
    src = read_json(patient_json)
    assert (
        main(["export", str(patient_json), "--format", "json", "--out", str(tmp_path / "o.json")])
        == 0
    )
    assert _partition(read_json(tmp_path / "o.json")) == _partition(src)
    assert (
        main(["export", str(patient_json), "--format", "csv", "--out", str(tmp_path / "o.csv")])
        == 0
    )
    back = read_csv(tmp_path / "o.csv", read_patient_folder(DATA / "mixed_patient"))
    assert _partition(back) == _partition(src)
    assert (
        main(["export", str(patient_json), "--format", "brat", "--out", str(tmp_path / "brat")])
        == 0
    )
    assert _partition(read_patient_folder(tmp_path / "brat")) == _partition(src)
    err = capsys.readouterr().err
    assert f"{len(src.mentions)} mentions" in err and "(brat)" in err


def test_export_conll(tmp_path, patient_json):
    if importlib.util.find_spec("radtrack_gui.formats.conll") is None:
        pytest.skip("radtrack_gui.formats.conll (CoNLL writer) is not in the tree yet")
    out = tmp_path / "o.conll"
    assert main(["export", str(patient_json), "--format", "conll", "--out", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("#begin document") and "#end document" in text


def test_annotated_folder_keeps_its_gold(tmp_path):
    out = tmp_path / "gold.json"
    assert main(["export", str(DATA / "brat_patient"), "--format", "json", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["patient"]["annotated"] is True
    assert {m["source"] for m in doc["mentions"]} == {"gold"}
    assert _partition(read_json(out)) == _partition(read_patient_folder(DATA / "brat_patient"))


def test_plain_folder_runs_the_pipeline(tmp_path):
    if importlib.util.find_spec("radtrack_gui.nlp.extractors.rules") is None:
        pytest.skip("the rules extractor is not in the tree yet")
    out = tmp_path / "p.json"
    assert (
        main(
            [
                "export",
                str(DATA / "mixed_patient"),
                "--format",
                "json",
                "--out",
                str(out),
                "--linker",
                "exact",
            ]
        )
        == 0
    )
    p = read_json(out)
    assert p.check() == [] and len(p.reports) == 6 and not p.annotated
    assert p.mentions, "the extractor found nothing in the fixture reports"
    # The model's output survives brat and CSV exports (spans, chains, attributes).
    assert main(["export", str(out), "--format", "brat", "--out", str(tmp_path / "b")]) == 0
    back = read_patient_folder(tmp_path / "b")
    assert back.check() == [] and _partition(back) == _partition(p)

    def attrs(q):
        return sorted(
            (
                m.report,
                m.start,
                m.end,
                m.type,
                m.concept,
                tuple(m.anatomy),
                m.laterality,
                m.assertion,
                (m.change or "").replace(" ", "-"),
            )
            for m in q.mentions.values()
        )

    assert attrs(back) == attrs(p)
    assert main(["export", str(out), "--format", "csv", "--out", str(tmp_path / "c.csv")]) == 0
    again = read_csv(tmp_path / "c.csv", read_patient_folder(DATA / "mixed_patient"))
    assert _partition(again) == _partition(p) and attrs(again) == attrs(p)


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    assert (
        main(
            [
                "export",
                str(tmp_path / "missing"),
                "--format",
                "json",
                "--out",
                str(tmp_path / "o.json"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err.strip()
    assert (
        err.startswith("radtrack export:") and "no such file or folder" in err and "\n" not in err
    )
    assert (
        main(
            [
                "export",
                str(DATA / "mimic" / "noteevents_two_patients.csv"),
                "--format",
                "json",
                "--out",
                str(tmp_path / "o.json"),
            ]
        )
        == 2
    )
    assert "--patient" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()
