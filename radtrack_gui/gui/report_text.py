"""What the report viewer shows, without its widgets: text offsets, titles and headers,
section headings, mention highlight formats, tooltips and details."""

from __future__ import annotations

import html
from bisect import bisect_right
from collections.abc import Mapping

from radtrack_gui.core.model import FINDING, Mention, Patient, Report
from radtrack_gui.gui import style
from radtrack_gui.gui.qt import QColor, QFont, QTextCharFormat
from radtrack_gui.views.labels import chain_names, mention_words, readable_why


def display_text(text: str) -> str:
    """The report text as the widget shows it, same length: CR line ends become spaces or
    newlines so Python offsets stay valid."""
    return text.replace("\r\n", " \n").replace("\r", "\n")


class Offsets:
    """Python character offsets <-> Qt (UTF-16) positions for one text."""

    def __init__(self, text: str) -> None:
        self._wide = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]

    def to_qt(self, i: int) -> int:
        return i + bisect_right(self._wide, i - 1) if self._wide else i

    def from_qt(self, q: int) -> int:
        if not self._wide:
            return q
        i = q
        while i > 0 and self.to_qt(i) > q:
            i -= 1
        return i


def report_title(report: Report) -> str:
    date = (
        report.date.strftime("%Y-%m-%d %H:%M") if report.date and report.date_known else "undated"
    )
    exam = report.exam or report.id
    # "CT · CT HEAD W/O CONTRAST" said CT twice and cut the exam in the picker: the
    # modality is written only when the exam's name does not start with it.
    first = exam.split(maxsplit=1)[0].upper() if exam.strip() else ""
    if report.modality and first != report.modality.upper():
        return f"{date} · {report.modality} · {exam}"
    return f"{date} · {exam}"


def header_html(report: Report) -> str:
    """The viewer's header: exam, modality, date, file name and flags."""
    date = (
        report.date.strftime("%d %b %Y, %H:%M")
        if report.date and report.date_known
        else "<b>undated</b> (placed by file name)"
    )
    flags = f" · <i>{html.escape(', '.join(report.flags))}</i>" if report.flags else ""
    exam = html.escape(report.exam or "exam not stated")
    return (
        f"<b>{exam}</b><br>{html.escape(report.modality)} · {date} · "
        f"<span style='color:#666'>{html.escape(report.id)}</span>{flags}"
    )


def section_headings(report: Report) -> list[tuple[int, int]]:
    """(start, end) of each section's heading: the section's first line when it starts
    with the section's name (up to its colon)."""
    spans = []
    text = report.text
    for s in report.sections:
        line_end = text.find("\n", s.start, s.end)
        line_end = s.end if line_end < 0 else line_end
        head = text[s.start : line_end]
        colon = head.find(":")
        stop = s.start + (
            colon + 1
            if 0 <= colon <= len(s.name) + 2
            else len(head)
            if head.strip().upper() == s.name
            else 0
        )
        if stop > s.start:
            spans.append((s.start, stop))
    return spans


def heading_format() -> QTextCharFormat:
    bold = QTextCharFormat()
    bold.setFontWeight(QFont.Weight.Bold)
    bold.setForeground(QColor("#1f3b5a"))
    return bold


def _highlight_colors(kind: str) -> tuple[QColor, QColor]:
    """(every mention, selected chain) colours for a mention type (from gui/style)."""
    light = QColor(style.HIGHLIGHT.get(kind, style.HIGHLIGHT[FINDING]))
    return light, light.darker(135)


def mention_format(m: Mention, picked: bool, in_chain: bool, tooltip: str) -> QTextCharFormat:
    """A mention's highlight: picked (current or Ctrl+clicked) strongest, the selected
    chain's underlined, any other tinted by type; absent ones in italics."""
    light, strong = _highlight_colors(m.type)
    fmt = QTextCharFormat()
    fmt.setToolTip(tooltip)
    if picked:
        fmt.setBackground(QColor(style.HIGHLIGHT_SELECTED))
        fmt.setFontWeight(QFont.Weight.Bold)
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        fmt.setUnderlineColor(strong.darker(150))
    elif in_chain:
        fmt.setBackground(strong)
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
    else:
        fmt.setBackground(light)
    if m.assertion == "absent":
        fmt.setFontStrikeOut(False)
        fmt.setFontItalic(True)
    return fmt


def capped_mentions(
    ms: list[Mention], cap: int, current: str | None, picked: set[str], chain: str | None
) -> list[Mention]:
    """All of ``ms``, or when more than ``cap``: the picked ones and the chain's (half the
    cap at most), then the nearest to the current mention."""
    if len(ms) <= cap:
        return ms
    cur = next((m for m in ms if m.id == current), None)
    anchor = cur.start if cur is not None else 0
    must = [m for m in ms if m.id in picked or (chain and m.chain == chain)][: cap // 2]
    taken = {m.id for m in must}
    rest = sorted((m for m in ms if m.id not in taken), key=lambda m: abs(m.start - anchor))
    return must + rest[: cap - len(must)]


def mention_tooltip(m: Mention, p: Patient | None, names: Mapping[str, str] | None = None) -> str:
    """Words, attributes and chain of a mention; the chain by ``names`` (chain id -> the
    name the user sees, ``views.labels.list_names``), else its label."""
    chain = p.chains.get(m.chain or "") if p else None
    bits = [f"{m.type} · {m.assertion}"]
    if m.change:
        bits.append(m.change)
    if m.laterality:
        bits.append(m.laterality)
    label = f"chain: {(names or {}).get(chain.id) or chain.label}" if chain else "no chain"
    return f"{m.text}\n{' · '.join(bits)}\n{label}"


def details_html(m: Mention, p: Patient, names: Mapping[str, str] | None = None) -> str:
    """A mention's attributes, provenance and why it is in its chain (chains named by
    ``names``, as in ``mention_tooltip``)."""
    esc = html.escape
    bits = [m.type, m.assertion]
    bits += [b for b in (m.change, m.laterality) if b]
    if m.concept and m.concept.lower() != m.text.lower():
        bits.append(f"concept: {m.concept}")
    if m.measurements:
        bits.append(", ".join(m.measurements))
    source = m.source or "unknown"
    chain = p.chains.get(m.chain or "")
    why = chain.why.get(m.id, "") if chain is not None else ""
    lines = [
        f"<b>{esc(m.text)}</b> · {esc(' · '.join(bits))} "
        f"<span style='color:#777'>({esc(source)})</span>"
    ]
    if why:
        lines.append(
            f"<span style='color:#555'>In this chain because: "
            f"{esc(readable_why(why, names or chain_names(p), mention_words(p)))}</span>"
        )
    return "<br>".join(lines)
