"""Round 6 mention mechanisms (issue #18, docs/vocabulary.md "Round 6: mention recall
(ultrasound, neck, pelvis), fresh data"): the referral after an inline "Referral data:" /
"Data:" heading is the reason for the exam up to the sentence that reports the exam; a bare
structure-bound predicate continues the predicate list of a structure. Each with
counter-examples (wording made up, not from any corpus)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _texts(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [m.text for m in ex.extract(Report("r", text, region=region))]


# -- the referral after an inline heading --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Referral data: flank pain. History of nephrolithiasis. Known gallstones.\n"
        "The liver is enlarged.",
        "Referral information: Suspected ureteral calculus. Renal colic.\n\nFindings:\n"
        "The liver is enlarged.",
        "Data: Please perform CT in a patient with pancreatitis, probably biliary.\n"
        "The liver is enlarged.",
        "Referral data: flank pain, hydronephrosis, gallstones\n"
        "Abdominal CT, performed after contrast. The liver is enlarged.",
    ],
)
def test_the_referral_is_no_finding_but_the_report_after_it_is(
    ex: RuleExtractor, text: str
) -> None:
    got = _texts(ex, text)
    assert "enlarged" in got
    assert not {"nephrolithiasis", "gallstones", "calculus", "pancreatitis", "hydronephrosis"} & {
        w.lower() for w in got
    }


@pytest.mark.parametrize(
    ("text", "finding"),
    [
        # the exam reported on the heading's line ends the referral there
        (
            "Referral data: Flank pain. CT performed urgently. Hydronephrosis on the left.",
            "Hydronephrosis",
        ),
        (
            "Referral information: Chest pain. The examination is of limited quality. "
            "Small pleural effusion on the right.",
            "pleural effusion",
        ),
        (
            "Referral data: Headache. Compared with the study from May. New hydrocephalus.",
            "hydrocephalus",
        ),
    ],
)
def test_a_sentence_reporting_the_exam_ends_the_referral(
    ex: RuleExtractor, text: str, finding: str
) -> None:
    assert finding in _texts(ex, text, "chest")


def test_a_request_in_the_referral_is_no_report_of_the_exam(ex: RuleExtractor) -> None:
    # "Please perform" names the exam asked for; the findings only follow the exam's report
    text = "Referral data: Please perform abdominal CT, suspected appendicitis. Fever.\n"
    assert "appendicitis" not in _texts(ex, text)


# -- a bare predicate continuing a structure's predicate list -----------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("The spleen is not enlarged, homogeneous.", "homogeneous"),
        ("The pancreas is partially visible, homogeneous in the visualized part.", "homogeneous"),
        ("The thyroid gland is enlarged and homogeneous.", "homogeneous"),
        ("Gallbladder: distended, homogeneous.", "homogeneous"),
    ],
)
def test_a_bare_predicate_of_a_structure_is_a_normal_statement(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert any(span in t for t in _texts(ex, text))


@pytest.mark.parametrize(
    "text",
    [
        # the subject is a lesion, not a structure
        "The mass is large, homogeneous.",
        # the predicate opens a phrase about something else
        "The liver is enlarged, homogeneous lesion in segment 4.",
        # a sentence end lies between the structure and the predicate
        "The spleen is enlarged. Homogeneous.",
    ],
)
def test_no_normal_statement_without_a_structure_subject(ex: RuleExtractor, text: str) -> None:
    assert "homogeneous" not in [t.lower() for t in _texts(ex, text)]


# -- disturbed functions, generic pathology, acronyms ------------------------


@pytest.mark.parametrize(
    ("text", "span", "assertion"),
    [
        ("Grade I diastolic dysfunction.", "diastolic dysfunction", "present"),
        ("No regional contractility disorders.", "contractility disorders", "absent"),
        ("Wall motion: contraction asynchrony.", "contraction asynchrony", "present"),
        ("Effusion with associated ventilatory impairment.", "ventilatory impairment", "present"),
        # no kind named before the noun: the noun alone
        ("No dysfunction of the prosthetic valve.", "dysfunction", "absent"),
    ],
)
def test_a_disturbed_function_is_a_finding_with_its_kind(
    ex: RuleExtractor, text: str, span: str, assertion: str
) -> None:
    got = [(m.text, m.assertion) for m in ex.extract(Report("r", text, region="chest"))]
    assert (span, assertion) in got


@pytest.mark.parametrize(
    "text",
    [
        # a course word or a cue is no kind of disturbance
        "No significant disorders.",
        "No evident disorders.",
    ],
)
def test_a_course_word_is_no_kind_of_disorder(ex: RuleExtractor, text: str) -> None:
    got = _texts(ex, text, "chest")
    assert "disorders" in got
    assert not any(" " in t for t in got)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Gallbladder without pathology inside.", "pathology"),
        ("Diffuse hepatocellular pathology.", "pathology"),
        ("Grade 2 VUR into the left kidney.", "VUR"),
        ("Enlarged prostate: BPH.", "BPH"),
    ],
)
def test_generic_and_abbreviated_findings(ex: RuleExtractor, text: str, span: str) -> None:
    assert span in _texts(ex, text)


# -- a property listed in a normal statement; a structure said not to be abnormal ----------


@pytest.mark.parametrize(
    "text",
    [
        "The liver is of normal size and uniform echogenicity.",
        "The kidneys are of normal size with preserved echogenicity and parenchymal thickness.",
    ],
)
def test_a_listed_property_of_a_normal_structure_is_no_finding(
    ex: RuleExtractor, text: str
) -> None:
    got = [t.lower() for t in _texts(ex, text)]
    assert "echogenicity" not in got
    assert got  # the normal statement stays


def test_an_abnormal_property_listed_after_a_normal_one_stays(ex: RuleExtractor) -> None:
    text = (
        "Kidneys of normal size, with preserved parenchymal thickness and increased echogenicity."
    )
    assert "increased echogenicity" in _texts(ex, text)


def test_a_property_after_a_negated_predicate_is_the_structures(ex: RuleExtractor) -> None:
    text = "The prostate is not enlarged, with a homogeneous echotexture."
    assert "homogeneous" in _texts(ex, text, "pelvis")
    # after a lesion named in the sentence the property is the lesion's
    lesion = "The liver is enlarged, with a lesion with smooth margins."
    assert "smooth" not in _texts(ex, lesion)


# -- a lymph node opening a verbless statement -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Lymph node with loss of fatty hilum.",
        "Level II lymph nodes on both sides.",
        "Submandibular lymph nodes up to 12 mm.",
    ],
)
def test_a_node_opening_a_verbless_statement_is_a_finding(ex: RuleExtractor, text: str) -> None:
    assert any(t.lower().startswith("lymph node") for t in _texts(ex, text, "neck"))


@pytest.mark.parametrize(
    "text",
    [
        "Lymph node dissection in 2019.",
        "Lymph node station 4R without change.",
        # a verb in the sentence: its predicate is the statement
        "Lymph nodes in the neck were removed in 2019.",
    ],
)
def test_no_node_statement_for_stations_or_clauses_with_a_verb(
    ex: RuleExtractor, text: str
) -> None:
    assert not any("lymph" in t.lower() for t in _texts(ex, text, "neck"))


# -- echocardiography measurement labels; structures named by their tissue -----------------


def test_ventricular_or_muscle_mass_is_a_measurement_not_a_lesion(ex: RuleExtractor) -> None:
    got = _texts(ex, "LV mass (ASE) 300 g. LV mass index 127 g/m2.", "chest")
    assert "mass" not in got
    assert "mass" in _texts(ex, "A mass in the left ventricle.", "chest")


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Vascular structures appear normal.", "normal"),
        ("The bony structures are intact.", "intact"),
    ],
)
def test_structures_named_by_their_tissue_take_a_normal_statement(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in _texts(ex, text)


def test_structures_of_a_lesion_take_no_normal_statement(ex: RuleExtractor) -> None:
    assert "normal" not in _texts(ex, "The lesion structures are normal.")


# -- a noun-ending term before "and" + finding is a finding of its own ---------------------


def test_a_term_ending_in_a_noun_is_no_modifier_of_the_next(ex: RuleExtractor) -> None:
    text = "The thyroid has a heterogeneous echotexture and increased vascularity."
    got = _texts(ex, text, "neck")
    assert "heterogeneous echotexture" in got and "increased vascularity" in got


@pytest.mark.parametrize(
    "text", ["A hypodense, calcified nodule.", "Hypoechoic and heterogeneous lesion."]
)
def test_coordinated_adjectives_still_modify_the_finding(ex: RuleExtractor, text: str) -> None:
    got = [t.lower() for t in _texts(ex, text)]
    assert "hypodense" not in got and "hypoechoic" not in got


# -- position, opacification and patency said of a structure --------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Both kidneys are typically positioned.", "typically positioned"),
        ("Both kidneys are in the typical location.", "in the typical location"),
        ("The vertebral arteries are properly contrasted.", "properly contrasted"),
        ("The upper airways are unobstructed.", "unobstructed"),
    ],
)
def test_position_and_opacification_of_a_structure_are_normal_statements(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in _texts(ex, text)


@pytest.mark.parametrize(
    "text",
    ["The catheter is normally positioned.", "The lesion is typically located in segment 6."],
)
def test_a_device_or_lesion_so_described_gives_no_normal_statement(
    ex: RuleExtractor, text: str
) -> None:
    got = _texts(ex, text)
    assert "normally positioned" not in got and "typically located" not in got
