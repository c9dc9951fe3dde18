"""Issue #8 failure 1: two processes or windows on one patient corrupted its store.

Now one writer per store: a lock that dies with its holder (SIGKILL too), a read-only
open for the second, edits checked against the store's current state, and invariants
checked (backup + repair) on open.
"""

from __future__ import annotations

import json
import signal
import sqlite3
from pathlib import Path

import pytest
from store_child import kill_during_edits, start, wait_for

from radtrack_gui.core.edits import MarkReviewed, SplitChain
from radtrack_gui.evaluation.synth import generate_patient
from radtrack_gui.store.db import (
    ProjectStore,
    StoreConflict,
    StoreLocked,
    StoreReadOnly,
)

WHO = "person:tester"


def saved(path: Path):
    patient = generate_patient(3, 1)
    with ProjectStore.open(path) as store:
        store.save_patient(patient, "model:gold")
    return patient


def test_a_second_process_gets_a_clear_choice_and_the_lock_dies_with_its_holder(tmp_path):
    path = tmp_path / "p.sqlite"
    saved(path)
    child = start("hold", str(path))
    try:
        wait_for(child, "held")
        with pytest.raises(StoreLocked, match="open it read-only") as info:
            ProjectStore.open(path)
        assert info.value.holder["pid"] == child.pid
        with ProjectStore.open(path, read_only=True) as viewer:
            patient = viewer.load_patient()
            assert patient is not None and patient.check() == []
            cid = next(iter(patient.chains))
            before = patient.chains[cid].reviewed
            with pytest.raises(StoreReadOnly):
                viewer.apply(MarkReviewed(cid, not before), patient, WHO)
            assert patient.chains[cid].reviewed == before  # undone in memory too
    finally:
        child.send_signal(signal.SIGKILL)  # no clean-up: the kernel drops the lock
        child.communicate()
    with ProjectStore.open(path) as store:  # no stale lock
        assert store.load_patient() is not None


def test_a_second_window_in_the_same_process_is_refused_too(tmp_path):
    path = tmp_path / "p.sqlite"
    saved(path)
    with ProjectStore.open(path), pytest.raises(StoreLocked):
        ProjectStore.open(path)
    ProjectStore.open(path).close()  # released on close


def test_an_edit_is_checked_against_the_stores_current_state(tmp_path):
    path = tmp_path / "p.sqlite"
    saved(path)
    with ProjectStore.open(path) as store:
        patient = store.load_patient()
        assert patient is not None
        # a program that ignores the lock changes the file behind our back
        other = sqlite3.connect(path)
        other.execute("UPDATE chains SET label = 'changed elsewhere'")
        other.commit()
        other.close()
        cid = next(c for c in patient.chains if len(patient.chains[c].mentions) > 1)
        before = list(patient.chains[cid].mentions)
        with pytest.raises(StoreConflict, match="changed by another program"):
            store.apply(SplitChain(cid, mention_ids=before[-1:]), patient, WHO)
        assert patient.chains[cid].mentions == before  # nothing half-applied
        assert [e["command"] for e in store.edit_log()] == ["Save patient"]


def break_store(path: Path) -> None:
    """What two unlocked writers left behind: a mention in no chain, a chain listing a
    deleted mention, a mention in two chains."""
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT id, mentions FROM chains ORDER BY rowid").fetchall()
    a_id, a = rows[0][0], json.loads(rows[0][1])
    b_id, b = rows[1][0], json.loads(rows[1][1])
    conn.execute("UPDATE chains SET mentions = ? WHERE id = ?", (json.dumps(a[1:]), a_id))
    conn.execute(
        "UPDATE chains SET mentions = ? WHERE id = ?",
        (json.dumps([*b, "m-gone", rows[2][1] and json.loads(rows[2][1])[0]]), b_id),
    )
    conn.commit()
    conn.close()


def test_a_broken_store_is_backed_up_repaired_and_said_so(tmp_path):
    path = tmp_path / "p.sqlite"
    saved(path)
    break_store(path)
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with ProjectStore.open(path) as store:
        assert len(store.check_invariants()) >= 3
        patient = store.load_patient()
        assert patient is not None and patient.check() == []
        assert store.repaired and store.backup_path is not None
        assert store.backup_path.exists() and store.backup_path.stat().st_mode & 0o777 == 0o600
        assert any("inconsistent" in p.reason and not p.skipped for p in patient.problems)
        assert store.edit_log()[-1]["command"] == "Repair project store"
        assert store.check_invariants() == []
    with ProjectStore.open(store.backup_path) as backup:  # the broken copy, as it was
        assert backup.check_invariants()


def test_a_broken_store_opened_read_only_is_refused_not_shown(tmp_path):
    path = tmp_path / "p.sqlite"
    saved(path)
    break_store(path)
    with (
        ProjectStore.open(path, read_only=True) as viewer,
        pytest.raises(Exception, match="inconsistent"),
    ):
        viewer.load_patient()


def test_sigkill_during_edits_loses_no_acknowledged_edit(tmp_path):
    counts = kill_during_edits(tmp_path / "p.sqlite", kills=3)
    assert counts["acknowledged_edits"] > 0
    assert counts["lost"] == 0 and counts["broken"] == 0


def test_errors_are_classified_by_sqlite_result_code(tmp_path):
    from radtrack_gui.store.errors import environment_reason

    path = tmp_path / "p.sqlite"
    saved(path)
    with ProjectStore.open(path, read_only=True) as viewer:
        with pytest.raises(sqlite3.OperationalError) as info:
            viewer.conn.execute("DELETE FROM edits")
        assert info.value.sqlite_errorcode & 0xFF == 8  # SQLITE_READONLY
        assert "read-only" in environment_reason(info.value)
    conn = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError) as bug:
        conn.execute("INSERT INTO meta (key, value) VALUES ('created', 'x')")
    conn.close()
    assert environment_reason(bug.value) is None  # a constraint: our bug, not the user's
