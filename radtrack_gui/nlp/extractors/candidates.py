"""The mention candidates and sentences the rule extractor builds (shared by its modules)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.extractors.normal_adequacy import adequacy_templates, may_adequate
from radtrack_gui.nlp.extractors.numbered import numbered_lists
from radtrack_gui.nlp.extractors.open_frames import elided_heads, elided_modifiers
from radtrack_gui.nlp.extractors.open_images import image_mentions, may_image
from radtrack_gui.nlp.extractors.open_patterns import pattern_places
from radtrack_gui.nlp.extractors.open_predicates import (
    may_predicate,
    predicate_mentions,
    predicate_shape,
)
from radtrack_gui.nlp.extractors.open_verbless import verbless_predicates
from radtrack_gui.nlp.extractors.open_vocab import may_open, open_mentions
from radtrack_gui.nlp.extractors.word_marks import (
    ADEQUATE,
    COORDINATOR,
    LINK,
    may_open_words,
    may_pattern_words,
    sentence_mask,
)
from radtrack_gui.nlp.mr_sequences import SEQUENCE_LEVELS, mr_sequence
from radtrack_gui.nlp.text import word_bounds
from radtrack_gui.nlp.vocabulary import Entry, Lexicon, Vocabulary


@dataclass(slots=True)
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
    # a given span's first token of its concept term (the last token when it has none): a
    # negation written inside the span before it is the span's own ("ureters are not dilated")
    head_at: int | None = None
    # a given span's concept term (tokens ``a..b``): its sense (senses.tsv) is read from that
    # term and the words before it, as ``extract`` reads it, not from the span's own words
    term_at: tuple[int, int] | None = None

    def sense_term(self, toks: Sequence[str]) -> tuple[str, int]:
        """The vocabulary term whose sense rules apply and its first token: the term
        matched (``extract``), or the concept term inside a given span ("intrahepatic
        venous shunts" -> "shunts" after "venous")."""
        if self.term_at is None:
            return self.term, self.t0
        a, b = self.term_at
        return " ".join(toks[a:b]), a


@dataclass(slots=True)
class Sentence:
    start: int
    end: int
    paragraph: int
    starts: tuple[int, ...]  # token start offsets relative to ``start``
    ends: tuple[int, ...]  # token end offsets relative to ``start``
    toks: list[str]
    others: list[tuple[int, int, tuple[Entry, ...]]]
    cands: list[Cand] = field(default_factory=list)
    tops: tuple[str, ...] = ()  # body regions of the structures it names
    templates: tuple[tuple[int, int, str, str, str], ...] = ()  # its concept terms
    device_word: bool = False  # a device word ("tip", "line") is among its matches
    # ``word_marks.sentence_mask(toks)``, as the cached row carries it (None: not known, the
    # analysis computes it)
    mask: int | None = None

    @property
    def spans(self) -> list[tuple[int, int]]:
        """Token offsets in the report text."""
        s = self.start
        return [(a + s, b + s) for a, b in zip(self.starts, self.ends, strict=True)]


# Prefixes that, hyphenated onto a term ("pseudo-nodular", "non-calcified"), make a word that
# does not name the term's finding (a compound the vocabulary names, "pseudo-aneurysm", is
# matched whole before).
DENYING_PREFIXES = frozenset({"pseudo", "non", "un"})


def glued(starts: Sequence[int], ends: Sequence[int], t0: int, t1: int) -> bool:
    """Tokens ``t0 .. t1 - 1`` are written as one word (no space between them)."""
    return all(ends[k] == starts[k + 1] for k in range(t0, t1 - 1))


# ``v.memo``'s key of the table of :func:`entry_roles` by entries (a key no other memo uses)
_ROLES = ("candidates.entry_roles",)


def entry_roles(v: Vocabulary, entries: tuple[Entry, ...]) -> tuple[tuple[str, ...], bool]:
    """What the entries of one lexicon match say about its sentence: the body regions of its
    structures (``Vocabulary.region_of``: by first parents) and whether it is a device word. A
    function of the tables, kept per entries in ``v.memo`` (round 10: the matches of a
    sentence are looked up, not read entry by entry)."""
    tops: list[str] = []
    device_word = False
    for kind, value, _, _ in entries:
        if kind == "anatomy":
            if len(v.parent_line(value)) >= 2:
                tops.append(v.region_of(value))
        elif kind == "device-word":
            device_word = True
    return tuple(tops), device_word


def tokens_and_terms(v: Vocabulary, lex: Lexicon, key: str) -> tuple:  # type: ignore[type-arg]
    """What a sentence's text alone decides: token start and end offsets and tokens, the lexicon's
    matches, the body regions it names, its candidates (concept terms that are not flagged
    ``ignore``: words that look like a finding or device and are neither), and whether a
    device word is among the matches."""
    starts, ends, toks = word_bounds(key)
    concepts, others = lex.match(toks)
    if not lex.numbered_heads.isdisjoint(toks):  # "segments 6 and 7": one site
        others = numbered_lists(v, lex.numbered_heads, toks, others)
    tops: list[str] = []
    device_word = False
    roles = v.memo.get(_ROLES)  # entries -> (regions, device word), one look-up a match
    if roles is None:
        roles = v.memo[_ROLES] = {}
    for t0, _, entries in others:
        if toks[t0] in SEQUENCE_LEVELS and mr_sequence(toks, t0):
            continue  # "T2 hyperintense": an MR sequence, no spine in the sentence
        hit = roles.get(entries)
        if hit is None:
            hit = roles[entries] = entry_roles(v, entries)
        if hit[0]:
            tops.extend(hit[0])
        if hit[1]:
            device_word = True
    templates = []
    for t0, t1, name in concepts:
        c = v.concepts[name]
        if t0 >= 2 and toks[t0 - 2] in DENYING_PREFIXES and glued(starts, ends, t0 - 2, t0 + 1):
            # "pseudo-nodular", "non-calcified": a look-alike, not the finding; the rest of a
            # longer term may still be one ("pseudo-nodular opacities" -> "opacities")
            rest = next((k for k in range(t0 + 1, t1) if " ".join(toks[k:t1]) in lex.concepts), 0)
            if not rest:
                continue
            t0, name = rest, lex.concepts[" ".join(toks[rest:t1])]
            c = v.concepts[name]
        if "ignore" not in c.flags:
            templates.append((t0, t1, name, c.type, " ".join(toks[t0:t1])))
    # observations no table names, from the sentence's structure (open_vocab); the gates
    # are asked only when the sentence holds one of their words (word_marks: one pass)
    opened = None
    mask = sentence_mask(toks)
    # open_patterns' gate, once per sentence: may_open reads it, open_mentions passes it on
    places = pattern_places(toks, mask) if may_pattern_words(mask) else None
    if places is not None or (may_open_words(mask) and may_open(toks, False, concepts, mask)):
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        structures = (
            {
                k
                for t0, t1, entries in others
                if any(e[0] == "anatomy" for e in entries)
                for k in range(t0, t1)
            }
            if places is not None
            else set()
        )
        opened = open_mentions(v, lex, toks, covered, others_at, structures, places, mask)
    elif concepts and mask & COORDINATOR:  # "and", "or" (COORDINATORS)
        # only the coordination readings may find something ("pleural or pericardial
        # effusion", "free air or fluid"): what ``open_mentions`` returns here, without
        # its other passes
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        opened = [
            *elided_heads(lex, toks, covered, set()),
            *elided_modifiers(lex, toks, covered, set()),
        ]
    if mask & LINK and may_predicate(toks):
        # findings stated as predicates of a structure ("The uterus is retroverted"): a
        # reading of its own, behind its cheap gate (open_predicates), never where another
        # reading stands
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        taken = {k for t in opened or () for k in range(t[0], t[1])}
        said = [t for t in predicate_mentions(v, toks, covered, others_at) if t[0] not in taken]
        if said:
            opened = [*(opened or ()), *said]
    if any(map(predicate_shape, toks[1:])):
        # predicates without a copula ("Epididymis swollen", "Lungs expanded"): open_verbless
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        taken = {k for t in opened or () for k in range(t[0], t[1])}
        bare = [t for t in verbless_predicates(v, toks, covered, others_at) if t[0] not in taken]
        if bare:
            opened = [*(opened or ()), *bare]
    if may_image(toks):
        # a translated report's described "image" of a lesion (open_images)
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        taken = {k for t in opened or () for k in range(t[0], t[1])}
        imaged = image_mentions(toks, covered, taken)
        if imaged:
            opened = [*(opened or ()), *imaged]
    if mask & ADEQUATE and may_adequate(toks):
        # normal statements in words of adequacy the tables lack ("The bladder is well
        # distended", "The joint is in place": normal_adequacy), never at a table term
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        taken = {k for t in opened or () for k in range(t[0], t[1])}
        # a device word in the subject ("The catheter is appropriately positioned") is no
        # structure's: the tokens of table terms, other readings and device words
        taken.update(
            k
            for t0, t1, entries in others
            if any(e[0] == "device-word" for e in entries)
            for k in range(t0, t1)
        )
        graded = adequacy_templates(v, toks, covered | taken)
        if graded:
            # the participle of "well distended" is no finding of its own
            inside = {k for t in graded for k in range(t[0], t[1])}
            templates = [t for t in templates if not inside.issuperset(range(t[0], t[1]))]
            opened = [*(opened or ()), *graded]
    if opened:
        # an open reading at a table term's own place re-reads it (elided modifiers:
        # "free air or fluid" -> free fluid), the others never touch table terms
        at = {(t[0], t[1]) for t in opened}
        templates = sorted([*(t for t in templates if (t[0], t[1]) not in at), *opened])
    return (
        starts,
        ends,
        tuple(toks),
        tuple(concepts),
        tuple(others),
        tuple(tops),
        tuple(templates),
        device_word,
        mask,
    )


def given_cand(
    v: Vocabulary, sent: Sentence, concepts: list[tuple[int, int, str]], span: tuple[int, int, str]
) -> Cand | None:
    """The candidate for a given span: its tokens and the concept term inside it."""
    start, end, type_ = span
    idx = [k for k, (a, b) in enumerate(sent.spans) if a < end and start < b]
    if not idx:
        return None
    t0, t1 = idx[0], idx[-1] + 1
    term = " ".join(sent.toks[t0:t1])
    best: tuple[int, int, int] | None = None
    name = ""
    head_at = t1 - 1
    term_at: tuple[int, int] | None = None
    for a, b, concept in concepts:  # most shared tokens, then inside, then last
        shared = min(b, t1) - max(a, t0)
        if shared <= 0 or "ignore" in v.concepts[concept].flags:
            continue
        key = (shared, a >= t0 and b <= t1, b)
        if best is None or key > best:
            best, name, head_at, term_at = key, concept, max(a, t0), (a, b)
    cand = Cand(
        t0, t1, name or term, type_, term, span=(start, end), head_at=head_at, term_at=term_at
    )
    if (
        not name
        and type_ == DEVICE
        and any(
            kind == "device-word" and a < t1 and t0 < b
            for a, b, entries in sent.others
            for kind, *_ in entries
        )
    ):
        cand.device_word = True  # "tip", "line": the device it continues decides
    return cand


# The caches hold plain tuples of strings and numbers: the garbage collector stops tracking
# those, so a large cache costs it nothing (cached objects would be traversed again and again).
def to_row(c: Cand) -> tuple:  # type: ignore[type-arg]
    """A finished candidate as a tuple (what a later copy of its sentence needs)."""
    return (
        c.t0,
        c.t1,
        c.concept,
        c.type,
        c.term,
        c.device_word,
        c.anatomy,
        c.anatomy_from_text,
        c.side,
        c.assertion,
        c.looked_back,
        c.cue_dir,
        c.change,
        tuple(c.measurements),
    )


def from_row(row: tuple) -> Cand:  # type: ignore[type-arg]
    c = Cand(*row[:13])
    c.measurements = list(row[13])
    return c
