"""Fuzz cases shared by the test suite (hypothesis drives the seeds and JSON values) and
``scripts/fuzz_long.py`` (many seeds). Each ``check_*`` builds one hostile input from a
random generator, reads it, and raises ``AssertionError`` when a property breaks:

- no exception but ``InputError`` escapes a reader, and none at all escapes a folder read;
- every problem names its file; valid files beside broken ones still load;
- offsets inside the text, every mention in exactly one chain (``Patient.check``);
- what was read can be stored and loaded back equal; exports read back equal.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Mention, Patient, Report

VALID = "Date: 2150-01-02 10:00\nExam: CHEST PA\n\nFINDINGS: Small left pleural effusion.\n"
WORDS = [
    "effusion",
    "left",
    "tube",
    "=SUM(A1)",
    "+1",
    "-x",
    "@a",
    "\t",
    "'",
    "\u00e9",
    "\u2028",
    "\x00",
    "\x1b",
    "\ud800",
    "\ufeff",
    "\r\n",
    "  ",
    "[**2150-1-1**]",
    ";",
    "|",
]


def junk_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(10 if depth < 3 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 7, 2**31, 2**63, -(2**63) - 1, 10**30])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e308])
    if kind in (4, 5, 6):
        return "".join(rng.choice(WORDS) for _ in range(rng.randrange(4)))
    if kind in (7, 8):
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    return {
        rng.choice(["id", "text", "start", "end", "x"]): junk_value(rng, depth + 1)
        for _ in range(rng.randrange(3))
    }


SAFE = [
    "effusion",
    "left",
    "tube",
    "pleural",
    "no",
    "stable",
    "\n",
    "=SUM(A1)",
    "+1",
    "-x",
    "@a",
    "'",
    "\u00e9",
    "\t",
]


def random_text(rng: random.Random, n: int = 60, hostile: bool = False) -> str:
    """Words that round-trip (or, ``hostile``, also control and invalid characters)."""
    return " ".join(
        rng.choice(WORDS + SAFE if hostile else SAFE) for _ in range(rng.randrange(1, n))
    )


def valid_patient(rng: random.Random) -> Patient:
    """A consistent patient with random text, spans and chains."""
    p = Patient(id=f"p{rng.randrange(100)}")
    when = datetime(2150, 1, 1)
    n = 0
    for r in range(rng.randrange(1, 4)):
        text = random_text(rng)
        when += timedelta(days=rng.randrange(1, 30))
        p.reports.append(
            Report(
                f"r{r}.txt",
                text + ".",
                date=when,
                date_known=True,
                exam=rng.choice(["CT HEAD", "=cmd", "+X", "CHEST"]),
                modality=rng.choice(["CT", "XR", "OTHER"]),
            )
        )
        for _ in range(rng.randrange(4)):
            a = rng.randrange(len(text))
            b = rng.randrange(a + 1, len(text) + 1)
            if not text[a:b].strip():
                continue
            while text[a].isspace():  # spans are trimmed (brat cannot start one at a
                a += 1  # line break)
            while text[b - 1].isspace():
                b -= 1
            n += 1
            p.mentions[f"m{n}"] = Mention(
                f"m{n}",
                f"r{r}.txt",
                a,
                b,
                text[a:b],
                type=rng.choice(["finding", "device"]),
                concept=rng.choice([None, "pleural effusion", "@x"]),
                laterality=rng.choice([None, "left", "right"]),
                assertion=rng.choice(["present", "absent", "possible"]),
            )
    ids = list(p.mentions)
    rng.shuffle(ids)
    clusters = [ids[i : i + rng.randrange(1, 4)] for i in range(0, len(ids), 3)]
    p.set_chains(clusters)
    return p


def mutate(rng: random.Random, doc: Any, edits: int) -> Any:
    """``doc`` with ``edits`` random fields replaced, deleted or retyped."""
    for _ in range(edits):
        path: list[Any] = []
        node = doc
        while isinstance(node, dict | list) and node and rng.random() < 0.75:
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append(key)
            node = node[key]
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and rng.random() < 0.2:
            del parent[path[-1]]
        else:
            parent[path[-1]] = junk_value(rng)
    return doc


def _named(patient: Patient, names: set[str]) -> None:
    for q in patient.problems:
        head = q.file.split(":")[0].split(" ")[0]
        assert any(head == n or head.endswith("/" + n) for n in names) or q.file in names, q


_STORES: dict[str, Any] = {}


def _stored_equal(patient: Patient, folder: Path) -> None:
    """Saved into a store (one per process, replaced each time) and loaded back equal."""
    import atexit
    import os
    import tempfile

    from radtrack_gui.store.db import ProjectStore

    store = _STORES.get(str(os.getpid()))
    if store is None:
        tmp = tempfile.mkdtemp(prefix="fuzz-store-")
        store = _STORES[str(os.getpid())] = ProjectStore.open(Path(tmp) / "s.sqlite")
        atexit.register(store.close)
        atexit.register(__import__("shutil").rmtree, tmp, True)
    store.save_patient(patient, "model:fuzz")
    back = store.load_patient()
    assert back is not None and back.check() == []
    assert {m.id: (m.report, m.start, m.end, m.text, m.chain) for m in back.mentions.values()} == {
        m.id: (m.report, m.start, m.end, m.text, m.chain) for m in patient.mentions.values()
    }


def check_json(seed: int, folder: Path) -> str:
    """A mutated RadTrack JSON: read (or refused with InputError), consistent, storable."""
    from radtrack_gui.formats.json_io import patient_to_dict, read_json

    rng = random.Random(seed)
    doc = mutate(rng, patient_to_dict(valid_patient(rng)), rng.randrange(1, 6))
    path = folder / "case.json"
    try:
        raw = json.dumps(doc)
    except ValueError:
        return "unencodable"
    if rng.random() < 0.05:
        raw = "[" * rng.randrange(1000, 60000) + raw
    path.write_text(raw, encoding="utf-8", errors="surrogatepass")
    try:
        patient = read_json(path)
    except InputError:
        return "refused"
    assert patient.check() == [], patient.check()
    _named(patient, {"case.json"})
    _stored_equal(patient, folder)
    return "read"


def check_folder(seed: int, folder: Path) -> str:
    """A valid report beside hostile files of every kind: the valid one always loads."""
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.formats.mimic_csv import SeveralPatients

    rng = random.Random(seed)
    sub = folder / f"f{seed}"
    sub.mkdir()
    (sub / "0_valid.txt").write_text(VALID, encoding="utf-8")
    names = {"0_valid.txt"}
    for i in range(rng.randrange(1, 5)):
        kind = rng.choice(["txt", "json", "csv", "ann", "bin", "meta"])
        name = (
            f"{i + 1}_x.{kind}"
            if kind not in ("ann", "meta")
            else ("radtrack_meta.tsv" if kind == "meta" else f"{i + 1}_x.ann")
        )
        if kind == "ann":
            (sub / f"{i + 1}_x.txt").write_text(
                random_text(rng, hostile=True), encoding="utf-8", errors="surrogatepass"
            )
            names.add(f"{i + 1}_x.txt")
            data = "\n".join(brat_line(rng) for _ in range(rng.randrange(1, 6)))
            (sub / name).write_text(data, encoding="utf-8", errors="surrogatepass")
        elif kind == "bin":
            (sub / name).write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(64))))
        elif kind == "json":
            from radtrack_gui.formats.json_io import patient_to_dict

            d = mutate(rng, patient_to_dict(valid_patient(rng)), rng.randrange(0, 4))
            (sub / name).write_text(json.dumps(d), encoding="utf-8", errors="surrogatepass")
        elif kind == "csv":
            cells = [
                "ROW_ID",
                "SUBJECT_ID",
                "CHARTDATE",
                "CHARTTIME",
                "CATEGORY",
                "DESCRIPTION",
                "TEXT",
            ]
            rows = [",".join(cells)] + [
                ",".join(
                    json.dumps(junk_value(rng) if rng.random() < 0.4 else v)
                    for v in [
                        str(i),
                        "p",
                        "2150-01-01",
                        "",
                        "Radiology",
                        "CT",
                        random_text(rng, hostile=True),
                    ]
                )
                for i in range(rng.randrange(3))
            ]
            (sub / name).write_text("\n".join(rows), encoding="utf-8", errors="surrogatepass")
        elif kind == "meta":
            rows = [
                "file\tid\tdate\tdate_known\texam\tmodality\tregion\tpatient",
                "\t".join(str(junk_value(rng)) for _ in range(rng.randrange(10))),
            ]
            (sub / name).write_text("\n".join(rows), encoding="utf-8", errors="surrogatepass")
        else:
            data = random_text(rng, hostile=True).encode("utf-8", "surrogatepass")
            (sub / name).write_bytes(rng.choice([b"\xff\xfe", b"", b"\xef\xbb\xbf"]) + data)
        names.add(name)
    try:
        patient = read_patient_folder(sub)
    except SeveralPatients:
        return "asked"  # a CSV of several patients: the user picks one (by design)
    except InputError as exc:
        raise AssertionError(f"the valid report did not load: {exc}") from exc
    assert any(r.text == VALID for r in patient.reports)
    assert patient.check() == [], patient.check()
    _named(patient, names | {sub.name, "*.json"})
    _stored_equal(patient, sub)
    return "read"


def brat_line(rng: random.Random) -> str:
    kind = rng.randrange(6)
    a, b = rng.randrange(-5, 80), rng.randrange(-5, 120)
    if kind == 0:
        return f"T{rng.randrange(5)}\tFinding {a} {b}\t{random_text(rng, 3)}"
    if kind == 1:
        return f"T{rng.randrange(5)}\tDevice {a} {b};{b} {b + 3}\tx"
    if kind == 2:
        return f"A{rng.randrange(5)}\tChain T{rng.randrange(5)} {junk_value(rng)}"
    if kind == 3:
        return f"#{rng.randrange(5)}\tAnnotatorNotes T{rng.randrange(5)}\tchain={junk_value(rng)}"
    if kind == 4:
        return (
            f"A{rng.randrange(5)}\t{rng.choice(['Assertion', 'Laterality'])} T1 "
            f"{rng.choice(['left', 'absent', '='])}"
        )
    return str(junk_value(rng))


def check_brat(seed: int, folder: Path) -> str:
    """A text with hostile standoff: spans that fit are kept, the rest are problems."""
    from radtrack_gui.formats.brat import read_brat_pair

    rng = random.Random(seed)
    text = random_text(rng, hostile=rng.random() < 0.5)
    txt, ann = folder / "b.txt", folder / "b.ann"
    txt.write_text(text, encoding="utf-8", errors="surrogatepass")
    lines = [brat_line(rng) for _ in range(rng.randrange(1, 8))]
    ann.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
    try:
        doc = read_brat_pair(txt, ann)
    except InputError:
        return "refused"
    for m in doc.mentions:
        assert 0 <= m.start < m.end <= len(doc.report.text)
        assert all(0 <= x < y <= len(doc.report.text) for x, y in m.fragments)
    for q in doc.problems:
        assert q.file.split(":")[0] in ("b.txt", "b.ann"), q
    return "read"


def check_exports(seed: int, folder: Path) -> str:
    """JSON, CSV and brat exports of a random patient read back equal."""
    from radtrack_gui.formats.brat import write_brat
    from radtrack_gui.formats.csv_io import read_csv, write_csv
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.formats.json_io import read_json, write_json

    rng = random.Random(seed)
    p = valid_patient(rng)

    def spans(q: Patient) -> dict[tuple[str, int, int], str]:
        return {(m.report, m.start, m.end): m.text for m in q.mentions.values()}

    def groups(q: Patient) -> set[frozenset[tuple[str, int, int]]]:
        return {
            frozenset(
                (q.mentions[m].report, q.mentions[m].start, q.mentions[m].end) for m in c.mentions
            )
            for c in q.chains.values()
        }

    write_json(p, folder / "e.json")
    back = read_json(folder / "e.json")
    assert back.check() == [] and spans(back) == spans(p) and groups(back) == groups(p)
    assert [(r.id, r.text, r.exam) for r in back.reports] == [
        (r.id, r.text, r.exam) for r in p.reports
    ]
    write_csv(p, folder / "e.csv")
    back = read_csv(folder / "e.csv", Patient(id=p.id, reports=p.reports))
    assert back.check() == [] and spans(back) == spans(p) and groups(back) == groups(p)
    if p.mentions:
        write_brat(p, folder / f"brat{seed}")
        back = read_patient_folder(folder / f"brat{seed}")
        assert back.check() == [] and spans(back) == spans(p) and groups(back) == groups(p)
    return "read"


def check_store_edits(seed: int, folder: Path) -> str:
    """Random edits through the store: memory and disk agree; invariants hold."""
    from radtrack_gui.core.edits import MarkReviewed, MergeChains, MoveMention, SplitChain
    from radtrack_gui.store.db import ProjectStore

    rng = random.Random(seed)
    p = valid_patient(rng)
    if not p.mentions:
        return "empty"
    path = folder / f"s{seed}.sqlite"
    with ProjectStore.open(path) as store:
        store.save_patient(p, "model:fuzz")
        for _ in range(rng.randrange(1, 12)):
            chains = sorted(p.chains)
            choice = rng.randrange(4)
            try:
                if choice == 0 and len(chains) > 1:
                    store.apply(MergeChains(rng.sample(chains, 2)), p, "person:fuzz")
                elif choice == 1:
                    store.apply(
                        MoveMention(rng.choice(sorted(p.mentions)), rng.choice([None, *chains])),
                        p,
                        "person:fuzz",
                    )
                elif choice == 2:
                    cid = rng.choice(chains)
                    store.apply(
                        SplitChain(cid, mention_ids=p.chains[cid].mentions[:1]), p, "person:fuzz"
                    )
                else:
                    store.apply(MarkReviewed(rng.choice(chains)), p, "person:fuzz")
            except InputError:
                pass  # an edit the model refuses: nothing changed
            assert p.check() == [], p.check()
        assert store.check_invariants() == []
        back = store.load_patient()
    assert back is not None and back.check() == [] and not store.repaired
    assert {c: sorted(x.mentions) for c, x in back.chains.items()} == {
        c: sorted(x.mentions) for c, x in p.chains.items()
    }
    return "read"


# Report words, and characters whose case mapping changes their length ("İ".lower() is two
# characters, "ß".upper() is "SS") or that case-fold oddly (Kelvin sign, final sigma, ligatures).
CLINICAL = [
    "left",
    "right",
    "bilateral",
    "small",
    "large",
    "new",
    "stable",
    "no",
    "gastric",
    "tube",
    "chest",
    "tip",
    "effusion",
    "pleural",
    "lobe",
    "lower",
    "upper",
    "rib",
    "fracture",
    "opacity",
    "L4-L5",
    "disc",
    "catheter",
    "in",
    "the",
    "at",
    "of",
    ",",
    ".",
    ";",
    ":",
    "3",
    "cm",
    "IMPRESSION:",
    "FINDINGS:",
    "stent",
    "liver",
    "segment",
    "7",
    "lesion",
    "measuring",
    "12",
    "mm",
]
CASE_CHARS = ["İ", "ß", "ẞ", "K", "Σ", "ς", "ﬁ", "ǅ", "ŉ", "İH", "ΐ", "Å", "İn"]


def check_extract(seed: int, folder: Path) -> str:
    """Report text with case-mapping characters through the whole pipeline (rules, default
    linker): no exception, every mention's offsets inside its report and its text the slice."""
    from radtrack_gui.pipeline import process_folder

    rng = random.Random(seed)
    sub = folder / f"e{seed}"
    sub.mkdir()
    for i in range(rng.randrange(1, 3)):
        words = [
            rng.choice(CASE_CHARS) if rng.random() < 0.2 else rng.choice(CLINICAL)
            for _ in range(rng.randrange(5, 60))
        ]
        glued = "".join(w if rng.random() < 0.3 else " " + w for w in words)
        text = f"Date: 2150-01-0{i + 1} 10:00\nExam: CT ABDOMEN\n\nFINDINGS:{glued}\n"
        (sub / f"{i + 1}.txt").write_text(text, encoding="utf-8")
    patient = process_folder(sub)
    assert not patient.check(), patient.check()
    texts = {r.id: r.text for r in patient.reports}
    for m in patient.mentions.values():
        body = texts[m.report]
        assert 0 <= m.start < m.end <= len(body), (m.start, m.end, len(body))
        assert m.text == body[m.start : m.end], (m.text, body[m.start : m.end])
    return "mentions" if patient.mentions else "no mentions"


def check_special(seed: int, folder: Path) -> str:
    """A valid report beside special files, links (to FIFOs, devices, nowhere, in a loop),
    folders named like reports and names that are not UTF-8: the folder read returns, the
    valid report loads, every other entry is named as skipped."""
    import os

    from radtrack_gui.formats.folder import read_patient_folder

    rng = random.Random(seed)
    sub = folder / f"s{seed}"
    sub.mkdir()
    (sub / "0_valid.txt").write_text(VALID, encoding="utf-8")
    fifo = folder / "pipe"
    if not fifo.exists():
        os.mkfifo(fifo)
    for i in range(rng.randrange(1, 6)):
        raw = (
            os.fsencode(sub)
            + b"/"
            + rng.choice([b"%d_x.txt", b"%d_\xe9\xff.txt", b"%d.json"]) % (i + 1)
        )
        name = os.fsdecode(raw)
        kind = rng.choice(["fifo", "zero", "dangling", "loop", "dir", "text"])
        if kind == "fifo":
            os.symlink(fifo, name)
        elif kind == "zero":
            os.symlink("/dev/zero", name)
        elif kind == "dangling":
            os.symlink(folder / "nowhere", name)
        elif kind == "loop":
            os.symlink(name, name)
        elif kind == "dir":
            os.mkdir(name)
        else:
            Path(name).write_text(random_text(rng), encoding="utf-8")
    patient = read_patient_folder(sub)
    assert "0_valid.txt" in {r.id for r in patient.reports}
    for q in patient.problems:
        assert q.file and q.reason, q
    for r in patient.reports:
        r.id.encode("utf-8")  # shown, never a raw surrogate
    return "read"


def check_model_folder(seed: int, folder: Path) -> str:
    """A model folder with hostile entries: links (also to secrets, in loops), pickles under
    any name or case, fake safetensors, card paths outside the folder. Installing refuses with
    InputError, or installs plain files only, none from outside the folder."""
    import hashlib
    import os

    from radtrack_gui.nlp.model_install import install

    rng = random.Random(seed)
    secret = folder / "secret.txt"
    secret.write_text("outside")
    src = folder / "model"
    src.mkdir()
    safetensors = (2).to_bytes(8, "little") + b"{}"
    pickle = b"\x80\x04K\x01."
    files = {"config.json": b"{}", "model.safetensors": safetensors}
    card: dict[str, Any] = {"format": "radtrack-neural-extractor/1"}
    for _ in range(rng.randrange(0, 4)):
        kind = rng.choice(["link", "loop", "pickle", "PICKLE.BIN", "fake", "outside", "plain"])
        if kind == "link":
            link = src / f"vocab{rng.randrange(9)}.txt"
            if not link.is_symlink():
                os.symlink(secret, link)
        elif kind == "loop":
            (src / "sub").mkdir(exist_ok=True)
            if not (src / "sub" / "loop").is_symlink():
                os.symlink(src / "sub", src / "sub" / "loop")
        elif kind == "pickle":
            files[rng.choice(["weights.dat", "model.safetensors", "x"])] = pickle
        elif kind == "PICKLE.BIN":
            files["pytorch_model.BIN"] = b"anything"
        elif kind == "fake":
            files["model.safetensors"] = bytes(rng.randrange(256) for _ in range(20))
        elif kind == "outside":
            card["files"] = {
                rng.choice(["../secret.txt", str(secret), "a/../../secret.txt"]): (
                    hashlib.sha256(b"outside").hexdigest()
                )
            }
        else:
            files[f"extra{rng.randrange(9)}.txt"] = b"ok"
    for name, data in files.items():
        (src / name).write_bytes(data)
    (src / "radtrack_card.json").write_text(json.dumps(card))
    try:
        done = install(src, folder / "models")
    except InputError:
        return "refused"
    for path in done.path.rglob("*"):
        assert not path.is_symlink(), path
        assert path.is_dir() or path.read_bytes() != b"outside", path
        assert path.is_dir() or not path.read_bytes().startswith(b"\x80"), path
    return "installed"


_COHORT: dict[str, Path] = {}


def _built_cohort(folder: Path) -> Path:
    """A small real cohort (built once per process), copied for each case."""
    import shutil

    if "dir" not in _COHORT:
        import tempfile

        from radtrack_gui.cohort.output import CohortDir
        from radtrack_gui.cohort.sources import folder_patients
        from radtrack_gui.cohort.tasks import process_batch
        from radtrack_gui.evaluation.synth import synthesize

        base = Path(tempfile.mkdtemp(prefix="fuzz-cohort-"))
        synthesize(base / "gold", 3, 17)
        plain = base / "patients"
        for d in sorted(p for p in (base / "gold").iterdir() if p.is_dir()):
            (plain / d.name).mkdir(parents=True)
            for f in d.glob("*.txt"):
                shutil.copy(f, plain / d.name / f.name)
        cohort = CohortDir(base / "cohort")
        cohort.prepare(plain, "rules", "knowledge")
        items = folder_patients(plain)
        for n, group in enumerate((items[:2], items[2:])):
            res = process_batch(group, "rules", "knowledge")
            cohort.write_part(f"part-f-{n:05d}", res["tables"], res["records"])
        cohort.write_patients()
        _COHORT["dir"] = cohort.path
    out = folder / "cohort"
    shutil.copytree(_COHORT["dir"], out)
    return out


def check_cohort_damage(seed: int, folder: Path) -> str:
    """A cohort with a random manifest or Parquet file damaged (cut, overwritten, emptied,
    made ``null``/``{}``/``[{}]``): queries answer without a traceback and count no patient
    twice; the damaged partition is reported."""
    from radtrack_gui.cohort.output import CohortDir
    from radtrack_gui.cohort.query import run_query

    rng = random.Random(seed)
    path = _built_cohort(folder)
    cohort = CohortDir(path)
    victims = [*cohort.parts.glob("*.json"), *path.glob("*/part-*.parquet")]
    target = rng.choice(victims)
    data = target.read_bytes()
    how = rng.choice(["cut", "junk", "empty", "null", "obj", "listobj"])
    target.write_bytes(
        {
            "cut": data[: rng.randrange(len(data))],
            "junk": bytes(rng.randrange(256) for _ in range(64)),
            "empty": b"",
            "null": b"null",
            "obj": b"{}",
            "listobj": b"[{}]",
        }[how]
    )
    rows = run_query(
        path, "SELECT patient, count(DISTINCT id) AS n, count(*) AS m FROM reports GROUP BY 1"
    )
    for r in rows.to_pylist():
        assert r["n"] == r["m"], r  # no report counted twice
    return "damaged " + ("found" if cohort.damaged() else "harmless")


SQL_TEMPLATES = [
    "COPY reports TO '{p}'",
    "COPY (SELECT * FROM mentions) TO '{p}' (FORMAT PARQUET)",
    "SELECT * FROM read_csv('{p}')",
    "SELECT * FROM read_parquet('{p}')",
    "SELECT * FROM '{p}'",
    "INSTALL {w}",
    "LOAD {w}",
    "ATTACH '{p}' AS x",
    "SET {w} = true",
    "SELECT * FROM read_text('{p}')",
    "CREATE TABLE t AS SELECT * FROM read_json('{p}')",
    "SELECT count(*) FROM reports WHERE text LIKE '%{w}%'",
]


def check_free_sql(seed: int, folder: Path) -> str:
    """Hostile free SQL on a real cohort: it answers or fails with InputError, and never
    creates, reads or fetches a file outside the cohort."""
    from radtrack_gui.cohort.query import run_query

    rng = random.Random(seed)
    path = _built_cohort(folder)
    target = rng.choice(
        [str(folder / "leak.csv"), "/etc/hostname", "https://example.invalid/x.parquet",
         str(path / "reports" / "*.parquet"), "/dev/zero", str(folder / "x.db")]
    )  # fmt: skip
    word = rng.choice(["httpfs", "enable_external_access", "autoinstall_known_extensions", "x"])
    sql = rng.choice(SQL_TEMPLATES).format(p=target.replace("'", "''"), w=word)
    try:
        run_query(path, sql)
        outcome = "answered"
    except InputError:
        outcome = "refused"
    assert not (folder / "leak.csv").exists() and not (folder / "x.db").exists(), sql
    if outcome == "answered":
        assert "COPY" not in sql and "read_" not in sql and "ATTACH" not in sql, sql
    return outcome


CHECKS = {
    "special": check_special,
    "model": check_model_folder,
    "cohort": check_cohort_damage,
    "sql": check_free_sql,
    "extract": check_extract,
    "json": check_json,
    "folder": check_folder,
    "brat": check_brat,
    "exports": check_exports,
    "store": check_store_edits,
}
