"""The Escopa rules engine: pure, deterministic, no I/O. State + move -> new state + events."""

from __future__ import annotations

from typing import Final

from engine import game
from engine.ending import abort, abortable, no_first_move, resign, timeout, waiting
from engine.errors import EngineError, IllegalMove, InvalidMove, RulesError
from engine.events import Event
from engine.game import apply, current_seat, legal_moves, moves_in_view, next_dealer, start
from engine.moves import Claim, Deal, Move, Play, move_text, parse_move
from engine.playout import Chooser, Step, play_out
from engine.rules import PRESETS, Points, Rules, make_rules
from engine.signals import (
    SIGNALS,
    SIGNALS_PER_HAND,
    Signal,
    check_signal,
    check_signals_left,
    partner_of,
    sees_signal,
    signals_for,
)
from engine.state import State, canonical_json, state_hash
from engine.views import View, redact, view

COMPILED: Final = not game.__file__.endswith(".py")
"""Whether the hot loops run compiled (`make compiled`: mypyc's C extensions, imported instead of
their modules' source); the pure-Python modules are the reference (tests/test_compiled.py)."""

__all__ = [
    "COMPILED",
    "PRESETS",
    "SIGNALS",
    "SIGNALS_PER_HAND",
    "Chooser",
    "Claim",
    "Deal",
    "EngineError",
    "Event",
    "IllegalMove",
    "InvalidMove",
    "Move",
    "Play",
    "Points",
    "Rules",
    "RulesError",
    "Signal",
    "State",
    "Step",
    "View",
    "abort",
    "abortable",
    "apply",
    "canonical_json",
    "check_signal",
    "check_signals_left",
    "current_seat",
    "legal_moves",
    "make_rules",
    "move_text",
    "moves_in_view",
    "next_dealer",
    "no_first_move",
    "parse_move",
    "partner_of",
    "play_out",
    "redact",
    "resign",
    "sees_signal",
    "signals_for",
    "start",
    "state_hash",
    "timeout",
    "view",
    "waiting",
]
