"""Time every coreference metric and the mention scores on 60 synthetic patients.

Gold: ~100 mentions per patient in chains of 1-12 mentions over 10 reports. Response: the
gold chains perturbed (split, merged, mentions moved, dropped, invented, spans shifted),
fixed seed. Target: everything under 5 s. Run: ``python benchmarks/bench_score.py``.
"""

from __future__ import annotations

import random
import time

from radtrack_gui.evaluation.mentions import Span, mention_scores
from radtrack_gui.evaluation.metrics import METRICS, ceaf_e, ceaf_m, score_corpus

PATIENTS = 60
MENTIONS = 100
REPORTS = 10


def gold_patient(rng: random.Random) -> list[list[tuple[str, int, int]]]:
    mentions = []
    for i in range(MENTIONS):
        report = f"r{i % REPORTS:02d}"
        start = 40 * (i // REPORTS) + rng.randint(0, 10)
        mentions.append((report, start, start + rng.randint(4, 25)))
    rng.shuffle(mentions)
    clusters, i = [], 0
    while i < len(mentions):
        size = 1 if rng.random() < 0.45 else rng.randint(2, 12)
        clusters.append(mentions[i : i + size])
        i += size
    return clusters


def perturb(
    rng: random.Random, gold: list[list[tuple[str, int, int]]]
) -> list[list[tuple[str, int, int]]]:
    out = [list(c) for c in gold]
    for _ in range(rng.randint(3, 10)):
        op = rng.random()
        if op < 0.25 and len(out) > 1:  # merge two chains
            a, b = rng.sample(range(len(out)), 2)
            out[a].extend(out[b])
            out[b] = []
        elif op < 0.5:  # split a chain
            c = rng.choice(out)
            if len(c) > 2:
                cut = rng.randint(1, len(c) - 1)
                out.append(c[cut:])
                del c[cut:]
        elif op < 0.7:  # move a mention
            src, dst = rng.choice(out), rng.choice(out)
            if src:
                dst.append(src.pop(rng.randrange(len(src))))
    flat = [m for c in out for m in c]
    for m in rng.sample(flat, k=len(flat) // 10):  # drop 10 %, shift 5 %, invent 10 %
        for c in out:
            if m in c:
                c.remove(m)
    for c in out:
        for k, (r, a, b) in enumerate(c):
            if rng.random() < 0.05:
                c[k] = (r, a + 1, b + 2)
    for _ in range(MENTIONS // 10):
        r = f"r{rng.randrange(REPORTS):02d}"
        a = rng.randint(0, 400)
        rng.choice(out).append((r, a, a + 6)) if rng.random() < 0.5 else out.append([(r, a, a + 6)])
    return [c for c in out if c]


def main() -> None:
    rng = random.Random(2026)
    docs = {}
    for p in range(PATIENTS):
        gold = gold_patient(rng)
        docs[f"p{p:02d}"] = (gold, perturb(rng, gold))
    n_key = sum(len(m) for g, _ in docs.values() for m in g)
    n_resp = sum(len(m) for _, r in docs.values() for m in r)

    t0 = time.perf_counter()
    result = score_corpus(docs)
    t1 = time.perf_counter()
    for key, resp in docs.values():
        mention_scores(
            [Span(*m[:1], ((m[1], m[2]),)) for c in key for m in c],
            [Span(*m[:1], ((m[1], m[2]),)) for c in resp for m in c],
            types=None,
        )
    t2 = time.perf_counter()
    for key, resp in docs.values():
        ceaf_m(key, resp)
        ceaf_e(key, resp)
    t3 = time.perf_counter()

    pooled = result.pooled
    print(f"{PATIENTS} patients, {n_key} key mentions, {n_resp} response mentions")
    for name in METRICS:
        c = pooled[name]
        print(
            f"  {name:<6} R {100 * c.recall:6.2f}  P {100 * c.precision:6.2f}  F1 {100 * c.f1:6.2f}"
        )
    print(f"  CoNLL F1 {100 * pooled.conll_f1:.2f}")
    print(f"all coreference metrics: {t1 - t0:.3f} s")
    print(f"mention detection (exact + partial): {t2 - t1:.3f} s")
    print(f"of which CEAF-m + CEAF-e alone (rerun): {t3 - t2:.3f} s")
    print(f"total: {t2 - t0:.3f} s (target < 5 s)")


if __name__ == "__main__":
    main()
