"""File ▸ Open cohort…: the patients table (sort, search) and opening one patient's timeline
from the cohort's results into its own project store (real widgets, offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cohort_helpers import add_bad_patient, build_cohort, synth_plain

from radtrack_gui.store.db import ProjectStore, store_path_for_folder

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def cohort_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("gui-cohort")
    patients = synth_plain(base, 4, seed=21)
    add_bad_patient(patients)
    return build_cohort(patients, base / "cohort")


def _dclick(qtbot, dlg, row: int) -> None:
    from radtrack_gui.gui.qt import Qt

    index = dlg.proxy.index(row, 0)
    rect = dlg.table.visualRect(index)
    assert rect.isValid()
    # A double-click is a click followed by a double-click event (as a real mouse sends).
    qtbot.mouseClick(dlg.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dlg.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_cohort_table_sorts_searches_and_opens_a_patient(qtbot, window, cohort_dir: Path):
    from radtrack_gui.cohort.loader import load_patient, patients
    from radtrack_gui.gui.cohort_dialog import COLUMNS, show_cohort
    from radtrack_gui.gui.qt import Qt

    assert "Open co&hort…" in [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    dlg = show_cohort(window, str(cohort_dir))
    assert dlg is not None
    qtbot.waitExposed(dlg)
    try:
        rows = {r["patient"]: r for r in patients(cohort_dir)}
        assert dlg.row_count() == 5
        # Sort by chains, most first: numbers sort as numbers.
        dlg.table.sortByColumn(COLUMNS.index("chains"), Qt.SortOrder.DescendingOrder)
        shown = [dlg.key_at(i) for i in range(dlg.row_count())]
        chains = [rows[k]["chains"] for k in shown if rows[k]["status"] == "done"]
        assert chains == sorted(chains, reverse=True)
        qtbot.keyClicks(dlg.search, "fail")
        assert dlg.row_count() == 1 and dlg.key_at(0) == "zz_bad"
        with qtbot.waitSignal(dlg.openFailed, timeout=10000) as failed:
            _dclick(qtbot, dlg, 0)
        assert "no reports found" in failed.args[0]
        dlg.search.clear()
        dlg.search.setText("patient_003")
        assert dlg.row_count() == 1
        with qtbot.waitSignal(window.patientDrawn, timeout=60000):
            _dclick(qtbot, dlg, 0)
        expected = load_patient(cohort_dir, "patient_003")
        loaded = window.loaded
        assert loaded is not None and loaded.from_store  # the cohort's chains, no model run
        assert sorted(loaded.patient.chains) == sorted(expected.chains)
        assert len(loaded.patient.mentions) == rows["patient_003"]["mentions"]
        source = Path(rows["patient_003"]["source"])
        assert loaded.store.path == store_path_for_folder(str(source))
        # A correction goes to that patient's own project store.
        first = next(iter(loaded.patient.chains))
        assert window.edit_actions.set_reviewed(first, True) is not None
    finally:
        dlg.close()
    with ProjectStore.for_folder(str(source), read_only=True) as store:
        again = store.load_patient()
    assert again is not None and again.chains[first].reviewed


def test_a_patient_opened_from_the_cohort_comes_to_the_front(qtbot, window, cohort_dir: Path):
    """Issue #20 item 10: the cohort dialog stayed on top of the patient it opened. A dialog
    with a parent is the parent's transient window (the window manager keeps it above the
    parent) and a dialog-type window without one is above its whole application; the
    cohort's patients are a window of their own, the opened patient comes to the front,
    and the list closes with the main window."""
    from radtrack_gui.gui.cohort_dialog import show_cohort
    from radtrack_gui.gui.qt import QApplication, Qt

    dlg = show_cohort(window, str(cohort_dir))
    assert dlg is not None
    qtbot.waitExposed(dlg)
    handle = dlg.windowHandle()
    assert handle is not None and handle.transientParent() is None  # not kept above
    assert dlg.windowType() == Qt.WindowType.Window  # a normal window, not a dialog
    assert not dlg.windowFlags() & Qt.WindowType.WindowStaysOnTopHint
    assert not dlg.isModal()
    dlg.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=20000)
    dlg.search.setText("patient_001")
    with qtbot.waitSignal(window.patientDrawn, timeout=60000):
        _dclick(qtbot, dlg, 0)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=20000)
    assert dlg.isVisible()  # still there for the next patient
    assert "cohort" in window.statusBar().currentMessage()  # says where the list went
    counter = show_cohort(window, str(cohort_dir))  # a second list: both close with the window
    assert counter is not None
    closed: list[str] = []
    for d in (dlg, counter):
        d.finished.connect(lambda _r, d=d: closed.append(d.windowTitle()))
    window.close()
    qtbot.waitUntil(lambda: len(closed) == 2, timeout=20000)


def _read_as(dlg) -> dict[str, str]:  # type: ignore[no-untyped-def]
    heads = [dlg.model.headerData(i, _horizontal()) for i in range(dlg.model.columnCount())]
    col = heads.index("Read as")
    return {dlg.key_at(r): dlg.proxy.index(r, col).data() for r in range(dlg.row_count())}


def _horizontal():  # type: ignore[no-untyped-def]
    from radtrack_gui.gui.qt import Qt

    return Qt.Orientation.Horizontal


def test_the_cohort_list_says_which_patients_were_read_as_gold(
    qtbot, window, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Round 5 at the screen (issue #20 item 10): `cohort run` says in the terminal and
    records per patient which folders were read as gold annotations (.ann files), but the
    cohort's patient list showed them like any other. A column says how each was read,
    the search finds it, and the line below counts them (counter-example: a cohort with
    no .ann files says nothing about gold)."""
    import shutil

    from radtrack_gui.gui.cohort_dialog import show_cohort

    base = tmp_path_factory.mktemp("gui-cohort-gold")
    plain = synth_plain(base, 3, seed=7)
    only_models = build_cohort(plain, base / "models")
    for f in (base / "gold" / "patient_002").glob("*.ann"):
        shutil.copy(f, plain / "patient_002" / f.name)
    mixed = build_cohort(plain, base / "mixed")
    dlg = show_cohort(window, str(mixed))
    assert dlg is not None
    try:
        assert _read_as(dlg) == {
            "patient_001": "models",
            "patient_002": "gold annotations",
            "patient_003": "models",
        }
        assert "1 read as gold annotations" in dlg.info.text(), dlg.info.text()
        dlg.search.setText("gold")
        assert [dlg.key_at(r) for r in range(dlg.row_count())] == ["patient_002"]
    finally:
        dlg.close()
    other = show_cohort(window, str(only_models))
    assert other is not None
    try:
        assert set(_read_as(other).values()) == {"models"}
        assert "gold" not in other.info.text()
    finally:
        other.close()
