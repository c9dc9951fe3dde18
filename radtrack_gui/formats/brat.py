"""brat standoff (FORMATS §1.3): ``NAME.txt`` + ``NAME.ann``, read and written.

Reading: ``T`` lines of type Finding/Device (any case; discontinuous ``10 15;20 22`` spans
kept as ``Mention.fragments``, the mention's start/end/text cover all pieces). The chain is
``A<n>\tChain T<n> c12``, else ``#<n>\tAnnotatorNotes T<n>\tchain=c12``. Chain ids are shared
across the files of one folder. Bad lines are skipped with a Problem; the rest is kept.

Writing: a folder with one ``.txt`` (the text exactly) and ``.ann`` per report, an
``annotation.conf`` so brat opens it unchanged, and ``radtrack_meta.tsv`` (date, exam,
modality per file: brat ignores it, our folder reader restores the metadata from it). The
folder is built beside the target and renamed into place.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import (
    DEVICE,
    FINDING,
    MODALITIES,
    SOURCE_GOLD,
    Mention,
    Patient,
    Problem,
    Report,
)
from radtrack_gui.formats.textreport import SkipFile, decode, read_bytes, read_text_report
from radtrack_gui.formats.validate import FieldError, clean_text, parse_iso
from radtrack_gui.util.atomic import atomic_folder, write_private

META_FILE = "radtrack_meta.tsv"
META_COLUMNS = ("file", "id", "date", "date_known", "exam", "modality", "region", "patient")
_TYPES = {"finding": FINDING, "device": DEVICE}
_T_LINE = re.compile(r"^(T\d+)\t(\S+) (\d+ \d+(?:;\d+ \d+)*)\t(.*)$")
_A_LINE = re.compile(r"^[AM]\d+\t(\w+) (T\d+)(?: (\S+))?\s*$")
_NOTE = re.compile(r"^#\d+\tAnnotatorNotes (T\d+)\t(.*)$")
_NOTE_KEY = re.compile(r"\b(chain|concept|anatomy)\s*[=:]\s*([^;]*)")
# Mention attributes written as brat attributes (besides Chain); values as in the model.
ATTRIBUTES = {
    "assertion": ("present", "absent", "possible"),
    "laterality": ("left", "right", "bilateral"),
}


@dataclass
class BratDoc:
    report: Report
    mentions: list[Mention] = field(default_factory=list)  # ids "T1", "T2" ... of this file
    chain_of: dict[str, str] = field(default_factory=dict)  # T id -> chain id
    problems: list[Problem] = field(default_factory=list)


def read_brat_pair(txt: str | Path, ann: str | Path, rid: str | None = None) -> BratDoc:
    """One annotated report. ``SkipFile`` if the text is not readable; a broken ``.ann``
    keeps the report and names each bad line in a Problem."""
    txt, ann = Path(txt), Path(ann)
    rid = rid or txt.name
    report, problems = read_text_report(txt, rid)
    doc = BratDoc(report=report, problems=problems)
    try:
        ann_text, _ = decode(read_bytes(ann)) if ann.stat().st_size else ("", False)
    except SkipFile as exc:
        doc.problems.append(Problem(ann.name, f"annotations not read: {exc.reason}"))
        return doc
    except OSError as exc:
        doc.problems.append(Problem(ann.name, f"annotations not read: {exc.strerror or exc}"))
        return doc
    _parse_ann(doc, ann_text, ann.name)
    return doc


def _parse_ann(doc: BratDoc, ann_text: str, name: str) -> None:
    text = doc.report.text
    notes: dict[str, dict[str, str]] = {}  # T id -> AnnotatorNotes keys
    attrs: dict[str, dict[str, str]] = {}  # T id -> attribute name -> value
    other_types: set[str] = set()
    for n, line in enumerate(ann_text.splitlines(), 1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        where = f"{name}:{n}"
        if line.startswith("T"):
            m = _T_LINE.match(line)
            if not m:
                doc.problems.append(Problem(where, "malformed text-bound line"))
                continue
            tid, typ, spans, shown = m.groups()
            if typ.lower() not in _TYPES:
                other_types.add(typ)
                continue
            frags = [(int(a), int(b)) for a, b in (s.split() for s in spans.split(";"))]
            if any(not 0 <= a < b <= len(text) for a, b in frags):
                doc.problems.append(
                    Problem(
                        where, f"{tid} span {spans} is outside the text ({len(text)} characters)"
                    )
                )
                continue
            frags.sort()
            joined = " ".join(text[a:b] for a, b in frags)
            start, end = frags[0][0], max(b for _, b in frags)
            if shown != joined and shown != text[start:end]:
                doc.problems.append(
                    Problem(where, f"{tid} text {shown!r} does not match the report ({joined!r})")
                )
                continue
            if any(mm.id == tid for mm in doc.mentions):
                doc.problems.append(Problem(where, f"duplicate id {tid}"))
                continue
            doc.mentions.append(
                Mention(
                    id=tid,
                    report=doc.report.id,
                    start=start,
                    end=end,
                    text=text[start:end],
                    type=_TYPES[typ.lower()],
                    source=SOURCE_GOLD,
                    fragments=[] if _contiguous(text, frags) else frags,
                    section=doc.report.section_at(start),
                )
            )
        elif line.startswith(("A", "M")):
            m = _A_LINE.match(line)
            if not m:
                doc.problems.append(Problem(where, "malformed attribute line"))
            elif m[1].lower() == "chain" and m[3]:
                doc.chain_of.setdefault(m[2], m[3])
            elif m[3]:
                attrs.setdefault(m[2], {})[m[1].lower()] = m[3]
        elif line.startswith("#"):
            m = _NOTE.match(line)
            if m is None:
                continue
            for key, value in _NOTE_KEY.findall(m[2]):
                notes.setdefault(m[1], {}).setdefault(key, value.strip())
        elif line[0] not in "RE*N":  # relations, events, equivalences, normalizations
            doc.problems.append(Problem(where, "malformed line"))
    for tid, found in notes.items():
        if found.get("chain"):
            doc.chain_of.setdefault(tid, found["chain"].split()[0])
    by_id = {m.id: m for m in doc.mentions}
    doc.chain_of = {t: c for t, c in doc.chain_of.items() if t in by_id}
    _apply_attributes(by_id, attrs, notes)
    if other_types:
        doc.problems.append(
            Problem(
                name,
                "annotations of other types ignored: " + ", ".join(sorted(other_types)),
                skipped=False,
            )
        )


def _apply_attributes(
    by_id: dict[str, Mention], attrs: dict[str, dict[str, str]], notes: dict[str, dict[str, str]]
) -> None:
    for tid, found in attrs.items():
        m = by_id.get(tid)
        if m is None:
            continue
        for key, allowed in ATTRIBUTES.items():
            if found.get(key, "").lower() in allowed:
                setattr(m, key, found[key].lower())
        if found.get("change"):
            m.change = found["change"].lower()
    for tid, found in notes.items():
        m = by_id.get(tid)
        if m is not None:
            m.concept = found.get("concept") or m.concept
            if found.get("anatomy"):
                m.anatomy = [a.strip() for a in found["anatomy"].split(",") if a.strip()]


def _contiguous(text: str, frags: list[tuple[int, int]]) -> bool:
    """Pieces separated only by white space (a span cut at line ends) are one span."""
    return all(not text[b:a].strip() for (_, b), (a, _) in itertools.pairwise(frags))


# -- writing -----------------------------------------------------------------

_LINE_BREAK = re.compile(r"[\r\n]+")


def _pieces(text: str, frags: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Fragments cut at line breaks: brat spans never cross a line end."""
    out = []
    for a, b in frags:
        pos = a
        for m in _LINE_BREAK.finditer(text, a, b):
            if m.start() > pos:
                out.append((pos, m.start()))
            pos = m.end()
        if b > pos:
            out.append((pos, b))
    return out or frags


def brat_name(report_id: str) -> str:
    """The ``.txt`` file name of a report (CSV row ``123`` -> ``123.txt``)."""
    base = re.sub(r"[\\/:*?\"<>|\x00-\x1f]", "_", report_id).lstrip(".") or "report"
    return base if base.lower().endswith(".txt") else base + ".txt"


def ann_text(patient: Patient, report: Report) -> str:
    """The ``.ann`` content of one report (T ids numbered in text order)."""
    lines: list[str] = []
    n_attr = 0
    for t, m in enumerate(patient.mentions_of(report.id), 1):
        frags = _pieces(report.text, m.fragments or [(m.start, m.end)])
        spans = ";".join(f"{a} {b}" for a, b in frags)
        shown = " ".join(report.text[a:b] for a, b in frags)
        kind = "Device" if m.type == DEVICE else "Finding"
        lines.append(f"T{t}\t{kind} {spans}\t{shown}")
        attrs = [
            ("Chain", m.chain),
            ("Assertion", m.assertion if m.assertion != "present" else None),
            ("Laterality", m.laterality),
            ("Change", _token(m.change)),
        ]
        for name, value in attrs:
            if value:
                n_attr += 1
                lines.append(f"A{n_attr}\t{name} T{t} {value}")
        note = "; ".join(
            f"{k}={v}"
            for k, v in (
                ("concept", _one_line(m.concept)),
                ("anatomy", ",".join(_one_line(x).replace(",", " ") for x in m.anatomy)),
            )
            if v
        )
        if note:
            lines.append(f"#{t}\tAnnotatorNotes T{t}\t{note}")
    return "\n".join(lines) + ("\n" if lines else "")


def _token(value: str | None) -> str | None:
    """An attribute value brat accepts (one word)."""
    return re.sub(r"\s+", "-", value.strip()) if value and value.strip() else None


def _one_line(value: str | None) -> str:
    return re.sub(r"[\s;=]+", " ", value or "").strip()


def _conf(patient: Patient) -> str:
    chains = "|".join(patient.chains) or "c1"
    changes = sorted({c for m in patient.mentions.values() if (c := _token(m.change))})
    return (
        "# RadTrack export: findings and devices; Chain = the tracked entity\n"
        "[entities]\nFinding\nDevice\n[relations]\n"
        "<OVERLAP> Arg1:<ENTITY>, Arg2:<ENTITY>, <OVL-TYPE>:<ANY>\n"
        "[events]\n[attributes]\n"
        f"Chain Arg:<ENTITY>, Value:{chains}\n"
        f"Assertion Arg:<ENTITY>, Value:{'|'.join(ATTRIBUTES['assertion'][1:])}\n"
        f"Laterality Arg:<ENTITY>, Value:{'|'.join(ATTRIBUTES['laterality'])}\n"
        f"Change Arg:<ENTITY>, Value:{'|'.join(changes) or 'new'}\n"
    )


def _meta(patient: Patient, names: dict[str, str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter="\t", lineterminator="\n")
    w.writerow(META_COLUMNS)
    for r in patient.reports:
        w.writerow(
            [
                names[r.id],
                r.id,
                r.date.isoformat(timespec="seconds") if r.date else "",
                int(r.date_known),
                r.exam,
                r.modality,
                r.region,
                patient.id,
            ]
        )
    return buf.getvalue()


def write_brat(patient: Patient, folder: str | Path) -> list[str]:
    """Export every report as brat; returns the ``.txt`` names. An existing target must be
    empty or an earlier RadTrack brat export whose ``.ann`` files nobody edited since (it
    is replaced whole)."""
    target = Path(folder)
    if target.exists():
        if not target.is_dir():
            raise InputError(f"{target}: exists and is not a folder")
        meta = target / META_FILE
        if any(target.iterdir()) and not meta.exists():
            raise InputError(f"{target}: folder is not empty (choose a new or empty folder)")
        if meta.exists() and any(
            a.stat().st_mtime > meta.stat().st_mtime for a in target.glob("*.ann")
        ):
            raise InputError(
                f"{target}: its annotations were edited after the export "
                "(choose another folder so they are not overwritten)"
            )
    names: dict[str, str] = {}
    used: set[str] = set()
    with atomic_folder(target) as tmp:
        for r in patient.reports:
            name = brat_name(r.id)
            stem, n = name[:-4], 1
            while name.lower() in used:
                n += 1
                name = f"{stem}_{n}.txt"
            used.add(name.lower())
            names[r.id] = name
            write_private(tmp / name, r.text)
            write_private(tmp / (name[:-4] + ".ann"), ann_text(patient, r))
        write_private(tmp / "annotation.conf", _conf(patient))
        write_private(tmp / META_FILE, _meta(patient, names))
    return [names[r.id] for r in patient.reports]


def read_meta(path: Path) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """``radtrack_meta.tsv`` rows by file name (empty when absent or unreadable)."""
    try:
        text, _ = decode(read_bytes(path))
        rows = list(csv.DictReader(io.StringIO(text, newline=""), delimiter="\t"))
    except SkipFile as exc:
        return {}, [Problem(path.name, f"not read: {exc.reason}")]
    except csv.Error as exc:
        return {}, [Problem(path.name, f"not read: {exc}")]
    return {row["file"]: row for row in rows if row.get("file")}, []


def apply_meta(report: Report, row: dict[str, str]) -> None:
    """Restore a report's id and metadata from its ``radtrack_meta.tsv`` row."""
    if isinstance(row.get("id"), str) and row["id"].strip():
        report.id = clean_text(row["id"])[0]
    try:
        when = parse_iso(row.get("date"), "date")
    except FieldError:
        when = None
    if when is not None:
        report.date, report.date_known = when, row.get("date_known", "1") == "1"
        report.flags = [f for f in report.flags if f != "undated"]
    for key in ("exam", "modality", "region", "patient"):
        value = row.get(key)
        if isinstance(value, str) and value and (key != "modality" or value in MODALITIES):
            setattr(report, key, clean_text(value)[0])
