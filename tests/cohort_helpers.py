"""Shared by the cohort tests: generated patients as plain text, `radtrack process` results,
and a small cohort built in process (the worker's own batch function, no cluster)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

from radtrack_gui import cli

DATASETS = ("reports", "mentions", "chains")


def synth_plain(out: Path, n: int, seed: int = 5) -> Path:
    """``n`` generated patients, their ``.txt`` only (so the models run, not the gold)."""
    from radtrack_gui.evaluation.synth import synthesize

    gold = out / "gold"
    synthesize(gold, n, seed)
    plain = out / "patients"
    for d in sorted(p for p in gold.iterdir() if p.is_dir()):
        (plain / d.name).mkdir(parents=True)
        for f in d.glob("*.txt"):
            shutil.copy(f, plain / d.name / f.name)
    return plain


def add_bad_patient(folder: Path, name: str = "zz_bad") -> Path:
    """A patient folder whose every file is broken (binary, empty)."""
    bad = folder / name
    bad.mkdir()
    (bad / "scan.txt").write_bytes(b"\x00\x01\x02binary")
    (bad / "empty.txt").write_bytes(b"")
    return bad


def process_json(path: Path, tmp: Path, patient: str | None = None) -> dict[str, Any]:
    """What `radtrack process PATH --json OUT` writes (the CLI's own code, in process)."""
    out = tmp / f"process-{path.name}-{patient or ''}.json"
    argv = ["process", str(path), "--json", str(out)]
    if patient:
        argv += ["--patient", patient]
    assert cli.main(argv) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def assert_same_as_process(cohort_dir: Path, key: str, expected: dict[str, Any]) -> None:
    """The cohort's Parquet rows of ``key`` are the §3 rows of ``expected`` plus ``patient``."""
    import pyarrow.dataset as ds

    from radtrack_gui.cohort.output import CohortDir, schemas

    for name in DATASETS:
        table = ds.dataset(cohort_dir / name, format="parquet", schema=schemas()[name])
        rows = table.to_table(filter=ds.field("patient") == key).to_pylist()
        assert {r["patient"] for r in rows} <= {key}
        assert len(rows) == len(expected[name]), (key, name)
    doc = CohortDir(cohort_dir).read_patient(key)
    for name in DATASETS:
        assert doc[name] == expected[name], (key, name)
    assert doc["patient"]["id"] == expected["patient"]["id"]


def build_cohort(patients: Path, out: Path) -> Path:
    """A cohort DIR made by the worker's batch function in this process (no Dask)."""
    from radtrack_gui.cohort.output import CohortDir
    from radtrack_gui.cohort.sources import folder_patients
    from radtrack_gui.cohort.tasks import process_batch

    cohort = CohortDir(out)
    cohort.prepare(patients, "rules", "knowledge")
    res = process_batch(folder_patients(patients), "rules", "knowledge")
    cohort.write_part("part-test-00000", res["tables"], res["records"])
    cohort.write_patients()
    return out


def write_mimic_csv(patients: Path, path: Path, subjects: dict[str, str]) -> None:
    """The reports of ``patients`` (folder name -> SUBJECT_ID) as one NOTEEVENTS-style CSV,
    rows of different subjects interleaved, plus rows that are not Radiology."""
    from radtrack_gui.formats.folder import read_patient_folder

    rows = []
    for folder, subject in subjects.items():
        p = read_patient_folder(patients / folder)
        for i, r in enumerate(p.reports):
            when = r.date
            rows.append(
                (
                    i,
                    subject,
                    when.strftime("%Y-%m-%d") if when else "",
                    when.strftime("%Y-%m-%d %H:%M:%S") if when else "",
                    r.exam,
                    r.text,
                )
            )
    rows.sort(key=lambda t: (t[0], t[1]))  # interleave the subjects
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "ROW_ID",
                "SUBJECT_ID",
                "HADM_ID",
                "CHARTDATE",
                "CHARTTIME",
                "CATEGORY",
                "DESCRIPTION",
                "TEXT",
            ]
        )
        for n, (_i, subject, day, when, exam, text) in enumerate(rows, 1):
            w.writerow([str(1000 + n), subject, "", day, when, "Radiology", exam, text])
            if n % 3 == 0:
                w.writerow(
                    [
                        str(9000 + n),
                        subject,
                        "",
                        day,
                        when,
                        "Nursing",
                        "note",
                        "Patient resting comfortably.",
                    ]
                )
