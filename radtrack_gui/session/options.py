"""How the open patient is shown: the display options the views follow, Qt-free.

They start from the user's settings (``settings.Settings``) and change with the View menu
and the timeline's own controls; the timeline draws what they say."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from radtrack_gui.views.options import Grouping, XMode


@dataclass
class DisplayOptions:
    """What the timeline shows and how."""

    x_mode: str = "date"  # "date" (exam date) or "order" (report order)
    negatives: bool = False  # lanes of pertinent negatives
    singletons: bool = True  # chains of one mention
    min_length: int = 1
    group_by: str = "type"
    palette: str | None = None
    font_pt: float | None = None

    def __post_init__(self) -> None:
        self.x_mode = str(XMode(self.x_mode))  # ValueError for a mode that is none

    @classmethod
    def from_settings(cls, settings: Any, x_mode: str = "date") -> DisplayOptions:
        """The options a ``settings.Settings`` asks for."""
        group = str(Grouping.from_setting(settings.lane_grouping))
        return cls(
            x_mode=x_mode,
            negatives=bool(settings.show_negatives),
            singletons=bool(settings.show_singletons),
            min_length=int(settings.min_chain_length),
            group_by=group,
            palette=settings.palette,
            font_pt=settings.font_size,
        )

    def filters(self) -> dict[str, Any]:
        """The keyword arguments of the timeline's ``set_filters``."""
        return {
            "singletons": self.singletons,
            "min_length": self.min_length,
            "group_by": self.group_by,
            "negatives": self.negatives,
        }
