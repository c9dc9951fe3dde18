"""The main window's selection: a mention or chain picked in one view (timeline, chain
list, report viewer, compare) is shown picked in every view, and the edit actions read it
(the ``EditContext`` of ``gui/actions.py``)."""

from __future__ import annotations

from radtrack_gui.gui.qt import QApplication, Qt
from radtrack_gui.gui.window_host import WindowHost


class WindowSelection(WindowHost):
    """Selection across the views (part of MainWindow)."""

    def on_mention_selected(self, mention_id: str) -> None:
        """A mention was picked (timeline, viewer, compare): show it everywhere. Mentions
        picked with Ctrl/Shift in the timeline stay picked, in every view."""
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        m = p.mentions[mention_id]
        picked = self.timeline.selected_mentions
        if mention_id in picked:
            self._mention_selection = [x for x in picked if x in p.mentions]
        else:
            self._mention_selection = [mention_id]
        self.timeline.select_mentions(self._mention_selection, mention_id)
        self.report_view.show_mention(mention_id)
        self.report_view.set_selected_mentions(self._mention_selection)
        chains = list(dict.fromkeys(p.mentions[x].chain or "" for x in self._mention_selection))
        self.chain_list.select_chains(chains, current=m.chain)
        self._update_actions()

    def _report_mention_clicked(self, mention_id: str) -> None:
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        mods = QApplication.keyboardModifiers()
        if mods & Qt.KeyboardModifier.ControlModifier and self._mention_selection:
            if mention_id in self._mention_selection:
                self._mention_selection.remove(mention_id)
            else:
                self._mention_selection.append(mention_id)
        else:
            self._mention_selection = [mention_id]
        self.report_view.set_selected_mentions(self._mention_selection)
        chains = list(dict.fromkeys(p.mentions[x].chain or "" for x in self._mention_selection))
        self.chain_list.select_chains(chains, current=p.mentions[mention_id].chain)
        self.timeline.select_mentions(self._mention_selection, mention_id)
        self._update_actions()

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
            self.statusBar().showMessage(
                f"“{p.chains[chain_id].label}” is a pertinent negative (every mention "
                "absent): hidden in the timeline. View ▸ Show pertinent negatives shows it.",
                10000,
            )
        current = [
            m
            for m in self._mention_selection
            if m in p.mentions and p.mentions[m].chain == chain_id
        ]
        if current:  # a mention of this chain is already picked (a timeline click)
            self.report_view.select_chain(chain_id)
            self._update_actions()
            return
        shown = self.report_view.report_id
        members = p.chain_mentions(chain_id)
        here = [m for m in members if m.report == shown]
        if here:
            self._mention_selection = [here[0].id]
            self.report_view.show_mention(here[0].id)
        elif members:
            self._mention_selection = [members[0].id]
            self.report_view.show_mention(members[0].id)
        self._update_actions()

    def _timeline_chain_clicked(self, chain_id: str) -> None:
        """A lane label or row clicked (Ctrl toggles, Shift ranges): the timeline's chain
        selection becomes the chain list's."""
        p = self.patient
        ids = [c for c in self.timeline.selected_chains if p is not None and c in p.chains]
        if len(ids) <= 1:
            self.on_chain_selected(chain_id)
            return
        self._mention_selection = []
        self.chain_list.select_chains(ids, current=chain_id)
        self.report_view.set_selected_mentions([])
        self.report_view.select_chain(chain_id)
        self._update_actions()

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
            self._mention_selection = [
                m for m in self._mention_selection if m in p.mentions and p.mentions[m].chain in ids
            ]
            self.timeline.select_chains(
                [str(c) for c in ids], current=self.chain_list.current_chain_id()
            )
            self.report_view.set_selected_mentions(self._mention_selection)
        self._update_actions()

    def on_mentions_dropped(self, mention_ids: list, chain_id: str) -> None:
        """Mentions dragged onto a lane join its chain ("" or None: a new chain)."""
        self.edit_actions.move_mentions([str(m) for m in mention_ids], chain_id or None)

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
        return [m for m in self._mention_selection if p is not None and m in p.mentions]

    def current_report_id(self) -> str | None:
        return self.report_view.report_id

    def selected_span(self) -> tuple[str, int, int] | None:
        return self.report_view.selected_span()

    def step_chain(self, step: int) -> None:
        mid = self.report_view.step_chain(step)
        if mid:
            self._mention_selection = [mid]
            self.timeline.select_mention(mid)
            self._update_actions()
