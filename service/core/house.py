"""The core's parts over one Redis gateway: the games repository and every other store over
it (built here and only here), the journal every write goes through, and each verb in a room
of its own over it, every dependency given at construction. No behaviour here: a
request's route calls the verb it needs (`house.moves.play`), and the verbs never reach back
into the house. Each process builds its house in `service.runtime`."""

from __future__ import annotations

from service.core.audits.verification import Audits
from service.core.bots.bot_seats import BotSeats
from service.core.bots.worker_processes import WorkerProcesses
from service.core.games.access import Access
from service.core.games.creation import Creation
from service.core.games.due_work import DueWork
from service.core.games.follows import Follows
from service.core.games.games import Games
from service.core.games.journal import Journal
from service.core.games.moves import Moves
from service.core.games.reads import Reads
from service.core.games.reports import Reports
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.endings import Endings
from service.core.lifecycle.lifetimes import Lifetimes
from service.core.lifecycle.lobby import Lobby
from service.core.lifecycle.rematch import Rematches
from service.core.lifecycle.seats import Seats
from service.core.lifecycle.signals import Signals
from service.core.rate_limits import RateCounts
from service.core.ratings.player_secrets import PlayerSecrets
from service.core.ratings.players import Players
from service.core.tournaments.seals import Seals
from service.core.tournaments.tournaments import Tournaments
from service.core.webhooks.webhooks import Webhooks
from service.ledger.signatures import KeyRing
from service.settings import Settings
from service.store import redis_keys
from service.store.archive.record import Archive
from service.store.commitment_store import CommitmentStore
from service.store.due_index import DueIndex
from service.store.games_repository import GamesRepository
from service.store.rating_store import RatingStore
from service.store.redis_gateway import RedisGateway
from service.store.seat_store import SeatStore
from service.store.tournament_store import TournamentStore
from service.store.webhook_store import WebhookStore


class House:
    """Every verb of the core over `gateway`, with the `settings` and key `ring` they need."""

    def __init__(
        self,
        gateway: RedisGateway,
        settings: Settings,
        ring: KeyRing,
        workers: WorkerProcesses | None = None,
        archive: Archive | None = None,
        reports: Reports | None = None,
    ) -> None:
        self.gateway = gateway
        store = GamesRepository(gateway)
        self.repository = store
        """The games repository: what stores and reads a game."""
        seat_store = SeatStore(gateway)
        self.settings = settings
        self.ring = ring
        self.workers = workers or WorkerProcesses(max(1, settings.bots.processes))
        """Where bots think (stand-ins, hints, turns) and replays run: worker processes."""
        self.clocks = Clocks(
            DueIndex(gateway, redis_keys.deadlines), settings.clocks.first_move_timeout
        )
        archived = archive is not None or bool(settings.archive.url)
        self.due = DueWork(
            clocks=self.clocks,
            bot_turns=DueIndex(gateway, redis_keys.bot_turns),
            hooks_due=DueIndex(gateway, redis_keys.webhooks_due),
            finished=DueIndex(gateway, redis_keys.finished),
            settling=DueIndex(gateway, redis_keys.ratings_due),
            tournaments=DueIndex(gateway, redis_keys.tournaments_due),
            archived=archived,
        )
        self.bot_turns = self.due.bot_turns
        self.hooks_due = self.due.hooks_due
        self.players = Players(RatingStore(gateway), store, settings.ratings)
        self.games = Games(store, seat_store, settings.http.game_cache, archive)
        self.journal = Journal(
            store,
            self.games,
            Lifetimes(settings.ttl, archived),
            self.due,
            self.players.settle,
            reports,
        )
        self.lobby = Lobby(store, seat_store)
        self.rate_counts = RateCounts(gateway)
        self.follows = Follows(gateway.client, settings)
        self.secrets = PlayerSecrets(self.players.store, not settings.keys.api_hashes)
        budget = settings.bots.budget
        self.endings = Endings(self.journal, self.clocks, self.workers, budget, ring, self.lobby)
        tournament_store = TournamentStore(gateway)
        seals = Seals(tournament_store)
        self.access = Access(self.journal, self.endings, seals, settings.streams.ticket_ttl)
        self.reads = Reads(self.access, self.journal, self.clocks, ring, self.players)
        self.moves = Moves(self.access, self.journal, self.clocks, ring)
        self.signals = Signals(self.access, self.journal)
        self.webhooks = Webhooks(
            self.access,
            self.journal,
            WebhookStore(gateway, self.due.hooks_due),
            tournament_store,
            self.clocks,
            ring,
            settings.webhooks.allow,
        )
        self.commitments = CommitmentStore(gateway)
        self.creation = Creation(
            self.journal,
            self.commitments,
            self.webhooks,
            self.lobby,
            self.clocks,
            ring,
            self.secrets,
        )
        self.seats = Seats(self.access, self.journal, self.lobby, self.clocks, ring, self.secrets)
        self.rematches = Rematches(
            self.access, self.journal, self.webhooks.store, self.clocks, ring
        )
        self.bots = BotSeats(
            self.access, self.journal, self.moves, self.signals, self.workers, budget
        )
        self.audits = Audits(
            self.access,
            self.journal,
            ring,
            self.workers,
            self.commitments,
            settings.ttl.commitment,
            self.players,
        )
        self.tournaments = Tournaments(
            tournament_store,
            self.creation,
            self.journal,
            self.audits,
            self.commitments,
            ring,
            self.webhooks,
            self.players,
            self.secrets,
            settings.tournaments,
        )
