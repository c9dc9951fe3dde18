"""Output fingerprint of the ``knowledge`` linker: a sha256 of its chains (the mention ids of
each chain, sorted) per patient, and one total.

The patients (all read in place; no text is written, only hashes):

- every whole-body challenge pair file's cases (``resources/challenge/pairs_wholebody*.tsv``):
  the dev half of ``pairs_wholebody.tsv`` (never its held-out half) and every pair of the
  ``_devN`` / ``_devN_check`` files (``--challenge-split all``, as the eval command reads them);
  each case is the one- or two-report patient ``evaluation.challenge`` builds;
- the bundled sample patients (``resources/samples/*_patient``), extracted by ``rules``;
- PARROT v1.0 pseudo-patients (``parrot_patient``): consecutive English reports as one
  patient, dated 30 days apart, sections as ingest finds them, extracted by ``rules``
  (``--parrot 300,100``: the first 300 reports, then the next 100).

A speed change to linking must leave the total unchanged::

    python benchmarks/link_fingerprint.py --out /tmp/lfp-before.json
    python benchmarks/link_fingerprint.py --compare /tmp/lfp-before.json

Extraction runs once per patient before linking, so a change to the extractor changes the
fingerprint too: compare trees that share the extractor (or re-take the baseline after a merge).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

from radtrack_gui.core.model import Patient, Report

FIRST = datetime(2150, 1, 1, 9, 0)
GAP = timedelta(days=30)


def chains_hash(clusters: list[list[str]]) -> str:
    """sha256 of the chains: ids sorted in each chain, chains sorted."""
    payload = json.dumps(sorted(sorted(c) for c in clusters))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def extracted(patient: Patient) -> Patient:
    """``patient`` with the ``rules`` mentions and report groups (as ``pipeline.analyse``)."""
    from radtrack_gui.nlp.apply import extract_reports
    from radtrack_gui.nlp.registry import get_extractor
    from radtrack_gui.nlp.report_groups import assign_groups

    mentions = extract_reports(patient.reports, get_extractor("rules"))
    patient.mentions = {m.id: m for m in mentions}
    patient.annotated = False
    if not patient.report_groups:
        assign_groups(patient)
    return patient


def parrot_patient(start: int, count: int) -> Patient:
    """PARROT v1.0 reports ``start .. start+count-1`` as one patient, 30 days apart."""
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root
    from radtrack_gui.nlp.sections import find_sections

    texts = parrot_v1_reports(shared_root())[start : start + count]
    reports = [
        Report(
            id=f"parrot-{start + i}",
            text=t,
            date=FIRST + i * GAP,
            date_known=True,
            sections=find_sections(t),
        )
        for i, t in enumerate(texts)
    ]
    return extracted(Patient(id=f"parrot-{start}-{count}", reports=reports))


def sample_patients() -> dict[str, Patient]:
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.util.paths import resource

    folder = Path(resource("samples"))
    return {
        p.name: extracted(read_patient_folder(p))
        for p in sorted(folder.glob("*_patient"))
        if p.is_dir()
    }


def challenge_patients() -> dict[str, Patient]:
    """Every whole-body dev case's patient, keyed ``file:case id``."""
    from radtrack_gui.evaluation.challenge import ALL, build_cases, load_pairs, pairs_file
    from radtrack_gui.evaluation.silver_mentions import shared_root

    out: dict[str, Patient] = {}
    for path in sorted(pairs_file().parent.glob("pairs_wholebody*.tsv")):
        split = "dev" if path.name == "pairs_wholebody.tsv" else ALL
        pairs = [p for p in load_pairs(path) if split == ALL or p.split == split]
        cases, _problems = build_cases(pairs, shared_root())
        for case in cases:
            out[f"{path.name}:{case.pair.id}"] = case.patient
    return out


def patients(parrot: list[tuple[int, int]], challenge: bool = True) -> dict[str, dict]:
    """{group: {key: Patient}}, the groups in a fixed order."""
    groups: dict[str, dict] = {}
    if challenge:
        groups["challenge"] = challenge_patients()
    groups["samples"] = sample_patients()
    groups["parrot"] = {f"{s}+{n}": parrot_patient(s, n) for s, n in parrot}
    return groups


def fingerprint(groups: dict[str, dict]) -> dict[str, object]:
    """{"groups": {group: {key: hash}}, "totals": {group: hash}, "total": hash,
    "chains": {group: count}}; each patient linked by a fresh ``knowledge`` linker."""
    from radtrack_gui.nlp.registry import get_linker

    per: dict[str, dict[str, str]] = {}
    counts: dict[str, int] = {}
    for name, pats in groups.items():
        per[name] = {}
        counts[name] = 0
        for key, patient in pats.items():
            clusters = get_linker("knowledge").link(patient).clusters
            counts[name] += len(clusters)
            per[name][key] = chains_hash(clusters)
    totals = {
        k: hashlib.sha256("".join(v[key] for key in sorted(v)).encode()).hexdigest()
        for k, v in per.items()
    }
    total = hashlib.sha256("".join(totals[k] for k in sorted(totals)).encode()).hexdigest()
    return {"groups": per, "totals": totals, "total": total, "chains": counts}


def parse_parrot(spec: str) -> list[tuple[int, int]]:
    """ "300,100" -> [(0, 300), (300, 100)]: consecutive slices."""
    out, start = [], 0
    for part in spec.split(","):
        if part.strip():
            n = int(part)
            out.append((start, n))
            start += n
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="sha256 fingerprint of knowledge linker chains")
    ap.add_argument("--out", type=Path, help="write the fingerprint (JSON) here")
    ap.add_argument("--compare", type=Path, help="a saved fingerprint to compare with")
    ap.add_argument(
        "--parrot", default="300,100", help="PARROT pseudo-patient sizes (default 300,100)"
    )
    args = ap.parse_args(argv)
    from radtrack_gui.core.errors import InputError

    try:
        fp = fingerprint(patients(parse_parrot(args.parrot)))
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    for name, h in fp["totals"].items():  # type: ignore[attr-defined]
        n = len(fp["groups"][name])  # type: ignore[index]
        print(f"{name:9} {n:5} patients {fp['chains'][name]:6} chains  {h}")  # type: ignore[index]
    print(f"total     {fp['total']}")
    if args.out:
        args.out.write_text(json.dumps(fp), encoding="utf-8")
        args.out.chmod(0o600)
    if args.compare:
        old = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = 0
        for name, hashes in fp["groups"].items():  # type: ignore[attr-defined]
            before = old["groups"].get(name, {})
            bad = sorted(k for k, h in hashes.items() if before.get(k) != h)
            bad += sorted(k for k in before if k not in hashes)
            differ += len(bad)
            if bad:
                print(f"{name}: {len(bad)} patients differ, first: {bad[:10]}")
        same = fp["total"] == old["total"] and not differ
        print("identical" if same else "DIFFERENT")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
