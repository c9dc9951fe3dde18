"""The checks every drawn whole-body mention sample (``mentions_wholebody_dev3..dev11.jsonl``)
passes, each parametrised by the sample: frozen bytes, loaded in place as its split, fresh
reports of its labeller's crc32 share, exactly the written seeded draw of its script, and held
by ``load_all`` beside the other splits."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zlib
from dataclasses import dataclass
from pathlib import Path

from conftest import ROOT, shared_path

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV_SPLITS,
    Sample,
    load_all,
    load_wholebody,
)

RESOURCES = ROOT / "radtrack_gui" / "resources"


@dataclass(frozen=True)
class DrawnSample:
    file: str  # the silver file the draw was labelled into
    split: str
    sha256: str  # frozen when the labels were committed alone
    script: str  # scripts/<script>.py, the written draw
    parts: int  # the share: zlib.crc32(str(key).encode()) % parts == share
    share: int
    drawn: int  # reports the script draws
    spans: int  # spans of the split in load_all
    unlabelled: frozenset[str] = frozenset()  # drawn reports that state no finding (no line)

    @property
    def path(self) -> Path:
        return RESOURCES / "silver" / self.file


def shared() -> Path:
    return shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]


def keys(path: Path) -> set[str]:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {str(d["report"]) for d in rows if d.get("corpus") == "parrot1"}


def load_draw(script: str) -> parrot_draws.Draw:
    """The ``DRAW`` of ``scripts/<script>.py``, the written draw."""
    spec = importlib.util.spec_from_file_location(script, ROOT / "scripts" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    draw: parrot_draws.Draw = module.DRAW
    return draw


def script(case: DrawnSample) -> parrot_draws.Draw:
    return load_draw(case.script)


def check_frozen(case: DrawnSample) -> None:
    assert hashlib.sha256(case.path.read_bytes()).hexdigest() == case.sha256


def load_in_place(case: DrawnSample) -> Sample:
    """The sample loaded as its split, with enough spans and reports (for further checks)."""
    sample = load_wholebody(case.path, shared(), case.split)
    assert len(sample.spans) >= 300 and len(sample.reports) >= 35
    assert {r.split for r in sample.reports.values()} == {case.split}
    return sample


def check_fresh_share(case: DrawnSample) -> None:
    rule = script(case)
    mine = keys(case.path)
    assert all(zlib.crc32(k.encode()) % case.parts == case.share for k in mine)
    others = {str(k) for k in rule.used_keys(RESOURCES)}
    assert others and not mine & others
    # the rule reads its own file as no exclusion: a key of it would be, were it another file
    assert rule.own == {case.path.name}


def seeded_draw(case: DrawnSample) -> tuple[parrot_draws.Draw, set[str]]:
    """The script and its drawn keys, checked to be the sample's reports (for further checks)."""
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    rule = script(case)
    reports = parrot_v1_reports(shared())
    used = rule.used_keys(RESOURCES)
    drawn = {str(k) for _, _, ks in rule.draw(reports, used) for k in ks}
    assert keys(case.path) == drawn - case.unlabelled and len(drawn) == case.drawn
    assert case.unlabelled <= drawn
    return rule, drawn


def check_every_third(case: DrawnSample, check_split: str) -> None:
    """The written draw's every third report (in draw order) is the check split, the rest the
    sample's own split (round 7 on)."""
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    rule, drawn = seeded_draw(case)
    order = rule.draw(parrot_v1_reports(shared()), rule.used_keys(RESOURCES))
    check = {str(k) for k in rule.check_keys(order)}
    assert len(check) == len(drawn) // 3
    sample = load_wholebody(case.path, shared(), case.split)
    by_split = {r.key: r.split for r in sample.reports.values()}
    assert {k for k, sp in by_split.items() if sp == check_split} == check
    assert {k for k, sp in by_split.items() if sp == case.split} == drawn - check


def check_load_all(case: DrawnSample) -> None:
    sample = load_all(shared()).only([case.split])
    assert set(sample.reports) == {f"parrot1:{k}" for k in keys(case.path)}
    assert len(sample.spans) == case.spans


def check_written(case: DrawnSample, check_split: str) -> None:
    """Frozen bytes, fresh reports of the labeller's share, exactly the written draw with every
    third report in ``check_split`` (round 7 on)."""
    check_frozen(case)
    check_fresh_share(case)
    check_every_third(case, check_split)


def load_with_check(case: DrawnSample, check_split: str) -> Sample:
    """The sample loaded as its split and ``check_split`` (for further checks): enough spans in
    each and reports; the check split is scored beside the dev splits, its misses never listed."""
    sample = load_wholebody(case.path, shared(), case.split)
    assert len(sample.only([case.split]).spans) >= 250
    assert len(sample.only([check_split]).spans) >= 120
    assert len(sample.reports) >= 40
    assert case.split in DEV_SPLITS and check_split in CHECK_SPLITS
    assert check_split not in DEV_SPLITS
    return sample


def check_load_all_with_check(case: DrawnSample, check_split: str) -> None:
    both = load_all(shared()).only([case.split, check_split])
    assert set(both.reports) == {f"parrot1:{k}" for k in keys(case.path)}
    assert len(both.only([case.split]).spans) == case.spans


ROUND_FILES = {
    7: parrot_draws.ROUND7_FILES,
    8: parrot_draws.ROUND8_FILES,
    9: parrot_draws.ROUND9_FILES,
    10: parrot_draws.ROUND10_FILES,
    11: parrot_draws.ROUND11_FILES,
}


def check_no_exclusion_of_earlier_draws(case: DrawnSample, round_: int) -> None:
    """A file of round ``round_`` holds keys of the earlier shares: were it an exclusion of an
    earlier draw, that draw's pools (and its seeded sample) would change."""
    assert case.file in ROUND_FILES[round_]
    mine = {int(k) for k in keys(case.path)}
    for through in range(6, round_):
        assert not mine & parrot_draws.used_keys(RESOURCES, through=through), through
