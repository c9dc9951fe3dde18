"""A second RadTrack process for the store tests (run as a script, not collected).

``python tests/store_child.py hold STORE``: open STORE for writing, say so, wait.
``python tests/store_child.py edit STORE SEED``: make random edits forever, printing
``ack <edit log id>`` after each one is committed (the parent SIGKILLs it at a random time).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from radtrack_gui.core.edits import MarkReviewed, MergeChains, MoveMention, SplitChain
from radtrack_gui.evaluation.synth import generate_patient
from radtrack_gui.store.db import ProjectStore

WHO = "person:child"


def hold(path: str) -> None:
    with ProjectStore.open(path):
        print("held", flush=True)
        sys.stdin.read()  # until the parent closes our stdin or kills us


def edit(path: str, seed: int) -> None:
    rng = random.Random(seed)
    with ProjectStore.open(path) as store:
        patient = store.load_patient()
        if patient is None:
            patient = generate_patient(seed, 1)
            store.save_patient(patient, "model:gold")
        print("ready", flush=True)
        while True:
            chains = sorted(patient.chains)
            kind = rng.randrange(4)
            if kind == 0 and len(chains) > 1:
                cmd = MergeChains(rng.sample(chains, 2))
            elif kind == 1:
                mid = rng.choice(sorted(patient.mentions))
                target = rng.choice([None, *rng.sample(chains, min(3, len(chains)))])
                if target == patient.mentions[mid].chain:
                    target = None
                cmd = MoveMention(mid, target)
            elif kind == 2:
                big = [c for c in chains if len(patient.chains[c].mentions) > 1]
                if not big:
                    continue
                cid = rng.choice(big)
                cmd = SplitChain(
                    cid, at_report=patient.mentions[patient.chains[cid].mentions[-1]].report
                )
            else:
                cmd = MarkReviewed(rng.choice(chains), rng.random() < 0.5)
            try:
                store.apply(cmd, patient, WHO)
            except Exception as exc:  # an edit the model refuses: try another
                if type(exc).__name__ in ("StoreError", "StoreBug", "StoreConflict"):
                    raise
                continue
            last = store.conn.execute("SELECT max(id) FROM edits").fetchone()[0]
            print("ack", last, flush=True)
            time.sleep(rng.random() * 0.002)


def start(*args: str) -> subprocess.Popen[str]:
    """This script as a child process (its stdout a pipe of lines)."""
    return subprocess.Popen(
        [sys.executable, __file__, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(child: subprocess.Popen[str], word: str) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line.startswith(word):
        raise AssertionError(f"child said {line!r}: {child.stderr.read() if child.stderr else ''}")


def kill_during_edits(path: Path, kills: int, seed: int = 1) -> dict[str, int]:
    """SIGKILL an editing child ``kills`` times at random moments; after each kill the store
    must open without repair, hold every acknowledged edit and keep every invariant."""
    rng = random.Random(seed)
    acked_total = lost = broken = 0
    for k in range(kills):
        child = start("edit", str(path), str(seed * 1000 + k))
        wait_for(child, "ready")
        deadline = time.monotonic() + rng.uniform(0.05, 0.4)
        last = 0
        assert child.stdout is not None
        while time.monotonic() < deadline:
            line = child.stdout.readline()
            if line.startswith("ack"):
                last = int(line.split()[1])
                acked_total += 1
        child.send_signal(signal.SIGKILL)
        child.wait()
        for line in child.stdout:  # acks written before the kill still count
            if line.startswith("ack"):
                last = int(line.split()[1])
                acked_total += 1
        child.stdout.close()
        if child.stderr is not None:
            child.stderr.close()
        if child.stdin is not None:
            child.stdin.close()
        with ProjectStore.open(path) as store:
            if store.check_invariants():
                broken += 1
            patient = store.load_patient()
            if store.repaired or patient is None or patient.check():
                broken += 1
            logged = store.conn.execute("SELECT max(id) FROM edits").fetchone()[0] or 0
            if logged < last:
                lost += 1
    return {"kills": kills, "acknowledged_edits": acked_total, "lost": lost, "broken": broken}


if __name__ == "__main__":
    if sys.argv[1] == "hold":
        hold(sys.argv[2])
    else:
        edit(sys.argv[2], int(sys.argv[3]))
