"""The hospital formats inside RadTrack (issue #22): a mixed patient folder through
`radtrack process` (one timeline, the duplicate exam grouped, offsets that index the stored
text), a DICOM CD, FHIR export, what File > Open accepts, and a fuzz of each reader."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import datetime
from functools import cache
from pathlib import Path

import format_fixtures as ff
import pytest
from hypothesis import given
from hypothesis import strategies as st

from radtrack_gui.cli import main
from radtrack_gui.core.errors import InputError
from radtrack_gui.formats import sources
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import read_json
from radtrack_gui.formats.mimic_csv import SeveralPatients
from radtrack_gui.nlp.report_groups import group_reports

ROOT = Path(__file__).resolve().parents[2]
TXT = "Date: 2150-03-20 09:00\nExam: CT Chest W contrast IV\n\nFINDINGS: Effusion resolved.\n"


def mixed_folder(folder: Path) -> Path:
    """PDF + HL7 of one exam (2150-03-04 10:22), FHIR and text reports of others."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "portal.pdf").write_bytes(
        ff.pdf_bytes(
            [ff.FINDINGS.splitlines()],
            header="ST ELSEWHERE HOSPITAL",
            first_page_top=["Exam: CT Chest W contrast IV", "Date: 2150-03-04 10:22"],
        )
    )
    (folder / "results.hl7").write_text(ff.oru(status="F"))
    (folder / "fhir.json").write_text(
        json.dumps(
            ff.fhir_report(
                when="2150-03-12T08:00:00Z",
                text="FINDINGS: Smaller left pleural effusion. Catheter removed.",
            )
        )
    )
    (folder / "r20.txt").write_text(TXT)
    return folder


def test_mixed_folder_one_timeline_duplicate_exam_grouped(tmp_path):
    patient = read_patient_folder(mixed_folder(tmp_path / "p1"))
    assert [r.id for r in patient.reports] == ["portal.pdf", "results.hl7", "fhir.json", "r20.txt"]
    assert [r.date for r in patient.reports] == [
        datetime(2150, 3, 4, 10, 22),
        datetime(2150, 3, 4, 10, 22),
        datetime(2150, 3, 12, 8, 0),
        datetime(2150, 3, 20, 9, 0),
    ]
    assert patient.id == "p1" and not patient.problems
    assert ["portal.pdf", "results.hl7"] in patient.report_groups


def test_preliminary_and_final_results_group_counter_example():
    """OBR-25 P then F at other times: grouped only through the status flag."""
    from radtrack_gui.formats.hl7v2 import extract_messages

    long = tuple(f"Line {i} of the same restated report text about the chest." for i in range(12))
    prelim = ff.oru(when="215003041022", lines=long, status="P", control="1")
    final = ff.oru(when="215003051400", lines=long, status="F", control="2")
    got = extract_messages([(1, prelim), (9, final)], Path("x.hl7"), "x.hl7", None)
    assert len(group_reports(got.reports)) == 1
    for r in got.reports:  # without the status the same two are two exams
        r.flags = [f for f in r.flags if not f.startswith("status:")]
    assert len(group_reports(got.reports)) == 2


def test_process_cli_offsets_index_stored_text_and_exports_round_trip(tmp_path):
    folder = mixed_folder(tmp_path / "p1")
    out = tmp_path / "p1.json"
    assert main(["process", str(folder), "--json", str(out), "--linker", "exact"]) == 0
    doc = json.loads(out.read_text())
    texts = {r["id"]: r["text"] for r in doc["reports"]}
    assert doc["mentions"], "the rules extractor finds the effusion"
    for m in doc["mentions"]:
        assert texts[m["report"]][m["start"] : m["end"]] == m["text"]
    assert {m["report"] for m in doc["mentions"]} >= {"portal.pdf", "results.hl7", "fhir.json"}
    brat = tmp_path / "brat"
    assert main(["export", str(out), "--format", "brat", "--out", str(brat)]) == 0
    back = read_patient_folder(brat)
    assert sorted(r.text for r in back.reports) == sorted(texts.values())
    assert len(back.mentions) == len(doc["mentions"])
    assert read_json(out).reports[0].text == texts[doc["reports"][0]["id"]]


def test_export_fhir_bundle_validates(tmp_path):
    from fhir.resources.bundle import Bundle

    folder = mixed_folder(tmp_path / "p1")
    src = tmp_path / "p1.json"
    assert main(["process", str(folder), "--json", str(src), "--linker", "exact"]) == 0
    out = tmp_path / "p1.fhir.json"
    assert main(["export", str(src), "--format", "fhir", "--out", str(out)]) == 0
    bundle = json.loads(out.read_text())
    Bundle.model_validate(bundle)
    kinds = [e["resource"]["resourceType"] for e in bundle["entry"]]
    doc = json.loads(src.read_text())
    assert kinds.count("Observation") == len(doc["chains"])
    assert kinds.count("DiagnosticReport") == len(doc["reports"])
    observations = [
        e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "Observation"
    ]
    urls = {e["fullUrl"] for e in bundle["entry"]}
    for obs in observations:
        assert obs["derivedFrom"] and all(d["reference"] in urls for d in obs["derivedFrom"])
    devices = [o for o in observations if o["category"][0]["text"] == "device"]
    assert devices and all(o["focus"][0]["reference"] in urls for o in devices)
    effusion = next(o for o in observations if "effusion" in o["code"]["text"])
    assert effusion["bodySite"]["coding"][0]["display"] == "Left"
    assert effusion["valueCodeableConcept"]["coding"][0]["code"] in ("52101004", "2667000")


def test_export_fhir_invalid_bundle_is_refused(tmp_path):
    from radtrack_gui.formats.fhir_export import check_bundle

    with pytest.raises(InputError, match="not valid FHIR R5"):
        check_bundle({"resourceType": "Bundle", "entry": []})  # no type


def test_dicom_cd_images_never_opened(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    sr = ff.dicom_sr(src / "sr.dcm", {"Findings": ["Small effusion."]})
    img = ff.dicom_image(src / "im.dcm")
    cd = ff.dicom_cd(tmp_path / "cd", [sr, img])
    for f in cd.rglob("*"):  # the image, damaged: reading it would be a problem
        if (
            f.is_file()
            and f.name != "DICOMDIR"
            and f.read_bytes().find(b"1.2.840.10008.5.1.4.1.1.2\x00") > 0
        ):
            f.write_bytes(b"damaged")
    patient = read_patient_folder(cd)
    (r,) = patient.reports
    assert r.text == "FINDINGS:\nSmall effusion.\n" and r.exam == "CT Chest W contrast IV"
    assert [(p.file, p.reason) for p in patient.problems] == [("DICOMDIR", "1 image files ignored")]


def test_dicom_cd_without_dicomdir_reads_headers_only(tmp_path):
    cd = tmp_path / "cd"
    (cd / "DICOM" / "S1").mkdir(parents=True)
    ff.dicom_sr(cd / "DICOM" / "S1" / "SR01", {"Impression": ["Effusion."]})
    img = ff.dicom_image(cd / "DICOM" / "S1" / "IM01")
    img.write_bytes(img.read_bytes()[:-100])  # pixel data cut short: a header read is fine
    patient = read_patient_folder(cd)
    assert [r.id for r in patient.reports] == ["DICOM/S1/SR01"]
    assert [p.reason for p in patient.problems] == ["1 image files ignored"]


def test_open_accepts_hospital_files(tmp_path):
    for name in ("a.pdf", "a.hl7", "a.ndjson", "a.docx", "a.rtf", "a.dcm"):
        assert sources.can_open(tmp_path / name)
    image = ff.dicom_image(tmp_path / "IM0001")
    assert sources.can_open(image) and sources.kind_of(image) == "dicom"
    fhir_json = tmp_path / "f.json"
    fhir_json.write_text(json.dumps(ff.fhir_report()))
    assert sources.kind_of(fhir_json) == "fhir"
    assert sources.kind_of(tmp_path / "x.json") == "json"  # not there: RadTrack JSON's error
    assert not sources.can_open(tmp_path / "a.xyz")
    two = tmp_path / "two.hl7"
    two.write_text(ff.oru(pid="A") + ff.oru(pid="B", control="2"))
    with pytest.raises(SeveralPatients):
        sources.csv_patient(two)  # what the GUI's patient picker lists
    assert sources.read_patient(two, "B").reports[0].patient == "B"


def test_start_up_imports_no_format_library():
    code = (
        "import sys\n"
        "import radtrack_gui.cli as c; c.build_parser()\n"
        "import radtrack_gui.gui.app, radtrack_gui.gui.main_window\n"
        "import radtrack_gui.formats.sources, radtrack_gui.formats.folder\n"
        "print(sorted(m for m in ('fhir', 'hl7', 'pypdf', 'docx', 'striprtf', 'pydicom', "
        "'fpdf', 'pydantic', 'lxml') if m in sys.modules))"
    )
    got = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "[]"


# -- fuzz: damaged files of each format beside a good report --------------------------------
@cache
def _valid(kind: str) -> bytes:
    if kind == "json":
        return json.dumps(
            ff.fhir_bundle([ff.fhir_report(rid="a"), ff.fhir_report(rid="b")])
        ).encode()
    if kind == "ndjson":
        return (json.dumps(ff.fhir_report()) + "\n" + json.dumps(ff.fhir_report(rid="b"))).encode()
    if kind == "hl7":
        return ("\x0b" + ff.oru() + "\x1c\r" + ff.oru(control="2", value_type="FT")).encode()
    if kind == "pdf":
        return ff.pdf_bytes([["FINDINGS: a."], ["IMPRESSION: b."]], footer="F")
    if kind == "docx":
        return ff.docx_bytes(["Exam: CT", "FINDINGS: a."])
    if kind == "rtf":
        return ff.rtf_bytes(["Exam: CT", "FINDINGS: a {b} \\c."])
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return ff.dicom_sr(Path(tmp) / "x.dcm", {"Findings": ["a"]}).read_bytes()


def _damage(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        op = rng.randrange(4)
        i = rng.randrange(len(out) or 1)
        if op == 0 and out:
            out[i] = rng.randrange(256)
        elif op == 1:
            del out[i : i + rng.randrange(1, 64)]
        elif op == 2:
            out[i:i] = rng.choice(
                [b"\x00", b"\\", b"|", b"^~", b"{", b"}", b"\r", b'"', b"\xff\xfe", b"MSH|"]
            )
        else:
            out = out[: max(i, 1)]
    return bytes(out)


@pytest.mark.parametrize("kind", ["json", "ndjson", "hl7", "pdf", "docx", "rtf", "dcm"])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_fuzz_damaged_file_never_stops_the_folder(kind, seed):
    import tempfile

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / f"bad.{kind}").write_bytes(_damage(_valid(kind), rng))
        (folder / "good.txt").write_text(TXT)
        try:
            patient = read_patient_folder(folder)  # nothing but a Problem may come of bad.*
        except SeveralPatients as exc:  # a damaged patient id: the user is asked to pick
            assert "bad." in str(exc)
            return
        assert any(r.id == "good.txt" for r in patient.reports)
        for p in patient.problems:
            assert p.file and p.reason
        for r in patient.reports:
            assert isinstance(r.text, str) and r.text.strip()
            assert "\x00" not in r.text
            for s in r.sections:
                assert 0 <= s.start <= s.end <= len(r.text)


def test_project_store_keeps_the_extracted_text_and_status(tmp_path):
    from radtrack_gui.nlp.registry import RunSpec
    from radtrack_gui.pipeline import process_folder
    from radtrack_gui.store.db import ProjectStore

    patient = process_folder(mixed_folder(tmp_path / "p1"), RunSpec(linker="exact"))
    with ProjectStore.open(tmp_path / "s.sqlite") as store:
        store.save_patient(patient, "model:test")
        back = store.load_patient()
    assert back is not None
    assert [(r.id, r.text, r.flags) for r in back.reports] == [
        (r.id, r.text, r.flags) for r in patient.reports
    ]
    for m in back.mentions.values():  # offsets index the stored text, no source file needed
        report = next(r for r in back.reports if r.id == m.report)
        assert report.text[m.start : m.end] == m.text


def test_fifos_and_devices_named_never_opened(tmp_path):
    import os

    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "good.txt").write_text(TXT)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for name in ("a.pdf", "b.json", "c.hl7", "IM0001", "d.dcm"):
        os.symlink(fifo, folder / name)  # opening any of these for reading would block
    os.symlink("/dev/zero", folder / "e.ndjson")
    patient = read_patient_folder(folder)
    assert [r.id for r in patient.reports] == ["good.txt"]
    reasons = {p.file: p.reason for p in patient.problems}
    assert reasons["a.pdf"] == "a named pipe (FIFO), not a regular file"
    assert reasons["e.ndjson"] == "a device, not a regular file"
    assert set(reasons) == {"a.pdf", "b.json", "c.hl7", "IM0001", "d.dcm", "e.ndjson"}
