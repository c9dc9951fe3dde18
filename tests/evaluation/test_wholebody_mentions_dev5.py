"""The fifth whole-body dev sample (mentions_wholebody_dev5.jsonl): frozen, fresh reports of
this labeller's share (round 5: crc32 % 4 == 3) drawn by the written rule, all of it split
dev5, scored with the rest."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zlib
from pathlib import Path

from conftest import ROOT, shared_path

from radtrack_gui.evaluation.wholebody_mentions import DEV5, DEV_SPLITS, load_all, load_wholebody

SILVER = ROOT / "radtrack_gui" / "resources" / "silver"
DEV5_FILE = SILVER / "mentions_wholebody_dev5.jsonl"
# Frozen when the labels were committed alone (before any extractor was run on these reports).
DEV5_SHA256 = "c8b9fec6ce72bb7b96a025104d25e87fb85452a22506aa324e093ab54ca81284"


def _shared() -> Path:
    return shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]


def _keys(path: Path) -> set[str]:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {str(d["report"]) for d in rows if d.get("corpus") == "parrot1"}


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "select_wholebody_wb_mentions6", ROOT / "scripts" / "select_wholebody_wb_mentions6.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_fifth_dev_sample_is_the_frozen_one() -> None:
    assert hashlib.sha256(DEV5_FILE.read_bytes()).hexdigest() == DEV5_SHA256


def test_it_loads_in_place_as_dev5_with_enough_spans_and_reports() -> None:
    sample = load_wholebody(DEV5_FILE, _shared(), DEV5)
    assert len(sample.spans) >= 300 and len(sample.reports) >= 35
    assert {r.split for r in sample.reports.values()} == {DEV5}
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "US", "XR", "MG"}
    assert DEV5 in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    script = _script()
    mine = _keys(DEV5_FILE)
    assert all(zlib.crc32(k.encode()) % 4 == 3 for k in mine)
    others = {str(k) for k in script.used_keys(ROOT / "radtrack_gui" / "resources")}
    assert others and not mine & others
    # the rule reads its own file as no exclusion: a key of it would be, were it another file
    assert DEV5_FILE.name == script.OWN


def test_the_reports_are_the_written_seeded_draw() -> None:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    script = _script()
    reports = parrot_v1_reports(_shared())
    used = script.used_keys(ROOT / "radtrack_gui" / "resources")
    drawn = {str(k) for _, _, keys in script.draw(reports, used) for k in keys}
    assert _keys(DEV5_FILE) == drawn and len(drawn) == 39


def test_load_all_holds_dev5_beside_the_other_splits() -> None:
    sample = load_all(_shared())
    dev5 = sample.only([DEV5])
    assert set(dev5.reports) == {f"parrot1:{k}" for k in _keys(DEV5_FILE)}
    assert len(dev5.spans) == 368
