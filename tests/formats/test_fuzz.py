"""Fuzzing every reader, the JSON round trip, the store and the exporters (issue #8).

Hypothesis draws the seeds of the shared hostile-input generators (``fuzz_cases.py``) and,
for RadTrack JSON, arbitrary JSON values planted into a valid document. Example counts are
small here (profile ``ci`` in conftest.py); ``scripts/fuzz_long.py`` runs 10,000 per reader.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import fuzz_cases
import pytest
from hypothesis import given
from hypothesis import strategies as st

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats.json_io import patient_to_dict, read_json

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["id", "text", "start", "end", "report", "chain", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)


@pytest.mark.parametrize("name", sorted(fuzz_cases.CHECKS))
@given(seed=SEEDS)
def test_hostile_inputs_keep_every_property(name, seed):
    with tempfile.TemporaryDirectory() as tmp:
        fuzz_cases.CHECKS[name](seed, Path(tmp))


@given(
    seed=SEEDS,
    where=st.sampled_from(["reports", "mentions", "chains"]),
    field=st.sampled_from(
        [
            "id",
            "text",
            "start",
            "end",
            "report",
            "date",
            "fragments",
            "sections",
            "mentions",
            "chain",
            "type",
            "flags",
            "why",
        ]
    ),
    value=JSON_VALUES,
)
def test_any_json_value_in_any_field_is_read_or_refused_by_name(seed, where, field, value):
    import random

    doc = patient_to_dict(fuzz_cases.valid_patient(random.Random(seed)))
    items = doc[where]
    if not items:
        return
    items[seed % len(items)][field] = value
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.json"
        path.write_text(json.dumps(doc), encoding="utf-8", errors="surrogatepass")
        try:
            patient = read_json(path)
        except InputError as exc:
            assert "case.json" in str(exc) or "no valid report" in str(exc)
            return
        assert patient.check() == []
        assert all(q.file.startswith("case.json") for q in patient.problems)
