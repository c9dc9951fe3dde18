"""Qt-free wording of the problems met while reading a patient: every skipped or repaired
file named, files with the same reason grouped, so a message never names only some."""

from __future__ import annotations

from collections.abc import Sequence

from radtrack_gui.core.model import Problem


def problems_summary(problems: Sequence[Problem]) -> str:
    """ "6 files skipped: notes.ann (no matching .txt file); a.txt, b.txt (binary file, not
    text)". Repaired files follow as "repaired: …". "" when there are none."""
    if not problems:
        return ""
    parts: list[str] = []
    for skipped, verb in ((True, "skipped"), (False, "repaired")):
        by_reason: dict[str, list[str]] = {}
        for p in problems:
            if p.skipped == skipped:
                by_reason.setdefault(p.reason, []).append(p.file)
        if not by_reason:
            continue
        n = len({f for files in by_reason.values() for f in files})
        groups = "; ".join(
            f"{', '.join(dict.fromkeys(files))} ({reason})" for reason, files in by_reason.items()
        )
        parts.append(f"{n} file{'s' if n != 1 else ''} {verb}: {groups}")
    return ". ".join(parts)


def problems_table_html(problems: Sequence[Problem]) -> str:
    """Every file skipped or repaired as an HTML table: file, what was done, reason (one
    row per file and reason, text escaped); "" when there are none."""
    import html

    rows = [
        "<tr><td>{}</td><td>{}</td><td>{}</td></tr>".format(
            html.escape(file), "skipped" if skipped else "repaired", html.escape(reason)
        )
        for file, skipped, reason in dict.fromkeys((p.file, p.skipped, p.reason) for p in problems)
    ]
    if not rows:
        return ""
    return (
        "<table cellspacing='0' cellpadding='3'><tr><th align='left'>File</th>"
        "<th align='left'></th><th align='left'>Reason</th></tr>" + "".join(rows) + "</table>"
    )
