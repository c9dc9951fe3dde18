"""Training RadTrack's trainable models on gold or corrected patients (Qt-free; torch and
transformers are imported only inside the functions that train).

All the training lives here, shared by ``radtrack train``, ``radtrack eval`` (cross-validation)
and the GUI's Tools ▸ Train dialogs: ``data`` decides what counts as training data,
``linker`` trains the pairwise linker and the pair model (``pairmodel``) and fits either in
memory for cross-validation, ``extractor`` the neural extractor (``examples`` turns patients
into its tagged sentences), ``reader`` the extractive question-answering reader;
``finetune`` is the one fine-tuning loop they share."""

from radtrack_gui.training.data import (
    collect,
    has_project,
    read_folder,
    read_project,
    read_source,
    read_store,
)
from radtrack_gui.training.extractor import TrainedExtractor, extractor_summary, train_extractor
from radtrack_gui.training.linker import TrainedLinker, fit_linker, linked_pairs, train_linker

__all__ = [
    "TrainedExtractor",
    "TrainedLinker",
    "collect",
    "extractor_summary",
    "fit_linker",
    "has_project",
    "linked_pairs",
    "read_folder",
    "read_project",
    "read_source",
    "read_store",
    "train_extractor",
    "train_linker",
]
