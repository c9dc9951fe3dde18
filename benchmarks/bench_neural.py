"""The neural extractor against the rules on synthetic patients it has not seen (CPU).

Writes two `radtrack synth` corpora into a temporary folder (training: 40 patients, seed 5;
evaluation: 20 patients, seed 9), reads them back as brat gold, trains the neural extractor
from the local MiniLM encoder (``nlp.training.train_extractor``), then extracts every
evaluation report with it and with the rule extractor. Prints training time, extraction
reports/s (model loaded and warmed up first) and mention detection P/R/F1, exact and
partial, overall and per type.

Then the speed of the neural extractor alone: one report per call (``extract``), one
patient per call, and every evaluation report in one call (``extract_many``: the sentences
of all reports share the batches, repeated sentences run once), in reports/s. ``--model``
skips training and times an existing model folder.

``--iu`` times the model on the 3,851 real IU chest X-ray reports instead (``--limit N``: the
first N), beside ``rules`` on the same reports, in reports per second of this process's CPU
time (wall time beside it), model loading and warm-up apart: neural with every report in
one call (sentences repeated across reports run once), the same without that dedupe, one
report per call (a fresh extractor, whose sentence cache fills as it goes), and in bfloat16
and int8 (``NeuralExtractor(precision=...)``), each with its agreement with float32
(mention P/R/F1, float32 as the key). Then the peers (medspacy, negspacy) when installed,
as in ``bench_extract.py`` (``peers.py``: set-up apart, one cold pass), else "not installed".

Usage: python benchmarks/bench_neural.py [--train N] [--test N] [--epochs E] [--threads T]
       [--batch-size B] [--lr LR] [--model FOLDER] [--iu [--limit N]]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import time_peers


def _line(name: str, scores, seconds: float, n_reports: int) -> str:  # type: ignore[no-untyped-def]
    e, p = scores.exact, scores.partial
    out = (
        f"{name:<8} {n_reports / seconds:8.1f} rep/s   exact P/R/F1 "
        f"{e.precision:.3f}/{e.recall:.3f}/{e.f1:.3f}   partial P/R/F1 "
        f"{p.precision:.3f}/{p.recall:.3f}/{p.f1:.3f}"
    )
    for t, (te, tp) in scores.per_type.items():
        out += f"\n{'':8}   {t:<8} exact F1 {te.f1:.3f}  partial F1 {tp.f1:.3f}"
    return out


def warm_up(extractor: Any) -> None:
    """Load the model and run it once, on a text that is in no corpus (so that no sentence
    of the timed reports is in the extractor's sentence cache)."""
    from radtrack_gui.core.model import Report

    extractor.extract(Report(id="warm-up", text="Warm-up text, no report."))


def _timed(label: str, run: Callable[[], Any], n: int) -> Any:
    """``run()``, printed as reports/s of CPU time (all threads) and of wall time."""
    c, w = time.process_time(), time.perf_counter()
    out = run()
    c, w = time.process_time() - c, time.perf_counter() - w
    print(f"{label:<44} {n / c:8.1f} reports/s CPU ({n / w:6.1f} wall)")
    return out


def iu_speed(model: Path, limit: int = 0) -> None:
    """Rules and neural (float32 with and without dedupe, one report per call, bfloat16,
    int8) on the IU reports."""
    from radtrack_gui.core.model import Report
    from radtrack_gui.evaluation.mentions import Span, mention_scores
    from radtrack_gui.evaluation.silver_mentions import iu_reports
    from radtrack_gui.nlp.extractors.neural import NeuralExtractor
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    reports = [Report(id=uid, text=text) for uid, text in iu_reports()]
    reports = reports[:limit] if limit else reports
    n = len(reports)
    print(f"IU reports: {n}; each contender warmed up first")
    rules = RuleExtractor()
    warm_up(rules)
    _timed("rules (one report per call)", lambda: [rules.extract(r) for r in reports], n)

    def neural(**options: Any) -> NeuralExtractor:
        ex = NeuralExtractor(path=model, **options)
        warm_up(ex)
        return ex

    fp32 = neural()
    found = _timed("neural float32, all in one call", lambda: fp32.extract_many(reports), n)
    plain = neural(dedupe=False)
    again = _timed("neural, all in one call, no dedupe", lambda: plain.extract_many(reports), n)
    print(f"same mentions with and without dedupe: {'yes' if again == found else 'NO'}")
    single = neural()  # a fresh one: its sentence cache fills as it goes
    _timed("neural, one report per call", lambda: [single.extract(r) for r in reports], n)

    def spans(per_report: list[list[Any]]) -> list[Span]:
        return [
            Span(r.id, ((m.start, m.end),), m.type)
            for r, ms in zip(reports, per_report, strict=True)
            for m in ms
        ]

    for precision in ("bfloat16", "int8"):
        fast = neural(precision=precision)
        got = _timed(f"neural {precision}, all in one call", partial(fast.extract_many, reports), n)
        agree = mention_scores(spans(found), spans(got))
        same = sum(a == b for a, b in zip(found, got, strict=True))
        print(
            f"  {precision} vs float32 mentions: exact P/R/F1 {agree.exact.precision:.4f}/"
            f"{agree.exact.recall:.4f}/{agree.exact.f1:.4f}, partial F1 "
            f"{agree.partial.f1:.4f}; {same}/{n} reports identical"
        )
    print(f"float32 mentions: {sum(map(len, found))}")
    time_peers([r.text for r in reports])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="neural vs rule extractor on synthetic patients")
    ap.add_argument("--train", type=int, default=40, help="training patients (seed 5)")
    ap.add_argument("--test", type=int, default=20, help="evaluation patients (seed 9)")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0: default)")
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-4)
    ap.add_argument("--model", default=None, help="time this trained model (no training)")
    ap.add_argument("--iu", action="store_true", help="time the model on the IU reports")
    ap.add_argument("--limit", type=int, default=0, help="with --iu: the first N reports")
    args = ap.parse_args(argv)

    import torch

    from radtrack_gui.evaluation.mentions import Span, mention_scores, span_of
    from radtrack_gui.evaluation.synth import synthesize
    from radtrack_gui.formats.collection import read_annotated_patients
    from radtrack_gui.nlp.extractors.neural import NeuralExtractor
    from radtrack_gui.nlp.extractors.rules import RuleExtractor
    from radtrack_gui.training import train_extractor

    if args.threads:
        torch.set_num_threads(args.threads)
    if args.iu and args.model:
        print(f"torch threads {torch.get_num_threads()}; model {args.model}")
        iu_speed(Path(args.model), args.limit)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-neural-") as tmp:
        root = Path(tmp)
        synthesize(root / "train", args.train, seed=5)
        synthesize(root / "test", args.test, seed=9)
        train = list(read_annotated_patients(root / "train").values())
        test = list(read_annotated_patients(root / "test").values())
        n_test = sum(len(p.reports) for p in test)
        print(
            f"training corpus: {len(train)} patients, "
            f"{sum(len(p.reports) for p in train)} reports, "
            f"{sum(len(p.mentions) for p in train)} mentions; evaluation corpus: "
            f"{len(test)} patients, {n_test} reports, "
            f"{sum(len(p.mentions) for p in test)} mentions; torch threads "
            f"{torch.get_num_threads()}"
        )

        model = Path(args.model) if args.model else root / "model"
        if not args.model:
            t = time.perf_counter()
            result = train_extractor(
                train,
                model,
                epochs=args.epochs,
                seed=13,
                batch_size=args.batch_size,
                learning_rate=args.lr,
            )
            train_s = time.perf_counter() - t
            card = result.card["training"]
            held = result.scores
            print(
                f"training: {train_s:.1f} s ({card['sentences']} distinct sentences, "
                f"{args.epochs} epochs, batch {args.batch_size}, lr {args.lr}, final loss "
                f"{card['final_loss']}); held-out "
                f"{result.card['held_out']['what']}: exact F1 "
                f"{held.exact.f1 if held else float('nan'):.3f}"
            )
        if args.iu:
            iu_speed(model, args.limit)
            return 0

        key = [
            Span(f"{p.id}/{s.doc}", s.pieces, s.type)
            for p in test
            for s in (span_of(m) for m in p.mentions.values())
        ]
        rows = []
        for name, ex in (("neural", NeuralExtractor(path=model)), ("rules", RuleExtractor())):
            ex.extract(test[0].reports[0])  # load and warm up
            t = time.perf_counter()
            response = [
                Span(f"{p.id}/{m.report}", ((m.start, m.end),), m.type)
                for p in test
                for r in p.reports
                for m in ex.extract(r)
            ]
            seconds = time.perf_counter() - t
            rows.append(_line(name, mention_scores(key, response), seconds, n_test))
        neural = NeuralExtractor(path=model)
        warm_up(neural)
        t = time.perf_counter()
        for p in test:
            neural.extract_many(p.reports)
        seconds = time.perf_counter() - t
        rows.append(f"neural, one batch per patient (extract_many): {n_test / seconds:.1f} rep/s")
        everything = [r for p in test for r in p.reports]
        neural = NeuralExtractor(path=model)  # a fresh sentence cache
        warm_up(neural)
        t = time.perf_counter()
        neural.extract_many(everything)
        seconds = time.perf_counter() - t
        rows.append(
            f"neural, all {n_test} reports in one call (extract_many): {n_test / seconds:.1f} rep/s"
        )
        print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
