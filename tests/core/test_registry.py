"""The one registry kind: entries by name, one default, lazy loading, clear errors; and the
five registries built on it (extractors, linkers, readers, sources, writers)."""

from __future__ import annotations

import sys

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.registry import Entry, Registry


def _entry(name: str, target: str = "json:dumps", **kw: object) -> Entry:
    return Entry("thing", name, target, f"the {name}", **kw)  # type: ignore[arg-type]


def test_entries_keep_registration_order_and_name_one_default() -> None:
    reg = Registry("thing", (_entry("b"), _entry("a", default=True), _entry("c")))
    assert list(reg) == ["b", "a", "c"]
    assert reg.default() == "a"
    assert "a" in reg and "z" not in reg and len(reg) == 3


def test_no_default_second_default_duplicate_and_wrong_kind_are_refused() -> None:
    reg = Registry("thing", (_entry("a"),))
    with pytest.raises(LookupError):
        reg.default()
    reg.register(_entry("d", default=True))
    with pytest.raises(ValueError, match="second default"):
        reg.register(_entry("e", default=True))
    with pytest.raises(ValueError, match="twice"):
        reg.register(_entry("a"))
    with pytest.raises(ValueError, match="registry"):
        reg.register(Entry("other", "x", "json:dumps", "d"))
    with pytest.raises(ValueError, match="registered as"):
        reg["y"] = _entry("x")


def test_unknown_name_is_an_input_error_listing_the_known() -> None:
    reg = Registry("thing", (_entry("a"), _entry("b")))
    with pytest.raises(InputError, match=r"unknown thing 'z' \(known: a, b\)"):
        reg.load("z")


def test_target_is_imported_only_when_loaded() -> None:
    module = "radtrack_gui.formats.html_summary"
    sys.modules.pop(module, None)
    reg = Registry("thing", (_entry("h", f"{module}:write_html_summary"),))
    assert next(iter(reg.values())).description == "the h"
    assert module not in sys.modules  # listing imports nothing
    assert callable(reg.load("h"))
    assert module in sys.modules


def test_build_calls_the_target_with_options() -> None:
    reg = Registry("thing", (_entry("f", "fractions:Fraction"),))
    assert str(reg.build("f", numerator=3, denominator=6)) == "1/2"


def test_an_entry_whose_packages_are_absent_says_so_and_is_not_imported() -> None:
    reg = Registry("thing", (_entry("g", "no_such_module_x:C", requires=("no_such_module_x",)),))
    with pytest.raises(InputError, match="'g' is not available: needs no_such_module_x"):
        reg.load("g")


def test_tagged_filters_by_tag() -> None:
    reg = Registry("thing", (_entry("a", tags=("data",)), _entry("b"), _entry("c", tags=("data",))))
    assert reg.tagged("data") == ("a", "c")
    assert reg.tagged("none") == ()


def test_the_five_registries_share_the_kind_and_each_has_its_defaults() -> None:
    from radtrack_gui.formats.registry import SOURCES, WRITERS
    from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS
    from radtrack_gui.qa.registry import READERS

    for reg, kind in (
        (EXTRACTORS, "extractor"),
        (LINKERS, "linker"),
        (READERS, "reader"),
        (SOURCES, "source"),
        (WRITERS, "writer"),
    ):
        assert isinstance(reg, Registry) and reg.kind == kind
        assert all(e.kind == kind for e in reg.values())
    assert EXTRACTORS.default() == "rules"
    assert LINKERS.default() == "knowledge"
    assert READERS.default() == "chains"
    # every target of the embedded formats resolves to a callable
    for reg in (SOURCES, WRITERS):
        for name in reg:
            assert callable(reg.load(name)), name


def test_writers_feed_the_export_command_and_the_dialog_table() -> None:
    from radtrack_gui.formats.registry import WRITERS
    from radtrack_gui.formats.writers import DATA_FORMATS, FORMATS

    assert DATA_FORMATS == ("json", "csv", "brat", "conll", "fhir")
    assert (*DATA_FORMATS, "html") == FORMATS
    assert all(WRITERS[name].title and WRITERS[name].suffix for name in FORMATS)


def test_messages_use_the_registry_noun() -> None:
    from radtrack_gui.formats.writers import write_patient

    with pytest.raises(InputError, match=r"unknown format 'xml' \(known: json, csv"):
        write_patient(None, "xml", "out.xml")  # type: ignore[arg-type]
