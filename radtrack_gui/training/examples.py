"""BIO-labelled sentence examples from the mentions of annotated reports.

Each sentence (``nlp.text.sentences``) is one example, cut like the extractor cuts it
(``extractors.neural.chunks``) so that training and extraction see the same inputs. A word
(``nlp.text.TOKEN_RE``) overlapping a mention is tagged with the mention's type, B- on the
mention's first word and I- on the others; where mentions overlap, the earlier (then the
longer) one keeps the words. Only a word's first sub-word carries its label.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.nlp.extractors.neural import IGNORE, LABELS, TAG_OF, chunks


@dataclass(frozen=True)
class Example:
    ids: tuple[int, ...]
    labels: tuple[int, ...]

    @property
    def tagged(self) -> bool:
        return any(x > 0 for x in self.labels)


def word_tags(words: list[tuple[int, int]], mentions: list[Mention]) -> list[str]:
    """The BIO tag of each word span for the given mentions (of the same text)."""
    tags = ["O"] * len(words)
    if not mentions or not words:
        return tags
    lo, hi = words[0][0], words[-1][1]
    for m in sorted(mentions, key=lambda m: (m.start, -(m.end - m.start))):
        if m.end <= lo or m.start >= hi:
            continue
        kind = TAG_OF.get(m.type, "FINDING")
        inside = [k for k, (a, b) in enumerate(words) if a < m.end and m.start < b]
        free = [k for k in inside if tags[k] == "O"]
        if not free or free != inside:
            continue  # overlaps a mention that already has these words
        tags[free[0]] = f"B-{kind}"
        for k in free[1:]:
            tags[k] = f"I-{kind}"
    return tags


def report_examples(
    tokenizer: Any, reports: list[tuple[Report, list[Mention]]], max_length: int
) -> list[Example]:
    """Examples of every sentence of the reports (with their gold mentions)."""
    index = {label: i for i, label in enumerate(LABELS)}
    out: list[Example] = []
    for c in chunks(tokenizer, [r.text or "" for r, _ in reports], max_length):
        tags = word_tags(c.words, reports[c.report][1])
        labels = tuple(index[tags[w]] if w >= 0 else IGNORE for w in c.first)
        out.append(Example(tuple(c.ids), labels))
    return out


def patient_reports(patients: list[Patient]) -> list[tuple[Report, list[Mention]]]:
    return [(r, p.mentions_of(r.id)) for p in patients for r in p.reports]


def select(examples: list[Example], limit: int, seed: int) -> list[Example]:
    """Distinct examples (templated reports repeat sentences), at most ``limit`` of them,
    in a seeded random order."""
    unique = list(dict.fromkeys(examples))
    rng = random.Random(seed)
    rng.shuffle(unique)
    return unique[:limit] if limit > 0 else unique
