"""DICOM reports (``pydicom``): Structured Reports (Basic Text, Enhanced, Comprehensive and
the other SR storage classes) and Encapsulated PDF; a CD (a ``DICOMDIR``, or a ``DICOM``
folder) walked for them.

SR text: the content tree in order; a CONTAINER with a concept name gives a heading line
(``FINDINGS:``), each TEXT item its value on its own line(s). Encapsulated PDF: the PDF
reader's text of the embedded document. Offsets index that text. Study date and time
(else content date and time), study description (else series description, else the
document title), modality (when the header names an imaging one) and patient ID come from
the header. Images are not reports: on a CD the DICOMDIR's record type tells them apart
without opening them; without a DICOMDIR each file's header alone is read (pixel data never).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.model import Problem
from radtrack_gui.formats.ingest import DICOMDIR, Extracted, document_report, is_dicom
from radtrack_gui.formats.textreport import SkipFile
from radtrack_gui.util.natsort import natural_key
from radtrack_gui.util.regular import NotRegular, open_regular

SR_PREFIX = "1.2.840.10008.5.1.4.1.1.88."
ENCAPSULATED_PDF = "1.2.840.10008.5.1.4.1.1.104.1"
REPORT_RECORDS = {"SR DOCUMENT", "ENCAP DOC"}
NOT_IMAGING = {"", "SR", "DOC", "OT", "KO", "PR"}
MAX_DICOM_BYTES = 256 * 1024 * 1024
MAX_WALK = 100_000  # files looked at on one CD


def _open(path: Path, header_only: bool) -> Any:
    import pydicom
    from pydicom.errors import InvalidDicomError

    try:
        with open_regular(path) as f:  # a FIFO or device named in a DICOMDIR: never read
            size = os.fstat(f.fileno()).st_size
            if size > MAX_DICOM_BYTES and not header_only:
                raise SkipFile(f"too large for a DICOM report ({size:,} bytes)")
            return pydicom.dcmread(f, stop_before_pixels=header_only)
    except NotRegular as exc:
        raise SkipFile(str(exc)) from exc
    except InvalidDicomError as exc:
        raise SkipFile("not a DICOM file (no DICM header)") from exc
    except OSError as exc:
        raise SkipFile(f"unreadable ({exc.strerror or exc})") from exc
    except SkipFile:
        raise
    except Exception as exc:  # pydicom raises many types on damaged data
        raise SkipFile(f"corrupt DICOM file ({type(exc).__name__}: {exc})") from exc


def _name(item: Any) -> str:
    seq = item.get("ConceptNameCodeSequence")
    return str(seq[0].get("CodeMeaning", "")) if seq else ""


def sr_lines(node: Any, out: list[str] | None = None) -> list[str]:
    """The text of an SR content tree in tree order (see the module text)."""
    out = [] if out is None else out
    for item in node.get("ContentSequence") or []:
        kind = str(item.get("ValueType", ""))
        if kind == "CONTAINER":
            heading = _name(item)
            before = len(out)
            if heading:
                out.append(f"{heading.upper()}:")
            sr_lines(item, out)
            if heading and len(out) == before + 1:
                out.pop()  # a heading with no text under it
            continue
        if kind == "TEXT":
            value = str(item.get("TextValue", "")).replace("\r\n", "\n").replace("\r", "\n")
            if value.strip():
                out.append(value.strip("\n"))
        sr_lines(item, out)
    return out


def _when(ds: Any) -> datetime | None:
    for d, t in (("StudyDate", "StudyTime"), ("ContentDate", "ContentTime")):
        day = str(ds.get(d, "") or "").strip()
        if len(day) != 8 or not day.isdigit():
            continue
        clock = str(ds.get(t, "") or "").strip().split(".")[0]
        clock = clock.ljust(6, "0")[:6] if clock.isdigit() else "000000"
        try:
            return datetime.strptime(day + clock, "%Y%m%d%H%M%S")
        except ValueError:
            continue
    return None


def _status(ds: Any) -> str:
    if str(ds.get("PreliminaryFlag", "")).upper() == "PRELIMINARY":
        return "preliminary"
    if str(ds.get("CompletionFlag", "")).upper() == "PARTIAL":
        return "preliminary"
    if str(ds.get("VerificationFlag", "")).upper() == "VERIFIED":
        return "final"
    return ""


def dataset_text(ds: Any) -> str:
    """The report text of a DICOM dataset; ``SkipFile`` naming what it is otherwise."""
    sop = str(ds.get("SOPClassUID", ""))
    if sop.startswith(SR_PREFIX):
        text = "\n".join(sr_lines(ds))
        if not text.strip():
            raise SkipFile("DICOM SR without text content items")
        return text + "\n"
    if sop == ENCAPSULATED_PDF:
        from radtrack_gui.formats.pdf import pdf_text

        data = ds.get("EncapsulatedDocument")
        if not data:
            raise SkipFile("DICOM encapsulated PDF without a document")
        return pdf_text(bytes(data).rstrip(b"\x00"))
    if not sop:
        raise SkipFile("corrupt DICOM file (no SOP Class UID: damaged or not a DICOM object)")
    modality = str(ds.get("Modality", "") or "?")
    what = getattr(ds.get("SOPClassUID"), "name", "") or sop
    raise SkipFile(f"DICOM {modality} object ({what}): no report in it")


def report_of(ds: Any, rid: str, source: str) -> Extracted:
    text = dataset_text(ds)
    modality = str(ds.get("Modality", "") or "").upper()
    exam = str(ds.get("StudyDescription", "") or ds.get("SeriesDescription", "") or _name(ds))
    report, problems = document_report(
        rid,
        text,
        source=source,
        name=os.path.basename(rid),
        date=_when(ds),
        exam=exam,
        modality="" if modality in NOT_IMAGING else modality,
        patient=str(ds.get("PatientID", "") or ""),
        status=_status(ds),
    )
    return Extracted([report], problems, [report.patient] if report.patient else [])


def read(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The report of one DICOM file (SR or encapsulated PDF). pydicom decodes values
    lazily, so damage may show only when a value is read: all of it is guarded here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydicom warns about each invalid value
        try:
            return report_of(_open(path, header_only=False), name, str(path))
        except SkipFile:
            raise
        except Exception as exc:
            raise SkipFile(f"corrupt DICOM file ({type(exc).__name__}: {exc})") from exc


# -- a CD ----------------------------------------------------------------------------------
def is_cd(folder: Path) -> bool:
    """A folder with a DICOMDIR, or with a DICOM sub-folder (a CD copied without one)."""
    return (folder / DICOMDIR).is_file() or any(
        p.is_dir() and p.name.upper() == "DICOM" for p in _children(folder)
    )


def _children(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir(), key=lambda p: natural_key(p.name))
    except OSError:
        return []


def _dicomdir_files(folder: Path, got: Extracted) -> Iterator[Path] | None:
    """The report files a DICOMDIR lists (images counted, not opened); None if unreadable."""
    import pydicom

    try:
        ds = pydicom.dcmread(folder / DICOMDIR)
        records = list(ds.DirectoryRecordSequence)
    except Exception as exc:  # a damaged DICOMDIR: the folder is walked instead
        got.problems.append(
            Problem(DICOMDIR, f"unreadable DICOMDIR ({type(exc).__name__}); folder walked")
        )
        return None
    files: list[Path] = []
    images = 0
    for rec in records:
        kind = str(rec.get("DirectoryRecordType", "")).upper()
        ref = rec.get("ReferencedFileID")
        if ref is None:
            continue
        parts = [str(p) for p in ref] if not isinstance(ref, str) else [ref]
        if kind in REPORT_RECORDS:
            files.append(folder.joinpath(*parts))
        else:
            images += 1
    if images:
        got.problems.append(Problem(DICOMDIR, f"{images} image files ignored", skipped=False))
    return iter(files)


def _walk(folder: Path, got: Extracted) -> Iterator[Path]:
    """Every DICOM file under FOLDER whose header names a report class (header only)."""
    import pydicom

    seen = images = 0
    for root, dirs, names in os.walk(folder):
        dirs.sort(key=natural_key)
        for n in sorted(names, key=natural_key):
            path = Path(root) / n
            seen += 1
            if seen > MAX_WALK or n == DICOMDIR or n.startswith(".") or not is_dicom(path):
                continue
            try:
                head = pydicom.dcmread(path, stop_before_pixels=True, specific_tags=["SOPClassUID"])
                sop = str(head.get("SOPClassUID", ""))
            except Exception:
                sop = ""
            if sop.startswith(SR_PREFIX) or sop == ENCAPSULATED_PDF:
                yield path
            else:
                images += 1
    if images:
        got.problems.append(Problem(folder.name, f"{images} image files ignored", skipped=False))


def read_cd(folder: Path) -> Extracted:
    """The reports of a CD folder; each unreadable report file is a problem of its own."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydicom warns about each invalid value
        return _read_cd(folder)


def _read_cd(folder: Path) -> Extracted:
    got = Extracted()
    files = _dicomdir_files(folder, got) if (folder / DICOMDIR).is_file() else None
    if files is None:
        dicom = [p for p in _children(folder) if p.is_dir() and p.name.upper() == "DICOM"]
        files = _walk(dicom[0] if dicom else folder, got)
    for path in files:
        rid = path.relative_to(folder).as_posix()
        try:
            one = read(path, rid)
        except SkipFile as exc:
            got.problems.append(Problem(rid, exc.reason))
            continue
        got.reports.extend(one.reports)
        got.problems.extend(one.problems)
    got.patients = list(dict.fromkeys(r.patient for r in got.reports if r.patient))
    return got
