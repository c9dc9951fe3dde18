"""RecentMemo: bounded, and it keeps what was used recently."""

from __future__ import annotations

import pytest

from radtrack_gui.util.memo import RecentMemo


def test_holds_at_most_twice_its_size() -> None:
    memo: RecentMemo[int, int] = RecentMemo(10)
    for k in range(1_000):
        memo.put(k, k)
        assert len(memo) <= 20
    assert memo.get(999) == 999
    assert memo.get(0) is None  # dropped long ago


def test_an_entry_used_once_per_size_insertions_stays() -> None:
    memo: RecentMemo[str, int] = RecentMemo(4)
    memo.put("template", 1)
    for k in range(100):
        assert memo.get("template") == 1, k
        memo.put(f"one-off {k}", k)
    assert "template" in memo


def test_unused_entry_is_dropped_after_two_generations() -> None:
    memo: RecentMemo[str, int] = RecentMemo(4)
    memo.put("a", 1)
    for k in range(3):
        memo.put(str(k), k)  # the young generation is full: "a" is old now
    assert memo.get("a") == 1  # a hit in the old one is copied back
    for k in range(8):
        memo.put(f"x{k}", k)
    assert memo.get("a") is None and "a" not in memo


def test_clear_and_bad_size() -> None:
    memo: RecentMemo[int, int] = RecentMemo(2)
    memo.put(1, 1)
    memo.clear()
    assert len(memo) == 0 and memo.get(1) is None
    with pytest.raises(ValueError, match="at least 1"):
        RecentMemo(0)


def test_the_fast_path_is_get() -> None:
    """``young.get`` then ``recall`` on a miss (the extractor's inlined lookup) answers as
    ``get`` does: a value in the old generation is found by ``recall`` alone, and copied
    back into ``young``."""
    memo: RecentMemo[str, int] = RecentMemo(2)
    memo.put("a", 1)
    memo.put("b", 2)  # the young generation is full: "a" and "b" are old now
    assert memo.young.get("a") is None
    assert memo.recall("a") == 1 and memo.young.get("a") == 1
    assert memo.recall("missing") is None and memo.get("missing") is None
    memo.put("c", 3)
    assert memo.young.get("c") is None and memo.get("c") == 3  # turned over again
