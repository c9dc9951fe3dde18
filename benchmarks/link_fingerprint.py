"""Output fingerprint of the ``knowledge`` linker: a sha256 of its chains (the mention ids of
each chain, sorted) per patient, and one total; beside it a second sha256 per patient of each
link's reason (``why``: mention id -> the evidence text the linker gives, with its score), and
its own total.

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

The chains prove a change keeps every grouping; the reasons prove more: a change that only
reorders policy code (which rule speaks first) must keep every reason too. ``--compare``
checks both (exit status 1 when either differs) and prints which; ``--chains-only`` checks
the chains alone (for a change meant to reword reasons). A baseline saved before the reasons
were recorded is compared on its chains, and says so.

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


def why_hash(why: dict[str, str]) -> str:
    """sha256 of the reasons: (mention id, reason) pairs, sorted by id."""
    payload = json.dumps(sorted(why.items()))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _total(hashes: dict[str, str]) -> str:
    return hashlib.sha256("".join(hashes[key] for key in sorted(hashes)).encode()).hexdigest()


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
    "chains": {group: count}, "why": {group: {key: hash}}, "why_totals": {group: hash},
    "why_total": hash}; each patient linked by a fresh ``knowledge`` linker."""
    from radtrack_gui.nlp.registry import get_linker

    per: dict[str, dict[str, str]] = {}
    why: dict[str, dict[str, str]] = {}
    counts: dict[str, int] = {}
    for name, pats in groups.items():
        per[name], why[name] = {}, {}
        counts[name] = 0
        for key, patient in pats.items():
            linking = get_linker("knowledge").link(patient)
            counts[name] += len(linking.clusters)
            per[name][key] = chains_hash(linking.clusters)
            why[name][key] = why_hash(linking.why)
    totals = {k: _total(v) for k, v in per.items()}
    why_totals = {k: _total(v) for k, v in why.items()}
    return {
        "groups": per,
        "totals": totals,
        "total": _total(totals),
        "chains": counts,
        "why": why,
        "why_totals": why_totals,
        "why_total": _total(why_totals),
    }


def differences(fp: dict, old: dict, field: str) -> int:
    """Print, per group, the patients whose ``field`` hashes ("groups" or "why") differ from
    ``old``'s (or are missing on one side); return how many."""
    differ = 0
    for name, hashes in fp[field].items():
        before = old[field].get(name, {})
        bad = sorted(k for k, h in hashes.items() if before.get(k) != h)
        bad += sorted(k for k in before if k not in hashes)
        differ += len(bad)
        if bad:
            what = "chains" if field == "groups" else "reasons"
            print(f"{name}: {len(bad)} patients' {what} differ, first: {bad[:10]}")
    return differ


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
    ap.add_argument(
        "--chains-only",
        action="store_true",
        help="compare the chains only, not each link's reason (why)",
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
    print(f"why total {fp['why_total']}")
    if args.out:
        args.out.write_text(json.dumps(fp), encoding="utf-8")
        args.out.chmod(0o600)
    if args.compare:
        old = json.loads(args.compare.read_text(encoding="utf-8"))
        same = differences(fp, old, "groups") == 0 and fp["total"] == old["total"]
        print("chains identical" if same else "chains DIFFERENT")
        if args.chains_only:
            pass
        elif "why" not in old:
            print("reasons not compared: the baseline has none (saved before --why existed)")
        else:
            why_same = differences(fp, old, "why") == 0 and fp["why_total"] == old["why_total"]
            print("reasons identical" if why_same else "reasons DIFFERENT")
            same = same and why_same
        print("identical" if same else "DIFFERENT")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
