"""The vocabulary derived from open terminology (scripts/build_vocab.py): the shipped tables
are what the script builds, the loader merges them under the hand tables, and the notices
travel with them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from radtrack_gui.nlp.vocabulary import DERIVED, vocabulary
from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource

ROOT = Path(__file__).resolve().parents[2]
TERMINOLOGY = ROOT.parent / "shared" / "terminology"


def _script():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location("build_vocab", ROOT / "scripts/build_vocab.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["build_vocab"] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(
    not (TERMINOLOGY / "radlex").is_dir(), reason="../shared/terminology is not here"
)
def test_shipped_tables_are_what_the_script_builds() -> None:
    built = _script().build(TERMINOLOGY, resource("vocab"))
    assert set(built) == {
        "anatomy_radlex.tsv",
        "findings_radlex.tsv",
        "devices_radlex.tsv",
        "exams.tsv",
        "relations_radlex.tsv",
        "observations_radlex.tsv",
        "anatomy_names_radlex.tsv",
        "anatomy_initialisms_dicom.tsv",
    }
    for name, text in built.items():
        assert resource("vocab", name).read_text(encoding="utf-8") == text, (
            f"{name} is stale: run scripts/build_vocab.py"
        )


def test_derived_anatomy_hangs_under_the_hand_hierarchy() -> None:
    v = vocabulary()
    assert v.is_part_of("fifth metatarsal", "foot")
    assert v.is_part_of("fifth metatarsal", "lower extremities")
    assert v.is_part_of("index finger", "upper extremities")
    assert v.is_part_of("lower pole of kidney", "kidneys")
    assert v.is_part_of("upper outer quadrant of breast", "breasts")
    assert v.is_part_of("internal carotid artery", "neck")
    assert v.is_part_of("left seventh rib", "left ribs")
    assert v.is_part_of("right station 4 lymph nodes", "mediastinal lymph nodes")
    assert v.anatomy_of("4r lymph nodes") == "right station 4 lymph nodes"
    assert v.anatomy_of("7th rib") == "seventh rib"
    # counter-examples: sides and organs stay apart; nerves and tissue layers are not kept
    assert not v.anatomy_related("left seventh rib", "right seventh rib")
    assert not v.is_part_of("lower pole of kidney", "spleen")
    assert v.anatomy_of("posterior root of right second cervical nerve") is None
    assert v.anatomy_of("mucosa of uterine tube") is None
    for name, parent in v.parent.items():  # one tree: every parent is a structure
        assert parent in v.parent or parent == "body", (name, parent)


def test_dicom_context_groups_add_regions_and_devices() -> None:
    v = vocabulary()
    # CID 4 region names RadLex lacks, placed by their region word
    assert v.is_part_of("great saphenous vein", "lower extremities")
    assert v.is_part_of("tarsal joint", "foot")
    # CID 3777 / 8 devices, with the acronym written in parentheses
    pump = v.concept_of("insulin pump")
    assert pump is not None and pump.type == "device"
    assert v.concept_of("ivus") == v.concept_of("intravascular ultrasound device")
    # counter-examples: approach adjectives, combined regions and tools are left out
    assert v.anatomy_of("endo-rectal") is None
    assert v.anatomy_of("vertebral column and cranium") is None
    assert v.concept_of("measuring ruler") is None and v.concept_of("laser") is None


def test_the_hand_tables_take_precedence() -> None:
    v = vocabulary()
    # a hand structure keeps its place and its terms keep their hand meaning
    assert v.anatomy_of("renal collecting system") == "kidneys"
    assert v.parent["kidneys"] == "retroperitoneum"
    assert v.concept_of("pneumothorax").name == "pneumothorax"  # type: ignore[union-attr]
    assert DERIVED not in v.concepts["pneumothorax"].flags
    # a term only RadLex names is a concept of its own, flagged derived
    c = v.concept_of("adenomyosis")
    assert c is not None and DERIVED in c.flags and c.type == "finding"
    d = v.concept_of("ventriculoperitoneal shunt")
    assert d is not None and d.type == "device"
    # derived kinds never change how a hand concept is refined by its site
    assert all(DERIVED not in v.concepts[k].flags for k in v.narrower.get("fracture", ()))


def test_grouping_classes_and_symptoms_are_not_findings() -> None:
    rows = read_table(resource("vocab", "findings_radlex.tsv"))
    names = {r["concept"] for r in rows}
    assert "adenomyosis" in names and "hydronephrosis" not in names  # hand concept: no row
    for left_out in ("upper gastrointestinal tract disorder", "fever", "dizziness", "lead"):
        assert left_out not in names


def test_the_notice_ships_with_the_tables() -> None:
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "Radiological Society of North America (RSNA)" in notice
    assert "RadLex License Version 2.0" in notice
    assert "This material contains content from LOINC (http://loinc.org)" in notice
    assert "DICOM" in notice
    files = next(
        line
        for line in (ROOT / "pyproject.toml").read_text().splitlines()
        if line.startswith("license-files")
    )
    assert '"NOTICE' in files
    assert 'ROOT / "NOTICE"' in (ROOT / "packaging/radtrack.spec").read_text()
    assert "install -m 0644 NOTICE" in (ROOT / "packaging/make_deb.sh").read_text()


def test_things_radlex_files_under_enhancement_are_findings_its_descriptors_are_not() -> None:
    # round 9: RadLex files what an image shows (lesion, mass, nodule, focus, reticulation,
    # pseudolesion) under "imaging observation > enhancement", and the ischemic core and
    # penumbra under "perfusion imaging observation": kept, but generic one-word lesion words
    # ("focus", "foci", like "lesion" and "mass"); the descriptors beside them (destruction
    # patterns, margins, enhancement patterns, echotextures, lesion characteristics,
    # assessments) stay out
    rows = read_table(resource("vocab", "findings_radlex.tsv"))
    names = {r["concept"] for r in rows}
    terms = {t for r in rows for t in r["terms"].split("|")}
    for kept in ("reticulation", "pseudolesion", "ischemic penumbra"):
        assert kept in names
    for left_out in (
        "focus",
        "foci",
        "geographic",
        "permeative",
        "moth-eaten",
        "smooth margin",
        "echotexture",
    ):
        assert left_out not in names and left_out not in terms
    for left_out in ("bi-rads 5", "lesion load", "cortical erosion absent"):
        assert left_out not in names
