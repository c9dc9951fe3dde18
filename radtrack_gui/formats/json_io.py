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
    ASSERTIONS,
    FINDING,
    LATERALITIES,
    MENTION_TYPES,
    MODALITIES,
    Chain,
    Mention,
    Patient,
    Problem,
    Report,
    Section,
    chain_label,
)
from radtrack_gui.formats.validate import (
    FieldError,
    clean_text,
    get_bool,
    get_int,
    get_spans,
    get_str,
    get_str_list,
    parse_iso,
)
from radtrack_gui.nlp.sections import find_sections
from radtrack_gui.util.atomic import atomic_open
from radtrack_gui.util.names import shown
from radtrack_gui.util.regular import NotRegular, read_regular

SCHEMA = "radtrack/1"
MAX_JSON_BYTES = 512 * 1024 * 1024


def _iso(d: datetime | None) -> str | None:
    return d.isoformat(timespec="seconds") if d else None


def report_to_dict(r: Report) -> dict[str, Any]:
    return {
        "id": r.id,
        "date": _iso(r.date),
        "date_known": r.date_known,
        "exam": r.exam,
        "modality": r.modality,
        "text": r.text,
        "region": r.region,
        "flags": list(r.flags),
        "sections": [{"name": s.name, "start": s.start, "end": s.end} for s in r.sections],
    }


def mention_to_dict(m: Mention, with_chain: bool = True) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": m.id,
        "report": m.report,
        "start": m.start,
        "end": m.end,
        "text": m.text,
        "type": m.type,
        "chain": m.chain,
        "concept": m.concept,
        "anatomy": list(m.anatomy),
        "laterality": m.laterality,
        "assertion": m.assertion,
        "change": m.change,
        "section": m.section,
        "measurements": list(m.measurements),
        "source": m.source,
    }
    if m.fragments:
        d["fragments"] = [list(f) for f in m.fragments]
    if m.question:
        d["question"] = True
    if not with_chain:
        del d["chain"]
    return d


def patient_to_dict(p: Patient) -> dict[str, Any]:
    order = p.report_index()
    mentions = sorted(
        p.mentions.values(), key=lambda m: (order.get(m.report, 1 << 30), m.start, m.end)
    )
    return {
        "schema": SCHEMA,
        "patient": {"id": p.id, "annotated": p.annotated},
        "reports": [report_to_dict(r) for r in p.reports],
        "mentions": [mention_to_dict(m) for m in mentions],
        "chains": [
            {
                "id": c.id,
                "type": c.type,
                "label": c.label,
                "mentions": list(c.mentions),
                "reviewed": c.reviewed,
                "source": c.source,
                "why": dict(c.why),
                "label_locked": bool(getattr(c, "label_locked", False)),
            }
            for c in p.chains.values()
        ],
        "problems": [
            {"file": q.file, "reason": q.reason, "skipped": q.skipped} for q in p.problems
        ],
        **({"report_groups": [list(g) for g in p.report_groups]} if p.report_groups else {}),
    }


def build_chains(
    patient: Patient,
    chain_of: dict[str, str],
    *,
    source: str = "",
    labels: dict[str, str] | None = None,
) -> None:
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
        patient.chains[cid] = Chain(
            id=cid,
            type=patient.mentions[members[0]].type,
            label=label,
            mentions=members,
            source=source,
        )


def _get(d: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in d:
        raise InputError(f'{where}: missing "{key}"')
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f'{where}: "{key}" has the wrong type')
    return value


def _report(d: Any) -> tuple[Report, list[str]]:
    """A report from its object (``FieldError`` naming the field); plus repair notes."""
    if not isinstance(d, dict):
        raise FieldError("not an object")
    notes: list[str] = []
    raw = d.get("text")
    if not isinstance(raw, str):
        raise FieldError('"text" must be a string' if "text" in d else 'missing "text"')
    text, bad = clean_text(raw)
    if bad:
        notes.append(f"{bad} control or invalid characters in the text replaced")
    when = parse_iso(d.get("date"), "date")
    if when is not None and datetime.fromisoformat(d["date"]).tzinfo is not None:
        notes.append("date has a time-zone offset; kept as the local time written")
    modality = get_str(d, "modality", default="OTHER") or "OTHER"
    if modality not in MODALITIES:
        notes.append(f"unknown modality {modality[:20]!r} read as OTHER")
        modality = "OTHER"
    r = Report(
        id=get_str(d, "id", required=True) or "",
        text=text,
        date=when,
        date_known=get_bool(d, "date_known", when is not None) and when is not None,
        exam=get_str(d, "exam") or "",
        modality=modality,
        region=get_str(d, "region") or "",
        flags=get_str_list(d, "flags"),
    )
    if not r.id:
        raise FieldError('"id" is empty')
    secs = d.get("sections")
    if secs is None:
        r.sections = find_sections(text)
        return r, notes
    if not isinstance(secs, list):
        raise FieldError('"sections" must be a list')
    for i, sd in enumerate(secs):
        if not isinstance(sd, dict):
            raise FieldError(f'"sections"[{i}] is not an object')
        start, end = get_int(sd, "start", high=len(text)), get_int(sd, "end", high=len(text))
        if start > end:
            raise FieldError(f'"sections"[{i}] ends before it starts')
        r.sections.append(Section(get_str(sd, "name", required=True) or "", start, end))
    return r, notes


def _mention(d: Any, texts: dict[str, str]) -> Mention:
    """A mention from its object, checked against its report's text (``FieldError``)."""
    if not isinstance(d, dict):
        raise FieldError("not an object")
    mid = get_str(d, "id", required=True) or ""
    report = get_str(d, "report", required=True) or ""
    text = texts.get(report)
    if text is None:
        raise FieldError(f'"report" {report[:40]!r} is not a report of this file')
    start, end = get_int(d, "start", high=len(text)), get_int(d, "end", high=len(text))
    if start >= end:
        raise FieldError(f"empty or reversed span {start}-{end}")
    frags = get_spans(d, "fragments", len(text))
    if frags and (frags[0][0] != start or max(b for _, b in frags) != end):
        raise FieldError(f'"fragments" do not cover the span {start}-{end}')
    shown = get_str(d, "text", required=True) or ""
    if not frags and text[start:end] != shown:
        raise FieldError(
            f"text {shown[:40]!r} does not match the report ({text[start:end][:40]!r})"
        )
    if not mid:
        raise FieldError('"id" is empty')
    return Mention(
        id=mid,
        report=report,
        start=start,
        end=end,
        text=text[start:end],
        type=get_str(d, "type", default=FINDING, choices=MENTION_TYPES, lower=True) or FINDING,
        concept=get_str(d, "concept", default=None),
        anatomy=get_str_list(d, "anatomy"),
        laterality=get_str(d, "laterality", default=None, choices=LATERALITIES, lower=True),
        assertion=get_str(d, "assertion", default="present", choices=ASSERTIONS, lower=True)
        or "present",
        change=get_str(d, "change", default=None),
        section=get_str(d, "section", default=None),
        measurements=get_str_list(d, "measurements"),
        chain=get_str(d, "chain", default=None) or None,
        source=get_str(d, "source") or "",
        fragments=frags,
        question=d.get("question") is True,
    )


def _items(d: dict[str, Any], key: str, name: str) -> list[Any]:
    value = d.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f'{name}: "{key}" must be a list')
    return value


def patient_from_dict(d: Any, name: str = "JSON") -> Patient:
    """A Patient from a RadTrack JSON document; ``InputError`` if it is not one. Each
    report, mention or chain that breaks the schema is left out with a Problem naming the
    file, the item and the field; the rest loads."""
    if not isinstance(d, dict) or d.get("schema") != SCHEMA:
        got = d.get("schema") if isinstance(d, dict) else type(d).__name__
        raise InputError(
            f"{name}: not a RadTrack JSON (schema {str(got)[:40]!r}, expected {SCHEMA!r})"
        )
    pd = d.get("patient")
    if (
        not isinstance(pd, dict)
        or not isinstance(pd.get("id"), str | int)
        or isinstance(pd.get("id"), bool)
    ):
        raise InputError(f"{name}: missing patient id")
    p = Patient(id=clean_text(str(pd["id"]))[0], annotated=bool(pd.get("annotated", False) is True))
    if "reports" not in d:
        raise InputError(f'{name}: missing "reports"')
    for i, rd in enumerate(_items(d, "reports", name)):
        where = f"{name}: reports[{i}]"
        try:
            r, notes = _report(rd)
        except FieldError as exc:
            p.problems.append(Problem(where, f"report {exc}"))
            continue
        if any(x.id == r.id for x in p.reports):
            p.problems.append(Problem(f"{where} ({r.id})", "duplicate report id"))
            continue
        p.problems.extend(Problem(f"{where} ({r.id})", n, skipped=False) for n in notes)
        p.reports.append(r)
    if not p.reports and p.problems:
        raise InputError(f"no valid report: {p.problems[0]}")
    texts = {r.id: r.text for r in p.reports}
    for i, md in enumerate(_items(d, "mentions", name)):
        where = f"{name}: mentions[{i}]"
        try:
            m = _mention(md, texts)
        except FieldError as exc:
            mid = md.get("id") if isinstance(md, dict) else None
            shown = f" ({str(mid)[:40]})" if isinstance(mid, str | int) else ""
            p.problems.append(Problem(where + shown, f"mention {exc}"))
            continue
        if m.id in p.mentions:
            p.problems.append(Problem(f"{where} ({m.id})", "mention duplicate mention id"))
            continue
        p.mentions[m.id] = m
    _restore_chains(p, _items(d, "chains", name), name)
    p.report_groups = _report_groups(_items(d, "report_groups", name), p, name)
    for q in _items(d, "problems", name):
        if isinstance(q, dict) and isinstance(q.get("file"), str):
            p.problems.append(
                Problem(
                    clean_text(q["file"])[0],
                    clean_text(str(q.get("reason", "")))[0],
                    q.get("skipped", True) is not False,
                )
            )
    return p


def _report_groups(groups: list[Any], p: Patient, name: str) -> list[list[str]]:
    """Lists of known report ids, each report in one group (others are Problems)."""
    known = {r.id for r in p.reports}
    seen: set[str] = set()
    out: list[list[str]] = []
    for i, g in enumerate(groups):
        ids = (
            [
                str(x)
                for x in g
                if isinstance(x, str | int)
                and not isinstance(x, bool)
                and str(x) in known
                and str(x) not in seen
            ]
            if isinstance(g, list)
            else []
        )
        if not isinstance(g, list) or len(ids) != len(g):
            p.problems.append(
                Problem(
                    f"{name}: report_groups[{i}]",
                    "not a list of distinct report ids of this file; unknown ones left out",
                    skipped=False,
                )
            )
        seen.update(ids)
        if len(ids) > 1:
            out.append(ids)
    return out


def _restore_chains(p: Patient, chains: Iterable[Any], name: str) -> None:
    """Keep the document's chains when they are consistent; otherwise rebuild them."""
    chain_of: dict[str, str] = {}
    extra: dict[str, dict[str, Any]] = {}
    for i, cd in enumerate(chains):
        where = f"{name}: chains[{i}]"
        try:
            if not isinstance(cd, dict):
                raise FieldError("not an object")
            cid = get_str(cd, "id", required=True) or ""
            members = cd.get("mentions") or []
            if not isinstance(members, list) or not all(
                isinstance(x, str | int) and not isinstance(x, bool) for x in members
            ):
                raise FieldError('"mentions" must be a list of mention ids')
            why = cd.get("why") or {}
            if not isinstance(why, dict) or not all(isinstance(v, str) for v in why.values()):
                raise FieldError('"why" must map mention ids to strings')
            get_str(cd, "label")
            get_str(cd, "type", default=None, choices=MENTION_TYPES, lower=True)
            get_bool(cd, "reviewed")
        except FieldError as exc:
            p.problems.append(Problem(where, f"chain {exc}; its mentions kept apart"))
            continue
        if cid in extra:
            p.problems.append(
                Problem(f"{where} ({cid})", "duplicate chain id; its mentions kept apart")
            )
            continue
        extra[cid] = cd
        for mid in members:
            if str(mid) in p.mentions and str(mid) not in chain_of:
                chain_of[str(mid)] = cid
    for mid, m in p.mentions.items():  # a mention's own "chain" fills gaps
        if mid not in chain_of and m.chain:
            chain_of[mid] = m.chain
    labels = {cid: clean_text(str(cd.get("label") or ""))[0] for cid, cd in extra.items()}
    build_chains(p, chain_of, labels=labels)
    for cid, c in p.chains.items():
        cd = extra.get(cid)
        if cd:
            c.type = str(cd.get("type") or c.type).lower()
            c.reviewed = bool(cd.get("reviewed", False))
            if hasattr(c, "label_locked"):
                c.label_locked = cd.get("label_locked", False) is True
            c.source = clean_text(str(cd.get("source") or ""))[0]
            c.why = {
                clean_text(str(k))[0]: clean_text(v)[0] for k, v in (cd.get("why") or {}).items()
            }


def write_json(p: Patient, path: str | Path) -> None:
    with atomic_open(path, "w", newline="\n") as f:
        json.dump(patient_to_dict(p), f, ensure_ascii=False, indent=1)
        f.write("\n")


def read_json(path: str | Path) -> Patient:
    path = Path(path)
    try:
        raw = read_regular(path, MAX_JSON_BYTES)
    except NotRegular as exc:
        raise InputError(f"{path.name}: {exc}") from exc
    except OSError as exc:
        raise InputError(f"{path.name}: unreadable ({exc.strerror or exc})") from exc
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path.name}: invalid JSON ({exc})") from exc
    except RecursionError as exc:
        raise InputError(f"{path.name}: invalid JSON (nested too deeply)") from exc
    p = patient_from_dict(doc, path.name)
    p.folder = str(path.parent)
    for r in p.reports:
        r.source = r.source or shown(str(path))
        r.patient = r.patient or p.id
    return p
