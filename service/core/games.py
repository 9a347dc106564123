"""The service's use cases (create, read, move, deal, signal, score, log): no HTTP here."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import msgspec
from msgspec import UNSET, UnsetType

import engine
from engine import Deal, IllegalMove, Move, State
from engine.events import HandDealt
from engine.moves import claim as claim_move
from engine.moves import parse_move, play
from engine.state import EncodedParts
from service.core.cache import GameCache
from service.core.clocks import Clocks, timed_out_problem
from service.core.commitments import seeds_for
from service.core.invites import current_invite
from service.core.log_cache import LogCache
from service.core.messages import (
    BotPlayer,
    CreatedGame,
    CreateGame,
    GameView,
    Invite,
    LegalMove,
    LegalMoves,
    LogPage,
    MoveRequest,
    MoveResult,
    OpenSeat,
    Player,
    PlayerEntry,
    PlayerInfo,
    ScoreSheet,
    SeatToken,
    SignalRequest,
    SignalResult,
    StreamTicket,
)
from service.core.observer import GameObserver
from service.core.thinking import Thinker
from service.core.webhook_messages import WebhookSubscription
from service.errors import ServiceError, busy, not_found, version_conflict
from service.ledger.chain import (
    EntryType,
    GameInfo,
    LogEntry,
    SentSignal,
    Signal,
    partner_of,
    seen_signals,
    visible,
)
from service.ledger.compact import (
    Cursor,
    Opening,
    Step,
    advanced,
    encode,
    iso,
    new_salt_key,
    now_ms,
)
from service.ledger.replay import rules_of
from service.ledger.signatures import KeyRing
from service.ledger.terms import player_names
from service.settings import Settings, secret_hash
from service.store import keys
from service.store.commitment_store import USED_UP, CommitmentStore
from service.store.game_store import (
    LOG_LINGER_MS,
    NEW_GAME,
    GameMeta,
    GameStore,
    SeatMeta,
    StoredGame,
)
from service.store.seat_store import SeatStore
from service.store.webhook_store import Hook, hook_bytes

Subscribed = tuple[Hook | None, WebhookSubscription | None]
"""A new game's webhook subscription, and its secret when it is to be shown (once)."""

MAX_LOG_PAGE = 200
SIGNAL_TRIES = 20
"""How often a signal or a match-ending move is tried again when a move or a signal came
first (each try is one script; only a busy game's other seats can make one fail)."""
HAND_ENTRIES = 64
"""Entries read back to find the deal of the hand now played: a hand has far fewer (twelve
plays at most, each with its claim, and a deal)."""


class IdempotentAnswer(msgspec.Struct, frozen=True):
    """The first answer to an idempotent request and the fingerprint of that request."""

    fingerprint: str
    result: MoveResult


def now() -> str:
    """The current UTC time, ISO 8601 with milliseconds."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def bot_due(state: State, meta: GameMeta) -> bool:
    """Whether the seat that must act now (`engine.current_seat`) is one the service plays."""
    seat = engine.current_seat(state)
    return seat is not None and meta.seats[seat].bot is not None


def as_player(entry: str | PlayerEntry | BotPlayer) -> Player:
    """A seat of a create request as the use cases take it: a name, a bot or an open seat
    (callers in the process may give a `BotPlayer` as it is)."""
    if isinstance(entry, str | BotPlayer):
        return entry
    name, bot, opened = entry.name, entry.bot, entry.open
    if opened is True and isinstance(name, UnsetType) and isinstance(bot, UnsetType):
        return OpenSeat()
    if isinstance(name, str) and isinstance(bot, str) and isinstance(opened, UnsetType):
        return BotPlayer(name=name, bot=bot)
    raise ServiceError(
        "request/invalid",
        400,
        'a player is a name, {"name", "bot"} or {"open": true}',
        field="players",
    )


def seat_meta(name: str, player: str | BotPlayer, token: str | None) -> SeatMeta:
    """A seat as stored, under its checked `name`: a person by its token's hash, a bot by its
    level (and no token)."""
    if isinstance(player, BotPlayer):
        return SeatMeta(name, "", player.bot)
    assert token is not None
    return SeatMeta(name, secret_hash(token))


def people_of(players: list[Player]) -> list[int]:
    """The seats of the people (not the bots; open seats are for people); at least one is
    needed."""
    people = [seat for seat, p in enumerate(players) if not isinstance(p, BotPlayer)]
    if not people:
        raise ServiceError(
            "game/no_person", 422, "seat at least one person: bots alone are not served",
            field="players",
        )  # fmt: skip
    return people


def clocked_bots(rules: engine.Rules, bots: tuple[int, ...]) -> tuple[int, ...] | UnsetType:
    """The bot seats a clocked game's first entry records (their moves start no clock), or
    UNSET: no clock, or no bot."""
    return bots if rules.clock is not None and bots else UNSET


def bot_seats(players: list[Player]) -> tuple[int, ...]:
    """The seats bots play."""
    return tuple(seat for seat, p in enumerate(players) if isinstance(p, BotPlayer))


def seat_of(meta: GameMeta, token: str | None) -> int | None:
    """The seat whose token this is (compared in constant time), or None."""
    if token is None:
        return None
    digest = secret_hash(token)
    found = None
    for seat, stored in enumerate(meta.seats):
        if hmac.compare_digest(digest, stored.token_hash):
            found = seat
    return found


def holds(meta: GameMeta, seat: int, holder: str) -> bool:
    """Whether `holder` (the SHA-256 of a token) still holds `seat` (compared in constant time)."""
    if not 0 <= seat < len(meta.seats) or not holder:
        return False
    return hmac.compare_digest(holder, meta.seats[seat].token_hash)


def invalid_ticket() -> ServiceError:
    return ServiceError(
        "auth/invalid_ticket",
        401,
        "this stream ticket is unknown, expired, for another game, or its seat's holder has left",
    )


@dataclass(frozen=True, slots=True)
class Following:
    """Who follows a game's events: the game as loaded, the reader's seat (None: a spectator)
    and, for a stream ticket, the seconds it has left (the stream ends with it)."""

    game: StoredGame
    seat: int | None
    seconds_left: float | None = None


def game_view(
    game_id: str,
    version: int,
    state: State,
    meta: GameMeta,
    seat: int | None,
    signals: tuple[SentSignal, ...] = (),
) -> GameView:
    """The wire view of a game for `seat` (None: a spectator), built from the engine's view."""
    seen = engine.view(state, seat)
    finished = state.status == "finished"
    return GameView(
        **msgspec.structs.asdict(seen),
        game_id=game_id,
        version=version,
        players=tuple(player_info(i, s) for i, s in enumerate(meta.seats)),
        seed_commitment=meta.seed_commitment,
        signals=tuple(seen_signals(signals, seat, finished, state.rules)),
        lobby=True if meta.lobby and state.status == "waiting" else UNSET,
        rematch=meta.rematch if meta.rematch is not None else UNSET,
    )


def player_info(seat: int, meta: SeatMeta) -> PlayerInfo:
    """A seat on the wire: its name and bot level, or that it is open."""
    return PlayerInfo(seat=seat, name=meta.name, bot=meta.bot, open=True if meta.open else UNSET)


def expired(game_id: str) -> ServiceError:
    return ServiceError(
        "game/expired", 410, f"game {game_id!r} waited for players and expired before it started"
    )


def view_tag(view: GameView) -> str:
    """The view's ETag: its version, and the count of signals the reader sees (only a partner
    sees them change while the game runs, so only a partner's tag carries the count)."""
    return f'"{view.version}.{len(view.signals)}"' if view.signals else f'"{view.version}"'


def move_from(request: MoveRequest) -> Move:
    """The engine move a request names: exactly one of `card`, `claim` or `move` (or a listed
    move's `id` alone, without `capture`); a listed move's `id` and `kind`, when given, must name
    the same move."""
    move = _named(request)
    listed, kind = request.id, request.kind
    if not isinstance(listed, UnsetType) and str(parse_move(listed)) != str(move):
        raise ServiceError("request/ambiguous_move", 422, f"`id` {listed!r} is not move {move}")
    if not isinstance(kind, UnsetType) and kind != KINDS[type(move)]:
        raise ServiceError("request/ambiguous_move", 422, f"`kind` {kind!r} is not move {move}")
    return move


KINDS: dict[type, str] = {engine.Play: "play", engine.Claim: "claim", Deal: "deal"}


def _named(request: MoveRequest) -> Move:
    card, claim, text, capture = request.card, request.claim, request.move, request.capture
    given = [card is not UNSET, claim is not UNSET, text is not UNSET]
    if not any(given) and not isinstance(request.id, UnsetType) and capture is UNSET:
        return parse_move(request.id)
    if sum(given) != 1:
        raise ServiceError(
            "request/ambiguous_move", 422, "give exactly one of `card`, `claim` or `move`"
        )
    if not isinstance(card, UnsetType):
        return play(card, capture if not isinstance(capture, UnsetType) else [])
    if capture is not UNSET:
        raise ServiceError("request/ambiguous_move", 422, "`capture` goes with `card`")
    if not isinstance(claim, UnsetType):
        return claim_move(claim)
    assert not isinstance(text, UnsetType)
    return parse_move(text)


def legal_move(move: Move) -> LegalMove:
    """A legal move on the wire, its text form as id."""
    if isinstance(move, engine.Play):
        return LegalMove(id=str(move), kind="play", card=move.card, capture=move.capture)
    if isinstance(move, engine.Claim):
        return LegalMove(id=str(move), kind="claim", claim=move.cards)
    return LegalMove(id=str(move), kind="deal")


class Games:
    """Use cases over the store; every write is one atomic commit guarded by the version."""

    observer: GameObserver = GameObserver()

    def __init__(self, store: GameStore, settings: Settings, ring: KeyRing) -> None:
        self.store = store
        self.settings = settings
        self.ring = ring  # signs the receipt of every acknowledged write
        self.commitments = CommitmentStore(store)
        self.cache = GameCache(settings.http.game_cache)
        self.parts = EncodedParts()  # the event loop's: states of cached games repeat their parts
        self.logs = LogCache(store, self.parts)
        self.thinker = Thinker(max(1, settings.bots.processes))
        """Where bots think (stand-ins, hints, turns): worker processes, never this loop."""
        self.clocks = Clocks(self)

    async def create(self, request: CreateGame, webhook: Subscribed = (None, None)) -> CreatedGame:
        """Create a game: rules from the preset and overrides, tokens, the first log entry;
        `webhook`: its subscription, if any, and the secret to show once."""
        players = [as_player(p) for p in request.players]
        assert not any(isinstance(p, OpenSeat) for p in players)  # `Lifecycle.create`'s
        names = player_names([p.name if isinstance(p, BotPlayer) else str(p) for p in players])
        rules = rules_of(request.preset, request.rules, len(names))
        people = people_of(players)
        if len(people) < len(names) and not self.store.bot_queue:
            raise ServiceError(
                "game/bots_unavailable", 501, "bot seats need a single Redis, not a cluster"
            )
        game_id = secrets.token_hex(12)
        seeds = await seeds_for(self.commitments, request, game_id)
        created = now_ms()
        tokens: dict[int, str] = {seat: secrets.token_urlsafe(32) for seat in people}
        meta = GameMeta(
            seats=tuple(
                seat_meta(name, player, tokens.get(seat))
                for seat, (name, player) in enumerate(zip(names, players, strict=True))
                if not isinstance(player, OpenSeat)
            ),
            seed_commitment=seeds.commitment,
            created=iso(created),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
        )
        info = GameInfo(
            rules=rules,
            players=names,
            seed=seeds.seed,
            seed_commitment=seeds.commitment,
            client_seed=seeds.client_seed,
            commitment_id=seeds.commitment_id,
            seed_salt=seeds.salt if seeds.salt is not None else UNSET,
            bots=clocked_bots(rules, bot_seats(players)),
        )
        opening = Opening(info, created, new_salt_key())
        cursor, entry = Cursor.opening(opening, self.parts)
        assert entry is not None
        state = cursor.state
        # A commitment is used up once consumed, even if the game's own write is not confirmed.
        advice = USED_UP if seeds.commitment_id is not None else NEW_GAME
        due = bot_due(state, meta)
        await self.clocks.schedule(game_id, self.clocks.deadline(state, cursor.timing))
        if not await self.store.create(
            game_id, meta, entry.hash, encode(opening), self._ttl_ms(state), advice, bot_due=due,
            hook=hook_bytes(webhook[0]),
        ):  # fmt: skip
            raise ServiceError("game/id_collision", 409, "try again")  # pragma: no cover
        kept = StoredGame(state, 1, entry.hash, meta, (), opening.salt_key, created, cursor.timing)
        self.cache.put(game_id, kept)
        self.observer.game_created()
        return CreatedGame(
            game_id=game_id,
            players=[SeatToken(seat=i, name=names[i], token=tokens[i]) for i in people],
            seed_commitment=meta.seed_commitment,
            version=1,
            view=self.clocked(game_view(game_id, 1, state, meta, None), kept),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
            receipt=self.ring.receipt(game_id, 1, entry.hash),
            webhook=webhook[1] or UNSET,
        )

    async def load(self, game_id: str) -> StoredGame:
        """The game as stored now, replayed on from the cached copy when there is one; a
        clocked game's timeout is applied first when its deadline has passed."""
        game = await self.store.load(game_id, self.cache.get(game_id), self.parts)
        if game is None:
            self.cache.drop(game_id)
            if await SeatStore(self.store).expired(game_id):
                raise expired(game_id)
            raise not_found(game_id)
        self.cache.put(game_id, game)
        if game.timing is not None:
            game = await self.clocks.enforce(game_id, game)
        return game

    def clocked(self, view: GameView, game: StoredGame) -> GameView:
        """The view with the clock's deadline and banks, for a clocked game."""
        fields = self.clocks.fields(game)
        return msgspec.structs.replace(view, **fields) if fields else view

    async def load_at(self, game_id: str, version: int | None) -> StoredGame:
        """The game for a write at `version`: the cached copy if it is at that version.

        The commit script checks version and head, so a stale copy can only cost a 409.
        """
        cached = self.cache.get(game_id)
        if cached is not None and cached.version == version and not self.clocks.due(cached):
            return cached
        return await self.load(game_id)

    async def read_as(self, game_id: str, token: str | None) -> tuple[StoredGame, int | None]:
        """The game and the reader's seat (None: a spectator); a token that is given must fit."""
        game = await self.load(game_id)
        return game, self._reader(game, token)

    async def acting(self, game_id: str, token: str | None) -> tuple[StoredGame, int]:
        """The game and the seat a request acts for: a valid token is required."""
        game = await self.load(game_id)
        return game, self._player(game, token)

    async def stream_ticket(self, game_id: str, token: str | None) -> StreamTicket:
        """A ticket to follow the game's events as the token's seat, for a while and only while
        the token's holder keeps the seat (kept hashed, with her token's hash)."""
        game = await self.load(game_id)
        seat = self._player(game, token)
        ticket = secrets.token_urlsafe(24)
        ttl = self.settings.streams.ticket_ttl
        holder = game.meta.seats[seat].token_hash
        await self.store.save_ticket(game_id, secret_hash(ticket), seat, holder, ttl * 1000)
        return StreamTicket(ticket=ticket, expires_in=ttl)

    async def follow_as(self, game_id: str, token: str | None, ticket: str | None) -> Following:
        """The game and who follows it: the token's seat, the ticket's (while the holder who
        took it keeps the seat), or a spectator."""
        if ticket is None:
            game, seat = await self.read_as(game_id, token)
            return Following(game, seat)
        if token is not None:
            raise ServiceError(
                "auth/ambiguous", 401, "send either a token or a stream ticket, not both"
            )
        kept = await self.store.ticket(game_id, secret_hash(ticket))
        if kept is None:
            raise invalid_ticket()
        game = await self.load(game_id)
        if not holds(game.meta, kept.seat, kept.holder):
            raise invalid_ticket()
        return Following(game, kept.seat, kept.seconds_left)

    async def view(self, game_id: str, token: str | None) -> GameView:
        """The game as the token's seat (or a spectator, without a token) may see it."""
        game, seat = await self.read_as(game_id, token)
        view = game_view(game_id, game.version, game.state, game.meta, seat, game.signals)
        view = self.clocked(view, game)
        if game.state.status == "waiting" and seat is not None and seat == game.meta.creator:
            view = msgspec.structs.replace(view, invites=tuple(self.invites(game_id, game.meta)))
        return view

    def invites(self, game_id: str, meta: GameMeta) -> list[Invite]:
        """The current invites of the open seats (shown to the creator while the game waits)."""
        shown = []
        for seat, kept in enumerate(meta.seats):
            if kept.open:
                made = current_invite(self.ring, game_id, seat, kept.opened, kept.invite_hash)
                if made is not None:
                    shown.append(Invite(seat=seat, invite=made))
        return shown

    async def legal_moves(self, game_id: str, token: str | None) -> LegalMoves:
        """The legal moves of the token's seat, in the engine's fixed order."""
        game = await self.load(game_id)
        seat = self._player(game, token)
        moves = engine.legal_moves(game.state, seat)
        return LegalMoves(version=game.version, seat=seat, moves=[legal_move(m) for m in moves])

    async def play(
        self, game_id: str, token: str | None, request: MoveRequest, key: str | None
    ) -> MoveResult:
        """Apply the token's seat's move if the game is still at `expected_version`."""
        game = await self.load_at(game_id, request.expected_version)
        seat = self._player(game, token)
        await self.clocks.missed(game_id, game, seat, request.expected_version)
        fingerprint = hashlib.sha256(msgspec.json.encode(request)).hexdigest() if key else ""
        return await self._commit_move(
            game_id, game, seat, move_from(request), request.expected_version, key, fingerprint
        )

    async def deal(
        self, game_id: str, token: str | None, expected: int | None, key: str | None
    ) -> MoveResult:
        """Deal the next hand or round when a deal is due (auto-deal off)."""
        game = await self.load_at(game_id, expected)
        seat = self._player(game, token)
        version = game.version if expected is None else expected
        await self.clocks.missed(game_id, game, seat, version)
        return await self._commit_move(
            game_id, game, seat, Deal(), version, key, f"deal:{expected}"
        )

    async def signal(self, game_id: str, token: str | None, request: SignalRequest) -> SignalResult:
        """Send a partner signal: kept beside the log, so no one but the partner can tell it
        was sent until the entry that ends the match records every signal."""
        game = await self.load(game_id)
        return await self.send_signal(game_id, game, self._player(game, token), request.signal)

    async def send_signal(
        self, game_id: str, game: StoredGame, seat: int, signal: Signal
    ) -> SignalResult:
        """Keep `seat`'s signal beside the log of the game as loaded (loaded again when a move
        or another signal came first)."""
        rules = game.state.rules
        partner = partner_of(rules, seat)
        if not rules.signals or partner is None:
            raise ServiceError("signal/not_allowed", 409, "these rules allow no partner signals")
        for _ in range(SIGNAL_TRIES):
            if game.state.status == "finished":
                raise IllegalMove("move/game_over", "the match is over")
            engine.check_signals_left(await self._sent_this_hand(game_id, game, seat))
            sent = SentSignal(seat=seat, signal=signal, after=game.version, time=now())
            outcome = await self.store.signal(game_id, game.version, game.signals, sent)
            if outcome == "missing":
                raise not_found(game_id)
            if outcome == "kept":
                signals = (*game.signals, sent)
                self.cache.put(game_id, replace(game, signals=signals))
                side = seen_signals(signals, seat, False, rules)
                return SignalResult(version=game.version, to_seat=partner, sent=len(side))
            game = await self.load(game_id)  # a move or another signal came first: again
        raise busy()  # pragma: no cover

    async def _sent_this_hand(self, game_id: str, game: StoredGame, seat: int) -> int:
        """How many signals `seat` sent since the entry that dealt the hand now played (read
        from the log's last entries only when the seat may have used up its signals)."""
        mine = [sent.after for sent in game.signals if sent.seat == seat]
        if len(mine) < engine.SIGNALS_PER_HAND:
            return len(mine)
        state = game.state
        after = max(0, game.version - HAND_ENTRIES)
        entries = await self.logs.entries(game_id, game, after, HAND_ENTRIES)
        dealt = [
            entry.seq
            for entry in entries
            for event in entry.events
            if isinstance(event, HandDealt)
            and (event.round, event.hand) == (state.round, state.hand)
        ]
        start = dealt[-1] if dealt else after
        return sum(1 for seq in mine if seq >= start)

    async def play_as(
        self, game_id: str, game: StoredGame, seat: int, move: Move, bot_turn: str
    ) -> MoveResult:
        """Commit the move a bot chose for `seat` in the game as loaded, acknowledging its
        queued turn in the same script; a 409 if the game moved on meanwhile."""
        return await self._commit_move(game_id, game, seat, move, game.version, None, "", bot_turn)

    async def score(self, game_id: str) -> ScoreSheet:
        """Every round's breakdown per side, the totals and the winner."""
        game = await self.load(game_id)
        state = game.state
        return ScoreSheet(
            game_id=game_id,
            status=state.status,
            target=state.rules.target,
            rounds=state.rounds,
            totals=state.scores,
            outcome=state.outcome,
        )

    async def log(self, game_id: str, token: str | None, after: int, limit: int) -> LogPage:
        """A page of the log, redacted for the reader until the game is over."""
        game, seat = await self.read_as(game_id, token)
        finished = game.state.status == "finished"
        entries = await self.entries(game_id, game, after, min(limit, MAX_LOG_PAGE))
        rules = game.state.rules
        shown = [visible(e, seat, finished, rules) for e in entries]
        last = shown[-1].seq if shown else after
        return LogPage(game_id=game_id, entries=shown, next_after=last, head=game.version)

    async def entries(
        self, game_id: str, game: StoredGame, after: int, limit: int, fresh: bool = False
    ) -> list[LogEntry]:
        """The full, unredacted entries of the game as loaded with `seq > after` (at most
        `limit`), derived from the stored records (`fresh`: all of them read now)."""
        return await self.logs.entries(game_id, game, after, limit, fresh)

    async def _commit_move(
        self,
        game_id: str,
        game: StoredGame,
        seat: int,
        move: Move,
        expected: int,
        key: str | None,
        fingerprint: str,
        bot_turn: str | None = None,
    ) -> MoveResult:
        """Apply through the engine and commit atomically; a retried request gets its first answer.

        The commit script itself answers a retry that reaches it; one refused before that (the
        game moved on, or the move no longer applies) looks for the first answer here.
        """
        idem_key = keys.idempotency(game_id, seat, key) if key else None
        try:
            state, events = await self._apply(game_id, game, seat, move, expected)
        except (ServiceError, engine.EngineError):
            prior = await self._prior(idem_key, fingerprint)
            if prior is not None:
                return prior
            raise
        kind: EntryType = "deal" if isinstance(move, Deal) else "move"
        finished = state.status == "finished"
        due = bot_due(state, game.meta)
        for _ in range(SIGNAL_TRIES):
            # The entry that ends the match records every signal, and only if they are current.
            signals = game.signals if finished else None
            step = Step(seat, str(move), now_ms() - game.ms, signals or ())
            after = advanced(game.cursor(self.parts), step, state)
            entry = after.entry(step, move, tuple(events))
            version = game.version + 1
            ms = game.ms + step.ms
            cached = StoredGame(
                state, version, entry.hash, game.meta, game.signals, game.salt_key, ms,
                after.timing,
            )  # fmt: skip
            view = game_view(game_id, version, state, game.meta, seat, game.signals)
            result = MoveResult(
                version=version,
                move=str(move),
                entry=visible(entry, seat, finished, state.rules),
                view=self.clocked(view, cached),
                receipt=self.ring.receipt(game_id, version, entry.hash),
            )
            idem = None
            if idem_key is not None:
                answer = msgspec.json.encode(IdempotentAnswer(fingerprint, result))
                idem = (idem_key, answer, self.settings.ttl.idempotency * 1000)
            ttl = self._ttl_ms(state)
            linger = min(LOG_LINGER_MS, ttl or LOG_LINGER_MS) if finished else ttl
            clock = None
            if game.timing is not None:
                deadline = self.clocks.deadline(state, after.timing)
                await self.clocks.schedule(game_id, deadline)
                clock = ("move", ms, deadline, self.clocks.deadline(game.state, game.timing))
            outcome = await self.store.commit(
                game_id, game.version, entry, encode(step), ttl, idem, signals, due, bot_turn,
                linger, clock,
            )  # fmt: skip
            if outcome.outcome != "signals":
                break
            game = await self.load(game_id)  # a signal came in: record it too
            if game.version != expected:  # the move was applied to the game as it was
                raise version_conflict(expected, game.version)
        if outcome.outcome == "replay":
            return self._replayed(outcome.answer, fingerprint)
        if outcome.outcome == "clock":
            await self._late(game_id, seat, expected)
        self._check(outcome.outcome, game_id, expected, outcome.version)
        if outcome.outcome != "committed":  # every try lost to a new signal: nothing stored
            raise busy()
        self.cache.put(game_id, cached)
        self.logs.written(game_id, cached, encode(step), entry)
        self.observer.move_applied(kind, finished)
        return result

    async def _late(self, game_id: str, seat: int, expected: int) -> None:
        """A move the commit script found past the game's deadline: the timeout goes first."""
        self.cache.drop(game_id)
        game = await self.load(game_id)
        await self.clocks.missed(game_id, game, seat, expected)
        deadline = self.clocks.deadline(game.state, game.timing)
        raise timed_out_problem(seat, iso(deadline) if deadline is not None else "its deadline")

    async def _apply(
        self, game_id: str, game: StoredGame, seat: int, move: Move, expected: int
    ) -> tuple[State, list[engine.Event]]:
        """The move applied to the game at `expected`; a refusal first checks it is not late."""
        if expected != game.version:
            raise version_conflict(expected, game.version)
        try:
            return engine.apply(game.state, seat, move)
        except engine.EngineError:
            await self._still_at(game_id, expected)
            raise

    async def _prior(self, idem_key: str | None, fingerprint: str) -> MoveResult | None:
        """The first answer to a request retried with its `Idempotency-Key`, if there is one."""
        if idem_key is None:
            return None
        answer = await self.store.answer(idem_key, self.settings.ttl.idempotency * 1000)
        return self._replayed(answer, fingerprint) if answer is not None else None

    def _replayed(self, answer: bytes, fingerprint: str) -> MoveResult:
        try:
            prior: IdempotentAnswer | None = msgspec.json.decode(answer, type=IdempotentAnswer)
        except msgspec.ValidationError:
            prior = None  # the key's first answer was a resignation's or an abort's
        if prior is None or prior.fingerprint != fingerprint:
            raise ServiceError(
                "request/idempotency_key_reused",
                422,
                "this Idempotency-Key was used for a different request",
            )
        return prior.result

    async def _still_at(self, game_id: str, expected: int) -> None:
        """409 if the game moved on: a refused move from a cached copy may just be late."""
        current = await self.load(game_id)
        if current.version != expected:
            raise version_conflict(expected, current.version)

    def _check(self, outcome: str, game_id: str, expected: int, current: int) -> None:
        if outcome == "missing":
            self.cache.drop(game_id)
            raise not_found(game_id)
        if outcome == "stale":
            self.cache.drop(game_id)
            raise version_conflict(expected, current)

    def _reader(self, game: StoredGame, token: str | None) -> int | None:
        """The reader's seat; a token that is given must be valid."""
        seat = seat_of(game.meta, token)
        if token is not None and seat is None:
            raise ServiceError("auth/invalid_token", 401, "this token is not a seat of this game")
        return seat

    def _player(self, game: StoredGame, token: str | None) -> int:
        """The acting seat; a valid token is required."""
        if token is None:
            raise ServiceError(
                "auth/missing_token", 401, "send `Authorization: Bearer <player token>`"
            )
        seat = self._reader(game, token)
        assert seat is not None
        return seat

    def _ttl_ms(self, state: State) -> int:
        """Running games expire `game_ttl` after their last move; finished ones never (0)."""
        ttl = self.settings.ttl.finished if state.status == "finished" else self.settings.ttl.game
        if state.status == "waiting":
            ttl = self.settings.ttl.waiting
        return ttl * 1000
