"""One fine-tuning loop for RadTrack's transformer trainers (the neural extractor, the pair
model, the QA reader): AdamW with weight decay, a linear warm-up over the first tenth of the
steps then linear decay to zero, gradient clipping at 1, and cancel and progress between
steps. It trains where the models run (``nlp/device.py``: a GPU when torch sees one, with
bf16 autocast where the card supports it; the CPU as before). torch is imported here, so
only by a trainer that runs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from radtrack_gui.core.errors import Cancelled
from radtrack_gui.core.progress import Progress


def fine_tune(
    model: Any,
    batches: Sequence[Any],
    inputs: Callable[[Any], dict[str, Any]],
    *,
    learning_rate: float,
    cancel: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    device: str | None = None,
) -> list[float]:
    """Train ``model`` on ``batches`` in order (all epochs, already shuffled; ``inputs``
    turns one into the model's keyword arguments); the losses, one per step. ``device``:
    auto, cpu, cuda or cuda:N (default ``RADTRACK_DEVICE``, else auto). The model is left in
    eval mode, on that device."""
    import torch

    from radtrack_gui.nlp.device import placement

    place = placement(device)
    model.to(place.device)

    total = len(batches)
    warmup = max(1, total // 10)

    def rate(step: int) -> float:  # linear warm-up, then linear decay to zero
        return min((step + 1) / warmup, max(0.0, (total - step) / max(1, total - warmup)))

    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=0.01)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, rate)
    model.train()
    losses: list[float] = []
    for step, batch in enumerate(batches, 1):
        if cancel is not None and cancel():
            raise Cancelled("training cancelled")
        args = inputs(batch)
        if place.kind == "cuda":
            args = {k: v.to(place.device, non_blocking=True) for k, v in args.items()}
        with torch.autocast(place.kind, torch.bfloat16, enabled=place.bf16):
            loss = model(**args).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(float(loss.detach()))
        if progress:
            progress("train", step, total)
    model.eval()
    return losses
