"""The fast paths of issue #23 item 6 decide exactly what the code they replaced decided:
tokens with offsets from one regex split, the open-vocabulary gate, inline section headers
scanned from white space, and the memoised vocabulary look-ups."""

from __future__ import annotations

import re

import pytest
from conftest import DEMO

from radtrack_gui.nlp.extractors.open_vocab import may_open, open_mentions
from radtrack_gui.nlp.sections import _INLINE, _alts, _inline
from radtrack_gui.nlp.text import TOKEN_RE, sentences, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.nlp.vocabulary_refine import refine_kind

TRICKY = [
    "",
    "   \n\t ",
    "No pleural effusion. Endotracheal tube in place.",
    "Disc bulge at C5 - 6 and L4 / 5, T12-L1.",
    "[** Hospital 1 **] MEDICAL CONDITION: r/o PNA",
    "İstanbul İİ C5 - 6: lower case of İ is two characters",
    "ΟΔΟΣ ΣΑ: final sigma stays per token",
    "a\x00b c - 6 [** x y **]",
    "don't O'Brien 2.5 cm 1,234 x\u00a0y",
    # a space on one side of the level's "-" or "/" only (word_tokens' gate must see it)
    "levels C5 -6, c5- 6, L4/ 5, T12 /L1 and S1 - S2",
    "tab and line break in a level: C5\t-\t6, T12\n- L1, 3 / 4 cm",
    "a bracket without the level [**Known lastname**] and 1 - 2 nodes",
]


def _reference(text: str) -> tuple[tuple[tuple[int, int], ...], list[str]]:
    """The tokenisation word_tokens replaced: finditer, each token lower-cased on its own,
    inner spaces removed."""
    spans = tuple(m.span() for m in TOKEN_RE.finditer(text))
    words = [text[a:b].lower() for a, b in spans]
    if " " in text:
        words = [w.replace(" ", "") for w in words]
    return spans, words


@pytest.mark.parametrize("text", TRICKY)
def test_word_tokens_equal_the_per_token_reference(text: str) -> None:
    assert word_tokens(text) == _reference(text)


def test_word_tokens_on_the_demo_reports() -> None:
    for path in sorted(DEMO.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        assert word_tokens(text) == _reference(text), path.name


def test_word_tokens_keep_offsets_where_lower_case_is_longer() -> None:
    text = "İ nodule"
    assert len(text.lower()) != len(text)  # why the whole text is not lower-cased at once
    spans, words = word_tokens(text)
    assert [text[a:b] for a, b in spans] == ["İ", "nodule"]
    assert words[1] == "nodule" and spans[1] == (2, 8)


def _toks(sentence: str) -> list[str]:
    return word_tokens(sentence)[1]


def test_open_vocabulary_gate_never_hides_a_mention() -> None:
    v = vocabulary()
    lex = v.lexicon()
    texts = [p.read_text(encoding="utf-8") for p in sorted(DEMO.glob("*.txt"))]
    texts += [
        "Findings compatible with frobnitz in the left kidney.",
        "Findings in keeping with blorpen.",
        "Mild quuxopathy. A lesion measuring 2 cm.",
        "A frobnitz, measuring 2 cm.",
    ]
    found = 0
    for text in texts:
        for a, b in sentences(text):
            toks = _toks(text[a:b])
            got = open_mentions(v, lex, toks, set(), set())
            found += bool(got)
            if not may_open(toks):
                assert got == [], text[a:b]
    assert found >= 3  # the gate let the sentences with something to find through


def test_open_vocabulary_gate_counter_examples() -> None:
    assert may_open(_toks("Mild quuxopathy."))  # a pathology ending
    assert may_open(_toks("in keeping with blorpen"))  # a frame
    assert may_open(_toks("a lesion measuring 2 cm"))  # a measured thing
    assert not may_open(_toks("The heart is normal in size."))
    # "itis" inside a word, not at its end, opens nothing
    assert not may_open(_toks("itisfoo lungs clear"))


_LOOKBEHIND = re.compile(  # the pattern _inline replaced
    rf"(?<=\S)[ \t]++(?P<h>{_alts(_INLINE)})[ \t\xa0]*+:"
    rf"|(?<=[.!?])[ \t]++(?P<t>{_alts(tuple(w.title() for w in _INLINE))})[ \t\xa0]*+:"
)


def _old_inline(text: str) -> list[tuple[int, str]]:
    out = []
    for m in _LOOKBEHIND.finditer(text):
        g = "h" if m["h"] else "t"
        out.append((m.start(g), m[g]))
    return out


@pytest.mark.parametrize(
    "text",
    [
        "Lungs clear. IMPRESSION: normal",  # upper case after a sentence end
        "lungs clear IMPRESSION: normal",  # upper case after a word
        "Lungs clear. Impression: normal",  # title case after a sentence end
        "lungs clear Impression: normal",  # title case after a word: no header
        "\n  IMPRESSION: normal",  # only white space before it: a line start, not inline
        "x\u00a0 IMPRESSION: y",  # a no-break space before the spaces is white space
        " IMPRESSION: y",
        "a.IMPRESSION: y",  # no white space before it
        "ok.  CLINICAL HISTORY : x. Findings: y",
        "no colon IMPRESSION here",
    ],
)
def test_inline_headers_as_the_lookbehind_pattern(text: str) -> None:
    assert _inline(text) == _old_inline(text)


def test_inline_headers_found_and_not_found() -> None:
    assert _inline("lungs clear IMPRESSION: normal") == [(12, "IMPRESSION")]
    assert _inline("lungs clear Impression: normal") == []
    assert _inline("\n  IMPRESSION: normal") == []


def test_memoised_refinement_keeps_its_arguments_apart() -> None:
    v = vocabulary()
    assert v.refine("hemorrhage", "left sulci") == "subarachnoid hemorrhage"
    assert v.refine("hemorrhage", "liver") != "subarachnoid hemorrhage"
    assert v.refine("hemorrhage", "left sulci") == refine_kind(v, "hemorrhage", "left sulci")
    assert v.sided("pleura", "left") == "left pleura"
    assert v.sided("pleura", "right") == "right pleura"
    assert v.sided("pleura", None) == "pleura"


def _fields(mentions: list) -> list[dict]:  # type: ignore[type-arg]
    """Every field of each mention but its report id."""
    import dataclasses

    return [
        {f.name: getattr(m, f.name) for f in dataclasses.fields(m) if f.name != "report"}
        for m in mentions
    ]


def test_repeated_report_gives_fresh_equal_mentions() -> None:
    """A report text read again is copied from the report cache: the same mentions under
    the new report's id, as new objects (editing one report's mentions leaves the next
    alone), equal to a fresh extractor's."""
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    text = (DEMO / sorted(p.name for p in DEMO.glob("*.txt"))[0]).read_text(encoding="utf-8")
    ex = RuleExtractor()
    first = ex.extract(Report(id="a", text=text))
    assert first and len(ex._report_cache) == 1
    first[0].anatomy.append("edited")
    first[0].measurements.append("9 cm")
    again = ex.extract(Report(id="b", text=text))
    assert {m.report for m in again} == {"b"}
    assert _fields(again) == _fields(RuleExtractor().extract(Report(id="c", text=text)))
    assert "edited" not in again[0].anatomy and "9 cm" not in again[0].measurements


def test_report_cache_keeps_region_and_given_sections_apart() -> None:
    """Counter-examples: the same text in another exam region reads otherwise (an
    "effusion" of the head is the mastoid's), and given sections name the sections (the
    cache keeps reports with other sections apart)."""
    from radtrack_gui.core.model import Report, Section
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    text = "FINDINGS: Small effusion. Old fracture."
    ex = RuleExtractor()
    chest = ex.extract(Report(id="a", text=text, region="chest"))
    head = ex.extract(Report(id="a", text=text, region="head"))
    assert chest[0].concept == "pleural effusion"
    assert head[0].concept != "pleural effusion"
    assert _fields(head) == _fields(
        RuleExtractor().extract(Report(id="a", text=text, region="head"))
    )
    given = [Section(name="IMPRESSION", start=0, end=len(text))]
    named = ex.extract(Report(id="a", text=text, region="chest", sections=given))
    assert {m.section for m in chest} == {"FINDINGS"}
    assert {m.section for m in named} == {"IMPRESSION"}
    # the readers give sections (formats.textreport): such a report is cached by them too
    other = [Section(name="FINDINGS", start=0, end=len(text))]
    again = ex.extract(Report(id="b", text=text, region="chest", sections=list(given)))
    assert {m.section for m in again} == {"IMPRESSION"} and len(ex._report_cache) == 3
    findings = ex.extract(Report(id="b", text=text, region="chest", sections=other))
    assert {m.section for m in findings} == {"FINDINGS"} and len(ex._report_cache) == 4


def test_report_cache_keeps_questions_apart() -> None:
    """The reason for the exam is left out unless ``questions`` is set; the cached rows of
    one setting are never those of the other (even when the setting changes later)."""
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    text = "INDICATION: Pneumonia?\n\nFINDINGS: No pleural effusion."
    ex = RuleExtractor()
    plain = ex.extract(Report(id="a", text=text))
    ex.questions = True
    asked = ex.extract(Report(id="a", text=text))
    assert not any(m.question for m in plain)
    assert any(m.question for m in asked) and len(asked) > len(plain)
