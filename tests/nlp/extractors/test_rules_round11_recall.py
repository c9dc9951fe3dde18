"""Round 11 (wb-recall3): mention recall by construction, wording made up.

- normal_adequacy: a normal adverb after its participle ("positioned adequately") and said of
  a structure the tables name in two or three words ("The mediastinal shadow is ...");
- open_size_states: a course participle of size with "in" and a measure ("reduced in size")
  said of a structure is a finding of its state, unless the sentence compares with an
  earlier exam."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _mentions(ex: RuleExtractor, sentence: str, exam: str) -> list[tuple[str, str]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept) for m in ex.extract(Report(id="r", text=text))
    ]


@pytest.mark.parametrize(
    ("sentence", "span"),
    [
        ("The mediastinal shadow is positioned adequately.", "positioned adequately"),
        ("The heart shadow is positioned normally.", "positioned normally"),
        ("The heart is centrally positioned.", "centrally positioned"),
        ("The heart is positioned appropriately.", "positioned appropriately"),
    ],
)
def test_a_position_graded_normal_of_a_structure_is_a_normal_statement(
    extractor: RuleExtractor, sentence: str, span: str
) -> None:
    found = _mentions(extractor, sentence, "XR CHEST")
    assert [t for t, c in found if c.startswith("normal")] == [span]


@pytest.mark.parametrize(
    "sentence",
    [
        "The drain is positioned adequately.",  # a device's position
        "The mass is centrally positioned in the pelvis.",  # a lesion's
        "The mediastinal shadow is not positioned normally.",  # negated
    ],
)
def test_no_normal_statement_of_a_device_a_lesion_or_a_negated_position(
    extractor: RuleExtractor, sentence: str
) -> None:
    found = _mentions(extractor, sentence, "XR CHEST")
    assert not [t for t, c in found if c.startswith("normal")]


@pytest.mark.parametrize(
    ("sentence", "span"),
    [
        ("The left kidney is reduced in size.", "reduced in size"),
        ("The spleen looks increased in size.", "increased in size"),
        ("The bile duct appears markedly increased in caliber.", "increased in caliber"),
        ("The thyroid gland is decreased in size.", "decreased in size"),
    ],
)
def test_a_structure_changed_in_size_is_a_finding(
    extractor: RuleExtractor, sentence: str, span: str
) -> None:
    found = _mentions(extractor, sentence, "CT ABDOMEN")
    assert (span, span) in found


@pytest.mark.parametrize(
    "sentence",
    [
        # compared with an earlier exam: a course word, no finding of its own
        "The left kidney is reduced in size compared with the previous study.",
        "The spleen is increased in size since the prior exam.",
        # a lesion is no structure
        "The nodule is reduced in size.",
        # a bladder's volume is its filling
        "The bladder is increased in volume.",
    ],
)
def test_no_size_state_in_a_comparison_of_a_lesion_or_of_a_volume(
    extractor: RuleExtractor, sentence: str
) -> None:
    found = _mentions(extractor, sentence, "CT ABDOMEN")
    assert not [t for t, _ in found if t.endswith((" size", " volume"))]


# normal_subject.OPENING_WORDS: a clause-opening normal predicate is said of the phrase it
# opens, up to six words ("of the neck", coordinated adjectives)
@pytest.mark.parametrize(
    ("sentence", "exam"),
    [
        ("Symmetrical soft tissues of the lower neck.", "CT NECK"),
        ("Symmetrical inner and outer cerebrospinal fluid spaces.", "CT HEAD"),
    ],
)
def test_an_opening_normal_word_reaches_a_longer_structure_phrase(
    extractor: RuleExtractor, sentence: str, exam: str
) -> None:
    found = _mentions(extractor, sentence, exam)
    assert [t for t, c in found if c.startswith("normal")] == ["symmetrical"]


def test_an_opening_structure_bound_word_before_no_structure_stays_none(
    extractor: RuleExtractor,
) -> None:
    found = _mentions(extractor, "Regular intervals between the reconstructed slices.", "CT HEAD")
    assert not [t for t, c in found if c.startswith("normal")]


# open_verbless: predicates without a copula after a bare structure that opens its clause
@pytest.mark.parametrize(
    ("sentence", "spans"),
    [
        ("- Epididymis swollen in its head and tail.", ["swollen"]),
        ("Findings: spermatic cord swollen, infiltrated.", ["swollen", "infiltrated"]),
        ("\u2022 Uterus retroverted.", ["retroverted"]),
    ],
)
def test_a_predicate_without_a_copula_after_a_structure_is_a_finding(
    extractor: RuleExtractor, sentence: str, spans: list[str]
) -> None:
    found = [t for t, _ in _mentions(extractor, sentence, "US PELVIS")]
    assert all(s in found for s in spans)


@pytest.mark.parametrize(
    "sentence",
    [
        "Kidneys showed no dilatation.",  # a verb with its object
        "The nodule swollen at follow-up.",  # no bare structure (a determiner, a lesion)
        "Images acquired in two planes.",  # no structure
    ],
)
def test_no_verbless_predicate_after_a_verb_a_lesion_or_no_structure(
    extractor: RuleExtractor, sentence: str
) -> None:
    found = [t for t, _ in _mentions(extractor, sentence, "US PELVIS")]
    assert not {"showed", "swollen", "acquired"} & set(found)


# open_lesions.IMAGE_NOUNS: a translated report's "image" of a lesion, described as one
@pytest.mark.parametrize(
    ("sentence", "span", "assertion"),
    [
        ("The uterine cavity holds lacunar images near the fundus.", "lacunar images", "present"),
        ("There are no pathological images over the pelvis.", "pathological images", "absent"),
        ("The diffusion sequence shows no restrictive images.", "restrictive images", "absent"),
    ],
)
def test_a_described_image_is_a_lesion_mention(
    extractor: RuleExtractor, sentence: str, span: str, assertion: str
) -> None:
    text = f"Exam: MR PELVIS\n\nFINDINGS:\n{sentence}\n"
    found = [
        (text[m.start : m.end].lower(), m.assertion)
        for m in extractor.extract(Report(id="r", text=text))
    ]
    assert (span, assertion) in found


@pytest.mark.parametrize(
    "sentence",
    [
        "Axial and sagittal images were acquired.",
        "Multiple images were obtained after contrast.",
        "Images of 2 mm thickness were reconstructed.",
    ],
)
def test_images_of_the_technique_are_no_mention(extractor: RuleExtractor, sentence: str) -> None:
    found = [t for t, _ in _mentions(extractor, sentence, "MR PELVIS")]
    assert not [t for t in found if "image" in t]


# device_tips: "the tip of <device>" is the device's one mention, spanning from the tip
@pytest.mark.parametrize(
    ("sentence", "span"),
    [
        ("The tip of the feeding tube lies in the gastric body.", "tip of the feeding tube"),
        (
            "The tips of the pacing leads project over the right ventricle.",
            "tips of the pacing leads",
        ),
    ],
)
def test_the_tip_of_a_device_is_its_mention_from_the_tip(
    extractor: RuleExtractor, sentence: str, span: str
) -> None:
    found = [t for t, _ in _mentions(extractor, sentence, "XR CHEST")]
    assert span in found


def test_the_tip_of_a_structure_is_no_device(extractor: RuleExtractor) -> None:
    found = [
        t for t, _ in _mentions(extractor, "The tip of the coracoid is intact.", "XR SHOULDER")
    ]
    assert not [t for t in found if t.startswith("tip")]


# vessel initialisms (anatomy_initialisms_dicom.tsv) name the subject of a predicate
def test_a_predicate_of_vessel_initialisms_is_said_of_a_structure(
    extractor: RuleExtractor,
) -> None:
    normal = _mentions(extractor, "LICA and LVA are patent.", "CT HEAD")
    assert [t for t, c in normal if c.startswith("normal")] == ["patent"]
    found = [
        t for t, _ in _mentions(extractor, "The left ICA is elongated in the neck.", "CT HEAD")
    ]
    assert "elongated" in found


# open_size_states.SHAPE_STATES: a device course word of form said of a structure
def test_a_structure_kinked_or_looped_is_a_finding_a_device_so_is_not(
    extractor: RuleExtractor,
) -> None:
    assert "kinked" in [
        t for t, _ in _mentions(extractor, "The gallbladder is kinked.", "US ABDOMEN")
    ]
    assert "looped" in [t for t, _ in _mentions(extractor, "The left ICA is looped.", "CT HEAD")]
    tube = [t for t, _ in _mentions(extractor, "The nasogastric tube is kinked.", "XR CHEST")]
    assert "kinked" not in tube
