"""The embedded default extractor: vocabulary terms plus context rules (no model files).

Per sentence (``nlp.text``), the lexicon (``Vocabulary.lexicon``) finds concept terms,
anatomy terms and context cues in one pass over the tokens. Each concept term becomes a
mention; its attributes come from the words around it:

* **Span.** The vocabulary term as written, nothing else: side words ("left"), sizes,
  severities and separate location words are attributes, not part of the span. Names that
  include a site are terms of their own ("pleural effusion", "IJ line", "subdural hematoma"),
  so "right IJ catheter" gives the span "IJ catheter", laterality right, anatomy right internal
  jugular vein; "right internal jugular central venous catheter" gives "central venous
  catheter" with the same attributes and concept.
* **Anatomy** (most specific first, then the structures containing it): a structure in the
  phrase (the modifiers just before the term, or a prepositional phrase just after it), else
  one in the same sentence that fits the concept's default site, else -- when the sentence
  points back ("in this region", "at the same site", "also") -- the site of a finding in the
  previous sentence of the paragraph, else the concept's default (or the exam's body region). A generic concept is refined by its site ("hemorrhage" in the sulci ->
  subarachnoid hemorrhage; "fracture" at C5 -> vertebral fracture).
* **Laterality**: a side word in the phrase, the side of the structure, or the one side word
  of the sentence that no other mention took; "bibasilar"/"bilateral" -> bilateral.
* **Assertion** (NegEx/ConText style): the nearest trigger whose scope reaches the mention;
  pre-triggers ("no", "without", "no evidence of", "possible") reach forward to the end of
  the clause, post-triggers ("is not seen", "has resolved", "cannot be excluded") backward;
  terminators ("but", "however", "there is", ";") end a scope; pseudo-triggers ("no change")
  are not negations. Weak hedges ("may represent", "could indicate") make it possible,
  committed readings ("probable", the first of "A versus B", "A and/or B") present; a
  trigger reaches every member of a coordinated list ("no A, B, C or D").
* **Change**: the nearest course word (new, increased, stable, resolved, removed,
  withdrawn...) before or after the mention in its clause; device and finding words are
  mapped onto each other ("new" line -> inserted, "resolved" line -> removed).
* **Device words** ("tip", "line", "tube", "catheter", "leads") continuing a device named
  earlier in the sentence or paragraph (on a compatible side) take its concept; with a side
  word ("the right line") or as a generic head ("the catheter") they are a device of their
  own; "tip", "line" alone are not mentions, and "tip of the catheter" is the catheter's.
* **Questions**: findings in the first paragraph of an indication / history section are the
  reason for the exam (GUIDELINE rule 8): left out unless ``questions=True``, which keeps them
  with ``Mention.question`` set.
* **Normal statements** ("normal", "unremarkable", "clear", "intact") about a named
  structure are findings with the concept "normal <structure>".
* Terms of a concept flagged ``ignore`` ("dental hardware", "partially distended") are
  matched, so that their words make no mention, and then dropped.

``annotate(report, spans)`` applies the same attribute rules to spans that another extractor
found (the neural one): one mention per span, none dropped, the concept from the vocabulary
term inside the span. ``extract`` is ``annotate`` without spans.

Modules: this one (chunks, sentences and their caches), ``candidates`` (tokens, term
matches, given spans, cache rows), ``analysis`` (one sentence's attributes), ``context``
(assertion), ``change``, ``sites`` (anatomy, laterality, region), ``devices`` (device words),
``layout`` (chunks, headers, question sections, sizes).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report
from radtrack_gui.nlp.extractors.adjacent_mentions import joined_mentions, modifier_words
from radtrack_gui.nlp.extractors.analysis import analyse
from radtrack_gui.nlp.extractors.candidates import (
    Cand,
    Sentence,
    from_row,
    given_cand,
    to_row,
    tokens_and_terms,
)
from radtrack_gui.nlp.extractors.devices import GENERIC
from radtrack_gui.nlp.extractors.inline_reasons import inline_reason_spans
from radtrack_gui.nlp.extractors.layout import SPACE_RE, is_header, question_spans
from radtrack_gui.nlp.extractors.layout import chunks as chunks_of
from radtrack_gui.nlp.extractors.neutral_words import (
    NEUTRAL_LENGTHS,
    cause_adjectives,
    may_name_cause,
    neutral_word,
)
from radtrack_gui.nlp.extractors.normal_quality import QUALITY
from radtrack_gui.nlp.extractors.regions import exam_region, most_named, title_region
from radtrack_gui.nlp.extractors.site_tails import without_site_tails
from radtrack_gui.nlp.extractors.within_normal import within_normal
from radtrack_gui.nlp.sections import section_at, sections_and_reasons
from radtrack_gui.nlp.text import plain_apostrophes, sentences
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary
from radtrack_gui.util.memo import RecentMemo

# What an extractor remembers between reports, each memo a ``RecentMemo`` (at most twice
# its size; the recently used are kept). Memos that kept the first 200,000 sentences and
# 50,000 chunks they saw grew a cohort worker by ~15 KB a report to ~800 MiB; at these
# sizes the memos top out under ~50 MiB and keep most of the hits (generated cohort, 10,000
# reports: sentence hits 0.78-0.81 at half to twice these sizes, 0.82 unbounded; see
# docs/performance.md, "A cohort worker's memory").
SENTENCE_CACHE = 10_000  # sentences (their tokens and matches; their analysed candidates)
CHUNK_CACHE = 2_500  # chunks (text between blank lines) whose mentions are kept
REPORT_CACHE = 2_500  # report texts whose mention rows are kept (IU repeats reports word for word)
# text, exam region, sections (as given), questions kept
ReportKey = tuple[str, str, tuple[tuple[str, int, int], ...], bool]


class RuleExtractor:
    """Vocabulary + context rules; ``extract(report)`` -> mentions (ids left blank)."""

    name = "rules"

    def __init__(self, vocab_folder: str | None = None, questions: bool = False) -> None:
        """``questions``: also emit the findings named in the indication / reason for the
        exam / history, with ``Mention.question`` set (for linking context and Ask); by
        default they are left out (GUIDELINE rule 8)."""
        self.questions = questions
        self.vocab: Vocabulary = vocabulary(vocab_folder)
        self.lex = self.vocab.lexicon()
        # words that modify a term in the tables ("ground-glass", "fluid"): adjacent_mentions
        self.modifiers = modifier_words(self.vocab.concept_terms)
        # (chunk text, exam region) -> the mention rows found in it
        self._chunk_cache: RecentMemo[tuple[str, str], tuple[tuple, ...]]  # type: ignore[type-arg]
        self._chunk_cache = RecentMemo(CHUNK_CACHE)
        # (report text, exam region and sections as given, ``questions``) -> ``_rows``
        # (without spans nothing else decides a report's mentions)
        self._report_cache: RecentMemo[ReportKey, tuple[tuple, ...]]  # type: ignore[type-arg]
        self._report_cache = RecentMemo(REPORT_CACHE)
        self._tops_cache: RecentMemo[str, tuple[str, ...]] = RecentMemo(CHUNK_CACHE)
        self._splits: dict[str, list[tuple[int, int]]] = {}  # cleared per report
        self._anatomy_memo: dict[str, tuple[str, ...]] = {}
        # (sentence text, exam region) -> its finished candidates as rows (``candidates.to_row``)
        self._result_cache: RecentMemo[tuple[str, str], tuple[tuple, ...]]  # type: ignore[type-arg]
        self._result_cache = RecentMemo(SENTENCE_CACHE)
        # sentence text -> what ``candidates.tokens_and_terms`` decides from it alone
        self._sentence_cache: RecentMemo[str, tuple] = RecentMemo(SENTENCE_CACHE)  # type: ignore[type-arg]

    # -- public ----------------------------------------------------------------
    def extract(self, report: Report) -> list[Mention]:
        return self.annotate(report)

    def annotate(
        self,
        report: Report,
        spans: Sequence[tuple[int, int, str]] | None = None,
        source: str | None = None,
    ) -> list[Mention]:
        """Mentions of ``report`` with all their attributes (concept, anatomy, laterality,
        assertion, change, section, measurements), filled by the rules above.

        ``spans`` None: the mentions at the vocabulary's terms (``extract``). Else one
        mention exactly at each ``(start, end, type)`` span found by another extractor, in
        text order: its concept is the vocabulary term inside the span (a device word takes
        the device it continues; an unknown term its own lower-cased words) and nothing is
        dropped (a span in the reason for the exam is kept, marked ``question``).
        ``source``: the mentions' provenance (default ``model:rules``).

        Without spans the text is read in chunks between blank lines: no rule looks across
        a blank line except the exam region, so a chunk's mentions depend only on its text
        and the region, and a chunk seen before (templates repeat word for word) is copied
        instead of analysed again."""
        text = report.text or ""
        # a report read before (archives repeat normal reports word for word): without
        # spans its mentions depend only on its text, exam region and sections (given, or
        # found in the text), so its rows are copied
        key: ReportKey | None = None
        if spans is None:
            given = tuple((x.name, x.start, x.end) for x in report.sections or ())
            key = (text, report.region or "", given, self.questions)
        rows = None if key is None else self._report_cache.get(key)
        if rows is None:
            rows = self._rows(report, text, spans)
            if key is not None:
                self._report_cache.put(key, rows)
        source = source or f"model:{self.name}"
        rid = report.id
        # positional arguments in ``Mention``'s field order (id, report, start, end, text,
        # type, concept, anatomy, laterality, assertion, change, section, measurements, chain,
        # source, fragments, question): half the cost of a keyword call, one per mention
        # (docs/performance.md "Round 11"; tests/nlp/extractors/test_extraction_round11.py)
        return [
            Mention(
                "",
                rid,
                s,
                e,
                text[s:e],
                type_,
                concept,
                list(anatomy),
                side,
                assertion,
                change,
                section,
                list(sizes),
                None,
                source,
                [],
                question,
            )
            for s, e, type_, concept, anatomy, side, assertion, change, section, sizes, question in rows
        ]

    def _rows(
        self, report: Report, text: str, spans: Sequence[tuple[int, int, str]] | None
    ) -> tuple[tuple, ...]:  # type: ignore[type-arg]
        """``annotate``'s mentions as rows (start, end, type, concept, anatomy, side,
        assertion, change, section, sizes, question), questions left out unless kept;
        read with plain apostrophes (``text.plain_apostrophes``: same offsets)."""
        self._splits.clear()
        text = plain_apostrophes(text)
        reasons = None
        if report.sections:
            sections = report.sections
        else:
            # the reasons find_sections cut at, read once: the same spans as
            # ``question_spans`` of the cut sections up to the white space before the
            # report's own text, where no token starts (docs/performance.md "Round 9")
            sections, reasons = sections_and_reasons(text)
        found: list[tuple[int, Sequence[tuple]]] = []  # type: ignore[type-arg]
        if spans is not None:  # (offset, mentions) per chunk; here the whole text
            found.append((0, self._run(text, report, spans)))
        else:
            chunks = chunks_of(text)
            region, among = title_region(report)
            if region is None:
                tops = chain.from_iterable(self._chunk_tops(text[a:b]) for a, b in chunks)
                region = most_named(tops, among)
            for a, b in chunks:
                key = (text[a:b], region)
                hit = self._chunk_cache.young.get(key)  # RecentMemo's fast path
                if hit is None:
                    hit = self._chunk_cache.recall(key)
                if hit is None:
                    hit = tuple(self._run(key[0], report, None, region))
                    self._chunk_cache.put(key, hit)
                found.append((a, hit))
        asked = reasons if reasons is not None and spans is None else question_spans(text, sections)
        # and the reasons run into the text without a section of their own (rule 8)
        asked = asked + inline_reason_spans(text)
        out = []
        for at, rows in found:
            for s, e, type_, concept, anatomy, side, assertion, change, sizes in rows:
                s += at
                e += at
                section = section_at(sections, s) if sections else None
                question = (
                    bool(asked)
                    and (type_ == FINDING or concept == GENERIC)
                    and any(a <= s < b for a, b in asked)
                )  # a named device there is real, not asked
                if question and not self.questions and spans is None:
                    continue  # a reason for the exam is a question, not a finding (rule 8)
                if (
                    spans is None
                    and type_ == FINDING
                    and e - s in NEUTRAL_LENGTHS  # no slice of the others (neutral_words)
                    and neutral_word(text, s, e, concept)
                ):
                    continue  # "normal [echogenicity]", "(normal up to 36 mm)"
                out.append(
                    (
                        s,
                        e,
                        type_,
                        concept,
                        anatomy,
                        side,
                        assertion,
                        change,
                        section,
                        sizes,
                        question,
                    )
                )
        if spans is None and out and may_name_cause(text):  # "listhesis of [degenerative] origin"
            drop = cause_adjectives(text, [(r[0], r[1], r[2] == FINDING) for r in out])
            if drop:
                out = [r for i, r in enumerate(out) if i not in drop]
        if spans is None and out:
            out = self.phrase_spans(text, out)
        return tuple(out)

    def phrase_spans(self, text: str, rows: Sequence[tuple]) -> list[tuple]:  # type: ignore[type-arg]
        """Mention rows (start, end, type, concept, ...) with their spans set by the phrase
        they stand in: "[ground-glass] [opacities]" one mention, "[dilation] of the
        pelvicalyceal system" without its site, "[within normal size limits]" whole."""
        out = joined_mentions(text, rows, self.modifiers)
        out = without_site_tails(text, out, self.vocab.concept_terms)
        return within_normal(text, out)

    def _split(self, text: str) -> list[tuple[int, int]]:
        """``sentences(text)``, remembered for the texts of the current report (a chunk is
        split for the exam region and again for its analysis)."""
        hit = self._splits.get(text)
        if hit is None:
            hit = self._splits[text] = sentences(text)
        return hit

    def _chunk_tops(self, chunk: str) -> tuple[str, ...]:
        """The body regions named in a chunk (for the exam region), once per text."""
        hit = self._tops_cache.young.get(chunk)  # RecentMemo's fast path
        if hit is None:
            hit = self._tops_cache.recall(chunk)
        if hit is None:
            cache = self._sentence_cache
            tops: list[str] = []
            for s, e in self._split(chunk):
                key = chunk[s:e]
                sent = cache.young.get(key)  # RecentMemo's fast path
                if sent is None:
                    sent = cache.recall(key)
                if sent is None:
                    sent = tokens_and_terms(self.vocab, self.lex, key)
                    cache.put(key, sent)
                tops.extend(sent[5])  # (starts, ends, toks, concepts, others, tops, ...)
            hit = tuple(tops)
            self._tops_cache.put(chunk, hit)
        return hit

    def _run(
        self,
        text: str,
        report: Report,
        spans: Sequence[tuple[int, int, str]] | None,
        region: str | None = None,
    ) -> list[tuple]:  # type: ignore[type-arg]
        """(start, end, type, concept, anatomy, side, assertion, change, sizes) of the
        mentions in ``text``; ``region`` None: the exam's, from ``report`` and ``text``."""
        fixed = spans is not None
        stray: list[tuple[int, int, str]] = []
        sents = self._sentences(text, spans, stray)
        if region is None:
            region = exam_region(report, sents)
        out: list[tuple] = []  # type: ignore[type-arg]
        prev: Sentence | None = None
        devices: list[tuple[Cand, Sentence]] = []  # device mentions of this paragraph
        anatomy_memo = self._anatomy_memo  # read here, ``_anatomy_tuple`` only on a miss
        for sent in sents:
            if prev is None or prev.paragraph != sent.paragraph:
                devices = []
            self._mentions(sent, prev, region, devices, text, fixed)
            starts, ends, base = sent.starts, sent.ends, sent.start
            for c in sent.cands:
                s, e = c.span or (base + starts[c.t0], base + ends[c.t1 - 1])
                anatomy = anatomy_memo.get(c.anatomy)
                out.append(
                    (
                        s,
                        e,
                        c.type,
                        c.concept,
                        self._anatomy_tuple(c.anatomy) if anatomy is None else anatomy,
                        c.side,
                        c.assertion,
                        c.change,
                        tuple(c.measurements),
                    )
                )
            prev = sent
        if fixed:
            # spans on no word of any sentence keep their words and defaults
            out.extend(
                (s, e, t, " ".join(text[s:e].lower().split()), (), None, "present", None, ())
                for s, e, t in stray
            )
            out.sort(key=lambda m: (m[0], m[1]))
        return out

    def _anatomy_tuple(self, name: str) -> tuple[str, ...]:
        """A mention's anatomy: the structure and those containing it, without "body"."""
        hit = self._anatomy_memo.get(name)
        if hit is None:
            hit = self._anatomy_memo[name] = tuple(
                a for a in self.vocab.anatomy_ancestors(name) if a != "body"
            )
        return hit

    # -- sentences ---------------------------------------------------------------
    def _sentences(
        self,
        text: str,
        given: Sequence[tuple[int, int, str]] | None = None,
        stray: list[tuple[int, int, str]] | None = None,
    ) -> list[Sentence]:
        """Sentences with their candidate mentions: the vocabulary's concept terms, or
        (``given``) the spans of another extractor; ``stray`` collects given spans that
        cover no token of any sentence."""
        todo = sorted(given) if given is not None else []
        out: list[Sentence] = []
        paragraph, last_end = 0, 0
        cache = self._sentence_cache
        for s, e in self._split(text):
            gap = text[last_end:s]
            if out and (
                ("\n" in gap and SPACE_RE.search(gap))
                or (text[out[-1].end - 1] == ":" and is_header(text[out[-1].start : out[-1].end]))
            ):
                paragraph += 1
            last_end = e
            key = text[s:e]
            hit = cache.young.get(key)  # RecentMemo's fast path
            if hit is None:
                hit = cache.recall(key)
            if hit is None:  # reports repeat sentences: tokens and matches once per text
                hit = tokens_and_terms(self.vocab, self.lex, key)
                cache.put(key, hit)
            starts, ends, toks, concepts, others, tops, templates, device_word, mask = hit
            if not toks:
                continue
            if given is None:  # candidates are made from the templates only when analysed
                sent = Sentence(
                    s,
                    e,
                    paragraph,
                    starts,
                    ends,
                    toks,
                    others,
                    [],
                    tops,
                    templates,
                    device_word,
                    mask,
                )  # positional, in ``Sentence``'s field order (a keyword call cost more)
                out.append(sent)
                continue
            sent = Sentence(s, e, paragraph, starts, ends, toks, others, tops=tops, mask=mask)
            while todo and todo[0][0] < s + ends[-1]:
                span = todo.pop(0)
                cand = given_cand(self.vocab, sent, concepts, span)
                if cand is None:
                    if stray is not None:
                        stray.append(span)
                else:
                    sent.cands.append(cand)
            out.append(sent)
        if stray is not None:
            stray.extend(todo)
        return out

    # -- one sentence ---------------------------------------------------------------
    def _mentions(
        self,
        sent: Sentence,
        prev: Sentence | None,
        region: str,
        devices: list[tuple[Cand, Sentence]],
        text: str,
        fixed: bool = False,
    ) -> None:
        """Attributes of the sentence's candidates; ``fixed``: the candidates were given
        (annotate), none is dropped or added. A sentence whose result depends on nothing
        before it (no device word, no site taken from the previous sentence) is analysed
        once per text and exam region; later copies of it reuse the result."""
        if (
            not fixed
            and not sent.templates
            and not sent.device_word
            and QUALITY.isdisjoint(sent.toks)  # "Satisfactory bone mineralization" (quality_lines)
        ):
            sent.cands = []  # no term, no device word, no quality word: nothing to analyse
            return
        key = (text[sent.start : sent.end], region)
        hit = None
        if not fixed:
            hit = self._result_cache.young.get(key)  # RecentMemo's fast path
            if hit is None:
                hit = self._result_cache.recall(key)
        if hit is not None:
            sent.cands = [from_row(row) for row in hit]
            for c in sent.cands:
                if c.type == DEVICE:
                    devices.append((c, sent))
            return
        if not fixed:
            sent.cands = [Cand(*t) for t in sent.templates]
        if analyse(self.vocab, sent, prev, region, devices, text, fixed):
            self._result_cache.put(key, tuple([to_row(c) for c in sent.cands]))
