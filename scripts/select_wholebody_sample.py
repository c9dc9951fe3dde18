"""The draw of the PARROT v1.0 reports in the whole-body mention sample (reproducible).

Rule (written before labelling, run once): reports of at most ``MAX_CHARS`` characters; each
goes to the FIRST stratum whose rough keyword pattern (case-insensitive) matches its text;
from each stratum ``random.Random(SEED).sample`` draws the given number, strata in the order
below (one generator for the whole draw). The keyword is only a rough guess of the exam: the
modality and region recorded with the labels are the labeller's reading of each report, and
several strata yield reports of other kinds (the ``nm`` pattern matched an MR of the arm
citing a PET, a mediastinal MR and an angiography; PARROT v1.0 has almost no nuclear-medicine
reports). The 3 DRAGON reports were NOT drawn: they were picked by hand (before labelling)
to add three different exam types (prostate MR, hip radiographs, CT thorax/abdomen
follow-up); other DRAGON radiology files (cine MR abdomen, CT thorax/abdomen, pancreas CT,
RECIST follow-ups) were left out. See docs/evaluation-mentions.md.

Second draw (``--dev2``, written before labelling ``mentions_wholebody_dev2.jsonl``, all of it
dev): the same length limit; reports already labelled in ``mentions_wholebody.jsonl`` or
``challenge/pairs_wholebody.tsv`` (``EXCLUDED``: their PARROT keys when this draw was written,
frozen here so that later pair labels do not change it) are left out; each other report goes to
the first stratum of ``STRATA2`` whose pattern matches, strata ordered rarest first (nuclear
medicine/PET, angiography, obstetric/gynaecologic, Doppler, neck/thyroid, mammography/breast,
MSK/joint MR); ``random.Random(SEED2).sample`` draws 3 from each. The NM stratum has no
length limit (``NO_LIMIT``): every short NM/PET report of PARROT v1.0 is already in the first
sample, so it holds the two long ones left.
Second pass (added after the first pass was labelled, before any extractor was run on either):
the first pass's keywords mostly drew CT reports that only name a carotid, the thyroid or an
angiography, so ``US_STRATA`` draws 2 more from each of three ultrasound strata (Doppler,
neck, obstetric/gynaecologic), over the reports not yet drawn or excluded that are at most
``MAX_CHARS`` long and have an ultrasound word (``US_WORDS``), with ``random.Random(SEED2 + 1)``.

Usage: python scripts/select_wholebody_sample.py [--dev2] [SHARED]   (prints stratum, pool size,
keys)
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

SEED = 20261127
MAX_CHARS = 1800
# (stratum, pattern, number drawn)
STRATA: tuple[tuple[str, str, int], ...] = (
    ("mammo", r"mammogra|bi-?rads|tomosynthesis", 5),
    (
        "nm",
        r"\bPET\b|scintigra|\bSPECT\b|bone scan|\bFDG\b|technetium|tc-?99|radiotracer|SUV",
        4,
    ),
    ("obstetric", r"fetal|fetus|gestation|placenta|amniotic", 4),
    ("doppler", r"doppler", 4),
    (
        "spine",
        r"\b(L[1-5]|C[2-7]|T1[0-2]|T[1-9])-(L|C|T|S)[1-9]?\b|intervertebral"
        r"|disc (bulg|protrusion|herniat)",
        4,
    ),
    ("brain", r"ventric|cerebr|cerebell|white matter|sulci", 4),
    (
        "msk_xr",
        r"(radiograph|x-ray|\bview)s?.*(fracture|joint|bone|osteo)"
        r"|(fracture|joint|osteo).*(radiograph|x-ray|views?)",
        5,
    ),
    ("neck", r"thyroid|parotid|laryn|submandibular|cervical lymph", 3),
    (
        "abdpelvis_ct",
        r"(\bCT\b|computed tomography|contrast).*(liver|pancrea|kidney|bowel|spleen)"
        r"|(liver|pancrea|kidney|bowel|spleen).*(\bCT\b|computed tomography)",
        5,
    ),
    ("chest", r"lung|pleura|pulmonary|mediastin", 4),
    ("other", r".", 2),
)


SEED2 = 20261128
# PARROT keys of mentions_wholebody.jsonl and challenge/pairs_wholebody.tsv when the second
# draw was written (commit f08833b).
EXCLUDED = frozenset(
    {
        7,
        8,
        9,
        12,
        36,
        54,
        57,
        63,
        71,
        75,
        77,
        83,
        90,
        91,
        92,
        94,
        95,
        98,
        106,
        116,
        117,
        146,
        163,
        165,
        170,
        186,
        187,
        204,
        206,
        208,
        209,
        210,
        212,
        216,
        250,
        271,
        272,
        279,
        321,
        348,
        353,
        357,
        375,
        377,
        388,
        390,
        395,
        400,
        402,
        404,
        406,
        420,
        458,
        494,
        505,
        507,
        513,
        522,
        527,
        530,
        543,
        553,
        571,
        629,
        631,
        646,
        647,
        648,
        692,
        708,
        709,
        714,
        715,
        719,
        742,
        745,
        750,
        756,
        791,
        795,
        799,
        803,
        826,
        832,
        850,
        854,
        867,
        888,
        904,
        954,
        994,
        1000,
        1053,
        1071,
        1072,
        1097,
        1100,
        1106,
        1109,
        1113,
        1126,
        1133,
        1139,
        1149,
        1178,
        1182,
        1184,
        1223,
        1224,
        1230,
        1235,
        1252,
        1253,
        1256,
        1259,
        1275,
        1295,
        1298,
        1312,
        1323,
        1337,
        1339,
        1351,
        1367,
        1375,
        1384,
        1393,
        1395,
        1412,
        1464,
        1467,
        1478,
        1486,
        1487,
        1495,
        1514,
        1534,
        1554,
        1555,
        1559,
        1584,
        1647,
        1689,
        1722,
        1728,
        1733,
        1775,
        1783,
        1790,
        1801,
        1854,
        1885,
        1903,
        1909,
        1926,
        1927,
        1943,
        1947,
        1952,
        1957,
        1969,
        1988,
        1990,
        2002,
        2003,
        2006,
        2015,
        2030,
        2031,
        2033,
        2042,
        2073,
        2075,
        2082,
        2107,
        2108,
        2123,
        2133,
        2197,
        2205,
        2236,
        2250,
        2273,
        2281,
        2306,
        2322,
        2342,
        2344,
        2363,
        2381,
        2387,
        2395,
        2505,
        2517,
        2518,
        2519,
        2520,
        2523,
        2567,
        2569,
        2575,
        2606,
        2626,
        2632,
        2633,
        2641,
        2648,
        2655,
        2656,
        2669,
        2678,
        2703,
        2710,
        2714,
    }
)
MSK_MR = r"(\bMRI?\b|magnetic resonance|\bT1\b|\bT2\b|\bSTIR\b|fat.sat)"
MSK_PART = r"(tendon|ligament|menisc|cartilage|labr|rotator)"
STRATA2: tuple[tuple[str, str, int], ...] = (
    (
        "nm",
        r"\bPET\b|scintigra|\bSPECT\b|bone scan|\bFDG\b|technetium|tc-?99|radiotracer|\bSUV"
        r"|radiopharmac|gamma camera|isotop",
        3,
    ),
    (
        "angio",
        r"angiogra|arteriogra|microcatheter|emboli[sz]ation|catheteri[sz]ation|introducer"
        r"|guide ?wire",
        3,
    ),
    ("obgyn", r"fetal|fetus|gestation|placenta|amniotic|uter(us|ine)|endometri|ovar(y|ies|ian)", 3),
    ("doppler", r"doppler|duplex|carotid|spectral|flow velocit|\bDVT\b|phlebitis|intima", 3),
    ("neck", r"thyroid|parotid|submandibular|cervical lymph|\bneck\b", 3),
    ("mammo", r"mammogra|bi-?rads|tomosynthesis|\bbreasts?\b", 3),
    ("msk_mr", f"{MSK_MR}.*{MSK_PART}|{MSK_PART}.*{MSK_MR}", 3),
)


NO_LIMIT = frozenset({"nm"})
US_WORDS = r"ultrasound|sonograph|\bUS\b|echogen|hypoechoic|hyperechoic|anechoic|doppler"
US_STRATA: tuple[tuple[str, str, int], ...] = (
    (
        "us_doppler",
        r"doppler|duplex|carotid|jugular|femoral|popliteal|saphenous|venous|arterial|intima",
        2,
    ),
    ("us_neck", r"thyroid|parotid|submandibular|cervical lymph|\bneck\b", 2),
    (
        "us_obgyn",
        r"fetal|fetus|gestation|placenta|amniotic|uter(us|ine)|endometri|ovar(y|ies|ian)",
        2,
    ),
)


def _pools(
    reports: tuple[str, ...],
    strata: tuple[tuple[str, str, int], ...],
    skip: frozenset[int],
    no_limit: frozenset[str] = frozenset(),
) -> dict[str, list[int]]:
    pools: dict[str, list[int]] = {name: [] for name, _, _ in strata}
    for i, text in enumerate(reports):
        if i in skip:
            continue
        for name, pattern, _ in strata:
            if (len(text) <= MAX_CHARS or name in no_limit) and re.search(
                pattern, text, re.I | re.S
            ):
                pools[name].append(i)
                break
    return pools


def _sample(
    pools: dict[str, list[int]], strata: tuple[tuple[str, str, int], ...], seed: int
) -> list[tuple[str, int, list[int]]]:
    rng = random.Random(seed)
    return [
        (name, len(pools[name]), sorted(rng.sample(pools[name], min(k, len(pools[name])))))
        for name, _, k in strata
    ]


def draw(reports: tuple[str, ...]) -> list[tuple[str, int, list[int]]]:
    """(stratum, pool size, drawn line numbers in ascending order) per stratum."""
    return _sample(_pools(reports, STRATA, frozenset()), STRATA, SEED)


def draw_dev2(reports: tuple[str, ...]) -> list[tuple[str, int, list[int]]]:
    """The second draw (all dev): as :func:`draw`, over ``STRATA2``, without ``EXCLUDED``;
    then the ultrasound pass over ``US_STRATA``."""
    first = _sample(_pools(reports, STRATA2, EXCLUDED, NO_LIMIT), STRATA2, SEED2)
    taken = EXCLUDED | {k for _, _, keys in first for k in keys}
    no_us = frozenset(i for i, t in enumerate(reports) if not re.search(US_WORDS, t, re.I))
    pools = _pools(reports, US_STRATA, taken | no_us)
    return first + _sample(pools, US_STRATA, SEED2 + 1)


def main(argv: list[str]) -> int:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root

    dev2 = "--dev2" in argv
    argv = [a for a in argv if a != "--dev2"]
    shared = Path(argv[0]) if argv else shared_root()
    reports = parrot_v1_reports(shared)
    for name, pool, keys in (draw_dev2 if dev2 else draw)(reports):
        print(f"{name:13} pool {pool:4d}  drawn {' '.join(map(str, keys))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
