"""PDF reports with a text layer (``pypdf``).

Each page's text pieces are placed where they are drawn (pypdf's text visitor gives each
piece's position) and read top to bottom, left to right, one line per baseline, so a footer
drawn first still comes last. A line repeated at the top or bottom of every page (a header
or footer; page numbers do not make lines differ) is removed (the first page keeps its header once). Pages are joined by a blank
line. Offsets index that text. A PDF with no text at all is named "no text layer: needs
OCR" and skipped; an encrypted one that opens with no password is read, else named.
Date, exam and patient come from ``Key: value`` lines near the top (``loose_header``).
"""

from __future__ import annotations

import io
import itertools
import re
import warnings
from pathlib import Path
from typing import Any

from radtrack_gui.formats.ingest import Extracted, document_report, file_bytes
from radtrack_gui.formats.textreport import SkipFile

EDGE_LINES = 3  # lines at the top and at the bottom of a page that may be header/footer
NO_TEXT = "no text layer: needs OCR"
_DIGITS = re.compile(r"\d+")


def _pieces(page: Any) -> list[tuple[float, float, float, str]]:
    """(y, x, font size, text) of each text piece of PAGE, in drawing order."""
    out: list[tuple[float, float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        if not text or not text.strip("\n"):
            return
        x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        scale = abs(tm[3] * cm[3]) or 1.0
        height = float(size or 10) * scale
        for k, line in enumerate(text.split("\n")):
            if line.strip():
                out.append((y - k * height * 1.2, x, height, line))

    page.extract_text(visitor_text=visit)
    return out


def _page_lines(page: Any) -> list[str]:
    """The page's lines in reading order (top to bottom, left to right)."""
    pieces = _pieces(page)
    if not pieces or all(y == 0 and x == 0 for y, x, _, _ in pieces):
        text = page.extract_text() or ""  # no positions: the content order
        return [line.rstrip() for line in text.splitlines()]
    pieces.sort(key=lambda p: (-p[0], p[1]))
    lines: list[list[tuple[float, float, float, str]]] = []
    for piece in pieces:
        if lines and abs(lines[-1][0][0] - piece[0]) <= 0.5 * min(lines[-1][0][2], piece[2]):
            lines[-1].append(piece)
        else:
            lines.append([piece])
    out = []
    for line in lines:
        line.sort(key=lambda p: p[1])
        text = line[0][3]
        for prev, cur in itertools.pairwise(line):
            end = prev[1] + 0.45 * prev[2] * len(prev[3])  # about where the piece ends
            gap = cur[1] - end
            joiner = "" if gap < 0.15 * cur[2] or text.endswith(" ") else " "
            text += joiner + cur[3]
        out.append(text.rstrip())
    return out


def _key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split()).lower())


def strip_repeated(pages: list[list[str]]) -> list[list[str]]:
    """Pages without the lines found near the top or bottom of every page (two or more)."""
    if len(pages) < 2:
        return pages

    def edges(lines: list[str]) -> set[str]:
        kept = [ln for ln in lines if ln.strip()]
        return {_key(ln) for ln in kept[:EDGE_LINES] + kept[-EDGE_LINES:]}

    common = set.intersection(*(edges(p) for p in pages))
    if not common:
        return pages
    out = []
    for n, lines in enumerate(pages):
        kept = [ln for ln in lines if ln.strip()]
        top = [] if n == 0 else kept[:EDGE_LINES]  # the first page's header is read once
        edge = {id(ln) for ln in top + kept[-EDGE_LINES:]}
        out.append([ln for ln in lines if not (id(ln) in edge and _key(ln) in common)])
    return out


def pdf_text(data: bytes) -> str:
    """The text of a PDF's bytes; ``SkipFile`` naming why there is none."""
    import pypdf
    from pypdf.errors import DependencyError, FileNotDecryptedError, PdfReadError

    if not data.lstrip()[:5].startswith(b"%PDF"):
        raise SkipFile("not a PDF (no %PDF header)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
            if reader.is_encrypted and not reader.decrypt(""):
                raise SkipFile("encrypted PDF: needs a password")
            pages = [_page_lines(page) for page in reader.pages]
        except (FileNotDecryptedError, DependencyError) as exc:
            raise SkipFile(f"encrypted PDF: cannot be decrypted ({exc})") from exc
        except SkipFile:
            raise
        except RecursionError as exc:
            raise SkipFile("corrupt PDF (nested too deeply)") from exc
        except PdfReadError as exc:
            raise SkipFile(f"corrupt PDF ({exc or type(exc).__name__})") from exc
        except Exception as exc:  # pypdf raises many types on damaged streams
            raise SkipFile(f"corrupt PDF ({type(exc).__name__}: {exc})") from exc
    if not pages:
        raise SkipFile("corrupt PDF (no pages)")
    pages = strip_repeated(pages)
    text = "\n\n".join("\n".join(lines).strip("\n") for lines in pages).strip()
    if not text:
        raise SkipFile(NO_TEXT)
    return text + "\n"


def read(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The one report of a PDF file (like a ``.txt`` report, not filtered by patient)."""
    text = pdf_text(file_bytes(path))
    report, problems = document_report(name, text, source=str(path), name=name, loose=True)
    return Extracted([report], problems, [report.patient] if report.patient else [])
