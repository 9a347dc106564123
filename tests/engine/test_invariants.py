"""Random playouts checking invariants (OpenSpiel's random simulation test).

Each example draws a preset, 2-4 players, auto-deal on or off, a few other options (the house
rules among them) and a seed, then plays random legal moves (from a `random.Random` seeded by
hypothesis) to the end of the match, checking what must hold after every step.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Claim,
    Deal,
    EngineError,
    Move,
    Play,
    Rules,
    State,
    apply,
    canonical_json,
    legal_moves,
    make_rules,
    start,
    state_hash,
    view,
)
from engine.events import (
    Claimed,
    Event,
    HandDealt,
    LastCardsTaken,
    MatchEnded,
    Played,
    RoundEnded,
    TableBonus,
)
from engine.playout import play_out
from engine.rules import seats_of, side_of
from engine.scoring import Outcome, match_outcome
from engine.state import EncodedParts, state_json
from tests.engine.helpers import DECK, actor, card_places, last_legal, random_playout, value

EXAMPLES = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Playout:
    rules: Rules
    seed: str
    start: State
    start_events: list[Event]
    steps: list[tuple[int, Move, State, list[Event]]]

    @property
    def states(self) -> list[State]:
        return [self.start, *(step[2] for step in self.steps)]

    @property
    def events(self) -> list[Event]:
        return [*self.start_events, *(e for step in self.steps for e in step[3])]


@st.composite
def playouts(draw: Any, capture: bool = True) -> Playout:
    preset = draw(st.sampled_from(["escopa", "escoba", "escova"]))
    players = draw(st.integers(min_value=2, max_value=4))
    overrides: dict[str, Any] = {
        "players": players,
        "auto_deal": draw(st.booleans()),
        "dealer_rotation": draw(st.sampled_from(["hand", "round"])),
        "initial_table_bonus": draw(st.sampled_from(["pairs", "pairs", "fifteen", "none"])),
        "initial_bonus_taker": draw(st.sampled_from(["dealer", "mano"])),
        "missed_capture": draw(st.sampled_from(["claimable", "stays"])),
        "tie_at_target": draw(st.sampled_from(["play_on", "draw", "shared"])),
        "leftover_cards": draw(st.sampled_from(["nobody", "dealer", "mano"])),
        "primeira_figures": draw(st.sampled_from(["count", "ignore"])),
        # a lower target keeps the playouts short; 21 and 31 are covered by the golden replays
        "target": draw(st.sampled_from([5, 11, 21])),
    }
    if capture:
        overrides["capture"] = draw(st.sampled_from(["optional", "mandatory"]))
    if players == 4:
        overrides["partnerships"] = draw(st.sampled_from([None, False]))
    overrides["points"] = {
        "primeira": draw(st.sampled_from([0, 2])),
        "all_cards": draw(st.sampled_from([0, 2])),
    }
    rules = make_rules(preset, overrides)
    seed = draw(st.text(min_size=1, max_size=12))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    state, events = start(rules, seed)
    return Playout(rules, seed, state, events, random_playout(state, rng))


@EXAMPLES
@given(playouts())
def test_the_forty_cards_are_always_in_exactly_one_place(game: Playout) -> None:
    for state in game.states:
        if state.status == "dealing" and state.hand == 0:
            continue  # between rounds: the last round's piles are scored and gone
        assert card_places(state) == Counter(DECK), (state.status, state.round, state.hand)
        if state.status == "playing":
            assert state.turn is not None
            assert state.hands[state.turn], "the seat to play holds a card"
            sizes = [len(h) for h in state.hands]
            assert max(sizes) - min(sizes) <= 1


@EXAMPLES
@given(playouts())
def test_the_table_left_at_each_round_s_end_sums_to_10_mod_15_and_goes_to_the_last_capturer(
    game: Playout,
) -> None:
    rules = game.rules
    last_capturer: int | None = None
    dealer = -1
    ends = 0
    for event in game.events:
        if isinstance(event, HandDealt):
            dealer = event.dealer
            if event.hand == 1:
                last_capturer = None
        if (isinstance(event, Played) and event.capture) or isinstance(
            event, (Claimed, TableBonus)
        ):
            last_capturer = side_of(rules, event.seat)
        if isinstance(event, LastCardsTaken):
            ends += 1
            assert event.cards, "the table never ends empty"
            assert value(event.cards) % 15 == 10
            assert value(event.cards) in range(10, 221, 15)
            # nobody captured: the house rule names the last hand's dealer, its mano or nobody
            fallback = {
                "nobody": None,
                "dealer": side_of(rules, dealer),
                "mano": side_of(rules, (dealer + 1) % rules.players),
            }[rules.leftover_cards]
            assert event.side == (last_capturer if last_capturer is not None else fallback)
    assert ends == len(game.states[-1].rounds)


@EXAMPLES
@given(playouts())
def test_the_opening_table_bonus_follows_the_rules_that_say_which_tables_and_who_takes_them(
    game: Playout,
) -> None:
    rules = game.rules
    due = []
    for event in game.events:
        if not (isinstance(event, HandDealt) and event.hand == 1):
            continue
        total = value(event.table)
        escopas = 1 if total == 15 else 0
        if rules.initial_table_bonus == "pairs" and total == 30:
            first = value(event.table[:1])
            escopas = 2 if any(first + value((c,)) == 15 for c in event.table[1:]) else 0
        if rules.initial_table_bonus == "none":
            escopas = 0
        taker = event.dealer
        if rules.initial_bonus_taker == "mano":
            taker = (event.dealer + 1) % rules.players
        if escopas:
            due.append(TableBonus(seat=taker, cards=event.table, escopas=escopas))
    assert [e for e in game.events if isinstance(e, TableBonus)] == due


@EXAMPLES
@given(playouts())
def test_an_escopa_is_exactly_a_capture_that_empties_the_table(game: Playout) -> None:
    for before, (_, move, after, events) in zip(game.states, game.steps, strict=False):
        played = [e for e in events if isinstance(e, Played)]
        if not played:
            continue
        (event,) = played
        assert isinstance(move, Play)
        if move.capture:
            table_after = set(before.table) - set(move.capture)
        else:
            table_after = {*before.table, move.card}
        assert event.escopa == (bool(move.capture) and not table_after)
        side = side_of(game.rules, event.seat)
        if event.escopa and after.round == before.round and after.status == "playing":
            assert after.escopas[side] == before.escopas[side] + 1


@EXAMPLES
@given(playouts())
def test_replaying_the_seed_and_the_moves_gives_the_same_state_hash_after_every_step(
    game: Playout,
) -> None:
    state, events = start(game.rules, game.seed)
    assert state_hash(state) == state_hash(game.start)
    assert events == game.start_events
    for seat, move, expected, expected_events in game.steps:
        state, events = apply(state, seat, move)
        assert state_hash(state) == state_hash(expected)
        assert events == expected_events
    assert state == game.states[-1]


@EXAMPLES
@given(playouts())
def test_round_totals_are_the_sum_of_categories_and_match_totals_run_on(game: Playout) -> None:
    final = game.states[-1]
    rounds = [e.score for e in game.events if isinstance(e, RoundEnded)]
    assert tuple(rounds) == final.rounds
    running = [0] * len(final.scores)
    for number, score in enumerate(rounds, start=1):
        assert score.round == number
        taken = score.last_capturer is not None or game.rules.leftover_cards != "nobody"
        left = 0 if taken else len(score.last_cards)
        assert sum(side.cards for side in score.sides) == 40 - left
        for side in score.sides:
            assert not side.void
            assert side.total == sum(side.categories.values())
            assert all(points >= 0 for points in side.categories.values())
            if game.rules.points.all_cards:
                assert side.categories["all_cards"] == (2 if side.cards == 40 else 0)
            else:
                assert "all_cards" not in side.categories
            running[side.side] += side.total
        assert score.match_totals == tuple(running)
    assert final.scores == tuple(running)
    outcome = final.outcome
    assert outcome is not None
    assert [e.outcome for e in game.events if isinstance(e, MatchEnded)] == [outcome]
    assert outcome.totals == final.scores
    best = max(outcome.totals)
    top = tuple(side for side, total in enumerate(outcome.totals) if total == best)
    assert best >= game.rules.target
    if len(top) == 1:
        assert (outcome.result, outcome.winner, outcome.tied) == ("won", top[0], ())
        assert outcome.seats == seats_of(game.rules, top[0])
    else:  # a tie at the top ends the match only when the rules say draw or shared
        assert outcome.result == game.rules.tie_at_target != "play_on"
        assert (outcome.winner, outcome.tied) == (None, top)
        shared = sorted(seat for side in top for seat in seats_of(game.rules, side))
        assert list(outcome.seats) == (shared if outcome.result == "shared" else [])
    for score in rounds[:-1]:  # no earlier round ended the match
        totals = score.match_totals
        assert max(totals) < game.rules.target or (
            game.rules.tie_at_target == "play_on" and totals.count(max(totals)) > 1
        )


@EXAMPLES
@given(playouts())
def test_each_side_s_primeira_is_its_best_card_of_each_suit_with_or_without_figures(
    game: Playout,
) -> None:
    rules = game.rules
    counted = {
        rank: points
        for rank, points in rules.primeira_values.items()
        if rules.primeira_figures == "count" or rank not in "QJK"
    }
    piles: list[set[str]] = [set() for _ in game.start.scores]
    for event in game.events:
        if isinstance(event, Played) and event.capture:
            piles[side_of(rules, event.seat)] |= {event.card, *event.capture}
        if isinstance(event, (Claimed, TableBonus)):
            piles[side_of(rules, event.seat)] |= set(event.cards)
        if isinstance(event, LastCardsTaken) and event.side is not None:
            piles[event.side] |= set(event.cards)
        if isinstance(event, RoundEnded):
            for side in event.score.sides:
                held = piles[side.side]
                best = [
                    max((p for rank, p in counted.items() if rank + suit in held), default=None)
                    for suit in "CDHS"
                ]
                expected = None if None in best else sum(b for b in best if b is not None)
                assert side.primeira == expected
                assert side.cards == len(held)
            piles = [set() for _ in piles]


def candidate_moves(state: State, rng: random.Random) -> list[Move]:
    """Moves a client might send: cards from any hand, table subsets, claims, a deal."""
    hand_cards = [c for hand in state.hands for c in hand] or list(DECK[:3])
    table = list(state.table)
    moves: list[Move] = [Deal()]
    for _ in range(12):
        card = rng.choice(hand_cards)
        size = rng.randint(0, min(4, len(table)))
        moves.append(Play(card, tuple(rng.sample(table, size))))
        if len(table) >= 2:
            moves.append(Claim(tuple(rng.sample(table, rng.randint(2, min(4, len(table)))))))
    if state.claim is not None:
        for size in (1, 2):
            rest = [c for c in table if c != state.claim.card]
            for combo in itertools.combinations(rest, size):
                moves.append(Claim((state.claim.card, *combo)))
    return moves


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playouts(capture=False), st.integers(min_value=0, max_value=2**32))
def test_every_legal_move_applies_and_every_other_move_is_refused(
    game: Playout, rng_seed: int
) -> None:
    # capture: "mandatory" is left out here: test_captures.py shows its bug (apply accepts a
    # discard that legal_moves refuses).
    rng = random.Random(rng_seed)
    for state in game.states[::3]:
        if state.status == "finished":
            continue
        legal = legal_moves(state)
        seat = actor(state)
        for move in legal:
            after, events = apply(state, seat, move)
            assert events, "every move has an effect"
            assert after != state
        for move in candidate_moves(state, rng):
            normal = move
            if isinstance(move, Play):
                normal = Play(move.card, tuple(sorted(move.capture, key=DECK.index)))
            elif isinstance(move, Claim):
                normal = Claim(tuple(sorted(move.cards, key=DECK.index)))
            if normal in legal:
                continue
            try:
                apply(state, seat, move)
            except EngineError:
                continue
            raise AssertionError(f"{move} is not legal but was applied (status {state.status})")
        for other in range(state.rules.players):
            if other != seat and state.status == "playing":
                assert legal_moves(state, other) == []


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.text(min_size=1, max_size=20), st.integers(min_value=0, max_value=60))
def test_the_state_hash_is_the_sha256_of_python_s_canonical_json(seed: str, moves: int) -> None:
    state, _ = start(make_rules("escopa", {"players": 3}), seed)
    state, _ = play_out(state, last_legal, max_moves=moves)
    data = json.loads(canonical_json(state))
    expected = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical_json(state) == expected.encode("utf-8")
    assert state_hash(state) == hashlib.sha256(expected.encode("utf-8")).hexdigest()
    assert data["seed"] == seed


@pytest.mark.slow
@EXAMPLES
@given(playouts(), st.sampled_from([1, 3, 8192]))
def test_the_kept_parts_give_every_state_the_bytes_of_its_plain_canonical_json(
    game: Playout, kept: int
) -> None:
    decoded = msgspec.msgpack.Decoder(State)
    parts = EncodedParts(kept)  # 1 and 3: parts evicted and redone
    for state in game.states:
        plain = canonical_json(state)
        assert state_json(state, parts) == plain
        copy = decoded.decode(msgspec.msgpack.encode(state))  # new objects, same values
        assert state_json(copy, parts) == plain
        assert state_hash(copy, parts) == hashlib.sha256(plain).hexdigest()
    assert len(parts) <= kept


def card_codes(value: Any, skip: frozenset[str]) -> set[str]:
    """Every card code named in a decoded JSON value, outside the keys in `skip`."""
    if isinstance(value, dict):
        return {c for k, v in value.items() if k not in skip for c in card_codes(v, skip)}
    if isinstance(value, list):
        return {c for v in value for c in card_codes(v, skip)}
    return {value} & set(DECK) if isinstance(value, str) else set()


@EXAMPLES
@given(playouts())
def test_no_view_ever_shows_the_stock_or_another_seat_s_hand(game: Playout) -> None:
    # past moves and past rounds' results are public and may name cards of an earlier deck
    skip = frozenset({"rounds", "last_move"})
    for state in game.states[::4]:
        for seat in (*range(game.rules.players), None):
            seen = view(state, seat)
            assert seen.hand == (state.hands[seat] if seat is not None else ())
            assert seen.stock_size == len(state.stock)
            assert seen.seed == (game.seed if state.status == "finished" else None)
            hidden = set(state.stock) | {
                c for s, hand in enumerate(state.hands) if s != seat for c in hand
            }
            named = card_codes(json.loads(canonical_json(seen)), skip)
            assert not named & hidden


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["escopa", "escoba", "escova"]),
    st.integers(min_value=2, max_value=4),
    st.text(min_size=1, max_size=12),
    st.integers(min_value=0, max_value=2**32),
)
def test_honor_mode_playouts_with_wrong_captures_keep_the_books_straight(
    preset: str, players: int, seed: str, rng_seed: int
) -> None:
    rng = random.Random(rng_seed)
    rules = make_rules(preset, {"players": players, "validation": "honor", "target": 11})
    state, _ = start(rules, seed)
    wrong_seen = 0

    def sometimes_wrong(state: State, seat: int) -> Move:
        move = rng.choice(legal_moves(state))
        if state.status == "playing" and state.table and rng.random() < 0.05:
            # a capture of real cards that need not sum to 15
            card = rng.choice(state.hands[seat])
            taken = tuple(rng.sample(state.table, rng.randint(1, len(state.table))))
            move = Play(card, taken)
        return move

    # penalties can push totals down for ever: play three rounds (or to the end), not the match
    state, steps = play_out(state, sometimes_wrong, until=lambda s: len(s.rounds) >= 3)
    for _, _, state, events in steps:
        for event in events:
            if isinstance(event, Played) and event.capture:
                total = value((event.card, *event.capture))
                assert event.wrong == (total != 15)
                wrong_seen += event.wrong
            if isinstance(event, RoundEnded):
                score = event.score
                credited = [0 if s.void else s.total for s in score.sides]
                for side in score.sides:
                    assert side.void == (side.wrong_captures > 0)
                    if side.void:
                        others = sum(credited) - credited[side.side]
                        assert side.penalty == 4 + others
                        assert side.total == -side.penalty
                    else:
                        assert side.total == sum(side.categories.values())
        if state.status == "playing":
            assert card_places(state) == Counter(DECK)
    totals = [0] * len(state.scores)
    for score in state.rounds:
        totals = [t + s.total for t, s in zip(totals, score.sides, strict=True)]
        assert score.match_totals == tuple(totals)
    assert sum(s.wrong_captures for r in state.rounds for s in r.sides) == wrong_seen


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(2, None), (3, None), (4, None), (4, False)]),
    st.sampled_from(["play_on", "draw", "shared"]),
    st.integers(min_value=1, max_value=40),
    st.data(),
)
def test_a_match_ends_once_a_side_reaches_the_target_unless_a_tie_at_the_top_plays_on(
    seating: tuple[int, bool | None], rule: str, target: int, data: st.DataObject
) -> None:
    players, partnerships = seating
    rules = make_rules(
        "escopa",
        {"players": players, "partnerships": partnerships, "target": target, "tie_at_target": rule},
    )
    sides = 2 if players == 4 and partnerships is None else players
    # few distinct totals near the target, so that ties at the top are common
    totals = tuple(
        data.draw(st.lists(st.integers(target - 3, target + 2), min_size=sides, max_size=sides))
    )
    outcome = match_outcome(rules, totals, 7)
    best = max(totals)
    top = tuple(side for side, total in enumerate(totals) if total == best)
    if best < target or (len(top) > 1 and rule == "play_on"):
        assert outcome is None
        return
    assert outcome is not None
    assert (outcome.totals, outcome.rounds) == (totals, 7)
    if len(top) == 1:
        assert outcome == Outcome(
            winner=top[0], seats=seats_of(rules, top[0]), totals=totals, rounds=7
        )
        return
    assert (outcome.result, outcome.winner, outcome.tied) == (rule, None, top)
    won = {seat for seat in range(players) if side_of(rules, seat) in top}
    assert set(outcome.seats) == (won if rule == "shared" else set())
    encoded = json.loads(canonical_json(outcome))
    assert (encoded["result"], encoded["tied"]) == (rule, list(top))
