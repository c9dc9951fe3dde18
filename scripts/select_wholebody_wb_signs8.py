"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev17.tsv`` (tune) and
``challenge/pairs_wholebody_dev17_check.tsv`` (check) (wb-signs8, round 11).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 11: signs and
synonyms"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` up to round 10 included (``used_keys(..., through=10)``; the other
  round-11 files, labelled beside this one from disjoint shares, are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (1: the wb-signs8 share of round 11);
- ``MIN_CHARS``-``MAX_CHARS`` characters and an interpreting phrase (``READING``) where signs
  are read as diagnoses (or attributed to a cause: "due to", "corresponding to", "suspicious
  for", "typical of", "in favour of", "possibly", "evidence of", ...);
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam); the strata lean
  toward pelvis, spine, MSK, neuro and vascular (``PER_STRATUM``);
- ``random.Random(SEED).sample`` draws from each pool, strata in order, keys ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``DRAW.split``), the others to the tune set.
Corrected once before any label was written: the first version (round 10's phrases only) found
23 fresh reports of this share, the spine and MSK pools empty; the phrases were widened and the
counts set to draw 33.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_signs8.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

OWN = frozenset({"pairs_wholebody_dev17.tsv", "pairs_wholebody_dev17_check.tsv"})
SEED = 20261131
MIN_CHARS = 300
MAX_CHARS = 3000
OPENING = 300
SHARE = 1
READING = re.compile(
    r"consistent with|suggestive of|suggesting|compatible with|indicative of|likely"
    r"|in keeping with|suggests|representing|probabl|signs of"
    r"|due to|correspond|suspicious for|characteristic of|typical of|may represent"
    r"|in favou?r of|possibl|presumabl|attributable|related to|sign of|evidence of",
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
    ("neuro", r"\bbrain\b|cerebr|cranial|skull|head\b|intracran|pituitar"),
    ("vascular", r"doppler|duplex|carotid|venous|arter(y|ies|ial)|\bveins?\b|aort|angio"),
    ("abdomen", r"abdom|liver|hepat|pancrea|kidney|renal|biliar|gallbladder|spleen|bowel"),
    ("other", r"."),
)
PER_STRATUM: dict[str, int] = {
    "pelvis": 5,
    "spine": 4,
    "msk": 5,
    "neuro": 6,
    "vascular": 5,
    "abdomen": 4,
    "other": 4,
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
    whole=(),
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(READING,),
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
