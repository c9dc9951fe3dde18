"""Clause frames of the open vocabulary (issue #18 §1): a noun phrase the clause asserts as
seen or present is an observation, its head noun the concept, even when no table names it.

* **Seen**: the phrase is the subject of "is/are/was/were (not, also ...) seen / noted /
  observed / visible / identified / detected / documented / evident / depicted", or stands
  right before the participle ("with no washout observed", "fluid level noted").
* **There is**: the phrase after "there is/are/was/were" ("There is slight ventral
  wedging of the body").
* **Shows**: the phrase after "shows / reveals / demonstrates / exhibits" and their other
  forms ("the loop shows a twist about its stalk").
* **Presence of**: "the presence of X" names X.

The head of a subject phrase is its last word, or the last word before its first "of" (the
"narrowing" of "no narrowing of the canal is seen"); a quantity or place word there
("amount", "trace", "areas", "number") passes the head on to the "of" phrase ("a small
amount of streaky shadow is noted" -> "shadow"). Structure names, report and property
words, table terms and cue words are never a head (``open_heads.is_head`` decides, with the
words of ``ASSERTED_HEADS`` let back in: in an asserting clause "shadow", "formation",
"area" and "focus" name a thing seen, not a property of one). Only the words of
``CLAUSE_WORDS`` open a frame, and ``open_vocab.may_open`` tests for them.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count
from typing import TYPE_CHECKING

from radtrack_gui.nlp.extractors.open_patterns import head_concept

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Lexicon

SEEN = frozenset(
    {
        *("seen", "noted", "observed", "visible", "identified", "detected", "documented"),
        *("evident", "depicted", "visualized", "visualised", "appreciated", "demonstrated"),
    }
)
FINITE_COPULA = frozenset({"is", "are", "was", "were"})
COPULA = FINITE_COPULA | {"be", "been"}
# a copula or a verb linking a subject to its description ("Lymph nodes appear reactive")
LINKING = COPULA | {"appear", "appears", "remain", "remains", "look", "looks", "seem", "seems"}
# words between the copula and the participle ("are not clearly seen", "is also noted")
BETWEEN = frozenset(
    {
        *("not", "also", "still", "again", "now", "clearly", "well", "newly", "partially"),
        *("no", "longer", "only", "currently", "further", "again", "additionally", "better"),
        *("likewise", "definitely", "reliably", "obviously", "readily", "easily", "being"),
    }
)
SHOW = frozenset(
    {
        *("shows", "show", "showed", "showing", "reveals", "reveal", "revealed", "revealing"),
        *("demonstrates", "demonstrate", "demonstrating", "exhibits", "exhibit", "exhibiting"),
    }
)
THERE = "there"
PRESENCE = "presence"
# Every word that opens one of these frames (``may_open`` tests for them).
CLAUSE_WORDS = SEEN | SHOW | frozenset({THERE, PRESENCE})
# determiners and quantity words a phrase after "there is" / "shows" may open with
OPENERS = frozenset(
    {
        *("a", "an", "the", "some", "several", "multiple", "numerous", "few", "many", "mild"),
        *("moderate", "marked", "severe", "slight", "minimal", "small", "large", "extensive"),
        *("diffuse", "focal", "two", "three", "four", "single", "also", "again", "still"),
        *("now", "evidence", "of", "another", "additional", "significant", "subtle"),
        *("widespread", "generalized", "generalised", "scattered", "bilateral", "partial"),
        *("no", "any", "evident", "obvious", "definite", "clear", "visible", "apparent"),
    }
)
# A phrase opening with a quality word states a technique or a normal property ("there is
# good opacification"), not an observation.
QUALITY = frozenset(
    {
        *("good", "adequate", "satisfactory", "sufficient", "optimal", "acceptable", "normal"),
        *("physiological", "physiologic", "appropriate", "correct", "proper", "regular"),
        *("usual", "preserved", "limited", "poor", "suboptimal", "nothing"),
    }
)
# words that pass the head of a subject phrase on to its "of" phrase
TRANSPARENT = frozenset(
    {
        *("amount", "amounts", "trace", "traces", "number", "area", "areas", "zone", "zones"),
        *("region", "regions", "focus", "foci", "degree", "presence", "signs", "sign"),
        *("evidence", "volume", "quantity", "collection", "collections", "level", "levels"),
        *("cluster", "clusters", "group", "groups", "features", "feature", "pattern"),
    }
)
# NOT_A_HEAD words that, asserted as seen or present, name a thing
ASSERTED_HEADS = frozenset(
    {"shadow", "shadows", "formation", "formations", "area", "areas", "focus", "foci"}
)
# "area(s)" names a thing seen only with a describing word ("an irregular area is seen")
AREA_WORDS = frozenset({"area", "areas"})
VAGUE = frozenset(
    {"certain", "some", "other", "these", "those", "the", "a", "an", "both", "all", "several"}
    | {"many", "few", "same", "this", "that", "adjacent", "remaining", "surrounding"}
)
# words a subject phrase (read backwards) does not reach across
SUBJECT_STOP = frozenset(
    {
        *("in", "at", "on", "with", "within", "without", "from", "to", "into", "along", "and"),
        *("or", "but", "which", "that", "there", "is", "are", "was", "were", "as", "by", "for"),
        *("since", "than", "where", "while", "when", "also", "otherwise", "however", "then"),
    }
)
MAX_PHRASE = 6

IsHead = Callable[[int], bool]
HeadAfter = Callable[[int], "int | None"]


def clause_heads(
    toks: list[str], is_head: IsHead, head_after: HeadAfter, covered: set[int]
) -> dict[int, str]:
    """Token index -> token of each head noun the clause frames assert in ``toks``;
    ``is_head(k)``: ``toks[k]`` may be an open head; ``head_after(j)``: the head of the
    phrase starting at ``j`` (None when it holds a table term or no head); ``covered``: the
    tokens of table terms (a subject phrase holding one is that term's mention)."""
    found: dict[int, str] = {}
    n = len(toks)
    for i in compress(count(), map(CLAUSE_WORDS.__contains__, toks)):
        tok = toks[i]
        if tok in SEEN and i > 0:
            k = i - 1
            while k >= 0 and toks[k] in BETWEEN:
                k -= 1
            if k >= 0 and toks[k] in COPULA:
                k -= 1
                while k >= 0 and toks[k] in BETWEEN:
                    k -= 1
            head = _subject_head(toks, k, is_head, covered)
            if head is not None:
                found.setdefault(head, toks[head])
        elif tok == THERE and i + 1 < n and toks[i + 1] in COPULA:
            _after(toks, i + 2, head_after, found)
        elif tok in SHOW:
            _after(toks, i + 1, head_after, found)
        elif tok == PRESENCE and i + 1 < n and toks[i + 1] == "of":
            _after(toks, i + 2, head_after, found)
    return found


def _after(toks: list[str], j: int, head_after: HeadAfter, found: dict[int, str]) -> None:
    n = len(toks)
    while j < n and (toks[j] in OPENERS or (toks[j] in TRANSPARENT and j + 1 < n)):
        if toks[j] in TRANSPARENT and toks[j + 1] != "of":
            break  # "areas" of its own: the head, if asserted ("there is a larger area")
        j += 1
    if j >= len(toks) or toks[j] in QUALITY:
        return
    head = head_after(j)
    if head is not None:
        found.setdefault(head, toks[head])


def _subject_head(toks: list[str], end: int, is_head: IsHead, covered: set[int]) -> int | None:
    """The head of the subject phrase ending at ``toks[end]``: its last word, or the last
    word before its first "of" unless that word is ``TRANSPARENT``."""
    if end < 0 or not toks[end].isalpha():
        return None
    start = end
    while (
        start > 0
        and end - start < MAX_PHRASE
        and (toks[start - 1].isalpha() or toks[start - 1] == "-")
        and toks[start - 1] not in SUBJECT_STOP
    ):
        start -= 1
    if start > 0 and toks[start - 1] == "-":
        return None  # a phrase cut inside a hyphenated word
    ofs = [k for k in range(start, end + 1) if toks[k] == "of"]
    head = end
    if ofs and ofs[0] > start and toks[ofs[0] - 1] not in TRANSPARENT:
        head = ofs[0] - 1
    if toks[head] in AREA_WORDS and (head == start or toks[head - 1] in VAGUE):
        return None  # "in certain areas is noted": a place, not a thing seen
    if not covered.isdisjoint(range(start, head + 1)):
        return None  # a table term in the head's phrase: that term's mention stands
    return head if is_head(head) else None


# what a lymph node's predicate may say of it ("Axillary lymph nodes are reactive", nodes of
# the scanned field "are not enlarged"): a described node is a finding
NODE_PREDICATES = frozenset(
    {
        *("reactive", "enlarged", "prominent", "suspicious", "pathological", "abnormal"),
        *("necrotic", "calcified", "visible", "seen", "present", "detected", "noted"),
        *("increased", "hypoechoic", "round", "oval", "unchanged", "smaller", "larger"),
    }
)


def node_described_after(toks: list[str], i: int) -> bool:
    """The lymph node(s) at ``toks[i:i + 2]`` are the subject of a describing predicate
    within the clause (a copula or a linking verb, "appear reactive", then at most two
    adverbs, then ``NODE_PREDICATES``)."""
    n = len(toks)
    k = i + 2
    while k < n and k - i < 9 and toks[k] not in LINKING:
        if not (toks[k].isalpha() or toks[k] == "-"):
            return False
        k += 1
    if k >= n or toks[k] not in LINKING:
        return False
    k += 1
    while k < n and toks[k] in BETWEEN and k - i < 12:
        k += 1
    return k < n and toks[k] in NODE_PREDICATES


# A lymph node is a structure, but a lymph node counted, measured or described is a finding
# ("a lymph node in the cardiophrenic angle", "numerous axillary lymph nodes", "no
# pathologically altered lymph nodes"); not in "lymph node dissection/station".
NODE_WORDS = frozenset({"node", "nodes"})
NODE_SEEN = frozenset(
    {
        *("a", "an", "one", "two", "three", "four", "five", "several", "multiple", "numerous"),
        *("some", "few", "many", "no", "without", "any", "single", "solitary", "isolated"),
        *("additional", "another", "pathological", "pathologic", "pathologically"),
        *("suspicious", "prominent", "reactive", "unchanged", "necrotic", "calcified"),
        *("abnormal", "altered", "metastatic", "borderline", "mm", "cm", "oval", "round"),
        *("small", "subcentimeter", "subcentimetric", "centimeter", "millimetric", "visible"),
        *("hypoechoic", "hyperechoic", "isoechoic", "hypodense", "hyperdense", "enhancing"),
        *("decreased", "increased", "enlarging", "stable", "persistent", "residual", "new"),
        *("dominant", "index", "target", "bulky"),
    }
)
# ... or followed, in its clause, by its measure, its course or its uptake ("the portocaval
# lymph node has decreased to 1.1 cm", "the lymph node measures 1.3 cm", "is FDG avid")
NODE_SEEN_AFTER = frozenset(
    {
        *("measures", "measuring", "measured", "increased", "decreased", "enlarged"),
        *("enlarging", "grown", "shrunk", "smaller", "larger", "avid", "hypermetabolic"),
    }
)
NODE_AFTER_WINDOW = 4
NODE_NOT = frozenset(
    {
        *("dissection", "station", "stations", "biopsy", "sampling", "excision", "level"),
        *("levels", "region", "regions", "chain", "chains", "basin", "basins", "group"),
        *("groups", "metastasis", "metastases", "involvement", "area", "areas"),
        *("territory", "territories", "compartment", "compartments"),
    }
)


def node_seen(toks: list[str], i: int, covered: set[int]) -> bool:
    """The lymph node at ``toks[i:i + 2]`` is counted, measured or described (``NODE_SEEN``
    up to three words before it, no other table term in between, or ``NODE_SEEN_AFTER`` in
    the few words after it; no ``NODE_NOT`` right after it)."""
    if i in covered or i + 1 in covered or (i + 2 < len(toks) and toks[i + 2] in NODE_NOT):
        return False
    for k in range(i + 2, min(len(toks), i + 2 + NODE_AFTER_WINDOW)):
        if not (toks[k].isalnum() or toks[k] == "-"):
            break
        if toks[k] in NODE_SEEN_AFTER:
            return True
    for k in range(i - 1, max(-1, i - 4), -1):
        if toks[k] in NODE_SEEN or toks[k].isdigit():
            return True  # (a describing word the tables name too: "hypoechoic")
        if k in covered and toks[k + 1] in NODE_LIST_JOIN and list_end(toks, i + 2):
            return True  # the last item of a list of findings ("mass, lesion and ... node.")
        if k in covered or not (toks[k].isalnum() or toks[k] in ("-", ",")):
            return False
    return False


# A statement opened by the node (round 6, the telegraphic lines of neck and abdominal
# ultrasound): "Lymph node with loss of fatty hilum.", "Level II lymph nodes on both sides.",
# "Lymph nodes in the right neck at level III." The node, after at most ``NODE_OPEN_WORDS``
# words from the sentence's start, is followed by "with" or a site and the sentence has no
# verb of its own (with one, "Lymph nodes in the neck are not enlarged", the predicate is the
# statement); not a node station or dissection (``NODE_NOT``).
NODE_OPEN_WORDS = 3
NODE_OPEN_AFTER = frozenset({"with", "in", "at", "on", "along", "bilaterally", "up"})
SENTENCE_OPEN = frozenset({".", ";", ":", "-", "•", "*"})
CLAUSE_STOP = frozenset({".", ";", ":"})


def node_opens_statement(toks: list[str], i: int, covered: set[int]) -> bool:
    """The lymph node at ``toks[i:i + 2]`` opens a verbless statement about it (above)."""
    n = len(toks)
    j = i + 2
    if j >= n or toks[j].lower() not in NODE_OPEN_AFTER:
        return False
    k = i - 1
    while k >= 0 and toks[k] not in SENTENCE_OPEN:
        if k in covered or i - k > NODE_OPEN_WORDS or not (toks[k].isalnum() or toks[k] == "-"):
            return False
        k -= 1
    while j < n and toks[j] not in CLAUSE_STOP:
        if toks[j].lower() in LINKING or toks[j].lower() in SHOW:
            return False
        j += 1
    return True


NODE_LIST_JOIN = frozenset({"and", "or", ","})
LIST_ENDS = frozenset({".", ";", ":"})


def list_end(toks: list[str], k: int) -> bool:
    """``toks[k]`` ends a sentence or clause (a node ending a list is an item of it)."""
    return k >= len(toks) or toks[k] in LIST_ENDS


# A node named by its site adjective without "lymph" ("the portocaval node", "a left
# supraclavicular node"): the same finding as a lymph node when counted, measured or
# described (``node_seen``); not the heart's conduction nodes.
NODE_SITE_ENDS = ("al", "ar", "ary", "ic")
NOT_NODE_SITES = frozenset({"sinoatrial", "atrioventricular", "sinus", "av", "sa"})


def site_node(toks: list[str], i: int) -> bool:
    """``toks[i]`` is a site adjective and ``toks[i + 1]`` a node word ("portocaval node")."""
    tok = toks[i]
    return (
        toks[i + 1] in NODE_WORDS
        and tok.isalpha()
        and len(tok) > 4
        and tok.endswith(NODE_SITE_ENDS)
        and tok not in NOT_NODE_SITES
    )


# An image property said to be abnormal or changed is a finding with the property as its
# head ("no areas of altered density", "increased or decreased intensity", "decreased air
# content", "a diffuse fall in liver density"); "normal density", "density
# of the liver" alone are no finding.
PROPERTY_NOUNS = frozenset(
    {
        *("density", "attenuation", "intensity", "signal", "echogenicity", "echotexture"),
        *("content", "aeration", "perfusion", "permeability", "enhancement", "uptake"),
        "height",  # "decreased height of the epiphyseal nucleus", "reduction in the height"
    }
)
ABNORMAL_WORDS = frozenset(
    {
        *("altered", "abnormal", "increased", "decreased", "reduced", "diminished"),
        *("pathological", "pathologic", "heterogeneous", "inhomogeneous", "elevated"),
    }
)
CHANGE_OF = frozenset({"increase", "decrease", "reduction", "loss", "alteration"})
PROPERTY_GAP = 3  # words between the abnormality word and the property noun


def property_may(toks: list[str]) -> bool:
    """A cheap test from the tokens alone: a property noun and a word ``abnormal_property``
    needs before one (an ``ABNORMAL_WORDS`` adjective or a ``CHANGE_OF`` noun) are in the
    sentence (False: no property reading stands)."""
    return not PROPERTY_NOUNS.isdisjoint(toks) and (
        not ABNORMAL_WORDS.isdisjoint(toks) or not CHANGE_OF.isdisjoint(toks)
    )


def abnormal_property(toks: list[str], i: int, covered: set[int]) -> int | None:
    """The first token of the finding whose head is the property noun ``toks[i]``: an
    ``ABNORMAL_WORDS`` adjective up to ``PROPERTY_GAP`` words before it ("decreased air
    content", "increased or decreased intensity"), or a ``CHANGE_OF`` noun with "in"/"of"
    ("decrease in hepatic parenchymal density"); None when there is none or a table term
    lies in the phrase (its mention stands)."""
    for k in range(i - 1, max(-1, i - 2 - PROPERTY_GAP), -1):
        tok = toks[k].lower()
        if k in covered:
            return None
        if tok in ABNORMAL_WORDS:
            # the first of a coordination ("increased or decreased intensity")
            if k >= 2 and toks[k - 1] in ("or", "and") and toks[k - 2].lower() in ABNORMAL_WORDS:
                return k - 2 if k - 2 not in covered else k
            return k
        if tok in ("in", "of") and k > 0 and toks[k - 1].lower() in CHANGE_OF:
            return k - 1 if k - 1 not in covered else None
        if not (tok.isalpha() or tok == "-") or tok in NODE_LIST_JOIN:
            return None
    return None


# "No pleural or pericardial effusion": the first adjective of a coordination shares the
# head of the table term after it; it is that finding when "<adjective> <head>" is a table
# term too ("pleural effusion"), so each coordinated finding has its mention.
COORDINATORS = frozenset({"or", "and"})
HEAD_WORDS = 2  # the shared head: one or two words after the second adjective


def elided_heads(
    lex: Lexicon, toks: list[str], covered: set[int], taken: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """Candidates at the first adjective of "A or/and B <head>" where "B <head>" is a table
    term (covered) and "A <head>" one too; "A" itself no term and no other reading's."""
    out = []
    n = len(toks)
    for k in sorted(covered):  # "B": a table term's token, a coordinator before it
        i = k - 1
        if i <= 0 or k + 1 >= n or toks[i] not in COORDINATORS:
            continue
        a = i - 1
        if a in covered or a in taken or not toks[a].isalpha():
            continue
        for w in range(1, HEAD_WORDS + 1):
            if i + 2 + w > n or not all(k in covered for k in range(i + 1, i + 2 + w)):
                break
            term = " ".join([toks[a].lower(), *toks[i + 2 : i + 2 + w]])
            name = lex.concepts.get(term)
            if name is not None:
                out.append((a, a + 1, name, "finding", term))
                break
    return out


def elided_modifiers(
    lex: Lexicon, toks: list[str], covered: set[int], taken: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """Candidates at the noun B of "<modifiers> A or/and B" where "<modifiers> A" ends a table
    term (covered) right before the coordinator and "<modifiers> B" (the longest run of its
    modifiers) is a table term too: "No free air or fluid" gives "fluid"
    (free fluid). B no other reading's, and a table term only as a word of its own."""
    out = []
    n = len(toks)
    for i in compress(count(), map(COORDINATORS.__contains__, toks)):
        b = i + 1
        if i < 2 or b >= n or i - 1 not in covered:
            continue
        if b in taken or not toks[b].isalpha() or (b in covered and b + 1 in covered):
            continue  # B may be a one-word term of its own ("fluid"): re-read with them
        s = i - 1
        while s - 1 >= 0 and s - 1 in covered and i - s <= HEAD_WORDS + 2:
            s -= 1
        for j in range(s, i - 1):
            term = " ".join([*toks[j : i - 1], toks[b]]).lower()
            name = lex.concepts.get(term)
            if name is not None:
                out.append((b, b + 1, name, "finding", term))
                break
    return out


def node_templates(
    toks: list[str], covered: set[int], taken: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """The lymph-node readings of a sentence as open templates: "lymph node(s)" counted,
    measured, described or opening a verbless statement; a node word after its site
    adjective ("the portocaval node measures 1.3 cm", the node word the mention) when counted,
    measured or described. Both need a node word right after (``site_node`` tests it too)."""
    out = []
    for j in compress(count(), map(NODE_WORDS.__contains__, toks)):
        if not j:
            continue
        i = j - 1
        concept = f"lymph {head_concept(toks[i + 1])}"
        if toks[i] == "lymph" and (
            node_seen(toks, i, covered)
            or node_described_after(toks, i)
            or node_opens_statement(toks, i, covered)
        ):
            out.append((i, i + 2, concept, "finding", "lymph node"))
        elif (
            site_node(toks, i)
            and i + 1 not in taken
            and (node_seen(toks, i, covered) or node_described_after(toks, i))
        ):
            out.append((i + 1, i + 2, concept, "finding", "lymph node"))
    return out
