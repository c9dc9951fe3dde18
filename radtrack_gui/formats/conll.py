"""CoNLL-2012 coreference files: read (for scoring) and write (one document per patient).

Reading follows the reference scorer: a document runs from ``#begin document NAME`` to
``#end document``; every non-blank line inside is one token (numbered from 0 over the whole
document; blank lines only separate sentences); the last white-space separated column holds
the coreference: ``-`` (or ``_``) for none, else ``|``-separated parts ``(12`` (opens),
``12)`` (closes the innermost open mention of entity 12) and ``(12)`` (one token).
A mention is ``(doc, first token, last token)`` with the last token included, as in CoNLL.
Entities are listed in order of first appearance of their number.

Writing: one document per patient, so chains across reports stay in one document; reports in
chronological order, one sentence per non-blank line of a report text; twelve columns
(document, part, word number in the sentence, word, seven ``-`` placeholders, coreference).
Every chain is written, singletons included. A discontinuous mention is written as the
token range that covers all its pieces (CoNLL has no discontinuous spans).
"""

from __future__ import annotations

import bisect
import io
import os
import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.util.atomic import atomic_open
from radtrack_gui.util.regular import NotRegular, open_regular, read_regular

_BEGIN = re.compile(r"^#\s*begin document\s*(.*?)\s*$")
_END = re.compile(r"^#\s*end document")
_PART = re.compile(r"\((\d+)\)|\((\d+)|(\d+)\)")

ConllMention = tuple[str, int, int]  # (document, first token, last token: inclusive)


@dataclass
class ConllDocument:
    name: str
    words: list[str] = field(default_factory=list)
    sentence_starts: list[int] = field(default_factory=list)  # token index of each sentence
    clusters: list[list[ConllMention]] = field(default_factory=list)


def _doc_name(raw: str) -> str:
    """``(name); part 000`` -> ``(name); part 000``: kept whole, white space trimmed, so a
    key and a response written by different tools still pair when they share the header."""
    return " ".join(raw.split())


MAX_CONLL_BYTES = 512 * 1024 * 1024


def read_conll(path: str | os.PathLike[str]) -> list[ConllDocument]:
    """Every document of a CoNLL-2012 file; ``InputError`` (with the line) if malformed."""
    p = Path(path)
    try:
        text = read_regular(p, MAX_CONLL_BYTES).decode("utf-8-sig", errors="replace")
    except NotRegular as exc:
        raise InputError(f"{p}: {exc}") from None
    except OSError as exc:
        raise InputError(f"{p}: cannot read ({exc.strerror or exc})") from None
    docs: list[ConllDocument] = []
    doc: ConllDocument | None = None
    entities: dict[str, int] = {}
    open_: dict[str, list[int]] = {}
    token = 0
    new_sentence = True
    begin_line = 0

    def fail(lineno: int, why: str) -> InputError:
        return InputError(f"{p}:{lineno}: {why}")

    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = _BEGIN.match(stripped)
        if m:
            if doc is not None:
                raise fail(lineno, f"'#begin document' before '#end document' of {doc.name}")
            doc = ConllDocument(_doc_name(m.group(1)))
            entities, open_, token, new_sentence, begin_line = {}, {}, 0, True, lineno
            continue
        if _END.match(stripped):
            if doc is None:
                raise fail(lineno, "'#end document' without '#begin document'")
            left = [e for e, starts in open_.items() if starts]
            if left:
                raise fail(lineno, f"mention of entity {left[0]} opened but never closed")
            docs.append(doc)
            doc = None
            continue
        if not stripped:
            new_sentence = True
            continue
        if doc is None:
            if stripped.startswith("#"):
                continue  # comments between documents
            raise fail(lineno, "token line outside '#begin document' ... '#end document'")
        columns = stripped.split()
        if new_sentence:
            doc.sentence_starts.append(token)
            new_sentence = False
        doc.words.append(columns[3] if len(columns) > 4 else columns[0])
        cell = columns[-1] if len(columns) > 1 else "-"
        if cell not in ("-", "_"):
            parsed = []
            for pm in _PART.finditer(cell):
                if pm.group(1):
                    parsed.append(("one", pm.group(1)))
                elif pm.group(2):
                    parsed.append(("open", pm.group(2)))
                else:
                    parsed.append(("close", pm.group(3)))
            if _PART.sub("", cell).replace("|", ""):
                raise fail(lineno, f"bad coreference field {cell!r}")
            # The reference scorer's order within a cell: (N), then (N, then N).
            for kind, eid in sorted(parsed, key=lambda x: ("one", "open", "close").index(x[0])):
                if kind == "one":
                    _add(doc, entities, eid, (doc.name, token, token))
                elif kind == "open":
                    open_.setdefault(eid, []).append(token)
                    entities.setdefault(eid, len(entities))
                else:
                    starts = open_.get(eid)
                    if not starts:
                        raise fail(lineno, f"entity {eid} closed but not opened")
                    _add(doc, entities, eid, (doc.name, starts.pop(), token))
        token += 1
    if doc is not None:
        raise InputError(f"{p}:{begin_line}: document {doc.name} has no '#end document'")
    if not docs:
        raise InputError(f"{p}: no '#begin document' found (not a CoNLL-2012 file)")
    return docs


def _add(doc: ConllDocument, entities: dict[str, int], eid: str, mention: ConllMention) -> None:
    idx = entities.setdefault(eid, len(entities))
    while len(doc.clusters) <= idx:
        doc.clusters.append([])
    doc.clusters[idx].append(mention)


def read_conll_as_chains(path: str | os.PathLike[str]) -> dict[str, list[list[Hashable]]]:
    """Document name -> clusters of mention keys ``(doc, first, last)``, ready to score."""
    out: dict[str, list[list[Hashable]]] = {}
    for doc in read_conll(path):
        if doc.name in out:
            raise InputError(f"{path}: document {doc.name} appears twice")
        out[doc.name] = [list(c) for c in doc.clusters if c]
    return out


def is_conll(path: str | os.PathLike[str]) -> bool:
    """True if the first non-blank line of a file is ``#begin document``."""
    try:
        with io.TextIOWrapper(open_regular(path), encoding="utf-8-sig", errors="replace") as f:
            for line in f:
                if line.strip():
                    return bool(_BEGIN.match(line.strip()))
    except OSError:
        return False
    return False


# -- writing -------------------------------------------------------------------------------
def _token_spans(text: str) -> list[tuple[int, int]]:
    """Token (start, end) offsets of the project tokenizer."""
    from radtrack_gui.nlp.text import tokens

    return [(int(a), int(b)) for a, b in tokens(text)]


def _line_breaks(text: str) -> list[int]:
    """Offsets where a new line (sentence) starts."""
    return [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]


def patient_conll_lines(patient: Patient) -> list[str]:
    """The CoNLL-2012 lines of one patient (one document)."""
    name = patient.id or "patient"
    doc_id = re.sub(r"\s+", "_", name)
    # Chain numbers 1..N in chain order; a mention outside every chain gets its own number.
    chain_no = {cid: n for n, cid in enumerate(patient.chains, 1)}
    own: dict[str, int] = {}
    spare = len(chain_no) + 1
    for m in patient.mentions.values():
        if m.chain in chain_no:
            own[m.id] = chain_no[m.chain]
        else:
            own[m.id], spare = spare, spare + 1
    texts = {r.id: r.text for r in patient.reports}
    order = patient.report_index()
    tokens: list[tuple[str, int, int]] = []  # (report id, start, end)
    breaks_before: set[int] = set()
    for report in sorted(patient.reports, key=lambda r: order[r.id]):
        breaks = _line_breaks(report.text)
        line_no = -1
        for a, b in _token_spans(report.text):
            n = bisect.bisect_right(breaks, a)
            if n != line_no or not tokens or tokens[-1][0] != report.id:
                breaks_before.add(len(tokens))
                line_no = n
            tokens.append((report.id, a, b))
    # Where each report's tokens lie, to map mention offsets to token indexes.
    by_report: dict[str, list[int]] = {}
    for i, (rid, _, _) in enumerate(tokens):
        by_report.setdefault(rid, []).append(i)
    opens: dict[int, list[tuple[int, int]]] = {}  # token -> [(last token, chain)]
    singles: dict[int, list[int]] = {}
    closes: dict[int, list[tuple[int, int]]] = {}
    for m in patient.mentions.values():
        pieces = m.fragments or [(m.start, m.end)]
        lo, hi = min(a for a, _ in pieces), max(b for _, b in pieces)
        idx = [i for i in by_report.get(m.report, []) if tokens[i][1] < hi and tokens[i][2] > lo]
        if not idx:
            continue  # no token inside the span (white space only): cannot be written
        first, last, c = idx[0], idx[-1], own[m.id]
        if first == last:
            singles.setdefault(first, []).append(c)
        else:
            opens.setdefault(first, []).append((last, c))
            closes.setdefault(last, []).append((first, c))
    lines = [f"#begin document ({doc_id}); part 000"]
    word_no = 0
    for i, (rid, a, b) in enumerate(tokens):
        if i in breaks_before:
            if i:
                lines.append("")
            word_no = 0
        word = texts[rid][a:b]
        word = re.sub(r"\s+", "_", word) or "_"
        parts = [f"({c}" for _, c in sorted(opens.get(i, []), reverse=True)]  # outer first
        parts += [f"({c})" for c in singles.get(i, [])]
        parts += [f"{c})" for _, c in sorted(closes.get(i, []), reverse=True)]  # inner first
        coref = "|".join(parts) or "-"
        lines.append("\t".join([doc_id, "0", str(word_no), word] + ["-"] * 7 + [coref]))
        word_no += 1
    lines.append("")
    lines.append("#end document")
    return lines


def write_conll(patients: list[Patient], path: str | os.PathLike[str]) -> None:
    """Write the patients' chains as CoNLL-2012, one document per patient (atomic)."""
    with atomic_open(path) as f:
        for patient in patients:
            f.write("\n".join(patient_conll_lines(patient)) + "\n")
