"""JSON and CSV exports round-trip; offsets stay exact through every format (CRLF, BOM)."""

import json
from pathlib import Path

import pytest
from test_formats_brat import _model_patient, _partition

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats.brat import write_brat
from radtrack_gui.formats.csv_io import COLUMNS, read_csv, write_csv
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import patient_from_dict, patient_to_dict, read_json, write_json

DATA = Path(__file__).resolve().parents[1] / "data"


def _mention_view(p):
    return sorted(
        (
            m.id,
            m.report,
            m.start,
            m.end,
            m.text,
            m.type,
            m.concept,
            tuple(m.anatomy),
            m.laterality,
            m.assertion,
            m.change,
            m.section,
            m.chain,
            tuple(m.fragments),
        )
        for m in p.mentions.values()
    )


def test_json_has_exactly_the_contract_keys(tmp_path):
    p = _model_patient()
    p.mentions["m2"].assertion, p.mentions["m2"].change = "possible", "increased"
    d = patient_to_dict(p)
    assert d["schema"] == "radtrack/1" and d["patient"]["id"] == "P042"
    listed = {"id", "date", "date_known", "exam", "modality", "text"}
    assert listed <= set(d["reports"][0])
    assert d["reports"][0]["date"] == "2150-03-08T00:00:00"
    assert {
        "id",
        "report",
        "start",
        "end",
        "text",
        "type",
        "chain",
        "concept",
        "anatomy",
        "laterality",
        "assertion",
        "change",
        "section",
    } <= set(d["mentions"][0])
    assert {"id", "type", "label", "mentions"} <= set(d["chains"][0])
    json.dumps(d)  # serialisable as it is


def test_json_round_trip(tmp_path):
    p = _model_patient()
    p.chains["c1"].reviewed = True
    path = tmp_path / "out.json"
    write_json(p, path)
    back = read_json(path)
    assert back.check() == []
    assert [
        (r.id, r.date, r.date_known, r.exam, r.modality, r.region, r.text, r.flags)
        for r in back.reports
    ] == [
        (r.id, r.date, r.date_known, r.exam, r.modality, r.region, r.text, r.flags)
        for r in p.reports
    ]
    assert _mention_view(back) == _mention_view(p)
    assert {c.id: (c.label, c.mentions, c.reviewed, c.source) for c in back.chains.values()} == {
        c.id: (c.label, c.mentions, c.reviewed, c.source) for c in p.chains.values()
    }
    # As a folder input (a folder holding only that JSON, or the file path itself).
    assert _partition(read_patient_folder(path)) == _partition(p)
    again = read_patient_folder(tmp_path)
    assert _mention_view(again) == _mention_view(p)


def test_bad_json_is_an_input_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    with pytest.raises(InputError, match="invalid JSON"):
        read_json(bad)
    with pytest.raises(InputError, match="not a RadTrack JSON"):
        patient_from_dict({"schema": "radtrack/9"})
    with pytest.raises(InputError, match='missing "text"'):
        patient_from_dict(
            {"schema": "radtrack/1", "patient": {"id": "p"}, "reports": [{"id": "a"}]}
        )


def test_json_mentions_that_do_not_fit_are_dropped_with_a_problem():
    d = patient_to_dict(_model_patient())
    d["mentions"][0]["end"] = 10**6
    d["mentions"][1]["text"] = "something else"
    p = patient_from_dict(d)
    assert p.check() == []
    assert len(p.mentions) == len(d["mentions"]) - 2
    assert sum("mention" in q.reason for q in p.problems) == 2


def test_csv_round_trip(tmp_path):
    p = _model_patient()
    path = tmp_path / "m.csv"
    assert write_csv(p, path) == len(p.mentions)
    header = path.read_text().splitlines()[0].split(",")
    assert tuple(header) == COLUMNS
    fresh = read_patient_folder(DATA / "mixed_patient")
    back = read_csv(path, fresh)
    assert back.check() == [] and back.problems == []
    assert _mention_view(back) == _mention_view(p)
    assert {c.id: c.label for c in back.chains.values()} == {
        c.id: c.label for c in p.chains.values()
    }


def test_csv_rows_that_do_not_fit_are_problems(tmp_path):
    p = _model_patient()
    path = tmp_path / "m.csv"
    write_csv(p, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.append(lines[1].replace("2150-03-08_chest.txt", "nope.txt", 1))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    back = read_csv(path, read_patient_folder(DATA / "mixed_patient"))
    assert any("unknown report 'nope.txt'" in q.reason for q in back.problems)
    (tmp_path / "x.csv").write_text("a,b\n1,2\n")
    with pytest.raises(InputError, match="missing columns"):
        read_csv(tmp_path / "x.csv", p)


def test_offsets_exact_for_crlf_and_bom_through_every_format(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    crlf = "Date: 2150-01-01\r\n\r\nFINDINGS:\r\nLeft effusion.\r\nIMPRESSION: Left effusion.\r\n"
    bom_text = "Date: 2150-01-02\n\nFINDINGS: épanchement; left effusion.\n"
    (src / "a.txt").write_bytes(crlf.encode())
    (src / "b.txt").write_bytes(b"\xef\xbb\xbf" + bom_text.encode())

    def ann(text, word):
        out, i, n = [], -1, 0
        while (i := text.lower().find(word, i + 1)) >= 0:
            n += 1
            out.append(
                f"T{n}\tFinding {i} {i + len(word)}\t{text[i : i + len(word)]}\n"
                f"A{n}\tChain T{n} c1\n"
            )
        return "".join(out)

    (src / "a.ann").write_text(ann(crlf, "left effusion"), newline="")
    (src / "b.ann").write_text(ann(bom_text, "left effusion"), newline="")
    p = read_patient_folder(src)
    assert len(p.mentions) == 3 and len(p.chains) == 1 and p.problems == []

    def exact(q):
        assert q.check() == []
        for m in q.mentions.values():
            assert q.report(m.report).text[m.start : m.end] == m.text
            assert m.text.lower() == "left effusion"

    exact(p)
    assert "\r\n" in p.report("a.txt").text
    write_json(p, tmp_path / "p.json")
    exact(read_json(tmp_path / "p.json"))
    write_brat(p, tmp_path / "brat")
    exact(read_patient_folder(tmp_path / "brat"))
    write_csv(p, tmp_path / "p.csv")
    exact(read_csv(tmp_path / "p.csv", read_patient_folder(src)))
