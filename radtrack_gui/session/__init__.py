"""The session layer, Qt-free: the open patient, its store, the edit history (do/undo/redo
with provenance and the ``Changes`` record), the selection and the display options.

The GUI owns one ``Session`` per window and mirrors it into Qt (``gui/undo.py``); the CLI
and cohort code drive a ``Session`` directly. Nothing here imports Qt.
"""

from radtrack_gui.session.events import Listeners
from radtrack_gui.session.history import EditHistory, Step
from radtrack_gui.session.options import DisplayOptions
from radtrack_gui.session.selection import Selection
from radtrack_gui.session.session import Session

__all__ = ["DisplayOptions", "EditHistory", "Listeners", "Selection", "Session", "Step"]
