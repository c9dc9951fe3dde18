"""Round 5 recall mechanisms (issue #18 §1, docs/vocabulary.md "Round 5: mention recall
(ultrasound, neck, pelvis), fresh data"): Doppler flow patterns, nominal findings of a
structure, a generic abnormality shared by two site adjectives, normal statements said of a
property or of blood flow, one normal statement per statement, possessive eponyms; each with
its counter-examples."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_patterns import flow_concept, flow_pattern, nominal_of
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


def _texts(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [t for t, _, _ in _got(ex, text, region)]


# -- Doppler flow patterns ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("The portal vein shows hepatopetal flow.", "hepatopetal flow", "hepatopetal flow"),
        (
            "All three hepatic veins carry triphasic orthograde flow.",
            "triphasic orthograde flow",
            "triphasic orthograde flow",
        ),
        ("ATA: low-resistance spectrum.", "low-resistance spectrum", "low resistance spectrum"),
        ("Biphasic waveforms in the popliteal artery.", "Biphasic waveforms", "biphasic waveform"),
    ],
)
def test_a_doppler_pattern_before_a_flow_noun_is_a_finding(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    assert (span, concept, "present") in _got(ex, text, "vascular")


@pytest.mark.parametrize(
    "text",
    [
        "The popliteal vein shows increased flow with calf compression.",
        "Flow velocity 40 cm/s in the common femoral artery.",
        "Low flow state.",  # a level word alone describes no Doppler pattern
    ],
)
def test_flow_without_a_doppler_word_is_no_pattern(ex: RuleExtractor, text: str) -> None:
    assert not [t for t in _texts(ex, text, "vascular") if t.lower().endswith("flow")]


def test_flow_pattern_reads_only_doppler_words_and_a_level_before_resistance() -> None:
    toks = ["slightly", "lower", "resistance", "spectrum"]
    assert flow_pattern(toks, 3, set()) == 1
    assert flow_concept(toks, 1, 4) == "lower resistance spectrum"
    assert flow_pattern(["lower", "spectrum"], 1, set()) is None
    assert flow_pattern(["triphasic", "flow"], 1, {0}) is None  # a table term stands


# -- nominal findings of a structure -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Elongation of the aorta.", "Elongation"),
        ("- Slippage of the left capital femoral epiphysis.", "Slippage"),
        ("Calcified plaques. Marked angulation of the left ureter.", "angulation"),
    ],
)
def test_a_process_noun_opening_its_clause_before_of_a_structure_is_a_finding(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in _texts(ex, text)


@pytest.mark.parametrize(
    "text",
    [
        "Evaluation of the aorta.",  # a procedure noun
        "Reconstruction of the images.",  # no structure
        "We discussed the elongation of the aorta.",  # not opening its clause
    ],
)
def test_procedure_nouns_and_nouns_inside_a_clause_are_no_nominal_finding(
    ex: RuleExtractor, text: str
) -> None:
    got = [t.lower() for t in _texts(ex, text)]
    assert "evaluation" not in got and "reconstruction" not in got and "elongation" not in got


def test_nominal_of_needs_of_and_a_structure_within_reach() -> None:
    toks = ["-", "slippage", "of", "the", "right", "epiphysis"]
    assert nominal_of(toks, 1, set(), set(), {5})
    assert not nominal_of(toks, 1, set(), set(), set())  # no structure
    assert not nominal_of(["-", "slippage", "in", "the", "epiphysis"], 1, set(), set(), {4})


# -- a generic abnormality shared by two site adjectives -----------------------------------


def test_the_first_site_adjective_shares_the_generic_abnormality(ex: RuleExtractor) -> None:
    got = _got(ex, "No thoracic or spinal anomalies.", "obstetric")
    assert ("thoracic", "abnormality", "absent") in got
    assert ("anomalies", "abnormality", "absent") in got


def test_no_shared_abnormality_without_two_sites(ex: RuleExtractor) -> None:
    got = _texts(ex, "No new or worsening abnormalities.")
    assert "new" not in got and "abnormalities" in got


# -- normal statements said of a property or of blood flow ------------------------------


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("Its contours are regular.", "regular", "normal contours"),
        ("Its echotexture is homogeneous.", "homogeneous", "normal echotexture"),
        ("External contours are smooth.", "smooth", "normal external contours"),
        ("CFA with preserved flow.", "preserved", "normal flow"),
        ("PTA: monophasic, flow preserved.", "preserved", "normal flow"),
    ],
)
def test_a_normal_predicate_of_a_property_or_of_flow_is_a_normal_statement(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    assert (span, concept, "present") in _got(ex, text, "vascular")


@pytest.mark.parametrize(
    "text",
    [
        "The lesion margins are regular.",  # said of a lesion: a description, no statement
        "Function is preserved.",  # neither a property noun nor flow
    ],
)
def test_a_property_of_something_named_or_no_property_gives_no_statement(
    ex: RuleExtractor, text: str
) -> None:
    assert not [c for _, c, _ in _got(ex, text) if c.startswith("normal ")]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("The pancreas is uniform throughout.", "uniform"),
        ("The saphenofemoral junction appears competent.", "competent"),
        ("Both kidneys are of appropriate size.", "appropriate size"),
        ("- Integrity of the kidneys.", "Integrity"),
        ("- Preservation of the right knee joint space.", "Preservation"),
    ],
)
def test_new_normal_words(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text)
    assert [s for s, c, _ in got if c.startswith("normal ")] == [span]


@pytest.mark.parametrize(
    "text",
    ["A uniform layer of fat.", "The patient is competent.", "Tube in appropriate position."],
)
def test_new_normal_words_need_their_structure(ex: RuleExtractor, text: str) -> None:
    assert not [c for _, c, _ in _got(ex, text) if c.startswith("normal ")]


def test_two_structures_keep_two_normal_statements(ex: RuleExtractor) -> None:
    got = _got(ex, "The liver is normal and the spleen is normal.")
    assert [c for _, c, _ in got] == ["normal liver", "normal spleen"]


# -- possessive eponyms (RadLex-derived) ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("Findings consistent with Crohn's disease.", "crohn disease"),
        ("Findings consistent with Crohn disease.", "crohn disease"),
        ("Known Paget's disease of the pelvis.", "paget disease"),
    ],
)
def test_an_eponym_is_found_with_or_without_the_possessive(
    ex: RuleExtractor, text: str, concept: str
) -> None:
    assert concept in [c for _, c, _ in _got(ex, text)]


def test_possessive_variants_only_for_the_eponym_before_its_noun() -> None:
    import importlib.util
    import sys

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location(
        "build_vocab", ROOT / "scripts" / "build_vocab.py"
    )
    assert spec is not None and spec.loader is not None
    bv = sys.modules.get("build_vocab") or importlib.util.module_from_spec(spec)
    if "build_vocab" not in sys.modules:
        sys.modules["build_vocab"] = bv  # its dataclasses look their module up
        spec.loader.exec_module(bv)
    got = bv.possessive_variants(["crohn disease", "regional enteritis", "crohn"], "crohn")
    assert got == ["crohn disease", "crohn's disease", "regional enteritis", "crohn"]
    assert bv.possessive_variants(["valsalva maneuver"], "valsalva") == ["valsalva maneuver"]


# -- changes of a structure -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span", "assertion"),
    [
        ("No changes in the liver, spleen, or adrenals were observed.", "changes", "absent"),
        ("Changes in the subcutaneous tissues of the flank are noted.", "Changes", "present"),
    ],
)
def test_changes_said_of_a_structure_are_an_abnormality(
    ex: RuleExtractor, text: str, span: str, assertion: str
) -> None:
    assert (span, "abnormality", assertion) in _got(ex, text)


@pytest.mark.parametrize(
    "text",
    [
        "No interval changes.",
        "No significant changes compared to the prior study.",
        "No changes in the pulmonary image.",  # the image of a structure: a report word
        "No change in the size of the liver lesion.",  # the structure is not its site
    ],
)
def test_changes_without_a_structure_are_no_finding(ex: RuleExtractor, text: str) -> None:
    assert not [t for t in _texts(ex, text, "chest") if t.lower().startswith("change")]


# -- round 5 table rows ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span", "concept", "assertion"),
    [
        (
            "The common femoral vein is non-compressible.",
            "non-compressible",
            "noncompressibility",
            "present",
        ),
        ("The left femoral head appears thinned.", "thinned", "thinning", "present"),
        ("No dilation of the urinary tracts on either side.", "dilation", "enlargement", "absent"),
        ("No enlarged parathyroid glands.", "enlarged", "enlargement", "absent"),
    ],
)
def test_round5_rows(ex: RuleExtractor, text: str, span: str, concept: str, assertion: str) -> None:
    assert (span, concept, assertion) in _got(ex, text, "neck")


@pytest.mark.parametrize(
    "text", ["The popliteal vein is compressible.", "Thinned by the blade of the reader."]
)
def test_round5_rows_counter_examples(ex: RuleExtractor, text: str) -> None:
    assert not [c for _, c, _ in _got(ex, text) if c in ("noncompressibility", "thinning")]


def test_a_normal_word_before_a_flow_noun_that_names_something_else_is_no_statement(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "A clear flow anomaly is seen within the left sigmoid sinus.", "head")
    assert "normal flow" not in [c for _, c, _ in got]
    assert ("Preserved", "normal flow", "present") in _got(ex, "Preserved flow in the CFA.")


def test_a_procedure_noun_after_an_article_is_no_nominal_finding(ex: RuleExtractor) -> None:
    text = "A core biopsy of the breast and a puncture of an axillary node were done."
    assert "puncture" not in _texts(ex, text, "breast")


# -- senses (GUIDELINE rule 11) -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("A hypoechoic lesion, which is targeted for cytological aspiration.", "neck"),
        ("Once aspiration and flushing were confirmed, the catheter was secured.", "vascular"),
    ],
)
def test_aspiration_as_a_procedure_is_no_finding(ex: RuleExtractor, text: str, region: str) -> None:
    assert "aspiration" not in [c for _, c, _ in _got(ex, text, region)]


def test_aspiration_in_the_lungs_stays_a_finding(ex: RuleExtractor) -> None:
    got = _got(ex, "Right lower lobe opacity, possibly aspiration.", "chest")
    assert ("aspiration", "aspiration", "possible") in got


@pytest.mark.parametrize(
    ("text", "span", "concept", "assertion"),
    [
        ("Minimal post-void residual.", "post-void residual", "post-void residual", "present"),
        ("No residual urine after voiding.", "residual urine", "post-void residual", "absent"),
        ("Liver with coarse echotexture.", "coarse echotexture", "echogenicity", "present"),
    ],
)
def test_pelvic_and_liver_ultrasound_rows(
    ex: RuleExtractor, text: str, span: str, concept: str, assertion: str
) -> None:
    assert (span, concept, assertion) in _got(ex, text, "pelvis")


def test_residual_alone_is_no_post_void_residual(ex: RuleExtractor) -> None:
    got = _got(ex, "Residual tumor in the bladder wall.", "pelvis")
    assert "post-void residual" not in [c for _, c, _ in got]


# -- the gate (open_vocab.may_open) stays in step with the readings ------------------------


@pytest.mark.parametrize(
    "toks",
    [
        ["hepatopetal", "flow"],
        ["no", "changes", "in", "the", "pancreas"],
        ["no", "thoracic", "or", "spinal", "anomalies"],
        ["-", "slippage", "of", "the", "epiphysis"],
        ["marked", "angulation", "of", "the", "ureter"],
    ],
)
def test_the_gate_opens_for_every_pattern_reading(toks: list[str]) -> None:
    from radtrack_gui.nlp.extractors.open_patterns import may_pattern
    from radtrack_gui.nlp.extractors.open_vocab import may_open

    assert may_pattern(toks) and may_open(toks)


def test_the_pattern_gate_stays_shut_for_a_process_noun_inside_a_clause() -> None:
    from radtrack_gui.nlp.extractors.open_patterns import may_pattern, nominal_places

    toks = ["we", "discussed", "the", "elongation", "of", "the", "aorta"]
    assert nominal_places(toks) == [] and not may_pattern(toks)
    assert nominal_places(["elongation", "of", "the", "aorta"]) == [0]
