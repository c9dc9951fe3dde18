"""Rule extractor: mechanisms found on real report language (issue #14), each with a
counter-example that must stay as it is. Sentences are our own."""

from __future__ import annotations

import pytest
from rules_cases import mentions_in, one_mention

from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import Lexicon, hyphen_variants, vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


# -- compounds --------------------------------------------------------------------------
def test_pseudocyst_is_not_pancreatitis(ex: RuleExtractor) -> None:
    got = mentions_in(ex, "A pseudocyst in the pancreatic tail. Acute pancreatitis.", "abdomen")
    assert [m.concept for m in got] == ["pseudocyst", "pancreatitis"]
    assert (
        one_mention(ex, "A pseudo-cyst near the pancreas.", "pseudo-cyst").concept == "pseudocyst"
    )


def test_denying_prefix_makes_no_mention(ex: RuleExtractor) -> None:
    # "pseudo-aneurysm" is a term of its own; "pseudo-nodular" is not a nodule
    assert [m.concept for m in mentions_in(ex, "Stable pseudo-aneurysm.")] == ["pseudoaneurysm"]
    got = mentions_in(ex, "Pseudo-nodular opacities in the right lung.", "chest")
    assert [(m.text, m.concept) for m in got] == [("opacities", "opacity")]
    # counter-examples: other hyphenated prefixes keep the finding
    assert [m.concept for m in mentions_in(ex, "Post-obstructive pneumonia.", "chest")] == [
        "pneumonia"
    ]
    assert [m.concept for m in mentions_in(ex, "A non-calcified nodule.", "chest")] == ["nodule"]


# -- region-bound site words --------------------------------------------------------------
def test_shape_words_need_their_region(ex: RuleExtractor) -> None:
    m = one_mention(ex, "A mass on the convexity of the right kidney.", "mass", "abdomen")
    assert m.anatomy[0] == "right kidney"
    m = one_mention(ex, "Small effusion in the posterior sulcus.", "effusion", "chest")
    assert m.concept == "pleural effusion" and m.anatomy[0] == "costophrenic angles"
    # counter-examples: in a head exam the same words are the brain's
    m = one_mention(ex, "Hemorrhage in the sulci.", "hemorrhage", "head")
    assert m.concept == "subarachnoid hemorrhage" and m.anatomy[0] == "sulci"
    m = one_mention(ex, "A small extra-axial collection along the convexity.", "collection", "head")
    assert m.anatomy[0] == "convexity"


def test_bound_words_are_read_from_the_table() -> None:
    v = vocabulary()
    assert v.bound_anatomy["sulcus"] == {"head": "sulci", "thorax": "costophrenic angles"}
    assert v.anatomy_of("sulcus") == "sulci"  # the linkers' reading of the word is unchanged


def test_joint_words_of_bony_chains(ex: RuleExtractor) -> None:
    m = one_mention(ex, "No incudostapedial diastasis.", "diastasis", "head")
    assert (m.concept, m.anatomy[0], m.assertion) == ("joint separation", "ossicles", "absent")
    assert one_mention(ex, "Mild sutural diastasis.", "diastasis", "head").concept == (
        "joint separation"
    )
    # counter-example: a surgical suture in an abdomen exam names no skull structure
    got = mentions_in(ex, "Diastasis at the suture line.", "abdomen")
    assert [m.concept for m in got] == ["surgical clips"]


# -- spelling ---------------------------------------------------------------------------
def test_hyphenated_or_not_is_one_term() -> None:
    assert hyphen_variants("not well seen") == ["not - well seen", "not well - seen"]
    assert hyphen_variants("ground - glass") == ["ground glass"]
    assert hyphen_variants("a - line") == []  # "A line is seen": an article, not a device
    lex = vocabulary().lexicon()
    _, others = lex.match(Lexicon.key_tokens("is not well-seen"))
    assert any(e[0] == "negate" for _, _, entries in others for e in entries)


def test_article_before_line_is_not_an_arterial_line(ex: RuleExtractor) -> None:
    got = mentions_in(ex, "A line is now seen, ending in the SVC.", "chest")
    assert all(m.concept != "arterial line" for m in got)


# -- assertion scope ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "word", "assertion"),
    [
        # a participle and a comma close the clause of a "no"
        ("No effusion seen, calcified nodule in the left lung.", "nodule", "present"),
        ("No effusion, pneumothorax, or consolidation.", "consolidation", "absent"),
        # a post-trigger is counted from the end of the mention's site phrase
        ("The nodule at the left lung base is not well-seen now.", "nodule", "absent"),
        ("Opacity in the right upper lobe, not seen on the prior study.", "opacity", "present"),
        # "associated with" does not end a hedge
        ("Streaks which may represent scarring associated with fibrosis.", "fibrosis", "possible"),
        ("Left lower lobe opacity with small effusion.", "effusion", "present"),
        # a course word after a conjunction is not the mention's own
        ("Lungs are free of new infiltrates and well expanded.", "infiltrates", "absent"),
        ("No change: the effusion is unchanged.", "effusion", "present"),
    ],
)
def test_scopes(ex: RuleExtractor, text: str, word: str, assertion: str) -> None:
    assert one_mention(ex, text, word, "chest").assertion == assertion


def test_not_seen_on_the_prior_means_new(ex: RuleExtractor) -> None:
    m = one_mention(
        ex, "There is a mass in the right parietal lobe, not seen on the prior.", "mass"
    )
    assert (m.assertion, m.change) == ("present", "new")
    # counter-example: "not seen" on today's study still negates
    assert one_mention(ex, "The mass is not seen.", "mass").assertion == "absent"


# -- vocabulary of other regions ----------------------------------------------------------
def test_stenosis_is_read_by_site(ex: RuleExtractor) -> None:
    m = one_mention(
        ex, "No stenosis of the vessels forming the circle of Willis.", "stenosis", "head"
    )
    assert (m.concept, m.assertion) == ("vascular stenosis", "absent")  # senses.tsv: vessels
    # counter-examples: in the spine the same word is still spinal stenosis
    assert (
        one_mention(ex, "Mild stenosis at L4-5.", "stenosis", "spine").concept == "spinal stenosis"
    )
    m = one_mention(ex, "Mild narrowing of the spinal canal.", "narrowing", "spine")
    assert m.concept == "spinal stenosis"


def test_neck_edema_is_not_pulmonary(ex: RuleExtractor) -> None:
    m = one_mention(ex, "No laryngeal edema.", "edema", "chest")
    assert (m.concept, m.anatomy[0]) == ("edema", "larynx")
    # counter-example: edema with no site in a chest exam stays pulmonary edema
    assert one_mention(ex, "Mild edema.", "edema", "chest").concept == "pulmonary edema"


def test_trauma_words(ex: RuleExtractor) -> None:
    got = mentions_in(
        ex, "Splenic laceration without active extravasation. No renal injury.", "abdomen"
    )
    assert [(m.concept, m.assertion) for m in got] == [
        ("laceration", "present"),
        ("extravasation", "absent"),
        ("injury", "absent"),
    ]
    assert got[2].anatomy[0] == "kidneys"


def test_a_lesion_in_a_chest_exam_is_not_a_breast_lesion(ex: RuleExtractor) -> None:
    assert (
        one_mention(ex, "A lesion in the right lung.", "lesion", "chest").concept == "lung lesion"
    )
    assert one_mention(ex, "No destructive lesions.", "lesions", "chest").concept == "lesion"
    # counter-example: a named breast keeps its kind
    m = one_mention(ex, "A lesion in the left breast.", "lesion", "chest")
    assert m.concept == "breast lesion"


def test_canal_is_the_spine_only_in_a_spine_exam(ex: RuleExtractor) -> None:
    m = one_mention(ex, "Dehiscence of the superior semicircular canal.", "dehiscence", "head")
    assert m.anatomy[0] == "inner ear"
    # counter-example: in a spine exam "the canal" is the spinal canal
    assert (
        one_mention(ex, "The canal is patent.", "patent", "spine").concept == "normal spinal canal"
    )


@pytest.mark.parametrize(
    ("text", "assertion"),
    [
        ("Basilar opacities favored to represent atelectasis.", "present"),
        ("Findings strongly suggestive of atelectasis.", "present"),
        ("Opacities most compatible with atelectasis.", "present"),
        # "compatible with" commits like "consistent with" (second round: the IU development
        # half's hand codes count it as the finding)
        ("Opacities compatible with atelectasis.", "present"),
        # counter-examples: the plain hedges stay hedges, and a hedge before it still hedges
        ("Basilar opacities suggestive of atelectasis.", "possible"),
        ("Opacities may be compatible with atelectasis.", "possible"),
    ],
)
def test_committed_readings(ex: RuleExtractor, text: str, assertion: str) -> None:
    assert one_mention(ex, text, "atelectasis", "chest").assertion == assertion


def test_alternative_reaches_past_its_modifiers(ex: RuleExtractor) -> None:
    text = "Opacities may represent mucus plugging or possibly focal areas of pneumonia."
    assert one_mention(ex, text, "pneumonia", "chest").assertion == "possible"
    # counter-example: only the next mention is the alternative
    got = mentions_in(ex, "Atelectasis versus pneumonia; small effusion.", "chest")
    assert [m.assertion for m in got] == ["present", "possible", "present"]
