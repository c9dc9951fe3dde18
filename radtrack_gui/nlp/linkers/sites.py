"""Where a mention is: the specified site (more than the concept's own region), and how two
sites compare (a side split, the body region). Used by ``mentions.prepare`` and
``features.conflict``."""

from __future__ import annotations

from radtrack_gui.nlp.vocabulary import Vocabulary


def is_region(v: Vocabulary, site: str) -> bool:
    """A body region (thorax, abdomen, head...): the exam's region, not a location."""
    return v.parent.get(site, "") in ("", "body")


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

    "effusion" at the pleura (the concept's default) or a lesion in the abdomen (the exam's
    region) has no specific site; "skull fracture" names the skull in its own words, so the
    skull is its site (a fracture of a skull region is another chain)."""
    if not first:
        return None
    c = v.concepts.get(concept) if concept else None
    if c is not None and c.anatomy:
        if first in v.anatomy_ancestors(c.anatomy) and not _names_structure(v, tokens, first):
            return None
        return first
    return None if is_region(v, first) else first


def default_site(v: Vocabulary, concept: str | None, site: str) -> bool:
    """``site`` is the concept's default structure (or it with a side, or around it)."""
    c = v.concepts.get(concept) if concept else None
    if c is None or not c.anatomy:
        return False
    return site in v.anatomy_ancestors(c.anatomy) or side_split(v, site, c.anatomy)


def region(v: Vocabulary, site: str) -> str:
    chain = v.anatomy_ancestors(site)
    return chain[-2] if len(chain) >= 2 else site


def side_split(v: Vocabulary, a: str, b: str) -> bool:
    """One site is the other with a side ("left pleura" / "pleura"): not a sub-part."""
    for x, y in ((a, b), (b, a)):
        first, _, rest = x.partition(" ")
        if first in ("left", "right") and (y == rest or v.parent.get(x) == y):
            return True
    return False
