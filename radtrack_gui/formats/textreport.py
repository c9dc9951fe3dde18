"""One plain-text report (FORMATS §1.1): decoding, the optional header, date and exam.

The report text is the whole file as decoded (header included), so offsets index the file
exactly: bytes are decoded ourselves (no newline translation), a UTF-8 BOM is dropped.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import MODALITIES, Problem, Report
from radtrack_gui.formats.validate import clean_text, naive
from radtrack_gui.nlp.metadata import (
    date_in_name,
    mimic_first_line,
    modality_of,
    named_modality,
    parse_date,
    region_of,
)
from radtrack_gui.nlp.sections import find_sections
from radtrack_gui.util.names import shown
from radtrack_gui.util.natsort import natural_key
from radtrack_gui.util.regular import NotRegular, read_regular

MAX_REPORT_BYTES = 5 * 1024 * 1024
UNDATED = "undated"
DECODE_REPLACED = "decode-replaced"

HEADER_KEYS = {
    "date": "date",
    "exam": "exam",
    "description": "exam",
    "modality": "modality",
    "patient": "patient",
}
_HEADER_LINE = re.compile(r"^[ \t]*+([A-Za-z][A-Za-z \t_-]{0,30}+):(.*)$")
_EXAM_LINE = re.compile(
    r"^[ \t]*(?:EXAM(?:INATION)?|STUDY|PROCEDURE)[ \t]*:[ \t]*(\S.*?)\s*$", re.IGNORECASE
)
_CLIP = re.compile(r"\s{2,}|\s+Clip\s*#", re.IGNORECASE)
_DEID = re.compile(r"\[\*\*.*?\*\*\]")


def sort_reports(reports: list[Report]) -> list[Report]:
    """Dated reports by date-time, then the undated; ties by file name in natural order,
    then by id (CSV rows of one file: by ROW_ID)."""

    def key(r: Report) -> tuple:
        dated = r.date is not None and r.date_known
        return (
            0 if dated else 1,
            naive(r.date) if r.date and dated else datetime.min,
            natural_key(os.path.basename(r.source) if r.source else r.id),
            natural_key(r.id),
        )

    return sorted(reports, key=key)


class SkipFile(InputError):
    """This file is not a report. ``reason`` says why (the folder reader turns it into a
    Problem); ``str()`` names the file too when it is known, as an InputError should."""

    def __init__(self, reason: str, file: str = "") -> None:
        super().__init__(f"{file}: {reason}" if file else reason)
        self.reason = reason


def nonempty_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes, or ``SkipFile`` when it is unreadable, special (a FIFO or device,
    also behind a link), empty or larger than ``limit`` (checked while reading): the one
    reading of a report file and of a binary document (``ingest.file_bytes``)."""
    try:
        data = read_regular(path, limit)
    except NotRegular as exc:
        raise SkipFile(str(exc)) from exc
    except OSError as exc:
        raise SkipFile(f"unreadable ({exc.strerror or exc})") from exc
    if not data.strip():
        raise SkipFile("empty file")
    return data


def read_bytes(path: Path, limit: int = MAX_REPORT_BYTES) -> bytes:
    """The file's bytes (``nonempty_bytes``), or ``SkipFile`` also when it is binary."""
    data = nonempty_bytes(path, limit)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data  # UTF-16 with a BOM: text despite its NUL bytes
    if b"\x00" in data[:8192]:
        raise SkipFile("binary file, not text")
    return data


def decode(data: bytes) -> tuple[str, bool]:
    """(text, some bytes were undecodable or unstorable and replaced). UTF-8, BOM removed;
    NUL and other control characters are replaced (``validate.clean_text``)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace").lstrip("\ufeff")
        replaced = "\ufffd" in text
    else:
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text, replaced = data.decode("utf-8"), False
        except UnicodeDecodeError:
            text, replaced = data.decode("utf-8", errors="replace"), True
    text, bad = clean_text(text)
    return text, replaced or bad > 0


def header_block(text: str) -> tuple[dict[str, str], int]:
    """The ``Key: value`` block at the top (known keys, lower-cased) and where it ends.

    It is a header only if every line up to the first blank line is ``Key: value`` and at
    least one key is Date, Exam, Description, Modality or Patient; else ``({}, 0)``."""
    found: dict[str, str] = {}
    pos = len(text) - len(text.lstrip("\r\n"))
    for line in text[pos:].splitlines(keepends=True):
        if not line.strip():
            break
        m = _HEADER_LINE.match(line.rstrip("\r\n"))
        if not m:
            return {}, 0
        key, value = HEADER_KEYS.get(m[1].strip().lower()), m[2].strip()
        if key and value and key not in found:
            found[key] = value
        pos += len(line)
    return (found, pos) if found else ({}, 0)


def parse_header(text: str) -> dict[str, str]:
    """The header block's known keys (see ``header_block``)."""
    return header_block(text)[0]


def _first_lines(text: str, n: int) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.strip():
            out.append(line)
            if len(out) == n:
                break
    return out


def _title(line: str) -> str:
    """An exam title line without MIMIC's trailing ``Clip # ...``."""
    return _CLIP.split(line.strip(), maxsplit=1)[0].strip()


def guess_exam(text: str) -> str:
    """The exam title from the body: an ``EXAM:`` line near the top, MIMIC's second line,
    or a short first line that names a modality."""
    lines = _first_lines(text, 4)
    for line in lines:
        m = _EXAM_LINE.match(line)
        if m:
            return m[1]
    if lines and mimic_first_line(lines[0]) and len(lines) > 1:
        return _title(lines[1])
    if lines:
        first = _title(_DEID.sub("", lines[0]))
        if (
            3 <= len(first) <= 60
            and ":" not in first
            and not first.endswith(".")
            and named_modality(first)
        ):
            return first
    return ""


def normalize_modality(value: str) -> str | None:
    """A ``Modality`` header value as one of MODALITIES (``MRI`` -> MR), else ``None``."""
    v = value.strip().upper()
    if v in MODALITIES:
        return v
    aliases = {
        "CR": "XR",
        "DX": "XR",
        "RX": "XR",
        "XRAY": "XR",
        "X-RAY": "XR",
        "MRI": "MR",
        "PT": "PET",
        "RF": "FL",
        "XA": "IR",
        "NUC": "NM",
        "MAMMO": "MG",
    }
    if v in aliases:
        return aliases[v]
    guess = modality_of(v)
    return guess if guess != "OTHER" else None


def report_from_text(
    rid: str, text: str, *, name: str = "", source: str = "", header: dict[str, str] | None = None
) -> tuple[Report, list[str]]:
    """A Report with date, exam, modality, region and sections; plus repair notes."""
    notes: list[str] = []
    header_end = 0
    if header is None:
        header, header_end = header_block(text)
    report = Report(id=rid, text=text, source=source, patient=header.get("patient", ""))
    date = None
    if "date" in header:
        date = parse_date(header["date"])
        if date is None:
            notes.append(f"unreadable Date header {header['date']!r}")
    lines = _first_lines(text, 1)
    if date is None and lines:
        date = mimic_first_line(lines[0])
    if date is None:
        date = date_in_name(name) if name else None
    report.date, report.date_known = date, date is not None
    if date is None:
        report.flags.append(UNDATED)
    report.exam = (header.get("exam") or guess_exam(text[header_end:])).strip()
    report.modality = modality_of(report.exam)
    report.region = region_of(report.exam)
    if not report.exam and name:  # "2150-03-04_ct_head.txt": the name tells what it is
        stem = re.sub(r"[_.]+", " ", os.path.splitext(name)[0])
        if named_modality(stem):
            report.modality, report.region = modality_of(stem), region_of(stem)
    if "modality" in header:
        forced = normalize_modality(header["modality"])
        if forced:
            report.modality = forced
        else:
            notes.append(f"unknown Modality {header['modality']!r}")
    report.sections = find_sections(text, header_end)
    return report, notes


def read_text_report(path: Path, rid: str) -> tuple[Report, list[Problem]]:
    """Read one ``.txt`` report; ``SkipFile`` if it is not one."""
    text, replaced = decode(read_bytes(path))
    if not text.strip():
        raise SkipFile("empty file")
    report, notes = report_from_text(rid, text, name=os.path.basename(rid), source=shown(str(path)))
    problems = [Problem(rid, n, skipped=False) for n in notes]
    if replaced:
        report.flags.append(DECODE_REPLACED)
        problems.append(
            Problem(
                rid, "undecodable bytes (not UTF-8) or control characters replaced", skipped=False
            )
        )
    return report, problems
