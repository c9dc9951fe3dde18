"""benchmarks/extract_fingerprint.py: a report's hash covers every field of its mentions."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import extract_fingerprint

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _mentions() -> list[Mention]:
    text = "Small left pleural effusion, 2 cm. No pneumothorax. Right IJ line in place."
    return RuleExtractor().extract(Report(id="r", text=text))


def test_equal_output_equal_hash() -> None:
    a, b = _mentions(), _mentions()
    assert a and extract_fingerprint.report_hash(a) == extract_fingerprint.report_hash(b)


def test_any_field_changed_changes_the_hash() -> None:
    base = _mentions()
    h = extract_fingerprint.report_hash(base)
    changes = {
        "start": 1,
        "laterality": "right",
        "assertion": "possible",
        "anatomy": ["lung"],
        "measurements": ["3 cm"],
        "section": "FINDINGS",
        "question": True,
        "source": "model:other",
    }
    for name, value in changes.items():
        assert name in {f.name for f in dataclasses.fields(Mention)}
        changed = [dataclasses.replace(base[0], **{name: value}), *base[1:]]
        assert extract_fingerprint.report_hash(changed) != h, name
    assert extract_fingerprint.report_hash(base[::-1]) != h  # the order counts too
