"""Training of RadTrack's neural models on gold or corrected patients (Qt-free; torch and
transformers are imported only inside the functions that train)."""

from radtrack_gui.nlp.training.extractor import TrainedExtractor, train_extractor

__all__ = ["TrainedExtractor", "train_extractor"]
