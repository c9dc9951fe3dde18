"""A hedged finding answered by the report's own conclusion (GUIDELINE 9, round 6).

The findings raise a diagnosis as a possibility ("no abnormalities of the ventricles that
would suggest normal pressure hydrocephalus" is read as a possible hydrocephalus) and the
impression of the same report states it negative ("no ... normal pressure hydrocephalus"):
one question told twice, one chain. Only within one report, only a possible statement
before a negative one of the same concept, the negative in a concluding section and the
possible one outside it; across reports GUIDELINE 7 decides (a routine negative is its own
mention). Sites and sides still decide (``features.conflict``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.restatement import concluding

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo


def hedge_answered(first: MentionInfo, later: MentionInfo) -> bool:
    """``first`` (possible) is answered as absent by ``later`` in the same report's
    conclusion, with the same concept."""
    return (
        first.report == later.report
        and first.assertion == "possible"
        and later.assertion == "absent"
        and first.concept is not None
        and first.concept == later.concept
        and concluding(later.section)
        and not concluding(first.section)
    )
