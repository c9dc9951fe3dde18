"""Time to answer a question.

- ``chains``: every question of resources/samples/demo_questions.jsonl on the demo patient,
  once it is open (processed; the first question, which loads the vocabulary, untimed).
  Target < 50 ms per question.
- ``reader``: questions on a 20-report patient (the demo's dated reports, dates shifted),
  per question on CPU. Model: ``--model FOLDER`` if given, else the installed ``qa-reader``,
  else the local MiniLM encoder with a fresh span head (same size and cost as a trained
  MiniLM reader; its answers are meaningless, only its time counts). Target < 1 s.

    python benchmarks/bench_ask.py [--model FOLDER] [--threads N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from radtrack_gui.pipeline import process_folder
from radtrack_gui.qa.chains_reader import ChainsReader
from radtrack_gui.util.paths import demo_patient_dir, resource

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_process import make_big_patient

QUESTIONS = [
    json.loads(x)["question"]
    for x in resource("samples", "demo_questions.jsonl").read_text().splitlines()
    if x
]


def stats(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


def bench_chains() -> None:
    patient = process_folder(demo_patient_dir())
    reader = ChainsReader(fallback=False)
    reader.answer(patient, QUESTIONS[0])
    times = []
    for q in QUESTIONS:
        t0 = time.perf_counter()
        reader.answer(patient, q)
        times.append(time.perf_counter() - t0)
    print(f"chains: {len(QUESTIONS)} questions on the demo patient: {stats(times)}")


def fresh_minilm(folder: Path) -> Path:
    from transformers import AutoModelForQuestionAnswering, AutoTokenizer

    from radtrack_gui.nlp.linkers.embedding import find_model

    base = find_model()
    AutoModelForQuestionAnswering.from_pretrained(str(base), local_files_only=True).save_pretrained(
        str(folder)
    )
    AutoTokenizer.from_pretrained(str(base), local_files_only=True).save_pretrained(str(folder))
    return folder


def bench_reader(model: str | None) -> None:
    import torch

    from radtrack_gui.core.errors import InputError
    from radtrack_gui.qa.extractive import ExtractiveReader, find_reader_model

    tmp = Path(tempfile.mkdtemp())
    what = "given model"
    if model is None:
        try:
            model = str(find_reader_model())
            what = "installed qa-reader"
        except InputError:
            model = str(fresh_minilm(tmp / "minilm-qa"))
            what = "MiniLM with an untrained span head (timing only)"
    folder = tmp / "patient"
    folder.mkdir()
    make_big_patient(folder, 20)
    patient = process_folder(folder)
    reader = ExtractiveReader(path=model)
    reader.answer(patient, QUESTIONS[0])  # loads the model
    times = []
    for q in QUESTIONS[:40]:
        t0 = time.perf_counter()
        reader.answer(patient, q)
        times.append(time.perf_counter() - t0)
    print(
        f"reader: 40 questions on a {len(patient.reports)}-report patient, "
        f"{torch.get_num_threads()} torch threads, {what}: {stats(times)}"
    )


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None)
    ap.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (default 1: the shared build machine is oversubscribed)",
    )
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    bench_chains()
    bench_reader(args.model)
