"""FHIR ``DiagnosticReport`` (R4/R4B and R5), a ``Bundle`` of them (searchset, collection,
document, ...) and Bulk Data NDJSON (one resource per line).

Each DiagnosticReport is validated with ``fhir.resources`` (the R5 model, else the R4B one);
an invalid one is a problem naming its entry and the first error, the others load. Its text
is the first ``presentedForm`` attachment with inline ``data`` of type text/plain, else
text/html (tags removed), else application/pdf (the PDF reader's text); without one, the
``conclusion``. Offsets index that text. Date: ``effectiveDateTime``, else
``effectivePeriod.start``, else ``issued``. Exam: ``code`` (LOINC display, else RadLex
Playbook display, else ``code.text``). Modality: from the exam, else ``category``. Patient:
``subject`` (``Patient/ID``, a bundle's Patient identifier, or ``subject.identifier``).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.model import Problem
from radtrack_gui.formats.ingest import (
    Extracted,
    document_report,
    file_bytes,
    html_text,
    only_patient,
    report_id,
    text_of_bytes,
)
from radtrack_gui.formats.textreport import SkipFile
from radtrack_gui.nlp.metadata import parse_date

LOINC = "http://loinc.org"
STATUS = {
    "preliminary": "preliminary",
    "final": "final",
    "amended": "corrected",
    "corrected": "corrected",
    "appended": "corrected",
    "partial": "preliminary",
}


class Invalid(ValueError):
    """One resource is not a valid FHIR DiagnosticReport (the message says why)."""


def validate(resource: dict[str, Any]) -> str:
    """The FHIR version whose DiagnosticReport model accepts RESOURCE (``R5`` or ``R4B``),
    or ``Invalid`` with the R5 model's first error."""
    from fhir.resources.diagnosticreport import DiagnosticReport as R5
    from fhir.resources.R4B.diagnosticreport import DiagnosticReport as R4B
    from pydantic import ValidationError

    try:
        R5.model_validate(resource)
        return "R5"
    except ValidationError as exc5:
        try:
            R4B.model_validate(resource)
            return "R4B"
        except ValidationError:
            err = exc5.errors()[0]
            where = ".".join(str(x) for x in err.get("loc", ())) or "resource"
            raise Invalid(f"{where}: {err.get('msg', 'invalid')}") from None


def _codings(concept: Any) -> list[dict[str, Any]]:
    if not isinstance(concept, dict):
        return []
    return [c for c in concept.get("coding") or [] if isinstance(c, dict)]


def exam_of(resource: dict[str, Any]) -> str:
    code = resource.get("code") or {}
    codings = _codings(code)
    for pick in (
        lambda c: c.get("system") == LOINC,
        lambda c: (
            "radlex" in str(c.get("system", "")).lower()
            or str(c.get("code", "")).upper().startswith("RPID")
        ),
    ):
        for c in codings:
            if pick(c) and c.get("display"):
                return str(c["display"])
    if isinstance(code, dict) and code.get("text"):
        return str(code["text"])
    return next((str(c["display"]) for c in codings if c.get("display")), "")


def modality_hint(resource: dict[str, Any]) -> str:
    """A modality code or word from ``category`` (DICOM modality codes such as CT, MR)."""
    for cat in resource.get("category") or []:
        for c in _codings(cat):
            for value in (c.get("code"), c.get("display")):
                if isinstance(value, str) and 1 < len(value) <= 12:
                    from radtrack_gui.formats.textreport import normalize_modality

                    if normalize_modality(value):
                        return value
    return ""


def date_of(resource: dict[str, Any]) -> datetime | None:
    period = resource.get("effectivePeriod") or {}
    for value in (
        resource.get("effectiveDateTime"),
        period.get("start") if isinstance(period, dict) else None,
        resource.get("issued"),
    ):
        if isinstance(value, str) and value:
            try:
                return datetime.fromisoformat(value)
            except ValueError:
                found = parse_date(value)
                if found:
                    return found
    return None


def subject_of(resource: dict[str, Any], patients: dict[str, str] | None = None) -> str:
    """The patient id of a resource's ``subject``."""
    subject = resource.get("subject") or {}
    if not isinstance(subject, dict):
        return ""
    ref = str(subject.get("reference") or "")
    if patients and ref in patients:
        return patients[ref]
    if ref.startswith("Patient/"):
        return ref.split("/", 1)[1].split("/_history", 1)[0]
    ident = subject.get("identifier") or {}
    if isinstance(ident, dict) and ident.get("value"):
        return str(ident["value"])
    return ref.rsplit("/", 1)[-1] if ref else ""


def report_text(resource: dict[str, Any]) -> tuple[str, str]:
    """(text, where it came from); ``("", why)`` when the resource holds none."""
    forms = [a for a in resource.get("presentedForm") or [] if isinstance(a, dict)]
    why = ""
    for wanted in ("text/plain", "text/html", "application/pdf"):
        for a in forms:
            kind = str(a.get("contentType", "")).split(";")[0].strip().lower()
            if kind != wanted:
                continue
            if not a.get("data"):
                why = f"presentedForm {kind} has no inline data (a url is not fetched)"
                continue
            try:
                data = base64.b64decode(str(a["data"]), validate=True)
            except (binascii.Error, ValueError):
                why = f"presentedForm {kind}: data is not base64"
                continue
            if kind == "application/pdf":
                from radtrack_gui.formats.pdf import pdf_text

                try:
                    text = pdf_text(data)
                except SkipFile as exc:
                    why = f"presentedForm PDF: {exc.reason}"
                    continue
            else:
                text = text_of_bytes(data)
                text = html_text(text) if kind == "text/html" else text
            if text.strip():
                return text, f"presentedForm {kind}"
    conclusion = resource.get("conclusion")
    if isinstance(conclusion, str) and conclusion.strip():
        return conclusion, "conclusion"
    return "", why or "no presentedForm text and no conclusion"


def resources_in(data: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, resource) for every resource of a resource or Bundle (nested bundles too)."""
    if not isinstance(data, dict):
        raise Invalid(f"{where or 'file'}: not a FHIR resource (a JSON object)")
    kind = data.get("resourceType")
    if kind == "Bundle":
        entries = data.get("entry") or []
        if not isinstance(entries, list):
            raise Invalid(f"{where or 'Bundle'}: entry is not a list")
        for i, entry in enumerate(entries, 1):
            res = entry.get("resource") if isinstance(entry, dict) else None
            if isinstance(res, dict):
                res = {**res, "_fullUrl": entry.get("fullUrl", "")}
                yield from resources_in(res, f"{where}entry {i}" if not where else f"{where}/{i}")
    elif isinstance(kind, str):
        yield where, data
    else:
        raise Invalid(f"{where or 'file'}: no resourceType")


def ndjson_lines(path: Path) -> Iterator[tuple[int, dict[str, Any] | str]]:
    """(line number, resource) for each line of a Bulk Data NDJSON file, streamed; a line
    that is not JSON gives its reason as a string instead."""
    try:
        f = open(path, encoding="utf-8-sig", errors="replace")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise SkipFile(f"unreadable ({exc.strerror or exc})") from exc
    with f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                yield n, json.loads(line)
            except json.JSONDecodeError as exc:
                yield n, f"invalid JSON ({exc.msg})"


def _patients(resources: list[tuple[str, dict[str, Any]]]) -> dict[str, str]:
    """Bundle references of Patient resources -> their first identifier (else their id)."""
    out: dict[str, str] = {}
    for _, r in resources:
        if r.get("resourceType") != "Patient":
            continue
        ids = [i for i in r.get("identifier") or [] if isinstance(i, dict) and i.get("value")]
        pid = str(ids[0]["value"]) if ids else str(r.get("id") or "")
        if not pid:
            continue
        for key in (r.get("_fullUrl"), f"Patient/{r.get('id')}" if r.get("id") else None):
            if key:
                out[str(key)] = pid
    return out


def read(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The DiagnosticReports of a FHIR JSON or NDJSON file."""
    found: list[tuple[str, dict[str, Any]]] = []
    problems: list[Problem] = []
    if path.suffix.lower() == ".ndjson":
        for n, item in ndjson_lines(path):
            if isinstance(item, str):
                problems.append(Problem(name, f"line {n}: {item}"))
            elif isinstance(item, dict):
                found.append((f"line {n}", item))
    else:
        try:
            data = json.loads(file_bytes(path).decode("utf-8-sig"))
        except UnicodeDecodeError as exc:
            raise SkipFile("not UTF-8 JSON") from exc
        except json.JSONDecodeError as exc:
            raise SkipFile(f"invalid JSON (line {exc.lineno}: {exc.msg})") from exc
        except RecursionError as exc:
            raise SkipFile("invalid JSON (nested too deeply)") from exc
        try:
            found = list(resources_in(data))
        except Invalid as exc:
            raise SkipFile(f"invalid FHIR: {exc}") from exc
        except RecursionError as exc:
            raise SkipFile("invalid FHIR: bundles nested too deeply") from exc
    return extract(found, path, name, patient_id, problems)


def extract(
    found: list[tuple[str, dict[str, Any]]],
    path: Path,
    name: str,
    patient_id: str | None,
    problems: list[Problem] | None = None,
    *,
    numbers: list[int] | None = None,
    count: int | None = None,
) -> Extracted:
    """Reports of the DiagnosticReports among FOUND ((where, resource) pairs). A cohort
    worker passes each one's number in the whole file (NUMBERS) and the file's COUNT."""
    got = Extracted(problems=list(problems or []))
    patients = _patients(found)
    reports = [(w, r) for w, r in found if r.get("resourceType") == "DiagnosticReport"]
    if not reports:
        kinds = sorted({str(r.get("resourceType")) for _, r in found}) or ["nothing"]
        raise SkipFile(f"no FHIR DiagnosticReport (holds {', '.join(kinds)})")
    named = []
    for i, (place, res) in enumerate(reports, 1):
        where = f"{place}: " if place else ""
        res = {k: v for k, v in res.items() if k != "_fullUrl"}
        rid = report_id(name, numbers[i - 1] if numbers else i, count or len(reports))
        try:
            validate(res)
        except Invalid as exc:
            got.problems.append(Problem(rid, f"{where}invalid FHIR DiagnosticReport ({exc})"))
            continue
        text, why = report_text(res)
        if not text.strip():
            got.problems.append(Problem(rid, f"{where}no report text ({why})"))
            continue
        report, notes = document_report(
            rid,
            text,
            source=str(path),
            name=name,
            date=date_of(res),
            exam=exam_of(res),
            modality=modality_hint(res),
            patient=subject_of(res, patients),
            status=STATUS.get(str(res.get("status", "")), ""),
        )
        got.reports.append(report)
        got.problems.extend(notes)
        named.append(report.patient)
    if not got.reports:
        if len(reports) == 1 and got.problems:
            raise SkipFile(got.problems[-1].reason)
        reason = got.problems[-1].reason if got.problems else "no report"
        raise SkipFile(f"no readable DiagnosticReport (last: {reason})")
    return only_patient(got, path, patient_id, named)
