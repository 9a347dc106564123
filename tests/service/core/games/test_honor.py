"""Honor mode: a capture's `wrong` stays hidden (null, never false) until the final check."""

from __future__ import annotations

import engine
from engine.cards import VALUE
from tests.harness.api import Client, Json, create_game, find_seed, ok


def wrong_capture(state: engine.State) -> tuple[str, str] | None:
    """A card of the seat to act and a table card that together do not sum to 15."""
    assert state.turn is not None
    for card in state.hands[state.turn]:
        for taken in state.table:
            if VALUE[card] + VALUE[taken] != 15:
                return card, taken
    return None


HONOR_SEED, HONOR_STATE = find_seed(
    lambda s: wrong_capture(s) is not None, prefix="honor", validation="honor", first_dealer=1
)


def played(result: Json) -> Json:
    (event,) = [e for e in result["entry"]["events"] if e["type"] == "played"]
    return event


async def test_the_capturing_seat_is_not_told_false_for_a_wrong_capture(client: Client) -> None:
    game = await create_game(client, seed=HONOR_SEED, validation="honor", first_dealer=1)
    found = wrong_capture(HONOR_STATE)
    assert found is not None
    card, taken = found

    result = ok(await game.move(0, card=card, capture=[taken]))

    assert played(result)["wrong"] is None, "hidden until the final check: null, not false"
    for reader in (None, 0, 1):
        (entry,) = [e for e in await game.log(reader) if e["seq"] == result["version"]]
        (event,) = [e for e in entry["events"] if e["type"] == "played"]
        assert event["wrong"] is None
        assert entry["salt"] is None


async def test_a_right_honor_capture_looks_like_a_wrong_one(client: Client) -> None:
    seed, state = find_seed(
        lambda s: any(isinstance(m, engine.Play) and m.capture for m in engine.legal_moves(s)),
        prefix="honor-right",
        validation="honor",
        first_dealer=1,
    )
    game = await create_game(client, seed=seed, validation="honor", first_dealer=1)
    move = next(m for m in engine.legal_moves(state) if isinstance(m, engine.Play) and m.capture)

    result = ok(await game.move(0, move=str(move)))

    assert played(result)["wrong"] is None
    assert result["entry"]["salt"] is None, "a right capture's entry is redacted like a wrong one"
