"""Installing model folders and archives: cards checked, pickles and unsafe archives refused,
the installed copy found where the models look for it, private unless system-wide."""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from radtrack_gui.cli import main as cli
from radtrack_gui.core.errors import InputError
from radtrack_gui.nlp.model_install import install
from radtrack_gui.nlp.registry import ModelInfo, missing

# The smallest safetensors file: an 8-byte little-endian header length, then a JSON header.
SAFETENSORS = (2).to_bytes(8, "little") + b"{}"


def make_model(
    folder: Path,
    fmt: str = "radtrack-neural-extractor/1",
    files: dict[str, bytes] | None = None,
    listed: bool = False,
) -> Path:
    folder.mkdir(parents=True)
    files = files or {"config.json": b"{}", "model.safetensors": SAFETENSORS}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    card: dict[str, object] = {"format": fmt, "base_model": "tiny"}
    if listed:
        card["files"] = {n: hashlib.sha256(d).hexdigest() for n, d in files.items()}
    (folder / "radtrack_card.json").write_text(json.dumps(card))
    return folder


def test_folder_installs_private_under_its_card_name_and_is_found(tmp_path, monkeypatch):
    from radtrack_gui.nlp.extractors.neural import find_extractor_model
    from radtrack_gui.util.paths import user_data_dir

    src = make_model(tmp_path / "trained", listed=True)
    done = install(src, user_data_dir() / "models")
    assert done.name == "neural-extractor"
    assert (done.path / "model.safetensors").read_bytes() == SAFETENSORS
    assert stat.S_IMODE(done.path.stat().st_mode) == 0o700
    assert stat.S_IMODE((done.path / "config.json").stat().st_mode) == 0o600
    assert find_extractor_model() == done.path


def test_system_install_is_readable_by_all_and_searched(tmp_path, monkeypatch):
    from radtrack_gui.util.paths import models_dirs

    system = tmp_path / "opt-models"
    monkeypatch.setenv("RADTRACK_SYSTEM_MODELS", str(system))
    assert cli(["models", "install", str(make_model(tmp_path / "m")), "--system"]) == 0
    installed = system / "neural-extractor"
    assert stat.S_IMODE(installed.stat().st_mode) == 0o755
    assert stat.S_IMODE((installed / "config.json").stat().st_mode) == 0o644
    assert system in models_dirs()


@pytest.mark.parametrize("kind", ["zip", "tar.gz"])
def test_archives_install_from_their_single_top_folder(tmp_path, kind):
    src = make_model(tmp_path / "src" / "mymodel", fmt="radtrack-pairmodel/1")
    archive = tmp_path / f"model.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(archive, "w") as zf:
            for f in src.iterdir():
                zf.write(f, f"mymodel/{f.name}")
    else:
        with tarfile.open(archive, "w:gz") as tf:
            tf.add(src, arcname="mymodel")
    done = install(archive, tmp_path / "models")
    assert done.name == "pairmodel"
    assert sorted(p.name for p in done.path.iterdir()) == [
        "config.json",
        "model.safetensors",
        "radtrack_card.json",
    ]
    assert not [p for p in (tmp_path / "models").iterdir() if p.name.startswith(".")]


def test_pickled_weights_are_refused(tmp_path):
    src = make_model(tmp_path / "m", files={"config.json": b"{}", "pytorch_model.bin": b"pickle"})
    with pytest.raises(InputError, match="pickled weights"):
        install(src, tmp_path / "models")
    assert not (tmp_path / "models" / "neural-extractor").exists()


def test_checksum_mismatch_is_refused(tmp_path):
    src = make_model(tmp_path / "m", listed=True)
    (src / "model.safetensors").write_bytes(SAFETENSORS + b" ")
    with pytest.raises(InputError, match=r"SHA-256"):
        install(src, tmp_path / "models")


@pytest.mark.parametrize(
    "card", ["not json", json.dumps({"format": "pickle-jar/1"}), json.dumps(["radtrack-x/1"])]
)
def test_bad_cards_name_the_file(tmp_path, card):
    src = make_model(tmp_path / "m")
    (src / "radtrack_card.json").write_text(card)
    with pytest.raises(InputError, match=r"radtrack_card\.json"):
        install(src, tmp_path / "models")


def test_archive_escaping_its_folder_is_refused(tmp_path):
    archive = tmp_path / "evil.tar"
    with tarfile.open(archive, "w") as tf:
        data = b"x"
        info = tarfile.TarInfo("../outside.txt")
        info.size = len(data)
        tf.addfile(info, io.BytesIO(data))
    with pytest.raises(InputError, match="unsafe path"):
        install(archive, tmp_path / "models")
    assert not (tmp_path / "outside.txt").exists()


def test_archive_with_a_link_is_refused(tmp_path):
    archive = tmp_path / "link.tar"
    with tarfile.open(archive, "w") as tf:
        info = tarfile.TarInfo("m/radtrack_card.json")
        info.type = tarfile.SYMTYPE
        info.linkname = "/etc/passwd"
        tf.addfile(info)
    with pytest.raises(InputError, match="not a plain file"):
        install(archive, tmp_path / "models")


def test_cli_install_error_is_one_line_exit_2(tmp_path, capsys):
    assert cli(["models", "install", str(tmp_path / "absent")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "absent: no such file or folder" in err


def test_missing_packages_are_named_with_the_install_hint(monkeypatch):
    info = ModelInfo("linker", "x", "m:C", "d", requires=("no_such_package_here",))
    reason = missing(info)
    assert reason is not None and "no_such_package_here" in reason
    assert "pip install" in reason
    monkeypatch.setattr("sys.frozen", True, raising=False)
    frozen_reason = missing(info)
    assert frozen_reason is not None and "not in this build" in frozen_reason
    assert "Python installation" in frozen_reason  # the full build would not help
    torch_less = ModelInfo("linker", "y", "m:C", "d", requires=("transformers", "no_such_x"))
    assert "Python installation" in (missing(torch_less) or "")


def test_models_lists_what_cannot_run(monkeypatch, capsys):
    from radtrack_gui.nlp import registry

    monkeypatch.setitem(
        registry.LINKERS,
        "ghost",
        ModelInfo(
            "linker",
            "ghost",
            "m:C",
            "needs a package that is not here",
            requires=("no_such_package_here",),
        ),
    )
    assert cli(["models"]) == 0
    out = capsys.readouterr().out
    ghost = next(line for line in out.splitlines() if line.strip().startswith("ghost"))
    assert "UNAVAILABLE" in ghost and "no_such_package_here" in ghost
    assert os.environ["RADTRACK_HOME"] in out  # the user models folder is listed


def test_a_link_inside_a_model_folder_is_refused_and_never_followed(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not yours")
    src = make_model(tmp_path / "m")
    (src / "vocab.txt").symlink_to(secret)
    with pytest.raises(InputError, match=r"vocab\.txt is a link"):
        install(src, tmp_path / "models", system=True)
    assert not (tmp_path / "models" / "neural-extractor").exists()


def test_a_link_loop_is_a_clear_refusal_not_a_traceback(tmp_path):
    src = make_model(tmp_path / "m")
    (src / "sub").mkdir()
    (src / "sub" / "loop").symlink_to(src / "sub")
    with pytest.raises(InputError, match="is a link"):
        install(src, tmp_path / "models")


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/hostname", "sub/../../x"])
def test_card_files_outside_the_folder_are_refused_without_being_read(tmp_path, name):
    (tmp_path / "outside.txt").write_text("x")
    src = make_model(tmp_path / "m")
    card = json.loads((src / "radtrack_card.json").read_text())
    card["files"] = {name: hashlib.sha256(b"x").hexdigest()}
    (src / "radtrack_card.json").write_text(json.dumps(card))
    with pytest.raises(InputError, match="not in the folder"):
        install(src, tmp_path / "models")


PICKLE = b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00K\x01."


@pytest.mark.parametrize(
    "files",
    [
        {"config.json": b"{}", "model.safetensors": PICKLE},  # a pickle behind a safe name
        {"config.json": b"{}", "model.safetensors": SAFETENSORS, "pytorch_model.BIN": b"x"},
        {"config.json": b"{}", "model.safetensors": SAFETENSORS, "weights.dat": PICKLE},
    ],
)
def test_pickles_are_found_by_content_and_any_case_suffix(tmp_path, files):
    src = make_model(tmp_path / "m", files=files)
    with pytest.raises(InputError, match=r"pickled weights|not safetensors"):
        install(src, tmp_path / "models")


def test_torch_zip_pickle_is_refused(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("archive/data.pkl", PICKLE)
    src = make_model(
        tmp_path / "m",
        files={"config.json": b"{}", "model.safetensors": SAFETENSORS, "extra": buf.getvalue()},
    )
    with pytest.raises(InputError, match="pickled weights"):
        install(src, tmp_path / "models")


def test_scratch_of_a_killed_install_is_removed_by_the_next(tmp_path):
    models = tmp_path / "models"
    models.mkdir()
    dead = models / ".install-999999999-abc"  # no such process
    (dead / "big").mkdir(parents=True)
    (dead / "big" / "weights").write_bytes(b"0" * 1000)
    alive = models / f".install-{os.getpid()}-xyz"  # an install still running
    alive.mkdir()
    install(make_model(tmp_path / "m"), models)
    assert not dead.exists()
    assert alive.exists()


def test_archive_larger_than_the_free_space_is_refused(tmp_path, monkeypatch):
    import shutil

    src = make_model(
        tmp_path / "m", files={"config.json": b"{}", "model.safetensors": SAFETENSORS + b"0" * 5000}
    )
    archive = tmp_path / "m.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for f in src.iterdir():
            zf.write(f, f"m/{f.name}")
    real = shutil.disk_usage
    monkeypatch.setattr(
        shutil, "disk_usage", lambda p: real(p)._replace(free=4096)
    )  # the disk's answer is the external boundary
    with pytest.raises(InputError, match="free space"):
        install(archive, tmp_path / "models")
