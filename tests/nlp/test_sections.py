import itertools

from radtrack_gui.nlp.sections import canonical, find_sections

MIMIC = (
    "[**2150-3-4**] 10:22 AM\n"
    " CHEST (PORTABLE AP)                 Clip # [**Clip Number (Radiology) 1**]\n"
    " Reason: eval for infiltrate\n"
    " [**Hospital 2**] MEDICAL CONDITION:\n  75 year old man with cough\n"
    " ______________________________________________________________\n"
    "                                 FINAL REPORT\n"
    " COMPARISON: [**2150-3-1**].\n"
    " PORTABLE CHEST: Lungs clear. IMPRESSION: No acute process.\n"
    " ADDENDUM #1\n Line tip in the SVC.\n"
)


def _named(text):
    return [(s.name, text[s.start : s.end]) for s in find_sections(text)]


def test_mimic_report_sections_in_order():
    names = [n for n, _ in _named(MIMIC)]
    # "PORTABLE CHEST:" names the exam: MIMIC's way of starting the findings.
    assert names == [
        "INDICATION",
        "FINAL REPORT",
        "COMPARISON",
        "FINDINGS",
        "IMPRESSION",
        "ADDENDUM",
    ]
    parts = dict(_named(MIMIC))
    assert parts["IMPRESSION"].startswith("IMPRESSION: No acute process.")
    assert parts["ADDENDUM"].startswith("ADDENDUM #1")


def test_sections_are_contiguous_and_cover_the_rest():
    secs = find_sections(MIMIC)
    assert secs[-1].end == len(MIMIC)
    assert all(a.end == b.start for a, b in itertools.pairwise(secs))
    assert MIMIC[secs[0].start :].startswith("Reason:")


def test_aliases_and_unknown_headers():
    text = (
        "CLINICAL HISTORY: fever.\nProtocol: helical.\nResults:\nLUNGS: clear.\n"
        "HEART: normal.\nConclusion: normal.\nRECOMMENDATIONS: none\n"
    )
    assert [n for n, _ in _named(text)] == [
        "INDICATION",
        "TECHNIQUE",
        "FINDINGS",
        "IMPRESSION",
        "RECOMMENDATION",
    ]
    # Sub-headers inside the findings stay there.
    assert "LUNGS: clear." in dict(_named(text))["FINDINGS"]
    assert canonical("Reason for exam") == "INDICATION"
    assert canonical("OPINION") == "IMPRESSION"
    assert canonical("Impression and recommendations") == "IMPRESSION"
    assert canonical("lungs") is None
    # Unknown upper-case headers outside the findings are kept as written.
    text = "CONTRAINDICATIONS FOR IV CONTRAST: none\nFINDINGS: clear\n"
    assert [n for n, _ in _named(text)] == ["CONTRAINDICATIONS FOR IV CONTRAST", "FINDINGS"]
    # Headers before ``begin`` (a Key: value block) are not looked at.
    text = "Exam: CT HEAD\n\nEXAMINATION: CT HEAD\nFINDINGS: none\n"
    assert [(s.name, s.start) for s in find_sections(text, text.index("\n\n"))] == [
        ("EXAMINATION", text.index("EXAMINATION")),
        ("FINDINGS", text.index("FINDINGS")),
    ]


def test_inline_headers_and_crlf():
    text = "The lungs are clear. Impression: normal.\r\nFINDINGS:\r\nclear"
    got = _named(text)
    assert got[0] == ("IMPRESSION", "Impression: normal.\r\n")
    assert got[1][0] == "FINDINGS"
    # A lower-case word after text is not a header; no header means no sections.
    assert find_sections("the impression: vague") == []
    assert find_sections("Lungs clear.\nNo effusion.") == []


def test_run_in_headers_at_a_line_start():
    text = (
        "Renal MRI\nIndication Characterization of a mass.\nProtocol Axial T2.\nFindings\nA mass."
    )
    got = _named(text)
    assert [name for name, _ in got] == ["INDICATION", "TECHNIQUE", "FINDINGS"]
    assert got[0][1] == "Indication Characterization of a mass.\n"
    assert _named("Clinical History Fall.\nImpression Left rib fracture.")[1][0] == "IMPRESSION"
    # counter-examples: before a lower-case word, or inside a line, the word is text
    assert find_sections("Findings are normal.\nHistory of smoking.") == []
    assert find_sections("No change. Impression Left as before.") == []


def test_sections_of_repeated_reports_repeat():
    """Speed is measured by benchmarks/bench_extract.py, not asserted here."""
    once = [s.name for s in find_sections(MIMIC)]
    assert once and [s.name for s in find_sections(MIMIC * 3)] == once * 3


def test_real_reports_of_other_styles_find_their_sections():
    """The 40 PARROT reports (English versions, read in place): headers in several styles."""
    import csv

    from conftest import shared_path

    path = shared_path("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
    with path.open(encoding="utf-8", newline="") as f:
        texts = [row["English translation"] for row in csv.DictReader(f)]
    found = [{s.name for s in find_sections(t)} for t in texts]
    assert len(texts) == 40
    assert sum({"FINDINGS", "IMPRESSION"} <= names for names in found) >= 36
    assert sum("INDICATION" in names for names in found) >= 36
