"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev12.tsv`` (tune) and
``challenge/pairs_wholebody_dev12_check.tsv`` (check) (wb-regions, round 9).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 9: pelvis,
spine, MSK, neck and vessels"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys(..., through=8)``: the round-8 files count as used; this
  draw's own files and the other round-9 files are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: the wb-regions share of round 9;
  wb-devices 1, wb-mentions13 2, wb-mentions14 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters and a site or level word (``SITE``: a side, a
  vertebral or disc level, a digit, a zone, a node level) somewhere in the text;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam; the whole text for
  the ``WHOLE`` stratum, the neck); the strata lean toward pelvis, spine, MSK and neck
  (``PER_STRATUM``), with vascular (Doppler, CTA);
- ``random.Random(SEED).sample`` draws from each pool, strata in order, keys ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``DRAW.split``), the others to the tune set.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_regions3.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

OWN = frozenset({"pairs_wholebody_dev12.tsv", "pairs_wholebody_dev12_check.tsv"})
SEED = 20261128
MIN_CHARS = 400
MAX_CHARS = 1600
OPENING = 300
SHARE = 0
SITE = re.compile(
    r"\b(right|left|bilateral)\b|\b[CTLS]\d{1,2}\b|\blevel\b|\bdigit|\bfinger|\btoe\b"
    r"|metatars|metacarp|phalan|\bzone\b|\bstation",
    re.I,
)
STRATA: tuple[tuple[str, str], ...] = (
    ("pelvis", r"uter(us|ine)|ovar|adnex|prostat|bladder|endometri|pelvi|scrot|test(is|es)"),
    ("spine", r"\bspin(e|al)\b|lumbar|cervical spine|thoracic spine|vertebra|sacr|\bdisc"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bhand\b|elbow|femur|tibia|fractur"
        r"|joint|tendon|menisc|ligament",
    ),
    ("neck", r"\bneck\b|thyroid|parotid|cervical (lymph|node)|larynx|salivary|submandib"),
    ("vascular", r"doppler|duplex|carotid|venous|arter(y|ies|ial)|\bveins?\b|aort|angio"),
)
# the stratum matched over the whole text (the neck rarely opens a report)
WHOLE = frozenset({"neck"})
PER_STRATUM: dict[str, int] = {
    "pelvis": 8,
    "spine": 7,
    "msk": 7,
    "neck": 3,
    "vascular": 6,
}

DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=OWN,
    skip=parrot_draws.ROUND9_FILES,
    through=8,
    strata=STRATA,
    opening=OPENING,
    whole=WHOLE,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(SITE,),
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
