"""SQuAD-v2-format questions over synthetic reports (``evaluation.synth``), RadQA-style:
"Is there <concept>?" / "What about the <device>?" answered by the whole sentence that holds
a present gold mention; concepts the report does not mention are unanswerable. A stand-in
training set for `radtrack train --reader` where RadQA itself is not available.

    python scripts/synth_squad.py OUT.json --patients 30 --seed 21
"""

from __future__ import annotations

import argparse
import json
import random

from radtrack_gui.core.model import DEVICE
from radtrack_gui.evaluation.synth import generate
from radtrack_gui.nlp.text import sentence_around


def build(n_patients: int, seed: int, per_report: int = 3) -> dict:
    rng = random.Random(seed)
    patients = generate(n_patients, seed)
    concepts = sorted({m.concept for p in patients for m in p.mentions.values() if m.concept})
    paras, n = [], 0
    for p in patients:
        for r in p.reports:
            ms = [m for m in p.mentions_of(r.id) if m.concept and m.assertion == "present"]
            named = {m.concept for m in p.mentions_of(r.id)}
            qas = []
            for m in rng.sample(ms, min(per_report, len(ms))):
                s, e = sentence_around(r.text, m.start, m.end)
                q = f"Where is the {m.concept}?" if m.type == DEVICE else f"Is there {m.concept}?"
                n += 1
                qas.append(
                    {
                        "id": f"s{n}",
                        "question": q,
                        "is_impossible": False,
                        "answers": [{"text": r.text[s:e], "answer_start": s}],
                    }
                )
            for c in rng.sample([c for c in concepts if c not in named], 1):
                n += 1
                qas.append(
                    {
                        "id": f"s{n}",
                        "question": f"Is there {c}?",
                        "is_impossible": True,
                        "answers": [],
                    }
                )
            paras.append({"context": r.text, "qas": qas})
    return {"version": "v2.0", "data": [{"title": "synthetic", "paragraphs": paras}]}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--patients", type=int, default=30)
    ap.add_argument("--seed", type=int, default=21)
    a = ap.parse_args()
    doc = build(a.patients, a.seed)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    print(sum(len(p["qas"]) for p in doc["data"][0]["paragraphs"]), "questions ->", a.out)
