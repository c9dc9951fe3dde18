"""Places along the spine (issue #18 §2, GUIDELINE 1, 9 and 10; round 4).

A spinal level ("l4-l5", "c3", the anatomy table's disc spaces and vertebrae) names WHERE on a
structure that runs the spine's length (the discs, the vertebrae, the canal, the foramina, the
facet joints): "global disc protrusion" under an "L4-L5" heading restated as "disc protrusion
at L4-L5" is one finding whose level is given once, not a disc against a level. Two levels
stay apart by ``levels.level_conflict``; a level and another structure of the spine (the
sacrum, the coccyx, the paraspinal soft tissues) stay apart as before.

Lists and ranges of levels ("L3 and L5", "from L2 to L5", "L1-L2 to L3-L4", "C3, T6-T7, T8")
name every level they cover, so a finding at L3 and L5 is not the one of the sacrum or of L4.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.restatement import concluding

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# The anatomy table's names of a disc space ("l4-l5", "l5-s1") or a vertebra ("l3", "c7").
SPINAL_LEVEL = re.compile(r"^[ctls]\d{1,2}(?:-[ctls]\d{1,2})?$")
# Structures that run the spine's length (the table's names): a level says where on them.
COLUMN = frozenset(
    {
        *("spine", "cervical spine", "thoracic spine", "lumbar spine", "intervertebral discs"),
        *("spinal canal", "neural foramina", "facet joints", "vertebral bodies"),
        *("cervical vertebra", "thoracic vertebra", "lumbar vertebra"),
        *("cervical vertebral body", "thoracic vertebral body", "lumbar vertebral body"),
    }
)
_REGION = {"c": "cervical spine", "t": "thoracic spine", "l": "lumbar spine", "s": "lumbar spine"}


def level_on_column(x: str, y: str, v: Vocabulary) -> bool:
    """One site is a spinal level, the other a structure along the spine named without one,
    in the level's part of the spine ("intervertebral discs" / "l4-l5"; not "cervical spine"
    / "l4-l5", not "sacrum" / "l4-l5")."""
    for level, other in ((x, y), (y, x)):
        if SPINAL_LEVEL.match(level) and other in COLUMN and not SPINAL_LEVEL.match(other):
            region = _REGION[level[0]]
            parts = ("cervical", "thoracic", "lumbar")
            named = next((p for p in parts if other.startswith(p)), None)
            return named is None or region.startswith(named)
    return False


def concluded_whole(part: MentionInfo, whole: MentionInfo) -> bool:
    """GUIDELINE 9: a finding of the findings at a part of an organ ("... in segment VII:
    cystic metastases?") restated in the impression at the organ ("hepatic ... cystic
    metastases"), in the same concept: the part given once applies to both. Not two
    statements of one section (a lesion of segment VII and another of the liver), not
    across reports (GUIDELINE 2)."""
    return (
        part.report == whole.report
        and part.concept is not None
        and part.concept == whole.concept
        and concluding(whole.section)
        and not concluding(part.section)
    )


# A finding with no level of its own whose sentence names the spine's vertebrae or levels as
# a whole ("osteophytes of lumbar vertebrae", "multilevel degenerative disc disease", "at
# several levels") is about the whole column: not the finding at one level (GUIDELINE 2; the
# level given once applies only to a finding said once, GUIDELINE 9). Round 6.
MULTI = "span:multilevel"
WHOLE_COLUMN = re.compile(
    r"\b(?:multi-?levels?|multiple\s+(?:spinal\s+)?levels|several\s+levels|all\s+levels"
    r"|(?:cervical|thoracic|dorsal|lumbar)\s+vertebrae|vertebral\s+bodies\s+of\s+the\s+"
    r"(?:cervical|thoracic|lumbar)\s+spine|throughout\s+the\s+(?:cervical|thoracic|lumbar)"
    r"\s+spine)\b",
    re.IGNORECASE,
)


def whole_column_conflict(a: frozenset[str], b: frozenset[str]) -> tuple[str, str] | None:
    """One finding about the whole column (``MULTI``) and one at a spinal level only."""
    for x, y in ((a, b), (b, a)):
        if MULTI in x and MULTI not in y and any(":" not in level for level in y):
            return MULTI, "/".join(sorted(level for level in y if ":" not in level))
    return None


# -- lists and ranges of levels --------------------------------------------------------------
_ONE = r"[CTLS]\d{1,2}"
_LEVEL_OR_PAIR = rf"{_ONE}(?:\s*-\s*{_ONE})*"
# "L3 and L5", "C3, T6-T7, T8, and T11-T12-L1": a list of two or more levels.
_LIST = re.compile(
    rf"\b{_LEVEL_OR_PAIR}(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|or)\s+){_LEVEL_OR_PAIR})+\b(?!-)"
)
# "from L2 to L5", "L1-L2 to L3-L4", "L2 through L5": a range.
_RANGE = re.compile(
    rf"\b(?:from\s+)?({_ONE})(?:\s*-\s*({_ONE}))?\s+(?:to|through|until)\s+({_ONE})"
    rf"(?:\s*-\s*({_ONE}))?\b",
    re.IGNORECASE,
)
# An MR sequence, not a level: "T1 and T2 sequences", "T2 and T1 weighted".
_SEQUENCE_AFTER = re.compile(
    r"\s*(?:-?\s*weighted|signal|sequences?|images?|hyper|hypo|iso|FLAIR|STIR|fat|\*)",
    re.IGNORECASE,
)
_LEVEL_BEFORE = re.compile(r"\b(?:at|of|to|from|levels?|vertebrae?|bodies)\s*$", re.IGNORECASE)
# The sacrum named as a whole ("sacral segments", "the sacrum"): its five vertebrae.
_SACRUM = re.compile(r"\bsacr(?:um|al)\b(?![\s-]*iliac)", re.IGNORECASE)
_ORDER = "ctls"
_COUNT = {"c": 7, "t": 12, "l": 5, "s": 5}


def _index(level: str) -> int | None:
    """The position of a vertebra along the spine (C1 = 0 ... S5)."""
    kind, n = level[0].lower(), int(level[1:])
    if kind not in _COUNT or not 1 <= n <= _COUNT[kind]:
        return None
    return sum(_COUNT[k] for k in _ORDER[: _ORDER.index(kind)]) + n - 1


def _name(i: int) -> str:
    for k in _ORDER:
        if i < _COUNT[k]:
            return f"{k}{i + 1}"
        i -= _COUNT[k]
    return ""


def _pair(a: str, b: str) -> str:
    """The level name ``levels.levels`` gives a disc space ("l4-5", "l5-s1", "t12-l1")."""
    return f"{a}-{b[1:]}" if a[0] == b[0] else f"{a}-{b}"


def listed_levels(
    text: str, start: int = 0, end: int | None = None, limit: int | None = None
) -> frozenset[str]:
    """Every level a list or range in ``text[start:end]`` covers, named as ``levels.levels``
    names them ("l3", "t6-7", "l5-s1"); a range of vertebrae covers the vertebrae and the disc
    spaces between them ("from L2 to L5": l2 ... l5, l2-3 ... l4-5), a range of disc spaces
    the disc spaces ("L1-L2 to L3-L4": l1-2, l2-3, l3-4); the sacrum named as a whole is
    s1 ... s5. Only matches starting before ``limit``; not MR sequences ("T1 and T2")."""
    hi = len(text) if end is None else end
    stop = hi if limit is None else limit
    out: set[str] = set()
    for m in _SACRUM.finditer(text, start, hi):
        if m.start() < stop:
            out.update(f"s{n}" for n in range(1, 6))
    for m in _RANGE.finditer(text, start, hi):
        if m.start() >= stop:
            continue
        first, second, third, fourth = (g.lower() if g else None for g in m.groups())
        i, j = _index(first or ""), _index(fourth or third or "")
        if i is None or j is None or not i < j <= i + 12:
            continue
        discs = second is not None and fourth is not None
        for k in range(i, j):
            out.add(_pair(_name(k), _name(k + 1)))
        if not discs:
            out.update(_name(k) for k in range(i, j + 1))
    for m in _LIST.finditer(text, start, hi):
        if m.start() >= stop or _sequence(text, m):
            continue
        for item in re.findall(rf"{_ONE}(?:\s*-\s*{_ONE})*", m.group(0)):
            names = [x.lower() for x in re.findall(_ONE, item)]
            if len(names) == 1:
                out.add(names[0])
            else:
                out.update(_pair(p, q) for p, q in pairwise(names))
    return frozenset(out)


def _sequence(text: str, m: re.Match[str]) -> bool:
    """A list of T1/T2 only is an MR sequence unless a level word stands before it."""
    items = {x.upper() for x in re.findall(_ONE, m.group(0))}
    if not items <= {"T1", "T2"}:
        return False
    return bool(_SEQUENCE_AFTER.match(text, m.end())) or not _LEVEL_BEFORE.search(
        text[max(0, m.start() - 16) : m.start()]
    )


# the spine's regions: two of them are two places, whatever a finding there is attached to
_REGIONS = frozenset({"cervical spine", "thoracic spine", "lumbar spine"})
_WITH = re.compile(r"\b(?:with|showing|including|in\s+the\s+form\s+of)\b", re.IGNORECASE)
_END = re.compile(r";|\.(?!\d)|\n")


def column_signs(a: MentionInfo, b: MentionInfo) -> bool:
    """A finding of the spine and, attached to it in its sentence, the same process at the
    structures that run the spine's length ("degenerative changes in the thoracic spine,
    with marginal osteophytes on the vertebral bodies and vacuum phenomenon in the discs"):
    how the report shows it, one finding (GUIDELINE 2). Not two regions of the spine
    ("... in the cervical spine, with similar changes in the lumbar spine"), not another
    concept, not across a sentence."""
    first, second = (a, b) if a.order <= b.order else (b, a)
    fc, sc = first.ctx, second.ctx
    if fc is None or sc is None or a.report != b.report or fc.sentence != sc.sentence:
        return False
    if not (first.site in COLUMN and second.site in COLUMN) or fc.end > sc.start:
        return False
    if not set(first.concept_line) & set(second.concept_line):
        return False
    x, y = first.site, second.site
    if x in _REGIONS and y in _REGIONS:
        return x == y
    for part, whole in ((x, y), (y, x)):
        named = next((r for r in _REGIONS if part.startswith(r.split()[0])), None)
        if whole in _REGIONS and named is not None and named != whole:
            return False  # "cervical vertebral body" is no part of the thoracic spine
    between = fc.text[fc.end : sc.start]
    return len(between) <= 240 and not _END.search(between) and bool(_WITH.search(between))


_PAIR = re.compile(r"^([ctls])(\d{1,2})-([ctls])?(\d{1,2})$")


def spanned_levels(level: str) -> frozenset[str]:
    """A hyphenated pair of vertebrae that are not neighbours is a range, not a disc space
    (round 5): "L3-L5" covers l3, l4, l5 and the disc spaces l3-4, l4-5; "T10-L1" the
    vertebrae and disc spaces from T10 to L1. A disc space ("L4-L5", "T12-L1") or anything
    else gives nothing more."""
    m = _PAIR.match(level)
    if m is None:
        return frozenset()
    first = f"{m.group(1)}{int(m.group(2))}"
    last = f"{m.group(3) or m.group(1)}{int(m.group(4))}"
    i, j = _index(first), _index(last)
    if i is None or j is None or not i + 1 < j <= i + 12:
        return frozenset()
    out = {_name(k) for k in range(i, j + 1)}
    out.update(_pair(_name(k), _name(k + 1)) for k in range(i, j))
    return frozenset(out)
