"""The draw of the PARROT v1.0 reports in the fifth whole-body mention sample (split dev5).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 5"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span): the check of
  ``scripts/select_wholebody_dev3.py`` (``used_keys``), here with this labeller's share of
  round 5, ``zlib.crc32(str(key).encode()) % 4 == 3`` (wb-signs3, wb-regions and wb-mentions5
  take 0, 1 and 2, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters, where PARROT names the exam or its
  main subject); a report no pattern matches is in ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  order (one generator for the whole draw): weighted toward CT and MR of every region,
  spine, MSK, mammography and head (the brief of wb-mentions6).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions6.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261127
MAX_CHARS = 1500
OPENING = 300
SHARE = 3  # zlib.crc32(str(key).encode()) % 4 for wb-mentions6
OWN = "mentions_wholebody_dev5.jsonl"  # the labels of this draw (not an exclusion)
STRATA: tuple[tuple[str, str], ...] = (
    ("mammo", r"mammogra|bi-?rads|tomosynthesis|\bbreasts?\b"),
    ("spine", r"\bspin(e|al)\b|lumbar|vertebra|intervertebral|\bdiscs?\b|sacr"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bfeet\b|\bhand\b|elbow|femur|femoral"
        r"|tibia|fibula|humer|radius|ulna|fractur|joint|tendon|menisc|ligament",
    ),
    ("head", r"\bbrain|skull|cran|cerebr|\bhead\b|sella|orbit|sinus|ventric"),
    ("ct", r"\bCT\b|computed tomograph|multislice|\bCTA\b"),
    ("mr", r"\bMRI?\b|magnetic resonance|\bT[12]W?I?\b|\bSTIR\b|\bFLAIR\b|diffusion"),
    ("other", r""),
)
PER_STRATUM = {"mammo": 5, "spine": 6, "msk": 6, "head": 5, "ct": 7, "mr": 6, "other": 4}


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND5_FILES | parrot_draws.ROUND6_FILES,
    strata=STRATA,
    opening=OPENING,
    max_chars=MAX_CHARS,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
