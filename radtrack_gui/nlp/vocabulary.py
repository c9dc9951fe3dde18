"""The vocabulary tables in ``resources/vocab`` (anatomy hierarchy, concepts, terms, cues).

Read once per process (``vocabulary()``), from a cache when the tables have not changed
(``lexicon_cache``); everything is plain dicts for speed.
``anatomy.tsv``: structures with their parent (part-of), synonyms and region-bound words
(``bound``: shape words such as "sulcus" or "convexity" that name the structure only in an
exam of its body region; a word may be bound to structures of several regions);
``concepts.tsv``:
findings and devices with terms, default anatomy, broader concept, flags and related
concepts (a descriptive and a diagnostic term for one process: "opacity" / "pneumonia");
``relations.tsv``: typed relations between concepts (synonym, broader, sign-of, related: a
descriptive word and the diagnosis it stands for, a vaguer word for a named finding);
``cues.tsv``:
context words (negation, hedges, course/change, sides, generic device words) for the rule
extractor. ``Vocabulary.lexicon()`` compiles all terms into token-keyed tables for matching.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from radtrack_gui.nlp.vocabulary_lexicon import (  # re-exported: the lexicon is part of it
    Entry,
    Lexicon,
    hyphen_variants,
    norm_token,
    trie_regex,
)
from radtrack_gui.nlp.vocabulary_refine import refine_kind, region_kind
from radtrack_gui.util.paths import resource

__all__ = [
    "NOT_A_MENTION",
    "Concept",
    "Cue",
    "Entry",
    "Lexicon",
    "SenseRule",
    "Vocabulary",
    "hyphen_variants",
    "norm_token",
    "trie_regex",
    "vocabulary",
]

# Words that name both sides of a paired structure ("bibasilar", "bilateral").
_BI = (
    "bibas",
    "biapical",
    "bihilar",
    "bifrontal",
    "biparietal",
    "bitemporal",
    "bioccipital",
    "bilateral",
    "bilat",
)


@dataclass(frozen=True, slots=True)
class Concept:
    name: str
    type: str  # finding | device
    terms: tuple[str, ...]
    anatomy: str = ""  # default anatomy
    broader: str = ""  # a broader concept this one is a kind of
    flags: tuple[str, ...] = ()  # "needs-anatomy", "normal", "durable"...
    related: tuple[str, ...] = ()  # concepts naming the same process in other words


@dataclass(frozen=True, slots=True)
class Cue:
    """A context word of ``cues.tsv`` (kind: negate, possible, pseudo, terminate, change,
    side, device-word; direction: pre, post, both or empty)."""

    term: str
    kind: str
    direction: str = ""
    value: str = ""


@dataclass(frozen=True, slots=True)
class SenseRule:
    """A row of ``senses.tsv``: where a term names ``sense`` ("-": no mention) instead of its
    usual concept: in one of ``regions`` (empty: any), right after one of ``before`` and with
    one of ``context`` in the sentence (token tuples; empty: no condition)."""

    regions: frozenset[str]
    before: tuple[tuple[str, ...], ...]
    context: tuple[tuple[str, ...], ...]
    sense: str


NOT_A_MENTION = "-"


@dataclass
class Vocabulary:
    parent: dict[str, str] = field(default_factory=dict)  # anatomy -> its parent
    # anatomy -> its further parents (``also``: a structure that is part of two wholes, a
    # joint in its limb region and among the joints); ``parent`` stays the first one, which
    # gives the body region
    also: dict[str, tuple[str, ...]] = field(default_factory=dict)
    anatomy_terms: dict[str, str] = field(default_factory=dict)  # term -> anatomy name
    # region-bound words (anatomy.tsv ``bound``): term -> {body region -> structure}
    bound_anatomy: dict[str, dict[str, str]] = field(default_factory=dict)
    systems: dict[str, str] = field(default_factory=dict)  # structure -> organ system (own)
    concepts: dict[str, Concept] = field(default_factory=dict)
    concept_terms: dict[str, str] = field(default_factory=dict)  # term -> concept name
    cues: list[Cue] = field(default_factory=list)
    narrower: dict[str, list[str]] = field(default_factory=dict)  # concept -> its kinds
    related: dict[str, set[str]] = field(default_factory=dict)  # symmetric "related" pairs
    relation_kind: dict[tuple[str, str], str] = field(default_factory=dict)  # relations.tsv
    signs: dict[str, set[str]] = field(default_factory=dict)  # sign-of: sign -> diagnoses
    # relations_radlex.tsv (bulk sign-of rows from RadLex): symmetric, kept apart from
    # ``related``/``signs`` so that what counts as a sign or a diagnosis stays the hand tables'
    # (read by linkers/class_signs.py)
    class_related: dict[str, set[str]] = field(default_factory=dict)
    canonical: dict[str, str] = field(default_factory=dict)  # synonym concept -> the first one
    # a term several concepts list (plurals included): term -> those concepts, table order
    senses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    paired: set[str] = field(default_factory=set)  # structures with a left and a right
    sense_rules: dict[str, tuple[SenseRule, ...]] = field(default_factory=dict)  # senses.tsv
    # the folder the tables were read from (``vocabulary()``): its lexicon is cached on disk
    source: Path | None = None
    _digest: str = ""  # of the tables in ``source`` (``lexicon_cache``), once computed
    _lexicon: Lexicon | None = None
    _related_memo: dict[tuple[str, str], bool] = field(default_factory=dict)
    _related_set: dict[str, frozenset[str]] = field(default_factory=dict)
    _ancestors: dict[str, tuple[str, ...]] = field(default_factory=dict)  # memo
    _line: dict[str, tuple[str, ...]] = field(default_factory=dict)  # memo
    _broader: dict[str, tuple[str, ...]] = field(default_factory=dict)  # memo
    # name -> every concept whose broader line holds it (itself included); built once
    _below: dict[str, tuple[str, ...]] | None = None
    # values the extractors derive from the tables alone (pure functions of them, so kept:
    # the tables do not change once read); keyed by the function's name and arguments
    memo: dict[tuple[str, ...], Any] = field(default_factory=dict, compare=False, repr=False)

    # -- anatomy -------------------------------------------------------------
    def anatomy_ancestors(self, name: str) -> list[str]:
        """``name`` and every structure it is part of, nearest first."""
        return list(self.ancestor_chain(name))

    def ancestor_chain(self, name: str) -> tuple[str, ...]:
        """``anatomy_ancestors`` as the memoised tuple itself (no copy: for hot paths): the
        first-parent line (``parent_line``), then the lines of every further parent
        (``also``) of a structure in it, each structure once. A structure of two wholes
        ("knee joint": the knee and the joints) lies inside both."""
        hit = self._ancestors.get(name)
        if hit is None:
            chain = list(self.parent_line(name))
            if self.also:
                seen = set(chain)
                i = 0
                while i < len(chain):
                    for whole in self.also.get(chain[i], ()):
                        for part in self.parent_line(whole):
                            if part not in seen:
                                seen.add(part)
                                chain.append(part)
                    i += 1
            side = name.split(" ", 1)[0]
            if side in ("left", "right") and len(chain) > 2:
                self._same_side(chain, side)
            hit = self._ancestors[name] = tuple(chain)
        return hit

    def _same_side(self, chain: list[str], side: str) -> None:
        """A sided structure lies in the same side of every paired whole above it ("left
        medial meniscus" in the "left knee joint" and the "left knee"), appended to
        ``chain``; never in the other side."""
        seen = set(chain)
        for whole in chain[1:]:
            if self.laterality_of(whole) is None:
                sided = self.sided(whole, side)
                if sided != whole and sided not in seen:
                    seen.add(sided)
                    chain.append(sided)

    def parent_line(self, name: str) -> tuple[str, ...]:
        """``name`` and its first parents up to "body", nearest first (one parent each: the
        line that gives the body region)."""
        hit = self._line.get(name)
        if hit is None:
            chain, seen, part = [], set(), name
            while part and part not in seen:
                chain.append(part)
                seen.add(part)
                part = self.parent.get(part, "")
            hit = self._line[name] = tuple(chain)
        return hit

    def is_part_of(self, part: str, whole: str) -> bool:
        """True if ``part`` is ``whole`` or lies inside it (by any of its parents)."""
        return whole in self.ancestor_chain(part)

    def region_of(self, name: str) -> str:
        """The body region a structure lies in (the child of "body" above it, by first
        parents)."""
        chain = self.parent_line(name)
        return chain[-2] if len(chain) >= 2 else name

    def system_of(self, name: str) -> str | None:
        """The organ system of a structure (anatomy.tsv ``system``): its own, else its
        nearest ancestor's; None when none is given up to "body"."""
        for part in self.ancestor_chain(name):
            if part in self.systems:
                return self.systems[part]
        return None

    def anatomy_related(self, a: str, b: str) -> bool:
        """One of the two contains the other (same structure included)."""
        return self.is_part_of(a, b) or self.is_part_of(b, a)

    def anatomy_of(self, term: str) -> str | None:
        """The structure a term names ("rll" -> "right lower lobe"), or None."""
        return self.anatomy_terms.get(term.lower())

    def sided(self, name: str, side: str | None) -> str:
        """``name`` on ``side`` when the table has that structure ("pleura", "left" ->
        "left pleura"); otherwise ``name`` unchanged."""
        return name if side not in ("left", "right") else self._memo_call(_sided, name, side)

    @staticmethod
    def laterality_of(name: str) -> str | None:
        """Side from a structure's name or term: left/right prefix, or bi-/both/bilateral."""
        first = name.split(" ", 1)[0]
        if first in ("left", "right"):
            return first
        if first in ("bilateral", "both") or first.startswith(_BI):
            return "bilateral"
        return None

    def refine(self, concept: str, anatomy: str) -> str:
        """The narrower kind of ``concept`` whose default anatomy contains ``anatomy``
        ("hemorrhage" in the sulci -> "subarachnoid hemorrhage"); ``concept`` when none or
        more than one fits. A generic concept (no default anatomy) also looks at the kinds of
        its broader concept ("hematoma" in the subdural space -> "subdural hematoma"); not a
        concept derived from RadLex, whose siblings are other diseases ("lymphangioleiomyomatosis"
        in the lungs is no "pulmonary blastoma", a kind of proliferation there too)."""
        return self._memo_call(refine_kind, concept, anatomy)

    def refine_in_region(self, concept: str, region: str) -> str:
        """The one narrower kind of a generic ``concept`` that lies inside ``region``
        ("edema" in a chest report -> "pulmonary edema"), or among several the one flagged
        ``default-kind`` ("effusion" in a chest report -> "pleural effusion"); ``concept``
        otherwise, and always for a concept flagged ``site-kinds``. A kind derived from
        RadLex is a disease of its own, not the region's reading of the word ("bursitis" in
        a knee ultrasound is not "lumbar interspinous bursitis"): only a named site gives it."""
        return self._memo_call(region_kind, concept, region)

    def _memo_call(self, fn: Callable[[Vocabulary, str, str], str], a: str, b: str) -> str:
        """``fn(self, a, b)``, kept in ``memo`` (a pure function of the tables)."""
        key = (fn.__name__, a, b)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = fn(self, a, b)
        return hit  # type: ignore[no-any-return]

    def lexicon(self) -> Lexicon:
        """Token-keyed term tables for matching (built once; for tables read from a folder,
        once per change of the tables: ``lexicon_cache``)."""
        if self._lexicon is None:
            from radtrack_gui.nlp.lexicon_cache import lexicon_of

            self._lexicon = lexicon_of(self)
        return self._lexicon

    # -- concepts ------------------------------------------------------------
    def concept_of(self, term: str) -> Concept | None:
        name = self.concept_terms.get(term.lower())
        return self.concepts.get(name) if name else None

    def synonyms(self, concept: str) -> tuple[str, ...]:
        c = self.concepts.get(concept)
        return c.terms if c else ()

    def is_related(self, a: str, b: str) -> bool:
        """A descriptive and a diagnostic term for one process ("consolidation" /
        "aspiration"): some concept above ``a`` is ``related`` to some concept above ``b``,
        and their default sites can be the same place (a renal cyst is not a liver lesion)."""
        if not self.related or a == b:
            return False
        key = (a, b)
        hit = self._related_memo.get(key)
        if hit is None:
            hit = self._related_memo[key] = self._related(a, b)
        return hit

    def _related(self, a: str, b: str) -> bool:
        line_b = self.broader_concepts(b)
        if not any(
            self.related.get(x, set()).intersection(line_b) for x in self.broader_concepts(a)
        ):
            return False
        ca, cb = self.concepts.get(a), self.concepts.get(b)
        if ca is None or cb is None or not ca.anatomy or not cb.anatomy:
            return True
        return self.anatomy_related(ca.anatomy, cb.anatomy)

    def related_to(self, concept: str | None) -> frozenset[str]:
        """Every concept ``is_related`` to ``concept`` (memoized). Only the concepts below
        a concept related to one above ``concept`` can be (``is_related``'s first test),
        so only those are tried, not every concept in the tables."""
        if not concept or not self.related or concept not in self.concepts:
            return frozenset()
        found = self._related_set.get(concept)
        if found is None:
            below = self._concepts_below()
            targets = set().union(
                *(self.related.get(x, ()) for x in self.broader_concepts(concept))
            )
            candidates = {c for t in targets for c in below.get(t, ())}
            found = self._related_set[concept] = frozenset(
                c for c in candidates if self.is_related(concept, c)
            )
        return found

    def _concepts_below(self) -> dict[str, tuple[str, ...]]:
        if self._below is None:
            below: dict[str, list[str]] = {}
            for c in self.concepts:
                for name in self.broader_concepts(c):
                    below.setdefault(name, []).append(c)
            self._below = {k: tuple(v) for k, v in below.items()}
        return self._below

    def is_durable(self, concept: str | None) -> bool:
        """Flagged ``durable`` (a permanent device, a chronic finding): its course spans
        months to years, so a long gap says little against one chain."""
        c = self.concepts.get(concept) if concept else None
        return c is not None and "durable" in c.flags

    def broader_concepts(self, concept: str) -> list[str]:
        """``concept`` and the broader concepts above it, nearest first (memoized; a new
        list each call)."""
        line = self._broader.get(concept)
        if line is None:
            out, seen, name = [], set(), concept
            while name and name not in seen:
                out.append(name)
                seen.add(name)
                c = self.concepts.get(name)
                name = c.broader if c else ""
            line = self._broader[concept] = tuple(out)
        return list(line)


def _sided(v: Vocabulary, name: str, side: str) -> str:
    if not name.startswith(("left ", "right ")):
        for candidate in (f"{side} {name}", f"{side} {singular_name(name)}"):
            if candidate in v.parent:
                return candidate
    return name


# -- singular forms: one rule for every caller ------------------------------------------
# "-ices" plurals whose singular ends in "-ex" (the others end in "-ix": "cervices")
_EX_PLURALS = ("apices", "vertices", "cortices")
# English plural endings -> singular, longest first ("arteries", "masses", "kidneys")
ENGLISH_PLURALS = (("ies", "y"), ("sses", "ss"), ("s", ""))
# words ending in "s" that are no plural ("mass", "meniscus", "pelvis")
_NOT_PLURAL = ("ss", "us", "is")
# Latin plural endings -> singular ("fossae", "ostia", "calices", "menisci"): guesses only a
# lexicon can confirm ("pneumonia" is no plural), so never the likeliest form
LATIN_PLURALS = (("ae", "a"), ("ia", "ium"), ("ces", "x"), ("i", "us"))
SHORTEST = 3  # letters: an English singular ("ribs" -> "rib"; "gas" stays), a Latin stem


def singular_forms(word: str) -> list[str]:
    """The forms that may be the singular of ``word`` (a word or a name: its last word),
    the likeliest first: the English singular ("arteries" -> "artery", "masses" -> "mass",
    "kidneys" -> "kidney", "lung apices" -> "lung apex"), or ``word`` itself when no English
    ending fits; then, for a caller that checks each against a lexicon, the Latin readings
    ("fossae" -> "fossa", "ostia" -> "ostium", "calices" -> "calix", "menisci" ->
    "meniscus") and ``word`` itself."""
    last = len(word) - word.rfind(" ") - 1  # letters of the last word
    first = word[:-4] + "ex" if word.endswith(_EX_PLURALS) else word
    for end, repl in ENGLISH_PLURALS:
        if first == word and word.endswith(end) and last - len(end) + len(repl) >= SHORTEST:
            first = word if word.endswith(_NOT_PLURAL) else word[: -len(end)] + repl
    latin = [
        word[: -len(end)] + repl
        for end, repl in LATIN_PLURALS
        if word.endswith(end) and last - len(end) >= SHORTEST
    ]
    return [first, *latin] if first == word else [first, *latin, word]


def singular_name(name: str) -> str:
    """The likeliest singular of a word or a name's last word ("kidneys" -> "kidney",
    "upper extremities" -> "upper extremity", "lung apices" -> "lung apex")."""
    return singular_forms(name)[0]


def plural(term: str) -> str:
    """English plural of a term's last word ("opacity" -> "opacities")."""
    if not term or not term[-1].isalpha() or len(term.rsplit(" ", 1)[-1]) < 3:
        return term
    if term.endswith("is"):
        return term[:-2] + "es"
    if term.endswith("y") and term[-2:-1] not in "aeiou":
        return term[:-1] + "ies"
    if term.endswith(("s", "x", "z", "ch", "sh")):
        return term + "es"
    return term + "s"


def split_terms(cell: str) -> list[str]:
    return [t.strip().lower() for t in cell.split("|") if t.strip()]


# Tables derived from open terminology by scripts/build_vocab.py, merged after the hand
# tables (which take precedence: a term or structure they name keeps its hand meaning).
DERIVED_ANATOMY = "anatomy_radlex.tsv"
# sign-of rows derived in bulk from the RadLex is-a tree (scripts/build_vocab_relations.py);
# read after relations.tsv, whose rows win
DERIVED_RELATIONS = "relations_radlex.tsv"
DERIVED_CONCEPTS = ("findings_radlex.tsv", "devices_radlex.tsv")
DERIVED = "derived"  # the flag of a concept that only a derived table names


@cache
def vocabulary(folder: str | None = None) -> Vocabulary:
    """The tables of ``folder`` (default ``resources/vocab``), cached: ``lexicon_cache``."""
    from radtrack_gui.nlp.lexicon_cache import cached_vocabulary

    return cached_vocabulary(Path(folder) if folder else resource("vocab"), read_vocabulary)


def read_vocabulary(base: Path) -> Vocabulary:
    """Read the tables of the folder ``base`` (``vocabulary_tables``)."""
    from radtrack_gui.nlp.vocabulary_tables import read_tables

    return read_tables(base)
