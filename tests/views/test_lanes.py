"""The Qt-free swimlane layout: lanes, groups, filters, x positions, hover sentence."""

from __future__ import annotations

from datetime import datetime

import pytest
from lanes_fixtures import make_patient

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.views.lanes import (
    Filters,
    build_layout,
    hover_context,
    report_columns,
)
from radtrack_gui.views.search import query_terms


def small_patient() -> Patient:
    """Three reports (one undated), an effusion chain, a tube chain, a singleton."""
    reports = [
        Report(
            "a.txt",
            "Small left pleural effusion. ETT in place.",
            datetime(2150, 1, 1, 8),
            True,
            "CHEST (PORTABLE AP)",
            "XR",
            "chest",
        ),
        Report(
            "b.txt",
            "Effusion increased. No pneumothorax.",
            datetime(2150, 1, 9, 8),
            True,
            "CT CHEST W/CONTRAST",
            "CT",
            "chest",
        ),
        Report(
            "c.txt",
            "Pleural fluid resolved. Tube removed.",
            None,
            False,
            "CHEST",
            "XR",
            "chest",
            flags=["undated"],
        ),
    ]
    p = Patient("p", reports=reports)
    spans = {
        "m1": ("a.txt", "pleural effusion", "finding", "present", "pleural effusion"),
        "m2": ("a.txt", "ETT", "device", "present", "endotracheal tube"),
        "m3": ("b.txt", "Effusion", "finding", "present", "pleural effusion"),
        "m4": ("b.txt", "pneumothorax", "finding", "absent", "pneumothorax"),
        "m5": ("c.txt", "Pleural fluid", "finding", "present", "pleural effusion"),
        "m6": ("c.txt", "Tube", "device", "present", "endotracheal tube"),
    }
    for mid, (rid, text, typ, assertion, concept) in spans.items():
        start = p.report(rid).text.index(text)
        p.mentions[mid] = Mention(
            mid, rid, start, start + len(text), text, typ, concept, assertion=assertion
        )
    p.set_chains([["m1", "m3", "m5"], ["m2", "m6"]])
    assert p.check() == []
    return p


def test_one_lane_per_chain_grouped_and_ordered_by_first_appearance():
    p = small_patient()
    lay = build_layout(p)
    assert [g.title for g in lay.groups] == ["Findings", "Devices"]
    assert len(lay.lanes) == len(p.chains) == 3
    findings = lay.groups[0].lanes
    assert [len(ln.mentions) for ln in findings] == [3, 1]  # effusion first, then the singleton
    # Rows: header, 2 finding lanes, header, 1 device lane.
    assert lay.n_rows == 5
    assert [k for k, _ in lay.row_kind] == ["group", "lane", "lane", "group", "lane"]
    assert sum(len(ln.mentions) for ln in lay.lanes) == len(p.mentions)


def test_generated_patient_glyph_total_matches():
    p = make_patient(40, 12, 150, undated=2)
    lay = build_layout(p)
    assert len(lay.lanes) == 40
    assert sum(len(ln.mentions) for ln in lay.lanes) == 150
    rows = [ln.row for ln in lay.lanes]
    assert len(set(rows)) == len(rows)


def test_filters_change_lane_counts():
    p = small_patient()
    assert len(build_layout(p, Filters().updated(type="device")).lanes) == 1
    assert len(build_layout(p, Filters().updated(singletons=False)).lanes) == 2
    assert len(build_layout(p, Filters().updated(min_length=3)).lanes) == 1
    # Modality and assertion filters hide mentions; a lane with none left disappears.
    lay = build_layout(p, Filters().updated(modalities={"CT"}))
    assert sorted(len(ln.mentions) for ln in lay.lanes) == [1, 1]
    lay = build_layout(p, Filters().updated(assertions={"absent"}))
    assert [ln.label for ln in lay.lanes] == ["pneumothorax"]


def test_search_matches_synonyms():
    p = small_patient()
    from radtrack_gui.nlp.vocabulary import vocabulary

    voc = vocabulary()
    concept = voc.concept_of("pleural fluid")
    assert concept is not None
    terms = query_terms("pleural fluid")
    assert set(voc.synonyms(concept.name)) <= set(terms)  # every synonym of the concept
    assert concept.name in terms
    lay = build_layout(p, Filters(search="pleural fluid"))
    assert [ln.label for ln in lay.lanes] == ["pleural effusion"]
    abbreviation = min(voc.synonyms("pneumothorax"), key=len)  # e.g. "ptx"
    assert abbreviation != "pneumothorax"
    lay = build_layout(p, Filters(search=abbreviation))
    assert [ln.label for ln in lay.lanes] == ["pneumothorax"]
    assert build_layout(p, Filters(search="no such thing")).lanes == []


def test_collapsed_group_keeps_counts_and_summary_row():
    p = small_patient()
    lay = build_layout(p, Filters(collapsed=frozenset({"finding"})))
    findings = lay.groups[0]
    assert findings.collapsed
    assert (findings.n_chains, findings.n_mentions) == (2, 4)
    assert "2 chains, 4 mentions" in findings.caption
    assert len(findings.mentions) == 4
    assert [ln.type for ln in lay.lanes] == ["device"]
    assert lay.n_rows == 3  # two headers and the device lane


def test_group_by_region_and_system():
    p = small_patient()
    lay = build_layout(p, Filters(group_by="region"))
    assert [g.title for g in lay.groups] == ["Thorax"]
    lay = build_layout(p, Filters(group_by="system"))
    assert {g.title for g in lay.groups} == {"Respiratory", "Devices"}
    with pytest.raises(ValueError):
        Filters().updated(group_by="colour")


def test_x_positions_date_and_order_modes_and_undated_apart():
    p = small_patient()
    cols, u0, u1, dated_end = report_columns(p.reports, "order")
    assert [c.x for c in cols[:2]] == [0.0, 1.0]
    assert cols[2].dated is False and cols[2].x > 1.0
    assert u0 is not None and u1 is not None and u0 > dated_end
    cols, u0, _, dated_end = report_columns(p.reports, "date")
    gap = cols[1].x - cols[0].x
    assert gap == pytest.approx(8 * 86400)  # eight days apart, in seconds
    assert cols[2].x > dated_end and u0 > dated_end
    date_lay = build_layout(p, x_mode="date")
    order_lay = build_layout(p, x_mode="order")
    assert date_lay.x_of != order_lay.x_of


def test_hover_context_highlights_the_mention():
    text = "Heart normal. Small left pleural effusion is seen. No pneumothorax."
    start = text.index("pleural effusion")
    before, mid, after = hover_context(text, start, start + len("pleural effusion"))
    assert (before, mid, after) == ("Small left ", "pleural effusion", " is seen.")


def test_pertinent_negatives_hidden_on_request_and_counted():
    p = small_patient()
    p.mentions["m5"].assertion = "absent"  # the effusion resolved: a negative in a positive chain
    shown_all = build_layout(p)
    assert len(shown_all.lanes) == 3 and shown_all.hidden_negatives == []  # shown by default
    lay = build_layout(p, Filters().updated(negatives=False))
    neg = p.mentions["m4"].chain
    assert lay.hidden_negatives == [neg]  # "No pneumothorax": every mention absent
    assert neg not in lay.row_of_chain
    effusion = next(ln for ln in lay.lanes if ln.label == "pleural effusion")
    assert "m5" in effusion.mentions  # the resolution stays visible
    assert lay.groups[0].n_chains == 1  # counts leave the hidden chain out
    # Only chains the other filters would show are counted as hidden.
    devices = build_layout(p, Filters(negatives=False).updated(type="device"))
    assert devices.hidden_negatives == []


def test_negative_only():
    from radtrack_gui.views.lanes import negative_only

    p = small_patient()
    m = p.mentions
    assert negative_only([m["m4"]])
    assert not negative_only([m["m4"], m["m3"]])
    assert not negative_only([])  # no mention: nothing to call negative
    m["m4"].assertion = "possible"
    assert not negative_only([m["m4"]])


def test_normal_statements_count_as_pertinent_negatives():
    from radtrack_gui.views.lanes import negative_only

    m = small_patient().mentions
    m["m3"].concept = "normal heart"  # "heart size is normal": present, but a normal statement
    assert negative_only([m["m3"]])
    assert negative_only([m["m3"], m["m4"]])  # normal + absent
    m["m3"].concept = "cardiomegaly"
    assert not negative_only([m["m3"], m["m4"]])


def test_versions_of_one_exam_share_one_column():
    """A report group (preliminary and final read) is one column, in both x modes; the next
    exam follows as the next column."""
    day = datetime(2150, 3, 4, 10, 0)
    reports = [
        Report(
            id=rid, text="Small left pleural effusion.", date=when, date_known=True, exam="CHEST PA"
        )
        for rid, when in (
            ("prelim.txt", day),
            ("other.txt", day.replace(hour=12)),
            ("final.txt", day.replace(hour=16)),
            ("next.txt", day.replace(day=9)),
        )
    ]
    groups = [["prelim.txt", "final.txt"]]
    cols, *_ = report_columns(reports, "order", groups)
    x = {c.report: c.x for c in cols}
    assert x["prelim.txt"] == x["final.txt"] == 0.0
    assert x["other.txt"] == 1.0 and x["next.txt"] == 2.0
    cols, *_ = report_columns(reports, "date", groups)
    x = {c.report: c.x for c in cols}
    assert x["final.txt"] == x["prelim.txt"] < x["other.txt"] < x["next.txt"]
    ungrouped, *_ = report_columns(reports, "order")
    assert len({c.x for c in ungrouped}) == 4
    p = Patient(id="p", reports=reports, report_groups=groups)
    assert build_layout(p, x_mode="order").x_of["final.txt"] == 0.0


def test_versions_are_labelled_in_report_order():
    from radtrack_gui.views.labels import version_labels

    reports = [Report(id=rid, text="x") for rid in ("a.txt", "b.txt", "c.txt")]
    p = Patient(id="p", reports=reports, report_groups=[["c.txt", "a.txt"]])
    assert version_labels(p) == {"a.txt": " · version 1 of 2", "c.txt": " · version 2 of 2"}


def test_organ_systems_come_from_the_anatomy_table() -> None:
    from radtrack_gui.views.lanes import organ_system, region_system

    assert organ_system("right lower lobe") == "Respiratory"  # inherited from lungs
    assert organ_system("urinary bladder") == "Urinary"  # its own, not the pelvis's
    assert organ_system("left humerus") == "Musculoskeletal"
    assert organ_system("left femoral vein") == "Cardiovascular"  # a vessel in the leg
    assert organ_system("body") is None and organ_system("no such structure") is None
    assert region_system("chest") == "Respiratory"  # a synonym of the thorax
    assert region_system("extremity") == "Musculoskeletal"  # upper and lower extremities
    assert region_system("neck") is None and region_system("") is None


def test_a_structure_of_two_wholes_keeps_its_first_parents_region() -> None:
    # round 10: the meniscus lies in the knee joint (among the bones) and in the knee (lower
    # extremities); its mention's anatomy lists both lines, the lane keeps the first region
    from radtrack_gui.nlp.vocabulary import vocabulary
    from radtrack_gui.views.lanes import chain_region

    anatomy = [a for a in vocabulary().anatomy_ancestors("medial meniscus") if a != "body"]
    assert "lower extremities" in anatomy  # the second line is there
    p = Patient(id="p")
    m = Mention("m1", "r1", 0, 4, "tear", concept="musculoskeletal tear", anatomy=anatomy)
    assert chain_region(p, [m], {}) == "Bones"
    # counter-example: a structure of one region only keeps it
    m2 = Mention("m2", "r1", 0, 4, "tear", anatomy=["knees", "lower extremities"])
    assert chain_region(p, [m2], {}) == "Lower extremities"
