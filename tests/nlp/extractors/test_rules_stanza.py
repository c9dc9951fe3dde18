"""The optional stanza extractor: a clear error without model files, and the mapping of its
entity labels onto mentions (the NER model itself is the external boundary)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.stanza_ner import (
    Entity,
    StanzaExtractor,
    find_model_dir,
    mentions_from_entities,
)
from radtrack_gui.nlp.registry import get_extractor


def test_missing_model_is_a_one_line_input_error(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RADTRACK_MODELS", str(tmp_path / "nowhere"))
    with pytest.raises(InputError) as err:
        get_extractor("stanza")
    msg = str(err.value)
    assert "\n" not in msg
    assert str(tmp_path / "nowhere" / "stanza") in msg  # where it looked
    assert "stanza.download" in msg and "copy" in msg  # how to install offline
    with pytest.raises(InputError):
        StanzaExtractor(model_dir=str(tmp_path))


def test_model_folder_is_found_when_present(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "stanza"
    (folder / "en" / "ner").mkdir(parents=True)
    (folder / "resources.json").write_text("{}", encoding="utf-8")
    (folder / "en" / "ner" / "radiology.pt").write_bytes(b"")
    assert find_model_dir([tmp_path / "empty", tmp_path]) == folder


def test_entity_labels_map_to_mentions() -> None:
    text = "Right IJ line in place. Possible left lower lobe pneumonia. Biliary debris."
    report = Report(id="r", text=text)

    def ent(word: str, label: str, nth: int = 0) -> Entity:
        start = -1
        for _ in range(nth + 1):
            start = text.index(word, start + 1)
        return Entity(start, start + len(word), label)

    sentences = [
        (0, 23, [ent("Right", "ANATOMY_MODIFIER"), ent("IJ line", "OBSERVATION")]),
        (
            24,
            59,
            [
                ent("Possible", "UNCERTAINTY"),
                ent("left", "ANATOMY_MODIFIER"),
                ent("lower lobe", "ANATOMY"),
                ent("pneumonia", "OBSERVATION"),
            ],
        ),
        (60, 75, [ent("Biliary", "ANATOMY"), ent("debris", "OBSERVATION")]),
    ]
    ms = mentions_from_entities(report, sentences)
    assert [(m.text, m.type, m.concept) for m in ms] == [
        ("IJ line", "device", "internal jugular catheter"),
        ("pneumonia", "finding", "pneumonia"),
        ("debris", "finding", "debris"),
    ]
    assert ms[0].laterality == "right" and ms[1].assertion == "possible"
    assert ms[2].anatomy[0] == "biliary tree" and all(m.source == "model:stanza" for m in ms)
