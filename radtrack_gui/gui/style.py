"""How the timeline looks: modality colours, assertion glyphs, change marks, highlights.

Colours are the Okabe–Ito set (safe for the common colour-vision deficiencies) plus two
greys; assertion is carried by shape *and* fill so it never depends on colour alone.
The colour tables are plain hex strings so settings can override them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from radtrack_gui.gui.qt import QBrush, QColor, QPen, Qt, QtGui
from radtrack_gui.nlp.word_lists import word_table

# Okabe & Ito (2008) "Color Universal Design" palette, one colour per common modality.
MODALITY_COLORS: dict[str, str] = {
    "XR": "#0072B2",  # blue
    "CT": "#D55E00",  # vermillion
    "CTA": "#E69F00",  # orange
    "MR": "#009E73",  # bluish green
    "US": "#CC79A7",  # reddish purple
    "NM": "#56B4E9",  # sky blue
    "PET": "#F0E442",  # yellow (drawn with a dark outline)
    "FL": "#000000",  # black
    "MG": "#882255",  # wine (Tol), rare modality
    "IR": "#44AA99",  # teal (Tol), rare modality
    "OTHER": "#999999",  # grey
}
_ORDER = ("XR", "CT", "CTA", "MR", "US", "NM", "PET", "FL", "MG", "IR", "OTHER")
# Other colour-blind-safe palettes the settings offer (Paul Tol's sets, viridis, greys).
PALETTES: dict[str, dict[str, str]] = {
    "okabe-ito": MODALITY_COLORS,
    "tol-bright": dict(
        zip(
            _ORDER,
            (
                "#4477AA",
                "#EE6677",
                "#CCBB44",
                "#228833",
                "#AA3377",
                "#66CCEE",
                "#CCBB44",
                "#222222",
                "#882255",
                "#44AA99",
                "#BBBBBB",
            ),
            strict=True,
        )
    ),
    "tol-muted": dict(
        zip(
            _ORDER,
            (
                "#332288",
                "#CC6677",
                "#DDCC77",
                "#117733",
                "#AA4499",
                "#88CCEE",
                "#999933",
                "#222222",
                "#882255",
                "#44AA99",
                "#BBBBBB",
            ),
            strict=True,
        )
    ),
    "viridis": dict(
        zip(
            _ORDER,
            (
                "#440154",
                "#31688E",
                "#26828E",
                "#35B779",
                "#B4DE2C",
                "#482878",
                "#FDE725",
                "#1F9E89",
                "#3E4989",
                "#6DCD59",
                "#AAAAAA",
            ),
            strict=True,
        )
    ),
    "greyscale": dict(
        zip(
            _ORDER,
            (
                "#111111",
                "#555555",
                "#777777",
                "#999999",
                "#BBBBBB",
                "#333333",
                "#DDDDDD",
                "#000000",
                "#444444",
                "#888888",
                "#CCCCCC",
            ),
            strict=True,
        )
    ),
}

MODALITY_NAMES = {
    "XR": "Radiograph",
    "CT": "CT",
    "CTA": "CT angiography",
    "MR": "MRI",
    "US": "Ultrasound",
    "NM": "Nuclear medicine",
    "PET": "PET",
    "FL": "Fluoroscopy",
    "MG": "Mammography",
    "IR": "Interventional",
    "OTHER": "Other",
}

ASSERTION_NAMES = {"present": "Present", "absent": "Absent (negated)", "possible": "Possible"}
# pyqtgraph symbol per assertion: a filled circle, a hollow circle, a half-filled diamond.
ASSERTION_SYMBOLS = {"present": "o", "absent": "o", "possible": "d"}

CHANGE_KINDS = (
    "new",
    "increased",
    "decreased",
    "stable",
    "resolved",
    "inserted",
    "repositioned",
    "removed",
)
CHANGE_NAMES = {
    "new": "New",
    "increased": "Increased / worse",
    "decreased": "Decreased / improved",
    "stable": "Stable",
    "resolved": "Resolved",
    "inserted": "Inserted (device)",
    "repositioned": "Repositioned (device)",
    "removed": "Removed (device)",
}
# Words extractors may use for the same change.
CHANGE_ALIASES = word_table("change_aliases", "word", "change")  # resources/vocab/

# Mention highlight colours by type for the report viewer (background, text stays black).
HIGHLIGHT = {"finding": "#FFE08A", "device": "#B9DCF5"}
HIGHLIGHT_SELECTED = "#FF9F1C"
SELECTED_BAND = "#FFEBD0"  # background of the selected chain's lane (and its label)

INK = "#222222"  # change marks, text
LANE_LINE = {"finding": "#7A7A7A", "device": "#5B6FA8"}
SELECTED = "#111111"  # ring and line of the selected chain
GROUP_BAND = "#ECEEF2"
ZEBRA = "#F7F8FA"
UNDATED_BAND = "#F1E9DA"

GLYPH_SIZE = 11
MARK_SIZE = 30  # the change mark's box; the mark itself sits in its upper-right quarter


@cache
def normalize_change(change: str | None) -> str | None:
    if not change:
        return None
    c = change.strip().lower()
    c = CHANGE_ALIASES.get(c, c)
    return c if c in CHANGE_KINDS else None


def modality_color(modality: str, overrides: dict[str, str] | None = None) -> str:
    table = {**MODALITY_COLORS, **(overrides or {})}
    return table.get(modality, table["OTHER"])


@cache
def brush(color: str, alpha: int = 255) -> QBrush:
    c = QColor(color)
    c.setAlpha(alpha)
    return QBrush(c)


@cache
def pen(color: str, width: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    p = QPen(QColor(color))
    p.setWidthF(width)
    p.setStyle(style)
    p.setCosmetic(True)
    return p


def darker(color: str, factor: int = 150) -> str:
    return QColor(color).darker(factor).name()


@dataclass(frozen=True)
class GlyphStyle:
    symbol: object  # a pyqtgraph symbol name or a QPainterPath
    brush: QBrush
    pen: QPen
    size: int


def glyph_style(
    modality: str, assertion: str, overrides: dict[str, str] | None = None, size: int = GLYPH_SIZE
) -> GlyphStyle:
    """Colour from the modality; shape and fill from the assertion."""
    color = modality_color(modality, overrides)
    outline = darker(color, 160)
    if assertion == "absent":
        return GlyphStyle("o", brush("#FFFFFF"), pen(color, 2.0), size - 1)
    if assertion == "possible":
        return GlyphStyle(half_diamond(), brush(color), pen(outline, 1.2), size + 2)
    return GlyphStyle("o", brush(color), pen(outline, 1.0), size)


@cache
def half_diamond() -> QtGui.QPainterPath:
    """A diamond whose lower half is filled and upper half hollow ("possible")."""
    p = QtGui.QPainterPath()
    # Outline of the whole diamond (stroked by the pen, filled white by the upper part).
    p.moveTo(0, -0.5)
    p.lineTo(0.5, 0)
    p.lineTo(0, 0.5)
    p.lineTo(-0.5, 0)
    p.closeSubpath()
    # Lower half: drawn twice so the odd-even fill leaves only this half filled.
    p.moveTo(-0.5, 0)
    p.lineTo(0.5, 0)
    p.lineTo(0, -0.5)
    p.closeSubpath()
    return p


@cache
def change_mark(kind: str) -> QtGui.QPainterPath:
    """The mark for a change kind, in the upper-right quarter of the unit box.

    Drawn at ``MARK_SIZE`` centred on the glyph, so it sits beside the glyph's corner.
    Qt's y axis points down on screen: negative y is "up".
    """
    p = QtGui.QPainterPath()
    cx, cy, r = 0.30, -0.30, 0.15  # centre and half-size of the mark
    if kind == "new":  # a four-point star
        pts = [(0, -1), (0.3, -0.3), (1, 0), (0.3, 0.3), (0, 1), (-0.3, 0.3), (-1, 0), (-0.3, -0.3)]
        p.moveTo(cx + pts[0][0] * r, cy + pts[0][1] * r)
        for x, y in pts[1:]:
            p.lineTo(cx + x * r, cy + y * r)
        p.closeSubpath()
    elif kind == "increased":  # triangle up
        p.moveTo(cx, cy - r)
        p.lineTo(cx + r, cy + r)
        p.lineTo(cx - r, cy + r)
        p.closeSubpath()
    elif kind == "decreased":  # triangle down
        p.moveTo(cx - r, cy - r)
        p.lineTo(cx + r, cy - r)
        p.lineTo(cx, cy + r)
        p.closeSubpath()
    elif kind == "stable":  # equals sign
        p.addRect(cx - r, cy - r * 0.75, 2 * r, r * 0.5)
        p.addRect(cx - r, cy + r * 0.25, 2 * r, r * 0.5)
    elif kind == "resolved":  # a check mark
        w = r * 0.35
        p.moveTo(cx - r, cy)
        p.lineTo(cx - r * 0.3, cy + r * 0.8)
        p.lineTo(cx + r, cy - r)
        p.lineTo(cx + r - w, cy - r - w * 0.2)
        p.lineTo(cx - r * 0.3, cy + r * 0.8 - 2 * w)
        p.lineTo(cx - r + w * 0.6, cy - w)
        p.closeSubpath()
    elif kind == "inserted":  # plus
        t = r * 0.3
        p.addRect(cx - r, cy - t, 2 * r, 2 * t)
        p.addRect(cx - t, cy - r, 2 * t, 2 * r)
        p.setFillRule(Qt.FillRule.WindingFill)
    elif kind == "removed":  # a cross
        t = r * 0.3
        tr = QtGui.QTransform().translate(cx, cy).rotate(45)
        q = QtGui.QPainterPath()
        q.addRect(-r, -t, 2 * r, 2 * t)
        q.addRect(-t, -r, 2 * t, 2 * r)
        q.setFillRule(Qt.FillRule.WindingFill)
        p = tr.map(q)
    elif kind == "repositioned":  # an arrow pointing right: the device moved
        t = r * 0.3
        p.moveTo(cx - r * 1.3, cy - t)
        p.lineTo(cx + r * 0.1, cy - t)
        p.lineTo(cx + r * 0.1, cy - r * 0.9)
        p.lineTo(cx + r * 1.3, cy)
        p.lineTo(cx + r * 0.1, cy + r * 0.9)
        p.lineTo(cx + r * 0.1, cy + t)
        p.lineTo(cx - r * 1.3, cy + t)
        p.closeSubpath()
    return p


COUNT_INK = "#5F6670"  # the "×2" beside a glyph that stands for several mentions
COUNT_BOX = 52  # px: the count mark's box (it must hold "×99" beside the glyph)


@cache
def count_mark(n: int) -> QtGui.QPainterPath:
    """ "×n" as a path for a ``COUNT_BOX`` px box centred on the glyph: just right of and
    below it (change marks sit upper right, the lane line runs through the middle). This
    glyph stands for ``n`` mentions of the chain in one report."""
    font = QtGui.QFont()
    font.setPixelSize(100)
    font.setBold(True)
    text = QtGui.QPainterPath()
    text.addText(0, 0, font, f"×{n}")
    box = text.boundingRect()
    k = 8.0 / COUNT_BOX / max(1e-9, box.height())  # 8 px high on screen
    tr = QtGui.QTransform()
    tr.translate(6.5 / COUNT_BOX, 2.5 / COUNT_BOX)  # left and top edges, in box units
    tr.scale(k, k)
    tr.translate(-box.left(), -box.top())
    return tr.map(text)


@cache
def legend_count_mark(n: int) -> QtGui.QPainterPath:
    """The count mark centred in the unit box and enlarged, for the legend."""
    path = count_mark(n)
    box = path.boundingRect()
    k = 0.62 / max(1e-9, box.height())
    tr = QtGui.QTransform().scale(k, k).translate(-box.center().x(), -box.center().y())
    return tr.map(path)


@cache
def legend_change_mark(kind: str) -> QtGui.QPainterPath:
    """The change mark moved to the centre of the unit box and enlarged, for the legend."""
    return QtGui.QTransform().scale(3.0, 3.0).translate(-0.30, 0.30).map(change_mark(kind))


def app_icon() -> QtGui.QIcon:
    """The RadTrack icon (empty when the resource is missing)."""
    from radtrack_gui.util.paths import resource

    path = resource("icons", "radtrack.svg")
    return QtGui.QIcon(str(path)) if path.exists() else QtGui.QIcon()
