"""Edits of a patient's chains and mentions as command objects with do/undo (Qt-free)."""

from radtrack_gui.core.edits.commands import (
    AddMention,
    AdjustSpan,
    ChangeMentionType,
    Changes,
    Command,
    Compound,
    DeleteMention,
    MarkReviewed,
    MergeChains,
    MoveMention,
    MoveMentions,
    RenameChain,
    SetChainType,
    SetMentionAttributes,
    SplitChain,
    next_id,
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
