"""The published baseline: exact lower-cased string matching.

All mention pairs of a patient are compared; two mentions are linked when their strings,
lower-cased (``mention.text.lower()``, nothing else), are equal. Chains are the transitive
closure, which for an equality test is simply "same lower-cased string". No type, side,
site or time check: identical words on different sides link, as in the paper.
"""

from __future__ import annotations

from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.linkers.clustering import DEFAULT_PAIR_LIMIT, pair_decisions
from radtrack_gui.nlp.linkers.features import mention_order
from radtrack_gui.nlp.registry import Linking


class ExactLinker:
    name = "exact"

    def __init__(self, pair_limit: int = DEFAULT_PAIR_LIMIT):
        self.pair_limit = pair_limit

    def link(self, patient: Patient) -> Linking:
        order = mention_order(patient)
        groups: dict[str, list[str]] = {}
        why: dict[str, str] = {}
        for mid in order:
            key = patient.mentions[mid].text.lower()
            members = groups.setdefault(key, [])
            if members:
                why[mid] = f"same lower-cased text as {members[-1]} ('{key}')"
            members.append(mid)
        clusters = list(groups.values())
        return Linking(clusters, why, pair_decisions(order, clusters, self.pair_limit))
