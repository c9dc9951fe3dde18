"""The draw of the PARROT v1.0 reports of ``challenge/pairs_wholebody_dev11.tsv`` (tune) and
``challenge/pairs_wholebody_dev11_check.tsv`` (check) (wb-signs6, round 8).

Rule (written before labelling, run once; see docs/linking-wholebody.md, "Round 8: sign and
synonym relations from terminology"):
- fresh reports only: PARROT v1.0 rows referenced by no file of ``resources/challenge/`` or
  ``resources/silver/`` up to round 7 included (``used_keys(..., through=7)``; the other
  round-8 files, labelled beside this one from disjoint shares, are no exclusion), with
  ``zlib.crc32(str(key).encode()) % 4 == SHARE`` (1: the wb-signs6 share of round 8; wb-sites2
  0, wb-mentions11 2, wb-mentions12 3);
- ``MIN_CHARS``-``MAX_CHARS`` characters and an interpreting phrase (``READING``) where signs
  are read as diagnoses;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (``OPENING`` characters, where PARROT names the exam); the strata lean
  toward pelvis, spine, MSK, neuro and vascular (``PER_STRATUM``);
- ``random.Random(SEED).sample`` draws from each pool, strata in order, keys ascending in each;
- draw order = strata in order, keys ascending: every THIRD drawn report (positions 3, 6, 9, ...)
  goes to the check set (``split``), the others to the tune set.
The keyword is only a guess of the exam: the modality and region stored with the labels are the
labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_signs6.py [SHARED]   (prints stratum, pool, keys, and
the check keys)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

OWN = frozenset({"pairs_wholebody_dev11.tsv", "pairs_wholebody_dev11_check.tsv"})
SEED = 20261128
MIN_CHARS = 400
MAX_CHARS = 1600
OPENING = 300
SHARE = 1
READING = re.compile(
    r"consistent with|suggestive of|suggesting|compatible with|indicative of|likely"
    r"|in keeping with|suggests|representing|probabl|signs of",
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
)
PER_STRATUM: dict[str, int] = {
    "pelvis": 6,
    "spine": 6,
    "msk": 6,
    "neuro": 6,
    "vascular": 6,
    "abdomen": 6,
}


def used_keys(resources: Path) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file or silver mention file up to
    round 7, but this draw's own files (the round-8 files never count)."""
    return parrot_draws.used_keys(resources, skip=OWN, through=7)


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
        )

    names = [name for name, _ in STRATA]
    pools = parrot_draws.pools(
        reports, names, fits, lambda text: parrot_draws.first_stratum(text, STRATA, OPENING)
    )
    return parrot_draws.seeded_sample(pools, names, PER_STRATUM, SEED)


def split(drawn: Drawn) -> tuple[list[int], list[int]]:
    """(tune keys, check keys): every third report in draw order goes to the check set."""
    order = [k for _, _, keys in drawn for k in keys]
    check = order[2::3]
    return [k for k in order if k not in check], check


def main(argv: list[str]) -> int:
    code = parrot_draws.run(argv, draw, used_keys)
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root
    from radtrack_gui.util.paths import resources_dir

    shared = Path(argv[0]) if argv else shared_root()
    tune, check = split(draw(parrot_v1_reports(shared), used_keys(resources_dir())))
    print("tune  ", " ".join(map(str, tune)))
    print("check ", " ".join(map(str, check)))
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
