"""Build the Ask question set (issue #19) from hand-written questions.

Each question (``build_ask_questions_*.py``, one module per kind of patient, in id order)
was written by reading the reports (not the code): the demo patient, three generated
patients (``radtrack synth DIR --patients 3 --seed 23``) and single real reports read in
place from ``../shared/corpora`` (IU chest X-rays keyed by uid, PARROT v1.0 keyed by line).
Gold evidence is given as a short term anchor; this script turns it into the sentence's
offsets and, for corpus reports and for any sentence that shares a run of seven words with
the corpora (``quote_guard.py``'s rule), a SHA-1 of the sentence instead of its text: no
corpus text enters the repository. Output: the dev and held-out halves, split by a sha256
of the question id within each kind (deterministic).

    PYTHONPATH=. python scripts/build_ask_questions.py OUTDIR
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

import build_ask_questions_demo as demo
import build_ask_questions_generated as generated
import build_ask_questions_iu as iu_reports
import build_ask_questions_parrot as parrot_reports
import build_ask_questions_unanswerable as unanswerable
import quote_guard
from build_ask_questions_common import S1, D, R

from radtrack_gui.evaluation.challenge import find_shared
from radtrack_gui.evaluation.silver_mentions import span_digest
from radtrack_gui.nlp.text import sentence_around
from radtrack_gui.qa.question_set import patient_texts

# every question in the order its id numbers it (ask001 ...): frozen
Q: list[dict] = [
    *demo.QUESTIONS,
    *generated.QUESTIONS,
    *iu_reports.QUESTIONS,
    *parrot_reports.QUESTIONS,
    *unanswerable.QUESTIONS,
]


# Dev-half gold corrections, applied after the split so the split stays as frozen:
# the demo patient had five CTs (head x2, C-spine, abdomen, CTA), not four; the generated
# patient's left renal cyst is called "small" on 2118-07-24 (a size word is a size).
DEV_CORRECTIONS: dict[tuple[str, str], dict[str, object]] = {
    (D, "How many CT scans?"): {"answers": ["5"]},
    (S1, "What is the size of the left renal cyst?"): {
        "kind": "size",
        "answerable": True,
        "answers": ["small"],
        "unanswerable": "",
        "_ev": [("03_", r"incidental small left renal cyst")],
    },
}


def _id(i: int, item: dict) -> str:
    return f"ask{i:03d}"


def corpus_runs() -> dict[int, int]:
    """The quote guard's hashed runs of seven words of the corpora (run -> reports)."""
    shared = find_shared(Path(__file__))
    if shared is None:
        raise SystemExit("../shared/corpora not found")
    return quote_guard.load_index(shared, None).lookup()


def main(out: str) -> None:
    runs = corpus_runs()
    texts = patient_texts(
        sorted({x["patient"] for x in Q}),
        Path(__file__).resolve().parents[1] / "radtrack_gui" / "resources" / "samples",
    )
    # the split: by a sha256 of the id within each kind as written (frozen)
    half = {}
    for kind in sorted({x["kind"] for x in Q}):
        ids = sorted(
            (_id(i, x) for i, x in enumerate(Q, 1) if x["kind"] == kind),
            key=lambda k: hashlib.sha256(k.encode()).hexdigest(),
        )
        half.update({k: "heldout" if j % 2 else "dev" for j, k in enumerate(ids)})
    rows = []
    for i, item in enumerate(Q, 1):
        if half[_id(i, item)] == "dev":  # gold errors found on the dev half only
            item.update(DEV_CORRECTIONS.get((item["patient"], item["question"]), {}))
        reports = texts[item["patient"]]
        ev = []
        for key, anchor in item.pop("_ev"):
            rid = next(
                (
                    r
                    for r in reports
                    if key == R or r.startswith(key) or (key[0] == "_" and key in r)
                ),
                None,
            )
            if rid is None:
                raise SystemExit(f"{item['question']}: no report {key} in {item['patient']}")
            text = reports[rid]
            m = re.search(anchor, text)
            if not m:
                raise SystemExit(f"{item['question']}: anchor {anchor!r} not in {rid}")
            s, e = sentence_around(text, m.start(), m.end())
            span = {"report": rid, "start": s, "end": e}
            # a corpus sentence, or one of ours that shares a run of seven words with the
            # corpora (the quote guard's rule): its hash, not its text
            if item["patient"].startswith(("iu:", "parrot1:")) or quote_guard.scan_text(
                text[s:e], rid, runs
            ):
                span["sha1"] = span_digest(text[s:e])
            else:
                span["text"] = text[s:e]
            ev.append(span)
        rows.append({"id": _id(i, item), **item, "evidence": ev})
    halves: dict[str, list[dict]] = {"dev": [], "heldout": []}
    for r in rows:
        halves[half[r["id"]]].append(r)
    for name, part in halves.items():
        part.sort(key=lambda r: r["id"])
        path = Path(out) / f"ask_questions_{name}.jsonl"
        path.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8"
        )
        print(f"{path}: {len(part)} questions")
    n = len(rows)
    un = sum(not r["answerable"] for r in rows)
    pol = sum(bool(r["polarity"]) for r in rows)
    whole = sum(r["kind"] == "whole_exam" for r in rows)
    print(
        f"total {n}; unanswerable {un} ({100 * un / n:.0f} %); polarity {pol}; whole-exam {whole}"
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
