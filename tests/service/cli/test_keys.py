"""`escopa keygen`, and `escopa serve` over a shared Redis without a signing key: it refuses to
start, since a key of its own would not verify the receipts of the other processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service.ledger.signatures import KeyRing
from service.store.redis_server import free_port

ROOT = Path(__file__).resolve().parents[3]


def escopa(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("ESCOPA_SIGNING")}
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        env={**environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )


def test_keygen_prints_a_private_key_and_names_its_id() -> None:
    done = escopa("keygen")

    assert done.returncode == 0, done.stderr
    ring = KeyRing.of([done.stdout.strip()])
    assert f"key {ring.signer_id}, public key {ring.published().keys[0].public_key}" in done.stderr


def test_serve_over_a_shared_redis_without_a_key_refuses_to_start() -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"

    done = escopa("serve", "--redis-url", url, "--port", str(free_port()), "--log-format", "text")

    assert done.returncode == 2
    assert "no signing key: set ESCOPA_SIGNING_KEY or ESCOPA_SIGNING_KEY_FILE" in done.stderr


def test_serve_with_a_malformed_key_refuses_to_start() -> None:
    url, port = f"redis://127.0.0.1:{free_port()}/0", str(free_port())
    text = ("--log-format", "text")

    done = escopa("serve", "--redis-url", url, "--port", port, *text, ESCOPA_SIGNING_KEY="short")

    assert done.returncode == 2
    assert "signing key 1: a key is 43 base64url characters" in done.stderr
