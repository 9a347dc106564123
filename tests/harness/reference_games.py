"""Seeded random games through the engine's public API, each folded into one digest.

A game's digest covers, at every step: each seat's legal moves (in their order) and the
moves its view lists, the seat that must act, what a random move does (accepted: the state
and events after it; refused: the error's class, code and message), and the state and
events after the random legal move that the game goes on with. The digests recorded from
commit 291b203 (`tests/engine/reference_games.json`) pin the engine's behaviour while its
insides change: the same moves in the same order, the same states, events and errors.

Recorded again from a commit (its `engine/` in DIR, `git archive REV engine | tar -x -C DIR`):

    python -m tests.harness.reference_games --root DIR > tests/engine/reference_games.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any, Final

import msgspec

SETTINGS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "escopa 2p": ("escopa", {"players": 2}),
    "escopa 3p": ("escopa", {"players": 3}),
    "escopa 4p": ("escopa", {"players": 4}),
    "escopa 4p no partners": ("escopa", {"players": 4, "partnerships": False}),
    "escoba 2p": ("escoba", {"players": 2}),
    "escoba 4p": ("escoba", {"players": 4}),
    "escova 2p": ("escova", {"players": 2}),
    "escopa 2p mandatory": ("escopa", {"players": 2, "capture": "mandatory"}),
    "escopa 3p mandatory": ("escopa", {"players": 3, "capture": "mandatory", "target": 11}),
    "escopa 2p honor": ("escopa", {"players": 2, "validation": "honor", "target": 11}),
    "escopa 2p dealt by hand": ("escopa", {"players": 2, "auto_deal": False, "target": 11}),
    "escopa 3p house rules": (
        "escopa",
        {
            "players": 3,
            "leftover_cards": "dealer",
            "initial_bonus_taker": "mano",
            "tie_at_target": "shared",
            "points": {"primeira": 1, "all_cards": 2},
            "target": 11,
        },
    ),
    "escoba 2p boards": ("escoba", {"players": 2, "boards": 3, "first_board": 7}),
    "escova 3p leftover to mano": (
        "escova",
        {"players": 3, "leftover_cards": "mano", "tie_at_target": "draw", "target": 15},
    ),
}
"""Every rule the listing and `apply` read, in some game: player counts, partnerships,
presets, mandatory captures, honor mode, deals by hand, house rules, games of boards."""
GAMES_PER_SETTING: Final = 12
ATTEMPTS: Final = ("random play", "random claim", "random text", "deal", "other seat")
"""The kinds of random move tried at each step, besides the legal move played."""


def digests(games: int = GAMES_PER_SETTING) -> dict[str, str]:
    """Every game's digest, by `setting/seed number`."""
    found = {}
    for setting, (preset, overrides) in SETTINGS.items():
        for number in range(games):
            found[f"{setting}/{number}"] = game_digest(preset, overrides, f"{setting}-{number}")
    return found


def game_digest(preset: str, overrides: dict[str, Any], seed: str) -> str:
    """The digest of one seeded random game, played to its end."""
    import engine

    digest = hashlib.sha256()
    rng = random.Random(seed)
    rules = engine.make_rules(preset, overrides)
    state, events = engine.start(rules, seed)
    digest.update(_encoded(state, events))
    while (seat := engine.current_seat(state)) is not None:
        digest.update(_listings(state))
        digest.update(_attempt(state, rng))
        move = rng.choice(engine.legal_moves(state, seat))
        state, events = engine.apply(state, seat, move)
        digest.update(_encoded(state, events))
    return digest.hexdigest()


def _encoded(state: Any, events: list[Any]) -> bytes:
    import engine

    return engine.canonical_json(state) + msgspec.json.encode(events)


def _listings(state: Any) -> bytes:
    """Every seat's legal moves and its view's moves (texts, in order), and who must act."""
    import engine

    seats = range(state.rules.players)
    lists = [[str(m) for m in engine.legal_moves(state, seat)] for seat in (None, *seats)]
    views = [[str(m) for m in engine.moves_in_view(engine.view(state, s))] for s in seats]
    return json.dumps([lists, views, engine.current_seat(state)]).encode()


def _attempt(state: Any, rng: random.Random) -> bytes:
    """What a random move, legal or not, does: the state and events after it, or the error."""
    import engine

    kind = rng.choice(ATTEMPTS)
    seat = engine.current_seat(state)
    assert seat is not None
    deck = [rank + suit for suit in "CDHS" for rank in "A234567QJK"]
    table = list(state.table)
    try:
        if kind == "deal":
            move: Any = engine.Deal()
        elif kind == "random text":
            text = "+".join(rng.sample([*deck, "XX", "claim:", "deal", ""], rng.randint(1, 3)))
            move = engine.parse_move(text)
        else:
            hand = list(state.hands[seat]) or deck
            picked = rng.sample(table, rng.randint(0, len(table))) + rng.sample(deck, 1)
            if kind == "random claim":
                move = engine.Claim(tuple(picked))
            else:
                move = engine.Play(rng.choice(hand + deck[:2]), tuple(picked[:-1]))
            if kind == "other seat":
                seat = rng.randrange(-1, state.rules.players + 1)
        after, events = engine.apply(state, seat, move)
    except engine.EngineError as error:
        return json.dumps([type(error).__name__, error.code, str(error)]).encode()
    return _encoded(after, events)


def recording(description: str) -> str:
    """The commit a recording is from (`--rev`), its code put first on the path (`--root`: the
    folder holding that commit's `engine/` and `bots/`)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--root", help="a folder holding the engine/ and bots/ to record")
    parser.add_argument("--rev", default="291b203", help="the commit they are from")
    args = parser.parse_args()
    if args.root:
        sys.path.insert(0, args.root)
    rev: str = args.rev
    return rev


def main() -> None:
    """Print the digests of the engine found first on the path (`--root`: the one in DIR)."""
    rev = recording(__doc__.splitlines()[0])
    print(json.dumps({"rev": rev, "games": digests()}, indent=1))


if __name__ == "__main__":
    main()
