"""The mention candidates and sentences the rule extractor builds (shared by its modules)."""

from __future__ import annotations

from dataclasses import dataclass, field

from radtrack_gui.nlp.vocabulary import Entry


@dataclass
class Cand:
    """A mention being built (token offsets inside its sentence)."""

    t0: int
    t1: int
    concept: str
    type: str
    term: str = ""
    device_word: bool = False
    anatomy: str = ""
    anatomy_from_text: bool = False
    side: str | None = None
    assertion: str = "present"
    looked_back: bool = False  # its site was looked for in the previous sentence
    cue_dir: str = ""  # the direction of the trigger that decided the assertion (pre/post)
    change: str | None = None
    measurements: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # token positions of its phrase window
    antecedent: Cand | None = None  # the device a device word continues
    span: tuple[int, int] | None = None  # character offsets given by the caller (annotate)


@dataclass
class Sentence:
    start: int
    end: int
    paragraph: int
    rel: list[tuple[int, int]]  # token offsets relative to ``start``
    toks: list[str]
    others: list[tuple[int, int, tuple[Entry, ...]]]
    cands: list[Cand] = field(default_factory=list)
    tops: tuple[str, ...] = ()  # body regions of the structures it names
    templates: tuple[tuple[int, int, str, str, str], ...] = ()  # its concept terms

    @property
    def spans(self) -> list[tuple[int, int]]:
        """Token offsets in the report text."""
        s = self.start
        return [(a + s, b + s) for a, b in self.rel]
