"""Cancel stops any background step at its next check, linking and training included, and a
huge report does not make the report view build one highlight per mention (issue #10,
point 11). What stops is asserted, not how fast (benchmarks measure speed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.errors import Cancelled
from radtrack_gui.core.model import Patient
from radtrack_gui.evaluation.synth import generate

pytestmark = pytest.mark.gui


def _big_patient(n_patients: int = 12) -> Patient:
    """The reports of several generated patients as one patient (gold mentions kept)."""
    reports, mentions = [], {}
    for p in generate(n_patients, 13):
        for r in p.reports:
            r.id = f"{p.id}_{r.id}"
            reports.append(r)
        for m in p.mentions.values():
            m.report = f"{p.id}_{m.report}"
            m.id = f"{p.id}_{m.id}"
            m.chain = None
            mentions[m.id] = m
    big = Patient(id="big", reports=reports)
    big.mentions = mentions
    return big


def test_cancel_stops_linking_inside_the_linker() -> None:
    from radtrack_gui.nlp.registry import get_linker
    from radtrack_gui.pipeline import link_patient

    p = _big_patient()
    calls = {"n": 0}

    def cancel() -> bool:  # asked once before linking, then inside the linker's loop
        calls["n"] += 1
        return calls["n"] > 5

    with pytest.raises(Cancelled):
        link_patient(p, get_linker("knowledge"), cancel=cancel)
    assert calls["n"] == 6  # stopped at the first check after the request
    assert not p.chains  # nothing half-linked was kept


def test_cancel_stops_linker_training() -> None:
    from radtrack_gui.training import train_linker

    patients = generate(8, 13)
    calls = {"n": 0}

    def cancel() -> bool:
        calls["n"] += 1
        return calls["n"] > 2

    with pytest.raises(Cancelled):
        train_linker(patients, None, cancel=cancel)
    assert calls["n"] == 3  # stopped at the first check after the request


def test_window_cancel_during_linking_opens_nothing(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel pressed while linking: the linker stops, nothing is opened or stored.

    Every handler is wired before the load starts, and the worker waits at the start of
    linking (the app links in slices of reports: ``SliceLinking.feed``) until the test has
    pressed Cancel (the real linker then runs and sees it), so the load cannot pass
    linking first however loaded the machine is."""
    import threading

    from radtrack_gui.nlp.linkers.knowledge import SliceLinking

    from .conftest import stored

    folder = tmp_path / "many"
    folder.mkdir()
    for r in _big_patient(30).reports:
        (folder / r.id).write_text(r.text, encoding="utf-8")
    started, pressed = threading.Event(), threading.Event()
    linked: list[str] = []
    real_feed = SliceLinking.feed

    def feed_after_cancel(self, reports, mentions):  # type: ignore[no-untyped-def]
        started.set()
        assert pressed.wait(60), "Cancel was never pressed"
        try:
            return real_feed(self, reports, mentions)
        except Cancelled:
            linked.append("stopped")
            raise

    monkeypatch.setattr(SliceLinking, "feed", feed_after_cancel)
    stages: list[str] = []
    window.loadProgress.connect(lambda stage, _d, _t: stages.append(stage))
    opened: list[bool] = []
    window.patientLoaded.connect(lambda: opened.append(True))
    with qtbot.waitSignal(window.loadCancelled, timeout=120000):
        assert window.open_path(str(folder)) is not None
        qtbot.waitUntil(started.is_set, timeout=60000)  # linking started
        window.cancel_load()
        pressed.set()
    assert linked == ["stopped"]  # linking stopped at its first check
    assert "save" not in stages  # nothing was saved after the cancel
    assert window.patient is None and not opened  # the cancelled patient is not opened
    assert stored(folder) is None


def test_report_view_caps_highlights_in_a_huge_report(qtbot) -> None:
    from radtrack_gui.core.model import Mention, Report
    from radtrack_gui.gui.report_view import MAX_HIGHLIGHTS, ReportView

    text = ("Small left pleural effusion. " * 9 + "Small left pleural effusion.\n") * 600
    report = Report(id="huge.txt", text=text)
    p = Patient(id="huge", reports=[report])
    p.mentions = {
        f"m{i}": Mention(
            id=f"m{i}",
            report="huge.txt",
            start=i * 29 + 6,
            end=i * 29 + 27,
            text="left pleural effusion",
            type="finding",
        )
        for i in range(6000)
    }
    p.set_chains([[f"m{i}" for i in range(6000)]])
    view = ReportView()
    qtbot.addWidget(view)
    view.set_patient(p)
    view.show_mention("m5000")
    assert view.capped
    assert len(view.text.extraSelections()) <= MAX_HIGHLIGHTS
    assert "6,000 mentions" in view.header.text()
    highlighted = view.highlighted_mentions()
    assert "m5000" in highlighted
