"""PET / nuclear medicine reading (issue #18 §2, round 4): uptake and avidity are properties of
the lesion at that site, not findings of their own and not the lesion's resolution. NM text is
not measurable on PARROT, so these are constructed sentences (no corpus text)."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.registry import get_extractor

CT = "Exam: CT CHEST ABDOMEN PELVIS\n\nFINDINGS: "
PET = "Exam: PET/CT SKULL BASE TO MID-THIGH\n\nFINDINGS: "


def _found(text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    ms = get_extractor("rules").extract(Report(id="r", text=text, region=region))
    return [(m.text, m.concept or "", m.assertion) for m in ms]


def test_below_pet_resolution_is_no_resolution() -> None:
    assert _found("The 4 mm right upper lobe nodule is below PET resolution.", "chest") == [
        ("nodule", "nodule", "present")
    ]
    # counter-example: a nodule that has resolved is still read so
    assert _found("The right upper lobe nodule has resolved.", "chest") == [
        ("nodule", "nodule", "absent")
    ]


def test_a_nodule_below_pet_resolution_stays_one_chain() -> None:
    c = Case(
        (0, CT + "A 4 mm nodule in the right upper lobe."),
        (7, PET + "The 4 mm right upper lobe nodule is below PET resolution."),
        (60, CT + "The 4 mm right upper lobe nodule is stable."),
    )
    ct = c.mark(0, "nodule")
    pet = c.mark(1, "nodule")
    later = c.mark(2, "nodule")
    assert c.same(ct, pet) and c.same(ct, later)


def test_no_uptake_is_a_property_of_the_nodule_not_its_absence() -> None:
    c = Case(
        (0, CT + "A 9 mm nodule in the right upper lobe."),
        (7, PET + "The right upper lobe nodule is not FDG avid."),
        (60, CT + "The right upper lobe nodule is stable."),
    )
    ct = c.mark(0, "nodule")
    pet = c.mark(1, "nodule")
    uptake = c.mark(1, "FDG avid")
    later = c.mark(2, "nodule")
    assert c.same(ct, pet) and c.same(ct, later)
    assert c.same(pet, uptake)


def test_uptake_said_of_a_lesion_joins_that_lesion() -> None:
    c = Case(
        (0, CT + "A mass in the pancreatic head. A portocaval lymph node measures 1.6 cm."),
        (
            7,
            PET + "The pancreatic head mass is intensely FDG avid. The portocaval lymph node "
            "is FDG avid. The segment 6 liver lesion shows mild uptake. No FDG-avid osseous "
            "lesion.",
        ),
    )
    mass = c.mark(0, "mass")
    node = c.mark(0, "lymph node")
    pet_mass = c.mark(1, "mass")
    mass_uptake = c.mark(1, "FDG avid")
    pet_node = c.mark(1, "lymph node")
    node_uptake = c.mark(1, "FDG avid", 1)
    assert c.same(mass, pet_mass) and c.same(node, pet_node)
    assert c.same(mass, mass_uptake) and c.same(node, node_uptake)
    # counter-examples: the two uptakes are two lesions'; "no FDG-avid osseous lesion" is a
    # routine negative, nobody's uptake
    assert not c.same(mass_uptake, node_uptake)
    negative = c.mark(1, "osseous lesion")
    assert not c.same(negative, mass) and not c.same(negative, node)


def test_uptake_at_a_lesions_level_joins_it_and_not_another_level() -> None:
    c = Case(
        (0, CT + "A hypodense lesion in segment 8 measures 2.4 cm. A lesion in segment 6."),
        (7, PET + "Hypermetabolic activity in segment 8 of the liver, SUVmax 6.4."),
    )
    seg8 = c.mark(0, "lesion")
    seg6 = c.mark(0, "lesion", 1)
    uptake = c.mark(1, "Hypermetabolic activity")
    assert c.same(seg8, uptake)
    assert not c.same(seg6, uptake)


def test_a_modifier_before_its_findings_structure_is_no_mention_of_its_own() -> None:
    assert _found("FDG-avid pancreatic head mass.") == [("mass", "mass", "present")]
    assert [t for t, _, _ in _found("Mildly avid segment 6 liver lesion.")] == ["liver lesion"]
    # counter-examples: with no finding after it the uptake is the mention; a finding of
    # its own before another item stays
    assert [t for t, _, _ in _found("Hypermetabolic right hilar lymph node.", "chest")] == [
        "Hypermetabolic"
    ]
    assert [t for t, _, _ in _found("The mass is FDG avid.")] == ["mass", "FDG avid"]


def test_a_lymph_node_followed_by_its_course_or_size_is_a_finding() -> None:
    assert [t for t, _, _ in _found("The portocaval lymph node has decreased to 1.1 cm.")] == [
        "lymph node"
    ]
    assert [t for t, _, _ in _found("The portocaval lymph node measures 1.3 cm.")] == ["lymph node"]
    # counter-examples: a procedure, and a structure called normal
    assert _found("Lymph node dissection was performed.") == []
    assert "lymph node" not in [t for t, _, _ in _found("The lymph nodes are unremarkable.")]
