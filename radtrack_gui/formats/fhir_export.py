"""A patient's chains as FHIR R5: a ``collection`` Bundle (``radtrack export --format fhir``).

- one ``Patient``; one ``DiagnosticReport`` per report (its text as a text/plain
  ``presentedForm``, so the offsets of §2 index the decoded attachment; exam as ``code.text``,
  date as ``effectiveDateTime``, modality as a DICOM ``category`` code);
- one ``Device`` per device chain;
- one ``Observation`` per chain: ``code.text`` its label; ``valueCodeableConcept`` the
  assertion of its last mention (SNOMED CT present / absent / possible); ``bodySite`` its
  anatomy (text) with the laterality as a SNOMED CT coding; ``derivedFrom`` the
  DiagnosticReports it is mentioned in; ``focus`` the Device for a device chain;
  ``effectivePeriod`` its first and last report dates; ``status`` final when reviewed,
  else preliminary; ``note`` lists its mentions (report, offsets, text).

The Bundle is checked with the ``fhir.resources`` R5 models before it is written.
"""

from __future__ import annotations

import base64
import json
import uuid
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, Chain, Patient, Report

SNOMED = "http://snomed.info/sct"
DCM = "http://dicom.nema.org/resources/ontology/DCM"
ASSERTION = {
    "present": ("52101004", "Present"),
    "absent": ("2667000", "Absent"),
    "possible": ("60022001", "Possible diagnosis"),
}
LATERALITY = {
    "left": ("7771000", "Left"),
    "right": ("24028007", "Right"),
    "bilateral": ("51440002", "Right and left"),
}
DICOM_MODALITY = {
    "XR": "DX",
    "CTA": "CT",
    "MR": "MR",
    "CT": "CT",
    "US": "US",
    "NM": "NM",
    "PET": "PT",
    "FL": "RF",
    "MG": "MG",
    "IR": "XA",
}


def _urn(namespace: str, key: str) -> str:
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'radtrack:{namespace}:{key}')}"


def _iso(report: Report) -> str | None:
    if report.date is None or not report.date_known:
        return None
    if report.date.hour or report.date.minute or report.date.second:
        return report.date.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
    return report.date.date().isoformat()


def _concept(system: str, pair: tuple[str, str]) -> dict[str, Any]:
    return {"coding": [{"system": system, "code": pair[0], "display": pair[1]}], "text": pair[1]}


def _report(patient_ref: str, r: Report) -> dict[str, Any]:
    res: dict[str, Any] = {
        "resourceType": "DiagnosticReport",
        "id": uuid.uuid5(uuid.NAMESPACE_URL, f"radtrack:report:{r.id}").hex,
        "identifier": [{"system": "urn:radtrack:report", "value": r.id}],
        "status": "final",
        "code": {"text": r.exam or "Radiology report"},
        "subject": {"reference": patient_ref},
        "presentedForm": [
            {
                "contentType": "text/plain; charset=utf-8",
                "data": base64.b64encode(r.text.encode("utf-8")).decode("ascii"),
            }
        ],
    }
    if r.modality in DICOM_MODALITY:
        res["category"] = [{"coding": [{"system": DCM, "code": DICOM_MODALITY[r.modality]}]}]
    when = _iso(r)
    if when:
        res["effectiveDateTime"] = when
    return res


def _observation(
    patient: Patient, chain: Chain, patient_ref: str, report_ref: dict[str, str]
) -> dict[str, Any]:
    mentions = [patient.mentions[m] for m in chain.mentions if m in patient.mentions]
    order = patient.report_index()
    mentions.sort(key=lambda m: (order.get(m.report, 0), m.start))
    obs: dict[str, Any] = {
        "resourceType": "Observation",
        "id": uuid.uuid5(uuid.NAMESPACE_URL, f"radtrack:chain:{chain.id}").hex,
        "identifier": [{"system": "urn:radtrack:chain", "value": chain.id}],
        "status": "final" if chain.reviewed else "preliminary",
        "category": [{"text": "device" if chain.type == DEVICE else "finding"}],
        "code": {"text": chain.label or (mentions[0].text if mentions else chain.id)},
        "subject": {"reference": patient_ref},
    }
    if mentions:
        last = mentions[-1]
        if last.assertion in ASSERTION:
            obs["valueCodeableConcept"] = _concept(SNOMED, ASSERTION[last.assertion])
        anatomy = list(dict.fromkeys(a for m in mentions for a in m.anatomy))
        side = next((m.laterality for m in reversed(mentions) if m.laterality), None)
        if anatomy or side:
            site: dict[str, Any] = {"text": " ".join(filter(None, [side, ", ".join(anatomy)]))}
            if side in LATERALITY:
                site["coding"] = [
                    {"system": SNOMED, "code": LATERALITY[side][0], "display": LATERALITY[side][1]}
                ]
            obs["bodySite"] = site
        refs = list(dict.fromkeys(report_ref[m.report] for m in mentions if m.report in report_ref))
        obs["derivedFrom"] = [{"reference": ref} for ref in refs]
        dates = [r for r in patient.reports if r.id in {m.report for m in mentions}]
        times = [t for t in (_iso(r) for r in dates) if t]
        if times:
            obs["effectivePeriod"] = {"start": times[0], "end": times[-1]}
        obs["note"] = [
            {"text": f"{m.report} [{m.start}:{m.end}] {m.text!r} ({m.assertion})"} for m in mentions
        ]
    return obs


def patient_bundle(patient: Patient) -> dict[str, Any]:
    """The patient's reports and chains as a FHIR R5 collection Bundle (a dict)."""
    patient_ref = _urn("patient", patient.id)
    entries: list[dict[str, Any]] = [
        {
            "fullUrl": patient_ref,
            "resource": {
                "resourceType": "Patient",
                "identifier": [{"system": "urn:radtrack:patient", "value": patient.id}],
            },
        }
    ]
    report_ref: dict[str, str] = {}
    for r in patient.reports:
        report_ref[r.id] = _urn("report", f"{patient.id}/{r.id}")
        entries.append({"fullUrl": report_ref[r.id], "resource": _report(patient_ref, r)})
    for chain in patient.chains.values():
        obs = _observation(patient, chain, patient_ref, report_ref)
        if chain.type == DEVICE:
            device_ref = _urn("device", f"{patient.id}/{chain.id}")
            entries.append(
                {
                    "fullUrl": device_ref,
                    "resource": {
                        "resourceType": "Device",
                        "name": [{"value": obs["code"]["text"], "type": "user-friendly-name"}],
                    },
                }
            )
            obs["focus"] = [{"reference": device_ref}]
        entries.append({"fullUrl": _urn("chain", f"{patient.id}/{chain.id}"), "resource": obs})
    return {"resourceType": "Bundle", "type": "collection", "entry": entries}


def check_bundle(bundle: dict[str, Any]) -> None:
    """``InputError`` when the fhir.resources R5 Bundle model rejects BUNDLE."""
    from fhir.resources.bundle import Bundle
    from pydantic import ValidationError

    try:
        Bundle.model_validate(bundle)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err.get("loc", ()))
        raise InputError(f"FHIR export is not valid FHIR R5 ({where}: {err.get('msg')})") from exc


def write_fhir(patient: Patient, out: str | Path) -> None:
    """Write the patient's Bundle as JSON to OUT (a file, written atomically, or -);
    nothing is written when it does not validate."""
    from radtrack_gui.util.atomic import atomic_open

    bundle = patient_bundle(patient)
    check_bundle(bundle)
    with atomic_open(out, "w", newline="\n") as f:
        json.dump(bundle, f, ensure_ascii=False, indent=1)
        f.write("\n")
