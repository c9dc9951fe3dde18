"""Round 9 (link-speed): the lesion labels read alone equal the "label:" part of
``sub_sites``; the memoised ``places_of`` gives what the function computes."""

from __future__ import annotations

from radtrack_gui.nlp.linkers.structures import places_of
from radtrack_gui.nlp.linkers.sub_sites import labels, sub_sites

TEXTS = [
    "Target lesion 1: hypodense lesion in segment VII of the liver, 23 mm.",
    "Non-target lesion 2 in the left adrenal gland and nodule #3 in the right lower lobe.",
    "Index lesion no. 4 at the 3 o'clock position of the right breast, upper outer quadrant.",
    "Lesion 5 measures 12 mm; node 2 in station 4R; lesions 10 mm apart.",
    "Small pleural effusion at the level of the posterior costophrenic angle.",
    "Mass of the pancreatic head abutting the superior mesenteric vein.",
]


def test_labels_equal_the_label_part_of_sub_sites() -> None:
    seen = 0
    for text in TEXTS:
        for start in range(0, len(text), 7):
            for end in range(start, len(text) + 1, 11):
                whole = {x for x in sub_sites(text, start, end) if x.startswith("label:")}
                assert labels(text, start, end) == whole, (text, start, end)
                seen += bool(whole)
    assert seen  # some ranges hold labels


def test_labels_read_lesion_labels_only() -> None:
    text = TEXTS[0]
    assert labels(text, 0, len(text)) == {"label:target1"}
    assert labels(text, 20, len(text)) == frozenset()  # after the label
    sizes = "Lesion measuring 12 mm in segment 7."
    assert labels(sizes, 0, len(sizes)) == frozenset()  # a size or level is no label
    assert sub_sites(TEXTS[2], 0, len(TEXTS[2])) - labels(TEXTS[2], 0, len(TEXTS[2]))


def test_places_of_memo_equals_the_function() -> None:
    raw = places_of.__wrapped__
    levels = frozenset({"vascular:aorta", "part:liver segment 7", "label:target1"})
    for site in (None, "aorta", "left achilles tendon", "liver"):
        for fixed in (True, False):
            for seen in (True, False):
                assert places_of(levels, site, fixed, seen) == raw(levels, site, fixed, seen)
    assert places_of(levels, None, False) == levels - {"vascular:aorta"}
    assert "part:achilles tendon" in places_of(frozenset(), "left achilles tendon", True, True)
    assert "part:achilles tendon" not in places_of(frozenset(), "left achilles tendon", True, False)
