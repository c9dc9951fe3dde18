""" "Changes" named by a describing word (issue #18 §1 open vocabulary, round 8;
docs/evaluation-mentions.md "Round 8: mentions that pairs need, again").

``open_patterns.changes_of_structure`` reads "changes" followed by the structure they are of
("changes in the pancreas"). A report also names a finding "changes" with the word before
it saying what kind or where:

* **a kind adjective**: "polypoid changes", "band-like change", "wall-related change",
  "structural changes", "focal changes" (an adjective's ending: -al, -ar, -ic, -ous, -ive,
  -oid; a compound in -like, -related, -shaped); a table term before it ("degenerative changes") keeps the
  table's reading;
* **a structure**: "Thyroid changes", "mucosal changes" (a structure's name before it);
* **an anaphoric determiner opening the clause**: "This change is being sampled", "Similar
  changes are also visible in L3" (the finding named before, again).

No mention where the words say how things compare over time, not what is seen: a word of
degree, evidence or course before it ("interval", "significant", "evident", "progressive":
``NOT_KIND``) or a comparison after it ("changes compared to", "since", "from the prior").
The concept is the table's generic abnormality (as for "changes in the pancreas").
"""

from __future__ import annotations

CHANGE_WORDS = frozenset({"changes", "change"})
KIND_ENDS = ("al", "ar", "ic", "ous", "ive", "oid")
# the second part of a hyphenated kind word, a token of its own ("band", "-", "like")
COMPOUND_ENDS = frozenset({"like", "related", "shaped"})
# words with a kind adjective's ending that say how much, how sure, or how things evolved
NOT_KIND = frozenset(
    {
        *("interval", "significant", "relevant", "substantial", "appreciable", "notable"),
        *("important", "essential", "general", "overall", "additional", "initial", "final"),
        *("evident", "obvious", "visible", "apparent", "clear", "major", "minor", "real"),
        *("dimensional", "numerical", "technical", "positional", "postural", "dynamic"),
        *("progressive", "regressive", "evolutive", "periodic", "chronological", "partial"),
        *("typical", "usual", "normal", "physiological", "possible", "potential", "critical"),
        *("radiological", "radiologic", "radiographic", "sonographic", "tomographic"),
        *("morphological", "morphologic", "structural-", "global", "total", "several"),
        *("various", "numerous", "previous", "prior", "recent", "natural", "special"),
    }
)
ANAPHORS = frozenset({"this", "these", "similar", "such"})
OPENERS = frozenset({".", ";", ":", "-", "•", "*", "(", ","})
COMPARED = frozenset(
    {"compared", "comparison", "since", "from", "relative", "than", "previous", "prior"}
)
COMPARE_GAP = 3  # words after "changes" a comparison word is looked for


def described_changes(
    toks: list[str], covered: set[int], structures: set[int], taken: set[int]
) -> list[tuple[int, int]]:
    """Spans ``(t0, t1)`` of "changes" named by the word before them (see the module's
    docstring), where no table term or other reading holds the words."""
    out = []
    for i, tok in enumerate(toks):
        if tok not in CHANGE_WORDS or i in covered or i in taken or i == 0:
            continue
        if any(w in COMPARED for w in toks[i + 1 : i + 1 + COMPARE_GAP]):
            continue
        k = i - 1
        before = toks[k]
        if k in covered or k in taken:
            continue
        if k in structures:
            start = k
            while start - 1 in structures:
                start -= 1
            out.append((start, i + 1))
        elif before in COMPOUND_ENDS and k >= 2 and toks[k - 1] == "-" and toks[k - 2].isalpha():
            if k - 2 not in covered and k - 2 not in taken:
                out.append((k - 2, i + 1))  # "band-like change", "wall-related change"
        elif before in ANAPHORS:
            if k == 0 or toks[k - 1] in OPENERS:
                out.append((k, i + 1))
        elif (
            len(before) >= 5
            and before not in NOT_KIND
            and before.replace("-", "").isalpha()
            and before.endswith(KIND_ENDS)
        ):
            out.append((k, i + 1))
    return out
