"""Tables for the synthetic benchmark (``generator``): exams (``exams``), kinds of findings
and devices with their name variants and places (``base`` for the types, one module per
region plus ``devices``), and which exams show which kinds (``kinds``). ``phrases`` holds
the sentence templates.

Written for the generator alone: it deliberately does not read resources/vocab, so the
benchmark's wording is not a copy of the rule extractor's vocabulary. Kept as typed Python
(not data files) so mypy checks every entry and the generator's draws stay in this order.

Template slots: ``{T}`` and ``{T2}`` are mention spans (the generator records their
offsets); ``{adj}`` is the place as an adjective ("left", "right lower lobe"), ``{noun}``
the place as a noun phrase, ``{at}`` a prepositional phrase for the place, ``{size}`` a size
word, ``{chg}``/``{chgn}``/``{chgv}`` change words, ``{pos}`` a device position.
"""

from __future__ import annotations

from radtrack_gui.evaluation.synth.templates.base import BRAIN_LOBES, LOBES, Kind, Place
from radtrack_gui.evaluation.synth.templates.exams import EXAMS, PROFILES, Exam
from radtrack_gui.evaluation.synth.templates.kinds import (
    DEVICE_VIA,
    KINDS,
    KINDS_BY_KEY,
    NEGATIVE_BLOCKED_BY,
    NORMAL_CONFLICTS,
    SEEN_BY,
)

__all__ = [
    "BRAIN_LOBES",
    "DEVICE_VIA",
    "EXAMS",
    "KINDS",
    "KINDS_BY_KEY",
    "LOBES",
    "NEGATIVE_BLOCKED_BY",
    "NORMAL_CONFLICTS",
    "PROFILES",
    "SEEN_BY",
    "Exam",
    "Kind",
    "Place",
]
