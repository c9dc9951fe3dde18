"""Display options of the timeline, named once: the layout's names (``XMode``, ``Grouping``
values, which ``views.lanes`` takes) and the words the settings file stores for them.

The one translation between the two: ``XMode.from_setting("report order") is XMode.ORDER``
and ``XMode.ORDER.setting == "report order"``.
"""

from __future__ import annotations

from enum import StrEnum


class XMode(StrEnum):
    """What the timeline's x axis shows."""

    DATE = "date"  # exam date-time
    ORDER = "order"  # dated reports one column apart, in date order

    @property
    def setting(self) -> str:
        return _X_SETTING[self]

    @classmethod
    def from_setting(cls, value: str) -> XMode:
        """The mode a settings value names (ValueError when it names none)."""
        for mode, word in _X_SETTING.items():
            if value in (word, mode.value):
                return mode
        raise ValueError(f"x mode must be one of {', '.join(_X_SETTING.values())}, not {value!r}")


class Grouping(StrEnum):
    """How the timeline groups lanes."""

    TYPE = "type"  # findings, devices
    REGION = "region"  # body region
    SYSTEM = "system"  # organ system

    @property
    def setting(self) -> str:
        return _GROUP_SETTING[self]

    @classmethod
    def from_setting(cls, value: str) -> Grouping:
        for group, word in _GROUP_SETTING.items():
            if value in (word, group.value):
                return group
        raise ValueError(
            f"lane grouping must be one of {', '.join(_GROUP_SETTING.values())}, not {value!r}"
        )


_X_SETTING = {XMode.DATE: "date", XMode.ORDER: "report order"}
_GROUP_SETTING = {Grouping.TYPE: "type", Grouping.REGION: "region", Grouping.SYSTEM: "organ system"}
