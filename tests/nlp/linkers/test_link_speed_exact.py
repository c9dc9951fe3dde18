"""Round 5 (link-speed): linking made cheaper with the same answers.

- ``structures.structure_sites`` and ``nodes_at`` read their case-insensitive patterns on
  the lower-cased text (``nlp/folded.Folded``): the same places as the patterns
  themselves, in every window of mixed-case and non-ASCII text;
- ``episodes.design`` is read once per mention, and read again when what it reads
  changes (the counter-example: a memo that ignored its inputs would answer stale)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import pytest

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers import episodes, structures
from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo

WORDS = (
    "Right Hilar and SUBCARINAL lymph nodes",
    "mediastinal, hilar or axillary Adenopathy",
    "upper OUTER left area",
    "Lower-central region",
    "Internal Carotid artery",
    "superior mesenteric VEIN",
    "ICA SMA ACL pcl",
    "supraspinatus TENDON",
    "long head of the Biceps",
    "the",
    "and",
    "naïve",  # non-ASCII: the pattern itself is used
    "K-wire",
    "Kelvin \u212a",
)


def texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 12))]
        out.append("".join(w + rng.choice([" ", ", ", "\n", "; ", " - "]) for w in words))
    return out


class _Plain:
    """A ``Folded`` stand-in that searches with the pattern itself (the code before)."""

    def __init__(self, folded: object) -> None:
        self.rx = folded.rx  # type: ignore[attr-defined]

    def found(self, text: str, pos: int = 0, endpos: int | None = None) -> bool:
        return self.rx.search(text, pos, len(text) if endpos is None else endpos) is not None

    def finditer_lower(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator:
        return self.rx.finditer(text, pos, len(text) if endpos is None else endpos)


@contextmanager
def plain(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as m:
        for name in ("_HINT_F", "_BARE_F", "_NODE_REGION_F", "_AREA_F", "_VESSEL_NAME_F"):
            m.setattr(structures, name, _Plain(getattr(structures, name)))
        yield


def test_structure_sites_read_the_same_in_every_window(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    windows = []
    for text in texts(300, 7):
        for _ in range(4):
            a = rng.randint(0, len(text))
            b = rng.randint(a, len(text))
            windows.append((text, a, b))
    fast = [
        (structures.structure_sites(t, a, b), structures.nodes_at(t, a, (a + b) // 2, b))
        for t, a, b in windows
    ]
    with plain(monkeypatch):
        slow = [
            (structures.structure_sites(t, a, b), structures.nodes_at(t, a, (a + b) // 2, b))
            for t, a, b in windows
        ]
    assert fast == slow
    assert sum(1 for s, n in fast if s or n) > 200  # the windows do name places


def device(tokens: tuple[str, ...], text: str, start: int) -> MentionInfo:
    info = MentionInfo(
        id="m1",
        order=0,
        report="r1",
        report_idx=0,
        date=datetime(2150, 1, 1),
        type=DEVICE,
        text=" ".join(tokens),
        tokens=tokens,
        head=tokens[-1],
        concept="stent",
        concept_line=("stent",),
        site=None,
        statement_site=None,
        lat=None,
        access=None,
        assertion="present",
        change=None,
        generic_device=False,
        generic_statement=False,
        section=None,
        context="",
    )
    info.ctx = MentionContext(start, start + 5, (0, len(text)), text=text)
    return info


def test_design_is_read_once_and_again_when_its_words_change() -> None:
    text = "A plastic biliary stent is seen."
    m = device(("stent",), text, text.index("stent"))
    first = episodes.design(m)
    assert first == {"material": "plastic"}  # the make in the noun phrase before it
    assert episodes.design(m) is first  # read once
    # the counter-examples: what it reads changes, it is read again (not the memo's answer)
    other = "A metal biliary stent is seen."
    at = other.index("stent")
    m.ctx = MentionContext(at, at + 5, (0, len(other)), text=other)
    assert episodes.design(m) == {"material": "metal"}
    m.tokens = ("covered", "stent")
    assert episodes.design(m) == {"cover": "covered", "material": "metal"}
