"""Readers, registered by name like extractors and linkers, imported only when used.

A reader has ``name`` and ``answer(patient, question) -> Answer``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.registry import ModelInfo, _build
from radtrack_gui.qa.answer import Answer


@runtime_checkable
class Reader(Protocol):
    name: str

    def answer(self, patient: Patient, question: str) -> Answer:
        """The answer to ``question`` from ``patient``'s reports (and chains)."""
        ...


READERS: dict[str, ModelInfo] = {}


def register(info: ModelInfo) -> None:
    READERS[info.name] = info


for _info in (
    ModelInfo(
        "reader",
        "chains",
        "radtrack_gui.qa.chains_reader:ChainsReader",
        "answers from the chains and their course (assertion, change, device "
        "episodes); questions it cannot parse go to `reader` when installed",
        default=True,
    ),
    ModelInfo(
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
    register(_info)


def get_reader(name: str = "chains", **options: Any) -> Reader:
    if name not in READERS:
        raise InputError(f"unknown reader '{name}' (known: {', '.join(READERS)})")
    return _build(READERS[name], options)


def default_reader() -> str:
    return next(i.name for i in READERS.values() if i.default)
