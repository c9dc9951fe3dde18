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

import sys

from radtrack_gui.evaluation import parrot_draws

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


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND6_FILES,
    strata=STRATA,
    opening=OPENING,
    whole=US_STRATA,
    gate=US_WORDS,
    gated=US_STRATA,
    max_chars=MAX_CHARS,
    keep=lambda key, _text: key not in READ_BEFORE,
    width=13,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
