"""Where a site or side read for a finding stops (pairs_dev2.tsv errors, real report
language): a sentence glued to the next one, a side inside a comparison phrase, a structure
of a neighbouring list item, and the recess where a process shows its sign. Each mechanism
on short texts written for these tests, with a counter-example that must stay apart (or,
for a rule that keeps mentions apart, the case it must still join)."""

from __future__ import annotations

from test_linker_context import Case


def test_a_site_does_not_leak_over_a_period_glued_to_the_next_sentence() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Clear right lung XXXX.In the left superior lower lobe there is a round density."
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
