"""The corpus-quote guard (scripts/quote_guard.py): no run of seven words of a tracked file
may be one the corpora share, beyond the runs listed before the guard existed
(tests/data/corpus_quotes_known.tsv, hashes only) and common phrasing (a run in at least
``COMMON`` corpus reports). The repository checks need ``../shared`` and skip without it;
the scanner's own tests use invented text and always run."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SHARED

_spec = importlib.util.spec_from_file_location("quote_guard", ROOT / "scripts" / "quote_guard.py")
assert _spec is not None and _spec.loader is not None
qg = importlib.util.module_from_spec(_spec)
sys.modules["quote_guard"] = qg  # its dataclasses look their module up
_spec.loader.exec_module(qg)

KNOWN = ROOT / "tests" / "data" / "corpus_quotes_known.tsv"

# Invented for these tests (our own words): a pretend "corpus" of two reports.
CORPUS_A = "The quiet harbour lamp glows amber beside the seventh wooden pier tonight."
CORPUS_B = "Seven grey herons waited on the cold river stones until sunrise came."


def found_of(*texts: str) -> dict[int, int]:
    """A lookup like ``CorpusIndex.lookup()`` over ``texts``, one report each."""
    seen: dict[int, int] = {}
    for t in texts:
        for h in set(qg.run_hashes([w for w, _ in qg.words(t)])):
            seen[h] = seen.get(h, 0) + 1
    return seen


def test_words_normalise_case_punctuation_digits_and_written_escapes() -> None:
    assert [w for w, _ in qg.words("The LAMP, 3 cm\\nglows-amber\\t(2x)")] == [
        "the",
        "lamp",
        "cm",
        "glows",
        "amber",
        "x",
    ]


def test_a_near_quote_is_one_hit_with_its_line_and_run() -> None:
    found = found_of(CORPUS_A, CORPUS_B)
    text = 'x = 1\nnote = (\n    "THE quiet harbour-lamp glows, amber 12\\nbeside the seventh"\n)\n'
    hits = qg.scan_text(text, "demo.py", found)
    assert [(h.path, h.line, h.run) for h in hits] == [
        ("demo.py", 3, "the quiet harbour lamp glows amber beside")
    ]
    assert len(hits[0].hashes) == 3  # three overlapping runs make one stretch


def test_six_shared_words_or_a_changed_word_are_no_hit() -> None:
    found = found_of(CORPUS_A, CORPUS_B)
    assert qg.scan_text("the quiet harbour lamp glows amber", "a", found) == []
    assert qg.scan_text("the quiet harbour lantern glows amber beside the", "a", found) == []


def test_a_run_in_common_reports_is_allowed_below_it_is_not() -> None:
    stock = "there is no fluid in the little bay today"
    found = found_of(*[f"{stock} report {i}" for i in range(qg.COMMON)])
    assert qg.scan_text(stock, "a", found) == []
    assert qg.scan_text(stock, "a", found, common=qg.COMMON + 1) != []


def test_known_runs_are_left_out_and_fixed_ones_are_stale(tmp_path: Path) -> None:
    found = found_of(CORPUS_A, CORPUS_B)
    hits = qg.scan_text(CORPUS_A + "\n" + CORPUS_B, "f.md", found)
    assert len(hits) == 2
    known_file = tmp_path / "known.tsv"
    known_file.write_text("# comment\n" + "\n".join(qg.known_lines(hits[:1])) + "\n")
    known = qg.read_known(known_file)
    assert qg.new_hits(hits, known) == hits[1:]
    assert qg.stale(hits, known) == set()
    assert qg.stale(hits[1:], known) == known  # the first passage was rewritten


def test_the_run_hash_is_stable_and_rolls_like_a_direct_hash() -> None:
    ws = ["one", "two", "three", "four", "five", "six", "seven", "eight"]
    rolled = qg.run_hashes(ws)
    direct = [qg.run_hashes(ws[i : i + qg.RUN])[0] for i in range(len(ws) - qg.RUN + 1)]
    assert rolled == direct and len(set(rolled)) == 2
    # a fixed value: the cache on disk and the known list depend on it never changing
    assert f"{rolled[0]:016x}" == "ee50d463590906fb"


# --- against the corpora (skipped without ../shared) ----------------------------------------

needs_shared = pytest.mark.skipif(
    not qg.corpus_files(SHARED), reason=f"{SHARED}: corpora not present"
)


@pytest.fixture(scope="session")
def corpus_index(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The corpus index, built once and kept in the pytest cache (or a temp folder)."""
    cache = getattr(pytestconfig, "cache", None)
    folder = cache.mkdir("quote_guard") if cache is not None else tmp_path_factory.mktemp("qg")
    return qg.load_index(SHARED, Path(folder))


@needs_shared
def test_the_scanner_catches_a_planted_near_quote_of_a_corpus_report(
    corpus_index, tmp_path: Path
) -> None:
    """A passage of a real report (read in place, written only to a temp file) with its case,
    numbers and punctuation changed is found; the same words shuffled are not."""
    reports = [t for t in qg.corpus_reports(SHARED) if len(qg.words(t)) > 40]
    text = random.Random(7).choice(reports)
    ws = [w for w, _ in qg.words(text)][10:22]
    planted = tmp_path / "planted.md"
    planted.write_text(
        "# Notes\n\nSome words of our own here.\n" + ", ".join(ws).upper() + " 4.5\n"
    )
    hits = qg.scan_files([planted], tmp_path, corpus_index.lookup(), common=10**9)
    assert [(h.path, h.line) for h in hits] == [("planted.md", 4)]
    shuffled = ws[::2] + ws[1::2]
    planted.write_text(" ".join(shuffled))
    assert qg.scan_files([planted], tmp_path, corpus_index.lookup(), common=10**9) == []


@needs_shared
def test_no_new_corpus_quotes_in_the_repository(corpus_index) -> None:
    """Every tracked text file: a run shared with fewer than COMMON corpus reports fails,
    unless listed as known; a known line whose run is gone fails too (delete it)."""
    hits = qg.scan_files(qg.tracked_files(ROOT), ROOT, corpus_index.lookup())
    known = qg.read_known(KNOWN)
    new = qg.new_hits(hits, known)
    assert not new, "runs of seven words shared with the corpora (rewrite in our own words):\n" + (
        "\n".join(str(h) for h in new)
    )
    gone = sorted(f"{name}\t{x:016x}" for name, x in qg.stale(hits, known))
    assert not gone, f"fixed runs still listed in {KNOWN.name} (delete these lines):\n" + (
        "\n".join(gone)
    )
