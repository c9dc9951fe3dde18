"""The phase of a finding in one report (round 4, GUIDELINE 1 and 9): "no early signs of
ischemia" and "no subacute infarct demarcation" are two statements of a checklist, not one
negative told twice, and an acute and a chronic infarct named in one report are two
infarcts. Across reports a finding ages (an acute infarct is the later chronic one), so
phases never split a chain across reports."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo

# Phase words and their phase; "hyperacute" is acute, "old" and "remote" chronic.
PHASES = {
    "hyperacute": "acute",
    "acute": "acute",
    "early": "early",
    "subacute": "subacute",
    "chronic": "chronic",
    "old": "chronic",
    "remote": "chronic",
    "sequelae": "chronic",
}


def _phases(m: MentionInfo) -> frozenset[str]:
    return frozenset(PHASES[t] for t in m.tokens if t in PHASES)


def phase_conflict(a: MentionInfo, b: MentionInfo) -> str | None:
    """Two mentions of one report whose own words name phases and share none."""
    if a.report != b.report:
        return None
    pa, pb = _phases(a), _phases(b)
    if pa and pb and not pa & pb:
        return f"{'/'.join(sorted(pa))} vs {'/'.join(sorted(pb))} in one report: two findings"
    return None
