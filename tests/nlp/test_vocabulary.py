"""The vocabulary tables: hierarchy, concepts, refinement, cues, lexicon."""

from __future__ import annotations

import pytest

from radtrack_gui.nlp.vocabulary import Lexicon, plural, read_table, vocabulary
from radtrack_gui.util.paths import resource


@pytest.fixture(scope="module")
def v():  # type: ignore[no-untyped-def]
    return vocabulary()


def test_tables_are_consistent(v) -> None:  # type: ignore[no-untyped-def]
    for name, parent in v.parent.items():
        assert parent in v.parent or parent == "body", (name, parent)
    for c in v.concepts.values():
        assert c.type in ("finding", "device"), c.name
        assert not c.anatomy or c.anatomy in v.parent or c.anatomy == "body", c.name
        assert not c.broader or c.broader in v.concepts, c.name
    kinds = {r["kind"] for r in read_table(resource("vocab", "cues.tsv"))}
    assert kinds == {"negate", "possible", "pseudo", "terminate", "change", "side", "device-word"}


def test_anatomy_hierarchy(v) -> None:  # type: ignore[no-untyped-def]
    assert v.anatomy_ancestors("left lower lobe")[:4] == [
        "left lower lobe",
        "left lung",
        "lungs",
        "thorax",
    ]
    assert v.is_part_of("left frontotemporal region", "skull")
    assert v.is_part_of("frontotemporal region", "head")
    assert v.is_part_of("hepatic segment 7", "liver")
    assert v.is_part_of("hepatic segment 7", "abdomen")
    assert v.is_part_of("c5", "cervical spine") and v.is_part_of("l5-s1", "spine")
    assert v.is_part_of("right internal jugular vein", "internal jugular vein")
    assert not v.anatomy_related("left kidney", "right kidney")
    assert v.anatomy_of("RLL") == "right lower lobe"
    assert v.anatomy_of("C5-6") == "c5-c6" and v.anatomy_of("l4/5") == "l4-l5"
    assert v.sided("pleura", "left") == "left pleura"
    assert v.sided("heart", "left") == "heart"


def test_concepts_synonyms_abbreviations(v) -> None:  # type: ignore[no-untyped-def]
    assert v.concept_of("ETT").name == "endotracheal tube"
    assert v.concept_of("Dobhoff").name == "feeding tube"
    assert v.concept_of("ptx").name == "pneumothorax"
    assert v.concept_of("opacities").name == "opacity"  # generated plural
    assert v.concept_of("SDH").name == "subdural hematoma"
    assert "ij line" in v.synonyms("internal jugular catheter")
    assert v.broader_concepts("internal jugular catheter")[:2] == [
        "internal jugular catheter",
        "central venous catheter",
    ]
    for needed in (
        "pleural effusion",
        "pneumothorax",
        "atelectasis",
        "cardiomegaly",
        "subarachnoid hemorrhage",
        "midline shift",
        "free air",
        "appendicitis",
        "listhesis",
        "ileus",
        "picc",
        "ivc filter",
        "ventriculostomy catheter",
        "spinal hardware",
        "arthroplasty",
        "pacemaker lead",
    ):
        assert needed in v.concepts, needed


def test_refinement_by_site(v) -> None:  # type: ignore[no-untyped-def]
    assert v.refine("hemorrhage", "left sulci") == "subarachnoid hemorrhage"
    assert v.refine("hematoma", "subdural space") == "subdural hematoma"
    assert v.refine("fracture", "c5") == "vertebral fracture"
    assert v.refine("fracture", "left ribs") == "rib fracture"
    assert (
        v.refine("central venous catheter", "right internal jugular vein")
        == "internal jugular catheter"
    )
    assert v.refine("pneumonia", "left lower lobe") == "pneumonia"  # no narrower site
    assert v.refine("enlargement", "heart") == "cardiomegaly"
    assert v.refine_in_region("edema", "thorax") == "pulmonary edema"
    assert v.refine_in_region("fracture", "thorax") == "fracture"  # several fit


def test_laterality_of_names(v) -> None:  # type: ignore[no-untyped-def]
    assert v.laterality_of("left pleura") == "left"
    assert v.laterality_of("bibasilar") == "bilateral"
    assert v.laterality_of("biliary tree") is None
    assert v.laterality_of("lungs") is None


def test_plural() -> None:
    assert plural("opacity") == "opacities"
    assert plural("atelectasis") == "atelectases"
    assert plural("mass") == "masses"
    assert plural("chest tube") == "chest tubes"


def test_lexicon_prefers_concepts_and_longer_cues(v) -> None:  # type: ignore[no-untyped-def]
    lex = v.lexicon()
    toks = Lexicon.key_tokens("no evidence of left pleural effusion")
    concepts, others = lex.match(toks)
    assert [(a, b, n) for a, b, n in concepts] == [(4, 6, "pleural effusion")]
    kinds = {toks[a]: {e[0] for e in entries} for a, b, entries in others}
    assert "negate" in kinds["no"] and "side" in kinds["left"]
    toks = Lexicon.key_tokens("negative for pneumonia")
    concepts, others = lex.match(toks)
    assert [n for _, _, n in concepts] == ["pneumonia"]  # not the "negative" normal word
    assert others[0][:2] == (0, 2)


def test_custom_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "anatomy.tsv").write_text(
        "name\tparent\tsynonyms\nbody\t\t\nchest\tbody\tthorax\n", encoding="utf-8"
    )
    (tmp_path / "concepts.tsv").write_text(
        "concept\ttype\tterms\tanatomy\tbroader\nblob\tfinding\tblob|blobs\tchest\t\n",
        encoding="utf-8",
    )
    small = vocabulary(str(tmp_path))
    assert small.concept_of("blobs").name == "blob"
    assert small.cues == [] and small.concepts["blob"].flags == ()


def test_related_concepts_are_symmetric_and_site_aware(v) -> None:  # type: ignore[no-untyped-def]
    for c in v.concepts.values():
        for other in c.related:
            assert other in v.concepts, (c.name, other)
    # a descriptive and a diagnostic term for one process, their kinds included
    assert v.is_related("pneumonia", "opacity") and v.is_related("opacity", "pneumonia")
    assert v.is_related("aspiration", "consolidation")
    assert v.is_related("liver cyst", "liver lesion")
    assert not v.is_related("liver cyst", "renal lesion")  # default sites differ
    assert not v.is_related("pneumonia", "pleural effusion")
    assert "consolidation" in v.related_to("pneumonia")
    # the relation is not a broader concept: the hierarchy (and the IU silver map) is unchanged
    assert "opacity" not in v.broader_concepts("pneumonia")


def test_durable_and_site_kinds_flags(v) -> None:  # type: ignore[no-untyped-def]
    for name in (
        "cardiomegaly",
        "emphysema",
        "scoliosis",
        "granuloma",
        "surgical clips",
        "sternotomy wires",
        "pacemaker",
        "ivc filter",
        "spinal hardware",
    ):
        assert v.is_durable(name), name
    for name in ("endotracheal tube", "nasogastric tube", "pneumothorax", "pneumonia"):
        assert not v.is_durable(name), name
    # "infection" in a chest report is not read as pneumonia from the region alone...
    assert v.refine_in_region("infection", "thorax") == "infection"
    assert v.refine_in_region("edema", "thorax") == "pulmonary edema"
    # ...but a named site still decides
    assert v.refine("infection", "right lower lobe") == "pneumonia"


def test_sludge_is_not_gallstones_but_related() -> None:
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    assert v.concept_of("sludge").name == "biliary sludge"
    assert v.concept_of("gallstones").name == "gallstones"
    assert v.is_related("biliary sludge", "gallstones")
