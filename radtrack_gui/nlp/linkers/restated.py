"""Restatements of round 10 (wb-restate, issue #18 items 4 and 5; GUIDELINE 9).

``collective_negative``: a report's findings deny one thing after another ("No contusion.",
"No restriction of diffusion.", "No areas of abnormal signal.") and its conclusion sums them
up in one collective negative ("No traumatic lesions.", "No evidence of lesions in this
study."). The conclusion's negative restates each findings negative at its place (a negative
stated twice is one chain; a place given once applies to both) when

- one is in the findings (or an unheaded body) and the other in a concluding section of the
  same report, both negated, in two sentences, neither a question of the indication nor a
  normal statement;
- the conclusion's negative is collective: its concept (or a broader one) or its head word
  is "lesion" (``COLLECTIVE``), and the findings negative names something in particular
  (not "no abnormalities", "no lesions": ``ANYTHING``; two collective words are
  ``restatement.restated_negative``'s);
- the two places agree: the findings negative's structure (its site, else the structure its
  statement is about) and the conclusion's (or one of the structures its clause names) are
  the same, one lies within the other, or one is not given.

A findings negative of another structure than the conclusion names stays its own ("no
fracture of the skull vault" against "no intracerebral traumatic lesions": the skull is not
the brain); two negatives of one section stay a checklist; a conclusion's "no abnormality"
is no collective here (the chest files label "no acute cardiopulmonary abnormality" apart
from the findings' negatives, and a "vascular abnormality" names a kind).

Measured over every whole-body dev file, the check union and the chest files before it was
kept (docs/linking-wholebody.md, "Round 10: restatements").
"""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.both_sides import within_both_sides
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.policy import _asked
from radtrack_gui.nlp.linkers.restatement import concluding, statement_place
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name

# Concepts and head words of a collective negative: "no lesions", "no traumatic lesions"
# deny any lesion at their place (module doc: why not "abnormality").
COLLECTIVE = frozenset({"lesion"})
# Words of a negative that names nothing in particular ("no abnormalities at the junction"):
# such a findings negative is no specific one the conclusion's could sum up.
ANYTHING = frozenset({"lesion", "abnormality", "alteration", "change", "anomaly", "finding"})


def collective(m: MentionInfo, words: frozenset[str] = COLLECTIVE) -> bool:
    """Its concept, a broader one or its head word is one of ``words`` ("any lesion")."""
    if any(c in words for c in m.concept_line):
        return True
    return singular_name(m.head) in words


def _places(m: MentionInfo, v: Vocabulary) -> set[str]:
    """Its place and the structures its clause names ("right middle and lower lobe")."""
    out = {p for p in (statement_place(m, v),) if p}
    if m.ctx is not None:
        out |= set(m.ctx.sites)
    return out


def collective_negative(first: MentionInfo, later: MentionInfo, v: Vocabulary) -> bool:
    """A findings negative and the conclusion's collective negative at its place: one
    negative stated twice (module doc)."""
    if first.report != later.report or DEVICE in (first.type, later.type):
        return False
    if first.assertion != "absent" or later.assertion != "absent":
        return False
    if first.generic_statement or later.generic_statement or _asked(first) or _asked(later):
        return False
    if concluding(first.section) == concluding(later.section):
        return False
    if first.ctx is None or later.ctx is None or first.ctx.sentence == later.ctx.sentence:
        return False
    finding, summary = (later, first) if concluding(first.section) else (first, later)
    if not collective(summary) or collective(finding, ANYTHING):
        return False  # a findings negative of anything is no specific one
    here = statement_place(finding, v)
    there = _places(summary, v)
    if here is None or not there:
        return True  # a place given once applies to both
    if any(here == p or v.anatomy_related(here, p) for p in there):
        return True
    return within_both_sides(here, summary, v)  # "intra- or extra-axial" (both_sides.py)
