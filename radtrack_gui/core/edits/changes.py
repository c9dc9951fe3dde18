"""What an edit changed (``Changes``, so views refresh only that) and new ids."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from radtrack_gui.util.natsort import natural_key


# -- the change record ----------------------------------------------------------------
@dataclass
class Changes:
    """What an edit changed. ``everything`` means: refresh all views."""

    chains_added: set[str] = field(default_factory=set)
    chains_removed: set[str] = field(default_factory=set)
    chains_changed: set[str] = field(default_factory=set)
    mentions_added: set[str] = field(default_factory=set)
    mentions_removed: set[str] = field(default_factory=set)
    mentions_changed: set[str] = field(default_factory=set)
    everything: bool = False

    @classmethod
    def all(cls) -> Changes:
        return cls(everything=True)

    def __bool__(self) -> bool:
        return self.everything or any(
            (
                self.chains_added,
                self.chains_removed,
                self.chains_changed,
                self.mentions_added,
                self.mentions_removed,
                self.mentions_changed,
            )
        )

    @property
    def chains(self) -> set[str]:
        """Every chain id named (added, removed or changed)."""
        return self.chains_added | self.chains_removed | self.chains_changed

    @property
    def mentions(self) -> set[str]:
        return self.mentions_added | self.mentions_removed | self.mentions_changed

    def merge(self, later: Changes) -> Changes:
        """The net change of ``self`` followed by ``later`` (a new object)."""
        ca, cr, cc = _net(
            self.chains_added,
            self.chains_removed,
            self.chains_changed,
            later.chains_added,
            later.chains_removed,
            later.chains_changed,
        )
        ma, mr, mc = _net(
            self.mentions_added,
            self.mentions_removed,
            self.mentions_changed,
            later.mentions_added,
            later.mentions_removed,
            later.mentions_changed,
        )
        return Changes(ca, cr, cc, ma, mr, mc, self.everything or later.everything)

    def inverse(self) -> Changes:
        """The change record of undoing this change."""
        return Changes(
            set(self.chains_removed),
            set(self.chains_added),
            set(self.chains_changed),
            set(self.mentions_removed),
            set(self.mentions_added),
            set(self.mentions_changed),
            self.everything,
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-able, lists sorted (for the edit log)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value if isinstance(value, bool) else sorted(value, key=natural_key)
        return out


def _net(
    a1: set[str], r1: set[str], c1: set[str], a2: set[str], r2: set[str], c2: set[str]
) -> tuple[set[str], set[str], set[str]]:
    added = (a1 - r2) | (a2 - r1)
    removed = (r1 - a2) | (r2 - a1)
    # Removed then added again, or changed in either step and still there: changed.
    changed = ((c1 | c2) | (r1 & a2)) - added - removed
    return added, removed, changed


# -- ids ------------------------------------------------------------------------------
def next_id(existing: Iterable[str], prefix: str) -> str:
    """``prefix`` + (largest number used with that prefix + 1), e.g. m41 after m40."""
    pat = re.compile(re.escape(prefix) + r"(\d+)$")
    top = 0
    for key in existing:
        m = pat.match(key)
        if m:
            top = max(top, int(m.group(1)))
    return f"{prefix}{top + 1}"
