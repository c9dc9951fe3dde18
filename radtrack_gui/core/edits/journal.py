"""The journal of a command: copies of every chain and mention its ``do`` touched (and the
key order of the patient's dicts), so its ``undo`` puts them back exactly, in place."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from radtrack_gui.core.edits.changes import Changes
from radtrack_gui.core.model import (
    Chain,
    Mention,
    Patient,
    chain_label,
)


# -- the journal: copies of what a do() touched, so undo() is exact --------------------
def _copy_chain(c: Chain) -> Chain:
    return replace(c, mentions=list(c.mentions), why=dict(c.why))


def _copy_mention(m: Mention) -> Mention:
    return replace(
        m, anatomy=list(m.anatomy), measurements=list(m.measurements), fragments=list(m.fragments)
    )


def _restore_into(target: Any, source: Any, copy: Any) -> None:
    fresh = copy(source)
    for f in fields(target):
        setattr(target, f.name, getattr(fresh, f.name))


class Journal:
    """Records the state before a command's first touch of each chain and mention."""

    def __init__(self, patient: Patient) -> None:
        self.patient = patient
        self.chain_order = list(patient.chains)
        self.mention_order = list(patient.mentions)
        self.chains_before: dict[str, Chain | None] = {}  # None: did not exist
        self.mentions_before: dict[str, Mention | None] = {}
        # Labels of existing chains stay as the user saw them; only a command that is
        # about what a label is made of (``Command.relabels``) recomputes them.
        self.relabel = False
        self.relabelled: dict[str, tuple[str, str]] = {}  # chain -> (label before, after)

    # Access for writing (snapshot first).
    def chain(self, cid: str) -> Chain:
        c = self.patient.chains[cid]
        if cid not in self.chains_before:
            self.chains_before[cid] = _copy_chain(c)
        return c

    def mention(self, mid: str) -> Mention:
        m = self.patient.mentions[mid]
        if mid not in self.mentions_before:
            self.mentions_before[mid] = _copy_mention(m)
        return m

    def add_chain(self, chain: Chain) -> None:
        if chain.id in self.patient.chains:
            raise AssertionError(f"chain id {chain.id} in use")
        self.chains_before.setdefault(chain.id, None)
        self.patient.chains[chain.id] = chain

    def drop_chain(self, cid: str) -> None:
        self.chain(cid)
        del self.patient.chains[cid]

    def add_mention(self, mention: Mention) -> None:
        if mention.id in self.patient.mentions:
            raise AssertionError(f"mention id {mention.id} in use")
        self.mentions_before.setdefault(mention.id, None)
        self.patient.mentions[mention.id] = mention

    def drop_mention(self, mid: str) -> None:
        self.mention(mid)
        del self.patient.mentions[mid]

    # Moving mentions between chains, keeping chains ordered and never empty.
    def detach(self, mid: str) -> None:
        """Take a mention out of its chain; an emptied chain is removed."""
        cid = self.patient.mentions[mid].chain
        if cid is None or cid not in self.patient.chains:
            return
        c = self.chain(cid)
        c.mentions.remove(mid)
        c.why.pop(mid, None)
        self.mention(mid).chain = None
        if not c.mentions:
            self.drop_chain(cid)

    def attach(self, mid: str, cid: str, why: str | None = None) -> None:
        c = self.chain(cid)
        if mid not in c.mentions:
            c.mentions.append(mid)
        self.mention(mid).chain = cid
        if why:
            c.why[mid] = why

    def finish(self) -> Changes:
        """Tidy touched chains (order, type, label) and compute the change record."""
        p = self.patient
        order = p.report_index()
        for cid, before in list(self.chains_before.items()):
            if cid not in p.chains:
                continue
            c = p.chains[cid]
            c.mentions.sort(key=lambda mid: mention_key(p.mentions[mid], order))
            c.type = majority_type(p, c)
            if before is None or not c.label:  # a new chain is named from its mentions
                c.label = chain_label(p, c.mentions)
            elif self.relabel and not c.label_locked:
                label = chain_label(p, c.mentions)
                if label != c.label:
                    self.relabelled[cid] = (c.label, label)
                    c.label = label
            if before is not None and before == c:
                del self.chains_before[cid]  # touched but unchanged
        for mid, mbefore in list(self.mentions_before.items()):
            if mbefore is not None and mid in p.mentions and p.mentions[mid] == mbefore:
                del self.mentions_before[mid]
        ch = Changes()
        for cid, before in self.chains_before.items():
            now = cid in p.chains
            if before is None:
                if now:
                    ch.chains_added.add(cid)
            elif now:
                ch.chains_changed.add(cid)
            else:
                ch.chains_removed.add(cid)
        for mid, mbefore in self.mentions_before.items():
            now = mid in p.mentions
            if mbefore is None:
                if now:
                    ch.mentions_added.add(mid)
            elif now:
                ch.mentions_changed.add(mid)
            else:
                ch.mentions_removed.add(mid)
        return ch

    def rollback(self) -> Changes:
        """Put everything back as it was before the command; return what that changed."""
        p = self.patient
        ch = Changes()
        for cid, before in self.chains_before.items():
            if before is None:
                if p.chains.pop(cid, None) is not None:
                    ch.chains_removed.add(cid)
            elif cid in p.chains:
                _restore_into(p.chains[cid], before, _copy_chain)
                ch.chains_changed.add(cid)
            else:
                p.chains[cid] = _copy_chain(before)
                ch.chains_added.add(cid)
        for mid, mbefore in self.mentions_before.items():
            if mbefore is None:
                if p.mentions.pop(mid, None) is not None:
                    ch.mentions_removed.add(mid)
            elif mid in p.mentions:
                _restore_into(p.mentions[mid], mbefore, _copy_mention)
                ch.mentions_changed.add(mid)
            else:
                p.mentions[mid] = _copy_mention(mbefore)
                ch.mentions_added.add(mid)
        reorder(p.chains, self.chain_order)
        reorder(p.mentions, self.mention_order)
        return ch


def reorder(d: dict[str, Any], order: list[str]) -> None:
    if list(d) == order:
        return
    known = set(order)
    items = [(k, d[k]) for k in order if k in d]
    items.extend((k, v) for k, v in d.items() if k not in known)
    d.clear()
    d.update(items)


def mention_key(m: Mention, order: dict[str, int]) -> tuple[int, int, int]:
    return (order.get(m.report, 1 << 30), m.start, m.end)


def majority_type(p: Patient, c: Chain) -> str:
    counts: dict[str, int] = {}
    for mid in c.mentions:
        t = p.mentions[mid].type
        counts[t] = counts.get(t, 0) + 1
    if not counts:
        return c.type
    first = p.mentions[c.mentions[0]].type
    return max(counts, key=lambda t: (counts[t], t == first))
