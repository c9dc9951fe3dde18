"""``radtrack ask PATIENT_FOLDER "QUESTION" --json`` (FORMATS §7), or ``--questions FILE.jsonl``
(one JSON line out per question). A patient already opened as a project (the GUI, or any
command that stored it) is answered from its project store, read-only, without running the
models again, when the store's reports are the folder's reports and were made by the models
asked for; otherwise the patient is read and analysed as ``radtrack process`` does, so chain
ids are the same for the same folder and models."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.cli.options import add_model_options, add_patient_option

_SURROGATE = re.compile("[\ud800-\udfff]")

if TYPE_CHECKING:
    from radtrack_gui.core.model import Patient
    from radtrack_gui.qa.answer import Answer


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ask",
        help="answer a question about a patient's reports, with evidence",
        description="Answer a question about one patient from its reports: "
        "the answer, the evidence sentences and the chains.",
    )
    p.add_argument("folder", metavar="PATIENT_FOLDER", help="patient folder (or a RadTrack JSON)")
    p.add_argument("question", nargs="?", default=None, metavar="QUESTION")
    p.add_argument("--json", action="store_true", help="print the answer as JSON (§7)")
    p.add_argument(
        "--questions",
        metavar="FILE.jsonl",
        help='one {"question": ...} per line; one JSON line out per question',
    )
    p.add_argument("--reader", default=None, help="reader name (chains, reader)")
    add_model_options(p)
    add_patient_option(p)


def read_questions(path: str | Path) -> list[str]:
    """The questions of a JSONL file; InputError naming the file and line when broken."""
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.formats.jsonl import read_jsonl

    out = []

    def blank(n: int) -> None:
        print(f"note: {path}:{n}: blank line skipped", file=sys.stderr)

    for n, item in read_jsonl(path, on_blank=blank):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("question"), str)
            or not item["question"].strip()
        ):
            raise InputError(f'{path}:{n}: expected {{"question": "..."}}')
        out.append(clean_question(item["question"]))
    return out


def clean_question(text: str) -> str:
    """A question as text that can be written out: a lone surrogate (from an undecodable
    argument byte or a JSON ``\\udcXX`` escape) becomes U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def open_patient(
    path: str, extractor: str | None, linker: str | None, patient_id: str | None = None
) -> Patient:
    """The stored project when it is current (``stored_patient``), else the patient as
    `radtrack process` makes it (a RadTrack JSON keeps its chains)."""
    from radtrack_gui.nlp.registry import RunSpec

    spec = RunSpec(extractor or "", linker or "")
    stored = stored_patient(path, spec.extractor_name, spec.linker_name, patient_id)
    if stored is not None:
        return stored
    from radtrack_gui.pipeline import process_source

    return process_source(path, patient_id, spec)


def stored_patient(
    path: str, extractor: str, linker: str, patient_id: str | None = None
) -> Patient | None:
    """The patient from its project store, or None: no store, a store made by other
    models, or reports that changed since (then the models must run)."""
    from radtrack_gui.formats.sources import kind_of, read_patient, source_path
    from radtrack_gui.project import store_key
    from radtrack_gui.store.db import ProjectStore, store_path_for_folder

    source = source_path(path)
    if kind_of(source) != "folder":
        return None
    file = store_path_for_folder(store_key(source, patient_id))
    if not file.exists():
        return None
    from radtrack_gui.store.errors import StoreError

    try:
        with ProjectStore.open(file, read_only=True) as store:
            meta = store.meta()
            patient = store.load_patient()
    except StoreError as exc:  # damaged or locked: the models answer instead
        print(f"warning: project store not used ({exc})", file=sys.stderr)
        return None
    if patient is None:
        return None
    if not patient.annotated and (meta.get("extractor"), meta.get("linker")) != (
        extractor,
        linker,
    ):
        return None
    current = read_patient(source, patient_id)
    if [(r.id, r.text) for r in current.reports] != [(r.id, r.text) for r in patient.reports]:
        return None
    if current.annotated != patient.annotated:
        return None
    return patient


def readable(answer: Answer) -> str:
    """The answer for a terminal: the sentence, then the evidence."""
    from radtrack_gui.qa.answer import NOTHING_RELATED, RETRIEVED

    if answer.retrieved_only and not answer.evidence:
        lines = [f"Not answered from these reports; {NOTHING_RELATED.lower()}."]
    elif answer.retrieved_only:
        lines = [f"Not answered from these reports; {RETRIEVED.lower()}:"]
    elif not answer.answerable:
        lines = [(answer.note or "No answer in these reports") + "."]
    else:
        lines = [f"{answer.answer or ''}  (confidence {round(100 * answer.confidence)} %)"]
    for ev in answer.evidence:
        when = ev.date or "undated"
        lines.append(
            f"  - {when} {ev.exam} [{ev.report} {ev.start}-{ev.end}]: {' '.join(ev.text.split())}"
        )
    if answer.chains:
        lines.append(f"  chains: {', '.join(answer.chains)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.qa.registry import default_reader, get_reader

    if (args.question is None) == (args.questions is None):
        raise InputError("give one QUESTION or --questions FILE.jsonl")
    questions = (
        read_questions(args.questions) if args.questions else [clean_question(args.question)]
    )
    reader = get_reader(args.reader or default_reader())
    patient = open_patient(args.folder, args.extractor, args.linker, args.patient)
    for problem in patient.problems:
        print(f"warning: {problem}", file=sys.stderr)
    for question in questions:
        answer = reader.answer(patient, question)
        if args.json or args.questions:
            print(json.dumps(answer.to_json(), ensure_ascii=False), flush=True)
        else:
            print(readable(answer))
    return 0
