"""The web pages: HTML, CSS and plain ES modules in `static/`, served as they are (no build)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

STATIC: Final = Path(__file__).resolve().parent / "static"
