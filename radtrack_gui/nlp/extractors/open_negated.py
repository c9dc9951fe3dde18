"""A negated noun phrase of the open vocabulary (issue #18 §1): "No X" / "without X" says an
observation X is absent, so X's head noun is a finding (assertion absent) even when no table
names it ("No malformations or masses", "without calcified macroliths", "no irregularities",
"No paramagnetic ring detected").

The phrase runs from the word after the negation to its last word before a phrase end (a
preposition, conjunction, verb, participle of seeing or punctuation), at most ``MAX_WORDS``
words; its last word is the head when ``open_heads.is_head`` admits it (no structure name,
report or property word, no adjective or participle form, no table term in the phrase: the
table's mention stands). Not after "no longer / no more / no other ...", nor when the head
names a symptom or a circumstance of the exam rather than an observation ("no pain was noted",
"without difficulty", "without contrast injection"), nor when a singular word stands before
"or"/"and" ("No solid or cystic mass": a modifier the next word shares).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, count

from radtrack_gui.nlp.extractors.open_frames import SEEN

NEGATORS = frozenset({"no", "without"})
# words of seeing or degree right after the negation that the phrase starts after ("no visible
# twisting", "without evident deformation")
LEADING = frozenset(
    {"visible", "evident", "obvious", "definite", "detectable", "apparent", "discernible"}
)
MAX_WORDS = 4
# words right after the negation that make it no negated observation
NOT_AFTER = frozenset(
    {
        *("longer", "more", "other", "further", "later", "earlier", "prior", "previous"),
        *("sooner", "less", "fewer", "one", "doubt", "question", "comparison"),
    }
)
# words that end the phrase
ENDS = SEEN | frozenset(
    {
        *("of", "in", "at", "on", "with", "within", "without", "from", "to", "into", "along"),
        *("and", "or", "but", "versus", "vs", "is", "are", "was", "were", "has", "have"),
        *("which", "that", "since", "than", "as", "for", "by", "intra", "peri", "para"),
        *("detectable", "present", "found", "recognizable", "discernible", "apparent"),
        *("could", "can", "may", "be", "this", "these", "here", "there", "anymore"),
    }
)
# heads that name a symptom, a circumstance of the exam or a reason, not an observation
NOT_OBSERVED = frozenset(
    {
        *("pain", "tenderness", "discomfort", "symptoms", "complaints", "need", "needs"),
        *("difficulty", "difficulties", "problems", "problem", "access", "data", "delay"),
        *("information", "records", "report", "reports", "sedation", "anesthesia"),
        *("anaesthesia", "preparation", "premedication", "medication", "cooperation"),
        *("sign", "signs", "correlate", "correlation", "indication", "reason", "doubt"),
        *("result", "results", "answer", "response", "limitations", "restrictions"),
        *("trauma", "significance", "relevance", "consequence", "consequences"),
        # how the exam was done ("without intravenous contrast injection")
        *("injection", "administration", "agent", "medium", "media", "application"),
        *("enema", "opacification", "preparation", "contrast", "gadolinium", "sequences"),
        # people ("describes no real patient", "no other person")
        *("patient", "patients", "person", "persons", "people", "subject", "subjects"),
        *("individual", "child", "children", "man", "woman", "adult", "relative"),
    }
)
COORDINATED = frozenset({"or", "and", ","})
# words in -ing that are no observation where an asserting or negating frame may read a noun in
# -ing as one ("no twisting", "kinking is noted", "spectral broadening is seen")
NOT_GERUNDS = frozenset(
    {
        *("during", "including", "following", "according", "regarding", "concerning"),
        *("remaining", "corresponding", "surrounding", "underlying", "increasing"),
        *("decreasing", "existing", "pending", "ongoing", "imaging", "staging", "scanning"),
        *("setting", "recording", "reading", "rendering", "processing", "positioning"),
        *("morning", "evening", "string", "spring", "monitoring", "planning", "referring"),
        *("scheduling", "warning", "training", "testing", "sampling", "mapping", "timing"),
        *("breathing", "swallowing", "fasting", "eating", "drinking", "smoking", "walking"),
    }
)


def gerund_ok(toks: list[str], k: int, covered: set[int]) -> bool:
    """``toks[k]`` may be a noun in -ing naming an observation: long enough, not "something",
    not one of ``NOT_GERUNDS``, and not the course of a table's finding named right after it
    ("a deepening of the atrophy": the atrophy is the mention; "deepening of the sulci" is
    one)."""
    tok = toks[k]
    if len(tok) < 7 or tok.endswith("thing") or tok in NOT_GERUNDS:
        return False
    if k + 1 < len(toks) and toks[k + 1] == "of":
        return covered.isdisjoint(range(k + 2, k + 6))
    return True


def negated_heads(
    toks: list[str], is_head: Callable[[int], bool], covered: set[int]
) -> dict[int, str]:
    """Token index -> token of the head noun of each phrase a negation opens (see the module
    docstring); ``is_head(k)``: ``toks[k]`` may head an open mention; ``covered``: tokens of
    table terms."""
    found: dict[int, str] = {}
    n = len(toks)
    for i in compress(count(), map(NEGATORS.__contains__, toks)):
        j = i + 1
        if j < n and toks[j] in LEADING:
            j += 1
        if j >= n or toks[j] in NOT_AFTER:
            continue
        last = None
        k = j
        while k < n and k - j < MAX_WORDS:
            tok = toks[k]
            if k in covered:
                last = None
                break  # a table term in the phrase: its mention stands
            if tok in ENDS or not tok[0].isalpha():
                break
            last = k
            k += 1
        if last is None or (k < n and toks[k] == "-"):
            continue  # the phrase runs on inside a hyphenated word
        if k - j == MAX_WORDS and k < n and toks[k][0].isalpha() and toks[k] not in ENDS:
            continue  # a longer phrase: its head is beyond reach
        if toks[last] in NOT_OBSERVED or "contrast" in toks[j:k] or not is_head(last):
            continue
        if k < n and toks[k] in COORDINATED and not toks[last].endswith("s"):
            continue  # "No solid or cystic mass": a modifier shared with the next word
        found.setdefault(last, toks[last])
    return found


def may_negate(toks: list[str], concepts: Sequence[tuple[int, int, str]]) -> bool:
    """A cheap test for ``open_vocab.may_open``: some negation opens a phrase that holds no
    table term (``concepts``: the sentence's table terms as (t0, t1, name)); False:
    ``negated_heads`` finds nothing in ``toks`` ("No pleural effusion": the table's mention)."""
    n = len(toks)
    for i in compress(count(), map(NEGATORS.__contains__, toks)):
        j = i + 1
        if j < n and toks[j] in LEADING:
            j += 1
        if j >= n or toks[j] in NOT_AFTER or not toks[j][0].isalpha():
            continue
        k = j
        while k < n and k - j < MAX_WORDS and toks[k] not in ENDS and toks[k][0].isalpha():
            k += 1
        if not any(t0 < k and j < t1 for t0, t1, _ in concepts):
            return True
    return False
