"""Where a patient's chains differ from its gold chains (Qt-free; the Compare dialog shows
them): gold chains split or merged, mentions missing or extra. Mentions match by exact span;
a gold mention the response found with a wider or narrower overlapping span is listed as
"found with a different span" (not missing, and its response mention not extra).
Each difference names where to look: the chains and mentions it concerns in the compared
patient, and the reports of mentions that are missing there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from radtrack_gui.core.model import Mention, Patient

KINDS = {
    "split": "Split",
    "merged": "Merged",
    "span": "Found with a different span",
    "missing": "Missing",
    "extra": "Extra",
}
SHOWN = 3  # mentions named in one difference's text


@dataclass
class Difference:
    kind: str  # split | merged | missing | extra
    text: str
    response_chains: list[str] = field(default_factory=list)
    gold_chains: list[str] = field(default_factory=list)
    response_mentions: list[str] = field(default_factory=list)  # what to select
    reports: list[str] = field(default_factory=list)  # where to look (missing mentions)
    gold_mentions: list[str] = field(default_factory=list)  # the gold mentions concerned


class _Names:
    """Chains as the user sees them (``views.labels.list_names``: chains that share a label
    told apart, "liver cyst · hepatic segment 7"), quoted; never an id."""

    def __init__(self) -> None:
        self._of: dict[int, dict[str, str]] = {}

    def __call__(self, p: Patient, cid: str | None) -> str:
        from radtrack_gui.views.labels import list_names

        names = self._of.get(id(p))
        if names is None:
            names = self._of[id(p)] = list_names(p)
        c = p.chains.get(cid or "")
        name = names.get(cid or "") or (c.label if c else "")
        return f"“{name}”" if c and name else "a chain" if c else "no chain"


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report_name(p: Patient, report_id: str) -> str:
    """ "2150-03-02 CT HEAD (r01.txt)": a report as a reader finds it again."""
    r = next((r for r in p.reports if r.id == report_id), None)
    if r is None:
        return report_id
    when = r.date.strftime("%Y-%m-%d") if r.date and r.date_known else "undated"
    return f"{when} {r.exam or r.modality} ({r.id})"


def _where(p: Patient, ms: list[Mention]) -> str:
    named = "; ".join(f"“{m.text}” in {report_name(p, m.report)}" for m in ms[:SHOWN])
    return named + (f"; and {len(ms) - SHOWN} more" if len(ms) > SHOWN else "")


def chain_differences(gold: Patient, response: Patient) -> list[Difference]:
    """Where ``response``'s chains differ from ``gold``'s (mentions matched exactly; the
    rest matched one-to-one by overlapping span are "span" differences)."""
    from radtrack_gui.evaluation.mentions import mention_key

    r_by_key = {mention_key(m): m for m in response.mentions.values()}
    g_chain = {mention_key(m): m.chain for m in gold.mentions.values()}
    overlapped = _overlap_matches(gold, response, set(r_by_key), set(g_chain))
    _label = _Names()
    out: list[Difference] = []
    for gc in gold.chains.values():
        members = [gold.mentions[mid] for mid in gc.mentions if mid in gold.mentions]
        keys = [mention_key(m) for m in members]
        found = [r_by_key[k] for k in keys if k in r_by_key]
        parts = Counter(m.chain for m in found)
        if len(parts) > 1:
            pieces = ", ".join(f"{_label(response, c)} ({n})" for c, n in parts.most_common())
            chains = [c for c, _ in parts.most_common() if c]
            # Select the first mention of the smaller part: that is where the split is.
            first = next((m.id for m in found if m.chain == chains[-1]), None)
            out.append(
                Difference(
                    "split",
                    f"Gold chain {_label(gold, gc.id)} ({_n(len(keys), 'mention')}) is "
                    f"split over {len(parts)} chains: {pieces}",
                    chains,
                    [gc.id],
                    [first] if first else [],
                )
            )
        missing = [m for m, k in zip(members, keys, strict=True) if k not in r_by_key]
        for m in missing:
            r = overlapped.get(m.id)
            if r is None:
                continue
            out.append(
                Difference(
                    "span",
                    f"gold “{m.text}” of chain {_label(gold, gc.id)} found as “{r.text}” "
                    f"in {report_name(gold, m.report)}",
                    [r.chain] if r.chain else [],
                    [gc.id],
                    [r.id],
                    [m.report],
                    [m.id],
                )
            )
        missing = [m for m in missing if m.id not in overlapped]
        if missing:
            chains = [c for c, _ in parts.most_common() if c]
            out.append(
                Difference(
                    "missing",
                    f"{_n(len(missing), 'mention')} of gold chain "
                    f"{_label(gold, gc.id)} not found: {_where(gold, missing)}",
                    chains,
                    [gc.id],
                    [],
                    list(dict.fromkeys(m.report for m in missing)),
                    [m.id for m in missing],
                )
            )
    for rc in response.chains.values():
        members = [response.mentions[mid] for mid in rc.mentions if mid in response.mentions]
        keys = [mention_key(m) for m in members]
        parts = Counter(g_chain[k] for k in keys if k in g_chain)
        if len(parts) > 1:
            pieces = ", ".join(f"{_label(gold, c)} ({n})" for c, n in parts.most_common())
            second = parts.most_common()[-1][0]
            first = next(
                (m.id for m, k in zip(members, keys, strict=True) if g_chain.get(k) == second), None
            )
            out.append(
                Difference(
                    "merged",
                    f"Chain {_label(response, rc.id)} merges {len(parts)} gold chains: {pieces}",
                    [rc.id],
                    [c for c, _ in parts.most_common() if c],
                    [first] if first else [],
                )
            )
        spanned = {r.id for r in overlapped.values()}
        extra = [
            m
            for m, k in zip(members, keys, strict=True)
            if k not in g_chain and m.id not in spanned
        ]
        if extra:
            out.append(
                Difference(
                    "extra",
                    f"{_n(len(extra), 'mention')} of chain {_label(response, rc.id)} not "
                    f"in the gold: {_where(response, extra)}",
                    [rc.id],
                    [],
                    [m.id for m in extra],
                    list(dict.fromkeys(m.report for m in extra)),
                )
            )
    order = {"split": 0, "merged": 1, "span": 2, "missing": 3, "extra": 4}
    out.sort(key=lambda d: order[d.kind])
    return out


def _overlap_matches(
    gold: Patient, response: Patient, response_keys: set, gold_keys: set
) -> dict[str, Mention]:
    """Gold mentions without an exact match → the response mention matched to each by
    overlapping span (one-to-one, the scorer's partial matching), among the response
    mentions without an exact match."""
    from radtrack_gui.evaluation.mentions import match_partial, mention_key, span_of

    g = [m for m in gold.mentions.values() if mention_key(m) not in response_keys]
    r = [m for m in response.mentions.values() if mention_key(m) not in gold_keys]
    pairs = match_partial([span_of(m) for m in g], [span_of(m) for m in r])
    return {g[i].id: r[j] for i, j in pairs}
