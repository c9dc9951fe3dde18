"""Report-level silver evaluation of the rule extractor on the IU chest X-ray reports.

Reads ``../shared/corpora/iu_openi_cxr/indiana_reports.csv`` (report text = findings +
impression, joined by a blank line) and ``openi_gld_std14.csv`` (0/1 labels of the
ChestX-ray14 classes, hand-coded) in place. A class counts as detected in a report when any
``present`` or ``possible`` mention's concept (or a broader concept of it) is one of the
class's concepts below. Prints P/R/F1 per class and micro-averaged over all classes.

A second micro line counts only ``present`` mentions (hedged ones left out): the gold codes
tend to omit findings the radiologist only suspected.

Published reference on these reports (ChestX-ray8, CVPR 2017, 8 findings + normal):
dependency-rule labeller (NegBio's precursor) micro P 0.90 / R 0.91 / F1 0.90;
MetaMap + NegEx 0.84 / 0.88 / 0.86. Our numbers are over 13 classes (Hernia has no positive
report; it is still listed), so they compare loosely, not exactly. The class -> concept map
is a fixed reading of the class names, not tuned to single reports.

Result (rules extractor, all 3,851 reports, 2026-11): micro P 0.717 / R 0.949 / F1 0.817 over
the 13 scored classes; 0.753 / 0.951 / 0.840 over the eight ChestX-ray8 findings;
present-only 0.826 / 0.841 / 0.834. Recall is at or above both references; precision is lower, mostly
because hedged findings ("may represent pneumonia", "nodular density") count as detected
while the hand codes leave them out, and because some codes are narrower than the words
(e.g. "airspace disease" is coded apart from pneumonia/infiltration).

Usage: python benchmarks/silver_iu.py [--limit N] [--errors CLASS]
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from pathlib import Path

from radtrack_gui.core.model import Report
from radtrack_gui.evaluation.metrics import f1_score
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import vocabulary

SHARED = Path(os.environ.get("RADTRACK_SHARED") or Path(__file__).resolve().parents[2] / "shared")
CORPUS = SHARED / "corpora" / "iu_openi_cxr"

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
    "Hernia": frozenset({"hernia"}),
}


# The eight findings of the published ChestX-ray8 comparison (its "normal" is not scored here).
EIGHT = ("Atelectasis", "Cardiomegaly", "Effusion", "Infiltration", "Mass", "Nodule",
         "Pneumonia", "Pneumothorax")


def report_text(row: dict[str, str]) -> str:
    parts = [row.get(k) or "" for k in ("findings", "impression")]
    return "\n\n".join(p.strip() for p in parts if p and p.strip())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--errors", default="", help="print false positives/negatives of a class")
    args = ap.parse_args(argv)
    reports_csv, gold_csv = CORPUS / "indiana_reports.csv", CORPUS / "openi_gld_std14.csv"
    if not reports_csv.exists() or not gold_csv.exists():
        print(f"corpus not found under {CORPUS}", file=sys.stderr)
        return 2
    with gold_csv.open(encoding="utf-8", newline="") as f:
        gold = {row["filename"]: row for row in csv.DictReader(f)}
    v = vocabulary()
    ex = RuleExtractor()
    counts = {c: [0, 0, 0] for c in CLASSES}  # tp, fp, fn
    strict = [0, 0, 0]  # micro counts when only "present" mentions count
    with reports_csv.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    if args.limit:
        rows = rows[:args.limit]
    for row in rows:
        g = gold.get(f"CXR{row['uid']}")
        if g is None:
            continue
        report = Report(id=row["uid"], text=report_text(row))
        found: set[str] = set()
        certain: set[str] = set()
        for m in ex.extract(report):
            if m.assertion == "absent" or not m.concept:
                continue
            line = set(v.broader_concepts(m.concept))
            for cls, concepts in CLASSES.items():
                if line & concepts:
                    found.add(cls)
                    if m.assertion == "present":
                        certain.add(cls)
        for cls in CLASSES:
            truth = g.get(cls) == "1"
            if cls in certain or truth:
                strict[0 if (cls in certain and truth) else 1 if cls in certain else 2] += 1
            hit = cls in found
            if hit and truth:
                counts[cls][0] += 1
            elif hit:
                counts[cls][1] += 1
                if args.errors == cls:
                    print(f"FP {row['uid']}: {report.text}")
            elif truth:
                counts[cls][2] += 1
                if args.errors == cls:
                    print(f"FN {row['uid']}: {report.text}")
    print(f"{'class':20} {'P':>6} {'R':>6} {'F1':>6} {'gold':>5}")
    tp = fp = fn = 0
    for cls, (a, b, c) in counts.items():
        tp, fp, fn = tp + a, fp + b, fn + c
        print(f"{cls:20} {_p(a, b):6.3f} {_p(a, c):6.3f} {_f(a, b, c):6.3f} {a + c:5d}")
    print(f"{'micro':20} {_p(tp, fp):6.3f} {_p(tp, fn):6.3f} {_f(tp, fp, fn):6.3f} {tp + fn:5d}")
    a8 = sum(counts[k][0] for k in EIGHT)
    b8 = sum(counts[k][1] for k in EIGHT)
    c8 = sum(counts[k][2] for k in EIGHT)
    print(f"{'micro, 8 classes':20} {_p(a8, b8):6.3f} {_p(a8, c8):6.3f} {_f(a8, b8, c8):6.3f}")
    a, b, c = strict
    print(f"{'micro, present only':20} {_p(a, b):6.3f} {_p(a, c):6.3f} {_f(a, b, c):6.3f}")
    print(f"reports: {len(rows)}")
    return 0


def _p(a: int, b: int) -> float:
    return a / (a + b) if a + b else 0.0


def _f(tp: int, fp: int, fn: int) -> float:
    return f1_score(_p(tp, fn), _p(tp, fp))


if __name__ == "__main__":
    raise SystemExit(main())
