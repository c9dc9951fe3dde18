from datetime import datetime

import pytest

from radtrack_gui.nlp.metadata import (
    date_in_name,
    mimic_first_line,
    modality_of,
    parse_date,
    region_of,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2150-03-04", datetime(2150, 3, 4)),
        ("2150-03-04 10:22", datetime(2150, 3, 4, 10, 22)),
        ("2150-03-04T10:22:00", datetime(2150, 3, 4, 10, 22)),
        ("[**2150-3-4**]", datetime(2150, 3, 4)),
        ("[**2150-3-4**] 10:22 PM", datetime(2150, 3, 4, 22, 22)),
        ("[**2150-3-4**] 12:05 AM", datetime(2150, 3, 4, 0, 5)),
        ("21500304", datetime(2150, 3, 4)),
        ("2150/03/04", datetime(2150, 3, 4)),
    ],
)
def test_parse_date_forms(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["", "yesterday", "2150-13-04", "2150-02-30", "[**Hospital 3**]"])
def test_parse_date_rejects_non_dates(text):
    assert parse_date(text) is None


def test_dates_in_names_and_mimic_first_line():
    assert date_in_name("cxr_2150-03-04.txt") == datetime(2150, 3, 4)
    assert date_in_name("21500304_ct_head.txt") == datetime(2150, 3, 4)
    assert date_in_name("r01.txt") is None
    assert mimic_first_line("[**2150-3-4**] 10:22 AM") == datetime(2150, 3, 4, 10, 22)
    assert mimic_first_line(" CHEST (PORTABLE AP)") is None


@pytest.mark.parametrize(
    ("exam", "modality", "region"),
    [
        ("CHEST (PORTABLE AP)", "XR", "chest"),
        ("CT HEAD W/O CONTRAST", "CT", "head"),
        ("CTA CHEST W&W/O C&RECONS", "CTA", "chest"),
        ("MR HEAD W & W/O CONTRAST", "MR", "head"),
        ("US ABD LIMIT, SINGLE ORGAN", "US", "abdomen"),
        ("L-SPINE (AP & LAT)", "XR", "spine"),
        ("ABDOMEN (SUPINE ONLY)", "XR", "abdomen"),
        ("CT C-SPINE W/O CONTRAST", "CT", "spine"),
        ("PORTABLE ABDOMEN", "XR", "abdomen"),
        ("NUC MED BONE SCAN", "NM", "whole body"),
        ("PET-CT", "PET", "whole body"),
        ("FLUORO", "FL", ""),
        ("MAMMO BILAT DIAGNOSTIC", "MG", "breast"),
        ("INTERVENTIONAL/EMBO", "IR", ""),
        ("Xray Chest PA and Lateral", "XR", "chest"),
        ("CT ABD & PELVIS WITH CONTRAST", "CT", "abdomen"),
        ("CHEST PORT. LINE PLACEMENT", "XR", "chest"),
        ("HIP UNILAT MIN 2 VIEWS", "XR", "extremity"),
        ("THORACIC CT ANGIOGRAPHY", "CTA", "chest"),
        ("CERVICAL SPINE MRI", "MR", "spine"),
        ("THYROID ULTRASOUND", "US", "neck"),
        ("[**Hospital 1**] CT HEAD", "CT", "head"),
        ("PELVIS US, TRANSVAGINAL", "US", "pelvis"),
        ("", "OTHER", ""),
        ("consultation", "OTHER", ""),
    ],
)
def test_exam_title_to_modality_and_region(exam, modality, region):
    assert modality_of(exam) == modality
    assert region_of(exam) == region


@pytest.mark.parametrize(
    ("exam", "modality", "region"),
    [
        ("DBT BILATERAL SCREENING", "MG", ""),  # table word: DBT -> MG
        ("XR CALCANEUS LEFT", "XR", "extremity"),  # table phrase: calcaneus
        ("MR TEMPOROMANDIBULAR JOINT", "MR", "head"),
        ("SPECT+CT PARATHYROID", "NM", "neck"),
        ("US CAROTID DOPPLER", "US", "neck"),
        # counter-examples: the hand rules keep what the table reads otherwise or lacks
        ("CT SCAPULA", "CT", "extremity"),  # LOINC files the scapula under chest
        ("CXR", "XR", "chest"),  # no table word
        ("PT TRANSFER CHEST", "XR", "chest"),  # "PT" (patient) is no PET
    ],
)
def test_exam_titles_read_through_the_playbook_table(exam, modality, region):
    assert modality_of(exam) == modality
    assert region_of(exam) == region


@pytest.mark.parametrize(
    ("exam", "region"),
    [
        # the region words of the whole-body sample's own exam lines
        ("MR UPPER LIMB", "extremity"),
        ("XR LOWER LIMBS", "extremity"),
        ("MR MSK", "extremity"),
        ("US OBSTETRIC", "pelvis"),
        ("US GYNAECOLOGY", "pelvis"),
        # counter-examples: spine still wins over MSK, the first region named still wins,
        # and "vascular" names no single region
        ("MR SPINE MSK", "spine"),
        ("CT CHEST AND UPPER LIMB", "chest"),
        ("US VASCULAR", ""),
    ],
)
def test_limb_obstetric_and_msk_exam_words_name_a_region(exam, region):
    assert region_of(exam) == region


def test_the_table_replaces_hand_modality_patterns_it_covers():
    from radtrack_gui.nlp.metadata import _exam_table, _modality_rules

    table = _exam_table()[0]
    assert table["CT"] == "CT" and table["DOPPLER"] == "US" and "PT" not in table
    hand = {m: " ".join(p.pattern for p in pats[:-1]) for m, pats in _modality_rules()}
    assert r"\bCT\b" not in hand["CT"].split("|") and "DOPPLER" not in hand["US"].split("|")
    assert "SONO" in hand["US"]  # a word the table lacks stays a hand pattern
