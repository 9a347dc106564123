"""The bots' category evaluation is exact at a round's end: it agrees with the engine's scoring."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from bots.card_bits import mask_of
from bots.evaluation import expected_points, weights
from engine.cards import DECK
from engine.scoring import score_round


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["escopa", "escoba", "escova"]),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=3),
    st.data(),
)
def test_at_a_round_s_end_the_expected_points_are_the_engine_s_round_points(
    preset: str, players: int, primeira: int, data: st.DataObject
) -> None:
    rules = engine.make_rules(preset, {"players": players, "points": {"primeira": primeira}})
    sides = 2 if players == 4 else players
    owners = data.draw(st.lists(st.integers(-1, sides - 1), min_size=40, max_size=40))
    escopas = tuple(data.draw(st.lists(st.integers(0, 3), min_size=sides, max_size=sides)))
    piles = [
        tuple(c for c, o in zip(DECK, owners, strict=True) if o == side) for side in range(sides)
    ]
    score = score_round(rules, 1, piles, escopas, (0,) * sides, (0,) * sides)
    points = expected_points(weights(rules), tuple(mask_of(p) for p in piles), escopas, True)
    assert points == [float(side.total) for side in score.sides]


def test_before_the_end_a_lead_is_worth_more_the_fewer_cards_are_left() -> None:
    w = weights(engine.make_rules("escopa"))
    early = expected_points(w, (mask_of(["AC", "2C"]), mask_of(["3C"])), (0, 0), False)
    late_cards = [c for c in DECK if c not in ("AC", "2C", "3C", "7D")]
    late = expected_points(
        w,
        (mask_of(["AC", "2C", *late_cards[:18]]), mask_of(["3C", *late_cards[18:]])),
        (0, 0),
        False,
    )
    assert 0 < early[0] - early[1] < late[0] - late[1]
