"""The store's own invariants, checked on open, and their repair.

``PRAGMA integrity_check`` only sees the file format. Two writers (or a bug) can leave a
file that is fine as SQLite and wrong as a project: a mention in no chain or in two, a
chain listing a deleted mention, an empty chain, a mention of a missing report. The
repair trusts each mention's ``chain`` column (one value per mention, so each mention
ends in exactly one chain): chain member lists are rebuilt from it, a mention whose chain
is gone becomes a singleton, empty chains are dropped, mentions of missing reports are
removed. A copy of the broken file is kept beside it first (``backup``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path


def check(conn: sqlite3.Connection, limit: int = 20) -> list[str]:
    """Up to ``limit`` violations (empty when every invariant holds)."""
    errors: list[str] = []
    reports = {r for (r,) in conn.execute("SELECT id FROM reports")}
    mention_chain = dict(conn.execute("SELECT id, chain FROM mentions"))
    listed: dict[str, str] = {}
    for mid, report in conn.execute("SELECT id, report FROM mentions"):
        if report not in reports:
            errors.append(f"mention {mid}: unknown report {report}")
    for cid, members in conn.execute("SELECT id, mentions FROM chains"):
        try:
            ids = json.loads(members)
        except ValueError:
            errors.append(f"chain {cid}: unreadable member list")
            continue
        if not ids:
            errors.append(f"chain {cid}: empty")
        for mid in ids:
            if mid not in mention_chain:
                errors.append(f"chain {cid}: lists deleted mention {mid}")
            elif mid in listed:
                errors.append(f"mention {mid}: in two chains ({listed[mid]}, {cid})")
            else:
                listed[mid] = cid
                if mention_chain[mid] != cid:
                    errors.append(
                        f"mention {mid}: says chain {mention_chain[mid]}, listed by {cid}"
                    )
        if len(errors) >= limit:
            return errors[:limit]
    for mid in mention_chain:
        if mid not in listed:
            errors.append(f"mention {mid}: in no chain")
            if len(errors) >= limit:
                break
    return errors[:limit]


def backup(conn: sqlite3.Connection, store: Path) -> Path:
    """A private copy of the store beside it (``<name>.broken-<time>.sqlite``)."""
    target = store.with_name(
        f"{store.stem}.broken-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.sqlite"
    )
    os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o600))
    dest = sqlite3.connect(target)
    try:
        conn.backup(dest)
    finally:
        dest.close()
    return target


def repair(conn: sqlite3.Connection) -> None:
    """Restore the invariants (inside the caller's transaction)."""
    reports = {r for (r,) in conn.execute("SELECT id FROM reports")}
    conn.executemany(
        "DELETE FROM mentions WHERE id = ?",
        [
            (mid,)
            for mid, report in conn.execute("SELECT id, report FROM mentions")
            if report not in reports
        ],
    )
    chains = {cid: ctype for cid, ctype in conn.execute("SELECT id, type FROM chains")}
    members: dict[str, list[str]] = {cid: [] for cid in chains}
    rows = conn.execute("SELECT id, chain, type, text FROM mentions ORDER BY rowid").fetchall()
    used = set(chains)
    n = 0
    for mid, cid, mtype, text in rows:
        if cid not in chains:
            while f"c{n}" in used or n == 0:
                n += 1
            cid = f"c{n}"
            used.add(cid)
            chains[cid] = mtype
            members[cid] = []
            conn.execute(
                "INSERT INTO chains (id, type, label, mentions, source) "
                "VALUES (?, ?, ?, '[]', 'repair')",
                (cid, mtype, text.lower()),
            )
            conn.execute("UPDATE mentions SET chain = ? WHERE id = ?", (cid, mid))
        members[cid].append(mid)
    for cid, ids in members.items():
        if ids:
            conn.execute("UPDATE chains SET mentions = ? WHERE id = ?", (json.dumps(ids), cid))
        else:
            conn.execute("DELETE FROM chains WHERE id = ?", (cid,))
