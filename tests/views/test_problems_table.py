"""The skipped-files list is a table, one row per file (issue #20 item 11: it was one
run-on paragraph)."""

from __future__ import annotations

from radtrack_gui.core.model import Problem
from radtrack_gui.views.problems import problems_table_html


def test_one_row_per_file_and_reason_escaped() -> None:
    problems = [
        Problem("a.txt", "binary file, not text"),
        Problem("b<1>.txt", "binary file, not text"),
        Problem("a.txt", "binary file, not text"),  # the same again: one row
        Problem("store.sqlite", "inconsistent; repaired", skipped=False),
    ]
    html = problems_table_html(problems)
    assert html.startswith("<table") and html.count("<tr>") == 1 + 3
    assert "<td>b&lt;1&gt;.txt</td><td>skipped</td><td>binary file, not text</td>" in html
    assert "<td>store.sqlite</td><td>repaired</td>" in html
    assert problems_table_html([]) == ""
