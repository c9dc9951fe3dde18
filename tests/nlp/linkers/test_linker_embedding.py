"""The MiniLM linker on the real local model (a handful of mentions: loading takes seconds)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Mention, Patient, Report
from radtrack_gui.nlp.linkers.embedding import EmbeddingLinker, find_model
from radtrack_gui.nlp.registry import LINKERS

T0 = datetime(2150, 3, 4, 8, 0)


def build(*reports: tuple[int, list[tuple[str, str, str | None, str | None]]]) -> Patient:
    """(days, [(text, type, concept, side)]) per report; ids m1, m2, ..."""
    p = Patient(id="p")
    n = 0
    for r, (days, specs) in enumerate(reports):
        rid = f"r{r}.txt"
        text = ""
        for words, kind, concept, side in specs:
            n += 1
            site = [f"{side} pleura"] if side and kind == FINDING else []
            p.mentions[f"m{n}"] = Mention(
                f"m{n}",
                rid,
                len(text),
                len(text) + len(words),
                words,
                type=kind,
                concept=concept,
                anatomy=site,
                laterality=side,
            )
            text += words + ". "
        p.reports.append(Report(rid, text, date=T0 + timedelta(days=days), date_known=True))
    return p


def test_missing_model_is_one_line_input_error(tmp_path):
    with pytest.raises(InputError, match="no model files") as info:
        EmbeddingLinker(model_path=tmp_path)
    assert "\n" not in str(info.value)
    assert LINKERS["embedding"].needs


@pytest.mark.models
def test_minilm_links_paraphrases_within_hard_constraints():
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    try:
        find_model()
    except InputError as exc:
        pytest.skip(str(exc))
    p = build(
        (
            0,
            [
                ("left pleural effusion", FINDING, "pleural effusion", "left"),
                ("ETT", DEVICE, "endotracheal tube", None),
            ],
        ),
        (
            2,
            [
                ("left effusion", FINDING, "pleural effusion", "left"),
                ("right effusion", FINDING, "pleural effusion", "right"),
                ("endotracheal tube", DEVICE, "endotracheal tube", None),
            ],
        ),
        (3, [("pneumothorax", FINDING, "pneumothorax", "right")]),
    )
    out = EmbeddingLinker().link(p)
    clusters = sorted(sorted(c) for c in out.clusters)
    assert clusters == [["m1", "m3"], ["m2", "m5"], ["m4"], ["m6"]]
    assert out.why["m3"].startswith("joined c1: embedding similarity")
    assert "left vs right" in out.why["m4"] or "right vs left" in out.why["m4"]
    assert out.pairs[("m1", "m3")] and not out.pairs[("m3", "m4")]
