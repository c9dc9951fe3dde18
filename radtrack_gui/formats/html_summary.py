"""A printable HTML summary of a patient's chains, for the chart.

One self-contained file (inline CSS with print rules, no scripts, no external links):
patient id, generated date, then a table per type (findings, devices) with, per chain,
first seen, last seen, the course in words and the evidence sentences (the mention
marked); a finding measured on two or more dated reports also shows its size over time (an
inline SVG plot with dates and values, and the sizes in words); chains that are only ever
negated are listed apart as pertinent negatives.
All text is escaped. Written atomically.
"""

from __future__ import annotations

import os
from datetime import datetime
from html import escape

from radtrack_gui.core.model import DEVICE, FINDING, Patient, Report
from radtrack_gui.formats.size_svg import size_plot_svg
from radtrack_gui.util.atomic import atomic_write_text
from radtrack_gui.views.course import Course, chain_course, mention_sentence
from radtrack_gui.views.sizes import size_series

__all__ = ["html_summary", "write_html_summary"]

_CSS = """
:root { --ink: #1a1a1a; --muted: #5b5b5b; --rule: #c8c8c8; --mark: #ffe08a; }
body { font: 11pt/1.4 system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       color: var(--ink); margin: 2em auto; max-width: 70em; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .2em; }
h2 { font-size: 1.15em; margin: 1.6em 0 .4em; border-bottom: 2px solid var(--ink); }
p.meta { color: var(--muted); margin: 0 0 1em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .35em .5em;
         border-bottom: 1px solid var(--rule); }
th { font-size: .9em; color: var(--muted); font-weight: 600; }
td.date { white-space: nowrap; }
td.label { font-weight: 600; min-width: 9em; }
span.reviewed { font-weight: normal; color: #1b7a3a; font-size: .85em; }
ol.evidence { margin: 0; padding-left: 1.2em; font-size: .92em; }
ol.evidence li { margin: .15em 0; }
.when { color: var(--muted); white-space: nowrap; }
mark { background: var(--mark); padding: 0 .1em; }
.negated mark { background: #dcdcdc; }
ul.problems { color: var(--muted); font-size: .9em; }
div.size { margin-top: .4em; }
div.size p { margin: .1em 0 0; color: var(--muted); font-size: .9em; }
@media print {
  body { margin: 0; max-width: none; font-size: 9.5pt; }
  h2 { break-after: avoid; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  mark { background: none; font-weight: 700; text-decoration: underline; }
  a { color: inherit; text-decoration: none; }
}
"""

_TITLES = {FINDING: "Findings", DEVICE: "Devices"}


def _date(report: Report | None) -> str:
    if report is None:
        return "—"
    if report.date is None or not report.date_known:
        return f"undated ({report.id})"
    return report.date.strftime("%Y-%m-%d")


def _evidence(patient: Patient, course: Course, limit: int) -> str:
    reports = {r.id: r for r in patient.reports}
    items = []
    mids = [mid for e in course.events for mid in e.mentions]
    for mid in mids[:limit]:
        m = patient.mentions[mid]
        r = reports[m.report]
        sentence, a, b = mention_sentence(patient, m)
        when = f"{_date(r)} {r.modality}" + (f" · {r.exam}" if r.exam else "")
        cls = ' class="negated"' if m.assertion == "absent" else ""
        items.append(
            f'<li{cls}><span class="when">{escape(when)}:</span> {escape(sentence[:a])}'
            f"<mark>{escape(sentence[a:b])}</mark>{escape(sentence[b:])}</li>"
        )
    if len(mids) > limit:
        items.append(f"<li>… and {len(mids) - limit} more</li>")
    return '<ol class="evidence">' + "".join(items) + "</ol>"


def _size(patient: Patient, chain_id: str) -> str:
    """The chain's size over time: a plot for two or more sizes, a line for one."""
    series = size_series(patient, chain_id)
    if not series.points:
        return ""
    words = escape(f"Size: {series.summary()}")
    plot = size_plot_svg(series) if series.is_trend else ""
    return f'<div class="size">{plot}<p>{words}</p></div>'


def _table(patient: Patient, courses: list[Course], limit: int) -> str:
    rows = []
    for c in courses:
        reviewed = (
            ' <span class="reviewed">✓ reviewed</span>' if patient.chains[c.chain].reviewed else ""
        )
        rows.append(
            f'<tr id="{escape(c.chain)}"><td class="label">{escape(c.label)}{reviewed}</td>'
            f'<td class="date">{escape(_date(c.first_seen))}</td>'
            f'<td class="date">{escape(_date(c.last_seen))}</td>'
            f"<td>{len(c.events)}</td><td>{escape(c.text)}{_size(patient, c.chain)}</td>"
            f"<td>{_evidence(patient, c, limit)}</td></tr>"
        )
    return (
        "<table><thead><tr><th>Chain</th><th>First seen</th><th>Last seen</th>"
        "<th>Reports</th><th>Course</th><th>Evidence</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def _negatives(courses: list[Course]) -> str:
    rows = []
    for c in courses:
        when = ", ".join(
            e.date.strftime("%Y-%m-%d") if e.date else f"undated ({e.report})" for e in c.events
        )
        rows.append(
            f'<tr><td class="label">{escape(c.label)}</td>'
            f"<td>{escape(_TITLES[c.type][:-1].lower())}</td>"
            f"<td>{escape(when)}</td></tr>"
        )
    return (
        "<table><thead><tr><th>Not seen</th><th>Type</th><th>Reports saying so</th>"
        "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def html_summary(
    patient: Patient,
    *,
    generated: datetime | None = None,
    models: str = "",
    min_mentions: int = 1,
    max_evidence: int = 20,
) -> str:
    """The summary as one HTML string (see module docstring)."""
    generated = generated or datetime.now().astimezone()
    order = patient.report_index()

    def first_pos(cid: str) -> int:
        ms = patient.chain_mentions(cid)
        return order.get(ms[0].report, 1 << 30) if ms else 1 << 30

    chains = sorted(
        (c for c in patient.chains.values() if len(c.mentions) >= min_mentions),
        key=lambda c: (first_pos(c.id), c.id),
    )
    courses = [chain_course(patient, c.id) for c in chains]
    dated = [r.date for r in patient.reports if r.date is not None and r.date_known]
    span = f"{min(dated):%Y-%m-%d} to {max(dated):%Y-%m-%d}" if dated else "no dated reports"
    meta = [
        f"{len(patient.reports)} reports ({span})",
        f"{len(patient.mentions)} mentions",
        f"{len(patient.chains)} chains",
        f"generated {generated:%Y-%m-%d %H:%M}",
    ]
    if models:
        meta.append(models)
    if patient.annotated:
        meta.append("chains from annotations")
    reviewed = sum(c.reviewed for c in patient.chains.values())
    meta.append(f"{reviewed} of {len(patient.chains)} chains reviewed")
    body = [
        f"<h1>Radiology course: patient {escape(patient.id)}</h1>",
        f'<p class="meta">{escape(" · ".join(meta))}</p>',
    ]
    for kind in (FINDING, DEVICE):
        these = [c for c in courses if c.type == kind and not c.only_absent]
        body.append(f"<h2>{_TITLES[kind]} ({len(these)})</h2>")
        body.append(
            _table(patient, these, max_evidence) if these else f"<p>No {_TITLES[kind].lower()}.</p>"
        )
    negatives = [c for c in courses if c.only_absent]
    if negatives:
        body.append(f"<h2>Pertinent negatives ({len(negatives)})</h2>")
        body.append(_negatives(negatives))
    if patient.problems:
        body.append(
            '<h2>Files not read</h2><ul class="problems">'
            + "".join(f"<li>{escape(str(p))}</li>" for p in patient.problems)
            + "</ul>"
        )
    title = f"Radiology course — {patient.id}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{_CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def write_html_summary(patient: Patient, path: str | os.PathLike[str], **kw: object) -> None:
    """Write ``html_summary(patient, **kw)`` to ``path`` atomically (private file)."""
    atomic_write_text(path, html_summary(patient, **kw))  # type: ignore[arg-type]
