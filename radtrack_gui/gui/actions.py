"""Edit actions with keyboard shortcuts, shared by menus, toolbar and context menus.

The actions are rows of the one action table (``gui/action_table.py``); ``make_action``
turns any row into a QAction. Each edit reads the current selection (through
``EditContext``: the window's selection controller), builds a command from
``core/edits`` and pushes it on the session (``session/``), whose history saves it.
``move_mentions`` and ``set_reviewed`` do the same without dialogs (drag and drop, the
chain list's check boxes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from radtrack_gui.core import edits
from radtrack_gui.core.edits.commands import plural  # “1 mention”, “3 mentions”
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Patient
from radtrack_gui.gui.action_table import ACTIONS, ActionSpec
from radtrack_gui.gui.qt import QAction, QInputDialog, QKeySequence, QObject, QStyle, QWidget
from radtrack_gui.session import Session

NAVIGATION = frozenset({"prev_mention", "next_mention"})  # edit-table rows that edit nothing


class EditContext(Protocol):
    """What the actions need from the window."""

    session: Session

    def selected_chain_ids(self) -> list[str]: ...
    def current_chain_id(self) -> str | None: ...
    def selected_mention_ids(self) -> list[str]: ...
    def current_report_id(self) -> str | None: ...
    def selected_span(self) -> tuple[str, int, int] | None: ...
    def step_chain(self, step: int) -> None: ...
    def chain_name(self, chain_id: str) -> str: ...
    def dialog_parent(self) -> QWidget: ...
    def confirm(self, title: str, text: str) -> bool: ...


def make_action(spec: ActionSpec, parent: QObject, handler: Callable[[], object]) -> QAction:
    """The QAction of one row of the action table, wired to ``handler``."""
    action = QAction(spec.text, parent)
    action.setObjectName(f"action_{spec.name}")
    if spec.keys:
        action.setShortcuts([QKeySequence(k) for k in spec.keys])
    if spec.tip:
        action.setStatusTip(spec.tip)
    if spec.icon and isinstance(parent, QWidget):
        action.setIcon(parent.style().standardIcon(getattr(QStyle.StandardPixmap, spec.icon)))
    if spec.role:
        action.setMenuRole(getattr(QAction.MenuRole, spec.role))
    if spec.icon_text:
        action.setIconText(spec.icon_text)
    action.setCheckable(spec.checkable)
    if spec.edit:
        action.setToolTip(f"{spec.text.replace('&', '').rstrip('…')} ({spec.keys[0]})")
    action.triggered.connect(handler)
    return action


class EditActions(QObject):
    """The edit QActions of one window."""

    def __init__(self, context: EditContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = context
        self.actions: dict[str, QAction] = {}
        self.picker: QWidget | None = None  # the chain picker while it is open
        handlers: dict[str, Callable[[], object]] = {
            "merge": self.merge,
            "split_at_report": self.split_at_report,
            "split_selected": self.split_selected,
            "move_to_chain": self.move_to_chain,
            "rename": self.rename,
            "reviewed": self.toggle_reviewed,
            "add_finding": lambda: self.add_selection(FINDING),
            "add_device": lambda: self.add_selection(DEVICE),
            "add_to_chain": self.add_selection_to_chain,
            "adjust_span": self.adjust_span,
            "delete_mention": self.delete_mentions,
            "toggle_type": self.toggle_type,
            "present": lambda: self.set_assertion("present"),
            "absent": lambda: self.set_assertion("absent"),
            "possible": lambda: self.set_assertion("possible"),
            "prev_mention": lambda: self.ctx.step_chain(-1),
            "next_mention": lambda: self.ctx.step_chain(1),
        }
        for spec in ACTIONS:
            if spec.edit:
                self.actions[spec.name] = make_action(spec, self, handlers[spec.name])

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    # -- state ----------------------------------------------------------------------
    @property
    def patient(self) -> Patient | None:
        s = self.ctx.session
        return s.patient if s is not None else None

    def update_enabled(self) -> None:
        """Enable what the current selection allows."""
        p = self.patient
        chains = self.ctx.selected_chain_ids() if p else []
        chain = self.ctx.current_chain_id() if p else None
        mentions = self.ctx.selected_mention_ids() if p else []
        span = self.ctx.selected_span() if p else None
        has_chain = bool(chain and p and chain in p.chains)
        can = {
            "merge": len(chains) >= 2,
            "split_at_report": has_chain and splits_in_two(p, chain, self.ctx.current_report_id()),
            "split_selected": bool(mentions),
            "move_to_chain": bool(mentions),
            "rename": has_chain,
            "reviewed": bool(chains) or has_chain,
            "add_finding": span is not None,
            "add_device": span is not None,
            "add_to_chain": span is not None,
            "adjust_span": span is not None and len(mentions) == 1,
            "delete_mention": bool(mentions),
            "toggle_type": bool(mentions),
            "present": bool(mentions),
            "absent": bool(mentions),
            "possible": bool(mentions),
            "prev_mention": has_chain,
            "next_mention": has_chain,
        }
        read_only = self.ctx.session is not None and self.ctx.session.read_only
        for name, action in self.actions.items():
            # A read-only patient (opened so, or no store to save in): moving is all.
            allowed = name in NAVIGATION or not read_only
            action.setEnabled(allowed and bool(can.get(name, False)))

    def _push(self, command: edits.Command) -> edits.Changes | None:
        s = self.ctx.session
        return s.push(command) if s is not None else None

    def _push_new(self, factory: Callable[[], edits.Command]) -> edits.Changes | None:
        """Build and push; a command refused at construction is reported like others."""
        s = self.ctx.session
        if s is None:
            return None
        try:
            command = factory()
        except InputError as exc:
            s.fail(str(exc))
            return None
        return s.push(command)

    # -- chain edits ------------------------------------------------------------------
    def merge(self) -> edits.Changes | None:
        chains = self.ctx.selected_chain_ids()
        current = self.ctx.current_chain_id()
        target = current if current in chains else None
        return self._push_new(lambda: edits.MergeChains(chains, target=target))

    def split_at_report(self) -> edits.Changes | None:
        chain, report = self.ctx.current_chain_id(), self.ctx.current_report_id()
        if not chain or not report:
            return None
        return self._push_new(lambda: edits.SplitChain(chain, at_report=report))

    def spans_chains_ok(self, mentions: list[str], doing: str) -> bool:
        """An edit on mentions from several chains says so and asks first."""
        p = self.patient
        if p is None:
            return False
        chains = list(dict.fromkeys(p.mentions[m].chain or "" for m in mentions if m in p.mentions))
        if len(chains) <= 1:
            return True
        names = ", ".join(f"“{self.ctx.chain_name(c)}”" for c in chains[:4]) + (
            " …" if len(chains) > 4 else ""
        )
        return self.ctx.confirm(
            "Selection spans several chains",
            f"The {plural(len(mentions), 'selected mention')} come from {len(chains)} "
            f"chains ({names}). {doing}",
        )

    def split_selected(self) -> edits.Changes | None:
        mentions = self.ctx.selected_mention_ids()
        if not self.spans_chains_ok(mentions, "Put them all together in one new chain?"):
            return None
        return self._push_new(lambda: edits.MoveMentions(mentions, None))

    def move_mentions(self, mention_ids: list[str], target: str | None) -> edits.Changes | None:
        """Move to ``target`` (None: a new chain); the text names the lane the user sees."""
        name = self.ctx.chain_name(target) if target else None
        return self._push_new(lambda: edits.MoveMentions(mention_ids, target, name))

    def move_to_chain(self) -> edits.Changes | None:
        mentions = self.ctx.selected_mention_ids()
        p = self.patient
        if not mentions or p is None or mentions[0] not in p.mentions:
            return None
        first = p.mentions[mentions[0]]
        target = self._pick_chain(
            "Move to chain",
            f"Move {plural(len(mentions), 'mention')} to:",
            first.type,
            exclude=first.chain,
        )
        if target is None:
            return None
        return self.move_mentions(mentions, target or None)

    def rename(self) -> edits.Changes | None:
        p, chain = self.patient, self.ctx.current_chain_id()
        if p is None or not chain or chain not in p.chains:
            return None
        label, ok = QInputDialog.getText(
            self.ctx.dialog_parent(),
            "Rename chain",
            "Name (empty: automatic name):",
            text=p.chains[chain].label,
        )
        if not ok:
            return None
        return self._push_new(lambda: edits.RenameChain(chain, label))

    def toggle_reviewed(self) -> edits.Changes | None:
        p = self.patient
        chains = self.ctx.selected_chain_ids() or [c for c in [self.ctx.current_chain_id()] if c]
        chains = [c for c in chains if p and c in p.chains]
        if p is None or not chains:
            return None
        reviewed = not all(p.chains[c].reviewed for c in chains)
        return self._push_new(lambda: edits.MarkReviewed(chains, reviewed))

    def set_reviewed(self, chain_id: str, reviewed: bool) -> edits.Changes | None:
        return self._push_new(lambda: edits.MarkReviewed([chain_id], reviewed))

    def keep_apart(self, chain_ids: list[str]) -> edits.Changes | None:
        """Same-named chains a person says are different: marked reviewed (one edit)."""
        p = self.patient
        chains = [c for c in chain_ids if p is not None and c in p.chains]
        if p is None or len(chains) < 2:
            return None
        label = p.chains[chains[0]].label

        def command() -> edits.Command:
            cmd = edits.MarkReviewed(chains, True)
            cmd.text = f"Keep the {len(chains)} chains named “{label}” apart (marked reviewed)"
            return cmd

        return self._push_new(command)

    # -- mention edits -------------------------------------------------------------
    def add_selection(self, kind: str, chain: str | None = None) -> edits.Changes | None:
        span = self.ctx.selected_span()
        if span is None:
            return None
        report, start, end = span
        return self._push_new(lambda: edits.AddMention(report, start, end, kind, chain))

    def add_selection_to_chain(self) -> edits.Changes | None:
        if self.ctx.selected_span() is None or self.patient is None:
            return None
        target = self._pick_chain("Add mention to chain", "Add the selected text to:", None)
        if not target:
            return None
        kind = self.patient.chains[target].type
        return self.add_selection(kind, target)

    def adjust_span(self) -> edits.Changes | None:
        span, mentions = self.ctx.selected_span(), self.ctx.selected_mention_ids()
        if span is None or len(mentions) != 1:
            return None
        _, start, end = span
        return self._push_new(lambda: edits.AdjustSpan(mentions[0], start, end))

    def delete_mentions(self) -> edits.Changes | None:
        mentions = self.ctx.selected_mention_ids()
        if not self.spans_chains_ok(mentions, "Delete all of them?"):
            return None
        return self._push_new(lambda: edits.DeleteMention(mentions))

    def toggle_type(self) -> edits.Changes | None:
        p, mentions = self.patient, self.ctx.selected_mention_ids()
        if p is None or not mentions or mentions[0] not in p.mentions:
            return None
        new = DEVICE if p.mentions[mentions[0]].type == FINDING else FINDING
        if not self.spans_chains_ok(mentions, f"Make all of them {new}s, in one new chain?"):
            return None
        chain = p.mentions[mentions[0]].chain
        if chain in p.chains and set(p.chains[chain].mentions) <= set(mentions):
            # The whole chain changes type together.
            return self._push_new(lambda: edits.SetChainType(chain, new))
        # Part of a chain: the mentions leave it, so the chain never mixes types.
        history = self.ctx.session.history
        assert history is not None
        history.begin_macro(f"Make {len(mentions)} mention(s) {new}")
        try:
            moved = self._push_new(lambda: edits.MoveMentions(mentions, None))
            if moved is None:
                return None
            return self._push_new(lambda: edits.SetMentionAttributes(mentions, type=new))
        finally:
            history.end_macro()

    def set_assertion(self, value: str) -> edits.Changes | None:
        mentions = self.ctx.selected_mention_ids()
        if not self.spans_chains_ok(mentions, f"Mark all of them {value}?"):
            return None
        return self._push_new(lambda: edits.SetMentionAttributes(mentions, assertion=value))

    # -- dialogs -----------------------------------------------------------------------
    def _pick_chain(
        self, title: str, prompt: str, kind: str | None, exclude: str | None = None
    ) -> str | None:
        """A chain chosen by the user ("" for a new chain), None when cancelled."""
        from radtrack_gui.gui.dialogs.pick_chain import ChainPicker

        p = self.patient
        if p is None:
            return None
        dlg = ChainPicker(p, title, prompt, kind, exclude, self.ctx.dialog_parent())
        self.picker = dlg  # tests reach the open dialog here
        try:
            dlg.exec()
            return dlg.chosen()
        finally:
            self.picker = None
            dlg.deleteLater()


def splits_in_two(patient: Patient | None, chain_id: str | None, report_id: str | None) -> bool:
    """A split of ``chain_id`` at ``report_id`` leaves mentions on both sides: the chain has
    some before that report and some from it on (at its first report, or after its last,
    "Split chain at this report" would only fail)."""
    if patient is None or not chain_id or not report_id or chain_id not in patient.chains:
        return False
    order = patient.report_index()
    if report_id not in order:
        return False
    cut = order[report_id]
    places = [order.get(patient.mentions[m].report, -1) for m in patient.chains[chain_id].mentions]
    return any(i < cut for i in places) and any(i >= cut for i in places)
