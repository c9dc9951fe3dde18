"""Constraint clustering shared by the scoring linkers.

Mentions are processed in time order. Each one is compared with the open chains that share a
blocking key with it (concept family, head word, "any device" for a bare "tube"/"line", and
for a named device the chains a bare device word started: "tip ... catheter"; for a finding
the chains of its sentence); a chain
is a candidate only if the newcomer has no hard conflict with *any* of its members
(cannot-link: left and right never meet through a third mention) and the chain's course allows
it (a removed device or a resolved finding does not come back: reappearance is a new chain; a
negated mention joins only a chain that was once positive). The newcomer joins the
best-scoring candidate at or above the threshold, else starts a chain.

A chain's score is the best pair score over its representatives: the latest member of each
distinct signature (members that differ only in report and time score alike, and pair scores
fall with the time gap), at most ``MAX_REPS`` of them. Hard constraints are checked against
one member per ``conflict_key`` (the attributes ``conflict`` reads), which is exactly
"no conflict with any member". A mention examines at most ``MAX_CANDIDATES`` chains per
blocking key, the most recently joined first. Time and memory are then linear in the
mentions for any chain size (``benchmarks/bench_scale.py``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import islice

from radtrack_gui.core.model import DEVICE
from radtrack_gui.core.progress import check_cancelled
from radtrack_gui.nlp.linkers.concluded_signs import concluded_sign_keys
from radtrack_gui.nlp.linkers.episodes import design, placed_after_removal
from radtrack_gui.nlp.linkers.features import (
    DEVICE_END_CHANGES,
    FINDING_END_CHANGES,
    HISTORY_SECTIONS,
    NEW_CHANGES,
    MentionInfo,
    conflict,
    gap_days,
)
from radtrack_gui.nlp.linkers.interpreted import interpreted_keys
from radtrack_gui.nlp.linkers.pairs import PairDecisions
from radtrack_gui.nlp.linkers.policy import policy_keys
from radtrack_gui.nlp.linkers.restated_words import restated_word_keys
from radtrack_gui.nlp.linkers.restatement import lesion_like, restated_negative
from radtrack_gui.nlp.linkers.signs import reading_keys
from radtrack_gui.nlp.linkers.together import together_keys
from radtrack_gui.nlp.linkers.uptake import uptake_keys
from radtrack_gui.nlp.vocabulary import Vocabulary

# score(earlier member, newcomer) -> score in [0, 1]
PairScore = Callable[[MentionInfo, MentionInfo], float]
# explain(earlier member, newcomer, score) -> readable evidence with the score
Explain = Callable[[MentionInfo, MentionInfo, float], str]

# Above this many mention pairs, Linking.pairs lists only linked and scored pairs.
DEFAULT_PAIR_LIMIT = 500_000
# A device called newly placed ("interval placement", "new") this many days after the last
# mention of a chain is a new device: the old one was removed without a report saying so.
SILENT_REMOVAL_DAYS = 30.0


def blocking_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(keys a mention is filed under, keys it looks up)."""
    keys = [f"h:{m.type}:{m.head}"]
    if m.root:
        keys.append(f"c:{m.type}:{m.root}")
    else:
        keys.append(f"t:{m.type}:{m.text}")
    filed = list(keys)
    if m.type == DEVICE:
        filed.append("device")
    if m.generic_device:
        filed.append("bare-device")  # a "tip" before its named device: found by that device
    lookup = [*keys, "device"] if m.generic_device else list(keys)
    if m.type == DEVICE and not m.generic_device:
        lookup.append("bare-device")
    lookup += [f"c:{m.type}:{root}" for root in m.related_roots if root != m.root]
    if m.ctx is not None and m.type != DEVICE:
        # one sentence may read one finding as another of an unrelated concept ("lesion ...
        # consistent with a pseudocyst": ``context.read_as``)
        sentence = f"s:{m.report}:{m.ctx.sentence[0]}"
        filed.append(sentence)
        lookup.append(sentence)
        # a negative restated in other words in the same report, a lesion measured at a
        # named place (``restatement.restated``)
        # (and a normal statement, restated as a negative there: ``restatement.normal_restated``)
        extra = [f"n:{m.report}"] if m.assertion == "absent" or m.generic_statement else []
        if m.sizes and lesion_like(m):
            extra += [f"l:{x}" for x in sorted(m.ctx.levels) if not x.startswith("heading:")]
        if lesion_like(m) and m.assertion != "absent":
            filed.append(f"a:{m.report}")  # found by a later "these nodules" of its report
        if m.ctx.anaphor:
            extra.append(f"a:{m.report}")
        filed += extra
        lookup += extra
        if m.ctx.read_root and m.ctx.read_root != m.root:
            # read as another concept in its sentence: found by that concept's mentions
            filed.append(f"c:{m.type}:{m.ctx.read_root}")
            lookup.append(f"c:{m.type}:{m.ctx.read_root}")
        # a diagnosis finds the signs the report reads as it ("These findings are ...")
        more_filed, more_lookup = reading_keys(m)
        filed += more_filed
        lookup += more_lookup
        # PET uptake at a site finds the lesion there (uptake.py)
        more_filed, more_lookup = uptake_keys(m)
        filed += more_filed
        lookup += more_lookup
        # the conclusion's lesion finds the findings' lesions of its report (policy.py)
        more_filed, more_lookup = policy_keys(m)
        filed += more_filed
        lookup += more_lookup
        # the conclusion's diagnosis finds the findings' descriptions (concluded_signs.py)
        more_filed, more_lookup = concluded_sign_keys(m)
        filed += more_filed
        lookup += more_lookup
        # the conclusion's reading finds the findings it restates or reads (together.py)
        more_filed, more_lookup = together_keys(m)
        filed += more_filed
        lookup += more_lookup
        # the conclusion's diagnosis finds the findings' signs of its report (interpreted.py)
        more_filed, more_lookup = interpreted_keys(m)
        filed += more_filed
        lookup += more_lookup
        # the conclusion's word finds the findings' forms of it (restated_words.py)
        more_filed, more_lookup = restated_word_keys(m)
        filed += more_filed
        lookup += more_lookup
    return filed, lookup


# For a device, scores this close are a tie (a weight and its cancelling weight, 0.3 * g -
# 0.3 * g, leave float noise): the more recent chain wins, as on an exact tie; a device
# restated without its make continues its latest episode (episodes.py).
TIE = 1e-9
# Bounds that keep linking near-linear for any chain size (see the module docstring).
MAX_REPS = 16  # scoring representatives per chain: the latest distinct signatures
MAX_CANDIDATES = 6  # chains examined per blocking key, most recently active first
MAX_EXAMINED = 8  # chains examined per mention over all its keys


def conflict_key(m: MentionInfo) -> tuple:
    """Every attribute ``features.conflict`` reads: members sharing it conflict alike."""
    return (
        m.type,
        m.lat,
        m.concept,
        m.generic_statement,
        m.statement_site,
        m.access,
        m.site,
        m.site_by_name,
        (m.ctx.sites, m.ctx.spread, m.ctx.levels) if m.ctx else None,
        (m.report, m.sizes) if m.sizes else None,
        tuple(sorted(design(m).items())) if m.type == DEVICE else None,
    )


@dataclass
class ChainState:
    number: int
    members: list[MentionInfo] = field(default_factory=list)
    # the latest MAX_REPS distinct signatures (scoring), oldest first
    reps: OrderedDict[tuple, MentionInfo] = field(default_factory=OrderedDict)
    # one member per conflict_key (hard constraints): cluster-level attribute summary
    conflict_reps: dict[tuple, MentionInfo] = field(default_factory=dict)
    # concept -> its concept line, over positive members (the broader-negative rule)
    positive_concepts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)  # texts and concepts of the members
    positive: bool = False  # some member is present or possible
    ended_idx: int | None = None  # report index of a resolution / removal
    ended_by: str = ""
    keys: set[str] = field(default_factory=set)  # blocking keys it is filed under
    device_end: frozenset[str] = DEVICE_END_CHANGES  # changes that end a device's course

    @property
    def cid(self) -> str:
        return f"c{self.number}"

    def add(self, m: MentionInfo) -> None:
        self.members.append(m)
        sig = m.signature()
        self.reps.pop(sig, None)
        self.reps[sig] = m  # later members replace earlier look-alikes
        if len(self.reps) > MAX_REPS:
            self.reps.popitem(last=False)
        self.conflict_reps[conflict_key(m)] = m
        self.names.add(m.text)
        if m.concept:
            self.names.add(m.concept)
        if m.assertion != "absent":
            self.positive = True
            if m.concept:
                self.positive_concepts[m.concept] = m.concept_line
        ends = self.device_end if m.type == DEVICE else FINDING_END_CHANGES
        ends_here = m.assertion == "absent" or m.change in ends
        if ends_here and (self.ended_idx is None or m.report_idx >= self.ended_idx):
            self.ended_idx, self.ended_by = m.report_idx, m.id

    def blocked(self, m: MentionInfo, vocab: Vocabulary | None) -> str | None:
        """Why ``m`` may not join this chain (hard constraint or course rule), or None."""
        if (
            m.assertion == "absent"
            and not self.positive
            and not (m.event and all(r.event for r in self.members))
            and not all(restated_negative(r, m) for r in self.members)
        ):
            # (removals or resolutions restated, e.g. findings and impression, stay one; so
            # does a negative restated in one report: GUIDELINE 9)
            return "a negative about something never seen positive"
        if m.assertion == "absent" and m.concept and m.site is None and not m.event:
            for concept, line in self.positive_concepts.items():
                if concept != m.concept and m.concept in line:
                    # "no new hemorrhage" (no site) beside a known subdural hematoma: a
                    # routine negative of the wider kind, not the resolution of this one
                    return f"a negative of the broader '{m.concept}' ({concept})"
        if m.assertion != "absent" and self.ended_idx is not None and m.report_idx > self.ended_idx:
            if m.type == DEVICE:
                return (
                    f"device removed/withdrawn in {self.ended_by}: a reappearance is a new device"
                )
            return f"resolved in {self.ended_by}: a recurrence is a new chain"
        if placed_after_removal(self.members, self.ended_by, m):
            return f"placed after the removal in {self.ended_by}: a new device"
        if self.members and _exchanged(self.members[-1], m):
            return f"exchanged/replaced after {self.members[-1].id}: a new device"
        if self.members and _silently_replaced(self.members[-1], m):
            return (
                f"newly placed {gap_days(self.members[-1], m):.0f} days after "
                f"{self.members[-1].id}: a new device"
            )
        for rep in self.conflict_reps.values():
            reason = conflict(rep, m, vocab)
            if reason:
                return f"{reason} ({rep.id})"
        return None


@dataclass
class ClusterResult:
    clusters: list[list[str]]
    why: dict[str, str]
    scored: dict[tuple[str, str], float]  # (earlier member, newcomer) -> best pair score


class Clustering:
    """The greedy time-ordered clustering with its state kept: ``feed`` places more
    mentions (later in time than every mention fed before) and never moves a placed one,
    so feeding a patient's mentions in slices gives the chains of a one-shot ``cluster``
    call, and after each slice the chains so far are exactly the final chains restricted
    to the mentions fed (``nlp/progressive.py``)."""

    def __init__(
        self,
        score: PairScore,
        explain: Explain,
        threshold: float,
        vocab: Vocabulary | None = None,
        keys: Callable[[MentionInfo], tuple[list[str], list[str]]] = blocking_keys,
        device_end: Iterable[str] = DEVICE_END_CHANGES,
    ) -> None:
        self.score = score
        self.explain = explain
        self.threshold = threshold
        self.vocab = vocab
        self.keys = keys
        self.ends = frozenset(device_end)
        self.chains: list[ChainState] = []
        # blocking key -> its chains, least recently joined first (moved to the end on a join)
        self.index: dict[str, OrderedDict[int, ChainState]] = {}
        self.why: dict[str, str] = {}
        self.scored: dict[tuple[str, str], float] = {}  # (earlier member, newcomer) -> best

    def feed(self, infos: Iterable[MentionInfo]) -> None:
        """Place ``infos`` (in time order, after every mention fed before)."""
        for m in infos:
            check_cancelled()  # Cancel stops linking within one mention (core.progress)
            self._place(m)

    def _place(self, m: MentionInfo) -> None:
        score, threshold, vocab, index = self.score, self.threshold, self.vocab, self.index
        filed, lookup = self.keys(m)
        tie = TIE if m.type == DEVICE else 0.0
        seen: set[int] = set()
        best: tuple[float, ChainState, MentionInfo] | None = None
        near_miss: tuple[float, ChainState] | None = None
        blocked: tuple[int, str] | None = None
        for key in lookup:
            bucket = index.get(key)
            if not bucket or len(seen) >= MAX_EXAMINED:
                continue
            for ch in islice(reversed(bucket.values()), MAX_CANDIDATES):
                if ch.number in seen:
                    continue
                if len(seen) >= MAX_EXAMINED:
                    break
                seen.add(ch.number)
                reason = ch.blocked(m, vocab)
                if reason:
                    if (blocked is None or ch.number > blocked[0]) and (
                        m.text in ch.names or (m.concept and m.concept in ch.names)
                    ):
                        blocked = (ch.number, f"not {ch.cid}: {reason}")
                    continue
                top, top_rep = -1.0, None
                for rep in ch.reps.values():
                    s = score(rep, m)
                    if s > top:
                        top, top_rep = s, rep
                if top_rep is None:
                    continue
                self.scored[(top_rep.id, m.id)] = top
                if top >= threshold and (
                    best is None
                    or top > best[0] + tie
                    or (top >= best[0] - tie and ch.number > best[1].number)
                ):
                    best = (top, ch, top_rep)  # ties go to the more recent chain
                elif top < threshold and (near_miss is None or top > near_miss[0]):
                    near_miss = (top, ch)
        if best is not None:
            s, ch, rep = best
            self.why[m.id] = f"joined {ch.cid}: {self.explain(rep, m, s)}"
        else:
            ch = ChainState(len(self.chains) + 1, device_end=self.ends)
            self.chains.append(ch)
            notes = [blocked[1]] if blocked else []
            if near_miss is not None:
                notes.append(
                    f"best candidate {near_miss[1].cid} scored {near_miss[0]:.2f} < {threshold:.2f}"
                )
            self.why[m.id] = f"starts {ch.cid}" + (f" ({'; '.join(notes)})" if notes else "")
        ch.add(m)
        ch.keys.update(filed)
        for key in filed:  # the chain is now the most recently joined under these keys
            bucket = index.setdefault(key, OrderedDict())
            bucket[ch.number] = ch
            bucket.move_to_end(ch.number)

    def clusters(self) -> list[list[str]]:
        """The chains so far (mention ids), in the order they were started."""
        return [[x.id for x in ch.members] for ch in self.chains]

    def result(self) -> ClusterResult:
        return ClusterResult(self.clusters(), self.why, self.scored)


def cluster(
    infos: list[MentionInfo],
    score: PairScore,
    explain: Explain,
    threshold: float,
    vocab: Vocabulary | None = None,
    keys: Callable[[MentionInfo], tuple[list[str], list[str]]] = blocking_keys,
    device_end: Iterable[str] = DEVICE_END_CHANGES,
) -> ClusterResult:
    """Greedy time-ordered clustering with cannot-link and course constraints (one shot)."""
    run = Clustering(score, explain, threshold, vocab, keys, device_end)
    run.feed(infos)
    return run.result()


def _exchanged(last: MentionInfo, m: MentionInfo) -> bool:
    """``m`` is a device its later report says was exchanged or replaced ("the nephrostomy
    tube has been exchanged"): a new device, not the one before (GUIDELINE devices 1)."""
    if m.type != DEVICE or m.ctx is None or not m.ctx.replaced or m.assertion == "absent":
        return False
    if (m.section or "").upper().startswith(HISTORY_SECTIONS):
        return False
    return m.report_idx > last.report_idx


def _silently_replaced(last: MentionInfo, m: MentionInfo) -> bool:
    """``m`` is a device described as newly placed long after the chain's last mention."""
    if m.type != DEVICE or m.change not in NEW_CHANGES or m.assertion == "absent":
        return False
    if (m.section or "").upper().startswith(HISTORY_SECTIONS):
        return False
    days = gap_days(last, m)
    return days is not None and days > SILENT_REMOVAL_DAYS


def pair_decisions(
    order: list[str],
    clusters: Iterable[Iterable[str]],
    limit: int = DEFAULT_PAIR_LIMIT,
    extra: Iterable[tuple[str, str]] = (),
) -> PairDecisions:
    """(earlier, later) -> same chain?, for every mention pair in ``order``.

    Above ``limit`` pairs only the linked pairs and the ``extra`` (scored) pairs are listed;
    a missing pair then means "not linked". Held as clusters, not pairs (``pairs.py``)."""
    return PairDecisions(order, clusters, limit, extra)


def blocked_pairs(
    infos: list[MentionInfo], per_key: int | None = None
) -> list[tuple[MentionInfo, MentionInfo]]:
    """(earlier, later) pairs sharing a blocking key, no constraint applied; with ``per_key``
    only the latest ``per_key`` earlier mentions filed under each key."""
    buckets: dict[str, list[MentionInfo]] = {}
    out: list[tuple[MentionInfo, MentionInfo]] = []
    for m in infos:
        filed, lookup = blocking_keys(m)
        seen: set[str] = set()
        for key in lookup:
            earlier = buckets.get(key, [])
            for a in earlier[-per_key:] if per_key else earlier:
                if a.id not in seen:
                    seen.add(a.id)
                    out.append((a, m))
        for key in filed:
            buckets.setdefault(key, []).append(m)
    return out
