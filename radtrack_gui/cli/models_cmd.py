"""``radtrack models``: what this installation can run, and where model files are looked for.

``radtrack models install PATH [--system] [--name NAME]`` copies a trained model folder or
an archive of one into the user's models folder (or, with ``--system``, the folder shared by
every user of this installation), after checking its card and weights."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "models",
        help="list models; install a model folder",
        description="List the registered extractors and linkers, say which this "
        "installation can run, and the folders searched for local "
        "model files (nothing is ever downloaded).",
    )
    actions = p.add_subparsers(dest="models_action", metavar="ACTION")
    inst = actions.add_parser(
        "install",
        help="install a model folder or archive",
        description="Copy a trained model (a folder with "
        "radtrack_card.json, or a .zip/.tar.gz of one) into "
        "the models folder, after checking its card.",
    )
    inst.add_argument("source", help="model folder or archive")
    inst.add_argument(
        "--system",
        action="store_true",
        help="install for every user (the system models folder; needs write "
        "access there, usually root)",
    )
    inst.add_argument("--name", help="folder name to install as (default: from the card)")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "models_action", None) == "install":
        return _install(args)
    return _list()


def _list() -> int:
    from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS, missing
    from radtrack_gui.qa.registry import READERS
    from radtrack_gui.util.paths import models_dirs

    unavailable = 0
    for title, table in (
        ("Extractors", EXTRACTORS),
        ("Linkers", LINKERS),
        ("Readers (radtrack ask)", READERS),
    ):
        print(f"{title}:")
        for info in table.values():
            tags = [t for t, on in (("default", info.default), ("trainable", info.trainable)) if on]
            reason = missing(info)
            if reason is not None:
                unavailable += 1
                tags.append(f"UNAVAILABLE: {reason}")
            elif info.needs:
                tags.append(f"needs {info.needs}")
            extra = f" [{'; '.join(tags)}]" if tags else ""
            print(f"  {info.name:<10} {info.description}{extra}")
    if unavailable:
        print(f"{unavailable} model(s) cannot run in this installation (see UNAVAILABLE).")
    print("Model folders searched (in order):")
    for folder in models_dirs():
        print(f"  {folder}{'' if folder.exists() else '  (absent)'}")
    return 0


def _install(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.nlp.model_install import install
    from radtrack_gui.util.paths import system_models_dir, user_data_dir

    if args.system:
        target = system_models_dir()
        if target is None:
            raise InputError(
                "no system models folder: set RADTRACK_SYSTEM_MODELS "
                "(the packaged app uses models/ beside its executable)"
            )
    else:
        target = user_data_dir() / "models"
    try:
        done = install(args.source, target, name=args.name, system=args.system)
    except PermissionError as exc:
        raise InputError(
            f"{target}: not writable ({exc.strerror}); --system installs need administrator rights"
        ) from exc
    print(f"installed {done.card['format']} as {done.path}")
    return 0
