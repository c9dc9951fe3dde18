"""Fine-tune the extractive ``reader`` on SQuAD-v2-format data (RadQA and CliCR ship in it).

Starts from a local encoder (default: the MiniLM folder of the embedding linker) with a new
span head, trains on CPU with fixed seeds, chooses the null threshold that maximises F1 on
held-out questions (SQuAD v2 style), and saves model (safetensors), tokenizer and a JSON
card whole or not at all (``formats.atomic``).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.progress import Progress
from radtrack_gui.nlp.model_folder import load_pretrained, save_model_folder
from radtrack_gui.qa.extractive import best_spans, default_reader_dir
from radtrack_gui.qa.squad import SquadItem, best_f1, read_squad
from radtrack_gui.training.finetune import fine_tune

CARD_FORMAT = "radtrack-qa-reader/1"


@dataclass
class TrainedReader:
    path: Path
    card: dict[str, Any]


def _features(
    tokenizer: Any,
    items: list[SquadItem],
    max_length: int,
    stride: int,
) -> list[dict[str, Any]]:
    """Token windows with start/end token labels ([CLS] = 0 when the answer is not in)."""
    enc = tokenizer(
        [x.question for x in items],
        [x.context for x in items],
        truncation="only_second",
        max_length=max_length,
        stride=stride,
        return_overflowing_tokens=True,
        return_offsets_mapping=True,
    )
    feats = []
    for i, offsets in enumerate(enc["offset_mapping"]):
        item = items[enc["overflow_to_sample_mapping"][i]]
        seq = enc.sequence_ids(i)
        start = end = 0
        if item.answers:
            text, a = item.answers[0]
            b = a + len(text)
            ctx = [k for k, s in enumerate(seq) if s == 1]
            if ctx and offsets[ctx[0]][0] <= a and offsets[ctx[-1]][1] >= b:
                start = next(k for k in ctx if offsets[k][1] > a)
                end = next(k for k in reversed(ctx) if offsets[k][0] < b)
        row = {
            "input_ids": enc["input_ids"][i],
            "attention_mask": enc["attention_mask"][i],
            "start_positions": start,
            "end_positions": end,
        }
        if "token_type_ids" in enc:
            row["token_type_ids"] = enc["token_type_ids"][i]
        feats.append(row)
    return feats


def _batch(rows: list[dict[str, Any]], pad: int) -> dict[str, Any]:
    import torch

    width = max(len(r["input_ids"]) for r in rows)
    out: dict[str, Any] = {}
    for key, fill in (("input_ids", pad), ("attention_mask", 0), ("token_type_ids", 0)):
        if key in rows[0]:
            out[key] = torch.tensor([r[key] + [fill] * (width - len(r[key])) for r in rows])
    for key in ("start_positions", "end_positions"):
        out[key] = torch.tensor([r[key] for r in rows])
    return out


def choose_threshold(tokenizer: Any, model: Any, items: list[SquadItem]) -> tuple[float, float]:
    """(null threshold, F1 there) over held-out questions: answer only when the best
    span beats "no answer" by more than the threshold."""

    scored = []
    for x in items:
        span, null, a, b = best_spans(tokenizer, model, x.question, [x.context])[0]
        scored.append((span - null, x.context[a:b], [t for t, _ in x.answers]))
    best = (0.0, -1.0)
    for cut in sorted({0.0, *(d for d, _, _ in scored)}):
        f1 = sum(best_f1(pred if diff > cut else "", gold) for diff, pred, gold in scored)
        if f1 > best[1]:
            best = (cut, f1)
    return best[0], best[1] / max(1, len(items))


def train_reader(
    items: list[SquadItem],
    out_dir: str | os.PathLike[str] | None = None,
    base_model: str | os.PathLike[str] | None = None,
    *,
    epochs: int = 2,
    seed: int = 13,
    learning_rate: float = 5e-5,
    batch_size: int = 16,
    max_length: int = 256,
    stride: int = 64,
    held_out: float = 0.1,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> TrainedReader:
    """Fine-tune a span reader on ``items`` and save it to ``out_dir`` (default: where
    ``--reader reader`` finds it)."""
    if epochs < 1:
        raise InputError("epochs must be at least 1")
    if not 0.0 <= held_out < 1.0:
        raise InputError("the held-out share must be in [0, 1)")
    from radtrack_gui.nlp.linkers.embedding import find_base_model

    base = find_base_model(base_model, "the reader")
    try:
        import torch  # noqa: F401  (training needs it: say so before any work)
        from transformers import AutoModelForQuestionAnswering
    except ImportError as exc:
        raise InputError(f"training the reader needs torch and transformers ({exc})") from exc
    t0 = time.perf_counter()
    tokenizer, model = load_pretrained(base, AutoModelForQuestionAnswering, "base model", seed=seed)
    rng = random.Random(seed)
    order = list(items)
    rng.shuffle(order)
    n_held = round(len(order) * held_out) if len(order) >= 10 else 0
    held, train = order[:n_held], order[n_held:]
    feats = _features(tokenizer, train, max_length, stride)
    pad = tokenizer.pad_token_id or 0
    plan = []
    for _ in range(epochs):  # each pass in a new order
        rng.shuffle(feats)
        plan += [feats[i : i + batch_size] for i in range(0, len(feats), batch_size)]
    losses = fine_tune(
        model,
        plan,
        lambda b: _batch(b, pad),
        learning_rate=learning_rate,
        cancel=cancel,
        progress=progress,
    )
    threshold, held_f1 = choose_threshold(tokenizer, model, held) if held else (0.0, None)
    card = {
        "format": CARD_FORMAT,
        "base_model": str(base),
        "created": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "null_threshold": threshold,
        "training": {
            "questions": len(train),
            "windows": len(feats),
            "epochs": epochs,
            "seed": seed,
            "learning_rate": learning_rate,
            "batch_size": batch_size,
            "max_length": max_length,
            "final_loss": round(sum(losses[-20:]) / max(1, len(losses[-20:])), 4),
            "seconds": round(time.perf_counter() - t0, 1),
        },
        "held_out": {"questions": len(held), "f1": None if held_f1 is None else round(held_f1, 4)},
    }
    return TrainedReader(
        save_model_folder(model, tokenizer, card, out_dir or default_reader_dir()), card
    )


def train_cli(args: Any) -> int:
    """``radtrack train --reader DATA.json [--out DIR]`` (epochs, seed, learning rate,
    validation share and base model from the train command's options)."""
    import sys

    if getattr(args, "sources", None) or getattr(args, "project", None):
        raise InputError("--reader trains on its SQuAD file alone; leave out GOLD and --project")
    items = read_squad(args.reader)
    given = {
        k: v
        for k, v in (("epochs", args.epochs), ("learning_rate", args.learning_rate))
        if v is not None
    }  # else the reader's own defaults
    result = train_reader(
        items, args.out, args.base_model, seed=args.seed, held_out=args.validation, **given
    )
    held = result.card["held_out"]
    f1 = "" if held["f1"] is None else f", held-out F1 {100 * held['f1']:.1f}"
    print(
        f"reader trained on {result.card['training']['questions']} questions "
        f"({held['questions']} held out{f1}, null threshold "
        f"{result.card['null_threshold']:.2f}) -> {result.path}",
        file=sys.stderr,
    )
    return 0
