"""A RadTrack model folder: transformer weights (safetensors), tokenizer files and a card,
``radtrack_card.json`` (its ``format``, what it was trained on, how well it did). The
trainers write one with ``save_model_folder``; the readers and ``model_install`` read it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.util.atomic import atomic_folder, write_private

CARD_FILE = "radtrack_card.json"


def save_model_folder(
    model: Any, tokenizer: Any, card: dict[str, Any], out_dir: str | os.PathLike[str]
) -> Path:
    """Write the model (safetensors), its tokenizer and ``card`` as private files into a
    temporary folder renamed over ``out_dir``: a previous model is replaced only once all
    is written."""
    target = Path(out_dir).expanduser()
    if target.exists() and not target.is_dir():
        raise InputError(f"{target}: exists and is not a folder")
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with atomic_folder(target) as tmp:
        model.save_pretrained(str(tmp), safe_serialization=True)
        tokenizer.save_pretrained(str(tmp))
        write_private(tmp / CARD_FILE, json.dumps(card, indent=2) + "\n")
        for f in tmp.iterdir():
            if f.is_file():
                os.chmod(f, 0o600)
    return target


def load_pretrained(
    folder: Path, model_class: Any, what: str, *, seed: int | None = None, **kwargs: Any
) -> tuple[Any, Any]:
    """The fast tokenizer and the model (``model_class``: a transformers ``Auto...`` class,
    given ``kwargs``) of a local folder, never the network, quietly (no progress bars, no
    "newly initialized" warnings). ``seed`` seeds torch first, for a new head. ``InputError``
    beginning with ``what`` when they cannot be loaded or the tokenizer is not a fast one."""
    from transformers import AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
        if seed is not None:
            import torch

            torch.manual_seed(seed)
        model = model_class.from_pretrained(str(folder), local_files_only=True, **kwargs)
    except (OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"{what}: cannot load {folder}: {first}") from exc
    finally:
        hf_logging.set_verbosity(verbosity)
    if not getattr(tokenizer, "is_fast", False):
        raise InputError(f"{what}: {folder} has no fast tokenizer (tokenizer.json)")
    return tokenizer, model
