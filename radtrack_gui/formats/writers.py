"""Writing a patient in a named format (the names and writers: ``formats.registry.WRITERS``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from radtrack_gui.core.model import Patient
from radtrack_gui.formats.registry import WRITERS

DATA_FORMATS = WRITERS.tagged("data")  # what `radtrack export` writes
FORMATS = tuple(WRITERS)


def write_patient(patient: Patient, fmt: str, out: str | Path) -> None:
    """Write ``patient`` as ``fmt`` (one of ``FORMATS``) to ``out``: a new or empty folder
    for brat; otherwise a file (atomically), a device or FIFO (directly) or - (stdout)."""
    writer = cast(Callable[[Patient, str | Path], object], WRITERS.load(fmt))
    writer(patient, out)
