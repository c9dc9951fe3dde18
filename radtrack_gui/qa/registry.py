"""Readers, registered by name like extractors and linkers, imported only when used.

A reader has ``name`` and ``answer(patient, question) -> Answer``.
"""

from __future__ import annotations

from typing import Any, Protocol, cast, runtime_checkable

from radtrack_gui.core.model import Patient
from radtrack_gui.core.registry import Entry, Registry
from radtrack_gui.nlp.registry import missing
from radtrack_gui.qa.answer import Answer


@runtime_checkable
class Reader(Protocol):
    name: str

    def answer(self, patient: Patient, question: str) -> Answer:
        """The answer to ``question`` from ``patient``'s reports (and chains)."""
        ...


READERS = Registry("reader", unavailable=missing)

for _info in (
    Entry(
        "reader",
        "chains",
        "radtrack_gui.qa.chains_reader:ChainsReader",
        "answers from the chains and their course (assertion, change, device "
        "episodes); questions it cannot parse go to `reader` when installed",
        default=True,
    ),
    Entry(
        "reader",
        "reader",
        "radtrack_gui.qa.extractive:ExtractiveReader",
        "extractive question answering (AutoModelForQuestionAnswering) over the "
        "sentences BM25 retrieves; null threshold for unanswerable",
        trainable=True,
        needs="a model trained with `radtrack train --reader DATA.json` or a local "
        "RadQA-trained folder",
        requires=("torch", "transformers"),
    ),
):
    READERS.register(_info)


def get_reader(name: str | None = None, **options: Any) -> Reader:
    """The reader ``name`` (the registry's default when None) built with ``options``."""
    return cast(Reader, READERS.build(name or READERS.default(), **options))


def default_reader() -> str:
    return READERS.default()
