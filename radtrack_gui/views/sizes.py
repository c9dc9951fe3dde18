"""A chain's size over time (Qt-free): one point per dated report that measures it.

The rule extractor attaches each size in a sentence ("2.4 x 2.1 cm", "1.6 cm in short axis")
to the nearest mention (``Mention.measurements``). For a finding chain, each report gives one
point: the first mention in text order that is not negated and carries a length measurement
(the findings statement comes before the impression's restatement), valued at the largest
dimension of its first length measurement, in mm ("2.4 x 2.1 cm" -> 24). Volumes ("5 ml")
are not sizes; devices have no size course (a stent's "10 mm x 6 cm" is its model, not a
change). Undated reports cannot be placed on a time axis and are left out.

The timeline's lane trace, the chain panel's plot and the HTML summary's plot all draw a
``SizeSeries``, through ``plot_points`` (positions in a unit box) and ``value_axis``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from radtrack_gui.core.model import DEVICE, Mention, Patient
from radtrack_gui.nlp.linkers.mentions import sizes_mm

# The lane trace's smallest vertical range, as a share of the chain's largest size.
MIN_SPAN = 0.4

__all__ = [
    "MIN_SPAN",
    "SizePoint",
    "SizeSeries",
    "date_labels",
    "fitting_labels",
    "lane_trace",
    "mention_size",
    "plot_points",
    "size_series",
    "sized_chains",
    "value_axis",
]


@dataclass(frozen=True, slots=True)
class SizePoint:
    report: str
    date: datetime
    mm: float  # the largest dimension of the measurement
    text: str  # the measurement as written ("2.4 x 2.1 cm")
    mention: str  # the mention that carries it
    modality: str = ""


@dataclass(frozen=True, slots=True)
class SizeSeries:
    chain: str
    label: str
    points: tuple[SizePoint, ...]

    @property
    def is_trend(self) -> bool:
        """Two or more dated sizes: something to draw as a line."""
        return len(self.points) >= 2

    def change_pct(self, i: int) -> float | None:
        """Per cent change of point ``i`` from the one before (None for the first)."""
        if i <= 0 or i >= len(self.points) or self.points[i - 1].mm == 0:
            return None
        before, now = self.points[i - 1].mm, self.points[i].mm
        return 100.0 * (now - before) / before

    def nadir(self) -> SizePoint | None:
        """The smallest size so far (RECIST's reference for progression)."""
        return min(self.points, key=lambda p: p.mm) if self.points else None

    def summary(self) -> str:
        """The sizes in words: ``24 → 25 → 18 → 29 → 22 mm (2151-01-10 to 2151-09-10)``."""
        if not self.points:
            return ""
        values = " → ".join(_fmt_mm(p.mm) for p in self.points)
        first, last = self.points[0].date, self.points[-1].date
        when = f"{first:%Y-%m-%d}" + (f" to {last:%Y-%m-%d}" if last != first else "")
        return f"{values} mm ({when})"


def _fmt_mm(v: float) -> str:
    return f"{v:.0f}" if v == int(v) else f"{v:.1f}"


def mention_size(m: Mention) -> tuple[float, str] | None:
    """(largest dimension in mm, the measurement as written) of the mention's first length
    measurement, or None (no measurement, only volumes, a negated mention, a question)."""
    if m.assertion == "absent" or m.question:
        return None
    for text in m.measurements:
        dims = sizes_mm([text])
        if dims:
            return max(dims), text
    return None


def size_series(patient: Patient, chain_id: str) -> SizeSeries:
    """The chain's sizes, one point per dated report (see the module docstring)."""
    chain = patient.chains[chain_id]
    points: list[SizePoint] = []
    if chain.type != DEVICE:
        reports = {r.id: r for r in patient.reports}
        done: set[str] = set()
        for m in patient.chain_mentions(chain_id):  # report order, then text order
            if m.report in done:
                continue
            report = reports.get(m.report)
            if report is None or report.date is None or not report.date_known:
                continue
            size = mention_size(m)
            if size is None:
                continue
            done.add(m.report)
            points.append(SizePoint(m.report, report.date, size[0], size[1], m.id, report.modality))
    return SizeSeries(chain.id, chain.label, tuple(points))


def sized_chains(patient: Patient, *, minimum: int = 2) -> dict[str, SizeSeries]:
    """Every chain with at least ``minimum`` sized reports, by chain id."""
    out = {}
    for cid in patient.chains:
        s = size_series(patient, cid)
        if len(s.points) >= minimum:
            out[cid] = s
    return out


def value_axis(series: SizeSeries) -> tuple[float, list[float]]:
    """The top of a zero-based size axis (1, 2 or 5 times a power of ten, at or above the
    largest size) and its ticks. Zero-based so that a change reads at its true proportion."""
    top = max((p.mm for p in series.points), default=0.0)
    if top <= 0:
        return 1.0, [0.0, 1.0]
    exp = 10.0 ** math.floor(math.log10(top))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * exp >= top:
            nice = step * exp
            break
    ticks = [nice * k / 4 for k in range(5)] if nice / exp in (1.0, 2.0, 10.0) else None
    if ticks is None:
        ticks = [nice * k / 5 for k in range(6)]
    return nice, ticks


def plot_points(
    series: SizeSeries,
    *,
    start: datetime | None = None,
    end: datetime | None = None,
) -> list[tuple[float, float]]:
    """Each point's (x, y) in the unit box: x by date between ``start`` and ``end`` (the
    series' own first and last dates by default; a single date sits in the middle), y by size
    on ``value_axis`` (0 at the bottom)."""
    if not series.points:
        return []
    t0 = (start or series.points[0].date).timestamp()
    t1 = (end or series.points[-1].date).timestamp()
    top, _ = value_axis(series)
    out = []
    for p in series.points:
        x = 0.5 if t1 <= t0 else (p.date.timestamp() - t0) / (t1 - t0)
        out.append((x, p.mm / top))
    return out


def lane_trace(
    series: SizeSeries,
    x_of: dict[str, float],
    row: float,
    *,
    shown: set[str] | None = None,
    height: float = 0.7,
) -> list[tuple[float, float]]:
    """The size trace inside a timeline lane: (x, y) in the timeline's data coordinates, x
    from the layout's report columns (``x_of``), y within the lane's row (rows grow
    downwards, so a larger size sits higher). A lane is a sparkline: it shows the shape of
    the course, scaled to the chain's own range, but never to less than ``MIN_SPAN`` of its
    largest size (so 20 -> 21 mm stays nearly flat and 4, 4, 4 mm is a flat line in the
    middle); the chain panel's plot gives the values on a zero-based axis. ``shown``: the
    lane's visible mention ids (filters); a point whose mention is hidden, or whose report
    has no column, is left out."""
    values = [p.mm for p in series.points]
    if not values:
        return []
    lo, hi = min(values), max(values)
    span = max(hi - lo, MIN_SPAN * hi, 1e-9)
    base = lo - (span - (hi - lo)) / 2
    out = []
    for p in series.points:
        if p.report not in x_of or (shown is not None and p.mention not in shown):
            continue
        out.append((x_of[p.report], row + height / 2 - height * (p.mm - base) / span))
    return out


def date_labels(series: SizeSeries) -> list[str]:
    """The time axis words under each point: the first and last date in full, the ones
    between as month-day (the plot's title or its ends give the year)."""
    n = len(series.points)
    return [
        f"{p.date:%Y-%m-%d}" if i in (0, n - 1) else f"{p.date:%m-%d}"
        for i, p in enumerate(series.points)
    ]


def fitting_labels(centres: list[float], widths: list[float], gap: float = 6.0) -> list[int]:
    """Which labels to draw, centred under their points, so none overlaps another: the
    first and the last always (the last wins over a middle one), then left to right each
    one that fits. Returns indices in order."""
    n = len(centres)
    if n == 0:
        return []
    lefts = [c - w / 2 for c, w in zip(centres, widths, strict=True)]
    keep, right = [0], lefts[0] + widths[0] + gap
    last_left = lefts[-1] if n > 1 else float("inf")
    for i in range(1, n - 1):
        if lefts[i] >= right and lefts[i] + widths[i] + gap <= last_left:
            keep.append(i)
            right = lefts[i] + widths[i] + gap
    if n > 1 and last_left >= right:
        keep.append(n - 1)
    return keep
