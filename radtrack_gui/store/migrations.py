"""Schema of the project store, as ordered migrations.

``PRAGMA user_version`` holds the schema version. Each migration is frozen SQL: never edit
one that has shipped; add the next. ``migrate`` runs the missing ones in order, each in
its own transaction, and sets ``user_version`` with it.
"""

from __future__ import annotations

import sqlite3

# version -> (what it does, statements)
MIGRATIONS: dict[int, tuple[str, list[str]]] = {
    1: (
        "initial schema",
        [
            """CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT
        )""",
            """CREATE TABLE reports (
            id TEXT PRIMARY KEY,
            pos INTEGER NOT NULL,
            text TEXT NOT NULL,
            date TEXT,
            date_known INTEGER NOT NULL DEFAULT 0,
            exam TEXT NOT NULL DEFAULT '',
            modality TEXT NOT NULL DEFAULT 'OTHER',
            region TEXT NOT NULL DEFAULT '',
            patient TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL DEFAULT '',
            sections TEXT NOT NULL DEFAULT '[]',
            flags TEXT NOT NULL DEFAULT '[]'
        )""",
            """CREATE TABLE chains (
            id TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            label TEXT NOT NULL DEFAULT '',
            mentions TEXT NOT NULL DEFAULT '[]',
            reviewed INTEGER NOT NULL DEFAULT 0,
            source TEXT NOT NULL DEFAULT '',
            why TEXT NOT NULL DEFAULT '{}'
        )""",
            """CREATE TABLE mentions (
            id TEXT PRIMARY KEY,
            report TEXT NOT NULL REFERENCES reports(id) DEFERRABLE INITIALLY DEFERRED,
            start INTEGER NOT NULL,
            "end" INTEGER NOT NULL,
            text TEXT NOT NULL,
            type TEXT NOT NULL,
            concept TEXT,
            anatomy TEXT NOT NULL DEFAULT '[]',
            laterality TEXT,
            assertion TEXT NOT NULL DEFAULT 'present',
            change TEXT,
            section TEXT,
            measurements TEXT NOT NULL DEFAULT '[]',
            chain TEXT REFERENCES chains(id) DEFERRABLE INITIALLY DEFERRED,
            source TEXT NOT NULL DEFAULT '',
            fragments TEXT NOT NULL DEFAULT '[]'
        )""",
            "CREATE INDEX mentions_report ON mentions(report)",
            "CREATE INDEX mentions_chain ON mentions(chain)",
            """CREATE TABLE edits (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            time TEXT NOT NULL,
            who TEXT NOT NULL,
            command TEXT NOT NULL,
            payload TEXT NOT NULL DEFAULT '{}'
        )""",
        ],
    ),
    2: (
        "chains remember a name the user gave them",
        [
            "ALTER TABLE chains ADD COLUMN label_locked INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX edits_time ON edits(time)",
        ],
    ),
}

LATEST = max(MIGRATIONS)


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> list[int]:
    """Bring the schema up to ``target``; return the versions applied."""
    applied = []
    current = version(conn)
    for v in sorted(MIGRATIONS):
        if current < v <= target:
            _, statements = MIGRATIONS[v]
            conn.execute("BEGIN")
            try:
                for sql in statements:
                    conn.execute(sql)
                conn.execute(f"PRAGMA user_version = {int(v)}")
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            applied.append(v)
            current = v
    return applied
