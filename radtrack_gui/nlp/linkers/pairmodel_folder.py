"""The pair model's folder and scorer: where a trained model is found, loading it (safetensors
only, never unpickled; torch/transformers imported lazily), optional int8 quantization, torch
threads, and ``PairScorer`` (P(same entity) for text pairs, batched and cached)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError

MODEL_DIR_NAME = "pairmodel"
CARD_FILE = "radtrack_card.json"
CARD_FORMAT = "radtrack-pairmodel/1"
TRAIN_HINT = "train it with `radtrack train GOLD --linker pairmodel --out DIR`"
MAX_LENGTH = 128
DEFAULT_THRESHOLD = 0.5
CACHE_LIMIT = 200_000  # pair scores kept across calls


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


class PairScorer:
    """P(same entity) for text pairs: batched, length-sorted, each distinct pair once."""

    def __init__(
        self,
        tokenizer: Any,
        model: Any,
        batch_size: int = 64,
        max_length: int = MAX_LENGTH,
        device: str = "cpu",
        bf16: bool = False,
    ) -> None:
        self.tokenizer, self.model = tokenizer, model
        self.batch_size, self.max_length = batch_size, max_length
        self.device, self.bf16 = device, bf16
        self.model.to(device)
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
                ).to(self.device)
                kind = "cuda" if self.device.startswith("cuda") else "cpu"
                with torch.autocast(kind, torch.bfloat16, enabled=self.bf16):
                    logits = self.model(**enc).logits
                probs = torch.softmax(logits.float(), dim=-1)[:, 1].tolist()
                self.cache.update(zip(chunk, probs, strict=True))
        return [self.cache[p] for p in pairs]
