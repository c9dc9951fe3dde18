"""The main window's selection controller: a mention or chain picked in one view
(timeline, chain list, report viewer, compare) is shown picked in every view, and the edit
actions read it (it is the ``EditContext`` of ``gui/actions.py``).

The picked mentions are the session's ``Selection`` (``session/selection.py``, Qt-free);
the chain list and the timeline show them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.core.model import Patient
from radtrack_gui.gui.crash import quiet
from radtrack_gui.gui.qt import QApplication, QMessageBox, QPoint, Qt, QWidget

if TYPE_CHECKING:
    from radtrack_gui.gui.main_window import MainWindow


class SelectionController:
    """Selection across the views of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.session = window.session
        self.timeline = window.timeline
        self.chain_list = window.chain_list
        self.report_view = window.report_view

    @property
    def patient(self) -> Patient | None:
        return self.session.patient

    def connect_views(self) -> None:
        tl = self.timeline
        tl.mentionClicked.connect(self.on_mention_selected)
        tl.chainClicked.connect(self._timeline_chain_clicked)
        tl.mentionsDropped.connect(self.on_mentions_dropped)
        self.chain_list.chainActivated.connect(self._chain_list_activated)
        self.chain_list.selectionChangedIds.connect(self._chain_list_selection)
        self.report_view.mentionClicked.connect(self._report_mention_clicked)
        bar = self.chain_list.same_name  # chains that share a name (gui/same_name_bar.py)
        bar.selectRequested.connect(self.select_chains)
        bar.mergeRequested.connect(self.merge_chains)
        bar.keepApartRequested.connect(
            lambda ids: self.window.edit_actions.keep_apart([str(c) for c in ids])
        )

    def on_mention_selected(self, mention_id: str) -> None:
        """A mention was picked (timeline, viewer, compare): show it everywhere. Mentions
        picked with Ctrl/Shift in the timeline stay picked, in every view."""
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        m = p.mentions[mention_id]
        picked = self.timeline.selection.mentions
        if mention_id in picked:
            self.session.selection.mentions = [x for x in picked if x in p.mentions]
        else:
            self.session.selection.mentions = [mention_id]
        self.timeline.select_mentions(self.session.selection.mentions, mention_id)
        self.report_view.show_mention(mention_id)
        self.report_view.set_selected_mentions(self.session.selection.mentions)
        chains = list(
            dict.fromkeys(p.mentions[x].chain or "" for x in self.session.selection.mentions)
        )
        self.chain_list.select_chains(chains, current=m.chain)
        self.window.update_actions()

    def _report_mention_clicked(self, mention_id: str) -> None:
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        mods = QApplication.keyboardModifiers()
        if mods & Qt.KeyboardModifier.ControlModifier and self.session.selection.mentions:
            if mention_id in self.session.selection.mentions:
                self.session.selection.mentions.remove(mention_id)
            else:
                self.session.selection.mentions.append(mention_id)
        else:
            self.session.selection.mentions = [mention_id]
        self.report_view.set_selected_mentions(self.session.selection.mentions)
        chains = list(
            dict.fromkeys(p.mentions[x].chain or "" for x in self.session.selection.mentions)
        )
        self.chain_list.select_chains(chains, current=p.mentions[mention_id].chain)
        self.timeline.select_mentions(self.session.selection.mentions, mention_id)
        self.window.update_actions()

    def on_chain_selected(self, chain_id: str, *, from_list: bool = False) -> None:
        """One chain selected (compare rows, lane clicks, the list): shown everywhere."""
        p = self.patient
        if p is None or chain_id not in p.chains:
            return
        if from_list:  # the list's own selection (Ctrl/Shift) is left as the user made it
            ids = [c for c in self.chain_list.selected_chain_ids() if c in p.chains]
            self.timeline.select_chains(ids or [chain_id], current=chain_id)
        else:
            self.chain_list.select_chain(chain_id)
            self.timeline.select_chain(chain_id)
        hidden = getattr(getattr(self.timeline, "layout_", None), "hidden_negatives", ())
        if chain_id in hidden:
            self.window.statusBar().showMessage(
                f"“{p.chains[chain_id].label}” is a pertinent negative (every mention "
                "absent): hidden in the timeline. View ▸ Show pertinent negatives shows it.",
                10000,
            )
        current = [
            m
            for m in self.session.selection.mentions
            if m in p.mentions and p.mentions[m].chain == chain_id
        ]
        if current:  # a mention of this chain is already picked (a timeline click)
            self.report_view.select_chain(chain_id)
            self.window.update_actions()
            return
        shown = self.report_view.report_id
        members = p.chain_mentions(chain_id)
        here = [m for m in members if m.report == shown]
        if here:
            self.session.selection.mentions = [here[0].id]
            self.report_view.show_mention(here[0].id)
        elif members:
            self.session.selection.mentions = [members[0].id]
            self.report_view.show_mention(members[0].id)
        self.window.update_actions()

    def _timeline_chain_clicked(self, chain_id: str) -> None:
        """A lane label or row clicked (Ctrl toggles, Shift ranges): the timeline's chain
        selection becomes the chain list's."""
        p = self.patient
        ids = [c for c in self.timeline.selection.chains if p is not None and c in p.chains]
        if len(ids) <= 1:
            self.on_chain_selected(chain_id)
            return
        self.session.selection.mentions = []
        self.chain_list.select_chains(ids, current=chain_id)
        self.report_view.set_selected_mentions([])
        self.report_view.select_chain(chain_id)
        self.window.update_actions()

    def select_chains(self, ids: list) -> None:
        """Select these chains in every view (the first is the current one)."""
        p = self.patient
        chains = [str(c) for c in ids if p is not None and c in p.chains]
        if len(chains) <= 1:
            if chains:
                self.on_chain_selected(chains[0])
            return
        self.session.selection.mentions = []
        self.chain_list.select_chains(chains, current=chains[0])
        self.timeline.select_chains(chains, current=chains[0])
        self.report_view.set_selected_mentions([])
        self.report_view.select_chain(chains[0])
        self.window.update_actions()

    def merge_chains(self, ids: list) -> None:
        """Merge these chains into the first (the edit actions' merge, undoable)."""
        self.select_chains(ids)
        if len(self.selected_chain_ids()) >= 2:
            self.window.edit_actions.merge()

    def _chain_list_activated(self, chain_id: str) -> None:
        """The chain list's current chain changed; its selection (Ctrl/Shift) stays."""
        ids = self.chain_list.selected_chain_ids()
        if len(ids) <= 1:
            self.on_chain_selected(chain_id, from_list=True)
            return
        self._chain_list_selection(ids)

    def _chain_list_selection(self, ids: list) -> None:
        """Several chains selected in the list: the timeline shows them all selected."""
        p = self.patient
        if p is not None and len(ids) > 1:
            self.session.selection.mentions = [
                m
                for m in self.session.selection.mentions
                if m in p.mentions and p.mentions[m].chain in ids
            ]
            self.timeline.select_chains(
                [str(c) for c in ids], current=self.chain_list.current_chain_id()
            )
            self.report_view.set_selected_mentions(self.session.selection.mentions)
        self.window.update_actions()

    def on_mentions_dropped(self, mention_ids: list, chain_id: str) -> None:
        """Mentions dragged onto a lane join its chain ("" or None: a new chain)."""
        self.window.edit_actions.move_mentions([str(m) for m in mention_ids], chain_id or None)

    # EditContext for the actions.
    def selected_chain_ids(self) -> list[str]:
        ids = self.chain_list.selected_chain_ids()
        p = self.patient
        return [c for c in ids if p is not None and c in p.chains]

    def current_chain_id(self) -> str | None:
        p = self.patient
        cid = self.report_view.chain_id or self.chain_list.current_chain_id()
        return cid if p is not None and cid in p.chains else None

    def selected_mention_ids(self) -> list[str]:
        p = self.patient
        return [m for m in self.session.selection.mentions if p is not None and m in p.mentions]

    def current_report_id(self) -> str | None:
        return self.report_view.report_id

    def selected_span(self) -> tuple[str, int, int] | None:
        return self.report_view.selected_span()

    def step_chain(self, step: int) -> None:
        mid = self.report_view.step_chain(step)
        if mid:
            self.session.selection.mentions = [mid]
            self.timeline.select_mention(mid)
            self.window.update_actions()

    def chain_name(self, chain_id: str) -> str:
        """A chain as the user sees it: its lane's name on the timeline ("right
        pneumonia · 3 Mar 2150" where two lanes share the label), else the chain list's
        name, else its label."""
        p = self.patient
        label = p.chains[chain_id].label if p is not None and chain_id in p.chains else ""
        return (
            self.timeline.lane_names.get(chain_id)
            or self.chain_list.name_of(chain_id)
            or label
            or "a chain"
        )

    def dialog_parent(self) -> QWidget:
        return self.window

    def confirm(self, title: str, text: str) -> bool:
        """Ask before an edit whose reach may surprise (no one to ask: not done)."""
        if quiet():
            self.window.statusBar().showMessage(f"Not done: {text}", 10000)
            return False
        answer = QMessageBox.question(self.window, title, text)
        return answer == QMessageBox.StandardButton.Yes

    # -- context menus: the item under the pointer becomes the selection first ----------
    def report_menu(self, pos: QPoint) -> None:
        """Right click in the report: the mention under the pointer becomes the selection
        (unless text is selected), then the text and mention edits are offered."""
        view = self.report_view
        if not view.text.textCursor().hasSelection():
            offset = view.offset_at(pos)
            m = view.mention_at(offset) if offset is not None else None
            if m is not None and m.id not in self.session.selection.mentions:
                view.mention_id = m.id
                view.chain_id = m.chain
                view.refresh()
                self._report_mention_clicked(m.id)
        self.window.update_actions()
        self.window.menus.report_menu(view.text.viewport(), pos)

    def chain_menu(self, pos: QPoint) -> None:
        tree = self.chain_list.tree
        item = tree.itemAt(pos)
        cid = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if cid and cid not in self.chain_list.selected_chain_ids():
            self.on_chain_selected(cid)
        self.window.update_actions()
        self.window.menus.chain_menu(tree.viewport(), pos)
