"""Output fingerprint of the ``rules`` extractor: a sha256 per report of everything its
mentions carry, and one total, over all IU reports and all PARROT v1.0 English reports.

A speed change to extraction must leave the total unchanged. Save a baseline before the
change and compare after it::

    python benchmarks/extract_fingerprint.py --out /tmp/fp-before.json
    python benchmarks/extract_fingerprint.py --compare /tmp/fp-before.json

Each corpus is read by one ``RuleExtractor`` in file order, as ``bench_extract.py`` reads it
(its caches fill as they would in a run); ``--reverse`` reads the reports in reverse order
instead, which must give the same per-report hashes (a cache that leaked one report's context
into another would show here). A report's hash covers every field of every ``Mention``
(``dataclasses.fields``: spans, text, type, concept, anatomy, laterality, assertion, change,
section, measurements, source, question, ...) in output order, serialised as JSON. Reports
are read in place from ``../shared/corpora`` (``RADTRACK_SHARED`` overrides); no text is
written, only hashes. Prints the totals, and with ``--compare`` the reports that differ
(exit status 1 when any does).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path


def mention_record(m: object) -> dict[str, object]:
    """Every field of a mention, as JSON-ready values (tuples become lists)."""
    return {f.name: getattr(m, f.name) for f in dataclasses.fields(m)}  # type: ignore[arg-type]


def report_hash(mentions: list) -> str:  # type: ignore[type-arg]
    """sha256 of the mentions of one report, in output order."""
    payload = json.dumps([mention_record(m) for m in mentions], sort_keys=True, default=list)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def corpora() -> dict[str, list[str]]:
    from radtrack_gui.evaluation.corpora import extraction_texts

    return {name: extraction_texts(name) for name in ("iu", "parrot")}


def fingerprint(reverse: bool = False) -> dict[str, object]:
    """{"corpora": {name: [hash per report]}, "totals": {name: hash}, "total": hash,
    "mentions": {name: count}}."""
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    per: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for name, texts in corpora().items():
        ex = RuleExtractor()
        order = range(len(texts) - 1, -1, -1) if reverse else range(len(texts))
        hashes = [""] * len(texts)
        n = 0
        for i in order:
            mentions = ex.extract(Report(id=f"{name}-{i}", text=texts[i]))
            n += len(mentions)
            hashes[i] = report_hash(mentions)
        per[name] = hashes
        counts[name] = n
    totals = {k: hashlib.sha256("".join(v).encode()).hexdigest() for k, v in per.items()}
    total = hashlib.sha256("".join(totals[k] for k in sorted(totals)).encode()).hexdigest()
    return {"corpora": per, "totals": totals, "total": total, "mentions": counts}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="sha256 fingerprint of rules extraction output")
    ap.add_argument("--out", type=Path, help="write the fingerprint (JSON) here")
    ap.add_argument("--compare", type=Path, help="a saved fingerprint to compare with")
    ap.add_argument("--reverse", action="store_true", help="read each corpus in reverse order")
    args = ap.parse_args(argv)
    from radtrack_gui.core.errors import InputError

    try:
        fp = fingerprint(args.reverse)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    for name, h in fp["totals"].items():  # type: ignore[attr-defined]
        print(
            f"{name:7} {len(fp['corpora'][name]):5} reports "  # type: ignore[index]
            f"{fp['mentions'][name]:6} mentions  {h}"
        )  # type: ignore[index]
    print(f"total   {fp['total']}")
    if args.out:
        args.out.write_text(json.dumps(fp), encoding="utf-8")
        args.out.chmod(0o600)
    if args.compare:
        old = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = 0
        for name, hashes in fp["corpora"].items():  # type: ignore[attr-defined]
            before = old["corpora"].get(name, [])
            bad = [i for i, h in enumerate(hashes) if i >= len(before) or before[i] != h]
            differ += len(bad)
            if bad:
                print(f"{name}: {len(bad)} reports differ, first: {bad[:20]}")
        print("identical" if fp["total"] == old["total"] and not differ else "DIFFERENT")
        return 1 if differ or fp["total"] != old["total"] else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
