"""Issue #8 failures 3, 5 and 7: bad input gave tracebacks, mentions landed on the wrong
text, and a NUL character made an export RadTrack itself rejected."""

from __future__ import annotations

import copy
import json
from datetime import datetime
from pathlib import Path

import pytest

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.formats.brat import write_brat
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import patient_from_dict, patient_to_dict, read_json
from radtrack_gui.store.db import ProjectStore


def doc() -> dict:
    text = "FINDINGS: Small left pleural effusion.\n"
    start = text.index("left pleural effusion")
    p = Patient(
        id="p1",
        reports=[
            Report("a.txt", text, date=datetime(2150, 1, 1, 8, 0), date_known=True),
            Report("b.txt", text, date=datetime(2150, 1, 5, 8, 0), date_known=True),
        ],
    )
    for n, rid in enumerate(("a.txt", "b.txt"), 1):
        p.mentions[f"m{n}"] = Mention(f"m{n}", rid, start, start + 21, text[start : start + 21])
    p.set_chains([["m1", "m2"]])
    return patient_to_dict(p)


BAD_FIELDS = [
    ("reports", 1, "text", 12),  # wrong JSON type: TypeError before
    ("reports", 1, "flags", 5),
    ("reports", 1, "date", "2150-01-05T08:00:00+09:00"),  # aware beside naive
    ("reports", 1, "sections", [{"name": "X", "start": -4, "end": 10**30}]),
    ("mentions", 1, "start", 10**30),  # OverflowError in the store before
    ("mentions", 1, "end", -3),
    ("mentions", 1, "fragments", [[-5, 3]]),  # negative fragments were accepted
    ("mentions", 1, "fragments", [[0, 10**6]]),
    ("mentions", 1, "anatomy", 7),
    ("mentions", 1, "laterality", ["left"]),
    ("mentions", 1, "chain", {"x": 1}),
    ("mentions", 1, "concept", 3.5),
    ("mentions", 1, "text", "\ud800"),  # a lone surrogate: sqlite3 refused it before
]


@pytest.mark.parametrize(("kind", "index", "field", "value"), BAD_FIELDS)
def test_a_bad_field_is_a_named_problem_and_the_rest_loads(tmp_path, kind, index, field, value):
    d = copy.deepcopy(doc())
    d[kind][index][field] = value
    path = tmp_path / "p.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    p = read_json(path)  # no exception
    assert p.check() == []
    assert p.reports and p.mentions  # the rest loaded
    named = [q for q in p.problems if q.file.startswith("p.json")]
    assert named, p.problems
    with ProjectStore.open(tmp_path / "s.sqlite") as store:  # nothing unchecked reaches it
        store.save_patient(p, "model:test")
        assert store.load_patient() is not None


def test_aware_and_naive_dates_sort_in_one_convention(tmp_path):
    d = doc()
    d["reports"][0]["date"] = "2150-01-09T08:00:00+02:00"
    p = patient_from_dict(d)
    assert all(r.date is not None and r.date.tzinfo is None for r in p.reports)
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "p.json").write_text(json.dumps(d), encoding="utf-8")
    (folder / "c.txt").write_text("Date: 2150-01-03\n\nNo effusion.\n", encoding="utf-8")
    got = read_patient_folder(folder)
    assert [r.id for r in got.reports] == ["c.txt", "b.txt", "a.txt"]


def test_deeply_nested_json_is_a_named_error_and_the_folder_still_loads(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "r.txt").write_text("Date: 2150-01-03\n\nNo effusion.\n", encoding="utf-8")
    p = read_patient_folder(tmp_path)
    assert [r.id for r in p.reports] == ["r.txt"]
    assert any(q.file == "deep.json" and "nested too deeply" in q.reason for q in p.problems)


def test_mentions_of_a_dropped_duplicate_report_are_dropped_too(tmp_path):
    """Failure 5: a JSON and a brat pair share a report id; the brat report is dropped as
    a duplicate, and its annotations must not be attached to the JSON's text."""
    d = doc()
    d["reports"] = d["reports"][:1]
    d["mentions"] = d["mentions"][:1]
    d["chains"] = [{"id": "c1", "type": "finding", "label": "x", "mentions": ["m1"]}]
    (tmp_path / "0.json").write_text(json.dumps(d), encoding="utf-8")
    other = "Impression: right rib fracture and a long tail of other words.\n"
    (tmp_path / "a.txt").write_text(other, encoding="utf-8")
    s = other.index("right rib fracture")
    (tmp_path / "a.ann").write_text(
        f"T1\tFinding {s} {s + 18}\tright rib fracture\n", encoding="utf-8"
    )
    p = read_patient_folder(tmp_path)
    assert [r.id for r in p.reports] == ["a.txt"]
    assert any("duplicate report id" in q.reason for q in p.problems)
    for m in p.mentions.values():  # none attached to the wrong text
        assert p.report(m.report).text[m.start : m.end] == m.text
    assert p.check() == []


def test_a_utf16_report_with_nul_exports_to_brat_that_reads_back(tmp_path):
    """Failure 7: U+0000 in a UTF-16 report made a brat export RadTrack rejected."""
    folder = tmp_path / "in"
    folder.mkdir()
    text = "Date: 2150-01-03\n\nFINDINGS: Left pleural\x00 effusion.\n"
    (folder / "r.txt").write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    p = read_patient_folder(folder)
    assert "\x00" not in p.reports[0].text and len(p.reports[0].text) == len(text)
    assert any("replaced" in q.reason for q in p.problems)
    start = p.reports[0].text.index("effusion")
    p.mentions["m1"] = Mention("m1", "r.txt", start, start + 8, "effusion")
    p.set_chains([["m1"]])
    write_brat(p, tmp_path / "out")
    back = read_patient_folder(tmp_path / "out")
    assert [r.text for r in back.reports] == [p.reports[0].text]
    assert [(m.start, m.end) for m in back.mentions.values()] == [(start, start + 8)]
    assert not [q for q in back.problems if q.skipped]


def test_brat_metadata_with_an_aware_date_and_junk_modality(tmp_path):
    folder = tmp_path / "b"
    folder.mkdir()
    (folder / "r.txt").write_text("No effusion.\n", encoding="utf-8")
    (folder / "r.ann").write_text("", encoding="utf-8")
    (folder / "radtrack_meta.tsv").write_text(
        "file\tid\tdate\tdate_known\texam\tmodality\tregion\tpatient\n"
        "r.txt\tr1\t2150-01-01T10:00:00+05:00\t1\tCXR\t=cmd\tchest\tp\n",
        encoding="utf-8",
    )
    p = read_patient_folder(folder)
    r = p.reports[0]
    assert r.id == "r1" and r.date == datetime(2150, 1, 1, 10, 0) and r.modality != "=cmd"


def test_every_problem_names_its_file(tmp_path):
    (tmp_path / "x.json").write_text(
        '{"schema": "radtrack/1", "patient": {"id": 1}, "reports": [{"id": "a", "text": "t"}, 5]}',
        encoding="utf-8",
    )
    (tmp_path / "y.ann").write_text("T1\tFinding 0 1\tq\n", encoding="utf-8")
    p = read_patient_folder(tmp_path)
    assert p.problems and all(
        Path(q.file.split(":")[0]).name in ("x.json", "y.ann") for q in p.problems
    )
