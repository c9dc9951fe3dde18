"""Device episodes beyond chest tubes (issue #18 problem 7, §2; GUIDELINE devices 1): for each
kind of device, removed and placed again is a new device and the same device restated is one;
an exchange in one report ("X exchanged for Y", removed then placed) ends the old episode and
starts the new one; two makes of one kind ("plastic" / "metal") are two devices."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.core.model import DEVICE, Report
from radtrack_gui.nlp.linkers.episodes import exchange_role
from radtrack_gui.nlp.registry import get_extractor

# (exam title, device words as written, the concept the vocabulary gives them)
KINDS = [
    ("CT ABDOMEN", "left ureteral stent", "ureteral stent"),
    ("CT ABDOMEN", "biliary stent", "biliary stent"),
    ("CTA LOWER EXTREMITY", "superficial femoral artery stent", "stent"),
    ("CTA LOWER EXTREMITY", "femoropopliteal bypass graft", "vascular graft"),
    ("US LEFT UPPER EXTREMITY", "left arm dialysis graft", "vascular graft"),
    ("CT ABDOMEN", "pelvic drain", "drain"),
    ("CT HEAD", "ventriculoperitoneal shunt", "shunt catheter"),
    ("US GROIN", "vascular closure device", "vascular closure device"),
    ("XR LEFT KNEE", "antibiotic cement spacer", "cement spacer"),
    ("CT ABDOMEN", "right nephrostomy tube", "nephrostomy tube"),
    ("CT ABDOMEN", "IVC filter", "ivc filter"),
    ("CHEST RADIOGRAPH", "right chest port", "port"),
    ("US PELVIS", "IUD", "intrauterine device"),
    ("MR BREAST", "left breast implant", "breast implants"),
    ("XR LEFT WRIST", "plate and screws", "plates"),
    ("CT ABDOMEN", "hernia mesh", "surgical mesh"),
]


@pytest.mark.parametrize(("exam", "words", "concept"), KINDS)
def test_the_vocabulary_names_each_kind_of_device(exam: str, words: str, concept: str) -> None:
    text = f"Exam: {exam}\n\nFINDINGS: A {words} is in place."
    found = get_extractor("rules").extract(Report(id="r", text=text))
    devices = [m for m in found if m.type == DEVICE]
    assert devices, f"no device found in {text!r}"
    assert devices[0].concept == concept


@pytest.mark.parametrize(("exam", "words", "concept"), KINDS)
def test_removed_and_placed_again_is_a_new_device_of_every_kind(
    exam: str, words: str, concept: str
) -> None:
    head = f"Exam: {exam}\n\nFINDINGS: "
    c = Case(
        (0, head + f"A {words} is in place."),
        (5, head + f"The {words} is unchanged in position."),
        (10, head + f"The {words} has been removed."),
        (40, head + f"A {words} was placed."),
    )
    first = c.mark(0, words, kind=DEVICE)
    restated = c.mark(1, words, kind=DEVICE)
    removed = c.mark(2, words, kind=DEVICE)
    again = c.mark(3, words, kind=DEVICE)
    assert c.same(first, restated)  # the same device restated: one chain
    assert c.same(first, removed)  # its removal ends its chain
    assert not c.same(first, again)  # a device placed after that is another


def test_a_device_removed_and_placed_in_one_report_is_two_devices() -> None:
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: Right nephrostomy tube in place."),
        (
            9,
            "Exam: FLUOROSCOPY\n\nFINDINGS: The right nephrostomy tube was removed. A new right "
            "nephrostomy tube was placed into the renal pelvis.",
        ),
        (20, "Exam: CT ABDOMEN\n\nFINDINGS: Right nephrostomy tube in place."),
    )
    old = c.mark(0, "nephrostomy tube", kind=DEVICE)
    removed = c.mark(1, "nephrostomy tube", kind=DEVICE)
    placed = c.mark(1, "nephrostomy tube", 1, kind=DEVICE)
    later = c.mark(2, "nephrostomy tube", kind=DEVICE)
    assert c.same(old, removed)
    assert not c.same(old, placed)
    assert c.same(placed, later)


def test_a_device_placed_and_exchanged_in_one_report_is_one_device_until_then() -> None:
    # counter-example: a sheath placed earlier in the report is the one its exchange takes out
    c = Case(
        (
            0,
            "Exam: ANGIOGRAPHY\n\nFINDINGS: Puncture of the right CFA and placement of a short "
            "4F sheath. Contrast injection. Exchange of the right 4F sheath for a 6F sheath.",
        )
    )
    first = c.mark(0, "4F sheath", kind=DEVICE)
    exchanged = c.mark(0, "right 4F sheath", kind=DEVICE)
    new = c.mark(0, "6F sheath", kind=DEVICE)
    assert c.same(first, exchanged)
    assert not c.same(first, new)


def test_a_device_restated_after_its_removal_in_one_report_is_still_that_device() -> None:
    # counter-example: no placement word after the removal ("the drain ... was removed; the
    # drain tract" restates the removed drain)
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: Pelvic drain in the collection."),
        (
            4,
            "Exam: CT ABDOMEN\n\nFINDINGS: The pelvic drain has been removed. No residual "
            "collection along the course of the pelvic drain.",
        ),
    )
    first = c.mark(0, "Pelvic drain", kind=DEVICE)
    assert c.same(first, c.mark(1, "pelvic drain", kind=DEVICE))
    assert c.same(first, c.mark(1, "pelvic drain", 1, kind=DEVICE))


@pytest.mark.parametrize(
    ("sentence", "roles"),
    [
        ("The ureteral stent was exchanged for a new ureteral stent.", ["old", "new"]),
        ("Ureteral stent exchanged over a wire for a ureteral stent.", ["old", "new"]),
        ("Exchange of the ureteral stent for a ureteral stent.", ["old", "new"]),
        ("The ureteral stent was replaced with a ureteral stent.", ["old", "new"]),
        # counter-examples: no exchange, or an exchange that names one device only
        ("The ureteral stent is in place. Another ureteral stent.", [None, None]),
        ("The ureteral stent has been exchanged.", [None]),
    ],
)
def test_exchange_roles(sentence: str, roles: list[str | None]) -> None:
    starts, at = [], -1
    while True:
        at = sentence.lower().find("ureteral stent", at + 1)
        if at < 0:
            break
        starts.append(at)
    ends = [sentence.find(".", s) + 1 for s in starts]
    got = [
        exchange_role(sentence, s, s + len("ureteral stent"), (0, e))
        for s, e in zip(starts, ends, strict=True)
    ]
    assert got == roles


def test_x_exchanged_for_y_across_reports() -> None:
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: Left ureteral stent in place."),
        (
            30,
            "Exam: FLUOROSCOPY\n\nFINDINGS: The left ureteral stent was exchanged for a new left "
            "ureteral stent.",
        ),
        (60, "Exam: CT ABDOMEN\n\nFINDINGS: Left ureteral stent in place."),
    )
    first = c.mark(0, "ureteral stent", kind=DEVICE)
    old = c.mark(1, "ureteral stent", kind=DEVICE)
    new = c.mark(1, "ureteral stent", 1, kind=DEVICE)
    later = c.mark(2, "ureteral stent", kind=DEVICE)
    assert c.same(first, old)  # the stent taken out is the one seen before
    assert not c.same(first, new)
    assert c.same(new, later)


def test_two_makes_of_one_kind_are_two_devices() -> None:
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: A plastic biliary stent is in the common bile duct."),
        (
            30,
            "Exam: ERCP\n\nFINDINGS: A metal biliary stent is in the common bile duct. The "
            "biliary stent is patent.",
        ),
    )
    plastic = c.mark(0, "biliary stent", kind=DEVICE)
    metal = c.mark(1, "biliary stent", kind=DEVICE)
    assert not c.same(plastic, metal)
    # counter-example: a restatement that names no make agrees with the stent before it
    assert c.same(metal, c.mark(1, "biliary stent", 1, kind=DEVICE))


def test_covered_and_uncovered_stents_are_two_devices() -> None:
    c = Case(
        (
            0,
            "Exam: CTA ABDOMEN\n\nFINDINGS: Covered stent in the left renal artery. Uncovered "
            "stent in the left renal artery.",
        ),
        (20, "Exam: CTA ABDOMEN\n\nFINDINGS: The covered stent in the left renal artery."),
    )
    covered = c.mark(0, "stent", kind=DEVICE)
    bare = c.mark(0, "stent", 1, kind=DEVICE)
    later = c.mark(1, "stent", kind=DEVICE)
    assert not c.same(covered, bare)
    assert c.same(covered, later)


def test_saline_and_silicone_implants_are_two_devices() -> None:
    # DICOM CID 6059 (breast implant types): a saline implant exchanged for a silicone one
    c = Case(
        (0, "Exam: MR BREAST\n\nFINDINGS: Left saline breast implant, intact."),
        (300, "Exam: MR BREAST\n\nFINDINGS: Left silicone breast implant, intact."),
        (600, "Exam: MR BREAST\n\nFINDINGS: The left breast implant is intact."),
    )
    saline = c.mark(0, "breast implant", kind=DEVICE)
    silicone = c.mark(1, "breast implant", kind=DEVICE)
    later = c.mark(2, "breast implant", kind=DEVICE)
    assert not c.same(saline, silicone)
    assert c.same(silicone, later)  # counter-example: no filling named agrees with either
