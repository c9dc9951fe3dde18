"""Inter-annotator agreement between two annotated (brat) versions of the same reports.

Three views, each per category (``finding``, ``device``) and overall:

**Links (pairwise IAA).** Per patient and category, the mentions of annotator A and B of
that category are matched one-to-one (``match="exact"``: identical spans; ``"partial"``:
overlapping spans, see ``evaluation.mentions``). Only matched mentions take part. Every
unordered pair of matched mentions {x, y} gets a decision from each annotator: *link* if
the annotator put x and y in the same chain, *no-link* otherwise. A pair both annotators
link is a **match**; a pair exactly one annotator links is a **non-match**; a pair neither
links is not counted (these are the overwhelming majority and would swamp the measure).
Then ``IAA = 2·matches / (2·matches + non-matches)``, which is the F1 of B's links against
A's (symmetric in A and B); it is ``None`` when neither annotator links any pair. Links
that touch an unmatched mention are reported separately (``unmatched_links``): they are
span disagreements, measured by the mention view. Overall = micro average: matches and
non-matches summed over the categories (cross-category links, which the guideline does not
allow, are ignored).

**Mentions.** Span agreement as detection F1 of B against A, exact and partial.

**Chains.** MUC and CoNLL F1 of B's chains with A as the key (scored as ``radtrack
score`` does, pooled over patients). With ``match="partial"`` B's matched mentions are
first renamed to the A mention they match, so span differences do not count twice.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass, field

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import MENTION_TYPES, Mention, Patient
from radtrack_gui.evaluation.mentions import (
    MatchCounts,
    match_exact,
    match_partial,
    mention_key,
    span_of,
)
from radtrack_gui.evaluation.metrics import Scores, empty_scores, score

OVERALL = "overall"


# -- reading -----------------------------------------------------------------------------------
def read_pair(
    a: str | os.PathLike[str],
    b: str | os.PathLike[str],
) -> tuple[dict[str, Patient], dict[str, Patient]]:
    """The patients of annotations A and B; one patient folder each are paired whatever
    the folder names are."""
    from radtrack_gui.formats.collection import read_annotated_patients

    pa, pb = read_annotated_patients(a), read_annotated_patients(b)
    if len(pa) == 1 and len(pb) == 1 and set(pa) != set(pb):
        pb = {next(iter(pa)): next(iter(pb.values()))}
    return pa, pb


def check_same_reports(a: dict[str, Patient], b: dict[str, Patient]) -> None:
    """``InputError`` naming the first patient or report that differs between A and B."""
    for pid in sorted(set(a) | set(b)):
        if pid not in b or pid not in a:
            side = "A" if pid in a else "B"
            raise InputError(f"patient {pid} is only in {side}")
        ra = {r.id: r.text for r in a[pid].reports}
        rb = {r.id: r.text for r in b[pid].reports}
        for rid in sorted(set(ra) | set(rb)):
            if rid not in rb or rid not in ra:
                side = "A" if rid in ra else "B"
                raise InputError(f"report {rid} of patient {pid} is only in {side}")
            if ra[rid] != rb[rid]:
                raise InputError(f"report {rid} of patient {pid} has different text in A and B")


# -- results -----------------------------------------------------------------------------------
@dataclass
class LinkCounts:
    both: int = 0  # matches: pairs linked by A and by B
    only_a: int = 0
    only_b: int = 0
    unmatched_a: int = 0  # A's links touching a mention B did not mark
    unmatched_b: int = 0

    def __add__(self, o: LinkCounts) -> LinkCounts:
        return LinkCounts(
            self.both + o.both,
            self.only_a + o.only_a,
            self.only_b + o.only_b,
            self.unmatched_a + o.unmatched_a,
            self.unmatched_b + o.unmatched_b,
        )

    @property
    def non_matches(self) -> int:
        return self.only_a + self.only_b

    @property
    def iaa(self) -> float | None:
        den = 2 * self.both + self.non_matches
        return 2 * self.both / den if den else None

    def as_dict(self) -> dict[str, object]:
        return {
            "matches": self.both,
            "non_matches": self.non_matches,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "iaa": self.iaa,
            "unmatched_links": {"a": self.unmatched_a, "b": self.unmatched_b},
        }


@dataclass
class CategoryAgreement:
    links: LinkCounts = field(default_factory=LinkCounts)
    exact: MatchCounts = field(default_factory=MatchCounts)
    partial: MatchCounts = field(default_factory=MatchCounts)
    chains: Scores = field(default_factory=empty_scores)

    def __add__(self, o: CategoryAgreement) -> CategoryAgreement:
        return CategoryAgreement(
            self.links + o.links,
            self.exact + o.exact,
            self.partial + o.partial,
            self.chains + o.chains,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "links": self.links.as_dict(),
            "mentions": {"exact": self.exact.as_dict(), "partial": self.partial.as_dict()},
            "chains": {"muc": self.chains["muc"].as_dict(), "conll_f1": self.chains.conll_f1},
        }


@dataclass
class Agreement:
    match: str
    patients: int
    categories: dict[str, CategoryAgreement]  # finding, device, overall

    def as_dict(self) -> dict[str, object]:
        return {
            "match": self.match,
            "patients": self.patients,
            "categories": {k: v.as_dict() for k, v in self.categories.items()},
        }


# -- computing ---------------------------------------------------------------------------------
def _links(mentions: list[Mention]) -> set[frozenset[str]]:
    by_chain: dict[str | None, list[str]] = {}
    for m in mentions:
        by_chain.setdefault(m.chain or f"#{m.id}", []).append(m.id)
    out: set[frozenset[str]] = set()
    for ids in by_chain.values():
        for i, x in enumerate(ids):
            for y in ids[i + 1 :]:
                out.add(frozenset((x, y)))
    return out


def _clusters(
    mentions: list[Mention], rename: dict[str, Hashable] | None = None
) -> list[list[Hashable]]:
    rename = rename or {}
    by_chain: dict[str, list[Hashable]] = {}
    for m in mentions:
        by_chain.setdefault(m.chain or f"#{m.id}", []).append(rename.get(m.id, mention_key(m)))
    return list(by_chain.values())


def _category(a: list[Mention], b: list[Mention], match: str) -> CategoryAgreement:
    sa, sb = [span_of(m) for m in a], [span_of(m) for m in b]
    exact = match_exact(sa, sb)
    partial = match_partial(sa, sb)
    pairs = exact if match == "exact" else partial
    b_to_a = {b[j].id: a[i].id for i, j in pairs}
    matched_a = set(b_to_a.values())
    links_a, links_b = _links(a), _links(b)
    # B's links among matched mentions, in A's mention ids.
    mapped_b = {
        frozenset(b_to_a[x] for x in link) for link in links_b if all(x in b_to_a for x in link)
    }
    inner_a = {link for link in links_a if link <= matched_a}
    counts = LinkCounts(
        both=len(inner_a & mapped_b),
        only_a=len(inner_a - mapped_b),
        only_b=len(mapped_b - inner_a),
        unmatched_a=len(links_a) - len(inner_a),
        unmatched_b=sum(1 for link in links_b if not all(x in b_to_a for x in link)),
    )
    rename: dict[str, Hashable] = {}
    if match == "partial":
        a_by_id = {m.id: m for m in a}
        rename = {bid: mention_key(a_by_id[aid]) for bid, aid in b_to_a.items()}
    chains = score(_clusters(a), _clusters(b, rename))
    return CategoryAgreement(
        counts,
        MatchCounts(len(exact), len(a), len(b)),
        MatchCounts(len(partial), len(a), len(b)),
        chains,
    )


def agreement(a: dict[str, Patient], b: dict[str, Patient], match: str = "exact") -> Agreement:
    """Agreement of annotator B with annotator A over the same patients and reports."""
    if match not in ("exact", "partial"):
        raise ValueError(f"match must be 'exact' or 'partial', not {match!r}")
    check_same_reports(a, b)
    cats: dict[str, CategoryAgreement] = {t: CategoryAgreement() for t in MENTION_TYPES}
    overall_spans = CategoryAgreement()
    for pid in sorted(a):
        ma, mb = list(a[pid].mentions.values()), list(b[pid].mentions.values())
        for t in MENTION_TYPES:
            cats[t] = cats[t] + _category(
                [m for m in ma if m.type == t], [m for m in mb if m.type == t], match
            )
        overall_spans = overall_spans + _category(ma, mb, match)
    total = CategoryAgreement()
    for t in MENTION_TYPES:
        total = total + cats[t]
    # Overall links: micro average over categories; spans and chains: all mentions at once.
    cats[OVERALL] = CategoryAgreement(
        total.links, overall_spans.exact, overall_spans.partial, overall_spans.chains
    )
    return Agreement(match, len(a), cats)


def agreement_table(result: Agreement) -> str:
    """A readable table: one row per category, then overall (percentages)."""

    def pct(x: float | None) -> str:
        return "   n/a" if x is None else f"{100 * x:6.2f}"

    head = (
        f"{'category':<9} {'A links':>7} {'B links':>7} {'both':>6} {'one':>6} {'IAA':>6}"
        f" {'exactF1':>7} {'partF1':>7} {'MUC F1':>7} {'CoNLL':>7}"
    )
    lines = [
        f"Agreement of B with A ({result.patients} patients, {result.match} mention match)",
        head,
        "-" * len(head),
    ]
    for name, c in result.categories.items():
        lk = c.links
        lines.append(
            f"{name:<9} {lk.both + lk.only_a:>7} {lk.both + lk.only_b:>7} {lk.both:>6}"
            f" {lk.non_matches:>6} {pct(lk.iaa)} {pct(c.exact.f1):>7} {pct(c.partial.f1):>7}"
            f" {pct(c.chains['muc'].f1):>7} {pct(c.chains.conll_f1):>7}"
        )
    lines.append(
        "IAA = 2*both / (2*both + one) over pairs of matched mentions; links touching "
        "an unmatched mention are left out."
    )
    return "\n".join(lines)
