"""A process noun's site is no part of its mention: "[dilation] of the pelvicalyceal system",
"[enlargement] of the liver", "[widening] of the mediastinum" (GUIDELINE "Units": mentions
are short, modifiers and sites are not part of the span unless part of the name). A table
term written as "<process> of/in <structure>" (a synonym of hydronephrosis, hepatomegaly ...)
keeps its concept and its structure; only its span ends at the process noun. The complement
stays in the span where it is no structure but what the process changes ("decrease in
hepatic density", "loss of definition", "reduction in vertebral body height"): the process
of a property is named by both words."""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import DETERMINERS, anatomy_like
from radtrack_gui.nlp.vocabulary import Vocabulary

JOINS = frozenset({"of", "in"})
# "enlargement of lymph nodes": the nodes are the mention's head (sites.NODE_HEADS), not a site
NODE_WORDS = frozenset({"node", "nodes", "lymph"})
# Words of a property a process may change (the complement is then no site).
PROPERTIES = frozenset(
    {
        *("density", "echogenicity", "signal", "intensity", "volume", "height", "size"),
        *("definition", "thickness", "flow", "caliber", "calibre", "diameter", "width"),
        *("attenuation", "enhancement", "uptake", "excretion", "function", "mass", "angle"),
        *("outline", "contour", "contours", "margin", "margins", "permeability", "volumes"),
    }
)


def without_site_complements(v: Vocabulary, kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` with each finding term "<noun> of/in [the] <structure>" ended at its noun."""
    for c in kept:
        if c.type != FINDING or c.t1 - c.t0 < 3 or c.span is not None:
            continue
        low = [t.lower() for t in toks[c.t0 : c.t1]]
        if low[1] not in JOINS or not low[0].isalpha():
            continue
        words = [w for w in low[2:] if w not in DETERMINERS]
        if not words or not all(w.isalpha() or w == "-" for w in words):
            continue
        if (
            NODE_WORDS.isdisjoint(words)
            and PROPERTIES.isdisjoint(words)
            and (bool(c.anatomy) or anatomy_like(v, words) or v.anatomy_of(" ".join(words)))
        ):
            c.t1 = c.t0 + 1  # the structure: the term's own, or named by the complement
    return kept
