"""Context rules found on real report language (pairs_dev2.tsv, issue #14 section 1), each on
short texts written for these tests, with a counter-example that must stay apart."""

from __future__ import annotations

from test_linker_context import Case

from radtrack_gui.nlp.linkers.sites import sided_site
from radtrack_gui.nlp.vocabulary import vocabulary


def test_a_side_given_after_a_paired_site_makes_it_the_sided_structure() -> None:
    c = Case(
        (0, "IMPRESSION: Minimal basilar atelectasis on the left."),
        (7, "IMPRESSION: Minimal left basilar atelectasis."),
        (14, "IMPRESSION: Minimal right basilar atelectasis."),
    )
    first, left, right = (
        c.mark(0, "atelectasis"),
        c.mark(1, "atelectasis"),
        c.mark(2, "atelectasis"),
    )
    assert c.same(first, left)
    assert not c.same(first, right)  # the other base stays apart


def test_a_site_read_from_another_sentence_takes_the_mentions_own_side() -> None:
    v = vocabulary()
    assert sided_site(v, "left pleura", "right") == "right pleura"
    assert sided_site(v, "left pleura", "left") == "left pleura"  # agreeing: unchanged
    assert sided_site(v, "lung bases", "left") == "left lower lobe"
    assert sided_site(v, "lung bases", None) == "lung bases"
    c = Case(
        (0, "FINDINGS: There is a small right pleural effusion."),
        (7, "IMPRESSION: 1. Left pleural effusion. 2. A right effusion is also present."),
    )
    earlier = c.mark(0, "pleural effusion")
    left, right = c.mark(1, "pleural effusion"), c.mark(1, "effusion", 1)
    # the extractor may carry the site of the sentence before over ("also")
    c.patient.mentions[right].anatomy = ["left pleura", "pleura"]
    assert c.same(earlier, right)
    assert not c.same(earlier, left) and not c.same(left, right)


def test_each_paranasal_sinus_is_its_own_site() -> None:
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nFINDINGS: Opacification of the ethmoid cells. Opacification of "
            "the frontal sinuses.\n\nIMPRESSION: Opacification of the ethmoid cells.",
        )
    )
    ethmoid, frontal = c.mark(0, "Opacification"), c.mark(0, "Opacification", 1)
    restated = c.mark(0, "Opacification", 2)
    assert c.same(ethmoid, restated)
    assert not c.same(ethmoid, frontal)
