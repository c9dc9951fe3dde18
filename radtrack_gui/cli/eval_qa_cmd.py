"""``radtrack eval-qa DATA [--reader NAME]``: question-answering scores as RadQA reports them
(exact match and token F1, overall / answerable / unanswerable). DATA is SQuAD-format JSON
whose contexts are reports, or patient-level JSONL (each line names a patient folder, the
question, gold answers and gold evidence spans; evidence recall is printed too, and with a
``kind`` per line a table per kind: answerable accuracy, yes/no accuracy, unanswerable
recognised, evidence recall, EM/F1 of the non-yes/no answers). A line's patient may also be a
generated patient or one corpus report (``qa.question_set``)."""

from __future__ import annotations

import argparse
import json

from radtrack_gui.cli.options import add_model_options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval-qa",
        help="score a reader on SQuAD-format or patient-level questions",
        description="Score a question-answering reader: SQuAD v2 exact match "
        "and F1 (overall, answerable, unanswerable); with "
        "patient-level JSONL also evidence recall.",
    )
    p.add_argument("data", metavar="DATA", help="SQuAD JSON, or patient-level JSONL")
    p.add_argument("--reader", default=None, help="reader name (chains, reader)")
    add_model_options(p)
    p.add_argument("--out-json", metavar="FILE", help="write the scores as JSON")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.cli.options import run_spec
    from radtrack_gui.formats.sources import source_path
    from radtrack_gui.pipeline import analyse, process_folder
    from radtrack_gui.qa.evaluate import evaluate_patients, evaluate_squad
    from radtrack_gui.qa.registry import default_reader, get_reader
    from radtrack_gui.util.atomic import atomic_write_text

    path = source_path(args.data)
    name = args.reader or default_reader()
    reader = get_reader(name)
    spec = run_spec(args)
    if path.suffix.lower() == ".jsonl":
        scores = evaluate_patients(
            path,
            reader,
            lambda folder: process_folder(folder, spec),
            lambda patient: analyse(patient, spec, force=True),
        )
    else:
        scores = evaluate_squad(path, reader, lambda patient: analyse(patient, spec))
    print(scores.table(f"reader {name} on {path.name}"))
    if args.out_json:
        atomic_write_text(args.out_json, json.dumps(scores.as_dict(), indent=2) + "\n")
    return 0
