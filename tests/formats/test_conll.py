"""CoNLL-2012 reading (the reference scorer's conventions) and writing (one document per
patient), with a write -> read round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, Mention, Patient, Report
from radtrack_gui.evaluation.metrics import score
from radtrack_gui.formats.conll import (
    is_conll,
    patient_conll_lines,
    read_conll,
    read_conll_as_chains,
    write_conll,
)


def _write(tmp_path: Path, text: str, name: str = "f.conll") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _patient() -> Patient:
    r1 = Report(id="r1.txt", text="Small left pleural effusion.\nNo pneumothorax.")
    r2 = Report(id="r2.txt", text="Effusion is unchanged. PICC in place.")
    p = Patient(id="p 7", reports=[r1, r2])
    p.mentions = {
        "m1": Mention("m1", "r1.txt", 6, 27, "left pleural effusion"),
        "m2": Mention("m2", "r1.txt", 32, 44, "pneumothorax"),
        "m3": Mention("m3", "r2.txt", 0, 8, "Effusion"),
        "m4": Mention("m4", "r2.txt", 23, 27, "PICC", type=DEVICE),
        # nested in m1, same chain as m3: two mentions of one chain opening together
        "m5": Mention("m5", "r1.txt", 19, 27, "effusion"),
    }
    p.set_chains([["m1", "m3", "m5"]])
    return p


def test_round_trip_keeps_clusters_by_token_spans(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "p.conll"
    write_conll([_patient()], out)
    assert is_conll(out)
    docs = read_conll(out)
    assert len(docs) == 1
    doc = docs[0]
    assert doc.name == "(p_7); part 000"
    # Tokens: Small left pleural effusion . | No pneumothorax . | Effusion is unchanged .
    # PICC in place .  (one sentence per line; the second report starts a sentence).
    assert doc.words[:4] == ["Small", "left", "pleural", "effusion"]
    assert doc.sentence_starts == [0, 5, 8]
    clusters = sorted(sorted((a, b) for _, a, b in c) for c in doc.clusters)
    assert clusters == [[(1, 3), (3, 3), (8, 8)], [(6, 6)], [(12, 12)]]
    # Scoring what was read back against itself-from-the-patient is perfect.
    chains = read_conll_as_chains(out)
    assert score(chains[doc.name], chains[doc.name]).conll_f1 == pytest.approx(1.0)
    assert oct(out.stat().st_mode & 0o777) == "0o600"


def test_written_lines_have_twelve_columns_and_coref_last() -> None:
    lines = patient_conll_lines(_patient())
    assert lines[0] == "#begin document (p_7); part 000"
    assert lines[-1] == "#end document"
    rows = [ln.split("\t") for ln in lines[1:-1] if ln]
    assert all(len(r) == 12 for r in rows)
    assert rows[1][:4] == ["p_7", "0", "1", "left"]
    assert rows[1][-1] == "(1"
    assert rows[3][-1] == "(1)|1)"  # nested one-token mention, then the outer one closes


def test_reads_concatenated_and_nested_fields(tmp_path: Path) -> None:
    text = (
        "#begin document (d); part 000\n"
        "d 0 0 a (1(3\n"
        "d 0 1 b 3)1)\n"
        "d 0 2 c (1|(2)\n"
        "\n"
        "d 0 0 e (1\n"
        "d 0 1 f (1)\n"
        "d 0 2 g 1)1)\n"
        "#end document\n"
    )
    chains = read_conll_as_chains(_write(tmp_path, text))
    assert chains == {
        "(d); part 000": [
            [
                ("(d); part 000", 0, 1),
                ("(d); part 000", 4, 4),
                ("(d); part 000", 3, 5),
                ("(d); part 000", 2, 5),
            ],
            [("(d); part 000", 0, 1)],
            [("(d); part 000", 2, 2)],
        ]
    }


def test_several_documents_and_blank_lines(tmp_path: Path) -> None:
    text = (
        "#begin document (a);\nx (0)\n#end document\n\n"
        "#begin document (b);\nx (0\ny 0)\n#end document\n"
    )
    chains = read_conll_as_chains(_write(tmp_path, text))
    assert chains == {"(a);": [[("(a);", 0, 0)]], "(b);": [[("(b);", 0, 1)]]}


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        ("#begin document (d);\nx (1\ny -\n#end document\n", 4, "never closed"),
        ("#begin document (d);\nx 1)\n#end document\n", 2, "closed but not opened"),
        ("#begin document (d);\nx (a)\n#end document\n", 2, "bad coreference field"),
        ("#begin document (d);\nx (1)\n", 1, "no '#end document'"),
        ("x (1)\n", 1, "outside"),
    ],
)
def test_malformed_files_name_the_line(tmp_path: Path, text: str, line: int, why: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as err:
        read_conll(path)
    assert f"{path}:{line}:" in str(err.value)
    assert why in str(err.value)
    assert "\n" not in str(err.value)


def test_missing_file_and_non_conll(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        read_conll(tmp_path / "nope.conll")
    with pytest.raises(InputError, match="not a CoNLL-2012 file"):
        read_conll(_write(tmp_path, "# only a comment\n"))
    assert not is_conll(tmp_path / "f.conll")


def test_discontinuous_mention_written_as_covering_tokens(tmp_path: Path) -> None:
    p = Patient(id="p", reports=[Report(id="r", text="tube in the stomach and tip")])
    p.mentions = {
        "m1": Mention("m1", "r", 0, 27, "tube tip", type=DEVICE, fragments=[(0, 4), (24, 27)])
    }
    p.set_chains([])
    out = tmp_path / "d.conll"
    write_conll([p], out)
    assert read_conll_as_chains(out) == {"(p); part 000": [[("(p); part 000", 0, 5)]]}


def test_mention_outside_chains_is_written_as_singleton(tmp_path: Path) -> None:
    p = _patient()
    p.mentions["m6"] = Mention("m6", "r2.txt", 31, 36, "place")  # no chain
    out = tmp_path / "s.conll"
    write_conll([p, Patient(id="empty", reports=[Report(id="e", text="Normal.")])], out)
    chains = read_conll_as_chains(out)
    assert [("(p_7); part 000", 14, 14)] in chains["(p_7); part 000"]
    assert chains["(empty); part 000"] == []
