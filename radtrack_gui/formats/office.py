"""Word ``.docx`` (``python-docx``) and ``.rtf`` (``striprtf``) letters, one report each.

DOCX: the body's paragraphs and table rows (cells separated by a tab) in document order, one
per line; page headers and footers are left out. RTF: the text ``striprtf`` gives (control
words and groups such as the font table removed; ``\\'hh`` bytes decoded as the document's
code page, default Windows-1252). Offsets index that text. Date, exam and patient come from
``Key: value`` lines near the top (``ingest.loose_header``), else from the name.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any

from radtrack_gui.formats.ingest import Extracted, document_report, file_bytes
from radtrack_gui.formats.textreport import SkipFile

MAX_XML_BYTES = 64 * 1024 * 1024
_ANSICPG = re.compile(rb"\\ansicpg(\d+)")


def _body(data: bytes) -> Any:
    """The ``w:body`` element of a .docx: ``word/document.xml`` parsed by python-docx's
    XML parser (the whole package, with styles and themes, costs about ten times more);
    a package whose main part lives elsewhere is opened whole."""
    import docx
    from docx.oxml.ns import qn
    from docx.oxml.parser import parse_xml

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        if "word/document.xml" in names:
            size = z.getinfo("word/document.xml").file_size
            if size > MAX_XML_BYTES:  # a ZIP bomb, or no letter
                raise SkipFile(f"too large: its text part unpacks to {size:,} bytes")
            root = parse_xml(z.read("word/document.xml"))
            return root.find(qn("w:body"))
    return docx.Document(io.BytesIO(data)).element.body


def docx_text(data: bytes) -> str:
    """The text of a .docx file's bytes; ``SkipFile`` naming why there is none."""
    from docx.oxml.ns import qn

    if not data.startswith(b"PK"):
        raise SkipFile("not a Word .docx file (not a ZIP package; an old .doc?)")
    try:
        body = _body(data)
    except SkipFile:
        raise
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise SkipFile(f"corrupt .docx ({exc or type(exc).__name__})") from exc
    except Exception as exc:  # lxml and python-docx raise their own types for bad XML
        raise SkipFile(f"corrupt .docx ({type(exc).__name__}: {exc})") from exc
    if body is None:
        raise SkipFile("corrupt .docx (no document body)")
    lines: list[str] = []
    for child in body.iterchildren():
        if child.tag == qn("w:p"):
            lines.append("".join(t.text or "" for t in child.iter(qn("w:t"))))
        elif child.tag == qn("w:tbl"):
            for row in child.iter(qn("w:tr")):
                cells = [
                    "".join(t.text or "" for t in cell.iter(qn("w:t")))
                    for cell in row.iter(qn("w:tc"))
                ]
                lines.append("\t".join(cells))
    return "\n".join(lines).strip()


def rtf_text(data: bytes) -> str:
    """The text of an RTF file's bytes; ``SkipFile`` when it is not RTF."""
    from striprtf.striprtf import rtf_to_text

    if not data.lstrip().startswith(b"{\\rtf"):
        raise SkipFile("not an RTF file (no {\\rtf header)")
    m = _ANSICPG.search(data[:2048])
    codepage = f"cp{int(m[1])}" if m else "cp1252"
    try:
        "".encode(codepage)
    except LookupError:
        codepage = "cp1252"
    raw = data.decode("latin-1")  # RTF is 7-bit; \'hh escapes are decoded by striprtf
    try:
        text = rtf_to_text(raw, encoding=codepage, errors="replace")
    except (ValueError, IndexError, RecursionError) as exc:
        raise SkipFile(f"corrupt RTF ({exc or type(exc).__name__})") from exc
    return "\n".join(line.rstrip() for line in text.splitlines()).strip()


def read(path: Path, name: str, patient_id: str | None = None) -> Extracted:
    """The one report of a .docx or .rtf file."""
    data = file_bytes(path)
    text = rtf_text(data) if path.suffix.lower() == ".rtf" else docx_text(data)
    if not text.strip():
        raise SkipFile("no text in the document")
    report, problems = document_report(name, text + "\n", source=str(path), name=name, loose=True)
    return Extracted([report], problems, [report.patient] if report.patient else [])
