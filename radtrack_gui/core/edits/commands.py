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
chain, no empty chains). A new chain is named by ``chain_label``; an existing chain keeps
the label the user saw (a move, merge, split, add or delete never renames it). Only
commands about what a label is made of (``relabels``: resetting a name, setting a
mention's laterality or concept) recompute it, unless the user named the chain
(``Chain.label_locked``), and their text then says so (“… (chain “x” now “y”)”); a chain's type is the type most of its mentions
have (ties: the first mention's).

Decision on types: merging chains of different types, or moving a mention into a chain of
the other type, is refused with an ``InputError`` (change the type first, e.g. with
``SetChainType``), so a chain never mixes findings and devices by accident.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from radtrack_gui.core.edits.changes import Changes, next_id
from radtrack_gui.core.edits.journal import Journal
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import (
    ASSERTIONS,
    LATERALITIES,
    MENTION_TYPES,
    SOURCE_PERSON,
    Chain,
    Mention,
    Patient,
)
from radtrack_gui.util.natsort import natural_key


# -- commands -------------------------------------------------------------------------
class Command:
    """Base class: subclasses implement ``_apply(journal)`` and ``text``."""

    text: str = "Edit"
    relabels = False  # may recompute the labels of the chains it touches

    def __init__(self) -> None:
        self._journal: Journal | None = None
        self._new_ids: dict[str, str] = {}  # role -> id created by the first do()
        self._base_text: str | None = None

    def do(self, patient: Patient) -> Changes:
        if self._journal is not None:
            raise RuntimeError(f"{type(self).__name__}.do() twice without undo()")
        j = Journal(patient)
        j.relabel = self.relabels
        try:
            self._apply(j)
        except BaseException:
            j.rollback()  # an invalid edit leaves the patient untouched
            raise
        self._journal = j
        changes = j.finish()
        if self._base_text is None:
            self._base_text = self.text
        self.text = self._base_text + relabel_note(j.relabelled)
        return changes

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

    def _apply(self, j: Journal) -> None:
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


def relabel_note(relabelled: dict[str, tuple[str, str]]) -> str:
    """What an edit did to chain labels, for its undo text ("" when nothing)."""
    if not relabelled:
        return ""
    shown = "; ".join(f"chain “{a}” now “{b}”" for a, b in list(relabelled.values())[:2])
    more = f"; {len(relabelled) - 2} more renamed" if len(relabelled) > 2 else ""
    return f" ({shown}{more})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def need_chain(p: Patient, cid: str) -> Chain:
    if cid not in p.chains:
        raise InputError(f"no chain {cid!r} in patient {p.id}")
    return p.chains[cid]


def need_mention(p: Patient, mid: str) -> Mention:
    if mid not in p.mentions:
        raise InputError(f"no mention {mid!r} in patient {p.id}")
    return p.mentions[mid]


def make_chain(cid: str, type_: str) -> Chain:
    return Chain(id=cid, type=type_, label="", mentions=[], source=SOURCE_PERSON)


class SplitChain(Command):
    """Split a chain: mentions from ``at_report`` on (in time order), or the given
    ``mention_ids``, go to a new chain."""

    def __init__(
        self,
        chain_id: str,
        *,
        at_report: str | None = None,
        mention_ids: Iterable[str] | None = None,
    ) -> None:
        super().__init__()
        if (at_report is None) == (mention_ids is None):
            raise InputError("split needs either a report or a set of mentions")
        self.chain_id = chain_id
        self.at_report = at_report
        self.mention_ids = list(dict.fromkeys(mention_ids)) if mention_ids is not None else None
        self.text = "Split chain"

    def params(self) -> dict[str, Any]:
        return {
            "chain": self.chain_id,
            "at_report": self.at_report,
            "mentions": self.mention_ids,
            "new_chain": self._new_ids.get("chain"),
        }

    def _apply(self, j: Journal) -> None:
        p = j.patient
        chain = need_chain(p, self.chain_id)
        if self.at_report is not None:
            order = p.report_index()
            if self.at_report not in order:
                raise InputError(f"no report {self.at_report!r} in patient {p.id}")
            cut = order[self.at_report]
            moving = [
                mid for mid in chain.mentions if order.get(p.mentions[mid].report, 1 << 30) >= cut
            ]
        else:
            assert self.mention_ids is not None
            outside = [mid for mid in self.mention_ids if mid not in chain.mentions]
            if outside:
                raise InputError(f"mention {outside[0]} is not in chain {self.chain_id}")
            moving = list(self.mention_ids)
        if not moving or len(moving) == len(chain.mentions):
            raise InputError(f"split of chain {self.chain_id} would leave one part empty")
        cid = self._new_chain_id(p)
        j.add_chain(make_chain(cid, chain.type))
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

    def _apply(self, j: Journal) -> None:
        p = j.patient
        chains = [need_chain(p, cid) for cid in self.chain_ids]
        target = p.chains[self.target]
        for c in chains:
            if c.type != target.type:
                raise InputError(
                    f"cannot merge {c.type} chain {c.id!r} into {target.type} chain "
                    f"{target.id!r}: change its type first"
                )
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
                j.attach(
                    mid,
                    target.id,
                    f"merged by hand (was: {why[mid]})" if why.get(mid) else "merged by hand",
                )


class MoveMentions(Command):
    """Move mentions to an existing chain, or (``target=None``) together to a new one.
    ``target_name`` is the name the user sees for the target (its lane's name, which
    tells two chains of one label apart: "right pneumonia · 3 Mar 2150"); the text says
    it, else the target's label."""

    def __init__(
        self,
        mention_ids: Iterable[str],
        target: str | None = None,
        target_name: str | None = None,
    ) -> None:
        super().__init__()
        self.mention_ids = list(dict.fromkeys(mention_ids))
        if not self.mention_ids:
            raise InputError("nothing to move: no mention selected")
        self.target = target
        self.target_name = target_name
        what = plural(len(self.mention_ids), "mention")
        self.text = f"Move {what} to a new chain" if target is None else f"Move {what}"

    def params(self) -> dict[str, Any]:
        return {
            "mentions": self.mention_ids,
            "target": self.target,
            "new_chain": self._new_ids.get("chain"),
        }

    def _apply(self, j: Journal) -> None:
        p = j.patient
        ms = [need_mention(p, mid) for mid in self.mention_ids]
        if self.target is None:
            if (
                len(ms) == 1
                and ms[0].chain in p.chains
                and p.chains[ms[0].chain].mentions == [ms[0].id]
            ):
                raise InputError(f"mention {ms[0].id} is already alone in its chain")
            if len({m.type for m in ms}) > 1:
                raise InputError(
                    "cannot put findings and devices in one chain: move them separately"
                )
            cid = self._new_chain_id(p)
            j.add_chain(make_chain(cid, ms[0].type))
        else:
            cid = self.target
            target = need_chain(p, cid)
            if self._base_text is None:
                what = plural(len(self.mention_ids), "mention")
                self.text = f"Move {what} to “{self.target_name or target.label}”"
            for m in ms:
                if m.type != target.type:
                    raise InputError(
                        f"cannot move {m.type} mention {m.id!r} into "
                        f"{target.type} chain {cid!r}: change its type first"
                    )
        for m in ms:
            if m.chain == cid:
                continue
            j.detach(m.id)
            j.attach(m.id, cid, "moved here by hand")


class MoveMention(MoveMentions):
    """One mention (convenience)."""

    def __init__(
        self, mention_id: str, target: str | None = None, target_name: str | None = None
    ) -> None:
        super().__init__([mention_id], target, target_name)


class RenameChain(Command):
    """Set a chain's label; it then stays as given. An empty label goes back to the
    automatic one."""

    relabels = True  # an empty name: the automatic one again

    def __init__(self, chain_id: str, label: str | None) -> None:
        super().__init__()
        self.chain_id = chain_id
        self.label = " ".join((label or "").split())
        self.text = f"Rename chain to “{self.label}”" if self.label else "Reset chain name"

    def params(self) -> dict[str, Any]:
        return {"chain": self.chain_id, "label": self.label}

    def _apply(self, j: Journal) -> None:
        need_chain(j.patient, self.chain_id)
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

    def _apply(self, j: Journal) -> None:
        for cid in self.chain_ids:
            need_chain(j.patient, cid)
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

    def _apply(self, j: Journal) -> None:
        c = j.chain(need_chain(j.patient, self.chain_id).id)
        for mid in c.mentions:
            j.mention(mid).type = self.type
        c.type = self.type


class ChangeMentionType(Command):
    """Make mentions findings or devices. A whole chain changes type in place; mentions
    taken from a chain with other members go to a new chain (one per source chain)."""

    def __init__(self, mention_ids: str | Iterable[str], type: str) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        self.mention_ids = ids
        self.type = check_attr("type", type)
        what = "mention" if len(ids) == 1 else f"{len(ids)} mentions"
        self.text = f"Make {what} a {type}"

    def params(self) -> dict[str, Any]:
        return {
            "mentions": self.mention_ids,
            "type": self.type,
            "new_chains": sorted(self._new_ids.values(), key=natural_key),
        }

    def _apply(self, j: Journal) -> None:
        p = j.patient
        by_chain: dict[str, list[str]] = {}
        for mid in self.mention_ids:
            m = need_mention(p, mid)
            if m.type != self.type:
                by_chain.setdefault(m.chain or "", []).append(mid)
        if not by_chain:
            raise InputError(f"already {'a' if len(self.mention_ids) == 1 else 'all'} {self.type}")
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
            j.add_chain(make_chain(new, self.type))
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
        return {
            "steps": [{"command": type(c).__name__, "params": c.params()} for c in self.commands]
        }

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
    "type": MENTION_TYPES,
    "assertion": ASSERTIONS,
    "laterality": (*LATERALITIES, None),
    "concept": None,
    "change": None,
    "section": None,
    "anatomy": list,
    "measurements": list,
}


def check_attr(name: str, value: Any) -> Any:
    if name not in _ATTRS:
        raise InputError(f"cannot set mention attribute {name!r} (one of: {', '.join(_ATTRS)})")
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
