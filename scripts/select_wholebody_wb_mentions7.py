"""The draw of the PARROT v1.0 reports in the sixth whole-body mention sample (split dev6).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 6: mention recall
(ultrasound, neck, pelvis), fresh data"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span) but ``OWN`` (the check of
  ``scripts/select_wholebody_dev3.py``, ``used_keys``, round 5's files included), and whose
  ``zlib.crc32(str(key).encode()) % 4 == 2`` (this labeller's share in round 6; wb-signs4,
  wb-regions2 and wb-mentions8 use 0, 1 and 3, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches: the ultrasound strata need an ultrasound word (``US_WORDS``) anywhere in the text
  and their own pattern anywhere; ``neck`` and ``pelvis`` read the opening (the first
  ``OPENING`` characters, where PARROT names the exam or its main subject);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each, strata in order (one
  generator for the whole draw): weighted toward ultrasound of every kind (obstetric, scrotal,
  pelvic, thyroid/neck, vascular Doppler, renal, abdominal, any other report with an
  ultrasound word), then neck and pelvis of any modality (the brief of wb-mentions7).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions7.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261206
MAX_CHARS = 1800
OPENING = 300
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-mentions7
OWN = "mentions_wholebody_dev6.jsonl"  # the labels of this draw (not an exclusion)
US_WORDS = r"ultrasound|ultrasonograph|sonograph|echogenic|echotexture|hypoechoic|anechoic|doppler"
US_STRATA = frozenset(
    {
        "us_obstetric",
        "us_scrotal",
        "us_pelvis",
        "us_neck",
        "us_doppler",
        "us_renal",
        "us_abdomen",
        "us_other",
    }
)
STRATA: tuple[tuple[str, str], ...] = (
    ("us_obstetric", r"fetal|fetus|gestation|placenta|amniotic|pregnan"),
    ("us_scrotal", r"scrot|testi|epididym|varicocele|hydrocele"),
    ("us_pelvis", r"uter(us|ine)|endometri|ovar(y|ies|ian)|adnex|prostat|bladder"),
    ("us_neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph"),
    ("us_doppler", r"doppler|duplex|waveform|carotid|venous|arter(y|ies|ial)|\bveins?\b"),
    ("us_renal", r"kidney|renal|ureter|hydronephros"),
    ("us_abdomen", r"liver|gallbladder|spleen|pancrea|bile|hepat"),
    ("us_other", r""),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph|laryn|pharyn"),
    ("pelvis", r"pelvi|prostat|bladder|rect(um|al)|uter(us|ine)|ovar(y|ies|ian)|adnex"),
)
# This share of PARROT holds few unused ultrasound reports (the rounds before drew most): every
# ultrasound stratum takes up to its whole pool, "us_other" any other report with an
# ultrasound word, then neck and pelvis of any modality fill the sample.
PER_STRATUM = {
    "us_obstetric": 4,
    "us_scrotal": 5,
    "us_pelvis": 6,
    "us_neck": 4,
    "us_doppler": 4,
    "us_renal": 4,
    "us_abdomen": 4,
    "us_other": 10,
    "neck": 5,
    "pelvis": 9,
}


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    strata=STRATA,
    opening=OPENING,
    whole=US_STRATA,
    gate=US_WORDS,
    gated=US_STRATA,
    max_chars=MAX_CHARS,
    width=13,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
