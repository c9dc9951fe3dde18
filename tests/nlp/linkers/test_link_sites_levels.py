"""Issue #18 §2: finer sites of every region tell findings with the same words apart
(GUIDELINE 1, 10): clock positions and quadrants of a breast, poles of a kidney, neck node
levels and thoracic stations, RECIST labels, and structures named by a head noun the anatomy
table may lack (tendons, ducts, arteries, uterine parts). Each with its counter-example: the
same place restated, or a vaguer name of it, stays one chain."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.linkers.levels import inline_label, level_conflict, levels, sub_sites
from radtrack_gui.nlp.linkers.mentions import prepare


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mass in the left breast at 2 o'clock", {"clock:2"}),
        ("mass at the 10:30 position", {"clock:10.5"}),
        ("mass in the upper outer quadrant", {"quadrant:uo"}),
        ("LIQ mass", {"quadrant:li"}),
        ("retroareolar mass", {"quadrant:central"}),
        ("cyst in the upper pole", {"pole:upper"}),
        ("interpolar cyst", {"pole:mid"}),
        ("enlarged node at level IIa", {"node:2a"}),
        ("nodes at levels II and III", {"node:2", "node:3"}),
        ("station 4R node", {"station:4r"}),
        ("target lesion 1", {"label:target1"}),
        ("non-target hepatic lesions", {"recist:nontarget"}),
        ("tear of the extensor carpi ulnaris tendon", {"part:extensor carpi ulnaris tendon"}),
        ("dilatation of the common bile duct", {"part:common bile duct"}),
        ("stenosis of the left renal artery", {"part:renal artery"}),
        # counter-examples: no place named
        ("at the level of the carina", set()),
        ("lesion 1 cm in size", set()),
        ("in segment 6", set()),
        ("probable pulmonary artery hypertension", {"part:pulmonary artery"}),
    ],
)
def test_finer_sites_read_from_text(text: str, expected: set[str]) -> None:
    assert sub_sites(text) == expected


def test_the_original_levels_are_unchanged() -> None:
    assert levels("disc bulge at L4-L5") == {"l4-5"}
    assert levels("fracture of the 8th rib") == {"rib8"}


def test_levels_compare_only_within_one_kind() -> None:
    assert level_conflict(frozenset({"clock:2"}), frozenset({"clock:10"}))
    assert level_conflict(frozenset({"clock:2"}), frozenset({"clock:2.5"})) is None  # an hour
    assert level_conflict(frozenset({"clock:2"}), frozenset({"quadrant:uo"})) is None
    ecu, fcr = sub_sites("ECU tendon tear"), sub_sites("tear of the flexor carpi radialis tendon")
    assert level_conflict(ecu, sub_sites("tear of the extensor carpi ulnaris tendon")) is None
    assert level_conflict(ecu, fcr)
    vaguer = sub_sites("dilated bile duct")
    assert level_conflict(vaguer, sub_sites("dilated common bile duct")) is None
    uterus = sub_sites("fibroid in the uterine fundus")
    assert level_conflict(uterus, sub_sites("fibroid of the lower uterine segment"))
    assert level_conflict(uterus, sub_sites("fibroid of the tendon")) is None  # unrelated heads


def _two(exam: str, first: str, second: str, word: str) -> tuple[Case, str, str]:
    c = Case((0, f"Exam: {exam}\n\nFINDINGS: {first} {second}"))
    return c, c.mark(0, word), c.mark(0, word, 1)


@pytest.mark.parametrize(
    ("exam", "first", "second", "word", "same"),
    [
        (
            "MAMMOGRAM",
            "Mass in the left breast at 2 o'clock.",
            "Mass in the left breast at 10 o'clock.",
            "Mass",
            False,
        ),
        (
            "MAMMOGRAM",
            "Mass in the upper outer quadrant of the left breast.",
            "Mass in the lower inner quadrant of the left breast.",
            "Mass",
            False,
        ),
        (
            "US RIGHT KIDNEY",
            "Cyst in the upper pole of the right kidney.",
            "Cyst in the lower pole of the right kidney.",
            "Cyst",
            False,
        ),
        (
            "US RIGHT KIDNEY",
            "Cyst in the upper pole of the right kidney.",
            "The upper pole cyst is simple.",
            "yst",
            True,
        ),
        (
            "CT NECK",
            "Enlarged lymph node at level II.",
            "Enlarged lymph node at level IV.",
            "lymph node",
            False,
        ),
        (
            "MRI LEFT WRIST",
            "Tear of the extensor carpi ulnaris tendon.",
            "Tear of the flexor carpi radialis tendon.",
            "Tear",
            False,
        ),
        (
            "MRCP",
            "Dilatation of the common bile duct.",
            "Dilatation of the pancreatic duct.",
            "Dilatation",
            False,
        ),
        (
            "MRCP",
            "Dilatation of the common bile duct.",
            "Dilatation of the distal common bile duct is again noted.",
            "Dilatation",
            True,
        ),
        (
            "US PELVIS",
            "A fibroid in the uterine fundus.",
            "A fibroid in the lower uterine segment.",
            "fibroid",
            False,
        ),
    ],
)
def test_same_words_at_finer_sites(
    exam: str, first: str, second: str, word: str, same: bool
) -> None:
    c, a, b = _two(exam, first, second, word)
    assert c.same(a, b) is same


def test_a_lesion_followed_by_its_segment_across_exams() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: A lesion in segment 6 of the liver. A lesion in "
            "segment 2 of the liver.",
        ),
        (90, "Exam: CT ABDOMEN\n\nFINDINGS: The segment 6 lesion has increased, now 2.1 cm."),
    )
    six, two, later = c.mark(0, "lesion"), c.mark(0, "lesion", 1), c.mark(1, "lesion")
    assert not c.same(six, two)
    assert c.same(six, later) and not c.same(two, later)


def test_a_level_given_before_the_finding_in_its_sentence_is_carried_to_it() -> None:
    c = Case(
        (
            0,
            "Exam: MRI LUMBAR SPINE\n\nFINDINGS: At the L4-L5 level, a mild central disc "
            "bulge. At the L5-S1 level, there is a large disc herniation. Level L3-L4: no disc "
            "herniation.",
        )
    )
    assert not c.same(c.mark(0, "disc bulge"), c.mark(0, "disc herniation"))
    # counter-example: a level of another item joined by "and" is not carried
    c = Case((0, "FINDINGS: Fracture of the 8th rib and small pleural effusion."))
    fracture, effusion = c.mark(0, "Fracture"), c.mark(0, "pleural effusion")
    ctx = {i.id: i.ctx for i in prepare(c.patient)}
    assert ctx[fracture] is not None and ctx[fracture].levels == {"rib8"}
    assert ctx[effusion] is not None and ctx[effusion].levels == frozenset()


def test_coronary_arteries_by_abbreviation_tell_negatives_apart() -> None:
    assert sub_sites("LAD: Regular appearance") == {"vessel:lad"}
    assert sub_sites("Cx shows no stenosis") == {"vessel:lcx"}
    assert sub_sites("the circumflex") == {"vessel:lcx"}
    assert sub_sites("a cx of the") == set()  # lower-case short forms are not read
    assert level_conflict(sub_sites("LAD"), sub_sites("left anterior descending")) is None


def test_the_structure_a_sentence_opens_with_is_the_site_of_a_finding_without_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: The liver is enlarged, without focal changes. The "
            "pancreas is not enlarged, without focal changes.",
        )
    )
    assert not c.same(c.mark(0, "focal changes"), c.mark(0, "focal changes", 1))
    # counter-example: a structure that cannot hold the finding is not its site
    c = Case(
        (
            0,
            "FINDINGS: The lungs are clear without pleural effusion.\n\nIMPRESSION: No pleural "
            "effusion.",
        )
    )
    assert c.same(c.mark(0, "pleural effusion"), c.mark(0, "pleural effusion", 1))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Doppler examination: Mitral flow: present trace", {"heading:mitral flow"}),
        ("Aortic flow: AVmax 1.73 m/sec Tricuspid flow: present ", {"heading:tricuspid flow"}),
        ("Level L5-S1: No significant ", {"heading:l5-s1"}),
        # counter-examples: section names, times and ratios, sentences are no labels
        ("Conclusion: Adhesions ", set()),
        ("at 10:30 a ", set()),
        ("ratio 2:1 with ", set()),
        ("There is a mass: it ", set()),
        # a response assessment grades what it lists; it names no place
        ("1. Partial response: decreased pancreatic head ", set()),
        ("Progression: enlarging ", set()),
        ("Stable disease: unchanged ", set()),
    ],
)
def test_inline_labels(text: str, expected: set[str]) -> None:
    assert inline_label(text, 0, len(text)) == expected


def test_findings_under_two_inline_labels_are_two() -> None:
    c = Case(
        (
            0,
            "Exam: ECHOCARDIOGRAPHY\n\nFINDINGS: Mitral flow: present trace regurgitant wave. "
            "Tricuspid flow: present trace regurgitant wave.\n\nIMPRESSION: Trace regurgitant "
            "wave.",
        )
    )
    mitral, tricuspid = c.mark(0, "regurgitant wave"), c.mark(0, "regurgitant wave", 1)
    assert not c.same(mitral, tricuspid)
    # counter-example: the impression without a label restates one of them
    assert c.same(mitral, c.mark(0, "regurgitant wave", 2)) or c.same(
        tricuspid, c.mark(0, "regurgitant wave", 2)
    )
