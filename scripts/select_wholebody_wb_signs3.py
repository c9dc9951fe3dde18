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

import json
import random
import re
import sys
import zlib
from pathlib import Path

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


def used_keys(resources: Path) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file or silver mention file."""
    keys: set[int] = set()
    for tsv in sorted((resources / "challenge").glob("*.tsv")):
        header: list[str] = []
        for line in tsv.read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if not header:
                header = cells
                continue
            row = dict(zip(header, cells, strict=False))
            if row.get("corpus") == "parrot1":
                keys.update(int(row[c]) for c in ("row_a", "row_b") if row.get(c, "").isdigit())
    for jsonl in sorted((resources / "silver").glob("*.jsonl")):
        for line in jsonl.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line) if line.strip() else {}
            if rec.get("corpus") == "parrot1" and str(rec.get("report", "")).isdigit():
                keys.add(int(rec["report"]))
    return frozenset(keys)


def mine(key: int) -> bool:
    return zlib.crc32(str(key).encode()) % 4 == SHARE


def draw(reports: tuple[str, ...], used: frozenset[int]) -> list[tuple[str, int, list[int]]]:
    """(stratum, pool size, drawn keys in ascending order) per stratum."""
    pools: dict[str, list[int]] = {name: [] for name, _ in STRATA}
    for i, text in enumerate(reports):
        if i in used or not mine(i) or not MIN_CHARS <= len(text) <= MAX_CHARS:
            continue
        if not READING.search(text):
            continue
        for name, pattern in STRATA:
            if re.search(pattern, text[:OPENING], re.I):
                pools[name].append(i)
                break
    first = _sample(pools, STRATA, PER_STRATUM, SEED)
    taken = {k for _, _, keys in first for k in keys}
    second: dict[str, list[int]] = {name: [] for name, _ in SECOND_STRATA}
    for i, text in enumerate(reports):
        if i in used or i in taken or not mine(i) or not MIN_CHARS <= len(text) <= MAX_CHARS:
            continue
        if not READING.search(text):
            continue
        for name, pattern in SECOND_STRATA:
            if re.search(pattern, text, re.I):
                second[name].append(i)
                break
    return first + _sample(second, SECOND_STRATA, SECOND_PASS, SEED + 1)


def _sample(
    pools: dict[str, list[int]], strata: tuple[tuple[str, str], ...], k: int, seed: int
) -> list[tuple[str, int, list[int]]]:
    rng = random.Random(seed)
    return [
        (name, len(pools[name]), sorted(rng.sample(pools[name], min(k, len(pools[name])))))
        for name, _ in strata
    ]


def main(argv: list[str]) -> int:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root
    from radtrack_gui.util.paths import resources_dir

    shared = Path(argv[0]) if argv else shared_root()
    reports = parrot_v1_reports(shared)
    for name, pool, keys in draw(reports, used_keys(resources_dir())):
        print(f"{name:8} pool {pool:4d}  drawn {' '.join(map(str, keys))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
