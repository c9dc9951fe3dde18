"""Write resources/samples/oncology_patient_gold/: the oncology demo patient's reports with
our hand annotation of mentions and chains, in brat standoff (FORMATS §1.3).

Same table form as ``make_demo_gold.py`` (which writes the files): each report lists its
mentions in text order as (surface, chain); a surface matches whole words only; None skips an
occurrence (a question in the reason for the exam, GUIDELINE rule 8); "NAME*" is a routine
negative about something never seen positive, its own chain per report (rules 7 and 9: a
negative restated in the impression is one chain with the findings' statement).
The reading behind the chains is in resources/samples/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_demo_gold import write_gold

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "radtrack_gui" / "resources" / "samples"
SRC = SAMPLES / "oncology_patient"
OUT = SAMPLES / "oncology_patient_gold"

# The plastic biliary stent (removed at ERCP), the metal stent that replaced it (an exchange is
# a new device: GUIDELINE devices rule 1), the right chest port.
DEVICES = {"STENT1", "STENT2", "PORT"}

GOLD: dict[str, list[tuple[str, str | None]]] = {
    "2151-01-10_01_ct_cap.txt": [
        ("pancreatic adenocarcinoma", None),  # the reason for the exam: GUIDELINE rule 8
        ("nodule", "RULNOD"),
        ("pleural effusion", "PEFF*"),
        ("lymphadenopathy", "LAD*"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("intrahepatic biliary dilatation", "BILDIL1"),
        ("biliary stent", "STENT1"),
        ("mass", "PANC"),
        ("encasement", "ENCASE*"),
        ("lymph node", "NODE"),
        ("ascites", "ASC*"),
        ("nodularity", "PERITONEAL*"),
        ("osseous lesion", "BONE*"),
        ("mass", "PANC"),
        ("liver lesion", "SEG8"),
        ("metastasis", "SEG8"),
        ("liver lesion", "SEG6"),
        ("lymph node", "NODE"),
        ("Biliary stent", "STENT1"),
        ("intrahepatic biliary dilatation", "BILDIL1"),
        ("nodule", "RULNOD"),
    ],
    "2151-01-17_02_pet_ct.txt": [
        ("mass", "PANC"),
        ("FDG avid", "PANC"),  # uptake describes the lesion it is in: its chain
        ("liver lesion", "SEG8"),
        ("FDG avid", "SEG8"),
        ("liver lesion", "SEG6"),
        ("uptake", "SEG6"),
        ("lymph node", "NODE"),
        ("FDG avid", "NODE"),
        ("nodule", "RULNOD"),
        ("osseous lesion", "BONE*"),
        ("Biliary stent", "STENT1"),
        ("mass", "PANC"),
        ("liver metastasis", "SEG8"),
        ("nodal metastasis", "NODE"),
        ("liver lesion", "SEG6"),
        ("osseous metastasis", "BONE*"),
    ],
    "2151-01-24_03_chest_port.txt": [
        ("Port", "PORT"),  # a device named in the reason for the exam: it exists
        ("chest port", "PORT"),
        ("tip", "PORT"),  # the tip stands for the device before it
        ("pneumothorax", "PTX*"),
        ("clear", "LUNGS"),
        ("chest port", "PORT"),
        ("tip", "PORT"),
        ("pneumothorax", "PTX*"),
    ],
    "2151-02-05_04_mr_liver.txt": [
        ("lesion", "SEG8"),
        ("metastasis", "SEG8"),
        ("lesion", "SEG6"),
        ("metastasis", "SEG6"),
        ("liver lesion", "NOADD*"),
        ("biliary stent", "STENT1"),
        ("intrahepatic biliary dilatation", "BILDIL1"),
        ("mass", "PANC"),
        ("liver metastasis", "SEG8"),
        ("liver metastasis", "SEG6"),
        ("lesion", "NOADD*"),
    ],
    "2151-03-20_05_ct_cap.txt": [
        ("chest port", "PORT"),
        ("nodule", "RULNOD"),
        ("pleural effusion", "PEFF*"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("liver lesion", "NONEW*"),
        ("intrahepatic biliary dilatation", "BILDIL1"),
        ("biliary stent", "STENT1"),
        ("pneumobilia", "PNEUMOBILIA"),
        ("mass", "PANC"),
        ("lymph node", "NODE"),
        ("ascites", "ASC*"),
        ("mass", "PANC"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("node", "NODE"),
        ("Biliary stent", "STENT1"),
        ("chest port", "PORT"),
    ],
    "2151-04-02_06_ercp.txt": [
        ("biliary stent", "STENT1"),  # a device named in the reason for the exam: it exists
        ("biliary stent", "STENT1"),
        ("stricture", "STRICT"),
        ("dilatation", "BILDIL2"),  # dilatation again after it resolved: a new chain (rule 5)
        ("biliary stent", "STENT2"),
        ("stricture", "STRICT"),
        ("biliary stent", "STENT1"),
        ("biliary stent", "STENT2"),
        ("stricture", "STRICT"),
    ],
    "2151-06-15_07_ct_cap.txt": [
        ("chest port", "PORT"),
        ("tip", "PORT"),
        ("nodule", "RULNOD"),
        ("pleural effusion", "PEFF*"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("lesion", "SEG2"),
        ("biliary stent", "STENT2"),
        ("biliary dilatation", "BILDIL2"),
        ("mass", "PANC"),
        ("lymph node", "NODE"),
        ("ascites", "ASC"),
        ("mass", "PANC"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("node", "NODE"),
        ("liver metastasis", "SEG2"),
        ("ascites", "ASC"),
    ],
    "2151-09-10_08_ct_cap.txt": [
        ("chest port", "PORT"),
        ("tip", "PORT"),
        ("nodule", "RULNOD"),
        ("pleural effusion", "PEFF*"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("lesion", "SEG2"),
        ("biliary stent", "STENT2"),
        ("mass", "PANC"),
        ("lymph node", "NODE"),
        ("ascites", "ASC"),
        ("mass", "PANC"),
        ("lesion", "SEG8"),
        ("lesion", "SEG6"),
        ("lesion", "SEG2"),
        ("node", "NODE"),
        ("Ascites", "ASC"),
        ("biliary stent", "STENT2"),
        ("chest port", "PORT"),
    ],
}


def main() -> int:
    return write_gold(SRC, OUT, GOLD, DEVICES, whole_words=True, negatives_per_report=True)


if __name__ == "__main__":
    sys.exit(main())
