"""Where a patient's chains differ from its gold chains (Qt-free; the Compare dialog shows
them): gold chains split or merged, mentions missing or extra. Mentions match by exact span.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from radtrack_gui.core.model import Patient

KINDS = {"split": "Split", "merged": "Merged", "missing": "Missing", "extra": "Extra"}


@dataclass
class Difference:
    kind: str  # split | merged | missing | extra
    text: str
    response_chains: list[str] = field(default_factory=list)
    gold_chains: list[str] = field(default_factory=list)


def _label(p: Patient, cid: str) -> str:
    c = p.chains.get(cid)
    return f"“{c.label}”" if c and c.label else cid


def chain_differences(gold: Patient, response: Patient) -> list[Difference]:
    """Where ``response``'s chains differ from ``gold``'s (mentions matched exactly)."""
    from radtrack_gui.evaluation.mentions import mention_key

    r_chain = {mention_key(m): m.chain for m in response.mentions.values()}
    g_chain = {mention_key(m): m.chain for m in gold.mentions.values()}
    out: list[Difference] = []
    for gc in gold.chains.values():
        keys = [mention_key(gold.mentions[mid]) for mid in gc.mentions if mid in gold.mentions]
        parts = Counter(r_chain[k] for k in keys if k in r_chain)
        if len(parts) > 1:
            pieces = ", ".join(f"{_label(response, c)} ({n})" for c, n in parts.most_common())
            out.append(Difference("split", f"Gold chain {_label(gold, gc.id)} ({len(keys)} "
                                           f"mentions) is split over {len(parts)} chains: "
                                           f"{pieces}", [c for c, _ in parts.most_common()
                                                         if c], [gc.id]))
        missing = sum(1 for k in keys if k not in r_chain)
        if missing:
            out.append(Difference("missing", f"{missing} mention(s) of gold chain "
                                             f"{_label(gold, gc.id)} were not found",
                                  [], [gc.id]))
    for rc in response.chains.values():
        keys = [mention_key(response.mentions[mid]) for mid in rc.mentions
                if mid in response.mentions]
        parts = Counter(g_chain[k] for k in keys if k in g_chain)
        if len(parts) > 1:
            pieces = ", ".join(f"{_label(gold, c)} ({n})" for c, n in parts.most_common())
            out.append(Difference("merged", f"Chain {_label(response, rc.id)} merges "
                                            f"{len(parts)} gold chains: {pieces}",
                                  [rc.id], [c for c, _ in parts.most_common() if c]))
        extra = sum(1 for k in keys if k not in g_chain)
        if extra:
            out.append(Difference("extra", f"{extra} mention(s) of chain "
                                           f"{_label(response, rc.id)} are not in the gold",
                                  [rc.id], []))
    order = {"split": 0, "merged": 1, "missing": 2, "extra": 3}
    out.sort(key=lambda d: order[d.kind])
    return out
