"""What runs on a Dask worker: one batch of patients through the pipeline of
``radtrack process`` (read with the formats readers, ``pipeline.analyse``, the §3 document
of ``json_io.patient_to_dict``), returned as Arrow tables plus one record per patient.

Models are built once per worker (per worker thread: extractors and linkers are not
promised to be thread-safe) and kept in a module-level cache for every later batch.
A patient that fails is recorded with its reason; it never fails the batch.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from radtrack_gui.cohort.sources import PatientItem, load_patient
from radtrack_gui.core.errors import InputError

_MODELS: dict[tuple[str, str, int], tuple[Any, Any]] = {}
_LOCK = threading.Lock()
LOADS: list[tuple[str, str]] = []  # every model load in this process (for the run's report)


def models(extractor: str, linker: str) -> tuple[Any, Any]:
    """The extractor and linker of this worker thread, built on first use."""
    from radtrack_gui.nlp.registry import get_extractor, get_linker

    key = (extractor, linker, threading.get_ident())
    with _LOCK:
        got = _MODELS.get(key)
    if got is None:
        got = (get_extractor(extractor), get_linker(linker))
        with _LOCK:
            _MODELS[key] = got
            LOADS.append((extractor, linker))
    return got


def warm_up(extractor: str, linker: str) -> int:
    """Build the models on this worker before its first batch; returns how many loads."""
    before = len(LOADS)
    models(extractor, linker)
    return len(LOADS) - before


def worker_name() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().name)
    except (ImportError, ValueError):
        return f"pid{os.getpid()}"


def process_batch(
    items: list[PatientItem],
    extractor: str,
    linker: str,
    out: str | None = None,
    part: str | None = None,
    ignore_annotations: bool = False,
) -> dict[str, Any]:
    """Run the pipeline on every patient of ``items``. Returns ``tables`` (the rows of the
    done patients, or None), ``records`` (one per patient) and this worker's model loads.
    With ``out`` and ``part``, the worker writes the partition's Parquet files into the
    cohort folder ``out`` itself and returns ``tables`` None, ``written`` True and the files'
    ``sizes`` (the client then only checks and commits them); if it cannot write there, the
    tables travel back.
    A patient folder with brat ``.ann`` files is read as gold (the models do not run on it;
    its record says ``gold`` True) unless ``ignore_annotations``."""
    from radtrack_gui.cohort.output import tables
    from radtrack_gui.formats.json_io import patient_to_dict
    from radtrack_gui.pipeline import RunSpec, analyse

    loads_before = len(LOADS)
    try:
        ext, lnk = models(extractor, linker)
    except Exception as exc:  # e.g. a model whose files are not on this worker
        reason = str(exc) if isinstance(exc, InputError) else f"{type(exc).__name__}: {exc}"
        return {
            "tables": None,
            "worker": worker_name(),
            "loads": 0,
            "records": [
                {"patient": i.key, "source": i.source, "status": "failed", "reason": reason}
                for i in items
            ],
        }
    docs: list[tuple[str, dict[str, Any]]] = []
    records: list[dict[str, Any]] = []
    for item in items:
        t0 = time.perf_counter()
        record: dict[str, Any] = {
            "patient": item.key,
            "source": item.source,
            "csv": item.rows is not None,
        }
        try:
            patient = load_patient(item)
            gold = patient.annotated and not ignore_annotations
            patient = analyse(patient, RunSpec(ext, lnk), force=ignore_annotations)
            doc = patient_to_dict(patient)
        except InputError as exc:
            record.update(status="failed", reason=str(exc))
        except Exception as exc:  # a bug or a broken model: recorded, the cohort goes on
            record.update(status="failed", reason=f"{type(exc).__name__}: {exc}")
        else:
            docs.append((item.key, doc))
            record.update(
                status="done",
                reason=None,
                id=patient.id,
                annotated=patient.annotated,
                gold=gold,
                reports=len(doc["reports"]),
                mentions=len(doc["mentions"]),
                chains=len(doc["chains"]),
                problems=[f"{q['file']}: {q['reason']}" for q in doc["problems"]],
            )
        record["seconds"] = round(time.perf_counter() - t0, 4)
        records.append(record)
    data = tables(docs) if docs else None
    written = False
    sizes: dict[str, int] | None = None
    if data is not None and out and part:
        from radtrack_gui.cohort.output import CohortDir

        try:
            sizes = CohortDir(out).write_tables(part, data)
            data, written = None, True
        except OSError:  # DIR is not shared with this worker: the client writes them
            written = False
    return {
        "tables": data,
        "written": written,
        "sizes": sizes,
        "records": records,
        "worker": worker_name(),
        "loads": len(LOADS) - loads_before,
    }
