"""The draw of the PARROT v1.0 reports in the twelfth whole-body mention sample (splits dev12,
dev12check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 9: mentions of
ultrasound, neck, pelvis and MSK; false positives"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-8
  (``parrot_draws.used_keys(..., through=8)``, every file but ``OWN``), with this labeller's
  share of round 9, ``zlib.crc32(str(key).encode()) % 4 == 2`` (wb-regions, wb-devices and
  wb-mentions14 take 0, 1 and 3, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters, ``LONG_CHARS`` in the ultrasound and neck strata
  (``LONG``: their fresh pools of short reports are nearly empty after eight rounds);
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive):
  an ultrasound word (``US``) with a neck word (``NECK``) is ``us_neck``; else an ultrasound
  word with a pelvic/scrotal/obstetric word ``us_pelvic``, with a joint/tendon/limb word
  ``us_msk``, any other ultrasound ``us_other``; no ultrasound word but a neck word and a CT/MR
  word is ``neck_ctmr``; else a pelvic word with a CT/MR word ``pelvis_ctmr``; else a
  joint/limb-bone word ``msk``; the rest ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): weighted toward ultrasound, neck, pelvis
  and MSK (the brief of wb-mentions13: at least half of them);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev12check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev12``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions13.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261128
MAX_CHARS = 1500
LONG_CHARS = 2300
LONG = frozenset({"us_neck", "us_pelvic", "us_msk", "us_other", "neck_ctmr"})
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-mentions13 (round 9)
OWN = "mentions_wholebody_dev12.jsonl"  # the labels of this draw (not an exclusion)
US = (
    r"ultrason|sonogra|echogen|echotext|echostruct|echo-?structure|hypoechoic|hyperechoic"
    r"|anechoic|isoechoic|doppler|\bUS\b|\bCDFI\b|colou?r flow|transducer|\bprobe"
)
NECK = (
    r"thyroid|\bneck\b|parotid|submandibular|salivary|laryn|pharyn|cervical lymph|jugular|carotid"
)
PELVIC = r"scrot|testi|uter|ovar|prostat|bladder|pelvi|fetus|fetal|gestat|endometr|adnex|rectum"
MSK = (
    r"\bknee|shoulder|\bhip\b|ankle|wrist|elbow|tendon|ligament|menisc|labrum|rotator|femur"
    r"|tibia|fibula|humer|\bradius\b|\bulna|cartilage|\bjoint"
)
CTMR = r"\bCT\b|\bMRI?\b|tomograph|magnetic"
NAMES = ("us_neck", "us_pelvic", "us_msk", "us_other", "neck_ctmr", "pelvis_ctmr", "msk", "other")
PER_STRATUM = {
    "us_neck": 2,
    "us_pelvic": 7,
    "us_msk": 2,
    "us_other": 2,
    "neck_ctmr": 8,
    "pelvis_ctmr": 8,
    "msk": 9,
    "other": 7,
}


def stratum(text: str) -> str:
    """The report's stratum (the rule above)."""
    if parrot_draws.has(US, text):
        if parrot_draws.has(NECK, text):
            return "us_neck"
        for name, pattern in (("us_pelvic", PELVIC), ("us_msk", MSK)):
            if parrot_draws.has(pattern, text):
                return name
        return "us_other"
    if parrot_draws.has(NECK, text) and parrot_draws.has(CTMR, text):
        return "neck_ctmr"
    if parrot_draws.has(PELVIC, text) and parrot_draws.has(CTMR, text):
        return "pelvis_ctmr"
    if parrot_draws.has(MSK, text):
        return "msk"
    return "other"


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    through=8,
    names=NAMES,
    stratum=stratum,
    max_chars=MAX_CHARS,
    stratum_max_chars=dict.fromkeys(LONG, LONG_CHARS),
    width=11,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
