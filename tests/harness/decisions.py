"""A fixed corpus of bot decisions: the positions of seeded matches, with what the seat knows.

Signalling greedy bots (the expert's signals, the greedy level's moves: cheap and
deterministic) play seeded matches in several settings; every position where the seat to act
has more than one legal move is kept, with the seat's view, its knowledge of the log and the
seed of its decision's randomness. The expert's (and the greedy level's) decisions on it,
recorded from commit 291b203 (`tests/bots/reference_decisions.json`), pin the bots' moves
while their insides change; `bench/speedup.py` times the expert on it.

Recorded again from a commit (its `engine/` and `bots/` in DIR):

    python -m tests.harness.decisions --root DIR > tests/bots/reference_decisions.json
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Final, NamedTuple

from tests.harness.reference_games import recording

SETTINGS: Final[dict[str, tuple[str, dict[str, Any], int]]] = {
    "escopa 2p": ("escopa", {"players": 2}, 360),
    "escoba 2p": ("escoba", {"players": 2}, 160),
    "escopa 4p": ("escopa", {"players": 4}, 160),
    "escopa 3p": ("escopa", {"players": 3}, 80),
    "escopa 2p mandatory": ("escopa", {"players": 2, "capture": "mandatory"}, 80),
}
"""Each setting's preset, options and number of positions."""


class Decision(NamedTuple):
    """A position where `seat` decides, as it sees it, and its decision's randomness."""

    setting: str
    view: Any
    known: Any
    seed: str
    seat: int
    number: int

    def rng(self) -> random.Random:
        """A fresh random source for the decision (the same each time)."""
        from bots import bot_rng

        return bot_rng(self.seed, self.seat, self.number)

    def digest(self) -> str:
        """A short digest of the position as the seat sees it."""
        import msgspec

        encoded = msgspec.json.encode([self.view, self.known, self.seed, self.number])
        return hashlib.sha256(encoded).hexdigest()[:12]


def corpus(scale: float = 1.0) -> list[Decision]:
    """Every setting's positions (`scale`: a share of each setting's number)."""
    found = []
    for setting, (preset, overrides, count) in SETTINGS.items():
        found += positions(setting, preset, overrides, max(1, round(count * scale)))
    return found


def positions(setting: str, preset: str, overrides: dict[str, Any], count: int) -> list[Decision]:
    """The first `count` positions with a choice in seeded matches of signalling greedy bots."""
    import engine

    found: list[Decision] = []
    rules = engine.make_rules(preset, overrides)
    match = 0
    while len(found) < count:
        _play(setting, rules, f"corpus-{setting}-{match}", found, count)
        match += 1
    return found


def _play(setting: str, rules: Any, seed: str, found: list[Decision], count: int) -> None:
    """Play one seeded match, keeping its positions with a choice until `found` has `count`."""
    import engine
    from bots import expert, greedy
    from bots.levels import Level
    from bots.table import play_match

    def choose(seen: Any, known: Any, rng: random.Random, budget: int) -> Any:
        moves = engine.moves_in_view(seen)
        if len(moves) > 1 and len(found) < count and seen.status == "playing":
            found.append(Decision(setting, seen, known, seed, seen.seat, len(found)))
        return greedy.choose(seen, known, rng, budget)

    seat = Level("greedy", choose, greedy.evaluate, expert.signals, tells=True)
    state, opening = engine.start(rules, seed)
    play_match(state, [seat] * rules.players, [0] * rules.players, opening)


def decided(decision: Decision, name: str, budget: int | None = None) -> str:
    """The move (its text) a level chooses in the position."""
    from bots import DEFAULT_BUDGET, level

    chosen = level(name).choose(
        decision.view, decision.known, decision.rng(), DEFAULT_BUDGET if budget is None else budget
    )
    return str(chosen)


def valued(decision: Decision, name: str) -> str:
    """A short digest of a level's values of every legal move (its hint), floats exactly."""
    from bots import DEFAULT_BUDGET, level

    values = level(name).evaluate(decision.view, decision.known, decision.rng(), DEFAULT_BUDGET)
    shown = [[str(move), value.hex()] for move, value in values]
    return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:12]


def record(decision: Decision) -> str:
    """One position's line: its digest, the expert's and the greedy level's moves, and the
    digests of their values of every move."""
    return " ".join(
        (
            decision.digest(),
            decided(decision, "expert"),
            decided(decision, "greedy"),
            valued(decision, "expert"),
            valued(decision, "greedy"),
        )
    )


def main() -> None:
    """Print the records of the bots found first on the path (`--root`: the ones in DIR)."""
    rev = recording(__doc__.splitlines()[0])
    records = [record(decision) for decision in corpus()]
    print(json.dumps({"rev": rev, "records": records}, indent=0))


if __name__ == "__main__":
    main()
