"""Rule extractor, second round on real report language (issue #14 §3, §1.6): terms and
cues, each with a counter-example that must stay as it is. Sentences are our own."""

from __future__ import annotations

import pytest
from rules_cases import mentions_in, one_mention

from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


# -- near resolution is not absence --------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Almost completely resolved left apical pneumothorax.", "pneumothorax"),
        ("The right effusion has nearly resolved.", "effusion"),
        ("Near-complete resolution of the right pleural effusion.", "pleural effusion"),
        ("Partially resolved left basilar atelectasis.", "atelectasis"),
    ],
)
def test_nearly_resolved_is_still_there(ex: RuleExtractor, text: str, word: str) -> None:
    m = one_mention(ex, text, word, "chest")
    assert (m.assertion, m.change) == ("present", "improved")


@pytest.mark.parametrize(
    "text",
    [
        "Resolved left apical pneumothorax.",
        "The left apical pneumothorax has resolved.",
        "Interval resolution of the left apical pneumothorax.",
    ],
)
def test_resolved_is_still_absent(ex: RuleExtractor, text: str) -> None:
    m = one_mention(ex, text, "pneumothorax", "chest")
    assert (m.assertion, m.change) == ("absent", "resolved")


# -- names that include their modifier ------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "concept"),
    [
        ("No focal air space opacity.", "air space opacity", "opacity"),
        ("No airspace consolidation.", "airspace consolidation", "consolidation"),
        ("No air-space consolidation.", "air-space consolidation", "consolidation"),
        ("Increased interstitial opacity.", "interstitial opacity", "interstitial disease"),
        # counter-examples: a plain or otherwise modified term keeps its own span
        ("No focal consolidation.", "consolidation", "consolidation"),
        ("Patchy opacity at the left base.", "opacity", "opacity"),
    ],
)
def test_airspace_names(ex: RuleExtractor, text: str, word: str, concept: str) -> None:
    assert one_mention(ex, text, word, "chest").concept == concept


# -- terms of other regions ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "concept", "region"),
    [
        (
            "Accessory spleen near the splenic hilum.",
            "accessory spleen",
            "accessory spleen",
            "abdomen",
        ),
        (
            "Moderate bilateral facet arthrosis at L4-L5.",
            "facet arthrosis",
            "degenerative changes",
            "spine",
        ),
        ("No transitional anomaly.", "transitional anomaly", "transitional vertebra", "spine"),
        (
            "Findings of diverticular sigmoiditis.",
            "diverticular sigmoiditis",
            "diverticulitis",
            "abdomen",
        ),
        ("Bilateral emphysematous lesions.", "emphysematous lesions", "emphysema", "chest"),
        (
            "A mass compatible with clear cell carcinoma.",
            "clear cell carcinoma",
            "renal lesion",
            "abdomen",
        ),
        (
            "No dilation of the pelvicalyceal system.",
            "dilation",  # the site is no part of the span (round 11, site_tails)
            "hydronephrosis",
            "abdomen",
        ),
        # counter-examples: the words alone keep their old readings
        ("Carcinoma of the colon.", "carcinoma", "malignancy", "abdomen"),
        ("The spleen is normal.", "normal", "normal spleen", "abdomen"),
    ],
)
def test_terms_of_other_regions(
    ex: RuleExtractor, text: str, word: str, concept: str, region: str
) -> None:
    assert one_mention(ex, text, word, region).concept == concept


def test_portosystemic_shunt_is_a_finding_not_a_device(ex: RuleExtractor) -> None:
    m = one_mention(ex, "No porto-systemic venous shunt.", "porto-systemic venous shunt", "abdomen")
    assert (m.type, m.concept, m.assertion) == ("finding", "cirrhosis", "absent")
    # counter-example: a shunt catheter is still a device
    m = one_mention(ex, "The shunt catheter is intact.", "shunt catheter", "head")
    assert (m.type, m.concept) == ("device", "shunt catheter")


# -- conditional readings and chronic change --------------------------------------------------
def test_clinical_setting_is_a_condition(ex: RuleExtractor) -> None:
    text = "In the appropriate clinical setting, this is compatible with pneumonia."
    assert one_mention(ex, text, "pneumonia", "chest").assertion == "possible"
    # counter-example: without the condition the reading is committed
    assert one_mention(
        ex, "Opacity compatible with pneumonia.", "pneumonia", "chest"
    ).assertion == ("present")


def test_chronic_inflammatory_change_is_not_an_infection(ex: RuleExtractor) -> None:
    m = one_mention(
        ex, "Apical chronic inflammatory change.", "chronic inflammatory change", "chest"
    )
    assert m.concept == "interstitial disease"
    # counter-example: an inflammatory process is still read as an infection of the lung
    m = one_mention(
        ex, "Inflammatory process in the right lower lobe.", "inflammatory process", "chest"
    )
    assert m.concept == "pneumonia"


# -- sections -----------------------------------------------------------------------------
def test_a_run_in_indication_is_a_question(ex: RuleExtractor) -> None:
    text = "Renal MRI\nIndication Characterization of a renal mass.\nFindings\nA renal mass."
    got = mentions_in(ex, text, "abdomen")
    assert [m.section for m in got] == ["FINDINGS"]
    # counter-example: a findings line that starts with a header word is still findings
    text = "Findings\nHistory of a renal mass, now larger."
    assert [m.section for m in mentions_in(ex, text, "abdomen")] == ["FINDINGS"]


# -- sites named before a head structure -------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "station", "side"),
    [
        ("Several enlarged mediastinal-hilar lymph nodes.", "mediastinal lymph nodes", None),
        ("Enlarged right hilar lymph node.", "mediastinal lymph nodes", "right"),
        ("Enlarged left axillary lymph nodes.", "axillary lymph nodes", "left"),
        ("Enlarged right paratracheal lymph node.", "mediastinal lymph nodes", "right"),
    ],
)
def test_lymph_nodes_are_the_head_of_their_site_phrase(
    ex: RuleExtractor, text: str, station: str, side: str | None
) -> None:
    # the mention spans the sign and the node it describes (round 4b)
    low = text.lower()
    span = low[low.index("enlarged") : low.rindex("node")] + low[low.rindex("node") :].split(".")[0]
    m = one_mention(ex, text, span, "chest")
    assert (m.concept, m.anatomy[0], m.laterality) == ("lymphadenopathy", station, side)


def test_a_site_without_lymph_nodes_keeps_its_structure(ex: RuleExtractor) -> None:
    m = one_mention(ex, "Enlarged right hilum.", "enlarged", "chest")
    assert (m.concept, m.anatomy[0]) == ("hilar enlargement", "right hilum")
    m = one_mention(ex, "The mediastinum is enlarged.", "enlarged", "chest")
    assert m.concept == "mediastinal widening"


# -- descriptive phrasings and normal statements ---------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "concept"),
    [
        (
            "Prominence of the pulmonary vasculature.",
            "prominence",  # the site is no part of the span (round 11, site_tails)
            "vascular congestion",
        ),
        ("Fullness of the hila.", "fullness", "hilar enlargement"),
        ("Good patency of the portal vein.", "patency", "normal portal vein"),
        ("Permeability of the portal trunk.", "permeability", "normal portal vein"),
        # counter-example: a loss of patency is an occlusion, not a normal vein
        ("Loss of patency of the left femoral vein.", "loss of patency", "occlusion"),
    ],
)
def test_descriptive_and_normal_phrasings(
    ex: RuleExtractor, text: str, word: str, concept: str
) -> None:
    assert one_mention(ex, text, word).concept == concept


def test_prominent_alone_is_not_an_enlargement(ex: RuleExtractor) -> None:
    # a vague "prominent" names no finding by itself (the IU codes disagree with it)
    assert mentions_in(ex, "Prominent soft tissues of the neck.", "chest") == []


# -- spans: a modifier is not part of the name ----------------------------------------------------
def test_calcified_is_a_modifier_of_a_granuloma(ex: RuleExtractor) -> None:
    got = mentions_in(ex, "Scattered calcified granulomas.", "chest")
    assert [(m.text, m.concept) for m in got] == [("granulomas", "granuloma")]
    # counter-example: a calcification with no finding word after it is still a mention
    assert one_mention(ex, "Calcified left hilum.", "calcified", "chest").concept == "calcification"


def test_interstitial_pulmonary_edema_is_one_name(ex: RuleExtractor) -> None:
    m = one_mention(
        ex, "Developing interstitial pulmonary edema.", "interstitial pulmonary edema", "chest"
    )
    assert m.concept == "pulmonary edema"
    assert one_mention(ex, "Mild pulmonary edema.", "pulmonary edema", "chest").concept == (
        "pulmonary edema"
    )


# -- hedges and negations -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "assertion"),
    [
        # "unlikely" is the leading reading of absence
        ("Pneumonia is unlikely.", "pneumonia", "absent"),
        ("Effusion is less likely.", "effusion", "absent"),
        ("Unlikely to represent pneumonia.", "pneumonia", "absent"),
        # ... but "A, less likely B" keeps A and hedges B
        ("Atelectasis, less likely pneumonia.", "atelectasis", "present"),
        ("Atelectasis, less likely pneumonia.", "pneumonia", "possible"),
        ("Atelectasis is favored over pneumonia.", "atelectasis", "present"),
        ("Atelectasis is favored over pneumonia.", "pneumonia", "possible"),
        # a hedge on "ruled out" is still a hedge
        ("Pneumonia not entirely ruled out.", "pneumonia", "possible"),
        ("Cannot completely exclude a small effusion.", "effusion", "possible"),
        ("Pneumonia has been ruled out.", "pneumonia", "absent"),
        # a structured "finding: none"
        ("Pneumothorax: none.", "pneumothorax", "absent"),
        ("Pneumothorax: small, apical.", "pneumothorax", "present"),
    ],
)
def test_hedges_and_negations(ex: RuleExtractor, text: str, word: str, assertion: str) -> None:
    assert one_mention(ex, text, word, "chest").assertion == assertion


@pytest.mark.parametrize("verb", ["largely resolved", "mostly resolved"])
def test_largely_resolved_is_still_there(ex: RuleExtractor, verb: str) -> None:
    m = one_mention(ex, f"The opacity has {verb}.", "opacity", "chest")
    assert (m.assertion, m.change) == ("present", "improved")


# -- negation scope -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "assertion"),
    [
        # "and" + a severity word starts a positive phrase inside a "no" clause
        ("No effusion and mild cardiomegaly.", "cardiomegaly", "present"),
        ("No pneumothorax and small bilateral effusions.", "effusions", "present"),
        # counter-examples: a plain list stays negated, a hedge still reaches past it
        ("No effusion and no pneumothorax.", "pneumothorax", "absent"),
        ("No focal consolidation, large effusion or pneumothorax.", "effusion", "absent"),
        (
            "Differential includes infiltrates and mild pulmonary edema.",
            "pulmonary edema",
            "possible",
        ),
        # a course word after "after" / "following" is another thing's, not the mention's
        ("No pneumothorax after line placement.", "pneumothorax", "absent"),
        ("Effusion unchanged.", "effusion", "present"),
        # ", signs of" / ", evidence of" after a "no" clause opens a positive clause
        ("No pleural effusion, signs of pulmonary edema.", "pulmonary edema", "present"),
        ("No focal lesions, evidence of mild interstitial edema.", "interstitial edema", "present"),
        # counter-examples: with its own "or" / "no" it stays a member of the negated list
        ("No pleural effusion or signs of pulmonary edema.", "pulmonary edema", "absent"),
        ("No pleural effusion, no signs of pulmonary edema.", "pulmonary edema", "absent"),
        ("No pleural effusion, pneumothorax or consolidation.", "consolidation", "absent"),
    ],
)
def test_negation_scope(ex: RuleExtractor, text: str, word: str, assertion: str) -> None:
    assert one_mention(ex, text, word, "chest").assertion == assertion


def test_necrosis_and_leaks(ex: RuleExtractor) -> None:
    m = one_mention(ex, "The mass contains necrotic components.", "necrotic components", "abdomen")
    assert m.concept == "necrosis"
    m = one_mention(
        ex, "No extravasation or leakage of contrast.", "leakage of contrast", "abdomen"
    )
    assert (m.concept, m.assertion) == ("leak", "absent")
    # counter-example: "necrotic" before another finding word only describes it
    got = mentions_in(ex, "A necrotic mass in the liver.", "abdomen")
    assert [m.text for m in got] == ["mass"]


# -- protrusion is a disc word only in the spine --------------------------------------------------
@pytest.mark.parametrize(
    ("text", "region", "concept"),
    [
        ("Small central protrusion at L4-5.", "spine", "disc herniation"),
        ("Broad-based bulge at L4-5.", "spine", "disc herniation"),
        ("Global disc protrusion.", "spine", "disc herniation"),
        ("Slight protrusion of the left temporal lobe.", "head", "brain herniation"),
        ("Bulging of the fissure.", "chest", "herniation"),
    ],
)
def test_protrusion_is_read_by_site(
    ex: RuleExtractor, text: str, region: str, concept: str
) -> None:
    got = [
        m
        for m in mentions_in(ex, text, region)
        if m.text.lower() in ("protrusion", "bulge", "bulging", "disc protrusion")
    ]
    assert [m.concept for m in got] == [concept]


def test_dural_sinuses_are_not_paranasal_or_colon(ex: RuleExtractor) -> None:
    m = one_mention(ex, "Thrombosis of the superior sagittal sinus.", "thrombosis", "head")
    assert m.anatomy[0] == "dural venous sinuses"
    # counter-examples: the maxillary sinus and the sigmoid colon keep their readings
    m = one_mention(ex, "Mucosal thickening of the maxillary sinus.", "mucosal thickening", "head")
    assert m.anatomy[0] == "maxillary sinuses"
    assert (
        one_mention(ex, "Sigmoid diverticulosis.", "diverticulosis", "abdomen").anatomy[0]
        == "colon"
    )
