"""The client's hand-written layer against a live server: whole matches of each preset played
by `Table`, a partnership game with signals, a bot seat, a version conflict recovered from,
and an events stream resumed with `Last-Event-ID`."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from escopa_client import ApiError, Choice, Escopa, Event, Table
from escopa_client.generated.models import CreatedGame, GameView, LegalMoves, MatchEnded
from tests.harness.api import chosen_seed

Chooser = Callable[[GameView, LegalMoves], Choice]


def randomly(seed: int) -> Chooser:
    """A seat that plays a random legal move (seeded)."""
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(legal.moves)


def tables(escopa: Escopa, game: CreatedGame) -> list[Table]:
    return [escopa.table(game.game_id, seat.token) for seat in game.players if seat.token]


def after_a_first_move(escopa: Escopa, seed: str) -> Table:
    """The seat to play in a new two-seat game, once the game has had its first move."""
    seats = tables(
        escopa, escopa.create_game({"players": ["Ana", "Bia"], "seed": chosen_seed(seed)})
    )
    assert any(seat.step(randomly(0)) for seat in seats)
    return next(seat for seat in seats if seat.legal_moves().moves)


def round_robin(seats: list[Table], choose: Chooser) -> int:
    """Every seat steps in turn until the match ends; the moves played."""
    moves = 0
    while seats[0].view().status.value != "finished":
        moves += sum(seat.step(choose) is not None for seat in seats)
    return moves


@pytest.mark.parametrize("preset", ["escopa", "escoba", "escova"])
def test_two_people_play_a_whole_match_of_each_preset_to_its_end(
    escopa: Escopa, preset: str
) -> None:
    game = escopa.create_game(
        {"players": ["Ana", "Bia"], "preset": preset, "seed": chosen_seed(preset)}
    )
    seats = tables(escopa, game)
    moves = round_robin(seats, randomly(1))
    final = seats[1].view()
    score = seats[0].score()
    assert final.outcome is not None and score.outcome is not None
    assert max(score.totals) >= final.rules.target
    assert final.outcome.totals == score.totals
    assert moves >= 36, "a match deals the whole deck at least once"


def test_four_partners_play_with_signals_through_their_events_streams(escopa: Escopa) -> None:
    """Each seat is its own `Table.play` in its own thread, following the events stream; every
    seat holding the seven of diamonds tells its partner, who sees it in its view."""
    game = escopa.create_game(
        {"players": ["Ana", "Bia", "Caio", "Duda"], "seed": chosen_seed("partners")}
    )
    seats = tables(escopa, game)
    told: list[tuple[int, str]] = []
    heard: list[tuple[int, int]] = []
    lock = threading.Lock()

    def player(table: Table, seed: int) -> Chooser:
        rng = random.Random(seed)

        def choose(view: GameView, legal: LegalMoves) -> Choice:
            assert view.seat is not None
            with lock:
                heard.extend((view.seat, s.seat) for s in view.signals if s.seat != view.seat)
                mine = {(r, s) for r, s in told if r == view.seat}
            if "7D" in view.hand and (view.seat, "guindis") not in mine:
                table.signal("guindis")
                with lock:
                    told.append((view.seat, "guindis"))
            return rng.choice(legal.moves)

        return choose

    finals: dict[int, GameView] = {}
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            finals[index] = seats[index].play(player(seats[index], index))
        except BaseException as error:  # reported by the test, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == []
    assert {final.status.value for final in finals.values()} == {"finished"}
    assert finals[0].outcome is not None and len(finals[0].outcome.seats) == 2
    assert told, "someone held the seven of diamonds"
    assert heard and all((reader + 2) % 4 == sender for reader, sender in heard)
    ending = next(e for e in seats[0].events(after=0) if e.ends_match)
    assert ending.entry.to_dict()["signals"], "the entry that ends the match records them"


def test_a_seat_plays_a_whole_match_against_a_bot_seat(escopa: Escopa) -> None:
    game = escopa.create_game({"players": ["Ana", {"name": "Bot", "bot": "greedy"}]})
    token = game.players[0].token
    assert isinstance(token, str), "a person's seat has a token, a bot's none"
    assert [seat.seat for seat in game.players] == [0], "only the people get tokens"
    table = escopa.table(game.game_id, token)
    seen: list[Event] = []
    final = table.play(randomly(2), on_event=seen.append)
    assert final.status.value == "finished" and final.outcome is not None
    assert {e.entry.seat for e in seen if e.type == "move"} == {0, 1}
    assert [e.seq for e in seen] == list(range(1, seen[-1].seq + 1)), "the whole log, once"
    assert any(isinstance(ev, MatchEnded) for ev in seen[-1].entry.events)


def test_a_move_at_a_stale_version_is_played_again_at_the_current_one(escopa: Escopa) -> None:
    table = after_a_first_move(escopa, "stale")
    legal = table.legal_moves()
    with pytest.raises(ApiError) as refused:
        table.move(legal.moves[0], legal.version - 1, attempts=1)
    assert refused.value.status == 409 and refused.value.code == "game/version_conflict"
    result = table.move(legal.moves[0], legal.version - 1)
    assert table.conflicts == 1, "the refused first try was not recovered from"
    assert result.version == legal.version + 1
    assert result.move == legal.moves[0].id


def test_a_conflict_asks_the_callback_again_with_the_game_as_it_is_now(escopa: Escopa) -> None:
    table = after_a_first_move(escopa, "again")
    asked: list[int] = []

    def choose(view: GameView, legal: LegalMoves) -> Choice:
        asked.append(legal.version)
        return legal.moves[-1]

    legal = table.legal_moves()
    result = table.move(legal.moves[0], legal.version - 1, choose=choose)
    assert asked == [legal.version]
    assert result.move == legal.moves[-1].id


def test_an_events_stream_resumed_with_last_event_id_goes_on_from_the_next_entry(
    escopa: Escopa,
) -> None:
    game = escopa.create_game({"players": ["Ana", "Bia"], "seed": chosen_seed("resume")})
    seats = tables(escopa, game)
    round_robin(seats, randomly(3))
    first = []
    for event in seats[0].events(after=0):
        first.append(event)
        if len(first) == 5:
            break  # the connection is dropped here
    rest = list(seats[0].events(last_event_id=first[-1].seq))
    assert [e.seq for e in first] == [1, 2, 3, 4, 5]
    assert rest[0].seq == 6
    seqs = [e.seq for e in first + rest]
    assert seqs == list(range(1, len(seqs) + 1))
    assert rest[-1].ends_match
    spectator = list(Table(escopa.client(), game.game_id).events(after=len(seqs) - 1))
    assert [e.seq for e in spectator] == [len(seqs)], "a spectator follows the same log"


def test_a_refused_stream_raises_the_problem(escopa: Escopa) -> None:
    with pytest.raises(ApiError) as refused:
        list(Table(escopa.client(), "nosuchgame").events())
    assert refused.value.status == 404 and refused.value.code == "game/not_found"


def test_a_friend_joins_an_open_seat_by_its_invite_and_they_play_it_out(escopa: Escopa) -> None:
    game = escopa.create_game({"players": ["Ana", {"open": True}], "seed": chosen_seed("invite")})
    assert game.view.status.value == "waiting"
    invite = game.players[1].invite
    assert isinstance(invite, str)
    joined = escopa.join(game.game_id, invite, "Bia")
    assert joined.seat == 1 and joined.view.status.value == "playing"
    seats = [
        escopa.table(game.game_id, game.players[0].token or ""),
        escopa.table(joined.game_id, joined.token),
    ]
    round_robin(seats, randomly(5))
    assert seats[1].view().outcome is not None
    with pytest.raises(ApiError) as refused:
        escopa.join(game.game_id, invite, "Caio")
    assert refused.value.code in {"join/invite_invalid", "game/not_waiting"}


def test_a_hint_is_one_of_the_seats_legal_moves_and_plays_as_it_is(escopa: Escopa) -> None:
    table = after_a_first_move(escopa, "hint")
    hint = table.hint("greedy")
    assert hint.move.id in {move.id for move in table.legal_moves().moves}
    assert table.move(hint.move, hint.version).move == hint.move.id
