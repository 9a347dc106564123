"""The Escopa rules engine: pure, deterministic, no I/O. State + move -> new state + events."""

from __future__ import annotations

from engine.errors import EngineError, IllegalMove, InvalidMove, RulesError
from engine.events import Event
from engine.game import apply, legal_moves, start
from engine.moves import Claim, Deal, Move, Play, move_text, parse_move
from engine.rules import PRESETS, Points, Rules, make_rules
from engine.state import State, canonical_json, state_hash
from engine.views import View, redact, view

__all__ = [
    "PRESETS",
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
    "State",
    "View",
    "apply",
    "canonical_json",
    "legal_moves",
    "make_rules",
    "move_text",
    "parse_move",
    "redact",
    "start",
    "state_hash",
    "view",
]
