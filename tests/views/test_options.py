"""Display options: one translation between the settings' words and the layout's names."""

from __future__ import annotations

import pytest

from radtrack_gui import settings
from radtrack_gui.views import lanes
from radtrack_gui.views.options import Grouping, XMode


def test_settings_words_and_layout_names_translate_both_ways():
    assert XMode.from_setting("report order") is XMode.ORDER
    assert XMode.from_setting("order") is XMode.ORDER  # the layout's own name is accepted
    assert [m.setting for m in XMode] == list(settings.X_MODES) == ["date", "report order"]
    assert Grouping.from_setting("organ system") is Grouping.SYSTEM
    assert [g.setting for g in Grouping] == list(settings.GROUPINGS)
    assert list(lanes.X_MODES) == ["date", "order"]
    assert list(lanes.GROUP_BY) == ["type", "region", "system"]
    with pytest.raises(ValueError, match="report order"):
        XMode.from_setting("sideways")


def test_the_default_setting_lays_out():
    s = settings.Settings()
    assert XMode.from_setting(s.x_mode) is XMode.ORDER
    assert Grouping.from_setting(s.lane_grouping) is Grouping.TYPE
    assert lanes.Filters(group_by=Grouping.from_setting("organ system")).group_by == "system"
