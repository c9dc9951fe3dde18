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
