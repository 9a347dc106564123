"""Partner signals (the original text's hints): who may signal, who sees it, what is true."""

from __future__ import annotations

import pytest

from engine import (
    SIGNALS_PER_HAND,
    IllegalMove,
    check_signal,
    check_signals_left,
    partner_of,
    play_out,
    sees_signal,
    signals_for,
)
from tests.engine.helpers import first_legal, game


def test_partners_sit_opposite_in_a_four_player_partnership() -> None:
    rules = game("escopa", "sig", players=4)[0].rules
    assert [partner_of(rules, seat) for seat in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize(("players", "partnerships"), [(2, None), (3, None), (4, False)])
def test_without_partnerships_nobody_has_a_partner(players: int, partnerships: bool | None) -> None:
    rules = game("escopa", "sig", players=players, partnerships=partnerships)[0].rules
    assert all(partner_of(rules, seat) is None for seat in range(players))


def test_a_partnered_seat_may_signal_its_partner_while_the_match_runs() -> None:
    state, _ = game("escopa", "sig", players=4, auto_deal=False)
    assert check_signal(state, 1) == 3, "also while a deal is due"


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"players": 4, "signals": False}, "signal/not_allowed"),
        ({"players": 2}, "signal/not_allowed"),
        ({"players": 4, "partnerships": False}, "signal/not_allowed"),
    ],
)
def test_a_signal_is_refused_when_the_rules_allow_none(overrides: dict, code: str) -> None:
    state, _ = game("escopa", "sig", **overrides)
    with pytest.raises(IllegalMove) as refused:
        check_signal(state, 0)
    assert refused.value.code == code
    assert "signals" in refused.value.message


def test_a_signal_is_refused_after_the_match_and_from_a_seat_that_does_not_exist() -> None:
    state, _ = game("escopa", "sig", players=4)
    with pytest.raises(IllegalMove) as unknown:
        check_signal(state, 4)
    assert unknown.value.code == "signal/unknown_seat"
    over, _ = play_out(game("escopa", "sig", players=4, target=2)[0], first_legal)
    with pytest.raises(IllegalMove) as late:
        check_signal(over, 0)
    assert late.value.code == "move/game_over"


def test_only_the_sender_and_its_partner_see_a_signal_while_the_match_runs() -> None:
    rules = game("escopa", "sig", players=4)[0].rules
    assert [sees_signal(rules, 1, reader) for reader in (0, 1, 2, 3, None)] == [
        False,
        True,
        False,
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("hand", "signals"),
    [
        (("7D", "AC", "KS"), ("guindis",)),
        (("7C", "AC", "KS"), ("seven",)),
        (("7D", "7S", "KS"), ("guindis", "seven")),
        (("6D", "QD", "KS"), ()),
        ((), ()),
    ],
)
def test_a_hand_makes_true_the_guindis_with_the_seven_of_diamonds_and_seven_with_another(
    hand: tuple[str, ...], signals: tuple[str, ...]
) -> None:
    assert signals_for(hand) == signals


def test_a_seat_has_a_wink_per_card_of_its_hand_and_no_more() -> None:
    assert SIGNALS_PER_HAND == 3
    check_signals_left(SIGNALS_PER_HAND - 1)
    with pytest.raises(IllegalMove) as refused:
        check_signals_left(SIGNALS_PER_HAND)
    assert refused.value.code == "signal/limit_reached"
