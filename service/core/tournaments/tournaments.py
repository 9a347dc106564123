"""Duplicate tournaments: create one, move it on as its games end, show it, export it.

A round's games are opened through `Creation.place` (so bots, clocks and the log work as in
any game), one per table, all with the round's seed and boards, so every table plays the
same deals and no entrant holds both seats of one (docs/tournaments.md). The round is sealed
while it runs (its games show no card, seed or result but to their own seats:
`service.core.tournaments.seals`); it is scored all at once when its last game has ended
(`engine.duplicate`), and then everything of it opens.

The commit that ends a tournament game indexes it in a due index, and the tournament worker
(`service.ops.workers.tournament_worker`) tells `ended` of it; when a round's last game has
ended, `advance` scores the round and pairs the next one. A worker that dies leaves the entry
due again, so nothing is stuck, and reading a tournament changes nothing. Game ids are derived
from the tournament, round and table, so two processes advancing at once open each game once,
and the document's compare-and-set keeps one record of the round.

Each save appends the events of its change (`service.core.tournaments.tournament_events`) in the
same script, so the events stream (followed live, and the webhook's outbox) tells exactly the
changes stored, once each.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import suppress
from typing import Final

import msgspec
from redis.exceptions import RedisError

import engine
from engine import duplicate
from engine.duplicate import Played
from engine.rules import Clock
from engine.shuffle import commitment, new_server_seed, round_seed, shuffle_key
from engine.tournament import round_robin_rounds
from service.core.audits.commitments import Seeds, committed_seeds, no_lone_client_seed
from service.core.audits.verification import Audits
from service.core.games.creation import Creation, Placed, secret_of
from service.core.games.due_work import FIRST_DELIVERY_MS
from service.core.games.journal import Journal
from service.core.ratings.player_secrets import Named, PlayerSecrets
from service.core.ratings.players import Players
from service.core.ratings.rated_tables import rated_entrants, settle_tables, table_ratings
from service.core.tournaments.tournament_events import encoded, events_between
from service.core.tournaments.tournament_messages import (
    CreatedTournament,
    CreateTournament,
    EntrantEntry,
    EntrantTable,
    EntrantToken,
    TournamentWebhookDeliveries,
)
from service.core.webhooks.webhooks import Webhooks, listed_deliveries
from service.errors import ServiceError
from service.ledger.game_meta import SeatMeta
from service.ledger.log import iso, now_ms
from service.ledger.names import player_names, shown_name
from service.ledger.ratings import BOT_PREFIX
from service.ledger.replay import rules_of
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.ledger.tournament_lines import (
    LinesDigest,
    compact_game,
    end_line,
    header,
    round_games,
    round_line,
)
from service.ledger.tournament_record import (
    EntrantRecord,
    RoundRecord,
    TableRatings,
    TableRecord,
    TournamentExport,
    TournamentRecord,
    TournamentScoring,
    TournamentView,
    across_of,
    board_numbers,
    played_game,
    played_tables,
    round_of,
    scored_tables,
    standings_of,
    tournament_message,
)
from service.ledger.watch import Ending, log_ending
from service.settings import TournamentSettings, secret_hash
from service.store import redis_keys
from service.store.commitment_store import CommitmentStore
from service.store.due_index import DueIndex
from service.store.tournament_store import TournamentStore
from service.store.webhook_store import hook_bytes

DEFAULT_CLOCK: Final = Clock(turn_seconds=60, bank_seconds=120, on_timeout="bot")
"""The clock of a tournament with people that names none: a missing player's turns are
played by the stand-in bot, so no round waits for ever."""
TRIES: Final = 20
OPENED_AT_ONCE: Final = 64
"""Games a round opens concurrently."""


class StoredTournament(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament as kept: its record, the secret seed, each entrant's token hash (bots:
    empty), the API key that created it, and whether it has a webhook."""

    record: TournamentRecord
    seed: str
    token_hashes: tuple[str, ...]
    key: str | None = None
    webhook: bool = False

    @property
    def shuffle_key(self) -> bytes:
        return shuffle_key(self.seed, self.record.client_seed)


_decoder = msgspec.msgpack.Decoder(StoredTournament)


def game_id_of(tournament_id: str, round_no: int, table: int, play: int) -> str:
    """The id of a table's game: derived, so opening it twice finds it taken."""
    text = f"{tournament_id}:{round_no}:{table}:{play}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def entrant_of(number: int, entry: EntrantEntry, name: str) -> EntrantRecord:
    """An entrant as recorded, under its checked name."""
    bot = entry.bot if isinstance(entry.bot, str) else None
    player_id = entry.player_id if isinstance(entry.player_id, str) else None
    if bot is not None and player_id is not None:
        raise ServiceError(
            "tournament/invalid_entrant",
            422,
            "an entrant is a person (with an optional `player_id`) or a bot, not both",
            field=f"entrants[{number}]",
        )
    if player_id is not None and player_id.startswith(BOT_PREFIX):
        raise ServiceError(
            "player/reserved_id",
            422,
            "entrant {entrant}: ids starting 'bot:' are the bots'",
            field=f"entrants[{number}]",
            entrant=number,
        )
    if player_id is None and secret_of(entry) is not None:
        raise ServiceError(
            "tournament/invalid_entrant",
            422,
            "a `player_secret` goes with a `player_id`",
            field=f"entrants[{number}]",
        )
    return EntrantRecord(entrant=number, name=name, bot=bot, player_id=player_id)


Admit = Callable[[int, bool], Awaitable[None]]
"""Counts the games a new tournament will open (and whether only bots play them) against the
creation limits; raises when they do not fit."""


async def admitted(games: int, bots_only: bool) -> None:
    """No limit: every tournament is admitted."""


def check_bounds(request: CreateTournament, bounds: TournamentSettings) -> None:
    """Refuse more entrants, rounds or boards than the server's settings allow (422)."""
    most = "this server takes at most {most}"
    for field, given, bound, template in (
        (
            "entrants",
            len(request.entrants),
            bounds.max_entrants,
            "{given} entrants: " + most + " (ESCOPA_TOURNAMENT_MAX_ENTRANTS)",
        ),
        (
            "rounds",
            request.rounds,
            bounds.max_rounds,
            "{given} rounds: " + most + " (ESCOPA_TOURNAMENT_MAX_ROUNDS)",
        ),
        (
            "boards",
            request.boards,
            bounds.max_boards,
            "{given} boards: " + most + " (ESCOPA_TOURNAMENT_MAX_BOARDS)",
        ),
    ):
        if given > bound:
            raise ServiceError(
                "tournament/too_large", 422, template, field=field, given=given, most=bound
            )


def named_entrants(entries: Sequence[EntrantEntry]) -> list[Named]:
    """The player ids the entrants name, each with the secret given beside it."""
    return [
        Named(entry.player_id, secret_of(entry), f"entrants[{number}]")
        for number, entry in enumerate(entries)
        if isinstance(entry.player_id, str)
    ]


def check_rounds(request: CreateTournament, entrants: int) -> None:
    """Refuse a number of rounds the pairing cannot play (422 naming the bound)."""
    if request.pairing == "round_robin":
        needed = round_robin_rounds(entrants)
        if request.rounds != needed:
            raise ServiceError(
                "tournament/round_robin_rounds",
                422,
                "a round robin of {entrants} entrants plays exactly {needed} rounds, not "
                "{rounds}: give {again} rounds, or fewer entrants, or Swiss pairing",
                field="rounds",
                entrants=entrants,
                needed=needed,
                rounds=request.rounds,
                again=needed,
            )
    elif request.rounds > entrants - 1:
        raise ServiceError(
            "tournament/too_many_rounds",
            422,
            "a Swiss tournament of {entrants} entrants plays at most {rounds} rounds (each "
            "entrant meets another at most once while it can)",
            field="rounds",
            entrants=entrants,
            rounds=entrants - 1,
        )


def tournament_rules(request: CreateTournament, people: bool) -> engine.Rules:
    """The games' rules: the preset with the overrides, the clock (a default one with
    people); the boards are the tournament's to set."""
    rules = rules_of(request.preset, request.rules, 2)
    if rules.boards:
        raise ServiceError(
            "tournament/boards_in_rules",
            422,
            "a tournament sets its games' boards: give `boards` beside `rules`, not in them",
            field="rules.boards",
        )
    clock = request.clock or rules.clock or (DEFAULT_CLOCK if people else None)
    return msgspec.structs.replace(rules, clock=clock)


def view_of(kept: StoredTournament) -> TournamentView:
    """What anyone may see: the record, the standings so far, the seed once it is over."""
    record = kept.record
    fields = msgspec.structs.asdict(record)
    seed = kept.seed if record.status == "finished" else msgspec.UNSET
    return TournamentView(**fields, standings=tuple(standings_of(record)), seed=seed)


def scoring_for(entrants: int) -> TournamentScoring:
    """IMPs with two tables a round or more; a lone table (2 or 3 entrants): plain."""
    return "imps" if entrants >= 4 else "plain"


def not_finished(tournament_id: str) -> ServiceError:
    return ServiceError(
        "tournament/not_finished",
        409,
        "tournament {tournament_id} is not over: it is exported once it is (its seed is secret)",
        tournament_id=tournament_id,
    )


class Tournaments:
    """Duplicate tournaments over the game creation path, kept in `store`."""

    def __init__(
        self,
        store: TournamentStore,
        creation: Creation,
        journal: Journal,
        audits: Audits,
        commitments: CommitmentStore,
        ring: KeyRing,
        webhooks: Webhooks,
        players: Players | None,
        player_secrets: PlayerSecrets,
        bounds: TournamentSettings | None = None,
    ) -> None:
        self.bounds = bounds or TournamentSettings()
        self.players = players
        """Settles a rated tournament's tables (`service.core.ratings.rated_tables`)."""
        self.secrets = player_secrets
        """Vouches for the player ids the entrants name."""
        self.store = store
        self.creation = creation
        self.journal = journal
        self.games = journal.games
        self.audits = audits
        self.commitments = commitments
        self.ring = ring
        self.webhooks = webhooks
        self.hooks_due: DueIndex = journal.hooks_due

    # --- creating --------------------------------------------------------------------------

    async def create(
        self, request: CreateTournament, api_key: str | None, admit: Admit = admitted
    ) -> CreatedTournament:
        """Check the request, count the games it will open (`admit`: the creation limit),
        draw or take the seed, store the tournament, open round 1. Its webhook: the
        request's (its secret answered once), or else the one the API key names."""
        hook, shown = await self.webhooks.for_game(request.webhook, api_key, "tournament")
        name = shown_name(request.name, "name")
        names = list(player_names([e.name for e in request.entrants], "entrants"))
        entrants = tuple(entrant_of(n, e, names[n]) for n, e in enumerate(request.entrants))
        check_bounds(request, self.bounds)
        check_rounds(request, len(entrants))
        people = any(e.bot is None for e in entrants)
        rules = tournament_rules(request, people)
        rated = rated_entrants(entrants, request.preset, api_key) if request.rated else None
        await self.secrets.vouch(named_entrants(request.entrants))
        await admit(request.rounds * (len(entrants) // 2), not people)
        tournament_id = secrets.token_hex(12)
        seeds = await self._seeds(request, tournament_id)  # a commitment is used up here
        tokens = {e.entrant: secrets.token_urlsafe(32) for e in entrants if e.bot is None}
        record = TournamentRecord(
            tournament_id=tournament_id,
            name=name,
            status="waiting",
            scoring=scoring_for(len(entrants)),
            preset=request.preset,
            rules=rules,
            pairing=request.pairing,
            round_count=request.rounds,
            boards=request.boards,
            seed_commitment=commitment(seeds.seed),
            client_seed=seeds.client_seed,
            commitment_id=seeds.commitment_id,
            created=iso(now_ms()),
            entrants=entrants,
            rated=rated,
        )
        hashes = tuple(secret_hash(tokens[e.entrant]) if e.bot is None else "" for e in entrants)
        kept = StoredTournament(
            record=record, seed=seeds.seed, token_hashes=hashes, key=api_key, webhook=bool(hook)
        )
        document = msgspec.msgpack.encode(kept)
        if not await self.store.save(tournament_id, document, 0, hook=hook_bytes(hook)):
            raise ServiceError("tournament/id_collision", 409, "try again")  # pragma: no cover
        if hook is not None:  # the first delivery waits for the answer that holds the secret
            subject = redis_keys.TOURNAMENT_SUBJECT + tournament_id
            await self.hooks_due.schedule(subject, now_ms() + FIRST_DELIVERY_MS)
        await self.advance(tournament_id)
        answered = [
            EntrantToken(entrant=e.entrant, name=e.name, token=tokens.get(e.entrant, msgspec.UNSET))
            for e in entrants
        ]
        return CreatedTournament(
            tournament_id=tournament_id,
            seed_commitment=record.seed_commitment,
            entrants=answered,
            webhook=shown or msgspec.UNSET,
        )

    async def _seeds(self, request: CreateTournament, tournament_id: str) -> Seeds:
        """A fresh server seed, or the one a commitment holds (used once)."""
        if request.commitment_id is None:
            no_lone_client_seed(request.client_seed)
            return Seeds(new_server_seed())
        return await committed_seeds(
            self.commitments, request.commitment_id, request.client_seed, tournament_id
        )

    # --- reading ---------------------------------------------------------------------------

    async def load(self, tournament_id: str) -> tuple[StoredTournament, int]:
        """The tournament as stored and its version; 404 when there is none."""
        found = await self.store.load(tournament_id)
        if found is None:
            raise ServiceError(
                "tournament/not_found",
                404,
                "no tournament '{tournament_id}'",
                tournament_id=tournament_id,
            )
        doc, version = found
        return _decoder.decode(doc), version

    async def view(self, tournament_id: str) -> TournamentView:
        """The tournament as stored now."""
        kept, _ = await self.load(tournament_id)
        return view_of(kept)

    async def export(self, tournament_id: str) -> TournamentExport:
        """The finished tournament as one signed document: its view and every game's export
        (each one's seed, open once its round is over)."""
        kept, _ = await self.load(tournament_id)
        if kept.record.status != "finished":
            raise not_finished(tournament_id)
        view = view_of(kept)
        ids = [g for r in kept.record.rounds for t in r.tables for g in t.game_ids]
        games = tuple([await self.audits.export(game_id) for game_id in ids])
        ratings = await table_ratings(self.players, kept.record)
        body = TournamentExport(tournament=view, games=games, ratings=ratings)
        signed = self.ring.sign(tournament_message(tournament_id, unsigned(body)))
        return msgspec.structs.replace(body, signature=signed)

    async def export_lines(self, tournament_id: str) -> AsyncIterator[bytes]:
        """The finished tournament's compact export (`escopa-tournament-v3`), line by line:
        one game's export in memory at a time (409 before it is over, before any line)."""
        kept, _ = await self.load(tournament_id)
        if kept.record.status != "finished":
            raise not_finished(tournament_id)
        view = view_of(kept)
        ratings = await table_ratings(self.players, kept.record)
        return self._lines(view, ratings)

    async def _lines(
        self, view: TournamentView, ratings: tuple[TableRatings, ...]
    ) -> AsyncIterator[bytes]:
        digest = LinesDigest()
        yield digest.line(header(view))
        for record in view.rounds:
            yield digest.line(round_line(record, ratings))
            for game_id, seats in round_games(record):
                game = await self.audits.export(game_id)
                yield digest.line(compact_game(view, record.round, seats, game))
        yield end_line(digest, view.tournament_id, self.ring.sign)

    async def table(self, tournament_id: str, token: str | None) -> EntrantTable:
        """Where the token's entrant plays now, and its standing."""
        kept, _ = await self.load(tournament_id)
        entrant = token_entrant(kept, token)
        record = kept.record
        placed = {s.entrant: s for s in standings_of(record) if s.rounds}
        standing = placed.get(entrant)
        shown = EntrantTable(
            tournament_id=tournament_id,
            entrant=entrant,
            status="finished",
            round=len(record.rounds),
            rank=standing.rank if standing else msgspec.UNSET,
            total=standing.total if standing else msgspec.UNSET,
        )
        if record.status == "finished" or not record.rounds:
            return shown
        last = record.rounds[-1]
        table = next(t for t in last.tables if entrant in (t.a, t.b))
        if table.b is None:
            return msgspec.structs.replace(shown, status="bye")
        (game_id,) = table.game_ids[:1]
        seat = 0 if table.a == entrant else 1
        state = (await self.games.read(game_id)).state
        return msgspec.structs.replace(
            shown,
            status="played" if state.status == "finished" else "playing",
            game_id=game_id,
            seat=seat,
            boards=last.boards,
            your_turn=engine.current_seat(state) == seat,
        )

    async def deliveries(
        self, tournament_id: str, token: str | None, key: str | None
    ) -> TournamentWebhookDeliveries:
        """The tournament's webhook deliveries, for an entrant's token or the API key that
        created it; only that key sees the URL (as a game's deliveries)."""
        kept, _ = await self.load(tournament_id)
        found = await self.webhooks.store.live(redis_keys.TOURNAMENT_SUBJECT + tournament_id)
        entrant = token is not None or key is None
        if entrant:
            token_entrant(kept, token)
        elif key != kept.key and (found is None or key != found.hook.key):
            raise ServiceError(
                "webhook/forbidden", 403, "this API key did not create this tournament's webhook"
            )
        if found is None:
            raise ServiceError(
                "webhook/not_found",
                404,
                "tournament '{tournament_id}' has no webhook",
                tournament_id=tournament_id,
            )
        seqs = [seq for _, seq in found.outbox]
        events = await self.webhooks.tournament_events(tournament_id, seqs)
        listed = listed_deliveries(found, events)
        url = msgspec.UNSET if entrant else found.hook.url
        return TournamentWebhookDeliveries(tournament_id=tournament_id, url=url, deliveries=listed)

    # --- moving on -------------------------------------------------------------------------

    async def ended(self, game_id: str, game: StoredGame) -> None:
        """A tournament game ended: when its round's games all have, move the tournament on
        (the tournament worker calls this once the game's entry in `redis_keys.tournaments_due` is
        due; two calls for one game count it once)."""
        tournament_id = game.meta.tournament
        assert tournament_id is not None
        round_no = round_of(game.state.rules)
        count, expected = await self.store.ended(tournament_id, round_no, game_id)
        if count >= expected > 0:
            await self.advance(tournament_id)

    async def advance(self, tournament_id: str) -> StoredTournament:
        """Score a round whose games all ended, then open the next round or finish; the
        tournament as it then is."""
        for _ in range(TRIES):
            kept, version = await self.load(tournament_id)
            moved = await self._moved(kept)
            if moved is None:
                return kept
            told = events_between(kept.record, moved.record, kept.seed, iso(now_ms()))
            await self._deliveries_due(kept)
            document = msgspec.msgpack.encode(moved)
            sealed = sealed_round(moved.record)
            if await self.store.save(
                tournament_id, document, version, encoded(told), sealed=sealed
            ):
                with suppress(RedisError, ServiceError):  # best effort: the mark before holds
                    await self._deliveries_due(kept)
                kept = moved
                if kept.record.status == "finished" or not _round_done(kept.record):
                    return kept
        raise ServiceError(
            "tournament/busy",
            503,
            "the tournament moved on meanwhile; try again",
            {"Retry-After": "1"},
        )

    async def _deliveries_due(self, kept: StoredTournament) -> None:
        """Mark a tournament with a webhook due for the webhook workers, before its save (a
        crash after it leaves nothing unmarked) and after (a worker that read the events
        before the save sees the mark when it gives the tournament back)."""
        if kept.webhook:
            await self.hooks_due.touch(redis_keys.TOURNAMENT_SUBJECT + kept.record.tournament_id)

    async def _moved(self, kept: StoredTournament) -> StoredTournament | None:
        """The tournament one step on (a round scored, a round opened, or finished), or None
        when it waits for games."""
        record = kept.record
        if record.status == "finished":
            return None
        if not record.rounds:
            return await self._opened(kept, 1)
        last = record.rounds[-1]
        if not _round_done(record):
            scored = await self._scored(record, last)
            if scored is None:
                return None
            tables, endings = scored
            await settle_tables(self.players, record, last, tables, endings)  # before the record
            rounds = (*record.rounds[:-1], msgspec.structs.replace(last, tables=tables))
            return _with(kept, rounds=rounds)
        if last.round >= record.round_count:
            return _with(kept, status="finished")
        return await self._opened(kept, last.round + 1)

    async def _scored(
        self, record: TournamentRecord, last: RoundRecord
    ) -> tuple[tuple[TableRecord, ...], list[Ending | None]] | None:
        """The round's tables scored, and how each table's game ended (None: a bye), once
        every one of its games has ended (else None)."""
        tables: list[Played] = []
        endings: list[Ending | None] = []
        for table in last.tables:
            if table.b is None:
                tables.append(Played(a=table.a))
                endings.append(None)
                continue
            played = await self._played(table)
            if played is None:
                return None
            tables.append(played[0])
            endings.append(played[1])
        ids = [t.game_ids for t in last.tables]
        return scored_tables(tables, record.boards, ids, record.scoring), endings

    async def _played(self, table: TableRecord) -> tuple[Played, Ending] | None:
        """A table's game as played once it has ended: each board's points, who left it; and
        how it ended, for the abuse watch."""
        (game_id,) = table.game_ids
        game = await self.games.read(game_id)
        if game.state.status != "finished":
            return None
        entries = await self.games.entries(game_id, game, 0, game.version)
        a, b = table.seats[0]
        return played_game(entries, (a, b)), log_ending(entries)

    async def _opened(self, kept: StoredTournament, round_no: int) -> StoredTournament:
        """The tournament with round `round_no` paired, seated and its games opened."""
        record = kept.record
        n = len(record.entrants)
        before = played_tables(record.rounds)
        across = across_of(record.scoring)
        tables = duplicate.pairings(
            record.pairing, kept.shuffle_key, round_no, n, before, record.boards, across
        )
        boards = board_numbers(round_no, record.boards)
        rules = msgspec.structs.replace(record.rules, boards=record.boards, first_board=boards[0])
        seed = round_seed(kept.shuffle_key, round_no)
        recorded: list[TableRecord] = []
        placing: list[Placed] = []
        for number, table in enumerate(tables):
            if table.b is None:
                recorded.append(TableRecord(a=table.a))
                continue
            seats = (table.a, table.b)
            game_id = game_id_of(record.tournament_id, round_no, number, 0)
            recorded.append(TableRecord(a=table.a, b=table.b, game_ids=(game_id,), seats=(seats,)))
            placed_seats = self._seats(kept, seats)
            placing.append(
                Placed(game_id, rules, placed_seats, seed, kept.key, record.tournament_id)
            )
        await self.store.expect(record.tournament_id, round_no, len(placing))
        for start in range(0, len(placing), OPENED_AT_ONCE):
            await asyncio.gather(
                *(self.creation.place(p) for p in placing[start : start + OPENED_AT_ONCE])
            )
        opened = RoundRecord(round=round_no, boards=boards, tables=tuple(recorded))
        return _with(kept, status="running", rounds=(*record.rounds, opened))

    def _seats(self, kept: StoredTournament, entrants: tuple[int, int]) -> tuple[SeatMeta, ...]:
        """A game's seats: each entrant by its name and token hash, or its bot level."""
        found = []
        for e in entrants:
            entrant = kept.record.entrants[e]
            if entrant.bot is not None:
                found.append(SeatMeta(entrant.name, "", entrant.bot))
            else:
                found.append(SeatMeta(entrant.name, kept.token_hashes[e]))
        return tuple(found)


def sealed_round(record: TournamentRecord) -> int:
    """The round whose games are sealed now: the last one opened until it is scored (0:
    none)."""
    if record.status == "finished" or not record.rounds or _round_done(record):
        return 0
    return record.rounds[-1].round


def token_entrant(kept: StoredTournament, token: str | None) -> int:
    """The person entrant whose token this is (compared in constant time); 401 otherwise."""
    if token is None:
        raise ServiceError("auth/missing_token", 401, "send `Authorization: Bearer <player token>`")
    digest = secret_hash(token)
    found = None
    for entrant, stored in enumerate(kept.token_hashes):
        if stored and hmac.compare_digest(digest, stored):
            found = entrant
    if found is None:
        raise ServiceError(
            "auth/invalid_token", 401, "this token is not an entrant's of this tournament"
        )
    return found


def _round_done(record: TournamentRecord) -> bool:
    """Whether the last round opened has every table's results (a bye has none to wait for)."""
    if not record.rounds:
        return False
    return all(t.b is None or t.results is not None for t in record.rounds[-1].tables)


def _with(kept: StoredTournament, **changes: object) -> StoredTournament:
    record = msgspec.structs.replace(kept.record, **changes)
    return msgspec.structs.replace(kept, record=record)


def unsigned(export: TournamentExport) -> dict[str, object]:
    """The export without its `signature`: what the signature signs."""
    return {
        "format": export.format,
        "tournament": export.tournament,
        "games": export.games,
        "ratings": export.ratings,
    }
