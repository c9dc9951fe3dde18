"""Round 11 (wb-senses): the aorta is one whole with a thoracic and an abdominal part (the hand
anatomy table; ``build_vocab.py --check`` equal). Plain "aorta" keeps its chest region (what
a chest report means by it); the arch and the knob are the thoracic part; the abdominal aorta
keeps the abdomen as its body region and lies in the aorta too (column ``also``)."""

from __future__ import annotations

from radtrack_gui.nlp.vocabulary import vocabulary


def test_both_parts_lie_in_the_aorta() -> None:
    v = vocabulary()
    assert v.is_part_of("abdominal aorta", "aorta")
    assert v.is_part_of("thoracic aorta", "aorta")
    assert v.anatomy_of("aortic knob") == "thoracic aorta"
    assert v.anatomy_of("descending thoracic aorta") == "thoracic aorta"


def test_the_parts_stay_two_places_in_their_own_regions() -> None:
    v = vocabulary()
    assert not v.anatomy_related("thoracic aorta", "abdominal aorta")
    assert v.region_of("abdominal aorta") == "abdomen"
    assert v.region_of("thoracic aorta") == "thorax"
    assert v.anatomy_of("aorta") == "aorta" and v.region_of("aorta") == "thorax"
