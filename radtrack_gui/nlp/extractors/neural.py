"""A trained neural extractor: a token-classification model (BIO tags) over sentences.

The model (any Hugging Face encoder with a token-classification head, fine-tuned by
``radtrack train --extractor neural``, see ``nlp.training``) is read from a local folder only
(``local_files_only``): ``path``, else ``neural-extractor`` in the user model folder, else
in the first of ``paths.models_dirs()`` that has one. torch/transformers load lazily.

Spans: each sentence of ``nlp.text.sentences`` is tokenized by the fast tokenizer with its
offset mapping (a sentence longer than the model's window is cut at word boundaries); every
word of ``nlp.text.TOKEN_RE`` takes the tag of its first sub-word, and B/I runs become
spans from the first word's start to the last word's end, so that a mention's text is
always ``report.text[start:end]``. Attributes: the rule extractor's reading of each span
(``RuleExtractor.annotate``).
"""

from __future__ import annotations

import bisect
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report
from radtrack_gui.nlp.device import check_spec, placement, worker_index
from radtrack_gui.nlp.text import TOKEN_RE, sentences

MODEL_DIR_NAME = "neural-extractor"
CARD_FILE = "radtrack_card.json"
LABELS = ("O", "B-FINDING", "I-FINDING", "B-DEVICE", "I-DEVICE")
TYPE_OF = {"FINDING": FINDING, "DEVICE": DEVICE}
TAG_OF = {FINDING: "FINDING", DEVICE: "DEVICE"}
IGNORE = -100  # label of sub-words that are not a word's first one
DEFAULT_MAX_LENGTH = 256  # sub-words per chunk, special tokens included
PRECISIONS = ("float32", "bfloat16", "int8")  # of the model's arithmetic (Tagger)
SENTENCE_CACHE = 50_000  # distinct sentences whose spans a Tagger keeps between calls
Spans = tuple[tuple[int, int, str], ...]  # (start, end, type) in a sentence
TRAIN_HINT = "train it with `radtrack train --extractor neural GOLD`"


def default_model_dir() -> Path:
    """Where ``radtrack train --extractor neural`` saves the model by default."""
    from radtrack_gui.util.paths import user_data_dir

    return user_data_dir() / "models" / MODEL_DIR_NAME


def find_extractor_model(path: str | os.PathLike[str] | None = None) -> Path:
    """The trained model's folder, or InputError naming where it looked."""
    if path is not None:
        p = Path(path).expanduser()
        if (p / "config.json").is_file():
            return p
        raise InputError(
            f"neural extractor: no model files in {p} (config.json missing); {TRAIN_HINT}"
        )
    from radtrack_gui.util.paths import models_dirs

    looked: list[Path] = []
    for cand in [default_model_dir(), *(d / MODEL_DIR_NAME for d in models_dirs())]:
        if cand in looked:
            continue
        looked.append(cand)
        if (cand / "config.json").is_file():
            return cand
    raise InputError(
        f"neural extractor: no trained model (looked in "
        f"{', '.join(map(str, looked))}); {TRAIN_HINT}"
    )


# -- sentences, words and sub-words (shared with nlp.training) -----------------------------
@dataclass
class Chunk:
    """One model input: sub-word ids of a sentence (or a piece of a long one) and, per
    sub-word, the index of the word it starts (-1: not a word's first sub-word)."""

    report: int  # index of the text it comes from
    ids: list[int]
    first: list[int]
    words: list[tuple[int, int]]  # character spans of the sentence's words (all chunks)


def special_ids(tokenizer: Any) -> tuple[list[int], list[int]]:
    """The special tokens the tokenizer puts before and after a text ([CLS] / [SEP])."""
    bare = tokenizer("x", add_special_tokens=False)["input_ids"]
    full = tokenizer("x", add_special_tokens=True)["input_ids"]
    for i in range(len(full) - len(bare) + 1):
        if full[i : i + len(bare)] == bare:
            return full[:i], full[i + len(bare) :]
    return [], []


def chunks(
    tokenizer: Any,
    texts: list[str],
    max_length: int = DEFAULT_MAX_LENGTH,
    *,
    split: bool = True,
) -> list[Chunk]:
    """Every sentence of every text as model inputs of at most ``max_length`` sub-words
    (``split`` False: each text is one sentence of ``nlp.text.sentences`` already, so its
    chunks depend on its own characters only)."""
    head, tail = special_ids(tokenizer)
    room = max(8, max_length - len(head) - len(tail))
    sents: list[tuple[int, int, int]] = []
    for k, text in enumerate(texts):
        if not split:
            sents.append((k, 0, len(text)))
            continue
        sents.extend((k, s, e) for s, e in sentences(text))
    if not sents:
        return []
    enc = tokenizer(
        [texts[k][s:e] for k, s, e in sents],
        add_special_tokens=False,
        return_offsets_mapping=True,
        verbose=False,
    )
    out: list[Chunk] = []
    for (k, s, e), ids, offsets in zip(sents, enc["input_ids"], enc["offset_mapping"], strict=True):
        words = [m.span() for m in TOKEN_RE.finditer(texts[k], s, e)]
        if not words:
            continue
        starts = [a for a, _ in words]
        first, seen = [], -1
        for a, b in offsets:
            w = bisect.bisect_right(starts, s + a) - 1 if b > a else -1
            if w >= 0 and s + a >= words[w][1]:
                w = -1  # between words (cannot happen with whitespace pre-tokenizers)
            if w > seen:
                first.append(w)
                seen = w
            else:
                first.append(-1)
        i = 0
        while i < len(ids):  # cut before a word start at most `room` sub-words on
            j = min(len(ids), i + room)
            if j < len(ids):
                cut = next((c for c in range(j, i, -1) if first[c] >= 0), j)
                j = cut
            out.append(
                Chunk(
                    k,
                    [*head, *ids[i:j], *tail],
                    [-1] * len(head) + first[i:j] + [-1] * len(tail),
                    words,
                )
            )
            i = j
    return out


def decode(tags: list[str], words: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """BIO word tags -> (start, end, type) character spans (an I after O starts a span)."""
    spans: list[tuple[int, int, str]] = []
    cur: list[Any] | None = None  # [start, end, tag type]
    for tag, (a, b) in zip(tags, words, strict=True):
        kind = tag[2:] if tag != "O" else ""
        if kind and tag.startswith("I-") and cur is not None and cur[2] == kind:
            cur[1] = b
            continue
        if cur is not None:
            spans.append((cur[0], cur[1], TYPE_OF[cur[2]]))
            cur = None
        if kind:
            cur = [a, b, kind]
    if cur is not None:
        spans.append((cur[0], cur[1], TYPE_OF[cur[2]]))
    return spans


def load_model(folder: Path) -> tuple[Any, Any]:
    """(tokenizer, token-classification model) from a local folder; InputError if not."""
    try:
        from transformers import AutoModelForTokenClassification, AutoTokenizer
        from transformers.utils import logging as hf_logging
    except ImportError as exc:
        raise InputError(
            f"neural extractor needs torch and transformers ({exc}); install "
            "them with: pip install radtrack_gui[models]"
        ) from exc
    hf_logging.disable_progress_bar()  # no loading bars on the user's terminal
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
        model = AutoModelForTokenClassification.from_pretrained(str(folder), local_files_only=True)
    except (OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"neural extractor: cannot load model from {folder}: {first}") from exc
    if not getattr(tokenizer, "is_fast", False):
        raise InputError(f"neural extractor: {folder} has no fast tokenizer (tokenizer.json)")
    return tokenizer, model


def check_precision(precision: str) -> None:
    if precision not in PRECISIONS:
        raise InputError(f"neural extractor: precision {precision!r}, not one of {PRECISIONS}")


def quantized(model: Any) -> Any:
    """``model`` with its encoder's Linear layers in int8 (dynamic quantization, weights per
    output channel); its classifier head stays float."""
    import warnings

    import torch

    model.eval()
    with warnings.catch_warnings():  # torch.ao.quantization is deprecated (torchao), still works
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", UserWarning)
        from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

        layers = {
            name: per_channel_dynamic_qconfig
            for name, module in model.named_modules()
            if isinstance(module, torch.nn.Linear) and not name.startswith("classifier")
        }
        return quantize_dynamic(model, layers, dtype=torch.qint8)


class Tagger:
    """Spans of findings and devices in texts, from a tokenizer and a tagging model.

    Inference works per sentence: the model sees one sentence (or a piece of a long one) at
    a time, so a sentence's tags depend on its characters only. ``spans`` therefore runs
    each distinct sentence once (``dedupe``; radiology repeats "No pneumothorax." across
    reports) and keeps the spans of up to ``SENTENCE_CACHE`` sentences for later calls,
    and inputs that tokenize alike run once ("The lungs are clear." and "the lungs are
    clear." with an uncased vocabulary). Inputs are sorted by length and cut into
    batches of at most ``batch_size`` rows and ``batch_tokens`` padded sub-words, padded to
    the longest row of each batch.

    ``precision``: ``float32`` (the model as trained); ``bfloat16`` (``torch.autocast``: about
    twice as fast on CPUs with bf16 instructions, such as AVX512-BF16 or AMX, slower on
    others); ``int8`` (``torch.ao.quantization.quantize_dynamic`` of the encoder's Linear
    layers, per output channel; the classifier stays float). Both are close to but not
    always the same as float32 (``benchmarks/bench_neural.py --iu`` measures how close)."""

    def __init__(
        self,
        tokenizer: Any,
        model: Any,
        max_length: int | None = None,
        batch_size: int = 256,
        device: str = "cpu",
        *,
        batch_tokens: int = 1024,
        dedupe: bool = True,
        precision: str = "float32",
    ) -> None:
        check_precision(precision)
        self.tokenizer, self.model = tokenizer, model
        self.precision = precision
        limit = getattr(model.config, "max_position_embeddings", None) or DEFAULT_MAX_LENGTH
        self.max_length = min(max_length or DEFAULT_MAX_LENGTH, int(limit))
        self.batch_size, self.batch_tokens, self.device = batch_size, batch_tokens, device
        self.dedupe = dedupe
        self._cache: dict[str, Spans] = {}  # sentence -> its spans (dedupe only)
        self.id2label = {int(k): v for k, v in model.config.id2label.items()}
        pad = tokenizer.pad_token_id
        self.pad = 0 if pad is None else int(pad)
        if precision == "int8":
            self.model = quantized(model)

    def spans(self, texts: list[str]) -> list[list[tuple[int, int, str]]]:
        """Per text, its (start, end, type) spans in text order."""
        where = [(k, s, e) for k, text in enumerate(texts) for s, e in sentences(text)]
        found: list[Spans]
        if self.dedupe:
            index: dict[str, int] = {}
            which = [index.setdefault(texts[k][s:e], len(index)) for k, s, e in where]
            found = [self._cache.get(sent, ()) for sent in index]
            new = [sent for sent in index if sent not in self._cache]
            for sent, got in zip(new, self.sentence_spans(new), strict=True):
                found[index[sent]] = got
                if len(self._cache) < SENTENCE_CACHE:
                    self._cache[sent] = got
        else:
            which = list(range(len(where)))
            found = self.sentence_spans([texts[k][s:e] for k, s, e in where])
        out: list[list[tuple[int, int, str]]] = [[] for _ in texts]
        for (k, s, _), i in zip(where, which, strict=True):
            out[k].extend((s + a, s + b, t) for a, b, t in found[i])
        return out

    def sentence_spans(self, sents: list[str]) -> list[Spans]:
        """Per sentence (of ``nlp.text.sentences``), its spans, offsets into the sentence."""
        items = chunks(self.tokenizer, sents, self.max_length, split=False)
        if self.dedupe:
            inputs: dict[tuple[int, ...], int] = {}
            which = [inputs.setdefault(tuple(c.ids), len(inputs)) for c in items]
            best = self._predict(list(inputs))
        else:
            which = list(range(len(items)))
            best = self._predict([tuple(c.ids) for c in items])
        o_tag = next((k for k, v in self.id2label.items() if v == "O"), -1)
        tags: list[list[str] | None] = [None] * len(sents)
        for c, i in zip(items, which, strict=True):
            word_tags = tags[c.report]
            if word_tags is None:
                word_tags = tags[c.report] = ["O"] * len(c.words)
            row = best[i]
            for pos, w in enumerate(c.first):
                if w >= 0 and row[pos] != o_tag:
                    word_tags[w] = self.id2label.get(row[pos], "O")
        out: list[Spans] = [() for _ in sents]
        for c in items:
            word_tags = tags[c.report]
            if word_tags is not None:  # a sentence's first chunk decodes all of it
                out[c.report] = tuple(decode(word_tags, c.words))
                tags[c.report] = None
        return out

    def _predict(self, inputs: list[tuple[int, ...]]) -> list[list[int]]:
        """The best label id of every sub-word of every input."""
        import numpy as np
        import torch

        best: list[list[int]] = [[] for _ in inputs]
        order = sorted(range(len(inputs)), key=lambda i: len(inputs[i]))
        self.model.eval()
        self.model.to(self.device)
        bf16 = self.precision == "bfloat16"
        with torch.inference_mode():
            b = 0
            while b < len(order):
                rows = 1  # the longest of a batch is its last (sorted): budget by that
                while (
                    b + rows < len(order)
                    and rows < self.batch_size
                    and (rows + 1) * len(inputs[order[b + rows]]) <= self.batch_tokens
                ):
                    rows += 1
                batch = order[b : b + rows]
                b += rows
                width = len(inputs[batch[-1]])
                ids = np.full((len(batch), width), self.pad, dtype=np.int64)
                mask = np.zeros((len(batch), width), dtype=np.int64)
                for r, i in enumerate(batch):
                    ids[r, : len(inputs[i])] = inputs[i]
                    mask[r, : len(inputs[i])] = 1
                kind = "cuda" if str(self.device).startswith("cuda") else "cpu"
                with torch.autocast(kind, torch.bfloat16, enabled=bf16):
                    logits = self.model(
                        input_ids=torch.from_numpy(ids).to(self.device),
                        attention_mask=torch.from_numpy(mask).to(self.device),
                    ).logits
                top = logits.argmax(-1).cpu().numpy()
                for r, i in enumerate(batch):
                    best[i] = top[r, : len(inputs[i])].tolist()
        return best


class NeuralExtractor:
    """Mentions from a locally trained token-classification model (``extract(report)``).

    ``dedupe``, ``precision``: see ``Tagger`` (the defaults give the model's own output)."""

    name = "neural"

    def __init__(
        self,
        name: str = "neural",
        path: str | os.PathLike[str] | None = None,
        device: str | None = None,
        batch_size: int = 256,
        *,
        dedupe: bool = True,
        precision: str = "float32",
    ) -> None:
        check_precision(precision)
        check_spec(device or "auto")
        self.name = name
        self.folder = find_extractor_model(path)
        self.device, self.batch_size = device, batch_size
        self.dedupe, self.precision = dedupe, precision
        self._tagger: Tagger | None = None
        self._rules: Any = None

    @property
    def tagger(self) -> Tagger:
        if self._tagger is None:
            place = placement(self.device, worker_index())
            # On a GPU that supports it the model runs in bf16 (the CPU keeps float32 unless
            # asked otherwise), with the larger batches a GPU wants.
            precision = "bfloat16" if place.bf16 and self.precision == "float32" else self.precision
            tokenizer, model = load_model(self.folder)
            self._tagger = Tagger(
                tokenizer,
                model,
                batch_size=self.batch_size if place.kind == "cpu" else 4 * self.batch_size,
                device=place.device,
                batch_tokens=place.batch_tokens,
                dedupe=self.dedupe,
                precision=precision,
            )
        return self._tagger

    def extract(self, report: Report) -> list[Mention]:
        return self.extract_many([report])[0]

    def extract_many(self, reports: list[Report]) -> list[list[Mention]]:
        """Mentions of several reports (their sentences share the model's batches)."""
        if self._rules is None:
            from radtrack_gui.nlp.extractors.rules import RuleExtractor

            self._rules = RuleExtractor()
        found = self.tagger.spans([r.text or "" for r in reports])
        return [
            self._rules.annotate(r, spans, source=f"model:{self.name}")
            for r, spans in zip(reports, found, strict=True)
        ]
