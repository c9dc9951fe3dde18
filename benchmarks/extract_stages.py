"""Where the ``rules`` extractor's time goes, by stage: one pass over the IU or PARROT v1.0
reports (as ``bench_extract.py`` reads them), each stage's own CPU seconds (its callees
that are stages themselves counted apart) and its share of the pass.

The stages are the extractor's functions, wrapped for this run only (the wrapper adds
about a microsecond per call, counted in the stage that called it): sections, sentences,
tokens (``word_bounds``), lexicon matching, the rest of a sentence's text analysis
(``tokens_and_terms``), the open vocabulary, the attribute rules of ``analyse`` and the
helpers it calls, the mention objects; "rest" is the extractor's own loops and caches.

Usage: python benchmarks/extract_stages.py [--corpus iu|parrot]; pin it to one core
(``taskset -c 0``) and run it once (the machine is shared).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

STAGES = {
    "radtrack_gui.nlp.extractors.rules": (
        "sections_and_reasons",  # find_sections with the reasons it cut at (round 9)
        "chunks_of",
        "sentences",
        "tokens_and_terms",
        "analyse",
        "question_spans",
        "from_row",
        "to_row",
        "Mention",
    ),
    "radtrack_gui.nlp.extractors.analysis": (
        "measurements",
        "phrase_window",
        "attributes",
        "device_words",
        "assertion_of",
        "change_of",
        "previous_sites",
        "list_items",
        "compared",
        "described_by",
        "coordinated",
    ),
    "radtrack_gui.nlp.extractors.candidates": ("open_mentions", "word_bounds"),
}


def _wrap(
    acc: dict[str, float], stack: list[float], name: str, f: Callable[..., Any]
) -> Callable[..., Any]:
    clock = time.process_time

    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = clock()
        stack.append(0.0)
        try:
            return f(*args, **kwargs)
        finally:
            dt = clock() - t0
            acc[name] += dt - stack.pop()  # its own time, without timed callees
            if stack:
                stack[-1] += dt

    return timed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="rules extraction time by stage")
    ap.add_argument("--corpus", choices=("iu", "parrot"), default="iu")
    args = ap.parse_args(argv)
    import importlib

    from radtrack_gui.core.errors import InputError
    from radtrack_gui.core.model import Report
    from radtrack_gui.evaluation.corpora import extraction_texts
    from radtrack_gui.nlp.extractors.rules import RuleExtractor
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    try:
        texts = extraction_texts(args.corpus)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    acc: dict[str, float] = defaultdict(float)
    stack: list[float] = []
    for module_name, names in STAGES.items():
        module = importlib.import_module(module_name)
        for name in names:
            setattr(module, name, _wrap(acc, stack, name, getattr(module, name)))
    match = Lexicon.match
    Lexicon.match = _wrap(acc, stack, "Lexicon.match", match)  # type: ignore[method-assign]
    try:
        ex = RuleExtractor()
        t0 = time.process_time()
        for text in texts:
            ex.extract(Report(id="r", text=text))
        total = time.process_time() - t0
    finally:
        Lexicon.match = match  # type: ignore[method-assign]
    print(f"{len(texts)} reports ({args.corpus.upper()}), {total:.3f} s CPU in all")
    for name, secs in sorted(acc.items(), key=lambda kv: -kv[1]):
        print(f"  {name:18} {secs:7.3f} s  {secs / total:6.1%}")
    rest = total - sum(acc.values())
    print(f"  {'rest':18} {rest:7.3f} s  {rest / total:6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
