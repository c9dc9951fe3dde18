"""Time to answer a question.

- ``command``: the whole ``radtrack ask DEMO "QUESTION"`` process on a copy of the demo
  patient, once opened as a project (answered from the store) and once not (the models
  run), beside a bare interpreter; wall and CPU medians of 5 runs after one warm-up, with
  byte code cached (``PYTHONPYCACHEPREFIX`` in a temporary folder). Target < 1 s.
- ``chains``: every question of resources/samples/demo_questions.jsonl on the demo patient,
  once it is open (processed; the first question, which loads the vocabulary, untimed).
  Target < 50 ms per question.
- ``reader``: questions on a 20-report patient (the demo's dated reports, dates shifted),
  per question on CPU. Model: ``--model FOLDER`` if given, else the installed ``qa-reader``,
  else the local MiniLM encoder with a fresh span head (same size and cost as a trained
  MiniLM reader; its answers are meaningless, only its time counts). Target < 1 s.

    python benchmarks/bench_ask.py [--part command|chains|reader] [--model FOLDER] [--threads N]
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


def _timed_runs(cmd: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` runs of ``cmd`` (after one warm-up)."""
    import resource
    import subprocess

    subprocess.run(cmd, env=env, check=True, capture_output=True)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def bench_command(runs: int = 5) -> None:
    import os
    import shutil

    from radtrack_gui.project import open_project

    tmp = Path(tempfile.mkdtemp())
    folder = tmp / "demo"
    shutil.copytree(demo_patient_dir(), folder)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    env["RADTRACK_HOME"] = str(tmp / "home")
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    question = "is the chest tube out?"
    ask = [sys.executable, "-m", "radtrack_gui", "ask", str(folder), question]
    bare = _timed_runs([sys.executable, "-c", "pass"], env, runs)
    models = _timed_runs(ask, env, 3)
    os.environ["RADTRACK_HOME"] = env["RADTRACK_HOME"]
    open_project(folder).store.close()  # opened as a project: stored
    stored = _timed_runs(ask, env, runs)
    for name, (wall, cpu) in (
        ("bare python -c pass", bare),
        ("radtrack ask, not opened (models run)", models),
        ("radtrack ask, opened as a project (store)", stored),
    ):
        print(f"command: {name:<44} wall {wall:.2f} s, CPU {cpu:.2f} s (median)")


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
    ap.add_argument("--part", choices=("command", "chains", "reader"), default=None)
    ap.add_argument("--model", default=None)
    ap.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (default 1: the shared build machine is oversubscribed)",
    )
    args = ap.parse_args()
    if args.part in (None, "command"):
        bench_command()
    if args.part in (None, "chains"):
        bench_chains()
    if args.part in (None, "reader"):
        import torch

        torch.set_num_threads(args.threads)
        bench_reader(args.model)
