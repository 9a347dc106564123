"""docs/api.md's webhook block, exactly as written, against `escopa serve` started as the page
says (`ESCOPA_WEBHOOK_ALLOW=127.0.0.1`), with a receiver on loopback in place of port 9000."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.harness.processes import serve_private
from tests.harness.webhook_receiver import receiving, verify

README = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def readme_webhook_block() -> str:
    section = README.read_text().split("## Webhooks", 1)[1]
    return section.split("```sh\n", 1)[1].split("\n```", 1)[0]


def test_the_readme_webhook_block_creates_a_game_whose_events_reach_the_receiver(
    tmp_path: Path,
) -> None:
    block = readme_webhook_block()
    assert "ESCOPA_WEBHOOK_ALLOW=127.0.0.1 make run" in README.read_text()
    assert "http://127.0.0.1:9000/hook" in block
    with (
        receiving() as receiver,
        serve_private(tmp_path, ESCOPA_WEBHOOK_ALLOW="127.0.0.1") as served,
    ):
        script = f"set -euo pipefail\nB={served.base}\n" + block.replace(
            "127.0.0.1:9000", f"127.0.0.1:{receiver.port}"
        )
        done = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stdout + done.stderr
        first = receiver.wait_for(2)
    secret, *shown = done.stdout.splitlines()
    assert secret.startswith("whsec_")
    delivery = json.loads("\n".join(shown))
    assert delivery["event"] == "game.started" and delivery["state"] == "delivered"
    assert [r.json()["type"] for r in first] == ["game.started", "turn"]
    assert all(verify(secret, r.headers["x-escopa-signature"], r.body) for r in first)
