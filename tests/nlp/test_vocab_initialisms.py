"""``scripts/build_vocab_initialisms.py``: initialisms of DICOM's vessel names as a structure
lexicon (sides as r/l, short ones only with a side, table terms and English words left out),
and the shipped table's content."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "build_vocab_initialisms.py"
    spec = importlib.util.spec_from_file_location("build_vocab_initialisms", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_initialisms_drop_sides_and_joining_words() -> None:
    s = _script()
    assert s.initialism("internal carotid artery") == "ica"
    assert s.initialism("left artery of the ductus deferens") == "add"
    assert s.initialism("basilar artery") == "ba"
    assert s.initialism("aorta") == ""


def test_rows_add_sides_keep_short_ones_only_with_a_side_and_skip_table_terms() -> None:
    names = ["internal carotid artery", "vertebral artery", "superior thyroid artery"]
    rows = [r[0] for r in _script().initialism_rows(names, ["sta"])]
    assert rows == sorted(["ica", "rica", "lica", "rva", "lva", "rsta", "lsta"])


def test_the_shipped_lexicon_holds_common_vessel_initialisms() -> None:
    words = {r["word"] for r in read_table(resource("vocab", "anatomy_initialisms_dicom.tsv"))}
    assert {"ica", "cca", "sma", "rica", "lcca", "rva"} <= words
    assert not {"sat", "sea", "spa", "va"} & words
