"""Generated patients for timeline tests and benchmarks (synthetic, no real text)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from radtrack_gui.core.model import (
    ASSERTIONS,
    DEVICE,
    FINDING,
    Chain,
    Mention,
    Patient,
    Report,
    chain_label,
)

FINDINGS = [
    "pleural effusion",
    "pneumothorax",
    "opacity",
    "nodule",
    "atelectasis",
    "fracture",
    "consolidation",
    "edema",
    "mass",
    "hemorrhage",
    "cardiomegaly",
]
DEVICES = ["endotracheal tube", "nasogastric tube", "central line", "chest tube", "pacemaker"]
SIDES = [None, "left", "right", "bilateral"]
EXAMS = [
    ("XR", "CHEST (PORTABLE AP)", "chest"),
    ("CT", "CT CHEST W/CONTRAST", "chest"),
    ("CT", "CT HEAD W/O CONTRAST", "head"),
    ("MR", "MR HEAD W & W/O CONTRAST", "head"),
    ("US", "US ABDOMEN", "abdomen"),
    ("CTA", "CTA CHEST", "chest"),
    ("NM", "NM BONE SCAN", "body"),
    ("OTHER", "OUTSIDE FILM READ", ""),
]
F_CHANGES = [None, None, "new", "increased", "decreased", "stable", "resolved"]
D_CHANGES = [None, "inserted", "repositioned", "removed"]


def make_patient(
    n_chains: int = 12,
    n_reports: int = 8,
    n_mentions: int | None = None,
    undated: int = 1,
    seed: int = 7,
) -> Patient:
    """A patient with ``n_chains`` chains over ``n_reports`` reports (``undated`` of them
    without a date). With ``n_mentions`` the chains are lengthened to reach that total."""
    rng = random.Random(seed)
    start = datetime(2150, 3, 4, 9, 30)
    reports: list[Report] = []
    for i in range(n_reports):
        mod, exam, region = EXAMS[rng.randrange(len(EXAMS)) if i else 0]
        dated = i < n_reports - undated
        when = start + timedelta(days=i * 3 + rng.random() * 2, hours=rng.randrange(12))
        reports.append(
            Report(
                id=f"r{i + 1:04d}.txt",
                text="",
                date=when if dated else None,
                date_known=dated,
                exam=exam,
                modality=mod,
                region=region,
                flags=[] if dated else ["undated"],
            )
        )
    reports.sort(key=lambda r: (r.date is None, r.date or datetime.min, r.id))
    total = n_mentions if n_mentions is not None else n_chains * 2
    # Chain lengths: singletons and longer chains; the sum is ``total``.
    lengths = [1] * n_chains
    for _ in range(max(0, total - n_chains)):
        lengths[rng.randrange(n_chains)] += 1
    sentences: dict[str, list[tuple[str, str | None]]] = {r.id: [] for r in reports}
    specs: list[tuple[int, str, dict]] = []  # chain index, report id, mention fields
    for ci, length in enumerate(lengths):
        is_dev = rng.random() < 0.2
        name = rng.choice(DEVICES if is_dev else FINDINGS)
        side = rng.choice(SIDES)
        first = rng.randrange(n_reports)
        for k in range(length):
            rep = reports[min(n_reports - 1, first + k * rng.randrange(1, 3)) if k else first]
            assertion = rng.choices(ASSERTIONS, weights=[6, 2, 2])[0]
            change = rng.choice(D_CHANGES if is_dev else F_CHANGES)
            specs.append(
                (
                    ci,
                    rep.id,
                    {
                        "name": name,
                        "side": side,
                        "assertion": assertion,
                        "change": change,
                        "type": DEVICE if is_dev else FINDING,
                    },
                )
            )
    mentions: dict[str, Mention] = {}
    text_parts: dict[str, list[str]] = {r.id: [] for r in reports}
    pos: dict[str, int] = {r.id: 0 for r in reports}
    chain_members: list[list[str]] = [[] for _ in lengths]
    for n, (ci, rid, f) in enumerate(specs, 1):
        lead = {"present": "There is a ", "absent": "No ", "possible": "Possible "}
        head = lead[f["assertion"]] + (f"{f['side']} " if f["side"] else "")
        word = f["name"]
        tail = f" ({f['change']})." if f["change"] else "."
        sentence = head + word + tail + " "
        s = pos[rid] + len(head)
        mid = f"m{n}"
        mentions[mid] = Mention(
            id=mid,
            report=rid,
            start=s,
            end=s + len(word),
            text=word,
            type=f["type"],
            concept=word,
            laterality=f["side"],
            assertion=f["assertion"],
            change=f["change"],
            section="FINDINGS",
            source="model:test",
        )
        text_parts[rid].append(sentence)
        pos[rid] += len(sentence)
        sentences[rid].append((word, f["change"]))
        chain_members[ci].append(mid)
    for r in reports:
        r.text = "".join(text_parts[r.id]) or "No acute findings. "
    p = Patient(id="generated", reports=reports, mentions=mentions)
    order = p.report_index()
    chains: dict[str, Chain] = {}
    for ci, members in enumerate(chain_members, 1):
        members.sort(key=lambda mid: (order[mentions[mid].report], mentions[mid].start))
        cid = f"c{ci}"
        for mid in members:
            mentions[mid].chain = cid
        chains[cid] = Chain(
            cid, mentions[members[0]].type, chain_label(p, members), members, source="model:test"
        )
    p.chains = chains
    return p
