"""The clocks' problem code, settings and keys are documented where operators look."""

from __future__ import annotations

import re
from pathlib import Path

from service.store import redis_keys

ROOT = Path(__file__).resolve().parents[3]


def test_the_docs_name_the_clocks_problem_code_and_settings() -> None:
    readme = (ROOT / "docs" / "api.md").read_text() + (ROOT / "docs" / "settings.md").read_text()
    source = (ROOT / "service/core/lifecycle/clocks.py").read_text()
    codes = set(re.findall(r'"(move/[a-z_]+)"', source))
    assert codes == {"move/timed_out"}
    assert all(f"`{code}`" in readme for code in codes)
    assert "`ESCOPA_FIRST_MOVE_TIMEOUT`" in readme and "`ESCOPA_CLOCK_SWEEP`" in readme
    assert '"on_timeout": "bot"' in readme


def test_scaling_names_every_deadlines_key_form_and_how_they_spread() -> None:
    scaling = (ROOT / "docs/scaling.md").read_text()
    assert "`{dl:<n>}:deadlines`" in scaling and redis_keys.deadlines(3) == "{dl:3}:deadlines"
    assert f"{redis_keys.SHARDS} sorted sets" in scaling
