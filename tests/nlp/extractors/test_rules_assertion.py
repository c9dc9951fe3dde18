"""Rule extractor: assertion scope (NegEx/ConText style) with our own sentences."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _by_text(ex: RuleExtractor, text: str) -> dict[str, str]:
    report = Report(id="r1", text=text)
    out = {}
    for m in ex.extract(report):
        assert text[m.start : m.end] == m.text
        out[m.text.lower()] = m.assertion
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No pneumothorax.", {"pneumothorax": "absent"}),
        ("No evidence of pleural effusion.", {"pleural effusion": "absent"}),
        ("Lungs are clear without focal consolidation.", {"consolidation": "absent"}),
        ("Negative for pneumonia.", {"pneumonia": "absent"}),
        ("The left effusion has resolved.", {"effusion": "absent"}),
        ("Interval resolution of the right lower lobe opacity.", {"opacity": "absent"}),
        ("Pneumothorax is not seen.", {"pneumothorax": "absent"}),
        ("Small pneumothorax cannot be excluded.", {"pneumothorax": "possible"}),
        ("Findings may represent atelectasis.", {"atelectasis": "possible"}),
        ("Possible small right effusion.", {"effusion": "possible"}),
        ("Opacity likely atelectasis.", {"atelectasis": "possible"}),
        ("Suspicious for pneumonia.", {"pneumonia": "possible"}),
        ("Atelectasis versus pneumonia.", {"atelectasis": "present", "pneumonia": "possible"}),
        ("Evaluate for pneumonia.", {"pneumonia": "possible"}),
        ("Stable moderate cardiomegaly.", {"cardiomegaly": "present"}),
    ],
)
def test_single_triggers(ex: RuleExtractor, text: str, expected: dict[str, str]) -> None:
    got = _by_text(ex, text)
    for key, value in expected.items():
        assert got[key] == value, (text, got)


def test_scope_covers_a_list(ex: RuleExtractor) -> None:
    got = _by_text(ex, "No displaced rib fractures, pneumothorax, or pleural effusion identified.")
    assert got == {
        "rib fractures": "absent",
        "pneumothorax": "absent",
        "pleural effusion": "absent",
    }


def test_scope_ends_at_but_and_however(ex: RuleExtractor) -> None:
    got = _by_text(ex, "No pneumothorax, but there is a small left effusion.")
    assert got["pneumothorax"] == "absent" and got["effusion"] == "present"
    got = _by_text(ex, "No consolidation; however, mild atelectasis persists.")
    assert got["consolidation"] == "absent" and got["atelectasis"] == "present"


def test_scope_ends_at_sentence_end(ex: RuleExtractor) -> None:
    got = _by_text(ex, "No pneumothorax. Small right pleural effusion.")
    assert got["pneumothorax"] == "absent" and got["pleural effusion"] == "present"


def test_post_trigger_does_not_reach_past_terminator(ex: RuleExtractor) -> None:
    got = _by_text(ex, "Effusion persists but the pneumothorax has resolved.")
    assert got["effusion"] == "present" and got["pneumothorax"] == "absent"


def test_pseudo_negation_is_not_negation(ex: RuleExtractor) -> None:
    report = Report(id="r", text="No change in the right pleural effusion.")
    (m,) = ex.extract(report)
    assert (m.assertion, m.change, m.laterality) == ("present", "stable", "right")


def test_negation_scopes_over_a_hedge(ex: RuleExtractor) -> None:
    got = _by_text(ex, "No focal opacity to suggest pneumonia.")
    assert got == {"opacity": "absent", "pneumonia": "absent"}
    got = _by_text(ex, "No suspicious pulmonary nodule.")
    assert got["pulmonary nodule"] == "absent"


def test_device_in_place_after_a_negation(ex: RuleExtractor) -> None:
    got = _by_text(ex, "No pneumothorax, chest tube in place.")
    assert got == {"pneumothorax": "absent", "chest tube": "present"}


def test_normal_statements_are_present(ex: RuleExtractor) -> None:
    report = Report(id="r", text="There is no effusion and the heart is normal in size.")
    ms = {m.text: m for m in ex.extract(report)}
    assert ms["effusion"].assertion == "absent"
    # GUIDELINE (Units): modifiers are not part of the span, so "in size" is left out
    assert ms["normal"].assertion == "present"
    assert ms["normal"].concept == "normal heart"


def test_post_trigger_stays_near(ex: RuleExtractor) -> None:
    got = _by_text(ex, "Nasogastric tube courses below the diaphragm, its tip not visualized.")
    assert got == {"nasogastric tube": "present", "tip": "absent"}
    got = _by_text(ex, "Effusion and pneumothorax are not seen.")
    assert got == {"effusion": "absent", "pneumothorax": "absent"}


def test_versus_binds_only_the_alternatives(ex: RuleExtractor) -> None:
    got = _by_text(ex, "Increased left lower lobe opacity, atelectasis vs pneumonia.")
    # the first alternative is the leading reading, the one after "vs" a possibility
    assert got == {"opacity": "present", "atelectasis": "present", "pneumonia": "possible"}
