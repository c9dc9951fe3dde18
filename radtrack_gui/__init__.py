"""RadTrack: one patient's radiology reports over time."""

__version__ = "0.1.0"
