"""The bot levels by name, like the rules presets: each decides from a seat's view and
knowledge only (`choose`), scores every legal move for hints (`evaluate`), and says which
partner signals it sends now (`signals`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Literal, NamedTuple

from bots import expert, greedy, uniform
from bots.knowledge import Knowledge
from engine.moves import Move
from engine.signals import Signal
from engine.views import View

Choose = Callable[[View, Knowledge, random.Random, int], Move]
Evaluate = Callable[[View, Knowledge, random.Random, int], list[tuple[Move, float]]]
Signals = Callable[[View, Knowledge], tuple[Signal, ...]]
DEFAULT_BUDGET: Final = expert.BUDGET

BotLevel = Literal["random", "greedy", "expert"]
"""A bot level's name, as the API and the stored games write it (docs/bots.md): the keys of
`LEVELS`."""


class Level(NamedTuple):
    """A bot level: its name, its three pure functions, and whether it tells its partner every
    seven it is dealt (then its partner's `Knowledge.partner_tells` may be set)."""

    name: str
    choose: Choose
    evaluate: Evaluate
    signals: Signals
    tells: bool = False


def _silent(seen: View, known: Knowledge) -> tuple[Signal, ...]:
    return ()


LEVELS: Final[dict[str, Level]] = {
    "random": Level("random", uniform.choose, uniform.evaluate, _silent),
    "greedy": Level("greedy", greedy.choose, greedy.evaluate, _silent),
    "expert": Level("expert", expert.choose, expert.evaluate, expert.signals, tells=True),
}


def level(name: str) -> Level:
    """The level of that name; raises `ValueError` naming the known ones."""
    found = LEVELS.get(name)
    if found is None:
        raise ValueError(f"unknown bot level {name!r}; known: {', '.join(LEVELS)}")
    return found
