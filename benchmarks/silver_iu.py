"""Report-level silver evaluation of the rule extractor on the IU chest X-ray reports.

Reads the IU reports (findings + impression, joined by a blank line) and NegBio's
``openi_gld_std14.csv`` (hand-coded 0/1 labels of the ChestX-ray14 classes) in place from
``../shared/corpora`` (``RADTRACK_SHARED`` overrides). A class is predicted for a report when
a mention asserted ``present`` names it (its concept, or a broader concept of it, is one of
the class's concepts below); hedged (``possible``) and negated mentions do not count. Scored
over the 13 classes with gold positives (Hernia has none). Prints per-class P/R/F1, micro
and macro, for the development half (reports with an even row index, the only ones looked
at while improving the rules) and the held-out half (odd rows), and for all reports.

Published reference on these reports (ChestX-ray8, CVPR 2017, 8 findings + normal):
dependency-rule labeller (NegBio's precursor) micro P 0.90 / R 0.91 / F1 0.90;
MetaMap + NegEx 0.84 / 0.88 / 0.86.

``--errors CLASS`` prints, for the development half only, each false positive and false
negative with the sentence of the deciding mention and its assertion, grouped for error
analysis (``--half held-out`` to look at the other half, which we do not do while tuning).
Only the development half is scored unless ``--final`` is given (the held-out half and all
reports, once, when the tuning is done).

Usage: python benchmarks/silver_iu.py [--limit N] [--errors CLASS] [--half dev|held-out] [--final]
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Mention, Report
from radtrack_gui.evaluation.metrics import f1_score
from radtrack_gui.evaluation.silver_mentions import iu_reports, shared_root
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.text import sentences
from radtrack_gui.nlp.vocabulary import vocabulary

CLASSES: dict[str, frozenset[str]] = {
    "Atelectasis": frozenset({"atelectasis"}),
    "Cardiomegaly": frozenset({"cardiomegaly"}),
    "Effusion": frozenset({"pleural effusion"}),
    "Infiltration": frozenset({"infiltrate"}),
    "Mass": frozenset({"mass"}),
    "Nodule": frozenset({"nodule"}),
    "Pneumonia": frozenset({"pneumonia"}),
    "Pneumothorax": frozenset({"pneumothorax"}),
    "Consolidation": frozenset({"consolidation"}),
    "Edema": frozenset({"pulmonary edema"}),
    "Emphysema": frozenset({"emphysema"}),
    "Fibrosis": frozenset({"fibrosis"}),
    "Pleural_Thickening": frozenset({"pleural thickening"}),
}
HALVES = ("dev", "held-out", "all")


def classes_of(m: Mention, broader: dict[str, frozenset[str]]) -> list[str]:
    line = broader[m.concept or ""]
    return [cls for cls, concepts in CLASSES.items() if line & concepts]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--errors", default="", help="print false positives/negatives of a class")
    ap.add_argument("--half", default="dev", choices=HALVES[:2])
    ap.add_argument(
        "--final", action="store_true", help="also score the held-out half (once, at the end)"
    )
    args = ap.parse_args(argv)
    gold_csv = shared_root() / "corpora" / "iu_openi_cxr" / "openi_gld_std14.csv"
    try:
        reports = iu_reports()
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    with gold_csv.open(encoding="utf-8", newline="") as f:
        gold = {row["filename"]: row for row in csv.DictReader(f)}
    v = vocabulary()
    ex = RuleExtractor()
    broader: dict[str, frozenset[str]] = {}
    counts = {h: {c: [0, 0, 0] for c in CLASSES} for h in HALVES}  # tp, fp, fn
    if args.limit:
        reports = reports[: args.limit]
    why: Counter[str] = Counter()
    for i, (uid, text) in enumerate(reports):
        g = gold.get(f"CXR{uid}")
        if g is None:
            continue
        half = HALVES[i % 2]
        mentions = ex.extract(Report(id=uid, text=text))
        found: set[str] = set()
        for m in mentions:
            if m.concept not in broader:
                broader[m.concept or ""] = frozenset(v.broader_concepts(m.concept or ""))
            if m.assertion == "present":
                found.update(classes_of(m, broader))
        for cls in CLASSES:
            truth = g.get(cls) == "1"
            hit = cls in found
            k = 0 if hit and truth else 1 if hit else 2 if truth else -1
            if k < 0:
                continue
            counts[half][cls][k] += 1
            counts["all"][cls][k] += 1
            if args.errors == cls and k and half == args.half:
                _explain(uid, text, cls, k, mentions, broader, why)
    if args.errors:
        print("\n# error categories:", dict(why.most_common()))
    for half in HALVES if args.final else HALVES[:1]:
        _table(half, counts[half])
    hidden = "" if args.final else "; held-out not shown (--final)"
    print(f"reports: {len(reports)} (dev = even row index, held-out = odd{hidden})")
    return 0


def _explain(
    uid: str,
    text: str,
    cls: str,
    k: int,
    mentions: list[Mention],
    broader: dict[str, frozenset[str]],
    why: Counter[str],
) -> None:
    """One error with the sentences of the mentions naming the class."""
    sents = sentences(text)
    kind = "FP" if k == 1 else "FN"
    own = [m for m in mentions if cls in classes_of(m, broader)]
    if not own:
        why[f"{kind} no mention"] += 1
        print(f"{kind} {uid} [no mention]: {' '.join(text.split())}")
        return
    for m in own:
        if kind == "FP" and m.assertion != "present":
            continue
        s, e = next(((a, b) for a, b in sents if a <= m.start < b), (m.start, m.end))
        why[f"{kind} {m.assertion}"] += 1
        print(
            f"{kind} {uid} [{m.assertion} '{m.text}' {m.section or ''}]: "
            f"{' '.join(text[s:e].split())}"
        )


def _table(half: str, counts: dict[str, list[int]]) -> None:
    print(f"\n{half}: {'class':18} {'P':>6} {'R':>6} {'F1':>6} {'gold':>5}")
    tp = fp = fn = 0
    f1s = []
    for cls, (a, b, c) in counts.items():
        tp, fp, fn = tp + a, fp + b, fn + c
        f1s.append(_f(a, b, c))
        print(
            f"{'':{len(half) + 2}}{cls:18} {_p(a, b):6.3f} {_p(a, c):6.3f} {_f(a, b, c):6.3f} "
            f"{a + c:5d}"
        )
    print(
        f"{'':{len(half) + 2}}{'micro':18} {_p(tp, fp):6.3f} {_p(tp, fn):6.3f} "
        f"{_f(tp, fp, fn):6.3f} {tp + fn:5d}"
    )
    print(f"{'':{len(half) + 2}}{'macro F1':18} {'':6} {'':6} {sum(f1s) / len(f1s):6.3f}")


def _p(a: int, b: int) -> float:
    return a / (a + b) if a + b else 0.0


def _f(tp: int, fp: int, fn: int) -> float:
    return f1_score(_p(tp, fn), _p(tp, fp))


if __name__ == "__main__":
    raise SystemExit(main())
