"""``nlp.folded.Folded``: an IGNORECASE pattern tried on the lower-cased copy of ASCII text
finds what the pattern itself finds, at the same offsets, for any window (pos, endpos);
patterns whose lower-casing would change them are refused."""

from __future__ import annotations

import random
import re

import pytest

from radtrack_gui.nlp.folded import Folded
from radtrack_gui.nlp.linkers import sides, sub_sites

_PHRASES = (
    "Level L4-L5 clock 10 o'clock UOQ LIQ quadrant Pole polar station 4R target "
    "lesion RCA ri OM LAD cx Main descending left RIGHT Ultrasound of the Left Breast "
    "exam OF THE right knee the common bile duct Segment VI tendon Nerves artery and "
    "with no in at, . : ; ( ) - / 2.5 cm mm_x x_ri RIb"
)
WORDS = [
    *_PHRASES.split(),
    *("Ultrasound of the Left Breast", "Exam OF THE right knee", "MRI of the left\nhip"),
]


def texts(n: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 30))]
        seps = [rng.choice([" ", "  ", "\n", "", "-", "\n\n"]) for _ in words]
        out.append("".join(w + s for w, s in zip(words, seps, strict=True)))
    return out


@pytest.mark.parametrize("rx", [sub_sites._HINT, sides._SCOPE])
def test_the_same_matches_in_every_window(rx: re.Pattern[str]) -> None:
    folded = Folded(rx)
    rng = random.Random(11)
    checked = hits = 0
    for text in texts(400):
        for _ in range(6):
            pos = rng.randint(0, len(text))
            end = rng.randint(pos, len(text))
            want = [
                (m.start(), m.end(), [g and g.lower() for g in m.groups()])
                for m in rx.finditer(text, pos, end)
            ]
            got = [
                (m.start(), m.end(), list(m.groups()))
                for m in folded.finditer_lower(text, pos, end)
            ]
            assert got == want, (text, pos, end)
            assert folded.found(text, pos, end) == (rx.search(text, pos, end) is not None)
            checked += 1
            hits += bool(want)
    assert checked == 2400 and 100 < hits < checked  # both outcomes were tried


def test_text_that_is_not_ascii_uses_the_pattern_itself() -> None:
    # U+212A KELVIN SIGN matches "k" under IGNORECASE; its lower-case is ASCII "k"
    rx = re.compile(r"\bknee\b", re.IGNORECASE)
    folded = Folded(rx)
    for text in ("Right \u212anee effusion", "Genou droit: épanchement", "KNEE é"):
        assert folded.found(text) == (rx.search(text) is not None)
        assert [m.span() for m in folded.finditer_lower(text)] == [
            m.span() for m in rx.finditer(text)
        ]
    assert folded.found("Right \u212anee effusion")


@pytest.mark.parametrize(
    "pattern",
    [
        r"\S+ mass",  # lower-cased: \s+, the opposite
        r"\bNO\B",
        r"[A-z]+",  # A-z holds [ \ ] ^ _ ` too; a-z does not
        r"[\x41-Z]",
        r"café",
    ],
)
def test_patterns_lower_casing_would_change_are_refused(pattern: str) -> None:
    with pytest.raises(ValueError, match="cannot be lower-cased"):
        Folded(re.compile(pattern, re.IGNORECASE))
    # the counter-example: why (the lower-cased pattern does not match the same)
    if pattern == r"\S+ mass":
        low = re.compile(pattern.lower())
        assert re.search(pattern, "Liver mass", re.I) and not low.search("liver mass")


def test_a_case_sensitive_pattern_is_refused() -> None:
    with pytest.raises(ValueError, match="not case-insensitive"):
        Folded(re.compile("RCA"))


def test_report_identity_reads_the_same_fields_as_the_patterns_themselves() -> None:
    """``report_groups.identity`` tries its patterns on the lower-cased header: the fields
    are those the original patterns give (lower-cased), on headers of every case."""
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp import report_groups as rg

    def by_patterns(text: str) -> dict[str, str]:
        head, found = text[:3000], {}
        if m := rg._MRN.search(head):
            found["mrn"] = m[1].lower()
        if m := rg._NAME.search(head):
            name = " ".join(sorted(rg._WORD.findall(m[1].lower())))
            if name and not name.isdigit():
                found["name"] = name
        if m := rg._SEX.search(head) or rg._SEX_TEXT.search(head):
            found["sex"] = rg._SEXES[m[1].lower()]
        if m := rg._AGE.search(head):
            found["age"] = m[1] or m[2]
        return found

    headers = [
        "Patient Name: DOE, Jane\nMRN: AB-12345\nSex: F\nAge: 67\n\nFINDINGS: ...",
        "NAME: smith john\nMedical Record Number #x9-0001\nGENDER: male",
        "HISTORY: 54-YEAR-OLD WOMAN with cough. Unit No. 77aa-1",
        "patient id: 0042-zz\n71 yr old man",
        "Name: Ünal Öztürk\nMRN: ÄB-1234\nSex: M",  # not ASCII: the patterns themselves
        "No identifying header. Findings: effusion.",
    ]
    seen = set()
    for text in headers:
        got = rg.identity(Report("r", text))
        assert got == by_patterns(text), text
        seen.update(got)
    assert seen == {"mrn", "name", "sex", "age"}  # every field was read somewhere
