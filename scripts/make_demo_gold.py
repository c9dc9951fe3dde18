"""Write resources/samples/demo_patient_gold/: the demo patient's reports with our hand
annotation of mentions and chains, in brat standoff (FORMATS §1.3).

Each report lists its mentions in text order as (surface string, chain); a mention is the next
occurrence of its surface after the previous mention. Device chains are listed in DEVICES.
A chain of None skips that occurrence: a question in the reason for the exam, not a mention
(GUIDELINE rule 8). A chain ending in "*" is a routine negative about something never seen
positive: each such mention is its own chain (GUIDELINE rule 7), numbered NAME-1, NAME-2, ...
A bare "tip" after its named device stands for that device (GUIDELINE: "the word 'tip' often
stands for a device") and is in the device's chain; a tip inside the name ("ET tube tip") is not
a mention of its own. The reading behind the chains is in resources/samples/README.md.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
OUT = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"

DEVICES = {"ETT1", "ETT2", "NGT1", "NGT2", "RIJ", "RCT", "DHT", "PICC", "FOLEY", "CLIPS"}

GOLD: dict[str, list[tuple[str, str | None]]] = {
    "2150-03-02_01_ct_head.txt": [
        ("intracranial hemorrhage", None),  # the reason for the exam: GUIDELINE rule 8
        ("collection", "SDH"),
        ("subdural hematoma", "SDH"),
        ("effacement", "EFFACE"),
        ("midline shift", "MLS*"),
        ("intraparenchymal hemorrhage", "IPH"),
        ("subarachnoid hemorrhage", "SAH"),
        ("hydrocephalus", "HYDRO"),
        ("fracture", "TFX"),
        ("scalp hematoma", "SCALP"),
        ("subdural hematoma", "SDH"),
        ("midline shift", "MLS*"),
        ("fracture", "TFX"),
        ("scalp hematoma", "SCALP"),
    ],
    "2150-03-02_02_ct_cspine.txt": [
        ("fracture", None),  # the reason for the exam: GUIDELINE rule 8
        ("fracture", "CFX*"),
        ("malalignment", "MALALIGN*"),
        ("degenerative changes", "CDJD"),
        ("disc osteophyte complex", "DOC"),
        ("narrowing", "CSTEN"),
        ("thickened", "PVST"),
        ("fracture", "CFX*"),
        ("malalignment", "MALALIGN*"),
        ("degenerative disease", "CDJD"),
    ],
    "2150-03-02_03_ct_abdomen.txt": [
        ("pleural effusion", "LEFF"),
        ("atelectasis", "LATEL"),
        ("pneumothorax", "NOPTX*"),
        ("lesion", "HCYST"),
        ("cyst", "HCYST"),
        ("laceration", "SPLAC"),
        ("hematoma", "PSH"),
        ("extravasation", "EXTRAV*"),
        ("cyst", "RCYST"),
        ("hydronephrosis", "HYDRON"),
        ("renal injury", "RINJ"),
        ("bowel wall thickening", "BWT"),
        ("free air", "FREEAIR*"),
        ("free fluid", "FF"),
        ("Foley catheter", "FOLEY"),
        ("fracture", "PLFX"),
        ("splenic laceration", "SPLAC"),
        ("perisplenic hematoma", "PSH"),
        ("extravasation", "EXTRAV*"),
        ("free fluid", "FF"),
        ("pleural effusion", "LEFF"),
        ("atelectasis", "LATEL"),
        ("hepatic cyst", "HCYST"),
        ("renal cyst", "RCYST"),
    ],
    "2150-03-02_04_chest_portable.txt": [
        ("endotracheal tube", "ETT1"),
        ("nasogastric tube", "NGT1"),
        ("tip", "NGT1"),  # the tip stands for the device before it
        ("central venous catheter", "RIJ"),
        ("pleural effusion", "LEFF"),
        ("atelectasis", "LATEL"),
        ("pneumothorax", "NOPTX*"),
        ("Endotracheal tube", "ETT1"),
        ("NG tube", "NGT1"),
        ("IJ line", "RIJ"),
        ("pleural effusion", "LEFF"),
        ("atelectasis", "LATEL"),
    ],
    "2150-03-03_05_chest_portable_mimic.txt": [
        ("ETT", "ETT1"),  # a device named in the reason for the exam: it exists
        ("ETT", "ETT1"),  # a device named in the reason for the exam: it exists
        ("pneumonia", None),  # the reason for the exam: GUIDELINE rule 8
        ("ET tube", "ETT1"),
        ("NG tube", "NGT1"),
        ("IJ catheter", "RIJ"),
        ("pleural effusion", "LEFF"),
        ("opacity", "RLL1"),
        ("aspiration", "RLL1"),
        ("pneumothorax", "NOPTX*"),
        ("ETT", "ETT1"),
        ("opacity", "RLL1"),
        ("aspiration", "RLL1"),
        ("pleural effusion", "LEFF"),
    ],
    "2150-03-03_06_ct_head.txt": [
        ("subdural hematoma", None),  # the reason for the exam: GUIDELINE rule 8
        ("subdural hematoma", "SDH"),
        ("midline shift", "MLS*"),
        ("intracranial hemorrhage", "ICH*"),
        ("fracture", "TFX"),
        ("SDH", "SDH"),
        ("hemorrhage", "ICH*"),
    ],
    "2150-03-04_07_chest_portable.txt": [
        ("ETT", "ETT1"),  # a device named in the reason for the exam: it exists
        ("endotracheal tube", "ETT1"),
        ("nasogastric tube", "NGT1"),
        ("internal jugular line", "RIJ"),
        ("opacity", "RLL1"),
        ("pneumonia", "RLL1"),
        ("pleural effusion", "LEFF"),
        ("pneumothorax", "RPTX"),
        ("pneumothorax", "RPTX"),
        ("pneumonia", "RLL1"),
        ("ETT", "ETT1"),
    ],
    "2150-03-05_08_chest_portable.txt": [
        ("chest tube", "RCT"),  # a device named in the reason for the exam: it exists
        ("pneumothorax", None),  # the reason for the exam: GUIDELINE rule 8
        ("chest tube", "RCT"),
        ("tip", "RCT"),  # the tip stands for the device before it
        ("pneumothorax", "RPTX"),
        ("endotracheal tube", "ETT1"),
        ("nasogastric tube", "NGT1"),
        ("IJ catheter", "RIJ"),
        ("pneumonia", "RLL1"),
        ("pleural effusion", "LEFF"),
        ("chest tube", "RCT"),
        ("pneumothorax", "RPTX"),
        ("endotracheal", "ETT1"),
        ("nasogastric tubes", "NGT1"),
        ("pneumonia", "RLL1"),
    ],
    "2150-03-06_09_abdomen_xray.txt": [
        ("Feeding tube", "DHT"),  # a device named in the reason for the exam: it exists
        ("Dobhoff feeding tube", "DHT"),
        ("tip", "DHT"),  # the tip stands for the device before it
        ("ileus", "ILEUS"),
        ("free intraperitoneal air", "FREEAIR*"),
        ("Foley catheter", "FOLEY"),
        ("Feeding tube", "DHT"),
        ("ileus", "ILEUS"),
        ("obstruction", "SBO"),
    ],
    "2150-03-08_10_us_abdomen.txt": [
        ("splenic injury", None),  # the reason for the exam: GUIDELINE rule 8
        ("hepatic lesion", None),  # the reason for the exam: GUIDELINE rule 8
        ("lesion", "HCYST"),
        ("hepatic cyst", "HCYST"),
        ("perisplenic hematoma", "PSH"),
        ("splenic laceration", "SPLAC"),
        ("sludge", "SLUDGE"),
        ("wall thickening", "GBWT"),
        ("pericholecystic fluid", "PCF"),
        ("cholecystitis", "CHOLE*"),
        ("ascites", "ASCITES"),
        ("perisplenic hematoma", "PSH"),
        ("hepatic cyst", "HCYST"),
        ("sludge", "SLUDGE"),
        ("cholecystitis", "CHOLE*"),
    ],
    "2150-03-09_11_chest_portable.txt": [
        ("chest tube", "RCT"),  # a device named in the reason for the exam: it exists
        ("chest tube", "RCT"),
        ("pneumothorax", "RPTX"),
        ("Dobhoff tube", "DHT"),
        ("IJ line", "RIJ"),
        ("pleural effusion", "LEFF"),
        ("opacity", "RLL1"),
        ("edema", "EDEMA"),
        ("pneumothorax", "RPTX"),
        ("chest tube", "RCT"),
        ("pneumonia", "RLL1"),
        ("effusion", "LEFF"),
        ("pulmonary edema", "EDEMA"),
    ],
    "2150-03-12_12_chest_pa_lat.txt": [
        ("PICC", "PICC"),  # a device named in the reason for the exam: it exists
        ("internal jugular catheter", "RIJ"),
        ("PICC line", "PICC"),
        ("feeding tube", "DHT"),
        ("opacity", "RLL1"),
        ("pulmonary edema", "EDEMA"),
        ("pleural effusion", "LEFF"),
        ("pneumothorax", "NOPTX*"),
        ("PICC", "PICC"),
        ("tip", "PICC"),  # the tip stands for the device before it
        ("pneumonia", "RLL1"),
        ("edema", "EDEMA"),
        ("effusion", "LEFF"),
    ],
    "2150-03-20_13_mr_brain.txt": [
        ("subdural hematoma", None),  # the reason for the exam: GUIDELINE rule 8
        ("subdural collection", "SDH"),
        ("mass effect", "MASSEFF"),
        ("infarct", "INFARCT*"),
        ("contusion", "CONTUSION"),
        ("subdural hematoma", "SDH"),
        ("infarct", "INFARCT*"),
    ],
    "2150-04-02_14_chest_pa_lat.txt": [
        ("PICC", "PICC"),
        ("pleural effusion", "LEFF"),
        ("pneumothorax", "NOPTX*"),
        ("pleural effusion", "LEFF"),
    ],
    "2150-05-15_15_cta_chest.txt": [
        ("pulmonary embolism", None),  # the reason for the exam: GUIDELINE rule 8
        ("pulmonary embolism", "PE*"),
        ("consolidation", "RLL2"),
        ("pneumonia", "RLL2"),
        ("pleural effusion", "REFF"),
        ("pneumothorax", "NOPTX*"),
        ("lymphadenopathy", "LAD"),
        ("hepatic cyst", "HCYST"),
        ("pulmonary embolism", "PE*"),
        ("consolidation", "RLL2"),
        ("pneumonia", "RLL2"),
        ("pleural effusion", "REFF"),
    ],
    "2150-05-16_16_chest_portable.txt": [
        ("endotracheal tube", "ETT2"),
        ("nasogastric tube", "NGT2"),
        ("tip", "NGT2"),  # the tip stands for the device before it
        ("consolidation", "RLL2"),
        ("pleural effusions", "BEFF"),
        ("infiltrate", "LLLI"),
        ("pneumothorax", "NOPTX*"),
        ("ETT", "ETT2"),
        ("NGT", "NGT2"),
        ("pneumonia", "RLL2"),
        ("pleural effusions", "BEFF"),
    ],
    "2150-05-19_17_chest_portable.txt": [
        ("ET tube", "ETT2"),
        ("NG tube", "NGT2"),
        ("pneumonia", "RLL2"),
        ("pleural effusions", "BEFF"),
        ("opacity", "LLLI"),
        ("pneumothorax", "NOPTX*"),
        ("pneumonia", "RLL2"),
        ("effusions", "BEFF"),
    ],
    "outside_lumbar_spine.txt": [
        ("levoscoliosis", "SCOLIOSIS"),
        ("compression fracture", "LCFX"),
        ("degenerative disc disease", "DDD"),
        ("disc space narrowing", "DSN"),
        ("Surgical clips", "CLIPS"),
        ("Degenerative disc disease", "DDD"),
    ],
}


def write_gold(
    src: Path,
    out: Path,
    gold: dict[str, list[tuple[str, str | None]]],
    devices: set[str],
    *,
    whole_words: bool = False,
    negatives_per_report: bool = False,
) -> int:
    """Write ``out`` (copies of ``src``'s reports with brat ``.ann`` files) from ``gold``.

    ``whole_words``: a surface matches only as whole words ("tip" not inside "multiple").
    ``negatives_per_report``: a routine negative ("NAME*") stated twice in one report is one
    chain (GUIDELINE rule 9), not one chain per statement. Returns the exit status."""
    own: dict[str, int] = {}

    def chain_of(label: str, report: str) -> str:
        """The chain id of a mention: a routine negative ("NAME*") gets one of its own."""
        if not label.endswith("*"):
            return label
        base = label[:-1]
        if negatives_per_report:
            key = f"{base}@{report}"
            if key not in own:
                own[base] = own.get(base, 0) + 1
                own[key] = own[base]
            return f"{base}-{own[key]}"
        own[base] = own.get(base, 0) + 1
        return f"{base}-{own[base]}"

    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name, items in gold.items():
        raw = (src / name).read_bytes()
        text = raw.decode("utf-8")
        lines, pos, n = [], 0, 0
        for surface, label in items:
            if whole_words:
                hit = re.compile(rf"(?<!\w){re.escape(surface)}(?!\w)").search(text, pos)
                start = hit.start() if hit else -1
            else:
                start = text.find(surface, pos)
            if start < 0:
                print(f"{name}: {surface!r} not found after offset {pos}", file=sys.stderr)
                return 1
            end = start + len(surface)
            pos = end
            if label is None:
                continue
            chain = chain_of(label, name)
            n += 1
            kind = "Device" if label in devices or chain in devices else "Finding"
            lines.append(f"T{n}\t{kind} {start} {end}\t{surface}")
            lines.append(f"A{n}\tChain T{n} {chain}")
        (tmp / name).write_bytes(raw)
        (tmp / name).with_suffix(".ann").write_text("\n".join(lines) + "\n", encoding="utf-8")
    missing = {p.name for p in src.glob("*.txt")} - set(gold)
    if missing:
        print(f"not annotated: {sorted(missing)}", file=sys.stderr)
        return 1
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    n = sum(1 for v in gold.values() for _, c in v if c is not None)
    chains = {c for v in gold.values() for _, c in v if c is not None and not c.endswith("*")}
    n_chains = len(chains) + sum(v for k, v in own.items() if "@" not in k)
    print(f"wrote {out} ({len(gold)} reports, {n} mentions, {n_chains} chains)")
    return 0


def main() -> int:
    return write_gold(SRC, OUT, GOLD, DEVICES)


if __name__ == "__main__":
    sys.exit(main())
