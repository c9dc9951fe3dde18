"""Ask on the oncology demo (three liver lesions, a lymph node, a mass that shrank), as
round 11 asked it by hand: sizes of several lesions, a word the vocabulary does not name,
and a clinical judgement the reports never write."""

from __future__ import annotations

from functools import cache

from radtrack_gui.core.model import Patient
from radtrack_gui.qa.chains_reader import answer_question
from radtrack_gui.util.paths import resource


@cache
def _oncology() -> Patient:
    from radtrack_gui.pipeline import process_folder

    return process_folder(resource("samples", "oncology_patient"))


def _lesions(p: Patient) -> list[str]:
    return [c.id for c in p.chains.values() if c.label == "liver lesion"]


def test_how_big_with_several_lesions_gives_each_largest_first():
    """It answered only the lesion written last (0.7 cm); each lesion's latest size is given,
    largest first, the count said, every sentence as evidence."""
    from radtrack_gui.qa.attributes import _in_mm

    p = _oncology()
    a = answer_question(p, "How big is the liver lesion?")
    assert a.answerable
    sized = [c for c in a.chains if c in _lesions(p)]
    assert len(sized) >= 2 and len(a.evidence) == len(a.chains)
    assert a.answer.startswith(f"{len(a.chains)} liver lesions")
    sizes = [_in_mm(part) for part in a.answer.split(": ", 1)[1].split("; ")]
    assert None not in sizes and sizes == sorted(sizes, reverse=True)
    # the largest alone still answers "the largest"
    top = answer_question(p, "How big is the largest liver lesion?")
    assert top.chains == a.chains[:1]


def test_a_size_question_about_a_word_the_vocabulary_lacks_reads_the_chain():
    """ "lymph node" named no concept: "how large is the biggest lymph node?" went to
    retrieval (no answer). It is read from the chain the reports call so, not from the
    mass that took in one "node" mention."""
    p = _oncology()
    for q in ("How large is the biggest lymph node?", "How large is the lymph node?"):
        a = answer_question(p, q)
        assert a.answerable and a.reader == "chains", (q, a.note)
        assert [p.chains[c].label for c in a.chains] == ["lymph node"], q
        assert " cm — lymph node" in a.answer


def test_a_judgement_the_reports_never_write_is_not_answered_yes():
    """ "Is the cancer in remission?" answered "Yes — liver lesion decreased": the chains
    hold what was seen, not the judgement. Not stated, with what the reports say."""
    p = _oncology()
    a = answer_question(p, "Is the cancer in remission?")
    assert not a.answerable and a.status == "unstated"
    assert "no report says remission" in a.note
    assert "decreased" in a.note and a.evidence
    # the same question without the judgement is still answered
    assert answer_question(p, "Is the cancer still present?").answerable
