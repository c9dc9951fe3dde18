"""The swimlane timeline: one lane per chain, one glyph per mention, reports as columns.

Built on pyqtgraph for speed: one ScatterPlotItem per glyph style (modality x assertion)
and per change mark, one curve per lane type joining all chains (NaN-separated,
``connect="finite"``), so panning never loops over mentions in Python. The layout itself
(rows, x positions, filters) comes from the Qt-free :mod:`radtrack_gui.views.lanes`.

Modules: widget (construction, public API), scene (its standing graphics items), axes,
items (scatters, legend), draw (layout to graphics), marks (change marks, counts, level
of detail), placement (where marks fit), interaction (view box, clicks, drag, hover,
keys), toolbar (controls, hint line), export; host declares what the parts share.
Qt-free label helpers live in :mod:`radtrack_gui.views.labels`.
"""

from radtrack_gui.gui.timeline.axes import elide_label
from radtrack_gui.gui.timeline.widget import TimelineWidget
from radtrack_gui.views.labels import column_label

__all__ = ["TimelineWidget", "column_label", "elide_label"]
