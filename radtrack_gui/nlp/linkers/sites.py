"""Where a mention is: the specified site (more than the concept's own region), and how two
sites compare (a side split, the body region). Used by ``mentions.prepare`` and
``features.conflict``."""

from __future__ import annotations

from radtrack_gui.nlp.mr_sequences import SEQUENCE_LEVELS
from radtrack_gui.nlp.mr_sequences import mr_sequence as sequence_token
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name


def sign_site(v: Vocabulary, concept: str, site: str) -> bool:
    """``site`` (either side) is where a sign of the concept is read, a part of the
    concept's own structure: there the process shows itself, it is no sub-part of its own
    (a pleural effusion "at the costophrenic angle" is the pleural effusion)."""
    c = v.concepts.get(concept)
    if c is None or not c.anatomy:
        return False
    first, _, rest = site.partition(" ")
    names = {site, v.anatomy_terms.get(rest, "") if first in ("left", "right") else ""}
    line = set(v.broader_concepts(concept))
    names.discard(c.anatomy)
    for sign, diagnoses in v.signs.items():
        s = v.concepts.get(sign) if diagnoses & line else None
        if s is not None and s.anatomy in names and v.is_part_of(s.anatomy, c.anatomy):
            return True
    return False


def is_region(v: Vocabulary, site: str) -> bool:
    """A body region (thorax, abdomen, head...) or a name the anatomy table does not place:
    the exam's region, not a location (``body_region`` counts known regions only)."""
    return v.parent.get(site, "") in ("", "body")


def body_region(v: Vocabulary, name: str | None) -> bool:
    """``name`` is a body region the anatomy table knows: a child of "body" ("shoulders",
    "abdomen"). Unlike ``is_region``, a name without a parent is no region here."""
    return bool(name) and v.parent.get(name or "") == "body"


def _names_structure(v: Vocabulary, tokens: tuple[str, ...], site: str) -> bool:
    """The mention's own words name ``site`` or a structure around or inside it."""
    for n in (1, 2, 3):
        for i in range(len(tokens) - n + 1):
            name = v.anatomy_terms.get(" ".join(tokens[i : i + n]))
            if name and v.anatomy_related(name, site):
                return True
    return False


def specified_site(
    v: Vocabulary, concept: str | None, tokens: tuple[str, ...], first: str | None
) -> str | None:
    """The mention's location when it says more than the concept's own region.

    "effusion" at the pleura (the concept's default), at a costophrenic angle (where its
    sign shows: ``sign_site``) or a lesion in the abdomen (the exam's region) has no specific
    site; "skull fracture" names the skull in its own words, so the
    skull is its site (a fracture of a skull region is another chain)."""
    if not first or mr_sequence(first, tokens):
        return None
    c = v.concepts.get(concept) if concept else None
    if c is not None and c.anatomy:
        if first in v.anatomy_ancestors(c.anatomy) and not _names_structure(v, tokens, first):
            return None
        return None if sign_site(v, c.name, first) else first
    return None if is_region(v, first) else first


def default_site(v: Vocabulary, concept: str | None, site: str) -> bool:
    """``site`` is the concept's default structure (or it with a side, or around it)."""
    c = v.concepts.get(concept) if concept else None
    if c is None or not c.anatomy:
        return False
    return site in v.anatomy_ancestors(c.anatomy) or side_split(v, site, c.anatomy)


def side_split(v: Vocabulary, a: str, b: str) -> bool:
    """One site is the other with a side ("left pleura" / "pleura"): not a sub-part."""
    for x, y in ((a, b), (b, a)):
        first, _, rest = x.partition(" ")
        if first in ("left", "right") and (y == rest or v.parent.get(x) == y):
            return True
    return False


def sided_site(v: Vocabulary, site: str | None, lat: str | None) -> str | None:
    """The site agreeing with the mention's side: a paired structure named without a side
    takes it ("basilar atelectasis on the left": the left lung base), and one named with the
    other side, read from elsewhere in the report, is the mirrored structure ("XXXX right
    effusion" after a left one), or no site when the table has none."""
    if not site or lat not in ("left", "right"):
        return site
    own = v.laterality_of(site)
    if own == lat or own not in (None, "left", "right"):
        return site
    if own is None:
        for name in (f"{lat} {site}", f"{lat} {singular_name(site)}"):
            found = v.anatomy_terms.get(name)
            if found and v.laterality_of(found) == lat:
                return found
        return site
    mirrored = f"{lat} {site.split(' ', 1)[1]}"
    return mirrored if mirrored in v.parent else None


def mr_sequence(site: str, tokens: tuple[str, ...]) -> bool:
    """The site "t1"/"t2" read from the span's own words where they name an MR sequence
    ("T2 hypointensity", "T1-weighted signal", "on T2"): no vertebra (``nlp.mr_sequences``)."""
    if site not in SEQUENCE_LEVELS:
        return False
    return any(t == site and sequence_token(tokens, i) for i, t in enumerate(tokens))
