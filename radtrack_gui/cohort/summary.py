"""``radtrack cohort summary DIR --out report.html``: the counts and figures a paper needs,
as PNGs (matplotlib, Agg) embedded in one self-contained HTML page.

Figures: chains per patient, chain length (mentions), reports covered per chain, days between
consecutive mentions of a chain, modality combinations per chain, top findings and devices
(by number of patients with a present mention). The numbers come from DuckDB over the
cohort's views (``query.connect``); matplotlib is imported inside ``figures``.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from radtrack_gui.cohort.query import connect
from radtrack_gui.util.atomic import atomic_write_text

COUNTS = """
SELECT (SELECT count(*) FROM patients) AS patients,
       (SELECT count(*) FROM patients WHERE status = 'done') AS done,
       (SELECT count(*) FROM patients WHERE status = 'failed') AS failed,
       (SELECT count(*) FROM reports) AS reports,
       (SELECT count(*) FROM mentions) AS mentions,
       (SELECT count(*) FROM chains) AS chains,
       (SELECT count(*) FROM chains WHERE type = 'finding') AS finding_chains,
       (SELECT count(*) FROM chains WHERE type = 'device') AS device_chains,
       (SELECT count(*) FROM chains WHERE len(mentions) = 1) AS singletons
"""
CHAIN_REPORTS = """
SELECT m.patient, m.chain, count(DISTINCT m.report) AS reports,
       string_agg(DISTINCT r.modality, '+' ORDER BY r.modality) AS modalities
FROM mentions m JOIN reports r ON r.patient = m.patient AND r.id = m.report
GROUP BY m.patient, m.chain
"""
GAPS = """
WITH d AS (
    SELECT DISTINCT m.patient, m.chain, TRY_CAST(r.date AS TIMESTAMP) AS ts
    FROM mentions m JOIN reports r ON r.patient = m.patient AND r.id = m.report
    WHERE r.date_known
)
SELECT date_diff('minute', lag(ts) OVER (PARTITION BY patient, chain ORDER BY ts), ts)
       / 1440.0 AS days
FROM d QUALIFY days IS NOT NULL
"""
TOP = """
SELECT coalesce(concept, lower(text)) AS name, count(DISTINCT patient) AS patients
FROM mentions WHERE type = $type AND assertion = 'present'
  AND coalesce(concept, '') NOT LIKE 'normal %'
GROUP BY name ORDER BY patients DESC, name LIMIT 15
"""

# The histograms: a series of ``collect``, caption, x label, log scale, bins ("ints": one
# per whole number).
HISTOGRAMS: tuple[tuple[str, str, str, bool, Any], ...] = (
    ("chains_per_patient", "Chains per patient", "chains", False, "auto"),
    ("chain_length", "Chain length", "mentions in the chain", True, "ints"),
    ("reports_per_chain", "Reports covered per chain", "reports", True, "ints"),
    ("gap_days", "Days between consecutive mentions of a chain", "days", True, 40),
)


def collect(folder: str | Path) -> dict[str, Any]:
    """The counts and the series behind every figure."""
    con = connect(folder)
    try:
        counts_rel = con.sql(COUNTS)  # the column names are the counts' names
        counts = dict(zip(counts_rel.columns, counts_rel.fetchall()[0], strict=True))
        per_patient = [
            n
            for (n,) in con.sql(
                "SELECT count(c.id) FROM patients p LEFT JOIN chains c ON c.patient = p.patient "
                "WHERE p.status = 'done' GROUP BY p.patient"
            ).fetchall()
        ]
        lengths = [n for (n,) in con.sql("SELECT len(mentions) FROM chains").fetchall()]
        cover = con.sql(CHAIN_REPORTS).fetchall()
        gaps = [d for (d,) in con.sql(GAPS).fetchall()]
        combos = con.sql(
            f"SELECT modalities, count(*) AS n FROM ({CHAIN_REPORTS}) "
            "WHERE reports > 1 GROUP BY modalities ORDER BY n DESC, modalities "
            "LIMIT 12"
        ).fetchall()
        top = {t: con.sql(TOP, params={"type": t}).fetchall() for t in ("finding", "device")}
    finally:
        con.close()
    return {
        "counts": counts,
        "chains_per_patient": per_patient,
        "chain_length": lengths,
        "reports_per_chain": [r[2] for r in cover],
        "gap_days": gaps,
        "modality_combinations": combos,
        "top": top,
    }


def figures(data: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """name -> (caption, PNG bytes)."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    out: dict[str, tuple[str, bytes]] = {}

    def save(name: str, caption: str, fig: Any) -> None:
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=110)
        plt.close(fig)
        out[name] = (caption, buf.getvalue())

    def hist(
        name: str,
        values: list[float],
        caption: str,
        xlabel: str,
        *,
        log: bool = False,
        bins: Any = "auto",
    ) -> None:
        fig, ax = plt.subplots(figsize=(6, 3.4))
        if values:
            ax.hist(values, bins=bins, color="#0072B2", edgecolor="white", log=log)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("count")
        ax.set_title(caption, fontsize=10)
        save(name, caption, fig)

    def ints(values: list[int]) -> list[float]:
        top = max(values, default=1)
        return [x - 0.5 for x in range(1, top + 2)]

    for name, caption, xlabel, log, bins in HISTOGRAMS:
        values = data[name]
        hist(name, values, caption, xlabel, log=log, bins=ints(values) if bins == "ints" else bins)
    bars = [
        (
            "modality_combinations",
            data["modality_combinations"],
            "Modality combinations of chains over more than one report",
            "chains",
        )
    ]
    bars += [
        (f"top_{t}s", data["top"][t], f"Top {t}s", "patients with it present")
        for t in ("finding", "device")
    ]
    for name, rows, caption, xlabel in bars:
        fig, ax = plt.subplots(figsize=(6, 0.9 + 0.28 * max(len(rows), 1)))
        labels = [str(r[0]) for r in rows][::-1]
        ax.barh(labels, [r[1] for r in rows][::-1], color="#009E73")
        ax.set_xlabel(xlabel)
        ax.set_title(caption, fontsize=10)
        save(name, caption, fig)
    return out


def render(data: dict[str, Any], figs: dict[str, tuple[str, bytes]], title: str) -> str:
    c = data["counts"]
    chains = c["chains"] or 0
    single = f"{100 * c['singletons'] / chains:.0f}%" if chains else "-"
    rows = [
        ("patients", f"{c['patients']} ({c['done']} done, {c['failed']} failed)"),
        ("reports", c["reports"]),
        ("mentions", c["mentions"]),
        (
            "chains",
            f"{chains} ({c['finding_chains']} findings, {c['device_chains']} "
            f"devices; {single} singletons)",
        ),
    ]
    if c["done"]:
        rows.append(("reports per patient", f"{c['reports'] / c['done']:.1f}"))
    table = "".join(
        f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows
    )
    imgs = "".join(
        f'<figure><img alt="{html.escape(cap)}" src="data:image/png;base64,'
        f'{base64.b64encode(png).decode()}"><figcaption>{html.escape(cap)}</figcaption></figure>'
        for cap, png in figs.values()
    )
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;"
        "max-width:60em;margin:2em auto}}table{border-collapse:collapse}th,td{text-align:"
        "left;padding:.2em 1em .2em 0}figure{display:inline-block;margin:1em 1em 0 0}"
        f"</style></head><body><h1>{html.escape(title)}</h1><table>{table}</table>{imgs}"
        "</body></html>\n"
    )


def write_summary(folder: str | Path, out: str | Path) -> dict[str, Any]:
    """Write the page; returns the counts."""
    data = collect(folder)
    page = render(data, figures(data), f"RadTrack cohort {Path(folder).resolve().name}")
    atomic_write_text(out, page)
    return data["counts"]
