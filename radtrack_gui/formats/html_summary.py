"""A printable HTML summary of a patient's chains, for the chart.

One self-contained file (inline CSS with print rules, no scripts, no external links):

1. the overview, one printed page: patient id, period, counts, then one line per finding
   and device (seen from/to, reports, where it stands now; a name shared by several
   chains gets what tells it apart, as the app names it: "midline shift · 2 Mar 2150";
   past the page's room only the chains in the most reports, the rest counted with where
   to find them), the chains that share a name asked about in words
   ("Same name, not linked: “liver lesion” (4 chains). Each is one finding or device the
   models did not link, or really two …", ``views/same_name.py``), and the pertinent
   negatives and normal statements in one line;
2. from a new printed page, a table per type (findings, devices) with, per chain, when
   it was seen, the course in words (a finding measured on two or more dated reports
   also shows its size over time: an inline SVG plot with dates and values, and the
   sizes in words) and the evidence sentences (each sentence once, its
   mentions marked); chains with the same name say so ("one of 2 chains named …: the
   models did not link them");
3. pertinent negatives and normal statements (every mention absent or "normal …"), apart.

Columns have fixed shares and long words wrap, so the evidence never runs off the page
at any width or in print (checked in headless Chromium: docs/desktop.md). All text is
escaped. Written atomically.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from html import escape

from radtrack_gui.core.model import DEVICE, FINDING, Patient, Report
from radtrack_gui.formats.size_svg import size_plot_svg
from radtrack_gui.util.atomic import atomic_write_text
from radtrack_gui.views.course import Course, chain_courses, mention_sentence
from radtrack_gui.views.labels import list_names
from radtrack_gui.views.lanes import negative_only
from radtrack_gui.views.same_name import SameName, also_present, same_named
from radtrack_gui.views.sizes import size_series

__all__ = ["html_summary", "write_html_summary"]

_CSS = """
:root { --ink: #1a1a1a; --muted: #5b5b5b; --rule: #c8c8c8; --mark: #ffe08a; }
body { font: 11pt/1.4 system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       color: var(--ink); margin: 2em auto; max-width: 70em; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .2em; }
h2 { font-size: 1.15em; margin: 1.6em 0 .4em; border-bottom: 2px solid var(--ink); }
p.meta { color: var(--muted); margin: 0 0 1em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: .35em .5em;
         border-bottom: 1px solid var(--rule); overflow-wrap: break-word; }
th { font-size: .9em; color: var(--muted); font-weight: 600; }
td.date { font-size: .92em; }
td.date span.n { color: var(--muted); }
td.label { font-weight: 600; }
td.num { text-align: right; }
span.twin { display: block; font-weight: normal; color: #8a4b00; font-size: .85em; }
span.twin-mark { font-weight: normal; color: #8a4b00; font-size: .85em; }
p.same-name { color: #8a4b00; font-size: .92em; }
p.negatives { font-size: .92em; }
p.more { font-size: .92em; color: var(--muted); margin: .3em 0; }
section.chains h2:first-child { margin-top: 0; }
span.reviewed { font-weight: normal; color: #1b7a3a; font-size: .85em; }
ol.evidence { margin: 0; padding-left: 1.2em; font-size: .92em; }
ol.evidence li { margin: .15em 0; }
.when { color: var(--muted); }
.nw { white-space: nowrap; }
mark { background: var(--mark); padding: 0 .1em; }
.negated mark { background: #dcdcdc; }
ul.problems { color: var(--muted); font-size: .9em; }
div.size { margin-top: .4em; }
div.size p { margin: .1em 0 0; color: var(--muted); font-size: .9em; }
svg.size-plot { max-width: 100%; height: auto; }
@media print {
  @page { margin: 10mm 11mm; }
  h2 { margin: 1em 0 .3em; }
  p.meta { margin-bottom: .6em; }
  body { margin: 0; max-width: none; font-size: 9.5pt; }
  h2 { break-after: avoid; }
  section.chains { break-before: page; }
  th, td { padding: .3em .35em; }
  table.overview td, table.overview th { padding: .06em .4em; font-size: .88em; }
  .when { font-size: .92em; }
  p.negatives, p.same-name, p.more { font-size: .85em; }
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


def _marked(sentence: str, spans: list[tuple[int, int]]) -> str:
    """``sentence`` escaped, each span (sorted, overlaps joined) in ``<mark>``."""
    out, at = [], 0
    for a, b in sorted(spans):
        a = max(a, at)
        if b <= a:
            continue
        out.append(escape(sentence[at:a]) + f"<mark>{escape(sentence[a:b])}</mark>")
        at = b
    return "".join(out) + escape(sentence[at:])


def _evidence(patient: Patient, course: Course, limit: int) -> str:
    """The chain's evidence sentences in course order, each sentence once with all its
    mentions of the chain marked."""
    reports = {r.id: r for r in patient.reports}
    sentences: dict[tuple[str, str], tuple[str, list[tuple[int, int]], bool]] = {}
    for e in course.events:
        for mid in e.mentions:
            m = patient.mentions[mid]
            sentence, a, b = mention_sentence(patient, m)
            key = (m.report, sentence)
            _, spans, negated = sentences.get(key, (sentence, [], True))
            spans.append((a, b))
            sentences[key] = (sentence, spans, negated and m.assertion == "absent")
    items = []
    for (rid, _), (sentence, spans, negated) in list(sentences.items())[:limit]:
        r = reports[rid]
        # The date and modality stay on one line; a long exam name wraps (kept on one line
        # it ran past the column and was cut off in print).
        when = f'<span class="nw">{escape(f"{_date(r)} {r.modality}")}</span>' + (
            f" · {escape(r.exam)}" if r.exam else ""
        )
        cls = ' class="negated"' if negated else ""
        items.append(f'<li{cls}><span class="when">{when}:</span> {_marked(sentence, spans)}</li>')
    if len(sentences) > limit:
        items.append(f"<li>… and {len(sentences) - limit} more</li>")
    return '<ol class="evidence">' + "".join(items) + "</ol>"


def _twins(groups: list[SameName]) -> dict[str, str]:
    """Chain -> a note for chains that share their name with another chain."""
    return {cid: g.note(cid) for g in groups for cid in g.chains}


def _seen(c: Course) -> str:
    first, last = _date(c.first_seen), _date(c.last_seen)
    if c.first_seen is None and c.last_seen is None:
        return "—"
    return first if first == last else f"{first} to {last}"


def _seen_html(c: Course) -> str:
    """When, each date whole on its line (a date split at its hyphen read "2151-0110"),
    and in how many reports."""
    first, last = _date(c.first_seen), _date(c.last_seen)

    def whole(date: str) -> str:  # "undated (file name)" may wrap; a long name must
        return escape(date) if date.startswith("undated") else f'<span class="nw">{date}</span>'

    if c.first_seen is None and c.last_seen is None:
        when = "—"
    elif first == last:
        when = whole(first)
    else:
        when = f"{whole(first)} to {whole(last)}"
    n = len(c.events)
    return f'{when}<br><span class="n">{n} report{"s" if n != 1 else ""}</span>'


def _size(patient: Patient, chain_id: str) -> str:
    """The chain's size over time: a plot for two or more sizes, a line for one."""
    series = size_series(patient, chain_id)
    if not series.points:
        return ""
    words = escape(f"Size: {series.summary()}")
    plot = size_plot_svg(series) if series.is_trend else ""
    return f'<div class="size">{plot}<p>{words}</p></div>'


def _name(c: Course, names: dict[str, str]) -> str:
    """The chain's name as the app shows it (``views.labels.list_names``): a chain sharing
    its label with another gets what tells it apart, the place or the date ("midline
    shift · 2150-03-02" in the timeline's words), in a lighter span."""
    name = names.get(c.chain, c.label)
    if name == c.label or not name.startswith(c.label):
        return escape(name)
    rest = name[len(c.label) :]
    return f'{escape(c.label)}<span class="twin-mark">{escape(rest)}</span>'


def _table(
    patient: Patient,
    courses: list[Course],
    limit: int,
    twins: dict[str, str],
    names: dict[str, str],
) -> str:
    rows = []
    for c in courses:
        reviewed = (
            ' <span class="reviewed">✓ reviewed</span>' if patient.chains[c.chain].reviewed else ""
        )
        twin = f'<span class="twin">{escape(twins[c.chain])}</span>' if c.chain in twins else ""
        rows.append(
            f'<tr id="{escape(c.chain)}"><td class="label">{_name(c, names)}{reviewed}{twin}</td>'
            f'<td class="date">{_seen_html(c)}</td>'
            f"<td>{escape(c.text)}{_size(patient, c.chain)}</td>"
            f"<td>{_evidence(patient, c, limit)}</td></tr>"
        )
    # (the report count went into "Seen": a column of its own was too narrow in print for
    # its header, and the chain's name got the room)
    return (
        '<table class="chains"><colgroup><col style="width:20%"><col style="width:13%">'
        '<col style="width:23%"><col style="width:44%"></colgroup>'
        "<thead><tr><th>Chain</th><th>Seen</th><th>Course</th>"
        "<th>Evidence</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


# The overview is the first printed page alone (issue #20: "one page per patient overview,
# then chains"). At the print CSS a page holds about 48 overview lines: a table row is one,
# a paragraph one per 110 characters (measured in headless Chromium on the demo folders,
# docs/desktop.md "gui-finish3"). Rows past that budget are counted, never dropped silently.
OVERVIEW_LINES = 48
_LINE_CHARS = 110
_LABEL_CHARS = 36  # of a name in the overview's first column
_MIN_ROWS = 12  # a long paragraph still leaves the most relevant chains listed
_MAX_NAMES = 30  # names in one overview paragraph; the rest are counted


def _lines(html: str) -> int:
    """Printed lines of an overview paragraph (its text, tags left out)."""
    return -(-len(re.sub(r"<[^>]+>", "", html)) // _LINE_CHARS) if html else 0


def _row_lines(c: Course, names: dict[str, str]) -> int:
    """Printed lines of an overview row: its name wraps in the first column."""
    return max(1, -(-len(names.get(c.chain, c.label)) // _LABEL_CHARS))


def _most_relevant(courses: list[Course], names: dict[str, str], room: int) -> list[Course]:
    """The courses whose rows fill at most ``room`` lines: those in the most reports first
    (ties: the later first seen), listed in their own order (first seen)."""
    if sum(_row_lines(c, names) for c in courses) <= room:
        return courses
    room -= 1  # the line that counts the others
    keep: set[int] = set()
    for i in sorted(range(len(courses)), key=lambda i: (-len(courses[i].events), -i)):
        need = _row_lines(courses[i], names)
        if need <= room:
            keep.add(i)
            room -= need
    return [c for i, c in enumerate(courses) if i in keep]


def _overview(
    courses: list[Course],
    negatives: list[Course],
    groups: list[SameName],
    present: dict[str, list[str]],
    names: dict[str, str],
) -> str:
    """One line per finding and device (the most relevant ones where they would run past
    the first printed page, the others counted with where to find them), the same-named
    chains asked about, then the negatives in one paragraph: those never seen, then apart
    those denied in some reports but present in others (``present``: negative chain ->
    present chains)."""
    after = _same_name_paragraph(groups) if groups else ""
    never = [c for c in negatives if c.chain not in present]
    denied = [c for c in negatives if c.chain in present]
    if never or denied:
        parts = []
        if never:
            parts.append(f"<b>Not seen or normal:</b> {_names(never)}.")
        if denied:  # "no new liver lesion" while liver lesions are listed above
            said = list(dict.fromkeys(escape(c.label) for c in denied))
            parts.append(
                "<b>Present, though some reports say “no …”:</b> "
                f"{_capped(said, 'negatives')} (see above)."
            )
        after += '<p class="negatives">' + " ".join(parts) + "</p>"
    room = max(OVERVIEW_LINES - _lines(after), _MIN_ROWS)
    listed = _most_relevant(courses, names, room)
    rows = []
    for c in listed:
        now = c.events[-1].word if c.events else ""
        rows.append(
            f'<tr><td class="label"><a href="#{escape(c.chain)}">{_name(c, names)}</a></td>'
            f"<td>{escape(_TITLES[c.type][:-1].lower())}</td>"
            f'<td class="date">{escape(_seen(c))}</td><td class="num">{len(c.events)}</td>'
            f"<td>{escape(now)}</td></tr>"
        )
    table = (
        '<table class="overview"><colgroup><col style="width:32%"><col style="width:9%">'
        '<col style="width:32%"><col style="width:9%"><col style="width:18%"></colgroup>'
        "<thead><tr><th>Finding or device</th><th>Type</th><th>Seen</th><th>Reports</th>"
        "<th>Last report says</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        if rows
        else "<p>No findings or devices.</p>"
    )
    kept = {c.chain for c in listed}
    left = [c for c in courses if c.chain not in kept]
    if left:
        most = max(len(c.events) for c in left)
        table += (
            f'<p class="more">… and {len(left)} more findings and devices, each in '
            f"{'1 report' if most == 1 else f'at most {most} reports'}: see "
            '<a href="#findings">Findings</a> and <a href="#devices">Devices</a>.</p>'
        )
    return '<section class="overview"><h2>Overview</h2>' + table + after + "</section>"


def _capped(names: list[str], where: str) -> str:
    """``names`` (escaped) joined, past ``_MAX_NAMES`` the rest counted: "and 12 more
    (see Pertinent negatives)"."""
    if len(names) <= _MAX_NAMES:
        return ", ".join(names)
    more = len(names) - _MAX_NAMES
    see = (
        '<a href="#negatives">Pertinent negatives</a>'
        if where == "negatives"
        else '<a href="#findings">Findings</a>'
    )
    return ", ".join(names[:_MAX_NAMES]) + f" and {more} more (see {see})"


def _names(courses: list[Course]) -> str:
    """Each name once, with its count ("pneumothorax" was denied in 8 chains)."""
    counts: dict[str, int] = {}
    for c in courses:
        counts[c.label] = counts.get(c.label, 0) + 1
    return _capped(
        [escape(n) + (f" ({k} chains)" if k > 1 else "") for n, k in counts.items()], "negatives"
    )


def _same_name_paragraph(groups: list[SameName]) -> str:
    """The overview's question about same-named chains, and those a person kept apart."""
    asked = [g for g in groups if not g.reviewed]
    kept = [g for g in groups if g.reviewed]
    parts = []
    if asked:
        parts.append(
            "<b>Same name, not linked:</b> "
            + _capped([escape(g.short()) for g in asked], "findings")
            + ". Each is one finding or device the models did not link, or really two "
            "(another side, site or episode): merge them, or keep them apart."
        )
    if kept:
        parts.append(
            "<b>Same name, reviewed and kept apart:</b> "
            + _capped([escape(g.short()) for g in kept], "findings")
            + "."
        )
    return '<p class="same-name">' + " ".join(parts) + "</p>"


def _negatives(courses: list[Course], present: dict[str, list[str]], labels: dict[str, str]) -> str:
    rows = []
    for c in courses:
        when = ", ".join(
            e.date.strftime("%Y-%m-%d") if e.date else f"undated ({e.report})" for e in c.events
        )
        there = present.get(c.chain, [])
        note = (
            '<span class="twin">present in other reports: '
            + ", ".join(f'<a href="#{escape(o)}">{escape(labels[o])}</a>' for o in there)
            + "</span>"
            if there
            else ""
        )
        rows.append(
            f'<tr><td class="label">{escape(c.label)}{note}</td>'
            f"<td>{escape(_TITLES[c.type][:-1].lower())}</td>"
            f"<td>{escape(when)}</td></tr>"
        )
    return (
        '<table class="negatives"><colgroup><col style="width:30%"><col style="width:12%">'
        '<col style="width:58%"></colgroup>'
        "<thead><tr><th>Not seen or normal</th><th>Type</th><th>Reports saying so</th>"
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
    courses = chain_courses(patient, [c.id for c in chains])
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

    def negated(c: Course) -> bool:  # absent, or only ever a normal statement
        return c.only_absent or negative_only(
            patient.mentions[m] for m in patient.chains[c.chain].mentions
        )

    shown = [c for c in courses if not negated(c)]
    negatives = [c for c in courses if negated(c)]
    groups = same_named(patient, [c.chain for c in shown])
    twins = _twins(groups)
    names = list_names(patient)  # the app's names: a twin by its place or date
    present = also_present(patient, [c.chain for c in negatives], [c.chain for c in shown])
    body = [
        f"<h1>Radiology course: patient {escape(patient.id)}</h1>",
        f'<p class="meta">{escape(" · ".join(meta))}</p>',
        _overview(shown, negatives, groups, present, names),
        '<section class="chains">',
    ]
    for kind in (FINDING, DEVICE):
        these = [c for c in shown if c.type == kind]
        body.append(f'<h2 id="{_TITLES[kind].lower()}">{_TITLES[kind]} ({len(these)})</h2>')
        body.append(
            _table(patient, these, max_evidence, twins, names)
            if these
            else f"<p>No {_TITLES[kind].lower()}.</p>"
        )
    if negatives:
        body.append(
            f'<h2 id="negatives">Pertinent negatives and normal statements ({len(negatives)})</h2>'
        )
        body.append(_negatives(negatives, present, {c.chain: c.label for c in shown}))
    body.append("</section>")
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
