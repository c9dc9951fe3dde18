"""Sentence splitting and tokens with offsets (nlp.text)."""

from __future__ import annotations

from radtrack_gui.nlp.text import item_number, sentence_around, sentences, tokens


def _sents(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)]


def _toks(text: str) -> list[str]:
    return [text[a:b] for a, b in tokens(text)]


def test_abbreviations_do_not_end_sentences() -> None:
    text = (
        "Discussed with Dr. Smith at 10 a.m. today. Approx. 2.5 mm nodule, e.g. in the "
        "RUL, vs. a vessel. See image No. 2 for the level."
    )
    assert _sents(text) == [
        "Discussed with Dr. Smith at 10 a.m. today.",
        "Approx. 2.5 mm nodule, e.g. in the RUL, vs. a vessel.",
        "See image No. 2 for the level.",
    ]


def test_a_period_glued_to_a_capitalized_word_ends_a_sentence() -> None:
    text = "Clear right lung XXXX.In the left lower lobe there is a density. Stable.Normal heart."
    assert _sents(text) == [
        "Clear right lung XXXX.",
        "In the left lower lobe there is a density.",
        "Stable.",
        "Normal heart.",
    ]
    # not a decimal, a level, an initial, a dotted or a listed abbreviation, nor lower case
    kept = "A 2.5 cm mass at T12.L1, e.g.The lung, seen by J.Smith and Dr.Jones vs.Left lung.ok"
    assert _sents(kept) == [kept]


def test_numbered_list_and_headers() -> None:
    text = "FINDINGS: Lungs clear.\nIMPRESSION:\n1. Left effusion. 2. No pneumothorax.\n3. ETT ok."
    assert _sents(text) == [
        "FINDINGS:",
        "Lungs clear.",
        "IMPRESSION:",
        "Left effusion.",
        "No pneumothorax.",
        "ETT ok.",
    ]


def test_soft_line_breaks_and_blank_lines() -> None:
    text = "There is a small left\npleural effusion.\n\nHeart size normal\n\nNo edema."
    assert _sents(text) == [
        "There is a small left\npleural effusion.",
        "Heart size normal",
        "No edema.",
    ]


def test_title_line_is_its_own_sentence() -> None:
    text = "[**2150-3-4**] 10:22 AM\nCHEST (PORTABLE AP)\nThe tube is in place."
    got = _sents(text)
    assert "CHEST (PORTABLE AP)" in got
    assert got[-1] == "The tube is in place."


def test_tokens_keep_levels_numbers_and_deid_whole() -> None:
    text = "Disc bulge at C5-6 and T12-L1, 2.5 x 3 cm [** Hospital 1 **] XXXX, Dr. X's."
    toks = _toks(text)
    for whole in ("C5-6", "T12-L1", "2.5", "[** Hospital 1 **]", "XXXX", "X's"):
        assert whole in toks
    assert toks[-2:] == ["X's", "."]
    assert toks[toks.index("Dr") + 1] == "."


def test_token_offsets_and_ranges() -> None:
    text = "No pneumothorax. Left effusion."
    spans = tokens(text, 17)
    assert [text[a:b] for a, b in spans] == ["Left", "effusion", "."]
    assert all(0 <= a < b <= len(text) for a, b in spans)
    assert tokens(text, 0, 2) == [(0, 2)]


def test_empty_and_odd_text() -> None:
    assert sentences("") == []
    assert sentences("   \n\n  ") == []
    assert tokens("") == []
    odd = "\ufeff***\r\n\r\nNo change.\r\n"
    for a, b in sentences(odd):
        assert odd[a:b].strip() == odd[a:b]


def test_sentence_around_a_span() -> None:
    text = (
        "FINDINGS: Seen by Dr. Smith, a small effusion.  No pneumothorax.\n\nIMPRESSION: Effusion."
    )

    def around(word: str, through: str | None = None) -> str:
        a = text.index(word)
        b = text.index(through) + len(through) if through else a + len(word)
        s, e = sentence_around(text, a, b)
        return text[s:e]

    # the header is not part of the sentence, and "Dr." does not end it
    assert around("effusion") == "Seen by Dr. Smith, a small effusion."
    assert around("effusion", "pneumothorax") == (
        "Seen by Dr. Smith, a small effusion.  No pneumothorax."
    )  # a span across two sentences gets both
    assert around("Effusion") == "Effusion."
    assert sentence_around("   ", 1, 2) == (2, 2)  # no sentence: the span itself, trimmed


def test_one_list_marker_pattern_gives_the_item_number_of_numbered_lines_only() -> None:
    """The sentence splitter and the numbered-list linker rule read one pattern: a numbered
    marker gives its number, a bullet or a decimal number gives none."""
    text = "Impression:\n  3) Small effusion.\n- A bullet.\n2.5 mm focus.\n12. Last item."
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    assert [item_number(text, s) for s in starts] == [None, 3, None, None, 12]
    # the bullet and the numbered markers are all cut out of the sentences alike
    assert [text[s:e] for s, e in sentences(text)][1:4] == [
        "Small effusion.",
        "A bullet.",
        "2.5 mm focus.",
    ]
