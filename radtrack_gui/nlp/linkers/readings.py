"""How one sentence reads one mention as another: a descriptive word and its diagnosis
("opacity ... may represent atelectasis": ``explained``, ``read_as``, ``reading``), an
abbreviation defined in parentheses ("diffuse T2 hyperintensity ... (DEHSI)": ``defined_as``),
and whether a stretch of text names a finding (``names_finding``). Used by ``context`` and
``features``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.noun_phrase import without_appearance
from radtrack_gui.nlp.linkers.places import WORD

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

EXPLAINS = re.compile(
    r"\b(?:represent\w*|consistent\s+with|compatible\s+with|suggest\w*|likely|may\s+be"
    r"|could\s+be|due\s+to|correspond\w*|concerning\s+for|worrisome\s+for|favou?r\w*"
    r"|reflect\w*|indicat\w*|secondary\s+to|in\s+keeping\s+with|related\s+to|possibly"
    r"|probably|presumably|attributed\s+to|suspect(?:ed)?|(?:as\s+)?(?:\w+\s+)?signs?\s+of"
    r"|considered|in\s+relation\s+to|attributable\s+to|typical\s+of|characteristic\s+of"
    r"|comparable\s+to|raising\s+(?:the\s+)?(?:suspicion|possibility)\s+(?:of|for)"
    r"|suspicious\s+(?:of|for)|in\s+the\s+sense\s+of|in\s+terms\s+of|in\s+line\s+with"
    r"|typical\s+for|pointing\s+to(?:wards?)?|presenting\s+as)\b",
    re.IGNORECASE,
)


# characters between a sign and its reading in one sentence (``explained``); a reading that
# names nothing else between may lie up to ``LONG`` characters away (``read_as``: places and
# comparisons between, "enhancing foci where the outer quadrants meet ... stable since ...,
# probably fibrocystic")
NEAR = 120


def explained(a: MentionInfo, b: MentionInfo, limit: int = NEAR) -> bool:
    """A descriptive word and its reading in one sentence ("opacity ... may represent
    atelectasis"), at most ``limit`` characters apart."""
    ca, cb = a.ctx, b.ctx
    if ca is None or cb is None or a.report != b.report:
        return False
    first, second = (ca, cb) if ca.start <= cb.start else (cb, ca)
    if first.sentence != second.sentence or first.end > second.start:
        return False
    between = first.text[first.end : second.start]
    return len(between) <= limit and bool(EXPLAINS.search(between))


def read_as(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The sentence reads one finding directly as the other ("cystic lesion of the pancreatic
    tail ... in keeping with a maturing pseudocyst"): explained, and no other finding named
    in between (not "effusion with adjacent opacity, likely atelectasis").
    Then even concepts the vocabulary does not relate are one finding."""
    if a.type == DEVICE or b.type == DEVICE or not explained(a, b, LONG):
        return False
    ca, cb = a.ctx, b.ctx
    assert ca is not None and cb is not None
    first, second = (ca, cb) if ca.start <= cb.start else (cb, ca)
    # a look given to the first ("... with a ground-glass appearance, suggestive of") names
    # no other finding (noun_phrase.py)
    between = without_appearance(first.text[first.end : second.start])
    if not names_finding_term(between, v):
        return True
    # "thickened colonic wall and stranding of the fat around it, in keeping with
    # diverticulitis": signs
    # listed with "and" before the reading are all read as it, when the first is a sign
    hits = list(EXPLAINS.finditer(between))
    hit = hits[-1] if hits else None
    lead = a if ca is first else b
    if hit is None or names_finding_term(between[hit.end() :], v):
        return False
    listed = between[: hit.start()]
    # or signs attached by "with" ("ileal wall thickening ..., with avid enhancement of the
    # mucosa, suggesting Crohn's disease"): every finding named between is a sign too. Farther
    # than NEAR only the latter: an "and" there may join places, not signs
    if not sign_like(lead, v):
        return False
    if only_signs(listed, v):
        return True
    return explained(a, b) and _LISTED_SIGNS.match(listed) is not None


# the words between two listed signs: joined by "and" or a comma, nothing attached by "with"
_LISTED_SIGNS = re.compile(r"^(?:(?!\b(?:with|without|or)\b)[^;.:])*\band\b[^;.:]*$", re.I)


def names_finding_term(text: str, v: Vocabulary) -> bool:
    words = [w.lower() for w in WORD.findall(text)]
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            c = v.concepts.get(v.concept_terms.get(" ".join(words[i : i + n]), ""))
            if c is not None and c.type != DEVICE and not names_anatomy(words, i, n, v):
                return True
    return False


# structure nouns a finding word can name anatomy with ("medial collateral ligament",
# "cystic duct", "epidural space"): a subset of ``anatomy_heads.tsv`` that never heads a
# finding's own name (not "wall", "cavity", "tissue": "cyst wall", "abscess cavity")
_STRUCTURE_NOUNS = frozenset(
    {
        *("ligament", "ligaments", "tendon", "tendons", "meniscus", "menisci", "labrum"),
        *("muscle", "muscles", "nerve", "nerves", "artery", "arteries", "vein", "veins"),
        *("duct", "ducts", "joint", "joints", "canal", "canals", "space", "spaces"),
        *("gland", "glands", "bursa", "bursae", "fascia", "capsule", "cartilage"),
        *("horn", "horns"),
    }
)


def names_anatomy(words: list[str], i: int, n: int, v: Vocabulary) -> bool:
    """``words[i:i+n]`` is (part of) a structure's name, not a finding (GUIDELINE 11): a
    structure noun itself ("meniscus", also the chest sign's word), or a word naming the
    structure noun after it ("collateral ligament", "cystic duct"), unless the longer words
    are a finding term too ("collateral vessels" are collaterals)."""
    if n == 1 and words[i] in _STRUCTURE_NOUNS:
        return True
    nxt = words[i + n] if i + n < len(words) else ""
    if nxt in _STRUCTURE_NOUNS:
        return " ".join(words[i : i + n + 1]) not in v.concept_terms
    return " ".join(words[i : i + n]) in v.anatomy_terms


# words that set a finding aside ("without distinct vascularization or clear margins")
_SET_ASIDE = re.compile(r"\b(?:without|no|not)\b[^,;.]*", re.IGNORECASE)


def only_signs(text: str, v: Vocabulary) -> bool:
    """Every finding term ``text`` names (outside "without ..." phrases) is a sign word."""
    words = [w.lower() for w in WORD.findall(_SET_ASIDE.sub(" ", text))]
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            c = v.concepts.get(v.concept_terms.get(" ".join(words[i : i + n]), ""))
            if c is not None and c.type != DEVICE and not descriptive(c.name, v):
                return False
    return True


_SIGN_WORDS: dict[int, tuple[Vocabulary, frozenset[str]]] = {}


def descriptive(concept: str | None, v: Vocabulary) -> bool:
    """A sign (imaging) word: a sign-of row's sign, or a broader word of one ("thickening")."""
    if not concept:
        return False
    memo = _SIGN_WORDS.get(id(v))
    if memo is None or memo[0] is not v:
        words = {c for sign in v.signs for c in v.broader_concepts(sign)}
        # a property the vocabulary flags as describing a finding (irregularity,
        # heterogeneity, vascularity, flow abnormality): a description, no diagnosis
        words |= {c.name for c in v.concepts.values() if "modifier" in c.flags}
        # and the narrower kinds of a sign, unless a row reads them, or a broader word of
        # theirs, as a diagnosis ("nodular opacity"; not "abscess", a kind of collection
        # that collections are read as, nor "renal cyst", a kind of the diagnosis "cyst")
        diagnoses = {d for ds in v.signs.values() for d in ds}
        for c in v.concepts:
            line = v.broader_concepts(c)
            if any(x in v.signs for x in line[1:]) and not diagnoses.intersection(line):
                words.add(c)
        memo = _SIGN_WORDS[id(v)] = (v, frozenset(words))
    return concept in memo[1]


def read_as_concept(a: MentionInfo, b: MentionInfo) -> bool:
    """One of the two is read, in its own sentence, as the other's concept ("opacity in the
    right base, likely pneumonia" and the impression's "pneumonia")."""
    for x, y in ((a, b), (b, a)):
        c, other = x.ctx, y.ctx
        if c and other and c.read and other.sentence != c.sentence and c.read in y.concept_line:
            return True
    return False


def reading(ctx: MentionContext, v: Vocabulary, lead: MentionInfo | None = None) -> str | None:
    """The concept a finding's sentence reads it as: an interpreting word after it, then
    that concept's term as the first finding named, none named before the word; or, for a
    ``lead`` that is a sign (or a kind of what it is read as), findings attached to it
    before the word ("cystic structures with T1 hyperintensity, suggestive of X")."""
    tail = ctx.text[ctx.end : ctx.sentence[1]]
    hit = EXPLAINS.search(tail[:120])
    if hit is not None and not first_concept(tail[: hit.start()], v):
        return first_concept(tail[hit.end() :], v)
    if lead is None:
        return None
    stop = STOP.search(tail)
    tail = tail[: min(LONG, stop.start() if stop else len(tail))]
    for hit in EXPLAINS.finditer(tail):
        if not attached_before(tail[: hit.start()], v):
            continue
        read = first_concept(tail[hit.end() :], v)
        if read and (sign_like(lead, v) or kind_of_same(lead, read, v)):
            return read
        return None
    return None


LONG = 240  # characters between a sign and its reading when what lies between is attached
STOP = re.compile(r";|\.(?!\d)|\n")
# words that attach what follows to the finding before them ("mass with internal hemorrhage")
ATTACH = re.compile(
    r"\b(?:with|showing|containing|accompanied\s+by|surrounded\s+by|associated\s+with"
    r"|causing|demonstrating)\b",
    re.IGNORECASE,
)


def attached_before(listed: str, v: Vocabulary) -> bool:
    """What stands between a finding and an interpreting word is attached to the finding:
    an attaching word, and only sign words named before it."""
    att = ATTACH.search(listed)
    return att is not None and only_signs(listed[: att.start()], v)


def sign_like(m: MentionInfo, v: Vocabulary) -> bool:
    """A sign word, or words the vocabulary does not know (an open-vocabulary observation is
    no known diagnosis)."""
    return descriptive(m.concept, v) or not m.known


def kind_of_same(lead: MentionInfo, read: str, v: Vocabulary) -> bool:
    """The reading is a more specific kind of what the lead is a kind of ("ovarian cyst" read
    as "endometrioma": both cysts)."""
    line = v.broader_concepts(read)
    return bool(lead.concept_line) and any(c in line for c in lead.concept_line)


def names_finding(v: Vocabulary) -> Callable[[str], bool]:
    """A test: ``text`` names a finding or device term of the vocabulary (1-3 words)."""

    def test(text: str) -> bool:
        words = [w.lower() for w in WORD.findall(text)]
        return any(
            " ".join(words[i : i + n]) in v.concept_terms and not names_anatomy(words, i, n, v)
            for n in (1, 2, 3)
            for i in range(len(words) - n + 1)
        )

    return test


def first_concept(text: str, v: Vocabulary) -> str | None:
    """The (canonical) concept of the first finding term in ``text``, or None."""
    words = [w.lower() for w in WORD.findall(text)]
    for i in range(len(words)):
        for n in (3, 2, 1):
            name = v.concept_terms.get(" ".join(words[i : i + n])) if i + n <= len(words) else None
            c = v.concepts.get(name or "")
            if c is not None and c.type != DEVICE:
                return v.canonical.get(c.name, c.name)
    return None


def one_organ(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """Both sites lie inside the structure one of the two concepts is of ("consolidation at
    the hila ... pulmonary edema": both in the lungs, where a diffuse process spreads)."""
    if not a.site or not b.site:
        return False
    for concept in (a.concept, b.concept):
        c = v.concepts.get(concept) if concept else None
        if c and c.anatomy and v.is_part_of(a.site, c.anatomy) and v.is_part_of(b.site, c.anatomy):
            return True
    return False


_ACRONYM = re.compile(r"^[A-Z][A-Z0-9-]{1,9}$")


def defined_as(a: MentionInfo, b: MentionInfo) -> bool:
    """One is an abbreviation given in parentheses right after the other's words in one
    sentence ("Diffusely high T2 signal in the cerebral white matter (DEHSI)"): the
    report defines it as that finding."""
    ca, cb = a.ctx, b.ctx
    if ca is None or cb is None or a.report != b.report or ca.sentence != cb.sentence:
        return False
    first, second = (ca, cb) if ca.start <= cb.start else (cb, ca)
    text = first.text
    short = text[second.start : second.end]
    if not _ACRONYM.match(short) or first.end > second.start:
        return False
    before, after = text[max(0, second.start - 1) : second.start], text[second.end : second.end + 1]
    between = text[first.end : second.start - 1]
    return before == "(" and after == ")" and len(between) <= 60 and ")" not in between
