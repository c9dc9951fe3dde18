"""The patients a patient-level question file names (Qt-free).

A question line's ``patient`` is one of:

- a folder, relative to the question file (``demo_patient``);
- ``synth:SEED/patient_NNN``: a generated patient, ``radtrack synth DIR --patients 3 --seed
  SEED`` (same seed, same bytes), written once to a private cache folder;
- ``iu:UID``: one IU chest X-ray report (``iu_openi_cxr/indiana_reports.csv``, findings +
  impression), read in place from ``../shared/corpora``;
- ``parrot1:LINE``: one PARROT v1.0 report, read in place.

Corpus evidence spans carry a ``sha1`` (``span_digest``) of their text instead of the text,
so no corpus sentence is stored; ``check_evidence`` compares it with the text read.
The patients come back unanalysed: the caller runs its models (annotations of generated
patients are ignored there, so the models are what is scored).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report

SYNTH_PATIENTS = 3  # every synth:SEED reference is a corpus of three patients


def _synth_root(seed: int) -> Path:
    from radtrack_gui.util.paths import _private_dir

    root = _private_dir(Path(tempfile.gettempdir()) / f"radtrack-askq-{_uid()}")
    folder = root / f"synth-{seed}-{SYNTH_PATIENTS}"
    if not (folder / "STATS.json").exists():
        from radtrack_gui.evaluation.synth.corpus import synthesize

        synthesize(folder, SYNTH_PATIENTS, seed, overwrite=True)
    return folder


def _uid() -> str:
    import os

    return str(os.getuid()) if hasattr(os, "getuid") else "user"


def _corpus_report(ref: str) -> Report:
    from radtrack_gui.evaluation.corpora import corpus_text
    from radtrack_gui.evaluation.silver_mentions import iu_reports, shared_root
    from radtrack_gui.formats.textreport import report_from_text

    corpus, _, key = ref.partition(":")
    if corpus == "iu":
        found = dict(iu_reports()).get(key)
        if not found:
            raise InputError(f"iu: no report {key}")
        text, exam = found, "CHEST X-RAY"
    elif corpus == "parrot1":
        text, exam = corpus_text(shared_root(), "parrot1", key), ""
    else:
        raise InputError(f"unknown patient reference {ref!r}")
    report, _ = report_from_text(f"{corpus}-{key}", text, header={"exam": exam} if exam else {})
    return report


def read_question_patient(ref: str, base: Path) -> Patient:
    """The (unanalysed) patient ``ref`` names; ``base``: the question file's folder."""
    from radtrack_gui.formats.folder import read_patient_folder

    if ref.startswith("synth:"):
        seed, _, name = ref[len("synth:") :].partition("/")
        if not seed.isdigit() or not name:
            raise InputError(f"bad generated-patient reference {ref!r} (synth:SEED/patient_NNN)")
        folder = _synth_root(int(seed)) / name
        if not folder.is_dir():
            raise InputError(f"{ref}: no such generated patient")
        patient = read_patient_folder(folder)
        patient.annotated = False  # the models are scored, not the generator's gold
        patient.mentions, patient.chains = {}, {}
        return patient
    if ref.startswith(("iu:", "parrot1:")):
        return Patient(id=ref, reports=[_corpus_report(ref)])
    folder = (base / ref).resolve()
    if not folder.is_dir():
        raise InputError(f"patient folder {ref} not found")
    return read_patient_folder(folder)


def patient_texts(refs: list[str], base: Path) -> dict[str, dict[str, str]]:
    """ref -> report id -> text."""
    out = {}
    for ref in refs:
        patient = read_question_patient(ref, base)
        out[ref] = {r.id: r.text for r in patient.reports}
    return out


def check_evidence(item: dict[str, Any], patient: Patient, where: str) -> None:
    """Every gold span lies in its report and its text (or SHA-1) matches."""
    from radtrack_gui.evaluation.silver_mentions import span_digest

    ids = {r.id for r in patient.reports}
    for g in item.get("evidence", []):
        if g.get("report") not in ids:
            raise InputError(f"{where}: evidence report {g.get('report')!r} not in the patient")
        text = patient.report(g["report"]).text[g["start"] : g["end"]]
        if "text" in g and g["text"] != text:
            raise InputError(f"{where}: evidence text differs from the report at its offsets")
        if "sha1" in g and g["sha1"] != span_digest(text):
            raise InputError(f"{where}: evidence hash differs from the report at its offsets")
