"""Reopening a stored patient reads the project store: the models do not run again, and the
window shows what the first open showed (issue #20 item 12).

The spy counts calls at the model runner's entry points (building the extractor and the
linker, running them over the reports): the boundary between the app and the models, not
the code under test. The first open is the counter-example: it must be counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def model_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of the model entry points, by name, from now on."""
    from radtrack_gui import pipeline
    from radtrack_gui.nlp.registry import RunSpec

    calls: Counter[str] = Counter()

    def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def spy(*args: Any, **kw: Any) -> Any:
            calls[name] += 1
            return fn(*args, **kw)

        return spy

    monkeypatch.setattr(
        RunSpec, "build_extractor", counted("build_extractor", RunSpec.build_extractor)
    )
    monkeypatch.setattr(RunSpec, "build_linker", counted("build_linker", RunSpec.build_linker))
    monkeypatch.setattr(pipeline, "extract_reports", counted("extract", pipeline.extract_reports))
    monkeypatch.setattr(pipeline, "link_patient", counted("link", pipeline.link_patient))
    # the app's open links in slices of reports (one slice for the demo: nlp/progressive.py)
    from radtrack_gui.nlp import progressive
    from radtrack_gui.nlp.linkers.knowledge import SliceLinking

    monkeypatch.setattr(
        progressive, "extract_reports", counted("extract", progressive.extract_reports)
    )
    monkeypatch.setattr(progressive, "link_patient", counted("link", progressive.link_patient))
    monkeypatch.setattr(SliceLinking, "feed", counted("link", SliceLinking.feed))
    return calls


def shown(window: Any) -> dict[str, Any]:
    """What the window shows of the patient: chains (members), chain list labels, lane
    labels, the report list."""
    p = window.patient
    tree = window.chain_list
    return {
        "chains": {cid: (c.type, c.label, list(c.mentions)) for cid, c in p.chains.items()},
        "mentions": {m.id: (m.report, m.start, m.end, m.chain) for m in p.mentions.values()},
        "chain_list": {cid: item.text(0) for cid, item in tree._items.items()},
        "lanes": window.timeline.lane_labels(),
        "reports": [
            window.report_view.reports.itemText(i)
            for i in range(window.report_view.reports.count())
        ],
    }


def test_reopen_reads_the_store_and_shows_the_same(
    window, open_and_wait, demo, model_calls, qtbot
) -> None:
    from radtrack_gui.core.edits import RenameChain
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEvent

    open_and_wait(window, demo)
    assert not window.loaded.from_store
    # the counter-example: a first open runs the models, and the spy sees it
    assert model_calls["extract"] == 1 and model_calls["link"] == 1
    assert model_calls["build_extractor"] >= 1 and model_calls["build_linker"] >= 1
    first = shown(window)
    assert len(first["chains"]) > 20 and first["lanes"]

    # a name the user gave: it must come back from the store, not be derived again
    cid = next(c.id for c in window.patient.chains.values() if len(c.mentions) > 1)
    window.session.push(RenameChain(cid, "my own name for it"))
    first = shown(window)
    assert first["chain_list"][cid] == "my own name for it"

    model_calls.clear()
    window.close_patient()
    open_and_wait(window, demo)  # reopen in the running app
    assert window.loaded.from_store
    assert sum(model_calls.values()) == 0, model_calls
    assert shown(window) == first

    window.close_patient()  # another window (as a new session would) reads the store too
    other = MainWindow()
    other.timeline.set_overview(False)  # as the fixture's window
    other.resize(1400, 860)
    other.show()
    qtbot.waitExposed(other)
    try:
        open_and_wait(other, demo)
        assert other.loaded.from_store
        assert sum(model_calls.values()) == 0, model_calls
        assert shown(other) == first
    finally:
        other.close()
        other.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_ask_suggestions_wait_until_the_box_is_shown(
    window, open_and_wait, demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The suggested questions take a pass over every chain: a hidden Ask box does not
    make the first draw wait for them; showing it fills them (once per patient)."""
    from radtrack_gui.qa import suggest

    made: list[int] = []
    real = suggest.suggestions

    def spy(patient: Any, n: int = 5) -> list[str]:
        made.append(len(patient.chains))
        return real(patient, n)

    monkeypatch.setattr(suggest, "suggestions", spy)
    panel = window.ask_panel
    assert not panel.dock.isVisible()
    open_and_wait(window, demo)
    assert made == [] and panel.hints.count() == 0
    panel.action.trigger()  # Ctrl+K
    assert panel.dock.isVisible()
    assert made == [len(window.patient.chains)] and panel.hints.count() >= 3
    panel.dock.hide()
    panel.dock.show()
    assert len(made) == 1  # not again for the same patient
