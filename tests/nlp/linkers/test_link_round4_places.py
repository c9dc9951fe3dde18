"""Round 4 (wb-restate2): levels and sites of spine, MSK, nodes and vessels, and restatements
between findings and impression. Every rule has a case that must stay apart."""

from __future__ import annotations

from linker_cases import Case

SPINE_HEADINGS = (
    "Exam: MR CERVICAL SPINE\n\nResults:\n\n**At C2-C3:**\nNo foraminal abnormalities.\n"
    "No global or focal disc protrusion.\n\n**At C3-C4:**\nMedian disc herniation in conflict "
    "with the spinal cord.\n\n**At C6-C7:**\nMedian disc herniation partially contacting the "
    "spinal cord.\nNo foraminal abnormalities.\n"
)


def test_a_level_heading_in_markdown_emphasis_or_after_at_sets_the_level() -> None:
    c = Case((0, SPINE_HEADINGS))
    assert not c.same(c.mark(0, "Median disc herniation"), c.mark(0, "Median disc herniation", 1))
    assert not c.same(
        c.mark(0, "No foraminal abnormalities"), c.mark(0, "No foraminal abnormalities", 1)
    )
    # counter-example: without the headings the two statements carry no level and join
    plain = SPINE_HEADINGS.replace("**At C2-C3:**\n", "").replace("**At C3-C4:**\n", "")
    plain = plain.replace("**At C6-C7:**\n", "")
    c = Case((0, plain))
    assert c.same(c.mark(0, "Median disc herniation"), c.mark(0, "Median disc herniation", 1))
