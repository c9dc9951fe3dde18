"""The draw of the PARROT v1.0 reports in the eighth whole-body mention sample (splits dev8, dev8check).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 7: mention recall beyond
the tables"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` (``parrot_draws.used_keys``, every
  file but ``OWN`` and the round 7 files, which ``used_keys`` always skips), with this
  labeller's share of round 7, ``zlib.crc32(str(key).encode()) % 4 == 2`` (wb-policy,
  wb-signs5 and wb-mentions10 take 0, 1 and 3, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches: the whole text for the ultrasound strata (the word that says ultrasound often comes
  late), the opening (the first ``OPENING`` characters) for ``neck`` and ``vasc``; a report no
  pattern matches is in ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  order (one generator for the whole draw): weighted toward ultrasound (vascular Doppler, neck,
  scrotal, pelvic, renal, abdominal), neck and vascular CT/MR angiography (the brief of
  wb-mentions9);
- the draw order is the printed order (strata in order, keys ascending in each): every THIRD
  drawn report (the 3rd, 6th, ...) is a CHECK report (split dev8check, scored, never read for
  tuning), the others are split dev8 (:func:`check_keys`).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions9.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261129
MAX_CHARS = 1800
OPENING = 400
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-mentions9
OWN = "mentions_wholebody_dev8.jsonl"  # the labels of this draw (not an exclusion)
_US = r"(ultraso|sonograph|echograph|doppler|duplex|transducer|echogenic|echoic|echotexture|\bUS\b)"


def _with_us(organs: str) -> str:
    return rf"{_US}[\s\S]*({organs})|({organs})[\s\S]*{_US}"


STRATA: tuple[tuple[str, str], ...] = (
    ("us_vasc", r"doppler|duplex|colou?r[- ]flow|spectral"),
    ("us_neck", _with_us(r"thyroid|neck|parotid|submandibular|cervical lymph")),
    ("us_scro", _with_us(r"testi|scrot|epididym")),
    ("us_pelv", _with_us(r"uter|ovar|endometri|transvaginal|adnex|prostat")),
    ("us_renal", _with_us(r"kidney|renal")),
    ("us_abd", _US),
    ("neck", r"thyroid|\bneck\b|laryn|parotid|pharyn|cervical lymph|submandibular"),
    ("vasc", r"angiogra|\bCTA\b|\bMRA\b|\bDSA\b|aneurysm|carotid|aort|stenos|vascular|vein"),
    ("other", r""),
)
US_STRATA = frozenset(name for name, _ in STRATA if name.startswith("us_"))
PER_STRATUM = {
    "us_vasc": 4,
    "us_neck": 1,
    "us_scro": 4,
    "us_pelv": 5,
    "us_renal": 4,
    "us_abd": 9,
    "neck": 7,
    "vasc": 8,
    "other": 3,
}


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    strata=STRATA,
    opening=OPENING,
    whole=US_STRATA,
    max_chars=MAX_CHARS,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
