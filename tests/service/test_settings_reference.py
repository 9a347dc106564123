"""docs/settings.md is what the code says: written from `escopa serve`'s options and the
settings groups, naming every variable service/settings.py reads (`make lint` runs it)."""

from __future__ import annotations

import re
from pathlib import Path

from service.settings_reference import reference

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "settings.md"


def test_the_settings_page_is_what_make_docs_writes_from_the_code() -> None:
    assert PAGE.read_text() == reference(), "run `make docs` and commit docs/settings.md"


def test_the_settings_page_names_every_variable_the_settings_read() -> None:
    source = (ROOT / "service" / "settings.py").read_text()
    read = set(re.findall(r'"((?:ESCOPA_\w+)|REDIS_URL)"', source))
    assert {"REDIS_URL", "ESCOPA_RATE_LIMIT", "ESCOPA_WEBHOOK_ALLOW"} <= read
    assert not [name for name in sorted(read) if f"| `{name}` |" not in reference()]


def test_the_settings_page_names_every_option_of_escopa_serve_and_its_defaults() -> None:
    page = reference()
    for option in ("--port", "--data-dir", "--fsync", "--log-format", "--forwarded-allow-ips"):
        assert f"`{option}`" in page
    assert "| `ESCOPA_RATE_LIMIT` |" in page and "| `12000/60` |" in page
    assert "| `ESCOPA_GAME_TTL` | seconds after its last move" in page and "| `604800` |" in page
