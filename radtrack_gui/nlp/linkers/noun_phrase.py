"""The words right before a mention that modify its own noun ("consistent with acute edematous
interstitial pancreatitis"): they describe the diagnosis, they name no other finding in the
reading's way. A run of plain words (no comma, conjunction, preposition or article) directly
before the mention is its noun phrase; ``before_modifiers`` drops it from a stretch of text
that ends at the mention, so that a reading word's check for "another finding named between"
looks only at what lies before the noun phrase ("consistent with edema and pancreatitis"
still names edema: "and" ends the run)."""

from __future__ import annotations

import re

# words that end a noun phrase's run of modifiers (leftwards)
_BREAK = frozenset(
    {
        *("and", "or", "nor", "with", "without", "of", "in", "on", "at", "to", "from", "by"),
        *("the", "a", "an", "this", "these", "that", "those", "its", "their", "as", "than"),
        *("is", "are", "was", "were", "be", "been", "not", "no", "but", "also", "for"),
    }
)
_TAIL_WORD = re.compile(r"([A-Za-z][A-Za-z'\-]*)\s*$")
MAX_MODIFIERS = 4


def before_modifiers(text: str) -> str:
    """``text`` (ending right before a mention) without the run of at most ``MAX_MODIFIERS``
    plain words that ends it ("with acute edematous interstitial " -> "with ")."""
    rest = text
    for _ in range(MAX_MODIFIERS):
        hit = _TAIL_WORD.search(rest)
        if hit is None or hit.group(1).lower() in _BREAK:
            break
        rest = rest[: hit.start()]
    return rest


# "with a lamellar and ground-glass appearance", "showing a reticular pattern": the look of the
# finding before it, named by the words of other findings, not another finding
_APPEARANCE = re.compile(
    r"\b(?:with|showing|having|of)\s+(?:an?\s+|the\s+)?(?:[A-Za-z\-]+\s+){0,5}?"
    r"(?:appearance|pattern|configuration|morphology|aspect)\b",
    re.IGNORECASE,
)


def without_appearance(text: str) -> str:
    """``text`` without the phrases that give a finding's look ("... with a lamellar and
    ground-glass appearance" -> "..."): the words inside name how it looks, no other finding."""
    return _APPEARANCE.sub(" ", text)
