"""What the pair model reads: each mention as one segment (its words, the anatomy terms and
modifiers within ``WINDOW`` words of it in its sentence, the extractor's attributes), the
knowledge features of a pair as words, and the blocked candidate pairs."""

from __future__ import annotations

from radtrack_gui.core.model import Patient, Report
from radtrack_gui.nlp.linkers.features import FEATURES, MentionInfo, features
from radtrack_gui.nlp.vocabulary import Vocabulary, norm_token

WINDOW = 5  # tokens either side of a mention searched for anatomy terms and modifiers
MODIFIER_KINDS = ("side", "negate", "possible", "change")
SIZE_WORDS = frozenset(
    {
        "small",
        "large",
        "tiny",
        "trace",
        "minimal",
        "mild",
        "moderate",
        "severe",
        "massive",
        "moderately",
        "mildly",
        "markedly",
        "subtle",
    }
)
# binary knowledge features written into the input as words (knowledge=True)
MARKER_FEATURES = tuple(f for f in FEATURES if f not in ("gap_log", "is_device"))


class Segments:
    """Each mention's input segment; reports are tokenized once (per-report cache)."""

    def __init__(self, patient: Patient, vocab: Vocabulary) -> None:
        self.patient, self.vocab = patient, vocab
        self.reports: dict[str, Report] = {r.id: r for r in patient.reports}
        self._words: dict[str, tuple[list[tuple[int, int]], list[int]]] = {}

    def _report_words(self, rid: str) -> tuple[list[tuple[int, int]], list[int]]:
        """(word spans, sentence number of each word) of a report."""
        if rid not in self._words:
            from radtrack_gui.nlp.text import TOKEN_RE, sentences

            text = self.reports[rid].text or ""
            spans = [m.span() for m in TOKEN_RE.finditer(text)]
            bounds = sentences(text)
            sent, k = [], 0
            for a, _ in spans:
                while k + 1 < len(bounds) and a >= bounds[k + 1][0]:
                    k += 1
                sent.append(k)
            self._words[rid] = (spans, sent)
        return self._words[rid]

    def window(self, info: MentionInfo) -> tuple[list[str], list[str]]:
        """(anatomy terms, modifiers) within WINDOW words of the mention, its sentence only."""
        m = self.patient.mentions[info.id]
        if m.report not in self.reports:
            return [], []
        text = self.reports[m.report].text or ""
        spans, sent = self._report_words(m.report)
        inside = [i for i, (a, b) in enumerate(spans) if a < m.end and m.start < b]
        if not inside:
            return [], []
        lo, hi = max(0, inside[0] - WINDOW), min(len(spans), inside[-1] + 1 + WINDOW)
        idx = [i for i in range(lo, hi) if sent[i] == sent[inside[0]]]
        words = [text[spans[i][0] : spans[i][1]] for i in idx]
        _, others = self.vocab.lexicon().match([norm_token(w) for w in words])
        own = set(inside)
        anatomy: list[str] = []
        modifiers: list[str] = []
        for a, b, entries in others:
            if any(idx[k] in own for k in range(a, b)):
                continue  # the mention's own words are already in the segment
            term = " ".join(words[a:b]).lower()
            kinds = {e[0] for e in entries}
            if "anatomy" in kinds:
                anatomy.append(term)
            elif kinds & set(MODIFIER_KINDS):
                modifiers.append(term)
        modifiers += [
            w.lower() for k, w in enumerate(words) if idx[k] not in own and w.lower() in SIZE_WORDS
        ]
        return anatomy, modifiers

    def segment(self, info: MentionInfo) -> str:
        anatomy, modifiers = self.window(info)
        site = info.site or info.statement_site
        if site and not any(site in a or a in site for a in anatomy):
            anatomy.append(site)
        attrs = [info.lat, None if info.assertion == "present" else info.assertion, info.change]
        modifiers += [x for x in attrs if x and x not in modifiers and x not in info.text]
        parts = [info.text, " ".join(dict.fromkeys(anatomy)), " ".join(dict.fromkeys(modifiers))]
        return ", ".join(p for p in parts if p)


def markers(a: MentionInfo, b: MentionInfo) -> str:
    """The knowledge features of a pair as words ("same concept; same laterality")."""
    x = features(a, b)
    names = [
        f.replace("_", " ")
        for f, v in zip(FEATURES, x, strict=True)
        if v > 0 and f in MARKER_FEATURES
    ]
    return "; ".join(names) if names else "no shared features"


def pair_text(
    segs: list[str],
    a: MentionInfo,
    b: MentionInfo,
    knowledge: bool,
) -> tuple[str, str]:
    second = segs[b.order]
    return segs[a.order], (f"{second} ; {markers(a, b)}" if knowledge else second)
