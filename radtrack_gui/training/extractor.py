"""Fine-tune the neural mention extractor (``--extractor neural``) on annotated patients.

Starts from a local encoder (default: the MiniLM folder the embedding linker uses) with a
new token-classification head, trains on CPU with fixed seeds over the BIO sentence
examples of ``examples``, scores mention detection on held-out patients (or reports, for a
single patient) with ``evaluation.mentions``, and saves model, tokenizer and a JSON card
into a temporary folder beside the target that is then renamed over it.
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

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.core.progress import Progress
from radtrack_gui.evaluation.mentions import MentionScores, Span, mention_scores, pieces_of
from radtrack_gui.nlp.extractors.neural import (
    IGNORE,
    LABELS,
    Tagger,
    default_model_dir,
)
from radtrack_gui.nlp.linkers.embedding import find_base_model
from radtrack_gui.nlp.model_folder import load_pretrained, save_model_folder
from radtrack_gui.training.examples import (
    Example,
    patient_reports,
    report_examples,
    select,
)
from radtrack_gui.training.finetune import fine_tune

CARD_FORMAT = "radtrack-neural-extractor/1"


@dataclass
class TrainedExtractor:
    path: Path
    card: dict[str, Any]
    scores: MentionScores | None  # held-out mention detection (None: nothing held out)


def split(
    patients: list[Patient],
    share: float,
    seed: int,
) -> tuple[list[tuple[Report, list]], list[tuple[Report, list]], str, int]:
    """(training reports, held-out reports, what was held out, training patients): whole
    patients when there are at least five, else single reports (one corrected patient)."""
    rng = random.Random(seed)
    if share <= 0:
        return patient_reports(patients), [], "nothing", len(patients)
    if len(patients) >= 5:
        order = list(range(len(patients)))
        rng.shuffle(order)
        n = max(1, round(len(patients) * share))
        held = [patients[i] for i in order[:n]]
        train = [patients[i] for i in order[n:]]
        return patient_reports(train), patient_reports(held), _count(n, "patient"), len(train)
    pairs = patient_reports(patients)
    if len(pairs) < 5:
        return pairs, [], "nothing", len(patients)
    order = list(range(len(pairs)))
    rng.shuffle(order)
    n = max(1, round(len(pairs) * share))
    held_idx = set(order[:n])
    return (
        [p for i, p in enumerate(pairs) if i not in held_idx],
        [p for i, p in enumerate(pairs) if i in held_idx],
        _count(n, "report"),
        len(patients),
    )


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def score_reports(tagger: Tagger, reports: list[tuple[Report, list]]) -> MentionScores:
    """Mention detection of the tagger against the reports' gold mentions."""
    found = tagger.spans([r.text or "" for r, _ in reports])
    key: list[Span] = []
    response: list[Span] = []
    for i, ((_, gold), spans) in enumerate(zip(reports, found, strict=True)):
        doc = str(i)  # report ids repeat across patients
        key.extend(Span(doc, pieces_of(m), m.type) for m in gold)
        response.extend(Span(doc, ((s, e),), t) for s, e, t in spans)
    return mention_scores(key, response)


def _batches(examples: list[Example], size: int, rng: random.Random) -> list[list[Example]]:
    """Shuffled batches of similar lengths (little padding)."""
    order = list(examples)
    rng.shuffle(order)
    out: list[list[Example]] = []
    pool = size * 20
    for i in range(0, len(order), pool):
        group = sorted(order[i : i + pool], key=lambda x: len(x.ids))
        out.extend(group[j : j + size] for j in range(0, len(group), size))
    rng.shuffle(out)
    return out


def _tensors(batch: list[Example], pad: int) -> dict[str, Any]:
    import torch

    width = max(len(x.ids) for x in batch)
    ids = torch.full((len(batch), width), pad, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    labels = torch.full((len(batch), width), IGNORE, dtype=torch.long)
    for r, x in enumerate(batch):
        n = len(x.ids)
        ids[r, :n] = torch.tensor(x.ids)
        mask[r, :n] = 1
        labels[r, :n] = torch.tensor(x.labels)
    return {"input_ids": ids, "attention_mask": mask, "labels": labels}


def train_extractor(
    patients: list[Patient],
    out_dir: str | os.PathLike[str] | None = None,
    base_model: str | os.PathLike[str] | None = None,
    epochs: int = 3,
    seed: int = 13,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    *,
    held_out: float = 0.2,
    learning_rate: float = 2e-4,
    batch_size: int = 32,
    max_length: int = 128,
    max_sentences: int = 3000,
) -> TrainedExtractor:
    """Fine-tune a BIO tagger on the patients' mentions and save it to ``out_dir`` (default:
    where ``--extractor neural`` finds it). ``progress(stage, done, total)``; ``cancel()``
    true stops with ``Cancelled`` (nothing is written)."""
    if epochs < 1:
        raise InputError("epochs must be at least 1")
    if not 0.0 <= held_out < 1.0:
        raise InputError("the held-out share must be in [0, 1)")
    if not any(p.mentions for p in patients):
        raise InputError("nothing to train on: the patients have no mentions")
    base = find_base_model(base_model, "neural extractor")
    try:
        import torch  # noqa: F401  (training needs it: say so before any work)
        from transformers import AutoModelForTokenClassification
    except ImportError as exc:
        raise InputError(
            f"training the neural extractor needs torch and transformers "
            f"({exc}); install them with: pip install radtrack_gui[models]"
        ) from exc
    t_start = time.perf_counter()
    tokenizer, model = load_pretrained(
        base,
        AutoModelForTokenClassification,
        "base model",
        seed=seed,
        num_labels=len(LABELS),
        id2label=dict(enumerate(LABELS)),
        label2id={v: i for i, v in enumerate(LABELS)},
    )

    train_reports, held_reports, held_what, n_train = split(patients, held_out, seed)
    examples = select(report_examples(tokenizer, train_reports, max_length), max_sentences, seed)
    if not any(x.tagged for x in examples):
        raise InputError("nothing to train on: no mentions in the training share")
    rng = random.Random(seed)
    plan = [_batches(examples, batch_size, rng) for _ in range(epochs)]
    pad = tokenizer.pad_token_id or 0
    losses = fine_tune(
        model,
        [b for epoch in plan for b in epoch],
        lambda b: _tensors(b, pad),
        learning_rate=learning_rate,
        cancel=cancel,
        progress=progress,
    )
    train_seconds = time.perf_counter() - t_start

    scores = None
    if held_reports:
        if progress:
            progress("evaluate", 0, 1)
        scores = score_reports(
            Tagger(tokenizer, model, max_length=max(max_length, 256)), held_reports
        )
        if progress:
            progress("evaluate", 1, 1)
    card = {
        "format": CARD_FORMAT,
        "labels": list(LABELS),
        "base_model": str(base),
        "created": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "training": {
            "patients": n_train,
            "reports": len(train_reports),
            "mentions": sum(len(ms) for _, ms in train_reports),
            "sentences": len(examples),
            "epochs": epochs,
            "seed": seed,
            "learning_rate": learning_rate,
            "batch_size": batch_size,
            "max_length": max_length,
            "final_loss": round(sum(losses[-20:]) / max(1, len(losses[-20:])), 4),
            "seconds": round(train_seconds, 1),
        },
        "held_out": {
            "what": held_what,
            "reports": len(held_reports),
            "mentions": sum(len(ms) for _, ms in held_reports),
            "scores": scores.as_dict() if scores is not None else None,
        },
    }
    if cancel is not None and cancel():
        raise Cancelled("training cancelled")
    path = save_model_folder(model, tokenizer, card, out_dir or default_model_dir())
    return TrainedExtractor(path, card, scores)


def extractor_summary(result: TrainedExtractor) -> str:
    """One line on a trained neural extractor, with its held-out scores when there are."""
    card = result.card
    t = card["training"]
    summary = (
        f"trained neural extractor on {t['patients']} patients ({t['reports']} reports, "
        f"{t['sentences']} sentences, {t['mentions']} mentions) in {t['seconds']:.0f} s"
    )
    if result.scores is not None:
        e, p = result.scores.exact, result.scores.partial
        summary += (
            f"; held-out {card['held_out']['what']}: mentions P/R/F1 exact "
            f"{e.precision:.2f}/{e.recall:.2f}/{e.f1:.2f}, partial "
            f"{p.precision:.2f}/{p.recall:.2f}/{p.f1:.2f}"
        )
    else:
        summary += "; nothing held out to score"
    return summary
