"""Rule extractor over real reports (IU chest X-rays, read in place): no exception, every
offset valid, every attribute within FORMATS §3."""

from __future__ import annotations

import csv

from radtrack_gui.core.model import ASSERTIONS, LATERALITIES, MENTION_TYPES, Report
from radtrack_gui.nlp.extractors.open_vocab import head_concept
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.pipeline import extract_reports
from tests.conftest import shared_path


def _iu_reports(limit: int) -> list[Report]:
    path = shared_path("corpora", "iu_openi_cxr", "indiana_reports.csv")
    out = []
    with path.open(encoding="utf-8", newline="") as f:
        for i, row in enumerate(csv.DictReader(f)):
            if i >= limit:
                break
            parts = [(row.get(k) or "").strip() for k in ("findings", "impression")]
            # the IU layout: two sections; keep the indication too, it is report text
            text = (
                "INDICATION: "
                + (row.get("indication") or "")
                + "\n\n"
                + "\n\n".join(p for p in parts if p)
            )
            out.append(Report(id=row["uid"], text=text, region="chest"))
    return out


def test_first_300_iu_reports() -> None:
    reports = _iu_reports(300)
    v = vocabulary()
    mentions = extract_reports(reports, RuleExtractor())
    assert len(mentions) > 3 * len(reports)
    texts = {r.id: r.text for r in reports}
    for m in mentions:
        text = texts[m.report]
        assert 0 <= m.start < m.end <= len(text)
        assert text[m.start : m.end] == m.text
        assert m.type in MENTION_TYPES and m.assertion in ASSERTIONS
        assert m.laterality is None or m.laterality in LATERALITIES
        assert m.concept and (
            m.concept in v.concepts
            or m.concept.startswith("normal ")
            or m.concept == head_concept(m.text.lower())  # open vocabulary: its head noun
        )
        assert all(a in v.parent for a in m.anatomy)
        assert "XXXX" not in m.text and "[**" not in m.text
    ids = [m.id for m in mentions]
    assert ids == [f"m{i}" for i in range(1, len(ids) + 1)]
    sections = {m.section for m in mentions}
    assert "INDICATION" in sections
    found = {m.concept for m in mentions if m.assertion != "absent"}
    assert {"cardiomegaly", "atelectasis", "pleural effusion"} <= found
    assert any(m.assertion == "absent" and m.concept == "pneumothorax" for m in mentions)
