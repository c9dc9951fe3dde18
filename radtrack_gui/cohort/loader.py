"""One patient of a cohort as a project (Qt-free; the GUI's File ▸ Open cohort… uses it).

``patients(DIR)`` lists the cohort's patients; ``load_patient(DIR, key)`` builds the
``Patient`` from its Parquet rows (through the RadTrack JSON reader, so it is the patient
``radtrack process`` gave); ``adopt(DIR, key)`` stores it in that patient's own project
store unless the store already holds the patient (then the user's corrections win), and
returns what ``project.open_project`` needs to open it, so corrections go to that store
as for any patient opened from its folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from radtrack_gui.cohort.output import PATIENT_FIELDS, CohortDir
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Problem
from radtrack_gui.util.names import shown


def patients(folder: str | Path) -> list[dict[str, Any]]:
    """The rows of ``patients.parquet`` (patient, status, reason, counts, source, ...)."""
    import pyarrow.parquet as pq

    path = Path(folder).expanduser() / "patients.parquet"
    if not path.is_file():
        raise InputError(f"{folder}: not a cohort folder (no patients.parquet)")
    try:
        rows = pq.read_table(path).to_pylist()
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: unreadable ({exc})") from exc
    return [{k: r.get(k) for k in PATIENT_FIELDS} for r in rows]


def _record(cohort: CohortDir, key: str) -> dict[str, Any]:
    record = cohort.records().get(key)
    if record is None:
        raise InputError(f"{cohort.path}: no patient {key}")
    return record


def load_patient(folder: str | Path, key: str) -> Patient:
    """The patient ``key`` with the cohort's mentions and chains."""
    from radtrack_gui.formats.json_io import patient_from_dict

    cohort = CohortDir(folder)
    record = _record(cohort, key)
    patient = patient_from_dict(cohort.read_patient(key), f"{cohort.path.name}/{key}")
    source = Path(record["source"])
    patient.folder = str(source)
    for r in patient.reports:
        r.patient = r.patient or patient.id
        r.source = shown(str(source / r.id) if source.is_dir() else str(source))
    patient.problems.extend(
        Problem(*p.split(": ", 1)) if ": " in p else Problem(p, "")
        for p in record.get("problems") or []
    )
    return patient


def adopt(folder: str | Path, key: str) -> tuple[str, str | None]:
    """Make the cohort's chains of ``key`` that patient's project, unless its project store
    already holds it. Returns ``(path, patient_id)`` for ``project.open_project``."""
    from radtrack_gui.project import store_key
    from radtrack_gui.store.db import ProjectStore

    cohort = CohortDir(folder)
    record = _record(cohort, key)
    source = Path(record["source"])
    patient_id = key if record.get("csv") or source.is_file() else None
    settings = cohort.settings() or {}
    store = ProjectStore.for_folder(store_key(source, patient_id))
    try:
        if store.load_patient() is None:
            patient = load_patient(folder, key)
            gold = patient.annotated
            ext, lnk = settings.get("extractor"), settings.get("linker")
            store.save_patient(
                patient,
                "model:cohort" if gold else f"model:{ext}+{lnk}",
                extractor=None if gold else ext,
                linker=None if gold else lnk,
                command="Open from cohort",
            )
    finally:
        store.close()
    return str(source), patient_id
