"""What a first open derives, hashed: every mention field, every chain's label, members,
source and why, and the report groups, after read + extract + link with the default
models (``pipeline.process_source``). Speed work must leave it unchanged (issue #20
item 12): run it before and after on the two demo patients and the long patient.

    PYTHONPATH=$PWD python benchmarks/open_fingerprint.py [FOLDER ...]

Without folders: the demo patient and the oncology demo patient. Prints, per folder,
reports, mentions, chains, the hash (16 hex digits) and the CPU seconds it took.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from radtrack_gui.core.model import Patient


def patient_hash(patient: Patient) -> str:
    """sha256 over the patient's mentions (by id), chains (in order) and report groups."""
    h = hashlib.sha256()
    for m in sorted(patient.mentions.values(), key=lambda m: m.id):
        h.update(json.dumps(asdict(m), sort_keys=True, default=str).encode())
    for c in patient.chains.values():
        h.update(json.dumps(asdict(c), sort_keys=True, default=str).encode())
    h.update(json.dumps(patient.report_groups).encode())
    return h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from radtrack_gui import pipeline
    from radtrack_gui.util.paths import demo_patient_dir, oncology_patient_dir

    folders = [Path(a) for a in argv] or [demo_patient_dir(), oncology_patient_dir()]
    for folder in folders:
        cpu = time.process_time()
        p = pipeline.process_source(folder)
        took = time.process_time() - cpu
        print(
            f"{folder.name}: {len(p.reports)} reports, {len(p.mentions)} mentions, "
            f"{len(p.chains)} chains, {patient_hash(p)} ({took:.2f} s CPU)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
