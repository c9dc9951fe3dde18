"""Sub-headings ("LUNG BASES:", "Right knee:") as sites for the knowledge linker: a heading
names the part of the image a finding was seen in, which is the finding's site only when the
finding's own structure allows it. Each case with a counter-example."""

from __future__ import annotations

from linker_cases import Case


def test_a_pleural_finding_under_a_lung_heading_stays_pleural() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS:\nLUNG BASES: Small left pleural effusion. No "
            "pneumothorax.\nLIVER: Unremarkable.\n\nIMPRESSION: Small left pleural effusion. "
            "Small right pleural effusion.",
        )
    )
    seen, restated = c.mark(0, "pleural effusion"), c.mark(0, "pleural effusion", 1)
    assert c.same(seen, restated)  # the heading did not move the effusion into the lungs
    assert not c.same(seen, c.mark(0, "pleural effusion", 2))  # the other side stays apart


def test_a_lung_finding_still_takes_its_site_from_a_lung_heading() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS:\nLUNG BASES: Atelectasis.\n\nIMPRESSION: Basilar "
            "atelectasis. Right upper lobe atelectasis.",
        )
    )
    seen, restated = c.mark(0, "Atelectasis"), c.mark(0, "atelectasis")
    assert c.same(seen, restated)
    assert not c.same(seen, c.mark(0, "atelectasis", 1))  # the heading's bases, not the apex
