"""The draw of the PARROT v1.0 reports in the seventh whole-body mention sample (split dev7).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 6: mention recall"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` or ``resources/silver/`` (``parrot_draws.used_keys``, every
  file but ``OWN``, round 5 files included), with this labeller's share of round 6,
  ``zlib.crc32(str(key).encode()) % 4 == 3`` (wb-signs4, wb-regions2 and wb-mentions7 take 0, 1
  and 2, so their files never touch these keys);
- reports of at most ``MAX_CHARS`` characters (``NM_MAX_CHARS`` for nuclear medicine, whose
  fresh reports in this share are few and longer: three in all);
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters; the whole text for ``nm``, whose
  tracer words often come late); a report no pattern matches is in ``other``;
- ``random.Random(SEED).sample`` draws ``PER_STRATUM[name]`` from each stratum, strata in
  order (one generator for the whole draw): weighted toward CT (chest/abdomen/pelvis, head),
  MR (brain, spine, joints, liver, pelvis), nuclear medicine, mammography and bone X-ray (the
  brief of wb-mentions8).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report.

Usage: python scripts/select_wholebody_wb_mentions8.py [SHARED]   (prints stratum, pool, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws

SEED = 20261128
MAX_CHARS = 1500
NM_MAX_CHARS = 2400
OPENING = 300
SHARE = 3  # zlib.crc32(str(key).encode()) % 4 for wb-mentions8
OWN = "mentions_wholebody_dev7.jsonl"  # the labels of this draw (not an exclusion)
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
    ("mr_body", r"\bMRI?\b|magnetic resonance|\bT[12]W?I?\b|diffusion"),
    ("ct_head", r"(\bCT\b|scan|tomograph).*(brain|cerebr|head|skull|cran)|posterior fossa"),
    ("ct_body", r"\bCT\b|\bscan|computed tomograph|\bCTA\b|thora|abdom|pelvi"),
    (
        "bone_xr",
        r"x-?ray|radiograph|\bfractur|knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bhand\b"
        r"|elbow|femur|tibia|humer|spine",
    ),
    ("other", r""),
)
PER_STRATUM = {
    "nm": 3,
    "mammo": 5,
    "mr_spine": 4,
    "mr_joint": 4,
    "mr_brain": 4,
    "mr_body": 4,
    "ct_head": 4,
    "ct_body": 6,
    "bone_xr": 4,
    "other": 1,
}


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    strata=STRATA,
    opening=OPENING,
    whole={"nm"},
    max_chars=MAX_CHARS,
    stratum_max_chars={"nm": NM_MAX_CHARS},
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
