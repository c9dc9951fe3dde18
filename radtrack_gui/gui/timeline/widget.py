"""The swimlane timeline widget (the view): construction and public API. It owns its parts
(see the package doc): the scene's standing items, the painter that turns a layout into
graphics, the mark placer, the interaction controller and the toolbar controls; and a
``Selection`` (``session/selection.py``) that keeps the picked mentions and chains."""

from __future__ import annotations

from typing import Any

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
from radtrack_gui.gui.timeline.draw import LanePainter
from radtrack_gui.gui.timeline.interaction import TimelineInteraction, TimelineViewBox
from radtrack_gui.gui.timeline.items import FONT_PT, Legend
from radtrack_gui.gui.timeline.marks import MarkPlacer
from radtrack_gui.gui.timeline.scene import TimelineScene
from radtrack_gui.gui.timeline.size_trace import SizeTrace
from radtrack_gui.gui.timeline.toolbar import TimelineControls
from radtrack_gui.session.options import DisplayOptions
from radtrack_gui.session.selection import Selection
from radtrack_gui.views import lanes as L


class TimelineWidget(QWidget):
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
        self.lane_names: dict[str, str] = {}  # chain id -> its drawn lane's name
        self.colors: dict[str, str] = {}
        self.selection = Selection()  # picked mentions and chains, as the rules keep them
        # Overview: each group keeps its most important lanes and folds the rest into a
        # "+ N more" row, so devices and findings are both in view (see views/overview).
        self.overview_on = True
        self.compact = False  # tighter rows (and smaller glyphs) for long patients
        self.expanded: set[str] = set()  # groups opened in full from their fold row
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(120)
        self._refit.timeout.connect(self._refit_rows)
        self.last_draw_ms = 0.0
        self._font = QFont()
        self._font.setPointSizeF(FONT_PT)
        # The parts: standing items, layout to graphics, marks, mouse and keys, toolbar.
        self.scene = TimelineScene(self)
        self.painter = LanePainter(self)
        self.marks = MarkPlacer(self)
        self.interaction = TimelineInteraction(self)
        self.controls = TimelineControls(self)
        self.size_trace = SizeTrace(self)
        self._build_ui()

    # -- construction ----------------------------------------------------------------
    def _build_ui(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        outer.addLayout(self.controls.build_toolbar())
        outer.addWidget(self.controls.build_hint())

        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view.ci.setContentsMargins(4, 4, 10, 4)
        self.view.ci.setSpacing(2)
        self.vb = TimelineViewBox(self.interaction)
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

        self.scene.build()
        self.size_trace.build()

        self.view.scene().sigMouseMoved.connect(self.interaction.on_mouse_moved)
        self.vb.sigYRangeChanged.connect(self.marks.update_lod)
        self.vb.sigResized.connect(self.marks.update_lod)
        self.vb.sigXRangeChanged.connect(self.marks.update_counts)
        self.vb.sigResized.connect(self.marks.update_counts)
        self.vb.sigYRangeChanged.connect(self.controls.update_more)
        self.vb.sigResized.connect(self.controls.update_more)
        self.vb.sigResized.connect(self._vb_resized)

        self.view.installEventFilter(self.interaction)
        self.painter.apply_font()

    # -- public API --------------------------------------------------------------------
    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self.painter._codes.clear()
        self.selection.chain = None
        self.selection.chains = []
        self.selection.mentions = []
        self.painter._label_cache.clear()
        self.legend.release_height()
        self.painter.draw()
        for _ in range(2):
            # The new legend and the "more lanes" hint took or gave room: fold for the
            # room there is, now, not in a redraw after the first paint (the lanes would
            # change under the eye, and the work would be done twice).
            if not self.overview_on or not self._settled_room_changed():
                break
            self.painter.draw()
        self.fit_all()
        self._readable_rows()

    def _settled_room_changed(self) -> bool:
        """Lay the widget out now; whether the rows that fit differ from the last draw's."""
        outer = self.layout()
        if outer is not None:
            outer.activate()
        self.view.ci.layout.activate()
        return self.vb.height() > 50 and self.painter.rows_that_fit() != self.painter._fit_rows

    def _readable_rows(self) -> None:
        """Many lanes: show the first screenful at a readable row height (Home shows all)."""
        if self.layout_ is None:
            return
        rows = self.painter.rows_that_fit() if self.vb.height() > 50 else 30
        # End between two rows, so the next lane's marks do not peek in at the bottom.
        self.vb.setYRange(-0.6, min(rows, max(self.layout_.n_rows, 1)) - 0.5, padding=0)

    def refresh(self, changes: Any = None) -> None:
        """Redraw after an edit; the view range and selection stay where they are."""
        if self.patient is None:
            return
        if changes is not None and not getattr(changes, "everything", False):
            gone: set[str] = getattr(changes, "chains_removed", set()) or set()
            if self.selection.chain in gone:
                self.selection.chain = None
            self.selection.chains = [c for c in self.selection.chains if c not in gone]
            removed: set[str] = getattr(changes, "mentions_removed", set()) or set()
            self.selection.mentions = [m for m in self.selection.mentions if m not in removed]
        if changes is None or getattr(changes, "everything", False):
            self.painter._codes.clear()
        else:
            for name in ("mentions_added", "mentions_removed", "mentions_changed"):
                for mid in getattr(changes, name, ()) or ():
                    self.painter._codes.pop(mid, None)
        if self.selection.chain and self.selection.chain not in self.patient.chains:
            self.selection.chain = None
        self.selection.chains = [c for c in self.selection.chains if c in self.patient.chains]
        self.painter.draw(keep_range=True)
        if self.interaction._hover_pos is not None and QtWidgets.QToolTip.isVisible():
            self.interaction.show_hover()  # the tooltip names the chain as it is now, not before

    def select_chain(self, chain_id: str | None) -> None:
        """Select one chain (picked mentions of other chains are dropped)."""
        self.selection.select_chain(self.patient, chain_id)
        self.painter.draw_selection()
        self.painter.ensure_row_visible(chain_id)

    def select_chains(self, chain_ids: list[str], current: str | None = None) -> None:
        """Show several chains selected (the chain list's selection); picked mentions stay
        when their chain is among them."""
        self.selection.select_chains(self.patient, chain_ids, current)
        self.painter.draw_selection()
        self.painter.ensure_row_visible(self.selection.chain)

    def select_mentions(self, mention_ids: list[str], current: str | None = None) -> None:
        """Show these mentions picked, and their chains selected."""
        p = self.patient
        if p is None:
            return
        cur = self.selection.select_mentions(p, mention_ids, current)
        self.painter.draw_selection()
        if cur:
            self.painter.ensure_row_visible(p.mentions[cur].chain, p.mentions[cur].report)

    def select_mention(self, mention_id: str | None) -> None:
        if self.patient is None or mention_id not in self.patient.mentions:
            self.selection.mentions = []
            self.painter.draw_selection()
            return
        self.selection.anchor = mention_id
        self.select_mentions([mention_id], mention_id)

    def set_x_mode(self, mode: str) -> None:
        if mode not in L.X_MODES:
            raise ValueError(f"x mode must be one of {L.X_MODES}, not {mode!r}")
        self.controls.date_button.setChecked(mode == "date")
        self.controls.order_button.setChecked(mode == "order")
        if mode == self.x_mode and self.layout_ is not None:
            return
        self.x_mode = mode
        self.xModeChanged.emit(mode)
        self.painter._codes.clear()
        y_range = self.vb.viewRange()[1]
        self.painter.draw()
        self.painter.fit_x()
        self.vb.setYRange(*y_range, padding=0)

    def fit_all(self) -> None:
        if self.layout_ is None:
            return
        self.painter.fit_x()
        self.vb.setYRange(-0.7, max(1, self.layout_.n_rows) - 0.3, padding=0)

    def set_filters(self, **kwargs: Any) -> None:
        """type, modalities, assertions, singletons, negatives, min_length, search,
        group_by."""
        new = self.filters.updated(**kwargs)
        if new == self.filters and self.layout_ is not None:
            return
        negatives_changed = new.negatives != self.filters.negatives
        self.filters = new
        self.controls.sync_controls()
        self.painter.draw()
        self._readable_rows()
        if negatives_changed:
            self.negativesChanged.emit(new.negatives)

    def toggle_group(self, key: str) -> None:
        """Collapse or expand a group (its summary row keeps the counts)."""
        collapsed = set(self.filters.collapsed) ^ {key}
        self.filters = self.filters.updated(collapsed=collapsed)
        self.painter.draw(keep_range=True)

    def set_colors(
        self, modality_colors: dict[str, str] | None = None, font_pt: float | None = None
    ) -> None:
        """Settings hook: modality colour overrides and the label font size."""
        self.colors = dict(modality_colors or {})
        if font_pt:
            self._font.setPointSizeF(float(font_pt))
            self.painter.apply_font()
        for item in self.painter._glyph_items.values():
            self.vb.removeItem(item)  # recreated with the new colours on the next draw
        self.painter._glyph_items.clear()
        if self.patient is not None:
            self.painter.draw(keep_range=True)

    def set_overview(self, on: bool) -> None:
        """Fold less important lanes so every group fits (on), or show every lane."""
        self.overview_on = bool(on)
        self.controls.overview_button.setChecked(self.overview_on)
        self.expanded.clear()
        if self.patient is not None:
            self.painter.draw()
            self._readable_rows()

    def set_compact(self, on: bool) -> None:
        """Tight rows for long patients: more lanes fit, glyphs shrink with them."""
        self.compact = bool(on)
        self.controls.compact_button.setChecked(self.compact)
        if self.patient is not None:
            self.painter.draw()
            self._readable_rows()

    def expand_group(self, key: str, on: bool = True) -> None:
        """Open a group's folded lanes in full (or fold them again); its header goes to
        the top of the view."""
        (self.expanded.add if on else self.expanded.discard)(key)
        self.painter.draw()
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
        if self.painter.rows_that_fit() != self.painter._fit_rows:
            self.painter.draw(keep_range=True)
        if at_top:
            self._readable_rows()

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        if self.overview_on and self.patient is not None:
            self._refit.start()
        if self.lane_axis.labels:
            self.lane_axis.set_labels(self.lane_axis.labels)  # its width follows the view's
        self.controls.update_hint()

    def show_options(self, display: DisplayOptions) -> None:
        """Draw as the session's display options say: palette, font, x axis, filters."""
        self.set_colors(S.PALETTES.get(display.palette or ""), display.font_pt)
        self.set_x_mode(display.x_mode)
        self.set_filters(**display.filters())

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
        return self.painter.glyph_count()

    def glyph_pos(self, mention_id: str) -> tuple[float, float] | None:
        return self.painter.glyph_pos(mention_id)

    def glyph_view_pos(self, mention_id: str) -> QtCore.QPoint | None:
        """Where the glyph is in ``self.view``'s viewport (for tests and tours)."""
        pos = self.painter.glyph_pos(mention_id)
        if pos is None:
            return None
        scene = self.vb.mapViewToScene(QPointF(*pos))
        return self.view.mapFromScene(scene)

    def lane_labels(self) -> list[str]:
        return list(self.lane_axis.labels)
