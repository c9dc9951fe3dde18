"""Coreference metrics on examples worked out by hand, plus property checks against
brute force (optimal CEAF alignment, BLANC link counting)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from radtrack_gui.evaluation.metrics import (
    METRICS,
    b_cubed,
    blanc,
    ceaf_e,
    ceaf_m,
    dedupe,
    lea,
    max_assignment,
    mention_identification,
    muc,
    score,
    score_corpus,
)

# Key {a b c} {d e}; response {a b} {c d e}.
KEY = [["a", "b", "c"], ["d", "e"]]
RESP = [["a", "b"], ["c", "d", "e"]]


def _rpf(counts) -> tuple[float, float, float]:
    return (counts.recall, counts.precision, counts.f1)


def test_muc_by_hand() -> None:
    # Key links 2 + 1 = 3; {abc} is split in 2 parts (1 link found), {de} kept (1 link).
    c = muc(KEY, RESP)
    assert (c.recall_num, c.recall_den, c.precision_num, c.precision_den) == (2, 3, 2, 3)
    assert _rpf(c) == pytest.approx((2 / 3, 2 / 3, 2 / 3))


def test_b_cubed_by_hand() -> None:
    # Recall: a, b 2/3; c 1/3; d, e 1  -> 11/3 over 5. Precision: a, b 1; c 1/3; d, e 2/3.
    assert _rpf(b_cubed(KEY, RESP)) == pytest.approx((11 / 15, 11 / 15, 11 / 15))


def test_ceaf_by_hand() -> None:
    # Best alignment {abc}-{ab}, {de}-{cde}: phi3 = 2 + 2, phi4 = 4/5 + 4/5.
    assert _rpf(ceaf_m(KEY, RESP)) == pytest.approx((4 / 5, 4 / 5, 4 / 5))
    assert _rpf(ceaf_e(KEY, RESP)) == pytest.approx((0.8, 0.8, 0.8))


def test_blanc_by_hand() -> None:
    # Coref links: key ab ac bc de, response ab cd ce de, common ab de -> 2/4, 2/4.
    # Non-coref: 6 each; pairs neither side links: ad ae bd be -> 4/6, 4/6.
    b = blanc(KEY, RESP)
    assert (b.common_c, b.key_c, b.response_c) == (2, 4, 4)
    assert (b.common_n, b.key_n, b.response_n) == (4, 6, 6)
    assert _rpf(b) == pytest.approx((7 / 12, 7 / 12, 7 / 12))


def test_lea_by_hand() -> None:
    # Recall: {abc} 3 * 1/3 + {de} 2 * 1/1 = 3 of 5; precision: {ab} 2 * 1 + {cde} 3 * 1/3.
    assert _rpf(lea(KEY, RESP)) == pytest.approx((3 / 5, 3 / 5, 3 / 5))


def test_conll_f1_is_mean_of_muc_bcub_ceafe() -> None:
    s = score(KEY, RESP)
    assert s.conll_f1 == pytest.approx((2 / 3 + 11 / 15 + 0.8) / 3)
    assert s.as_dict()["conll_f1"] == pytest.approx(11 / 15)


def test_twinless_response_mention() -> None:
    # Key {a b}; response {a b x}: x is invented.
    key, resp = [["a", "b"]], [["a", "b", "x"]]
    assert _rpf(muc(key, resp))[:2] == pytest.approx((1.0, 1 / 2))
    assert _rpf(b_cubed(key, resp))[:2] == pytest.approx((1.0, 4 / 9))
    assert _rpf(lea(key, resp))[:2] == pytest.approx((1.0, 1 / 3))
    mi = mention_identification(key, resp)
    assert (mi.recall, mi.precision) == pytest.approx((1.0, 2 / 3))


def test_perfect_response_scores_one() -> None:
    s = score(KEY, [list(c) for c in KEY])
    for name in METRICS:
        assert _rpf(s[name]) == pytest.approx((1.0, 1.0, 1.0)), name
    assert s.conll_f1 == pytest.approx(1.0)


def test_empty_response_scores_zero() -> None:
    s = score(KEY, [])
    for name in METRICS:
        assert _rpf(s[name]) == (0.0, 0.0, 0.0), name
    assert s.conll_f1 == 0.0


def test_repeated_mentions_are_removed_first_wins() -> None:
    assert dedupe([["a", "b", "a"], ["b", "c"], ["b"]]) == [["a", "b"], ["c"]]
    # A repeated response mention changes nothing.
    assert (
        score(KEY, [["a", "b", "a"], ["c", "d", "e", "a"]]).as_dict() == score(KEY, RESP).as_dict()
    )


def test_blanc_key_without_coreference_links_uses_non_coreference_part() -> None:
    b = blanc([["a"], ["b"], ["c"]], [["a", "b"], ["c"]])
    assert (b.recall, b.precision) == pytest.approx((2 / 3, 1.0))


def test_pooling_sums_counts_over_documents() -> None:
    docs = {"d1": ([["a", "b"]], [["a", "b"]]), "d2": ([["c", "d", "e"]], [["c"], ["d"], ["e"]])}
    result = score_corpus(docs)
    # MUC: (1 + 0) / (1 + 2) recall, 1 / 1 precision: not the mean of the documents.
    assert result.pooled["muc"].recall == pytest.approx(1 / 3)
    assert result.pooled["muc"].precision == pytest.approx(1.0)
    assert result.per_document["d1"]["muc"].f1 == pytest.approx(1.0)
    assert result.per_document["d2"]["muc"].f1 == 0.0
    assert result.pooled.documents == 2


def test_mentions_may_be_tuples() -> None:
    key = [[("r1", 0, 4), ("r2", 10, 14)]]
    resp = [[("r1", 0, 4)], [("r2", 10, 14)]]
    s = score(key, resp)
    assert s["muc"].recall == 0.0
    assert s["bcub"].precision == pytest.approx(1.0)


def _brute_ceaf(key, resp, phi) -> float:
    if len(key) > len(resp):
        key, resp = resp, key
        phi_ = phi

        def phi(k, r):  # swap the roles back
            return phi_(r, k)

    best = 0.0
    for perm in itertools.permutations(range(len(resp)), len(key)):
        best = max(best, sum(phi(key[i], resp[j]) for i, j in enumerate(perm)))
    return best


def _random_partition(rng: random.Random, items: list[str]) -> list[list[str]]:
    groups: dict[int, list[str]] = {}
    for m in items:
        groups.setdefault(rng.randrange(4), []).append(m)
    return list(groups.values())


def test_ceaf_alignment_is_optimal_against_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(150):
        key = _random_partition(rng, rng.sample("abcdefgh", rng.randint(1, 8)))
        resp = _random_partition(rng, rng.sample("abcdefghxy", rng.randint(1, 9)))
        phi3 = lambda k, r: len(set(k) & set(r))  # noqa: E731
        phi4 = lambda k, r: 2 * len(set(k) & set(r)) / (len(k) + len(r))  # noqa: E731
        assert ceaf_m(key, resp).recall_num == pytest.approx(_brute_ceaf(key, resp, phi3))
        assert ceaf_e(key, resp).recall_num == pytest.approx(_brute_ceaf(key, resp, phi4))


def test_blanc_counts_match_pair_enumeration() -> None:
    rng = random.Random(11)
    for _ in range(150):
        key = _random_partition(rng, rng.sample("abcdefgh", rng.randint(1, 8)))
        resp = _random_partition(rng, rng.sample("abcdefghxy", rng.randint(1, 9)))

        def links(clusters):
            ent = {m: i for i, c in enumerate(clusters) for m in c}
            pairs = list(itertools.combinations(sorted(ent), 2))
            return (
                {frozenset(p) for p in pairs if ent[p[0]] == ent[p[1]]},
                {frozenset(p) for p in pairs if ent[p[0]] != ent[p[1]]},
            )

        kc, kn = links(key)
        rc, rn = links(resp)
        b = blanc(key, resp)
        assert (b.common_c, b.key_c, b.response_c) == (len(kc & rc), len(kc), len(rc))
        assert (b.common_n, b.key_n, b.response_n) == (len(kn & rn), len(kn), len(rn))


def test_hungarian_matches_brute_force_on_rectangles() -> None:
    rng = np.random.default_rng(3)
    for _ in range(100):
        n, m = (int(x) for x in rng.integers(1, 6, 2))
        w = rng.random((n, m)) * (rng.random((n, m)) > 0.4)
        pairs, total = max_assignment(w)
        small, big = (n, m) if n <= m else (m, n)
        ww = w if n <= m else w.T
        best = max(
            sum(ww[i, p[i]] for i in range(small))
            for p in itertools.permutations(range(big), small)
        )
        assert total == pytest.approx(best)
        assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
