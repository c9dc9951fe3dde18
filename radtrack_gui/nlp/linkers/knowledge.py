"""The default linker: vocabulary knowledge, hand-set weights, constraint clustering.

A pair of mentions scores ``bias + sum(weight * feature)`` clamped to [0, 1] over the shared
pair features (``features.FEATURES``: concept identity and broader/narrower concepts, head
word, abbreviation, bare device words, normal statements per structure, site, side, access
site, time gap, assertion, "new"). Hard constraints (``features.conflict``) and the course
rules (``clustering.ChainState``) decide what may never be joined; the clustering attaches each
mention, in time order, to the best compatible chain scoring at least ``threshold``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.nlp.linkers.clustering import DEFAULT_PAIR_LIMIT, Clustering, pair_decisions
from radtrack_gui.nlp.linkers.features import (
    DEVICE_END_CHANGES,
    FEATURES,
    MentionInfo,
    evidence,
    features,
    mention_order,
    prepare,
)
from radtrack_gui.nlp.registry import Linking
from radtrack_gui.nlp.report_groups import same_exam_time
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

# Hand-set weights: a same-concept pair at one site within two weeks scores about 0.85;
# the same words a year apart still link when site or side agree; a synonym with nothing
# else in common a year later does not. Durable pairs (permanent devices, chronic findings)
# lose the time decay; related concepts (opacity / pneumonia) need the site to agree.
KNOWLEDGE_WEIGHTS: dict[str, float] = {
    "same_text": 0.10,
    "same_concept": 0.45,
    "broader_concept": 0.30,
    "same_head": 0.15,
    "abbreviation": 0.40,
    "generic_device": 0.45,
    "generic_statement": 0.30,
    "same_site": 0.15,
    "site_unspecified": 0.05,
    "same_laterality": 0.10,
    "same_access": 0.10,
    "same_report": 0.10,
    "within_2_weeks": 0.10,
    "gap_log": -0.30,
    "gap_unknown": 0.05,
    "absent_continuation": -0.05,
    "both_absent": -0.10,
    "hedged": 0.0,
    "new_marker": -0.40,
    "is_device": 0.0,
    "related_concept": 0.30,
    "durable_gap": 0.30,  # cancels gap_log: a durable thing does not fade with time
    "explained": 0.25,  # "opacity ... representing atelectasis": one process, one sentence
    "restated": 0.45,  # as much as one concept: the report says it is one finding
}
KNOWLEDGE_BIAS = 0.0
DEFAULT_THRESHOLD = 0.5


@dataclass
class LinearScorer:
    """``bias + w . x``, clamped to [0, 1] (hand weights) or through the logistic function."""

    weights: list[float]
    bias: float = 0.0
    logistic: bool = False

    @classmethod
    def from_mapping(
        cls, weights: Mapping[str, float], bias: float = 0.0, logistic: bool = False
    ) -> LinearScorer:
        unknown = set(weights) - set(FEATURES)
        if unknown:
            raise ValueError(f"unknown features: {', '.join(sorted(unknown))}")
        return cls([float(weights.get(f, 0.0)) for f in FEATURES], bias, logistic)

    def value(self, x: list[float]) -> float:
        z = self.bias
        for w, v in zip(self.weights, x, strict=True):
            if v:
                z += w * v
        if self.logistic:
            return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
        return min(1.0, max(0.0, z))

    def __call__(self, a: MentionInfo, b: MentionInfo) -> float:
        return self.value(features(a, b))


def explain_pair(a: MentionInfo, b: MentionInfo, score: float) -> str:
    return f"{', '.join(evidence(a, b, features(a, b)))} (score {score:.2f})"


class SliceLinking:
    """``link_with`` in steps: a patient's reports are fed in time order, a slice at a
    time, with their mentions; after each slice ``clusters`` are the chains so far, which
    are the final chains restricted to the reports fed (the clustering places mentions
    in time order and never moves a placed one: ``clustering.Clustering``), and
    ``result`` after the last slice is what ``link`` gives for the whole patient.

    ``patient``: the whole patient (its reports and report groups; its mentions are not
    read)."""

    def __init__(
        self,
        patient: Patient,
        scorer: LinearScorer,
        threshold: float,
        vocab: Vocabulary | None,
        pair_limit: int,
        enrich: bool = True,
        device_end: Iterable[str] = DEVICE_END_CHANGES,
    ) -> None:
        self.patient = patient
        self.vocab = vocab
        self.enrich = enrich
        self.pair_limit = pair_limit
        self.order = patient.report_index()
        self.run = Clustering(scorer, explain_pair, threshold, vocab, device_end=device_end)
        self.fed = 0  # mentions placed
        self.last_report = -1  # index of the last report fed

    def feed(self, reports: list[Report], mentions: Mapping[str, Mention]) -> None:
        """Link ``reports`` (the next ones in time order) and their ``mentions``."""
        idx = [self.order[r.id] for r in reports]
        if idx and (min(idx) <= self.last_report or idx != sorted(idx)):
            raise ValueError("reports must be fed in time order, each once")
        part = Patient(self.patient.id, reports=list(reports), mentions=dict(mentions))
        fed = {r.id for r in reports}
        stray = [m.id for m in part.mentions.values() if m.report not in fed]
        if stray:
            raise ValueError(f"mentions outside the reports fed: {', '.join(stray[:3])}")
        self.feed_infos(
            prepare(part, self.vocab, self.enrich, report_order=self.order, numbered_from=self.fed)
        )
        self.last_report = max(idx, default=self.last_report)

    def feed_infos(self, infos: list[MentionInfo]) -> None:
        same_exam_time(infos, self.patient)  # a report group is one time point
        self.run.feed(infos)
        self.fed += len(infos)

    def clusters(self) -> list[list[str]]:
        return self.run.clusters()

    @property
    def why(self) -> dict[str, str]:
        return self.run.why

    def result(self) -> Linking:
        """The linking of every mention fed (pair decisions over the patient's mentions)."""
        result = self.run.result()
        pairs = pair_decisions(
            mention_order(self.patient), result.clusters, self.pair_limit, result.scored
        )
        return Linking(result.clusters, result.why, pairs)


def link_with(run: SliceLinking) -> Linking:
    """Prepare the whole patient of ``run`` in one slice, cluster and collect pair
    decisions (``ScoredLinker.link``)."""
    run.feed_infos(prepare(run.patient, run.vocab, enrich=run.enrich))
    return run.result()


class ScoredLinker:
    """What a linker that scores pairs and clusters them shares (knowledge, pairwise): whole
    patient ``link`` and slice by slice ``start_linking`` with its settings."""

    scorer: LinearScorer
    threshold: float
    vocab: Vocabulary
    pair_limit: int
    enrich: bool
    device_end: frozenset[str]

    def link(self, patient: Patient) -> Linking:
        return link_with(self.start_linking(patient))

    def start_linking(self, patient: Patient) -> SliceLinking:
        """Linking fed a slice of reports at a time (``nlp/progressive.py``)."""
        return SliceLinking(
            patient,
            self.scorer,
            self.threshold,
            self.vocab,
            self.pair_limit,
            self.enrich,
            self.device_end,
        )


class KnowledgeLinker(ScoredLinker):
    """Concepts, synonyms, anatomy hierarchy, laterality, device and finding course.

    Options: ``threshold`` (join at or above), ``weights``/``bias`` (override the hand
    weights by feature name), ``enrich`` (attribute-less mentions, e.g. gold brat spans, take
    concept/site/side/assertion from the rule extractor), ``device_end_changes`` (changes that
    end a device: a later mention is a new device; add "withdrawn" where it means removal),
    ``pair_limit`` (above it, ``Linking.pairs`` lists only linked and scored pairs)."""

    name = "knowledge"

    def __init__(
        self,
        threshold: float = DEFAULT_THRESHOLD,
        weights: Mapping[str, float] | None = None,
        bias: float = KNOWLEDGE_BIAS,
        vocab: Vocabulary | None = None,
        pair_limit: int = DEFAULT_PAIR_LIMIT,
        enrich: bool = True,
        device_end_changes: Iterable[str] = DEVICE_END_CHANGES,
    ):
        merged = dict(KNOWLEDGE_WEIGHTS)
        merged.update(weights or {})
        self.threshold = threshold
        self.scorer = LinearScorer.from_mapping(merged, bias)
        self.vocab = vocab or vocabulary()
        self.pair_limit = pair_limit
        self.enrich = enrich
        self.device_end = frozenset(device_end_changes)
