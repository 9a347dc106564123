"""Schemathesis hooks for the live contract fuzzing (`SCHEMATHESIS_HOOKS=tests.harness.fuzz_hooks`).

They give the fuzzer what a client knows from the answers it got, and nothing more:
- seat tokens are the `playerToken` security of the operations that act as a seat: an auth
  provider sends, for the game a case names, the token of the seat to act (for a move, one
  case in SHARE another seat's; a person's when a bot is to act), from the tokens that game's
  creation answered;
- one positive move or deal in SHARE is sent at the version last seen: a move as the seat to
  act's last `legal-moves` answer listed it at that version, else the drawn move with a card
  the seat was last seen holding;
- one positive `createGame` in SHARE becomes a four-player partnership game with signals,
  dealt by hand (the rest of the drawn body kept), on which a deal and signals are legal;
- one positive audit or export in SHARE, and every positive rematch (with its seat 0's token),
  names a game played to its end on the server under test, through the public API, before the
  run (no short chain of calls finishes a game);
- another positive creation in SHARE is the creator and three open seats; a positive join on a
  game with invites left takes one of them (as a new name); every positive leave names a game
  made before the run whose joined seat's token the auth provider sends;
- until a move is accepted in the run, each positive move that names a game the run created (in
  the stateful phase any positive move, sent to one of the last games created if need be) is
  sent as that game lists it just before sending: the hook reads the legal moves of its seats
  through the API and posts the first listed move at that version, with its seat's token. So
  every run plays at least one move, whatever the draws. Likewise, until a deal and a hint are
  answered in the run, each positive one goes to the newest game the run created that is to be
  dealt (being played), with its seat to act's token (a game dealt by hand made before the
  run waits for its first deal, if no newer one does); and until a webhook's deliveries are
  answered, each positive read of them names a game with a webhook made before the run; until a
  join is answered, each positive one takes an open seat of a game made before the run, and
  until a resignation (a signal) is answered, each positive one goes to a running (partnership)
  game made before the run. A token these hooks choose reaches the request through the auth
  provider, so that schemathesis counts it as configured auth, never as generated.

A positive tournament is made playable as the service's rules say and no schema can (its first
entrants, a person or a bot each, named apart; the rounds its pairing can play; no boards in its
rules), and every positive export of one, and every positive follow of its events, names a
tournament of bots played to its end before the run (its stream then ends by itself); every
positive read of a tournament's webhook deliveries names a tournament with a webhook made
before the run, and the auth provider sends its person entrant's token.

A positive webhook (of a game's or a tournament's creation, or an API key's) names
`FUZZ_WEBHOOK` instead of the drawn URL, or in one case in SHARE one the service refuses
(`REFUSED_WEBHOOKS`, answered 422 `webhook/address_refused`, `webhook/unresolvable` or
`webhook/url_invalid`): whether a URL resolves,
and to an allowed address, is the network's business, which no schema can say. One positive
case in SHARE is sent with a client's `Accept-Language` (`LANGUAGES`), as the web pages and the
terminal send theirs, so that problems are told in that language.

Before the run the hooks also make, through the public API, what no short chain of calls
reaches: a lobby game with open seats (so that the lobby lists one), a game dealt from a chosen
seed (`CHOSEN_SEED`), and games whose turn
clock runs out during the run after their first move, one for each `on_timeout` (`CLOCKS`),
for the server's clock sweeper to apply.

A game whose seats share a name (a person's and a bot's, or two that look the same once
compared as `names.name_key` does) is not drawn (or, in the phases that draw no body through
`filter_body`, gets a free name before it is sent): no schema can compare names across items,
and the API refuses it. Negative cases are never touched otherwise, so each stays as invalid
as it was drawn. A generated `7.0` is sent as it is: JSON Schema counts it as an integer, and
so does the API.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

import httpx
import schemathesis
from hypothesis import strategies as st
from schemathesis.auths import AuthContext, set_on_case

from engine.tournament import round_robin_rounds
from service.ledger.names import name_key
from tests.harness.api import NAMES

Json = dict[str, Any]
Case = schemathesis.Case

CREATE: Final = "POST /v1/games"
PLAY: Final = "POST /v1/games/{game_id}/moves"
DEAL: Final = "POST /v1/games/{game_id}/deal"
HINT: Final = "GET /v1/games/{game_id}/hint"
DELIVERIES: Final = "GET /v1/games/{game_id}/webhook-deliveries"
TOURNAMENT: Final = "POST /v1/tournaments"
TOURNAMENT_EXPORT: Final = "GET /v1/tournaments/{tournament_id}/export"
TOURNAMENT_EVENTS: Final = "GET /v1/tournaments/{tournament_id}/events"
TOURNAMENT_DELIVERIES: Final = "GET /v1/tournaments/{tournament_id}/webhook-deliveries"
TOURNAMENT_TABLE: Final = "GET /v1/tournaments/{tournament_id}/table"
ENTRANT_READS: Final = (TOURNAMENT_DELIVERIES, TOURNAMENT_TABLE)
"""A positive read of these names the tournament made before the run, with its person's token."""
TOURNAMENT_ENTRANTS: Final = 4
"""A positive tournament keeps its first entrants only: the run's server plays its bots' games."""
LEGAL_MOVES: Final = "GET /v1/games/{game_id}/legal-moves"
FINISHED_READERS: Final = frozenset(
    {
        "GET /v1/games/{game_id}/audit",
        "GET /v1/games/{game_id}/export",
    }
)
REMATCH: Final = "POST /v1/games/{game_id}/rematch"
RESIGN: Final = "POST /v1/games/{game_id}/resign"
SIGNAL: Final = "POST /v1/games/{game_id}/signals"
JOIN: Final = "POST /v1/games/{game_id}/join"
LEAVE: Final = "POST /v1/games/{game_id}/leave"
OPEN_SEATS: Final = [NAMES[0], {"open": True}, {"open": True}, {"open": True}]
"""A rewritten creation's seats: the creator and three open seats (any drawn rules that a
game of 2 or 3 can play, a game of 4 can play too)."""
TABLE_RULES: Final[Json] = {"partnerships": True, "signals": True, "auto_deal": False}
FUZZ_WEBHOOK: Final = "http://127.0.0.1:9/escopa-fuzz"
"""The webhook of every positive creation that draws one: the server under test allows
127.0.0.1 (`ESCOPA_WEBHOOK_ALLOW`), and its deliveries fail (the discard port), then stop."""
SHARE: Final = 3
KEY_WEBHOOK: Final = "PUT /v1/webhook"
REFUSED_WEBHOOKS: Final = (
    "https://10.1.2.3/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/hook",
    "https://224.0.0.1/hook",
    "https://[::1]:8443/hook",
    "https://[::ffff:192.168.0.1]/hook",
    "https://[2002:c000:204::1]/hook",
    "https://[fec0::1]/hook",
    "https://localhost/hook",
    "https://fuzz.invalid/hook",
    "http://198.51.100.7/hook",
    "ftp://198.51.100.7/hook",
    "https://[::1/hook",
)
"""Webhooks the service refuses (docs/security.md), a reason each: a private, metadata, shared
(not global), multicast, loopback, IPv4-mapped, 6to4 and site-local address, a name that
resolves to loopback, one that never resolves (`.invalid`), plain `http` to a host not allowed,
another scheme, and a URL that does not parse."""
CHOSEN_SEED: Final = "fuzz seed: 0123456789 abcdefghij ABCDEFGHIJ !?#"
"""A seed a game made before the run is dealt from (long and varied enough to be accepted)."""
LANGUAGES: Final = (
    "pt-BR",
    "es-ES,es;q=0.9",
    "it",
    "fr-CA, pt;q=0.5",
    "de;q=1.0, en;q=0.8",
    "es;q=x, it;q=0.3",
)
"""`Accept-Language` headers as clients send them: each catalog, a region's base language, one
the service has no catalog for, and a malformed weight."""
CLOCKS: Final = ("bot", "forfeit", "first_move")
"""The `on_timeout` of the games made before the run to time out during it (5-s turns)."""
"""One positive case in SHARE is rewritten, and one move in SHARE is sent as another seat."""
API_KEY: Final = os.environ.get("FUZZ_API_KEY") or None
"""The server's API key when it runs with keys (`ESCOPA_API_KEYS`): sent with every request,
the cases' through the auth provider and the hooks' own."""


@dataclass
class Seen:
    """What the run's answers told about one game."""

    tokens: dict[int, str]
    """The people's tokens by seat (a bot's seat has none)."""
    version: int = 1
    turn: int = 0
    hands: dict[int, list[str]] = field(default_factory=dict)
    legal: dict[int, tuple[int, list[Json]]] = field(default_factory=dict)
    """Per seat, the version and the moves its last `legal-moves` answer listed."""
    invites: dict[int, str] = field(default_factory=dict)
    """The open seats' invites from the creation answer, until a join takes them."""
    joined: list[int] = field(default_factory=list)
    """The seats taken by a join (a join's seat may leave; the creator's may not)."""


_games: dict[str, Seen] = {}
_finished: list[str] = []
_moves_accepted: list[str] = []
"""The games a move of the run's cases was accepted in."""
_answered: set[str] = set()
"""The operations (a deal, a hint, a webhook's deliveries, a join, a resignation, a signal)
answered with a 2xx in the run."""
ANSWERED: Final = frozenset({DEAL, HINT, DELIVERIES, JOIN, RESIGN, SIGNAL})
_played_tournament: list[str] = []
"""A tournament of bots played to its end before the run (its export)."""
_to_deal: list[str] = []
"""A game dealt by hand made before the run, waiting for its first deal."""
_hooked: list[tuple[str, str]] = []
"""A game with a webhook made before the run, and its seat 0's token."""
_open_invites: list[tuple[str, str]] = []
"""Open seats of a game made before the run (its id, an invite), for a join until one is
answered."""
_hooked_tournament: list[tuple[str, str]] = []
"""A tournament with a webhook made before the run, and its person entrant's token."""
_joined: list[tuple[str, str]] = []
"""A waiting game made before the run, and the token of the seat that joined it (to leave)."""
_to_resign: list[tuple[str, str]] = []
"""Running two-player games made before the run, each with a seat's token, for a resignation
until one is answered."""
_to_signal: list[tuple[str, str]] = []
"""A running partnership game with signals made before the run, with each seat's token, for a
signal until one is answered."""
_sending: dict[int, str] = {}
"""The token `before_call` chose for a case it sent to another game: the auth provider gives it,
so that schemathesis counts it as configured auth (a header set by hand counts as generated)."""
_random = random.Random()


def _game(case: Case) -> Seen | None:
    game_id = (case.path_parameters or {}).get("game_id")
    return _games.get(game_id) if isinstance(game_id, str) else None


def _positive(case: Case) -> bool:
    return case.meta is not None and case.meta.generation.mode.is_positive


@schemathesis.auth(refresh_interval=None)
class SeatTokens:
    """The token of a seat of the game a case names, for the operations that need one."""

    def get(self, case: Case, context: Any) -> Credentials | None:
        token = _seat_token(case)
        return None if token is None and API_KEY is None else Credentials(token, API_KEY)

    def set(self, case: Case, data: Credentials, context: Any) -> None:
        headers = dict(case.headers or {})
        if data.token is not None:
            headers["Authorization"] = f"Bearer {data.token}"
        if data.key is not None:
            headers["X-API-Key"] = data.key
        case.headers = headers


class Credentials(NamedTuple):
    """What the auth provider sends: a seat's token, the server's API key, either or both."""

    token: str | None
    key: str | None


def _seat_token(case: Case) -> str | None:
    """The token of the seat the case acts as, or None."""
    if id(case) in _sending:
        return _sending.pop(id(case))
    if case.operation.label == REMATCH and _finished and _finished[0] in _games:
        return _games[_finished[0]].tokens.get(0)  # every positive rematch names that game
    if case.operation.label == LEAVE and _joined:
        return _joined[0][1]  # every positive leave names that game
    if case.operation.label in ENTRANT_READS and _hooked_tournament:
        return _hooked_tournament[0][1]  # every positive read names that tournament
    seen = _game(case)
    if seen is None or not seen.tokens or not _needs_token(case):
        return None
    seat = seen.turn
    if case.operation.label == LEAVE and seen.joined:
        seat = seen.joined[-1]
    if case.operation.label == PLAY and _random.randrange(SHARE) == 0:
        seat = _random.choice(sorted(seen.tokens))
    return seen.tokens.get(seat) or next(iter(seen.tokens.values()), None)


def _needs_token(case: Case) -> bool:
    security = case.operation.definition.raw.get("security") or []
    return any("playerToken" in requirement for requirement in security)


@schemathesis.hook
def after_call(context: Any, case: Case, response: Any) -> None:
    """Remember each game's tokens, version, seat to act and the hands seen, from the answers."""
    content_type = response.headers.get("content-type", [""])[0]
    if not 200 <= response.status_code < 300 or content_type != "application/json":
        return
    body = response.json()
    if not isinstance(body, dict):
        return
    if case.operation.label == CREATE:
        _games[body["game_id"]] = Seen(
            tokens={p["seat"]: p["token"] for p in body["players"] if "token" in p},
            invites={p["seat"]: p["invite"] for p in body["players"] if "invite" in p},
        )
    if case.operation.label == PLAY:
        _moves_accepted.append(str((case.path_parameters or {}).get("game_id")))
    if case.operation.label in ANSWERED:
        _answered.add(case.operation.label)
    if case.operation.label == JOIN:
        _saw_join(body)
    if case.operation.label == LEGAL_MOVES:
        _saw_legal_moves(case, body)
    view = body.get("view", body)
    if isinstance(view, dict) and "game_id" in view and "turn" in view:
        _saw_view(view, body.get("version", view.get("version")))


def _saw_view(view: Json, version: Any) -> None:
    seen = _games.get(view["game_id"])
    if seen is None:
        return
    if isinstance(version, int):
        seen.version = version
    seen.turn = view["turn"] if isinstance(view["turn"], int) else 0
    if isinstance(view.get("seat"), int):
        seen.hands[view["seat"]] = list(view.get("hand") or [])


def _saw_join(body: Json) -> None:
    seen = _games.get(body.get("game_id", ""))
    seat, token = body.get("seat"), body.get("token")
    if seen is not None and isinstance(seat, int) and isinstance(token, str):
        seen.tokens[seat] = token
        seen.invites.pop(seat, None)
        seen.joined.append(seat)


def _saw_legal_moves(case: Case, body: Json) -> None:
    seen = _game(case)
    moves, seat, version = body.get("moves"), body.get("seat"), body.get("version")
    listed = isinstance(moves, list) and bool(moves)
    if seen is not None and listed and isinstance(seat, int) and isinstance(version, int):
        seen.legal[seat] = (version, moves)


@schemathesis.hook
def flatmap_case(context: Any, case: Case) -> Any:
    """Rewrite one positive case in SHARE of the operations above; leave every other case."""
    if not _positive(case):
        return st.just(case)
    label = case.operation.label
    seen = _game(case)
    if label == JOIN and seen is not None and seen.invites and isinstance(case.body, dict):
        name = f"Player {len(seen.joined) + 1}"  # never a name a seat of this game has
        body = {"name": name, "invite": next(iter(seen.invites.values()))}
        return st.just(_with_body(case, body))
    if label == REMATCH and _finished:
        return st.just(_finished_game(case))
    if label == LEAVE and _joined:
        case.path_parameters = {**(case.path_parameters or {}), "game_id": _joined[0][0]}
        return st.just(case)
    if label == CREATE:
        return st.integers(0, SHARE - 1).flatmap(lambda n: _created(case, n))
    if label in (PLAY, DEAL) and seen is not None and isinstance(case.body, dict):
        rewrite = lambda: _as_last_seen(case, seen)  # noqa: E731
    elif label in FINISHED_READERS and _finished:
        rewrite = lambda: st.just(_finished_game(case))  # noqa: E731
    else:
        return st.just(case)
    return st.integers(0, SHARE - 1).flatmap(lambda n: rewrite() if n == 0 else st.just(case))


def _created(case: Case, share: int) -> Any:
    """The drawn body as four players in partnerships, with signals, dealt by hand (`share`
    0), or as the creator and three open seats, a game that waits for joins (1), or as drawn;
    the first two with a server seed, so that they are created whatever seed was drawn."""
    drawn = case.body if isinstance(case.body, dict) else {}
    body = {k: v for k, v in drawn.items() if k != "seed"}  # a drawn seed is mostly too weak
    rules = body.get("rules") if isinstance(body.get("rules"), dict) else {}
    if share == 0:
        return st.just(
            _with_body(case, {**body, "players": list(NAMES), "rules": {**rules, **TABLE_RULES}})
        )
    if share == 1:
        return st.just(_with_body(case, {**body, "players": OPEN_SEATS}))
    return st.just(case)


def _as_last_seen(case: Case, seen: Seen) -> Any:
    """A move the seat to act was listed at the version last seen, posted as listed; else the
    drawn move at that version, a played card one the seat holds."""
    body = {**case.body, "expected_version": seen.version}
    version, listed = seen.legal.get(seen.turn, (0, []))
    if case.operation.label == PLAY and listed and version == seen.version:
        return st.sampled_from(listed).map(
            lambda move: _with_body(case, {**move, "expected_version": seen.version})
        )
    hand = seen.hands.get(seen.turn)
    if "card" not in body or not hand:
        return st.just(_with_body(case, body))
    discard = {k: v for k, v in body.items() if k not in ("capture", "id", "kind", "move")}
    return st.sampled_from(hand).map(lambda card: _with_body(case, {**discard, "card": card}))


def _with_body(case: Case, body: Json) -> Case:
    case.body = body
    return case


RUN = os.urandom(4).hex()
PLAYERS = (f"fuzz-{RUN}-1", f"fuzz-{RUN}-2")
"""The player ids of the game played out before the run (registered by it: a run of its own
may not hold a former run's): a player read names one."""
PLAYER_READS = frozenset({"GET /v1/players/{player_id}", "GET /v1/players/{player_id}/games"})
_player_reads: list[str] = []


def _finished_game(case: Case) -> Case:
    case.path_parameters = {**(case.path_parameters or {}), "game_id": _finished[0]}
    return case


@schemathesis.hook
def before_call(context: Any, case: Case, kwargs: Any) -> None:
    """Until a move is accepted, a positive move goes as a move its game lists right now; a
    positive creation goes with a name of its own for each seat (the phases that draw no body
    through `filter_body`, such as coverage, draw names alike), and its webhook, if drawn, as
    `FUZZ_WEBHOOK` (no schema can say which URLs resolve and are allowed)."""
    if _positive(case):
        _as_a_client(case)
    if as_the_api_allows(case):
        return
    played = (TOURNAMENT_EXPORT, TOURNAMENT_EVENTS)
    if case.operation.label in played and _positive(case) and _played_tournament:
        params = case.path_parameters or {}
        case.path_parameters = {**params, "tournament_id": _played_tournament[0]}
        return
    if case.operation.label in ENTRANT_READS and _positive(case) and _hooked_tournament:
        params = case.path_parameters or {}
        case.path_parameters = {**params, "tournament_id": _hooked_tournament[0][0]}
        return
    if _until_answered(case):
        return
    if case.operation.label in PLAYER_READS and _positive(case):
        _player_reads.append(case.operation.label)
        if len(_player_reads) % 2:  # every other one names a player the run has seen
            case.path_parameters = {**(case.path_parameters or {}), "player_id": PLAYERS[0]}
        return
    if case.operation.label in (DEAL, HINT) and _positive(case):
        if case.operation.label not in _answered:
            _send_to_the_seat_to_act(case)
        return
    if case.operation.label == DELIVERIES and _positive(case) and _hooked:
        if DELIVERIES not in _answered:
            _send_as_listed(case, *_hooked[0], case.body)
        return
    if case.operation.label != PLAY or _moves_accepted or not _positive(case):
        return
    with _client(case.operation.schema.get_base_url()) as client:
        for game_id in _playable(case):
            listed = listed_move(client, game_id, _games[game_id])
            if listed is not None:
                _send_as_listed(case, game_id, *listed)
                return


def _as_a_client(case: Case) -> None:
    """A positive case's webhook names `FUZZ_WEBHOOK`, or one in SHARE a refused address (the
    drawn events kept); one positive case in SHARE asks for a language."""
    body = case.body if isinstance(case.body, dict) else {}
    hook = body.get("webhook")
    if body and case.operation.label == KEY_WEBHOOK:
        case.body = {**body, "url": _webhook_url()}
    elif case.operation.label in (CREATE, TOURNAMENT) and isinstance(hook, dict):
        case.body = {**body, "webhook": {**hook, "url": _webhook_url()}}
    if _random.randrange(SHARE) == 0:
        case.headers = {**(case.headers or {}), "Accept-Language": _random.choice(LANGUAGES)}


def _webhook_url() -> str:
    return _random.choice(REFUSED_WEBHOOKS) if _random.randrange(SHARE) == 0 else FUZZ_WEBHOOK


def _until_answered(case: Case) -> bool:
    """Until each is answered with a 2xx, a positive join takes an open seat of a game made
    before the run, a positive resignation (signal) goes to a running (partnership) game made
    before the run, with a seat's token: a random walk may reach none. Whether it was sent."""
    label = case.operation.label
    if not _positive(case) or label in _answered:
        return False
    if label == JOIN and _open_invites:
        game_id, invite = _open_invites.pop()
        case.path_parameters = {**(case.path_parameters or {}), "game_id": game_id}
        case.body = {"invite": invite, "name": f"Joiner {len(_open_invites)}"}
        return True
    if label == RESIGN and _to_resign:
        _send_as_listed(case, *_to_resign.pop(), None)
        return True
    if label == SIGNAL and _to_signal:
        _send_as_listed(case, *_to_signal.pop(), case.body)
        return True
    return False


def as_the_api_allows(case: Case) -> bool:
    """Give a positive creation its own name for each seat and make a positive tournament
    playable (`playable_tournament`) by entrants that name no player (`unnamed`): rules no
    schema states, which the phases that draw no body through `filter_body` (coverage) break.
    Whether the case was one of these."""
    if not _positive(case) or not isinstance(case.body, dict):
        return False
    if case.operation.label == CREATE:
        if not distinct_names(case.body):
            case.body = {**case.body, "players": own_names(case.body["players"])}
        return True
    if case.operation.label == TOURNAMENT:
        case.body = unnamed(playable_tournament(case.body))
        return True
    return False


def unnamed(tournament: Json) -> Json:
    """A tournament whose entrants name no registered player: a drawn `player_id` needs its
    `player_secret` (403 without, 404 for no such player), which no draw holds."""
    unnamed_entrants = [
        {k: v for k, v in e.items() if k not in {"player_id", "player_secret"}}
        if isinstance(e, dict)
        else e
        for e in tournament["entrants"]
    ]
    return {**tournament, "entrants": unnamed_entrants}


def _playable(case: Case) -> list[str]:
    """The games to look for a legal move in: the case's, if the run created it; in the stateful
    phase, the last ones created too."""
    named = (case.path_parameters or {}).get("game_id")
    games = [named] if isinstance(named, str) and named in _games else []
    if case.meta is not None and case.meta.phase.name == "stateful":
        games += [game for game in list(_games)[-3:][::-1] if game != named]
    return games


def _send_to_the_seat_to_act(case: Case) -> None:
    """Until a deal (a hint) is answered in the run, a positive one goes to the game dealt by
    hand made before the run, else the newest game the run created that is to be dealt (being
    played), as the game's views say now, with a seat's token (the seat to act's: while a deal
    is due no seat is, and any seat may deal): whether one is, no random chain can ensure."""
    status = "dealing" if case.operation.label == DEAL else "playing"
    with _client(case.operation.schema.get_base_url()) as client:
        for game_id in [*_to_deal, *list(_games)[::-1][:20]]:
            answer = client.get(f"/v1/games/{game_id}")
            view = answer.json() if answer.status_code == 200 else {}
            tokens = _games[game_id].tokens
            token = (
                tokens.get(view.get("turn"))
                if status == "playing"
                else next(iter(tokens.values()), None)
            )
            if view.get("status") == status and token is not None:
                body = {"expected_version": view["version"]} if status == "dealing" else None
                _send_as_listed(case, game_id, token, body if body is not None else case.body)
                return


def _send_as_listed(case: Case, game_id: str, token: str, body: Any) -> None:
    """Send the case to `game_id` with `body`, and with `token` as the auth provider's."""
    dropped = ("idempotency-key", "authorization")
    headers = {k: v for k, v in (case.headers or {}).items() if k.lower() not in dropped}
    case.path_parameters = {**(case.path_parameters or {}), "game_id": game_id}
    case.headers = headers
    case.body = body
    _sending[id(case)] = token
    set_on_case(case, AuthContext(operation=case.operation, app=case.operation.app), None)
    _sending.pop(id(case), None)  # not given (auth skipped): never to a later case of that id


def listed_move(client: httpx.Client, game_id: str, seen: Seen) -> tuple[str, Json] | None:
    """A seat's token and the first move its legal moves list now (the seat to act's first),
    as a move body at the listed version; None when no seat has a legal move (game over)."""
    seats = sorted(seen.tokens.items(), key=lambda seat: (seat[0] < seen.turn, seat[0]))
    for _, token in seats:
        answer = client.get(
            f"/v1/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {token}"}
        )
        moves = answer.json().get("moves") if answer.status_code == 200 else None
        if moves:
            return token, {"move": moves[0]["id"], "expected_version": answer.json()["version"]}
    return None


@schemathesis.hook
def after_load_schema(context: Any, schema: Any) -> None:
    """Before the run: a game played to its end (for the audit and export cases), one with a
    joined seat (to leave) and one with a webhook (its deliveries); a tournament of bots played
    to its end and one with a webhook."""
    base = schema.config.base_url
    if base and not _finished:
        with _client(base) as client:
            _finished.append(play_out(client))
            _joined.append(joined_seat(client))
            _hooked.append(hooked_game(client))
            _played_tournament.append(played_tournament(client))
            _hooked_tournament.append(hooked_tournament(client))
            _to_deal.append(game_to_deal(client))
            _open_invites.extend(open_invites(client))
            _to_resign.extend(running_game(client, NAMES[:2])[0] for _ in range(2))
            _to_signal.extend(running_game(client, NAMES))
            lobby_game(client)
            body = {"players": list(NAMES[:2]), "seed": CHOSEN_SEED}
            _ok(client.post("/v1/games", json=body))
            for on_timeout in CLOCKS:
                timing_out(client, on_timeout)


def play_out(client: httpx.Client) -> str:
    """Create a rated two-player game to 1 point (of `PLAYERS`) and play the first legal move
    until it ends."""
    seats = [
        rated_seat(client, name, player) for name, player in zip(NAMES[:2], PLAYERS, strict=True)
    ]
    body = {"players": seats, "rules": {"target": 1}, "rated": True}
    created = _ok(client.post("/v1/games", json=body))
    game_id, tokens = created["game_id"], [p["token"] for p in created["players"]]
    _games[game_id] = Seen(tokens=dict(enumerate(tokens)))
    view = created["view"]
    while view["status"] != "finished":
        auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
        moves = _ok(client.get(f"/v1/games/{game_id}/legal-moves", headers=auth))
        move = {"move": moves["moves"][0]["id"], "expected_version": moves["version"]}
        view = _ok(client.post(f"/v1/games/{game_id}/moves", json=move, headers=auth))["view"]
    return str(game_id)


def rated_seat(client: httpx.Client, name: str, player: str) -> Json:
    """A seat of `player`: with the secret its registration answers on a server without API
    keys, by its id alone on one with a key (the key vouches for its ids; a registration is
    refused 422 `player/secret_not_used` there)."""
    if API_KEY is not None:
        return {"name": name, "player_id": player}
    return {"name": name, **_ok(client.post("/v1/players", json={"player_id": player}))}


def joined_seat(client: httpx.Client) -> tuple[str, str]:
    """A game of the creator and two open seats, one of them joined: its id and that seat's
    token (the seat that may leave)."""
    body = {"players": [NAMES[0], {"open": True}, {"open": True}]}
    created = _ok(client.post("/v1/games", json=body))
    invite = next(p["invite"] for p in created["players"] if "invite" in p)
    game_id = created["game_id"]
    joined = _ok(client.post(f"/v1/games/{game_id}/join", json={"invite": invite, "name": "Bia"}))
    return str(game_id), str(joined["token"])


def game_to_deal(client: httpx.Client) -> str:
    """A two-player game dealt by hand, waiting for its first deal: its id (its tokens kept)."""
    body = {"players": list(NAMES[:2]), "rules": {"auto_deal": False}}
    created = _ok(client.post("/v1/games", json=body))
    _games[created["game_id"]] = Seen(tokens={p["seat"]: p["token"] for p in created["players"]})
    return str(created["game_id"])


def running_game(client: httpx.Client, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """A game of `names` being played (four: partners, with signals): its id with each seat's
    token."""
    rules = {"partnerships": True, "signals": True} if len(names) == 4 else {}
    created = _ok(client.post("/v1/games", json={"players": list(names), "rules": rules}))
    return [(str(created["game_id"]), str(p["token"])) for p in created["players"]]


def lobby_game(client: httpx.Client) -> None:
    """A lobby game of the creator and three open seats, which the lobby lists."""
    _ok(client.post("/v1/games", json={"players": OPEN_SEATS, "lobby": True}))


def timing_out(client: httpx.Client, on_timeout: str) -> None:
    """A two-player game to 1 point of 5-s turns, no bank, that nobody plays after its first move
    (without one, the first timeout aborts it): its clock runs out turn after turn during the run
    and the server applies `on_timeout`."""
    clock = {"turn_seconds": 5, "bank_seconds": 0, "on_timeout": on_timeout}
    body = {"players": list(NAMES[:2]), "rules": {"target": 1, "clock": clock}}
    created = _ok(client.post("/v1/games", json=body))
    tokens = {p["seat"]: p["token"] for p in created["players"]}
    seen = Seen(tokens=tokens, turn=created["view"]["turn"])
    listed = listed_move(client, created["game_id"], seen)
    if listed is not None:  # a move too late for its turn is refused: the game is aborted then
        token, move = listed
        auth = {"Authorization": f"Bearer {token}"}
        client.post(f"/v1/games/{created['game_id']}/moves", json=move, headers=auth)


def open_invites(client: httpx.Client) -> list[tuple[str, str]]:
    """The three open seats of a game made before the run: its id and each seat's invite."""
    created = _ok(client.post("/v1/games", json={"players": OPEN_SEATS}))
    invites = [p["invite"] for p in created["players"] if "invite" in p]
    return [(str(created["game_id"]), str(invite)) for invite in invites]


def hooked_game(client: httpx.Client) -> tuple[str, str]:
    """A game with a webhook (`FUZZ_WEBHOOK`): its id and its seat 0's token."""
    body = {"players": list(NAMES[:2]), "webhook": {"url": FUZZ_WEBHOOK}}
    created = _ok(client.post("/v1/games", json=body))
    return str(created["game_id"]), str(created["players"][0]["token"])


def playable_tournament(body: Json) -> Json:
    """A drawn tournament as the service can play it (rules no schema can state): its first
    entrants, each a person or a bot, named apart; the rounds its pairing can play; the
    boards left to the tournament; not rated."""
    drawn = body.get("entrants")
    entrants = drawn[:TOURNAMENT_ENTRANTS] if isinstance(drawn, list) else []
    entrants = [
        {k: v for k, v in e.items() if not ("bot" in e and k == "player_id")}
        if isinstance(e, dict)
        else e
        for e in own_names(entrants)
    ]
    count = max(len(entrants), 2)
    rounds = body.get("rounds") if isinstance(body.get("rounds"), int) else 1
    if body.get("pairing") == "round_robin":
        rounds = round_robin_rounds(count)
    else:
        rounds = max(1, min(rounds, count - 1))
    rules = body.get("rules")
    if isinstance(rules, dict):
        rules = {k: v for k, v in rules.items() if k != "boards"}
    # Unrated: a rated one needs a distinct player per entrant, which a draw seldom gives.
    return {**body, "entrants": entrants, "rounds": rounds, "rules": rules, "rated": False}


def played_tournament(client: httpx.Client) -> str:
    """A rated tournament of two bots (two levels: two rated players), one round of one
    board, played to its end: its id."""
    body = {
        "name": "Fuzz",
        "entrants": [{"name": "Rita", "bot": "random"}, {"name": "Gus", "bot": "greedy"}],
        "rounds": 1,
        "boards": 1,
        "pairing": "swiss",
        "rated": True,
    }
    tournament_id = str(_ok(client.post("/v1/tournaments", json=body))["tournament_id"])
    deadline = time.monotonic() + 120
    while _ok(client.get(f"/v1/tournaments/{tournament_id}"))["status"] != "finished":
        assert time.monotonic() < deadline, "the fuzz run's tournament did not end in 120 s"
        time.sleep(0.2)
    return tournament_id


def hooked_tournament(client: httpx.Client) -> tuple[str, str]:
    """A tournament of a person and a bot with a webhook (`FUZZ_WEBHOOK`): its id and the
    person's token."""
    body = {
        "name": "Fuzz hooked",
        "entrants": [{"name": "Ana"}, {"name": "Gus", "bot": "random"}],
        "rounds": 1,
        "boards": 1,
        "pairing": "swiss",
        "webhook": {"url": FUZZ_WEBHOOK},
    }
    created = _ok(client.post("/v1/tournaments", json=body))
    return str(created["tournament_id"]), str(created["entrants"][0]["token"])


def _client(base: str) -> httpx.Client:
    """The hooks' own client of the server under test (with its API key, if it has keys)."""
    headers = {"X-API-Key": API_KEY} if API_KEY is not None else {}
    return httpx.Client(base_url=base, timeout=10, headers=headers)


def _ok(response: httpx.Response) -> Json:
    response.raise_for_status()
    answer: Json = response.json()
    return answer


def distinct_names(body: Any) -> bool:
    """Whether the players a body lists have names that look distinct (`name_key`; True without
    players). No JSON Schema compares one item's member with another item: a person's name
    that is also a bot seat's, or two spellings of one name, pass `uniqueItems`."""
    players = body.get("players", body.get("entrants")) if isinstance(body, dict) else None
    if not isinstance(players, list):
        return True
    names = [p.get("name") if isinstance(p, dict) else p for p in players]
    kept = [name_key(n) for n in names if isinstance(n, str)]
    return len(kept) == len(set(kept))


def own_names(players: list[Any]) -> list[Any]:
    """The players with each name that looks like an earlier seat's replaced by a free one."""
    taken: set[str] = set()
    renamed = []
    for drawn in players:
        name = drawn.get("name") if isinstance(drawn, dict) else drawn
        entry = drawn
        if isinstance(name, str) and name_key(name) in taken:
            free = (*NAMES, *(f"seat {i}" for i in range(9)))
            name = next(n for n in free if name_key(n) not in taken)
            entry = {**drawn, "name": name} if isinstance(drawn, dict) else name
        if isinstance(name, str):
            taken.add(name_key(name))
        renamed.append(entry)
    return renamed


@schemathesis.hook
def filter_body(context: Any, body: Any) -> bool:
    """Draw no game whose seats share a name: the API refuses it (400 `request/invalid`), a
    rule the document cannot state (`distinct_names`); nor a tournament its rules refuse
    (`playable`)."""
    return distinct_names(body) and playable(body)


def playable(body: Any) -> bool:
    """Whether a drawn tournament keeps the rules no schema can state (`playable_tournament`
    makes one so), True for any other body."""
    if not isinstance(body, dict) or not isinstance(body.get("entrants"), list):
        return True
    return playable_tournament(body) == {**body, "rules": body.get("rules"), "rated": False}
