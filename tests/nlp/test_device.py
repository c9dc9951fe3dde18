"""Where the neural models run (issue #23 item 4): auto falls back to the CPU where torch sees
no GPU (as on every machine these tests run on), cuda asked for without one is a clear error,
a bad choice is refused before anything loads."""

from __future__ import annotations

import pytest

from radtrack_gui.cli import main as cli
from radtrack_gui.core.errors import InputError
from radtrack_gui.nlp.device import CPU, ENV, check_spec, placement
from radtrack_gui.settings import from_dict

torch = pytest.importorskip("torch")
no_gpu = pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is present")


@no_gpu
def test_auto_and_cpu_place_on_the_cpu(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert placement() == CPU and placement("auto") == CPU and placement("cpu") == CPU
    assert CPU.batch_tokens == 1024 and not CPU.bf16  # the CPU keeps float32 and its batches


@no_gpu
@pytest.mark.parametrize("spec", ["cuda", "cuda:0", "cuda:3"])
def test_cuda_without_a_gpu_is_a_clear_error(spec):
    with pytest.raises(InputError, match="no CUDA GPU"):
        placement(spec)


@no_gpu
def test_the_environment_chooses_when_no_spec_is_given(monkeypatch):
    monkeypatch.setenv(ENV, "cuda")
    with pytest.raises(InputError, match="no CUDA GPU"):
        placement()
    monkeypatch.setenv(ENV, "cpu")
    assert placement() == CPU


@pytest.mark.parametrize("bad", ["gpu", "cuda:", "cuda:-1", "CPU ", "tpu:0"])
def test_bad_choices_are_refused(bad):
    with pytest.raises(InputError, match="auto, cpu, cuda or cuda:N"):
        check_spec(bad)


def test_cli_refuses_a_bad_device_in_one_line(capsys):
    assert cli(["--device", "gpu", "models"]) == 2
    assert (
        capsys.readouterr().err.strip() == "radtrack: device 'gpu': use auto, cpu, cuda or cuda:N"
    )


def test_settings_keep_a_valid_device_and_drop_a_bad_one():
    assert from_dict({"device": "cuda:1"}).device == "cuda:1"
    assert from_dict({"device": "gpu"}).device == "auto"
