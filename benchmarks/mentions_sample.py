"""Mention detection of the rule extractor on our hand-labelled sample of real reports.

``resources/silver/mentions_sample.jsonl``: 300 finding and device spans in 30 reports
(22 IU chest X-ray reports drawn at random from the held-out half -- odd row index, 16 with
findings and 6 coded normal -- and 8 PARROT reports of other modalities and regions),
labelled by hand by the GUIDELINE before the extractor was run on them and never used for
tuning. Texts are read in place from ``../shared/corpora`` (``RADTRACK_SHARED``); the file
holds offsets, types and a digest of each span only.

Labelling choices: spans are the head term ("pleural effusion", "opacities", "central venous
catheter"); negated mentions count; a normal statement about a structure is a finding at
the normal word ("normal", "clear", "unremarkable", "within normal limits", "intact",
"patent"); generic negatives ("no acute abnormality/process/disease/findings") are findings
at the noun; "tip" is a device mention when it is its own noun phrase referring to a device
("catheter with tip in the right atrium"), not inside a compound name ("PICC catheter tip");
findings in a clinical history or indication are questions (GUIDELINE rule 8), not labelled.

Prints exact and partial P/R/F1, overall and per type, per corpus.

``--wholebody``: the whole-body sample instead (``resources/silver/mentions_wholebody.jsonl``,
44 PARROT v1.0 + 3 DRAGON reports, see ``radtrack_gui.evaluation.wholebody_mentions`` and
docs/evaluation-mentions.md) and the second dev sample (split dev2): exact and partial P/R/F1
per split (dev, dev2, heldout), overall, per
type, per modality and per body region, for every extractor given with ``--extractor`` (default:
rules, and neural when a trained model is found), then the most frequent head words of the
labelled spans the first extractor missed, on the DEV half and on DEV2 (the second dev sample,
``resources/silver/mentions_wholebody_dev2.jsonl``, 26 more PARROT reports, all dev) and on
DEV3 (``mentions_wholebody_dev3.jsonl``, 41 fresh PARROT reports, all dev), DEV4
(``mentions_wholebody_dev4.jsonl``, 37 fresh PARROT reports, 19 of them ultrasound, all dev) and
DEV5 (``mentions_wholebody_dev5.jsonl``, 39 fresh PARROT reports, all dev), DEV6
(``mentions_wholebody_dev6.jsonl``, 36 fresh PARROT reports, 22 of them ultrasound, all dev) and
DEV7 (``mentions_wholebody_dev7.jsonl``, 39 fresh PARROT reports, mostly CT/MR, all dev) and
DEV8 (``mentions_wholebody_dev8.jsonl``, 28 fresh PARROT reports, mostly ultrasound) and DEV9
(``mentions_wholebody_dev9.jsonl``, 30 fresh PARROT reports, CT/MR/bone/mammography), DEV10
(``mentions_wholebody_dev10.jsonl``, 28 fresh PARROT reports, every modality, rich in normal
statements), DEV11 (``mentions_wholebody_dev11.jsonl``, 30 fresh PARROT reports, mostly
ultrasound and neck), DEV12 (``mentions_wholebody_dev12.jsonl``, 28 fresh PARROT reports,
ultrasound, neck, pelvis and limbs), DEV13 (``mentions_wholebody_dev13.jsonl``, 30 fresh PARROT
reports, mostly CT and MR), DEV14 (``mentions_wholebody_dev14.jsonl``, 28 fresh PARROT reports,
spine, pelvis, limbs, neck and the rest), DEV15 (``mentions_wholebody_dev15.jsonl``, 30 fresh
PARROT reports, CT, MR and radiographs beyond the chest), DEV16
(``mentions_wholebody_dev16.jsonl``, 20 fresh PARROT reports, spine, pelvis, limbs, head and the
rest) and DEV17 (``mentions_wholebody_dev17.jsonl``, 18 fresh PARROT reports, every modality)
only: their check splits DEV8CHECK ... DEV17CHECK (13, 14, 13, 15, 13, 15, 14, 15, 10 and 8 more
reports of those draws) are scored, their misses never listed.

``--dev-only`` leaves the held-out half out (scores dev, dev2, ..., dev17 and the check splits dev8check ... dev17check) (not extracted, not printed): for tuning runs.

Usage: python benchmarks/mentions_sample.py [--wholebody [--dev-only] [--extractor NAME ...]
[--top N]]
"""

from __future__ import annotations

import argparse
import sys

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Report
from radtrack_gui.evaluation.mentions import Span, mention_scores
from radtrack_gui.evaluation.silver_mentions import load_sample
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def wholebody(names: list[str], top: int, dev_only: bool = False) -> int:
    from radtrack_gui.evaluation.wholebody_mentions import (
        CHECK_SPLITS,
        DEV_SPLITS,
        SAMPLE_SPLITS,
        evaluate_wholebody,
        format_missed,
        format_result,
        missed_by_kind,
        missed_heads,
    )

    try:
        splits = DEV_SPLITS + CHECK_SPLITS if dev_only else SAMPLE_SPLITS
        sample, results, skipped = evaluate_wholebody(names, splits=splits)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(
        f"reports: {len(sample.reports)} ({', '.join(sample.splits)})  "
        f"labelled mentions: {len(sample.spans)}"
    )
    for res in results:
        print()
        print(format_result(res))
    for why in skipped:
        print(f"skipped: {why}")
    for split in DEV_SPLITS if results else ():
        first = results[0]
        print()
        kinds = missed_by_kind(sample, first.response, split)
        print(
            f"missed labelled spans, {split.upper()} only, extractor {first.name}: "
            + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        )
        print(f"the {top} most frequent missed heads ({split.upper()} only):")
        print(format_missed(missed_heads(sample, first.response, split, top)))
    return 0 if results else 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wholebody", action="store_true", help="score the whole-body sample")
    ap.add_argument("--extractor", action="append", default=[], metavar="NAME")
    ap.add_argument("--top", type=int, default=30, help="missed heads listed (default 30)")
    ap.add_argument(
        "--dev-only",
        action="store_true",
        help="with --wholebody: score the dev and dev2 reports only (the held-out half is "
        "not even extracted)",
    )
    args = ap.parse_args(argv)
    if args.wholebody:
        return wholebody(args.extractor or ["rules", "neural"], args.top, args.dev_only)
    try:
        texts, labelled = load_sample()
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    ex = RuleExtractor()
    key: list[Span] = [
        Span(f"{x.corpus}:{x.report}", ((x.start, x.end),), x.type) for x in labelled
    ]
    resp: list[Span] = []
    for (corpus, rid), text in texts.items():
        for m in ex.extract(Report(id=rid, text=text)):
            resp.append(Span(f"{corpus}:{rid}", ((m.start, m.end),), m.type))
    print(f"reports: {len(texts)}  labelled mentions: {len(key)}  extracted: {len(resp)}")
    print(f"{'subset':16} {'match':8} {'P':>6} {'R':>6} {'F1':>6}")
    for name, pick in (("all", ""), ("iu", "iu:"), ("parrot", "parrot:")):
        k = [s for s in key if s.doc.startswith(pick)]
        r = [s for s in resp if s.doc.startswith(pick)]
        sc = mention_scores(k, r)
        rows = [(name, sc.exact, sc.partial)]
        if name == "all":
            rows += [(f"  {t}", e, p) for t, (e, p) in sc.per_type.items()]
        for label, e, p in rows:
            for match, c in (("exact", e), ("partial", p)):
                print(f"{label:16} {match:8} {c.precision:6.3f} {c.recall:6.3f} {c.f1:6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
