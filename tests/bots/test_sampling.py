"""Deals of the hidden cards: the right sizes, nothing the seat sees, and what signals tell."""

from __future__ import annotations

import random

import msgspec

import engine
from bots import Heard, Knowledge, knowledge_of
from bots.card_bits import SEVEN_D, SEVENS, mask_of
from bots.knowledge import learn
from bots.sampling import deals, hidden
from engine import legal_moves, play_out, view
from tests.engine.helpers import arrange


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
        (s, lg)
        for i in range(50)
        for s, lg in [four_player_game(f"guindis-{i}", 0)]
        if s.turn is not None and "7D" in s.hands[(s.turn + 2) % 4]
    )
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


def test_a_seat_that_passed_on_a_sweep_is_dealt_no_card_that_sweeps() -> None:
    base, _ = engine.start(engine.make_rules("escopa"), "passed")
    # seat 0 discards the 2C onto 5D+3H (a 7 would sweep) and keeps 4S+KC: seat 1 to play
    state = arrange(base, hands=[("2C", "4S", "KC"), ("AD", "6S", "QH")], table=("5D", "3H"))
    state, events = engine.apply(state, 0, engine.Play("2C"))
    before = Knowledge(seat=1, rules=state.rules, table=("5D", "3H"), captured=((), ()))
    known = learn(before, events[0])
    assert [(d.seat, d.table, d.sweep) for d in known.discarded] == [(0, ("5D", "3H"), True)]
    sevens = [deal.hands[0] & SEVENS for deal in deals(view(state, 1), known, random.Random(3), 40)]
    assert sevens == [0] * 40
