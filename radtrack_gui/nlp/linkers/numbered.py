"""Items of one numbered list are findings told one by one (GUIDELINE 4 and 10; round 9).

A report that numbers its conclusion ("1. Cholelithiasis. 2. Phlebolith in the right hemipelvis.
3. Aortic atherosclerosis.") gives each finding its own item: two findings of one section in
two items of one list are two chains, however their concepts relate (a calcification of the
pelvis is not the aorta's atherosclerosis). Restatements cross sections, so a finding of the findings section and its
item in the conclusion are untouched; two findings of one item are left to the other rules.
"""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.text import item_number


def _item(m: MentionInfo) -> tuple[int, int] | None:
    """(where its list item starts, its number) when the mention's line is a numbered item."""
    if m.ctx is None or not m.ctx.text:
        return None
    text = m.ctx.text
    line = text.rfind("\n", 0, m.ctx.start) + 1
    number = item_number(text, line)
    return None if number is None else (line, number)


def other_items(a: MentionInfo, b: MentionInfo) -> str | None:
    """Why two findings of one section are two (module doc), or None."""
    if a.report != b.report or DEVICE in (a.type, b.type) or a.section != b.section:
        return None
    x, y = _item(a), _item(b)
    if x is None or y is None or x[1] == y[1]:
        return None
    return f"items {x[1]} and {y[1]} of one numbered list"
