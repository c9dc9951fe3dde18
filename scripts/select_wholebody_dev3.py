"""The draw of the PARROT v1.0 reports in the third whole-body mention sample (split dev3).

Rule (written before labelling, run once; see docs/vocabulary.md, "Round 4"):
- fresh reports only: PARROT v1.0 rows whose key (the 0-based line number) is referenced by no
  file in ``resources/challenge/`` (``row_a``/``row_b`` of a ``parrot1`` pair) or
  ``resources/silver/`` (``report`` of a ``parrot1`` span), and whose
  ``zlib.crc32(str(key).encode()) % 3 == 2`` (the share of this labeller; the other two
  labellers of round 4 use 0 and 1, so their later files never touch these keys);
- reports of at most ``MAX_CHARS`` characters;
- each goes to the FIRST stratum of ``STRATA`` whose rough keyword pattern (case-insensitive)
  matches its opening (the first ``OPENING`` characters, where PARROT names the exam or its
  main subject); the nuclear-medicine stratum reads the whole text (NM words are rare);
- ``random.Random(SEED).sample`` draws ``PER_STRATUM`` from each, strata in order (one
  generator for the whole draw).
The keyword is only a guess of the exam: the modality and region stored with the labels are
the labeller's reading of each report. The ``nm`` pool is empty: every PARROT v1.0 report
with a nuclear-medicine word is already in a labelled file.

Second pass (added after the first pass was labelled, before any extractor was run on either):
the first pass gave 288 spans in 34 reports with a finding (one drawn report, an upper GI
contrast study, states none), under the brief's 300 spans / 35 reports, so
``random.Random(SEED + 1)`` draws ``SECOND_PASS`` more from each stratum's pool less the
reports already drawn.

Usage: python scripts/select_wholebody_dev3.py [SHARED]   (prints stratum, pool size, keys)
"""

from __future__ import annotations

import sys

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.parrot_draws import Drawn

SEED = 20261130
MAX_CHARS = 1500
OPENING = 300
PER_STRATUM = 5
SECOND_PASS = 1
SHARE = 2  # zlib.crc32(str(key).encode()) % 3 for wb-mentions3
WHOLE_TEXT = frozenset({"nm"})
OWN = "mentions_wholebody_dev3.jsonl"  # the labels of this draw (not an exclusion)
# Files labelled after this draw (rounds 5 and 6, from reports of other draws): not exclusions
# either, or every later file would change the pools this draw was made from.
LATER = parrot_draws.LATER_FILES
STRATA: tuple[tuple[str, str], ...] = (
    (
        "nm",
        r"\bPET\b|scintigra|\bSPECT\b|bone scan|\bFDG\b|technetium|tc-?99|radiotracer|\bSUV"
        r"|radiopharmac|isotop",
    ),
    ("mammo", r"mammogra|bi-?rads|tomosynthesis|\bbreasts?\b"),
    ("obgyn", r"fetal|fetus|gestation|placenta|pregnan|uter(us|ine)|endometri|ovar(y|ies|ian)"),
    ("doppler", r"doppler|duplex|carotid|venous|arter(y|ies|ial)|\bveins?\b|aort"),
    ("neck", r"thyroid|parotid|submandibular|\bneck\b|cervical lymph|laryn|pharyn"),
    ("spine", r"\bspin(e|al)\b|lumbar|vertebra|intervertebral|\bdiscs?\b|sacr"),
    (
        "msk",
        r"knee|shoulder|\bhips?\b|ankle|wrist|\bfoot\b|\bfeet\b|\bhand\b|elbow|femur|femoral"
        r"|tibia|fibula|humer|radius|ulna|fractur|joint|tendon|menisc|ligament",
    ),
    (
        "bowel",
        r"bowel|colon|stoma|rect(um|al)|ile(um|al)|jejun|sigmoid|colostomy|ileostomy|append"
        r"|intestin|enter(ic|o)",
    ),
)


def second_pass(reports: tuple[str, ...], used: frozenset[int], first: Drawn) -> Drawn:
    """The second pass: ``SECOND_PASS`` more of each pool the first left, drawn with
    ``SEED + 1``, each stratum named with a ``+``."""
    names = DRAW.pool_names
    rest = DRAW.pools(reports, used | parrot_draws.taken(first))
    second = parrot_draws.seeded_sample(rest, names, SECOND_PASS, SEED + 1)
    return [(f"{n}+", p, k) for n, p, k in second]


DRAW = parrot_draws.Draw(
    seed=SEED,
    share=SHARE,
    counts=PER_STRATUM,
    own=frozenset({OWN}),
    skip=LATER,
    strata=STRATA,
    opening=OPENING,
    whole=WHOLE_TEXT,
    parts=3,
    max_chars=MAX_CHARS,
    extra=second_pass,
)

if __name__ == "__main__":
    raise SystemExit(DRAW.main(sys.argv[1:]))
