"""The draw of the PARROT v1.0 reports in the seventeenth whole-body mention sample (splits dev17,
dev17check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 11: precision
and spans"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-10
  (``parrot_draws.used_keys(..., through=10)``; the round-11 files, ``ROUND11_FILES``, are no
  exclusion), with this labeller's share of round 11,
  ``zlib.crc32(str(key).encode()) % 4 == 3``;
- reports of at most ``MAX_CHARS`` characters;
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive),
  the first that matches in ``NAMES`` order: a nuclear medicine / PET word (``nm``), a
  mammography word (``mg``), an MR word (``mr``), a CT word (``ct``), an ultrasound word
  (``us``), a radiograph word without a chest word (``xr_other``); any other report is in no
  stratum;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): about 30 reports over every modality
  (the brief of wb-precision, round 11: CT, MR, radiographs beyond the chest, NM, MG, US);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev17check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev17``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions17.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261133
MAX_CHARS = 1300
SHARE = 3  # zlib.crc32(str(key).encode()) % 4 for wb-precision (round 11)
OWN = "mentions_wholebody_dev17.jsonl"  # the labels of this draw (not an exclusion)
NM = (
    r"\bPET\b|\bSPECT\b|scintig|nuclear medicine|radionuclide|radiotracer|tracer|\bFDG\b"
    r"|\bSUV|Tc-?99|technetium|\bMIBI\b|\bMDP\b|bone scan"
)
MG = r"mammogra|BI-?RADS|tomosynthesis|craniocaudal|mediolateral"
MR = r"\bMRI?\b|magnetic resonance|\bT1|\bT2|FLAIR|diffusion|gadolinium"
CT = r"\bCT\b|tomograph|Hounsfield|\bHU\b"
US = r"ultrasound|ultrason|sonograph|\bUS\b|doppler|echogen|hypoechoic|hyperechoic|anechoic"
XR = r"radiograph|x-ray|\bviews?\b|\bAP\b|projection"
CHEST = r"chest|lung|pulmonar|thora|cardiac|heart|mediastin|pleura"
NAMES = ("nm", "mg", "mr", "ct", "us", "xr_other")
PER_STRATUM = {"nm": 4, "mg": 4, "mr": 6, "ct": 7, "us": 5, "xr_other": 4}


def stratum(text: str) -> str | None:
    """The report's stratum (the rule above), ``None`` for none."""
    for name, pattern in (("nm", NM), ("mg", MG), ("mr", MR), ("ct", CT), ("us", US)):
        if parrot_draws.has(pattern, text):
            return name
    if parrot_draws.has(XR, text) and not parrot_draws.has(CHEST, text):
        return "xr_other"
    return None


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=parrot_draws.ROUND11_FILES,
    through=10,
    names=NAMES,
    stratum=stratum,
    max_chars=MAX_CHARS,
    width=10,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
