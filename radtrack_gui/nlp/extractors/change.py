"""Course words (new, increased, stable, resolved; inserted, removed, repositioned...)
attached to the mention they describe."""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.extractors.candidates import Cand

FINDING_CHANGES = frozenset(
    {"new", "increased", "decreased", "stable", "resolved", "improved", "worsened"}
)
DEVICE_CHANGES = frozenset(
    {"inserted", "removed", "withdrawn", "advanced", "repositioned", "stable"}
)
TO_DEVICE = {"new": "inserted", "resolved": "removed"}
TO_FINDING = {"removed": "resolved", "inserted": "new"}
CHANGE_PRE_WINDOW, CHANGE_POST_WINDOW = 5, 7


def change_of(
    c: Cand, changes: list[tuple[int, int, str]], term_mark: list[bool], toks: list[str]
) -> str | None:
    """The nearest course word: before the mention within its phrase (no comma between),
    or after it in its clause ("effusion, unchanged")."""
    best: tuple[int, str] | None = None
    for t0, t1, value in changes:
        if t1 <= c.t0:
            dist = c.t0 - t1
            if dist > CHANGE_PRE_WINDOW or any(term_mark[t1 + 1 : c.t0]) or "," in toks[t1 : c.t0]:
                continue
        elif t0 >= c.t1:
            dist = t0 - c.t1
            if dist > CHANGE_POST_WINDOW or any(term_mark[c.t1 : t0]):
                continue
        else:
            continue
        if c.type == DEVICE:
            value = TO_DEVICE.get(value, value)
            if value not in DEVICE_CHANGES:
                continue
        else:
            value = TO_FINDING.get(value, value)
            if value not in FINDING_CHANGES:
                continue
        if best is None or dist < best[0]:
            best = (dist, value)
    return best[1] if best else None
