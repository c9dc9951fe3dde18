"""Edits of mentions: set attributes, add, delete, adjust the span (``commands`` has the
chain edits and the ``Command`` base)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from radtrack_gui.core.edits.commands import (
    Command,
    check_attr,
    make_chain,
    need_chain,
    need_mention,
    plural,
)
from radtrack_gui.core.edits.journal import Journal
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import (
    SOURCE_PERSON,
    Mention,
    Patient,
)


class SetMentionAttributes(Command):
    """Set attributes (type, assertion, laterality, concept, change, anatomy, ...) of one
    or more mentions. A chain's type follows the majority of its mentions; its label
    follows a new laterality or concept (said in the undo text)."""

    def __init__(self, mention_ids: str | Iterable[str], **attrs: Any) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        if not attrs:
            raise InputError("no attribute to set")
        self.mention_ids = ids
        self.attrs = {k: check_attr(k, v) for k, v in attrs.items()}
        self.relabels = bool({"laterality", "concept"} & set(self.attrs))
        what = "mention" if len(ids) == 1 else f"{len(ids)} mentions"
        if len(self.attrs) == 1:
            ((k, v),) = self.attrs.items()
            shown = ", ".join(v) if isinstance(v, list) else (v or "none")
            self.text = f"Set {k} of {what} to {shown}"
        else:
            self.text = f"Change {what}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids, "attributes": self.attrs}

    def _apply(self, j: Journal) -> None:
        p = j.patient
        for mid in self.mention_ids:
            need_mention(p, mid)
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
        raise InputError(f"span {start}-{end} is outside report {report_id} (0-{len(report.text)})")
    text = report.text[start:end]
    if not text.strip():
        raise InputError(f"span {start}-{end} of report {report_id} is only blank space")
    return text


class AddMention(Command):
    """A new mention over ``report.text[start:end]``, into a new chain (``chain=None``)
    or an existing one of the same type."""

    def __init__(
        self,
        report_id: str,
        start: int,
        end: int,
        type: str = "finding",
        chain: str | None = None,
        **attrs: Any,
    ) -> None:
        super().__init__()
        self.report_id = report_id
        self.start = start
        self.end = end
        self.type = check_attr("type", type)
        self.chain = chain
        self.attrs = {k: check_attr(k, v) for k, v in attrs.items() if k != "type"}
        self.text = f"Add {type} mention"

    def params(self) -> dict[str, Any]:
        return {
            "report": self.report_id,
            "start": self.start,
            "end": self.end,
            "type": self.type,
            "chain": self.chain,
            "attributes": self.attrs,
            "new_mention": self._new_ids.get("mention"),
            "new_chain": self._new_ids.get("chain"),
        }

    @property
    def mention_id(self) -> str | None:
        """The id given to the new mention (after ``do``)."""
        return self._new_ids.get("mention")

    def _apply(self, j: Journal) -> None:
        p = j.patient
        text = _check_span(p, self.report_id, self.start, self.end)
        for m in p.mentions.values():
            if (m.report, m.start, m.end, m.type) == (
                self.report_id,
                self.start,
                self.end,
                self.type,
            ):
                raise InputError(f"{text!r} is already {self.type} mention {m.id}")
        if self.chain is not None:
            target = need_chain(p, self.chain)
            if target.type != self.type:
                raise InputError(
                    f"cannot add a {self.type} mention to {target.type} chain {self.chain!r}"
                )
        mid = self._new_mention_id(p)
        m = Mention(
            id=mid,
            report=self.report_id,
            start=self.start,
            end=self.end,
            text=text,
            type=self.type,
            section=p.report(self.report_id).section_at(self.start),
            source=SOURCE_PERSON,
        )
        for k, v in self.attrs.items():
            setattr(m, k, list(v) if isinstance(v, list) else v)
        j.add_mention(m)
        cid = self.chain if self.chain is not None else self._new_chain_id(p)
        if self.chain is None:
            j.add_chain(make_chain(cid, self.type))
        j.attach(mid, cid, "added by hand")


class DeleteMention(Command):
    """Delete mentions; a chain left empty is removed."""

    def __init__(self, mention_ids: str | Iterable[str]) -> None:
        super().__init__()
        ids = [mention_ids] if isinstance(mention_ids, str) else list(dict.fromkeys(mention_ids))
        if not ids:
            raise InputError("no mention selected")
        self.mention_ids = ids
        self.text = f"Delete {plural(len(ids), 'mention')}"

    def params(self) -> dict[str, Any]:
        return {"mentions": self.mention_ids}

    def _apply(self, j: Journal) -> None:
        for mid in self.mention_ids:
            need_mention(j.patient, mid)
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

    def _apply(self, j: Journal) -> None:
        p = j.patient
        current = need_mention(p, self.mention_id)
        text = _check_span(p, current.report, self.start, self.end)
        m = j.mention(self.mention_id)
        m.start, m.end, m.text, m.fragments = self.start, self.end, text, []
        m.section = p.report(m.report).section_at(self.start)
        if m.chain in p.chains:
            j.chain(m.chain)  # the label may use the text
