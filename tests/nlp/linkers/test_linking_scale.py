"""Issue #8 failure 4: linking cost grew with the square of a chain's size.

Memory is measured with tracemalloc (deterministic, unlike time); work is counted in pair
scores. The ``exact`` baseline keeps its published semantics: compared here with a naive
all-pairs transitive closure on the demo gold and on a generated corpus.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.evaluation.protocol import pair_counts
from radtrack_gui.evaluation.synth import generate
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.nlp.linkers.features import mention_order
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.registry import get_linker

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))


def one_chain(n: int) -> Patient:
    """One report, ``n`` mentions of one left pleural effusion."""
    phrase = "left pleural effusion"
    text = ". ".join([phrase] * n) + "."
    p = Patient(id="big", reports=[Report("r.txt", text)])
    step = len(phrase) + 2
    for i in range(n):
        p.mentions[f"m{i + 1}"] = Mention(
            f"m{i + 1}",
            "r.txt",
            i * step,
            i * step + len(phrase),
            phrase,
            concept="pleural effusion",
            anatomy=["left pleura"],
            laterality="left",
        )
    return p


@pytest.mark.parametrize("linker", ["exact", "knowledge"])
def test_a_3000_mention_chain_links_in_linear_memory(linker):
    p = one_chain(3000)
    tracemalloc.start()
    try:
        out = get_linker(linker).link(p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [len(c) for c in out.clusters] == [3000]
    # 4.5 million pair decisions used to be materialised (hundreds of MB)
    assert peak < 40 * 1024 * 1024, f"peak {peak / 1e6:.0f} MB"
    assert len(out.pairs) == 3000 * 2999 // 2  # still a full mapping, held as clusters
    assert out.pairs[("m1", "m3000")] is True


def test_knowledge_scores_a_bounded_number_of_pairs_per_mention():
    from bench_link import make_patient

    p = make_patient(400, 12)
    linker = KnowledgeLinker()
    calls = 0
    inner = linker.scorer

    class Counting:
        def __call__(self, a, b):
            nonlocal calls
            calls += 1
            return inner(a, b)

        def __getattr__(self, name):
            return getattr(inner, name)

    linker.scorer = Counting()  # type: ignore[assignment]
    linker.link(p)
    assert calls <= 16 * len(p.mentions)


def naive_exact(patient: Patient) -> list[set[str]]:
    """The published definition, literally: link equal lower-cased strings over all pairs,
    then take the transitive closure (depth-first search over the links)."""
    ids = mention_order(patient)
    links: dict[str, list[str]] = {m: [] for m in ids}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if patient.mentions[a].text.lower() == patient.mentions[b].text.lower():
                links[a].append(b)
                links[b].append(a)
    seen: set[str] = set()
    out = []
    for start in ids:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            cur = todo.pop()
            if cur not in group:
                group.add(cur)
                todo.extend(links[cur])
        seen |= group
        out.append(group)
    return out


def _patients() -> list[Patient]:
    demo = read_patient_folder(
        ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"
    )
    return [demo, *generate(4, seed=5)]


@pytest.mark.parametrize("index", range(5))
def test_exact_equals_the_naive_transitive_closure(index):
    patient = _patients()[index]
    got = get_linker("exact").link(patient)
    assert sorted(map(sorted, got.clusters)) == sorted(map(sorted, naive_exact(patient)))


def test_pair_counts_without_enumeration_match_the_listed_pairs():
    patient = _patients()[1]
    gold = {mid: m.chain for mid, m in patient.mentions.items()}
    for limit in (10**9, 50):  # every pair listed; only linked and scored pairs
        out = KnowledgeLinker(pair_limit=limit).link(patient)
        slow = [0, 0, 0, 0]
        for (a, b), linked in out.pairs.items():
            same = gold[a] is not None and gold[a] == gold[b]
            slow[(0 if same else 1) if linked else (2 if same else 3)] += 1
        c = pair_counts(patient, out)
        assert (c.tp, c.fp, c.fn, c.tn) == tuple(slow)
