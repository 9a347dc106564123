"""A game's life outside its moves: open seats and invites, joining, leaving, the lobby,
resigning, aborting and rematches. No HTTP here.

Every write is one script on the game's keys with the version and head check of a move
(`SeatStore.rewrite`); a write that finds the game moved on reads it again and decides again,
so of two racers for one seat exactly one gets it, and the game is dealt exactly once.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Sequence
from typing import Final

import msgspec
from msgspec import UNSET

import engine
from engine import State
from service.core.commitments import Seeds, seeds_for
from service.core.games import (
    Games,
    as_player,
    bot_due,
    bot_seats,
    clocked_bots,
    game_view,
    people_of,
    seat_meta,
)
from service.core.invites import invite, rematch_id, rematch_token
from service.core.messages import (
    BotPlayer,
    Changed,
    CreatedGame,
    CreateGame,
    Joined,
    JoinRequest,
    LobbyGame,
    LobbyPage,
    OpenSeat,
    Player,
    Rematch,
    SeatToken,
)
from service.core.webhooks import Webhooks
from service.errors import ServiceError, busy, not_found
from service.ledger.chain import GameInfo, LogEntry, visible
from service.ledger.compact import (
    Cursor,
    Life,
    LifeKind,
    Opening,
    decode_record,
    encode,
    iso,
    new_salt_key,
    now_ms,
)
from service.ledger.replay import rules_of
from service.ledger.terms import lookalike, player_names, shown_name
from service.settings import secret_hash
from service.store import keys
from service.store.commitment_store import USED_UP
from service.store.game_store import LOG_LINGER_MS, NEW_GAME, GameMeta, SeatMeta, StoredGame
from service.store.seat_store import SeatStore
from service.store.webhook_store import WebhookStore, hook_bytes


class ChangedAnswer(msgspec.Struct, frozen=True):
    """The first answer to a resignation or abort sent with an `Idempotency-Key`, and what it
    was (`resigned`, `aborted`)."""

    fingerprint: str
    result: Changed


TRIES: Final = 50
"""How often a write that found the game moved on reads it again (only racers cause it)."""
MAX_LOBBY_PAGE: Final = 100
Ending = Callable[[State, int], tuple[State, list[engine.Event]]]


def problem(code: str, status: int, detail: str, field: str | None = None) -> ServiceError:
    return ServiceError(code, status, detail, field=field)


def not_waiting(game_id: str) -> ServiceError:
    return problem("game/not_waiting", 409, f"game {game_id} is not waiting for players")


def seat_names(players: Sequence[Player]) -> list[str]:
    """The names of the seats in NFC (open seats: empty), each one shown and its own
    (`terms.player_names`)."""
    given = ["" if isinstance(p, OpenSeat) else str(getattr(p, "name", p)) for p in players]
    return list(player_names(given))


def joining_name(given: str, seats: Sequence[SeatMeta]) -> str:
    """The name a join takes (in NFC), if it can be shown and no seat's looks the same."""
    name = shown_name(given, "name")
    others = [seat.name for seat in seats]
    same = lookalike(name, others)
    if same is not None:
        raise problem(
            "join/name_taken", 409,
            f"seat {same} is named {others[same]!r}, which looks the same as {name!r} "
            "(compared without invisible characters, in NFKC and ignoring case)",
            "name",
        )  # fmt: skip
    return name


def open_seats(meta: GameMeta) -> list[int]:
    return [seat for seat, kept in enumerate(meta.seats) if kept.open]


def member_of(game_id: str, meta: GameMeta) -> str:
    """The game's member in the lobby's sorted set (creation time first: oldest first)."""
    return f"{meta.created}:{game_id}"


class Lifecycle:
    """Use cases of waiting games, seats, early ends and rematches, over `Games`."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.seats = SeatStore(games.store)

    # --- creation --------------------------------------------------------------------------

    async def create(self, request: CreateGame, api_key: str | None = None) -> CreatedGame:
        """Create a game; with open seats it waits for its players, dealing nothing. Its
        webhook: the request's, or else the one the creating API key (by its id) names."""
        players = [as_player(p) for p in request.players]
        webhook = await Webhooks(self.games).for_game(request.webhook, api_key)
        if not any(isinstance(p, OpenSeat) for p in players):
            return await self.games.create(request, webhook)
        names = seat_names(players)
        rules = rules_of(request.preset, request.rules, len(names))
        people_of(players)
        if any(isinstance(p, BotPlayer) for p in players) and not self.games.store.bot_queue:
            raise problem(
                "game/bots_unavailable", 501, "bot seats need a single Redis, not a cluster"
            )
        game_id = secrets.token_hex(12)
        seeds = await seeds_for(self.games.commitments, request, game_id)
        created = now_ms()
        tokens = {s: secrets.token_urlsafe(32) for s, p in enumerate(players) if isinstance(p, str)}
        invites = {
            s: invite(self.games.ring, game_id, s, 1)
            for s, p in enumerate(players)
            if isinstance(p, OpenSeat)
        }
        meta = GameMeta(
            seats=tuple(self._seat(n, p, tokens.get(s), invites.get(s)) for s, (n, p) in
                        enumerate(zip(names, players, strict=True))),
            seed_commitment=seeds.commitment,
            created=iso(created),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
            preset=request.preset,
            lobby=request.lobby,
            creator=min(tokens) if tokens else None,
        )  # fmt: skip
        opening = self._opening(rules, names, seeds, created, sorted(invites), bot_seats(players))
        cursor, entry = Cursor.opening(opening, self.games.parts)
        assert entry is not None
        state = cursor.state
        ttl = self.games.settings.ttl.waiting * 1000
        advice = USED_UP if seeds.commitment_id is not None else NEW_GAME
        if not await self.seats.create_waiting(
            game_id, meta, entry.hash, encode(opening), ttl, advice, hook_bytes(webhook[0])
        ):
            raise problem("game/id_collision", 409, "try again")  # pragma: no cover
        kept = StoredGame(state, 1, entry.hash, meta, (), opening.salt_key, created, cursor.timing)
        self.games.cache.put(game_id, kept)
        if request.lobby:
            await self.seats.list_lobby(game_id, meta.created)
        self.games.observer.game_created()
        answered = [SeatToken(seat=s, name=names[s], token=t) for s, t in tokens.items()]
        answered += [SeatToken(seat=s, name="", invite=i) for s, i in invites.items()]
        return CreatedGame(
            game_id=game_id,
            players=sorted(answered, key=lambda p: p.seat),
            seed_commitment=meta.seed_commitment,
            version=1,
            view=game_view(game_id, 1, state, meta, None),
            commitment_id=seeds.commitment_id,
            client_seed=seeds.client_seed,
            receipt=self.games.ring.receipt(game_id, 1, entry.hash),
            webhook=webhook[1] or UNSET,
        )

    @staticmethod
    def _seat(name: str, player: Player, token: str | None, code: str | None) -> SeatMeta:
        if isinstance(player, OpenSeat):
            assert code is not None
            return SeatMeta("", "", open=True, invite_hash=secret_hash(code), opened=1)
        return seat_meta(name, player, token)

    @staticmethod
    def _opening(
        rules: engine.Rules,
        names: list[str],
        seeds: Seeds,
        created: int,
        opened: list[int],
        bots: tuple[int, ...],
    ) -> Opening:
        """The first record of a game with open seats (`opened`): its terms name them."""
        info = GameInfo(
            rules=rules,
            players=tuple(names),
            seed=seeds.seed,
            seed_commitment=seeds.commitment,
            client_seed=seeds.client_seed,
            commitment_id=seeds.commitment_id,
            seed_salt=seeds.salt if seeds.salt is not None else UNSET,
            open=tuple(opened) if opened else UNSET,
            bots=clocked_bots(rules, bots),
        )
        return Opening(info, created, new_salt_key())

    # --- seats -----------------------------------------------------------------------------

    async def join(self, game_id: str, request: JoinRequest) -> Joined:
        """Take an open seat by its invite, or a lobby game's open seat by number; the last
        seat taken deals the game."""
        token = secrets.token_urlsafe(32)
        for _ in range(TRIES):
            game = await self.games.load(game_id)
            seat = self._seat_to_take(game_id, game, request)
            name = joining_name(request.name, game.meta.seats)
            seats = list(game.meta.seats)
            seats[seat] = SeatMeta(name, secret_hash(token))
            meta = msgspec.structs.replace(game.meta, seats=tuple(seats))
            started = not open_seats(meta)
            entry, state, record = self._entry(game, Life("joined", seat, 0, name))
            due = bot_due(state, meta)
            if await self._rewrite(game_id, game, state, meta, entry, record, due):
                await self._relist(game_id, meta, started)
                view = game_view(game_id, entry.seq, state, meta, seat)
                kept = self.games.cache.get(game_id)
                view = self.games.clocked(view, kept) if kept is not None else view
                return Joined(
                    game_id=game_id,
                    seat=seat,
                    name=name,
                    token=token,
                    version=entry.seq,
                    entry=visible(entry, seat, False, state.rules),
                    view=view,
                    receipt=self.games.ring.receipt(game_id, entry.seq, entry.hash),
                )
        raise busy()

    def _seat_to_take(self, game_id: str, game: StoredGame, request: JoinRequest) -> int:
        """The open seat the request names: by its invite, or by number in a lobby game."""
        if game.state.status != "waiting":
            raise not_waiting(game_id)
        code, seat = request.invite, request.seat
        if isinstance(code, str) == isinstance(seat, int):
            raise problem(
                "join/ambiguous", 422, "give either an `invite` or a lobby game's `seat`", "invite"
            )
        kept = game.meta.seats
        if isinstance(code, str):
            digest = secret_hash(code)
            for at, meta in enumerate(kept):
                if meta.open and hmac.compare_digest(digest, meta.invite_hash):
                    return at
            raise problem(
                "join/invite_invalid", 403, "this invite is unknown, used, or for another game"
            )
        assert isinstance(seat, int)
        if seat >= len(kept):
            raise problem(
                "join/no_such_seat", 409, f"seat {seat} does not exist: seats 0-{len(kept) - 1}",
                "seat",
            )  # fmt: skip
        if not kept[seat].open:
            raise problem("join/seat_taken", 409, f"seat {seat} is taken already", "seat")
        if not game.meta.lobby:
            raise problem(
                "join/invite_required", 403, "this game is not in the lobby: join by invite"
            )
        return seat

    async def leave(self, game_id: str, token: str | None) -> Changed:
        """Give up a seat before the game starts: it opens again, with a new invite for the
        creator (or back in the lobby)."""
        for _ in range(TRIES):
            game, seat = await self.games.acting(game_id, token)
            if game.state.status != "waiting":
                raise not_waiting(game_id)
            if seat == game.meta.creator:
                raise problem(
                    "leave/creator", 409, "the creator cannot leave a waiting game: abort it"
                )
            opened = game.version + 1
            code = invite(self.games.ring, game_id, seat, opened)
            seats = list(game.meta.seats)
            seats[seat] = SeatMeta("", "", open=True, invite_hash=secret_hash(code), opened=opened)
            meta = msgspec.structs.replace(game.meta, seats=tuple(seats))
            entry, state, record = self._entry(game, Life("left", seat, 0))
            if await self._rewrite(game_id, game, state, meta, entry, record):
                await self._relist(game_id, meta, False)
                return self._changed(game_id, entry, game.state, meta, None)
        raise busy()

    async def _relist(self, game_id: str, meta: GameMeta, started: bool) -> None:
        """Keep the lobby in step: listed while a lobby game waits with open seats."""
        if not meta.lobby:
            return
        if started or not open_seats(meta):
            await self.seats.unlist_lobby(game_id, meta.created)
        else:
            await self.seats.list_lobby(game_id, meta.created)

    # --- early ends ------------------------------------------------------------------------

    async def resign(self, game_id: str, token: str | None, key: str | None = None) -> Changed:
        """The token's side loses the match (a partnership together)."""
        return await self._end(game_id, token, "resigned", engine.resign, key)

    async def abort(self, game_id: str, token: str | None, key: str | None = None) -> Changed:
        """End the match with no winner, before any seat has played."""
        return await self._end(game_id, token, "aborted", engine.abort, key)

    async def _end(
        self, game_id: str, token: str | None, kind: LifeKind, end: Ending, key: str | None
    ) -> Changed:
        """End the match as `end` does for the token's seat; a request retried with its
        `Idempotency-Key` gets its first answer (the first of a seat's keys kept per game)."""
        for _ in range(TRIES):
            game, seat = await self.games.acting(game_id, token)
            idem_key = keys.idempotency(game_id, seat, key) if key else None
            try:
                if game.state.status == "finished":
                    raise engine.IllegalMove("move/game_over", "the match is over")
                end(game.state, seat)
            except engine.EngineError:
                prior = await self._prior(idem_key, kind)
                if prior is not None:
                    return prior
                raise
            entry, state, record = self._entry(game, Life(kind, seat, 0, "", game.signals))
            changed = self._changed(game_id, entry, state, game.meta, seat)
            idem = None
            if idem_key is not None:
                answer = msgspec.json.encode(ChangedAnswer(fingerprint=kind, result=changed))
                idem = (idem_key, answer, self.games.settings.ttl.idempotency * 1000)
            written = await self._rewrite(
                game_id, game, state, None, entry, record, idempotency=idem
            )
            if isinstance(written, bytes):
                return self._replayed(written, kind)
            if written:
                if game.state.status == "waiting":
                    await self._relist(game_id, game.meta, True)
                self.games.observer.move_applied(kind, True)
                return changed
        raise busy()

    async def _prior(self, idem_key: str | None, fingerprint: str) -> Changed | None:
        """The first answer to a request retried with its `Idempotency-Key`, if there is one."""
        if idem_key is None:
            return None
        answer = await self.games.store.answer(idem_key, self.games.settings.ttl.idempotency * 1000)
        return self._replayed(answer, fingerprint) if answer is not None else None

    @staticmethod
    def _replayed(answer: bytes, fingerprint: str) -> Changed:
        try:
            prior = msgspec.json.decode(answer, type=ChangedAnswer)
        except msgspec.ValidationError:
            prior = None  # the key's first answer was a move's
        if prior is None or prior.fingerprint != fingerprint:
            raise problem(
                "request/idempotency_key_reused",
                422,
                "this Idempotency-Key was used for a different request",
            )
        return prior.result

    # --- rematch ---------------------------------------------------------------------------

    async def rematch(self, game_id: str, token: str | None) -> Rematch:
        """The finished game again, same rules and seats, the first deal to the next seat: one
        rematch per game, the same for every seat that asks, each with its own new token."""
        for _ in range(TRIES):
            game, seat = await self.games.acting(game_id, token)
            if game.state.status != "finished":
                raise problem(
                    "game/not_finished", 409, f"game {game_id} is not over: no rematch yet"
                )
            if open_seats(game.meta):
                raise problem(
                    "rematch/seats_open", 409, "this game ended before its seats were taken"
                )
            new_id = game.meta.rematch or rematch_id(self.games.ring, game_id)
            if game.meta.rematch is None:
                await self._create_rematch(game_id, game, new_id)
                meta = msgspec.structs.replace(game.meta, rematch=new_id)
                entry, state, record = self._entry(game, Life("rematch", seat, 0, new_id))
                if not await self._rewrite(game_id, game, state, meta, entry, record):
                    continue
            return await self._rematch_answer(game_id, new_id, seat)
        raise busy()

    async def _create_rematch(self, game_id: str, game: StoredGame, new_id: str) -> None:
        """Store the rematch game (a racer may have stored it first: then it stays as it is)."""
        old = game.state
        rules = old.rules
        first, _ = engine.start(rules, old.seed)
        rules = msgspec.structs.replace(
            rules, first_dealer=(first.first_dealer + 1) % rules.players
        )
        seeds = Seeds(secrets.token_hex(32))
        seats = tuple(
            SeatMeta(kept.name, "", kept.bot)
            if kept.bot is not None
            else SeatMeta(kept.name, secret_hash(rematch_token(self.games.ring, new_id, at)))
            for at, kept in enumerate(game.meta.seats)
        )
        created = now_ms()
        meta = GameMeta(
            seats=seats,
            seed_commitment=seeds.commitment,
            created=iso(created),
            preset=game.meta.preset,
            rematch=None,
        )
        info = GameInfo(
            rules=rules,
            players=tuple(kept.name for kept in seats),
            seed=seeds.seed,
            seed_commitment=seeds.commitment,
            bots=clocked_bots(rules, tuple(at for at, kept in enumerate(seats) if kept.bot)),
        )
        opening = Opening(info, created, new_salt_key())
        cursor, entry = Cursor.opening(opening, self.games.parts)
        assert entry is not None
        state = cursor.state
        ttl = self.games._ttl_ms(state)
        due = bot_due(state, meta)
        await self.games.clocks.schedule(new_id, self.games.clocks.deadline(state, cursor.timing))
        hook = hook_bytes(await WebhookStore(self.games.store).hook(game_id))  # the same one
        if await self.games.store.create(
            new_id, meta, entry.hash, encode(opening), ttl, NEW_GAME, bot_due=due, hook=hook
        ):
            self.games.observer.game_created()

    async def _rematch_answer(self, game_id: str, new_id: str, seat: int) -> Rematch:
        game = await self.games.load(new_id)
        kept = game.meta.seats[seat]
        token = rematch_token(self.games.ring, new_id, seat, kept.token_hash)
        view = game_view(new_id, game.version, game.state, game.meta, seat)
        return Rematch(game_id=new_id, rematch_of=game_id, seat=seat, token=token, view=view)

    # --- lobby -----------------------------------------------------------------------------

    async def lobby(self, after: str | None, limit: int) -> LobbyPage:
        """Waiting lobby games with open seats, oldest first; listed games that no longer wait
        (started, expired, aborted) are dropped from the index as they are met."""
        limit = min(limit, MAX_LOBBY_PAGE)
        found: list[LobbyGame] = []
        cursor = after
        while len(found) < limit:
            wanted = limit - len(found)
            members = await self.seats.lobby_page(cursor, wanted)
            for member in members:
                listed = await self._listed(member)
                if listed is not None:
                    found.append(listed)
            if len(members) < wanted:
                return LobbyPage(games=found, next_after=None)
            cursor = members[-1]
        return LobbyPage(games=found, next_after=cursor)

    async def _listed(self, member: str) -> LobbyGame | None:
        created, _, game_id = member.rpartition(":")
        game = await self.games.store.load(game_id)
        if game is None or game.state.status != "waiting" or not open_seats(game.meta):
            await self.seats.unlist_lobby(game_id, created)
            return None
        players = game_view(game_id, game.version, game.state, game.meta, None).players
        seats = open_seats(game.meta)
        return LobbyGame(
            game_id=game_id,
            preset=game.meta.preset or "escopa",
            players=players,
            taken=len(players) - len(seats),
            open=seats,
            created=game.meta.created,
        )

    # --- shared ----------------------------------------------------------------------------

    def _entry(self, game: StoredGame, life: Life) -> tuple[LogEntry, State, bytes]:
        """The next entry, chained to the game's head, derived from its record (`life`, timed
        now) as a replay derives it; the state after it; the record. One that ends the match
        records the partner signals sent in it, as a move that ends it does."""
        life = msgspec.structs.replace(life, ms=now_ms() - game.ms)
        cursor = game.cursor(self.games.parts)
        entry = cursor.life(life)
        assert entry is not None
        return entry, cursor.state, encode(life)

    async def _rewrite(
        self,
        game_id: str,
        game: StoredGame,
        after: State,
        meta: GameMeta | None,
        entry: LogEntry,
        record: bytes,
        due: bool = False,
        idempotency: tuple[str, bytes, int] | None = None,
    ) -> bool | bytes:
        """Commit the entry (its record) if the game is still as read (its signals too, when the
        entry ends the match): True; False when it moved on; the first answer when
        `idempotency`'s key has one."""
        ttl = self.games._ttl_ms(after)
        finished = after.status == "finished"
        linger = min(LOG_LINGER_MS, ttl or LOG_LINGER_MS) if finished else ttl
        cursor = game.cursor(self.games.parts)
        cursor.step(decode_record(record), hashed=False)
        await self.games.clocks.schedule(game_id, self.games.clocks.deadline(after, cursor.timing))
        outcome, _, prior = await self.seats.rewrite(
            game_id, game.version, meta, entry, record, (ttl, linger),
            after.status == "waiting", due, idempotency,
            signals=game.signals if finished else None,  # the entry that ends it records them
        )  # fmt: skip
        if outcome == "replay":
            return prior
        if outcome == "missing":
            self.games.cache.drop(game_id)
            raise not_found(game_id)
        if outcome == "stale":
            self.games.cache.drop(game_id)
            return False
        ms = game.ms + decode_record(record).ms
        kept = StoredGame(
            after, entry.seq, entry.hash, meta or game.meta, game.signals, game.salt_key, ms,
            cursor.timing,
        )  # fmt: skip
        self.games.cache.put(game_id, kept)
        self.games.logs.written(game_id, kept, record, entry)
        return True

    def _changed(
        self, game_id: str, entry: LogEntry, state: State, meta: GameMeta, seat: int | None
    ) -> Changed:
        finished = state.status == "finished"
        return Changed(
            version=entry.seq,
            entry=visible(entry, seat, finished, state.rules),
            view=game_view(game_id, entry.seq, state, meta, seat),
            receipt=self.games.ring.receipt(game_id, entry.seq, entry.hash),
        )
