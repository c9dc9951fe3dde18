"""Round 11 (wb-joins), house item: one predicate for "a body region the anatomy table
knows" (``sites.body_region``), used by ``apart_sites`` and ``places.named_regions``;
``sites.is_region`` also counts names the table does not place."""

from __future__ import annotations

from radtrack_gui.nlp.linkers.sites import body_region, is_region
from radtrack_gui.nlp.vocabulary import vocabulary


def test_a_child_of_body_is_a_body_region() -> None:
    v = vocabulary()
    assert v.parent.get("shoulders") == "body"
    assert body_region(v, "shoulders") and is_region(v, "shoulders")


def test_a_structure_inside_a_region_is_none() -> None:
    v = vocabulary()
    assert not body_region(v, "liver") and not is_region(v, "liver")


def test_an_unknown_name_is_a_region_only_for_is_region() -> None:
    v = vocabulary()
    assert "no such structure" not in v.parent
    assert is_region(v, "no such structure")
    assert not body_region(v, "no such structure")
    assert not body_region(v, None) and not body_region(v, "")
