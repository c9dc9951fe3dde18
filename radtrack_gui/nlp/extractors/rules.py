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
from dataclasses import dataclass, field

from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report, Section
from radtrack_gui.nlp.text import TOKEN_RE, sentences
from radtrack_gui.nlp.vocabulary import Concept, Entry, Vocabulary, norm_token, vocabulary

# Exam body region (nlp.metadata.region_of) -> anatomy name.
REGION_ANATOMY = {
    "chest": "thorax", "head": "head", "neck": "neck", "abdomen": "abdomen",
    "pelvis": "pelvis", "spine": "spine", "extremity": "", "breast": "breasts",
    "whole body": "",
}
FINDING_CHANGES = frozenset({"new", "increased", "decreased", "stable", "resolved", "improved",
                             "worsened"})
DEVICE_CHANGES = frozenset({"inserted", "removed", "withdrawn", "advanced", "repositioned",
                            "stable"})
TO_DEVICE = {"new": "inserted", "resolved": "removed"}
TO_FINDING = {"removed": "resolved", "inserted": "new"}
# Normal-statement words that only count for some structures.
CLEAR_SITES = ("lungs", "pleura", "paranasal sinuses", "mastoid air cells", "thorax",
               "costophrenic angles")

# Words that end a modifier phrase when walking away from a term.
PHRASE_STOP = frozenset({
    "and", "or", "but", "with", "without", "is", "are", "was", "were", "be", "been", "has",
    "have", "had", "there", "seen", "noted", "which", "that", "this", "these", "to", "as",
    "than", "for", "by", "since", "from", "compared", "no", "not",
})
AFTER_PREPOSITIONS = frozenset({
    "in", "within", "at", "of", "involving", "along", "over", "overlying", "projecting",
    "near", "adjacent", "abutting", "about", "around", "into", "through", "via", "on",
    "throughout", "posterior", "anterior", "lateral", "medial", "inferior", "superior",
    "above", "below", "beneath", "behind", "underlying", "surrounding", "affecting",
    "predominantly", "predominately", "mainly", "mostly", "particularly", "especially",
})
# A one-word term with these endings is an adjective ("consolidative", "infiltrative"):
# before another finding term it is that term's modifier, not a mention of its own.
ADJECTIVE_ENDINGS = ("ive", "tic", "ous", "ed", "ic", "al", "ar", "ary")
# Words that point back to a place named before ("in this region", "at the same site").
BACK_REFERENCE = frozenset({
    "this", "these", "there", "same", "site", "sites", "region", "level", "adjacent",
    "above", "described", "aforementioned", "it", "its", "nearby", "similar", "also",
})
# Words right before a device word that make it something else ("pleural line").
NOT_DEVICE_BEFORE = frozenset({
    "skin", "fold", "septal", "kerley", "fracture", "air", "fluid", "suture", "midclavicular",
    "gram", "tram", "mach", "visceral", "pleural", "fissure", "paraspinal", "paratracheal",
    "azygoesophageal", "junction", "stripe", "mid", "straight", "first", "second", "third",
    "dotted", "contour", "inspiratory", "phase", "best",
})
MEASURE_RE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s*(?:x|×|by)\s*\d+(?:\.\d+)?)*\s*"
    r"(?:mm|cm|millimeters?|centimeters?|ml|cc)\b", re.I)
_SPACE_RE = re.compile(r"\n[ \t]*\n")
_HEADERISH = re.compile(r"[A-Z][A-Z0-9 /&()#,'-]*:?")

NEG_PRE_WINDOW, NEG_POST_WINDOW = 12, 5
POSS_PRE_WINDOW, POSS_POST_WINDOW, BOTH_WINDOW = 10, 5, 2
CHANGE_PRE_WINDOW, CHANGE_POST_WINDOW = 5, 7


@dataclass
class _Cand:
    """A mention being built (token offsets inside its sentence)."""

    t0: int
    t1: int
    concept: str
    type: str
    term: str = ""
    device_word: bool = False
    anatomy: str = ""
    anatomy_from_text: bool = False
    side: str | None = None
    assertion: str = "present"
    change: str | None = None
    measurements: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # token positions of its phrase window
    antecedent: _Cand | None = None  # the device a device word continues
    span: tuple[int, int] | None = None  # character offsets given by the caller (annotate)


@dataclass
class _Sentence:
    start: int
    end: int
    paragraph: int
    spans: list[tuple[int, int]]
    toks: list[str]
    others: list[tuple[int, int, tuple[Entry, ...]]]
    cands: list[_Cand] = field(default_factory=list)


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
        region = self._region(report, sents)
        sections = report.sections or _find_sections(text)
        source = source or f"model:{self.name}"
        out: list[Mention] = []
        prev: _Sentence | None = None
        devices: list[tuple[_Cand, _Sentence]] = []  # device mentions of this paragraph
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
                   stray: list[tuple[int, int, str]] | None = None) -> list[_Sentence]:
        """Sentences with their candidate mentions: the vocabulary's concept terms, or
        (``given``) the spans of another extractor; ``stray`` collects given spans that
        cover no token of any sentence."""
        todo = sorted(given) if given is not None else []
        out: list[_Sentence] = []
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
            sent = _Sentence(s, e, paragraph, spans, toks, others)
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
                sent.cands.append(_Cand(t0, t1, name, c.type, " ".join(toks[t0:t1])))
            out.append(sent)
        if stray is not None:
            stray.extend(todo)
        return out

    def _given(self, sent: _Sentence, concepts: list[tuple[int, int, str]],
               span: tuple[int, int, str]) -> _Cand | None:
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
        cand = _Cand(t0, t1, name or term, type_, term, span=(start, end))
        if not name and type_ == DEVICE and any(
                kind == "device-word" and a < t1 and t0 < b
                for a, b, entries in sent.others for kind, *_ in entries):
            cand.device_word = True  # "tip", "line": the device it continues decides
        return cand

    def _region(self, report: Report, sents: list[_Sentence]) -> str:
        """The exam's body region as an anatomy name (from the report, else the most
        frequent top-level structure named in the text)."""
        name = REGION_ANATOMY.get((report.region or "").lower())
        if name is not None:
            return name
        counts: dict[str, int] = {}
        for sent in sents:
            for _, _, entries in sent.others:
                for kind, value, _, _ in entries:
                    if kind == "anatomy":
                        chain = self.vocab.anatomy_ancestors(value)
                        top = chain[-2] if len(chain) >= 2 else ""
                        if top:
                            counts[top] = counts.get(top, 0) + 1
        return max(counts, key=lambda k: counts[k]) if counts else ""

    # -- one sentence ---------------------------------------------------------------
    def _mentions(self, sent: _Sentence, prev: _Sentence | None, region: str,
                  devices: list[tuple[_Cand, _Sentence]], text: str,
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
                    if toks[t0] in ("t1", "t2") and _mr_sequence(toks, t0):
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
        kept0: list[_Cand] = []
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
            for c in kept0:
                if c.device_word:  # the device named last before it, here or earlier
                    ante = max((d for d in kept0 if d.type == DEVICE and not d.device_word
                                and d.t1 <= c.t0), key=lambda d: d.t1, default=None)
                    if ante is None and devices:
                        ante = devices[-1][0]
                    c.antecedent = ante
                    c.device_word = ante is not None
                    if ante is not None:
                        c.anatomy_from_text = True
            devwords = []
        sent.cands = kept0

        # device words continuing a device
        for t0, t1 in devwords:
            if t0 > 0 and (toks[t0 - 1] in NOT_DEVICE_BEFORE or (t0 - 1) in _ends(anat)):
                continue
            if t1 < n and toks[t0] in ("lead", "leads") and toks[t1] == "to":
                continue
            ante = None
            for c in sent.cands:
                if c.type == DEVICE and c.t1 <= t0 and not c.device_word and (
                        ante is None or c.t1 > ante.t1):
                    ante = c
            if (ante is not None and ante.t1 >= t0 - 1) or any(
                    c.t1 == t0 for c in sent.cands if c.type == DEVICE):
                continue  # part of the name just before ("ET tube tip", "the tube tip")
            if ante is None and devices:
                ante = devices[-1][0]
            if ante is None:
                continue
            cand = _Cand(t0, t1, ante.concept, DEVICE, " ".join(toks[t0:t1]),
                         device_word=True, antecedent=ante)
            cand.anatomy_from_text = True
            sent.cands.append(cand)
            for k in range(t0, t1):
                concept_at[k] = True
        sent.cands.sort(key=lambda c: c.t0)

        # phrase windows: anatomy and sides next to each term
        for c in sent.cands:
            if c.device_word:
                continue
            self._window(c, toks, anat, sides, concept_at)

        prev_sites = _previous_sites(prev, sent)
        back_reference = not BACK_REFERENCE.isdisjoint(toks)
        used_sides = set()
        for c in sent.cands:
            used_sides |= c.used
        free_sides = {value for t0, (t1, value) in sides.items() if t0 not in used_sides}

        kept: list[_Cand] = []
        starts = sorted(c.t0 for c in sent.cands)
        for c in sent.cands:
            if c.antecedent is not None:  # resolved by now (it comes first)
                a = c.antecedent
                c.concept, c.anatomy, c.side = a.concept, a.anatomy, a.side
            concept = v.concepts.get(c.concept)
            if concept is None and not fixed:
                continue
            described = _described_by(c, kept, toks, term_mark)
            if concept is not None and not c.device_word and not self._attributes(
                    c, concept, anat, region, prev_sites, free_sides, back_reference,
                    described) and not fixed:
                continue
            c.assertion = _assertion(c, triggers, term_mark, changes, starts, toks)
            if c.concept.startswith("normal "):
                c.assertion = "present"
            c.change = _change(c, changes, term_mark, toks)
            if c.type == FINDING and c.change == "resolved" and c.assertion == "present":
                c.assertion = "absent"
            if c.type == DEVICE and c.change == "removed" and c.assertion == "present":
                c.assertion = "absent"
            kept.append(c)
        sent.cands = kept
        for c in kept:
            if c.type == DEVICE:
                devices.append((c, sent))
        _measurements(sent, text)

    def _window(self, c: _Cand, toks: list[str], anat: dict[int, tuple[int, str, str]],
                sides: dict[int, tuple[int, str]], concept_at: list[bool]) -> None:
        """Anatomy and side words in the modifiers before the term and in a prepositional
        phrase (or a side phrase) right after it."""
        n = len(toks)
        ends = _ends(anat)
        side_ends = {t1 - 1: t0 for t0, (t1, _) in sides.items()}
        found_anat: list[tuple[str, str]] = []
        found_side: list[str] = []
        # before: walk back over modifiers
        i, steps = c.t0 - 1, 0
        while i >= 0 and steps < 6:
            tok = toks[i]
            if concept_at[i] or tok in PHRASE_STOP:
                break
            if i in ends:
                a0 = ends[i]
                _, name, side = anat[a0]
                found_anat.append((name, side))
                c.used.update(range(a0, i + 1))
                i = a0 - 1
                steps += 1
                continue
            if i in side_ends:
                s0 = side_ends[i]
                found_side.append(sides[s0][1])
                c.used.update(range(s0, i + 1))
                i = s0 - 1
                steps += 1
                continue
            if not (tok[0].isalnum() or tok in ("-", "/", "[")):
                break
            i -= 1
            steps += 1
        # after: a side phrase or a prepositional phrase
        j = c.t1
        if j < n and j in sides:
            t1, value = sides[j]
            found_side.append(value)
            c.used.update(range(j, t1))
            j = t1
        if j < n and j in anat and not found_anat:
            t1, name, side = anat[j]
            found_anat.append((name, side))
            c.used.update(range(j, t1))
        elif j < n and toks[j] in AFTER_PREPOSITIONS:
            k, steps = j + 1, 0
            while k < n and steps < 8:
                tok = toks[k]
                if concept_at[k] or tok in PHRASE_STOP or not (tok[0].isalnum() or tok == "-"):
                    break
                if k in anat:
                    t1, name, side = anat[k]
                    found_anat.append((name, side))
                    c.used.update(range(k, t1))
                    break
                if k in sides:
                    t1, value = sides[k]
                    found_side.append(value)
                    c.used.update(range(k, t1))
                    k = t1
                    steps += 1
                    continue
                k += 1
                steps += 1
        c.side = found_side[0] if found_side else None
        c.anatomy = ""
        if found_anat:
            # the most specific structure named in the phrase
            best = max(found_anat, key=lambda a: len(self.vocab.anatomy_ancestors(a[0])))
            c.anatomy = best[0]
            c.anatomy_from_text = True
            if c.side is None:
                sides_found = [s for _, s in found_anat if s]
                c.side = sides_found[0] if sides_found else None

    def _attributes(self, c: _Cand, concept: Concept, anat: dict[int, tuple[int, str, str]],
                    region: str, prev_sites: list[tuple[str, str | None]],
                    free_sides: set[str], back_reference: bool,
                    described: _Cand | None = None) -> bool:
        """Fill anatomy, laterality and the refined concept; False when the mention needs a
        structure and none is named. ``described``: the finding this one interprets
        ("collection along the right convexity, consistent with a subdural hematoma")."""
        v = self.vocab
        site = c.anatomy if c.anatomy_from_text else ""
        needs = "needs-anatomy" in concept.flags
        if described is not None and "normal" not in concept.flags:
            if c.side is None:
                c.side = described.side
            if not site and described.anatomy and (
                    not concept.anatomy or v.is_part_of(described.anatomy, concept.anatomy)):
                site = described.anatomy  # the site fits this concept: it is this one's too
                c.anatomy = site
                c.anatomy_from_text = True
        if not concept.anatomy and (site or not needs) and v.narrower.get(concept.name):
            # a generic term: its kind from the named site, else from the site's or the
            # exam's region ("effusion" at the left base -> pleural effusion)
            kind = v.refine(concept.name, site) if site else concept.name
            if kind == concept.name:
                kind = v.refine_in_region(concept.name,
                                          _top(v, site) if site else (region or "body"))
            if kind != concept.name:
                c.concept, concept = kind, v.concepts[kind]
                needs = "needs-anatomy" in concept.flags
        default = concept.anatomy
        if site and default and not v.is_part_of(site, default) and (
                v.is_part_of(default, site)
                or (_top(v, site) == _top(v, default) and _top(v, site) != "spine")):
            # a wider structure ("chest" for an effusion) or a neighbour in the same region
            # ("effusion at the left base"): keep the default, take the side. Another region
            # ("nodule in the liver") or a spinal level ("bulge at L4-5"): the phrase decides.
            if c.side is None:
                c.side = v.laterality_of(site)
            site = default
        if not site and c.type == FINDING and " " in c.term:
            # the term names its own structure ("splenic laceration")
            own = _own_structure(v, c.term)
            if own and (not default or v.is_part_of(own, default)):
                site = own
                c.anatomy_from_text = True
        if not site and c.type == FINDING:
            # the same sentence: the nearest structure that fits the concept
            best: tuple[int, str, str] | None = None
            for t0, (t1, name, side) in anat.items():
                if t0 in c.used:
                    continue
                if default and not v.is_part_of(name, default) and not (
                        _top(v, name) == _top(v, default) == "spine"):
                    continue  # does not fit the concept (spinal levels fit any spine finding)
                if "normal" in concept.flags and not _normal_site_ok(v, c, name):
                    continue
                dist = c.t0 - t1 if t1 <= c.t0 else t0 - c.t1
                if dist < 0:
                    continue
                if best is None or dist < best[0]:
                    best = (dist, name, side)
            if best is not None:
                site = best[1]
                c.anatomy_from_text = True
                if c.side is None and best[2]:
                    c.side = best[2]
        if not site and c.type == FINDING and not needs and back_reference:
            for name, prev_side in prev_sites:
                if not default or (v.is_part_of(name, default) and name != default):
                    site = name
                    c.anatomy_from_text = True
                    if c.side is None:
                        c.side = prev_side
                    break
        if not site and needs:
            return False
        if "normal" in concept.flags and not _normal_site_ok(v, c, site):
            return False
        if c.side is None and len(free_sides) == 1 and c.type == FINDING \
                and "normal" not in concept.flags:
            c.side = next(iter(free_sides))
        name = c.concept
        if site:
            if c.side is None:
                c.side = v.laterality_of(site)
            name = v.refine(name, site)
        else:
            if not default:
                refined = v.refine_in_region(name, region)
                if refined != name:
                    name, site = refined, v.concepts[refined].anatomy
                else:
                    site = region
            else:
                site = default
        if c.side in ("left", "right"):
            site = v.sided(site, c.side)
        if "normal" in concept.flags:
            name = f"normal {_statement_site(v, site)}"
        c.concept, c.anatomy = name, site
        return True



# Words that make a later finding term the interpretation of an earlier one in the same
# clause ("opacity ... consistent with pneumonia", "collection, likely a hematoma").
INTERPRETS = frozenset({
    "consistent", "compatible", "represent", "represents", "representing", "reflect",
    "reflects", "reflecting", "suggestive", "suggesting", "suggests", "concerning",
    "suspicious", "likely", "probably", "possibly", "indicative", "characteristic",
    "typical", "favor", "favored", "favoring", "diagnostic",
})
INTERPRET_WINDOW = 15  # tokens from the end of the earlier finding's phrase


def _described_by(c: _Cand, kept: list[_Cand], toks: list[str],
                  term_mark: list[bool]) -> _Cand | None:
    """The earlier finding of the sentence that ``c`` interprets: an interpreting word
    between them, no other clause end, no other mention in between."""
    if c.type != FINDING or c.device_word or not kept:
        return None
    prev = kept[-1]
    end = max(prev.t1, max(prev.used, default=0) + 1)
    if (prev.type != FINDING or prev.t1 > c.t0 or c.t0 - end > INTERPRET_WINDOW
            or prev.concept.startswith("normal") or prev.assertion == "absent"
            or not prev.anatomy_from_text or not prev.anatomy):
        return None
    between = toks[prev.t1:c.t0]
    if INTERPRETS.isdisjoint(between) or any(
            term_mark[k] and toks[k] not in INTERPRETS for k in range(prev.t1, c.t0)):
        return None  # the interpreting words may end a hedge's scope, nothing else may
    return prev


def _measurements(sent: _Sentence, text: str) -> None:
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


MR_WORDS = frozenset({
    "weighted", "-", "/", "sequence", "sequences", "signal", "hyperintense", "hypointense",
    "hyperintensity", "hypointensity", "hyperintensities", "flair", "stir", "images", "image",
    "imaging", "fat", "post", "pre", "gradient", "isointense", "shortening", "prolongation",
    "with", "and", "t1", "t2", "sagittal", "axial", "coronal", "on", "contrast", "gadolinium",
})


def _mr_sequence(toks: list[str], i: int) -> bool:
    """A "T1"/"T2" token that names an MR sequence rather than a vertebra."""
    after = toks[i + 1] if i + 1 < len(toks) else ""
    before = toks[i - 1] if i else ""
    return after in MR_WORDS or before in ("sagittal", "axial", "coronal", "on", "and", "/")


def _own_structure(v: Vocabulary, term: str) -> str:
    """The structure named by words inside a multi-word term, or ""."""
    words = term.split()
    for n in (2, 1):
        for i in range(len(words) - n + 1):
            name = v.anatomy_of(" ".join(words[i:i + n]))
            if name:
                return name
    return ""


def _top(v: Vocabulary, name: str) -> str:
    """The body region a structure lies in (the child of "body" above it)."""
    chain = v.anatomy_ancestors(name)
    return chain[-2] if len(chain) >= 2 else name


def _ends(anat: dict[int, tuple[int, str, str]]) -> dict[int, int]:
    """Last token -> first token of each anatomy match."""
    return {t1 - 1: t0 for t0, (t1, _, _) in anat.items()}


def _normal_site_ok(v: Vocabulary, c: _Cand, site: str) -> bool:
    """"Clear" is a normal statement only about the lungs, pleura, sinuses..."""
    if c.term != "clear" or not site:
        return True
    return any(v.is_part_of(site, s) for s in CLEAR_SITES)


def _statement_site(v: Vocabulary, site: str) -> str:
    return site or "study"


def _previous_sites(prev: _Sentence | None, sent: _Sentence) -> list[tuple[str, str | None]]:
    """Sites of positive findings in the previous sentence of the same paragraph, last
    first."""
    if prev is None or prev.paragraph != sent.paragraph:
        return []
    out = []
    for c in reversed(prev.cands):
        if (c.type == FINDING and c.anatomy_from_text and c.anatomy
                and c.assertion != "absent" and not c.concept.startswith("normal")):
            out.append((c.anatomy, c.side))
    return out


def _assertion(c: _Cand, triggers: list[tuple[int, int, str, str]], term_mark: list[bool],
               changes: list[tuple[int, int, str]], starts: list[int],
               toks: list[str]) -> str:
    """The nearest trigger whose scope reaches the mention wins, except that a negation
    before a hedge scopes over it ("no opacity to suggest pneumonia", "no suspicious
    nodule" are negative)."""
    best: tuple[int, int, str] | None = None  # (distance, priority, assertion)
    neg_pre_at = -1  # start of the farthest negation pre-trigger reaching the mention
    for t0, t1, kind, direction in triggers:
        value = "absent" if kind == "negate" else "possible"
        prio = 0 if kind == "possible" else 1
        if t1 <= c.t0 and direction in ("pre", "both"):
            dist = c.t0 - t1
            limit = (NEG_PRE_WINDOW if kind == "negate" else POSS_PRE_WINDOW)
            if direction == "both":
                limit = BOTH_WINDOW
                if "," in toks[t1:c.t0]:
                    continue  # "opacity, atelectasis vs pneumonia": only the alternatives
            if dist > limit or any(term_mark[t1:c.t0]):
                continue
            if kind == "negate" and _positive_after(c, changes, starts):
                continue
            if kind == "negate" and (neg_pre_at < 0 or t0 < neg_pre_at):
                neg_pre_at = t0
        elif t0 >= c.t1 and direction in ("post", "both"):
            dist = t0 - c.t1
            limit = (NEG_POST_WINDOW if kind == "negate" else POSS_POST_WINDOW)
            if direction == "both":
                limit = BOTH_WINDOW
                if "," in toks[c.t1:t0]:
                    continue
            if dist > limit or any(term_mark[c.t1:t0]):
                continue
        else:
            continue
        key = (dist, prio, value)
        if best is None or key < best:
            best = key
    if best and best[2] == "possible" and 0 <= neg_pre_at < c.t0 - best[0]:
        return "absent"
    return best[2] if best else "present"


def _positive_after(c: _Cand, changes: list[tuple[int, int, str]], starts: list[int]) -> bool:
    """A course word right after the mention ("effusion unchanged", "tube in place"), with no
    other mention in between, means the thing is there, whatever a "no" before it says."""
    for t0, _t1, value in changes:
        if (c.t1 <= t0 <= c.t1 + 3 and value not in ("resolved", "removed")
                and not any(c.t1 <= s < t0 for s in starts)):
            return True
    return False


def _change(c: _Cand, changes: list[tuple[int, int, str]], term_mark: list[bool],
            toks: list[str]) -> str | None:
    """The nearest course word: before the mention within its phrase (no comma between),
    or after it in its clause ("effusion, unchanged")."""
    best: tuple[int, str] | None = None
    for t0, t1, value in changes:
        if t1 <= c.t0:
            dist = c.t0 - t1
            if dist > CHANGE_PRE_WINDOW or any(term_mark[t1 + 1:c.t0]) or \
                    "," in toks[t1:c.t0]:
                continue
        elif t0 >= c.t1:
            dist = t0 - c.t1
            if dist > CHANGE_POST_WINDOW or any(term_mark[c.t1:t0]):
                continue
        else:
            continue
        if c.type == DEVICE:
            value = TO_DEVICE.get(value, value)
            if value not in DEVICE_CHANGES:
                continue
        else:
            value = TO_FINDING.get(value, value)
            if value not in FINDING_CHANGES:
                continue
        if best is None or dist < best[0]:
            best = (dist, value)
    return best[1] if best else None


def _is_header(s: str) -> bool:
    s = s.strip()
    return bool(s) and s.endswith(":") and len(s) < 60 and _HEADERISH.fullmatch(s) is not None


def _find_sections(text: str) -> list[Section]:
    from radtrack_gui.nlp.sections import find_sections

    return find_sections(text)


def _section_at(sections: list[Section], offset: int) -> str | None:
    for s in sections:
        if s.start <= offset < s.end:
            return s.name
    return None
