"""The session without Qt: opening, closing, edits with nothing open, display options, the
model run spec, and no Qt import on the way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from radtrack_gui.core.edits import RenameChain
from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.registry import LINKERS, RunSpec, default_name
from radtrack_gui.session import DisplayOptions, Session


def test_push_with_nothing_open_is_refused_with_a_reason() -> None:
    session = Session(who="person:test")
    reasons: list[str] = []
    session.failed.connect(reasons.append)
    assert session.push(RenameChain("c1", "x")) is None
    assert session.undo() is None
    assert reasons == ["no patient is open"]


def test_open_then_close_closes_the_store(patient: Patient) -> None:
    from radtrack_gui.project import LoadedProject

    class Store:
        closed = False

        def apply(self, command: object, patient: Patient, who: str, action: str) -> object:
            return command.do(patient)  # type: ignore[attr-defined]

        def close(self) -> None:
            self.closed = True

    store = Store()
    session = Session(who="person:test")
    events: list[str] = []
    session.opened.connect(lambda _l: events.append("opened"))
    session.closed.connect(lambda: events.append("closed"))
    session.open(LoadedProject(patient, store, "p1", False, "test", 0.0))  # type: ignore[arg-type]
    assert session.is_open and session.patient is patient
    session.push(RenameChain("c1", "x"))
    assert session.history is not None and session.history.count == 1
    session.close()
    assert store.closed and not session.is_open and session.history is None
    assert events == ["opened", "closed"]
    session.close()  # closing twice is harmless
    assert events == ["opened", "closed"]


def test_display_options_follow_the_settings() -> None:
    settings = SimpleNamespace(
        lane_grouping="organ system",
        show_negatives=True,
        show_singletons=False,
        min_chain_length=3,
        palette="tol-bright",
        font_size=12,
    )
    opts = DisplayOptions.from_settings(settings, x_mode="order")
    assert opts.filters() == {
        "singletons": False,
        "min_length": 3,
        "group_by": "system",
        "negatives": True,
    }
    assert opts.x_mode == "order" and opts.font_pt == 12
    with pytest.raises(ValueError):
        DisplayOptions(x_mode="sideways")


def test_run_spec_defaults_come_from_the_registry_alone() -> None:
    spec = RunSpec()
    assert spec.linker_name == default_name("linker")
    assert spec.extractor_name == default_name("extractor")
    assert spec.label == f"{default_name('extractor')} + {default_name('linker')}"
    other = next(name for name in LINKERS if name != default_name("linker"))
    assert RunSpec(linker=other).linker_name == other
    from radtrack_gui.settings import Settings

    assert Settings().run_spec() == spec
    assert Settings(linker="no such linker").run_spec().linker_name == default_name("linker")


def test_session_layer_imports_no_qt() -> None:
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys; import radtrack_gui.session, radtrack_gui.session.session; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
