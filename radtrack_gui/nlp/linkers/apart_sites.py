"""Round 10 (wb-apart2): two places told apart when a mention's own clause names a body
region as its place.

The hand table's limb regions ("knees", "shoulders", "upper extremities") are body regions:
``places.named_structures`` leaves regions out, since a region named in a clause is usually
the frame of the report, not the finding's place. But where the mention's site IS that
region ("osteoarthritis of the shoulder": site "shoulders"), the clause placed it; reading
the site as taken from beyond the clause (``MentionContext.loose_site``) let two findings
with the same words at two unrelated regions join as one restated finding
(``restatement.same_words_restated``), overriding the site conflict (GUIDELINE 1, 4, 9).

``placed_by_region`` says the clause or sub-heading names the mention's own site as a region;
``context.enrich`` then leaves ``loose_site`` False. Only the region equal to the site counts
(conservative: "in the abdomen" does not place a liver lesion)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.restatement import qualified_words
from radtrack_gui.nlp.linkers.sites import body_region

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary


def placed_by_region(m: MentionInfo, near: list[str], v: Vocabulary) -> bool:
    """``m``'s site is a body region that ``near`` (the regions its clause and sub-heading
    name, ``places.named_regions``) names."""
    return body_region(v, m.site) and m.site in near


def by_region(m: MentionInfo, v: Vocabulary) -> bool:
    """Placed by its own clause at a body region (``placed_by_region`` held in ``enrich``)."""
    return body_region(v, m.site) and m.ctx is not None and not m.ctx.loose_site


def region_restated(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """GUIDELINE 9: the same words in two sentences of one report, one placed at a body
    region by its clause and the other at that region, a part of it or a whole holding it by
    the anatomy DAG ("osteoarthritis of the shoulder" / "osteoarthritis of the glenohumeral
    joint"), are one finding told at two grains, as ``restatement.same_words_restated``
    joined them while such a region read as taken from beyond the clause. Two regions
    neither within the other ("knee" / "shoulder") are two places: not joined here."""
    if a.report != b.report or a.ctx is None or b.ctx is None or not (a.site and b.site):
        return False
    if a.ctx.sentence == b.ctx.sentence or not (by_region(a, v) or by_region(b, v)):
        return False
    return qualified_words(a, b) and v.anatomy_related(a.site or "", b.site or "")
