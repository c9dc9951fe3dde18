"""MR sequence names that look like vertebra levels (GUIDELINE 11): "T2" / "T1" beside a
signal or weighting word ("T2 hyperintense", "T2-weighted", "T2* hypointense", "on T1",
"T2/FLAIR", "STIR and T1") names a sequence of an MR exam, not the T2 / T1 vertebra. Shared by
the rule extractor (a mention's anatomy and a sentence's body regions) and the linker."""

from __future__ import annotations

from collections.abc import Sequence

SEQUENCE_LEVELS = frozenset({"t1", "t2"})

# Words right after "T1"/"T2" that make it a sequence ("-"/"/": "T2-weighted", "T2/FLAIR";
# "*": T2*, the gradient-echo sequence; "and": "T1 and T2 sequences").
MR_WORDS = frozenset(
    {
        *("weighted", "weighting", "-", "/", "*", "sequence", "sequences", "signal", "signals"),
        *("hyperintense", "hypointense", "isointense", "hyperintensity", "hypointensity"),
        *("hyperintensities", "hypointensities", "isointensity", "intensity", "hypersignal"),
        *("hyposignal", "bright", "dark", "shine", "flair", "stir", "dwi", "images", "image"),
        *("imaging", "fat", "fs", "post", "pre", "gradient", "shortening", "prolongation"),
        *("with", "and", "mapping", "map", "relaxation"),
    }
)
# Words right before it: an imaging plane, "on"/"in" a sequence, another sequence's name.
MR_BEFORE = frozenset(
    {
        *("sagittal", "axial", "coronal", "on", "and", "/", "3d", "fat-suppressed"),
        *("stir", "flair", "dwi", "weighted", "hyperintense", "hypointense", "isointense"),
        *("bright", "dark", "high", "low", "intermediate"),
    }
)


def mr_sequence(toks: Sequence[str], i: int) -> bool:
    """Token ``i`` of ``toks`` (lower case) is "t1"/"t2" naming an MR sequence: a signal or
    weighting word (or a sequence's own word) stands right beside it."""
    if toks[i] not in SEQUENCE_LEVELS:
        return False
    after = toks[i + 1] if i + 1 < len(toks) else ""
    before = toks[i - 1] if i else ""
    return after in MR_WORDS or before in MR_BEFORE
