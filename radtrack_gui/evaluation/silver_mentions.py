"""Real reports read in place from ``../shared/corpora`` and our hand-labelled mention sample.

The corpora's text is never copied into the repository: ``resources/silver/
mentions_sample.jsonl`` stores only corpus, report key, character offsets, type and a short
SHA-1 of the span's text, which the loader checks against the text it reads, so a changed
corpus or a wrong offset is an error naming the line, never a silent score.

Report texts: IU (``iu_openi_cxr/indiana_reports.csv``) = findings + impression joined by a
blank line, keyed by ``uid``; PARROT (``parrot_v0_fr_sample/Fr_sample.csv``) = the English
translation, keyed by row number. ``RADTRACK_SHARED`` overrides where ``shared`` is (default:
beside the checkout).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.util.paths import resource

SAMPLE = "silver/mentions_sample.jsonl"


def shared_root() -> Path:
    env = os.environ.get("RADTRACK_SHARED")
    return Path(env) if env else Path(__file__).resolve().parents[3] / "shared"


def _rows(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        raise InputError(f"{path}: corpus not found (set RADTRACK_SHARED)")
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def iu_text(row: dict[str, str]) -> str:
    parts = [(row.get(k) or "").strip() for k in ("findings", "impression")]
    return "\n\n".join(p for p in parts if p)


def iu_reports(root: Path | None = None) -> list[tuple[str, str]]:
    """(uid, text) of the 3,851 IU reports in file order (empty texts kept)."""
    path = (root or shared_root()) / "corpora" / "iu_openi_cxr" / "indiana_reports.csv"
    return [(r["uid"], iu_text(r)) for r in _rows(path)]


def parrot_reports(root: Path | None = None) -> list[tuple[str, str]]:
    """(row number, English text) of the 40 PARROT sample reports."""
    path = (root or shared_root()) / "corpora" / "parrot_v0_fr_sample" / "Fr_sample.csv"
    return [(str(i), r["English translation"]) for i, r in enumerate(_rows(path))]


@dataclass(frozen=True)
class Labelled:
    corpus: str  # "iu" or "parrot"
    report: str
    start: int
    end: int
    type: str  # finding | device


def span_digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def load_sample(
    path: Path | None = None, root: Path | None = None
) -> tuple[dict[tuple[str, str], str], list[Labelled]]:
    """The labelled reports' texts, keyed (corpus, report), and their mentions; every span
    is checked against the text read in place."""
    path = path or resource(SAMPLE)
    texts = {("iu", k): t for k, t in iu_reports(root)}
    texts.update({("parrot", k): t for k, t in parrot_reports(root)})
    out: list[Labelled] = []
    used: dict[tuple[str, str], str] = {}
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
                key = (d["corpus"], str(d["report"]))
                start, end, type_, digest = int(d["start"]), int(d["end"]), d["type"], d["sha1"]
            except (ValueError, KeyError, TypeError) as exc:
                raise InputError(f"{path}:{n}: not a labelled span ({exc})") from exc
            text = texts.get(key)
            if text is None:
                raise InputError(f"{path}:{n}: no report {key[1]} in corpus {key[0]}")
            if not (0 <= start < end <= len(text)) or span_digest(text[start:end]) != digest:
                raise InputError(
                    f"{path}:{n}: span {start}-{end} does not match the text "
                    f"read in place (changed corpus?)"
                )
            used[key] = text
            out.append(Labelled(key[0], key[1], start, end, type_))
    return used, out
