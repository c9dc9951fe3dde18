"""Every expected value of the reference scorer's test cases (../shared/coref-reference-cases):
one test per (case, metric), reading the shared CoNLL files in place."""

from __future__ import annotations

import json

import pytest
from conftest import SHARED, shared_path

from radtrack_gui.evaluation.metrics import Scores, score_corpus
from radtrack_gui.formats.conll import read_conll_as_chains

CASES_DIR = ("coref-reference-cases",)
TOLERANCE = 1e-4


def _params() -> list:
    path = SHARED.joinpath(*CASES_DIR, "expected.json")
    if not path.exists():  # collected anyway; each test then skips via shared_path
        return [pytest.param("missing", "muc", id="shared-cases-missing")]
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return [pytest.param(c["id"], m, id=f"{c['id']}-{m}") for c in cases for m in c["metrics"]]


_cache: dict[str, tuple[dict, Scores]] = {}


def _scored(case_id: str) -> tuple[dict, Scores]:
    if case_id not in _cache:
        expected = json.loads(shared_path(*CASES_DIR, "expected.json").read_text("utf-8"))
        case = next(c for c in expected["cases"] if c["id"] == case_id)
        key = read_conll_as_chains(shared_path(*CASES_DIR, case["key"]))
        response = read_conll_as_chains(shared_path(*CASES_DIR, case["response"]))
        docs = {name: (clusters, response.get(name, [])) for name, clusters in key.items()}
        _cache[case_id] = (case, score_corpus(docs).pooled)
    return _cache[case_id]


@pytest.mark.parametrize(("case_id", "metric"), _params())
def test_reference_case(case_id: str, metric: str) -> None:
    case, scores = _scored(case_id)
    want = case["metrics"][metric]
    if metric == "conll_f1":
        assert scores.conll_f1 == pytest.approx(want["f1"], abs=TOLERANCE)
        return
    got = scores[metric].as_dict()
    for field in ("recall", "precision", "f1"):
        assert got[field] == pytest.approx(want[field], abs=TOLERANCE), field


def test_all_cases_present() -> None:
    expected = json.loads(shared_path(*CASES_DIR, "expected.json").read_text("utf-8"))
    assert len(expected["cases"]) == 36
    assert sum(len(c["metrics"]) for c in expected["cases"]) == 141  # 130 triples + 11 conll
