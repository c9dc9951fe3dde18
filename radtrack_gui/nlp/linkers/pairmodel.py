"""The published method: a transformer mention-pair classifier (cross-encoder).

Each mention becomes one segment: its words, then the anatomy terms and the modifiers (side,
negation, hedging, course and size words) found within ``WINDOW`` tokens of it in its
sentence, completed by the extractor's attributes ("effusion, left pleural, small increased").
A pair is ``[CLS] earlier segment [SEP] later segment [SEP]`` (at most 128 sub-words); the
classifier gives P(same entity). With ``knowledge`` the pair features of the knowledge linker
are appended to the second segment as words ("same concept; same laterality").

Chains: by default the knowledge linker's constraint clustering (``clustering.cluster``:
incompatible mentions never meet through a third, course rules apply) over the model's
scores; ``closure="transitive"`` reproduces the paper (every blocked pair scoring at or above
the threshold is linked, then connected components). Candidate pairs are blocked with
``clustering.blocking_keys`` before the transformer sees them; identical inputs are scored
once (cached across calls) in length-sorted batches.

The model is a local folder written by ``radtrack train GOLD --linker pairmodel``:
safetensors weights, config and tokenizer files plus ``radtrack_card.json``; loading never
unpickles. torch/transformers load lazily.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.nlp.linkers.clustering import (
    DEFAULT_PAIR_LIMIT,
    blocking_keys,
    cluster,
    pair_decisions,
)
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
from radtrack_gui.nlp.vocabulary import Vocabulary, norm_token, vocabulary

MODEL_DIR_NAME = "pairmodel"
CARD_FILE = "radtrack_card.json"
CARD_FORMAT = "radtrack-pairmodel/1"
TRAIN_HINT = "train it with `radtrack train GOLD --linker pairmodel --out DIR`"
WINDOW = 5  # tokens either side of a mention searched for anatomy terms and modifiers
MAX_LENGTH = 128
DEFAULT_THRESHOLD = 0.5
CLOSURES = ("constrained", "transitive")
MODIFIER_KINDS = ("side", "negate", "possible", "change")
SIZE_WORDS = frozenset(
    {
        "small",
        "large",
        "tiny",
        "trace",
        "minimal",
        "mild",
        "moderate",
        "severe",
        "massive",
        "moderately",
        "mildly",
        "markedly",
        "subtle",
    }
)
# binary knowledge features written into the input as words (knowledge=True)
MARKER_FEATURES = tuple(f for f in FEATURES if f not in ("gap_log", "is_device"))
CACHE_LIMIT = 200_000  # pair scores kept across calls


# -- finding the model ---------------------------------------------------------------------
def default_model_dir() -> Path:
    from radtrack_gui.util.paths import user_data_dir

    return user_data_dir() / "models" / MODEL_DIR_NAME


def is_pairmodel(folder: Path) -> bool:
    try:
        card = json.loads((folder / CARD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (
        isinstance(card, dict)
        and card.get("format") == CARD_FORMAT
        and (folder / "config.json").is_file()
    )


def find_pairmodel(path: str | os.PathLike[str] | None = None) -> tuple[Path | None, list[str]]:
    """(the trained model's folder or None, the places looked in)."""
    if path is not None:
        p = Path(path).expanduser()
        return (p if is_pairmodel(p) else None), [str(p)]
    from radtrack_gui.util.paths import models_dirs

    looked: list[str] = []
    for d in models_dirs():
        for cand in (d / MODEL_DIR_NAME, d):  # RADTRACK_MODELS may name the --out folder
            if str(cand) in looked:
                continue
            looked.append(str(cand))
            if is_pairmodel(cand):
                return cand, looked
    return None, looked


def load(folder: Path) -> tuple[Any, Any, dict[str, Any]]:
    """(tokenizer, sequence-classification model, card) from a safetensors model folder."""
    try:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer
        from transformers.utils import logging as hf_logging
    except ImportError as exc:
        raise InputError(f"pairmodel linker needs torch and transformers ({exc})") from exc
    if not (folder / "model.safetensors").is_file():
        raise InputError(
            f"pairmodel linker: {folder} has no model.safetensors (only "
            "safetensors weights are loaded); retrain it"
        )
    hf_logging.disable_progress_bar()
    try:
        card = json.loads((folder / CARD_FILE).read_text(encoding="utf-8"))
        tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
        model = AutoModelForSequenceClassification.from_pretrained(
            str(folder), local_files_only=True, use_safetensors=True
        )
    except (OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"pairmodel linker: cannot load {folder}: {first}") from exc
    model.eval()
    return tokenizer, model, card


def quantized(model: Any) -> Any:
    """``model`` with int8 dynamic quantization of its Linear layers (CPU inference only;
    ``benchmarks/bench_pairmodel.py --quantize`` measures its speed and agreement)."""
    import warnings

    import torch

    with warnings.catch_warnings():  # the eager-mode API is deprecated, not gone
        warnings.simplefilter("ignore")
        return torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)


def set_threads(threads: int | None) -> None:
    """``threads`` torch threads; by default no more than the CPUs this process may use."""
    import torch

    if threads is None:
        try:
            threads = len(os.sched_getaffinity(0))
        except AttributeError:
            threads = os.cpu_count() or 1
        threads = min(torch.get_num_threads(), threads)
    torch.set_num_threads(max(1, threads))


# -- model inputs ----------------------------------------------------------------------------
class Segments:
    """Each mention's input segment; reports are tokenized once (per-report cache)."""

    def __init__(self, patient: Patient, vocab: Vocabulary) -> None:
        self.patient, self.vocab = patient, vocab
        self.reports: dict[str, Report] = {r.id: r for r in patient.reports}
        self._words: dict[str, tuple[list[tuple[int, int]], list[int]]] = {}

    def _report_words(self, rid: str) -> tuple[list[tuple[int, int]], list[int]]:
        """(word spans, sentence number of each word) of a report."""
        if rid not in self._words:
            from radtrack_gui.nlp.text import TOKEN_RE, sentences

            text = self.reports[rid].text or ""
            spans = [m.span() for m in TOKEN_RE.finditer(text)]
            bounds = sentences(text)
            sent, k = [], 0
            for a, _ in spans:
                while k + 1 < len(bounds) and a >= bounds[k + 1][0]:
                    k += 1
                sent.append(k)
            self._words[rid] = (spans, sent)
        return self._words[rid]

    def window(self, info: MentionInfo) -> tuple[list[str], list[str]]:
        """(anatomy terms, modifiers) within WINDOW words of the mention, its sentence only."""
        m = self.patient.mentions[info.id]
        if m.report not in self.reports:
            return [], []
        text = self.reports[m.report].text or ""
        spans, sent = self._report_words(m.report)
        inside = [i for i, (a, b) in enumerate(spans) if a < m.end and m.start < b]
        if not inside:
            return [], []
        lo, hi = max(0, inside[0] - WINDOW), min(len(spans), inside[-1] + 1 + WINDOW)
        idx = [i for i in range(lo, hi) if sent[i] == sent[inside[0]]]
        words = [text[spans[i][0] : spans[i][1]] for i in idx]
        _, others = self.vocab.lexicon().match([norm_token(w) for w in words])
        own = set(inside)
        anatomy: list[str] = []
        modifiers: list[str] = []
        for a, b, entries in others:
            if any(idx[k] in own for k in range(a, b)):
                continue  # the mention's own words are already in the segment
            term = " ".join(words[a:b]).lower()
            kinds = {e[0] for e in entries}
            if "anatomy" in kinds:
                anatomy.append(term)
            elif kinds & set(MODIFIER_KINDS):
                modifiers.append(term)
        modifiers += [
            w.lower() for k, w in enumerate(words) if idx[k] not in own and w.lower() in SIZE_WORDS
        ]
        return anatomy, modifiers

    def segment(self, info: MentionInfo) -> str:
        anatomy, modifiers = self.window(info)
        site = info.site or info.statement_site
        if site and not any(site in a or a in site for a in anatomy):
            anatomy.append(site)
        attrs = [info.lat, None if info.assertion == "present" else info.assertion, info.change]
        modifiers += [x for x in attrs if x and x not in modifiers and x not in info.text]
        parts = [info.text, " ".join(dict.fromkeys(anatomy)), " ".join(dict.fromkeys(modifiers))]
        return ", ".join(p for p in parts if p)


def markers(a: MentionInfo, b: MentionInfo) -> str:
    """The knowledge features of a pair as words ("same concept; same laterality")."""
    x = features(a, b)
    names = [
        f.replace("_", " ")
        for f, v in zip(FEATURES, x, strict=True)
        if v > 0 and f in MARKER_FEATURES
    ]
    return "; ".join(names) if names else "no shared features"


def pair_text(
    segs: list[str],
    a: MentionInfo,
    b: MentionInfo,
    knowledge: bool,
) -> tuple[str, str]:
    second = segs[b.order]
    return segs[a.order], (f"{second} ; {markers(a, b)}" if knowledge else second)


def blocked_pairs(infos: list[MentionInfo]) -> list[tuple[MentionInfo, MentionInfo]]:
    """(earlier, later) pairs sharing a blocking key (no constraint applied)."""
    buckets: dict[str, list[MentionInfo]] = {}
    out: list[tuple[MentionInfo, MentionInfo]] = []
    for m in infos:
        filed, lookup = blocking_keys(m)
        seen: set[str] = set()
        for key in lookup:
            for a in buckets.get(key, ()):
                if a.id not in seen:
                    seen.add(a.id)
                    out.append((a, m))
        for key in filed:
            buckets.setdefault(key, []).append(m)
    return out


class PairScorer:
    """P(same entity) for text pairs: batched, length-sorted, each distinct pair once."""

    def __init__(
        self, tokenizer: Any, model: Any, batch_size: int = 64, max_length: int = MAX_LENGTH
    ) -> None:
        self.tokenizer, self.model = tokenizer, model
        self.batch_size, self.max_length = batch_size, max_length
        self.cache: dict[tuple[str, str], float] = {}
        self.scored = 0  # pairs run through the transformer (cache misses), all calls

    def __call__(self, pairs: list[tuple[str, str]]) -> list[float]:
        import torch

        todo = sorted(
            {p for p in pairs if p not in self.cache}, key=lambda p: len(p[0]) + len(p[1])
        )
        if len(self.cache) + len(todo) > CACHE_LIMIT:
            self.cache.clear()
        self.model.eval()
        with torch.inference_mode():
            for i in range(0, len(todo), self.batch_size):
                chunk = todo[i : i + self.batch_size]
                self.scored += len(chunk)
                enc = self.tokenizer(
                    [a for a, _ in chunk],
                    [b for _, b in chunk],
                    padding=True,
                    truncation=True,
                    max_length=self.max_length,
                    return_tensors="pt",
                )
                logits = self.model(**enc).logits
                probs = torch.softmax(logits.float(), dim=-1)[:, 1].tolist()
                self.cache.update(zip(chunk, probs, strict=True))
        return [self.cache[p] for p in pairs]


# -- the linker ------------------------------------------------------------------------------
class PairModelLinker:
    """Options: ``path`` (model folder; default: found in ``paths.models_dirs()``),
    ``threshold`` (default: the card's), ``closure`` ("constrained" or "transitive"),
    ``knowledge`` (None: as trained), ``threads`` (torch threads), ``batch_size``,
    ``quantize`` (int8 dynamic quantization of the loaded model's Linear layers); training
    (``fit``, used by cross-validation): ``base``, ``epochs``, ``learning_rate``, ``seed``,
    ``max_pairs``."""

    name = "pairmodel"

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        threshold: float | None = None,
        closure: str = "constrained",
        knowledge: bool | None = None,
        threads: int | None = None,
        batch_size: int = 64,
        quantize: bool = False,
        vocab: Vocabulary | None = None,
        pair_limit: int = DEFAULT_PAIR_LIMIT,
        enrich: bool = True,
        device_end_changes: Iterable[str] = DEVICE_END_CHANGES,
        base: str | os.PathLike[str] | None = None,
        epochs: int = 4,
        learning_rate: float = 2e-5,
        seed: int = 13,
        max_pairs: int | None = None,
        **train_options: Any,
    ) -> None:
        if closure not in CLOSURES:
            raise InputError(f"pairmodel linker: closure must be one of {', '.join(CLOSURES)}")
        self.vocab = vocab or vocabulary()
        self.closure, self.threads, self.batch_size = closure, threads, batch_size
        self.quantize = quantize
        self.pair_limit, self.enrich = pair_limit, enrich
        self.device_end = frozenset(device_end_changes)
        self.train_options: dict[str, Any] = {
            "base_model": base,
            "epochs": epochs,
            "learning_rate": learning_rate,
            "seed": seed,
            "max_pairs": max_pairs,
            **train_options,
        }
        self._threshold, self._knowledge = threshold, knowledge
        self.card: dict[str, Any] = {}
        self.scorer: PairScorer | None = None
        self.folder, self.looked = find_pairmodel(path)
        if path is not None and self.folder is None:
            raise InputError(f"pairmodel linker: no trained model in {path}; {TRAIN_HINT}")

    @property
    def threshold(self) -> float:
        if self._threshold is not None:
            return self._threshold
        return float(self.card.get("threshold", DEFAULT_THRESHOLD))

    @property
    def knowledge(self) -> bool:
        if self._knowledge is not None:
            return self._knowledge
        return bool(self.card.get("options", {}).get("knowledge", False))

    @property
    def trained(self) -> bool:
        return self.scorer is not None or self.folder is not None

    def _ready(self) -> PairScorer:
        if self.scorer is None:
            if self.folder is None:
                raise InputError(
                    f"pairmodel linker: no trained model (looked in "
                    f"{', '.join(self.looked)}); {TRAIN_HINT}"
                )
            tokenizer, model, self.card = load(self.folder)
            if self.quantize:
                model = quantized(model)
            self.scorer = PairScorer(tokenizer, model, self.batch_size)
        set_threads(self.threads)
        return self.scorer

    def fit(
        self,
        patients: list[Patient],
        validation: list[Patient] | None = None,
    ) -> PairModelLinker:
        """Train in memory (cross-validation); ``radtrack train`` also saves the result."""
        from radtrack_gui.nlp.linkers.pairmodel_train import fit_pairmodel

        set_threads(self.threads)
        fitted = fit_pairmodel(
            patients,
            validation,
            knowledge=bool(self._knowledge),
            vocab=self.vocab,
            enrich=self.enrich,
            **self.train_options,
        )
        self.scorer = PairScorer(fitted.tokenizer, fitted.model, self.batch_size)
        self.card = fitted.card
        return self

    # -- scoring -----------------------------------------------------------------------------
    def pair_scores(
        self,
        infos: list[MentionInfo],
        segs: list[str],
        pairs: list[tuple[MentionInfo, MentionInfo]],
    ) -> list[float]:
        scorer = self._ready()
        return scorer([pair_text(segs, a, b, self.knowledge) for a, b in pairs])

    def link(self, patient: Patient) -> Linking:
        self._ready()
        infos = prepare(patient, self.vocab, enrich=self.enrich)
        if not infos:
            return Linking([], {}, {})
        seg = Segments(patient, self.vocab)
        segs = [seg.segment(m) for m in infos]
        if self.closure == "transitive":
            return self._transitive(patient, infos, segs)
        return self._constrained(patient, infos, segs)

    def _explain(self) -> Callable[[MentionInfo, MentionInfo, float], str]:
        def explain(a: MentionInfo, b: MentionInfo, s: float) -> str:
            reasons = evidence(a, b, features(a, b))
            return f"pair model {s:.2f}" + (f" ({', '.join(reasons)})" if reasons else "")

        return explain

    def _constrained(self, patient: Patient, infos: list[MentionInfo], segs: list[str]) -> Linking:
        """Constraint clustering over model scores. The clustering asks for the pairs it
        needs; unknown ones take the knowledge score for one round, are then scored in one
        batch, and the clustering runs again until every pair it used came from the model."""
        from radtrack_gui.nlp.linkers.knowledge import KNOWLEDGE_BIAS, KNOWLEDGE_WEIGHTS
        from radtrack_gui.nlp.linkers.knowledge import LinearScorer as Knowledge

        provisional = Knowledge.from_mapping(KNOWLEDGE_WEIGHTS, KNOWLEDGE_BIAS)
        known: dict[tuple[int, int], float] = {}
        missing: dict[tuple[int, int], tuple[MentionInfo, MentionInfo]] = {}

        def score(a: MentionInfo, b: MentionInfo) -> float:
            s = known.get((a.order, b.order))
            if s is None:
                missing[(a.order, b.order)] = (a, b)
                return provisional(a, b)
            return s

        while True:
            missing.clear()
            result = cluster(
                infos,
                score,
                self._explain(),
                self.threshold,
                self.vocab,
                device_end=self.device_end,
            )
            if not missing:
                break
            pairs = list(missing.values())
            known.update(zip(missing, self.pair_scores(infos, segs, pairs), strict=True))
        order = mention_order(patient)
        return Linking(
            result.clusters,
            result.why,
            pair_decisions(order, result.clusters, self.pair_limit, result.scored),
        )

    def _transitive(self, patient: Patient, infos: list[MentionInfo], segs: list[str]) -> Linking:
        """The paper's chains: connected components of the linked (blocked) pairs."""
        pairs = blocked_pairs(infos)
        scores = self.pair_scores(infos, segs, pairs)
        parent = list(range(len(infos)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        why: dict[str, str] = {}
        explain = self._explain()
        scored: dict[tuple[str, str], float] = {}
        for (a, b), s in zip(pairs, scores, strict=True):
            scored[(a.id, b.id)] = s
            if s >= self.threshold:
                ra, rb = find(a.order), find(b.order)
                if b.id not in why:
                    why[b.id] = f"linked to {a.id}: {explain(a, b, s)}"
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
        groups: dict[int, list[str]] = {}
        for m in infos:
            groups.setdefault(find(m.order), []).append(m.id)
        clusters = list(groups.values())
        for n, members in enumerate(clusters, 1):
            for mid in members:
                why.setdefault(mid, f"starts c{n} (transitive closure)")
        order = mention_order(patient)
        return Linking(clusters, why, pair_decisions(order, clusters, self.pair_limit, scored))
