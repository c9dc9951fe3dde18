"""Report metadata: dates, exam title -> modality and body region.

Modality and region words come from ``resources/vocab/exams.tsv`` (derived from the LOINC/RSNA
Radiology Playbook by scripts/build_vocab.py) and from the hand rules below for what the table
does not cover (abbreviations and phrasings of real titles: "CXR", "BONE SCAN", "U/S").

All patterns are compiled once. De-identification brackets ``[** ... **]`` are tolerated
everywhere: ``[**2150-3-4**]`` is a date, ``[**Hospital 2**]`` is ignored.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache

# -- dates -------------------------------------------------------------------

_DEID = re.compile(r"\[\*\*(.*?)\*\*\]")
_DATE = re.compile(
    r"(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)"  # 2150-03-04, 2150-3-4, 2150/03/04
    r"(?:(?:[T ]|\s+(?:at\s+)?)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?"  # time
    r"(?:\s*([AaPp])\.?[Mm]\.?)?)?"
)
_COMPACT = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?:[T_ -]?(\d{2})(\d{2})(\d{2})?)?(?!\d)")
_MIMIC_FIRST = re.compile(
    r"^\s*\[\*\*(\d{4}-\d{1,2}-\d{1,2})\*\*\]\s*(?:(\d{1,2}):(\d{2})"
    r"(?::(\d{2}))?\s*([AaPp])?\.?[Mm]?\.?)?"
)


def _build(
    y: str,
    mo: str,
    d: str,
    h: str | None = None,
    mi: str | None = None,
    s: str | None = None,
    ampm: str | None = None,
) -> datetime | None:
    try:
        hour = int(h) if h else 0
        if ampm:
            hour = hour % 12 + (12 if ampm.lower() == "p" else 0)
        return datetime(int(y), int(mo), int(d), hour, int(mi or 0), int(s or 0))
    except ValueError:
        return None


def parse_date(s: str | None) -> datetime | None:
    """A date or date-time in ``s``: ISO (``2150-03-04``, ``2150-03-04 10:22``,
    ``2150-03-04T10:22:00``), MIMIC (``[**2150-3-4**] 10:22 AM``) or compact (``21500304``).
    ``None`` when there is none or it is not a real date."""
    if not s:
        return None
    s = _DEID.sub(r"\1", s.strip())
    m = _DATE.search(s)
    if m:
        return _build(m[1], m[3], m[4], m[5], m[6], m[7], m[8])
    m = _COMPACT.search(s)
    if m:
        return _build(m[1], m[2], m[3], m[4], m[5], m[6])
    return None


def date_in_name(name: str) -> datetime | None:
    """The date in a file name such as ``cxr_2150-03-04.txt`` or ``21500304_ct.txt``."""
    d = parse_date(name.replace("_", " "))
    return d if d and 1800 <= d.year <= 2300 else None


def mimic_first_line(line: str) -> datetime | None:
    """The date-time of a MIMIC-style first line ``[**2150-3-4**] 10:22 AM``."""
    m = _MIMIC_FIRST.match(line)
    if not m:
        return None
    y, mo, d = m[1].split("-")
    return _build(y, mo, d, m[2], m[3], m[4], m[5])


# -- modality ----------------------------------------------------------------


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words))


# Checked in order on the upper-cased title; the first that matches wins.
_MODALITY_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("PET", _rx(r"\bPET\b", r"\bPET[-/ ]?CT\b", r"POSITRON")),
    (
        "NM",
        _rx(
            r"\bNUC\b",
            r"\bNM\b",
            r"NUCLEAR",
            r"SCINTI",
            r"\bSPECT\b",
            r"BONE SCAN",
            r"\bV/Q\b",
            r"\bVQ\b",
            r"\bHIDA\b",
            r"\bMIBG\b",
            r"GALLIUM",
            r"SESTAMIBI",
            r"THALLIUM",
            r"\bMUGA\b",
            r"TAGGED",
            r"OCTREO",
            r"HEPATOBILIARY SCAN",
        ),
    ),
    (
        "CTA",
        _rx(
            r"\bCTA\b",
            r"\bCT[ -]?ANGIO",
            r"ANGIO[- ]?(?:CT|SCAN)",
            r"\bCT\b.*\bANGIOGRA",
            r"\bANGIOGRA\w*\b.*\bCT\b",
            r"\bCTV\b",
        ),
    ),
    (
        "MR",
        _rx(r"\bMRI?\b", r"\bMRA\b", r"\bMRV\b", r"\bMRCP\b", r"\bIRM\b", r"MAGNETIC", r"\bMR[-/]"),
    ),
    (
        "IR",
        _rx(
            r"INTERVENTION",
            r"EMBOLI[SZ]",
            r"\bEMBO\b",
            r"\bIR\b",
            r"GUIDED",
            r"BIOPSY",
            r"DRAINAGE",
            r"PARACENTESIS",
            r"THORACENTESIS",
            r"NEPHROSTOMY",
            r"ANGIOPLAST",
            r"ARTERIOGRA",
            r"\bANGIO\b",
            r"\bANGIOGRA",
            r"\bPICC\b",
            r"IVC FILTER",
            r"CHOLECYSTOSTOMY",
            r"\bTIPS\b",
            r"INTRO(?:DUCTION)? CATH",
            r"VENOGRA",
            r"PORT PLACEMENT",
            r"THROMBECTOMY",
            r"STENT",
        ),
    ),
    (
        "CT",
        _rx(
            r"\bCT\b",
            r"\bCAT SCAN",
            r"SCANNER",
            r"\bSCAN\b(?!.*\bBONE\b)",
            r"TOMODENS",
            r"COMPUTED TOMOGRAPHY",
            r"\bCT[-/]",
            r"\bTDM\b",
        ),
    ),
    (
        "US",
        _rx(
            r"\bUS\b",
            r"ULTRASOUND",
            r"ULTRASONO",
            r"SONO",
            r"DOPPLER",
            r"DUPLEX",
            r"ECHOGRA",
            r"\bECHO\b",
            r"\bDUP\b",
            r"\bU/S\b",
            r"TRANSVAGINAL",
            r"\bOB\b",
        ),
    ),
    ("MG", _rx(r"MAMMO", r"\bMG\b", r"TOMOSYNTHESIS")),
    (
        "FL",
        _rx(
            r"FLUORO",
            r"\bFL\b",
            r"BARIUM",
            r"\bBA\b",
            r"SWALLOW",
            r"ESOPHAGRAM",
            r"\bUGI\b",
            r"\bSBFT\b",
            r"SMALL BOWEL FOLLOW",
            r"CYSTOGRA",
            r"URETHROGRA",
            r"HYSTEROSALPING",
            r"ENEMA",
            r"DEFECOGRA",
            r"\bERCP\b",
            r"MYELOGRA",
            r"ARTHROGRA",
            r"FISTULOGRA",
            r"SINOGRA",
            r"TUBE STUDY",
            r"TUBE CHECK",
        ),
    ),
    (
        "XR",
        _rx(
            r"X-?RAY",
            r"\bX RAY",
            r"RADIOGRA",
            r"\bCXR\b",
            r"\bKUB\b",
            r"PORTABLE",
            r"\bPORT\b",
            r"\bPA\b",
            r"\bAP\b",
            r"\bLAT\b",
            r"LATERAL",
            r"VIEWS?\b",
            r"SUPINE",
            r"UPRIGHT",
            r"DECUB",
            r"OBLIQUE",
            r"\bRX\b",
            r"PLAIN FILM",
            r"BABYGRAM",
            r"SKELETAL SURVEY",
            r"BONE AGE",
            r"SCOLIOSIS",
            r"\bXR\b",
            r"\bDX\b",
            r"\bCR\b",
            r"FRONTAL",
        ),
    ),
]


_COMPARED = re.compile(r"\bCOMPAR.*", re.DOTALL)


@cache
def _exam_table() -> tuple[dict[str, str], dict[str, str]]:
    """``exams.tsv`` (LOINC/RSNA Playbook, scripts/build_vocab.py): modality words and
    body-part phrases of exam names, upper case -> modality / region."""
    from radtrack_gui.nlp.word_lists import read_table
    from radtrack_gui.util.paths import resource

    path = resource("vocab", "exams.tsv")
    modality: dict[str, str] = {}
    region: dict[str, str] = {}
    if path.exists():
        for row in read_table(path):
            into = modality if row["kind"] == "modality" else region
            into.setdefault(row["pattern"].upper(), row["value"])
    return modality, region


def _words_rx(words: list[str]) -> re.Pattern[str] | None:
    alts = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return re.compile(r"(?<![\w+])(?:" + "|".join(alts) + r")(?![\w+])") if alts else None


@cache
def _modality_rules() -> list[tuple[str, list[re.Pattern[str]]]]:
    """The modality rules in their order: each modality's table words, and the hand patterns
    the table does not cover (a hand pattern that is one of the table's words for the same
    modality, such as ``\\bCT\\b`` or ``DOPPLER``, is left to the table)."""
    table, _ = _exam_table()
    out = []
    for modality, rx in _MODALITY_RULES:
        words = [w for w, m in table.items() if m == modality]
        kept = [
            p
            for p in rx.pattern.split("|")
            if p.replace("\\b", "") not in words or not p.replace("\\b", "").isalnum()
        ]
        pats = [re.compile("|".join(kept))] if kept else []
        table_rx = _words_rx(words)
        out.append((modality, [*pats, *([table_rx] if table_rx else [])]))
    return out


def _clean(exam: str) -> str:
    """Upper case, brackets blanked, and nothing after "comparison" (``... comparison CT``)."""
    return _COMPARED.sub("", _DEID.sub(" ", exam or "").upper())


def named_modality(exam: str) -> str | None:
    """The modality the title names explicitly (no plain-film guess), else ``None``."""
    t = _clean(exam)
    for modality, rxs in _modality_rules():
        if any(rx.search(t) for rx in rxs):
            return modality
    return None


def modality_of(exam: str) -> str:
    """The modality of an exam title: one of XR CT CTA MR US NM PET FL MG IR OTHER.

    A plain-film title that only names a body part (``SKULL``, ``HIP UNILAT``) is XR."""
    if not (exam or "").strip():
        return "OTHER"
    return named_modality(exam) or ("XR" if region_of(exam) else "OTHER")


# -- body region ---------------------------------------------------------------

_SPINE = re.compile(
    r"SPINE|SPINAL|\b[CTL]S?[- ]SPINE|LUMBAR|SACRUM|SACRAL|COCCY|VERTEBR|"
    r"MYELO|\bLS\b|THORACOLUMBAR|CERVICOTHORACIC|RACHIS|MEDULLA"
)
_REGIONS: list[tuple[str, re.Pattern[str]]] = [
    (
        "head",
        re.compile(
            r"HEAD|BRAIN|SKULL|CEREBR|CRANI|ORBIT|SINUS|\bFACE\b|FACIAL|"
            r"TEMPORAL BONE|\bEARS?\b|\bIAC|PITUITAR|MANDIBLE|WILLIS|MASTOID|"
            r"\bSELLA|ENCEPHAL"
        ),
    ),
    ("neck", re.compile(r"NECK|THYROID|CAROTID|CERVICAL|PAROTID|LARYN|PHARYN|SOFT TISSUE N")),
    ("breast", re.compile(r"BREAST|MAMMO|AXILLA")),
    (
        "chest",
        re.compile(
            r"CHEST|THORA[CX]|LUNG|\bCXR\b|\bRIBS?\b|PULMONARY|\bV/Q\b|STERN|"
            r"HEART|CARDIAC|CORONARY|\bPE\b|MEDIASTIN|ESOPHAG|PLEURA|TRACHEA|"
            r"\bMUGA\b|ECHO\b"
        ),
    ),
    (
        "abdomen",
        re.compile(
            r"\bABD|ABDOM|KUB|LIVER|HEPAT|GALLBLADDER|\bGB\b|\bRUQ\b|\bLUQ\b|"
            r"PANCREA|SPLEEN|SPLEN|RENAL|KIDNEY|BILIARY|\bMRCP\b|\bERCP\b|"
            r"\bUGI\b|SMALL BOWEL|\bSBFT\b|ENTERO|COLON|\bGI\b|ADRENAL|"
            r"UROGRA|PORTAL|APPEND|AORTA|MESENTER|RETROPERITON|\bTIPS\b|"
            r"\bHIDA\b|BOWEL|UROGRAM|\bIVP\b|NEPHRO|CHOLECYST"
        ),
    ),
    (
        "pelvis",
        re.compile(
            r"PELVI|BLADDER|PROSTAT|\bUTER|OVAR|TRANSVAGINAL|SCROT|TESTI|"
            r"\bOB\b|OBSTET|FETAL|PREGNAN|\bGYN|\bRECT|DEFECOGRA|SACROILIAC|\bSI JOINT|"
            r"CYSTOGRA|URETHR|HYSTEROSALP"
        ),
    ),
    (
        "extremity",
        re.compile(
            r"\bARMS?\b|HUMER|ELBOW|FOREARM|WRIST|HAND|FINGER|THUMB|"
            r"SHOULDER|CLAVIC|SCAPUL|\bHIPS?\b|FEMUR|FEMOR|KNEE|TIBIA|"
            r"FIBULA|TIB/FIB|ANKLE|\bFOOT\b|\bFEET\b|\bTOES?\b|HEEL|"
            r"CALCANE|EXTREMIT|\bEXT\b|\bLEGS?\b|\b[LU]E\b|JOINT|"
            r"VEIN MAPPING|\bDVT\b|DIGIT|PATELLA|\bART\b|\bVEN\b|\bLIMBS?\b|"
            r"\bMSK\b|MUSCULOSKELETAL"
        ),
    ),
    (
        "whole body",
        re.compile(
            r"WHOLE BODY|SKELETAL SURVEY|BONE SCAN|BABYGRAM|TOTAL BODY|"
            r"\bPET\b"
        ),
    ),
]


def region_of(exam: str) -> str:
    """The body region of an exam title: chest, head, neck, spine, abdomen, pelvis,
    extremity, breast or whole body; ``""`` when the title names none.

    Spine wins over neck/chest (``CT C-SPINE``); otherwise the region named first in the
    title wins (``CT CHEST, ABDOMEN AND PELVIS`` -> chest)."""
    t = _clean(exam)
    if not t.strip():
        return ""
    if _SPINE.search(t):
        return "spine"
    best, where = _named_first(t, _REGIONS)
    # body-part phrases of the LOINC/RSNA Playbook table name more parts ("CALCANEUS",
    # "TEMPOROMANDIBULAR JOINT"); at the same place the hand rules win
    table_rx = _table_region_rx()
    m = table_rx.search(t) if table_rx is not None else None
    if m and m.start() < where:
        best = _exam_table()[1][m.group()]
    return best


# The limb of an extremity exam (GUIDELINE 11): the first of its title's limb words. A hip is
# none: anatomy.tsv puts the hips in the pelvis.
_LIMBS: list[tuple[str, re.Pattern[str]]] = [
    (
        "upper extremities",
        re.compile(
            r"\bARMS?\b|HUMER|ELBOW|FOREARM|WRIST|HAND|FINGER|THUMB|SHOULDER|CLAVIC|"
            r"SCAPUL|\bUE\b|UPPER EXT"
        ),
    ),
    (
        "lower extremities",
        re.compile(
            r"FEMUR|KNEE|TIBIA|FIBULA|TIB/FIB|ANKLE|\bFOOT\b|\bFEET\b|"
            r"\bTOES?\b|HEEL|CALCANE|\bLEGS?\b|\bLE\b|PATELLA|LOWER EXT"
        ),
    ),
]


def limb_of(exam: str) -> str:
    """The limb an extremity exam's title names, as an anatomy name ("upper extremities",
    "lower extremities"; ``MR LEFT KNEE`` -> lower), the one named first; ``""`` when none."""
    return _named_first(_clean(exam), _LIMBS)[0]


def _named_first(t: str, rules: list[tuple[str, re.Pattern[str]]]) -> tuple[str, int]:
    """The name whose pattern matches earliest in ``t`` (the first rule at a tie) and where;
    ``("", len(t) + 1)`` when none does."""
    best, where = "", len(t) + 1
    for name, rx in rules:
        m = rx.search(t)
        if m and m.start() < where:
            best, where = name, m.start()
    return best, where


@cache
def _table_region_rx() -> re.Pattern[str] | None:
    return _words_rx(list(_exam_table()[1]))
