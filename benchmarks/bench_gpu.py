"""The three neural models on a GPU against the CPU, in one process on one machine (issue #23
item 4). Run it where torch sees a CUDA GPU; nothing else in RadTrack needs one.

Trains each model on the GPU from the local MiniLM (as `radtrack train --device cuda` does:
bf16 autocast where the card supports it) on generated patients, then runs the same inputs
through it on the CPU (float32, every core) and on the GPU (``placement``'s batch sizes,
bf16), the model loaded and warmed up first, and prints a table of the throughputs and of how
far the GPU's output agrees with the CPU's:

1. ``neural`` extraction of the IU and PARROT reports (``RADTRACK_SHARED``/corpora; every
   report in one ``extract_many`` call, repeated sentences run once): reports/s; agreement =
   exact mention F1 with the CPU's mentions as the key.
2. ``pairmodel`` linking of generated patients never trained on: distinct pairs scored by the
   transformer per second of linking, and reports/s; agreement = the share of the CPU's
   same-chain mention pairs that the GPU's chains also hold, and the reverse. Then the
   scorer alone on ``--pairs`` distinct sentence pairs of those patients: pairs/s, and the
   share of the same decisions at the model's threshold.
3. The QA ``reader`` on "Is there X?" questions about those patients: questions/s (BM25 picks
   5 sentences a question, the model reads them in one batch; timed on a second pass over
   the questions, the first warms every shape up); agreement = same answer.

    python benchmarks/bench_gpu.py [--train 40] [--test 30] [--epochs 3] [--pair-epochs 4]
           [--max-pairs N] [--limit N] [--only neural,pairmodel,reader]
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from radtrack_gui.core.model import Patient, Report  # noqa: E402
from radtrack_gui.evaluation.synth import generate  # noqa: E402

Row = tuple[str, str, float, float, str]  # model, input, CPU rate, GPU rate, agreement
# The two sides compared, each with the device it runs on; main sets the GPU's (a smoke run
# here runs both on the CPU, which is why results are keyed by side, not by device).
SIDES = {"cpu": "cpu", "gpu": "cuda"}


def timed(run: Callable[[], Any]) -> tuple[Any, float]:
    import torch

    if torch.cuda.is_available():
        torch.cuda.synchronize()
    t = time.perf_counter()
    out = run()
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return out, time.perf_counter() - t


def plain(patients: list[Patient]) -> list[Patient]:
    """The patients' reports without their gold mentions (what a model reads)."""
    return [Patient(id=p.id, reports=list(p.reports)) for p in patients]


def corpus_reports(limit: int = 0) -> dict[str, list[Report]]:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import iu_reports, shared_root

    out: dict[str, list[Report]] = {}
    try:
        out["IU"] = [Report(id=u, text=t) for u, t in iu_reports()]
    except Exception as exc:  # a benchmark: say what is missing, go on
        print(f"IU reports not found: {exc}")
    try:
        texts = parrot_v1_reports(shared_root())
        out["PARROT"] = [Report(id=f"p{i}", text=t) for i, t in enumerate(texts)]
    except Exception as exc:
        print(f"PARROT reports not found: {exc}")
    return {k: v[:limit] if limit else v for k, v in out.items()}


def mention_f1(key: list[list[Any]], got: list[list[Any]]) -> float:
    k = {(i, m.start, m.end, m.type) for i, ms in enumerate(key) for m in ms}
    g = {(i, m.start, m.end, m.type) for i, ms in enumerate(got) for m in ms}
    if not k and not g:
        return 1.0
    return 2 * len(k & g) / max(1, len(k) + len(g))


def neural_part(train: list[Patient], tmp: Path, epochs: int, limit: int) -> list[Row]:
    from radtrack_gui.nlp.extractors.neural import NeuralExtractor
    from radtrack_gui.training.extractor import train_extractor

    trained, seconds = timed(lambda: train_extractor(train, tmp / "neural", epochs=epochs))
    print(f"neural extractor trained on the GPU in {seconds:.1f} s ({len(train)} patients)")
    rows: list[Row] = []
    for name, reports in corpus_reports(limit).items():
        got: dict[str, tuple[list[list[Any]], float]] = {}
        for side, device in SIDES.items():
            ex = NeuralExtractor(path=trained.path, device=device)
            ex.extract(Report(id="warm-up", text="Warm-up text, no report. Heart normal."))
            found, s = timed(lambda ex=ex, reports=reports: ex.extract_many(reports))
            got[side] = (found, len(reports) / s)
            print(f"  neural {name} {device}: {len(reports) / s:.1f} reports/s")
        agree = mention_f1(got["cpu"][0], got["gpu"][0])
        rows.append(
            ("neural", f"{name} ({len(reports)} reports)", got["cpu"][1], got["gpu"][1],
             f"mention F1 {agree:.3f}")
        )  # fmt: skip
    return rows


def same_pairs(clusters: list[list[str]]) -> set[tuple[str, str]]:
    return {(a, b) for c in clusters for a in c for b in c if a < b}


def pairmodel_part(
    train: list[Patient], test: list[Patient], epochs: int, max_pairs: int | None, n_pairs: int
) -> list[Row]:
    from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker
    from radtrack_gui.training.pairmodel import fit_pairmodel

    cut = max(1, len(train) // 5)
    fitted, seconds = timed(
        lambda: fit_pairmodel(train[cut:], train[:cut], epochs=epochs, max_pairs=max_pairs)
    )
    t = fitted.card["training"]
    print(
        f"pair model trained on the GPU in {seconds:.1f} s ({t['steps']} steps, "
        f"{t['positive_pairs'] + t['negative_pairs']} pairs, {epochs} epochs)"
    )
    reports = sum(len(p.reports) for p in test)
    got: dict[str, tuple[list[set[tuple[str, str]]], float, float]] = {}
    for side, device in SIDES.items():
        linker = PairModelLinker(device=device)
        linker.use(fitted.tokenizer, copy.deepcopy(fitted.model), fitted.card)
        linker.link(test[0])  # warm-up
        assert linker.scorer is not None
        linker.scorer.cache.clear()
        linker.scorer.scored = 0
        links, s = timed(lambda linker=linker: [linker.link(p) for p in test])
        pairs = [same_pairs(k.clusters) for k in links]
        got[side] = (pairs, linker.scorer.scored / s, reports / s)
        print(f"  pairmodel {device}: {linker.scorer.scored / s:.1f} pairs/s, {reports / s:.1f} "
              f"reports/s ({linker.scorer.scored} pairs)")  # fmt: skip
    cpu = set().union(*({(i, *x) for x in ps} for i, ps in enumerate(got["cpu"][0])))
    gpu = set().union(*({(i, *x) for x in ps} for i, ps in enumerate(got["gpu"][0])))
    agree = (
        f"CPU's same-chain pairs kept {len(cpu & gpu) / max(1, len(cpu)):.3f}, "
        f"GPU's {len(cpu & gpu) / max(1, len(gpu)):.3f}"
    )
    label = f"{len(test)} generated patients ({reports} reports)"
    return [
        ("pairmodel linking (pairs/s)", label, got["cpu"][1], got["gpu"][1], agree),
        ("pairmodel linking (reports/s)", label, got["cpu"][2], got["gpu"][2], ""),
        scorer_row(fitted, test, n_pairs),
    ]


def scorer_row(fitted: Any, test: list[Patient], n_pairs: int) -> Row:
    """The transformer alone: ``n_pairs`` distinct pairs of the test patients' sentences
    (as the linker's inputs are: two report windows), each scored once, on each device."""
    import random

    from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker
    from radtrack_gui.nlp.text import sentence_around

    sentences: set[str] = set()
    for p in test:
        for m in p.mentions.values():
            text = p.report(m.report).text or ""
            a, b = sentence_around(text, m.start, m.end)
            sentences.add(text[a:b])
    ordered = sorted(sentences)
    rnd = random.Random(3)
    pairs = sorted({tuple(rnd.sample(ordered, 2)) for _ in range(n_pairs)})
    got: dict[str, tuple[list[bool], float]] = {}
    for side, device in SIDES.items():
        linker = PairModelLinker(device=device)
        linker.use(fitted.tokenizer, copy.deepcopy(fitted.model), fitted.card)
        assert linker.scorer is not None
        linker.scorer(pairs[:256])  # warm-up: the first shapes and kernels
        linker.scorer.cache.clear()
        probs, s = timed(lambda linker=linker: linker.scorer(pairs))  # type: ignore[union-attr]
        got[side] = ([x >= linker.threshold for x in probs], len(pairs) / s)
        print(f"  pair scorer {device}: {len(pairs) / s:.1f} pairs/s ({len(pairs)} pairs)")
    same = sum(a == b for a, b in zip(got["cpu"][0], got["gpu"][0], strict=True))
    return (
        "pairmodel scorer (pairs/s)", f"{len(pairs)} sentence pairs", got["cpu"][1],
        got["gpu"][1], f"same decision {same / max(1, len(pairs)):.3f}",
    )  # fmt: skip


def reader_part(test: list[Patient], tmp: Path, seed: int, squad: int) -> list[Row]:
    sys.path.insert(0, str(ROOT / "scripts"))
    import json

    from synth_squad import build

    from radtrack_gui.qa.extractive import ExtractiveReader
    from radtrack_gui.qa.squad import read_squad
    from radtrack_gui.training.reader import train_reader

    data = tmp / "squad.json"
    data.write_text(json.dumps(build(squad, seed)), encoding="utf-8")
    trained, seconds = timed(lambda: train_reader(read_squad(data), tmp / "reader"))
    print(f"QA reader trained on the GPU in {seconds:.1f} s")
    questions = [
        (p, f"Is there {c}?")
        for p in test
        for c in sorted({m.concept for m in p.mentions.values() if m.concept})[:6]
    ]
    people = {p.id: q for p, q in zip(test, plain(test), strict=True)}
    got: dict[str, tuple[list[str | None], float]] = {}
    for side, device in SIDES.items():
        reader = ExtractiveReader(path=trained.path, device=device)
        for p, q in questions:  # warm-up: every shape once (a GPU picks kernels per shape)
            reader.answer(people[p.id], q)
        answers, s = timed(
            lambda reader=reader: [reader.answer(people[p.id], q).answer for p, q in questions]
        )
        got[side] = (answers, len(questions) / s)
        print(f"  reader {device}: {len(questions) / s:.1f} questions/s")
    same = sum(a == b for a, b in zip(got["cpu"][0], got["gpu"][0], strict=True))
    return [
        ("reader (questions/s)", f"{len(questions)} questions", got["cpu"][1], got["gpu"][1],
         f"same answer {same / max(1, len(questions)):.3f}")
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", type=int, default=40, help="training patients (seed 5)")
    ap.add_argument("--test", type=int, default=30, help="patients linked and asked (seed 9)")
    ap.add_argument("--epochs", type=int, default=3, help="neural extractor epochs")
    ap.add_argument("--pair-epochs", type=int, default=4)
    ap.add_argument("--max-pairs", type=int, default=None, help="pair model cap (its default)")
    ap.add_argument("--limit", type=int, default=0, help="reports per corpus (0: all)")
    ap.add_argument("--pairs", type=int, default=5000, help="sentence pairs the scorer rates")
    ap.add_argument("--squad", type=int, default=30, help="patients of the reader's questions")
    ap.add_argument("--only", default="neural,pairmodel,reader")
    ap.add_argument("--gpu", default="cuda", help=argparse.SUPPRESS)  # cpu: a smoke run here
    args = ap.parse_args(argv)

    import torch

    SIDES["gpu"] = gpu = args.gpu
    if gpu != "cpu" and not torch.cuda.is_available():
        print("torch sees no CUDA GPU: nothing to compare (this benchmark needs one)")
        return 2
    os.environ["RADTRACK_DEVICE"] = gpu  # training; inference names its device
    card = torch.cuda.get_device_name(0) if gpu != "cpu" else "CPU (smoke run)"
    print(
        f"GPU: {card} (bf16 {torch.cuda.is_bf16_supported()}), torch {torch.__version__}, "
        f"{os.cpu_count()} CPU cores, {torch.get_num_threads()} torch CPU threads"
    )
    train, test = generate(args.train, 5), generate(args.test, 9)
    rows: list[Row] = []
    parts = {
        "neural": lambda tmp: neural_part(train, tmp, args.epochs, args.limit),
        "pairmodel": lambda tmp: pairmodel_part(
            train, test, args.pair_epochs, args.max_pairs, args.pairs
        ),
        "reader": lambda tmp: reader_part(test, tmp, 21, args.squad),
    }
    with tempfile.TemporaryDirectory() as name:
        for part in args.only.split(","):
            try:
                rows += parts[part](Path(name))
            except Exception:  # one part failing leaves the others' numbers
                print(f"{part} failed:\n{traceback.format_exc()}")
    print(f"\n| model | input | CPU ({os.cpu_count()} cores, float32) | GPU ({card}, bf16) | "
          "speed-up | GPU output against CPU |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for model, what, cpu, gpu, agree in rows:
        print(f"| {model} | {what} | {cpu:.1f} | {gpu:.1f} | {gpu / cpu:.1f}× | {agree} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
