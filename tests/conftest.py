"""Test-wide setup: private temporary user folders, no network, Qt offscreen."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

from hypothesis import HealthCheck, settings

# Fuzzing profiles: few examples in the suite, many on demand (HYPOTHESIS_PROFILE=long).
settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# ../shared beside the checkout (or beside a folder above it, as for git worktrees);
# RADTRACK_SHARED points elsewhere.
SHARED = (
    Path(os.environ["RADTRACK_SHARED"])
    if os.environ.get("RADTRACK_SHARED")
    else next(
        (p / "shared" for p in Path(__file__).resolve().parents[1:] if (p / "shared").is_dir()),
        Path(__file__).resolve().parents[2] / "shared",
    )
)
ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test gets its own RADTRACK_HOME: nothing touches the real user folders."""
    home = tmp_path_factory.mktemp("radtrack-home")
    monkeypatch.setenv("RADTRACK_HOME", str(home))
    return home


_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address) -> None:  # type: ignore[no-untyped-def]
    host = address[0] if isinstance(address, tuple) else address
    if isinstance(host, str) and not (
        host.startswith("127.") or host in ("localhost", "::1") or self.family == socket.AF_UNIX
    ):
        raise AssertionError(f"network access attempted: {address!r}")
    return _real_connect(self, address)


@pytest.fixture(autouse=True, scope="session")
def _no_network():
    """Patient data never leaves the machine: any outbound connection fails the test."""
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    yield
    socket.socket.connect = _real_connect  # type: ignore[method-assign]


def shared_path(*parts: str) -> Path:
    """A file in ../shared; the test is skipped (with the reason) if it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present (../shared is beside the checkout in CI)")
    return path
