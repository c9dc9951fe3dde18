"""Check that every relative link in README.md and docs/*.md resolves: the file exists inside
the repository and, for ``file.md#anchor`` or ``#anchor``, the heading exists there.

    python scripts/check_links.py      # prints each broken link, exit 1 when there is one

Web links (http, https, mailto) are not fetched. ``make test`` runs it (tests/docs).
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def pages() -> list[Path]:
    """The Markdown files checked: README.md and everything under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) outside fenced code blocks, inline code removed."""
    out: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, INLINE_CODE.sub("", line)))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _, line in prose_lines(path):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def broken_links(page: Path) -> list[str]:
    problems: list[str] = []
    where = page.relative_to(ROOT)
    for number, line in prose_lines(page):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
                continue
            file_part, _, anchor = target.partition("#")
            dest = (page.parent / file_part).resolve() if file_part else page
            if not dest.is_relative_to(ROOT):
                problems.append(f"{where}:{number}: {target}: outside the repository")
                continue
            if not dest.exists():
                problems.append(f"{where}:{number}: {target}: no such file")
                continue
            if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                problems.append(f"{where}:{number}: {target}: no heading #{anchor}")
    return problems


def main() -> int:
    problems = [p for page in pages() for p in broken_links(page)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} broken link(s)", file=sys.stderr)
        return 1
    print(f"links resolve in {len(pages())} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
