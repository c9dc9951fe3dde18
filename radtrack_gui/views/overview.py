"""Qt-free overview of a long patient: every group visible at once.

When a layout has more rows than the view holds, each group keeps its most important lanes
(first-appearance order kept) and folds the rest into one "+ N more" row that still shows
their glyphs as a density strip, so devices and findings are both on screen at first
glance. A click on the fold row opens the group in full. Importance: lanes with findings
that are there (present or possible) in more reports first, then longer and more recent.
Clashing lane labels get the site and the first date added, so no two lanes read alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from radtrack_gui.core.model import Patient
from radtrack_gui.views import lanes as L

MIN_PER_GROUP = 3  # a folded group still shows this many lanes (if it has them)


@dataclass
class Fold:
    """The "+ N more" row of a group: the lanes left out and their mentions."""

    key: str
    title: str
    row: int
    chains: list[str]
    mentions: list[str]

    @property
    def caption(self) -> str:
        n = len(self.chains)
        return f"+ {n} more {self.title.lower() if n != 1 else 'lane'} (click to show)"

    @property
    def figure_caption(self) -> str:
        """The caption in an exported figure, where nothing can be clicked (short enough
        for a 1280x800 window's label column: "… not shown (folded)" was cut there)."""
        n = len(self.chains)
        what = self.title.lower() if n != 1 else "lane"
        return f"{n} more {what} not shown"


@dataclass
class OverviewLayout(L.Layout):
    folds: list[Fold] = field(default_factory=list)

    def fold_at(self, row: int) -> Fold | None:
        if 0 <= row < len(self.row_kind) and self.row_kind[row][0] == "more":
            key = self.row_kind[row][1]
            return next((f for f in self.folds if f.key == key), None)
        return None


def importance(patient: Patient, lane: L.Lane, order: dict[str, int]) -> tuple:
    """Bigger is more important: reports where the finding is there, length, last seen."""
    ms = [patient.mentions[m] for m in lane.mentions if m in patient.mentions]
    there = {m.report for m in ms if m.assertion != "absent"}
    last = max((order.get(m.report, 0) for m in ms), default=0)
    return (not L.negative_only(ms), len(there), lane.length, last)


def _budgets(sizes: dict[str, int], room: int) -> dict[str, int]:
    """Lanes per group within ``room`` rows: equal shares, a group needing less gives the
    rest to the others (water filling); at least MIN_PER_GROUP each."""
    left = dict(sizes)
    out = {k: 0 for k in sizes}
    room = max(room, MIN_PER_GROUP * len(sizes))
    while left and room > 0:
        share = max(1, room // len(left))
        for k in sorted(left, key=lambda k: left[k]):
            take = min(left[k], share, room)
            out[k] += take
            left[k] -= take
            room -= take
            if left[k] == 0:
                del left[k]
            if room <= 0:
                break
    return out


def overview(
    layout: L.Layout, patient: Patient, rows: int, expanded: frozenset[str] = frozenset()
) -> OverviewLayout:
    """``layout`` folded to fit ``rows`` rows (unchanged, as an OverviewLayout, when it
    fits). Groups in ``expanded`` show every lane; collapsed groups stay collapsed."""
    open_groups = [g for g in layout.groups if not g.collapsed and g.key not in expanded]
    need = layout.n_rows
    if need <= rows or not open_groups:
        return _copy(layout, [])
    fixed = len(layout.groups) + sum(
        len(g.lanes) for g in layout.groups if not g.collapsed and g.key in expanded
    )
    sizes = {g.key: len(g.lanes) for g in open_groups}
    # Rows left for lanes; a group that folds needs one more row for its "+ N more".
    budgets = _budgets(sizes, rows - fixed - len(open_groups))
    order = patient.report_index()
    keep: dict[str, set[str]] = {}
    for g in open_groups:
        if budgets[g.key] >= len(g.lanes):
            continue
        ranked = sorted(g.lanes, key=lambda ln: importance(patient, ln, order), reverse=True)
        keep[g.key] = {ln.chain for ln in ranked[: budgets[g.key]]}
    if not keep:
        return _copy(layout, [])
    row = 0
    row_kind: list[tuple[str, str]] = []
    row_of_chain: dict[str, int] = {}
    lanes: list[L.Lane] = []
    folds: list[Fold] = []
    groups: list[L.Group] = []
    for g in layout.groups:
        g2 = L.Group(
            g.key, g.title, row, [], g.collapsed, g.n_chains, g.n_mentions, list(g.mentions)
        )
        groups.append(g2)
        row_kind.append(("group", g.key))
        row += 1
        if g.collapsed:
            continue
        chosen = keep.get(g.key)
        left_out: list[L.Lane] = []
        for ln in g.lanes:
            if chosen is not None and ln.chain not in chosen:
                left_out.append(ln)
                continue
            ln2 = L.Lane(ln.chain, ln.label, ln.type, ln.group, row, ln.mentions, ln.length)
            g2.lanes.append(ln2)
            lanes.append(ln2)
            row_of_chain[ln.chain] = row
            row_kind.append(("lane", ln.chain))
            row += 1
        if left_out:
            folds.append(
                Fold(
                    g.key,
                    g.title,
                    row,
                    [ln.chain for ln in left_out],
                    [m for ln in left_out for m in ln.mentions],
                )
            )
            row_kind.append(("more", g.key))
            row += 1
    out = OverviewLayout(
        layout.x_mode,
        layout.columns,
        groups,
        lanes,
        row,
        layout.x_of,
        layout.undated_start,
        layout.undated_end,
        layout.dated_end,
        row_of_chain,
        row_kind,
        layout.hidden_negatives,
        folds,
    )
    return out


def _copy(layout: L.Layout, folds: list[Fold]) -> OverviewLayout:
    return OverviewLayout(
        layout.x_mode,
        layout.columns,
        layout.groups,
        layout.lanes,
        layout.n_rows,
        layout.x_of,
        layout.undated_start,
        layout.undated_end,
        layout.dated_end,
        layout.row_of_chain,
        layout.row_kind,
        layout.hidden_negatives,
        folds,
    )
