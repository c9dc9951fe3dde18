"""A finding with no place of its own, right before "with", takes the place of the phrase the
"with" attaches ("Degenerative changes with maceration of the medial meniscus"), so it stays
apart from the same finding at another structure; a place of its own wins, and one named
elsewhere in the sentence is not taken. Texts written for these tests."""

from __future__ import annotations

from linker_cases import Case


def test_a_place_carried_over_with_keeps_two_structures_apart() -> None:
    c = Case(
        (
            0,
            "Exam: MR KNEE\n\nFINDINGS: The anterior cruciate ligament shows degenerative changes. "
            "The posterior cruciate ligament is normal. Degenerative changes with "
            "fraying of the medial meniscus. Small joint effusion.",
        )
    )
    acl, meniscus = c.mark(0, "degenerative changes"), c.mark(0, "Degenerative changes")
    assert not c.same(acl, meniscus)


def test_without_a_place_after_with_the_findings_still_join() -> None:
    c = Case(
        (
            0,
            "Exam: MR KNEE\n\nFINDINGS: There are degenerative changes in the anterior cruciate "
            "ligament. Degenerative changes with mild fraying.\n\nIMPRESSION: Degenerative "
            "changes in the anterior cruciate ligament.",
        )
    )
    first, bare = c.mark(0, "degenerative changes"), c.mark(0, "Degenerative changes")
    assert c.same(first, bare)  # counter-example: "with" names no place
