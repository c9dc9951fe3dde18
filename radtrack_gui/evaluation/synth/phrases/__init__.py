"""Wording for the synthetic benchmark, one module per topic: statements about structures
(normal and routine negative, ``statements``), sentence templates for findings
(``findings``), devices (``devices``) and the impression (``impression``), and text without
mentions (``framing``: indication, technique, filler). Slots are described in
``templates``."""

from __future__ import annotations

from radtrack_gui.evaluation.synth.phrases.devices import (
    DEVICE_BAD,
    DEVICE_IN_PLACE,
    DEVICE_MOVED,
    DEVICE_REMOVED,
    NEW_DEVICE,
    NEW_DEVICE_NOTIP,
    PRESENT_DEVICE,
    STATIC_DEVICE,
    TIP_WORDS,
)
from radtrack_gui.evaluation.synth.phrases.findings import (
    CHANGE_WORDS,
    CHANGED_FINDING,
    HEDGED_FINDING,
    INCIDENTAL,
    NEW_FINDING,
    NEW_FINDING_FIRST,
    PAIRED_FINDING,
    RESOLVED_FINDING,
    STABLE_CHRONIC,
)
from radtrack_gui.evaluation.synth.phrases.framing import (
    ADDENDA,
    COMPARISONS,
    COMPARISONS_FIRST,
    DETAILS,
    FILLER,
    INDICATIONS,
    PREAMBLES,
    PROCEDURES,
    QUESTIONS,
    REASONS,
    RECOMMENDATIONS,
    TECHNIQUE,
)
from radtrack_gui.evaluation.synth.phrases.impression import (
    IMPRESSION_CHANGED,
    IMPRESSION_DEVICE,
    IMPRESSION_NEW,
    IMPRESSION_NO_ACUTE,
    IMPRESSION_RESOLVED,
)
from radtrack_gui.evaluation.synth.phrases.statements import (
    NEGATIVE_TERMS,
    NEGATIVES,
    NORMALS,
)

__all__ = [
    "ADDENDA",
    "CHANGED_FINDING",
    "CHANGE_WORDS",
    "COMPARISONS",
    "COMPARISONS_FIRST",
    "DETAILS",
    "DEVICE_BAD",
    "DEVICE_IN_PLACE",
    "DEVICE_MOVED",
    "DEVICE_REMOVED",
    "FILLER",
    "HEDGED_FINDING",
    "IMPRESSION_CHANGED",
    "IMPRESSION_DEVICE",
    "IMPRESSION_NEW",
    "IMPRESSION_NO_ACUTE",
    "IMPRESSION_RESOLVED",
    "INCIDENTAL",
    "INDICATIONS",
    "NEGATIVES",
    "NEGATIVE_TERMS",
    "NEW_DEVICE",
    "NEW_DEVICE_NOTIP",
    "NEW_FINDING",
    "NEW_FINDING_FIRST",
    "NORMALS",
    "PAIRED_FINDING",
    "PREAMBLES",
    "PRESENT_DEVICE",
    "PROCEDURES",
    "QUESTIONS",
    "REASONS",
    "RECOMMENDATIONS",
    "RESOLVED_FINDING",
    "STABLE_CHRONIC",
    "STATIC_DEVICE",
    "TECHNIQUE",
    "TIP_WORDS",
]
