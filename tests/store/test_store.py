"""The SQLite project store: round trips, persisted edits, migrations, failures."""

from __future__ import annotations

import sqlite3
import stat
from dataclasses import asdict
from pathlib import Path

import pytest
from edit_cases import make_patient, state

from radtrack_gui.core.edits import (
    AddMention,
    DeleteMention,
    MarkReviewed,
    RenameChain,
    SplitChain,
)
from radtrack_gui.core.model import Patient, Problem, Report
from radtrack_gui.store import migrations
from radtrack_gui.store.db import (
    ProjectStore,
    StoreBug,
    StoreError,
    person_who,
    store_path_for_folder,
)

WHO = "person:tester"


def rich_patient() -> Patient:
    p = make_patient()
    p.folder = "/data/patient 1"
    p.annotated = True
    p.problems = [Problem("junk.bin", "not a text file"), Problem("r9.txt", "bad bytes", False)]
    p.reports.append(
        Report(
            id="undated.txt",
            text="Line in place.",
            flags=["undated"],
            exam="CHEST (PA & LAT)",
            region="chest",
            patient="p1",
            source="/data/patient 1/undated.txt",
        )
    )
    m = p.mentions["m1"]
    m.fragments = [(m.start, m.start + 7), (m.start + 8, m.end)]
    m.measurements = ["2.5 cm"]
    m.anatomy = ["left lower lobe", "left lung"]
    p.chains["c1"].reviewed = True
    p.chains["c2"].why = {"m4": "same device (score 0.93)", "m7": "removal (0.8)"}
    p.chains["c2"].label_locked = True
    return p


def full_state(p: Patient) -> tuple:
    """Everything stored, independent of dict order."""
    return (
        p.id,
        p.folder,
        p.annotated,
        [asdict(x) for x in p.problems],
        [asdict(r) for r in p.reports],
        {k: asdict(c) for k, c in p.chains.items()},
        {k: asdict(m) for k, m in p.mentions.items()},
    )


@pytest.fixture
def store(tmp_path: Path):
    s = ProjectStore.open(tmp_path / "p.sqlite")
    yield s
    s.close()


def test_round_trip_every_field(store: ProjectStore, tmp_path: Path):
    p = rich_patient()
    assert store.load_patient() is None  # a new store is empty
    store.save_patient(p, "model:rules+knowledge", extractor="rules", linker="knowledge")
    loaded = store.load_patient()
    assert loaded is not None
    assert full_state(loaded) == full_state(p)
    assert loaded.mentions["m1"].fragments == p.mentions["m1"].fragments  # tuples again
    assert loaded.check() == []
    meta = store.meta()
    assert (meta["extractor"], meta["linker"], meta["patient_id"]) == ("rules", "knowledge", "p1")
    assert meta["created"].endswith("Z")
    store.close()
    with ProjectStore.open(tmp_path / "p.sqlite") as again:
        reloaded = again.load_patient()
        assert reloaded is not None and full_state(reloaded) == full_state(p)
        log = again.edit_log()
    assert [e["who"] for e in log] == ["model:rules+knowledge"]
    assert log[0]["payload"]["mentions"] == 8


def test_saving_again_replaces_everything(store: ProjectStore):
    p = rich_patient()
    store.save_patient(p, WHO)
    del p.mentions["m5"], p.chains["c3"]
    store.save_patient(p, WHO)
    loaded = store.load_patient()
    assert loaded is not None and "m5" not in loaded.mentions and "c3" not in loaded.chains
    assert len(store.edit_log()) == 2
    store.clear(WHO)
    assert store.load_patient() is None
    assert store.conn.execute("SELECT count(*) FROM mentions").fetchone()[0] == 0
    assert [e["command"] for e in store.edit_log()][-1] == "Clear project"


def test_edits_persist_and_survive_reopen(tmp_path: Path):
    path = tmp_path / "p.sqlite"
    p = rich_patient()
    with ProjectStore.open(path) as store:
        store.save_patient(p, "model:test")
        store.apply(SplitChain("c1", at_report="r3.txt"), p, WHO)
        store.apply(DeleteMention("m5"), p, WHO)  # its singleton chain c3 goes too
        add = AddMention("r2.txt", 10, 14, chain="c1", concept="effusion")
        store.apply(add, p, WHO)
        store.apply(RenameChain("c4", "late effusion"), p, WHO)
        store.apply(MarkReviewed(["c2", "c4"]), p, WHO)
        assert p.check() == []
    with ProjectStore.open(path) as store:
        loaded = store.load_patient()
        log = store.edit_log()
    assert loaded is not None and full_state(loaded) == full_state(p)
    assert loaded.chains["c4"].label == "late effusion" and loaded.chains["c4"].label_locked
    assert [e["command"] for e in log[1:]] == [
        "Split chain",
        "Delete 1 mention",
        "Add finding mention",
        "Rename chain to “late effusion”",
        "Mark 2 chains reviewed",
    ]
    split = log[1]
    assert split["who"] == WHO and split["time"].endswith("Z")
    assert split["payload"]["command"] == "SplitChain"
    assert split["payload"]["params"]["new_chain"] == "c4"
    assert split["payload"]["changes"]["chains_added"] == ["c4"]
    assert log[3]["payload"]["params"]["new_mention"] == "m9"


def test_store_saves_do_undo_and_redo(tmp_path: Path):
    """The calls the app's undo stack makes (gui/undo.py): do, undo, undo, redo."""
    path = tmp_path / "p.sqlite"
    p = rich_patient()
    with ProjectStore.open(path) as store:
        store.save_patient(p, "model:test")
        start = full_state(p)
        split, delete = SplitChain("c1", mention_ids=["m8"]), DeleteMention(["m3", "m8"])
        store.apply(split, p, WHO)
        store.apply(delete, p, WHO)
        store.record_undo(delete, p, WHO)
        store.record_undo(split, p, WHO)
        stored = store.load_patient()
        assert stored is not None and full_state(stored) == start
        store.apply(split, p, WHO, action="redo")
        stored = store.load_patient()
        assert stored is not None and full_state(stored) == full_state(p)
        assert "c4" in stored.chains
        commands = [e["command"] for e in store.edit_log()]
    assert commands[1:] == [
        "Split chain",
        "Delete 2 mentions",
        "Undo Delete 2 mentions",
        "Undo Split chain",
        "Redo Split chain",
    ]


def test_a_failed_save_undoes_the_edit_in_memory(tmp_path: Path):
    path = tmp_path / "p.sqlite"
    p = rich_patient()
    with ProjectStore.open(path, timeout=0.05) as store:
        store.save_patient(p, "model:test")
        before = state(p)
        other = sqlite3.connect(path)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            with pytest.raises(StoreError, match="locked by another program"):
                store.apply(SplitChain("c1", at_report="r2.txt"), p, WHO)
        finally:
            other.rollback()
            other.close()
        assert state(p) == before  # memory and disk agree
        store.apply(SplitChain("c1", at_report="r2.txt"), p, WHO)  # works once unlocked
        stored = store.load_patient()
        assert stored is not None and full_state(stored) == full_state(p)


def test_transaction_rolls_back_and_our_bugs_propagate(store: ProjectStore):
    with pytest.raises(RuntimeError, match="boom"), store.transaction() as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES ('x', '1')")
        raise RuntimeError("boom")
    assert "x" not in store.meta()
    with pytest.raises(StoreBug, match="our bug") as info, store.transaction() as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES ('y', '1')")
        conn.execute("INSERT INTO meta (key, value) VALUES ('y', '2')")
    assert isinstance(info.value.__cause__, sqlite3.IntegrityError)
    assert "y" not in store.meta()
    # A mention pointing at a missing report is our bug: the commit fails, nothing kept.
    p = rich_patient()
    p.mentions["m1"].report = "missing.txt"
    with pytest.raises(StoreBug, match="FOREIGN KEY"):
        store.save_patient(p, WHO)
    assert store.load_patient() is None and store.edit_log() == []


def test_not_a_database_and_damaged_files(tmp_path: Path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all\n" * 200)
    with pytest.raises(StoreError, match=r"junk\.sqlite: it is not a RadTrack project store"):
        ProjectStore.open(junk)
    # A real store with its middle overwritten.
    path = tmp_path / "p.sqlite"
    with ProjectStore.open(path) as store:
        store.save_patient(rich_patient(), WHO)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096:12288] = b"\xa5" * 8192
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"damaged|not a RadTrack"):
        ProjectStore.open(path)


def test_newer_schema_is_refused(tmp_path: Path):
    path = tmp_path / "new.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {migrations.LATEST + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer RadTrack"):
        ProjectStore.open(path)


def test_migration_from_version_1(tmp_path: Path):
    path = tmp_path / "v1.sqlite"
    conn = sqlite3.connect(path)
    assert migrations.migrate(conn, target=1) == [1]
    conn.execute("INSERT INTO meta VALUES ('patient_id', '\"old\"')")
    conn.execute("INSERT INTO reports (id, pos, text) VALUES ('a.txt', 0, 'big effusion')")
    conn.execute(
        "INSERT INTO chains (id, type, label, mentions) "
        "VALUES ('c1', 'finding', 'effusion', '[\"m1\"]')"
    )
    conn.execute(
        'INSERT INTO mentions (id, report, start, "end", text, type, chain) '
        "VALUES ('m1', 'a.txt', 4, 12, 'effusion', 'finding', 'c1')"
    )
    conn.commit()
    assert migrations.version(conn) == 1
    assert "label_locked" not in [r[1] for r in conn.execute("PRAGMA table_info(chains)")]
    conn.close()
    with ProjectStore.open(path) as store:
        assert store.schema_version == migrations.LATEST == 2
        cols = [r[1] for r in store.conn.execute("PRAGMA table_info(chains)")]
        assert "label_locked" in cols
        p = store.load_patient()
    assert p is not None and p.check() == []
    assert p.chains["c1"].label_locked is False and p.mentions["m1"].text == "effusion"


def test_wal_foreign_keys_private_file(tmp_path: Path):
    folder = tmp_path / "patient"
    folder.mkdir()
    path = store_path_for_folder(folder)
    assert path == store_path_for_folder(str(folder) + "/")  # stable for the same folder
    assert path != store_path_for_folder(tmp_path)
    assert path.parent.name == "projects" and path.suffix == ".sqlite"
    with ProjectStore.for_folder(folder) as store:
        store.save_patient(rich_patient(), WHO)
        assert store.path == path
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        for f in (path, Path(f"{path}-wal")):
            assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_who_is_checked():
    assert person_who("ana") == "person:ana"
    assert person_who().startswith("person:")
    with ProjectStore.for_folder("/x") as s, pytest.raises(ValueError, match="who must be"):
        s.save_patient(rich_patient(), "ana")


def test_apply_writes_only_the_changed_rows(store: ProjectStore):
    p = rich_patient()
    store.save_patient(p, WHO)
    before = store.conn.total_changes
    store.apply(MarkReviewed("c3"), p, WHO)
    assert store.conn.total_changes - before == 2  # one chain row + one log line
    before = store.conn.total_changes
    store.apply(SplitChain("c1", at_report="r4.txt"), p, WHO)
    # new chain, old chain, moved mention, log line
    assert store.conn.total_changes - before == 4


def test_disk_full_is_a_store_error(store: ProjectStore):
    p = rich_patient()
    store.save_patient(p, WHO)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow
    p.reports[0].text += " " * 200_000
    with pytest.raises(StoreError, match="disk is full"):
        store.save_patient(p, WHO)
    loaded = store.load_patient()
    assert loaded is not None and len(loaded.reports[0].text) < 1000  # old data intact


def test_round_trip_a_generated_patient(store: ProjectStore):
    from radtrack_gui.evaluation.synth import generate_patient

    p = generate_patient(5, 1)
    assert p.check() == []
    store.save_patient(p, "model:gold")
    loaded = store.load_patient()
    assert loaded is not None and full_state(loaded) == full_state(p)
