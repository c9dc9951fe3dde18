"""Candidate sentences for a question: lexical BM25 over every sentence of a patient's
reports, the question's concepts expanded with their vocabulary synonyms (Qt-free).

Built once per patient (``SentenceIndex.for_patient``) and reused for every question.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.word_lists import word_list

_WORD = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
STOP = word_list("stopwords_retrieval")  # resources/vocab/stopwords_retrieval.tsv
K1, B = 1.2, 0.75


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOP]


@dataclass
class Sentence:
    report: str
    start: int
    end: int
    order: int  # the report's place in time order


class SentenceIndex:
    def __init__(self, sentences: list[Sentence], docs: list[Counter[str]]) -> None:
        self.sentences, self.docs = sentences, docs
        self.lengths = [sum(d.values()) for d in docs]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 1.0
        df: Counter[str] = Counter()
        for d in docs:
            df.update(d.keys())
        n = len(docs)
        self.idf = {w: math.log(1 + (n - c + 0.5) / (c + 0.5)) for w, c in df.items()}

    @classmethod
    def for_patient(cls, patient: Patient) -> SentenceIndex:
        from radtrack_gui.nlp.text import sentence_around, sentence_spans

        sents: list[Sentence] = []
        docs: list[Counter[str]] = []
        for order, report in enumerate(patient.reports):
            for a, b in sentence_spans(report.text):
                s, e = sentence_around(report.text, a, max(a + 1, b))
                toks = words(report.text[s:e])
                if toks and e > s:
                    sents.append(Sentence(report.id, s, e, order))
                    docs.append(Counter(toks))
        return cls(sents, docs)

    def search(self, query: list[str], k: int = 5) -> list[tuple[float, Sentence]]:
        """The ``k`` best sentences for the query words (score > 0), best first; ties go to
        the later report."""
        q = Counter(query)
        scored = []
        for i, doc in enumerate(self.docs):
            score = 0.0
            norm = K1 * (1 - B + B * self.lengths[i] / self.avg)
            for w, qn in q.items():
                tf = doc.get(w)
                if tf:
                    score += qn * self.idf[w] * tf * (K1 + 1) / (tf + norm)
            if score > 0:
                scored.append((score, self.sentences[i].order, i))
        scored.sort(reverse=True)
        return [(s, self.sentences[i]) for s, _, i in scored[:k]]


def query_words(question: str) -> list[str]:
    """The question's content words plus the terms of the concepts it names."""
    from radtrack_gui.nlp.vocabulary import vocabulary
    from radtrack_gui.qa.question import parse_question

    vocab = vocabulary()
    q = parse_question(question, vocab)
    out = words(question)
    for name in q.concepts:
        for term in vocab.synonyms(name)[:8]:
            out.extend(w for w in words(term) if w not in out)
    return out


class DenseRanker:
    """Optional re-ranking with the local MiniLM sentence encoder (the embedding linker's
    ``Encoder``): BM25's best ``pool`` sentences re-scored by half normalised BM25, half
    cosine similarity to the question. Sentence vectors are cached per index."""

    def __init__(self, model_path: str | None = None, pool: int = 20) -> None:
        from radtrack_gui.nlp.linkers.embedding import Encoder, find_model

        self.encoder = Encoder(find_model(model_path))
        self.pool = pool
        self._vectors: dict[tuple[int, str, int], Any] = {}  # sentence -> vector

    def search(
        self, index: SentenceIndex, patient: Patient, question: str, query: list[str], k: int = 5
    ) -> list[tuple[float, Sentence]]:
        found = index.search(query, k=self.pool)
        if not found:
            return []

        def key(s: Sentence) -> tuple[int, str, int]:
            return (id(index), s.report, s.start)

        missing = [s for _, s in found if key(s) not in self._vectors]
        if missing:
            texts = [patient.report(s.report).text[s.start : s.end] for s in missing]
            for s, v in zip(missing, self.encoder.encode(texts), strict=True):
                self._vectors[key(s)] = v
        q = self.encoder.encode([question])[0]
        top = max(score for score, _ in found)
        rescored = [
            (0.5 * score / top + 0.5 * float(q @ self._vectors[key(s)]), s) for score, s in found
        ]
        rescored.sort(key=lambda x: -x[0])
        return rescored[:k]
