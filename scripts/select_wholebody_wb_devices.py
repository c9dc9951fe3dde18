"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev13.tsv`` (tune) and
``challenge/pairs_wholebody_dev13_check.tsv`` (check) (wb-devices, round 9).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 9: device
episodes beyond the chest"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys(..., through=8)``: the round-8 files count as used; this
  draw's own files are no exclusion), with ``zlib.crc32(str(key).encode()) % 4 == SHARE``
  (1: the wb-devices share of round 9; wb-regions 0, wb-mentions13 2, wb-mentions14 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches anywhere in its text (a device is named anywhere in a report): stents; orthopaedic
  hardware; drains, tubes, catheters, nephrostomies, shunts and ports; cardiac devices and
  valve prostheses; IUDs and implants; clips, coils, filters, grafts, meshes and spacers; and,
  for negatives restated, reports with a conclusion heading and a negation (``neg``);
- ``random.Random(SEED).sample`` draws from each pool (``PER_STRATUM``), strata in order, keys
  ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``DRAW.split``), the others to the tune set.
The keyword is only a guess: the device words and the exam stored with the labels are the
labeller's reading of each report. The rule was corrected once, before any label was written: its
first version (at most 1800 characters, looser words) drew reports by "embolism" and "line" as
device words. Now the device strata take every fresh report of the share that names a device
(``tube`` its whole pool); the share holds few (44 of its 474 fresh rows).

Usage: python scripts/select_wholebody_wb_devices.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

OWN = frozenset({"pairs_wholebody_dev13.tsv", "pairs_wholebody_dev13_check.tsv"})
SEED = 20261128
MIN_CHARS = 300
MAX_CHARS = 4500
SHARE = 1
STRATA: tuple[tuple[str, str], ...] = (
    ("stent", r"\bstent(s|ed)?\b"),
    (
        "ortho",
        r"endoprosth|arthroplast|osteosynth|\bscrews?\b|\bnails?\b|\bK-wires?\b"
        r"|\bprosthe(sis|ses|tic)\b|\bfixation\b|\bcerclage",
    ),
    ("cardiac", r"pacemaker|\bICD\b|defibrillat|valve (prosthes|replacement)|\bTAVI"),
    ("implant", r"\bIUD\b|intrauterine (device|contracept)|\bimplants?\b|\bspacers?\b"),
    (
        "clip",
        r"\bclips?\b|\bclipping\b|\bcoils?\b|\b(IVC|vena cava) filter|\bgrafts?\b|\bmesh\b"
        r"|\bembolization coils?",
    ),
    (
        "tube",
        r"\bdrains?\b|\btubes?\b|catheter|nephrostom|\bshunts?\b|\bports?\b|cannula"
        r"|\bPICC\b|\bPTD\b|double-J|\bJJ\b",
    ),
    ("neg", r"(conclusion|impression)[\s\S]*\b(no|without)\b"),
)
PER_STRATUM: dict[str, int] = {
    "stent": 6,
    "ortho": 6,
    "cardiac": 4,
    "implant": 5,
    "clip": 6,
    "tube": 22,
    "neg": 8,
}

DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=OWN,
    skip=parrot_draws.ROUND9_FILES,
    through=8,
    strata=STRATA,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
