"""The draw of the PARROT v1.0 reports in the fifth whole-body pair file (pairs_wholebody_dev5.tsv).

Rule (written before labelling, run once; round 5, wb-regions):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span), and whose
  ``zlib.crc32(str(key).encode()) % 4 == 1`` (this labeller's share; wb-signs3 0, wb-mentions5 2,
  wb-mentions6 3);
- reports of ``MIN_CHARS`` to ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters, where PARROT names the exam or its
  main subject); the non-chest radiograph stratum also needs no chest/lung word there;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each, strata in order (one
  generator for the whole draw).
A first version of the pelvis pattern matched "gallbladder" and "renal pelvis" (it drew
abdominal ultrasounds); it was corrected and the draw rerun before any report was labelled.
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_regions.py [SHARED]   (prints stratum, pool size, keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261127
MIN_CHARS = 400
MAX_CHARS = 2200
OPENING = 300
SHARE = 1  # zlib.crc32(str(key).encode()) % 4 for wb-regions
OWN = "pairs_wholebody_dev5.tsv"  # the labels of this draw (not an exclusion)
STRATA: tuple[tuple[str, str], ...] = (
    ("obstetric", r"fetal|fetus|gestation|placenta|pregnan|amniotic|\bCRL\b"),
    (
        "pelvis",
        r"uter(us|ine)|ovar(y|ies|ian)|adnex|prostat|(?<!gall)bladder|endometri|cervix|vagin"
        r"|(?<!renal )pelvi(s|c)\b|scrot|testi",
    ),
    ("spine", r"\bspin(e|al)\b|lumbar|vertebra|intervertebral|\bdiscs?\b|sacr|cervical spine"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bfeet\b|\bhand\b|elbow|femur|femoral"
        r"|tibia|fibula|humer|radius|ulna|fractur|joint|tendon|menisc|ligament",
    ),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph|laryn|pharyn"),
    ("head", r"\bbrain\b|cerebr|intracranial|skull|\bhead\b|sinus|orbit|ventric"),
    ("xr", r"radiograph|x-?ray|\bviews?\b"),
)
NOT_CHEST = r"chest|lung|thora|pulmon"
PER_STRATUM = {"obstetric": 3, "pelvis": 7, "spine": 5, "msk": 6, "neck": 4, "head": 4, "xr": 4}


def stratum(text: str) -> str | None:
    opening = text[:OPENING]
    for name, pattern in STRATA:
        if re.search(pattern, opening, re.I):
            if name == "xr" and re.search(NOT_CHEST, opening, re.I):
                return None
            return name
    return None


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND6_FILES | parrot_draws.ROUND7_FILES,
    strata=STRATA,
    stratum=stratum,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    width=10,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
