"""Legal moves and POST moves: the three request forms, claims, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.cards import VALUE
from tests.harness.api import (
    Client,
    Game,
    assert_problem,
    capturing_cards,
    create_game,
    find_seed,
    ok,
)

# A 2-player escopa game where seat 0 acts first and holds a card that captures on the table.
CAPTURE_SEED, CAPTURE_STATE = find_seed(
    lambda s: bool(capturing_cards(s)), prefix="capture", first_dealer=1
)


async def capture_game(client: Client) -> Game:
    return await create_game(client, seed=CAPTURE_SEED, first_dealer=1)


def first_capture(state: engine.State) -> tuple[str, tuple[str, ...]]:
    """A capturing card of the seat to act and the table cards it takes."""
    return next(
        (m.card, m.capture)
        for m in engine.legal_moves(state)
        if isinstance(m, engine.Play) and m.capture
    )


# --- legal moves -----------------------------------------------------------------------------


async def test_legal_moves_require_a_token(client: Client) -> None:
    game = await create_game(client)

    response = await client.get(f"{game.url}/legal-moves")

    assert_problem(response, 401, "auth/missing_token")


async def test_legal_move_ids_are_their_text_forms(client: Client) -> None:
    game = await capture_game(client)

    moves = await game.legal(0)

    assert [m["id"] for m in moves] == [str(m) for m in engine.legal_moves(CAPTURE_STATE)]
    assert any(m["capture"] for m in moves)
    for move in moves:
        assert move["kind"] == "play"
        assert move["id"] == "+".join([move["card"], *move["capture"]])


async def test_a_seat_that_is_not_to_act_has_no_legal_moves(client: Client) -> None:
    game = await capture_game(client)

    body = ok(await client.get(f"{game.url}/legal-moves", headers=game.auth(1)))

    assert body == {"version": 1, "seat": 1, "moves": []}


async def test_every_listed_legal_move_can_be_played_by_its_id(client: Client) -> None:
    listed = await (await capture_game(client)).legal(0)
    assert len(listed) >= 4

    for move in listed:
        game = await capture_game(client)  # a fresh copy of the same deal for each move
        result = ok(await game.move(0, move=move["id"]))
        assert result["version"] == 2
        assert result["move"] == move["id"]
        assert result["entry"]["move"] == move["id"]
        assert result["view"]["last_move"]["move"] == move["id"]


# --- the request forms -----------------------------------------------------------------------


async def test_a_card_with_its_capture_takes_the_cards_from_the_table(client: Client) -> None:
    game = await capture_game(client)
    card, taken = first_capture(CAPTURE_STATE)

    result = ok(await game.move(0, card=card, capture=list(reversed(taken))))

    played = result["entry"]["events"][0]
    assert played == {
        "type": "played",
        "seat": 0,
        "card": card,
        "capture": list(taken),
        "escopa": played["escopa"],
        "wrong": False,
    }
    view = result["view"]
    assert not set(taken) & set(view["table"])
    assert card not in view["hand"]
    assert view["sides"][0]["captured"] == 1 + len(taken)
    assert view["turn"] == 1


async def test_a_card_alone_is_a_discard_to_the_table(client: Client) -> None:
    game = await capture_game(client)
    card = CAPTURE_STATE.hands[0][0]

    result = ok(await game.move(0, card=card))

    assert result["move"] == card
    assert result["view"]["table"] == [*CAPTURE_STATE.table, card]
    assert result["view"]["sides"][0]["captured"] == 0


@pytest.mark.parametrize("form", ["claim", "move"])
async def test_the_next_seat_may_claim_a_missed_capture(client: Client, form: str) -> None:
    game = await capture_game(client)
    missed = capturing_cards(CAPTURE_STATE)[0]
    discard = ok(await game.move(0, card=missed))
    assert discard["view"]["claim_seat"] == 1

    claims = [m for m in await game.legal(1) if m["kind"] == "claim"]
    assert claims, "the missed capture must be claimable"
    claim = claims[0]
    assert missed in claim["claim"]
    assert sum(VALUE[c] for c in claim["claim"]) == 15
    assert claim["id"] == "claim:" + "+".join(claim["claim"])
    body: dict[str, Any] = {"claim": claim["claim"]} if form == "claim" else {"move": claim["id"]}

    result = ok(await game.move(1, **body))

    assert result["move"] == claim["id"]
    assert result["entry"]["events"] == [{"type": "claimed", "seat": 1, "cards": claim["claim"]}]
    view = result["view"]
    assert view["turn"] == 1, "the claimant then plays as usual"
    assert view["hand_sizes"] == [2, 3]
    assert view["sides"][1]["captured"] == len(claim["claim"])
    assert view["sides"][1]["escopas"] == 0, "a claim is never an escopa"
    assert view["claim_seat"] is None
    assert not set(claim["claim"]) & set(view["table"])


async def test_a_missed_capture_expires_when_the_next_seat_plays_instead(client: Client) -> None:
    game = await capture_game(client)
    ok(await game.move(0, card=capturing_cards(CAPTURE_STATE)[0]))
    plays = [m for m in await game.legal(1) if m["kind"] == "play"]

    after = ok(await game.move(1, move=plays[0]["id"]))["view"]

    assert after["claim_seat"] is None
    assert all(m["kind"] == "play" for m in await game.legal(0))


async def test_a_missed_capture_is_not_claimable_under_escoba_rules(client: Client) -> None:
    seed, state = find_seed(
        lambda s: bool(capturing_cards(s)), preset="escoba", prefix="capture", first_dealer=1
    )
    game = await create_game(client, preset="escoba", seed=seed, first_dealer=1)

    view = ok(await game.move(0, card=capturing_cards(state)[0]))["view"]

    assert view["claim_seat"] is None
    assert all(m["kind"] == "play" for m in await game.legal(1))


# --- refusals --------------------------------------------------------------------------------


async def assert_refused(
    game: Game, seat: int | None, body: dict[str, Any], status: int, code: str
) -> dict[str, Any]:
    """The move is refused with this problem, and neither the version nor the log changed."""
    before = await game.snapshot()
    body.setdefault("expected_version", before[0])
    problem = assert_problem(await game.post_move(seat, body), status, code)
    assert await game.snapshot() == before
    return problem


async def test_a_stale_expected_version_is_a_version_conflict(client: Client) -> None:
    game = await capture_game(client)
    ok(await game.move(0, card=CAPTURE_STATE.hands[0][0]))
    move = (await game.legal(1))[0]["id"]

    problem = await assert_refused(
        game, 1, {"expected_version": 1, "move": move}, 409, "game/version_conflict"
    )

    assert "version 2" in problem["detail"]


async def test_a_future_expected_version_is_a_version_conflict(client: Client) -> None:
    game = await capture_game(client)

    await assert_refused(
        game,
        0,
        {"expected_version": 7, "card": CAPTURE_STATE.hands[0][0]},
        409,
        "game/version_conflict",
    )


async def test_a_move_out_of_turn_is_refused(client: Client) -> None:
    game = await capture_game(client)

    await assert_refused(game, 1, {"card": CAPTURE_STATE.hands[1][0]}, 409, "move/not_your_turn")


async def test_a_card_not_in_hand_is_refused(client: Client) -> None:
    game = await capture_game(client)
    elsewhere = CAPTURE_STATE.stock[0]

    await assert_refused(game, 0, {"card": elsewhere}, 422, "move/card_not_in_hand")


async def test_a_capture_not_summing_to_15_is_refused(client: Client) -> None:
    game = await capture_game(client)
    card, table_card = next(
        (c, t)
        for c in CAPTURE_STATE.hands[0]
        for t in CAPTURE_STATE.table
        if VALUE[c] + VALUE[t] != 15
    )

    await assert_refused(
        game, 0, {"card": card, "capture": [table_card]}, 422, "move/capture_not_15"
    )


async def test_capturing_a_card_that_is_not_on_the_table_is_refused(client: Client) -> None:
    game = await capture_game(client)
    card, other = CAPTURE_STATE.hands[0][:2]

    await assert_refused(game, 0, {"card": card, "capture": [other]}, 422, "move/card_not_on_table")


@pytest.mark.parametrize(
    "fields",
    [
        {"card": "{card}", "claim": ["{card}", "{table}"]},
        {"move": "{card}", "capture": ["{table}"]},
        {"claim": ["{card}", "{table}"], "capture": ["{table}"]},
        {"card": "{card}", "move": "{card}"},
        {},
    ],
    ids=["card-and-claim", "move-and-capture", "claim-and-capture", "card-and-move", "nothing"],
)
async def test_a_request_naming_other_than_one_move_is_ambiguous(
    client: Client, fields: dict[str, Any]
) -> None:
    game = await capture_game(client)
    names = {"card": CAPTURE_STATE.hands[0][0], "table": CAPTURE_STATE.table[0]}

    def fill(value: Any) -> Any:
        return [fill(v) for v in value] if isinstance(value, list) else value.format(**names)

    body = {k: fill(v) for k, v in fields.items()}

    await assert_refused(game, 0, body, 422, "request/ambiguous_move")


@pytest.mark.parametrize(
    "fields",
    [
        {"card": "1C"},
        {"card": "7d"},
        {"card": "10D"},
        {"card": "7D", "capture": ["ZZ"]},
        {"claim": ["7D"]},
        {"card": 7},
        {"card": "7D", "colour": "red"},
    ],
    ids=["rank", "suit-case", "ten", "capture", "short-claim", "number", "unknown-field"],
)
async def test_a_malformed_move_request_is_a_bad_request(
    client: Client, fields: dict[str, Any]
) -> None:
    game = await capture_game(client)

    await assert_refused(game, 0, fields, 400, "request/invalid")


async def test_a_move_without_expected_version_is_a_bad_request(client: Client) -> None:
    game = await capture_game(client)

    response = await game.post_move(0, {"card": CAPTURE_STATE.hands[0][0]})

    assert_problem(response, 400, "request/invalid")
    assert await game.version() == 1


@pytest.mark.parametrize(
    ("text", "status", "code"),
    [
        ("XX", 422, "move/unknown_card"),
        ("claim:7D", 422, "move/malformed"),
        ("7D+7D", 422, "move/duplicate_card"),
    ],
)
async def test_a_move_id_that_is_not_a_move_is_refused(
    client: Client, text: str, status: int, code: str
) -> None:
    game = await capture_game(client)

    await assert_refused(game, 0, {"move": text}, status, code)


async def test_a_capture_naming_a_card_twice_is_refused(client: Client) -> None:
    game = await capture_game(client)
    card, taken = first_capture(CAPTURE_STATE)

    await assert_refused(
        game, 0, {"card": card, "capture": [taken[0], taken[0]]}, 422, "move/duplicate_card"
    )


async def test_a_claim_without_a_missed_capture_is_refused(client: Client) -> None:
    game = await capture_game(client)

    await assert_refused(game, 0, {"claim": list(CAPTURE_STATE.table[:2])}, 422, "move/no_claim")


async def test_a_claim_must_include_the_discarded_card(client: Client) -> None:
    game = await capture_game(client)
    missed = capturing_cards(CAPTURE_STATE)[0]
    table = ok(await game.move(0, card=missed))["view"]["table"]
    others = [c for c in table if c != missed][:2]

    await assert_refused(game, 1, {"claim": others}, 422, "move/claim_invalid")


async def test_a_move_needs_a_token(client: Client) -> None:
    game = await capture_game(client)

    await assert_refused(game, None, {"card": CAPTURE_STATE.hands[0][0]}, 401, "auth/missing_token")


async def test_a_move_on_an_unknown_game_is_not_found(client: Client) -> None:
    game = await capture_game(client)
    body = {"expected_version": 1, "card": CAPTURE_STATE.hands[0][0]}

    url = "/v1/games/ffffffffffffffffffffffff/moves"

    response = await client.post(url, json=body, headers=game.auth(0))

    assert_problem(response, 404, "game/not_found")


async def test_a_move_after_the_match_is_over_is_refused(client: Client) -> None:
    game = await create_game(client, target=1)
    finished = await game.play_out()

    response = await game.move(0, card="7D")

    assert_problem(response, 409, "move/game_over")
    assert await game.version() == finished["version"]


# --- mandatory capture -----------------------------------------------------------------------

MANDATORY = {"capture": "mandatory", "first_dealer": 1}
MANDATORY_SEED, MANDATORY_STATE = find_seed(
    lambda s: 0 < len(capturing_cards(s)) < len(s.hands[0]),
    preset="escoba",
    prefix="mandatory",
    **MANDATORY,
)


async def mandatory_game(client: Client) -> Game:
    return await create_game(client, preset="escoba", seed=MANDATORY_SEED, **MANDATORY)


async def test_discarding_a_card_that_can_capture_is_refused_when_capture_is_mandatory(
    client: Client,
) -> None:
    game = await mandatory_game(client)
    card = capturing_cards(MANDATORY_STATE)[0]

    await assert_refused(game, 0, {"card": card}, 422, "move/capture_required")


async def test_when_capture_is_mandatory_only_captures_are_listed(client: Client) -> None:
    game = await mandatory_game(client)

    moves = await game.legal(0)

    assert moves
    assert all(m["capture"] for m in moves)


async def test_a_discard_missing_from_the_legal_moves_is_refused_when_capture_is_mandatory(
    client: Client,
) -> None:
    # docs/rules.md: "mandatory" refuses a discard when a capture exists, and legal-moves lists no
    # discard at all; a card that cannot capture itself must not slip through as a discard.
    game = await mandatory_game(client)
    card = next(c for c in MANDATORY_STATE.hands[0] if c not in capturing_cards(MANDATORY_STATE))
    assert card not in [m["id"] for m in await game.legal(0)]

    await assert_refused(game, 0, {"card": card}, 422, "move/capture_required")
