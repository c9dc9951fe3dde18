"""The chain list's notice about chains that share a name (``views/same_name.py``).

Above the list, one group at a time: "Two chains named “liver lesion” — the same finding?
The models did not link them: merge them, or keep them apart.", with what a person does
about it, as links: Select both (in every view, to compare), Merge, Keep apart (marks them
reviewed, so the question is not asked again; undoable), and Next when several names are
shared. The bar asks for the action with signals; the selection controller
(``gui/selection.py``) and the edit actions do it. Hidden when no two chains share a name.
"""

from __future__ import annotations

import html

from radtrack_gui.core.model import Patient
from radtrack_gui.gui.qt import QFrame, QLabel, Qt, QVBoxLayout, QWidget, Signal
from radtrack_gui.views.same_name import SameName, same_named


class SameNameBar(QFrame):
    """Asks about one group of same-named chains at a time. Its actions are links in the
    wrapped text (buttons would widen the chain list's dock at 1280 px)."""

    selectRequested = Signal(list)  # chain ids
    mergeRequested = Signal(list)
    keepApartRequested = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sameNameBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#sameNameBar { background: #fff4e0; border: 1px solid #e0b36a; border-radius: 3px; }"
        )
        self.groups: list[SameName] = []
        self.index = 0
        self.editable = True
        self.text = QLabel(self)
        self.text.setObjectName("sameNameText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.text.linkActivated.connect(self.activate)
        self.text.setToolTip(
            "Select: these chains in the list and the timeline, to compare them. Merge: make "
            "them one chain. Keep apart: they are different, mark them reviewed and this is "
            "not asked again. Ctrl+Z undoes a merge or keep apart."
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.text)
        self.hide()

    @property
    def current(self) -> SameName | None:
        return self.groups[self.index] if self.groups else None

    def offered(self) -> list[str]:
        """The actions offered now (links shown)."""
        g = self.current
        if g is None:
            return []
        out = ["select"] + (["merge", "keep"] if self.editable else [])
        return out + (["next"] if len(self.groups) > 1 else [])

    def update_from(self, patient: Patient | None, *, editable: bool = True) -> None:
        """Recount the groups (after any edit); stay on the group shown if it is left."""
        shown = self.current.key if self.current is not None else None
        self.editable = editable
        groups = [g for g in same_named(patient) if not g.reviewed] if patient else []
        self.groups = groups
        keys = [g.key for g in groups]
        self.index = keys.index(shown) if shown in keys else min(self.index, max(0, len(keys) - 1))
        self._show()

    def activate(self, action: str) -> None:
        """Do ``action`` (a link of the notice: select, merge, keep, next)."""
        g = self.current
        if g is None or action not in self.offered():
            return
        if action == "next":
            self.index = (self.index + 1) % len(self.groups)
            self._show()
            return
        signal = {
            "select": self.selectRequested,
            "merge": self.mergeRequested,
            "keep": self.keepApartRequested,
        }[action]
        signal.emit(list(g.chains))

    def _show(self) -> None:
        g = self.current
        if g is None:
            self.hide()
            return
        n = len(self.groups)
        names = {
            "select": "Select both" if len(g.chains) == 2 else f"Select all {len(g.chains)}",
            "merge": "Merge",
            "keep": "Keep apart",
            "next": f"Next\u00a0({self.index + 1}\u00a0of\u00a0{n})\u00a0›",
        }
        links = " · ".join(f"<a href='{a}'>{names[a]}</a>" for a in self.offered())
        self.text.setText(f"{html.escape(g.question())}<br>{links}")
        self.show()
