"""The whole pipeline on real, non-chest reports written by radiologists (PARROT, English
versions, read in place from ../shared; nothing is copied into the repository)."""

from __future__ import annotations

import csv
from pathlib import Path

from conftest import shared_path

from radtrack_gui.core.model import ASSERTIONS, MODALITIES
from radtrack_gui.pipeline import process_folder

EXAM = {"CT": "CT", "MR": "MR", "US": "US", "RX": "XR"}


def _patient_folder(tmp_path: Path) -> tuple[Path, list[str]]:
    path = shared_path("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    expected = []
    for i, row in enumerate(rows):
        exam = f"{EXAM[row['DICOM Modality']]} {row['Area'].upper()}"
        text = (
            f"Date: 2150-01-{1 + i % 28:02d} 08:{i % 60:02d}\nExam: {exam}\n\n"
            f"{row['English translation']}"
        )
        (tmp_path / f"r{i:02d}.txt").write_text(text, encoding="utf-8", newline="")
        expected.append(EXAM[row["DICOM Modality"]])
    return tmp_path, expected


def test_parrot_reports_through_the_whole_pipeline(tmp_path: Path) -> None:
    folder, modalities = _patient_folder(tmp_path)
    patient = process_folder(folder)
    assert patient.problems == []
    assert len(patient.reports) == 40
    assert patient.check() == []  # offsets exact, every mention in exactly one chain
    by_id = {r.id: r for r in patient.reports}
    got = [by_id[f"r{i:02d}.txt"].modality for i in range(40)]
    assert got == modalities and set(got) <= set(MODALITIES)
    # Non-chest findings and devices are found in (nearly) every report, with valid attributes.
    with_mentions = {m.report for m in patient.mentions.values()}
    assert len(with_mentions) >= 36
    assert all(m.assertion in ASSERTIONS for m in patient.mentions.values())
    regions = {r.region for r in patient.reports}
    assert {"head", "abdomen"} <= regions
