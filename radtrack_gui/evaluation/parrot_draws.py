"""The shared steps of the written PARROT v1.0 draws (``scripts/select_wholebody_*.py``).

Each draw script keeps its own rule (docstring) and constants (seed, share, strata, its own
file); the steps they all take live here once: the keys earlier files already use, the
labeller's crc32 share, the first stratum whose keyword pattern matches, the seeded sample of
each pool and the printed table.
"""

from __future__ import annotations

import json
import math
import random
import re
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

Strata = tuple[tuple[str, str], ...]
Drawn = list[tuple[str, int, list[int]]]

# Files labelled in round 5 from reports of other draws: the dev3 rule (and the dev5 draw that
# reuses its check) reads them as no exclusion, or every later file would change its pools.
ROUND5_FILES = frozenset(
    {
        "mentions_wholebody_dev4.jsonl",
        "mentions_wholebody_dev5.jsonl",
        "pairs_wholebody_dev4.tsv",
        "pairs_wholebody_dev5.tsv",
    }
)
# Files labelled in round 6 from reports of other draws (each labeller adds its own): the
# earlier draws read them as no exclusion (the dev3 rule's share overlaps the round-6
# shares), so their written draws still repeat.
ROUND6_FILES = frozenset(
    {
        "mentions_wholebody_dev6.jsonl",
        "mentions_wholebody_dev7.jsonl",
        "pairs_wholebody_dev6.tsv",
        "pairs_wholebody_dev7.tsv",
    }
)
# Files labelled in round 7 (each labeller adds its own, one line per file). The four round-7
# shares are disjoint, so no round-7 draw needs another's file as an exclusion, and every
# earlier draw reads them as none: ``used_keys`` always skips them.
ROUND7_FILES = frozenset(
    {
        "mentions_wholebody_dev8.jsonl",
        "mentions_wholebody_dev9.jsonl",
        "pairs_wholebody_dev8.tsv",
        "pairs_wholebody_dev8_check.tsv",
        "pairs_wholebody_dev9.tsv",
        "pairs_wholebody_dev9_check.tsv",
    }
)
# Files labelled in round 8 (each labeller adds its own, one line per file). Round-8 draws
# exclude every earlier file, round 7's included (``used_keys(..., through=7)``); every
# earlier draw reads them as none.
ROUND8_FILES: frozenset[str] = frozenset(
    {
        "mentions_wholebody_dev10.jsonl",
        "mentions_wholebody_dev11.jsonl",
        "pairs_wholebody_dev10.tsv",
        "pairs_wholebody_dev10_check.tsv",
        "pairs_wholebody_dev11.tsv",
        "pairs_wholebody_dev11_check.tsv",
    }
)
# Files labelled in round 9 (each labeller adds its own, one line per file). Round-9 draws
# exclude every earlier file, round 8's included (``used_keys(..., through=8)``); every
# earlier draw reads them as none.
ROUND9_FILES: frozenset[str] = frozenset(
    {
        "mentions_wholebody_dev12.jsonl",
        "mentions_wholebody_dev13.jsonl",
        "pairs_wholebody_dev12.tsv",
        "pairs_wholebody_dev12_check.tsv",
        "pairs_wholebody_dev13.tsv",
        "pairs_wholebody_dev13_check.tsv",
    }
)
# Files labelled in round 10. Round-10 draws exclude every earlier file, round 9's included
# (``used_keys(..., through=9)``); every earlier draw reads them as none.
ROUND10_FILES: frozenset[str] = frozenset(
    {
        "mentions_wholebody_dev14.jsonl",
        "mentions_wholebody_dev15.jsonl",
        "pairs_wholebody_dev14.tsv",
        "pairs_wholebody_dev14_check.tsv",
        "pairs_wholebody_dev15.tsv",
        "pairs_wholebody_dev15_check.tsv",
    }
)
# Files labelled in round 11. Round-11 draws exclude every earlier file, round 10's included
# (``used_keys(..., through=10)``); every earlier draw reads them as none.
ROUND11_FILES: frozenset[str] = frozenset(
    {
        "mentions_wholebody_dev16.jsonl",
        "mentions_wholebody_dev17.jsonl",
        "pairs_wholebody_dev16.tsv",
        "pairs_wholebody_dev16_check.tsv",
        "pairs_wholebody_dev17.tsv",
        "pairs_wholebody_dev17_check.tsv",
    }
)
LATER_FILES = (
    ROUND5_FILES
    | ROUND6_FILES
    | ROUND7_FILES
    | ROUND8_FILES
    | ROUND9_FILES
    | ROUND10_FILES
    | ROUND11_FILES
)
AFTER_ROUND = {
    6: ROUND7_FILES | ROUND8_FILES | ROUND9_FILES | ROUND10_FILES | ROUND11_FILES,
    7: ROUND8_FILES | ROUND9_FILES | ROUND10_FILES | ROUND11_FILES,
    8: ROUND9_FILES | ROUND10_FILES | ROUND11_FILES,
    9: ROUND10_FILES | ROUND11_FILES,
    10: ROUND11_FILES,
}


def used_keys(resources: Path, skip: Collection[str] = (), through: int = 6) -> frozenset[int]:
    """PARROT v1.0 keys referenced by any challenge pair file (``row_a``/``row_b`` of a
    ``parrot1`` pair) or silver mention file (``report`` of a ``parrot1`` span), but the files
    named in ``skip`` and those labelled after round ``through`` (the round-7 … 11 files
    by default, so the draws written before them repeat)."""
    skip = set(skip) | AFTER_ROUND[through]
    keys: set[int] = set()
    for tsv in sorted((resources / "challenge").glob("*.tsv")):
        if tsv.name in skip:
            continue
        header: list[str] = []
        for line in tsv.read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if not header:
                header = cells
                continue
            row = dict(zip(header, cells, strict=False))
            if row.get("corpus") == "parrot1":
                keys.update(int(row[c]) for c in ("row_a", "row_b") if row.get(c, "").isdigit())
    for jsonl in sorted((resources / "silver").glob("*.jsonl")):
        if jsonl.name in skip:
            continue
        for line in jsonl.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line) if line.strip() else {}
            if rec.get("corpus") == "parrot1" and str(rec.get("report", "")).isdigit():
                keys.add(int(rec["report"]))
    return frozenset(keys)


def in_share(key: int, parts: int, share: int) -> bool:
    """Whether ``key`` is in the labeller's share: ``zlib.crc32(str(key).encode()) % parts``."""
    return zlib.crc32(str(key).encode()) % parts == share


def has(pattern: str, text: str) -> bool:
    """Whether ``pattern`` (case-insensitive) matches somewhere in ``text``."""
    return re.search(pattern, text, re.I) is not None


def first_stratum(
    text: str,
    strata: Strata,
    opening: int | None = None,
    whole: Collection[str] = (),
    gate: str = "",
    gated: Collection[str] = (),
) -> str | None:
    """The first stratum whose pattern (case-insensitive) matches the first ``opening``
    characters (the whole text for ``None`` or a stratum in ``whole``); a stratum in ``gated``
    only where the ``gate`` pattern matches the text too; ``None`` for none."""
    head = text if opening is None else text[:opening]
    open_gate = bool(gated) and has(gate, text)
    for name, pattern in strata:
        if name in gated and not open_gate:
            continue
        if has(pattern, text if name in whole else head):
            return name
    return None


def pools(
    reports: Sequence[str],
    names: Sequence[str],
    keep: Callable[[int, str], bool],
    stratum: Callable[[str], str | None],
) -> dict[str, list[int]]:
    """The keys of each stratum, in corpus order: reports ``keep`` admits, each in its
    ``stratum`` (left out where that is ``None`` or empty)."""
    out: dict[str, list[int]] = {name: [] for name in names}
    for i, text in enumerate(reports):
        if not keep(i, text):
            continue
        name = stratum(text)
        if name:
            out[name].append(i)
    return out


def seeded_sample(
    found: Mapping[str, list[int]], names: Sequence[str], k: int | Mapping[str, int], seed: int
) -> Drawn:
    """(stratum, pool size, drawn keys in ascending order) per stratum: one
    ``random.Random(seed)`` samples ``k`` (or ``k[name]``) keys of each pool, strata in order."""
    rng = random.Random(seed)
    out: Drawn = []
    for name in names:
        want = k if isinstance(k, int) else k[name]
        pool = found[name]
        out.append((name, len(pool), sorted(rng.sample(pool, min(want, len(pool))))))
    return out


def taken(drawn: Drawn) -> frozenset[int]:
    """The keys a draw (or a pass of it) took."""
    return frozenset(k for _, _, keys in drawn for k in keys)


@dataclass(frozen=True)
class Draw:
    """One written draw, declared by its constants: reports fresh of every labelled file but
    ``own`` and ``skip`` (and those labelled after round ``through``), of the labeller's crc32
    ``share`` of ``parts``, ``min_chars``-``max_chars`` long (``stratum_max_chars`` of its
    stratum where given), matching every ``needs`` pattern and the script's own ``keep``; each
    in its stratum (``stratum``, or the first of ``strata`` over the ``opening``, whole text for
    ``whole``, ``gated`` ones only where ``gate`` matches); ``counts`` of each pool sampled by
    one ``random.Random(seed)``, then the script's ``extra`` pass, if any, appended. Every third
    drawn report (in draw order) is the check part."""

    seed: int
    share: int
    counts: int | Mapping[str, int]
    own: frozenset[str] = frozenset()  # the files labelled from this draw: no exclusion
    skip: frozenset[str] = frozenset()  # other files read as no exclusion
    through: int = 6
    strata: Strata = ()
    opening: int | None = None
    whole: Collection[str] = ()
    gate: str = ""  # the ``gated`` strata admit only reports this pattern matches
    gated: Collection[str] = ()
    names: tuple[str, ...] = ()  # the pools of an own ``stratum`` rule (else the strata's)
    stratum: Callable[[str], str | None] | None = None
    parts: int = 4
    min_chars: int = 0
    max_chars: int | None = None
    stratum_max_chars: Mapping[str, int] = field(default_factory=dict)  # overrides max_chars
    needs: tuple[re.Pattern[str], ...] = ()
    keep: Callable[[int, str], bool] | None = None
    extra: Callable[[tuple[str, ...], frozenset[int], Drawn], Drawn] | None = None
    width: int = 8
    splits: bool = False  # ``main`` prints the tune and check keys too

    @property
    def pool_names(self) -> tuple[str, ...]:
        return self.names or tuple(name for name, _ in self.strata)

    def used_keys(self, resources: Path) -> frozenset[int]:
        return used_keys(resources, skip=self.own | self.skip, through=self.through)

    def mine(self, key: int) -> bool:
        return in_share(key, self.parts, self.share)

    def stratum_of(self, text: str) -> str | None:
        if self.stratum is not None:
            return self.stratum(text)
        return first_stratum(text, self.strata, self.opening, self.whole, self.gate, self.gated)

    def limit(self, text: str) -> float:
        """The most characters a report of this text's stratum may have."""
        most = (
            self.stratum_max_chars.get(self.stratum_of(text) or "")
            if self.stratum_max_chars
            else None
        )
        if most is not None:
            return most
        return math.inf if self.max_chars is None else self.max_chars

    def fits(self, used: Collection[int]) -> Callable[[int, str], bool]:
        """Whether a report (key, text) may be drawn, ``used`` keys aside."""

        def fit(i: int, text: str) -> bool:
            return (
                i not in used
                and self.mine(i)
                and self.min_chars <= len(text)
                and len(text) <= self.limit(text)
                and all(p.search(text) is not None for p in self.needs)
                and (self.keep is None or self.keep(i, text))
            )

        return fit

    def pools(self, reports: Sequence[str], used: Collection[int]) -> dict[str, list[int]]:
        return pools(reports, self.pool_names, self.fits(used), self.stratum_of)

    def draw(self, reports: tuple[str, ...], used: frozenset[int]) -> Drawn:
        """(stratum, pool size, drawn keys in ascending order) per stratum."""
        drawn = seeded_sample(self.pools(reports, used), self.pool_names, self.counts, self.seed)
        return drawn + self.extra(reports, used, drawn) if self.extra else drawn

    @staticmethod
    def check_keys(drawn: Drawn) -> list[int]:
        """The check part: every third drawn key in draw order (the printed order)."""
        return [k for _, _, keys in drawn for k in keys][2::3]

    def split(self, drawn: Drawn) -> tuple[list[int], list[int]]:
        """(tune keys, check keys) in draw order."""
        check = self.check_keys(drawn)
        return [k for _, _, keys in drawn for k in keys if k not in check], check

    def main(self, argv: list[str]) -> int:
        """Print the draw from the reports under ``argv[0]`` (the shared folder; the default one
        without it): one line per stratum, then the tune and check keys where it ``splits``."""
        from radtrack_gui.util.paths import resources_dir

        drawn = self.draw(_reports(argv), self.used_keys(resources_dir()))
        print_table(drawn, self.width)
        if self.splits:
            tune, check = self.split(drawn)
            print("tune  ", " ".join(map(str, tune)))
            print("check ", " ".join(map(str, check)))
        return 0


def _reports(argv: list[str]) -> tuple[str, ...]:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports
    from radtrack_gui.evaluation.silver_mentions import shared_root

    return parrot_v1_reports(Path(argv[0]) if argv else shared_root())


def print_table(drawn: Drawn, width: int = 8) -> None:
    """One line per stratum: its name padded to ``width``, pool size and drawn keys."""
    for name, pool, keys in drawn:
        print(f"{name:{width}} pool {pool:4d}  drawn {' '.join(map(str, keys))}")
