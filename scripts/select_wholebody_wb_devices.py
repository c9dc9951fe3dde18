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
  goes to the check set (``split``), the others to the tune set.
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
from pathlib import Path

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

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


def used_keys(resources: Path) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file or silver mention file, the
    round-8 files included, but this draw's own files and the other round-9 files."""
    return parrot_draws.used_keys(resources, skip=parrot_draws.ROUND9_FILES | OWN, through=8)


def mine(key: int) -> bool:
    return parrot_draws.in_share(key, 4, SHARE)


def draw(reports: tuple[str, ...], used: frozenset[int]) -> Drawn:
    """(stratum, pool size, drawn keys in ascending order) per stratum."""

    def fits(i: int, text: str) -> bool:
        return i not in used and mine(i) and MIN_CHARS <= len(text) <= MAX_CHARS

    names = [name for name, _ in STRATA]
    pools = parrot_draws.pools(
        reports, names, fits, lambda text: parrot_draws.first_stratum(text, STRATA)
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
