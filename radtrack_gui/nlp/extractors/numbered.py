"""Lists of numbered structures ("segments 6 and 7", "segment 5, 6 or 8"): each number names
the same kind of structure as the word before the first; the list is one site, the smallest
structure that holds them all (hepatic segments 6 and 7: the right hepatic lobe)."""

from __future__ import annotations

from radtrack_gui.nlp.vocabulary import Entry, Vocabulary, singular_name

_JOIN = frozenset({"and", ",", "or", "/", "&"})
# A number followed by a unit is a size ("segment 6 and 7 mm cyst"), not a listed structure.
_UNITS = frozenset({"mm", "cm", "millimeter", "millimeters", "centimeter", "centimeters", "x"})


def _number(tok: str) -> bool:
    """An arabic number ("6", "4a") or a roman numeral up to 12 ("vi")."""
    return tok[:1].isdigit() or (len(tok) <= 4 and not tok.strip("ivx"))


def numbered_lists(
    v: Vocabulary,
    heads: frozenset[str],
    toks: list[str],
    others: list[tuple[int, int, tuple[Entry, ...]]],
) -> list[tuple[int, int, tuple[Entry, ...]]]:
    """``others`` (the lexicon's matches) with each list of numbered structures as one
    anatomy match over the whole list, in place of the matches inside it. ``heads``: the
    words that name numbered structures (``Lexicon.numbered_heads``)."""
    n = len(toks)
    for i in range(n - 1):
        if toks[i] not in heads or not _number(toks[i + 1]):
            continue
        head = singular_name(toks[i])
        first = v.anatomy_of(f"{head} {toks[i + 1]}")
        if first is None:
            continue
        names, end, j = [first], i + 2, i + 2
        while j < n and toks[j] in _JOIN:
            j += 1
            if j < n and toks[j] in _JOIN:  # ", and"
                j += 1
            name = v.anatomy_of(f"{head} {toks[j]}") if j < n and _number(toks[j]) else None
            if name is None or (j + 1 < n and toks[j + 1] in _UNITS):
                break
            names.append(name)
            j += 1
            end = j
        if len(set(names)) < 2:
            continue
        site = next(a for a in v.anatomy_ancestors(first) if all(v.is_part_of(x, a) for x in names))
        # the list starts where a structure ending at its first number starts ("hepatic")
        start = min(
            (t0 for t0, t1, es in others if t1 == i + 2 and any(e[0] == "anatomy" for e in es)),
            default=i,
        )
        kept = [o for o in others if o[1] <= start or o[0] >= end]
        entry: Entry = ("anatomy", site, "", v.laterality_of(site) or "")
        others = sorted([*kept, (start, end, (entry,))], key=lambda o: (o[0], o[1]))
    return others
