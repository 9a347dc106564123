"""What a seat or a spectator may see: views of the state and redacted events."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Claim,
    Deal,
    IllegalMove,
    Play,
    State,
    View,
    apply,
    legal_moves,
    make_rules,
    moves_in_view,
    redact,
    start,
    view,
)
from engine.events import (
    Claimed,
    FirstDealerDrawn,
    HandDealt,
    LastCardsTaken,
    Played,
    TableBonus,
)
from engine.playout import play_out
from engine.state import canonical_json
from tests.engine.helpers import DECK, arrange, game, random_playout

CARDS = set(DECK)


def strings(value: Any) -> set[str]:
    """Every card code named anywhere in a decoded JSON value (move texts split on '+')."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item)
    elif isinstance(value, str):
        found |= {part for part in value.removeprefix("claim:").split("+") if part in CARDS}
    return found


def hidden_from(state: State, seat: int | None) -> set[str]:
    """The cards `seat` must not see: the stock and every other seat's hand."""
    hidden = set(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= set(hand)
    return hidden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others(players: int) -> None:
    state, _ = game("escopa", "views", players=players)
    for seat in range(players):
        seen = view(state, seat)
        assert seen.seat == seat
        assert seen.hand == state.hands[seat]
        assert seen.hand_sizes == (3,) * players
        assert seen.table == state.table
        assert seen.turn == state.turn
        assert seen.dealer == state.dealer


def test_a_spectator_sees_no_hand() -> None:
    state, _ = game("escopa", "views", players=3)
    seen = view(state, None)
    assert seen.seat is None
    assert seen.hand == ()
    assert seen.hand_sizes == (3, 3, 3)


def test_the_stock_is_never_shown_only_its_size() -> None:
    state, _ = game("escopa", "views")
    assert "stock" not in View.__struct_fields__
    for seat in (0, 1, None):
        seen = view(state, seat)
        assert seen.stock_size == len(state.stock) == 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_names_a_card_the_reader_may_not_see(players: int) -> None:
    first, _ = game("escopa", "views", players=players, target=1000)
    rng = random.Random(players)
    _, steps = play_out(
        first, lambda s, seat: rng.choice(legal_moves(s, seat)), until=lambda s: s.round != 1
    )
    for state in (first, *(step.state for step in steps[:-1])):
        for seat in (*range(players), None):
            encoded = msgspec.json.decode(canonical_json(view(state, seat)))
            seen = strings(encoded)
            assert not seen & hidden_from(state, seat), (seat, seen & hidden_from(state, seat))


def test_the_seed_is_hidden_until_the_game_is_over() -> None:
    state, _ = game("escova", "views-seed", target=3)
    for seat in (0, 1, None):
        assert view(state, seat).seed is None
    assert b"views-seed" not in canonical_json(view(state, 0))
    steps = random_playout(state, random.Random(1))
    assert all(step[2].status == "finished" or view(step[2], 0).seed is None for step in steps)
    final = steps[-1][2]
    assert final.status == "finished"
    for seat in (0, 1, None):
        assert view(final, seat).seed == "views-seed"
        assert view(final, seat).outcome == final.outcome


def test_the_view_shows_scores_escopas_and_captured_counts_per_side() -> None:
    state, _ = game("escopa", "views", players=4, first_dealer=3)
    state = arrange(
        state,
        hands=[("5C", "6C", "7C"), ("AS", "2S", "3S"), ("4S", "5S", "6S"), ("4H", "5H", "6H")],
        table=("KD",),
        scores=(7, 9),
    )
    state, _ = apply(state, 0, Play("5C", ("KD",)))
    seen = view(state, 2)
    assert [(s.side, s.seats, s.captured, s.escopas, s.score) for s in seen.sides] == [
        (0, (0, 2), 2, 1, 7),
        (1, (1, 3), 0, 0, 9),
    ]
    assert seen.last_move is not None
    assert (seen.last_move.seat, seen.last_move.move, seen.last_move.escopa) == (0, "5C+KD", True)


def test_the_view_shows_who_may_claim_a_missed_capture() -> None:
    state, _ = game("escopa", "views", first_dealer=1)
    state = arrange(state, hands=[("5C", "6C", "7C"), ("AS", "2S", "3S")], table=("KD", "QH"))
    assert view(state, 0).claim_seat is None
    state, _ = apply(state, 0, Play("5C"))
    assert view(state, 0).claim_seat == 1
    assert view(state, None).claim_seat == 1


def test_redact_empties_other_seats_hands_in_a_deal() -> None:
    event = HandDealt(
        round=1,
        hand=1,
        dealer=1,
        hands=(("3C", "6D", "7D"), ("AC", "QH", "4S")),
        table=("3S", "4C", "KD", "KC"),
        stock=30,
        last=False,
    )
    assert redact(event, 0) == msgspec.structs.replace(event, hands=(("3C", "6D", "7D"), ()))
    assert redact(event, 1) == msgspec.structs.replace(event, hands=((), ("AC", "QH", "4S")))
    assert redact(event, None) == msgspec.structs.replace(event, hands=((), ()))
    assert redact(event, 0).table == event.table, "the table is public"


def test_redact_hides_that_a_capture_was_wrong() -> None:
    wrong = Played(seat=0, card="QS", capture=("AS", "2S"), escopa=True, wrong=True)
    right = Played(seat=0, card="QS", capture=("AS", "2D"), escopa=True)
    hidden = Played(seat=0, card="QS", capture=("AS", "2S"), escopa=True, wrong=None)
    for seat in (0, 1, None):
        assert redact(wrong, seat) == hidden, "hidden means null, never a false `wrong`"
        assert redact(wrong, seat, honor=True) == hidden
        # a right honor-mode capture looks the same: its `wrong` is hidden too
        assert redact(right, seat, honor=True).wrong is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "event",
    [
        FirstDealerDrawn(draws=((0, "JH"), (1, "QH")), dealer=1),
        TableBonus(seat=1, cards=("AC", "6D", "5H", "3S"), escopas=1),
        Played(seat=0, card="5C", capture=("KD",), escopa=True),
        Claimed(seat=1, cards=("5C", "KD")),
        LastCardsTaken(side=0, cards=("JS",)),
    ],
)
def test_redact_leaves_public_events_alone(event: Any) -> None:
    for seat in (0, 1, None):
        assert redact(event, seat) == event


def test_redacted_deal_events_of_a_real_game_show_each_seat_its_own_cards() -> None:
    state, events = game("escopa", "views", players=3)
    dealt = next(e for e in events if isinstance(e, HandDealt))
    for seat in range(3):
        shown = redact(dealt, seat)
        assert isinstance(shown, HandDealt)
        assert shown.hands[seat] == state.hands[seat]
        assert all(hand == () for s, hand in enumerate(shown.hands) if s != seat)


@pytest.mark.parametrize("rotation", ["round", "hand"])
def test_the_view_names_a_claim_seat_only_while_that_seat_can_claim(rotation: str) -> None:
    # Seat 1 deals and plays last in the hand: its discard 5C could take KD, so seat 0 is owed a
    # claim. With "round" rotation seat 0 plays first in the next hand and may claim. With
    # "hand" rotation seat 0 deals the next hand, seat 1 plays first, and the claim is lost
    # (someone plays in between): the view must not name seat 0 as claim_seat then.
    state, _ = game("escopa", "views", first_dealer=1, dealer_rotation=rotation)
    state = arrange(state, hands=[("2C",), ("5C",)], table=("KD", "QH"))
    state, _ = apply(state, 0, Play("2C"))  # 2C needs 13 from KD QH: nothing
    state, events = apply(state, 1, Play("5C"))
    assert isinstance(events[-1], HandDealt), "the next hand was dealt"
    claimant = view(state, 0).claim_seat
    can_claim = [m for m in legal_moves(state, 0) if isinstance(m, Claim)]
    if rotation == "round":
        assert state.turn == 0
        assert claimant == 0
        assert Claim(("5C", "KD")) in can_claim
    else:
        assert state.turn == 1
        assert can_claim == []
        assert claimant is None


def test_no_view_names_a_claim_seat_while_a_deal_is_due_and_after_it_the_claimant_can() -> None:
    # With auto_deal off the hand ends in `dealing`: nobody can claim until the deal, so the view
    # must not offer the claim yet; after the deal seat 0 plays first and may claim.
    state, _ = game("escopa", "views", first_dealer=1, auto_deal=False, dealer_rotation="round")
    state = arrange(state, hands=[("2C",), ("5C",)], table=("KD", "QH"), hand=1)
    state, _ = apply(state, 0, Play("2C"))
    state, _ = apply(state, 1, Play("5C"))
    assert (state.status, state.hand) == ("dealing", 1)
    assert state.claim is not None, "the claim is still owed"
    assert [view(state, seat).claim_seat for seat in (0, 1, None)] == [None, None, None]
    assert not any(isinstance(m, Claim) for m in legal_moves(state))
    state, _ = apply(state, 0, Deal())
    assert view(state, 0).claim_seat == 0
    assert Claim(("5C", "KD")) in legal_moves(state, 0)


@pytest.mark.parametrize("seat", [-1, 2, 5])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(seat: int) -> None:
    state, _ = start(make_rules("escopa"), "escopa")

    with pytest.raises(IllegalMove) as refused:
        view(state, seat)

    assert refused.value.code == "view/unknown_seat"


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["escopa", "escoba", "escova"]),
    st.integers(min_value=2, max_value=4),
    st.sampled_from(["optional", "mandatory"]),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32),
)
def test_a_seat_lists_from_its_view_exactly_its_legal_moves(
    preset: str, players: int, capture: str, auto_deal: bool, rng_seed: int
) -> None:
    state, _ = game(
        preset,
        f"in-view-{rng_seed}",
        players=players,
        capture=capture,
        auto_deal=auto_deal,
        target=3,
    )
    rng = random.Random(rng_seed)
    # discards often, so that missed captures (and their claims) happen
    _, steps = play_out(
        state, lambda s, seat: legal_moves(s, seat)[-1 if rng.random() < 0.5 else 0]
    )
    for now in (state, *(step.state for step in steps)):
        for seat in range(players):
            assert moves_in_view(view(now, seat)) == legal_moves(now, seat)
    assert moves_in_view(view(state, None)) == []


def test_the_claimant_sees_its_claims_first_among_its_moves() -> None:
    base, _ = game("escopa", "in-view")
    state = arrange(base, hands=[("5C", "6C"), ("AS", "2S")], table=("KD", "JH"))
    state, _ = apply(state, 0, Play("5C"))  # 5C could take KD: seat 1 may claim it
    moves = moves_in_view(view(state, 1))
    assert moves[0] == Claim(("5C", "KD"))
    assert moves == legal_moves(state, 1)
