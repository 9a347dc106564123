"""Every level's decision is bounded on the biggest tables: its work has a ceiling, the move is
legal and the same for the same inputs (the timings are the bench's: bench/bot_bounds.py)."""

from __future__ import annotations

import random

import pytest

import engine
from bots import LEVELS, bot_rng
from bots.card_bits import mask_of
from bots.evaluation import weights
from bots.positions import position, step_of
from bots.search import WORK, Search
from engine import view
from engine.moves import Claim
from engine.rules import side_of
from tests.bots.test_fairness import reshuffled
from tests.harness.adversarial import Adversarial, corpus

POSITIONS = corpus()


def test_the_corpus_holds_big_tables_full_of_claims_for_three_and_four_players() -> None:
    moves = [engine.legal_moves(p.state, p.seat) for p in POSITIONS]
    assert all(12 <= len(p.state.table) <= 20 for p in POSITIONS)
    assert {p.state.rules.players for p in POSITIONS} == {3, 4}
    assert max(len(m) for m in moves) > 2000
    assert sum(1 for m in moves if any(isinstance(x, Claim) for x in m)) >= len(POSITIONS) // 2


@pytest.mark.parametrize("name", list(LEVELS))
@pytest.mark.parametrize("at", range(len(POSITIONS)))
def test_every_level_plays_a_legal_move_on_a_big_table_and_the_same_one_again(
    name: str, at: int
) -> None:
    p = POSITIONS[at]
    seen = engine.view(p.state, p.seat)
    chosen = [
        LEVELS[name].choose(seen, p.known, bot_rng(p.state.seed, p.seat, 9), 3000) for _ in range(2)
    ]
    assert chosen[0] == chosen[1]
    assert chosen[0] in engine.legal_moves(p.state, p.seat)


def searched(p: Adversarial, budget: int) -> Search:
    """A search of every legal move of the position, its hidden cards as they are."""
    seen = engine.view(p.state, p.seat)
    rules = p.state.rules
    search = Search(rules, weights(rules), side_of(rules, p.seat), 0)
    root = position(seen, p.known, tuple(mask_of(h) for h in p.state.hands))
    steps = [step_of(m) for m in engine.legal_moves(p.state, p.seat)]
    search.values(root, steps, mask_of(p.state.stock), budget, 6)
    return search


@pytest.mark.parametrize("at", range(len(POSITIONS)))
def test_a_search_stops_at_its_work_ceiling_whatever_its_node_budget(at: int) -> None:
    search = searched(POSITIONS[at], 10**9)
    moves = len(engine.legal_moves(POSITIONS[at].state, POSITIONS[at].seat))
    # past the ceiling each remaining move is valued at once: one node and its cut
    assert search.work <= WORK + 2 * moves + 2000


@pytest.mark.parametrize("at", [0, 1, 5, 12])
def test_on_a_big_table_the_hidden_cards_dealt_otherwise_change_no_level_s_move_nor_the_hint(
    at: int,
) -> None:
    p = POSITIONS[at]
    other = reshuffled(p.state, p.seat, random.Random(at))
    assert view(other, p.seat) == view(p.state, p.seat)
    for bot in LEVELS.values():
        chosen = {
            bot.choose(view(s, p.seat), p.known, bot_rng(s.seed, p.seat, 9), 3000)
            for s in (p.state, other)
        }
        assert len(chosen) == 1, bot.name
    values = LEVELS["expert"].evaluate(view(p.state, p.seat), p.known, bot_rng("h", p.seat, 1))
    best = max(values, key=lambda pair: pair[1])[0]
    expert = LEVELS["expert"].choose(view(p.state, p.seat), p.known, bot_rng("h", p.seat, 1))
    assert expert == best
