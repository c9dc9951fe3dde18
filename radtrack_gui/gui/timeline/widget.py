"""The swimlane timeline widget: construction and public API (see the package doc)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg

from radtrack_gui.core.model import Patient
from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QFont,
    QPointF,
    Qt,
    QtCore,
    QTimer,
    QtWidgets,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.gui.timeline import export
from radtrack_gui.gui.timeline.axes import ColumnAxis, LaneAxis, TimeAxis
from radtrack_gui.gui.timeline.draw import DrawMixin
from radtrack_gui.gui.timeline.interaction import InteractionMixin, TimelineViewBox
from radtrack_gui.gui.timeline.items import FONT_PT, Legend
from radtrack_gui.gui.timeline.marks import MarksMixin
from radtrack_gui.gui.timeline.scene import SceneMixin
from radtrack_gui.gui.timeline.toolbar import ToolbarMixin
from radtrack_gui.views import lanes as L


class TimelineWidget(ToolbarMixin, DrawMixin, MarksMixin, InteractionMixin, SceneMixin, QWidget):
    """The swimlane timeline (see module doc). API agreed with the main window."""

    mentionClicked = Signal(str)
    chainClicked = Signal(str)
    mentionsDropped = Signal(list, str)
    drawn = Signal()
    xModeChanged = Signal(str)  # the toolbar toggled the x axis (not in the agreed API)
    negativesChanged = Signal(bool)  # pertinent negatives shown (True) or hidden

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.patient: Patient | None = None
        # Pertinent negatives start hidden (Settings.show_negatives): they crowd the lanes.
        self.filters = L.Filters(negatives=False)
        self.x_mode = "date"
        self.layout_: L.Layout | None = None
        self.colors: dict[str, str] = {}
        self.selected_chain: str | None = None  # the current chain (walked, named)
        self.selected_chains: list[str] = []  # every selected chain (current included)
        self.selected_mentions: list[str] = []
        self._anchor: str | None = None  # where a Shift+click range starts
        # Overview: each group keeps its most important lanes and folds the rest into a
        # "+ N more" row, so devices and findings are both in view (see views/overview).
        self.overview_on = True
        self.compact = False  # tighter rows (and smaller glyphs) for long patients
        self.expanded: set[str] = set()  # groups opened in full from their fold row
        self._fit_rows = 0
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(120)
        self._refit.timeout.connect(self._refit_rows)
        self.last_draw_ms = 0.0
        self._font = QFont()
        self._font.setPointSizeF(FONT_PT)
        self._hx = np.zeros(0)
        self._hy = np.zeros(0)
        self._hid: list[str] = []
        self._glyph_items: dict[tuple[str, str], pg.ScatterPlotItem] = {}
        self._band_x = (0.0, 1.0)
        self._lod = 1.0  # glyph scale: smaller when rows are packed tightly
        self._codes: dict[str, tuple[float, int, int]] = {}  # see _mention_codes
        self._style_keys: list[tuple[str, str]] = []
        self._style_code: dict[tuple[str, str], int] = {}
        self._mark_items: dict[str, pg.ScatterPlotItem] = {}
        self._col_gap = 1.0  # median x distance between neighbouring report columns
        self._counts_on = True
        self._gap = np.zeros(0)  # per glyph: x distance to the next glyph of its lane
        self._mark_xy = (np.zeros(0), np.zeros(0), np.zeros(0, dtype=int), np.zeros(0))
        self._count_xy: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._marks_px = 0.0  # the time scale marks were placed for
        self._label_cache: dict[tuple, tuple[str, str]] = {}  # see views.labels
        self._build_ui()

    # -- construction ----------------------------------------------------------------
    def _build_ui(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        outer.addLayout(self._build_toolbar())
        outer.addWidget(self._build_hint())

        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view.ci.setContentsMargins(4, 4, 10, 4)
        self.view.ci.setSpacing(2)
        self.vb = TimelineViewBox(self)
        self.lane_axis = LaneAxis()
        self.column_axis = ColumnAxis()
        self.time_axis = TimeAxis()
        self.plot = self.view.addPlot(
            row=0,
            col=0,
            viewBox=self.vb,
            axisItems={"left": self.lane_axis, "top": self.column_axis, "bottom": self.time_axis},
        )
        self.plot.showAxis("top")
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        for ax in (self.lane_axis, self.column_axis, self.time_axis):
            ax.setPen(pg.mkPen("#9AA0A6"))
            ax.setTextPen(pg.mkPen(S.INK))
        self.legend = Legend()
        self.view.addItem(self.legend, row=1, col=0)
        outer.addWidget(self.view, 1)

        self._build_scene()

        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(60)
        self._hover_timer.timeout.connect(self._show_hover)
        self._hover_pos: QPointF | None = None
        self.view.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.vb.sigYRangeChanged.connect(self._update_lod)
        self.vb.sigResized.connect(self._update_lod)
        self.vb.sigXRangeChanged.connect(self._update_counts)
        self.vb.sigResized.connect(self._update_counts)
        self.vb.sigYRangeChanged.connect(self._update_more)
        self.vb.sigResized.connect(self._update_more)
        self.vb.sigResized.connect(self._vb_resized)

        self.view.installEventFilter(self)
        self._apply_font()

    # -- public API --------------------------------------------------------------------
    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self._codes.clear()
        self.selected_chain = None
        self.selected_chains = []
        self.selected_mentions = []
        self._label_cache.clear()
        self._draw()
        self.fit_all()
        self._readable_rows()

    def _readable_rows(self) -> None:
        """Many lanes: show the first screenful at a readable row height (Home shows all)."""
        if self.layout_ is None:
            return
        rows = self.rows_that_fit() if self.vb.height() > 50 else 30
        # End between two rows, so the next lane's marks do not peek in at the bottom.
        self.vb.setYRange(-0.6, min(rows, max(self.layout_.n_rows, 1)) - 0.5, padding=0)

    def refresh(self, changes: Any = None) -> None:
        """Redraw after an edit; the view range and selection stay where they are."""
        if self.patient is None:
            return
        if changes is not None and not getattr(changes, "everything", False):
            gone: set[str] = getattr(changes, "chains_removed", set()) or set()
            if self.selected_chain in gone:
                self.selected_chain = None
            self.selected_chains = [c for c in self.selected_chains if c not in gone]
            removed: set[str] = getattr(changes, "mentions_removed", set()) or set()
            self.selected_mentions = [m for m in self.selected_mentions if m not in removed]
        if changes is None or getattr(changes, "everything", False):
            self._codes.clear()
        else:
            for name in ("mentions_added", "mentions_removed", "mentions_changed"):
                for mid in getattr(changes, name, ()) or ():
                    self._codes.pop(mid, None)
        if self.selected_chain and self.selected_chain not in self.patient.chains:
            self.selected_chain = None
        self.selected_chains = [c for c in self.selected_chains if c in self.patient.chains]
        self._draw(keep_range=True)
        if self._hover_pos is not None and QtWidgets.QToolTip.isVisible():
            self._show_hover()  # the tooltip names the chain as it is now, not before

    def select_chain(self, chain_id: str | None) -> None:
        """Select one chain (picked mentions of other chains are dropped)."""
        p = self.patient
        if p is not None and chain_id is not None and chain_id == self.selected_chain:
            # The same chain again: keep the picked mentions of that chain marked.
            self.selected_mentions = [
                m
                for m in self.selected_mentions
                if m in p.mentions and p.mentions[m].chain == chain_id
            ]
        else:
            self.selected_mentions = []
        self.selected_chain = chain_id
        self.selected_chains = [chain_id] if chain_id else []
        self._draw_selection()
        self._ensure_row_visible(chain_id)

    def select_chains(self, chain_ids: list[str], current: str | None = None) -> None:
        """Show several chains selected (the chain list's selection); picked mentions stay
        when their chain is among them."""
        p = self.patient
        ids = [c for c in dict.fromkeys(chain_ids) if p is not None and c in p.chains]
        self.selected_chains = ids
        self.selected_chain = current if current in ids else (ids[0] if ids else None)
        self.selected_mentions = [
            m
            for m in self.selected_mentions
            if p is not None and m in p.mentions and p.mentions[m].chain in ids
        ]
        self._draw_selection()
        self._ensure_row_visible(self.selected_chain)

    def select_mentions(self, mention_ids: list[str], current: str | None = None) -> None:
        """Show these mentions picked, and their chains selected."""
        p = self.patient
        if p is None:
            return
        ids = [m for m in dict.fromkeys(mention_ids) if m in p.mentions]
        self.selected_mentions = ids
        self.selected_chains = list(dict.fromkeys(p.mentions[m].chain or "" for m in ids))
        cur = current if current in ids else (ids[-1] if ids else None)
        self.selected_chain = p.mentions[cur].chain if cur else None
        self._draw_selection()
        if cur:
            self._ensure_row_visible(p.mentions[cur].chain, p.mentions[cur].report)

    def select_mention(self, mention_id: str | None) -> None:
        if self.patient is None or mention_id not in self.patient.mentions:
            self.selected_mentions = []
            self._draw_selection()
            return
        self._anchor = mention_id
        self.select_mentions([mention_id], mention_id)

    def set_x_mode(self, mode: str) -> None:
        if mode not in L.X_MODES:
            raise ValueError(f"x mode must be one of {L.X_MODES}, not {mode!r}")
        self.date_button.setChecked(mode == "date")
        self.order_button.setChecked(mode == "order")
        if mode == self.x_mode and self.layout_ is not None:
            return
        self.x_mode = mode
        self.xModeChanged.emit(mode)
        self._codes.clear()
        y_range = self.vb.viewRange()[1]
        self._draw()
        self._fit_x()
        self.vb.setYRange(*y_range, padding=0)

    def fit_all(self) -> None:
        if self.layout_ is None:
            return
        self._fit_x()
        self.vb.setYRange(-0.7, max(1, self.layout_.n_rows) - 0.3, padding=0)

    def set_filters(self, **kwargs: Any) -> None:
        """type, modalities, assertions, singletons, negatives, min_length, search,
        group_by."""
        new = self.filters.updated(**kwargs)
        if new == self.filters and self.layout_ is not None:
            return
        negatives_changed = new.negatives != self.filters.negatives
        self.filters = new
        self._sync_controls()
        self._draw()
        self._readable_rows()
        if negatives_changed:
            self.negativesChanged.emit(new.negatives)

    def toggle_group(self, key: str) -> None:
        """Collapse or expand a group (its summary row keeps the counts)."""
        collapsed = set(self.filters.collapsed) ^ {key}
        self.filters = self.filters.updated(collapsed=collapsed)
        self._draw(keep_range=True)

    def set_colors(
        self, modality_colors: dict[str, str] | None = None, font_pt: float | None = None
    ) -> None:
        """Settings hook: modality colour overrides and the label font size."""
        self.colors = dict(modality_colors or {})
        if font_pt:
            self._font.setPointSizeF(float(font_pt))
            self._apply_font()
        for item in self._glyph_items.values():
            self.vb.removeItem(item)  # recreated with the new colours on the next draw
        self._glyph_items.clear()
        if self.patient is not None:
            self._draw(keep_range=True)

    def _place_undated_text(self, *_args: Any) -> None:
        lay = self.layout_
        if lay is None or lay.undated_start is None or lay.undated_end is None:
            self._undated_text.hide()
            return
        y0 = self.vb.viewRange()[1][0]
        self._undated_text.setPos((lay.undated_start + lay.undated_end) / 2, y0 + 0.1)
        self._undated_text.show()

    def set_overview(self, on: bool) -> None:
        """Fold less important lanes so every group fits (on), or show every lane."""
        self.overview_on = bool(on)
        self.overview_button.setChecked(self.overview_on)
        self.expanded.clear()
        if self.patient is not None:
            self._draw()
            self._readable_rows()

    def set_compact(self, on: bool) -> None:
        """Tight rows for long patients: more lanes fit, glyphs shrink with them."""
        self.compact = bool(on)
        self.compact_button.setChecked(self.compact)
        if self.patient is not None:
            self._draw()
            self._readable_rows()

    def expand_group(self, key: str, on: bool = True) -> None:
        """Open a group's folded lanes in full (or fold them again); its header goes to
        the top of the view."""
        (self.expanded.add if on else self.expanded.discard)(key)
        self._draw()
        self._readable_rows()
        g = (
            next((g for g in self.layout_.groups if g.key == key), None)
            if self.layout_ is not None
            else None
        )
        if on and g is not None:
            y0, y1 = self.vb.viewRange()[1]
            self.vb.setYRange(g.row - 0.6, g.row - 0.6 + (y1 - y0), padding=0)

    def _vb_resized(self, *_args: Any) -> None:
        if self.overview_on and self.patient is not None:
            self._refit.start()  # deferred: a draw inside a resize would re-enter layout

    def _refit_rows(self) -> None:
        """After a resize: fold again for the new height (deferred, never re-entrant); a
        view still at the top shows the new screenful."""
        if self.patient is None or not self.overview_on:
            return
        at_top = self.vb.viewRange()[1][0] <= -0.5
        if self.rows_that_fit() != self._fit_rows:
            self._draw(keep_range=True)
        if at_top:
            self._readable_rows()

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        if self.overview_on and self.patient is not None:
            self._refit.start()
        if self.lane_axis.labels:
            self.lane_axis.set_labels(self.lane_axis.labels)  # its width follows the view's
        self._update_hint()

    def apply_settings(self, settings: Any) -> None:
        """Take palette, font size, x mode, grouping and lane filters from a
        :class:`radtrack_gui.settings.Settings` (unknown values are ignored)."""
        palette = S.PALETTES.get(getattr(settings, "palette", ""), S.MODALITY_COLORS)
        self.set_colors(dict(palette), getattr(settings, "font_size", None))
        group = {"organ system": "system"}.get(
            getattr(settings, "lane_grouping", "type"), getattr(settings, "lane_grouping", "type")
        )
        kw: dict[str, Any] = {
            "singletons": bool(getattr(settings, "show_singletons", True)),
            "negatives": bool(getattr(settings, "show_negatives", False)),
            "min_length": int(getattr(settings, "min_chain_length", 1) or 1),
        }
        if group in L.GROUP_BY:
            kw["group_by"] = group
        self.set_filters(**kw)
        mode = {"report order": "order"}.get(
            getattr(settings, "x_mode", "date"), getattr(settings, "x_mode", "date")
        )
        if mode in L.X_MODES:
            self.set_x_mode(mode)

    def export_png(self, path: str) -> None:
        export.export_png(self, path)

    def export_svg(self, path: str) -> None:
        """Vector SVG of what the view shows (glyphs as shapes, labels as text)."""
        export.export_svg(self, path)

    # -- read-outs for tests and other views ----------------------------------------------
    def lane_count(self) -> int:
        return len(self.layout_.lanes) if self.layout_ else 0

    def folded_count(self) -> int:
        """Mentions the overview folded into "+ N more" rows (drawn as a density strip)."""
        return sum(len(f.mentions) for f in getattr(self.layout_, "folds", []))

    def glyph_count(self) -> int:
        return sum(len(item.data) for item in self._glyph_items.values())

    def glyph_pos(self, mention_id: str) -> tuple[float, float] | None:
        try:
            i = self._hid.index(mention_id)
        except ValueError:
            return None
        return float(self._hx[i]), float(self._hy[i])

    def glyph_view_pos(self, mention_id: str) -> QtCore.QPoint | None:
        """Where the glyph is in ``self.view``'s viewport (for tests and tours)."""
        pos = self.glyph_pos(mention_id)
        if pos is None:
            return None
        scene = self.vb.mapViewToScene(QPointF(*pos))
        return self.view.mapFromScene(scene)

    def lane_labels(self) -> list[str]:
        return list(self.lane_axis.labels)
