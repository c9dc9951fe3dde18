"""Round 4 table rows and normal statements (issue #18 §1, docs/vocabulary.md "Round 4"):
each with a counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


@pytest.mark.parametrize(
    ("text", "span", "concept", "assertion"),
    [
        ("Hypervascular nodule in segment VIII without washout.", "washout", "washout", "absent"),
        (
            "No complications occurred during the procedure.",
            "complications",
            "complication",
            "absent",
        ),
        (
            "Retinal neovascularization in the superior quadrant.",
            "neovascularization",
            "neovascularization",
            "present",
        ),
        (
            "Partial posterior vitreous detachment.",
            "posterior vitreous detachment",
            "vitreous detachment",
            "present",
        ),
        (
            "Reticular opacities suggestive of RDS.",
            "RDS",
            "respiratory distress syndrome",
            "possible",
        ),
        (
            "Adult respiratory distress syndrome.",
            "Adult respiratory distress syndrome",
            "ards",
            "present",
        ),
        ("The ventricles are slightly asymmetric.", "asymmetric", "asymmetry", "present"),
        ("Small gas bubbles in the masticatory muscles.", "gas bubbles", "gas bubbles", "present"),
        (
            "Fracture with depression of the tibial plateau.",
            "depression",
            "displacement",
            "present",
        ),
    ],
)
def test_a_new_row_makes_its_mention(
    ex: RuleExtractor, text: str, span: str, concept: str, assertion: str
) -> None:
    assert (span, concept, assertion) in _got(ex, text)


def test_asymmetric_positioning_is_no_finding(ex: RuleExtractor) -> None:
    assert not any(g[1] == "asymmetry" for g in _got(ex, "Asymmetric patient positioning."))
    # a modifier before a finding term is that finding's attribute
    got = _got(ex, "Asymmetric thickening of the bladder wall.")
    assert not any(g[1] == "asymmetry" for g in got) and any(g[1] == "thickening" for g in got)


def test_midline_is_a_normal_statement_only_said_of_a_structure(ex: RuleExtractor) -> None:
    assert ("midline", "normal trachea", "present") in _got(ex, "The trachea is midline.", "neck")
    for text in ("Midline structures are not displaced.", "Midline shift of 5 mm."):
        assert not any(g[1].startswith("normal") for g in _got(ex, text, "head"))


def test_a_predicate_after_shows_is_said_of_the_phrase_it_opens(ex: RuleExtractor) -> None:
    got = _got(ex, "The exam reveals symmetrically structured glandular-type breasts.", "breast")
    assert ("symmetrically structured", "normal breasts", "present") in got
    got = _got(ex, "The sequences show symmetrical breasts with dense parenchyma.", "breast")
    assert ("symmetrical", "normal breasts", "present") in got
    assert not any(
        g[1].startswith("normal") for g in _got(ex, "The images show regular intervals.")
    )


@pytest.mark.parametrize(
    "text",
    ["Normal examination.", "Conclusion: Within normal limits.", "Ultrasound findings are normal."],
)
def test_a_normal_exam_is_a_normal_statement_about_the_whole_exam(
    ex: RuleExtractor, text: str
) -> None:
    assert [g[1] for g in _got(ex, text)] == ["normal examination"]


def test_a_normal_predicate_of_no_exam_word_stays_none(ex: RuleExtractor) -> None:
    for text in ("Function is preserved.", "Technique: unremarkable."):
        assert _got(ex, text) == []


def test_new_anatomy_heads_bind_normal_predicates(ex: RuleExtractor) -> None:
    got = _got(ex, "The cerebellopontine angles are clear.", "head")
    assert ("clear", "normal cerebellopontine angles", "present") in got
    assert ("regular", "normal junctional zone", "present") in _got(
        ex, "The junctional zone is regular.", "pelvis"
    )
    assert _got(ex, "The reading is regular.", "pelvis") == []


def test_fallopian_tubes_are_a_structure_of_normal_statements(ex: RuleExtractor) -> None:
    got = _got(ex, "Both fallopian tubes are patent.", "pelvis")
    assert ("patent", "normal fallopian tubes", "present") in got
    assert not any(g[1] == "normal fallopian tubes" for g in _got(ex, "A chest tube is patent."))


def test_a_finding_said_of_an_unlisted_structure_keeps_it_as_its_site(ex: RuleExtractor) -> None:
    got = _got(ex, "The Achilles tendon is slightly thickened.", "extremity")
    assert ("thickened", "thickening", "present") in got
    # no structure-like subject, or no copula: a thickening without a site is no mention
    assert _got(ex, "The report is thickened.", "extremity") == []
    assert _got(ex, "Thickened in the middle third.", "extremity") == []
