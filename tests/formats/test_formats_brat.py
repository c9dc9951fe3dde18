"""brat standoff: reading gold (discontinuous spans, both chain notations), writing, round trip."""

import os
import shutil
from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Mention
from radtrack_gui.formats.brat import META_FILE, read_brat_pair, write_brat
from radtrack_gui.formats.folder import read_patient_folder

DATA = Path(__file__).resolve().parents[1] / "data"


def _partition(p):
    """Chains as sets of (report, start, end): comparable across renumbering."""
    return {
        frozenset(
            (p.mentions[m].report, p.mentions[m].start, p.mentions[m].end) for m in c.mentions
        )
        for c in p.chains.values()
    }


def test_annotated_folder_is_gold_with_both_chain_notations():
    p = read_patient_folder(DATA / "brat_patient")
    assert p.annotated and p.check() == []
    assert all(m.source == "gold" for m in p.mentions.values())
    assert all(c.source == "gold" for c in p.chains.values())
    texts = {c.id: sorted(p.mentions[m].text for m in c.mentions) for c in p.chains.values()}
    # c1 joins A-line chains (day1) and AnnotatorNotes chains (day3); the chain without any
    # note is a singleton.
    assert texts["c1"] == [
        "Left effusion",
        "Left pleural effusion",
        "effusion on the left",
        "left effusion",
    ]
    assert texts["c2"] == ["Right subclavian line", "Subclavian line"]
    assert p.chains["c2"].type == "device"
    assert texts["c3"] == ["right basilar opacity"]
    # Other entity types are ignored, and that is said.
    assert any("Anatomy" in q.reason for q in p.problems)


def test_discontinuous_span_keeps_fragments_and_covers_them():
    p = read_patient_folder(DATA / "brat_patient")
    (m,) = [m for m in p.mentions.values() if m.fragments]
    r = p.report(m.report)
    assert [r.text[a:b] for a, b in m.fragments] == ["effusion", "left"]
    assert (m.start, m.end) == (m.fragments[0][0], m.fragments[-1][1])
    for mm in p.mentions.values():  # every span indexes the text exactly
        assert p.report(mm.report).text[mm.start : mm.end] == mm.text


def test_bad_ann_lines_are_named_and_the_rest_kept(tmp_path):
    (tmp_path / "a.txt").write_text("Left effusion. Right effusion.\n")
    (tmp_path / "a.ann").write_text(
        "T1\tFinding 0 13\tLeft effusion\n"
        "T2\tFinding 15 29\tRight effusion\n"
        "T3\tFinding 90 99\toutside\n"
        "T4\tFinding 0 4\tNope\n"
        "T5\tFinding x y\tbroken\n"
        "T1\tFinding 5 13\teffusion\n"
        "garbage line\n"
        "A1\tChain T1 c7\n"
    )
    (tmp_path / "orphan.ann").write_text("T1\tFinding 0 1\tx\n")
    doc = read_brat_pair(tmp_path / "a.txt", tmp_path / "a.ann")
    assert [m.id for m in doc.mentions] == ["T1", "T2"] and doc.chain_of == {"T1": "c7"}
    reasons = [str(q) for q in doc.problems]
    assert any(":3" in r and "outside the text" in r for r in reasons)
    assert any(":4" in r and "does not match" in r for r in reasons)
    assert any(":5" in r and "malformed" in r for r in reasons)
    assert any(":6" in r and "duplicate id T1" in r for r in reasons)
    assert any(":7" in r and "malformed line" in r for r in reasons)
    p = read_patient_folder(tmp_path)
    assert any(q.file == "orphan.ann" and "no matching .txt" in q.reason for q in p.problems)
    assert len(p.mentions) == 2 and len(p.chains) == 2


def _model_patient():
    p = read_patient_folder(DATA / "mixed_patient")
    spans = {
        "2150-03-08_chest.txt": ["Endotracheal tube", "left pleural effusion", "Left effusion"],
        "ct_head.txt": ["subdural hematoma", "midline shift"],
        "501": ["stone", "Cholelithiasis"],
        "mimic_style.txt": ["fracture"],
    }
    n = 0
    for rid, words in spans.items():
        text = p.report(rid).text
        for w in words:
            n += 1
            s = text.index(w)
            p.mentions[f"m{n}"] = Mention(
                f"m{n}",
                rid,
                s,
                s + len(w),
                w,
                type="device" if "tube" in w else "finding",
                concept=w.lower(),
                anatomy=["pleura"] if "effusion" in w else [],
                laterality="left" if "eft" in w else None,
                source="model:test",
            )
    text = p.report("ct_head.txt").text  # one discontinuous mention
    a = text.index("Left subdural")
    b = text.index("hematoma", a)
    p.mentions["m99"] = Mention(
        "m99", "ct_head.txt", a, b + 8, text[a : b + 8], fragments=[(a, a + 4), (b, b + 8)]
    )
    p.mentions["m5"].assertion, p.mentions["m5"].change = "absent", "no longer seen"
    p.mentions["m3"].change = "decreased"
    p.set_chains([["m2", "m3"], ["m4", "m99"], ["m6", "m7"]], source="model:test")
    assert p.check() == []
    return p


def test_export_round_trips_through_the_folder_reader(tmp_path):
    p = _model_patient()
    out = tmp_path / "export"
    names = write_brat(p, out)
    assert "501.txt" in names and (out / "annotation.conf").exists()
    assert (out / META_FILE).exists()
    # The .txt holds the text exactly (CRLF/quotes/brackets unchanged).
    assert (out / "501.txt").read_bytes().decode() == p.report("501").text
    assert not list(tmp_path.glob(".export*"))  # no temporary folder left behind
    back = read_patient_folder(out)
    assert back.annotated and back.check() == []
    assert [r.id for r in back.reports] == [r.id for r in p.reports]  # ids restored
    assert [(r.date, r.exam, r.modality) for r in back.reports] == [
        (r.date, r.exam, r.modality) for r in p.reports
    ]
    assert back.id == p.id
    assert _partition(back) == _partition(p)

    def attrs(q):
        return sorted(
            (
                m.report,
                m.start,
                m.type,
                m.concept,
                tuple(m.anatomy),
                m.laterality,
                m.assertion,
                m.change,
            )
            for m in q.mentions.values()
        )

    p.mentions["m5"].change = "no-longer-seen"  # brat values are single words
    assert attrs(back) == attrs(p)
    frag = [m for m in back.mentions.values() if m.fragments]
    assert len(frag) == 1 and frag[0].fragments == p.mentions["m99"].fragments
    conf = (out / "annotation.conf").read_text()
    assert "[entities]\nFinding\nDevice" in conf and "Chain Arg:<ENTITY>" in conf
    ann = (out / "ct_head.ann").read_text()
    assert "\tFinding " in ann and "\tChain T" in ann


def test_export_replaces_an_earlier_export_but_never_a_foreign_folder(tmp_path):
    p = _model_patient()
    out = tmp_path / "export"
    write_brat(p, out)
    p.mentions.pop("m1")
    p.set_chains([])
    write_brat(p, out)  # replaced whole
    assert len(read_patient_folder(out).mentions) == len(p.mentions)
    ann = next(out.glob("*.ann"))  # edited in brat after the export: never overwritten
    later = (out / META_FILE).stat().st_mtime + 5
    os.utime(ann, (later, later))
    with pytest.raises(InputError, match="edited after the export"):
        write_brat(p, out)
    assert ann.exists()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "keep.doc").write_text("precious")
    with pytest.raises(InputError, match="not empty"):
        write_brat(p, foreign)
    assert (foreign / "keep.doc").read_text() == "precious"


def test_brat_folder_without_meta_still_reads(tmp_path):
    p = _model_patient()
    out = tmp_path / "export"
    write_brat(p, out)
    plain = tmp_path / "plain"
    shutil.copytree(out, plain)
    (plain / META_FILE).unlink()
    back = read_patient_folder(plain)
    assert "501.txt" in {r.id for r in back.reports}
    assert len(back.mentions) == len(p.mentions)


def test_spans_across_line_ends_are_cut_for_brat_and_joined_back(tmp_path):
    text = "FINDINGS: Small left pleural\r\neffusion. Right chest tube\nin place.\n"
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "a.txt").write_bytes(text.encode())
    a, b = text.index("left pleural"), text.index("effusion") + len("effusion")
    c, d = text.index("Right chest"), text.index("tube") + len("tube")
    (folder / "a.ann").write_text(f"T1\tFinding {a} {b}\tx\n", newline="")
    p = read_patient_folder(folder)
    assert any("does not match" in q.reason for q in p.problems)  # a multi-line T text
    p.mentions = {
        "m1": Mention("m1", "a.txt", a, b, text[a:b]),
        "m2": Mention("m2", "a.txt", c, d + 8, text[c : d + 8], type="device"),
    }
    p.set_chains([])
    write_brat(p, tmp_path / "out")
    ann = (tmp_path / "out" / "a.ann").read_text()
    assert all("\n" not in line and "\r" not in line for line in ann.split("\n"))
    assert f"{a} {text.index(chr(13))};{text.index('effusion')} {b}\t" in ann
    back = read_patient_folder(tmp_path / "out")
    assert back.problems == [] and back.check() == []
    assert sorted((m.start, m.end, m.fragments) for m in back.mentions.values()) == [
        (a, b, []),
        (c, d + 8, []),
    ]
