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

Usage: python scripts/select_wholebody_sample.py [SHARED]   (prints stratum, pool size, keys)
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


def draw(reports: tuple[str, ...]) -> list[tuple[str, int, list[int]]]:
    """(stratum, pool size, drawn line numbers in ascending order) per stratum."""
    pools: dict[str, list[int]] = {name: [] for name, _, _ in STRATA}
    for i, text in enumerate(reports):
        if len(text) > MAX_CHARS:
            continue
        for name, pattern, _ in STRATA:
            if re.search(pattern, text, re.I | re.S):
                pools[name].append(i)
                break
    rng = random.Random(SEED)
    return [
        (name, len(pools[name]), sorted(rng.sample(pools[name], min(k, len(pools[name])))))
        for name, _, k in STRATA
    ]


def main(argv: list[str]) -> int:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root

    shared = Path(argv[0]) if argv else shared_root()
    for name, pool, keys in draw(parrot_v1_reports(shared)):
        print(f"{name:13} pool {pool:4d}  drawn {' '.join(map(str, keys))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
