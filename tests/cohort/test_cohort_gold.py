"""Issue #20 item 10: a cohort's patient folders with brat .ann files are read as gold
(the models do not run on them), recorded per patient (patients.parquet ``gold``), named
in the terminal summary, and ``--ignore-annotations`` runs the models on them instead."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cohort_helpers import synth_plain

from radtrack_gui import cli


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three generated patients: two keep their .ann files (gold), one is text only."""
    root = tmp_path_factory.mktemp("cohort-gold")
    plain = synth_plain(root, 3, seed=7)
    gold = root / "gold"  # synth_plain's generated folders, .ann files included
    names = sorted(p.name for p in plain.iterdir())
    for name in names[:2]:
        for f in (gold / name).glob("*.ann"):
            shutil.copy(f, plain / name / f.name)
    return plain


def _records(folder: Path, **kw) -> tuple[dict[str, dict], dict]:
    from radtrack_gui.cohort.sources import folder_patients
    from radtrack_gui.cohort.tasks import process_batch

    res = process_batch(folder_patients(folder), "rules", "knowledge", **kw)
    return {r["patient"]: r for r in res["records"]}, res


def test_ann_folders_are_read_as_gold_and_recorded(mixed: Path, tmp_path: Path):
    import pyarrow.parquet as pq

    from radtrack_gui.cohort.output import CohortDir
    from radtrack_gui.formats.folder import read_patient_folder

    names = sorted(p.name for p in mixed.iterdir())
    records, res = _records(mixed)
    assert [records[n]["gold"] for n in names] == [True, True, False]
    gold_mentions = len(read_patient_folder(mixed / names[0]).mentions)
    assert records[names[0]]["mentions"] == gold_mentions  # the annotations, not a model run
    cohort = CohortDir(tmp_path / "c")
    cohort.prepare(mixed, "rules", "knowledge")
    cohort.write_part("part-test-00000", res["tables"], res["records"])
    cohort.write_patients()
    rows = pq.read_table(tmp_path / "c" / "patients.parquet").to_pylist()
    assert {r["patient"]: r["gold"] for r in rows} == dict(
        zip(names, [True, True, False], strict=True)
    )
    # A cohort made one way is not continued the other way.
    from radtrack_gui.core.errors import InputError

    with pytest.raises(InputError, match="ignore_annotations"):
        cohort.prepare(mixed, "rules", "knowledge", ignore_annotations=True)


def test_ignore_annotations_runs_the_models(mixed: Path):
    records, res = _records(mixed, ignore_annotations=True)
    assert not any(r["gold"] for r in records.values())
    sources = set(res["tables"]["mentions"].column("source").to_pylist())
    assert sources and all(s.startswith("model:") for s in sources)


def test_summary_names_gold_patients_and_the_flag_parses():
    from radtrack_gui.cli.cohort_cmd import gold_line

    line = gold_line(["p2", "p1"])
    assert line.startswith("2 patients read as gold annotations") and line.endswith("p1, p2")
    many = gold_line([f"p{i:02d}" for i in range(12)])
    assert "and 2 more" in many and "p11" not in many
    parser, _ = cli.build_parser()
    args = parser.parse_args(["cohort", "run", "x", "--out", "y", "--ignore-annotations"])
    assert args.ignore_annotations is True
    args = parser.parse_args(["cohort", "run", "x", "--out", "y"])
    assert args.ignore_annotations is False
