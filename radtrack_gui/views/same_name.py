"""Chains that share a name: the question a clinician is asked about them (Qt-free).

Two chains of one type with the same label ("pleural effusion" twice) are either one finding
the models did not link, or two (GUIDELINE: another site, side or episode, or two lesions of
one organ). Only a person can tell, so the overview (the chain list's notice, the HTML
summary) asks, in words: "Two chains named “pleural effusion” — the same finding? Merge them
or keep them apart." Pertinent negatives are left out (a routine "no pneumothorax" in every
report is its own statement, GUIDELINE 7), and a group whose chains are all marked reviewed
has been decided ("keep apart" in the GUI marks them reviewed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from radtrack_gui.core.model import DEVICE, Patient
from radtrack_gui.views.lanes import negative_only

_NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}


@dataclass(frozen=True)
class SameName:
    """Chains of one type sharing one label, in the order they first appear."""

    type: str
    label: str
    chains: tuple[str, ...]
    reviewed: bool  # every one marked reviewed: a person has decided

    @property
    def key(self) -> tuple[str, str]:
        return (self.type, self.label.lower())

    @property
    def what(self) -> str:
        return "device" if self.type == DEVICE else "finding"

    def count_words(self) -> str:
        n = len(self.chains)
        return f"{_NUMBERS.get(n, str(n))} chains named “{self.label}”"

    def short(self) -> str:
        """“liver lesion” (4 chains): one item of a list of such names."""
        return f"“{self.label}” ({len(self.chains)} chains)"

    def question(self) -> str:
        """The one line the overview shows."""
        if self.reviewed:
            return f"{self.count_words()}, reviewed: kept apart."
        return (
            f"{self.count_words()} — the same {self.what}? The models did not link them: "
            "merge them, or keep them apart."
        )

    def note(self, chain_id: str) -> str:
        """What one of the chains says about the others (a row of the summary; the row
        itself carries the chain's lane name, ``views.labels.list_names``)."""
        head = f"one of {len(self.chains)} chains named “{self.label}”"
        if self.reviewed:
            return f"{head}: reviewed, kept apart"
        return f"{head}: the models did not link them (the same {self.what}, or two?)"


def same_named(patient: Patient, chain_ids: Iterable[str] | None = None) -> list[SameName]:
    """The groups of same-named chains among ``chain_ids`` (default: all), pertinent
    negatives left out; groups in order of first appearance, chains likewise."""
    order = patient.report_index()
    ids = list(patient.chains) if chain_ids is None else list(chain_ids)

    def first(cid: str) -> tuple[int, int, str]:
        ms = patient.chain_mentions(cid)
        return (order.get(ms[0].report, 1 << 30), ms[0].start, cid) if ms else (1 << 30, 0, cid)

    groups: dict[tuple[str, str], list[str]] = {}
    for cid in ids:
        chain = patient.chains.get(cid)
        if chain is None or not chain.mentions or not (chain.label or "").strip():
            continue
        if negative_only(patient.mentions[m] for m in chain.mentions if m in patient.mentions):
            continue
        groups.setdefault((chain.type, chain.label.strip().lower()), []).append(cid)
    out = []
    for (kind, _), members in groups.items():
        if len(members) < 2:
            continue
        members.sort(key=first)
        out.append(
            SameName(
                type=kind,
                label=patient.chains[members[0]].label.strip(),
                chains=tuple(members),
                reviewed=all(patient.chains[c].reviewed for c in members),
            )
        )
    out.sort(key=lambda g: first(g.chains[0]))
    return out


_SIDES = re.compile(r"\b(left|right|bilateral)\b")


def _name_and_side(label: str) -> tuple[str, str]:
    """("liver lesion", "") for "liver lesion"; ("pleural effusion", "right") for
    "right pleural effusion"."""
    text = label.strip().lower()
    sides = _SIDES.findall(text)
    return " ".join(_SIDES.sub(" ", text).split()), " ".join(sorted(set(sides)))


def also_present(
    patient: Patient, negative_ids: Iterable[str], present_ids: Iterable[str]
) -> dict[str, list[str]]:
    """Negative chain -> the chains of the same finding or device that are there in other
    reports ("no new liver lesion" while a "liver lesion" chain is present): the same
    type and name, on the same side or with no side named on one of them ("no pleural
    effusion" and "right pleural effusion" match; "left" and "right" do not). A summary
    must not list such a name as not seen without saying so."""
    present: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for cid in present_ids:
        chain = patient.chains.get(cid)
        if chain is not None and chain.label:
            name, side = _name_and_side(chain.label)
            present.setdefault((chain.type, name), []).append((side, cid))
    out: dict[str, list[str]] = {}
    for cid in negative_ids:
        chain = patient.chains.get(cid)
        if chain is None or not chain.label:
            continue
        name, side = _name_and_side(chain.label)
        same = [
            other
            for other_side, other in present.get((chain.type, name), [])
            if not side or not other_side or side == other_side
        ]
        if same:
            out[cid] = same
    return out
