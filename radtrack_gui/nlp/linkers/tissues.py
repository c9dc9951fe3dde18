"""Negatives about a kind of tissue (GUIDELINE 4 and 9, round 5).

Reports beyond the chest state their negatives per kind of tissue rather than per organ:
nothing wrong with the remaining bones (then a few named), nothing wrong with the remaining
muscles and tendons (the cuff named), no spread to the lung tissue / none to the bones of the
chest wall. The anatomy hierarchy
files such structures under a body region (the scapula under the thorax), and "muscular
structures" names no organ at all, so the statement's site does not tell them apart. The
tissue words of the statement's sentence do:

- ``tissue_conflict``: two negatives (or two normal statements) of one report, the same
  finding or both saying "anything", whose sentences name tissues with none in common are
  about two structures (GUIDELINE 4): bones vs muscles, lung vs bones;
- ``tissue_restated``: a negative of the findings and one of the impression that say
  "anything" about one tissue (a findings line clearing the bones of any signal change, an
  impression line clearing the bones and joints), or one that says "anything"
  about a tissue and one whose own words name that tissue ("the arterial mapping ... shows no
  abnormalities" / "No vascular malformations"), are one negative told twice (GUIDELINE 9).
  Two statements of one section are a checklist, not a restatement.
"""

from __future__ import annotations

import re
from functools import lru_cache

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import MentionInfo

# Tissue words, by kind. Bone names count as bone: a negative "in the scapula or clavicle"
# is about bones. "pulmonary" is the lung unless it names the vessels.
_TISSUE_PATTERNS: dict[str, str] = {
    "bone": (
        r"bon(?:e|es|y)|osseous|skelet(?:on|al)|marrow|thoracic\s+cage|scapula[es]?"
        r"|clavicles?|humer(?:us|i)|femurs?|femora|tibiae?|fibulae?|patellae?|ulnae?"
        r"|vertebra[el]?|calvari(?:um|al)|skull|sacrum|ribs?|pelvic\s+bones?"
    ),
    "muscle": r"muscles?|muscular|musculo[\s-]*tendinous|tendons?|tendinous|rotator\s+cuff",
    "joint": r"joints?|articular|synovi(?:um|al)",
    # round 6: ligaments and the fibrocartilage of joints are tissues of their own (a
    # negative about the menisci and one about the cruciate ligaments of one knee are two
    # negatives)
    "ligament": r"ligaments?|ligamentous|cruciates?|collaterals?|retinacul(?:um|a)",
    "cartilage": r"menisc(?:us|i|al)|cartilag(?:e|es|inous)|chondral|labr(?:um|a|al)",
    "vessel": (
        r"vessels?|vascular|arter(?:y|ies|ial)|veins?|venous|aort(?:a|ic)|circle\s+of\s+willis"
        r"|pulmonary\s+(?:arter\w*|veins?|vessels?|embol\w*)"
    ),
    "lung": r"lungs?|pulmonary(?!\s+(?:arter\w*|veins?|vessels?|embol\w*))",
}
_TISSUE = {
    kind: re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)
    for kind, pattern in _TISSUE_PATTERNS.items()
}
# Words of a negative that says "anything" about what it names (no involvement of the
# remaining muscles and tendons), besides the tissue words.
_ANY_WORDS = frozenset(
    {
        *("no", "not", "without", "any", "other", "further", "evidence", "of", "the", "in"),
        *("and", "or", "a", "signs", "sign", "significant", "abnormality", "abnormalities"),
        *("signal", "involvement", "change", "changes", "structure", "structures", "finding"),
        *("findings", "pathological", "abnormal", "focal", "shows", "show", "s"),
    }
)
_ANY_CONCEPTS = frozenset({"abnormality", "normal", "unremarkable", "signal abnormality"})
_CONCLUDING = ("IMPRESSION", "CONCLUSION", "OPINION", "SUMMARY")


@lru_cache(maxsize=4096)
def tissues(text: str) -> frozenset[str]:
    """The kinds of tissue ``text`` names (bone, muscle, joint, ligament, cartilage,
    vessel, lung)."""
    return frozenset(kind for kind, rx in _TISSUE.items() if rx.search(text))


def _sentence_tissues(m: MentionInfo) -> frozenset[str]:
    c = m.ctx
    return tissues(c.text[c.sentence[0] : c.sentence[1]]) if c is not None else frozenset()


def _own_tissues(m: MentionInfo) -> frozenset[str]:
    c = m.ctx
    return tissues(c.text[c.start : c.end]) if c is not None else frozenset()


def says_anything(m: MentionInfo) -> bool:
    """A negative or normal statement about anything at what it names ("no abnormalities",
    "no signal abnormalities", none of the remaining tendons involved)."""
    if m.concept in _ANY_CONCEPTS or m.generic_statement:
        return True
    words = [w for w in m.tokens if w not in _ANY_WORDS]
    return bool(m.tokens) and all(_tissue_word(w) for w in words)


def _tissue_word(word: str) -> bool:
    return bool(tissues(word)) or word in ("musculo", "tendinous")


def _statements(a: MentionInfo, b: MentionInfo) -> bool:
    """Two findings' negatives (or normal statements) of one report, in two sentences."""
    if a.report != b.report or DEVICE in (a.type, b.type):
        return False
    if a.ctx is None or b.ctx is None or a.ctx.sentence == b.ctx.sentence:
        return False
    if a.ctx.reason or b.ctx.reason:
        return False
    absent = a.assertion == "absent" and b.assertion == "absent"
    return absent or (a.generic_statement and b.generic_statement)


def _concluding(section: str | None) -> bool:
    return (section or "").upper().startswith(_CONCLUDING)


def tissue_restated(first: MentionInfo, later: MentionInfo) -> bool:
    """One negative about one tissue, in the findings and in the impression (GUIDELINE 9)."""
    if not _statements(first, later) or _concluding(first.section) == _concluding(later.section):
        return False
    any_first, any_later = says_anything(first), says_anything(later)
    if any_first and any_later:
        return bool(_sentence_tissues(first) & _sentence_tissues(later))
    if any_first or any_later:
        vague, named = (first, later) if any_first else (later, first)
        return bool(_own_tissues(named) & _sentence_tissues(vague))
    return False


def tissue_conflict(a: MentionInfo, b: MentionInfo) -> str | None:
    """Two negatives of one report about tissues with none in common (GUIDELINE 4)."""
    if not _statements(a, b):
        return None
    if not (a.concept == b.concept or (says_anything(a) and says_anything(b))):
        return None
    ta, tb = _sentence_tissues(a), _sentence_tissues(b)
    if not ta or not tb or ta & tb:
        return None
    return f"negatives about other tissues ({'/'.join(sorted(ta))} vs {'/'.join(sorted(tb))})"
