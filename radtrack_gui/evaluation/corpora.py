"""The whole-body development corpora, read in place from ``../shared/corpora`` (never copied).

- ``parrot1``: PARROT v1.0, ``parrot_v1_en/PARROT_v1_0_translations.txt``: one report a line,
  keyed by its 0-based line number; the text is the line with each two-character escape
  ``\\n`` turned into a newline (no other escapes occur in the file).
- ``dragon``: the DRAGON sample reports, ``dragon_samples/english/TaskNNN_*.md``, keyed by the
  file's stem; the text is the first fenced block (```` ``` ````) of the file, the report itself.

Offsets stored with labels index these texts exactly.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from radtrack_gui.core.errors import InputError

PARROT_V1 = ("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt")
DRAGON_DIR = ("corpora", "dragon_samples", "english")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc


@cache
def parrot_v1_reports(shared: Path) -> tuple[str, ...]:
    """The 2,738 PARROT v1.0 English reports in file order (index = line number)."""
    text = _read(shared.joinpath(*PARROT_V1))
    return tuple(line.replace("\\n", "\n") for line in text.split("\n") if line)


def dragon_report(text: str) -> str:
    """The report inside a DRAGON task file: its first fenced block, without the fences."""
    start = text.find("```")
    if start < 0:
        return ""
    start = text.find("\n", start) + 1
    end = text.find("```", start)
    return text[start : end if end >= 0 else len(text)]


@cache
def dragon_reports(shared: Path) -> dict[str, str]:
    """Stem → report text of every DRAGON English sample file."""
    folder = shared.joinpath(*DRAGON_DIR)
    if not folder.is_dir():
        raise InputError(f"{folder}: corpus not found")
    return {p.stem: dragon_report(_read(p)) for p in sorted(folder.glob("*.md"))}


def corpus_text(shared: Path, corpus: str, key: str) -> str:
    """The text of one report: ``corpus`` is ``parrot1`` or ``dragon``."""
    if corpus == "parrot1":
        reports = parrot_v1_reports(shared)
        if not key.isdigit() or int(key) >= len(reports):
            raise InputError(f"parrot1: no report {key}")
        return reports[int(key)]
    if corpus == "dragon":
        found = dragon_reports(shared).get(key)
        if found is None:
            raise InputError(f"dragon: no report {key}")
        return found
    raise InputError(f"unknown corpus {corpus!r}")


def extraction_texts(corpus: str) -> list[str]:
    """Every report text of ``corpus`` in file order: "iu" (the 3,851 IU reports) or
    "parrot" (the 2,738 PARROT v1.0 English reports); for timing and fingerprinting
    extraction. InputError when the corpus is not beside the checkout."""
    from radtrack_gui.evaluation.silver_mentions import iu_reports, shared_root

    if corpus == "parrot":
        return list(parrot_v1_reports(shared_root()))
    return [t for _, t in iu_reports()]
