"""stanza's English radiology NER as an extractor (optional; model files installed locally).

The model (stanza package ``mimic`` tokenizer + ``radiology`` NER) is loaded only from
``<models dir>/stanza`` for each folder of ``radtrack_gui.util.paths.models_dirs()``, with
``download_method=None``: nothing is ever downloaded. stanza itself is imported lazily.

Entity labels: OBSERVATION spans become mentions (a device when the vocabulary says the
term names one, else a finding); ANATOMY spans give their anatomy (nearest in the sentence),
ANATOMY_MODIFIER / OBSERVATION_MODIFIER words give the side, UNCERTAINTY makes nearby
observations ``possible``. Negation, change and the other attributes come from the rule
extractor's reading of the same span when it found one there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report
from radtrack_gui.util.paths import models_dirs

NER_FILE = Path("en") / "ner" / "radiology.pt"
INSTALL_HINT = (
    "on a connected machine run python -c \"import stanza; stanza.download('en', "
    "package='mimic', processors={'ner': 'radiology'}, model_dir='stanza')\" and copy the "
    "'stanza' folder into one of those folders"
)
_SIDE_RE = re.compile(r"\b(left|right|bilateral|bilaterally|bibasilar|both)\b", re.I)
_NEG_RE = re.compile(r"\b(no|without|negative for|free of|resolved|not)\b", re.I)


@dataclass(frozen=True)
class Entity:
    start: int
    end: int
    label: str  # ANATOMY, OBSERVATION, ANATOMY_MODIFIER, OBSERVATION_MODIFIER, UNCERTAINTY


def find_model_dir(dirs: list[Path] | None = None) -> Path:
    """The first ``<dir>/stanza`` holding the radiology NER model; InputError if none."""
    dirs = models_dirs() if dirs is None else dirs
    tried = [d / "stanza" for d in dirs]
    for d in tried:
        if (d / "resources.json").is_file() and (d / NER_FILE).is_file():
            return d
    where = ", ".join(str(d) for d in tried) or "(no model folders)"
    raise InputError(
        f"stanza radiology NER model not found (looked in: {where}); "
        f"to install it offline, {INSTALL_HINT}"
    )


class StanzaExtractor:
    """Mentions from stanza's radiology NER (``extract(report)``)."""

    name = "stanza"

    def __init__(self, model_dir: str | None = None, use_gpu: bool = False) -> None:
        self.model_dir = Path(model_dir) if model_dir else find_model_dir()
        if not (self.model_dir / NER_FILE).is_file():
            raise InputError(
                f"stanza radiology NER model not found in {self.model_dir}; {INSTALL_HINT}"
            )
        self.use_gpu = use_gpu
        self._nlp: Any = None

    def _pipeline(self) -> Any:
        if self._nlp is None:
            try:
                import stanza
            except ImportError as exc:
                raise InputError(
                    f"extractor 'stanza' needs the stanza package ({exc}); "
                    "install it with: pip install radtrack_gui[models]"
                ) from exc
            self._nlp = stanza.Pipeline(
                "en",
                dir=str(self.model_dir),
                package="mimic",
                processors={"tokenize": "mimic", "ner": "radiology"},
                download_method=None,
                use_gpu=self.use_gpu,
                logging_level="WARN",
            )
        return self._nlp

    def extract(self, report: Report) -> list[Mention]:
        text = report.text or ""
        if not text.strip():
            return []
        doc = self._pipeline()(text)
        sentences = []
        for sent in doc.sentences:
            ents = [Entity(e.start_char, e.end_char, e.type) for e in sent.ents]
            sentences.append((sent.tokens[0].start_char, sent.tokens[-1].end_char, ents))
        return mentions_from_entities(report, sentences, source=f"model:{self.name}")


def mentions_from_entities(
    report: Report, sentences: list[tuple[int, int, list[Entity]]], source: str = "model:stanza"
) -> list[Mention]:
    """Map NER entities (per sentence: start, end, entities) to mentions of ``report``."""
    from radtrack_gui.nlp.extractors.rules import RuleExtractor
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    text = report.text or ""
    by_overlap = sorted(RuleExtractor().extract(report), key=lambda m: m.start)
    out: list[Mention] = []
    for s0, _s1, ents in sentences:
        anatomy = [e for e in ents if e.label == "ANATOMY"]
        uncertain = [e for e in ents if e.label == "UNCERTAINTY"]
        modifiers = [e for e in ents if e.label in ("ANATOMY_MODIFIER", "OBSERVATION_MODIFIER")]
        for e in ents:
            if e.label != "OBSERVATION":
                continue
            span = text[e.start : e.end]
            ruled = next((m for m in by_overlap if m.start < e.end and e.start < m.end), None)
            concept = v.concept_of(span) or v.concept_of(span.split()[-1] if span.split() else "")
            m = Mention(
                id="",
                report=report.id,
                start=e.start,
                end=e.end,
                text=span,
                type=DEVICE if concept and concept.type == DEVICE else FINDING,
                concept=concept.name if concept else span.lower(),
                source=source,
            )
            if ruled is not None:
                m.type, m.concept = ruled.type, ruled.concept
                m.anatomy, m.laterality = list(ruled.anatomy), ruled.laterality
                m.assertion, m.change = ruled.assertion, ruled.change
                m.section, m.measurements = ruled.section, list(ruled.measurements)
            else:
                near = min(anatomy, key=lambda a: abs(a.start - e.start), default=None)
                if near is not None:
                    name = (
                        v.anatomy_of(text[near.start : near.end])
                        or text[near.start : near.end].lower()
                    )
                    m.anatomy = [a for a in v.anatomy_ancestors(name) if a != "body"]
                for mod in [*modifiers, *anatomy]:
                    side = _SIDE_RE.search(text[mod.start : mod.end])
                    if side and abs(mod.start - e.start) < 40:
                        word = side.group(1).lower()
                        m.laterality = word if word in ("left", "right") else "bilateral"
                        break
                before = text[s0 : e.start]
                if any(u.start < e.start for u in uncertain) or any(
                    abs(u.start - e.end) < 20 for u in uncertain
                ):
                    m.assertion = "possible"
                elif _NEG_RE.search(before[-40:]):
                    m.assertion = "absent"
                m.section = report.section_at(e.start) if report.sections else None
            out.append(m)
    return out
