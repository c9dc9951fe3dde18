"""Options several commands share, each said once."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.nlp.registry import RunSpec


def add_model_options(p: argparse.ArgumentParser, *, linker: bool = True) -> None:
    """``--extractor`` (and ``--linker``): the models to run; None means the settings'."""
    p.add_argument("--extractor", default=None, help="extractor name (see `radtrack models`)")
    if linker:
        p.add_argument("--linker", default=None, help="linker name (`exact` is the baseline)")


def add_patient_option(p: argparse.ArgumentParser) -> None:
    """``--patient ID``: which patient of a CSV holding several."""
    p.add_argument(
        "--patient", default=None, metavar="ID", help="patient to read from a CSV holding several"
    )


def run_spec(args: argparse.Namespace) -> RunSpec:
    """The models ``--extractor``/``--linker`` name (left out: the registry's defaults)."""
    from radtrack_gui.nlp.registry import RunSpec

    return RunSpec(args.extractor or "", getattr(args, "linker", None) or "")
