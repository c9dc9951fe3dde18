"""A question about one patient, parsed: what it is about and what it asks (Qt-free).

What it is about comes from the vocabulary (``nlp.vocabulary``): concepts through their
terms, synonyms and abbreviations ("PTX", "ETT", "Dobhoff"), sites through the anatomy terms,
the side through the side cues ("left", "bilateral"). What it asks (``Question.intent``):

    present       yes/no: is it there (now, or in the time asked about)?
    first_seen    when was it first seen?       last_seen   when was it last seen?
    change        how did it change / has it improved (yes/no when it names a direction)?
    inserted      when was a device placed?     removed     ... removed (extubated)?
    repositioned  ... withdrawn, advanced?      tip         where is its tip?
    count         how many exams / times / reports?         exams   which exams showed it?
    describe      what did an exam say about it?

Time words stay unresolved here (``TimeSpec``); ``resolve_time`` turns them into the set of
reports they allow once the patient is known: "since March", "in May", "on March 4",
"between March 4 and March 12", "on the last CT", "before the MRI", "after the chest tube".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime

from radtrack_gui.core.model import Patient, Report
from radtrack_gui.nlp.vocabulary import Lexicon, Vocabulary, vocabulary

MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
MONTHS.update({k[:3]: v for k, v in list(MONTHS.items())})
MONTHS["sept"] = 9
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = (
    rf"(?:\d{{4}}-\d{{1,2}}-\d{{1,2}}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s*\d{{4}})?"
    rf"|{_MONTH}(?:\s+\d{{4}})?)"
)
# Exam words -> (modalities, region or ""), for "the last CT", "the chest x-ray", counts.
EXAM_WORDS: list[tuple[str, tuple[str, ...], str]] = [
    (r"cta\b|ct angiogra\w*", ("CTA",), ""),
    (r"head ct|ct (?:of the )?head", ("CT",), "head"),
    (r"ct\b|cat scan|computed tomograph\w*", ("CT", "CTA"), ""),
    (r"mri?\b|magnetic resonance", ("MR",), ""),
    (r"chest (?:x-?rays?|films?|radiographs?)|cxrs?\b|chest films?", ("XR",), "chest"),
    (r"x-?rays?|radiographs?|films?", ("XR",), ""),
    (r"ultrasounds?|sonograms?|us\b", ("US",), ""),
    (r"pet\b", ("PET",), ""),
    (r"echo\w*|echocardiogra\w*", ("ECHO",), ""),
]
_EXAM_RE = "|".join(f"(?:{p})" for p, _, _ in EXAM_WORDS)
# Device verbs that name the device themselves.
_VERB_DEVICE = [
    (r"\bextubat\w*", "endotracheal tube", "removed"),
    (r"\bintubat\w*", "endotracheal tube", "inserted"),
]
_BETTER = {
    "improved",
    "improve",
    "improving",
    "decreased",
    "decrease",
    "smaller",
    "shrunk",
    "shrink",
    "better",
    "less",
    "regressed",
}
_WORSE = {
    "worsened",
    "worsen",
    "worse",
    "increased",
    "increase",
    "larger",
    "bigger",
    "grown",
    "grow",
    "enlarged",
    "progressed",
    "more",
}
_YES_NO = re.compile(
    r"^(?:is|are|was|were|does|do|did|has|have|had|any|can|could|should|"
    r"will|there)\b"
)


@dataclass
class TimeSpec:
    """A time phrase of the question, resolved against a patient by ``resolve_time``."""

    relation: str  # on | since | before | by | after | between
    text: str  # the phrase as written
    anchor: str = ""  # the date words, or the exam / event words
    anchor2: str = ""  # the second date of "between"
    ordinal: str = ""  # first | last | "" (for exam anchors)


@dataclass
class Question:
    text: str
    intent: str
    yes_no: bool = False
    concepts: list[str] = field(default_factory=list)  # vocabulary concept names, in order
    terms: list[str] = field(default_factory=list)  # the words that named them
    side: str | None = None  # left | right | bilateral
    sites: list[str] = field(default_factory=list)  # anatomy names
    time: TimeSpec | None = None
    direction: str = ""  # better | worse | change (for yes/no change questions)
    exam_modalities: tuple[str, ...] = ()  # what a count or exam question counts
    exam_region: str = ""
    count_what: str = ""  # exams | episodes | reports (count questions)
    polarity: str = ""  # present | absent: what the question's verb asks (qa.asking)
    polarity_word: str = ""  # the state the verb names ("removed", "resolved")
    scope: str = ""  # what an out-of-scope question asks about ("a vital sign")
    size_units: str = ""  # size questions: the units that answer them
    exam_kind: str = ""  # whole-exam questions: show | new | changed | devices
    body_part: str = ""  # a body part named outside the vocabulary's anatomy ("wrist")
    body_regions: set[str] = field(default_factory=set)  # the exam regions imaging it
    new_asked: bool = False  # "any new metastases?": whether it appeared, not whether it is

    @property
    def parsed(self) -> bool:
        """The chains reader can answer it: it names something, or counts exams."""
        return (
            bool(self.concepts)
            or (self.intent == "count" and self.count_what == "exams")
            or self.intent in ("exam", "devices")
        )


def _tokens(text: str) -> list[tuple[str, int, int]]:
    from radtrack_gui.nlp.text import TOKEN_RE
    from radtrack_gui.nlp.vocabulary import norm_token

    return [(norm_token(m.group(0)), m.start(), m.end()) for m in TOKEN_RE.finditer(text)]


def _time(q: str) -> tuple[TimeSpec | None, str]:
    """The time phrase of lower-cased ``q`` and ``q`` without it."""
    exam_or_event = (
        r"(?:the\s+)?(?:(first|last|latest|most recent|previous|initial)\s+)?"
        r"([a-z][\w\- ]*?)"
    )
    patterns = [
        ("between", rf"\bbetween\s+({_DATE})\s+and\s+({_DATE})"),
        ("since", rf"\bsince\s+({_DATE})\b"),
        ("before", rf"\bbefore\s+({_DATE})\b"),
        ("by", rf"\bby\s+({_DATE})\b"),
        ("after", rf"\bafter\s+({_DATE})\b"),
        ("on", rf"\b(?:on|in|during|of)\s+({_DATE})\b"),
    ]
    for relation, pat in patterns:
        m = re.search(pat, q)
        if m:
            spec = TimeSpec(
                relation, m.group(0), m.group(1), m.group(2) if relation == "between" else ""
            )
            return spec, (q[: m.start()] + q[m.end() :]).strip()
    tail = re.compile(
        rf"(on|in|since|before|after|from)\s+{exam_or_event}"
        rf"(?=\s*(?:was|were|placed|inserted|removed|\?|$|,))"
    )
    m = None
    for start in re.finditer(r"\b(?:on|in|since|before|after|from)\b", q):
        m = tail.match(q, start.start())  # the innermost phrase ("in X on the last film")
        if m and not re.search(r"\b(?:on|in|since|before|after|from)\b", m.group(3)):
            break
        m = None
    if m and (re.search(_EXAM_RE, m.group(3)) or m.group(1) in ("since", "before", "after")):
        relation = {"in": "on", "from": "on"}.get(m.group(1), m.group(1))
        ordinal = {
            "latest": "last",
            "most recent": "last",
            "previous": "last",
            "initial": "first",
        }.get(m.group(2) or "", m.group(2) or "")
        spec = TimeSpec(relation, m.group(0), m.group(3).strip(), ordinal=ordinal)
        return spec, (q[: m.start()] + q[m.end() :]).strip()
    return None, q


def _intent(q: str) -> tuple[str, str]:
    """(intent, direction) from the lower-cased question without its time phrase."""
    direction = ""
    if re.search(r"\bwhere\b", q) and not re.search(r"\bwhere\b.*\bseen\b", q):
        return "tip", direction
    if re.search(r"\b(?:terminat\w*|tip)\b.*\b(?:in|at)\b", q) and _YES_NO.match(q):
        return "tip", direction
    if re.search(r"\b(?:position|positioned|placement\s+check|tip)\s*\??$", q) and not re.search(
        r"\b(?:when|how many)\b", q
    ):
        return "tip", direction
    if q.startswith("how many") or q.startswith("number of"):
        return "count", direction
    if re.search(
        r"\b(?:which|what)\s+(?:exams?|studies|study|reports?|scans?|imaging)\b|"
        r"\bon which\b|\bin which\b",
        q,
    ):
        return "exams", direction
    when = bool(re.search(r"\bwhen\b|\bwhat date\b|\bon what day\b", q))
    if re.search(r"\b(?:repositioned|withdrawn|advanced|pulled back|retracted|adjusted)\b", q):
        return "repositioned", direction
    if re.search(r"\b(?:removed|pulled|taken out|discontinued|extubated|out)\b", q) and when:
        return "removed", direction
    if re.search(r"\b(?:placed|inserted|put in|intubated|started|introduced)\b", q) and when:
        return "inserted", direction
    if when and re.search(r"\blast\b|\bmost recently\b", q):
        return "last_seen", direction
    if when:
        return "first_seen", direction
    words = set(re.findall(r"[a-z]+", q))
    if re.search(
        r"\bhow (?:did|has|have|does|is)\b.*\b(?:change|changed|evolve|evolved|"
        r"progress|doing)\b|\bcourse\b|\bhow has\b|\binterval change\b|^(?:any )?changes? in\b",
        q,
    ) or (_YES_NO.match(q) and (words & (_BETTER | _WORSE | {"change", "changed"}))):
        if words & _BETTER:
            direction = "better"
        elif words & _WORSE:
            direction = "worse"
        elif words & {"change", "changed"}:
            direction = "change"
        if (
            q.startswith("how")
            or "course" in words
            or re.search(r"\binterval change\b|^(?:any )?changes? in\b", q)
        ):
            direction = ""
        return "change", direction
    if re.search(r"\bwhat (?:did|does|was)\b.*\b(?:show|say|size|look)\b|\bdescribe\b", q):
        return "describe", direction
    return "present", direction


def _exam_words(text: str) -> tuple[tuple[str, ...], str]:
    for pat, mods, region in EXAM_WORDS:
        if re.search(rf"\b(?:{pat})", text):
            return mods, region
    return (), ""


def parse_question(text: str, vocab: Vocabulary | None = None) -> Question:
    """Parse a free-text question (never raises; unparsed parts stay empty)."""
    from radtrack_gui.qa import asking

    vocab = vocab or vocabulary()
    raw = " ".join(text.strip().split())
    referral = asking.referral(raw.lower()) or (
        raw.endswith("?") and not re.match(r"(?:what|which|where|when|how|who|why)\b", raw.lower())
    )
    q = asking.normalise(raw).lower()
    time, rest = _time(q)
    intent, direction = _intent(rest)
    pol, pol_word = asking.polarity(raw)
    exam_kind = asking.exam_kind(rest)
    units = asking.size_units(rest) or ""
    out = Question(
        raw,
        intent,
        yes_no=bool(_YES_NO.match(rest) or referral)
        and intent in ("present", "change", "tip")
        and not rest.startswith(("where", "what", "which", "how", "who", "when")),
        direction=direction,
        time=time,
        polarity=pol,
        polarity_word=pol_word,
        exam_kind=exam_kind,
        size_units=units,
    )
    if out.intent == "tip" and _YES_NO.match(rest) is None:
        out.yes_no = False
    found_scope = asking.scope(rest)
    part = asking.body_regions(rest)
    if part:
        out.body_part, out.body_regions = part
    for pat, concept, verb_intent in _VERB_DEVICE:
        if re.search(pat, rest):
            out.concepts.append(concept)
            out.terms.append(re.search(pat, rest).group(0))  # type: ignore[union-attr]
            if (
                out.intent in ("first_seen", "present")
                and verb_intent == "removed"
                and not out.yes_no
            ):
                out.intent = "removed"
    _about(rest, vocab, out, found_scope[1] if found_scope else None)
    if found_scope and not out.concepts:
        out.scope = found_scope[0]
    if exam_kind == "devices":
        out.intent = "devices"
    elif exam_kind and not _names_finding(out, vocab):
        out.intent = "exam"
    elif units and out.intent in ("present", "describe", "change", "first_seen"):
        out.intent, out.yes_no = "size", False
    if out.intent == "present" and out.yes_no and not out.polarity:
        out.polarity, out.polarity_word = "present", "present"
    out.new_asked = out.intent == "present" and out.yes_no and bool(re.search(r"\bnew\b", rest))
    if intent == "count":
        if re.search(r"\bhow many (?:times|episodes)\b", rest):
            out.count_what = "episodes"
        elif re.search(r"\breports?\b.*\bmention", rest) or out.concepts:
            out.count_what = "reports"
        else:
            out.count_what = "exams"
            mods, region = _exam_words(rest)
            if re.search(r"\b(?:reports?|exams?|studies)\b", rest) and not mods:
                mods = ()
            out.exam_modalities, out.exam_region = mods, region
    return out


def _names_finding(q: Question, vocab: Vocabulary) -> bool:
    """The question names a finding or device of its own (not only generic exam words)."""
    return bool(q.concepts)


def _about(q: str, vocab: Vocabulary, out: Question, skip: tuple[int, int] | None = None) -> None:
    """Concepts, side and sites named in ``q`` (the lexicon's leftmost-longest matches);
    none inside ``skip`` (an out-of-scope phrase: "blood" of "blood pressure")."""
    toks = _tokens(q)
    lex: Lexicon = vocab.lexicon()
    concepts, others = lex.match_by_lookup([t for t, _, _ in toks])  # a few lookups
    for i, j, name in concepts:
        if name in out.concepts:
            continue
        if skip and toks[i][1] < skip[1] and skip[0] < toks[j - 1][2]:
            continue
        term = q[toks[i][1] : toks[j - 1][2]]
        if _exam_only(term):
            continue
        out.concepts.append(name)
        out.terms.append(term)
    for _i, _j, entries in others:
        for kind, value, _direction, extra in entries:
            if kind == "side" and value in ("left", "right", "bilateral") and not out.side:
                out.side = value
            elif kind == "anatomy":
                out.sites.append(value)
                if extra and not out.side:
                    out.side = extra
    if not out.side:
        m = re.search(r"\b(left|right|bilateral|both)\b", q)
        if m:
            out.side = "bilateral" if m.group(1) == "both" else m.group(1)


def _exam_only(term: str) -> bool:
    """Words that name an exam, not a finding ("CT", "x-ray")."""
    return bool(re.fullmatch(_EXAM_RE, term))


# -- time, resolved against a patient ------------------------------------------------------
def _dated(patient: Patient) -> list[Report]:
    return [r for r in patient.reports if r.date_known and r.date is not None]


def _parse_date(words: str, patient: Patient) -> tuple[date, date] | None:
    """The first and last day a date phrase covers (a month: the whole month). The year,
    when not written, is the year of the patient's first report in that month."""
    words = words.strip().rstrip(",")
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", words)
    try:
        if m:
            d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            return d, d
        m = re.fullmatch(
            rf"({_MONTH})(?:\s+(\d{{1,2}})(?:st|nd|rd|th)?)?(?:,?\s*(\d{{4}}))?", words
        )
        if not m:
            return None
        month = MONTHS[m.group(1)[:4] if m.group(1).startswith("sept") else m.group(1)[:3]]
        year = int(m.group(3)) if m.group(3) else None
        if year is None:
            years = [
                r.date.year  # type: ignore[union-attr]
                for r in _dated(patient)
                if r.date.month == month  # type: ignore[union-attr]
            ]
            years = years or [r.date.year for r in _dated(patient)]  # type: ignore[union-attr]
            if not years:
                return None
            year = years[0]
        if m.group(2):
            d = date(year, month, int(m.group(2)))
            return d, d
        first = date(year, month, 1)
        last = date(year + (month == 12), month % 12 + 1, 1)
        return first, date.fromordinal(last.toordinal() - 1)
    except ValueError:
        return None


def exam_reports(patient: Patient, words: str) -> list[Report]:
    """The dated reports of the exam kind ``words`` names ("ct", "chest x-ray", "mri")."""
    mods, region = _exam_words(words)
    if not mods:
        return []
    return [r for r in _dated(patient) if r.modality in mods and (not region or r.region == region)]


def resolve_time(
    spec: TimeSpec, patient: Patient, event_date: datetime | None = None
) -> set[str] | None:
    """The ids of the reports the time phrase allows; None when it names nothing the
    patient has (an exam that was not done, an unreadable date). ``event_date``: the date
    of an event anchor ("before the chest tube"), found by the reader."""
    dated = _dated(patient)
    if spec.relation == "between":
        a, b = _parse_date(spec.anchor, patient), _parse_date(spec.anchor2, patient)
        if a is None or b is None:
            return None
        return {r.id for r in dated if a[0] <= r.date.date() <= b[1]}  # type: ignore[union-attr]
    span = _parse_date(spec.anchor, patient)
    anchor_lo: datetime | None = None
    anchor_hi: datetime | None = None
    if span is not None:
        anchor_lo = datetime.combine(span[0], datetime.min.time())
        anchor_hi = datetime.combine(span[1], datetime.max.time())
    else:
        exams = exam_reports(patient, spec.anchor)
        if exams:
            pick = exams[0] if spec.ordinal == "first" else exams[-1]
            if spec.relation == "on" and not spec.ordinal and len(exams) > 1:
                return {r.id for r in exams}  # "on the CT": every CT
            anchor_lo = anchor_hi = pick.date
        elif event_date is not None:
            anchor_lo = anchor_hi = event_date
        else:
            return None
    assert anchor_lo is not None and anchor_hi is not None
    rel = spec.relation
    out = set()
    for r in dated:
        d = r.date
        assert d is not None
        if (
            (rel == "on" and anchor_lo <= d <= anchor_hi)
            or (rel == "since" and d >= anchor_lo)
            or (rel == "before" and d < anchor_lo)
            or (rel == "by" and d <= anchor_hi)
            or (rel == "after" and d > anchor_hi)
        ):
            out.add(r.id)
    return out
