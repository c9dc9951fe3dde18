"""The one natural sort key (file names, mention and chain ids)."""

from __future__ import annotations

from radtrack_gui.util.natsort import natural_key


def test_numbers_compare_as_numbers_and_case_is_ignored():
    names = ["r10.txt", "R2.txt", "r1.txt", "m10", "m9", "10", "a"]
    assert sorted(names, key=natural_key) == ["10", "a", "m9", "m10", "r1.txt", "R2.txt", "r10.txt"]


def test_mixed_shapes_never_compare_text_with_numbers():
    assert sorted(["c2b", "c2", "c", "2", "c10a1"], key=natural_key) == [
        "2",
        "c",
        "c2",
        "c2b",
        "c10a1",
    ]
