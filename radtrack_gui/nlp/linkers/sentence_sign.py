"""A sign and its diagnosis in one sentence, joined by an interpreting phrase (round 10,
wb-signs2): "an enlarged median nerve ..., findings consistent with carpal tunnel syndrome",
"a signal anomaly ... with ADC restriction, consistent with an acute ischemic stroke".

``readings.read_as`` joins a descriptive word and its reading when nothing but other signs
stands between them; a long sentence that lists further observations (measurements, an
"(edema)", a second sign) before the reading escapes it. Here the decision is by class, as
in ``interpreted.py``: the first mention a sign by class, the later one a diagnosis by
class (``interpreted.is_sign`` / ``is_diagnosis``), both positive; an interpreting phrase
after the sign ("consistent with", "compatible with", "suggestive of", "in keeping with",
"(likely) represents", "likely", "probably", "indicative of"), and between its last
occurrence and the diagnosis no other finding named (the reading is of the diagnosis, not of
a finding named after the phrase); every finding named between the sign and the phrase
a sign word too (a diagnosis named there, "infiltration with a small pleural effusion,
suggestive of ...", may be what the sentence reads). Apart, as in ``interpreted.py``: the sign's sentence
reading it as another diagnosis, another side, a lesion against a diagnosis that is no
lesion (GUIDELINE 10), places given for both that disagree (GUIDELINE 1).

Not joined (measured and dropped, docs/linking-wholebody.md "Round 10: signs and
diagnoses in one sentence"): a diagnosis followed by "with" / "characterized by" /
"associated with" a sign (more often a second finding beside it), a sign and a diagnosis in
one sentence without an interpreting phrase.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.interpreted import (
    _agree,
    _place,
    is_diagnosis,
    is_sign,
    lesion_named,
    other_side,
)
from radtrack_gui.nlp.linkers.noun_phrase import without_appearance
from radtrack_gui.nlp.linkers.organ_reading import read_otherwise
from radtrack_gui.nlp.linkers.readings import names_finding_term, only_signs
from radtrack_gui.nlp.linkers.restatement import lesion_like
from radtrack_gui.nlp.linkers.together import _positive

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

SENTENCE = "one sentence reads the sign as the diagnosis after it (sentence_sign.py)"
# Phrases by which a sentence reads what it described as a diagnosis (narrower than
# ``readings.EXPLAINS``: no "due to", "related to", "secondary to", which name a cause).
INTERPRETING = re.compile(
    r"\b(?:consistent\s+with|compatible\s+with|suggestive\s+of|in\s+keeping\s+with"
    r"|in\s+line\s+with|indicative\s+of|likely|probably|suggest\w*|represent\w*)\b",
    re.IGNORECASE,
)


def read_in_sentence(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str:
    """Why ``a`` and ``b`` are one finding by the rule above, or ""."""
    if a.report != b.report or a.type == DEVICE or b.type == DEVICE:
        return ""
    if a.ctx is None or b.ctx is None or a.ctx.sentence != b.ctx.sentence:
        return ""
    sign, dx = (a, b) if a.ctx.start <= b.ctx.start else (b, a)
    cs, cd = sign.ctx, dx.ctx
    assert cs is not None and cd is not None
    if cs.end > cd.start:
        return ""
    if not (_positive(sign) and _positive(dx) and is_sign(sign, v) and is_diagnosis(dx, v)):
        return ""
    if read_otherwise(sign, dx, v) or other_side(sign, dx):
        return ""
    if lesion_named(sign) and not lesion_like(dx):
        return ""
    between = without_appearance(cs.text[cs.end : cd.start])
    hits = list(INTERPRETING.finditer(between))
    if not hits or names_finding_term(between[hits[-1].end() :], v):
        return ""
    if not only_signs(between[: hits[-1].start()], v):
        return ""  # "infiltration with a small pleural effusion, suggestive of": which one?
    here, there = _place(sign, v), _place(dx, v, diagnosis=True)
    if here is not None and there is not None and not _agree(here, there, v):
        return ""
    return SENTENCE
