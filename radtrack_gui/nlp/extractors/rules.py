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
  are not negations.
* **Change**: the nearest course word (new, increased, stable, resolved, removed,
  withdrawn...) before or after the mention in its clause; device and finding words are
  mapped onto each other ("new" line -> inserted, "resolved" line -> removed).
* **Device words** ("tip", "line", "tube", "catheter", "leads") are mentions only when they
  continue a device named earlier in the sentence or paragraph; they take its concept.
* **Normal statements** ("normal", "unremarkable", "clear", "intact") about a named
  structure are findings with the concept "normal <structure>".
* Terms of a concept flagged ``ignore`` ("dental hardware", "partially distended") are
  matched, so that their words make no mention, and then dropped.

``annotate(report, spans)`` applies the same attribute rules to spans that another extractor
found (the neural one): one mention per span, none dropped, the concept from the vocabulary
term inside the span. ``extract`` is ``annotate`` without spans.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report, Section
from radtrack_gui.nlp.extractors.candidates import Cand, Sentence
from radtrack_gui.nlp.extractors.change import change_of
from radtrack_gui.nlp.extractors.context import assertion_of, coordinated, described_by
from radtrack_gui.nlp.extractors.devices import device_words, resolve_given
from radtrack_gui.nlp.extractors.sites import (
    BACK_REFERENCE,
    attributes,
    exam_region,
    mr_sequence,
    phrase_window,
    previous_sites,
)
from radtrack_gui.nlp.text import TOKEN_RE, sentences
from radtrack_gui.nlp.vocabulary import Vocabulary, norm_token, vocabulary

# A one-word term with these endings is an adjective ("consolidative", "infiltrative"):
# before another finding term it is that term's modifier, not a mention of its own.
ADJECTIVE_ENDINGS = ("ive", "tic", "ous", "ed", "ic", "al", "ar", "ary")
MEASURE_RE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s*(?:x|×|by)\s*\d+(?:\.\d+)?)*\s*"
    r"(?:mm|cm|millimeters?|centimeters?|ml|cc)\b", re.I)
_SPACE_RE = re.compile(r"\n[ \t]*\n")
_HEADERISH = re.compile(r"[A-Z][A-Z0-9 /&()#,'-]*:?")


class RuleExtractor:
    """Vocabulary + context rules; ``extract(report)`` -> mentions (ids left blank)."""

    name = "rules"

    def __init__(self, vocab_folder: str | None = None) -> None:
        self.vocab: Vocabulary = vocabulary(vocab_folder)
        self.lex = self.vocab.lexicon()

    # -- public ----------------------------------------------------------------
    def extract(self, report: Report) -> list[Mention]:
        return self.annotate(report)

    def annotate(self, report: Report, spans: Sequence[tuple[int, int, str]] | None = None,
                 source: str | None = None) -> list[Mention]:
        """Mentions of ``report`` with all their attributes (concept, anatomy, laterality,
        assertion, change, section, measurements), filled by the rules above.

        ``spans`` None: the mentions at the vocabulary's terms (``extract``). Else one
        mention exactly at each ``(start, end, type)`` span found by another extractor, in
        text order: its concept is the vocabulary term inside the span (a device word takes
        the device it continues; an unknown term its own lower-cased words) and nothing is
        dropped. ``source``: the mentions' provenance (default ``model:rules``)."""
        text = report.text or ""
        fixed = spans is not None
        stray: list[tuple[int, int, str]] = []
        sents = self._sentences(text, spans, stray)
        region = exam_region(self.vocab, report, sents)
        sections = report.sections or _find_sections(text)
        source = source or f"model:{self.name}"
        out: list[Mention] = []
        prev: Sentence | None = None
        devices: list[tuple[Cand, Sentence]] = []  # device mentions of this paragraph
        for sent in sents:
            if prev is None or prev.paragraph != sent.paragraph:
                devices = []
            self._mentions(sent, prev, region, devices, text, fixed)
            for c in sent.cands:
                s, e = c.span or (sent.spans[c.t0][0], sent.spans[c.t1 - 1][1])
                anatomy = [a for a in self.vocab.anatomy_ancestors(c.anatomy) if a != "body"]
                out.append(Mention(
                    id="", report=report.id, start=s, end=e, text=text[s:e], type=c.type,
                    concept=c.concept, anatomy=anatomy, laterality=c.side,
                    assertion=c.assertion, change=c.change, section=_section_at(sections, s),
                    measurements=c.measurements, source=source,
                ))
            prev = sent
        if fixed:
            # spans on no word of any sentence keep their words and defaults
            out.extend(Mention(id="", report=report.id, start=s, end=e, text=text[s:e],
                               type=t, concept=" ".join(text[s:e].lower().split()),
                               section=_section_at(sections, s), source=source)
                       for s, e, t in stray)
            out.sort(key=lambda m: (m.start, m.end))
        return out

    # -- sentences ---------------------------------------------------------------
    def _sentences(self, text: str, given: Sequence[tuple[int, int, str]] | None = None,
                   stray: list[tuple[int, int, str]] | None = None) -> list[Sentence]:
        """Sentences with their candidate mentions: the vocabulary's concept terms, or
        (``given``) the spans of another extractor; ``stray`` collects given spans that
        cover no token of any sentence."""
        todo = sorted(given) if given is not None else []
        out: list[Sentence] = []
        paragraph, last_end = 0, 0
        match = self.lex.match
        for s, e in sentences(text):
            gap = text[last_end:s]
            if out and (_SPACE_RE.search(gap) or _is_header(text[out[-1].start:out[-1].end])):
                paragraph += 1
            last_end = e
            spans, toks = [], []
            for m in TOKEN_RE.finditer(text, s, e):
                spans.append(m.span())
                toks.append(norm_token(m.group()))
            if not toks:
                continue
            concepts, others = match(toks)
            sent = Sentence(s, e, paragraph, spans, toks, others)
            v = self.vocab
            if given is not None:
                while todo and todo[0][0] < spans[-1][1]:
                    span = todo.pop(0)
                    cand = self._given(sent, concepts, span)
                    if cand is None:
                        if stray is not None:
                            stray.append(span)
                    else:
                        sent.cands.append(cand)
                out.append(sent)
                continue
            for t0, t1, name in concepts:
                c = v.concepts[name]
                if "ignore" in c.flags:
                    continue  # words that look like a finding or device and are neither
                sent.cands.append(Cand(t0, t1, name, c.type, " ".join(toks[t0:t1])))
            out.append(sent)
        if stray is not None:
            stray.extend(todo)
        return out

    def _given(self, sent: Sentence, concepts: list[tuple[int, int, str]],
               span: tuple[int, int, str]) -> Cand | None:
        """The candidate for a given span: its tokens and the concept term inside it."""
        start, end, type_ = span
        idx = [k for k, (a, b) in enumerate(sent.spans) if a < end and start < b]
        if not idx:
            return None
        t0, t1 = idx[0], idx[-1] + 1
        term = " ".join(sent.toks[t0:t1])
        best: tuple[int, int, int] | None = None
        name = ""
        for a, b, concept in concepts:  # most shared tokens, then inside, then last
            shared = min(b, t1) - max(a, t0)
            if shared <= 0 or "ignore" in self.vocab.concepts[concept].flags:
                continue
            key = (shared, a >= t0 and b <= t1, b)
            if best is None or key > best:
                best, name = key, concept
        cand = Cand(t0, t1, name or term, type_, term, span=(start, end))
        if not name and type_ == DEVICE and any(
                kind == "device-word" and a < t1 and t0 < b
                for a, b, entries in sent.others for kind, *_ in entries):
            cand.device_word = True  # "tip", "line": the device it continues decides
        return cand

    # -- one sentence ---------------------------------------------------------------
    def _mentions(self, sent: Sentence, prev: Sentence | None, region: str,
                  devices: list[tuple[Cand, Sentence]], text: str,
                  fixed: bool = False) -> None:
        """Attributes of the sentence's candidates; ``fixed``: the candidates were given
        (annotate), none is dropped or added."""
        v = self.vocab
        toks = sent.toks
        n = len(toks)
        # Per-token roles of the non-concept matches.
        anat: dict[int, tuple[int, str, str]] = {}  # start -> (end, name, side)
        sides: dict[int, tuple[int, str]] = {}
        triggers: list[tuple[int, int, str, str]] = []  # (start, end, kind, direction)
        changes: list[tuple[int, int, str]] = []
        terminators: list[int] = []
        devwords: list[tuple[int, int]] = []
        for t0, t1, entries in sent.others:
            for kind, value, direction, extra in entries:
                if kind == "anatomy":
                    if toks[t0] in ("t1", "t2") and mr_sequence(toks, t0):
                        continue  # "T2 hyperintensity", "sagittal T1": an MR sequence
                    anat[t0] = (t1, value, extra)
                elif kind == "side":
                    sides[t0] = (t1, value)
                elif kind in ("negate", "possible"):
                    triggers.append((t0, t1, kind, direction))
                elif kind == "change":
                    changes.append((t0, t1, value))
                elif kind == "terminate":
                    terminators.append(t0)
                elif kind == "device-word":
                    devwords.append((t0, t1))
        term_mark = [False] * (n + 1)
        for t in terminators:
            term_mark[t] = True
        for i, tok in enumerate(toks):
            if tok in (";", ":"):
                term_mark[i] = True
        concept_at = [False] * n
        for c in sent.cands:
            for k in range(c.t0, c.t1):
                concept_at[k] = True

        # drop "Clip #" style non-mentions, and adjective-like observations that modify the
        # finding term right after them ("hypodense lesion", "calcified nodule")
        v_concepts = v.concepts
        kept0: list[Cand] = []
        for i, c in enumerate([] if fixed else sent.cands):
            if c.t1 < n and toks[c.t1] in ("#", "number", "no") and c.term in ("clip", "clips"):
                continue
            nxt = sent.cands[i + 1] if i + 1 < len(sent.cands) else None
            if (nxt is not None and nxt.t0 - c.t1 <= 1 and nxt.type == FINDING
                    and ("modifier" in v_concepts[c.concept].flags
                         or (" " not in c.term and c.term.endswith(ADJECTIVE_ENDINGS)))
                    and all(toks[k] in (",", "and", "-") for k in range(c.t1, nxt.t0))):
                for k in range(c.t0, c.t1):
                    concept_at[k] = False
                continue
            kept0.append(c)
        if fixed:
            kept0 = sent.cands
            resolve_given(kept0, devices)
            devwords = []
        sent.cands = kept0

        # device words continuing a device
        device_words(sent, devwords, anat, devices, concept_at)
        sent.cands.sort(key=lambda c: c.t0)

        # phrase windows: anatomy and sides next to each term
        for c in sent.cands:
            if c.device_word:
                continue
            phrase_window(v, c, toks, anat, sides, concept_at)

        prev_sites = previous_sites(prev, sent)
        back_reference = not BACK_REFERENCE.isdisjoint(toks)
        used_sides = set()
        for c in sent.cands:
            used_sides |= c.used
        free_sides = {value for t0, (t1, value) in sides.items() if t0 not in used_sides}

        kept: list[Cand] = []
        starts = sorted(c.t0 for c in sent.cands)
        for c in sent.cands:
            if c.antecedent is not None:  # resolved by now (it comes first)
                a = c.antecedent
                c.concept, c.anatomy, c.side = a.concept, a.anatomy, a.side
            concept = v.concepts.get(c.concept)
            if concept is None and not fixed:
                continue
            described = described_by(c, kept, toks, term_mark)
            if concept is not None and not c.device_word and not attributes(
                    v, c, concept, anat, region, prev_sites, free_sides, back_reference,
                    described) and not fixed:
                continue
            c.assertion = assertion_of(c, triggers, term_mark, changes, starts, toks)
            if c.concept.startswith("normal "):
                c.assertion = "present"
            c.change = change_of(c, changes, term_mark, toks)
            if c.type == FINDING and c.change == "resolved" and c.assertion == "present":
                c.assertion = "absent"
            if c.type == DEVICE and c.change == "removed" and c.assertion == "present":
                c.assertion = "absent"
            kept.append(c)
        trigger_at = [False] * n
        for t0, t1, _, _ in triggers:
            for k in range(t0, t1):
                trigger_at[k] = True
        coordinated(kept, toks, term_mark, trigger_at)
        sent.cands = kept
        for c in kept:
            if c.type == DEVICE:
                devices.append((c, sent))
        _measurements(sent, text)

def _measurements(sent: Sentence, text: str) -> None:
    """Sizes ("2.5 cm", "3 x 4 mm") go to the nearest mention of their sentence."""
    if not sent.cands or not any(ch.isdigit() for ch in text[sent.start:sent.end]):
        return
    spans = sent.spans
    for m in MEASURE_RE.finditer(text, sent.start, sent.end):
        best, bd = None, 1 << 30
        for c in sent.cands:
            cs, ce = spans[c.t0][0], spans[c.t1 - 1][1]
            d = cs - m.end() if m.end() <= cs else m.start() - ce
            if 0 <= d < bd:
                best, bd = c, d
        if best is not None and bd <= 60:
            best.measurements.append(" ".join(m.group().split()))


def _is_header(s: str) -> bool:
    s = s.strip()
    return bool(s) and s.endswith(":") and len(s) < 60 and _HEADERISH.fullmatch(s) is not None


def _find_sections(text: str) -> list[Section]:
    try:
        from radtrack_gui.nlp.sections import find_sections
    except ImportError:  # pragma: no cover - the module is part of the package
        return []
    return find_sections(text)


def _section_at(sections: list[Section], offset: int) -> str | None:
    for s in sections:
        if s.start <= offset < s.end:
            return s.name
    return None
