"""The draw of the PARROT v1.0 reports in the fourteenth whole-body mention sample (splits dev14,
dev14check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 10: recall beyond
the chest"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-9
  (``parrot_draws.used_keys(..., through=9)``, every file but ``OWN``), with this labeller's
  share of round 10, ``zlib.crc32(str(key).encode()) % 4 == 2`` (wb-restate, wb-signs and
  wb-mentions16 take 0, 1 and 3, so their files never touch these keys);
- reports of ``MIN_CHARS`` to ``MAX_CHARS`` characters, ``LONG_CHARS`` in the neck and pelvis
  CT/MR strata (``LONG``: their fresh pools of short reports are nearly empty after nine rounds);
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive),
  the first that matches in ``NAMES`` order: an ultrasound word (``US``) is ``us``; a neck word
  (``NECK``) with a CT/MR word ``neck_ctmr``; a spine word (``SPINE``) ``spine``; a pelvic word
  with a CT/MR word ``pelvis_ctmr``; a joint/limb-bone word ``msk``; the rest ``other``
  (the ``us`` pool of this share is empty: no fresh ultrasound report is left);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): weighted toward ultrasound, neck, pelvis
  and MSK (the brief of wb-recall: at least half of them);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev14check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev14``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_recall.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261129
MIN_CHARS = 250
MAX_CHARS = 1500
LONG_CHARS = 2400
LONG = frozenset({"neck_ctmr", "pelvis_ctmr"})
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-recall (round 10)
OWN = "mentions_wholebody_dev14.jsonl"  # the labels of this draw (not an exclusion)
US = (
    r"ultrason|sonogra|echogen|echotext|echostruct|echo-?structure|hypoechoic|hyperechoic"
    r"|anechoic|isoechoic|doppler|\bUS\b|\bCDFI\b|colou?r flow|transducer|\bprobe"
)
NECK = (
    r"thyroid|\bneck\b|parotid|submandibular|salivary|laryn|pharyn|cervical lymph|jugular|carotid"
)
SPINE = (
    r"\bspine|spinal|vertebra|intervertebral|\bdiscs?\b|\bdisks?\b|dural sac|foramin"
    r"|\b[CTL]\d{1,2}-[CTLS]?\d\b|\bL[1-5]\b"
)
PELVIC = r"scrot|testi|uter|ovar|prostat|bladder|pelvi|fetus|fetal|gestat|endometr|adnex|rectum"
MSK = (
    r"\bknee|shoulder|\bhip\b|ankle|wrist|elbow|tendon|ligament|menisc|labrum|rotator|femur"
    r"|tibia|fibula|humer|\bradius\b|\bulna|cartilage|\bjoint"
)
CTMR = r"\bCT\b|\bMRI?\b|tomograph|magnetic"
NAMES = ("us", "neck_ctmr", "spine", "pelvis_ctmr", "msk", "other")
PER_STRATUM = {
    "us": 6,
    "neck_ctmr": 7,
    "spine": 9,
    "pelvis_ctmr": 8,
    "msk": 8,
    "other": 10,
}


def stratum(text: str) -> str:
    """The report's stratum (the rule above)."""
    if parrot_draws.has(US, text):
        return "us"
    if parrot_draws.has(NECK, text) and parrot_draws.has(CTMR, text):
        return "neck_ctmr"
    if parrot_draws.has(SPINE, text):
        return "spine"
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
    through=9,
    names=NAMES,
    stratum=stratum,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    stratum_max_chars=dict.fromkeys(LONG, LONG_CHARS),
    width=11,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
