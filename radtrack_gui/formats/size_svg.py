"""A chain's size over time as a small inline SVG plot, for the HTML summary.

No scripts and no external references: a zero-based size axis with its ticks (mm), one dot
per measured report joined by a line, each dot labelled with its size, the dates under the
first and last dot (every dot's date, exam and measurement in its tooltip), and a text
alternative for screen readers and for print. Geometry comes from ``views.sizes``.
"""

from __future__ import annotations

from html import escape

from radtrack_gui.views.sizes import (
    SizeSeries,
    date_labels,
    fitting_labels,
    plot_points,
    value_axis,
)

__all__ = ["size_plot_svg"]

_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 14, 14, 22
_INSET = 12  # between the axis and the first and last dot
_CHAR_W = 4.6  # the width of a digit or dash at font-size 8 (sans-serif), for label fitting


def _num(v: float) -> str:
    return f"{v:.0f}" if v == int(v) else f"{v:.1f}"


def size_plot_svg(series: SizeSeries, *, width: int = 300, height: int = 120) -> str:
    """The plot as an ``<svg>`` element string ("" for a series without points)."""
    if not series.points:
        return ""
    top, ticks = value_axis(series)
    w, h = width - _LEFT - _RIGHT, height - _TOP - _BOTTOM

    def xy(fx: float, fy: float) -> tuple[float, float]:
        return round(_LEFT + fx * w, 1), round(_TOP + (1 - fy) * h, 1)

    title = f"Size of {series.label}: {series.summary()}"
    out = [
        f'<svg class="size-plot" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for t in ticks:
        _, y = xy(0, t / top)
        out.append(
            f'<line x1="{_LEFT}" y1="{y}" x2="{_LEFT + w}" y2="{y}" stroke="#e2e2e2"/>'
            f'<text x="{_LEFT - 4}" y="{y + 3}" font-size="8" text-anchor="end" '
            f'fill="#5b5b5b">{_num(t)}</text>'
        )
    out.append(
        f'<text x="2" y="{_TOP - 4}" font-size="8" fill="#5b5b5b">mm</text>'
        f'<line x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + h}" stroke="#8a8a8a"/>'
    )
    pos = [xy(fx, fy) for fx, fy in plot_points(series)]
    inner = (w - 2 * _INSET) / w if w > 2 * _INSET else 1.0
    pos = [(round(_LEFT + _INSET + (x - _LEFT) * inner, 1), y) for x, y in pos]
    if len(pos) > 1:
        path = " ".join(f"{x},{y}" for x, y in pos)
        out.append(f'<polyline points="{path}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>')
    for (x, y), p in zip(pos, series.points, strict=True):
        tip = f"{p.date:%Y-%m-%d} {p.modality}: {p.text}"
        out.append(
            f'<circle cx="{x}" cy="{y}" r="3" fill="#1f5fa8"><title>{escape(tip)}</title>'
            f'</circle><text x="{x}" y="{y - 5}" font-size="8" text-anchor="middle" '
            f'fill="#1a1a1a">{_num(p.mm)}</text>'
        )
    base = _TOP + h + 14
    texts = date_labels(series)
    xs = [x for x, _ in pos]
    for i in fitting_labels(xs, [len(t) * _CHAR_W for t in texts]):
        out.append(
            f'<line x1="{xs[i]}" y1="{_TOP + h}" x2="{xs[i]}" y2="{_TOP + h + 3}" '
            f'stroke="#8a8a8a"/><text x="{xs[i]}" y="{base}" font-size="8" '
            f'text-anchor="middle" fill="#5b5b5b">{texts[i]}</text>'
        )
    out.append("</svg>")
    return "".join(out)
