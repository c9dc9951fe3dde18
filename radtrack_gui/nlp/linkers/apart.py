"""Findings kept apart (round 8, wb-apart): two mentions of one report that the guideline
calls two findings although their words and concepts agree. Measured over every dev pair
file at once (docs/linking-wholebody.md, "Round 8: findings kept apart"); each separator
removed false joins there and cost no true join on any dev, check or chest file.

- ``other_structures`` (GUIDELINE 1 and 4, location decides): two positive findings of one
  section, told in two sentences, with the same (or a broader) concept, each about its own
  structure, neither structure within the other ("hemorrhagic focus" of the brainstem and
  of the right cerebellar hemisphere; "degenerative changes" of the facet joints and of the
  vertebral bodies). Not when one sentence reads earlier findings ("these findings are
  consistent with ...") or points back (an anaphor), and only when at least one of the two
  is placed by its own clause (a site read from beyond the clause, or a concept's default
  structure on both sides, is too weak to split on), and not the same words with a site
  read from beyond the clause (``restatement.same_words_restated``: a place given once).
- ``new_among_known`` (GUIDELINE 10, lesions one by one): in one report a finding called
  new, named in the singular, beside the same finding named in the plural without "new"
  ("chronic microbleeds ... a new chronic microbleed in the right basal ganglia") is one
  more lesion, not the known ones restated.
- round 11 (wb-joins): where their own sites do not tell them apart, the places their
  sentences name may (``apart_places.other_places``), for two negatives of one section too
  (``negatives_apart``, GUIDELINE 4).

``kept_apart`` is called by ``features.conflict`` after every other rule said nothing, so
it only ever turns a join into a separation.
"""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.apart_places import other_places
from radtrack_gui.nlp.linkers.info import NEW_CHANGES, MentionInfo
from radtrack_gui.nlp.linkers.restatement import same_words_restated
from radtrack_gui.nlp.vocabulary import Vocabulary

# Concept relations under which two mentions could be one finding told twice.
_ALIKE = ("same", "broader")


def kept_apart(a: MentionInfo, b: MentionInfo, v: Vocabulary, rel: str) -> str | None:
    """Why two mentions of one report are two findings (module doc), or None. ``rel`` is
    ``features.concepts_related(a, b)``."""
    if a.report != b.report or a.ctx is None or b.ctx is None:
        return None
    if DEVICE in (a.type, b.type) or rel not in _ALIKE:
        return None
    if "absent" in (a.assertion, b.assertion):
        return negatives_apart(a, b, v)
    return other_structures(a, b, v) or new_among_known(a, b)


def negatives_apart(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    """Two negatives of one section in two sentences that name unrelated places ("no
    enlarged nodes in the hila" / "in the pelvis, no enlarged nodes": GUIDELINE 4, round
    11); a negative beside a positive is left to the course rules (GUIDELINE 7)."""
    if a.assertion != b.assertion or not _two_sentences(a, b):
        return None
    return other_places(a, b, v)


def _two_sentences(a: MentionInfo, b: MentionInfo) -> bool:
    """Two sentences of one section, neither reading earlier findings nor pointing back."""
    ca, cb = a.ctx, b.ctx
    assert ca is not None and cb is not None
    if (a.section or "") != (b.section or ""):
        return False  # findings and conclusion: restatements (GUIDELINE 9), policy.py
    (sa, ea), (sb, eb) = ca.sentence, cb.sentence
    if sa < eb and sb < ea:
        return False  # one sentence (or overlapping readings of one)
    # "these findings are consistent with ...": a reading, no new finding
    return not (ca.reads_findings or cb.reads_findings or ca.anaphor or cb.anaphor)


def other_structures(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    """Two findings of one section, two sentences, two structures (module doc); where
    their own sites do not tell them apart, the places their sentences name may
    (``apart_places.other_places``, round 11)."""
    if not _two_sentences(a, b):
        return None
    x, y = a.statement_site, b.statement_site
    if not x or not y or x == y or v.anatomy_related(x, y):
        return other_places(a, b, v)
    if not (_placed(a) or _placed(b)) or same_words_restated(a, b, v):
        # no place of its own, or the same words with a place given once
        return other_places(a, b, v)
    return f"two findings of one section at two structures '{x}' vs '{y}'"


def new_among_known(a: MentionInfo, b: MentionInfo) -> str | None:
    """A new one, singular, beside the known ones, plural (module doc)."""
    if _new(a) == _new(b):
        return None
    new, known = (a, b) if _new(a) else (b, a)
    if not _plural(known) or _plural(new):
        return None
    return f"a new '{new.text}' beside the known '{known.text}': one more"


def _placed(m: MentionInfo) -> bool:
    """A site read from the mention's own clause (not the concept's default structure)."""
    return m.site is not None and m.ctx is not None and not m.ctx.loose_site


def _new(m: MentionInfo) -> bool:
    """Called new: by its course, the word right before it, or its own first word."""
    return bool(m.ctx and m.ctx.new) or m.change in NEW_CHANGES or m.tokens[:1] == ("new",)


def _plural(m: MentionInfo) -> bool:
    word = m.tokens[-1] if m.tokens else ""
    return word.endswith("s") and not word.endswith("ss")
