"""The eleventh whole-body pair files (wb-signs6, round 8): ``pairs_wholebody_dev11.tsv`` (tune) and
``pairs_wholebody_dev11_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, a third of each file sign-diagnosis or synonym."""

from __future__ import annotations

import hashlib
import importlib.util
import zlib
from types import ModuleType

from conftest import ROOT, shared_path

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.challenge import build_cases, load_pairs, pairs_file

RESOURCES = ROOT / "radtrack_gui" / "resources"
TUNE = "pairs_wholebody_dev11.tsv"
CHECK = "pairs_wholebody_dev11_check.tsv"
# frozen when the labels were committed alone, before any linker or extractor ran on the reports
SHA256 = {
    TUNE: "ed0257a5a5a31d01c0f69e2e816c8d11274400749bb01e70fe7524d9e26cb479",
    CHECK: "a2bebf4475eee576402837056a05bd7c7698697bd714778ad79225f3989ceebb",
}


def _script() -> ModuleType:
    path = ROOT / "scripts" / "select_wholebody_wb_signs6.py"
    spec = importlib.util.spec_from_file_location("select_wholebody_wb_signs6", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(name: str) -> set[int]:
    return {int(s.row) for p in load_pairs(pairs_file(name)) for s in (p.a, p.b)}


def test_both_files_are_the_frozen_ones() -> None:
    for name, digest in SHA256.items():
        assert hashlib.sha256(pairs_file(name).read_bytes()).hexdigest() == digest, name


def test_the_reports_are_the_written_draw_split_every_third_into_check() -> None:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    rule = _script()
    shared = shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]
    drawn = rule.draw(parrot_v1_reports(shared), rule.used_keys(RESOURCES))
    tune, check = rule.split(drawn)
    assert len(tune) == 20 and len(check) == 10
    order = [k for _, _, keys in drawn for k in keys]
    assert check == order[2::3] and not set(tune) & set(check)
    assert _rows(TUNE) == set(tune) and _rows(CHECK) == set(check)


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    rule = _script()
    mine = _rows(TUNE) | _rows(CHECK)
    assert all(zlib.crc32(str(k).encode()) % 4 == 1 for k in mine)
    others = rule.used_keys(RESOURCES)
    assert others and not mine & others
    # the draw reads its own two files as no exclusion; were they, its pools would lose them
    assert {TUNE, CHECK} <= rule.OWN and {TUNE, CHECK} <= parrot_draws.ROUND8_FILES


def test_every_span_matches_the_corpora_and_half_is_sign_or_synonym() -> None:
    shared = shared_path("corpora").parent
    for name, least in ((TUNE, 120), (CHECK, 60)):
        pairs = load_pairs(pairs_file(name))
        assert len(pairs) >= least and len({p.id for p in pairs}) == len(pairs)
        cases, problems = build_cases(pairs, shared)
        assert problems == [] and len(cases) == len(pairs)
        kinds = [p for p in pairs if p.category in {"sign-diagnosis", "synonym"}]
        assert 3 * len(kinds) >= len(pairs)
        assert {p.same for p in kinds} == {True, False}
