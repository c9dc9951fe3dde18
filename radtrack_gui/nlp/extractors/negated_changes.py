"""A negated bare "changes" is a generic negative statement (round 10, wb-mentions16).

"No changes", "show no significant morphological changes", "did not reveal any recent, acute
changes", "No changes are seen in the bony parts": like "no abnormalities", the statement
that the structure it is said of (the subject, or the site after it) holds nothing abnormal;
the labels of every whole-body sample mark it at "changes" (GUIDELINE "Units": generic
negatives are mentions). ``open_patterns.changes_of_structure`` reads the form with a named
structure after "in/of"; this reads the rest. A comparison ("no changes compared to the
previous scan", "no changes since 2019") is a course statement, and "no changes in the
pulmonary image" a statement about the image: neither is a mention; in "no changes suggestive
of fractures" the diagnosis after it is the mention. "No change" (singular)
is the wording of comparisons and stays out.
"""

from __future__ import annotations

from collections.abc import Collection

CHANGES = "changes"
NEGATIONS = frozenset({"no", "without", "any"})
# words between the negation and "changes": at most this many (adjectives, degree words)
BETWEEN = 3
# words that end the search for the negation: another noun phrase's function words
STOPS = frozenset(
    {"and", "or", "nor", "of", "in", "with", "the", "a", "an", "is", "are", "was", "were"}
)
# words after "changes" that make it a comparison
COMPARISONS = frozenset(
    {"compared", "comparison", "since", "from", "relative", "versus", "vs", "than", "to"}
)
# words after "changes" that name what they would be ("no changes suggestive of fractures",
# "no changes indicative of malignancy"): that diagnosis is the mention, not the vague noun
NAMED_BY = frozenset(
    {"suggestive", "indicative", "consistent", "compatible", "typical", "characteristic"}
    | {"suspicious", "suspect", "suggesting", "indicating"}
)
# report words: "no changes in the pulmonary image" is no statement about a structure
REPORT_NOUNS = frozenset({"image", "images", "picture", "appearance", "findings", "study"})
# course words before "changes": "no interval changes" compares two studies, no structure
COURSE = frozenset({"interval", "temporal", "further", "new"})
REPORT_REACH = 5


def _kind_before(toks: list[str], i: int) -> bool:
    """The word before "changes" names their kind ("no stenotic changes"): the reading of
    ``open_vocab`` (a kind of change) keeps that phrase."""
    from radtrack_gui.nlp.extractors.open_vocab import KIND_ENDS, NOT_A_KIND  # import cycle

    k = i - 1
    while k >= 0 and toks[k] == ",":
        k -= 1
    tok = toks[k] if k >= 0 else ""
    return tok.isalpha() and len(tok) >= 5 and tok not in NOT_A_KIND and tok.endswith(KIND_ENDS)


def _negated(toks: list[str], i: int) -> bool:
    k, words = i - 1, 0
    while k >= 0 and toks[k] not in NEGATIONS:
        if toks[k] != ",":
            if not toks[k].isalpha() or toks[k] in STOPS | COURSE or words == BETWEEN:
                return False
            words += 1
        k -= 1
    return k >= 0


def _comparison_or_image(toks: list[str], i: int) -> bool:
    after = toks[i + 1 : i + 1 + REPORT_REACH]
    if after and (after[0] in COMPARISONS or after[0] in NAMED_BY):
        return True
    return bool(after) and after[0] == "in" and not REPORT_NOUNS.isdisjoint(after)


def negated_changes(toks: list[str], held: Collection[int]) -> list[int]:
    """The tokens of "changes" (lower-case ``toks``) read as a generic negative: negated by
    "no", "without" or "any" at most ``BETWEEN`` words before it, not a comparison nor a
    statement about the image, with no kind word before it ("no stenotic changes": a kind of
    change, read by ``open_vocab``), and in no reading of ``held`` (tokens taken already)."""
    return [
        i
        for i, tok in enumerate(toks)
        if tok == CHANGES
        and i not in held
        and _negated(toks, i)
        and not _kind_before(toks, i)
        and not _comparison_or_image(toks, i)
    ]
