"""The evaluation protocol's results as the published table, CSV rows and JSON
(``radtrack eval``'s output; the protocol itself is ``evaluation.protocol``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from radtrack_gui.evaluation.protocol import END_TO_END, TABLE_METRICS, Evaluation


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}"


def format_table(ev: Evaluation) -> str:
    """The published table's shape: P, R, F1 per metric, then CoNLL F1 (percent)."""
    from radtrack_gui.evaluation.metrics import LABELS

    head1 = f"{'Linker':<15} {'Mentions':<14}"
    head2 = f"{'':<15} {'':<14}"
    for m in TABLE_METRICS:
        head1 += f" | {LABELS[m]:^17}"
        head2 += f" | {'P':>5} {'R':>5} {'F1':>5}"
    head1 += " | CoNLL"
    head2 += " |    F1"
    lines = [
        f"Gold: {ev.gold} ({ev.patients} patients, {ev.mentions} mentions, {ev.chains} chains)",
        "",
        head1,
        head2,
        "-" * len(head2),
    ]
    for r in ev.results:
        name = r.linker + (" (CV)" if r.cross_validated else "")
        row = f"{name:<15} {r.setting:<14}"
        for m in TABLE_METRICS:
            c = r.scores[m]
            row += f" | {_pct(c.precision)} {_pct(c.recall)} {_pct(c.f1)}"
        row += f" | {_pct(r.scores.conll_f1)}"
        lines.append(row)
    with_pairs = [r for r in ev.results if r.pairs is not None]
    if with_pairs:
        lines += [
            "",
            "Pair classification (gold mentions; label = same gold chain)",
            f"{'Linker':<12} {'P':>5} {'R':>5} {'F1':>5} {'Acc':>5} {'pairs':>8}",
        ]
        for r in with_pairs:
            p = r.pairs
            assert p is not None
            lines.append(
                f"{r.linker:<12} {_pct(p.precision)} {_pct(p.recall)} "
                f"{_pct(p.f1)} {_pct(p.accuracy)} {p.total:>8}"
            )
    e2e = [r for r in ev.results if r.setting == END_TO_END and r.mentions is not None]
    if e2e:
        md = e2e[0].mentions
        lines += [
            "",
            f"Mention detection (extractor {ev.extractor})",
            f"{'Match':<8} {'P':>5} {'R':>5} {'F1':>5}",
        ]
        for label, c in (("exact", md.exact), ("partial", md.partial)):
            lines.append(f"{label:<8} {_pct(c.precision)} {_pct(c.recall)} {_pct(c.f1)}")
    lines += [f"Note: {n}" for n in ev.notes]
    return "\n".join(lines)


CSV_FIELDS = (
    ["linker", "setting", "cross_validated", "patients"]
    + [f"{m}_{x}" for m in TABLE_METRICS for x in ("p", "r", "f1")]
    + [
        "conll_f1",
        "pair_p",
        "pair_r",
        "pair_f1",
        "pair_acc",
        "md_exact_p",
        "md_exact_r",
        "md_exact_f1",
        "md_partial_p",
        "md_partial_r",
        "md_partial_f1",
    ]
)


def csv_rows(ev: Evaluation) -> list[dict[str, Any]]:
    def r4(x: float) -> float:
        return round(x, 4)

    rows = []
    for r in ev.results:
        row: dict[str, Any] = {
            "linker": r.linker,
            "setting": r.setting,
            "cross_validated": int(r.cross_validated),
            "patients": r.patients,
        }
        for m in TABLE_METRICS:
            c = r.scores[m]
            row.update({f"{m}_p": r4(c.precision), f"{m}_r": r4(c.recall), f"{m}_f1": r4(c.f1)})
        row["conll_f1"] = r4(r.scores.conll_f1)
        if r.pairs is not None:
            row.update(
                pair_p=r4(r.pairs.precision),
                pair_r=r4(r.pairs.recall),
                pair_f1=r4(r.pairs.f1),
                pair_acc=r4(r.pairs.accuracy),
            )
        if r.mentions is not None:
            for label, c in (("exact", r.mentions.exact), ("partial", r.mentions.partial)):
                row.update(
                    {
                        f"md_{label}_p": r4(c.precision),
                        f"md_{label}_r": r4(c.recall),
                        f"md_{label}_f1": r4(c.f1),
                    }
                )
        rows.append({k: row.get(k, "") for k in CSV_FIELDS})
    return rows


def write_csv(ev: Evaluation, path: str | Path) -> None:
    import csv

    from radtrack_gui.util.atomic import atomic_open

    with atomic_open(path) as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(csv_rows(ev))


def write_json(ev: Evaluation, path: str | Path) -> None:
    import json

    from radtrack_gui.util.atomic import atomic_write_text

    atomic_write_text(path, json.dumps(ev.as_dict(), indent=2) + "\n")
