"""The draw of the PARROT v1.0 reports in the eleventh whole-body mention sample (splits dev11,
dev11check).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 8: measured and
described observations (ultrasound, neck)"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-7
  (``parrot_draws.used_keys(..., through=7)``, every file but ``OWN``), with this labeller's
  share of round 8, ``zlib.crc32(str(key).encode()) % 4 == 3`` (wb-sites2, wb-signs6 and
  wb-mentions11 take 0, 1 and 2, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive):
  an ultrasound word (``US``) with a neck word (``NECK``) is ``us_neck``; else an ultrasound
  word with a vessel word ``us_vasc``, with a pelvic/scrotal/obstetric word ``us_pelvic``, with
  an abdominal organ word ``us_abdomen``, any other ultrasound ``us_other``; no ultrasound word
  but a neck word and a CT/MR word is ``neck_ctmr``; the rest ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): weighted toward ultrasound and neck
  CT/MR (the brief of wb-mentions12: at least half ultrasound and neck CT/MR);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev11check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev11``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions12.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261228
MAX_CHARS = 1500
SHARE = 3  # zlib.crc32(str(key).encode()) % 4 for wb-mentions12 (round 8)
OWN = "mentions_wholebody_dev11.jsonl"  # the labels of this draw (not an exclusion)
US = (
    r"ultrason|sonogra|echogen|echotext|echostruct|echo-?structure|hypoechoic|hyperechoic"
    r"|anechoic|isoechoic|doppler|\bUS\b|\bCDFI\b|colou?r flow|transducer|\bprobe"
)
NECK = (
    r"thyroid|\bneck\b|parotid|submandibular|salivary|laryn|pharyn|cervical lymph|jugular|carotid"
)
VESSEL = r"vein|venous|arter|doppler|thromb"
PELVIC = r"scrot|testi|uter|ovar|prostat|bladder|pelvi|fetus|fetal|gestat|endometr"
ABDOMEN = r"liver|kidney|renal|gallbladder|spleen|pancrea|abdom"
CTMR = r"\bCT\b|\bMRI?\b|tomograph|magnetic"
NAMES = ("us_neck", "us_vasc", "us_pelvic", "us_abdomen", "us_other", "neck_ctmr", "other")
PER_STRATUM = {
    "us_neck": 8,
    "us_vasc": 8,
    "us_pelvic": 7,
    "us_abdomen": 2,
    "us_other": 5,
    "neck_ctmr": 9,
    "other": 6,
}


def stratum(text: str) -> str:
    """The report's stratum (the rule above)."""
    if parrot_draws.has(US, text):
        if parrot_draws.has(NECK, text):
            return "us_neck"
        for name, pattern in (("us_vasc", VESSEL), ("us_pelvic", PELVIC), ("us_abdomen", ABDOMEN)):
            if parrot_draws.has(pattern, text):
                return name
        return "us_other"
    if parrot_draws.has(NECK, text) and parrot_draws.has(CTMR, text):
        return "neck_ctmr"
    return "other"


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    through=7,
    names=NAMES,
    stratum=stratum,
    max_chars=MAX_CHARS,
    width=10,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
