"""CSV export: one row per mention with its report and chain; read back onto a patient.

Columns (in this order): report, date, modality, exam, mention, start, end, text, type,
concept, anatomy (``;``-joined), laterality, assertion, change, section, chain, chain_label,
then the optional fragments (``10 15;20 22``) and source. UTF-8, ``\\n`` inside cells kept.

A cell that a spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``,
tab or carriage return: exam titles, file names, labels) is written with a leading
apostrophe, as spreadsheet tools expect; so is one already starting with an apostrophe.
``read_csv`` removes exactly that one apostrophe, so exports read back equal.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import MENTION_TYPES, Mention, Patient, Problem
from radtrack_gui.formats.json_io import build_chains
from radtrack_gui.util.atomic import atomic_open
from radtrack_gui.util.regular import read_regular

COLUMNS = (
    "report",
    "date",
    "modality",
    "exam",
    "mention",
    "start",
    "end",
    "text",
    "type",
    "concept",
    "anatomy",
    "laterality",
    "assertion",
    "change",
    "section",
    "chain",
    "chain_label",
    "fragments",
    "source",
)
REQUIRED = ("report", "mention", "start", "end", "text")
MAX_CSV_BYTES = 512 * 1024 * 1024  # as for a RadTrack JSON
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def neutralise(cell: str) -> str:
    """``cell`` safe to open in a spreadsheet (a leading apostrophe before a formula)."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def restore(cell: str) -> str:
    """The inverse of ``neutralise``."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_START) else cell


def rows(patient: Patient) -> list[list[str]]:
    out = []
    for r in patient.reports:
        date = r.date.isoformat(timespec="seconds") if r.date else ""
        for m in patient.mentions_of(r.id):
            chain = patient.chains.get(m.chain or "")
            out.append(
                [
                    r.id,
                    date,
                    r.modality,
                    r.exam,
                    m.id,
                    str(m.start),
                    str(m.end),
                    m.text,
                    m.type,
                    m.concept or "",
                    ";".join(m.anatomy),
                    m.laterality or "",
                    m.assertion,
                    m.change or "",
                    m.section or "",
                    m.chain or "",
                    chain.label if chain else "",
                    ";".join(f"{a} {b}" for a, b in m.fragments),
                    m.source,
                ]
            )
    return out


def write_csv(patient: Patient, path: str | Path) -> int:
    """Write the mentions; returns the number of rows."""
    data = rows(patient)
    with atomic_open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\r\n")
        w.writerow(COLUMNS)
        w.writerows([neutralise(c) for c in row] for row in data)
    return len(data)


def _fragments(value: str) -> list[tuple[int, int]]:
    if not value.strip():
        return []
    return [(int(a), int(b)) for a, b in (p.split() for p in value.split(";"))]


def read_csv(path: str | Path, patient: Patient) -> Patient:
    """Replace ``patient``'s mentions and chains with those of a CSV export. Rows naming an
    unknown report or a span that does not fit are skipped with a Problem."""
    path = Path(path)
    try:
        text = read_regular(path, MAX_CSV_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path.name}: unreadable CSV ({exc})") from exc
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        raise InputError(f"{path.name}: not a RadTrack CSV (missing columns {', '.join(missing)})")
    texts = {r.id: r.text for r in patient.reports}
    mentions: dict[str, Mention] = {}
    chain_of: dict[str, str] = {}
    labels: dict[str, str] = {}
    try:
        for raw in reader:
            row = {k: restore(v) if isinstance(v, str) else v for k, v in raw.items()}
            where = f"{path.name}:{reader.line_num}"
            bad, m = _row_mention(row, texts)
            if bad or m is None:
                patient.problems.append(Problem(where, bad or "bad row"))
                continue
            if m.id in mentions:
                patient.problems.append(Problem(where, f"duplicate mention id {m.id}"))
                continue
            mentions[m.id] = m
            if row.get("chain"):
                chain_of[m.id] = row["chain"]
                labels.setdefault(row["chain"], row.get("chain_label") or "")
    except csv.Error as exc:
        raise InputError(f"{path.name}: malformed CSV ({exc})") from exc
    patient.mentions = mentions
    build_chains(patient, chain_of, labels=labels)
    return patient


def _row_mention(row: dict[str, str], texts: dict[str, str]) -> tuple[str, Mention | None]:
    rid = row.get("report") or ""
    if rid not in texts:
        return f"unknown report {rid!r}", None
    try:
        start, end = int(row["start"]), int(row["end"])
        frags = _fragments(row.get("fragments") or "")
    except (TypeError, ValueError):
        return "start/end/fragments are not numbers", None
    text = texts[rid]
    if not 0 <= start < end <= len(text) or text[start:end] != row.get("text"):
        return f"span {start}-{end} does not match report {rid}", None
    mtype = (row.get("type") or "finding").lower()
    if mtype not in MENTION_TYPES:
        return f"unknown type {mtype!r}", None
    return "", Mention(
        id=row.get("mention") or f"{rid}:{start}",
        report=rid,
        start=start,
        end=end,
        text=text[start:end],
        type=mtype,
        concept=row.get("concept") or None,
        anatomy=[a for a in (row.get("anatomy") or "").split(";") if a],
        laterality=row.get("laterality") or None,
        assertion=row.get("assertion") or "present",
        change=row.get("change") or None,
        section=row.get("section") or None,
        source=row.get("source") or "",
        fragments=frags,
    )
