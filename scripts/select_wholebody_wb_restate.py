"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev14.tsv`` (tune) and
``challenge/pairs_wholebody_dev14_check.tsv`` (check) (wb-restate, round 10).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 10:
restatements"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys(..., through=9)``: the round-9 files count as used; this
  draw's own files and the other round-10 files are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: the wb-restate share of round 10;
  wb-signs 1, wb-recall 2, wb-mentions16 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters and a concluding heading (``CONCLUDES``: conclusion,
  impression, opinion, summary, imaging comment) somewhere in the text, so that findings can be
  restated in it;
- each goes to the FIRST stratum of ``STRATA`` whose rough modality keyword (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam): nuclear medicine,
  mammography, ultrasound, MR, CT, radiographs; ``other`` takes the rest;
- ``random.Random(SEED).sample`` draws from each pool (``PER_STRATUM``), strata in order, keys
  ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``DRAW.split``), the others to the tune set.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_restate.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

OWN = frozenset({"pairs_wholebody_dev14.tsv", "pairs_wholebody_dev14_check.tsv"})
SEED = 20261128
MIN_CHARS = 400
MAX_CHARS = 2000
OPENING = 300
SHARE = 0
CONCLUDES = re.compile(r"conclusions?\b|impression|opinion|summary|imaging comment", re.I)
STRATA: tuple[tuple[str, str], ...] = (
    ("nm", r"scintigra|\bPET\b|SPECT|bone scan|nuclear|radionuclide|\bTc-?99"),
    ("mg", r"mammogra|tomosynthesis|\bbreasts?\b"),
    ("us", r"ultrasound|sonogra|doppler|duplex|\bUS\b|\bUSG\b"),
    ("mr", r"\bMRI?\b|magnetic resonance"),
    ("ct", r"\bCT\b|computed tomogra|tomogra"),
    ("xr", r"x-ray|radiogra|\bRTG\b|\bXR\b"),
    ("other", r"[\s\S]"),
)
PER_STRATUM: dict[str, int] = {"nm": 3, "mg": 2, "us": 5, "mr": 8, "ct": 9, "xr": 3, "other": 4}

DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=OWN,
    skip=parrot_draws.ROUND10_FILES,
    through=9,
    strata=STRATA,
    opening=OPENING,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(CONCLUDES,),
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
