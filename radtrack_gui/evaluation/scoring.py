"""Scoring a response against a key (``radtrack score``, FORMATS §5): read both (CoNLL
clusters or patients), pair their documents, and pool the coreference and mention detection
scores over documents (patients), with the scores of each document."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast


# -- reading -------------------------------------------------------------------------------
@dataclass
class Loaded:
    kind: str  # "conll" or "patients"
    docs: dict[str, object] = field(default_factory=dict)  # name -> clusters or Patient


def load(path_str: str, fmt: str | None) -> Loaded:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.formats.conll import is_conll, read_conll_as_chains
    from radtrack_gui.formats.sources import annotation_format

    path = Path(path_str)
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    fmt = fmt or annotation_format(path)
    if fmt == "conll":
        files = (
            [path]
            if path.is_file()
            else sorted(p for p in path.iterdir() if p.is_file() and is_conll(p))
        )
        if not files:
            raise InputError(f"{path}: no CoNLL files")
        docs: dict[str, object] = {}
        for f in files:
            for name, clusters in read_conll_as_chains(f).items():
                if name in docs:
                    raise InputError(f"{f}: document {name} appears twice")
                docs[name] = clusters
        return Loaded("conll", docs)
    if fmt == "brat":
        from radtrack_gui.formats.collection import read_annotated_patients

        return Loaded("patients", dict(read_annotated_patients(path)))
    # json
    from radtrack_gui.formats.json_io import read_json

    files = (
        [path]
        if path.is_file()
        else sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() == ".json")
    )
    if not files:
        raise InputError(f"{path}: no JSON files")
    docs = {}
    for f in files:
        patient = read_json(f)
        pid = patient.id or f.stem
        docs[pid if pid not in docs else f.stem] = patient
    return Loaded("patients", docs)


def pair_documents(
    key: Loaded, response: Loaded
) -> tuple[list[tuple[str, object, object]], list[str]]:
    """(name, key doc, response doc or None) per key document, and warnings."""
    from radtrack_gui.core.errors import InputError

    if key.kind != response.kind:
        raise InputError("KEY and RESPONSE must both be CoNLL, or both be patients (brat or JSON)")
    warnings: list[str] = []
    if len(key.docs) == 1 and len(response.docs) == 1:
        # One document (patient) on each side: pair them whatever their names.
        (kname, kdoc), (rname, rdoc) = (
            next(iter(key.docs.items())),
            next(iter(response.docs.items())),
        )
        if key.kind == "conll" and rname != kname:
            warnings.append(f"response document {rname} scored against key document {kname}")
            rdoc = [[(kname, *m[1:]) for m in c] for c in rdoc]  # type: ignore[attr-defined]
        return [(kname, kdoc, rdoc)], warnings
    out = []
    for name, doc in key.docs.items():
        if name not in response.docs:
            warnings.append(f"{name}: not in the response (scored as empty)")
        out.append((name, doc, response.docs.get(name)))
    for name in response.docs:
        if name not in key.docs:
            warnings.append(f"{name}: only in the response (ignored)")
    if not out:
        raise InputError("the key has no documents")
    return out, warnings


# -- scoring -------------------------------------------------------------------------------
def score_pairs(pairs: list[tuple[str, object, object]], kind: str) -> dict[str, object]:
    """Pooled scores dict (FORMATS §5 plus extras) and per-document dicts under 'patients'."""
    from radtrack_gui.core.model import MENTION_TYPES, Patient
    from radtrack_gui.evaluation.mentions import (
        MentionScores,
        conll_spans,
        mention_scores,
        patient_clusters,
        patient_spans,
    )
    from radtrack_gui.evaluation.metrics import Scores, dedupe, empty_scores, score

    pooled = empty_scores()
    pooled_mentions = MentionScores()
    per_type = {t: empty_scores() for t in MENTION_TYPES}
    per_doc: dict[str, dict[str, object]] = {}
    for name, kdoc, rdoc in pairs:
        if kind == "conll":
            kc: list[list[Hashable]] = kdoc  # type: ignore[assignment]
            rc: list[list[Hashable]] = rdoc or []  # type: ignore[assignment]
            s: Scores = score(kc, rc)
            # Repeated mentions count once, as in the coreference metrics.
            ms = mention_scores(conll_spans(dedupe(kc)), conll_spans(dedupe(rc)), types=None)
            types_doc: dict[str, Scores] = {}
        else:
            kp: Patient = kdoc  # type: ignore[assignment]
            rp = rdoc if isinstance(rdoc, Patient) else Patient(id=name)
            s = score(patient_clusters(kp), patient_clusters(rp))
            ms = mention_scores(patient_spans(kp), patient_spans(rp))
            types_doc = {
                t: score(patient_clusters(kp, t), patient_clusters(rp, t)) for t in MENTION_TYPES
            }
        pooled = pooled + s
        pooled_mentions = pooled_mentions + ms
        for t, st in types_doc.items():
            per_type[t] = per_type[t] + st
        doc_out = s.as_dict()
        doc_out["mentions"] = ms.as_dict()
        per_doc[name] = doc_out
    out = pooled.as_dict()
    out["mentions"] = pooled_mentions.as_dict()
    if kind != "conll":
        out["per_type"] = {t: per_type[t].as_dict() for t in MENTION_TYPES}
    out["documents"] = len(pairs)
    out["patients"] = per_doc
    return out


def _row(label: str, d: dict[str, float]) -> str:
    return f"{label:<18} {100 * d['recall']:7.2f} {100 * d['precision']:9.2f} {100 * d['f1']:7.2f}"


def text_report(result: dict[str, object], per_patient: bool) -> str:
    from radtrack_gui.evaluation.metrics import LABELS, METRICS

    head = f"{'metric':<18} {'R':>7} {'P':>9} {'F1':>7}"
    lines = [
        f"Scores over {result['documents']} document(s), pooled (micro)",
        head,
        "-" * len(head),
    ]
    for m in METRICS:
        lines.append(_row(LABELS[m], result[m]))  # type: ignore[arg-type]
    lines.append(f"{'CoNLL F1':<18} {'':>7} {'':>9} {100 * result['conll_f1']:7.2f}")  # type: ignore[operator]
    mentions: dict = result["mentions"]  # type: ignore[assignment]
    lines.append(_row("mentions exact", mentions["exact"]))
    lines.append(_row("mentions partial", mentions["partial"]))
    for t, d in mentions.get("per_type", {}).items():
        lines.append(_row(f"  {t} exact", d["exact"]))
        lines.append(_row(f"  {t} partial", d["partial"]))
    per_type: dict = result.get("per_type", {})  # type: ignore[assignment]
    if per_type:
        lines.append("")
        lines.append(f"{'chains by type':<18} {'MUC':>7} {'B3':>7} {'CEAF-e':>7} {'CoNLL':>7}")
        for t, d in per_type.items():
            lines.append(
                f"{t:<18} {100 * d['muc']['f1']:7.2f} {100 * d['bcub']['f1']:7.2f}"
                f" {100 * d['ceafe']['f1']:7.2f} {100 * d['conll_f1']:7.2f}"
            )
    if per_patient:
        lines.append("")
        lines.append(
            f"{'document':<24} {'MUC':>7} {'B3':>7} {'CEAF-e':>7} {'CoNLL':>7}"
            f" {'BLANC':>7} {'LEA':>7} {'ment.F1':>7}  (F1, %)"
        )
        patients = cast(dict[str, dict[str, Any]], result["patients"])
        for name, d in patients.items():
            lines.append(
                f"{name[:24]:<24} {100 * d['muc']['f1']:7.2f} {100 * d['bcub']['f1']:7.2f}"
                f" {100 * d['ceafe']['f1']:7.2f} {100 * d['conll_f1']:7.2f}"
                f" {100 * d['blanc']['f1']:7.2f} {100 * d['lea']['f1']:7.2f}"
                f" {100 * d['mentions']['exact']['f1']:7.2f}"
            )
    return "\n".join(lines)
