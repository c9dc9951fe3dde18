"""Qt-free domain model and edit operations."""

from radtrack_gui.core.model import (
    DEVICE,
    FINDING,
    Chain,
    Mention,
    Patient,
    Problem,
    Report,
    Section,
)

__all__ = ["DEVICE", "FINDING", "Chain", "Mention", "Patient", "Problem", "Report", "Section"]
