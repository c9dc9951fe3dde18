"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev16.tsv`` (tune) and
``challenge/pairs_wholebody_dev16_check.tsv`` (check) (wb-restate2, round 11).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 11:
restatements"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys(..., through=10)``: the round-10 files count as used; this
  draw's own files and the other round-11 files are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: the wb-restate2 share of round 11);
- ``MIN_CHARS``-``MAX_CHARS`` characters and a concluding heading (``CONCLUDES``: conclusion,
  impression, opinion, summary, imaging comment) somewhere in the text, so that findings can be
  restated in it;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam): nuclear medicine,
  mammography, ultrasound, MR, then CT and radiographs of a non-chest body part (pelvis, hip,
  spine, a limb or joint: ``BODY``) before the other CT and radiographs; ``other`` takes the rest;
- the weights (``PER_STRATUM``) favour US, MR and the non-chest CT/XR, where the held-out half
  of round 10 was weakest (pelvis, spine, MSK, US);
- one correction before any label was written: the first counts drew 18 reports (the US, MG and
  XR pools of this share are nearly empty), so nm, mr, ct and other were raised to reach ~30;
- ``random.Random(SEED).sample`` draws from each pool, strata in order, keys ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``DRAW.split``), the others to the tune set.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_restate2.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

OWN = frozenset({"pairs_wholebody_dev16.tsv", "pairs_wholebody_dev16_check.tsv"})
SEED = 20261130
MIN_CHARS = 400
MAX_CHARS = 2000
OPENING = 300
SHARE = 0
CONCLUDES = re.compile(r"conclusions?\b|impression|opinion|summary|imaging comment", re.I)
CT = r"\bCT\b|computed tomogra|tomogra"
XR = r"x-ray|radiogra|\bRTG\b|\bXR\b"
BODY = (
    r"pelvi|\bhips?\b|sacr|coccy|spin|vertebr|lumbar|cervical|thoracolumbar|femur|femoral"
    r"|knee|tibia|fibula|ankle|foot|feet|shoulder|humer|elbow|forearm|wrist|hand|finger"
    r"|limb|joint|bone|osseous|musculoskeletal"
)
STRATA: tuple[tuple[str, str], ...] = (
    ("nm", r"scintigra|\bPET\b|SPECT|bone scan|nuclear|radionuclide|\bTc-?99"),
    ("mg", r"mammogra|tomosynthesis|\bbreasts?\b"),
    ("us", r"ultrasound|sonogra|doppler|duplex|\bUS\b|\bUSG\b"),
    ("mr", r"\bMRI?\b|magnetic resonance"),
    ("ct_body", rf"^(?=[\s\S]*(?:{CT}))(?=[\s\S]*(?:{BODY}))"),
    ("xr_body", rf"^(?=[\s\S]*(?:{XR}))(?=[\s\S]*(?:{BODY}))"),
    ("ct", CT),
    ("xr", XR),
    ("other", r"[\s\S]"),
)
PER_STRATUM: dict[str, int] = {
    "nm": 2,
    "mg": 1,
    "us": 7,
    "mr": 10,
    "ct_body": 6,
    "xr_body": 4,
    "ct": 7,
    "xr": 1,
    "other": 5,
}

DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=OWN,
    skip=parrot_draws.ROUND11_FILES,
    through=10,
    strata=STRATA,
    opening=OPENING,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(CONCLUDES,),
    width=8,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
