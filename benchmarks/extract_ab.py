"""Old and new ``rules`` extractors side by side in ONE process, with the floor: a paired
comparison that a loaded machine cannot skew the way separate runs minutes apart can.

``--old DIR`` is a tree holding the old ``radtrack_gui`` package (e.g.
``git archive f08833b radtrack_gui | tar -x -C /tmp/base``); it is copied to a private
temporary folder as the package ``radtrack_base`` (every ``radtrack_gui`` in its Python
files renamed), so both versions import side by side. Each round times one fresh pass of
the old extractor, the new one and the floor (``bench_extract.py``'s trie regex) over the
corpus, in CPU seconds, alternating their order; vocabularies are loaded before timing.
Prints the medians, the ratios to the floor, old / new, and old / new per round.

Usage: python benchmarks/extract_ab.py --old DIR [--corpus iu|parrot] [--rounds N]
(pin it to one core: ``taskset -c 0``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_extract import _floor


def _renamed_copy(old: Path, into: Path) -> None:
    """``old/radtrack_gui`` copied to ``into/radtrack_base``, imports renamed."""
    target = into / "radtrack_base"
    shutil.copytree(old / "radtrack_gui", target)
    for path in target.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("radtrack_gui", "radtrack_base"), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="old vs new rules extraction in one process")
    ap.add_argument("--old", type=Path, required=True, help="tree holding the old radtrack_gui")
    ap.add_argument("--corpus", choices=("iu", "parrot"), default="iu")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    if not (args.old / "radtrack_gui").is_dir():
        print(f"{args.old}: no radtrack_gui package there", file=sys.stderr)
        return 2
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.core.model import Report
    from radtrack_gui.evaluation.corpora import extraction_texts
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    try:
        texts = extraction_texts(args.corpus)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="radtrack-ab-") as tmp:
        _renamed_copy(args.old, Path(tmp))
        sys.path.insert(0, tmp)
        import importlib

        old_model = importlib.import_module("radtrack_base.core.model")
        old_rules = importlib.import_module("radtrack_base.nlp.extractors.rules")
        old_rules.RuleExtractor()  # vocabularies loaded once, set-up apart
        RuleExtractor()

        def rules(make: Callable[[], object], report: type) -> Callable[[], float]:
            def timed() -> float:
                ex = make()
                t0 = time.process_time()
                for text in texts:
                    ex.extract(report(id="r", text=text))  # type: ignore[attr-defined]
                return time.process_time() - t0

            return timed

        def floor() -> float:
            run = _floor()
            t0 = time.process_time()
            for text in texts:
                run(text)
            return time.process_time() - t0

        contenders = [
            ("old", rules(old_rules.RuleExtractor, old_model.Report)),
            ("new", rules(RuleExtractor, Report)),
            ("floor", floor),
        ]
        secs: dict[str, list[float]] = {name: [] for name, _ in contenders}
        for i in range(args.rounds):
            for name, timed in contenders[:: -1 if i % 2 else 1]:
                secs[name].append(timed())
    m = {k: statistics.median(v) for k, v in secs.items()}
    n = len(texts)
    print(f"{args.corpus}: {n} reports, {args.rounds} rounds, median CPU seconds per pass")
    for k in ("old", "new", "floor"):
        print(f"  {k:6} {m[k]:7.3f} s  {n / m[k]:8.0f} reports/s")
    print(
        f"  old / floor {m['old'] / m['floor']:.2f}x   new / floor {m['new'] / m['floor']:.2f}x"
        f"   old / new {m['old'] / m['new']:.2f}x"
    )
    per = " ".join(f"{a / b:.2f}" for a, b in zip(secs["old"], secs["new"], strict=True))
    print(f"  old / new per round: {per}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
