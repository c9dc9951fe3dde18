"""The export dialog writes every format, and failures become messages."""

from __future__ import annotations

import json

import pytest
from lanes_fixtures import make_patient

pytestmark = pytest.mark.gui


@pytest.fixture
def timeline(make_timeline):
    return make_timeline(900, 600)


def test_export_all_formats_and_reimport_json(timeline, qtbot, tmp_path):
    from radtrack_gui.formats.json_io import read_json
    from radtrack_gui.gui.dialogs.export import FORMATS, ExportDialog

    p = make_patient(10, 6, 24, undated=1)
    timeline.set_patient(p)
    dlg = ExportDialog(p, timeline)
    qtbot.addWidget(dlg)
    dlg.folder_edit.setText(str(tmp_path / "new" / "out"))
    dlg.base_edit.setText("pt 1")  # made file-name safe
    dlg.set_selected([f.key for f in FORMATS])
    results = dlg.run_export()
    assert [e for _, _, e in results] == [None] * len(FORMATS)
    out = tmp_path / "new" / "out"
    # Folders it made hold patient data: private (round 4 at the screen: 0755), as the
    # brat folder inside (tests/util/test_paths.py: a folder that was there stays as it was).
    for made in (out, out.parent, out / "pt_1_brat"):
        assert made.stat().st_mode & 0o777 == 0o700, (made, oct(made.stat().st_mode))
    assert (out / "pt_1.json").is_file()
    assert (out / "pt_1.csv").read_text(encoding="utf-8").count("\n") > len(p.mentions)
    assert list((out / "pt_1_brat").glob("*.ann"))
    assert "#begin document" in (out / "pt_1.conll").read_text(encoding="utf-8")
    assert "<html" in (out / "pt_1_summary.html").read_text(encoding="utf-8").lower()
    assert (out / "pt_1_timeline.png").read_bytes()[:4] == b"\x89PNG"
    assert "<svg" in (out / "pt_1_timeline.svg").read_text(encoding="utf-8")
    fhir = json.loads((out / "pt_1.fhir.json").read_text(encoding="utf-8"))  # issue #22
    kinds = [e["resource"]["resourceType"] for e in fhir["entry"]]
    assert fhir["resourceType"] == "Bundle" and kinds.count("Observation") == len(p.chains)
    back = read_json(out / "pt_1.json")
    assert len(back.mentions) == len(p.mentions) and len(back.chains) == len(p.chains)
    assert f"{len(FORMATS)} written" in dlg.summary.text()


def test_export_failure_is_a_message(qtbot, tmp_path):
    from radtrack_gui.gui.dialogs.export import ExportDialog

    p = make_patient(4, 3, 8, undated=0)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    dlg = ExportDialog(p, None)  # no timeline: picture formats are disabled
    qtbot.addWidget(dlg)
    assert not dlg.checks["png"].isEnabled()
    dlg.folder_edit.setText(str(blocker))
    dlg.set_selected(["json", "png"])
    results = dlg.run_export()
    assert [k for k, _, _ in results] == ["json"]
    assert results[0][2]  # an error message, not an exception
    assert "failed" in dlg.summary.text()
    assert "Traceback" not in dlg.status.toPlainText()
    assert "✗" in dlg.status.toPlainText()


def test_the_export_dialog_ticks_the_formats_of_the_last_export(
    qtbot, window, open_and_wait, demo_gold, tmp_path
):
    """Issue #20 item 11: the formats ticked are remembered (in the settings file)."""
    from radtrack_gui import settings
    from radtrack_gui.gui.dialogs import opener

    open_and_wait(window, demo_gold)
    first = opener.open_export(window)
    defaults = first.selected()
    chosen = ["csv", "html"] if defaults != ["csv", "html"] else ["json"]
    first.set_selected(chosen)
    first.folder_edit.setText(str(tmp_path / "out"))
    assert [e for _, _, e in first.run_export()] == [None] * len(chosen)
    first.close()
    again = opener.open_export(window)
    try:
        assert again.selected() == chosen
        assert settings.load().export_formats == chosen  # kept for the next session
    finally:
        again.close()


def test_the_export_dialog_offers_the_folder_of_this_patient_s_last_export(
    qtbot, window, open_and_wait, demo_gold, tmp_path
):
    """Round 5 at the screen: exported into a folder of the user's choice, the dialog
    opened again offered "<patient>_export" beside the patient's folder, not that folder.
    The last export's folder is offered again for the same patient (also in a later
    session); another patient starts from its own default (counter-example)."""
    from radtrack_gui import settings
    from radtrack_gui.gui.dialogs import opener
    from radtrack_gui.gui.dialogs.export import ExportDialog

    open_and_wait(window, demo_gold)
    first = opener.open_export(window)
    default = first.folder_edit.text()
    chosen = str(tmp_path / "chosen")
    first.folder_edit.setText(chosen)
    first.set_selected(["json"])
    assert [e for _, _, e in first.run_export()] == [None]
    first.close()
    again = opener.open_export(window)
    try:
        assert again.folder_edit.text() == chosen != default
        kept = settings.load()
        assert (kept.export_folder, kept.export_patient) == (chosen, window.patient.id)
    finally:
        again.close()
    other = make_patient(2, 2, 3, undated=0)
    other.id = "P-OTHER"
    other.folder = str(tmp_path / "p_other")
    dlg = ExportDialog(other, None, folder=opener.last_export_folder(window, other))
    qtbot.addWidget(dlg)
    assert dlg.folder_edit.text().endswith("P-OTHER_export")


def test_the_export_folder_is_never_inside_radtrack_itself(qtbot, tmp_path, monkeypatch):
    """The demo patients are shipped inside the program: an export of one was offered
    ".../radtrack_gui/resources/samples/DEMO-002_export". Their exports start in the home
    folder; a patient of the user's exports beside its folder (counter-example)."""
    from pathlib import Path

    from radtrack_gui.gui.dialogs.export import ExportDialog
    from radtrack_gui.util.paths import oncology_patient_dir, resources_dir

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    p = make_patient(2, 2, 3, undated=0)
    p.id = "DEMO-002"
    p.folder = str(oncology_patient_dir())
    dlg = ExportDialog(p, None)
    qtbot.addWidget(dlg)
    chosen = Path(dlg.folder_edit.text())
    assert chosen == home / "DEMO-002_export"
    assert resources_dir().resolve() not in chosen.resolve().parents
    mine = tmp_path / "patients" / "p7"
    mine.mkdir(parents=True)
    p.folder = str(mine)
    dlg2 = ExportDialog(p, None)
    qtbot.addWidget(dlg2)
    assert Path(dlg2.folder_edit.text()) == tmp_path / "patients" / "DEMO-002_export"
