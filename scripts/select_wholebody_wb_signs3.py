"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev4.tsv`` (wb-signs3).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 5"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys``; unlike dev3's copy, no file is exempt), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: the wb-signs3 share of round 5; the other
  three labellers use 1, 2 and 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters and an interpreting phrase (``READING``: "consistent
  with", "suggestive of", "compatible with", "likely", ...), where signs are read as diagnoses;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM`` from each, strata in order.
Second pass (added after the first pass was labelled, before any extractor or linker ran on
either): the first pass drew one vascular and one mammography report, so ``random.Random(SEED +
1)`` draws ``SECOND_PASS`` more from each of ``SECOND_STRATA`` (same rules, the whole text
searched, the first pass's reports left out).
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_signs3.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import re
import sys

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

SEED = 20261205
MIN_CHARS = 400
MAX_CHARS = 1800
OPENING = 300
PER_STRATUM = 5
SHARE = 0
READING = re.compile(
    r"consistent with|suggestive of|suggesting|compatible with|indicative of|likely"
    r"|in keeping with|suggests|representing|probabl",
    re.I,
)
STRATA: tuple[tuple[str, str], ...] = (
    ("neuro", r"\bbrain\b|cerebr|cranial|skull|head\b|intracran|pituitar"),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|laryn|pharyn|sinus|orbit"),
    ("vascular", r"doppler|duplex|carotid|venous|arter(y|ies|ial)|\bveins?\b|aort|angio"),
    ("pelvis", r"uter(us|ine)|ovar|adnex|prostat|bladder|endometri|pelvi|scrot|test(is|es)"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bhand\b|elbow|femur|tibia|fractur"
        r"|joint|tendon|menisc|ligament|\bspin(e|al)\b|lumbar|vertebra",
    ),
    ("abdomen", r"abdom|liver|hepat|pancrea|kidney|renal|biliar|gallbladder|spleen|bowel"),
    ("breast", r"mammogra|bi-?rads|breast"),
    ("chest", r"thora|chest|lung|pulmon"),
)


SECOND_PASS = 3
SECOND_STRATA: tuple[tuple[str, str], ...] = (
    ("vascular+", r"doppler|duplex|carotid|stenosis|thromb|plaque|aneurysm"),
    ("mammo+", r"mammogra|tomosynthesis"),
)


def second_pass(reports: tuple[str, ...], used: frozenset[int], first: Drawn) -> Drawn:
    """The second pass: ``SECOND_PASS`` of each ``SECOND_STRATA`` pool (whole text) of the
    reports the first left that fit it, drawn with ``SEED + 1``."""
    names = [name for name, _ in SECOND_STRATA]
    pools = parrot_draws.pools(
        reports,
        names,
        DRAW.fits(used | parrot_draws.taken(first)),
        lambda text: parrot_draws.first_stratum(text, SECOND_STRATA),
    )
    return parrot_draws.seeded_sample(pools, names, SECOND_PASS, SEED + 1)


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    skip=parrot_draws.ROUND6_FILES,
    strata=STRATA,
    opening=OPENING,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(READING,),
    extra=second_pass,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
