"""Computer players: pure functions of what one seat may see (its view and its knowledge of
the public log), never of the full state. No I/O; randomness only from the rng passed in."""

from __future__ import annotations

from typing import Final

from bots import search
from bots.knowledge import Heard, Knowledge, Observed, knowledge_of, learn
from bots.levels import DEFAULT_BUDGET, LEVELS, Level, level
from bots.seeding import bot_rng

COMPILED: Final = not search.__file__.endswith(".py")
"""Whether the search runs compiled (`make compiled`, as `engine.COMPILED`)."""

__all__ = [
    "COMPILED",
    "DEFAULT_BUDGET",
    "LEVELS",
    "Heard",
    "Knowledge",
    "Level",
    "Observed",
    "bot_rng",
    "knowledge_of",
    "learn",
    "level",
]
