"""Fair play by construction: a bot's move depends only on what its seat may see."""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine
from bots import LEVELS, bot_rng, knowledge_of
from engine import State, legal_moves, play_out, view


def reshuffled(state: State, seat: int, rng: random.Random) -> State:
    """The same state with every card the seat cannot see (other hands, stock) dealt anew."""
    others = [s for s in range(state.rules.players) if s != seat]
    before = [c for s in others for c in state.hands[s]] + list(state.stock)
    unseen = rng.sample(before, len(before))
    if unseen == before:
        unseen = unseen[1:] + unseen[:1]
    hands = list(state.hands)
    at = 0
    for s in others:
        size = len(state.hands[s])
        hands[s] = engine.cards.sort_cards(unseen[at : at + size])
        at += size
    return msgspec.structs.replace(state, hands=tuple(hands), stock=tuple(unseen[at:]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["escopa", "escoba", "escova"]),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=80),
    st.integers(min_value=0, max_value=2**32),
)
def test_states_alike_to_a_seat_but_dealt_otherwise_get_the_same_move_from_every_bot(
    preset: str, players: int, moves: int, rng_seed: int
) -> None:
    state, opening = engine.start(
        engine.make_rules(preset, {"players": players}), f"fair-{rng_seed}"
    )
    rng = random.Random(rng_seed)
    state, steps = play_out(
        state, lambda s, seat: rng.choice(legal_moves(s, seat)), max_moves=moves
    )
    assume(state.status == "playing" and state.stock)
    seat = state.turn
    assert seat is not None
    other = reshuffled(state, seat, rng)
    assert (other.hands, other.stock) != (state.hands, state.stock), "hidden cards dealt anew"
    log = [*opening, *(e for step in steps for e in step.events)]
    # the same public log: each seat's knowledge keeps only what that seat may see of it
    known = knowledge_of(state.rules, seat, log)
    assert view(other, seat) == view(state, seat)
    for level in LEVELS.values():
        chosen = [
            level.choose(view(s, seat), known, bot_rng(s.seed, seat, len(steps)), 600)
            for s in (state, other)
        ]
        assert chosen[0] == chosen[1], level.name
        assert chosen[0] in legal_moves(state, seat)


def strings(value: object) -> set[str]:
    """Every string inside a decoded JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def test_knowledge_of_a_log_names_no_card_of_another_hand() -> None:
    state, opening = engine.start(engine.make_rules("escopa", {"players": 4}), "fair")
    state, steps = play_out(state, lambda s, seat: legal_moves(s, seat)[0], max_moves=5)
    log = [*opening, *(e for step in steps for e in step.events)]
    for seat in range(4):
        known = knowledge_of(state.rules, seat, log)
        named = strings(msgspec.json.decode(msgspec.json.encode(known)))
        others = {c for s in range(4) if s != seat for c in state.hands[s]} | set(state.stock)
        assert others and not named & others
