"""Reader speed per hospital format (issue #22): reports read per second, reading only (no
models), from files built like the tests' fixtures (tests/format_fixtures.py). One pass per
format after one untimed warm-up file (library imports); cold imports are timed apart.

    python benchmarks/bench_formats.py [--n 200]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import format_fixtures as ff  # noqa: E402

from radtrack_gui.formats.folder import read_patient_folder  # noqa: E402
from radtrack_gui.formats.ingest import read_file  # noqa: E402

TEXT = ff.FINDINGS + "\n" + " ".join(["Stable appearance of the mediastinum."] * 8)


def _files(kind: str, folder: Path, n: int) -> list[Path]:
    """N reports of KIND under FOLDER: one file (FHIR bundle, NDJSON, HL7) or N files."""
    folder.mkdir(parents=True)
    if kind == "FHIR bundle":
        reps = [ff.fhir_report(rid=f"r{i}", text=TEXT) for i in range(n)]
        p = folder / "b.json"
        p.write_text(json.dumps(ff.fhir_bundle(reps, check=False)))
        return [p]
    if kind == "FHIR NDJSON":
        p = folder / "DiagnosticReport.ndjson"
        line = json.dumps(ff.fhir_report(text=TEXT))
        p.write_text("\n".join([line] * n) + "\n")
        return [p]
    if kind == "HL7 v2":
        p = folder / "batch.hl7"
        p.write_text(
            "".join(ff.oru(control=str(i), lines=tuple(TEXT.splitlines())) for i in range(n))
        )
        return [p]
    out = []
    for i in range(n):
        if kind == "PDF (2 pages)":
            p = folder / f"r{i}.pdf"
            p.write_bytes(
                ff.pdf_bytes([TEXT.splitlines()[:2], TEXT.splitlines()[2:]], header="H", footer="F")
            )
        elif kind == "DOCX":
            p = folder / f"r{i}.docx"
            p.write_bytes(ff.docx_bytes(TEXT.splitlines()))
        elif kind == "RTF":
            p = folder / f"r{i}.rtf"
            p.write_bytes(ff.rtf_bytes(TEXT.splitlines()))
        else:
            p = ff.dicom_sr(folder / f"r{i}.dcm", {"Findings": TEXT.splitlines()})
        out.append(p)
    return out


def _cd(folder: Path, reports: int, images: int) -> Path:
    src = folder / "src"
    src.mkdir(parents=True)
    files = [ff.dicom_sr(src / f"sr{i}.dcm", {"Findings": [TEXT]}) for i in range(reports)]
    files += [ff.dicom_image(src / f"im{i}.dcm") for i in range(images)]
    return ff.dicom_cd(folder / "cd", files)


def cold_imports() -> dict[str, float]:
    """Seconds to import each reader's library in a fresh interpreter."""
    out = {}
    for mod in (
        "fhir.resources.diagnosticreport",
        "hl7",
        "pypdf",
        "docx",
        "striprtf.striprtf",
        "pydicom",
    ):
        code = f"import time; t=time.perf_counter(); import {mod}; print(time.perf_counter()-t)"
        got = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        out[mod] = float(got.stdout)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200, help="reports per format")
    args = ap.parse_args()
    kinds = ["FHIR bundle", "FHIR NDJSON", "HL7 v2", "PDF (2 pages)", "DOCX", "RTF", "DICOM SR"]
    print(f"{'format':<16} {'reports':>8} {'seconds':>8} {'reports/s':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            files = _files(kind, Path(tmp) / kind.replace(" ", "_"), args.n)
            read_file(files[0], files[0].name)  # warm-up: imports, first model build
            t0 = time.perf_counter()
            count = sum(len(read_file(f, f.name).reports) for f in files)
            dt = time.perf_counter() - t0
            print(f"{kind:<16} {count:>8} {dt:>8.2f} {count / dt:>10.1f}")
        cd = _cd(Path(tmp) / "cd", 20, 500)
        t0 = time.perf_counter()
        patient = read_patient_folder(cd)
        dt = time.perf_counter() - t0
        print(
            f"{'DICOM CD':<16} {len(patient.reports):>8} {dt:>8.2f} {len(patient.reports) / dt:>10.1f}"
            "  (20 SR + 500 images, DICOMDIR)"
        )
    print("\ncold import of each library (s):")
    for mod, s in cold_imports().items():
        print(f"  {mod:<34} {s:.2f}")


if __name__ == "__main__":
    main()
