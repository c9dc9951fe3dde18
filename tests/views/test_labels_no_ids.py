"""Lane labels and the 'why' line never show chain ids (issue #20 item 8): chains with the
same name are told apart by site, date, exam, then their order in time."""

from __future__ import annotations

from datetime import datetime

from radtrack_gui.core.model import Mention, Patient, Report, Section
from radtrack_gui.views import lanes as L
from radtrack_gui.views.labels import readable_why, unique_labels

TEXT = "FINDINGS: Ileus. Another ileus loop. Ileus again."


def _patient() -> Patient:
    day = datetime(2150, 3, 6, 9, 0)
    reports = [
        Report(id=rid, text=TEXT, date=day, date_known=True, modality=mod, exam=exam,
               sections=[Section("FINDINGS", 0, len(TEXT))])
        for rid, mod, exam in (("r1", "XR", "XR ABDOMEN"), ("r2", "CT", "CT ABDOMEN"))
    ]  # fmt: skip
    p = Patient(id="p", reports=reports)
    spots = [("m1", "r1", 10), ("m2", "r1", 25), ("m3", "r2", 37)]
    for mid, rid, s in spots:
        p.mentions[mid] = Mention(mid, rid, s, s + 5, TEXT[s : s + 5], type="finding",
                                  concept="ileus")  # fmt: skip
    p.set_chains([["m1"], ["m2"], ["m3"]], source="model:test")
    return p


def test_twins_are_told_apart_without_ids() -> None:
    p = _patient()
    lanes = [
        L.Lane(c.id, "ileus", "finding", "abdomen", i, list(c.mentions), 1)
        for i, c in enumerate(p.chains.values())
    ]
    labels = unique_labels(p, lanes)
    assert len(set(labels.values())) == 3
    for cid, text in labels.items():
        assert cid not in text.split() and f"· {cid}" not in text, text
        assert "6 Mar 2150" in text
    first, second, third = (labels[ln.chain] for ln in lanes)
    assert third.endswith("CT abdomen")  # its own exam tells it apart
    assert first.endswith("(1 of 2)") and second.endswith("(2 of 2)")  # same exam: order


def test_the_why_line_has_no_chain_id() -> None:
    assert readable_why("starts c23 (same site)") == "first mention of this chain (same site)"
    assert readable_why("same concept (0.9)") == "same concept (0.9)"


def test_why_names_other_chains_and_mentions_by_what_people_see():
    why = "not c4: different level segment8 vs segment6 (m4)"
    shown = readable_why(why, {"c4": "liver lesion"}, {"m4": "lesion, 2151-01-10_ct.txt"})
    assert (
        shown
        == "not “liver lesion”: different level segment8 vs segment6 (“lesion, 2151-01-10_ct.txt”)"
    )
    assert (
        readable_why(why)
        == "not another chain: different level segment8 vs segment6 (another mention)"
    )
    assert readable_why("segment8 c-spine m2x") == "segment8 c-spine m2x"  # not ids


def test_spinal_levels_in_a_why_line_are_not_read_as_ids() -> None:
    """Round 5 at the screen (demo, cervical spine CT): "level c5-6" read "level
    “intraparenchymal hemorrhage”-6", the level c5 taken for chain c5. Levels (after
    "level", or joined by "-" or "/") and quoted sites stay as written; the ids around
    them are still named (counter-example)."""
    chains = {"c5": "intraparenchymal hemorrhage", "c6": "fracture", "c15": "degeneration"}
    mentions = {"m20": "degenerative disease, ct_cspine.txt"}
    why = "joined c15: same concept, level c5-6, same report as m20 (score 0.85)"
    assert readable_why(why, chains, mentions) == (
        "joined “degeneration”: same concept, level c5-6, same report as "
        "“degenerative disease, ct_cspine.txt” (score 0.85)"
    )
    for level in ("site 'c5-c6'", "level c5/c6", "different level c5 vs c6", "levels c5 and c6"):
        shown = readable_why(f"not c15: {level} (m20)", chains, mentions)
        assert shown == f"not “degeneration”: {level} (“degenerative disease, ct_cspine.txt”)"


def test_twins_in_one_organ_are_told_apart_by_the_finest_place_first() -> None:
    """Two liver lesions first seen in one report (the oncology demo): the body region and
    the date are the same, and the label cut at 1280 px read "liver lesion · 10 Jan 2…"
    twice. Their segments tell them apart, first in the label; a twin without a named place
    keeps the date (counter-example: same segment, no place added)."""
    p = _patient()
    for mid, place in (("m1", "hepatic segment 8"), ("m2", "hepatic segment 6")):
        p.mentions[mid].anatomy = [place, "right hepatic lobe", "liver"]
    lanes = [
        L.Lane(c.id, "liver lesion", "finding", "abdomen", i, list(c.mentions), 1)
        for i, c in enumerate(p.chains.values())
    ]
    labels = unique_labels(p, lanes)
    first, second, third = (labels[ln.chain] for ln in lanes)
    assert first == "liver lesion · segment 8"  # the words all share left out, no date
    assert second == "liver lesion · segment 6"  # (the place tells them apart)
    assert "6 Mar 2150" in third and "segment" not in third
    p.mentions["m3"].anatomy = ["hepatic segment 8", "liver"]  # a second one in segment 8
    labels = unique_labels(p, lanes)
    assert labels[lanes[1].chain] == "liver lesion · segment 6"
    assert labels[lanes[0].chain].startswith("liver lesion · segment 8, 6 Mar 2150")
    assert labels[lanes[2].chain].startswith("liver lesion · segment 8, 6 Mar 2150")
    assert len(set(labels.values())) == 3  # (then the exam)
    p.mentions["m2"].anatomy = ["hepatic segment 8", "liver"]  # one place: not added
    labels = unique_labels(p, lanes)
    assert not any("segment" in t for t in labels.values())
    assert len(set(labels.values())) == 3


def test_places_are_shortened_only_to_what_tells_them_apart() -> None:
    from radtrack_gui.views.labels import short_places

    assert short_places(["hepatic segment 8", "hepatic segment 6", ""]) == {
        "hepatic segment 8": "segment 8",
        "hepatic segment 6": "segment 6",
    }
    assert short_places(["pancreatic head", "pancreatic tail"]) == {}  # words: kept whole
    assert short_places(["right upper lobe", "left upper lobe"]) == {}
    assert short_places(["hepatic segment 8"]) == {}
