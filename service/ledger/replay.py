"""Stateless replays: rules, seats, a seed and a list of moves through the engine, no storage.

`POST /v1/replays` and `escopa replay` answer the state hash after each move, the final score
and the `replay_hash`. Limits: at most `MAX_REPLAY_MOVES` moves (more: 400 `request/invalid`
naming `moves`) and a body of at most `MAX_REPLAY_BODY` bytes (more: 413 `request/too_large`).

The stored log's head hash cannot be rebuilt by a replay: every log entry also covers its time
and a random salt, which a list of moves does not have. A replay answers instead its
`replay_hash`, a chain over what is deterministic, which the audit of a stored log computes too:

    h = sha256_hex("escopa-replay-v1:" + state_hash_after_start)
    for each move: h = sha256_hex(h + ":" + seat + ":" + move_text + ":" + state_hash_after_it)

(ASCII text, seats in decimal, hashes in lowercase hex.) Signals change no state and are not
part of it. Two replays of the same moves from the same rules and key give the same value.
A step may also be `resign`, `abort` or `timeout`, the early endings, which add that text in a
move's place (a move a timeout played for a seat is a move like any other).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Annotated, Final

import msgspec
from msgspec import Meta

import engine
from engine import EngineError, Event, Rules, RulesError, State, View
from engine.moves import MAX_MOVE_TEXT
from engine.rules import PresetName, SeatNumber
from engine.scoring import Outcome, RoundScore
from engine.shuffle import commitment, key_text
from engine.state import EncodedParts, Status
from service.decode_errors import explain
from service.errors import ServiceError
from service.ledger.names import PlayerName, player_names
from service.ledger.overrides import RulesOverride
from service.ledger.seeds import ClientSeed, Seed

MAX_REPLAY_MOVES: Final = 2000
MAX_REPLAY_BODY: Final = 256 * 1024
REPLAY_HASH_PREFIX: Final = "escopa-replay-v1:"

ENDING_STEPS: Final[dict[str, Callable[[State, int], tuple[State, list[Event]]]]] = {
    "resign": engine.resign,
    "abort": engine.abort,
    "timeout": engine.timeout,
}
"""The steps that end a match early, by their text in a replay (and in the replay hash)."""

StepText = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_MOVE_TEXT,
        description="a move's text form, a legal move's id (`7D`, `5H+2S+QD`, `claim:5S+QD`, "
        "`deal`), or `resign`, `abort` or `timeout` (lost on time): the seat ends the match early",
        examples=["5H+2S+QD"],
    ),
]


def replay_hash_start(state_hash: str) -> str:
    """The replay hash of a game that has only started: a hash of the opening state's hash."""
    return hashlib.sha256(f"{REPLAY_HASH_PREFIX}{state_hash}".encode("ascii")).hexdigest()


def replay_hash_step(previous: str, seat: int, move: str, state_hash: str) -> str:
    """The replay hash after one more move."""
    text = f"{previous}:{seat}:{move}:{state_hash}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ReplayMove(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One move to replay: the seat that plays it and its text form."""

    seat: SeatNumber
    move: StepText


class ReplayRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A game to replay: the rules as `POST /v1/games` takes them, the seed, and the moves."""

    players: Annotated[
        list[PlayerName], Meta(min_length=2, max_length=4, extra_json_schema={"uniqueItems": True})
    ]
    preset: PresetName = "escopa"
    rules: RulesOverride | None = None
    seed: Seed
    client_seed: ClientSeed | None = None
    moves: Annotated[list[ReplayMove], Meta(max_length=MAX_REPLAY_MOVES)] = msgspec.field(
        default_factory=list
    )
    include_events: bool = False
    include_state: bool = False


class ReplayStep(msgspec.Struct, kw_only=True):
    """A replayed move: its index in the request, the seat, and the state hash after it."""

    index: int
    seat: int
    move: str
    state_hash: str
    events: tuple[Event, ...] | None = None


class ReplayScore(msgspec.Struct, kw_only=True):
    """Every round's breakdown, the match totals and the winner (none while the match runs)."""

    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None


class ReplayResult(msgspec.Struct, kw_only=True):
    """What the moves lead to: each step's state hash, the final score, view and replay hash.

    `state` (every card, the seed included) is given when `include_state` was asked for.
    """

    rules: Rules
    players: list[str]
    seed_commitment: str
    start_state_hash: str
    start_events: tuple[Event, ...] | None = None
    steps: list[ReplayStep]
    status: Status
    state_hash: str
    replay_hash: str
    score: ReplayScore
    view: View
    state: State | None = None


class ReplayError(ServiceError):
    """A move of a replay that the engine refuses: 422, with the move's index."""

    def __init__(self, index: int, seat: int, move: str, error: EngineError) -> None:
        kind = "invalid" if isinstance(error, engine.InvalidMove) else "illegal"
        super().__init__(
            f"replay/{kind}_move",
            422,
            "moves[{at}]: {kind} move {move} by seat {seat}: {code}: {message}",
            field=f"moves[{index}]",
            index=index,
            at=index,
            kind=kind,
            move=repr(move),
            seat=seat,
            code=error.code,
            message=error.message,
        )


def replay(
    rules: Rules,
    players: Sequence[str],
    seed: str,
    client_seed: str | None,
    moves: Sequence[ReplayMove],
    *,
    include_events: bool = False,
    include_state: bool = False,
) -> ReplayResult:
    """Replay `moves` from the start of a game; raises `ReplayError` at the first refused move."""
    state, start_events = engine.start(rules, key_text(seed, client_seed))
    parts = EncodedParts()  # the rules and finished rounds, encoded once for every step
    start_hash = engine.state_hash(state, parts)
    chain = replay_hash_start(start_hash)
    steps: list[ReplayStep] = []
    for index, step in enumerate(moves):
        try:
            state, events, text = played(state, step)
        except EngineError as error:
            raise ReplayError(index, step.seat, step.move, error) from None
        digest = engine.state_hash(state, parts)
        chain = replay_hash_step(chain, step.seat, text, digest)
        shown = tuple(events) if include_events else None
        steps.append(
            ReplayStep(index=index, seat=step.seat, move=text, state_hash=digest, events=shown)
        )
    return ReplayResult(
        rules=rules,
        players=list(players),
        seed_commitment=commitment(seed),
        start_state_hash=start_hash,
        start_events=tuple(start_events) if include_events else None,
        steps=steps,
        status=state.status,
        state_hash=steps[-1].state_hash if steps else start_hash,
        replay_hash=chain,
        score=ReplayScore(rounds=state.rounds, totals=state.scores, outcome=state.outcome),
        view=engine.view(state, None),
        state=state if include_state else None,
    )


def played(state: State, step: ReplayMove) -> tuple[State, list[Event], str]:
    """The state after one step, its events and the step's text as the replay hash takes it."""
    ending = ENDING_STEPS.get(step.move)
    if ending is not None:
        ended, events = ending(state, step.seat)
        return ended, events, step.move
    move = engine.parse_move(step.move)
    after, events = engine.apply(state, step.seat, move)
    return after, events, engine.move_text(move)


def rules_of(preset: str, overrides: RulesOverride | None, players: int) -> Rules:
    """The rules of a preset with the request's overrides, as `POST /v1/games` builds them;
    `RulesError` names the request's field (`rules.target`) and says what it must be."""
    changes = msgspec.to_builtins(overrides) if overrides is not None else {}
    changes["players"] = players
    try:
        return engine.make_rules(preset, changes)
    except RulesError as error:
        if error.field == "preset":
            raise
        field, reason, reasons = error.field, error.reason, error.reasons
        if error.invalid is not None:  # msgspec's words: the client reads what it must be
            worded = explain(error.invalid, Rules)
            field, reason, reasons = worded.field or "rules", worded.reason, worded.reasons
        raise RulesError(f"rules.{field}", reason, error.code, **reasons) from None


def replay_request(request: ReplayRequest) -> ReplayResult:
    """Answer `POST /v1/replays`."""
    players = player_names(request.players)
    rules = rules_of(request.preset, request.rules, len(players))
    return replay(
        rules,
        players,
        request.seed,
        request.client_seed,
        request.moves,
        include_events=request.include_events,
        include_state=request.include_state,
    )
