"""Where a site, side or level read for a finding stops (pairs_dev2.tsv errors, real report
language): a sentence glued to the next one, a side inside a comparison phrase, a structure
of a neighbouring list item, a level named before "this region" or in a list of ribs; and
sites that are no sub-part: the recess where a process shows its sign, the distribution of
a diffuse process. Each mechanism on short texts written for these tests, with a
counter-example that must stay apart (or, for a rule that keeps mentions apart, the case it
must still join)."""

from __future__ import annotations

from test_linker_context import Case

from radtrack_gui.nlp.linkers.sites import sided_site
from radtrack_gui.nlp.vocabulary import singular_name, vocabulary


def test_a_site_does_not_leak_over_a_period_glued_to_the_next_sentence() -> None:
    c = Case(
        (
            0,
            "FINDINGS: The right lung is clear.In the left superior lower lobe we see a round density."
            "\n\nIMPRESSION: Round density in the left lower lobe. Round density in the right "
            "lower lobe.",
        )
    )
    seen = c.mark(0, "density")
    left, right = c.mark(0, "density", 1), c.mark(0, "density", 2)
    assert c.same(seen, left)
    assert not c.same(seen, right)  # the right lower lobe's density stays apart


def test_a_pleural_effusion_at_the_costophrenic_angles_is_the_pleural_effusion() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Blunted costophrenic angles suggesting small bilateral pleural "
            "effusions.\n\nIMPRESSION: Small bilateral pleural effusions.",
        )
    )
    assert c.same(c.mark(0, "pleural effusions"), c.mark(0, "pleural effusions", 1))
    # a part of the pleura where no sign of the effusion is read stays a sub-part
    c = Case(
        (
            0,
            "FINDINGS: Loculated pleural effusion in the fissure.\n\nIMPRESSION: Small "
            "bilateral pleural effusions.",
        )
    )
    assert not c.same(c.mark(0, "pleural effusion"), c.mark(0, "pleural effusions"))


def test_a_side_named_only_as_what_a_finding_is_compared_with_is_not_its_side() -> None:
    c = Case(
        (0, "IMPRESSION: Small right pleural effusion."),
        (7, "FINDINGS: The pleural effusion is now larger than on the left."),
        (14, "IMPRESSION: Small left pleural effusion."),
    )
    right, compared = c.mark(0, "pleural effusion"), c.mark(1, "pleural effusion")
    assert c.same(right, compared)
    assert not c.same(right, c.mark(2, "pleural effusion"))
    # the side in the mention's own noun phrase inside the comparison is its own
    c = Case(
        (
            0,
            "FINDINGS: The right effusion is larger than the left effusion.\n\nIMPRESSION: "
            "Small left pleural effusion.",
        )
    )
    first, second = c.mark(0, "effusion"), c.mark(0, "effusion", 1)
    restated = c.mark(0, "pleural effusion")
    assert c.same(second, restated)
    assert not c.same(first, restated)


def test_a_site_of_another_item_of_a_list_is_not_the_findings_site() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Right upper lobe nodule, cardiomegaly, and atelectasis.\n\nIMPRESSION: "
            "Left basilar atelectasis.",
        )
    )
    assert c.same(c.mark(0, "atelectasis"), c.mark(0, "atelectasis", 1))
    # the lobe named in the atelectasis's own item ("... with atelectasis") stays its site
    c = Case(
        (
            0,
            "FINDINGS: Right upper lobe consolidation with atelectasis, cardiomegaly, and "
            "effusion.\n\nIMPRESSION: Left basilar atelectasis.",
        )
    )
    assert not c.same(c.mark(0, "atelectasis"), c.mark(0, "atelectasis", 1))


def test_a_diffuse_process_in_the_bases_is_the_one_named_by_its_own_distribution() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Subtle prominence of interstitial markings in the bases.\n\n"
            "IMPRESSION: Subtle interstitial markings bilateral.",
        )
    )
    assert c.same(c.mark(0, "interstitial markings"), c.mark(0, "interstitial markings", 1))
    # the apices are a site, not a distribution word's structure: they stay apart
    c = Case(
        (
            0,
            "FINDINGS: Subtle prominence of interstitial markings in the bases.\n\n"
            "IMPRESSION: Interstitial markings in the apices.",
        )
    )
    assert not c.same(c.mark(0, "interstitial markings"), c.mark(0, "Interstitial markings"))


def test_a_list_of_ribs_gives_each_level_and_this_region_points_back_to_one() -> None:
    for later, same in (("7th", False), ("5th", True)):
        c = Case(
            (0, "FINDINGS: Fractures of the right 4th, 5th, and 6th ribs."),
            (7, f"FINDINGS: Healing fracture of the right {later} rib."),
        )
        assert c.same(c.mark(0, "Fractures"), c.mark(1, "fracture")) is same
    for later, same in (("9th and 10th rib fractures", False), ("8th rib fracture", True)):
        c = Case(
            (
                0,
                "IMPRESSION: Contour deformity of the right lateral 8th rib; if the "
                "findings localize to this region, suspect a fresh fracture.",
            ),
            (7, f"FINDINGS: Healed right {later}."),
        )
        assert c.same(c.mark(0, "fracture"), c.mark(1, later.split(" ", 1)[1])) is same


def test_a_tissue_word_before_a_density_word_is_its_attenuation_not_its_site() -> None:
    v = vocabulary()
    assert singular_name("lung apices") == "lung apex"
    assert sided_site(v, "lung apices", "right") == "right upper lobe"  # "right apical"
    c = Case(
        (
            0,
            "FINDINGS: Soft tissue density in the medial right apex, asymmetric when set "
            "against the left.\n\nIMPRESSION: Asymmetric right medial apical opacity.",
        )
    )
    assert c.same(c.mark(0, "density"), c.mark(0, "opacity"))
    # a density named in the soft tissues (not by a tissue word before it) stays there
    c = Case(
        (
            0,
            "FINDINGS: Rounded density within the right axillary soft tissues.\n\nIMPRESSION: "
            "Asymmetric right medial apical opacity.",
        )
    )
    assert not c.same(c.mark(0, "density"), c.mark(0, "opacity"))
