"""Lane labels in a small window (issue #20 item 9, seen at 1280x800 in round 4): the label
column was about 186 px and cut "liver lesion · segment 8 (17)" and "· segment 6 (14)"
alike ("liver lesion · segmen… (17)"), so a user could not tell the lanes apart. The
column now grows with the window, and a label made unique by a place or a date gives up
the middle of its name before that part."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.views.labels import COUNT_SUFFIX

pytestmark = pytest.mark.gui

SAMPLES = Path(__file__).resolve().parents[2] / "radtrack_gui" / "resources" / "samples"


def _shown(window) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(full label, label as the axis draws it) for every row."""
    axis = window.timeline.lane_axis
    rows = [float(i) for i in range(len(axis.labels))]
    return list(zip(axis.labels, axis.tickStrings(rows, 1.0, 1.0), strict=True))


def test_twin_labels_keep_what_tells_them_apart() -> None:
    from radtrack_gui.gui.qt import QFont, QtGui
    from radtrack_gui.gui.timeline.axes import elide_label

    fm = QtGui.QFontMetrics(QFont())
    twins = ["endotracheal tube · 2 Mar 2150  (11)", "endotracheal tube · 16 May 2150  (3)"]
    width = fm.horizontalAdvance(twins[1]) - 25
    cut = [elide_label(t, fm, width) for t in twins]
    for full, short in zip(twins, cut, strict=True):
        assert fm.horizontalAdvance(short) <= width, short
        name, _, rest = short.partition(" · ")
        assert "…" in name and name.startswith("endo") and name.endswith("tube"), short
        assert rest == full.partition(" · ")[2], short  # the date and the count whole
    # Much narrower: the name keeps a few letters, the date is cut at its end, the count stays.
    tight = elide_label(twins[1], fm, 120)
    assert fm.horizontalAdvance(tight) <= 120 and tight.endswith("  (3)"), tight
    assert tight.startswith("en") and " · 1" in tight, tight
    # Counter-example: a label with nothing after " · " is cut at its end, as before.
    plain = "intraparenchymal hemorrhage  (3)"
    short = elide_label(plain, fm, fm.horizontalAdvance(plain) - 30)
    assert short.startswith("intraparenchymal") and short.endswith("…  (3)"), short
    assert elide_label("mass", fm, 200) == "mass"


@pytest.mark.parametrize("folder", ["oncology_patient", "demo_patient"])
def test_lanes_of_one_name_read_apart_in_a_1280_window(
    qtbot, window, open_and_wait, folder: str
) -> None:
    """The first window on a 1280x800 screen, a real draw of each demo patient: same-named
    lanes read differently as drawn (the count aside); on the oncology demo every label is
    whole; every drawn label fits the column."""
    from radtrack_gui.gui.main_window import dock_widths, first_size
    from radtrack_gui.gui.qt import QSize, Qt

    window.resize(*first_size(QSize(1280, 800)))
    window.resizeDocks(
        [window.chain_dock, window.report_dock],
        dock_widths(window.width()),
        Qt.Orientation.Horizontal,
    )
    qtbot.wait(50)
    open_and_wait(window, SAMPLES / folder)
    qtbot.wait(50)
    axis = window.timeline.lane_axis
    shown = _shown(window)
    lanes = [(f, s) for f, s in shown if " · " in f]
    assert len(lanes) >= 4, shown  # both demos have same-named lanes
    drawn = [COUNT_SUFFIX.sub("", s) for _, s in lanes]
    assert len(set(drawn)) == len(drawn), drawn
    for _, s in shown:
        assert axis._metrics.horizontalAdvance(s) <= axis.width() - 14, s
    if folder == "oncology_patient":
        assert [f for f, s in shown if f != s] == [], shown


def test_the_chain_list_tells_same_named_chains_apart_as_the_lanes_do(
    qtbot, window, open_and_wait
) -> None:
    """At the screen the chain list read "liver lesion" three times beside lanes named
    "liver lesion · segment 8 / 6 / 2": its rows now carry the lanes' names, and follow
    an edit that changes them (a merge leaves fewer twins); a pertinent negative of that
    name keeps its plain label (the timeline hides it)."""
    from radtrack_gui.core.edits import MergeChains
    from radtrack_gui.gui.qt import QRect, QtWidgets

    open_and_wait(window, SAMPLES / "demo_patient")  # another patient's ids before
    open_and_wait(window, SAMPLES / "oncology_patient")
    p = window.patient
    lanes = {ln.chain: COUNT_SUFFIX.sub("", t) for ln, t in _lanes(window)}
    rows = {cid: item.text(0) for cid, item in window.chain_list._items.items()}
    lesions = [c for c in p.chains.values() if c.label == "liver lesion"]
    shown = [c.id for c in lesions if c.id in lanes]
    hidden = [c.id for c in lesions if c.id not in lanes]
    assert len(shown) >= 3 and hidden, (shown, hidden)
    assert len({rows[c] for c in shown}) == len(shown), rows
    assert all(rows[c] == lanes[c] for c in shown), [(rows[c], lanes[c]) for c in shown]
    assert all(rows[c] == "liver lesion" for c in hidden)  # counter-example
    # Cut for room (a narrow list), a twin's row keeps its place, as its lane does; a
    # plain name is cut at its end.
    tree = window.chain_list.tree
    for cid, keeps in ((shown[0], rows[shown[0]].split(" · ")[1]), (hidden[0], None)):
        index = tree.indexFromItem(window.chain_list._items[cid], 0)
        option = QtWidgets.QStyleOptionViewItem()
        # as wide as the name: with the check box beside it, the text has less room
        width = tree.fontMetrics().horizontalAdvance(rows[cid]) + 8
        option.rect = QRect(0, 0, width, 20)
        option.widget = tree
        tree.itemDelegateForIndex(index).initStyleOption(option, index)
        assert "…" in option.text and option.text.startswith("l"), option.text
        if keeps:
            assert option.text.endswith(f" · {keeps}"), option.text
        else:
            assert option.text.endswith("…"), option.text
    # Merge all but one: the one left is "liver lesion" again, in the list too.
    window.session.push(MergeChains(shown))
    qtbot.wait(50)
    assert window.chain_list._items[shown[0]].text(0) == "liver lesion"
    window.session.undo()
    qtbot.wait(50)
    assert window.chain_list._items[shown[1]].text(0) == rows[shown[1]]


def _lanes(window):  # type: ignore[no-untyped-def]
    """(lane, its full label) for every lane row of the timeline."""
    tl = window.timeline
    by_chain = {ln.chain: ln for ln in tl.layout_.lanes}
    out = []
    for (kind, key), text in zip(tl.layout_.row_kind, tl.lane_axis.labels, strict=True):
        if kind == "lane":
            out.append((by_chain[key], text))
    return out
