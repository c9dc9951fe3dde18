"""HL7 v2 result messages (``ORU^R01``, v2.3 to v2.8): one or many per file, batch
segments (FHS/BHS/BTS/FTS) and MLLP framing (VT ... FS CR) tolerated, segments ended by
CR, LF or CRLF.

Each ``OBR`` with its ``OBX`` segments is one report. Its text is the OBX values of type TX,
FT and ST joined in order (repetitions and segments on their own lines), escape sequences
decoded (``\\.br\\`` a line break, ``\\F\\ \\S\\ \\T\\ \\R\\ \\E\\`` the separators,
``\\Xhh\\`` bytes, formatting such as ``\\H\\``, ``\\N\\``, ``\\.sp\\`` dropped or turned into
breaks); results marked wrong or deleted (OBX-11 ``W``/``D``) are left out. Offsets index
that text. Exam: OBR-4 (text, else code); date: OBR-7, else OBX-14; patient: PID-3 (first
identifier); status: OBR-25 (else the OBX-11 values): P preliminary, F final, C corrected,
as a ``status:`` flag the report-group logic reads. Parsing is done by ``hl7`` (python-hl7).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.model import Problem
from radtrack_gui.formats.ingest import (
    Extracted,
    document_report,
    file_bytes,
    only_patient,
    report_id,
)
from radtrack_gui.formats.textreport import SkipFile

TEXT_TYPES = {"TX", "FT", "ST"}
MAX_SPACE = 5  # blank lines one \.sp n\ may make (a huge n is not a report's layout)
STATUS = {"P": "preliminary", "F": "final", "C": "corrected", "A": "preliminary"}
_STRIP = "\x00 \t\r\n\x0b\x1c"  # what ends a line, and MLLP's start and end bytes
_BATCH = ("FHS", "BHS", "BTS", "FTS")
_TS = re.compile(r"^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?")


def split_messages(segments: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number of its MSH, message with CR-ended segments) for each message of a
    stream of segments (lines); MLLP framing bytes and batch segments are dropped."""
    current: list[str] = []
    start = 0
    for n, line in enumerate(segments, 1):
        seg = line.strip(_STRIP)
        if not seg or seg[:3] in _BATCH:
            continue
        if seg.startswith("MSH"):
            if current:
                yield start, "\r".join(current)
            current, start = [seg], n
        elif current:
            current.append(seg)
    if current:
        yield start, "\r".join(current)


def file_messages(path: Path) -> Iterator[tuple[int, str]]:
    """The messages of a file, streamed line by line (a batch file of any size)."""
    with open(path, encoding="utf-8-sig", errors="replace", newline="") as f:
        yield from split_messages(f)


def message_reports(text: str) -> list[str]:
    """The patient of each report (OBR) of one message; [] when it is not readable."""
    try:
        msg = parse_message(text)
    except ValueError:
        return []
    if _check(msg):
        return []
    return [r["patient"] for r in _message_reports(msg)]


def unescape(value: str, seps: dict[str, str]) -> str:
    """VALUE with HL7 escape sequences decoded (SEPS: field, component, repetition,
    escape, subcomponent characters)."""
    esc = seps["escape"]
    if esc not in value:
        return value
    out: list[str] = []
    i = 0
    while i < len(value):
        ch = value[i]
        end = value.find(esc, i + 1) if ch == esc else -1
        if end < 0:
            out.append(ch)
            i += 1
            continue
        seq = value[i + 1 : end]
        i = end + 1
        code = seq[:1]
        if seq in ("F", "S", "R", "T", "E"):
            out.append(
                {
                    "F": seps["field"],
                    "S": seps["component"],
                    "R": seps["repetition"],
                    "T": seps["subcomponent"],
                    "E": esc,
                }[seq]
            )
        elif seq == ".br":
            out.append("\n")
        elif seq.startswith(".sp"):
            count = seq[3:].strip().lstrip("+")
            out.append("\n" * (min(int(count), MAX_SPACE) if count.isdigit() else 1))
        elif code == "X" and len(seq) > 1:
            with contextlib.suppress(ValueError):
                out.append(bytes.fromhex(seq[1:]).decode("latin-1"))
        # \H\ \N\ (highlight), \.in\ \.ti\ \.ce\ \.fi\ \.nf\, \Z..\, \C..\ \M..\: dropped
    return "".join(out)


def parse_ts(value: str) -> datetime | None:
    """An HL7 TS/DTM value (``YYYY[MM[DD[HH[MM[SS]]]]]`` with optional fraction and zone)."""
    m = _TS.match(value.strip())
    if not m or not m[2]:
        return None
    parts = [int(x) if x else d for x, d in zip(m.groups(), (0, 1, 1, 0, 0, 0), strict=True)]
    try:
        return datetime(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
    except ValueError:
        return None


def _raw(segment: Any, n: int) -> str:
    """Field N of a parsed segment as its raw text ("" when absent)."""
    return str(segment[n]) if len(segment) > n else ""


def _component(value: str, seps: dict[str, str], component: int = 1) -> str:
    """The COMPONENT-th (1-based) component of the first repetition of a raw field."""
    first = value.split(seps["repetition"], 1)[0]
    parts = first.split(seps["component"])
    return parts[component - 1] if len(parts) >= component else ""


def _separators(msg: Any) -> dict[str, str]:
    seps = {"field": "|", "component": "^", "repetition": "~", "escape": "\\", "subcomponent": "&"}
    msh = msg.segment("MSH")
    seps["field"] = _raw(msh, 1) or "|"
    enc = _raw(msh, 2)
    for key, ch in zip(("component", "repetition", "escape", "subcomponent"), enc, strict=False):
        seps[key] = ch
    return seps


def _message_reports(msg: Any) -> Iterator[dict[str, Any]]:
    seps = _separators(msg)
    patient = ""
    current: dict[str, Any] | None = None
    for seg in msg:
        kind = str(seg[0])
        if kind == "PID":
            patient = _component(_raw(seg, 3), seps) or patient
        elif kind == "OBR":
            if current is not None:
                yield current
            obr4 = _raw(seg, 4)
            exam = _component(obr4, seps, 2) or _component(obr4, seps, 1)
            current = {
                "patient": patient,
                "exam": unescape(exam, seps),
                "date": parse_ts(_component(_raw(seg, 7), seps)),
                "status": STATUS.get(_raw(seg, 25)[:1].upper(), ""),
                "lines": [],
                "obx_date": None,
                "obx_status": [],
            }
        elif kind == "OBX" and current is not None:
            status = _raw(seg, 11)[:1].upper()
            if status in ("W", "D"):
                continue
            current["obx_status"].append(status)
            current["obx_date"] = current["obx_date"] or parse_ts(_component(_raw(seg, 14), seps))
            if _raw(seg, 2).strip().upper() not in TEXT_TYPES:
                continue
            for rep in _raw(seg, 5).split(seps["repetition"]):
                current["lines"].append(unescape(rep, seps))
    if current is not None:
        yield current


def _check(msg: Any) -> str:
    """Why a parsed message is not a readable result message ("" when it is)."""
    seps = _separators(msg)
    msh9 = _raw(msg.segment("MSH"), 9)
    mtype = _component(msh9, seps).upper()
    if mtype and mtype != "ORU":
        return f"message type {mtype}^{_component(msh9, seps, 2)}, not ORU^R01 (a result)"
    if not any(str(s[0]) == "OBR" for s in msg):
        return "no OBR segment (no order/result)"
    return ""


def read(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The reports of an HL7 v2 file of one or many ORU^R01 messages."""
    file_bytes(path)  # unreadable, empty or too large: named
    return extract_messages(file_messages(path), path, name, patient_id)


def parse_message(text: str) -> Any:
    """One message parsed by python-hl7, or ``ValueError`` saying why it cannot be."""
    import hl7

    try:
        msg = hl7.parse(text)
        msg.segment("MSH")
    except AssertionError as exc:
        # python-hl7 asserts its own separator table: a header whose separators run out
        # ("MSH&" then a NUL) fails that assertion instead of raising a parse error
        raise ValueError("malformed HL7 message (its MSH separators cannot be read)") from exc
    except (hl7.ParseException, KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"malformed HL7 message ({str(exc) or type(exc).__name__})") from exc
    return msg


def extract_messages(
    messages: Iterable[tuple[int, str]],
    path: Path,
    name: str,
    patient_id: str | None,
    *,
    numbers: list[int] | None = None,
    count: int | None = None,
) -> Extracted:
    """The reports of MESSAGES ((line, text) pairs). A cohort worker passes the number of
    each message's first report in the whole file (NUMBERS) and the file's report COUNT,
    so ids are those of the whole file; else reports are numbered in order."""
    got = Extracted()
    found: list[tuple[int, int, dict[str, Any]]] = []
    seen = 0
    for k, (line, text) in enumerate(messages):
        seen += 1
        try:
            msg = parse_message(text)
        except ValueError as exc:
            got.problems.append(Problem(name, f"message at line {line}: {exc}"))
            continue
        why = _check(msg)
        if why:
            got.problems.append(Problem(name, f"message at line {line}: {why}"))
            continue
        first = numbers[k] if numbers else len(found) + 1
        found.extend((first + j, line, r) for j, r in enumerate(_message_reports(msg)))
    if seen == 0:
        raise SkipFile("not an HL7 v2 file (no MSH segment)")
    named = []
    for number, line, r in found:
        rid = report_id(name, number, count or len(found))
        text = "\n".join(r["lines"])
        if not text.strip():
            got.problems.append(Problem(rid, f"message at line {line}: no TX/FT/ST text in OBX"))
            continue
        obx = [s for s in r["obx_status"] if s in STATUS]
        report, notes = document_report(
            rid,
            text,
            source=str(path),
            name=name,
            date=r["date"] or r["obx_date"],
            exam=r["exam"],
            patient=r["patient"],
            status=r["status"] or (STATUS[obx[0]] if obx else ""),
        )
        got.reports.append(report)
        got.problems.extend(notes)
        named.append(report.patient)
    if not got.reports:
        reason = got.problems[-1].reason if got.problems else "no report"
        raise SkipFile(f"no readable ORU^R01 result ({reason})")
    return only_patient(got, path, patient_id, named)
