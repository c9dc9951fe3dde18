"""Round 9 (extract-speed7): the word mask answers the open readings' remaining word tests
and the analysis' own ones, the helpers read the tokens as they are (lower case), and the
list-item test is read once per sentence. Each structure equals what it replaced on the
sample patients' sentences and each reading's cases; the counter-examples show that the
bits are what decides (a wrong mask changes the answer)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import candidates, rules
from radtrack_gui.nlp.extractors import word_marks as wm
from radtrack_gui.nlp.extractors.candidates import tokens_and_terms
from radtrack_gui.nlp.extractors.open_patterns import nominal_places, pattern_places
from radtrack_gui.nlp.extractors.open_vocab import may_open, open_mentions
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import sentences, word_bounds, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource

CASES = [
    "Findings in keeping with blorpen.",
    "Mild colitis.",
    "Mild blorpitis of the colon.",
    "Dilatation of the common bile duct.",
    "Thickening of the wall.",
    "Triphasic flow in the hepatic veins.",
    "Interval increase in size of the mass.",
    "A lesion in segment 6.",
    "No pleural effusion; mild cardiomegaly: stable.",
    "Nodule in the right lung. This nodule is stable.",
    "Right upper lobe nodule, cardiomegaly, and left lower lobe atelectasis.",
    "The right kidney is larger than the left.",
    "Enlarged lymph nodes in the mediastinum.",
    "Mild degenerative changes of the spine.",
    "Good opacification of the hepatic veins.",
    "No effusion seen, nodule in the left lung.",
]


def _sentences() -> list[str]:
    out = list(CASES)
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def _toks(text: str) -> list[str]:
    return word_tokens(text)[1]


def _mentions(ex: RuleExtractor, text: str) -> list[tuple]:  # type: ignore[type-arg]
    return [
        (m.start, m.end, m.concept, tuple(m.anatomy), m.laterality, m.assertion, m.change)
        for m in ex.extract(Report(id="r", text=text))
    ]


def test_masked_gates_equal_their_scans() -> None:
    lex = lexicon_of(vocabulary())
    for text in _sentences():
        toks = _toks(text)
        mask = wm.sentence_mask(toks)
        concepts = lex.match(toks)[0]
        assert nominal_places(toks, mask) == nominal_places(toks), text
        assert pattern_places(toks, mask) == pattern_places(toks), text
        assert may_open(toks, False, concepts, mask) == may_open(toks, False, concepts), text
        assert may_open(toks, None, concepts, mask) == may_open(toks, None, concepts), text


def test_masked_gates_read_the_bits() -> None:
    toks = ["dilatation", "of", "the", "duct"]
    mask = wm.sentence_mask(toks)
    assert nominal_places(toks, mask) == [0]
    assert nominal_places(toks, mask & ~wm.OF) == []  # counter-example: no "of" bit, no place
    assert pattern_places(toks, mask) == [0]
    assert pattern_places(toks, mask & ~wm.NOMINAL) is None
    suffixed = ["mild", "blorpitis"]
    m = wm.sentence_mask(suffixed)
    assert may_open(suffixed, False, [], m)
    assert not may_open(suffixed, False, [], m & ~wm.LAST3)
    assert not may_open(suffixed, False, [], m & ~wm.SUFFIX)


def test_the_pathology_ending_scan_runs_only_with_both_bits() -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    toks = ["mild", "blorpitis", "of", "the", "colon"]
    mask = wm.sentence_mask(toks)
    assert mask & wm.LAST3 and mask & wm.SUFFIX
    found = open_mentions(v, lex, toks, set(), set(), mask=mask)
    assert [t[:3] for t in found] == [(1, 2, "blorpitis")]
    # counter-examples: without either bit the scan does not run
    assert open_mentions(v, lex, toks, set(), set(), mask=mask & ~wm.LAST3) == []
    assert open_mentions(v, lex, toks, set(), set(), mask=mask & ~wm.SUFFIX) == []
    # a word with the last letters of an ending but not the ending finds nothing either way
    odd = ["mild", "itisfoo"]
    assert open_mentions(v, lex, odd, set(), set(), mask=-1) == []


def test_every_sample_sentence_gives_the_same_with_the_ending_scan_forced() -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    for text in _sentences():
        toks = _toks(text)
        concepts, others = lex.match(toks)
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        mask = wm.sentence_mask(toks)
        forced = mask | wm.LAST3 | wm.SUFFIX
        assert open_mentions(v, lex, toks, covered, others_at, mask=mask) == open_mentions(
            v, lex, toks, covered, others_at, mask=forced
        ), text


def test_tokens_are_lower_case_as_the_helpers_read_them() -> None:
    for text in [*_sentences(), "İSTANBUL ÖDEM Straße", "C5 - 6 DISC", "GOOD Opacification"]:
        words = word_bounds(text)[2]
        assert words == [w.lower() for w in words], text
    # the quality reading sees lower-cased tokens: upper-case text reads as lower-case text
    ex = RuleExtractor()
    upper = _mentions(ex, "GOOD OPACIFICATION OF THE HEPATIC VEINS.")
    lower = _mentions(ex, "Good opacification of the hepatic veins.")
    assert upper == lower and upper[0][2] == "normal"


def test_the_row_carries_the_mask_and_analyse_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    for text in _sentences():
        row = tokens_and_terms(v, lex, text)
        assert row[8] == wm.sentence_mask(list(row[2])), text
    texts = [" ".join(CASES), *CASES]
    expected = [_mentions(RuleExtractor(), t) for t in texts]
    real = candidates.tokens_and_terms

    def without_mask(v, lex, key):  # type: ignore[no-untyped-def]
        return (*real(v, lex, key)[:8], None)  # analyse computes it

    monkeypatch.setattr(rules, "tokens_and_terms", without_mask)
    assert [_mentions(RuleExtractor(), t) for t in texts] == expected

    def wrong_mask(v, lex, key):  # type: ignore[no-untyped-def]
        return (*real(v, lex, key)[:8], 0)  # counter-example: no bit set

    monkeypatch.setattr(rules, "tokens_and_terms", wrong_mask)
    # "This nodule": without the back-reference bit the site is not taken from before;
    # "Good opacification": without the quality bit no normal statement
    back = "Nodule in the right lung. This nodule is stable."
    assert _mentions(RuleExtractor(), back) != expected[texts.index(back)]
    good = "Good opacification of the hepatic veins."
    assert _mentions(RuleExtractor(), good) != expected[texts.index(good)]


def test_list_items_read_once_keep_each_items_site() -> None:
    ex = RuleExtractor()
    got = _mentions(ex, "Right upper lobe nodule, cardiomegaly, and left lower lobe atelectasis.")
    sites = {concept: anatomy[0] for _, _, concept, anatomy, *_ in got}
    assert sites == {
        "nodule": "right upper lobe",
        "cardiomegaly": "heart",
        "atelectasis": "left lower lobe",
    }


# -- the reasons for the exam read once (sections.sections_and_reasons) ----------------------

REASON_REPORTS = [
    "Clinical question: suspected appendicitis, pain in the right iliac fossa.\n\n"
    "The appendix measures 11 mm with surrounding fat stranding. No free fluid.\n",
    "Clinical data: cough. Small right pleural effusion is seen. No pneumothorax.\n",
    "Indication: fever. CT was performed after contrast. There is a 2 cm liver lesion.\n",
    "HISTORY:\nPneumonia.\n\nThe lungs are clear. No pleural effusion.\n",
    "Indication: cough.\nFindings: The lungs are clear.\nImpression: Normal chest.",
    "COMPARISON: CT of 3 March.\n\nThe nodule in the right upper lobe is unchanged.\n",
    "Findings: Mild cardiomegaly.",
]


def _trimmed(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(a, len(text[:b].rstrip())) for a, b in spans]


def test_the_reasons_cut_at_are_the_cut_sections_reasons() -> None:
    from radtrack_gui.nlp import sections as sections_module
    from radtrack_gui.nlp.extractors import layout

    texts = list(REASON_REPORTS)
    for folder in ("demo_patient", "oncology_patient"):
        texts.extend(
            p.read_text(encoding="utf-8") for p in resource("samples", folder).glob("*.txt")
        )
    cut_some = 0
    for text in texts:
        secs, reasons = sections_module.sections_and_reasons(text)
        assert secs == sections_module.find_sections(text)
        again = layout.question_spans(text, secs)
        if reasons is None:  # nothing cut: no reason section (the caller reads none)
            assert again == [], text
            continue
        cut_some += 1
        # the spans read before the cut end where the cut sections' own reasons end, up to
        # the white space before the report's own text (no token starts there)
        assert _trimmed(text, reasons) == _trimmed(text, again), text
    assert cut_some >= 4


def test_the_extractor_reads_the_reasons_once_per_report(monkeypatch: pytest.MonkeyPatch) -> None:
    from radtrack_gui.nlp.extractors import layout

    calls: list[int] = []
    real = layout.question_spans

    def counted(text, sections):  # type: ignore[no-untyped-def]
        calls.append(len(sections))
        return real(text, sections)

    before = {t: _mentions(RuleExtractor(), t) for t in REASON_REPORTS}
    monkeypatch.setattr(layout, "question_spans", counted)
    monkeypatch.setattr(rules, "question_spans", counted)
    for text in REASON_REPORTS:
        calls.clear()
        assert _mentions(RuleExtractor(), text) == before[text]
        assert len(calls) == 1, text  # before round 9: twice where find_sections cut
    # the reason stays out of the findings: "appendicitis" is asked, the fat stranding seen
    got = {m[2] for m in before[REASON_REPORTS[0]]}
    assert "appendicitis" not in got and "soft tissue edema" in got
    # counter-example: sections given by the caller are read as given (computed here once)
    given = RuleExtractor()
    calls.clear()
    from radtrack_gui.nlp.sections import find_sections

    text = REASON_REPORTS[1]
    given.extract(Report(id="r", text=text, sections=find_sections(text)))
    assert len(calls) == 2  # find_sections above (its cut) and the extractor's own


def test_the_sentence_mask_is_the_same_from_known_and_new_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(wm, "_MASKS", {})
    for text in _sentences():
        toks = _toks(text)
        expected = 0
        for t in toks:
            expected |= wm.word_mask(t)
        first = wm.sentence_mask(toks)  # some words new: read, then looked up
        assert set(toks) <= set(wm._MASKS)
        assert first == expected == wm.sentence_mask(toks), text  # all known: one C pass
    # counter-example: a word read wrongly once is what the known-words pass returns
    wm._MASKS["blorpen"] = wm.LESION
    assert wm.sentence_mask(["blorpen"]) == wm.LESION
    assert wm.sentence_mask(["blorpen", "flurb"]) == wm.LESION | wm.word_mask("flurb")


def test_the_digit_bit_is_a_digit_in_the_sentence() -> None:
    import re

    digit = re.compile(r"\d")
    for text in [*_sentences(), "Nodule of ٣ cm.", "T12-L1 level", "[**2019-01-02**] study"]:
        mask = wm.sentence_mask(_toks(text))
        assert bool(mask & wm.DIGIT) == (digit.search(text) is not None), text
    ex = RuleExtractor()
    sized = ex.extract(Report(id="r", text="A 2.5 cm nodule in the right upper lobe."))
    assert [m.measurements for m in sized] == [["2.5 cm"]]
    # counter-example: no digit, no size (and none looked for)
    assert [m.measurements for m in ex.extract(Report(id="r", text="A nodule."))] == [[]]
