"""Edits of a patient's chains and mentions as command objects with do/undo (Qt-free).

``changes``: the change record and new ids; ``journal``: what undo puts back;
``commands``: the ``Command`` base and the chain edits; ``mentions``: the mention edits.
"""

from radtrack_gui.core.edits.changes import Changes, next_id
from radtrack_gui.core.edits.commands import (
    ChangeMentionType,
    Command,
    Compound,
    MarkReviewed,
    MergeChains,
    MoveMention,
    MoveMentions,
    RenameChain,
    SetChainType,
    SplitChain,
)
from radtrack_gui.core.edits.mentions import (
    AddMention,
    AdjustSpan,
    DeleteMention,
    SetMentionAttributes,
)

__all__ = [
    "AddMention",
    "AdjustSpan",
    "ChangeMentionType",
    "Changes",
    "Command",
    "Compound",
    "DeleteMention",
    "MarkReviewed",
    "MergeChains",
    "MoveMention",
    "MoveMentions",
    "RenameChain",
    "SetChainType",
    "SetMentionAttributes",
    "SplitChain",
    "next_id",
]
