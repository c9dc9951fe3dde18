"""A hand-built patient with one finding chain "c1" whose mentions carry sizes (shared by the
size-over-time tests: tests/views/test_sizes.py, tests/formats/test_html_size_plot.py)."""

from __future__ import annotations

from datetime import datetime

from radtrack_gui.core.model import Chain, Mention, Patient, Report


def _patient(specs, *, dates=None, chain_type="finding") -> Patient:
    """specs: (report index, measurements, assertion); one chain "c1" over them all."""
    dates = dates or [datetime(2151, 1, 10), datetime(2151, 3, 20), datetime(2151, 6, 15)]
    reports = [
        Report(f"r{i}.txt", "x" * 200, date=d, date_known=d is not None, modality="CT")
        for i, d in enumerate(dates)
    ]
    p = Patient(id="p", reports=reports)
    for k, (ri, sizes, assertion) in enumerate(specs):
        mid = f"m{k}"
        p.mentions[mid] = Mention(
            mid, f"r{ri}.txt", 10 + k, 16 + k, "lesion", type=chain_type,
            assertion=assertion, measurements=list(sizes), chain="c1",
        )  # fmt: skip
    p.chains["c1"] = Chain("c1", chain_type, "liver lesion", list(p.mentions))
    return p
