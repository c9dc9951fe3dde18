"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev6.tsv`` (wb-signs4).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 6"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` (``used_keys``, round-5 files included; its own file and the other
  round-6 files, labelled after it, are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (0: the wb-signs4 share of round 6; the other
  three labellers use 1, 2 and 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters, an interpreting phrase (``READING``) where signs are
  read as diagnoses, and a conclusion / impression heading (``CONCLUSION``) after which a
  finding or a negative may be restated;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM`` from each, strata in order.
Second pass (planned after the first printed empty nuclear-medicine, breast and neck pools, before
any report was read): ``random.Random(SEED + 1)`` draws ``SECOND_PASS`` from each of
``SECOND_STRATA``, the whole text searched, no conclusion heading needed, the first pass's
reports left out.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_signs4.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import dataclasses
import re
import sys

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

OWN = "pairs_wholebody_dev6.tsv"  # the labels of this draw (not an exclusion)
SEED = 20261128
MIN_CHARS = 400
MAX_CHARS = 1600
OPENING = 300
PER_STRATUM = 5
SHARE = 0
READING = re.compile(
    r"consistent with|suggestive of|suggesting|compatible with|indicative of|likely"
    r"|in keeping with|suggests|representing|probabl|signs of",
    re.I,
)
CONCLUSION = re.compile(r"conclusion|impression|comment|summary", re.I)
STRATA: tuple[tuple[str, str], ...] = (
    ("nm", r"scintigra|\bspect\b|\bpet\b|nuclear|radionuclide|tc-?99|fdg"),
    ("breast", r"mammogra|bi-?rads|breast|tomosynthesis"),
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
)


SECOND_PASS = 3
SECOND_STRATA: tuple[tuple[str, str], ...] = (
    ("nm+", r"scintigra|\bspect\b|\bpet\b|radionuclide|tc-?99|fdg|tracer|uptake"),
    ("breast+", r"mammogra|bi-?rads|tomosynthesis"),
    ("neck+", r"thyroid|parotid|submandibular|cervical lymph|laryn|pharyn"),
)


def second_pass(reports: tuple[str, ...], used: frozenset[int], first: Drawn) -> Drawn:
    """The second pass: ``SECOND_PASS`` of each ``SECOND_STRATA`` pool (whole text) of the
    reports the first left that fit it but need no ``CONCLUSION``, drawn with ``SEED + 1``."""
    names = [name for name, _ in SECOND_STRATA]
    fits = dataclasses.replace(DRAW, needs=(READING,)).fits(used | parrot_draws.taken(first))
    pools = parrot_draws.pools(
        reports, names, fits, lambda text: parrot_draws.first_stratum(text, SECOND_STRATA)
    )
    return parrot_draws.seeded_sample(pools, names, SECOND_PASS, SEED + 1)


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND6_FILES,
    strata=STRATA,
    opening=OPENING,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    needs=(READING, CONCLUSION),
    extra=second_pass,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
