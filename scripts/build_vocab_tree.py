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

``merge`` is the build's rule for the first kind where one side is derived: the derived
structure is filed under the hand one (of two derived ones, "ankle joint" under "ankle") when
that keeps its body region (one parent per structure cannot keep two ancestries: a joint in a
limb region and among the joints under "bones") (the hand node is the place; the RadLex node becomes
the joint/alias inside it, keeping its own parts and sided rows below it). It is applied
only to derived rows (the hand table takes precedence and is never rewritten); what stays a
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
    """The body region ``name`` lies in: the structure right under "body" above it."""
    chain = [name, *_ancestors(parent, name)]
    return chain[-2] if len(chain) >= 2 and chain[-1] == "body" else chain[-1]


def _ancestors(parent: dict[str, str], name: str) -> list[str]:
    out, seen = [], {name}
    p = parent.get(name, "")
    while p and p not in seen:
        out.append(p)
        seen.add(p)
        p = parent.get(p, "")
    return out


def duplicates(
    parent: dict[str, str], terms: dict[str, list[str]], hand: set[str]
) -> list[Duplicate]:
    """Every pair of the tree ``parent`` (structure -> parent; ``terms``: structure -> its
    synonyms; ``hand``: the hand table's structures) that holds one place twice."""
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
    rows: dict[str, list[str]], hand_parent: dict[str, str], found: list[Duplicate]
) -> list[Duplicate]:
    """File each derived structure of a hand/derived ``same`` pair under the hand one, and of a
    pair of derived ones the one named by a place word ("ankle joint") under the other
    ("ankle"); rows: structure -> [name, parent, synonyms, paired, rid], changed in place.
    Returns the pairs it joined."""
    joined: list[Duplicate] = []
    for d in found:
        if d.kind != "same" or d.hand == (True, True):
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
        # not when the hand node lies inside the derived one (it would close a loop), nor when
        # the move would change the derived node's body region: one parent cannot hold both
        # ancestries ("knee joint" lies in the knee AND among the joints, under "bones", which
        # a bare "degenerative changes" of a knee MR is read at), so such a pair stays listed
        tree = {**{r[0]: r[1] for r in rows.values()}, **hand_parent}
        if derived in _ancestors(tree, hand_node):
            continue
        if region(tree, derived) != region(tree, hand_node):
            continue
        rows[derived][1] = hand_node
        joined.append(d)
    return joined
