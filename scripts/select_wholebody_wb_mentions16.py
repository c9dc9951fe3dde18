"""The draw of the PARROT v1.0 reports in the fifteenth whole-body mention sample (splits dev15,
dev15check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 10: CT/MR/NM/XR
recall and span boundaries"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` of rounds 1-9
  (``parrot_draws.used_keys(..., through=9)``, every file but ``OWN``), with this labeller's
  share of round 10, ``zlib.crc32(str(key).encode()) % 4 == 3`` (wb-restate, wb-signs and
  wb-recall take 0, 1 and 2, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to ONE stratum by rough keyword patterns over the WHOLE text (case-insensitive),
  the first that matches in ``NAMES`` order: a nuclear medicine / PET word (``NM``) is
  ``nm_pet``; an MR word ``mr``; a CT word with a chest/abdomen/pelvis word ``ct_body``; any
  other CT word ``ct_other``; a radiograph word without a chest word ``xr_other``; the rest
  ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  ``NAMES`` order (one generator for the whole draw): weighted toward CT, MR, NM and non-chest
  radiographs (the brief of wb-mentions16: at least 60 % CT/MR/NM/XR outside the chest);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev15check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev15``.
The keywords are only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions16.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261128
MAX_CHARS = 1300
SHARE = 3  # zlib.crc32(str(key).encode()) % 4 for wb-mentions16 (round 10)
OWN = "mentions_wholebody_dev15.jsonl"  # the labels of this draw (not an exclusion)
NM = (
    r"\bPET\b|\bSPECT\b|scintig|nuclear medicine|radionuclide|radiotracer|tracer|\bFDG\b"
    r"|\bSUV|Tc-?99|technetium|\bMIBI\b|\bMDP\b|bone scan"
)
MR = r"\bMRI?\b|magnetic resonance|T1|T2|FLAIR|diffusion|gadolinium"
CT = r"\bCT\b|tomograph|Hounsfield|\bHU\b"
BODY = r"lung|pulmonar|thora|chest|mediastin|liver|hepat|pancrea|kidney|renal|abdom|pelvi|bowel"
XR = r"radiograph|x-ray|\bviews?\b|\bAP\b|projection"
CHEST = r"chest|lung|pulmonar|thora|cardiac|heart|mediastin|pleura"
NAMES = ("nm_pet", "mr", "ct_body", "ct_other", "xr_other", "other")
PER_STRATUM = {"nm_pet": 6, "mr": 12, "ct_body": 11, "ct_other": 8, "xr_other": 10, "other": 4}


def stratum(text: str) -> str:
    """The report's stratum (the rule above)."""
    if parrot_draws.has(NM, text):
        return "nm_pet"
    if parrot_draws.has(MR, text):
        return "mr"
    if parrot_draws.has(CT, text):
        return "ct_body" if parrot_draws.has(BODY, text) else "ct_other"
    if parrot_draws.has(XR, text) and not parrot_draws.has(CHEST, text):
        return "xr_other"
    return "other"


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    through=9,
    names=NAMES,
    stratum=stratum,
    max_chars=MAX_CHARS,
    width=10,
    splits=True,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
