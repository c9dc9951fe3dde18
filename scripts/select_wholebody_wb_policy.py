"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev8.tsv`` (tune) and
``challenge/pairs_wholebody_dev8_check.tsv`` (check), round 7, wb-policy.

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 7: linking
policy measured on every dev set"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``parrot_draws.used_keys``; the round-7 files are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: wb-policy's round-7 share; wb-signs5 1,
  wb-mentions9 2, wb-mentions10 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters and a conclusion / impression heading
  (``CONCLUSION``), after which a finding or a negative may be restated (GUIDELINE rule 9);
- no chest word in the opening (``NOT_CHEST``): the set is for non-chest CT, MR and US;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each, strata in order (one
  generator for the whole draw).
Draw order is the strata in order, keys ascending within a stratum; every THIRD drawn report
of that order (the 3rd, 6th, ...) is labelled into the check file (``DRAW.split``), the rest into
the tune file. The keyword is only a guess of the exam: the modality and region stored with
the labels are the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_policy.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws

OWN = "pairs_wholebody_dev8.tsv"  # the tune labels of this draw
OWN_CHECK = "pairs_wholebody_dev8_check.tsv"  # the check labels (every third drawn report)
SEED = 20261128
SHARE = 0
MIN_CHARS = 500
MAX_CHARS = 1800
OPENING = 300
CONCLUSION = re.compile(r"conclusion|impression|assessment|summary", re.I)
NOT_CHEST = re.compile(r"chest|lung|thora|pulmon|mediastin", re.I)
STRATA: tuple[tuple[str, str], ...] = (
    (
        "pelvis",
        r"uter(us|ine)|ovar(y|ies|ian)|adnex|prostat|(?<!gall)bladder|endometri|cervix|vagin"
        r"|(?<!renal )pelvi(s|c)\b|scrot|testi|rect(um|al)",
    ),
    ("spine", r"\bspin(e|al)\b|lumbar|vertebra|intervertebral|\bdiscs?\b|sacr|cervical spine"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bfeet\b|\bhand\b|elbow|femur|femoral"
        r"|tibia|fibula|humer|radius|ulna|fractur|joint|tendon|menisc|ligament",
    ),
    ("head", r"\bbrain\b|cerebr|intracranial|skull|\bhead\b|sinus|orbit|ventric|fossa"),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|laryn|pharyn|lymph node"),
    ("vascular", r"doppler|duplex|carotid|venous|arter(y|ies|ial)|\bveins?\b|aort|angio"),
    ("abdomen", r"abdom|liver|hepat|pancrea|kidney|renal|biliar|gallbladder|spleen|bowel"),
)
PER_STRATUM = {
    "pelvis": 5,
    "spine": 4,
    "msk": 4,
    "head": 4,
    "neck": 2,
    "vascular": 2,
    "abdomen": 6,
}


def stratum(text: str) -> str | None:
    if NOT_CHEST.search(text[:OPENING]):
        return None
    return parrot_draws.first_stratum(text, STRATA, OPENING)


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN, OWN_CHECK}),
    strata=STRATA,
    stratum=stratum,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(CONCLUSION,),
    width=9,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
