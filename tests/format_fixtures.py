"""Report files of the hospital formats, built with the formats' own libraries (fhir.resources
models, python-docx, fpdf2, pydicom) or written by their specifications (HL7 v2, RTF), for
the reader tests and benchmarks/bench_formats.py. All content is made up here."""

from __future__ import annotations

import base64
import io
from datetime import datetime
from pathlib import Path
from typing import Any

FINDINGS = (
    "FINDINGS: Small left pleural effusion. Right internal jugular central venous catheter "
    "with tip in the superior vena cava. No pneumothorax.\n"
    "IMPRESSION: Small left pleural effusion."
)


def fhir_report(
    pid: str = "p1",
    text: str = FINDINGS,
    when: str = "2150-03-04T10:22:00+01:00",
    exam: str = "CT Chest W contrast IV",
    *,
    status: str = "final",
    form: str = "text/plain",
    rid: str = "dr1",
) -> dict[str, Any]:
    """A DiagnosticReport (valid for R4 and R5) as a dict, made through fhir.resources."""
    from fhir.resources.diagnosticreport import DiagnosticReport

    data = text.encode("utf-8")
    if form == "text/html":
        data = ("<div><p>" + text.replace("\n", "</p><p>") + "</p></div>").encode()
    elif form == "application/pdf":
        data = pdf_bytes([text.splitlines()])
    resource: dict[str, Any] = {
        "resourceType": "DiagnosticReport",
        "id": rid,
        "status": status,
        "category": [
            {"coding": [{"system": "http://dicom.nema.org/resources/ontology/DCM", "code": "CT"}]}
        ],
        "code": {
            "coding": [{"system": "http://loinc.org", "code": "24627-2", "display": exam}],
            "text": exam,
        },
        "subject": {"reference": f"Patient/{pid}"},
        "effectiveDateTime": when,
    }
    if form == "conclusion":
        resource["conclusion"] = text
    else:
        resource["presentedForm"] = [
            {"contentType": form, "data": base64.b64encode(data).decode("ascii")}
        ]
    return DiagnosticReport.model_validate(resource).model_dump(mode="json", exclude_none=True)


def fhir_bundle(
    reports: list[dict[str, Any]], kind: str = "searchset", *, check: bool = True
) -> dict[str, Any]:
    """A Bundle of REPORTS (checked by the fhir.resources Bundle model unless not CHECK)."""
    from fhir.resources.bundle import Bundle

    bundle: dict[str, Any] = {
        "resourceType": "Bundle",
        "type": kind,
        "entry": [{"fullUrl": f"urn:uuid:{i}", "resource": r} for i, r in enumerate(reports)],
    }
    if kind == "document":
        bundle["identifier"] = {"system": "urn:ietf:rfc:3986", "value": "urn:uuid:doc"}
        bundle["timestamp"] = "2150-03-04T12:00:00Z"
    if check:
        Bundle.model_validate(bundle)
    return bundle


def oru(
    pid: str = "p1",
    exam: str = "CT Chest W contrast IV",
    when: str = "215003041022",
    lines: tuple[str, ...] = tuple(FINDINGS.splitlines()),
    *,
    status: str = "F",
    version: str = "2.5",
    value_type: str = "TX",
    control: str = "1",
) -> str:
    """One ORU^R01 message (CR-ended segments); LINES are OBX-5 values, escaped by the
    caller where needed."""
    segs = [
        f"MSH|^~\\&|RIS|HOSP|RT|RT|{when}||ORU^R01|{control}|P|{version}",
        f"PID|1||{pid}^^^HOSP^MR||Doe^Jane",
        f"OBR|1||ACC{control}|24627-2^{exam}^LN|||{when}|||||||||||||||||{status}",
    ]
    segs += [
        f"OBX|{i}|{value_type}|24627-2^{exam}^LN|{i}|{line}||||||{status}"
        for i, line in enumerate(lines, 1)
    ]
    return "\r".join(segs) + "\r"


def pdf_bytes(
    pages: list[list[str]], header: str = "", footer: str = "", first_page_top: list[str] = ()
) -> bytes:
    """A text PDF (fpdf2): HEADER at the top and FOOTER (with the page number) at the
    bottom of every page, the footer drawn before the body (so drawing order differs from
    reading order)."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_auto_page_break(False)
    for n, lines in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Helvetica", size=11)
        if footer:
            pdf.set_xy(10, 280)
            pdf.cell(0, 5, f"{footer}  Page {n} of {len(pages)}")
        y = 10
        if header:
            pdf.set_xy(10, y)
            pdf.cell(0, 5, header)
            y += 8
        for line in (list(first_page_top) if n == 1 else []) + lines:
            pdf.set_xy(10, y)
            pdf.cell(0, 5, line)
            y += 6
    return bytes(pdf.output())


def docx_bytes(lines: list[str], table: list[list[str]] | None = None) -> bytes:
    import docx

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "LETTERHEAD NOT READ"
    for line in lines:
        document.add_paragraph(line)
    if table:
        t = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, cell in enumerate(row):
                t.cell(r, c).text = cell
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def rtf_bytes(lines: list[str]) -> bytes:
    """An RTF letter (cp1252; non-ASCII as \\'hh)."""
    body = []
    for line in lines:
        esc = line.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
        esc = "".join(c if ord(c) < 128 else f"\\'{c.encode('cp1252')[0]:02x}" for c in esc)
        body.append(esc + "\\par\n")
    return (
        "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs22\n"
        + "".join(body)
        + "}"
    ).encode("ascii")


def _dataset(sop_class: str, pid: str, when: datetime, description: str, modality: str) -> Any:
    from pydicom.dataset import Dataset, FileMetaDataset
    from pydicom.uid import ExplicitVRLittleEndian, generate_uid

    meta = FileMetaDataset()
    meta.MediaStorageSOPClassUID = sop_class
    meta.MediaStorageSOPInstanceUID = generate_uid()
    meta.TransferSyntaxUID = ExplicitVRLittleEndian
    ds = Dataset()
    ds.file_meta = meta
    ds.SOPClassUID = sop_class
    ds.SOPInstanceUID = meta.MediaStorageSOPInstanceUID
    ds.PatientID = pid
    ds.PatientName = "Doe^Jane"
    ds.StudyInstanceUID = generate_uid()
    ds.SeriesInstanceUID = generate_uid()
    ds.StudyDate = when.strftime("%Y%m%d")
    ds.StudyTime = when.strftime("%H%M%S")
    ds.ContentDate, ds.ContentTime = ds.StudyDate, ds.StudyTime
    ds.StudyDescription = description
    ds.Modality = modality
    ds.StudyID = "1"
    ds.SeriesNumber = 1
    ds.InstanceNumber = 1
    return ds


def _code(meaning: str) -> Any:
    from pydicom.dataset import Dataset

    c = Dataset()
    c.CodeValue, c.CodingSchemeDesignator, c.CodeMeaning = "121071", "DCM", meaning
    return c


def dicom_sr(
    path: Path,
    sections: dict[str, list[str]],
    *,
    pid: str = "p1",
    when: datetime = datetime(2150, 3, 4, 10, 22),
    description: str = "CT Chest W contrast IV",
    sop_class: str = "1.2.840.10008.5.1.4.1.1.88.11",  # Basic Text SR
    preliminary: bool = False,
) -> Path:
    """An SR document: a root container with one container per section of TEXT items."""
    from pydicom.dataset import Dataset
    from pydicom.sequence import Sequence

    ds = _dataset(sop_class, pid, when, description, "SR")
    ds.ValueType = "CONTAINER"
    ds.ConceptNameCodeSequence = Sequence([_code("Imaging Report")])
    ds.ContinuityOfContent = "SEPARATE"
    ds.CompletionFlag = "COMPLETE"
    ds.VerificationFlag = "UNVERIFIED" if preliminary else "VERIFIED"
    if preliminary:
        ds.PreliminaryFlag = "PRELIMINARY"
    containers = []
    for heading, texts in sections.items():
        c = Dataset()
        c.RelationshipType, c.ValueType = "CONTAINS", "CONTAINER"
        c.ConceptNameCodeSequence = Sequence([_code(heading)])
        c.ContinuityOfContent = "SEPARATE"
        items = []
        for t in texts:
            item = Dataset()
            item.RelationshipType, item.ValueType = "CONTAINS", "TEXT"
            item.ConceptNameCodeSequence = Sequence([_code("Finding")])
            item.TextValue = t
            items.append(item)
        c.ContentSequence = Sequence(items)
        containers.append(c)
    ds.ContentSequence = Sequence(containers)
    ds.save_as(path, enforce_file_format=True)
    return path


def dicom_pdf(
    path: Path,
    pdf: bytes,
    *,
    pid: str = "p1",
    when: datetime = datetime(2150, 3, 4, 10, 22),
    description: str = "CT Chest W contrast IV",
) -> Path:
    ds = _dataset("1.2.840.10008.5.1.4.1.1.104.1", pid, when, description, "DOC")
    ds.MIMETypeOfEncapsulatedDocument = "application/pdf"
    ds.EncapsulatedDocument = pdf + (b"\x00" if len(pdf) % 2 else b"")
    ds.save_as(path, enforce_file_format=True)
    return path


def dicom_image(
    path: Path, *, pid: str = "p1", when: datetime = datetime(2150, 3, 4, 10, 22)
) -> Path:
    """A tiny CT image (8x8 pixels)."""
    ds = _dataset("1.2.840.10008.5.1.4.1.1.2", pid, when, "CT Chest W contrast IV", "CT")
    ds.Rows = ds.Columns = 8
    ds.SamplesPerPixel, ds.PhotometricInterpretation = 1, "MONOCHROME2"
    ds.BitsAllocated, ds.BitsStored, ds.HighBit, ds.PixelRepresentation = 16, 16, 15, 0
    ds.PixelData = bytes(128)
    ds.save_as(path, enforce_file_format=True)
    return path


def dicom_cd(root: Path, files: list[Path]) -> Path:
    """A CD layout with a DICOMDIR (pydicom's FileSet) holding FILES."""
    import pydicom
    from pydicom.fileset import FileSet

    fs = FileSet()
    for f in files:
        fs.add(pydicom.dcmread(f))
    fs.write(root)
    fs._stage["t"].cleanup()  # pydicom's staging folder, else left to the garbage collector
    return root
