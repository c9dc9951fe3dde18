"""One anatomy tree: find structures the hand table and RadLex hold twice, and join them.

Read by ``build_vocab.py`` (``build_anatomy``). The hand table (``anatomy.tsv``) and the
RadLex rows (``anatomy_radlex.tsv``) grew as two hierarchies: the hand table's limb regions
("knees", "shoulders") and RadLex's joints ("knee joint", "glenohumeral joint", under
"synovial joint") name the same place in two branches, so a part filed under one ("anterior
cruciate ligament" under "knee joint") is unrelated to the other ("left knee").

``duplicates`` finds, on the whole tree (hand rows + derived rows):

- ``same``: two unsided structures whose names or synonyms normalise to one key (plural and
  singular alike; a trailing "joint"/"region"/"structure" dropped: "knees" = "knee joint"),
  neither lying inside the other;
- ``part``: a structure named "<regional adjective> <whole>" ("abdominal aorta") whose whole
  is another structure not among its ancestors.

``merge`` is the build's rule for both kinds where one side is derived. A ``same`` pair: the
derived structure is filed under the hand one (of two derived ones, "ankle joint" under
"ankle") when that keeps its body region; when it would not (a joint lies in a limb region
AND among the joints under "bones"), the derived node keeps its parent and gains the hand one
as a second parent (column ``also``: round 10, a structure with two wholes), so its parts lie
in both. A ``part`` pair with a derived part: the whole becomes its second parent ("sacral
canal" in the sacrum and in the spinal canal). ``NOT_JOINED`` lists the pairs the check finds
that are not one place nor a part and its whole (a joint named after one of its bones, a vein
named after the veins it drains); they stay listed. A pair of hand rows is never rewritten:
the hand table gives its own second parents (``anatomy.tsv`` column ``also``). What stays a
duplicate after it is printed by ``build_vocab.py --duplicates``.
"""

from __future__ import annotations

from dataclasses import dataclass

from radtrack_gui.nlp.vocabulary import singular_name

# trailing words that name the place itself, not a part of it ("knee joint" is the knee)
PLACE_HEADS = ("joint", "joints", "region", "regions", "structure", "area")
# adjectives that name a regional part of a whole ("abdominal aorta" is part of the aorta)
REGIONAL = frozenset(
    {
        *("abdominal", "thoracic", "cervical", "lumbar", "pelvic", "sacral", "cranial"),
        *("intracranial", "extracranial", "intrathoracic", "intraabdominal", "suprarenal"),
        *("infrarenal", "juxtarenal", "ascending", "descending", "proximal", "distal"),
    }
)


# pairs the check finds that are neither one place nor a part inside its whole (kept listed):
# the pisotriquetral joint is the joint between the pisiform and the triquetrum, not a part of
# the pisiform; the ascending lumbar vein is a vein of its own that the lumbar veins drain into
NOT_JOINED = frozenset(
    {
        frozenset(("pisiform", "pisotriquetral joint")),
        frozenset(("ascending lumbar vein", "lumbar vein")),
    }
)


@dataclass(frozen=True)
class Duplicate:
    kind: str  # same | part
    a: str
    b: str  # same: the other node; part: the whole
    key: str
    hand: tuple[bool, bool]  # whether a / b are hand rows

    def line(self) -> str:
        src = "+".join("hand" if h else "radlex" for h in self.hand)
        what = "same structure" if self.kind == "same" else "part not under its whole"
        return f"{what}\t{self.a}\t{self.b}\t{self.key}\t{src}"


def _place_word(name: str) -> bool:
    return name.split()[-1] in PLACE_HEADS


def _sided(name: str) -> bool:
    return name.startswith(("left ", "right ", "bilateral "))


def normalise(term: str) -> str:
    """The key two names of one structure share: each word singular, place words dropped."""
    words = [singular_name(w) for w in term.lower().split()]
    while len(words) > 1 and words[-1] in PLACE_HEADS:
        words.pop()
    return " ".join(words)


def region(parent: dict[str, str], name: str) -> str:
    """The body region ``name`` lies in: the structure right under "body" above it (by first
    parents)."""
    chain = [name, *_line(parent, name)]
    return chain[-2] if len(chain) >= 2 and chain[-1] == "body" else chain[-1]


def _line(parent: dict[str, str], name: str) -> list[str]:
    out, seen = [], {name}
    p = parent.get(name, "")
    while p and p not in seen:
        out.append(p)
        seen.add(p)
        p = parent.get(p, "")
    return out


def ancestors(
    parent: dict[str, str], name: str, also: dict[str, list[str]] | None = None
) -> list[str]:
    """Every structure ``name`` lies in: its first-parent line, then the lines of the second
    parents (``also``) of any structure on it, each once (the loader's ``ancestor_chain``)."""
    out = _line(parent, name)
    if not also:
        return out
    seen, i, todo = {name, *out}, 0, [name, *out]
    while i < len(todo):
        for whole in also.get(todo[i], ()):
            for p in [whole, *_line(parent, whole)]:
                if p not in seen:
                    seen.add(p)
                    out.append(p)
                    todo.append(p)
        i += 1
    return out


def duplicates(
    parent: dict[str, str],
    terms: dict[str, list[str]],
    hand: set[str],
    also: dict[str, list[str]] | None = None,
) -> list[Duplicate]:
    """Every pair of the tree ``parent`` (structure -> parent; ``terms``: structure -> its
    synonyms; ``hand``: the hand table's structures; ``also``: second parents) that holds one
    place twice."""

    def _ancestors(parent: dict[str, str], name: str) -> list[str]:
        return ancestors(parent, name, also)

    keys: dict[str, list[str]] = {}
    for node in sorted(parent):
        if _sided(node):
            continue
        for t in dict.fromkeys([node, *terms.get(node, ())]):
            if _sided(t):
                continue
            nodes = keys.setdefault(normalise(t), [])
            if node not in nodes:
                nodes.append(node)
    out: list[Duplicate] = []
    seen: set[frozenset[str]] = set()
    for key, nodes in sorted(keys.items()):
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                pair = frozenset((a, b))
                if pair in seen or a in _ancestors(parent, b) or b in _ancestors(parent, a):
                    continue
                seen.add(pair)
                out.append(Duplicate("same", a, b, key, (a in hand, b in hand)))
    for node in sorted(parent):
        words = node.split()
        if len(words) < 2 or words[0] not in REGIONAL or _sided(node):
            continue
        wholes = keys.get(normalise(" ".join(words[1:])), [])
        for whole in wholes:
            if whole != node and whole not in _ancestors(parent, node):
                if node in _ancestors(parent, whole):
                    continue
                key = normalise(" ".join(words[1:]))
                out.append(Duplicate("part", node, whole, key, (node in hand, whole in hand)))
    return out


def merge(
    rows: dict[str, list[str]],
    hand_parent: dict[str, str],
    found: list[Duplicate],
    also: dict[str, list[str]] | None = None,
) -> list[Duplicate]:
    """File each derived structure of a hand/derived ``same`` pair under the hand one, and of a
    pair of derived ones the one named by a place word ("ankle joint") under the other
    ("ankle"); rows: structure -> [name, parent, synonyms, paired, rid], changed in place.
    With ``also`` (structure -> its second parents, filled in): a move that would change the
    derived node's body region gives it the other node as a second parent instead, and a
    derived ``part`` gains its whole. Returns the pairs it joined."""
    joined: list[Duplicate] = []
    for d in found:
        if d.hand == (True, True) or frozenset((d.a, d.b)) in NOT_JOINED:
            continue
        if d.kind == "part":
            if also is not None and not d.hand[0] and d.a in rows and d.a not in hand_parent:
                also.setdefault(d.a, []).append(d.b)
                joined.append(d)
            continue
        if d.hand[0] != d.hand[1]:
            hand_node, derived = (d.a, d.b) if d.hand[0] else (d.b, d.a)
        elif _place_word(d.b) and not _place_word(d.a):
            hand_node, derived = d.a, d.b  # two derived: the joint goes under the region
        elif _place_word(d.a) and not _place_word(d.b):
            hand_node, derived = d.b, d.a
        else:
            continue
        if derived not in rows or derived in hand_parent:
            continue
        tree = {**{r[0]: r[1] for r in rows.values()}, **hand_parent}
        if derived in ancestors(tree, hand_node, also):
            continue  # the hand node lies inside the derived one: a loop
        if region(tree, derived) == region(tree, hand_node):
            rows[derived][1] = hand_node
        elif also is not None:
            # one parent cannot hold both ancestries ("knee joint" lies in the knee AND among
            # the joints, under "bones", which a bare "degenerative changes" of a knee MR is
            # read at): the first parent keeps the region, the other node is a second parent
            also.setdefault(derived, []).append(hand_node)
        else:
            continue
        joined.append(d)
    return joined


def hand_also(rows: list[dict[str, str]]) -> dict[str, list[str]]:
    """The hand table's second parents (``anatomy.tsv`` column ``also``)."""
    out: dict[str, list[str]] = {}
    for row in rows:
        wholes = [w.strip().lower() for w in row.get("also", "").split("|") if w.strip()]
        if wholes:
            out[row["name"].lower()] = wholes
    return out


def one_tree(
    rows: dict[str, list[str]],
    hand_parent: dict[str, str],
    hand_terms: dict[str, str],
    hand_second: dict[str, list[str]],
    report: list[list[Duplicate]] | None = None,
) -> None:
    """``build_anatomy``'s last step: find the duplicates on the whole tree, join them
    (``merge``), append each row's ``also`` column and give ``report`` the duplicates before
    and after. ``hand_terms``: term -> hand structure; ``hand_second``: ``hand_also``."""
    also: dict[str, list[str]] = {}
    before = duplicates(*_whole(rows, hand_parent, hand_terms), hand_second)
    merge(rows, hand_parent, before, also)
    for row in rows.values():
        row.append("|".join(dict.fromkeys(also.get(row[0], ()))))
    if report is not None:
        after = duplicates(*_whole(rows, hand_parent, hand_terms), {**hand_second, **also})
        report.extend([before, after])


def _whole(
    rows: dict[str, list[str]], hand_parent: dict[str, str], hand_terms: dict[str, str]
) -> tuple[dict[str, str], dict[str, list[str]], set[str]]:
    """The whole anatomy tree as the app reads it (hand rows first, derived rows after):
    structure -> parent, structure -> terms, the hand structures."""
    parent = dict(hand_parent)
    terms: dict[str, list[str]] = {}
    for term, structure in hand_terms.items():
        terms.setdefault(structure, []).append(term)
    for name, par, syns, *_ in rows.values():
        parent.setdefault(name, par)
        terms.setdefault(name, []).extend(s for s in syns.split("|") if s)
    return parent, terms, set(hand_parent)
