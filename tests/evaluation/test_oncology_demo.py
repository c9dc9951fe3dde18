"""The second demo patient (synthetic oncology follow-up): marked synthetic, its gold is what
the script builds and reads as GUIDELINE says, its questions point at real text, and
``radtrack process`` / ``radtrack demo --oncology`` work on it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from radtrack_gui.cli import main as cli
from radtrack_gui.formats.folder import read_patient_folder

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "radtrack_gui" / "resources" / "samples"
ONCO = SAMPLES / "oncology_patient"
GOLD = SAMPLES / "oncology_patient_gold"
MARK = "Synthetic: yes - written for the RadTrack demo, describes no real patient"


def _script(name: str):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def test_every_report_is_marked_synthetic_in_its_header():
    reports = sorted(ONCO.glob("*.txt"))
    assert len(reports) == 8
    for path in reports:
        head = path.read_text(encoding="utf-8").split("\n\n", 1)[0].splitlines()
        assert head[0] == "Patient: DEMO-002" and MARK in head, path.name
    assert "SYNTHETIC" in (ONCO / "README.md").read_text(encoding="utf-8")
    p = read_patient_folder(ONCO)
    assert not p.problems and {r.modality for r in p.reports} >= {"CT", "PET", "MR", "XR"}
    # the marker line is header, not report text the extractor reads as findings
    assert all(r.date_known for r in p.reports)


def test_shipped_gold_is_what_the_script_builds(tmp_path):
    mod = _script("make_oncology_gold")
    out = tmp_path / "gold"
    assert mod.write_gold(mod.SRC, out, mod.GOLD, mod.DEVICES, **_options()) == 0
    shipped = sorted(p.name for p in GOLD.iterdir())
    assert shipped == sorted(p.name for p in out.iterdir())
    for name in shipped:
        assert (GOLD / name).read_bytes() == (out / name).read_bytes(), name


def _options() -> dict[str, bool]:
    return {"whole_words": True, "negatives_per_report": True}


def test_gold_follows_the_guideline():
    p = read_patient_folder(GOLD)
    assert p.annotated and len(p.mentions) == 120 and len(p.chains) == 29
    by_chain = {cid: [m for m in p.chain_mentions(cid)] for cid in p.chains}
    # rule 10: two lesions of one organ with the same words are two chains
    seg8 = {m.report[:10] for m in by_chain["SEG8"]}
    seg6 = {m.report[:10] for m in by_chain["SEG6"]}
    assert seg8 == seg6 and len(seg8) == 6
    # devices rule 1: the exchanged stent is a new device
    assert {m.type for m in by_chain["STENT1"] + by_chain["STENT2"]} == {"device"}
    assert max(m.report for m in by_chain["STENT1"]) == min(m.report for m in by_chain["STENT2"])
    # rule 9: a negative restated in one report is one chain ("No pneumothorax" twice)
    assert len(by_chain["PTX-1"]) == 2
    # rule 8: the known cancer in the indication is not a mention
    assert not any("adenocarcinoma" in m.text for m in p.mentions.values())


def test_gold_writer_counter_examples(tmp_path):
    """Whole words: "tip" is not the one inside "multiple"; negatives per report: one chain
    for a negative restated in a report, a new one in the next report."""
    mod = _script("make_demo_gold")
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_text("Multiple views. Line with tip low. No effusion. No effusion.\n")
    (src / "b.txt").write_text("No effusion.\n")
    gold = {
        "a.txt": [("tip", "LINE"), ("effusion", "EFF*"), ("effusion", "EFF*")],
        "b.txt": [("effusion", "EFF*")],
    }
    assert mod.write_gold(src, tmp_path / "loose", gold, {"LINE"}) == 0
    loose = (tmp_path / "loose" / "a.ann").read_text()
    assert "Device 3 6\ttip" in loose  # the letters inside "Multiple"
    assert "EFF-1" in loose and "EFF-2" in loose
    opts = _options()
    assert mod.write_gold(src, tmp_path / "strict", gold, {"LINE"}, **opts) == 0
    strict = (tmp_path / "strict" / "a.ann").read_text()
    assert "Device 26 29\ttip" in strict and "EFF-2" not in strict
    assert "EFF-2" in (tmp_path / "strict" / "b.ann").read_text()
    # a surface that is not in the text is an error, and nothing is written
    bad = {"a.txt": [("pneumothorax", "PTX")], "b.txt": []}
    assert mod.write_gold(src, tmp_path / "bad", bad, set()) == 1
    assert not (tmp_path / "bad").exists()


def test_questions_point_at_the_reports():
    path = SAMPLES / "oncology_questions.jsonl"
    items = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    assert len(items) >= 40 and sum(not x["answerable"] for x in items) >= 10
    assert len({x["id"] for x in items}) == len(items)
    for x in items:
        assert x["patient"] == "oncology_patient"
        assert bool(x["answers"]) == x["answerable"]
        for ev in x["evidence"]:
            text = (ONCO / ev["report"]).read_text(encoding="utf-8")
            assert text[ev["start"] : ev["end"]] == ev["text"]


def test_process_and_demo_commands(tmp_path, capsys):
    out = tmp_path / "onco.json"
    assert cli(["process", str(ONCO), "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert len(doc["reports"]) == 8 and doc["patient"]["id"] == "DEMO-002"
    sized = [m for m in doc["mentions"] if m["measurements"]]
    assert sized and all(m["type"] in ("finding", "device") for m in sized)
    capsys.readouterr()
    assert cli(["demo", "--oncology"]) == 0
    assert Path(capsys.readouterr().out.strip()) == ONCO
    assert cli(["demo", "--oncology", "--gold"]) == 0
    assert Path(capsys.readouterr().out.strip()) == GOLD
    assert cli(["demo", "--oncology", "--questions"]) == 0
    assert Path(capsys.readouterr().out.strip()).name == "oncology_questions.jsonl"
    assert cli(["demo"]) == 0  # the first demo stays the default
    assert Path(capsys.readouterr().out.strip()).name == "demo_patient"
