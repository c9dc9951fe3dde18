"""Training RadTrack's trainable models on gold or corrected patients (Qt-free; torch and
transformers are imported only inside the functions that train).

Shared by ``radtrack train`` and the GUI's Tools ▸ Train dialogs: ``data`` decides what
counts as training data, ``extractor`` trains the neural extractor (``examples`` turns
patients into its tagged sentences)."""

from radtrack_gui.training.data import (
    TrainedLinker,
    collect,
    extractor_summary,
    has_project,
    linked_pairs,
    read_folder,
    read_project,
    read_source,
    read_store,
    train_linker,
)
from radtrack_gui.training.extractor import TrainedExtractor, train_extractor

__all__ = ["TrainedExtractor", "TrainedLinker", "collect", "extractor_summary", "has_project",
           "linked_pairs", "read_folder", "read_project", "read_source", "read_store",
           "train_extractor", "train_linker"]
