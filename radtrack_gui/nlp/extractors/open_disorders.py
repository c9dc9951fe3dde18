"""Nouns naming a disturbed function (issue #18 §1 open vocabulary, round 6): a finding by
themselves ("no dysfunction of the valve"), with the kind before them when one is named
("diastolic dysfunction", "regional contractility disorders", "contraction asynchrony",
"ventilatory impairment") as one span. ``open_vocab.open_mentions`` runs the reading when the
sentence holds one of ``DISORDER_NOUNS`` (``open_vocab.may_open`` gates on them)."""

from __future__ import annotations

from collections.abc import Callable

from radtrack_gui.nlp.extractors.open_patterns import head_concept

# The heads of diagnosis names (round 9): "disease" and "syndrome" end 104 and 52 of the
# multiword RadLex clinical-finding names (the most frequent heads after "fracture", which the
# tables hold; "disorder", 56, is read above), yet no table holds them alone, so a name RadLex
# lacks ("hydroxyapatite deposition disease", "bronchial syndrome", "active disease") was no
# mention. Read like a disorder noun: the kind word before joins ("deposition disease"); a
# structure before stays out of the span ("liver disease": the head alone); a table term in
# the two words before names it already ("mass syndrome", "cystic kidney disease": the table's
# mention stands, no second one).
NAME_HEADS = frozenset({"disease", "diseases", "syndrome", "syndromes"})
DISORDER_NOUNS = (
    frozenset(
        {
            *("dysfunction", "dysfunctions", "disorder", "disorders", "impairment"),
            *("impairments", "asynchrony", "dyssynchrony"),
        }
    )
    | NAME_HEADS
)
# endings of a word that names the kind of such a disturbance (adjective or function noun)
DISORDER_KIND_ENDS = ("al", "ar", "ic", "ous", "ive", "ory", "ity", "ion")


def disorder_templates(
    toks: list[str],
    covered: set[int],
    others_at: set[int],
    taken: set[int],
    kind_ok: Callable[[int], bool],
) -> list[tuple[int, int, str, str, str]]:
    """Templates ``(t0, t1, concept, "finding", term)`` of the disorder nouns of a sentence
    no table term or other reading holds (``taken`` gets their places); the word before joins
    when it names a kind: alphabetic, at least five letters, a kind ending, no table term,
    structure or cue, and ``kind_ok`` (not a structure's name nor a course word)."""
    out = []
    for i, tok in enumerate(toks):
        if tok not in DISORDER_NOUNS or i in covered or i in taken or i in others_at:
            continue
        if tok in NAME_HEADS and (i - 1 in covered or i - 2 in covered):
            continue
        k = i - 1
        before = toks[k].lower() if k >= 0 else ""
        if (
            k >= 0
            and k not in covered
            and k not in others_at
            and before.isalpha()
            and len(before) >= 5
            and before.endswith(DISORDER_KIND_ENDS)
            and kind_ok(k)
        ):
            out.append((k, i + 1, f"{before} {head_concept(tok)}", "finding", f"{toks[k]} {tok}"))
        else:
            out.append((i, i + 1, head_concept(tok), "finding", tok))
        taken.add(i)
    return out
