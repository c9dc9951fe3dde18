"""``radtrack train``: fit the trainable pairwise linker on gold or corrected chains.

Sources: annotated brat folders (one patient, or one sub-folder per patient), RadTrack JSON
exports, and the project stores of patient folders corrected in the app (``--project``).
The model is saved where ``--linker pairwise`` finds it (or to ``--out``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from radtrack_gui.core.model import Patient


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train", help="train the pairwise linker on gold or corrected chains",
                       description="Fit the trainable pairwise linker on annotated patients "
                                   "(brat folders, RadTrack JSON) or on corrected projects.")
    p.add_argument("sources", nargs="*", metavar="GOLD",
                   help="brat folder(s) or RadTrack JSON file(s) with chains")
    p.add_argument("--project", action="append", default=[], metavar="FOLDER",
                   help="a patient folder whose project store holds your corrections")
    p.add_argument("--validation", type=float, default=0.2, metavar="SHARE",
                   help="share of patients held out to choose the threshold (default 0.2)")
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--out", default=None, metavar="MODEL.json",
                   help="where to save (default: the user model folder, used by "
                        "--linker pairwise)")


def _collect(args: argparse.Namespace) -> list[Patient]:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.formats.collection import read_annotated_patients
    from radtrack_gui.formats.json_io import read_json
    from radtrack_gui.store.db import ProjectStore, store_path_for_folder

    patients: list[Patient] = []
    for src in args.sources:
        path = Path(src)
        if path.is_file() and path.suffix.lower() == ".json":
            patients.append(read_json(path))
        elif path.is_dir():
            patients.extend(read_annotated_patients(path).values())
        else:
            raise InputError(f"{path}: not a brat folder or a RadTrack JSON file")
    for folder in args.project:
        patient = None
        if store_path_for_folder(folder).exists():
            with ProjectStore.for_folder(folder) as store:
                patient = store.load_patient()
        if patient is None:
            raise InputError(f"{folder}: no project saved for this folder (open it in the app)")
        patients.append(patient)
    if not patients:
        raise InputError("nothing to train on: give brat folders, JSON files or --project")
    return patients


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.nlp.linkers.pairwise import PairwiseLinker

    if not 0.0 <= args.validation < 1.0:
        raise InputError("--validation must be in [0, 1)")
    patients = _collect(args)
    order = list(range(len(patients)))
    random.Random(args.seed).shuffle(order)
    n_val = round(len(patients) * args.validation) if len(patients) >= 5 else 0
    validation = [patients[i] for i in order[:n_val]]
    train = [patients[i] for i in order[n_val:]]
    linker = PairwiseLinker(path=None, seed=args.seed)
    linker.fit(train, validation=validation or None)
    saved = linker.save(args.out)
    n_mentions = sum(len(p.mentions) for p in train)
    print(f"trained on {len(train)} patients ({n_mentions} mentions), threshold "
          f"{linker.threshold:.2f} chosen on {len(validation)} held-out patients -> {saved}",
          file=sys.stderr)
    return 0
