"""Writing a patient in a named format: the one table from format name to writer."""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient

DATA_FORMATS = ("json", "csv", "brat", "conll", "fhir")  # what `radtrack export` writes
FORMATS = (*DATA_FORMATS, "html")


def write_patient(patient: Patient, fmt: str, out: str | Path) -> None:
    """Write ``patient`` as ``fmt`` (one of ``FORMATS``) to ``out``: a new or empty folder
    for brat; otherwise a file (atomically), a device or FIFO (directly) or - (stdout)."""
    if fmt == "json":
        from radtrack_gui.formats.json_io import write_json

        write_json(patient, out)
    elif fmt == "csv":
        from radtrack_gui.formats.csv_io import write_csv

        write_csv(patient, out)
    elif fmt == "brat":
        from radtrack_gui.formats.brat import write_brat

        if str(out) == "-":
            raise InputError("brat writes a folder: give a folder, not - (standard output)")
        write_brat(patient, out)
    elif fmt == "conll":
        from radtrack_gui.formats.conll import write_conll

        write_conll([patient], out)
    elif fmt == "fhir":
        from radtrack_gui.formats.fhir_export import write_fhir

        write_fhir(patient, out)
    elif fmt == "html":
        from radtrack_gui.formats.html_summary import write_html_summary

        write_html_summary(patient, out)
    else:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
