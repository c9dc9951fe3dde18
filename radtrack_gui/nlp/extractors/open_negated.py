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

Ported from wb-mentions10's reading of the same construction (wb-negated2): the negation
reaches the later items of its list ("no wall thickening or septations": both absent) after
"or"/"nor" within ``LIST_REACH`` words, not a list of sites ("no fracture of the fibula,
femur, or patella"), not past a clause end; no technique, phase, procedure, bedside symptom,
report word, verb, degree or procedure word heads a negated phrase, nor
one holding an artefact word or running past a preposition; the span keeps the describing words before the head ("no
isthmic lysis" -> "isthmic lysis"), never a determiner, degree or word of seeing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, count

from radtrack_gui.nlp.extractors.open_frames import SEEN
from radtrack_gui.nlp.extractors.open_patterns import DEGREE, NOT_NOMINAL, head_concept

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
        # the exam's technique and phases, procedures and treatments, history, bedside
        # symptoms, report words and verbs a phrase may end on ("without contrast indicates")
        *("technique", "techniques", "sequence", "phase", "phases", "exam", "exams"),
        *("examinations", "studies", "images", "biopsy", "biopsies", "surgery", "surgeries"),
        *("therapy", "treatment", "anticoagulation", "consent", "discussion", "history"),
        *("symptom", "fever", "diarrhea", "diarrhoea", "difference", "differences"),
        *("indications", "extension", "caliber", "calibre", "comparison", "prior", "priors"),
        *("indicates", "indicate", "correspond", "corresponds", "suggests", "remains"),
        *("recent", "diffuse", "solid", "distinct"),
    }
)
# the image's own flaws: "no artifact distortions" says nothing of the patient
ARTEFACTS = frozenset({"artifact", "artifacts", "artefact", "artefacts"})
# prepositions ``ENDS`` lacks: a phrase holding one is two phrases, its head out of reach
PHRASE_BREAKS = frozenset({"after", "before", "during", "due", "following", "between", "near"})
# A negation reaches the later items of its list ("no wall thickening or septations") after
# "or"/"nor" up to LIST_REACH words after it, until its clause ends.
LIST_JOINS = frozenset({"or", "nor"})
LIST_REACH = 10
SCOPE_ENDS = frozenset({".", ";", ":", "but", "with", "however", "although", "while"})
_SCOPE_WORDS = NEGATORS | LIST_JOINS | SCOPE_ENDS  # the only tokens ``_openers`` looks at
# words the span starts after, going back from the head ("no other obvious deformation",
# "without a clearly delineable defect" -> "defect")
SPAN_SKIP = LEADING | frozenset(
    {
        *("any", "other", "recent", "further", "a", "an", "the", "detected", "convincing"),
        *("clear", "clearly", "delineable", "identifiable", "appreciable", "demonstrable"),
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


def _openers(toks: list[str], others_at: set[int] | frozenset[int]) -> list[tuple[int, bool]]:
    """(first word, opened by a negation) of each phrase a negation opens: right after "no" /
    "without", and after each "or"/"nor" of its list within ``LIST_REACH`` words before its
    clause ends, when the item before the join names no structure ("no fracture of the
    fibula, femur, or patella" lists sites)."""
    out: list[tuple[int, bool]] = []
    last = -1  # the latest negation whose scope is still open
    for i in compress(count(), map(_SCOPE_WORDS.__contains__, toks)):
        tok = toks[i]
        if tok in SCOPE_ENDS:
            last = -1
        elif tok in NEGATORS:
            last = i
            out.append((i + 1, True))
        elif tok in LIST_JOINS and last >= 0 and i - last <= LIST_REACH:
            k = i - 1 if toks[i - 1] != "," else i - 2
            if k > last and k not in others_at:
                out.append((i + 1, False))
    return out


def negated_heads(
    toks: list[str],
    is_head: Callable[[int], bool],
    covered: set[int],
    others_at: set[int] | frozenset[int] = frozenset(),
) -> dict[int, str]:
    """Token index -> token of the head noun of each phrase a negation opens (see the module
    docstring); ``is_head(k)``: ``toks[k]`` may head an open mention; ``covered``: tokens of
    table terms; ``others_at``: tokens of structure names and cues."""
    found: dict[int, str] = {}
    n = len(toks)
    for j, negation in _openers(toks, others_at):
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
        if not negated_head_ok(toks[last]) or "contrast" in toks[j:k] or not is_head(last):
            continue
        if not ARTEFACTS.isdisjoint(toks[j:k]) or not PHRASE_BREAKS.isdisjoint(toks[j:k]):
            continue  # an artefact; a phrase running past a preposition ("deficiency after")
        if negation and k < n and toks[k] in COORDINATED and not toks[last].endswith("s"):
            continue  # "No solid or cystic mass": a modifier shared with the next word
        found.setdefault(last, toks[last])
    return found


def negated_head_ok(tok: str) -> bool:
    """``tok`` may head an absent open finding: no symptom, circumstance or technique of the
    exam (``NOT_OBSERVED``), procedure noun (``open_patterns.NOT_NOMINAL``) or degree word
    (an image property may: "without posterior signal attenuation")."""
    return not (tok in NOT_OBSERVED or tok in NOT_NOMINAL or tok in DEGREE)


def phrase_start(toks: list[str], head: int, floor: int) -> int:
    """The first word of the span ending at ``head``: back over describing words (not before
    ``floor``), never over a verb form in -ing, an adverb, a de-identified word ("XXXX"), a
    degree or ``SPAN_SKIP`` word."""
    k = head
    while k - 1 >= floor:
        tok = toks[k - 1]
        if not tok.isalpha() or tok in ENDS or tok in SPAN_SKIP or tok in DEGREE:
            break
        if tok in NEGATORS or tok in LIST_JOINS or tok.endswith(("ing", "ly")):
            break
        if len(set(tok.lower())) < 2:
            break  # "XXXX": a de-identified word
        k -= 1
    return k


def negated_templates(
    toks: list[str], heads: dict[int, str], held: set[int] | frozenset[int] = frozenset()
) -> list[tuple[int, int, str, str, str]]:
    """Templates ``(t0, t1, concept, "finding", term)`` of the negated ``heads``: the span
    from its first describing word to the head (``phrase_start``; not over a token of
    ``held``: another reading's span), the concept the span's words (``head_concept``)."""
    out = []
    for head in sorted(heads):
        t0 = phrase_start(toks, head, max(0, head - MAX_WORDS + 1))
        while t0 < head and not held.isdisjoint(range(t0, head)):
            t0 += 1
        term = " ".join(toks[t0 : head + 1])
        out.append((t0, head + 1, head_concept(term), "finding", term))
    return out


def may_negate(toks: list[str], concepts: Sequence[tuple[int, int, str]]) -> bool:
    """A cheap test for ``open_vocab.may_open``: some negation (or a later item of its list)
    opens a phrase that holds no table term (``concepts``: the sentence's table terms as
    (t0, t1, name)); False: ``negated_heads`` finds nothing in ``toks`` ("No pleural
    effusion": the table's mention)."""
    n = len(toks)
    for j, _ in _openers(toks, frozenset()):
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


def with_negated(
    out: list[tuple[int, int, str, str, str]], toks: list[str], heads: dict[int, str]
) -> list[tuple[int, int, str, str, str]]:
    """``out`` (another reading's templates) with the negated ``heads``' templates: a
    one-word template at a negated head gives way to the negated span ("no isthmic lysis"
    -> "isthmic lysis"), a head inside a longer template of ``out`` is left to it, and no
    negated span reaches into another template."""
    kept = [t for t in out if not (t[1] - t[0] == 1 and t[0] in heads)]
    held = {k for t0, t1, *_ in kept for k in range(t0, t1)}
    return kept + negated_templates(toks, {k: t for k, t in heads.items() if k not in held}, held)
