"""A tiny BERT question-answering base model and generated SQuAD data (no downloads)."""

from __future__ import annotations

import json
import random
from pathlib import Path

DEVICES = [
    "chest tube",
    "picc line",
    "feeding tube",
    "endotracheal tube",
    "ng tube",
    "central line",
]
SITES = [
    "stomach",
    "svc",
    "right atrium",
    "left apex",
    "right apex",
    "duodenum",
    "carina",
    "lower svc",
]
FILLER = [
    "the lungs are clear",
    "no pneumothorax",
    "heart size is normal",
    "there is a small effusion",
    "no acute fracture",
]


def tiny_base(folder: Path) -> Path:
    """A randomly initialised 2-layer BERT and a word-level tokenizer saved to ``folder``."""
    from transformers import BertConfig, BertForQuestionAnswering, BertTokenizerFast

    words = sorted(
        {w for t in DEVICES + SITES + FILLER for w in t.split()}
        | {
            "where",
            "is",
            "the",
            "tip",
            "of",
            "in",
            "terminates",
            "report",
            ".",
            "?",
            "its",
            "with",
            "has",
            "been",
            "placed",
            "a",
            "no",
            "tubes",
            "or",
            "lines",
        }
    )
    folder.mkdir(parents=True, exist_ok=True)
    tokens = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]
    tok = BertTokenizerFast(vocab={t: i for i, t in enumerate(tokens)}, do_lower_case=True)
    config = BertConfig(
        vocab_size=tok.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=128,
    )
    BertForQuestionAnswering(config).save_pretrained(str(folder))
    tok.save_pretrained(str(folder))
    return folder


def example(rng: random.Random, answerable: bool) -> tuple[str, str, str | None]:
    device, site = rng.choice(DEVICES), rng.choice(SITES)
    filler = rng.sample(FILLER, 2)
    if answerable:
        core = f"the {device} terminates in the {site}."
        parts = [f"{filler[0]}.", core, f"{filler[1]}."]
        rng.shuffle(parts)
        return f"where is the tip of the {device}?", " ".join(parts), site
    other = rng.choice([d for d in DEVICES if d != device])
    return (
        f"where is the tip of the {device}?",
        f"{filler[0]}. the {other} terminates in the {site}. {filler[1]}.",
        None,
    )


def squad_file(path: Path, n: int, seed: int) -> Path:
    rng = random.Random(seed)
    paras = []
    for i in range(n):
        q, ctx, ans = example(rng, answerable=i % 4 != 0)
        qa = {
            "id": f"q{i}",
            "question": q,
            "is_impossible": ans is None,
            "answers": []
            if ans is None
            else [{"text": ans, "answer_start": ctx.index(f"in the {ans}.") + len("in the ")}],
        }
        paras.append({"context": ctx, "qas": [qa]})
    path.write_text(json.dumps({"version": "v2.0", "data": [{"title": "t", "paragraphs": paras}]}))
    return path
