"""Pair model (``--linker pairmodel``) speed: training on generated patients, then linking one
generated patient cold (torch import and model load included) and warm, beside ``knowledge``.

The patients come from the project's generator (``radtrack synth OUT --patients N --seed S``
writes the same ones). Training goes through ``radtrack train GOLD --linker pairmodel``'s code
path (``training.train_linker``: a fifth of the patients choose the threshold) at the
linker's defaults unless ``--epochs``/``--max-pairs`` say otherwise. The linked patient is
the first generated patient after the training ones with exactly ``--reports`` reports (never
trained on). Prints wall and CPU seconds of this process (on a shared machine the wall
clock measures the neighbours too; with one torch thread CPU time is the work). Prints
numbers; asserts nothing. Pin it to one core for comparable numbers:
``taskset -c 0 python benchmarks/bench_pairmodel.py --threads 1``.

Usage: python benchmarks/bench_pairmodel.py [--patients 60] [--seed 7] [--reports 33]
       [--model DIR | --save DIR] [--epochs E] [--max-pairs N] [--threads T] [--quantize]
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from radtrack_gui.core.model import Patient
from radtrack_gui.evaluation.metrics import score
from radtrack_gui.evaluation.synth.generator import generate, generate_patient
from radtrack_gui.nlp.registry import Linking, get_linker

SEARCH_LIMIT = 2000  # generated patients looked through for one with --reports reports


def patient_with(reports: int, seed: int, after: int) -> Patient:
    for index in range(after + 1, after + 1 + SEARCH_LIMIT):
        p = generate_patient(seed, index)
        if len(p.reports) == reports:
            return p
    raise SystemExit(f"no generated patient with {reports} reports (seed {seed})")


def conll(patient: Patient, linking: Linking) -> float:
    gold: dict[str, list[str]] = {}
    for m in patient.mentions.values():
        gold.setdefault(m.chain or f"single:{m.id}", []).append(m.id)
    s = score(list(gold.values()), linking.clusters)
    return 100 * s.conll_f1


def train(args: argparse.Namespace, out: Path) -> None:
    from radtrack_gui.training import train_linker

    patients = generate(args.patients, args.seed)
    options: dict[str, Any] = {"epochs": args.epochs}
    if args.max_pairs is not None:
        options["max_pairs"] = args.max_pairs
    t, c = time.perf_counter(), time.process_time()
    train_linker(patients, out, linker="pairmodel", **options)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    card = json.loads((out / "radtrack_card.json").read_text(encoding="utf-8"))
    tr = card["training"]
    pairs = tr["positive_pairs"] + tr["negative_pairs"]
    print(
        f"training: {tr['patients']} patients ({card['validation']['patients']} more choose the "
        f"threshold), {pairs} distinct pairs ({tr['positive_pairs']} positive; cap "
        f"{tr['max_pairs']}, {tr.get('pairs_before_cap', '?')} before it), {tr['epochs']} "
        f"epochs, {tr['steps']} steps of {tr['batch_size']}"
    )
    print(
        f"training: {wall:.0f} s wall, {cpu:.0f} s CPU in all ({tr['seconds']:.0f} s wall for "
        f"pairs + fine-tuning, "
        f"{pairs * tr['epochs'] / tr['seconds']:.1f} pairs/s; "
        f"{pairs * tr['epochs'] / cpu:.1f} pairs/s by CPU time in all); "
        f"threshold {card['threshold']}, "
        f"final loss {tr['final_loss']}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--patients", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--reports", type=int, default=33)
    ap.add_argument("--model", type=Path, help="a trained model folder: skip training")
    ap.add_argument("--save", type=Path, help="keep the trained model in this folder")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--max-pairs", type=int, default=None)
    ap.add_argument("--threads", type=int, default=None, help="torch threads (default: CPUs)")
    ap.add_argument("--quantize", action="store_true", help="also time int8 dynamic quantization")
    ap.add_argument("--repeat", type=int, default=3, help="warm runs (median)")
    args = ap.parse_args(argv)

    if args.model is None:  # train, then link in a fresh process (an honest cold start)
        with tempfile.TemporaryDirectory() as tmp:
            model = args.save or Path(tmp) / "pairmodel"
            train(args, model)
            cmd = [sys.executable, __file__, "--model", str(model)]
            for name in ("patients", "seed", "reports", "threads", "repeat"):
                if getattr(args, name) is not None:
                    cmd += [f"--{name}", str(getattr(args, name))]
            return subprocess.run([*cmd, *["--quantize"] * args.quantize], check=False).returncode

    t0, c0 = time.perf_counter(), time.process_time()
    import torch  # the cold start counts the import too

    torch.set_num_threads(args.threads or torch.get_num_threads())
    t_import, first_cpu = time.perf_counter() - t0, time.process_time() - c0
    patient = patient_with(args.reports, args.seed, args.patients)
    print(
        f"patient {patient.id} (seed {args.seed}): {len(patient.reports)} reports, "
        f"{len(patient.mentions)} mentions; torch threads {torch.get_num_threads()}"
    )

    from radtrack_gui.nlp.linkers.clustering import blocked_pairs
    from radtrack_gui.nlp.linkers.features import prepare
    from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker
    from radtrack_gui.nlp.vocabulary import vocabulary

    n = len(patient.mentions)
    blocked = len(blocked_pairs(prepare(patient, vocabulary())))
    print(f"mention pairs: {n * (n - 1) // 2} in all, {blocked} sharing a blocking key")

    for quantize in (False, True) if args.quantize else (False,):
        copies = [copy.deepcopy(patient) for _ in range(args.repeat + 2)]
        t, c = time.perf_counter(), time.process_time()
        linker = PairModelLinker(args.model, threads=args.threads, quantize=quantize)
        result = linker.link(copies.pop())
        cold, cold_cpu = time.perf_counter() - t, time.process_time() - c
        scorer = linker.scorer
        assert scorer is not None
        scored = scorer.scored
        warm, warm_cpu = [], []
        for _ in range(args.repeat):
            scorer.cache.clear()  # warm: model loaded, no pair scores kept
            p = copies.pop()
            t, c = time.perf_counter(), time.process_time()
            linker.link(p)
            warm.append(time.perf_counter() - t)
            warm_cpu.append(time.process_time() - c)
        p = copies.pop()
        t = time.perf_counter()
        linker.link(p)
        cached = time.perf_counter() - t
        label = "pairmodel int8" if quantize else "pairmodel"
        first = 0.0 if quantize else t_import
        print(
            f"{label:15} cold {cold + first:6.2f} s wall / {cold_cpu + first_cpu * (not quantize):.2f}"
            f" s CPU (torch import {t_import:.2f} s{' not counted' if quantize else ''}), "
            f"warm {statistics.median(warm):6.2f} s / {statistics.median(warm_cpu):.2f} s CPU, "
            f"scores cached {cached:6.2f} s; "
            f"{scored} pairs through the transformer; "
            f"{len(result.clusters)} chains, CoNLL F1 {conll(patient, result):.1f}"
        )
        if not quantize:
            fp32, fp32_chains = linker, result.clusters
            continue
        same = {frozenset(c) for c in fp32_chains} == {frozenset(c) for c in result.clusters}
        assert fp32.scorer is not None
        common = [k for k in scorer.cache if k in fp32.scorer.cache]
        diffs = [abs(scorer.cache[k] - fp32.scorer.cache[k]) for k in common]
        t = linker.threshold
        flips = sum((scorer.cache[k] >= t) != (fp32.scorer.cache[k] >= t) for k in common)
        print(
            f"{'':15} int8 vs fp32: chains identical {same}; {len(common)} pairs, "
            f"max |score difference| {max(diffs, default=0):.4f}, {flips} decisions flipped "
            f"at the threshold {t}"
        )

    knowledge = get_linker("knowledge")
    knowledge.link(copy.deepcopy(patient))  # vocabulary loaded
    times = []
    for _ in range(args.repeat):
        p = copy.deepcopy(patient)
        t = time.perf_counter()
        k = knowledge.link(p)
        times.append(time.perf_counter() - t)
    print(
        f"{'knowledge':15} warm {statistics.median(times):6.3f} s; "
        f"{len(k.clusters)} chains, CoNLL F1 {conll(patient, k):.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
