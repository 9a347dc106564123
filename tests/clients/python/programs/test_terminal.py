"""What `escopa play` reads and shows, without a server: the move a player types (a number, a
code in any order, suit symbols, a card that plays one way), the bot seats of `--bots`, and
the screen's cards and round table."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import engine
from bots.levels import LEVELS as BOT_LEVELS
from engine.scoring import CATEGORIES
from escopa_client.generated.models import GameView, LegalMoves, RoundScore
from escopa_client.programs.screen import CATEGORY_NAMES, board, card, choices, round_table
from escopa_client.programs.terminal import (
    LEVELS,
    Options,
    bot_levels,
    creation,
    parse_choice,
    run,
)
from escopa_client.programs.words import speak

SUIT = re.compile("[♠♥♦♣]")
LEGAL = LegalMoves.from_dict(
    {
        "version": 7,
        "seat": 0,
        "moves": [
            {"id": "claim:2C+5D+8H", "kind": "claim", "claim": ["2C", "5D", "8H"]},
            {"id": "7C+2C+6H", "kind": "play", "card": "7C", "capture": ["2C", "6H"]},
            {"id": "7C", "kind": "play", "card": "7C", "capture": []},
            {"id": "KH+5D", "kind": "play", "card": "KH", "capture": ["5D"]},
        ],
    }
)


def picked(text: str) -> str:
    found = parse_choice(text, LEGAL)
    assert not isinstance(found, str), found
    return found.id


def test_a_number_picks_the_move_listed_under_it() -> None:
    assert picked("1") == "claim:2C+5D+8H"
    assert picked(" 4 ") == "KH+5D"


def test_a_code_is_read_in_any_case_and_capture_order_with_suit_symbols() -> None:
    assert picked("7c+6h+2c") == "7C+2C+6H"
    assert picked("7♣ 2♣ 6♥") == "7C+2C+6H"
    assert picked("claim:8h+2c+5d") == "claim:2C+5D+8H"


def test_a_card_alone_is_its_discard_or_its_only_move() -> None:
    assert picked("7C") == "7C"
    assert picked("kh") == "KH+5D"


def test_what_is_not_a_legal_move_is_said_with_the_way_out() -> None:
    assert parse_choice("9", LEGAL) == "choose a number from 1 to 4"
    assert parse_choice("0", LEGAL) == "choose a number from 1 to 4"
    assert "is not a legal move here" in str(parse_choice("QS", LEGAL))
    assert "is not a legal move here" in str(parse_choice("", LEGAL))


def test_the_bots_are_named_in_the_players_words_and_by_seats_counted_from_1() -> None:
    speak("pt_BR")
    try:
        body = creation("Ana", ["expert", "greedy", "random"], "escopa", None)
    finally:
        speak("en")
    assert [seat["name"] for seat in body["players"][1:]] == [
        "Especialista 2",
        "Guloso 3",
        "Aleatório 4",
    ]


def test_the_bot_levels_fill_the_seats_in_order() -> None:
    assert bot_levels("expert,greedy", None) == ["expert", "greedy"]
    assert bot_levels("expert,greedy", 4) == ["expert", "greedy", "expert"]
    assert bot_levels("greedy", 3) == ["greedy", "greedy"]
    body = creation("Ana", ["expert", "greedy"], "escoba", 11)
    assert body == {
        "players": [
            "Ana",
            {"name": "Expert 2", "bot": "expert"},
            {"name": "Greedy 3", "bot": "greedy"},
        ],
        "preset": "escoba",
        "rules": {"target": 11},
    }


@pytest.mark.parametrize(
    ("bots", "players", "said"),
    [
        ("wizard", None, "unknown bot level 'wizard'"),
        ("", None, "unknown bot level ''"),
        ("expert,greedy", 2, "2 bot levels for 1 bot seat"),
    ],
)
def test_wrong_bots_are_refused(bots: str, players: int | None, said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(").replace(")", r"\)")):
        bot_levels(bots, players)


def test_the_client_knows_the_bot_levels_and_the_categories_of_the_engine() -> None:
    assert sorted(LEVELS) == sorted(BOT_LEVELS)
    assert tuple(CATEGORY_NAMES) == CATEGORIES  # in the order the service lists them


def test_a_game_without_an_invite_or_a_token_is_refused_before_any_request() -> None:
    console = Console(width=100, record=True, no_color=True)

    status = run(Options(url="http://127.0.0.1:9", game="g" * 24), console, ask=input)

    assert status == 2
    said = console.export_text()
    assert "escopa play: --game needs --invite (an open seat) or --token (your seat)" in said


def text_of(renderable: Any) -> str:
    console = Console(width=100, record=True, no_color=True)
    console.print(renderable)
    return console.export_text()


def test_cards_show_their_suits_and_the_red_ones_are_red() -> None:
    assert card("7D", "french").plain == "7♦"
    assert "red" in str(card("AH", "french").style)
    assert "red" not in str(card("KS", "french").style)
    shown = text_of(choices(LEGAL, "french"))
    assert "claim the missed capture 2♣ 5♦ 8♥" in shown
    assert "7♣ takes 2♣ 6♥" in shown
    assert "7♣ down on the table" in shown


def test_naipes_are_words_in_their_colours_and_the_codes_stay_listed() -> None:
    assert card("7D", "spanish").plain == "7 coins"
    assert "yellow" in str(card("7D", "spanish").style)
    assert "green" in str(card("KC", "spanish").style)
    shown = text_of(choices(LEGAL, "spanish"))
    assert "claim the missed capture 2 clubs, 5 coins, 8 cups" in shown
    assert "7 clubs takes 2 clubs, 6 cups" in shown and "7C+2C+6H" in shown
    assert not SUIT.search(shown)


def test_the_board_draws_the_deck_it_is_given() -> None:
    spanish = text_of(board(game_view(), 0, "spanish"))
    assert "table      2 swords, 3 swords" in spanish
    assert "your hand  7 coins, K clubs" in spanish
    assert "last move  E (expert) played 4 cups and took A swords" in spanish
    assert not SUIT.search(spanish)
    assert "your hand  7♦ K♣" in text_of(board(game_view(), 0, "french"))


VIEW: dict[str, Any] = {
    "seat": 0, "status": "playing", "round": 2, "hand_number": 3, "dealer": 1, "turn": 0,
    "table": ["2S", "3S"], "hand": ["7D", "KC"], "hand_sizes": [2, 3], "stock_size": 20,
    "sides": [
        {"side": 0, "seats": [0], "captured": 9, "escopas": 1, "score": 4},
        {"side": 1, "seats": [1], "captured": 5, "escopas": 0, "score": 2},
    ],
    "claim_seat": None, "last_move": {"seat": 1, "move": "4H+AS", "escopa": False},
    "outcome": None, "seed": None, "game_id": "g" * 24, "version": 30,
    "players": [{"seat": 0, "name": "Ana", "bot": None}, {"seat": 1, "name": "E", "bot": "expert"}],
    "seed_commitment": "c" * 64,
    "signals": [{"seat": 1, "signal": "seven", "after": 29, "time": "2026-01-01T00:00:00Z"}],
}  # fmt: skip


def game_view() -> GameView:
    rules = {
        "players": 2, "partnerships": None, "target": 21, "first_dealer": "draw",
        "dealer_rotation": "hand", "initial_table_bonus": "pairs", "capture": "optional",
        "missed_capture": "claimable",
        "points": {"escopa": 1, "most_cards": 1, "most_diamonds": 1, "all_diamonds": 2,
                   "seven_of_diamonds": 1, "most_sevens": 1, "all_sevens": 3,
                   "opponents_under_10": 2, "primeira": 0},
        "primeira_values": {"A": 6, "2": 2, "3": 3, "4": 4, "5": 5, "6": 8, "7": 11,
                            "Q": 0, "J": 0, "K": 0},
        "validation": "strict", "signals": True, "auto_deal": True,
    }  # fmt: skip
    return GameView.from_dict({**VIEW, "rules": rules})


def test_the_board_shows_the_table_the_hand_the_piles_and_the_score() -> None:
    shown = text_of(board(game_view(), 0, "french"))
    assert "round 2, hand 3 · dealer E (expert) · stock 20 · to play: you" in shown
    assert "table      2♠ 3♠" in shown
    assert "your hand  7♦ K♣" in shown
    assert "others     E (expert) 3 cards" in shown
    assert "last move  E (expert) played 4♥ and took A♠" in shown
    assert "signals    E (expert): another seven" in shown
    piles = {line.split()[1]: line.split()[-4:-1] for line in shown.splitlines()[7:9]}
    assert piles == {"you": ["9", "1", "4"], "E": ["5", "0", "2"]}


def test_the_round_table_lists_each_category_scored_and_the_totals() -> None:
    side = {"seats": [0], "cards": 24, "diamonds": 6, "sevens": 3, "seven_of_diamonds": True,
            "wrong_captures": 0, "void": False, "penalty": 0,
            "primeira": 40, "escopas": 2, "total": 7,
            "categories": {"escopa": 2, "most_cards": 1, "most_diamonds": 1,
                           "seven_of_diamonds": 1, "most_sevens": 1, "primeira": 0,
                           "opponents_under_10": 2}}  # fmt: skip
    other = {"seats": [1], "cards": 16, "diamonds": 4, "sevens": 1, "seven_of_diamonds": False,
             "wrong_captures": 0, "void": False, "penalty": 0,
             "primeira": 30, "escopas": 0, "total": 0, "categories": {"escopa": 0}}  # fmt: skip
    score = RoundScore.from_dict(
        {
            "round": 2,
            "sides": [{"side": 0, **side}, {"side": 1, **other}],
            "last_cards": [],
            "last_capturer": 0,
            "match_totals": [11, 2],
        }
    )
    rows = {
        line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:-1]]
        for line in text_of(round_table(score, game_view(), 0)).splitlines()
        if line.startswith("│")
    }
    assert rows["cards"] == ["24", "16"]
    assert rows["+ escopas"] == ["2", ""]
    assert rows["+ seven of diamonds"] == ["1", ""]
    assert rows["+ opponents under 10 cards"] == ["2", ""]
    assert "+ primeira" not in rows  # nobody scored it
    assert "primeira" not in rows  # nor could: the escopa preset scores none
    assert rows["round"] == ["+7", "+0"]
    assert rows["match"] == ["11", "2"]


def test_a_category_a_newer_service_scores_is_listed_after_the_known_ones() -> None:
    side = {"seats": [0], "cards": 20, "diamonds": 5, "sevens": 2, "seven_of_diamonds": False,
            "wrong_captures": 0, "void": False, "penalty": 0, "primeira": None,
            "escopas": 1, "total": 4, "categories": {"escopa": 1, "most_kings": 3}}  # fmt: skip
    score = RoundScore.from_dict(
        {
            "round": 1,
            "sides": [{"side": 0, **side}, {"side": 1, **side, "seats": [1], "categories": {}}],
            "last_cards": [],
            "last_capturer": 0,
            "match_totals": [4, 0],
        }
    )
    labels = [
        line.split("│")[1].strip()
        for line in text_of(round_table(score, game_view(), 0)).splitlines()
        if line.startswith("│") and "+ " in line.split("│")[1]
    ]
    assert labels == ["+ escopas", "+ most_kings"]


def test_a_card_that_captures_several_ways_asks_which() -> None:
    legal = LegalMoves.from_dict(
        {
            "version": 3,
            "seat": 1,
            "moves": [
                {"id": "6D+4C+5D", "kind": "play", "card": "6D", "capture": ["4C", "5D"]},
                {"id": "6D+9S", "kind": "play", "card": "6D", "capture": ["9S"]},
            ],
        }
    )
    assert (
        parse_choice("6d", legal)
        == "6d plays several ways (1, 2): type its number or the whole code"
    )
    found = parse_choice("6D+5D+4C", legal)
    assert not isinstance(found, str)
    assert found.id == "6D+4C+5D"


def listed(move: engine.Move) -> dict[str, Any]:
    """A legal move as `GET /legal-moves` lists it."""
    if isinstance(move, engine.Play):
        return {"id": str(move), "kind": "play", "card": move.card, "capture": list(move.capture)}
    if isinstance(move, engine.Claim):
        return {"id": str(move), "kind": "claim", "claim": list(move.cards)}
    return {"id": "deal", "kind": "deal"}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.randoms(use_true_random=False))
def test_every_listed_move_is_picked_by_its_number_and_by_its_code_in_any_order(
    seed: int, moves: int, rng: random.Random
) -> None:
    state, _ = engine.start(engine.make_rules("escopa", {"players": 2}), f"typed-{seed}")
    for _ in range(moves):
        seat = engine.current_seat(state)
        if seat is None:
            break
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    seat = engine.current_seat(state)
    if seat is None:
        return
    legal = LegalMoves.from_dict(
        {"version": 1, "seat": seat, "moves": [listed(m) for m in engine.legal_moves(state, seat)]}
    )
    for number, move in enumerate(legal.moves, start=1):
        by_number = parse_choice(str(number), legal)
        assert not isinstance(by_number, str) and by_number.id == move.id
        head, *rest = move.id.removeprefix("claim:").split("+")
        rng.shuffle(rest)
        prefix = "claim:" if move.id.startswith("claim:") else ""
        cards = [head, *rest] if not prefix else rng.sample([head, *rest], len(rest) + 1)
        typed = (prefix + "+".join(cards)).lower()
        by_code = parse_choice(typed, legal)
        assert not isinstance(by_code, str) and by_code.id == move.id, typed


def test_the_last_move_says_what_was_played_and_taken_or_claimed() -> None:
    for move, said in [
        ("3C", "E (expert) played 3♣"),
        ("7D+3S+5H", "E (expert) played 7♦ and took 3♠ 5♥"),
        ("claim:5S+QD", "E (expert) claimed the missed capture 5♠ Q♦"),
    ]:
        view = GameView.from_dict(
            {**game_view().to_dict(), "last_move": {"seat": 1, "move": move, "escopa": False}}
        )
        shown = text_of(board(view, 0, "french"))
        assert f"last move  {said}" in shown, shown


def test_the_round_table_shows_the_primeira_where_the_rules_score_it() -> None:
    side = {"seats": [0], "cards": 24, "diamonds": 6, "sevens": 3, "seven_of_diamonds": True,
            "wrong_captures": 0, "void": False, "penalty": 0, "primeira": 40, "escopas": 0,
            "total": 1, "categories": {"primeira": 1}}  # fmt: skip
    other = {**side, "seats": [1], "primeira": 30, "total": 0, "categories": {"primeira": 0}}
    score = RoundScore.from_dict(
        {
            "round": 1,
            "sides": [{"side": 0, **side}, {"side": 1, **other}],
            "last_cards": [],
            "last_capturer": 0,
            "match_totals": [1, 0],
        }
    )
    scored = game_view().to_dict()
    scored["rules"]["points"]["primeira"] = 1
    rows = text_of(round_table(score, GameView.from_dict(scored), 0))
    assert any(
        line.split("│")[1].strip() == "primeira" for line in rows.splitlines() if "│" in line
    )


def test_a_player_id_names_the_seat_and_rated_asks_for_a_rated_game() -> None:
    body = creation("Ana", ["greedy"], "escopa", None, "u-17", rated=True)
    assert body["players"][0] == {"name": "Ana", "player_id": "u-17"}
    assert body["rated"] is True
    assert "rated" not in creation("Ana", ["greedy"], "escopa", None)
