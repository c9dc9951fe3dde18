"""The docs in the repository stay true: links resolve, the CLI reference is the parser's
``--help``, and the formats contract is the team's (``../shared/FORMATS.md``) word for word."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_docs_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_link_in_readme_and_docs_resolves() -> None:
    links = _script("check_links")
    problems = [p for page in links.pages() for p in links.broken_links(page)]
    assert problems == []


def test_a_broken_link_a_missing_heading_and_a_way_out_are_reported(tmp_path, monkeypatch) -> None:
    links = _script("check_links")
    monkeypatch.setattr(links, "ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "there.md").write_text("# Here it is\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "[ok](docs/there.md#here-it-is) [web](https://example.org) `[code](nowhere.md)`\n"
        "[gone](docs/absent.md)\n"
        "[anchor](docs/there.md#not-there)\n"
        "[out](../elsewhere/x.md)\n"
        "```\n[fenced](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    problems = links.broken_links(page)
    assert [p.split(": ", 1)[0] for p in problems] == ["README.md:2", "README.md:3", "README.md:4"]
    assert "no such file" in problems[0] and "no heading" in problems[1]
    assert "outside the repository" in problems[2]


def test_headings_give_github_anchors() -> None:
    links = _script("check_links")
    assert links.slug("Set-up: two commands") == "set-up-two-commands"
    assert links.slug("The `radtrack` command") == "the-radtrack-command"


def test_cli_reference_matches_help() -> None:
    cli_reference = _script("cli_reference")
    assert cli_reference.TARGET.read_text(encoding="utf-8") == cli_reference.render(), (
        "docs/cli.md is stale: run python scripts/cli_reference.py"
    )


def test_a_stale_cli_reference_fails_the_check(tmp_path, monkeypatch, capsys) -> None:
    cli_reference = _script("cli_reference")
    stale = tmp_path / "cli.md"
    stale.write_text(cli_reference.render().replace("--json", "--jason", 1), encoding="utf-8")
    monkeypatch.setattr(cli_reference, "TARGET", stale)
    assert cli_reference.main(["--check"]) == 1
    assert "--jason" in capsys.readouterr().err
    cli_reference.main([])  # rewriting it makes the check pass
    assert cli_reference.main(["--check"]) == 0


def test_formats_contract_is_the_shared_one_word_for_word() -> None:
    from conftest import shared_path

    shared = shared_path("FORMATS.md").read_text(encoding="utf-8")
    assert (ROOT / "docs" / "formats.md").read_text(encoding="utf-8") == shared, (
        "docs/formats.md differs from ../shared/FORMATS.md: copy the contract over"
    )
