"""Where the neural models run: ``auto``, ``cpu``, ``cuda`` or ``cuda:N``.

``auto`` (the default) takes the GPU when torch sees one, else the CPU; ``RADTRACK_DEVICE``
(or ``radtrack --device``) sets the choice for a process. On a GPU the models run with bf16
autocast where the card supports it and larger batches; on the CPU nothing changes (float32,
the batch sizes measured for one core). A cohort worker on a machine with several GPUs takes
GPU ``worker index mod count``. torch is imported only when a model asks.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from radtrack_gui.core.errors import InputError

ENV = "RADTRACK_DEVICE"
SPEC = re.compile(r"^(auto|cpu|cuda(?::\d+)?)$")


def check_spec(spec: str) -> str:
    """``spec`` if it is a device choice, else InputError saying what is accepted."""
    if not SPEC.match(spec):
        raise InputError(f"device {spec!r}: use auto, cpu, cuda or cuda:N")
    return spec


@dataclass(frozen=True)
class Placement:
    device: str  # "cpu" or "cuda:N"
    bf16: bool  # autocast to bfloat16 (a GPU that supports it)
    batch_tokens: int  # padded sub-words per batch
    pair_batch: int  # pairs per batch for the pair model

    @property
    def kind(self) -> str:
        return "cuda" if self.device.startswith("cuda") else "cpu"


CPU = Placement("cpu", False, 1024, 64)


def placement(spec: str | None = None, worker: int | None = None) -> Placement:
    """The device a model runs on for ``spec`` (default: ``RADTRACK_DEVICE``, else auto).
    ``cuda`` without a GPU is an InputError; ``auto`` falls back to the CPU."""
    spec = check_spec(spec or os.environ.get(ENV) or "auto")
    if spec == "cpu":
        return CPU
    try:
        import torch
    except ImportError as exc:
        if spec == "auto":
            return CPU
        raise InputError(f"device {spec}: torch is not installed") from exc
    count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if count == 0:
        if spec == "auto":
            return CPU
        raise InputError(f"device {spec}: torch sees no CUDA GPU on this machine")
    if ":" in spec:
        index = int(spec.split(":")[1])
        if index >= count:
            raise InputError(f"device {spec}: this machine has {count} GPU(s), cuda:0..{count - 1}")
    else:
        index = (worker or 0) % count
    return Placement(f"cuda:{index}", bool(torch.cuda.is_bf16_supported()), 16384, 512)


def worker_index() -> int | None:
    """This Dask worker's number when its name is one (a LocalCluster's are 0, 1, ...)."""
    try:
        from distributed import get_worker

        name = get_worker().name
    except (ImportError, ValueError):
        return None
    return int(name) if isinstance(name, int) or str(name).isdigit() else None
