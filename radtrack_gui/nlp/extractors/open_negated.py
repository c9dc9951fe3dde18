"""Observations said absent that no table names (issue #18 §1 open vocabulary; GUIDELINE rule
7: negated mentions are mentions): "without retropulsion", "no isthmic lysis", "without
compartmentalization", "no convexity detachment".

"no" and "without" assert that what follows was looked for and not found: the noun phrase
after them (up to its head, the last word before a preposition, conjunction, verb or
punctuation: ``open_vocab``'s head reading) is a finding, said absent by the negation like
any other; so is the phrase after "or"/"nor" later in the negated list ("no wall thickening
or septations"). The span is the phrase from its first describing word to its head ("isthmic
lysis"), without degree and quantity words ("no significant deformation" -> "deformation").

Its concept is the span's words, the last one singular ("isthmic lysis"), as the other open
readings name a concept by its words.

Never a mention: what the head reading refuses (structure names, report and procedure words,
table terms: the table's mention stands), the technique's and the history's words ("without
contrast injection", "no prior data", "no trauma"), the procedure nouns of
``open_patterns.NOT_NOMINAL``, degree words.
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.open_frames import PROPERTY_NOUNS
from radtrack_gui.nlp.extractors.open_patterns import DEGREE, NOT_NOMINAL, head_concept
from radtrack_gui.nlp.extractors.open_vocab import head_after
from radtrack_gui.nlp.vocabulary import Vocabulary

NEGATING = frozenset({"no", "without"})
# heads after a negation that are no imaging observation: the exam's technique and phases,
# procedures and treatments, the patient's history, symptoms and signs at the bedside, report
# words, degree words, and verbs the head reading can end on ("without contrast indicates")
NOT_NEGATED = frozenset(
    {
        *("data", "medium", "agent", "technique", "techniques", "sequences", "sequence"),
        *("phase", "phases", "exams", "exam", "examinations", "studies", "images"),
        *("biopsy", "biopsies", "surgery", "surgeries", "therapy", "treatment"),
        *("anticoagulation", "consent", "discussion", "history", "trauma", "complaints"),
        *("symptoms", "symptom", "pain", "tenderness", "fever", "diarrhea", "diarrhoea"),
        *("significance", "relevance", "differences", "difference", "recent", "diffuse"),
        *("solid", "distinct", "extension", "indications", "caliber", "calibre"),
        *("indicates", "indicate", "correspond", "corresponds", "suggests", "remains"),
        *("report", "reports", "comparison", "prior", "priors"),
    }
)
# the image's own flaws: "no artifact distortions" says nothing of the patient
ARTEFACTS = frozenset({"artifact", "artifacts", "artefact", "artefacts"})
# prepositions the head reading runs past: a phrase holding one is two phrases
PHRASE_BREAKS = frozenset({"after", "before", "during", "due", "following", "between", "near"})
# A negation reaches the later items of its list ("no wall thickening or septations",
# "without thickening or contrast affinity"): after "or"/"nor" up to LIST_REACH words on,
# until a clause ends.
LIST_JOINS = frozenset({"or", "nor"})
LIST_REACH = 10
SCOPE_ENDS = frozenset({".", ";", ":", "but", "with", "however", "although", "while"})
# words a phrase's span starts after ("no other obvious deformation")
SPAN_SKIP = frozenset(
    {
        *("any", "other", "obvious", "definite", "apparent", "recent", "further", "a", "an"),
        *("the", "visible", "detectable", "discernible", "detected", "convincing", "clearly"),
        *("clear", "delineable", "identifiable", "appreciable", "demonstrable", "evident"),
    }
)


def may_negate(toks: list[str]) -> bool:
    """A cheap gate: the sentence holds "no" or "without"."""
    return not NEGATING.isdisjoint(toks)


def _list_of_findings(toks: list[str], join: int, others_at: set[int]) -> bool:
    """The item before the join at ``join`` is no structure's name ("no fracture of the
    fibula, femur, or patella" lists sites, not findings)."""
    k = join - 1
    if k >= 0 and toks[k] == ",":
        k -= 1
    return k >= 0 and k not in others_at


def negated_head_ok(tok: str) -> bool:
    """``tok`` may head an absent open finding (see the module's docstring)."""
    return (
        tok not in NOT_NOMINAL
        and tok not in NOT_NEGATED
        and tok not in DEGREE
        and tok not in PROPERTY_NOUNS
    )


def phrase_start(toks: list[str], j: int, head: int) -> int:
    """The first word of the span ending at ``head`` (the phrase opens at ``j``): back from the
    head over describing words, not over a verb form ("foci suggesting neoplasia"), a degree
    or ``SPAN_SKIP`` word."""
    k = head
    while (
        k - 1 >= j
        and toks[k - 1].isalpha()
        and not toks[k - 1].endswith("ing")
        and toks[k - 1] not in SPAN_SKIP
        and toks[k - 1] not in DEGREE
    ):
        k -= 1
    return k


def negated_mentions(
    v: Vocabulary, toks: list[str], covered: set[int], others_at: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """The sentence's open absent findings as templates ``(t0, t1, concept, "finding",
    term)`` (``covered``: tokens of table terms; ``others_at``: of structures and cues)."""
    out: list[tuple[int, int, str, str, str]] = []
    last = -1  # the latest negation whose scope is still open
    for i, tok in enumerate(toks):
        if tok in SCOPE_ENDS:
            last = -1
            continue
        if tok in NEGATING:
            last, opens = i, i + 1
        elif tok in LIST_JOINS and last >= 0 and i - last <= LIST_REACH:
            opens = i + 1  # the next item of the negated list ("no A or B")
        else:
            continue
        if tok in LIST_JOINS and not _list_of_findings(toks, i, others_at):
            continue
        head = head_after(v, toks, opens, covered, others_at)
        if head is None or not negated_head_ok(toks[head]):
            continue
        if not PHRASE_BREAKS.isdisjoint(toks[opens:head]) or not ARTEFACTS.isdisjoint(
            toks[opens:head]
        ):
            continue  # the phrase runs on past a preposition ("deficiency after delivery")
        t0 = phrase_start(toks, opens, head)
        term = " ".join(toks[t0 : head + 1])
        out.append((t0, head + 1, head_concept(term), "finding", term))
    return out
