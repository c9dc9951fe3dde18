"""What the user has picked: mentions, chains and the current chain, Qt-free.

The rules that keep a selection consistent with the patient live here once (the views
show a ``Selection``; the edit actions read one): picking mentions selects their chains,
selecting chains keeps only the picked mentions of those chains, and ids the patient no
longer holds (after an edit or undo) drop out with ``prune``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from radtrack_gui.core.model import Patient


@dataclass
class Selection:
    """Picked mentions (in picking order), selected chains and the current chain."""

    mentions: list[str] = field(default_factory=list)
    chains: list[str] = field(default_factory=list)
    chain: str | None = None  # the current chain (walked, named, renamed)
    anchor: str | None = None  # where a Shift+click range starts

    def clear(self) -> None:
        self.mentions, self.chains, self.chain, self.anchor = [], [], None, None

    def select_mentions(
        self, patient: Patient | None, mention_ids: list[str], current: str | None = None
    ) -> str | None:
        """Pick these mentions (and select their chains); returns the current mention."""
        if patient is None:
            return None
        ids = [m for m in dict.fromkeys(mention_ids) if m in patient.mentions]
        self.mentions = ids
        self.chains = list(dict.fromkeys(patient.mentions[m].chain or "" for m in ids))
        cur = current if current in ids else (ids[-1] if ids else None)
        self.chain = patient.mentions[cur].chain if cur else None
        return cur

    def toggle_mention(self, mention_id: str) -> None:
        """Ctrl+click: add the mention to the picked ones, or take it out."""
        if mention_id in self.mentions:
            self.mentions.remove(mention_id)
        else:
            self.mentions.append(mention_id)

    def select_chain(self, patient: Patient | None, chain_id: str | None) -> None:
        """One chain; picked mentions of other chains are dropped (the same chain again
        keeps its picked mentions)."""
        if patient is not None and chain_id is not None and chain_id == self.chain:
            self.mentions = [
                m
                for m in self.mentions
                if m in patient.mentions and patient.mentions[m].chain == chain_id
            ]
        else:
            self.mentions = []
        self.chain = chain_id
        self.chains = [chain_id] if chain_id else []

    def select_chains(
        self, patient: Patient | None, chain_ids: list[str], current: str | None = None
    ) -> None:
        """Several chains; picked mentions stay when their chain is among them."""
        p = patient
        ids = [c for c in dict.fromkeys(chain_ids) if p is not None and c in p.chains]
        self.chains = ids
        self.chain = current if current in ids else (ids[0] if ids else None)
        self.mentions = [
            m
            for m in self.mentions
            if p is not None and m in p.mentions and p.mentions[m].chain in ids
        ]

    def keep_mentions_of(self, patient: Patient, chain_ids: list[str]) -> None:
        """Only the picked mentions whose chain is among ``chain_ids`` stay picked."""
        self.mentions = [
            m
            for m in self.mentions
            if m in patient.mentions and patient.mentions[m].chain in chain_ids
        ]

    def prune(self, patient: Patient | None) -> None:
        """Forget ids the patient no longer holds (after an edit, undo or redo)."""
        if patient is None:
            self.clear()
            return
        self.mentions = [m for m in self.mentions if m in patient.mentions]
        self.chains = [c for c in self.chains if c in patient.chains]
        if self.chain not in patient.chains:
            self.chain = None
        if self.anchor not in patient.mentions:
            self.anchor = None

    def mention_chains(self, patient: Patient) -> list[str]:
        """The chains of the picked mentions, in picking order."""
        return list(
            dict.fromkeys(
                patient.mentions[m].chain or "" for m in self.mentions if m in patient.mentions
            )
        )

    def valid_mentions(self, patient: Patient | None) -> list[str]:
        return [m for m in self.mentions if patient is not None and m in patient.mentions]
