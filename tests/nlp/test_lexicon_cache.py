"""The vocabulary and its lexicon cached on disk in one file (issue #23 item 5): the same
tables and matches as a fresh read and build, a changed table invalidates it, and only a
private file RadTrack wrote is loaded."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from radtrack_gui.nlp import lexicon_cache
from radtrack_gui.nlp import vocabulary as vocab_module
from radtrack_gui.nlp.text import TOKEN_RE
from radtrack_gui.nlp.vocabulary import Lexicon, norm_token, read_vocabulary, vocabulary
from radtrack_gui.util.paths import demo_patient_dir, resource


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(lexicon_cache.OFF, raising=False)
    folder = tmp_path / "vocab"
    shutil.copytree(resource("vocab"), folder)
    return folder


def fresh(folder: Path):  # a Vocabulary read anew (vocabulary() keeps one per folder)
    return vocabulary.__wrapped__(str(folder))


def sentences() -> list[list[str]]:
    out = []
    for path in sorted(demo_patient_dir().glob("*.txt"))[:6]:
        for line in path.read_text(encoding="utf-8").splitlines():
            toks = [norm_token(t) for t in TOKEN_RE.findall(line.lower())]
            if toks:
                out.append(toks)
    return out


def cache_files() -> list[Path]:
    return sorted(lexicon_cache.cache_path("x").parent.glob("vocab-*.pickle"))


def test_cached_lexicon_matches_like_a_fresh_build(
    tables: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = fresh(tables).lexicon()
    [written] = cache_files()
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert stat.S_IMODE(written.parent.stat().st_mode) == 0o700

    def no_build(v: object) -> Lexicon:
        raise AssertionError("built again although cached")

    monkeypatch.setattr(Lexicon, "build", classmethod(lambda cls, v: no_build(v)))
    cached = fresh(tables).lexicon()
    assert cached is not built
    assert cached.concepts == built.concepts and cached.others == built.others
    checked = sentences()
    assert len(checked) > 20
    matched = 0
    for toks in checked:
        got = cached.match(toks)
        assert got == built.match(toks)
        matched += bool(got[0])
    assert matched > 5  # the comparison covers real matches


def test_changed_table_invalidates_the_cache(tables: Path) -> None:
    before = fresh(tables).lexicon()
    [old] = cache_files()
    assert "zorblax nodule" not in before.concepts
    concepts = tables / "concepts.tsv"
    concepts.write_text(
        concepts.read_text(encoding="utf-8") + "zorblax nodule\tfinding\tzorblax nodule\t\t\t\t\n",
        encoding="utf-8",
    )
    after = fresh(tables).lexicon()
    assert "zorblax nodule" in after.concepts
    assert after.match(["a", "zorblax", "nodule"])[0] == [(1, 3, "zorblax nodule")]
    files = cache_files()
    assert len(files) == 2 and old in files  # a new digest, a new file
    for n in range(lexicon_cache.KEEP + 1):  # more changes: only the newest KEEP are kept
        concepts.write_text(concepts.read_text(encoding="utf-8") + f"# change {n}\n")
        fresh(tables).lexicon()
    assert len(cache_files()) == lexicon_cache.KEEP
    assert old not in cache_files()


def test_untrusted_or_damaged_file_is_not_loaded(tables: Path) -> None:
    fresh(tables).lexicon()
    digest = lexicon_cache.tables_digest(tables)
    path = lexicon_cache.cache_path(digest)
    assert lexicon_cache.load(digest) is not None
    os.chmod(path, 0o644)  # readable by others: not one RadTrack wrote
    assert lexicon_cache.load(digest) is None
    os.chmod(path, 0o600)
    path.write_bytes(b"not a pickle")
    assert lexicon_cache.load(digest) is None
    lex = fresh(tables).lexicon()  # built afresh and rewritten
    assert lex.concepts and lexicon_cache.load(digest) is not None


def test_cache_off(tables: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(lexicon_cache.OFF, "1")
    assert fresh(tables).lexicon().concepts
    assert cache_files() == []


TABLE_FIELDS = (
    "parent",
    "anatomy_terms",
    "bound_anatomy",
    "systems",
    "concepts",
    "concept_terms",
    "cues",
    "narrower",
    "related",
    "relation_kind",
    "signs",
    "canonical",
    "senses",
    "paired",
    "sense_rules",
)


def test_cached_vocabulary_is_the_tables_read_afresh(
    tables: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = fresh(tables)  # read, lexicon built, both cached
    assert first._lexicon is not None and len(cache_files()) == 1
    first.is_related("pneumothorax", "pleural effusion")  # memos filled: never cached
    first.anatomy_ancestors("left lower lobe")

    def no_read(base: Path) -> object:
        raise AssertionError("tables read again although cached")

    monkeypatch.setattr(vocab_module, "read_vocabulary", no_read)
    cached = fresh(tables)
    assert cached is not first and cached.source == tables
    assert cached._lexicon is None  # the lexicon is read only when text is matched
    assert not cached._related_memo and not cached._ancestors
    read = read_vocabulary(tables)
    for name in TABLE_FIELDS:
        assert getattr(cached, name) == getattr(read, name), name
    assert len(cached.concepts) > 100 and cached.cues
    lex = cached.lexicon()
    assert lex.concepts == first.lexicon().concepts


def test_changed_table_gives_a_vocabulary_with_the_change(tables: Path) -> None:
    assert "zorblax nodule" not in fresh(tables).concepts
    concepts = tables / "concepts.tsv"
    concepts.write_text(
        concepts.read_text(encoding="utf-8") + "zorblax nodule\tfinding\tzorblax nodule\t\t\t\t\n",
        encoding="utf-8",
    )
    again = fresh(tables)
    assert "zorblax nodule" in again.concepts  # not the cached tables of before
    assert again.concept_terms["zorblax nodule"] == "zorblax nodule"
    assert len(cache_files()) == 2


def test_damaged_vocabulary_part_is_read_afresh(tables: Path) -> None:
    fresh(tables)
    digest = lexicon_cache.tables_digest(tables)
    path = lexicon_cache.cache_path(digest)
    assert lexicon_cache.load_vocabulary(digest) is not None
    data = path.read_bytes()
    path.write_bytes(data[:20] + b"x" * 50 + data[70:])  # the vocabulary pickle broken
    assert lexicon_cache.load_vocabulary(digest) is None
    v = fresh(tables)
    assert v.concepts and lexicon_cache.load_vocabulary(digest) is not None  # rewritten
    os.chmod(path, 0o640)
    assert lexicon_cache.load_vocabulary(digest) is None


def test_cache_off_reads_the_tables(tables: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(lexicon_cache.OFF, "1")
    v = fresh(tables)
    assert v.source == tables and v.concepts and v._lexicon is None
    assert cache_files() == []


def test_what_is_cached_holds_no_memo_or_matcher(tables: Path) -> None:
    v = fresh(tables)
    v.lexicon()
    v.is_related("pneumothorax", "pleural effusion")
    v.anatomy_ancestors("left lower lobe")
    assert v._lexicon is not None and v._related_memo and v._ancestors  # filled
    c = lexicon_cache.pristine(v)
    assert c._lexicon is None and not c._related_memo and not c._ancestors
    assert c.source is None and c._digest == v._digest and c.concepts is v.concepts
    assert v._lexicon is not None and v._related_memo  # the original keeps them


def test_digest_covers_the_table_readers_code(
    tables: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table readers live in ``vocabulary_tables``: a change to its source gives another
    digest (a cached vocabulary read by the old code is not used), the same source the same
    digest; the other modules' sources count too."""
    from radtrack_gui.nlp import vocabulary_tables, word_lists

    assert vocabulary_tables in lexicon_cache.code_modules()
    before = lexicon_cache.tables_digest(tables)
    same = tmp_path / "vocabulary_tables.py"
    source = Path(str(vocabulary_tables.__file__)).read_text(encoding="utf-8")
    same.write_text(source, encoding="utf-8")
    monkeypatch.setattr(vocabulary_tables, "__file__", str(same))
    assert lexicon_cache.tables_digest(tables) == before
    same.write_text(source + "\n# a changed reader\n", encoding="utf-8")
    changed = lexicon_cache.tables_digest(tables)
    assert changed != before
    monkeypatch.undo()
    lists = tmp_path / "word_lists.py"
    lists.write_text(Path(str(word_lists.__file__)).read_text(encoding="utf-8") + "\n#\n")
    monkeypatch.setattr(word_lists, "__file__", str(lists))
    assert lexicon_cache.tables_digest(tables) not in (before, changed)
