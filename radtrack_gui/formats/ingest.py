"""Reports handed over by hospitals: FHIR, HL7 v2, PDF, Word/RTF and DICOM files.

Every reader (``fhir``, ``hl7v2``, ``pdf``, ``office``, ``dicom_sr``) has one signature,
``read(path, name, patient_id) -> Extracted``: the reports in the file (their text is the
*extracted* text, which offsets index and which the project and exports store) and the
problems met on the way. A file that holds no report raises ``SkipFile`` with a specific
reason; it never stops the folder. The readers' libraries are imported inside them, so this
table costs nothing at start-up.

``kind_of_file`` tells which reader a file needs (by its suffix, and by its first bytes where
the suffix is shared: a ``.json`` with ``"resourceType"`` is FHIR, a file without suffix that
starts like DICOM is DICOM); ``read_file`` runs it.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import stat
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from radtrack_gui.core.model import Problem, Report
from radtrack_gui.formats.textreport import (
    SkipFile,
    decode,
    nonempty_bytes,
    normalize_modality,
    report_from_text,
)
from radtrack_gui.formats.validate import clean_text, naive
from radtrack_gui.nlp.metadata import modality_of, parse_date, region_of
from radtrack_gui.util.regular import NotRegular, open_regular

# suffix -> reader module (under radtrack_gui.formats)
SUFFIXES: dict[str, str] = {
    ".ndjson": "fhir",
    ".fhir": "fhir",
    ".hl7": "hl7v2",
    ".oru": "hl7v2",
    ".pdf": "pdf",
    ".docx": "office",
    ".rtf": "office",
    ".dcm": "dicom_sr",
    ".dicom": "dicom_sr",
}
DICOMDIR = "DICOMDIR"
STATUS_FLAG = "status:"  # report.flags entry: "status:preliminary", "status:final", ...
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
LOOSE_KEYS = {
    "date": "date",
    "exam date": "date",
    "study date": "date",
    "date of exam": "date",
    "date of service": "date",
    "exam": "exam",
    "examination": "exam",
    "study": "exam",
    "procedure": "exam",
    "description": "exam",
    "modality": "modality",
    "patient": "patient",
    "patient id": "patient",
    "mrn": "patient",
}
LOOSE_LINES = 20
_KEY_LINE = re.compile(r"^[ \t]*([A-Za-z][A-Za-z ]{1,20}?)[ \t]*:[ \t]*(\S.{0,80}?)[ \t]*$")
_TAGS = re.compile(r"<[^>]*>")
_BREAKS = re.compile(r"<\s*(?:br|/p|/div|/li|/tr|/h[1-6])\s*/?\s*>", re.I)


@dataclass
class Extracted:
    """What one file gave: its reports (in file order) and the problems met."""

    reports: list[Report] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    patients: list[str] = field(default_factory=list)  # every patient the file names


def _regular(path: Path) -> bool:
    """A regular file (after links): never open a FIFO or a device to sniff it."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def is_dicom(path: Path) -> bool:
    """The DICOM Part 10 signature (``DICM`` after a 128-byte preamble)."""
    if not _regular(path):
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(132)
    except OSError:
        return False
    return len(head) == 132 and head[128:] == b"DICM"


def _json_is_fhir(path: Path) -> bool:
    if not _regular(path):
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return b'"resourceType"' in head and b'"radtrack/' not in head  # not our own JSON


def kind_of_file(path: Path) -> str | None:
    """The reader module PATH needs, or None when it is none of these formats."""
    suffix = path.suffix.lower()
    if suffix in SUFFIXES:
        return SUFFIXES[suffix]
    if suffix == ".json" and _json_is_fhir(path):
        return "fhir"
    if (suffix == "" or suffix.lstrip(".").isdigit()) and path.name != DICOMDIR and is_dicom(path):
        return "dicom_sr"
    return None


# The library each reader of a cohort's record files imports (RadTrack's ``formats`` extra);
# the other readers' missing library is named when a file needs it (``library_absent``).
LIBRARIES: dict[str, tuple[str, ...]] = {"fhir": ("fhir.resources",), "hl7v2": ("hl7",)}


def missing_library(kind: str) -> str | None:
    """The first library the reader KIND imports that is not installed here, else None
    (looked up, not imported)."""
    for lib in LIBRARIES.get(kind, ()):
        top = lib.partition(".")[0]
        if importlib.util.find_spec(top) is None or importlib.util.find_spec(lib) is None:
            return lib
    return None


def no_library(kind: str, lib: str) -> str:
    """Why files of the reader KIND cannot be read here: LIB is not installed."""
    return (
        f"cannot read {kind} files here: the '{lib}' package is not installed "
        "(install RadTrack with its 'formats' extra)"
    )


def library_absent(kind: str, exc: ModuleNotFoundError) -> SkipFile:
    """The ``SkipFile`` for a file whose reader's library is not installed; EXC itself when
    the missing module is RadTrack's own (a bug, not a missing library)."""
    lib = exc.name or "its library"
    if lib.partition(".")[0] == "radtrack_gui":
        raise exc
    return SkipFile(no_library(kind, lib))


def read_file(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The reports of PATH (``kind_of_file`` picks the reader); ``SkipFile`` when none."""
    kind = kind_of_file(path)
    if kind is None:
        raise SkipFile(f"not a report (unknown type {path.suffix.lower() or 'no extension'})")
    try:  # a FIFO or a device would block or never end: checked without blocking
        open_regular(path).close()
    except NotRegular as exc:
        raise SkipFile(str(exc)) from exc
    except OSError as exc:
        raise SkipFile(f"unreadable ({exc.strerror or exc})") from exc
    module = importlib.import_module(f"radtrack_gui.formats.{kind}")
    try:
        got: Extracted = module.read(path, name, patient_id)
    except ModuleNotFoundError as exc:
        raise library_absent(kind, exc) from exc
    return got


def file_bytes(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """The bytes of a binary document, or ``SkipFile`` (special, unreadable, empty, too
    large): ``textreport.nonempty_bytes`` with the documents' size limit."""
    return nonempty_bytes(path, limit)


def text_of_bytes(data: bytes) -> str:
    """Bytes declared as text (UTF-8, else Latin-1), control characters replaced."""
    text, _ = decode(data)
    return text


def html_text(html: str) -> str:
    """The text of an HTML fragment: block ends become line breaks, tags go, entities
    are decoded."""
    import html as html_mod

    text = _TAGS.sub("", _BREAKS.sub("\n", html))
    lines = [" ".join(line.split()) for line in html_mod.unescape(text).splitlines()]
    return "\n".join(lines).strip()


def loose_header(text: str) -> dict[str, str]:
    """``Key: value`` lines among the first lines of a document (a letter or a PDF puts its
    letterhead above them, so they need not form a header block): date, exam, modality,
    patient, the first of each."""
    found: dict[str, str] = {}
    for line in text.splitlines()[:LOOSE_LINES]:
        m = _KEY_LINE.match(line)
        key = LOOSE_KEYS.get(" ".join(m[1].lower().split())) if m else None
        if m and key and key not in found:
            found[key] = m[2]
    return found


def document_report(
    rid: str,
    text: str,
    *,
    source: str,
    name: str = "",
    date: datetime | None = None,
    exam: str = "",
    modality: str = "",
    patient: str = "",
    status: str = "",
    loose: bool = False,
) -> tuple[Report, list[Problem]]:
    """A Report of extracted TEXT: what the container says (date, exam, modality,
    patient, result status) wins over what the text's own header says (FORMATS §1.1);
    ``loose``: ``Key: value`` lines near the top count too (``loose_header``)."""
    text, bad = clean_text(text)
    report, notes = report_from_text(rid, text, name=name, source=source)
    if loose:
        found = loose_header(text)
        if date is None and not report.date_known and "date" in found:
            date = parse_date(found["date"])
        exam = exam or ("" if report.exam else found.get("exam", ""))
        modality = modality or found.get("modality", "")
        patient = patient or ("" if report.patient else found.get("patient", ""))
    problems = [Problem(rid, n, skipped=False) for n in notes]
    if bad:
        problems.append(Problem(rid, "control characters replaced", skipped=False))
    if date is not None:
        report.date, report.date_known = naive(date), True
        if "undated" in report.flags:
            report.flags.remove("undated")
    if exam.strip():
        report.exam = " ".join(exam.split())
        report.modality, report.region = modality_of(report.exam), region_of(report.exam)
    forced = normalize_modality(modality) if modality else None
    if forced and (report.modality == "OTHER" or not exam.strip()):
        report.modality = forced
    if patient:
        report.patient = patient
    if status:
        report.flags.append(STATUS_FLAG + status)
    return report, problems


def report_id(name: str, index: int, count: int) -> str:
    """The id of the INDEX-th (1-based) report of a file of COUNT: the file name alone
    when it holds one, else ``name#index``."""
    return name if count == 1 else f"{name}#{index}"


def only_patient(
    got: Extracted, path: Path, patient_id: str | None, patients: list[str]
) -> Extracted:
    """The reports of ``patient_id`` (all when None); several patients and none chosen ->
    ``SeveralPatients`` (the picker of a multi-patient CSV)."""
    from radtrack_gui.formats.mimic_csv import several_patients

    named = list(dict.fromkeys(p for p in patients if p))
    got.patients = named
    if patient_id is None:
        if len(named) > 1:
            raise several_patients(path, named)
        return got
    got.reports = [r for r in got.reports if r.patient == patient_id]
    if not got.reports:
        raise SkipFile(f"no report of patient {patient_id}")
    return got
