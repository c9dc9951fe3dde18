"""``Vocabulary.related_to`` tries only the concepts below a related one; it must find
exactly what trying every concept finds (the shipped tables, a sample of concepts)."""

from __future__ import annotations

from radtrack_gui.nlp.vocabulary import vocabulary


def test_related_to_equals_trying_every_concept() -> None:
    v = vocabulary()
    names = list(v.concepts)
    assert len(names) > 1000
    # concepts with a related one above them (where answers are), and a spread of others
    with_related = [c for c in names if any(x in v.related for x in v.broader_concepts(c))]
    sample = with_related[::3][:40] + names[::97]
    some_related = 0
    for name in sample:
        everything = frozenset(c for c in names if v.is_related(name, c))
        assert v.related_to(name) == everything, name
        some_related += bool(everything)
    assert some_related > 10  # the comparison is not between empty sets
    assert v.related_to(None) == frozenset() and v.related_to("no such concept") == frozenset()


def test_broader_concepts_is_a_new_list_each_time() -> None:
    v = vocabulary()
    name = next(c for c in v.concepts if len(v.broader_concepts(c)) > 1)
    line = v.broader_concepts(name)
    line.append("changed by the caller")
    assert v.broader_concepts(name) == line[:-1] and v.broader_concepts(name)[0] == name
