"""The swimlane timeline: one lane per chain, one glyph per mention, reports as columns.

Built on pyqtgraph for speed: one ScatterPlotItem per glyph style (modality x assertion)
and per change mark, one curve per lane type joining all chains (NaN-separated,
``connect="finite"``), so panning never loops over mentions in Python. The layout itself
(rows, x positions, filters) comes from the Qt-free :mod:`radtrack_gui.views.lanes`.

Composition, not mixins: ``TimelineWidget`` (widget: the view, its public API and state)
owns its parts, each holding a reference to it: ``scene`` (``TimelineScene``, the standing
graphics items), ``painter`` (``LanePainter`` in draw: layout to graphics, glyph
positions), ``marks`` (``MarkPlacer``: change marks, counts, level of detail; where they
fit is in placement), ``interaction`` (``TimelineInteraction``: the controller for clicks,
drag, hover, keys, with the view box) and ``controls`` (``TimelineControls`` in toolbar:
the toolbar and hint line). The picked mentions and chains are a ``Selection``
(``session/selection.py``). Also: axes, items (scatters, legend), export.
Qt-free label helpers live in :mod:`radtrack_gui.views.labels`.
"""

from radtrack_gui.gui.timeline.axes import elide_label
from radtrack_gui.gui.timeline.widget import TimelineWidget
from radtrack_gui.views.labels import column_label

__all__ = ["TimelineWidget", "column_label", "elide_label"]
