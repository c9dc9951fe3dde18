"""Round 5 recall mechanisms (issue #18 §1, docs/vocabulary.md "Round 5"): carrier nouns in a
finding's span, kinds of change after a cue, normal statements about unlisted structures,
compression and bone fragments by their senses, headings that end the reason for the exam.
Each with a counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.sections import canonical, find_sections


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


def _texts(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [t for t, _, _ in _got(ex, text, region)]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Interstitial inflammatory changes in the right lower lobe.", "inflammatory changes"),
        ("Small hypodense foci in the white matter.", "hypodense foci"),
        ("Adjacent lamellar T2 hyperintense area.", "hyperintense area"),
        ("The liver shows cirrhotic changes.", "cirrhotic changes"),
    ],
)
def test_a_carrier_noun_after_a_finding_word_is_part_of_its_span(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in _texts(ex, text)


def test_a_finding_term_or_a_normal_word_keeps_its_own_span(ex: RuleExtractor) -> None:
    # a table term after the word is its own mention; a normal word keeps its word
    assert "lesion" in _texts(ex, "Hypodense lesion in the liver.")
    got = _texts(ex, "The liver has a regular contour.")
    assert "regular" in got and "regular contour" not in got
    # a modifier that describes a later finding is still read before the carrier is added
    got = _texts(ex, "The thyroid is hypoechoic with evident hyperechoic strands, likely fibrotic.")
    assert "hyperechoic strands" in got


def test_a_kind_of_change_after_a_negation_cue_is_an_absent_finding(ex: RuleExtractor) -> None:
    for text in ("Bones show no focal changes.", "The liver is large, with no focal changes."):
        assert ("focal changes", "focal change", "absent") in _got(ex, text)
    # a degree word is no kind of change: the generic negative is read at "changes" alone
    # (round 10, negated_changes), never as a "significant change" concept
    assert _got(ex, "Bones show no significant changes.") == [("changes", "abnormality", "absent")]


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("The pituitary stalk is intact.", "normal pituitary stalk"),
        # (cartilage is a listed structure since round 7: articular cartilage)
        ("Tendon surfaces are regular.", "normal tendon surfaces"),
        ("The circle of Willis is fully patent.", "normal circle of willis"),
        ("The seminal vesicles are symmetrical.", "normal seminal vesicles"),
        ("The conus medullaris appears normal.", "normal conus medullaris"),
    ],
)
def test_a_normal_predicate_of_an_unlisted_structure_is_a_normal_statement(
    ex: RuleExtractor, text: str, concept: str
) -> None:
    assert concept in [c for _, c, _ in _got(ex, text, "head")]


def test_a_normal_predicate_of_no_structure_stays_none(ex: RuleExtractor) -> None:
    assert _got(ex, "The report is regular.", "head") == []
    assert _got(ex, "The examination structures are fully regular.", "head") == []


def test_compression_of_a_structure_is_a_finding_but_not_the_examiners(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "Disc bulge at C3-C4 with compression of the cord.", "spine")
    assert ("compression", "compression", "present") in got
    assert "compression" not in _texts(ex, "The appendix is tender upon targeted compression.")
    assert "compression" not in _texts(ex, "The vein is fully compressible under compression.")
    # a longer term stays one mention
    got = _got(ex, "Compression atelectasis of the right lower lobe.", "chest")
    assert [c for _, c, _ in got] == ["atelectasis"]


def test_a_bone_fragment_is_a_finding_but_a_fractures_own_part_is_not(
    ex: RuleExtractor,
) -> None:
    assert "fragment" in _texts(ex, "A fragment of free bone is visible.", "upper extremities")
    got = _texts(ex, "The distal fragment is displaced laterally.", "upper extremities")
    assert "fragment" not in got
    got = _texts(ex, "Fracture with displacement of the fragments.", "upper extremities")
    assert "fragments" not in got


def test_the_radlex_names_ending_in_the_short_terms_stay_whole(ex: RuleExtractor) -> None:
    got = _got(ex, "Disc sequestration at L4-L5.", "spine")
    assert [c for _, c, _ in got] == ["sequestrated disc fragment"]


def test_translated_terms_of_known_concepts(ex: RuleExtractor) -> None:
    assert [c for _, c, _ in _got(ex, "Spinal cord distress at C3.", "spine")] == ["myelopathy"]
    got = _got(ex, "Slight pericolic imbibition around the colon.")
    assert [c for _, c, _ in got] == ["soft tissue edema"]
    assert "hypervascularized" in _texts(ex, "The appendix has hypervascularized walls.")


def test_a_comma_separated_heading_is_known_by_its_first_name() -> None:
    assert canonical("Clinical Information, Question, Justification for Examination") == (
        "INDICATION"
    )
    text = "Clinical Information, Question, Justification for Examination: pain.\nLiver normal."
    # the line below the inline reason is the report's own (round 8: body_after_reason)
    assert [s.name for s in find_sections(text)] == ["INDICATION", "FINDINGS"]
    assert canonical("Liver, spleen") is None


def test_a_heading_run_into_the_reason_ends_it(ex: RuleExtractor) -> None:
    text = (
        "Clinical Information, Question, Justification for Examination: Suspected "
        "hydronephrosis. Stone assessment. Examination Technique: Non-contrast CT. "
        "A calculus is present in the left ureter. No ascites."
    )
    got = _texts(ex, text)
    assert "hydronephrosis" not in got and "Stone" not in got
    assert "calculus" in got and "ascites" in got
    got = _texts(
        ex,
        "Clinical data: suspected appendicitis. Findings and Assessment: The appendix is dilated.",
    )
    assert "appendicitis" not in got and "dilated" in got
    # a heading that names the reason again does not end it
    got = _texts(ex, "History: pain. Question: appendicitis?")
    assert "appendicitis" not in got


def test_a_finding_needing_a_site_takes_it_from_an_unlisted_site_phrase(
    ex: RuleExtractor,
) -> None:
    got = _got(
        ex, "Minor irregularities in the cartilage of the patellar dome.", "lower extremities"
    )
    assert ("irregularities", "irregularity", "present") in got
    # a site phrase that names no structure gives none
    assert _got(ex, "Irregularities in the report.") == []


def test_a_modifier_run_before_a_coordination_reads_the_noun_after_it(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "No free intra-abdominal air or fluid.")
    assert ("fluid", "free fluid", "absent") in got
    got = _got(ex, "No pleural effusion or thickening.", "chest")
    assert ("thickening", "pleural thickening", "absent") in got
    # no term of the modifiers with the noun: nothing
    assert _texts(ex, "No pleural effusion or report.", "chest") == ["pleural effusion"]


def test_round5_chest_and_spine_rows(ex: RuleExtractor) -> None:
    got = _got(ex, "Bilateral obliteration of the costophrenic angles.", "chest")
    assert [c for _, c, _ in got] == ["costophrenic angle blunting"]
    got = _got(ex, "Accentuated vascular markings in the hilar regions.", "chest")
    assert [c for _, c, _ in got] == ["vascular congestion"]
    # an unqualified mention of the markings is no finding
    assert _got(ex, "Vascular markings are seen.", "chest") == []
    got = _got(ex, "Narrow cervical canal with a diameter of 6.3 mm.", "spine")
    assert [c for _, c, _ in got] == ["spinal stenosis"]


def test_generic_acute_process_negatives_are_findings(ex: RuleExtractor) -> None:
    got = _got(ex, "No acute intracranial process.", "head")
    assert [(c, a) for _, c, a in got] == [("abnormality", "absent")]
    # a named process keeps its own concept
    got = _got(ex, "Inflammatory process in the right lower lobe.", "chest")
    assert "abnormality" not in [c for _, c, _ in got]


def test_normal_statements_of_long_and_coordinated_subjects(ex: RuleExtractor) -> None:
    text = "The anterior and posterior cruciate ligaments are intact."
    assert [c for _, c, _ in _got(ex, text, "lower extremities")] == [
        "normal anterior and posterior cruciate ligaments"
    ]
    got = _got(ex, "The extensor mechanism is intact.", "lower extremities")
    assert [c for _, c, _ in got] == ["normal extensor mechanism"]
    # the ligament's "collateral" is its name, not collateral vessels
    got = _texts(ex, "The medial collateral ligament is intact.", "lower extremities")
    assert "collateral" not in got
    assert "Collateral" in _texts(ex, "Collateral vessels near the spleen.")


def test_skin_is_a_structure_and_a_baker_cyst_a_finding(ex: RuleExtractor) -> None:
    got = _got(ex, "Skin thickening of the left breast.", "breasts")
    assert [c for _, c, _ in got] == ["thickening"]
    got = _got(ex, "A Baker's cyst is present.", "lower extremities")
    assert [(t, c) for t, c, _ in got] == [("Baker's cyst", "baker cyst")]


def test_a_node_term_with_its_sign_words_spans_the_node_words(ex: RuleExtractor) -> None:
    got = _got(ex, "No pathologically enlarged lymph nodes in the mediastinum.", "chest")
    assert got == [("lymph nodes", "lymphadenopathy", "absent")]
    # a sign word read up to the node it describes keeps the whole node phrase
    assert _texts(ex, "Enlarged portocaval lymph node.") == ["Enlarged portocaval lymph node"]


def test_nodes_described_after_a_linking_verb_are_findings(ex: RuleExtractor) -> None:
    got = _got(ex, "Lymph nodes in the axillae appear reactive.", "breasts")
    assert [t for t, _, _ in got] == ["Lymph nodes"]
    # a linking verb with no describing predicate: the nodes are a structure
    assert _got(ex, "Lymph nodes appear in the field of view.", "breasts") == []


def test_proper_alignment_of_a_structure_is_a_normal_statement(ex: RuleExtractor) -> None:
    got = _got(ex, "Proper alignment in the new joint.", "lower extremities")
    assert [(t, c) for t, c, _ in got] == [("Proper alignment", "normal joints")]
    # malalignment stays the dislocation it names, no normal statement
    got = _got(ex, "Malalignment of the knee joint.", "lower extremities")
    assert [c for _, c, _ in got] == ["dislocation"]
