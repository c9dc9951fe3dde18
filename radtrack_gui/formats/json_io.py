"""RadTrack JSON (FORMATS §3): ``schema``, ``patient``, ``reports``, ``mentions``, ``chains``.

The listed keys are exact; optional extras round-trip too: report ``region``, ``flags``,
``sections``; mention ``measurements``, ``source``, ``fragments``, ``question`` (written only
when true: a mention of the reason for the exam); chain ``reviewed``,
``source``, ``why``; patient ``annotated``; top-level ``problems``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import (
    MENTION_TYPES,
    Chain,
    Mention,
    Patient,
    Problem,
    Report,
    Section,
    chain_label,
)
from radtrack_gui.nlp.sections import find_sections
from radtrack_gui.util.atomic import atomic_open

SCHEMA = "radtrack/1"
MAX_JSON_BYTES = 512 * 1024 * 1024


def _iso(d: datetime | None) -> str | None:
    return d.isoformat(timespec="seconds") if d else None


def report_to_dict(r: Report) -> dict[str, Any]:
    return {"id": r.id, "date": _iso(r.date), "date_known": r.date_known, "exam": r.exam,
            "modality": r.modality, "text": r.text, "region": r.region, "flags": list(r.flags),
            "sections": [{"name": s.name, "start": s.start, "end": s.end} for s in r.sections]}


def mention_to_dict(m: Mention, with_chain: bool = True) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": m.id, "report": m.report, "start": m.start, "end": m.end, "text": m.text,
        "type": m.type, "chain": m.chain, "concept": m.concept, "anatomy": list(m.anatomy),
        "laterality": m.laterality, "assertion": m.assertion, "change": m.change,
        "section": m.section, "measurements": list(m.measurements), "source": m.source}
    if m.fragments:
        d["fragments"] = [list(f) for f in m.fragments]
    if m.question:
        d["question"] = True
    if not with_chain:
        del d["chain"]
    return d


def patient_to_dict(p: Patient) -> dict[str, Any]:
    order = p.report_index()
    mentions = sorted(p.mentions.values(),
                      key=lambda m: (order.get(m.report, 1 << 30), m.start, m.end))
    return {
        "schema": SCHEMA,
        "patient": {"id": p.id, "annotated": p.annotated},
        "reports": [report_to_dict(r) for r in p.reports],
        "mentions": [mention_to_dict(m) for m in mentions],
        "chains": [{"id": c.id, "type": c.type, "label": c.label, "mentions": list(c.mentions),
                    "reviewed": c.reviewed, "source": c.source, "why": dict(c.why),
                    "label_locked": bool(getattr(c, "label_locked", False))}
                   for c in p.chains.values()],
        "problems": [{"file": q.file, "reason": q.reason, "skipped": q.skipped}
                     for q in p.problems],
    }


def build_chains(patient: Patient, chain_of: dict[str, str], *, source: str = "",
                 labels: dict[str, str] | None = None) -> None:
    """Chains from a mention -> chain-id map, keeping the given chain ids; mentions without
    one become singletons with fresh ids. Chains are ordered by their first mention."""
    order = patient.report_index()

    def key(mid: str) -> tuple[int, int, int]:
        m = patient.mentions[mid]
        return (order.get(m.report, 1 << 30), m.start, m.end)

    groups: dict[str, list[str]] = {}
    for mid in sorted(patient.mentions, key=key):
        cid = chain_of.get(mid)
        if cid:
            groups.setdefault(cid, []).append(mid)
    used = set(groups)
    n = 0
    for mid in sorted(patient.mentions, key=key):
        if not chain_of.get(mid):
            n += 1
            while f"c{n}" in used:
                n += 1
            used.add(f"c{n}")
            groups[f"c{n}"] = [mid]
    patient.chains = {}
    for cid, members in sorted(groups.items(), key=lambda kv: key(kv[1][0])):
        for mid in members:
            patient.mentions[mid].chain = cid
        label = (labels or {}).get(cid) or chain_label(patient, members)
        patient.chains[cid] = Chain(id=cid, type=patient.mentions[members[0]].type,
                                    label=label, mentions=members, source=source)


def _get(d: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in d:
        raise InputError(f"{where}: missing \"{key}\"")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f"{where}: \"{key}\" has the wrong type")
    return value


def _report(d: Any, i: int) -> Report:
    where = f"reports[{i}]"
    if not isinstance(d, dict):
        raise InputError(f"{where} is not an object")
    date = d.get("date")
    try:
        when = datetime.fromisoformat(date) if date else None
    except (TypeError, ValueError) as exc:
        raise InputError(f"{where}: bad date {date!r}") from exc
    text = _get(d, "text", str, where)
    r = Report(id=str(_get(d, "id", (str, int), where)), text=text, date=when,
               date_known=bool(d.get("date_known", when is not None)),
               exam=str(d.get("exam") or ""), modality=str(d.get("modality") or "OTHER"),
               region=str(d.get("region") or ""), flags=[str(f) for f in d.get("flags") or []])
    secs = d.get("sections")
    if isinstance(secs, list):
        try:
            r.sections = [Section(str(s["name"]), int(s["start"]), int(s["end"])) for s in secs]
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"{where}: bad sections") from exc
    else:
        r.sections = find_sections(text)
    return r


def _mention(d: Any, i: int) -> Mention:
    where = f"mentions[{i}]"
    if not isinstance(d, dict):
        raise InputError(f"{where} is not an object")
    try:
        frags = [(int(a), int(b)) for a, b in d.get("fragments") or []]
    except (TypeError, ValueError) as exc:
        raise InputError(f"{where}: bad fragments") from exc
    mtype = str(d.get("type") or "finding").lower()
    if mtype not in MENTION_TYPES:
        raise InputError(f"{where}: unknown type {mtype!r}")
    return Mention(
        id=str(_get(d, "id", (str, int), where)), report=str(_get(d, "report", (str, int), where)),
        start=_get(d, "start", int, where), end=_get(d, "end", int, where),
        text=_get(d, "text", str, where), type=mtype, concept=d.get("concept"),
        anatomy=[str(a) for a in d.get("anatomy") or []], laterality=d.get("laterality"),
        assertion=str(d.get("assertion") or "present"), change=d.get("change"),
        section=d.get("section"), measurements=[str(x) for x in d.get("measurements") or []],
        chain=d.get("chain"), source=str(d.get("source") or ""), fragments=frags,
        question=d.get("question") is True)


def patient_from_dict(d: Any, name: str = "JSON") -> Patient:
    """A Patient from a RadTrack JSON document; ``InputError`` if it is not one. Mentions
    whose span does not fit their report are dropped with a Problem."""
    if not isinstance(d, dict) or d.get("schema") != SCHEMA:
        got = d.get("schema") if isinstance(d, dict) else type(d).__name__
        raise InputError(f"{name}: not a RadTrack JSON (schema {got!r}, expected {SCHEMA!r})")
    pd = d.get("patient") or {}
    if not isinstance(pd, dict) or "id" not in pd:
        raise InputError(f"{name}: missing patient id")
    p = Patient(id=str(pd["id"]), annotated=bool(pd.get("annotated", False)))
    reports = _get(d, "reports", list, name)
    for i, rd in enumerate(reports):
        r = _report(rd, i)
        if any(x.id == r.id for x in p.reports):
            p.problems.append(Problem(f"{name}:{r.id}", "duplicate report id"))
            continue
        p.reports.append(r)
    texts = {r.id: r.text for r in p.reports}
    for i, md in enumerate(_get(d, "mentions", list, name) if "mentions" in d else []):
        m = _mention(md, i)
        text = texts.get(m.report)
        bad = ("unknown report" if text is None
               else "span outside its report" if not 0 <= m.start < m.end <= len(text)
               else "text does not match the report" if text[m.start:m.end] != m.text
               and not m.fragments else "duplicate mention id" if m.id in p.mentions else "")
        if bad:
            p.problems.append(Problem(f"{name}:{m.id}", f"mention {bad}"))
            continue
        p.mentions[m.id] = m
    _restore_chains(p, d.get("chains") or [], name)
    for q in d.get("problems") or []:
        if isinstance(q, dict) and "file" in q:
            p.problems.append(Problem(str(q["file"]), str(q.get("reason", "")),
                                      bool(q.get("skipped", True))))
    return p


def _restore_chains(p: Patient, chains: Iterable[Any], name: str) -> None:
    """Keep the document's chains when they are consistent; otherwise rebuild them."""
    chain_of: dict[str, str] = {}
    extra: dict[str, dict[str, Any]] = {}
    for cd in chains:
        if not isinstance(cd, dict) or "id" not in cd:
            raise InputError(f"{name}: a chain without an id")
        cid = str(cd["id"])
        extra[cid] = cd
        for mid in cd.get("mentions") or []:
            if str(mid) in p.mentions and str(mid) not in chain_of:
                chain_of[str(mid)] = cid
    for mid, m in p.mentions.items():  # a mention's own "chain" fills gaps
        if mid not in chain_of and m.chain:
            chain_of[mid] = m.chain
    labels = {cid: str(cd.get("label") or "") for cid, cd in extra.items()}
    build_chains(p, chain_of, labels=labels)
    for cid, c in p.chains.items():
        cd = extra.get(cid)
        if cd:
            c.type = str(cd.get("type") or c.type)
            c.reviewed = bool(cd.get("reviewed", False))
            if hasattr(c, "label_locked"):
                c.label_locked = bool(cd.get("label_locked", False))
            c.source = str(cd.get("source") or "")
            why = cd.get("why") or {}
            c.why = {str(k): str(v) for k, v in why.items()} if isinstance(why, dict) else {}


def write_json(p: Patient, path: str | Path) -> None:
    with atomic_open(path, "w", newline="\n") as f:
        json.dump(patient_to_dict(p), f, ensure_ascii=False, indent=1)
        f.write("\n")


def read_json(path: str | Path) -> Patient:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_JSON_BYTES:
            raise InputError(f"{path.name}: too large for a RadTrack JSON")
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path.name}: unreadable ({exc.strerror or exc})") from exc
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path.name}: invalid JSON ({exc})") from exc
    p = patient_from_dict(doc, path.name)
    p.folder = str(path.parent)
    for r in p.reports:
        r.source = r.source or str(path)
        r.patient = r.patient or p.id
    return p
