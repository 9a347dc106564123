"""Deals of the hidden cards: the right sizes, nothing the seat sees, and what signals tell."""

from __future__ import annotations

import random

import msgspec

import engine
from bots import Heard, knowledge_of
from bots.cards import SEVEN_D, SEVENS, mask_of
from bots.sampling import deals, hidden
from engine import legal_moves, play_out, view


def four_player_game(seed: str, moves: int) -> tuple[engine.State, list[engine.Event]]:
    state, opening = engine.start(engine.make_rules("escopa", {"players": 4}), seed)
    state, steps = play_out(state, lambda s, seat: legal_moves(s, seat)[0], max_moves=moves)
    return state, [*opening, *(e for step in steps for e in step.events)]


def test_every_deal_gives_each_hand_its_size_from_the_hidden_cards_only() -> None:
    state, log = four_player_game("sampling", 5)
    seat = state.turn
    assert seat is not None
    seen, known = view(state, seat), knowledge_of(state.rules, seat, log)
    pool = hidden(seen, known)
    for deal in deals(seen, known, random.Random(1), 30):
        assert deal.hands[seat] == mask_of(seen.hand)
        assert [h.bit_count() for h in deal.hands] == list(seen.hand_sizes)
        others = 0
        for s, hand in enumerate(deal.hands):
            if s != seat:
                others |= hand
        assert others | deal.stock == pool and not others & deal.stock
        assert deal.stock.bit_count() == seen.stock_size


def test_a_partner_s_guindis_puts_the_seven_of_diamonds_in_its_hand_in_every_deal() -> None:
    state, log = next(
        (s, lg) for i in range(50) for s, lg in [four_player_game(f"guindis-{i}", 0)]
        if s.turn is not None and "7D" in s.hands[(s.turn + 2) % 4]
    )  # fmt: skip
    seat = state.turn
    assert seat is not None
    partner = (seat + 2) % 4
    told = knowledge_of(state.rules, seat, [*log, Heard(sender=partner, signal="guindis")])
    for deal in deals(view(state, seat), told, random.Random(2), 20):
        assert deal.hands[partner] & SEVEN_D


def test_a_partner_that_tells_every_seven_holds_none_it_did_not_signal() -> None:
    state, log = four_player_game("silent-partner", 0)
    seat = state.turn
    assert seat is not None
    partner = (seat + 2) % 4
    known = knowledge_of(state.rules, seat, log, partner_tells=True)
    unaware = msgspec.structs.replace(known, partner_tells=False)
    rng = random.Random(3)
    assert all(not d.hands[partner] & SEVENS for d in deals(view(state, seat), known, rng, 30))
    assert any(d.hands[partner] & SEVENS for d in deals(view(state, seat), unaware, rng, 60))


def test_the_same_rng_draws_the_same_deals() -> None:
    state, log = four_player_game("same", 3)
    seat = state.turn
    assert seat is not None
    seen, known = view(state, seat), knowledge_of(state.rules, seat, log)
    assert deals(seen, known, random.Random(9), 5) == deals(seen, known, random.Random(9), 5)
