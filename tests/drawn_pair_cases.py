"""The checks every drawn whole-body pair file with a check part (rounds 7-8:
``pairs_wholebody_dev9..dev11.tsv`` and their ``_check`` files) passes, each parametrised by its
draw: frozen bytes, exactly the written seeded draw with every third drawn report in the check
file, fresh reports of its labeller's crc32 share, listed among its round's files."""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass

from conftest import ROOT, shared_path
from drawn_sample_cases import load_draw

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.challenge import PairCase, build_cases, load_pairs, pairs_file

RESOURCES = ROOT / "radtrack_gui" / "resources"


@dataclass(frozen=True)
class DrawnPairs:
    tune: str  # the tune file (challenge/)
    check: str  # its check file, never tuned on
    sha256: tuple[str, str]  # of tune and check, frozen when the labels were committed alone
    script: str  # scripts/<script>.py, the written draw
    share: int  # zlib.crc32(str(key).encode()) % 4 == share
    reports: tuple[int, int]  # reports drawn into tune and check
    round_files: frozenset[str]  # parrot_draws.ROUNDn_FILES of its round


def rows(name: str) -> set[int]:
    """The PARROT rows a pair file's spans come from."""
    return {int(s.row) for p in load_pairs(pairs_file(name)) for s in (p.a, p.b)}


def script(case: DrawnPairs) -> parrot_draws.Draw:
    return load_draw(case.script)


def check_frozen(case: DrawnPairs) -> None:
    for name, digest in zip((case.tune, case.check), case.sha256, strict=True):
        assert hashlib.sha256(pairs_file(name).read_bytes()).hexdigest() == digest, name


def check_draw(case: DrawnPairs) -> None:
    """The files hold exactly the written draw, every third drawn report in the check file."""
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    rule = script(case)
    shared = shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]
    drawn = rule.draw(parrot_v1_reports(shared), rule.used_keys(RESOURCES))
    tune, check = rule.split(drawn)
    assert (len(tune), len(check)) == case.reports
    order = [k for _, _, keys in drawn for k in keys]
    assert check == order[2::3] and not set(tune) & set(check)
    assert rows(case.tune) == set(tune) and rows(case.check) == set(check)


def check_share(case: DrawnPairs) -> parrot_draws.Draw:
    """Fresh reports of the labeller's share; the draw reads its own files as no exclusion
    (were they, its pools would lose them), and its round lists them. Returns the draw."""
    rule = script(case)
    mine = rows(case.tune) | rows(case.check)
    assert all(zlib.crc32(str(k).encode()) % 4 == case.share for k in mine)
    others = rule.used_keys(RESOURCES)
    assert others and not mine & others
    assert {case.tune, case.check} <= rule.own and {case.tune, case.check} <= case.round_files
    return rule


def check_written(case: DrawnPairs) -> parrot_draws.Draw:
    """Frozen bytes, exactly the written draw split every third into check, fresh reports of
    the labeller's share. Returns the draw."""
    check_frozen(case)
    check_draw(case)
    return check_share(case)


def checked_pairs(case: DrawnPairs, least: tuple[int, int] = (120, 60)) -> list[list[PairCase]]:
    """The pairs of the tune and check files (for further checks): at least ``least`` of each,
    ids unique, every span found in the corpora."""
    shared = shared_path("corpora").parent
    out = []
    for name, most in zip((case.tune, case.check), least, strict=True):
        pairs = load_pairs(pairs_file(name))
        assert len(pairs) >= most and len({p.id for p in pairs}) == len(pairs), name
        cases, problems = build_cases(pairs, shared)
        assert problems == [] and len(cases) == len(pairs), name
        out.append(pairs)
    return out
