"""The peers of the rules extractor in the speed benchmarks, built over the same terms.

``concept_terms`` is the one term list (every term and plural of
``Vocabulary.concept_terms``, labelled FINDING or DEVICE by its concept's type) that the
regex floor and both peers use:

- ``medspacy``: ``medspacy.load()`` (its PyRuSH sentence splitter, target matcher and
  ConText), one ``TargetRule`` per term, PyRuSH's debug log off;
- ``negspacy``: ``spacy.blank("en")``, a sentencizer, an EntityRuler with the terms as
  phrase patterns (lower-cased) and the ``negex`` component.

Each is a set-up function returning ``run(text) -> entities found``, one ``nlp(text)`` call
per report. Imports stay inside them: the peers are never a dependency of the project.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable

PEERS = ("medspacy", "negspacy")


def concept_terms() -> dict[str, str]:
    """Every concept term of the vocabulary (plurals included) -> FINDING or DEVICE."""
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    return {t: v.concepts[name].type.upper() for t, name in sorted(v.concept_terms.items())}


def medspacy_peer() -> Callable[[str], int]:
    import medspacy
    from loguru import logger
    from medspacy.ner import TargetRule

    logger.disable("PyRuSH")  # a DEBUG line per token to stderr by default (PyRuSH 1.0.13)
    nlp = medspacy.load()
    matcher = nlp.get_pipe("medspacy_target_matcher")
    matcher.add([TargetRule(term, label) for term, label in concept_terms().items()])
    return lambda text: len(nlp(text).ents)


def negspacy_peer() -> Callable[[str], int]:
    import negspacy.negation  # noqa: F401  (registers the "negex" factory)
    import spacy

    terms = concept_terms()
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
    ruler.add_patterns([{"label": label, "pattern": term} for term, label in terms.items()])
    nlp.add_pipe("negex", config={"ent_types": sorted(set(terms.values()))})
    return lambda text: len(nlp(text).ents)


SETUP: dict[str, Callable[[], Callable[[str], int]]] = {
    "medspacy": medspacy_peer,
    "negspacy": negspacy_peer,
}


def time_pass(label: str, setup: Callable[[], Callable[[str], int]], texts: list[str]) -> float:
    """``setup()`` then one pass of its ``run`` over ``texts``, printed as reports/s of this
    process's CPU time (wall beside it), set-up time apart, and found items per report;
    returns the reports/s of CPU time."""
    t0 = time.process_time()
    run = setup()
    t1, w1 = time.process_time(), time.perf_counter()
    found = 0
    for text in texts:
        found += run(text)
    t2, w2 = time.process_time(), time.perf_counter()
    n = len(texts)
    print(
        f"{label:10} {n / (t2 - t1):9.0f} reports/s CPU ({n / (w2 - w1):6.0f} wall)   "
        f"set-up {t1 - t0:5.2f} s   {found / n:5.2f} mentions/report"
    )
    return n / (t2 - t1)


def time_peers(texts: list[str]) -> dict[str, float]:
    """Each installed peer timed over ``texts`` by ``time_pass``; "not installed" otherwise.
    Returns the reports/s of each one timed."""
    rates: dict[str, float] = {}
    for peer in PEERS:
        if importlib.util.find_spec(peer) is None:
            print(f"{peer:10} not installed")
        else:
            rates[peer] = time_pass(peer, SETUP[peer], texts)
    return rates
