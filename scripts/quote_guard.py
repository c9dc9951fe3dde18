"""Corpus-quote guard: find runs of seven words that the repository shares with the corpora.

The project never copies corpus text into the repository (offsets and hashes only). This
scanner checks it: every run of ``RUN`` consecutive words of every tracked text file is looked
up in a set of the hashed runs of the development corpora. A hit names the file, the line the
run starts on and the run itself. ``tests/test_quote_guard.py`` runs it over the tracked files
whenever ``../shared`` is present.

Normalisation, the same on both sides: escapes written as text (a backslash and ``n``, ``r``
or ``t``, as in Python strings and the PARROT file) become spaces, then the text is lower-cased
and split into words of letters only (``[a-z]+``): digits, punctuation and case are dropped, so
a quote whose numbers, commas or capitals were changed still matches.

The corpora read, listed explicitly (everything else under ``corpora/`` is left alone, and
MTSamples and MedPix are never read):

- ``parrot_v1_en/PARROT_v1_0_translations.txt``: the 2,738 PARROT v1.0 English reports;
- ``parrot_v0_fr_sample/Fr_sample.csv``: the 40 PARROT sample reports (both text columns);
- ``dragon_samples/english/*.md`` and ``dragon_samples/dutch/*.md``: the DRAGON sample files;
- ``iu_openi_cxr/indiana_reports.csv``: the 3,851 IU reports (indication, comparison,
  findings, impression).

The allowance (common clinical phrasing): a run found in at least ``COMMON`` different corpus
reports is a stock phrase of the trade (templated normal statements, standard wording), not
one report's writing, so sharing it copies no report; it is not a hit. Everything rarer is.
One report's text is the smallest unit a run is counted in (a report repeating a phrase
counts once), so no single report can make its own phrasing "common".

The corpus index is built once (about a second) and cached as two sorted arrays of 64-bit
hashes and report counts; the cache is keyed by the corpus files' sizes and times and by this
scheme's version, so a changed corpus or rule rebuilds it.

    python scripts/quote_guard.py            # scan the tracked files, print hits
    python scripts/quote_guard.py FILE ...   # scan these files
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import re
import subprocess
import sys
import time
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

RUN = 7
COMMON = 5
VERSION = "1"  # bump when normalisation, hashing or the corpus list changes

_ESCAPE = re.compile(r"\\[nrt]")
_WORD = re.compile(r"[a-z]+")

PARROT_V1 = ("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt")
PARROT_V0 = ("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
DRAGON = (("corpora", "dragon_samples", "english"), ("corpora", "dragon_samples", "dutch"))
IU = ("corpora", "iu_openi_cxr", "indiana_reports.csv")
IU_COLUMNS = ("indication", "comparison", "findings", "impression")
PARROT_V0_COLUMNS = ("Report", "English translation")


def words(text: str) -> list[tuple[str, int]]:
    """(word, offset) of every word of ``text`` after normalisation."""
    low = _ESCAPE.sub("  ", text).lower()
    return [(m.group(), m.start()) for m in _WORD.finditer(low)]


_MASK = (1 << 64) - 1
_BASE = 0x100000001B3  # odd: the polynomial base of the run hash
_TOP = pow(_BASE, RUN - 1, 1 << 64)


def word_hash(word: str, cache: dict[str, int]) -> int:
    """A stable 64-bit hash of one word (the same in every process), memoised in ``cache``."""
    h = cache.get(word)
    if h is None:
        h = int.from_bytes(hashlib.blake2b(word.encode("ascii"), digest_size=8).digest(), "little")
        cache[word] = h
    return h


def run_hashes(ws: list[str], cache: dict[str, int] | None = None) -> list[int]:
    """The hash of every run of ``RUN`` consecutive words of ``ws``, in order: a polynomial
    over the words' hashes modulo 2**64, rolled along the text."""
    cache = {} if cache is None else cache
    hs = [word_hash(w, cache) for w in ws]
    if len(hs) < RUN:
        return []
    h = 0
    for x in hs[:RUN]:
        h = (h * _BASE + x) & _MASK
    out = [h]
    for i in range(RUN, len(hs)):
        h = ((h - hs[i - RUN] * _TOP) * _BASE + hs[i]) & _MASK
        out.append(h)
    return out


def corpus_files(shared: Path) -> list[Path]:
    """Every corpus file the index reads, in a fixed order (missing ones left out)."""
    files = [shared.joinpath(*PARROT_V1), shared.joinpath(*PARROT_V0), shared.joinpath(*IU)]
    for parts in DRAGON:
        folder = shared.joinpath(*parts)
        files += sorted(folder.glob("*.md")) if folder.is_dir() else []
    return [f for f in files if f.is_file()]


def corpus_reports(shared: Path) -> Iterator[str]:
    """The text of every report of the listed corpora (one DRAGON file is one report)."""
    parrot = shared.joinpath(*PARROT_V1)
    if parrot.is_file():
        yield from (ln for ln in parrot.read_text(encoding="utf-8").split("\n") if ln)
    for path, columns in (
        (shared.joinpath(*PARROT_V0), PARROT_V0_COLUMNS),
        (shared.joinpath(*IU), IU_COLUMNS),
    ):
        if path.is_file():
            with path.open(encoding="utf-8", newline="") as f:
                for row in csv.DictReader(f):
                    yield "\n\n".join(row.get(c) or "" for c in columns)
    for parts in DRAGON:
        folder = shared.joinpath(*parts)
        if folder.is_dir():
            yield from (p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.md")))


@dataclass(frozen=True)
class CorpusIndex:
    """Hashed runs of the corpora (sorted) with the number of reports each occurs in."""

    hashes: array  # type: ignore[type-arg]
    counts: array  # type: ignore[type-arg]
    reports: int

    @classmethod
    def build(cls, shared: Path) -> CorpusIndex:
        seen: dict[int, int] = {}
        cache: dict[str, int] = {}
        n = 0
        for text in corpus_reports(shared):
            n += 1
            for h in set(run_hashes([w for w, _ in words(text)], cache)):
                seen[h] = seen.get(h, 0) + 1
        keys = sorted(seen)
        return cls(array("Q", keys), array("I", (seen[k] for k in keys)), n)

    def lookup(self) -> dict[int, int]:
        return dict(zip(self.hashes, self.counts, strict=True))


def cache_key(shared: Path) -> str:
    """Changes when a corpus file or the scheme changes."""
    parts = [VERSION, str(RUN)]
    for f in corpus_files(shared):
        st = f.stat()
        parts.append(f"{f.relative_to(shared)}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def load_index(shared: Path, cache_dir: Path | None) -> CorpusIndex:
    """The corpus index, from ``cache_dir`` when a current copy is there (else built and
    saved there, 0600)."""
    if cache_dir is None:
        return CorpusIndex.build(shared)
    path = cache_dir / f"corpus-runs-{cache_key(shared)}.bin"
    if path.is_file():
        raw = path.read_bytes()
        n = int.from_bytes(raw[:8], "little")
        reports = int.from_bytes(raw[8:16], "little")
        hashes, counts = array("Q"), array("I")
        hashes.frombytes(raw[16 : 16 + 8 * n])
        counts.frombytes(raw[16 + 8 * n : 16 + 12 * n])
        if len(hashes) == n and len(counts) == n:
            return CorpusIndex(hashes, counts, reports)
    index = CorpusIndex.build(shared)
    cache_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    n = len(index.hashes)
    payload = n.to_bytes(8, "little") + index.reports.to_bytes(8, "little")
    tmp.write_bytes(payload + index.hashes.tobytes() + index.counts.tobytes())
    tmp.chmod(0o600)
    tmp.replace(path)
    return index


@dataclass
class Hit:
    path: str
    line: int
    run: str
    reports: int  # how many corpus reports hold the run
    hashes: list[int]  # every run of the stretch that starts here

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.run!r} (in {self.reports} corpus reports)"


def scan_text(
    text: str,
    name: str,
    found: dict[int, int],
    common: int = COMMON,
    cache: dict[str, int] | None = None,
) -> list[Hit]:
    """Every run of ``text`` found in at least one but fewer than ``common`` corpus reports,
    one hit per stretch of overlapping such runs (named by its first run and line)."""
    ws = words(text)
    hits: list[Hit] = []
    end = -1  # index of the last word covered by the current stretch
    for i, h in enumerate(run_hashes([w for w, _ in ws], cache)):
        n = found.get(h, 0)
        if n == 0 or n >= common:
            continue
        if i <= end:
            hits[-1].hashes.append(h)
            end = i + RUN - 1
            continue
        line = text.count("\n", 0, ws[i][1]) + 1
        hits.append(Hit(name, line, " ".join(w for w, _ in ws[i : i + RUN]), n, [h]))
        end = i + RUN - 1
    return hits


def is_text(data: bytes) -> bool:
    if b"\0" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def tracked_files(root: Path) -> list[Path]:
    """The repository's tracked files (``git ls-files``), text or not."""
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True
    ).stdout.decode("utf-8")
    return [root / p for p in out.split("\0") if p]


def scan_files(
    paths: Iterable[Path], root: Path, found: dict[int, int], common: int = COMMON
) -> list[Hit]:
    """Hits of every text file of ``paths`` (binary files are skipped)."""
    hits: list[Hit] = []
    cache: dict[str, int] = {}
    for path in paths:
        if not path.is_file():
            continue
        data = path.read_bytes()
        if not is_text(data):
            continue
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        hits += scan_text(data.decode("utf-8"), name, found, common, cache)
    return hits


def read_known(path: Path) -> set[tuple[str, int]]:
    """(file, run hash) of the runs found before the guard existed: ``path`` holds one
    ``file<TAB>hash`` a line (hex; ``#`` lines are comments). Hashes only, never text."""
    known: set[tuple[str, int]] = set()
    if not path.is_file():
        return known
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, h = line.partition("\t")
            known.add((name, int(h, 16)))
    return known


def new_hits(hits: list[Hit], known: set[tuple[str, int]]) -> list[Hit]:
    """The hits with at least one run not in ``known``."""
    return [h for h in hits if any((h.path, x) not in known for x in h.hashes)]


def stale(hits: list[Hit], known: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """The known runs no longer found (fixed: their lines must go)."""
    return known - {(h.path, x) for h in hits for x in h.hashes}


def known_lines(hits: list[Hit]) -> list[str]:
    """``file<TAB>hash`` of every run of ``hits``, sorted (the known-runs file's body)."""
    return sorted({f"{h.path}\t{x:016x}" for h in hits for x in h.hashes})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="runs of seven words shared with the corpora")
    ap.add_argument("files", nargs="*", type=Path, help="files to scan (default: tracked files)")
    ap.add_argument("--shared", type=Path, help="the shared folder (default ../shared)")
    ap.add_argument("--cache", type=Path, help="a folder to cache the corpus index in")
    ap.add_argument("--known", type=Path, help="leave out the runs listed here; name stale ones")
    ap.add_argument(
        "--common", type=int, default=COMMON, help=f"allowance threshold (default {COMMON})"
    )
    args = ap.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    shared = args.shared or root.parent / "shared"
    if not corpus_files(shared):
        print(f"{shared}: no corpora found", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    index = load_index(shared, args.cache)
    t1 = time.perf_counter()
    hits = scan_files(args.files or tracked_files(root), root, index.lookup(), args.common)
    t2 = time.perf_counter()
    if args.known:
        known = read_known(args.known)
        for name, x in sorted(stale(hits, known)):
            print(f"stale: {name}\t{x:016x}")
        hits = new_hits(hits, known)
    for hit in hits:
        print(hit)
    print(
        f"{len(hits)} hits; index {len(index.hashes):,} runs of {index.reports:,} reports "
        f"in {t1 - t0:.2f} s, scan {t2 - t1:.2f} s",
        file=sys.stderr,
    )
    return 1 if hits else 0


if __name__ == "__main__":
    raise SystemExit(main())
