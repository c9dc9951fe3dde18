"""``radtrack models``: the registered extractors and linkers and where models are looked for."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("models", help="list extractors and linkers",
                   description="List the registered extractors and linkers, and the folders "
                               "searched for local model files (nothing is ever downloaded).")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS
    from radtrack_gui.qa.registry import READERS
    from radtrack_gui.util.paths import models_dirs

    for title, table in (("Extractors", EXTRACTORS), ("Linkers", LINKERS),
                         ("Readers (radtrack ask)", READERS)):
        print(f"{title}:")
        for info in table.values():
            tags = [t for t, on in (("default", info.default), ("trainable", info.trainable))
                    if on]
            if info.needs:
                tags.append(f"needs {info.needs}")
            extra = f" [{', '.join(tags)}]" if tags else ""
            print(f"  {info.name:<10} {info.description}{extra}")
    print("Model folders searched (in order):")
    for folder in models_dirs():
        print(f"  {folder}{'' if folder.exists() else '  (absent)'}")
    return 0
