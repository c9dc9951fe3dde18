"""Round 11 (wb-senses): an MR sequence name ("T2*", "on T2") beside a brain finding is no
thoracic vertebra, so it gives the finding no spinal site that keeps it apart from the same
finding restated (GUIDELINE 11). Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\nFindings:\n{text}"))


def test_a_sequence_name_is_no_site_that_splits_a_restatement() -> None:
    c = _case(
        "MR HEAD",
        "Right temporal infarct; it holds punctate hemorrhagic changes and a T2* hypointense "
        "area.\nConclusion: right temporal lobe infarct with petechial hemorrhagic changes.",
    )
    a, b = c.mark(0, "punctate hemorrhagic"), c.mark(0, "petechial hemorrhagic")
    assert c.same(a, b)


def test_a_vertebra_level_still_splits() -> None:
    # counter-example: the same word at two vertebrae, no signal word beside them
    c = _case("MR SPINE", "Compression fracture of T2.\nCompression fracture of L3.")
    a, b = c.mark(0, "fracture"), c.mark(0, "fracture", 1)
    assert not c.same(a, b)
