"""The draw of the PARROT v1.0 reports in the tenth whole-body mention sample (splits dev10, dev10check).

Rule (written before labelling, run once; see docs/evaluation-mentions.md, "Round 8: lists,
coordination and normal statements"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` (``parrot_draws.used_keys``, every
  file but ``OWN``, round 5, 6 and 7 files included: ``through=7``), with this labeller's
  share of round 8, ``zlib.crc32(str(key).encode()) % 4 == 2`` (wb-sites2, wb-signs6 and
  wb-mentions12 take 0, 1 and 3, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters (``NM_MAX_CHARS`` for nuclear medicine, whose
  fresh reports are longer);
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters; the whole text for ``nm``, whose
  tracer words often come late); a report no pattern matches is in ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  order (one generator for the whole draw): every modality and region, weighted toward CT
  abdomen/pelvis and body CT, whose reports hold the most lists and normal statements (the
  brief of wb-mentions11: strata by report kind, every mention of a drawn report labelled);
- every THIRD drawn report in draw order (strata in order, keys ascending within a stratum:
  the printed order), i.e. positions 3, 6, 9, ..., goes to the CHECK split ``dev10check`` (the
  labeller's private held-out: scored, never read for tuning), the rest to ``dev10``.
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions11.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261128
MAX_CHARS = 1500
NM_MAX_CHARS = 2400
OPENING = 300
SHARE = 2  # zlib.crc32(str(key).encode()) % 4 for wb-mentions11 (round 8)
OWN = "mentions_wholebody_dev10.jsonl"  # the labels of this draw (not an exclusion)
STRATA: tuple[tuple[str, str], ...] = (
    (
        "nm",
        r"scintigra|\bPET\b|\bSPECT\b|\bFDG\b|isotop|radionuclide|technetium|\b99m?Tc|tracer"
        r"|hypermetabol|\bSUV",
    ),
    ("mammo", r"mammogra|bi-?rads|tomosynthesis|\bbreasts?\b"),
    ("mr_spine", r"(\bMRI?\b|magnetic resonance).*(spin(e|al)|lumbar|cervical|dorsal|thoracic)"),
    ("mr_joint", r"(\bMRI?\b|magnetic resonance).*(knee|shoulder|\bhip|ankle|wrist|elbow|joint)"),
    ("mr_brain", r"(\bMRI?\b|magnetic resonance).*(brain|cerebr|encephal|head)|\bFLAIR\b"),
    (
        "mr_pelvis",
        r"(\bMRI?\b|magnetic resonance).*(pelvi|prostat|uter|ovar|rect|bladder|sacr)",
    ),
    ("mr_body", r"\bMRI?\b|magnetic resonance|\bT[12]W?I?\b|diffusion"),
    ("us", r"ultrasound|ultrasonograph|\bultrasonic|\bUS\b|doppler|echograph|sonograph"),
    ("ct_head", r"(\bCT\b|scan|tomograph).*(brain|cerebr|head|skull|cran)|posterior fossa"),
    ("ct_abdpel", r"(\bCT\b|\bscan|computed tomograph|tomograph).*(abdom|pelvi)"),
    ("ct_body", r"\bCT\b|\bscan|computed tomograph|\bCTA\b|thora|abdom|pelvi"),
    (
        "bone_xr",
        r"x-?ray|radiograph|\bfractur|knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bhand\b"
        r"|elbow|femur|tibia|humer|spine",
    ),
    ("other", r""),
)
PER_STRATUM = {
    "nm": 2,
    "mammo": 2,
    "mr_spine": 3,
    "mr_joint": 3,
    "mr_brain": 3,
    "mr_pelvis": 3,
    "mr_body": 3,
    "us": 4,
    "ct_head": 3,
    "ct_abdpel": 9,
    "ct_body": 6,
    "bone_xr": 4,
    "other": 0,
}


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    through=7,
    strata=STRATA,
    opening=OPENING,
    whole={"nm"},
    max_chars=MAX_CHARS,
    stratum_max_chars={"nm": NM_MAX_CHARS},
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
