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

import re
import sys
from pathlib import Path

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


def used_keys(resources: Path) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file or silver mention file but
    ``OWN`` (the file this draw was labelled into) and the other round-6 files."""
    return parrot_draws.used_keys(resources, skip=parrot_draws.ROUND6_FILES | {OWN})


def mine(key: int) -> bool:
    return parrot_draws.in_share(key, 4, SHARE)


def draw(reports: tuple[str, ...], used: frozenset[int]) -> Drawn:
    """(stratum, pool size, drawn keys in ascending order) per stratum."""

    def fits(i: int, text: str) -> bool:
        return (
            i not in used
            and mine(i)
            and MIN_CHARS <= len(text) <= MAX_CHARS
            and READING.search(text) is not None
            and CONCLUSION.search(text) is not None
        )

    names = [name for name, _ in STRATA]
    pools = parrot_draws.pools(
        reports, names, fits, lambda text: parrot_draws.first_stratum(text, STRATA, OPENING)
    )
    first = parrot_draws.seeded_sample(pools, names, PER_STRATUM, SEED)
    taken = {k for _, _, keys in first for k in keys}
    second_names = [name for name, _ in SECOND_STRATA]
    second = parrot_draws.pools(
        reports,
        second_names,
        lambda i, text: (
            i not in taken
            and i not in used
            and mine(i)
            and MIN_CHARS <= len(text) <= MAX_CHARS
            and READING.search(text) is not None
        ),
        lambda text: parrot_draws.first_stratum(text, SECOND_STRATA),
    )
    return first + parrot_draws.seeded_sample(second, second_names, SECOND_PASS, SEED + 1)


def main(argv: list[str]) -> int:
    return parrot_draws.run(argv, draw, used_keys)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
