"""The patient as table rows: the column lists, the upserts, and the conversions between
``core.model`` objects and rows (lists and dicts are stored as compact JSON).

Chains and mentions are loaded in natural id order (c2 before c10).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from radtrack_gui.core.edits import Changes
from radtrack_gui.core.model import Chain, Mention, Patient, Problem, Report, Section
from radtrack_gui.util.natsort import natural_key

dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

PATIENT_TABLES = ("mentions", "chains", "reports")  # in the order they are emptied

_REPORT_COLS = (
    "id",
    "pos",
    "text",
    "date",
    "date_known",
    "exam",
    "modality",
    "region",
    "patient",
    "source",
    "sections",
    "flags",
)
_CHAIN_COLS = ("id", "type", "label", "mentions", "reviewed", "source", "why", "label_locked")
_MENTION_COLS = (
    "id",
    "report",
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
    "measurements",
    "chain",
    "source",
    "fragments",
)


def now() -> str:
    """The current UTC time as ISO text to the second (``...Z``)."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _upsert_sql(table: str, cols: tuple[str, ...]) -> str:
    names = ", ".join(f'"{c}"' for c in cols)
    marks = ", ".join("?" for _ in cols)
    sets = ", ".join(f'"{c}" = excluded."{c}"' for c in cols if c != "id")
    return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT(id) DO UPDATE SET {sets}"


_UPSERT_CHAIN = _upsert_sql("chains", _CHAIN_COLS)
_UPSERT_MENTION = _upsert_sql("mentions", _MENTION_COLS)
_INSERT_REPORT = _upsert_sql("reports", _REPORT_COLS)


def _report_row(r: Report, pos: int) -> tuple:
    return (
        r.id,
        pos,
        r.text,
        r.date.isoformat() if r.date else None,
        int(r.date_known),
        r.exam,
        r.modality,
        r.region,
        r.patient,
        r.source,
        dumps([[s.name, s.start, s.end] for s in r.sections]),
        dumps(r.flags),
    )


def _chain_row(c: Chain) -> tuple:
    return (
        c.id,
        c.type,
        c.label,
        dumps(c.mentions),
        int(c.reviewed),
        c.source,
        dumps(c.why),
        int(c.label_locked),
    )


def _mention_row(m: Mention) -> tuple:
    return (
        m.id,
        m.report,
        m.start,
        m.end,
        m.text,
        m.type,
        m.concept,
        dumps(m.anatomy),
        m.laterality,
        m.assertion,
        m.change,
        m.section,
        dumps(m.measurements),
        m.chain,
        m.source,
        dumps([list(f) for f in m.fragments]),
    )


def delete_patient(conn: sqlite3.Connection) -> None:
    """Empty the patient's tables (meta and the edit log stay)."""
    for table in PATIENT_TABLES:
        conn.execute(f"DELETE FROM {table}")


def write_all(conn: sqlite3.Connection, patient: Patient) -> None:
    """Write every report, chain and mention of ``patient`` (into emptied tables)."""
    conn.executemany(_INSERT_REPORT, [_report_row(r, i) for i, r in enumerate(patient.reports)])
    conn.executemany(_UPSERT_CHAIN, [_chain_row(c) for c in patient.chains.values()])
    conn.executemany(_UPSERT_MENTION, [_mention_row(m) for m in patient.mentions.values()])


def write_changes(conn: sqlite3.Connection, patient: Patient, changes: Changes) -> None:
    """Write only the rows an edit changed (everything when it says so)."""
    if changes.everything:
        delete_patient(conn)
        write_all(conn, patient)
        return
    # Deferred foreign keys: the order below only matters for readability.
    chains = [
        patient.chains[c]
        for c in changes.chains_added | changes.chains_changed
        if c in patient.chains
    ]
    mentions = [
        patient.mentions[m]
        for m in changes.mentions_added | changes.mentions_changed
        if m in patient.mentions
    ]
    conn.executemany(_UPSERT_CHAIN, [_chain_row(c) for c in chains])
    conn.executemany(_UPSERT_MENTION, [_mention_row(m) for m in mentions])
    conn.executemany("DELETE FROM mentions WHERE id = ?", [(m,) for m in changes.mentions_removed])
    conn.executemany("DELETE FROM chains WHERE id = ?", [(c,) for c in changes.chains_removed])


def _list(text: str) -> Any:
    """A stored JSON list ("[]", the commonest value, without the parser)."""
    return [] if text == "[]" else json.loads(text)


def read_patient(
    meta: dict[str, Any], read: Callable[[str], list[dict[str, Any]]]
) -> Patient | None:
    """The patient stored under ``meta`` (None when none is), its rows fetched by ``read``
    (a query returning dicts)."""
    if "patient_id" not in meta:
        return None
    patient = Patient(
        id=meta["patient_id"],
        folder=meta.get("folder", ""),
        annotated=bool(meta.get("annotated", False)),
        problems=[Problem(*p) for p in meta.get("problems", [])],
        report_groups=meta.get("report_groups") or [],
    )
    for r in read("SELECT * FROM reports ORDER BY pos"):
        patient.reports.append(
            Report(
                id=r["id"],
                text=r["text"],
                date=datetime.fromisoformat(r["date"]) if r["date"] else None,
                date_known=bool(r["date_known"]),
                exam=r["exam"],
                modality=r["modality"],
                region=r["region"],
                patient=r["patient"],
                source=r["source"],
                sections=[Section(*s) for s in _list(r["sections"])],
                flags=_list(r["flags"]),
            )
        )
    rows = sorted(read("SELECT * FROM mentions"), key=lambda r: natural_key(r["id"]))
    for r in rows:
        patient.mentions[r["id"]] = Mention(
            id=r["id"],
            report=r["report"],
            start=r["start"],
            end=r["end"],
            text=r["text"],
            type=r["type"],
            concept=r["concept"],
            anatomy=_list(r["anatomy"]),
            laterality=r["laterality"],
            assertion=r["assertion"],
            change=r["change"],
            section=r["section"],
            measurements=_list(r["measurements"]),
            chain=r["chain"],
            source=r["source"],
            fragments=[(int(a), int(b)) for a, b in _list(r["fragments"])],
        )
    rows = sorted(read("SELECT * FROM chains"), key=lambda r: natural_key(r["id"]))
    for r in rows:
        patient.chains[r["id"]] = Chain(
            id=r["id"],
            type=r["type"],
            label=r["label"],
            mentions=_list(r["mentions"]),
            reviewed=bool(r["reviewed"]),
            source=r["source"],
            why=json.loads(r["why"]),
            label_locked=bool(r["label_locked"]),
        )
    return patient
