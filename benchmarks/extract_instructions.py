"""A process to count instructions of the ``rules`` extractor in: run it under
``perf stat -e instructions:u`` once with ``--count 1`` and once with ``--count 0``; the
difference is the work of the counted part alone, a figure a loaded machine does not move
(CPU seconds spread by +-20 % there; docs/performance.md "Round 6" and "Round 7").

``--part pass`` (default): one warm-up pass over the corpus with a throwaway extractor (the
vocabulary's memos, one-off loads), then ``--count`` passes, each a fresh ``RuleExtractor``
and one ``extract`` per report. ``--part terms``: ``candidates.tokens_and_terms`` (tokens,
matches, open vocabulary) over each distinct sentence of the corpus, ``--count`` times;
``--part tokens`` the same sentences through ``text.word_bounds`` alone, ``--part match``
through ``word_bounds`` and ``Lexicon.match`` (so ``terms - match`` is the rest of
``tokens_and_terms``: regions, candidates, the open-vocabulary readings and their gates).

Usage (TREE: a folder holding a ``radtrack_gui`` package, e.g. from ``git archive``)::

    for n in 0 1; do RADTRACK_NO_LEXICON_CACHE=1 PYTHONHASHSEED=0 PYTHONPATH=TREE \\
        taskset -c 1 perf stat -e instructions:u -x, \\
        python benchmarks/extract_instructions.py --corpus parrot --part terms --count $n; done

``RADTRACK_NO_LEXICON_CACHE=1``: the lexicon is built in every process, so a cache file another
worktree's vocabulary evicted cannot make one of the two processes cheaper than the other.
"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", choices=("iu", "parrot"), default="iu")
    ap.add_argument("--part", choices=("pass", "terms", "tokens", "match"), default="pass")
    ap.add_argument("--count", type=int, default=1, help="counted repetitions (0: set-up only)")
    args = ap.parse_args(argv)

    from radtrack_gui.core.model import Report
    from radtrack_gui.evaluation.corpora import extraction_texts
    from radtrack_gui.nlp.extractors.candidates import tokens_and_terms
    from radtrack_gui.nlp.extractors.rules import RuleExtractor
    from radtrack_gui.nlp.text import sentences, word_bounds

    texts = extraction_texts(args.corpus)
    n = 0
    if args.part == "pass":
        warm = RuleExtractor()
        for text in texts:
            warm.extract(Report(id="w", text=text))
        del warm
        for _ in range(args.count):
            ex = RuleExtractor()
            for text in texts:
                n += len(ex.extract(Report(id="r", text=text)))
    else:
        ex = RuleExtractor()
        ex.extract(Report(id="w", text="Small right pleural effusion."))  # loads the tables
        seen: dict[str, None] = {}
        for text in texts:
            for s, e in sentences(text):
                seen.setdefault(text[s:e], None)
        lex = ex.lex
        for _ in range(args.count):
            if args.part == "tokens":
                for key in seen:
                    n += len(word_bounds(key)[2])
            elif args.part == "match":
                for key in seen:
                    n += len(lex.match(word_bounds(key)[2])[0])
            else:
                for key in seen:
                    n += len(tokens_and_terms(ex.vocab, lex, key)[6])
    print(args.corpus, args.part, args.count, n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
