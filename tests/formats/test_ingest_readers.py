"""The hospital-format readers one by one (issue #22): FHIR, HL7 v2, PDF, Word/RTF, DICOM.
Each good input is built with the format's own library (tests/format_fixtures.py); each bad
input must give its own named reason."""

from __future__ import annotations

import base64
import json
from datetime import datetime
from pathlib import Path

import format_fixtures as ff
import pytest

from radtrack_gui.formats import dicom_sr, fhir, hl7v2, office, pdf
from radtrack_gui.formats.ingest import kind_of_file, read_file
from radtrack_gui.formats.mimic_csv import SeveralPatients
from radtrack_gui.formats.textreport import SkipFile


def _write(tmp: Path, name: str, data: str | bytes | dict) -> Path:
    p = tmp / name
    if isinstance(data, dict):
        data = json.dumps(data)
    p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return p


def _skip_reason(path: Path) -> str:
    with pytest.raises(SkipFile) as info:
        read_file(path, path.name)
    return info.value.reason


# -- FHIR ------------------------------------------------------------------------------------
def test_fhir_diagnostic_report_fields(tmp_path):
    p = _write(tmp_path, "dr.json", ff.fhir_report(pid="p7", exam="CT Chest W contrast IV"))
    got = read_file(p, p.name)
    (r,) = got.reports
    assert r.id == "dr.json" and r.text == ff.FINDINGS
    assert r.date == datetime(2150, 3, 4, 10, 22) and r.date_known
    assert (r.exam, r.modality, r.patient) == ("CT Chest W contrast IV", "CT", "p7")
    assert "status:final" in r.flags


def test_fhir_r4_only_resource_is_accepted_as_r4():
    r4 = {**ff.fhir_report(), "imagingStudy": [{"reference": "ImagingStudy/1"}]}
    assert fhir.validate(r4) == "R4B"  # imagingStudy is R4; R5 renamed it study
    assert fhir.validate(ff.fhir_report()) == "R5"
    with pytest.raises(fhir.Invalid):
        fhir.validate({"resourceType": "DiagnosticReport", "status": "final"})  # no code


@pytest.mark.parametrize("kind", ["searchset", "collection", "document"])
def test_fhir_bundle_kinds_and_text_forms(tmp_path, kind):
    reports = [
        ff.fhir_report(rid="a", form="text/plain", when="2150-03-01T08:00:00Z"),
        ff.fhir_report(rid="b", form="text/html", when="2150-03-02T08:00:00Z"),
        ff.fhir_report(rid="c", form="application/pdf", when="2150-03-03T08:00:00Z"),
        ff.fhir_report(rid="d", form="conclusion", when="2150-03-05T08:00:00Z"),
    ]
    p = _write(tmp_path, "b.json", ff.fhir_bundle(reports, kind))
    got = read_file(p, p.name)
    assert [r.id for r in got.reports] == ["b.json#1", "b.json#2", "b.json#3", "b.json#4"]
    for r in got.reports:
        assert "Small left pleural effusion." in r.text
        assert "<" not in r.text  # html tags gone
    assert got.reports[1].text.splitlines()[0].startswith("FINDINGS:")


def test_fhir_bundle_patient_identifier_and_picker(tmp_path):
    patient = {"resourceType": "Patient", "id": "x1", "identifier": [{"value": "MRN-1"}]}
    a = {**ff.fhir_report(rid="a"), "subject": {"reference": "urn:uuid:pat"}}
    bundle = ff.fhir_bundle([a])
    bundle["entry"].append({"fullUrl": "urn:uuid:pat", "resource": patient})
    p = _write(tmp_path, "one.json", bundle)
    assert read_file(p, p.name).reports[0].patient == "MRN-1"
    two = _write(
        tmp_path, "two.json", ff.fhir_bundle([ff.fhir_report(pid="A"), ff.fhir_report(pid="B")])
    )
    with pytest.raises(SeveralPatients) as info:
        read_file(two, two.name)
    assert info.value.patients == ["A", "B"]
    assert [r.patient for r in read_file(two, two.name, "B").reports] == ["B"]


def test_fhir_bad_inputs_named(tmp_path):
    bad = ff.fhir_report(rid="bad")
    del bad["code"]
    p = _write(tmp_path, "mixed.json", ff.fhir_bundle([bad, ff.fhir_report(rid="ok")], check=False))
    got = read_file(p, p.name)
    assert [r.id for r in got.reports] == ["mixed.json#2"]
    assert "invalid FHIR DiagnosticReport (code: Field required)" in got.problems[0].reason
    assert got.problems[0].file == "mixed.json#1"
    assert "invalid JSON" in _skip_reason(_write(tmp_path, "x.json", '{"resourceType": '))
    obs = _write(tmp_path, "o.json", {"resourceType": "Observation", "status": "final"})
    assert _skip_reason(obs) == "no FHIR DiagnosticReport (holds Observation)"
    empty = ff.fhir_report()
    del empty["presentedForm"]
    assert _skip_reason(_write(tmp_path, "e.json", empty)) == (
        "no report text (no presentedForm text and no conclusion)"
    )
    junk = ff.fhir_report()
    junk["presentedForm"][0]["data"] = "@@not base64@@"
    assert _skip_reason(_write(tmp_path, "j.json", junk)).startswith(
        "invalid FHIR DiagnosticReport (presentedForm.0.data: Base64 decoding error"
    )


def test_fhir_nesting_bombs_named(tmp_path):
    deep = '{"resourceType": "Bundle", "entry": ' + "[" * 100000 + "]" * 100000 + "}"
    assert _skip_reason(_write(tmp_path, "deep.json", deep)) == "invalid JSON (nested too deeply)"
    bundle: dict = ff.fhir_report()
    for _ in range(50):  # nested bundles (a bundle of bundles) are read through
        bundle = {"resourceType": "Bundle", "type": "collection", "entry": [{"resource": bundle}]}
    assert len(read_file(_write(tmp_path, "nested.json", bundle), "nested.json").reports) == 1


def test_fhir_bulk_ndjson_streams_lines(tmp_path):
    lines = [json.dumps(ff.fhir_report(rid=f"r{i}", pid="p1")) for i in range(3)]
    lines.insert(1, "{not json")
    p = _write(tmp_path, "DiagnosticReport.ndjson", "\n".join(lines) + "\n")
    got = read_file(p, p.name)
    assert len(got.reports) == 3
    assert got.problems[0].reason.startswith("line 2: invalid JSON")


# -- HL7 v2 ----------------------------------------------------------------------------------
def test_hl7_messages_mllp_escapes_and_fields(tmp_path):
    first = ff.oru(
        pid="MRN9",
        status="P",
        value_type="FT",
        lines=("FINDINGS: a\\.br\\b \\F\\ c \\S\\ d \\T\\ e \\R\\ f \\E\\ \\H\\bold\\N\\ \\X41\\",),
        control="1",
        version="2.3",
    )
    second = ff.oru(pid="MRN9", control="2", version="2.8")
    data = "\x0b" + first + "\x1c\r" + "\x0b" + second.replace("\r", "\r\n") + "\x1c\r"
    p = _write(tmp_path, "r.hl7", data)
    got = read_file(p, p.name)
    a, b = got.reports
    assert a.text == "FINDINGS: a\nb | c ^ d & e ~ f \\ bold A"
    assert (a.id, a.patient, a.exam, a.date) == (
        "r.hl7#1",
        "MRN9",
        "CT Chest W contrast IV",
        datetime(2150, 3, 4, 10, 22),
    )
    assert "status:preliminary" in a.flags and "status:final" in b.flags
    assert b.text == ff.FINDINGS


def test_hl7_obx_types_and_withdrawn_results(tmp_path):
    msg = ff.oru(lines=("kept one",), value_type="ST").rstrip("\r")
    msg += "\rOBX|2|NM|X||42||||||F\rOBX|3|TX|X||withdrawn||||||W\rOBX|4|TX|X||kept two||||||F\r"
    got = read_file(_write(tmp_path, "t.hl7", msg), "t.hl7")
    assert got.reports[0].text == "kept one\nkept two"


def test_hl7_date_from_obx14_when_obr7_empty(tmp_path):
    msg = ff.oru(when="").replace("||||||F\r", "||||||F|||215003051130\r")
    got = read_file(_write(tmp_path, "d.hl7", msg), "d.hl7")
    assert got.reports[0].date == datetime(2150, 3, 5, 11, 30)


def test_hl7_bad_inputs_named(tmp_path):
    adt = "MSH|^~\\&|A|B|C|D|2150||ADT^A01|1|P|2.5\rPID|1||p1\r"
    p = _write(tmp_path, "adt.hl7", adt + ff.oru())
    got = read_file(p, p.name)
    assert len(got.reports) == 1
    assert "message type ADT^A01, not ORU^R01" in got.problems[0].reason
    assert _skip_reason(_write(tmp_path, "n.hl7", "hello\nworld\n")) == (
        "not an HL7 v2 file (no MSH segment)"
    )
    no_obr = "MSH|^~\\&|A|B|C|D|2150||ORU^R01|1|P|2.5\rPID|1||p1\r"
    assert "no OBR segment" in _skip_reason(_write(tmp_path, "o.hl7", no_obr))
    no_text = ff.oru(value_type="NM", lines=("5",))
    assert "no TX/FT/ST text in OBX" in _skip_reason(_write(tmp_path, "nt.hl7", no_text))


def test_hl7_header_that_trips_the_parsers_own_assertion_is_named(tmp_path):
    """python-hl7 asserts its separator table: a header whose separators run out ("MSH&"
    then a NUL, a fuzzed file) raised AssertionError past the reader; now it is a malformed
    message, the file skipped with its reason (the fuzz test's seed 313 found it)."""
    with pytest.raises(ValueError, match="malformed HL7 message"):
        hl7v2.parse_message("\x0bMSH&\x00|")
    reason = _skip_reason(_write(tmp_path, "bad.hl7", "\x0bMSH&\x00|"))
    assert reason.endswith("malformed HL7 message (its MSH separators cannot be read))")
    # counter-example: a well-formed header still parses
    assert hl7v2.parse_message("MSH|^~\\&|A|B\rPID|1").segment("MSH")


def test_hl7_vertical_space_is_bounded():
    seps = {"field": "|", "component": "^", "repetition": "~", "escape": "\\", "subcomponent": "&"}
    assert hl7v2.unescape("a\\.sp 2\\b", seps) == "a\n\nb"
    assert hl7v2.unescape("a\\.sp 999999999\\b", seps) == "a" + "\n" * hl7v2.MAX_SPACE + "b"


def test_hl7_timestamps():
    assert hl7v2.parse_ts("20200102") == datetime(2020, 1, 2)
    assert hl7v2.parse_ts("202001021530.123+0100") == datetime(2020, 1, 2, 15, 30)
    assert hl7v2.parse_ts("2020") is None and hl7v2.parse_ts("20201399") is None


# -- PDF -------------------------------------------------------------------------------------
def test_pdf_reading_order_and_repeated_header_footer(tmp_path):
    data = ff.pdf_bytes(
        [["FINDINGS: Small left pleural effusion."], ["IMPRESSION: Effusion."]],
        header="ST ELSEWHERE HOSPITAL RADIOLOGY",
        footer="Confidential",
        first_page_top=["Exam: CT Chest W contrast IV", "Date: 2150-03-04 10:22"],
    )
    got = read_file(_write(tmp_path, "r.pdf", data), "r.pdf")
    (r,) = got.reports
    assert r.text == (
        "ST ELSEWHERE HOSPITAL RADIOLOGY\nExam: CT Chest W contrast IV\nDate: 2150-03-04 10:22\n"
        "FINDINGS: Small left pleural effusion.\n\nIMPRESSION: Effusion.\n"
    )  # footer (drawn first, page numbers differing) gone; the header kept once
    assert r.date == datetime(2150, 3, 4, 10, 22) and r.exam == "CT Chest W contrast IV"


def test_pdf_single_page_keeps_its_footer(tmp_path):
    data = ff.pdf_bytes([["FINDINGS: fine."]], footer="Confidential")
    text = read_file(_write(tmp_path, "one.pdf", data), "one.pdf").reports[0].text
    assert text == "FINDINGS: fine.\nConfidential  Page 1 of 1\n"  # nothing to compare with


def test_pdf_bad_inputs_named(tmp_path):
    from fpdf import FPDF

    scan = FPDF()
    scan.add_page()
    scan.rect(10, 10, 50, 50, style="F")  # a drawing, no text: what a scan looks like
    assert _skip_reason(_write(tmp_path, "scan.pdf", bytes(scan.output()))) == pdf.NO_TEXT
    locked = FPDF()
    locked.set_encryption(owner_password="o", user_password="secret")
    locked.add_page()
    locked.set_font("Helvetica", size=11)
    locked.cell(0, 5, "secret text")
    assert _skip_reason(_write(tmp_path, "locked.pdf", bytes(locked.output()))) == (
        "encrypted PDF: needs a password"
    )
    good = ff.pdf_bytes([["FINDINGS: fine."]])
    assert _skip_reason(_write(tmp_path, "cut.pdf", good[:60])).startswith(
        ("corrupt PDF", "no text layer")
    )
    assert _skip_reason(_write(tmp_path, "fake.pdf", b"hello")) == "not a PDF (no %PDF header)"


def test_pdf_owner_password_only_is_read(tmp_path):
    from fpdf import FPDF

    doc = FPDF()
    doc.set_encryption(owner_password="owner")  # opens without a password
    doc.add_page()
    doc.set_font("Helvetica", size=11)
    doc.cell(0, 5, "FINDINGS: readable.")
    got = read_file(_write(tmp_path, "o.pdf", bytes(doc.output())), "o.pdf")
    assert got.reports[0].text == "FINDINGS: readable.\n"


# -- Word and RTF ----------------------------------------------------------------------------
def test_docx_paragraphs_tables_no_page_header(tmp_path):
    data = ff.docx_bytes(
        ["Date: 2150-03-08", "Exam: MR Brain", "", "FINDINGS: No infarct."],
        [["Sequence", "Result"], ["DWI", "normal"]],
    )
    (r,) = read_file(_write(tmp_path, "l.docx", data), "l.docx").reports
    assert r.text == (
        "Date: 2150-03-08\nExam: MR Brain\n\nFINDINGS: No infarct.\nSequence\tResult\nDWI\tnormal\n"
    )
    assert "LETTERHEAD" not in r.text and r.modality == "MR"
    assert r.date == datetime(2150, 3, 8)


def test_rtf_letter_codepage_and_braces(tmp_path):
    data = ff.rtf_bytes(["Dear colleague,", "Exam: US Abdomen", "Café {ok} liver."])
    (r,) = read_file(_write(tmp_path, "l.rtf", data), "l.rtf").reports
    assert r.text == "Dear colleague,\nExam: US Abdomen\nCafé {ok} liver.\n"
    assert r.exam == "US Abdomen"  # a Key: value line below the salutation


def test_office_bad_inputs_named(tmp_path):
    assert "not a ZIP package" in _skip_reason(_write(tmp_path, "old.docx", b"\xd0\xcf\x11\xe0"))
    assert _skip_reason(_write(tmp_path, "z.docx", b"PK\x03\x04broken")).startswith("corrupt .docx")
    assert _skip_reason(_write(tmp_path, "n.rtf", "plain words")) == (
        "not an RTF file (no {\\rtf header)"
    )
    assert _skip_reason(_write(tmp_path, "e.rtf", "{\\rtf1\\ansi }")) == "no text in the document"
    assert office.rtf_text(b"{\\rtf1\\ansi\\ansicpg99999 x}") == "x"  # unknown code page


# -- DICOM -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "sop",
    [
        "1.2.840.10008.5.1.4.1.1.88.11",
        "1.2.840.10008.5.1.4.1.1.88.22",
        "1.2.840.10008.5.1.4.1.1.88.33",
    ],
)
def test_dicom_sr_text_in_tree_order(tmp_path, sop):
    p = ff.dicom_sr(
        tmp_path / "sr.dcm",
        {"Findings": ["Small effusion.", "Line tip in SVC."], "Impression": ["Effusion."]},
        sop_class=sop,
        pid="p3",
    )
    (r,) = read_file(p, "sr.dcm").reports
    assert r.text == "FINDINGS:\nSmall effusion.\nLine tip in SVC.\nIMPRESSION:\nEffusion.\n"
    assert (r.date, r.exam, r.modality, r.patient) == (
        datetime(2150, 3, 4, 10, 22),
        "CT Chest W contrast IV",
        "CT",
        "p3",
    )
    assert [s.name for s in r.sections][:1] == ["FINDINGS"]


def test_dicom_public_example_sr():
    from pydicom.data import get_testdata_file

    path = Path(get_testdata_file("test-SR.dcm"))
    r = dicom_sr.read(path, "test-SR.dcm").reports[0]
    assert "A mass of" in r.text and "was detected." in r.text
    assert r.text.index("A mass of") < r.text.index("was detected.")


def test_dicom_encapsulated_pdf_and_not_reports(tmp_path):
    p = ff.dicom_pdf(tmp_path / "doc.dcm", ff.pdf_bytes([["FINDINGS: embedded."]]))
    assert read_file(p, "doc.dcm").reports[0].text == "FINDINGS: embedded.\n"
    img = ff.dicom_image(tmp_path / "IM0001")  # no suffix: sniffed by its DICM header
    assert kind_of_file(img) == "dicom_sr"
    assert _skip_reason(img) == "DICOM CT object (CT Image Storage): no report in it"
    junk = _write(tmp_path, "j.dcm", b"\x00" * 128 + b"DICM" + b"\xff" * 40)
    assert _skip_reason(junk).startswith("corrupt DICOM file")
    assert _skip_reason(_write(tmp_path, "t.dcm", b"text")) == "not a DICOM file (no DICM header)"


def test_dicom_pdf_data_inside_fhir_is_base64(tmp_path):
    raw = ff.pdf_bytes([["FINDINGS: via FHIR."]])
    r = ff.fhir_report()
    r["presentedForm"] = [
        {"contentType": "application/pdf", "data": base64.b64encode(raw).decode()}
    ]
    got = read_file(_write(tmp_path, "p.json", r), "p.json")
    assert got.reports[0].text == "FINDINGS: via FHIR.\n"


def test_a_fifo_is_never_opened_to_sniff_its_type(tmp_path) -> None:
    """Opening a FIFO to read its first bytes blocks until a writer comes: the content
    sniffers (DICOM without a suffix, FHIR JSON) look at regular files only."""
    import os

    from radtrack_gui.formats.ingest import kind_of_file

    for name in ("pipe", "bundle.json", "1.2.840"):
        os.mkfifo(tmp_path / name)
        assert kind_of_file(tmp_path / name) is None  # returns at once instead of blocking
    (tmp_path / "real.json").write_text('{"resourceType": "Bundle"}', encoding="utf-8")
    assert kind_of_file(tmp_path / "real.json") == "fhir"


def test_docx_zip_bomb_named_not_unpacked(tmp_path, monkeypatch):
    monkeypatch.setattr(office, "MAX_XML_BYTES", 1000)  # the limit, made small
    data = ff.docx_bytes(["FINDINGS: " + "long text " * 200])
    assert _skip_reason(_write(tmp_path, "big.docx", data)).startswith(
        "too large: its text part unpacks to"
    )


def test_radtrack_json_quoting_fhir_stays_radtrack_json(tmp_path):
    from radtrack_gui.core.model import Patient
    from radtrack_gui.formats.json_io import write_json
    from radtrack_gui.formats.textreport import report_from_text

    report, _ = report_from_text("r1.txt", 'FINDINGS: pasted {"resourceType": "X"} text.\n')
    path = tmp_path / "p.json"
    write_json(Patient(id="p", reports=[report]), path)
    assert kind_of_file(path) is None  # read by the RadTrack JSON reader, not as FHIR
    fhir_path = _write(tmp_path, "f.json", ff.fhir_report())
    assert kind_of_file(fhir_path) == "fhir"


def test_reports_and_documents_are_read_by_one_reading_the_report_also_refusing_binary(
    tmp_path: Path,
) -> None:
    """textreport.nonempty_bytes is the one home: an empty file, a folder and a too-large
    file get the same reason from both readers; only the report reader refuses binary."""
    from radtrack_gui.formats.ingest import file_bytes
    from radtrack_gui.formats.textreport import read_bytes

    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"  \n")
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 100)
    for path, limit in ((empty, 1000), (tmp_path, 1000), (big, 10)):
        reasons = []
        for read in (read_bytes, file_bytes):
            with pytest.raises(SkipFile) as exc:
                read(path, limit)
            reasons.append(exc.value.reason)
        assert reasons[0] == reasons[1]
    binary = tmp_path / "scan.bin"
    binary.write_bytes(b"%PDF\x00\x01\x02 body")
    assert file_bytes(binary) == binary.read_bytes()
    with pytest.raises(SkipFile, match="binary"):
        read_bytes(binary)
