"""The draw of the PARROT v1.0 reports in the fourth whole-body mention sample (split dev4).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 5: mention recall
(ultrasound, neck, pelvis), fresh data"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span) but ``OWN``, nor in ``READ_BEFORE``
  (drawn and read by an earlier labeller, in no file as it states no finding), and whose
  ``zlib.crc32(str(key).encode()) % 4 == 2`` (this labeller's share in round 5; the three other
  labellers use 0, 1 and 3, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches: the ultrasound strata need an ultrasound word (``US_WORDS``) anywhere in the text
  and their own pattern anywhere; the others read the opening (the first ``OPENING``
  characters, where PARROT names the exam or its main subject);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM`` from each, strata in order (one
  generator for the whole draw).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions5.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import json
import random
import re
import sys
import zlib
from pathlib import Path

SEED = 20261205
MAX_CHARS = 1800
OPENING = 300
PER_STRATUM = 6
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-mentions5
OWN = "mentions_wholebody_dev4.jsonl"  # the labels of this draw (not an exclusion)
# Read by an earlier labeller though no file names it (drawn into dev3, states no finding).
READ_BEFORE = frozenset({1174})
US_WORDS = r"ultrasound|ultrasonograph|sonograph|echogenic|echotexture|hypoechoic|anechoic|doppler"
US_STRATA = frozenset({"us_obstetric", "us_pelvis", "us_neck", "us_doppler", "us_abdomen"})
STRATA: tuple[tuple[str, str], ...] = (
    ("us_obstetric", r"fetal|fetus|gestation|placenta|amniotic|pregnan"),
    ("us_pelvis", r"uter(us|ine)|endometri|ovar(y|ies|ian)|adnex|prostat|bladder|scrot|testi"),
    ("us_neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph"),
    ("us_doppler", r"doppler|duplex|waveform|carotid|venous|arter(y|ies|ial)|\bveins?\b"),
    ("us_abdomen", r"liver|gallbladder|kidney|renal|spleen|pancrea|bile|hepat"),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph|laryn|pharyn"),
    ("pelvis", r"pelvi|prostat|bladder|rect(um|al)|uter(us|ine)|ovar(y|ies|ian)|adnex"),
    (
        "bowel",
        r"bowel|colon|stoma|ile(um|al)|jejun|sigmoid|colostomy|ileostomy|append|intestin"
        r"|enter(ic|o)",
    ),
)


def used_keys(resources: Path) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file or silver mention file (but
    ``OWN``, the file this draw was labelled into)."""
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
        if jsonl.name == OWN:
            continue
        for line in jsonl.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line) if line.strip() else {}
            if rec.get("corpus") == "parrot1" and str(rec.get("report", "")).isdigit():
                keys.add(int(rec["report"]))
    return frozenset(keys)


def mine(key: int) -> bool:
    return zlib.crc32(str(key).encode()) % 4 == SHARE


def stratum(text: str) -> str:
    """The first stratum whose pattern matches ``text`` ("" for none)."""
    is_us = re.search(US_WORDS, text, re.I) is not None
    for name, pattern in STRATA:
        if name in US_STRATA:
            if is_us and re.search(pattern, text, re.I):
                return name
        elif re.search(pattern, text[:OPENING], re.I):
            return name
    return ""


def draw(reports: tuple[str, ...], used: frozenset[int]) -> list[tuple[str, int, list[int]]]:
    """(stratum, pool size, drawn keys in ascending order) per stratum."""
    pools: dict[str, list[int]] = {name: [] for name, _ in STRATA}
    for i, text in enumerate(reports):
        if i in used or i in READ_BEFORE or not mine(i) or len(text) > MAX_CHARS:
            continue
        name = stratum(text)
        if name:
            pools[name].append(i)
    rng = random.Random(SEED)
    return [
        (
            name,
            len(pools[name]),
            sorted(rng.sample(pools[name], min(PER_STRATUM, len(pools[name])))),
        )
        for name, _ in STRATA
    ]


def main(argv: list[str]) -> int:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root
    from radtrack_gui.util.paths import resources_dir

    shared = Path(argv[0]) if argv else shared_root()
    reports = parrot_v1_reports(shared)
    for name, pool, keys in draw(reports, used_keys(resources_dir())):
        print(f"{name:13} pool {pool:4d}  drawn {' '.join(map(str, keys))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
