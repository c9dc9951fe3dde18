"""The draw of the PARROT v1.0 reports in the sixteenth whole-body mention sample (splits dev16,
dev16check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 11: recall (US,
neck, pelvis, MSK)"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-10
  (``parrot_draws.used_keys(..., through=10)``, every file but ``OWN``), with this labeller's
  share of round 11, ``zlib.crc32(str(key).encode()) % 4 == 2``;
- reports of ``MIN_CHARS`` to ``MAX_CHARS`` characters, ``LONG_CHARS`` in the neck and pelvis
  strata (``LONG``: their fresh pools of short reports are nearly empty after ten rounds);
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive),
  the first that matches in ``NAMES`` order: an ultrasound word (``US``: obstetric and vascular
  Doppler included) is ``us``; a neck word (``NECK``) ``neck`` (any modality: round 10's
  neck CT/MR pool of this share held one report); a pelvic word ``pelvis`` (any modality);
  a joint/limb-bone word ``msk``; a spine word ``spine``; the rest ``other`` (the ``us`` pool of
  this share is empty, as in round 10: no fresh ultrasound report of share 2 is left);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): weighted toward neck, pelvis and MSK;
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev16check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev16``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_recall3.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261132
MIN_CHARS = 250
MAX_CHARS = 1500
LONG_CHARS = 2400
LONG = frozenset({"neck", "pelvis"})
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-recall3 (round 11)
OWN = "mentions_wholebody_dev16.jsonl"  # the labels of this draw (not an exclusion)
US = (
    r"ultrason|sonogra|echogen|echotext|echostruct|echo-?structure|hypoechoic|hyperechoic"
    r"|anechoic|isoechoic|doppler|\bUS\b|\bCDFI\b|colou?r flow|transducer|\bprobe"
    r"|gestation|fetus|fetal|placenta|amniotic"
)
NECK = (
    r"thyroid|\bneck\b|parotid|submandibular|salivary|laryn|pharyn|cervical lymph|jugular|carotid"
)
PELVIC = r"scrot|testi|uter|ovar|prostat|bladder|pelvi|endometr|adnex|rectum|\bhip\b|sacroil"
MSK = (
    r"\bknee|shoulder|ankle|wrist|elbow|tendon|ligament|menisc|labrum|rotator|femur"
    r"|tibia|fibula|humer|\bradius\b|\bulna|cartilage|\bjoint|\bhand\b|\bfoot\b"
)
SPINE = (
    r"\bspine|spinal|vertebra|intervertebral|\bdiscs?\b|\bdisks?\b|dural sac|foramin"
    r"|\b[CTL]\d{1,2}-[CTLS]?\d\b|\bL[1-5]\b"
)
NAMES = ("us", "neck", "pelvis", "msk", "spine", "other")
PER_STRATUM = {"us": 6, "neck": 7, "pelvis": 9, "msk": 8, "spine": 3, "other": 3}
PATTERNS = (("us", US), ("neck", NECK), ("pelvis", PELVIC), ("msk", MSK), ("spine", SPINE))


def stratum(text: str) -> str:
    """The report's stratum (the rule above)."""
    for name, pattern in PATTERNS:
        if parrot_draws.has(pattern, text):
            return name
    return "other"


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    through=10,
    names=NAMES,
    stratum=stratum,
    min_chars=MIN_CHARS,
    max_chars=MAX_CHARS,
    stratum_max_chars=dict.fromkeys(LONG, LONG_CHARS),
    width=8,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
