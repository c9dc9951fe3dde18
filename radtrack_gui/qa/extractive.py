"""The ``reader``: extractive question answering over retrieved sentences (Qt-free).

An ``AutoModelForQuestionAnswering`` read from a local folder only (``local_files_only``):
``path``, else ``qa-reader`` in the user model folder, else in the first of
``paths.models_dirs()`` that has one (a RadQA-trained folder copied there works too). For a
question, BM25 (``qa.retrieval``; ``retrieval="minilm"`` re-ranks with the local MiniLM
encoder) picks candidate sentences; each is read as the context; the best span over all candidates wins unless the model's "no
answer" score beats it by the card's ``null_threshold`` (unanswerable). torch and
transformers load lazily.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.device import check_spec, placement
from radtrack_gui.nlp.model_folder import CARD_FILE, load_pretrained
from radtrack_gui.nlp.text import sentence_around
from radtrack_gui.qa.answer import Answer, no_answer, span_evidence

MODEL_DIR_NAME = "qa-reader"
TRAIN_HINT = "train one with `radtrack train --reader DATA.json`"
MAX_ANSWER_TOKENS = 30
CANDIDATES = 5


def default_reader_dir() -> Path:
    from radtrack_gui.util.paths import user_data_dir

    return user_data_dir() / "models" / MODEL_DIR_NAME


def find_reader_model(path: str | os.PathLike[str] | None = None) -> Path:
    """The reader model's folder, or InputError naming where it looked."""
    if path is not None:
        p = Path(path).expanduser()
        if (p / "config.json").is_file():
            return p
        raise InputError(f"reader: no model files in {p} (config.json missing); {TRAIN_HINT}")
    from radtrack_gui.util.paths import models_dirs

    looked: list[Path] = []
    for cand in [default_reader_dir(), *(d / MODEL_DIR_NAME for d in models_dirs())]:
        if cand in looked:
            continue
        looked.append(cand)
        if (cand / "config.json").is_file():
            return cand
    raise InputError(f"reader: no model (looked in {', '.join(map(str, looked))}); {TRAIN_HINT}")


def installed_reader() -> ExtractiveReader | None:
    """The installed reader, or None (the chains reader's fallback)."""
    try:
        return ExtractiveReader()
    except InputError:
        return None


def load_qa_model(folder: Path) -> tuple[Any, Any]:
    try:
        from transformers import AutoModelForQuestionAnswering
    except ImportError as exc:
        raise InputError(f"reader needs torch and transformers ({exc})") from exc
    tokenizer, model = load_pretrained(folder, AutoModelForQuestionAnswering, "reader")
    model.eval()
    return tokenizer, model


def best_spans(
    tokenizer: Any, model: Any, question: str, contexts: list[str], max_length: int = 256
) -> list[tuple[float, float, int, int]]:
    """Per context: (best span score, null score, start char, end char) — the span with
    the highest start + end logit among spans of the context (at most
    ``MAX_ANSWER_TOKENS``), and the [CLS] score of "no answer"."""
    import torch

    if not contexts:
        return []
    enc = tokenizer(
        [question] * len(contexts),
        contexts,
        truncation="only_second",
        max_length=max_length,
        padding=True,
        return_offsets_mapping=True,
        return_tensors="pt",
    )
    offsets = enc.pop("offset_mapping").tolist()
    seq_ids = [enc.sequence_ids(i) for i in range(len(contexts))]
    device = next(model.parameters()).device  # where the reader was placed
    bf16 = device.type == "cuda" and torch.cuda.is_bf16_supported()
    with torch.no_grad(), torch.autocast(device.type, torch.bfloat16, enabled=bf16):
        out = model(
            **{
                k: v.to(device)
                for k, v in enc.items()
                if k in ("input_ids", "attention_mask", "token_type_ids")
            }
        )
    starts, ends = out.start_logits.float().tolist(), out.end_logits.float().tolist()
    results = []
    for i in range(len(contexts)):
        ctx = [k for k, s in enumerate(seq_ids[i]) if s == 1]
        null = starts[i][0] + ends[i][0]
        best = (float("-inf"), 0, 0)
        if ctx:
            top_s = sorted(ctx, key=lambda k: -starts[i][k])[:20]
            top_e = sorted(ctx, key=lambda k: -ends[i][k])[:20]
            for a in top_s:
                for b in top_e:
                    if a <= b < a + MAX_ANSWER_TOKENS:
                        score = starts[i][a] + ends[i][b]
                        if score > best[0]:
                            best = (score, offsets[i][a][0], offsets[i][b][1])
        results.append((best[0], null, best[1], best[2]))
    return results


class ExtractiveReader:
    name = "reader"

    def __init__(
        self,
        name: str = "reader",
        path: str | os.PathLike[str] | None = None,
        null_threshold: float | None = None,
        candidates: int = CANDIDATES,
        retrieval: str = "bm25",
        device: str | None = None,
    ) -> None:
        self.name = name
        self.device = check_spec(device or "auto")
        self.folder = find_reader_model(path)
        card = self.folder / CARD_FILE
        self.card: dict[str, Any] = {}
        if card.is_file():
            try:
                self.card = json.loads(card.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self.card = {}
        self.null_threshold = float(
            null_threshold if null_threshold is not None else self.card.get("null_threshold", 0.0)
        )
        self.candidates = candidates
        if retrieval not in ("bm25", "minilm"):
            raise InputError(f"reader: unknown retrieval '{retrieval}' (bm25, minilm)")
        self._dense: Any = None
        if retrieval == "minilm":
            from radtrack_gui.qa.retrieval import DenseRanker

            self._dense = DenseRanker()
        self._model: tuple[Any, Any] | None = None
        self._index: tuple[int, Any] | None = None

    @property
    def model(self) -> tuple[Any, Any]:
        if self._model is None:
            tokenizer, model = load_qa_model(self.folder)
            model.to(placement(self.device).device)
            self._model = (tokenizer, model)
        return self._model

    def index(self, patient: Patient) -> Any:
        from radtrack_gui.qa.retrieval import SentenceIndex

        if self._index is None or self._index[0] != id(patient):
            self._index = (id(patient), SentenceIndex.for_patient(patient))
        return self._index[1]

    def answer(self, patient: Patient, question: str) -> Answer:
        from radtrack_gui.qa.retrieval import query_words

        index = self.index(patient)
        if self._dense is not None:
            found = self._dense.search(
                index, patient, question, query_words(question), k=self.candidates
            )
        else:
            found = index.search(query_words(question), k=self.candidates)
        if not found:
            return no_answer(question, self.name)
        contexts, spans = [], []
        for _, s in found:  # the sentence: the model reads it alone (short, fast)
            text = patient.report(s.report).text
            contexts.append(text[s.start : s.end])
            spans.append((s.report, s.start))
        tokenizer, model = self.model
        scored = best_spans(tokenizer, model, question, contexts)
        best_i = max(range(len(scored)), key=lambda i: scored[i][0] - scored[i][1])
        span_score, null_score, a, b = scored[best_i]
        report_id, base = spans[best_i]
        report = patient.report(report_id)
        evidence_sentences = [
            span_evidence(patient.report(s.report), s.start, s.end) for _, s in found[:3]
        ]
        if span_score - null_score <= self.null_threshold or b <= a:
            return no_answer(question, self.name)
        a, b = base + a, base + b
        s, e = sentence_around(report.text, a, b)
        ev = span_evidence(report, s, e, (a, b))
        rest = [x for x in evidence_sentences if (x.report, x.start) != (ev.report, ev.start)]
        text = " ".join(report.text[a:b].split())
        return Answer(
            question, text, True, self.name, [ev, *rest][:3], _chains_at(patient, report_id, a, b)
        )


def _chains_at(patient: Patient, report: str, start: int, end: int) -> list[str]:
    """Chains with a mention inside the answer span."""
    return list(
        dict.fromkeys(
            m.chain
            for m in patient.mentions_of(report)
            if m.chain and m.start < end and start < m.end
        )
    )
