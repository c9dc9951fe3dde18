"""The Compare dialog's differences name chains as the user sees them (round 5 at the
screen, the demo gold folder: "Split: Gold chain “hepatic cyst” (7 mentions) is split
over 2 chains: “liver cyst” (4), “liver cyst” (3)": two chains said alike). Chains that
share a label are told apart as in the chain list and the timeline
(``views.labels.list_names``); a label of its own stays as it is."""

from __future__ import annotations

import copy

from lanes_fixtures import make_patient

from radtrack_gui.evaluation.compare import chain_differences
from radtrack_gui.views.labels import list_names


def test_a_split_over_two_same_named_chains_names_them_apart() -> None:
    gold = make_patient(12, 6, 30, undated=0)
    response = copy.deepcopy(gold)
    long = next(c for c in gold.chains.values() if len(c.mentions) >= 4)
    ordered = [m.id for m in gold.chain_mentions(long.id)]
    clusters = [list(c.mentions) for c in response.chains.values() if c.id != long.id]
    clusters += [ordered[:1], ordered[1:]]  # the gold chain over two chains, in time
    response.set_chains(clusters)
    parts = [c for c in response.chains.values() if set(c.mentions) <= set(ordered)]
    assert len(parts) == 2
    for c in parts:
        c.label = long.label  # the same label, as the models named both
    names = list_names(response)
    assert names[parts[0].id] != names[parts[1].id]  # the list tells them apart
    split = next(d for d in chain_differences(gold, response) if d.kind == "split")
    for c in parts:
        assert f"“{names[c.id]}” ({len(c.mentions)})" in split.text, split.text
    assert f"Gold chain “{long.label}” " in split.text  # one of its name: the label
