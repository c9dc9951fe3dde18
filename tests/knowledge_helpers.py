"""Hand-built patients for the knowledge linker's tests: a small vocabulary written for them,
reports as lists of mention fields, and the chain helpers the assertions use."""

from __future__ import annotations

from datetime import datetime, timedelta

from radtrack_gui.core.model import DEVICE, FINDING, Mention, Patient, Report
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.registry import Linking
from radtrack_gui.nlp.vocabulary import Vocabulary

ANATOMY = """name\tparent\tsynonyms
body\t\t
thorax\tbody\tchest
lungs\tthorax\tlung
left lung\tlungs\t
right lung\tlungs\t
left lower lobe\tleft lung\tlll
right lower lobe\tright lung\trll
pleura\tthorax\tpleural
left pleura\tpleura\t
right pleura\tpleura\t
heart\tthorax\tcardiac
abdomen\tbody\t
appendix\tabdomen\t
liver\tabdomen\thepatic
kidneys\tabdomen\trenal
head\tbody\t
skull\thead\tcalvarium
frontotemporal region\tskull\t
veins\tbody\t
internal jugular vein\tveins\tij
subclavian vein\tveins\t
"""
CONCEPTS = """concept\ttype\tterms\tanatomy\tbroader
pleural effusion\tfinding\teffusion|effusions|pleural effusion|pleural fluid\tpleura\t
pneumothorax\tfinding\tpneumothorax|ptx\tpleura\t
opacity\tfinding\topacity|opacities|opacification\tlungs\t
pneumonia\tfinding\tpneumonia\tlungs\topacity
atelectasis\tfinding\tatelectasis\tlungs\topacity
fracture\tfinding\tfracture|fx\tbody\t
lesion\tfinding\tlesion|lesions\tbody\t
normal\tfinding\tnormal|unremarkable\t\t
endotracheal tube\tdevice\tendotracheal tube|ett|et tube\tthorax\t
central venous catheter\tdevice\tcentral line|central venous catheter|ij line|subclavian line\tveins\t
chest tube\tdevice\tchest tube|pleural drain\tpleura\t
"""
T0 = datetime(2150, 3, 4, 8, 0)


def build(*reports: tuple[float, list[dict]]) -> Patient:
    """Reports as (days after T0, [mention fields]); ids m1, m2, ... in order."""
    p = Patient(id="p")
    n = 0
    for r, (days, specs) in enumerate(reports):
        rid = f"r{r + 1:02d}.txt"
        text, pos = "", 0
        for spec in specs:
            n += 1
            words = spec["text"]
            fields = {k: v for k, v in spec.items() if k != "text"}
            p.mentions[f"m{n}"] = Mention(f"m{n}", rid, pos, pos + len(words), words, **fields)
            text += words + ". "
            pos = len(text)
        p.reports.append(Report(rid, text, date=T0 + timedelta(days=days), date_known=True))
    return p


def f(
    text: str,
    concept: str | None = None,
    *anatomy: str,
    lat: str | None = None,
    assertion: str = "present",
    change: str | None = None,
) -> dict:
    return {
        "text": text,
        "type": FINDING,
        "concept": concept,
        "anatomy": list(anatomy),
        "laterality": lat,
        "assertion": assertion,
        "change": change,
    }


def d(
    text: str,
    concept: str | None = None,
    *anatomy: str,
    lat: str | None = None,
    assertion: str = "present",
    change: str | None = None,
) -> dict:
    return {
        **f(text, concept, *anatomy, lat=lat, assertion=assertion, change=change),
        "type": DEVICE,
    }


def chains(linking: Linking) -> set[frozenset[str]]:
    return {frozenset(c) for c in linking.clusters}


def together(linking: Linking, *ids: str) -> bool:
    return any(set(ids) <= set(c) for c in linking.clusters)


def run(vocab: Vocabulary, p: Patient, **options) -> Linking:
    linking = KnowledgeLinker(vocab=vocab, **options).link(p)
    covered = [m for c in linking.clusters for m in c]
    assert sorted(covered) == sorted(p.mentions)  # every mention in exactly one chain
    return linking
