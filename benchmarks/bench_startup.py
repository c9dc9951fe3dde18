"""Whole-command times of short ``radtrack`` commands (issue #23 items 5 and 7).

Each command is one process, timed once (no loop), CPU (user + system of the child) and
wall, beside a bare ``python -c pass``, on a copy of the demo patient with a fresh
``RADTRACK_HOME`` (so the lexicon cache starts empty) and byte code cached in a temporary
folder (``PYTHONPYCACHEPREFIX``, warmed by one untimed ``--version`` and ``demo``):

- ``--version`` and ``--help`` (no sub-command module but the chosen one is imported);
- ``process`` twice: the first builds and caches the lexicon, the second loads it;
- ``export`` before the patient is opened as a project (the models run) and after
  (read from the project store), and ``ask`` from the store;
- the set-up in-process: ``vocabulary().lexicon()`` (the tables read and the matcher built,
  or both loaded from the cache), cold and warm cache.

    python benchmarks/bench_startup.py
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from radtrack_gui.util.paths import demo_patient_dir

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU s, wall s) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


LEXICON = (  # the tables read (vocabulary()) and the matcher set up (lexicon()), as a process pays
    "import time; from radtrack_gui.nlp.vocabulary import vocabulary; "
    "t = time.process_time(); w = time.perf_counter(); vocabulary().lexicon(); "
    "print(f'{time.process_time() - t:.3f} {time.perf_counter() - w:.3f}')"
)


def lexicon_setup(env: dict[str, str]) -> tuple[float, float]:
    out = subprocess.run(
        [sys.executable, "-c", LEXICON], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    try:
        folder = tmp / "demo"
        shutil.copytree(demo_patient_dir(), folder)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "RADTRACK_HOME": str(tmp / "home")}
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        env.pop("RADTRACK_NO_LEXICON_CACHE", None)
        rt = [sys.executable, "-m", "radtrack_gui"]
        for warm in (["--version"], ["demo"]):
            subprocess.run([*rt, *warm], env=env, check=True, capture_output=True)
        rows: list[tuple[str, float, float]] = []
        rows.append(("python -c pass", *timed([sys.executable, "-c", "pass"], env)))
        rows.append(("radtrack --version", *timed([*rt, "--version"], env)))
        rows.append(("radtrack --help", *timed([*rt, "--help"], env)))
        shutil.rmtree(tmp / "home" / "cache", ignore_errors=True)
        rows.append(("vocabulary + lexicon set-up, cold cache", *lexicon_setup(env)))
        rows.append(("vocabulary + lexicon set-up, warm cache", *lexicon_setup(env)))
        shutil.rmtree(tmp / "home" / "cache")
        out = str(tmp / "out.json")
        process = [*rt, "process", str(folder), "--json", out]
        rows.append(("process demo (lexicon cache cold)", *timed(process, env)))
        rows.append(("process demo (lexicon cache warm)", *timed(process, env)))
        export = [*rt, "export", str(folder), "--format", "json", "--out", out]
        rows.append(("export demo (models run)", *timed(export, env)))
        opener = "import sys; from radtrack_gui.project import open_project as o; o(sys.argv[1])"
        subprocess.run(
            [sys.executable, "-c", opener + ".store.close()", str(folder)],
            env=env,
            check=True,
            capture_output=True,
        )
        rows.append(("export demo (project store)", *timed(export, env)))
        ask = [*rt, "ask", str(folder), "is the chest tube out?"]
        rows.append(("ask demo (project store)", *timed(ask, env)))
        width = max(len(r[0]) for r in rows)
        print(f"{'command':<{width}}  {'CPU s':>6}  {'wall s':>6}")
        for name, cpu, wall in rows:
            print(f"{name:<{width}}  {cpu:6.3f}  {wall:6.3f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
