"""Bots at a table without the service: a match played by one level per seat, each seat
deciding from its own view and knowledge, partners signalling after each deal. This is the
loop the service's worker runs one turn at a time (tests and benchmarks use it whole)."""

from __future__ import annotations

from collections.abc import Sequence

from bots.knowledge import Heard, Knowledge, knowledge_of, learn
from bots.levels import Level
from bots.seeding import bot_rng
from engine.events import Event, HandDealt
from engine.moves import Move
from engine.playout import Step, play_out
from engine.rules import Rules
from engine.signals import partner_of
from engine.state import State
from engine.views import view


def play_match(
    state: State,
    seats: Sequence[Level],
    budgets: Sequence[int],
    opening: Sequence[Event] = (),
) -> tuple[State, list[Step]]:
    """Play the match to its end, seat `s` played by `seats[s]` with `budgets[s]` nodes;
    `opening` are the events of `engine.start` (the first deal)."""
    rules = state.rules
    known = [
        knowledge_of(rules, seat, opening, _tells(rules, seats, seat))
        for seat in range(rules.players)
    ]
    if any(isinstance(e, HandDealt) for e in opening):
        _signal(state, seats, known)

    def chooser(now: State, seat: int) -> Move:
        rng = bot_rng(now.seed, seat, len(steps_seen) + 1)
        return seats[seat].choose(view(now, seat), known[seat], rng, budgets[seat])

    steps_seen: list[Step] = []

    def on_step(step: Step) -> None:
        steps_seen.append(step)
        for seat in range(rules.players):
            for event in step.events:
                known[seat] = learn(known[seat], event)
        if any(isinstance(e, HandDealt) for e in step.events):
            _signal(step.state, seats, known)

    return play_out(state, chooser, on_step=on_step)


def _tells(rules: Rules, seats: Sequence[Level], seat: int) -> bool:
    """Whether the seat's partner is a bot that tells every seven it is dealt."""
    partner = partner_of(rules, seat)
    return partner is not None and rules.signals and seats[partner].tells


def _signal(state: State, seats: Sequence[Level], known: list[Knowledge]) -> None:
    """After a deal, each seat in turn sends the signals its level sends; every seat learns
    the signal entry (`learn` keeps it only for the sender and its partner)."""
    if state.status == "finished":
        return
    for seat, level in enumerate(seats):
        for signal in level.signals(view(state, seat), known[seat]):
            entry = Heard(sender=seat, signal=signal)
            for reader in range(len(known)):
                known[reader] = learn(known[reader], entry)
