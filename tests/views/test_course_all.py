"""``chain_courses`` (every chain, the report lookups built once) gives what
``chain_course`` gives chain by chain, on the demo patient's stored-style chains."""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.formats.sources import read_patient
from radtrack_gui.views.course import chain_course, chain_courses

DEMO_GOLD = Path(__file__).resolve().parents[2] / "radtrack_gui/resources/samples/demo_patient_gold"


def test_chain_courses_equal_one_by_one() -> None:
    p = read_patient(DEMO_GOLD)
    assert len(p.chains) > 20
    one_by_one = [chain_course(p, cid) for cid in p.chains]
    assert chain_courses(p) == one_by_one
    assert any(len(c.events) > 2 for c in one_by_one)  # courses over several reports
    some = list(p.chains)[5:9]
    assert chain_courses(p, some) == [chain_course(p, cid) for cid in some]
    # the mentions in report order: a reversed report list reverses a course
    p.reports.reverse()
    moved = next(c for c in one_by_one if len(c.events) > 2)
    again = chain_courses(p, [moved.chain])[0]
    assert [e.report for e in again.events] == [e.report for e in reversed(moved.events)]
