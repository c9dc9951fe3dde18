"""Linking in time-ordered slices (``nlp/progressive.py``): the final patient equals the
one-shot run, and the patient shown after each slice holds exactly the final chains
restricted to the reports linked so far (same chain ids, same members, same reasons)."""

from __future__ import annotations

import importlib.util
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from radtrack_gui import pipeline
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.sources import read_patient
from radtrack_gui.nlp import progressive
from radtrack_gui.nlp.registry import RunSpec
from radtrack_gui.nlp.report_groups import assign_groups
from radtrack_gui.util.paths import demo_patient_dir, oncology_patient_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from open_fingerprint import patient_hash  # noqa: E402


def long_patient(folder: Path, n: int) -> Path:
    """A generated one-patient folder of ``n`` reports (scripts/long_patient.py)."""
    spec = importlib.util.spec_from_file_location(
        "long_patient", ROOT / "scripts" / "long_patient.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.write_long_patient(folder, n)


def sliced(folder: Path, first: int, spec: RunSpec | None = None) -> tuple[Patient, list]:
    spec = spec or RunSpec()
    patient = read_patient(folder)
    assign_groups(patient)
    seen: list[tuple[Patient, int, int]] = []
    progressive.extract_and_link(
        patient,
        spec.build_extractor(),
        spec.build_linker(),
        on_slice=lambda p, k, n: seen.append((p, k, n)),
        first=first,
    )
    return patient, seen


def members(p: Patient) -> dict[str, tuple[list[str], dict[str, str]]]:
    return {cid: (list(c.mentions), dict(c.why)) for cid, c in p.chains.items()}


def check_restriction(final: Patient, seen: list[tuple[Patient, int, int]]) -> int:
    """Every slice's chains are the final chains cut to its reports; returns how many
    slices cut a final chain short (the check is not vacuous)."""
    cut = 0
    for part, k, n in seen:
        assert n == len(final.reports) and len(part.reports) == k
        shown = {r.id for r in final.reports[:k]}
        assert [r.id for r in part.reports] == [r.id for r in final.reports[:k]]
        expected: dict[str, tuple[list[str], dict[str, str]]] = {}
        for cid, c in final.chains.items():
            kept = [mid for mid in c.mentions if final.mentions[mid].report in shown]
            if kept:
                expected[cid] = (kept, {mid: c.why[mid] for mid in kept if mid in c.why})
                cut += len(kept) < len(c.mentions)
        assert members(part) == expected
        assert set(part.mentions) == {mid for mid, m in final.mentions.items() if m.report in shown}
    return cut


@pytest.mark.parametrize(
    "folder", [demo_patient_dir(), oncology_patient_dir()], ids=["demo", "onc"]
)
def test_demo_patients_sliced_equal_one_shot(folder: Path) -> None:
    one_shot = pipeline.process_source(folder)
    final, seen = sliced(folder, first=1)
    assert seen  # demo: after 1, 3 and 7 reports; oncology demo: after 1
    assert patient_hash(final) == patient_hash(one_shot)
    assert check_restriction(final, seen) > 0


def test_the_pairwise_linker_sliced_equals_one_shot() -> None:
    spec = RunSpec(linker="pairwise")
    one_shot = pipeline.process_source(demo_patient_dir(), spec=spec)
    final, seen = sliced(demo_patient_dir(), first=1, spec=spec)
    assert [k for _, k, _ in seen] == [1, 3, 7]
    assert patient_hash(final) == patient_hash(one_shot)
    assert check_restriction(final, seen) > 0


def test_generated_patient_sliced_equals_one_shot(tmp_path: Path) -> None:
    folder = long_patient(tmp_path / "long", 200)
    one_shot = pipeline.process_source(folder)
    final, seen = sliced(folder, first=16)
    assert [k for _, k, _ in seen] == [16, 48]  # then all 200
    assert patient_hash(final) == patient_hash(one_shot)
    assert check_restriction(final, seen) > 0
    # the process_source route (the GUI's) gives the same patient
    via: list[int] = []
    again = pipeline.process_source(folder, on_slice=lambda p, k, n: via.append(k))
    assert patient_hash(again) == patient_hash(one_shot) and via == [32]


def test_a_linker_that_cannot_be_fed_in_slices_links_once() -> None:
    spec = RunSpec(linker="exact")
    final, seen = sliced(demo_patient_dir(), first=2, spec=spec)
    assert seen == []
    assert patient_hash(final) == patient_hash(
        pipeline.process_source(demo_patient_dir(), spec=spec)
    )


def test_slices_double_and_the_short_remainder_joins_the_last() -> None:
    assert progressive.slices(1000) == [(0, 32), (32, 96), (96, 224), (224, 480), (480, 1000)]
    assert progressive.slices(1000, 64) == [(0, 64), (64, 192), (192, 448), (448, 1000)]
    assert progressive.slices(60) == [(0, 60)]  # too short to show in steps
    assert progressive.slices(0) == []
    for total in range(1, 300, 7):
        bounds = progressive.slices(total, 5)
        assert bounds[0][0] == 0 and bounds[-1][1] == total
        assert all(a[1] == b[0] for a, b in pairwise(bounds))
    with pytest.raises(ValueError):
        progressive.slices(10, 0)


def test_reports_must_be_fed_in_time_order() -> None:
    patient = read_patient(demo_patient_dir())
    spec = RunSpec()
    ext, lnk = spec.build_extractor(), spec.build_linker()
    run = lnk.start_linking(patient)
    later = patient.reports[3:5]
    from radtrack_gui.nlp.apply import extract_reports

    run.feed(later, {m.id: m for m in extract_reports(later, ext)})
    earlier = patient.reports[1:2]
    with pytest.raises(ValueError, match="time order"):
        run.feed(earlier, {m.id: m for m in extract_reports(earlier, ext, first_number=500)})
    nxt = patient.reports[5:6]
    stray = {m.id: m for m in extract_reports(patient.reports[6:7], ext, first_number=900)}
    with pytest.raises(ValueError, match="outside the reports fed"):
        run.feed(nxt, stray)


class Batches:
    """An extractor that reads reports in batches (as the neural one does): the rules
    extractor under it, each batch's report ids recorded."""

    name = "batches"

    def __init__(self) -> None:
        self.inner = RunSpec().build_extractor()
        self.batches: list[list[str]] = []

    def extract(self, report):  # type: ignore[no-untyped-def]
        return self.inner.extract(report)

    def extract_many(self, reports):  # type: ignore[no-untyped-def]
        self.batches.append([r.id for r in reports])
        return [self.inner.extract(r) for r in reports]


def test_a_batching_extractor_sees_the_batches_of_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from radtrack_gui.nlp import apply

    monkeypatch.setattr(apply, "BATCH_REPORTS", 4)
    monkeypatch.setattr(progressive, "BATCH_REPORTS", 4)
    one, sliced_ext = Batches(), Batches()
    whole = read_patient(demo_patient_dir())
    apply.extract_reports(whole.reports, one)
    patient = read_patient(demo_patient_dir())
    assign_groups(patient)
    seen: list[int] = []
    linker = RunSpec().build_linker()
    progressive.extract_and_link(
        patient, sliced_ext, linker, on_slice=lambda p, k, n: seen.append(k), first=1
    )
    assert seen == [4]  # the first slice of 1 report is widened to a whole batch
    assert sliced_ext.batches == one.batches  # 4, 4, 4, 4, 2 reports, in both runs
