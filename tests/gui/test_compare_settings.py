"""Compare view (scores and differences against gold) and the settings dialog."""

from __future__ import annotations

import copy

import pytest
from lanes_fixtures import make_patient

pytestmark = pytest.mark.gui


def test_chain_differences_find_split_and_merge():
    from radtrack_gui.evaluation.compare import chain_differences

    gold = make_patient(12, 6, 30, undated=0)
    response = copy.deepcopy(gold)
    assert chain_differences(gold, response) == []
    long_chains = [
        c.id for c in response.chains.values() if len(c.mentions) >= 3 and c.type == "finding"
    ]
    a, b = long_chains[:2]
    # Split gold chain a: move its last mention into gold chain b's chain (also a merge).
    clusters = [list(c.mentions) for c in response.chains.values()]
    moved = response.chains[a].mentions[-1]
    for cl in clusters:
        if moved in cl:
            cl.remove(moved)
    next(cl for cl in clusters if response.chains[b].mentions[0] in cl).append(moved)
    response.set_chains(clusters)
    kinds = [d.kind for d in chain_differences(gold, response)]
    assert kinds.count("split") == 1
    assert kinds.count("merged") == 1


def test_compare_view_scores_and_click(qtbot):
    from radtrack_gui.gui.dialogs.compare import CompareView

    gold = make_patient(10, 6, 25, undated=0)
    response = copy.deepcopy(gold)
    view = CompareView(response, gold)
    qtbot.addWidget(view)
    assert view.conll_f1 == pytest.approx(1.0)
    assert view.table.rowCount() == 8  # six metrics and two mention rows
    assert "agree" in view.diff_list.item(0).text()

    clusters = [
        [mid for c in response.chains.values() for mid in c.mentions if c.type == "finding"]
    ]  # every finding in one chain: many merges
    response.set_chains(clusters)
    view.recompute()
    assert view.conll_f1 < 1.0
    item = view.diff_list.item(0)
    assert item.text().startswith(("Split", "Merged"))
    with qtbot.waitSignal(view.mentionClicked, timeout=20000) as blocker:
        view.diff_list.itemClicked.emit(item)
    assert blocker.args[0] in response.mentions


def test_settings_dialog_edits_settings(qtbot):
    from radtrack_gui.gui.dialogs.settings import SettingsDialog
    from radtrack_gui.nlp.registry import LINKERS
    from radtrack_gui.settings import Settings

    s = Settings()
    dlg = SettingsDialog(s)
    qtbot.addWidget(dlg)
    assert dlg.linker.count() == len(LINKERS)
    assert dlg.linker.currentData() == s.linker
    dlg.linker.setCurrentIndex(dlg.linker.findData("exact"))
    dlg.palette_box.setCurrentIndex(dlg.palette_box.findData("tol-muted"))
    dlg.font_size.setValue(12)
    dlg.x_mode.setCurrentIndex(dlg.x_mode.findData("report order"))
    dlg.threshold.setValue(0.7)
    dlg.accept()
    assert (s.linker, s.palette, s.font_size, s.x_mode, s.link_threshold) == (
        "exact",
        "tol-muted",
        12,
        "report order",
        0.7,
    )
    from radtrack_gui.settings import from_dict

    assert from_dict({"palette": s.palette, "x_mode": s.x_mode}).palette == "tol-muted"


def test_timeline_applies_settings(qtbot):
    from radtrack_gui.gui import style as S
    from radtrack_gui.gui.timeline import TimelineWidget
    from radtrack_gui.session import DisplayOptions
    from radtrack_gui.settings import Settings
    from radtrack_gui.views.options import XMode

    w = TimelineWidget()
    qtbot.addWidget(w)
    w.set_patient(make_patient(8, 5, 20, undated=0))
    settings = Settings(
        palette="viridis",
        x_mode="report order",
        lane_grouping="organ system",
        show_singletons=False,
    )
    w.show_options(DisplayOptions.from_settings(settings, XMode.from_setting(settings.x_mode)))
    assert w.x_mode == "order"
    assert w.filters.group_by == "system" and not w.filters.singletons
    assert w.colors["CT"] == S.PALETTES["viridis"]["CT"]
    assert w.glyph_count() > 0


def test_2_reason_for_exam_setting_reaches_the_extractor(qtbot, tmp_path, monkeypatch):
    """Settings ▸ "Show reason-for-exam mentions" is saved and becomes the extractor's
    ``questions`` option on the next model run (off: the extractor's default, no option)."""
    from radtrack_gui import project
    from radtrack_gui.gui.dialogs.settings import SettingsDialog
    from radtrack_gui.nlp import registry
    from radtrack_gui.settings import Settings, from_dict

    s = Settings()
    assert s.show_questions is False and s.extractor_options() == {}
    dlg = SettingsDialog(s)
    qtbot.addWidget(dlg)
    assert not dlg.questions.isChecked()
    dlg.questions.setChecked(True)
    dlg.accept()
    assert s.show_questions and s.extractor_options() == {"questions": True}
    assert from_dict({"show_questions": True}).show_questions
    # The options travel settings -> RunSpec -> project -> pipeline -> registry (recorded at
    # the registry, the boundary to the extractor another helper owns).
    seen: list[dict] = []
    real = registry.get_extractor

    def recording(name: str, **options):  # type: ignore[no-untyped-def]
        seen.append(dict(options))
        return real(name)

    monkeypatch.setattr(registry, "get_extractor", recording)
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "r1.txt").write_text(
        "Date: 2150-01-02\nExam: CT HEAD\n\nINDICATION: Evaluate "
        "for fracture.\n\nFINDINGS: No acute fracture.\n",
        encoding="utf-8",
    )
    loaded = project.open_project(folder, spec=s.run_spec())
    loaded.store.close()
    assert seen == [{"questions": True}]


def test_wider_span_is_found_with_a_different_span_not_missing():
    """Issue #20 item 3: a gold mention the response found with a wider (or narrower)
    overlapping span is listed as found with a different span, naming the response's
    mention to select; a mention with no overlap at all is still missing."""
    from radtrack_gui.evaluation.compare import chain_differences

    gold = make_patient(8, 5, 20, undated=0)
    response = copy.deepcopy(gold)
    ms = sorted(response.mentions.values(), key=lambda m: (m.report, m.start))
    wider, gone = ms[0], ms[5]
    wider.start = max(0, wider.start - 4)  # wider on the left: overlaps the gold span
    del response.mentions[gone.id]
    for c in response.chains.values():
        if gone.id in c.mentions:
            c.mentions.remove(gone.id)
    diffs = chain_differences(gold, response)
    span = [d for d in diffs if d.kind == "span"]
    assert len(span) == 1 and span[0].response_mentions == [wider.id]
    assert span[0].gold_mentions == [wider.id] and "found as" in span[0].text
    missing = [d for d in diffs if d.kind == "missing"]
    assert len(missing) == 1 and missing[0].gold_mentions == [gone.id]
    assert not [d for d in diffs if d.kind == "extra"]  # the wider one is not also "extra"
