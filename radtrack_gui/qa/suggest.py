"""Suggested questions for a patient, and the recent questions kept per project (Qt-free).

Recent questions live in a private JSON file per project in the user data folder
(``ask/<hash of the project path>.json``, 0600, written atomically), beside the project
stores; the store's schema is left alone.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from radtrack_gui.core.model import DEVICE, Chain, Patient
from radtrack_gui.views.course import Course, chain_courses

MAX_RECENT = 20


def suggestions(patient: Patient, n: int = 5) -> list[str]:
    """A few questions this patient's chains can answer: devices first, then the findings
    followed over most reports."""
    devices: list[tuple[int, Chain, Course]] = []
    findings: list[tuple[int, Chain, Course]] = []
    for chain, course in zip(patient.chains.values(), chain_courses(patient), strict=True):
        if course.only_absent or len(course.events) < 2:
            continue
        (devices if chain.type == DEVICE else findings).append((len(course.events), chain, course))
    out: list[str] = []
    for _, chain, course in sorted(devices, key=lambda x: -x[0])[:2]:
        gone = course.events[-1].word == "removed"
        out.append(
            f"Is the {chain.label} still in?" if gone else f"Where is the tip of the {chain.label}?"
        )
    for _, chain, _course in sorted(findings, key=lambda x: -x[0])[:3]:
        out.append(f"How did the {chain.label} change?")
    if findings:
        out.append(f"When was the {sorted(findings, key=lambda x: -x[0])[0][1].label} first seen?")
    return list(dict.fromkeys(out))[:n]


def recent_file(project_path: str) -> Path:
    from radtrack_gui.util.paths import user_data_dir

    digest = hashlib.sha256(project_path.encode("utf-8")).hexdigest()[:24]
    return user_data_dir() / "ask" / f"{digest}.json"


def load_recent(project_path: str) -> list[str]:
    """The project's recent questions, newest first (a broken file reads as none)."""
    try:
        data = json.loads(recent_file(project_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    items = data.get("questions", []) if isinstance(data, dict) else []
    return [q for q in items if isinstance(q, str)][:MAX_RECENT]


def add_recent(project_path: str, question: str) -> list[str]:
    """Put ``question`` first in the project's recent list and save it (0600, atomic)."""
    from radtrack_gui.util.atomic import atomic_write_text

    question = " ".join(question.split())
    items = [question, *[q for q in load_recent(project_path) if q != question]]
    items = items[:MAX_RECENT]
    path = recent_file(project_path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    atomic_write_text(
        path, json.dumps({"project": project_path, "questions": items}, indent=1) + "\n"
    )
    return items
