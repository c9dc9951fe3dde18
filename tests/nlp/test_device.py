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


def _tiny_classifier():  # type: ignore[no-untyped-def]
    transformers = pytest.importorskip("transformers")
    config = transformers.BertConfig(
        vocab_size=30, hidden_size=8, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=16, max_position_embeddings=16, num_labels=2,
    )  # fmt: skip
    torch.manual_seed(0)
    return transformers.BertForSequenceClassification(config)


def _batch(rows: list[int]) -> dict:  # type: ignore[type-arg]
    ids = torch.tensor([[1, r, 2] for r in rows])
    return {"input_ids": ids, "labels": torch.tensor([r % 2 for r in rows])}


@no_gpu
def test_training_runs_where_the_models_run(monkeypatch):
    """fine_tune (every trainer's loop) takes the same device choice as the models: the CPU
    by default here, a clear error for a GPU the machine lacks, before any step is taken."""
    from radtrack_gui.training.finetune import fine_tune

    monkeypatch.delenv(ENV, raising=False)
    model = _tiny_classifier()
    losses = fine_tune(model, [[3, 4], [5, 6]], _batch, learning_rate=1e-3)
    assert len(losses) == 2 and next(model.parameters()).device.type == "cpu"
    before = [p.detach().clone() for p in model.parameters()]
    with pytest.raises(InputError, match="no CUDA GPU"):
        fine_tune(model, [[3, 4]], _batch, learning_rate=1e-3, device="cuda")
    monkeypatch.setenv(ENV, "cuda:0")
    with pytest.raises(InputError, match="no CUDA GPU"):
        fine_tune(model, [[3, 4]], _batch, learning_rate=1e-3)
    assert all(torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True))
