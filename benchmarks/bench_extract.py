"""Extraction throughput on the 3,851 IU chest X-ray reports, one core, side by side with
the floor and the peers.

Reads the IU reports (findings + impression, joined by a blank line) in place from
``../shared/corpora`` (``RADTRACK_SHARED`` overrides). Each contender gets a fresh object and
ONE pass over all reports in this process (no warm caches from an earlier pass; what it
builds while reading the corpus counts, as in a real run); set-up (imports, vocabulary,
compiling) is timed apart. Printed in reports per second of this process's CPU time (one
core; on a shared machine wall-clock time mostly measures the neighbours, so it is printed
beside it for reference):

- ``rules``: ``RuleExtractor.extract`` (mentions with every attribute);
- ``floor``: one trie-shaped regex over the same concept terms (every term and plural of
  ``Vocabulary.concept_terms``, ``peers.concept_terms``), ``finditer`` over each report --
  spans only, no sentences, no context: the speed to approach;
- ``medspacy`` (its TargetMatcher with one TargetRule per term, PyRuSH sentences, ConText)
  and ``negspacy`` (spaCy sentencizer + EntityRuler over the same terms + NegEx), built in
  ``peers.py``, one ``nlp(text)`` per report, when they are installed, else "not installed".
  They are no dependency of the project: install them in an environment of their own and
  run this script with it, the project on ``PYTHONPATH``.

Also prints how often the sentence splitter agrees with NLTK's Punkt (the splitter it
replaced) on the IU, PARROT and demo reports (identical sentence spans / the larger count).

Usage: python benchmarks/bench_extract.py [--limit N] [--no-agreement] [--corpus iu|parrot]
[--repeat N]
(``--corpus parrot``: the 2,738 whole-body PARROT v1.0 reports, read in place.
``--repeat N``: N interleaved rounds -- rules, floor, each installed peer, each a fresh object
and one pass -- then the median reports/s of each and the ratio of the medians floor / rules;
pin the process to one core, ``taskset -c 0``.)
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import concept_terms, time_pass, time_peers  # noqa: E402


def trie_regex(terms: list[str]) -> re.Pattern[str]:
    """One regex shaped as a character trie over ``terms`` (white space between words
    matches any run of it), whole words, case-insensitive."""
    trie: dict[str, dict] = {}
    for term in terms:
        node = trie
        for ch in term:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        alts, end = [], False
        for ch, kid in sorted(node.items()):
            if ch == "":
                end = True
                continue
            head = r"\s+" if ch == " " else re.escape(ch)
            alts.append(head + build(kid))
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and not end else "(?:" + "|".join(alts) + ")"
        return body + ("?" if end and alts else "")

    return re.compile(r"(?<!\w)" + build(trie) + r"(?!\w)", re.I)


def _rules() -> Callable[[str], int]:
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    ex = RuleExtractor()
    return lambda text: len(ex.extract(Report(id="r", text=text)))


def _floor() -> Callable[[str], int]:
    rx = trie_regex(list(concept_terms()))
    return lambda text: sum(1 for _ in rx.finditer(text))


def _agreement() -> None:
    from radtrack_gui.evaluation.silver_mentions import iu_reports, parrot_reports
    from radtrack_gui.nlp.text import punkt_sentences, sentences

    demo = [
        (p.name, p.read_text(encoding="utf-8"))
        for p in sorted(
            (ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient").glob("*.txt")
        )
    ]
    for name, reports in (("IU", iu_reports()), ("PARROT", parrot_reports()), ("demo", demo)):
        ours = punkt = same = 0
        for _, text in reports:
            a, b = set(sentences(text)), set(punkt_sentences(text))
            ours, punkt, same = ours + len(a), punkt + len(b), same + len(a & b)
        print(
            f"sentences vs Punkt, {name:6}: {same}/{max(ours, punkt)} identical "
            f"({same / max(ours, punkt, 1):.2%}; ours {ours}, Punkt {punkt})"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="extraction throughput on IU reports")
    ap.add_argument("--limit", type=int, default=0, help="only the first N reports")
    ap.add_argument("--no-agreement", action="store_true")
    ap.add_argument(
        "--corpus",
        choices=("iu", "parrot"),
        default="iu",
        help="parrot: the 2,738 whole-body PARROT v1.0 reports instead of IU",
    )
    ap.add_argument(
        "--repeat", type=int, default=1, help="interleaved rounds; medians printed when > 1"
    )
    args = ap.parse_args(argv)
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.evaluation.corpora import extraction_texts

    try:
        texts = extraction_texts(args.corpus)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.limit:
        texts = texts[: args.limit]
    print(f"reports: {len(texts)} ({args.corpus.upper()}), one pass each, one core")
    rates: dict[str, list[float]] = {}
    for _ in range(max(1, args.repeat)):
        rates.setdefault("rules", []).append(time_pass("rules", _rules, texts))
        rates.setdefault("floor", []).append(time_pass("floor", _floor, texts))
        for peer, rate in time_peers(texts).items():
            rates.setdefault(peer, []).append(rate)
    if args.repeat > 1:
        medians = {k: statistics.median(v) for k, v in rates.items()}
        print(f"medians of {args.repeat} interleaved rounds (reports/s CPU):")
        for k, m in medians.items():
            print(f"  {k:10} {m:9.0f}")
        print(f"  floor / rules: {medians['floor'] / medians['rules']:.2f}x")
    if not args.no_agreement:
        _agreement()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
