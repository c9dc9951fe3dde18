"""Chain search, one home for the timeline's lane filter and the chain list.

A query matches a chain when the query, or (when it names a concept) that concept or any of
its synonyms, is a substring of the chain's label, its mentions' words, their concepts or
those concepts' synonyms: "fluid" finds "pleural effusion".
"""

from __future__ import annotations

from radtrack_gui.core.model import Chain, Patient


def query_terms(query: str) -> list[str]:
    """The query plus, when it names a concept, that concept and its synonyms (lower case)."""
    q = " ".join(query.lower().split())
    if not q:
        return []
    from radtrack_gui.nlp.vocabulary import vocabulary

    voc = vocabulary()
    terms = [q]
    concept = voc.concept_of(q)
    if concept is None and q in voc.concepts:
        concept = voc.concepts[q]
    if concept is not None:
        terms.append(concept.name.lower())
        terms.extend(t.lower() for t in voc.synonyms(concept.name))
    return list(dict.fromkeys(t for t in terms if t))


def chain_haystack(patient: Patient, chain: Chain) -> str:
    """Lower-case text a search is matched against: label, mention words, concepts and
    the concepts' synonyms (one per line)."""
    from radtrack_gui.nlp.vocabulary import vocabulary

    vocab = vocabulary()
    words = {chain.label.lower()}
    concepts: set[str] = set()
    for mid in chain.mentions:
        m = patient.mentions.get(mid)
        if m is None:
            continue
        words.add(m.text.lower())
        if m.concept:
            concepts.add(m.concept)
        else:
            c = vocab.concept_of(m.text)
            if c is not None:
                concepts.add(c.name)
    for name in concepts:
        words.add(name.lower())
        words.update(t.lower() for t in vocab.synonyms(name))
    return "\n".join(sorted(words))


def matches(haystack: str, terms: list[str]) -> bool:
    """True when any term is in the haystack (no terms: everything matches)."""
    return not terms or any(t in haystack for t in terms)


def chain_matches(patient: Patient, chain_id: str, terms: list[str]) -> bool:
    """Does the chain match the query's ``terms`` (from :func:`query_terms`)?"""
    return matches(chain_haystack(patient, patient.chains[chain_id]), terms)
