"""The timeline widget as its parts (draw, marks, interaction, toolbar) see it, declared
once for the type checker: the state ``TimelineWidget`` sets up and the methods one part
calls on another. At run time the parts are plain mixins (``TimelineHost`` is ``object``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    import numpy as np

    from radtrack_gui.core.model import Patient
    from radtrack_gui.gui.qt import (
        QCheckBox,
        QComboBox,
        QFont,
        QLabel,
        QLineEdit,
        QMenu,
        QPointF,
        QSpinBox,
        QtGui,
        QTimer,
        QToolButton,
        QtWidgets,
        QWidget,
        Signal,
    )
    from radtrack_gui.gui.timeline.axes import ColumnAxis, LaneAxis, TimeAxis
    from radtrack_gui.gui.timeline.items import Legend, UniformScatter
    from radtrack_gui.views import lanes as L

    class TimelineHost(QWidget):
        mentionClicked = Signal(str)
        chainClicked = Signal(str)
        mentionsDropped = Signal(list, str)
        drawn = Signal()
        xModeChanged = Signal(str)
        negativesChanged = Signal(bool)

        # what is shown
        patient: Patient | None
        filters: L.Filters
        x_mode: str
        layout_: L.Layout | None
        colors: dict[str, str]
        overview_on: bool
        compact: bool
        expanded: set[str]
        last_draw_ms: float
        # selection
        selected_chain: str | None
        selected_chains: list[str]
        selected_mentions: list[str]
        _anchor: str | None
        # the plot (pyqtgraph is untyped: its items are Any)
        view: Any
        vb: Any
        plot: Any
        lane_axis: LaneAxis
        column_axis: ColumnAxis
        time_axis: TimeAxis
        legend: Legend
        _font: QFont
        _bands: QtWidgets.QGraphicsPathItem
        _group_bands: QtWidgets.QGraphicsPathItem
        _sel_band: QtWidgets.QGraphicsPathItem
        _undated: QtWidgets.QGraphicsRectItem
        _band_item: QtWidgets.QGraphicsRectItem
        _target: QtWidgets.QGraphicsRectItem
        _undated_text: Any
        _guides: Any
        _sel_line: Any
        _lines: dict[str, Any]
        _density: UniformScatter
        _sel_ring: UniformScatter
        _sel_mention: UniformScatter
        _ghost: UniformScatter
        _glyph_items: dict[tuple[str, str], UniformScatter]
        _mark_items: dict[str, UniformScatter]
        _count_items: dict[int, UniformScatter]
        # drawing state (see draw and marks)
        _fit_rows: int
        _refit: QTimer
        _hx: np.ndarray
        _hy: np.ndarray
        _hid: list[str]
        _band_x: tuple[float, float]
        _lod: float
        _codes: dict[str, tuple[float, int, int]]
        _style_keys: list[tuple[str, str]]
        _style_code: dict[tuple[str, str], int]
        _col_gap: float
        _counts_on: bool
        _gap: np.ndarray
        _mark_xy: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
        _count_xy: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]
        _marks_px: float
        _label_cache: dict[tuple, tuple[str, str]]
        _hover_timer: QTimer
        _hover_pos: QPointF | None
        # the toolbar and hint line
        date_button: QToolButton
        order_button: QToolButton
        group_combo: QComboBox
        filter_button: QToolButton
        filter_menu: QMenu
        _filter_actions: dict[tuple[str, str], QtGui.QAction]
        singletons_box: QCheckBox
        min_length_box: QSpinBox
        negatives_action: QtGui.QAction
        search_box: QLineEdit
        _search_timer: QTimer
        overview_button: QToolButton
        compact_button: QtGui.QAction
        fit_button: QToolButton
        negatives_hint: QLabel
        _more: QLabel
        _hint_row: QWidget

        # widget
        def set_x_mode(self, mode: str) -> None: ...
        def set_filters(self, **kwargs: Any) -> None: ...
        def set_overview(self, on: bool) -> None: ...
        def set_compact(self, on: bool) -> None: ...
        def fit_all(self) -> None: ...
        def toggle_group(self, key: str) -> None: ...
        def expand_group(self, key: str, on: bool = True) -> None: ...
        def select_mentions(self, mention_ids: list[str], current: str | None = None) -> None: ...
        def glyph_pos(self, mention_id: str) -> tuple[float, float] | None:
            raise NotImplementedError

        def _place_undated_text(self, *_args: Any) -> None: ...
        # draw
        def _draw_selection(self) -> None: ...
        # marks
        def _draw_counts(self, x: np.ndarray, y: np.ndarray, span: float) -> None: ...
        def _update_counts(self, *_args: Any) -> None: ...
        # toolbar
        def _update_hint(self) -> None: ...
        def _update_more(self, *_args: Any) -> None: ...
        # interaction
        def _on_click(self, scene_pos: QPointF, modifiers: Any) -> None: ...
        def _hit(self, scene_pos: QPointF) -> str | None:
            raise NotImplementedError

        def _drag_ids(self, mid: str) -> list[str]:
            raise NotImplementedError

else:
    TimelineHost = object

__all__ = ["TimelineHost"]
