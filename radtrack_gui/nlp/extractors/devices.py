"""Generic device words ("tip", "line", "tube", "catheter", "leads"): mentions only when they
continue a device named before them in the sentence or paragraph, whose concept they take."""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.extractors.candidates import Cand, Sentence
from radtrack_gui.nlp.extractors.sites import anat_ends

# Words right before a device word that make it something else ("pleural line").
NOT_DEVICE_BEFORE = frozenset(
    {
        "skin",
        "fold",
        "septal",
        "kerley",
        "fracture",
        "air",
        "fluid",
        "suture",
        "midclavicular",
        "gram",
        "tram",
        "mach",
        "visceral",
        "pleural",
        "fissure",
        "paraspinal",
        "paratracheal",
        "azygoesophageal",
        "junction",
        "stripe",
        "mid",
        "straight",
        "first",
        "second",
        "third",
        "dotted",
        "contour",
        "inspiratory",
        "phase",
        "best",
    }
)


# Device nouns that are also verbs ("placed to drain the collection", "the kidney drains
# well", "stent to bypass the stricture"): read as the verb after "to" or before an object,
# an adverb or a preposition of flow.
VERB_NOUNS = frozenset({"drain", "drains", "stent", "stents", "shunt", "shunts", "bypass"})
_VERB_AFTER = frozenset(
    {
        *("the", "a", "an", "this", "that", "its", "their", "well", "freely", "into"),
        *("poorly", "promptly", "normally", "spontaneously", "through", "toward", "towards"),
    }
)


def verb_not_device(toks: list[str], t0: int, t1: int) -> bool:
    """The one-word device term at ``toks[t0:t1]`` is a verb here ("to drain the
    collection", "drains into"), not a device ("a drain in the collection", "chest tube to
    suction", "drains in place")."""
    if t1 - t0 != 1 or toks[t0] not in VERB_NOUNS:
        return False
    before = toks[t0 - 1] if t0 else ""
    after = toks[t1] if t1 < len(toks) else ""
    if before == "to" and toks[t0] in ("drain", "stent", "shunt", "bypass"):
        return True
    return after in _VERB_AFTER and before not in DETERMINERS


def resolve_given(cands: list[Cand], devices: list[tuple[Cand, Sentence]]) -> None:
    """Spans given by another extractor that are device words: the device named last before
    them, here or earlier in the paragraph; no antecedent, no device word."""
    for c in cands:
        if c.device_word:
            ante = max(
                (d for d in cands if d.type == DEVICE and not d.device_word and d.t1 <= c.t0),
                key=lambda d: d.t1,
                default=None,
            )
            if ante is None and devices:
                ante = devices[-1][0]
            c.antecedent = ante
            c.device_word = ante is not None
            if ante is not None:
                c.anatomy_from_text = True


# Device words that name a device of their own when nothing before them does ("the
# catheter"); "tip", "line", "wire", "lead" alone are too ambiguous, and a plural summary
# ("lines and tubes as described") names no one device.
GENERIC_HEADS = frozenset({"catheter", "tube", "cannula", "sheath"})
GENERIC = "unspecified device"  # the concept of a device named by a generic word only
DETERMINERS = frozenset({"the", "a", "an", "its", "this", "that"})


def device_words(
    sent: Sentence,
    devwords: list[tuple[int, int]],
    anat: dict[int, tuple[int, str, str]],
    devices: list[tuple[Cand, Sentence]],
    concept_at: list[bool],
    sides: dict[int, tuple[int, str]] | None = None,
) -> None:
    """Add a candidate for each device word that continues a device (of this sentence, else
    the last one of the paragraph on a compatible side); not when it is part of the name
    just before it. A side word before it ("the right line") makes it a device of that
    side even when nothing before it matches; a generic head ("the catheter") is a device
    of its own; "tip of the catheter" is the catheter's mention, not the tip's."""
    toks = sent.toks
    n = len(toks)
    ends = anat_ends(anat)
    side_end = {t1: value for _, (t1, value) in (sides or {}).items()}
    words = {t0 for t0, _ in devwords}
    for t0, t1 in devwords:
        if t0 > 0 and (toks[t0 - 1] in NOT_DEVICE_BEFORE or (t0 - 1) in ends):
            continue
        if t1 < n and toks[t0] in ("lead", "leads") and toks[t1] == "to":
            continue
        if toks[t0] in ("tip", "tips") and t1 < n and toks[t1] == "of":
            k = t1 + 1 + (t1 + 1 < n and toks[t1 + 1] in DETERMINERS)
            if k < n and (k in words or concept_at[k]):
                continue  # "the tip of the catheter": the catheter is the mention
        side = side_end.get(t0)
        ante: Cand | None = None
        for c in sent.cands:
            if (
                c.type == DEVICE
                and c.t1 <= t0
                and not c.device_word
                and (ante is None or c.t1 > ante.t1)
            ):
                ante = c
        if (ante is not None and _joined(toks, ante.t1, t0)) or any(
            c.t1 == t0 for c in sent.cands if c.type == DEVICE
        ):
            continue  # part of the name just before ("ET tube tip", "the tube's tip")
        if ante is not None and _other_side(ante, side):
            ante = None
        if ante is None:
            for d, _ in reversed(devices):
                if not _other_side(d, side):
                    ante = d
                    break
        cand = Cand(
            t0,
            t1,
            ante.concept if ante else GENERIC,
            DEVICE,
            " ".join(toks[t0:t1]),
            device_word=True,
            antecedent=ante,
            side=side,
        )
        if ante is None and side is None and toks[t0] not in GENERIC_HEADS:
            continue  # "tip", "line" with nothing to continue: not a device mention
        cand.anatomy_from_text = True
        sent.cands.append(cand)
        for k in range(t0, t1):
            concept_at[k] = True


def _joined(toks: list[str], end: int, t0: int) -> bool:
    """The device word at ``t0`` follows the name ending at ``end`` directly or across a
    non-word token ("tube's tip"); a word or a comma between ("tube with tip", "tube, tip")
    makes it a mention of its own."""
    if end >= t0:
        return True
    gap = toks[end] if end == t0 - 1 else ""
    return bool(gap) and not gap.isalnum() and gap not in (",", ";", ".", ":")


def _other_side(device: Cand, side: str | None) -> bool:
    """The device lies on the other side than the one named ("right" vs a left PICC)."""
    return side in ("left", "right") and device.side in ("left", "right") and device.side != side
