"""Assertion (NegEx/ConText style): negation and uncertainty triggers, their scopes, and
the interpretation link ("opacity ... consistent with pneumonia")."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand

NEG_PRE_WINDOW, NEG_POST_WINDOW = 12, 5
POSS_PRE_WINDOW, POSS_POST_WINDOW, BOTH_WINDOW = 10, 5, 2

# Words that make a later finding term the interpretation of an earlier one in the same
# clause ("opacity ... consistent with pneumonia", "collection, likely a hematoma").
INTERPRETS = frozenset(
    {
        "consistent",
        "compatible",
        "represent",
        "represents",
        "representing",
        "reflect",
        "reflects",
        "reflecting",
        "suggestive",
        "suggesting",
        "suggests",
        "concerning",
        "suspicious",
        "likely",
        "probably",
        "possibly",
        "indicative",
        "characteristic",
        "typical",
        "favor",
        "favored",
        "favoring",
        "diagnostic",
    }
)
INTERPRET_WINDOW = 15  # tokens from the end of the earlier finding's phrase


def described_by(c: Cand, kept: list[Cand], toks: list[str], term_mark: list[bool]) -> Cand | None:
    """The earlier finding of the sentence that ``c`` interprets: an interpreting word
    between them, no other clause end, no other mention in between."""
    if c.type != FINDING or c.device_word or not kept:
        return None
    prev = kept[-1]
    end = max(prev.t1, max(prev.used, default=0) + 1)
    if (
        prev.type != FINDING
        or prev.t1 > c.t0
        or c.t0 - end > INTERPRET_WINDOW
        or prev.concept.startswith("normal")
        or prev.assertion == "absent"
        or not prev.anatomy_from_text
        or not prev.anatomy
    ):
        return None
    between = toks[prev.t1 : c.t0]
    if INTERPRETS.isdisjoint(between) or any(
        term_mark[k] and toks[k] not in INTERPRETS for k in range(prev.t1, c.t0)
    ):
        return None  # the interpreting words may end a hedge's scope, nothing else may
    return prev


def assertion_of(
    c: Cand,
    triggers: list[tuple[int, int, str, str]],
    term_mark: list[bool],
    changes: list[tuple[int, int, str]],
    starts: list[int],
    toks: list[str],
) -> str:
    """The nearest trigger whose scope reaches the mention wins, except that a negation
    before a hedge scopes over it ("no opacity to suggest pneumonia", "no suspicious
    nodule" are negative)."""
    best: tuple[int, int, str, str] | None = None  # (distance, priority, assertion, dir)
    neg_pre_at = -1  # start of the farthest negation pre-trigger reaching the mention
    # a given span may begin inside a cue ("no significant" before "significant
    # lymphadenopathy") or hold one before its concept term ("ureters are not dilated"); a
    # cue after the term stays the term's modifier ("mass without calcification")
    lead = c.head_at if c.span is not None and c.head_at is not None else c.t0
    for t0, t1, kind, direction in triggers:
        value = "absent" if kind == "negate" else "possible"
        prio = 0 if kind == "possible" else 1
        # a cue may also end inside the mention it opens ("no focal" before "focal changes")
        if t0 < lead and t1 <= max(c.t1, lead) and direction in ("pre", "both", "alt"):
            dist = max(0, c.t0 - t1)
            limit = NEG_PRE_WINDOW if kind == "negate" else POSS_PRE_WINDOW
            if direction in ("both", "alt"):
                # the alternative is the next mention after the cue, modifiers and all
                # ("or possibly focal areas of pneumonia"), never one after it
                limit = POSS_PRE_WINDOW
                if "," in toks[t1 : c.t0] or any(t1 <= s < c.t0 for s in starts):
                    continue  # "opacity, atelectasis vs pneumonia": only the alternatives
            if dist > limit or any(term_mark[t1 : c.t0]):
                continue
            if kind == "negate" and (
                positive_after(c, changes, starts, triggers, toks)
                or new_positive(toks, t1, c.t0)
                or evidence_clause(toks, t1, c.t0)
            ):
                continue
            if kind == "negate" and (neg_pre_at < 0 or t0 < neg_pre_at):
                neg_pre_at = t0
        elif t0 >= c.t1 and direction in ("post", "both"):
            # counted from the end of the mention's phrase: its site is part of it
            # ("nodule in the right lower lung is not well seen")
            end = max(c.t1, max((u + 1 for u in c.used if u < t0), default=0))
            dist = t0 - end
            limit = NEG_POST_WINDOW if kind == "negate" else POSS_POST_WINDOW
            if direction == "both":
                limit = BOTH_WINDOW
                if "," in toks[c.t1 : t0]:
                    continue
            if dist > limit or any(term_mark[c.t1 : t0]):
                continue
        else:
            continue
        key = (dist, prio, value, "pre" if t1 <= c.t0 else "post")
        if best is None or key < best:
            best = key
    c.cue_dir = best[3] if best else ""
    if best and best[2] == "possible" and 0 <= neg_pre_at < c.t0 - best[0]:
        c.cue_dir = "pre"
        return "absent"
    return best[2] if best else "present"


# Severity words that, right after "and", start a new positive phrase inside a "no" clause
# ("no effusion and mild cardiomegaly"); a hedge still reaches past them ("differential
# considerations include A and mild B").
SEVERITY = frozenset(
    {"mild", "moderate", "severe", "minimal", "slight", "marked", "small", "tiny", "trace"}
)


def new_positive(toks: Sequence[str], t0: int, t1: int) -> bool:
    """An "and" + severity word between ``t0`` and ``t1``."""
    seg = toks[t0:t1]
    if "and" not in seg:
        return False
    return any(a == "and" and b in SEVERITY for a, b in pairwise(seg))


# Nouns that, right after a comma and before "of", open a new positive clause after a "no"
# clause ("No evident lesions in the pancreas, signs of chronic pancreatitis"); with a
# conjunction of their own they stay a member of the negated list ("no A or signs of B").
EVIDENCE = frozenset({"sign", "signs", "evidence", "features", "finding", "findings"})


# Words that, right after a comma, read what the clause before described as a diagnosis
# ("... without pathological fracture, suspicious for secondary lesions"): the reading is a
# new clause, hedged by its own cue, not a member of the negated list (wb-signs4).
READING_OPENERS = frozenset(
    {
        ("suspicious", "for"),
        ("suggestive", "of"),
        ("consistent", "with"),
        ("compatible", "with"),
        ("indicative", "of"),
        ("in", "keeping"),
        ("likely", "representing"),
        ("probably", "representing"),
    }
)


def evidence_clause(toks: Sequence[str], t0: int, t1: int) -> bool:
    """A ", signs of" / ", evidence of" or a reading (", suspicious for", ", consistent
    with") between ``t0`` and ``t1``."""
    return any(
        toks[k] == ","
        and (
            (toks[k + 1] in EVIDENCE and toks[k + 2] == "of")
            or (toks[k + 1], toks[k + 2]) in READING_OPENERS
        )
        for k in range(t0, min(t1, len(toks)) - 2)
    )


# Words between a mention and a course word that make the course word another thing's
# ("free of infiltrates and expanded", "no pneumothorax after line placement").
COURSE_BLOCK = frozenset({"and", "or", "after", "following", "post", "since", "before", "during"})


def positive_after(
    c: Cand,
    changes: list[tuple[int, int, str]],
    starts: list[int],
    triggers: Sequence[tuple[int, int, str, str]] = (),
    toks: Sequence[str] = (),
) -> bool:
    """A course word right after the mention ("effusion unchanged", "tube in place"), with no
    other mention, trigger or conjunction in between, means the thing is there, whatever a
    "no" before it says ("no effusions no evidence of displaced fractures" is two clauses;
    "free of infiltrates and expanded" is not)."""
    for t0, _t1, value in changes:
        if (
            c.t1 <= t0 <= c.t1 + 3
            and value not in ("resolved", "removed")
            and not any(toks[k] in COURSE_BLOCK for k in range(c.t1, t0))
            and not any(c.t1 <= s < t0 for s in starts)
            and not any(c.t1 <= g[0] < t0 for g in triggers)
        ):
            return True
    return False


# Tokens that join the members of a coordination ("A, B, and C"; "A or B"; "A/B").
COORD = frozenset({",", "and", "or", "nor", "/", "as", "well", "&"})
COORD_GAP = 4  # at most this many tokens between two members


def coordinated(
    cands: list[Cand], toks: list[str], term_mark: list[bool], trigger_at: list[bool]
) -> None:
    """Negation and hedges scope over a coordination: a member with no trigger of its own
    takes the assertion of the member next to it whose trigger points across it -- a
    post-trigger after the list ("A, B and C have cleared") reaches back to its first
    member, a pre-trigger before it ("no A, B, C, D or E") forward to its last.
    Members are findings joined only by commas/conjunctions and a few modifiers, with no
    clause end or other trigger between them."""
    group: list[Cand] = []
    groups: list[list[Cand]] = []
    for c in sorted(
        (c for c in cands if c.type == "finding" and not c.concept.startswith("normal ")),
        key=lambda c: c.t0,
    ):
        if group:
            prev = group[-1]
            gap = range(prev.t1, c.t0)
            if (
                0 < len(gap) <= COORD_GAP
                and any(toks[k] in COORD for k in gap)
                and not any(term_mark[k] or trigger_at[k] for k in gap)
                and not new_positive(toks, prev.t1, c.t0)
                and not evidence_clause(toks, prev.t1, c.t0)
            ):
                group.append(c)
                continue
            groups.append(group)
        group = [c]
    if group:
        groups.append(group)
    for g in groups:
        if len(g) < 2:
            continue
        for i in range(len(g) - 2, -1, -1):  # post-triggers reach back
            nxt, c = g[i + 1], g[i]
            if nxt.cue_dir == "post" and not c.cue_dir and c.assertion == "present":
                c.assertion, c.cue_dir = nxt.assertion, "post"
        for i in range(1, len(g)):  # pre-triggers reach forward
            prv, c = g[i - 1], g[i]
            if prv.cue_dir == "pre" and not c.cue_dir and c.assertion == "present":
                c.assertion, c.cue_dir = prv.assertion, "pre"
