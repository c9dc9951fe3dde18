"""The draw of the PARROT v1.0 reports in the seventh whole-body pair file (pairs_wholebody_dev7.tsv).

Rule (written before labelling, run once; round 6, wb-regions2):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span), and whose
  ``zlib.crc32(str(key).encode()) % 4 == 1`` (this labeller's share; wb-signs4 0, wb-mentions7 2,
  wb-mentions8 3);
- reports of ``MIN_CHARS`` to ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters, where PARROT names the exam or its
  main subject); the non-chest radiograph stratum also needs no chest/lung word there;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each, strata in order (one
  generator for the whole draw).
Second pass (written after the first draw gave only 16 pelvic pairs, before any report of it
was labelled): ``SECOND_SEED`` draws ``SECOND_K`` more reports, none of the first draw, whose WHOLE
text matches the pelvic-organ pattern ``SECOND_PELVIS`` and a conclusion heading ``CONCLUSION``.
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_regions2.py [SHARED]   (prints stratum, pool size, keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

SEED = 20261128
MIN_CHARS = 400
MAX_CHARS = 2000
OPENING = 300
SHARE = 1  # zlib.crc32(str(key).encode()) % 4 for wb-regions2
OWN = "pairs_wholebody_dev7.tsv"  # the labels of this draw (not an exclusion)
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
    ("head", r"\bbrain\b|cerebr|intracranial|skull|\bhead\b|sinus|orbit|ventric"),
    ("xr", r"radiograph|x-?ray|\bviews?\b"),
)
NOT_CHEST = r"chest|lung|thora|pulmon"
PER_STRATUM = {"obstetric": 2, "pelvis": 6, "spine": 5, "msk": 5, "head": 3, "xr": 3}


SECOND_SEED = 20261129
SECOND_K = 4
SECOND_PELVIS = r"uter(us|ine)|ovar(y|ies|ian)|adnex|prostat|endometri|scrot|testi(s|cle|cular)"
CONCLUSION = r"conclusion|impression|assessment|summary"


def stratum(text: str) -> str | None:
    opening = text[:OPENING]
    for name, pattern in STRATA:
        if re.search(pattern, opening, re.I):
            if name == "xr" and re.search(NOT_CHEST, opening, re.I):
                return None
            return name
    return None


def second_pass(reports: tuple[str, ...], used: frozenset[int], first: Drawn) -> Drawn:
    """The second pass: ``SECOND_K`` of the reports the first left that fit it and name a
    pelvic organ (``SECOND_PELVIS``) and a conclusion, drawn with ``SECOND_SEED``."""
    pools = parrot_draws.pools(
        reports,
        ["pelvis2"],
        DRAW.fits(used | parrot_draws.taken(first)),
        lambda text: (
            "pelvis2"
            if re.search(SECOND_PELVIS, text, re.I) and re.search(CONCLUSION, text, re.I)
            else None
        ),
    )
    return parrot_draws.seeded_sample(pools, ["pelvis2"], SECOND_K, SECOND_SEED)


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND7_FILES,
    strata=STRATA,
    stratum=stratum,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    extra=second_pass,
    width=10,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
