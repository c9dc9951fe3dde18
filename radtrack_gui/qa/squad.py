"""SQuAD-format question answering data (v1 or v2) and its scores: the questions of a file,
and exact match / token F1 against the best gold answer (SQuAD normalisation)."""

from __future__ import annotations

import json
import os
import re
import string
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.metrics import f1_score

_ARTICLES = re.compile(r"\b(a|an|the)\b")


@dataclass
class SquadItem:
    id: str
    question: str
    context: str
    answers: list[tuple[str, int]]  # (text, answer_start); empty: unanswerable


def read_squad(path: str | os.PathLike[str]) -> list[SquadItem]:
    """The questions of a SQuAD (v1 or v2) JSON file; InputError naming the file if not."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"{path}: not a readable SQuAD JSON file ({exc})") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), list):
        raise InputError(f'{path}: not SQuAD format (no "data" list)')
    items: list[SquadItem] = []
    try:
        for article in doc["data"]:
            for para in article["paragraphs"]:
                context = para["context"]
                for qa in para["qas"]:
                    answers = (
                        []
                        if qa.get("is_impossible")
                        else [(a["text"], int(a["answer_start"])) for a in qa.get("answers", [])]
                    )
                    items.append(SquadItem(str(qa["id"]), qa["question"], context, answers))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{path}: not SQuAD format ({type(exc).__name__}: {exc})") from exc
    if not items:
        raise InputError(f"{path}: no questions")
    return items


def normalize(text: str) -> str:
    """SQuAD normalisation: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(_ARTICLES.sub(" ", text).split())


def exact(pred: str, gold: str) -> float:
    return float(normalize(pred) == normalize(gold))


def token_f1(pred: str, gold: str) -> float:
    p, g = normalize(pred).split(), normalize(gold).split()
    if not p or not g:
        return float(p == g)
    common = sum((Counter(p) & Counter(g)).values())
    if not common:
        return 0.0
    return f1_score(common / len(g), common / len(p))


def best_exact(pred: str, golds: list[str]) -> float:
    return max((exact(pred, g) for g in golds), default=float(not normalize(pred)))


def best_f1(pred: str, golds: list[str]) -> float:
    """SQuAD v2: an unanswerable question (no gold) scores 1 when ``pred`` is empty."""
    return max((token_f1(pred, g) for g in golds), default=float(not normalize(pred)))
