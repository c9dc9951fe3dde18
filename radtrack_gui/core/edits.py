"""Edits of a patient's chains and mentions as command objects with do/undo.

Qt-free (a thin ``QUndoStack`` adapter in ``gui/`` wraps these). Every command has
``text`` (the menu label, e.g. "Merge 3 chains"), ``do(patient) -> Changes`` and
``undo(patient) -> Changes``; ``Changes`` names the chains and mentions that were added,
removed or changed so views refresh only those. ``params()`` is a JSON-able description
for the edit log.

Undo is exact: each ``do`` records a copy of every chain and mention it touches (a
journal) plus the key order of ``patient.chains`` / ``patient.mentions``; ``undo`` puts
the copies back (in place, so objects keep their identity) and restores the order.
``do`` after ``undo`` (redo) reuses the ids it created the first time.

Invariants after every do/undo: ``patient.check() == []`` (each mention in exactly one
chain, no empty chains). Chain labels are recomputed by ``chain_label`` unless the user
named the chain (``Chain.label_locked``); a chain's type is the type most of its mentions
have (ties: the first mention's).

Decision on types: merging chains of different types, or moving a mention into a chain of
the other type, is refused with an ``InputError`` (change the type first, e.g. with
``SetChainType``), so a chain never mixes findings and devices by accident.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import (
    ASSERTIONS,
    LATERALITIES,
    MENTION_TYPES,
    SOURCE_PERSON,
    Chain,
    Mention,
    Patient,
    chain_label,
)

__all__ = [
    "AddMention",
    "AdjustSpan",
    "ChangeMentionType",
    "Changes",
    "Command",
    "Compound",
    "DeleteMention",
    "EditStack",
    "MarkReviewed",
    "MergeChains",
    "MoveMentions",
    "RenameChain",
    "SetChainType",
    "SetMentionAttributes",
    "SplitChain",
    "next_id",
]


# -- the change record ----------------------------------------------------------------
@dataclass
class Changes:
    """What an edit changed. ``everything`` means: refresh all views."""

    chains_added: set[str] = field(default_factory=set)
    chains_removed: set[str] = field(default_factory=set)
    chains_changed: set[str] = field(default_factory=set)
    mentions_added: set[str] = field(default_factory=set)
    mentions_removed: set[str] = field(default_factory=set)
    mentions_changed: set[str] = field(default_factory=set)
    everything: bool = False

    @classmethod
    def all(cls) -> Changes:
        return cls(everything=True)

    def __bool__(self) -> bool:
        return self.everything or any(
            (self.chains_added, self.chains_removed, self.chains_changed,
             self.mentions_added, self.mentions_removed, self.mentions_changed))

    @property
    def chains(self) -> set[str]:
        """Every chain id named (added, removed or changed)."""
        return self.chains_added | self.chains_removed | self.chains_changed

    @property
    def mentions(self) -> set[str]:
        return self.mentions_added | self.mentions_removed | self.mentions_changed

    def merge(self, later: Changes) -> Changes:
        """The net change of ``self`` followed by ``later`` (a new object)."""
        ca, cr, cc = _net(self.chains_added, self.chains_removed, self.chains_changed,
                          later.chains_added, later.chains_removed, later.chains_changed)
        ma, mr, mc = _net(self.mentions_added, self.mentions_removed, self.mentions_changed,
                          later.mentions_added, later.mentions_removed,
                          later.mentions_changed)
        return Changes(ca, cr, cc, ma, mr, mc, self.everything or later.everything)

    def inverse(self) -> Changes:
        """The change record of undoing this change."""
        return Changes(set(self.chains_removed), set(self.chains_added),
                       set(self.chains_changed), set(self.mentions_removed),
                       set(self.mentions_added), set(self.mentions_changed), self.everything)

    def as_dict(self) -> dict[str, Any]:
        """JSON-able, lists sorted (for the edit log)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value if isinstance(value, bool) else sorted(value, key=_natural)
        return out


def _net(a1: set[str], r1: set[str], c1: set[str], a2: set[str], r2: set[str],
         c2: set[str]) -> tuple[set[str], set[str], set[str]]:
    added = (a1 - r2) | (a2 - r1)
    removed = (r1 - a2) | (r2 - a1)
    # Removed then added again, or changed in either step and still there: changed.
    changed = ((c1 | c2) | (r1 & a2)) - added - removed
    return added, removed, changed


def _natural(s: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s))


# -- ids ------------------------------------------------------------------------------
def next_id(existing: Iterable[str], prefix: str) -> str:
    """``prefix`` + (largest number used with that prefix + 1), e.g. m41 after m40."""
    pat = re.compile(re.escape(prefix) + r"(\d+)$")
    top = 0
    for key in existing:
        m = pat.match(key)
        if m:
            top = max(top, int(m.group(1)))
    return f"{prefix}{top + 1}"


# -- the journal: copies of what a do() touched, so undo() is exact --------------------
def _copy_chain(c: Chain) -> Chain:
    return replace(c, mentions=list(c.mentions), why=dict(c.why))


def _copy_mention(m: Mention) -> Mention:
    return replace(m, anatomy=list(m.anatomy), measurements=list(m.measurements),
                   fragments=list(m.fragments))


def _restore_into(target: Any, source: Any, copy: Any) -> None:
    fresh = copy(source)
    for f in fields(target):
        setattr(target, f.name, getattr(fresh, f.name))


class _Journal:
    """Records the state before a command's first touch of each chain and mention."""

    def __init__(self, patient: Patient) -> None:
        self.patient = patient
        self.chain_order = list(patient.chains)
        self.mention_order = list(patient.mentions)
        self.chains_before: dict[str, Chain | None] = {}  # None: did not exist
        self.mentions_before: dict[str, Mention | None] = {}

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
            c.mentions.sort(key=lambda mid: _mention_key(p.mentions[mid], order))
            c.type = _majority_type(p, c)
            if not c.label_locked:
                c.label = chain_label(p, c.mentions)
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
        _reorder(p.chains, self.chain_order)
        _reorder(p.mentions, self.mention_order)
        return ch


def _reorder(d: dict[str, Any], order: list[str]) -> None:
    if list(d) == order:
        return
    known = set(order)
    items = [(k, d[k]) for k in order if k in d]
    items.extend((k, v) for k, v in d.items() if k not in known)
    d.clear()
    d.update(items)


def _mention_key(m: Mention, order: dict[str, int]) -> tuple[int, int, int]:
    return (order.get(m.report, 1 << 30), m.start, m.end)


def _majority_type(p: Patient, c: Chain) -> str:
    counts: dict[str, int] = {}
    for mid in c.mentions:
        t = p.mentions[mid].type
        counts[t] = counts.get(t, 0) + 1
    if not counts:
        return c.type
    first = p.mentions[c.mentions[0]].type
    return max(counts, key=lambda t: (counts[t], t == first))


# -- commands -------------------------------------------------------------------------
class Command:
    """Base class: subclasses implement ``_apply(journal)`` and ``text``."""

    text: str = "Edit"

    def __init__(self) -> None:
        self._journal: _Journal | None = None
        self._new_ids: dict[str, str] = {}  # role -> id created by the first do()

    def do(self, patient: Patient) -> Changes:
        if self._journal is not None:
            raise RuntimeError(f"{type(self).__name__}.do() twice without undo()")
        j = _Journal(patient)
        try:
            self._apply(j)
        except BaseException:
            j.rollback()  # an invalid edit leaves the patient untouched
            raise
        self._journal = j
        return j.finish()

    def undo(self, patient: Patient) -> Changes:
        if self._journal is None:
            raise RuntimeError(f"{type(self).__name__}.undo() before do()")
        j, self._journal = self._journal, None
        if j.patient is not patient:
            raise RuntimeError("undo() on a different patient than do()")
        return j.rollback()

    def params(self) -> dict[str, Any]:
        """What the command does, JSON-able (for the edit log)."""
        return {}

    def _apply(self, j: _Journal) -> None:
        raise NotImplementedError

    def _new_chain_id(self, p: Patient, role: str = "chain") -> str:
        cid = self._new_ids.get(role)
        if cid is None or cid in p.chains:
            cid = next_id(p.chains, "c")
            self._new_ids[role] = cid
        return cid

    def _new_mention_id(self, p: Patient, role: str = "mention") -> str:
        mid = self._new_ids.get(role)
        if mid is None or mid in p.mentions:
            mid = next_id(p.mentions, "m")
            self._new_ids[role] = mid
        return mid

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text!r}>"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _need_chain(p: Patient, cid: str) -> Chain:
    if cid not in p.chains:
        raise InputError(f"no chain {cid!r} in patient {p.id}")
    return p.chains[cid]


def _need_mention(p: Patient, mid: str) -> Mention:
    if mid not in p.mentions:
        raise InputError(f"no mention {mid!r} in patient {p.id}")
    return p.mentions[mid]


def _new_chain(cid: str, type_: str) -> Chain:
    return Chain(id=cid, type=type_, label="", mentions=[], source=SOURCE_PERSON)


class SplitChain(Command):
    """Split a chain: mentions from ``at_report`` on (in time order), or the given
    ``mention_ids``, go to a new chain."""

    def __init__(self, chain_id: str, *, at_report: str | None = None,
                 mention_ids: Iterable[str] | None = None) -> None:
        super().__init__()
        if (at_report is None) == (mention_ids is None):
            raise InputError("split needs either a report or a set of mentions")
        self.chain_id = chain_id
        self.at_report = at_report
        self.mention_ids = list(dict.fromkeys(mention_ids)) if mention_ids is not None else None
        self.text = "Split chain"

    def params(self) -> dict[str, Any]:
        return {"chain": self.chain_id, "at_report": self.at_report,
                "mentions": self.mention_ids, "new_chain": self._new_ids.get("chain")}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        chain = _need_chain(p, self.chain_id)
        if self.at_report is not None:
            order = p.report_index()
            if self.at_report not in order:
                raise InputError(f"no report {self.at_report!r} in patient {p.id}")
            cut = order[self.at_report]
            moving = [mid for mid in chain.mentions
                      if order.get(p.mentions[mid].report, 1 << 30) >= cut]
        else:
            assert self.mention_ids is not None
            outside = [mid for mid in self.mention_ids if mid not in chain.mentions]
            if outside:
                raise InputError(f"mention {outside[0]} is not in chain {self.chain_id}")
            moving = list(self.mention_ids)
        if not moving or len(moving) == len(chain.mentions):
            raise InputError(f"split of chain {self.chain_id} would leave one part empty")
        cid = self._new_chain_id(p)
        j.add_chain(_new_chain(cid, chain.type))
        for mid in moving:
            j.detach(mid)
            j.attach(mid, cid, "split off by hand")


class MergeChains(Command):
    """Merge two or more chains into ``target`` (default: the first one given)."""

    def __init__(self, chain_ids: Iterable[str], target: str | None = None) -> None:
        super().__init__()
        self.chain_ids = list(dict.fromkeys(chain_ids))
        self.target = target or (self.chain_ids[0] if self.chain_ids else "")
        if self.target not in self.chain_ids:
            self.chain_ids.insert(0, self.target)
        if len(self.chain_ids) < 2:
            raise InputError("merge needs at least two chains")
        self.text = f"Merge {len(self.chain_ids)} chains"

    def params(self) -> dict[str, Any]:
        return {"chains": self.chain_ids, "target": self.target}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        chains = [_need_chain(p, cid) for cid in self.chain_ids]
        target = p.chains[self.target]
        for c in chains:
            if c.type != target.type:
                raise InputError(
                    f"cannot merge {c.type} chain {c.id!r} into {target.type} chain "
                    f"{target.id!r}: change its type first")
        # A merge is a person's decision, recorded like split and move: the chain's source
        # becomes the person, and each joined mention says it was merged by hand (keeping
        # the evidence it had).
        j.chain(target.id).source = SOURCE_PERSON
        for c in chains:
            if c.id == target.id:
                continue
            why = dict(c.why)
            for mid in list(c.mentions):
                j.detach(mid)
                j.attach(mid, target.id, f"merged by hand (was: {why[mid]})" if why.get(mid)
                         else "merged by hand")


class MoveMentions(Command):
    """Move mentions to an existing chain, or (``target=None``) together to a new one."""

    def __init__(self, mention_ids: Iterable[str], target: str | None = None) -> None:
        super().__init__()
        self.mention_ids = list(dict.fromkeys(mention_ids))
        if not self.mention_ids:
            raise InputError("nothing to move: no mention selected")
        self.target = target
        what = _plural(len(self.mention_ids), "mention")
        self.text = f"Move {what} to a new chain" if target is None else f"Move {what}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids, "target": self.target,
                "new_chain": self._new_ids.get("chain")}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        ms = [_need_mention(p, mid) for mid in self.mention_ids]
        if self.target is None:
            if len(ms) == 1 and ms[0].chain in p.chains and \
                    p.chains[ms[0].chain].mentions == [ms[0].id]:
                raise InputError(f"mention {ms[0].id} is already alone in its chain")
            if len({m.type for m in ms}) > 1:
                raise InputError("cannot put findings and devices in one chain: "
                                 "move them separately")
            cid = self._new_chain_id(p)
            j.add_chain(_new_chain(cid, ms[0].type))
        else:
            cid = self.target
            target = _need_chain(p, cid)
            for m in ms:
                if m.type != target.type:
                    raise InputError(f"cannot move {m.type} mention {m.id!r} into "
                                     f"{target.type} chain {cid!r}: change its type first")
        for m in ms:
            if m.chain == cid:
                continue
            j.detach(m.id)
            j.attach(m.id, cid, "moved here by hand")


class MoveMention(MoveMentions):
    """One mention (convenience)."""

    def __init__(self, mention_id: str, target: str | None = None) -> None:
        super().__init__([mention_id], target)


class RenameChain(Command):
    """Set a chain's label; it then stays as given. An empty label goes back to the
    automatic one."""

    def __init__(self, chain_id: str, label: str | None) -> None:
        super().__init__()
        self.chain_id = chain_id
        self.label = " ".join((label or "").split())
        self.text = f"Rename chain to “{self.label}”" if self.label else "Reset chain name"

    def params(self) -> dict[str, Any]:
        return {"chain": self.chain_id, "label": self.label}

    def _apply(self, j: _Journal) -> None:
        _need_chain(j.patient, self.chain_id)
        c = j.chain(self.chain_id)
        c.label_locked = bool(self.label)
        if self.label:
            c.label = self.label


class MarkReviewed(Command):
    """Mark chains reviewed (or not)."""

    def __init__(self, chain_ids: str | Iterable[str], reviewed: bool = True) -> None:
        super().__init__()
        ids = [chain_ids] if isinstance(chain_ids, str) else list(dict.fromkeys(chain_ids))
        if not ids:
            raise InputError("no chain selected")
        self.chain_ids = ids
        self.reviewed = bool(reviewed)
        what = "chain" if len(ids) == 1 else f"{len(ids)} chains"
        self.text = f"Mark {what} {'reviewed' if reviewed else 'not reviewed'}"

    def params(self) -> dict[str, Any]:
        return {"chains": self.chain_ids, "reviewed": self.reviewed}

    def _apply(self, j: _Journal) -> None:
        for cid in self.chain_ids:
            _need_chain(j.patient, cid)
        for cid in self.chain_ids:
            j.chain(cid).reviewed = self.reviewed


class SetChainType(Command):
    """Make a whole chain (and all its mentions) a finding or a device."""

    def __init__(self, chain_id: str, type: str) -> None:
        super().__init__()
        if type not in MENTION_TYPES:
            raise InputError(f"unknown type {type!r} (expected finding or device)")
        self.chain_id = chain_id
        self.type = type
        self.text = f"Make chain a {type}"

    def params(self) -> dict[str, Any]:
        return {"chain": self.chain_id, "type": self.type}

    def _apply(self, j: _Journal) -> None:
        c = j.chain(_need_chain(j.patient, self.chain_id).id)
        for mid in c.mentions:
            j.mention(mid).type = self.type
        c.type = self.type


class ChangeMentionType(Command):
    """Make mentions findings or devices. A whole chain changes type in place; mentions
    taken from a chain with other members go to a new chain (one per source chain)."""

    def __init__(self, mention_ids: str | Iterable[str], type: str) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(
            dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        self.mention_ids = ids
        self.type = _check_attr("type", type)
        what = "mention" if len(ids) == 1 else f"{len(ids)} mentions"
        self.text = f"Make {what} a {type}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids, "type": self.type,
                "new_chains": sorted(self._new_ids.values(), key=_natural)}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        by_chain: dict[str, list[str]] = {}
        for mid in self.mention_ids:
            m = _need_mention(p, mid)
            if m.type != self.type:
                by_chain.setdefault(m.chain or "", []).append(mid)
        if not by_chain:
            raise InputError(f"already {'a' if len(self.mention_ids) == 1 else 'all'} "
                             f"{self.type}")
        for cid, mids in by_chain.items():
            for mid in mids:
                j.mention(mid).type = self.type
            chain = p.chains.get(cid)
            if chain is None:
                continue
            others = [x for x in chain.mentions if x not in mids]
            if all(p.mentions[x].type == self.type for x in others):
                j.chain(cid)  # the whole chain is now of the new type
                continue
            new = self._new_chain_id(p, f"chain:{cid}")
            j.add_chain(_new_chain(new, self.type))
            for mid in mids:
                j.detach(mid)
                j.attach(mid, new, f"made a {self.type} by hand")


class Compound(Command):
    """Several commands as one undo step (done in order, undone in reverse)."""

    def __init__(self, text: str, commands: Iterable[Command]) -> None:
        super().__init__()
        self.text = text
        self.commands = list(commands)
        if not self.commands:
            raise InputError("nothing to do")

    def params(self) -> dict[str, Any]:
        return {"steps": [{"command": type(c).__name__, "params": c.params()}
                          for c in self.commands]}

    def do(self, patient: Patient) -> Changes:
        done: list[Command] = []
        changes = Changes()
        try:
            for c in self.commands:
                changes = changes.merge(c.do(patient))
                done.append(c)
        except BaseException:
            for c in reversed(done):
                c.undo(patient)
            raise
        return changes

    def undo(self, patient: Patient) -> Changes:
        changes = Changes()
        for c in reversed(self.commands):
            changes = changes.merge(c.undo(patient))
        return changes


_ATTRS: dict[str, Any] = {
    "type": MENTION_TYPES, "assertion": ASSERTIONS,
    "laterality": (*LATERALITIES, None),
    "concept": None, "change": None, "section": None,
    "anatomy": list, "measurements": list,
}


def _check_attr(name: str, value: Any) -> Any:
    if name not in _ATTRS:
        raise InputError(f"cannot set mention attribute {name!r} "
                         f"(one of: {', '.join(_ATTRS)})")
    allowed = _ATTRS[name]
    if isinstance(allowed, tuple):
        if value not in allowed:
            shown = ", ".join("none" if a is None else a for a in allowed)
            raise InputError(f"{name} must be one of {shown}, not {value!r}")
        return value
    if allowed is list:
        if isinstance(value, str) or not all(isinstance(v, str) for v in value):
            raise InputError(f"{name} must be a list of words")
        return list(value)
    if value is not None and not isinstance(value, str):
        raise InputError(f"{name} must be text or none, not {value!r}")
    return value or None


class SetMentionAttributes(Command):
    """Set attributes (type, assertion, laterality, concept, change, anatomy, ...) of one
    or more mentions. A chain's type follows the majority of its mentions."""

    def __init__(self, mention_ids: str | Iterable[str], **attrs: Any) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(
            dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        if not attrs:
            raise InputError("no attribute to set")
        self.mention_ids = ids
        self.attrs = {k: _check_attr(k, v) for k, v in attrs.items()}
        what = "mention" if len(ids) == 1 else f"{len(ids)} mentions"
        if len(self.attrs) == 1:
            (k, v), = self.attrs.items()
            shown = ", ".join(v) if isinstance(v, list) else (v or "none")
            self.text = f"Set {k} of {what} to {shown}"
        else:
            self.text = f"Change {what}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids, "attributes": self.attrs}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        for mid in self.mention_ids:
            _need_mention(p, mid)
        for mid in self.mention_ids:
            m = j.mention(mid)
            for k, v in self.attrs.items():
                setattr(m, k, list(v) if isinstance(v, list) else v)
            if m.chain in p.chains:
                j.chain(m.chain)  # label and type may follow


def _check_span(p: Patient, report_id: str, start: int, end: int) -> str:
    try:
        report = p.report(report_id)
    except KeyError:
        raise InputError(f"no report {report_id!r} in patient {p.id}") from None
    if not (isinstance(start, int) and isinstance(end, int)):
        raise InputError("span offsets must be whole numbers")
    if not (0 <= start < end <= len(report.text)):
        raise InputError(f"span {start}-{end} is outside report {report_id} "
                         f"(0-{len(report.text)})")
    text = report.text[start:end]
    if not text.strip():
        raise InputError(f"span {start}-{end} of report {report_id} is only blank space")
    return text


class AddMention(Command):
    """A new mention over ``report.text[start:end]``, into a new chain (``chain=None``)
    or an existing one of the same type."""

    def __init__(self, report_id: str, start: int, end: int, type: str = "finding",
                 chain: str | None = None, **attrs: Any) -> None:
        super().__init__()
        self.report_id = report_id
        self.start = start
        self.end = end
        self.type = _check_attr("type", type)
        self.chain = chain
        self.attrs = {k: _check_attr(k, v) for k, v in attrs.items() if k != "type"}
        self.text = f"Add {type} mention"

    def params(self) -> dict[str, Any]:
        return {"report": self.report_id, "start": self.start, "end": self.end,
                "type": self.type, "chain": self.chain, "attributes": self.attrs,
                "new_mention": self._new_ids.get("mention"),
                "new_chain": self._new_ids.get("chain")}

    @property
    def mention_id(self) -> str | None:
        """The id given to the new mention (after ``do``)."""
        return self._new_ids.get("mention")

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        text = _check_span(p, self.report_id, self.start, self.end)
        for m in p.mentions.values():
            if (m.report, m.start, m.end, m.type) == (self.report_id, self.start, self.end,
                                                      self.type):
                raise InputError(f"{text!r} is already {self.type} mention {m.id}")
        if self.chain is not None:
            target = _need_chain(p, self.chain)
            if target.type != self.type:
                raise InputError(f"cannot add a {self.type} mention to {target.type} "
                                 f"chain {self.chain!r}")
        mid = self._new_mention_id(p)
        m = Mention(id=mid, report=self.report_id, start=self.start, end=self.end, text=text,
                    type=self.type, section=p.report(self.report_id).section_at(self.start),
                    source=SOURCE_PERSON)
        for k, v in self.attrs.items():
            setattr(m, k, list(v) if isinstance(v, list) else v)
        j.add_mention(m)
        cid = self.chain if self.chain is not None else self._new_chain_id(p)
        if self.chain is None:
            j.add_chain(_new_chain(cid, self.type))
        j.attach(mid, cid, "added by hand")


class DeleteMention(Command):
    """Delete mentions; a chain left empty is removed."""

    def __init__(self, mention_ids: str | Iterable[str]) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(
            dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        self.mention_ids = ids
        self.text = f"Delete {_plural(len(ids), 'mention')}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids}

    def _apply(self, j: _Journal) -> None:
        for mid in self.mention_ids:
            _need_mention(j.patient, mid)
        for mid in self.mention_ids:
            j.detach(mid)
            j.drop_mention(mid)


class AdjustSpan(Command):
    """Move a mention's start/end; its text (and section) follow. A discontinuous
    mention becomes continuous."""

    def __init__(self, mention_id: str, start: int, end: int) -> None:
        super().__init__()
        self.mention_id = mention_id
        self.start = start
        self.end = end
        self.text = "Adjust mention span"

    def params(self) -> dict[str, Any]:
        return {"mention": self.mention_id, "start": self.start, "end": self.end}

    def _apply(self, j: _Journal) -> None:
        p = j.patient
        current = _need_mention(p, self.mention_id)
        text = _check_span(p, current.report, self.start, self.end)
        m = j.mention(self.mention_id)
        m.start, m.end, m.text, m.fragments = self.start, self.end, text, []
        m.section = p.report(m.report).section_at(self.start)
        if m.chain in p.chains:
            j.chain(m.chain)  # the label may use the text


# -- undo/redo stack (Qt-free; the GUI mirrors it with a QUndoStack) -------------------
class EditStack:
    """A linear undo/redo history for one patient.

    ``run(command, patient)``, ``revert`` and ``rerun`` execute a command for push, undo
    and redo (default: ``command.do`` / ``command.undo`` / ``run``). To save every step:
    ``EditStack(patient, **store.edit_stack_hooks(who))``.
    """

    def __init__(self, patient: Patient, *, run: Any = None, revert: Any = None,
                 rerun: Any = None, limit: int = 1000) -> None:
        self.patient = patient
        self._run = run or (lambda cmd, p: cmd.do(p))
        self._revert = revert or (lambda cmd, p: cmd.undo(p))
        self._rerun = rerun or self._run
        self._done: list[Command] = []
        self._undone: list[Command] = []
        self.limit = limit

    def push(self, command: Command) -> Changes:
        """Do ``command`` and put it on the history (the redo list is dropped)."""
        changes = self._run(command, self.patient)
        self._done.append(command)
        self._undone.clear()
        if len(self._done) > self.limit:
            del self._done[0]
        return changes

    def undo(self) -> Changes:
        if not self._done:
            return Changes()
        command = self._done[-1]
        changes = self._revert(command, self.patient)
        self._undone.append(self._done.pop())
        return changes

    def redo(self) -> Changes:
        if not self._undone:
            return Changes()
        command = self._undone[-1]
        changes = self._rerun(command, self.patient)
        self._done.append(self._undone.pop())
        return changes

    def clear(self) -> None:
        self._done.clear()
        self._undone.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def undo_text(self) -> str:
        """The label of what Undo would undo ("" when nothing)."""
        return self._done[-1].text if self._done else ""

    @property
    def redo_text(self) -> str:
        return self._undone[-1].text if self._undone else ""

    def __len__(self) -> int:
        return len(self._done)
