"""Every Redis key comes from here; all keys of one game share the hash tag `{g:<id>}`."""

from __future__ import annotations

import zlib


def game(game_id: str) -> str:
    """The hash holding a game's state, version, log head and metadata."""
    return f"{{g:{game_id}}}:game"


def log(game_id: str) -> str:
    """The stream that rings when a game's log grows: it keeps only its last entry, whose id
    is `seq-0` of the log's head (followers block on it, then read `entries`)."""
    return f"{{g:{game_id}}}:log"


def entries(game_id: str) -> str:
    """The list of a game's compact log records: entry `seq` at index `seq - 1`."""
    return f"{{g:{game_id}}}:entries"


def idempotency(game_id: str, seat: int, key: str) -> str:
    """The first answer to a request sent with an `Idempotency-Key`, per game and seat."""
    return f"{{g:{game_id}}}:idem:{seat}:{key}"


def stream_ticket(game_id: str, ticket_hash: str) -> str:
    """A stream ticket (by the SHA-256 of the ticket): the seat whose events it may follow."""
    return f"{{g:{game_id}}}:ticket:{ticket_hash}"


def game_keys(game_id: str) -> tuple[str, str, str]:
    """The keys a game keeps for its lifetime (the log stream: until a while after its end)."""
    return game(game_id), log(game_id), entries(game_id)


def commitment(commitment_id: str) -> str:
    """A commitment's hash (server seed, or the game that used it): its own hash tag `{c:<id>}`."""
    return f"{{c:{commitment_id}}}:commitment"


def tournament(tournament_id: str) -> str:
    """A tournament's hash (its document and version): its own hash tag `{t:<id>}`."""
    return f"{{t:{tournament_id}}}:tournament"


def tournament_done(tournament_id: str, round_no: int) -> str:
    """The set of a tournament round's games that have ended."""
    return f"{{t:{tournament_id}}}:done:{round_no}"


def tournament_events(tournament_id: str) -> str:
    """A tournament's events: a stream with entry `n-0` for its `n`-th event (`seq`, `type`,
    `data`), appended by the script that saves the change it tells of; followers block on it,
    and it is the outbox of the tournament's webhook."""
    return f"{{t:{tournament_id}}}:events"


def tournament_hook_state(tournament_id: str) -> str:
    """The state of each webhook delivery of a tournament, and the events' `cursor`."""
    return f"{{t:{tournament_id}}}:hookstate"


TOURNAMENT_SUBJECT = "t:"
"""How a tournament is named where webhook work is indexed beside games (`t:<id>`)."""


def tournament_of(subject: str) -> str | None:
    """The tournament a webhook subject names (`t:<id>`), or None: it is a game."""
    if subject.startswith(TOURNAMENT_SUBJECT):
        return subject.removeprefix(TOURNAMENT_SUBJECT)
    return None


def hook_keys(subject: str) -> tuple[str, str, str]:
    """A webhook subject's keys: the hash holding its `hook`, its outbox stream, and its
    deliveries' states; a game's or a tournament's (`t:<id>`), each in its own slot."""
    tournament_id = tournament_of(subject)
    if tournament_id is not None:
        return (
            tournament(tournament_id),
            tournament_events(tournament_id),
            tournament_hook_state(tournament_id),
        )
    return game(subject), webhook_outbox(subject), webhook_state(subject)


def rate(kind: str, client: str, window: int) -> str:
    """A rate-limit counter: one client's requests in one time window.

    `kind` is `a` (a client address) or `k` (an API key, by a prefix of its hash), `ca` and
    `ck` the same for the creation limit, `ha` and `hk` for the hint limit; the hash tag
    `{rl:<kind>:<client>}` keeps every window of one client on one shard.
    """
    return f"{{rl:{kind}:{client}}}:{window}"


def waiting(game_id: str) -> str:
    """Kept while a game waits for players, and for a while after it expired unjoined, so a
    late reader learns it expired rather than that it never was."""
    return f"{{g:{game_id}}}:waiting"


def lobby() -> str:
    """The lobby: a sorted set of `<created>:<game id>` members (score 0, read in lexical order,
    so oldest first) of the waiting games with public open seats.

    Its hash tag `{lobby}` puts it on one shard of a cluster, apart from the games: the games'
    scripts never write it; it is kept beside them, and a reader checks each listed game.
    """
    return "{lobby}:games"


SHARDS = 16
"""How many sorted sets each index of due work has (`service.store.due_index`): spread over a
cluster's shards by hash tag."""


def shard(game_id: str) -> int:
    """The shard of every due-work index that holds a game (a stable hash of its id)."""
    return zlib.crc32(game_id.encode()) % SHARDS


def deadlines(shard: int) -> str:
    """One of the `SHARDS` sorted sets of clocked games by deadline (score: ms since the
    epoch), with its own hash tag `{dl:<shard>}`. The game hash's `deadline` is the truth: a
    sweeper checks it before acting."""
    return f"{{dl:{shard}}}:deadlines"


def bot_turns(shard: int) -> str:
    """One of the `SHARDS` sorted sets of games whose bot seat is (or may be) to act, by when
    it became due, with its own hash tag `{bt:<shard>}`. The game is the truth: a bot worker
    loads it and plays only if a bot seat is to act."""
    return f"{{bt:{shard}}}:turns"


def finished(shard: int) -> str:
    """One of the `SHARDS` sorted sets of finished games to archive, by when they ended, with
    its own hash tag `{ar:<shard>}`. The game is the truth: the archive worker loads it and
    archives it only once it is over."""
    return f"{{ar:{shard}}}:finished"


def webhook_outbox(game_id: str) -> str:
    """A game's webhook outbox: a stream with one entry (`seq`) per log entry of a game that
    has a webhook, appended by the same script as the entry (`service/store/lua/outbox.lua`)."""
    return f"{{g:{game_id}}}:hooks"


def webhook_state(game_id: str) -> str:
    """A hash of each delivery's state (attempts, last status or error) and the outbox `cursor`
    up to which every entry has been handled."""
    return f"{{g:{game_id}}}:hookstate"


def webhooks_due(shard: int) -> str:
    """One of the `SHARDS` sorted sets of games with webhook deliveries to make, by when (ms):
    due, retrying, or leased by a worker until the score; its own hash tag `{wh:<shard>}`."""
    return f"{{wh:{shard}}}:due"


def api_key_webhook(key_id: str) -> str:
    """The webhook an API key (by a prefix of its hash) names for the games it creates."""
    return f"{{wk:{key_id}}}:webhook"


def ratings_scope(scope: str) -> str:
    """The hash tag of one rating scope (an API key's id, or `-` on a server without keys):
    every key of its players, ladders and settled games is on one shard, so one script
    settles a game's ratings atomically."""
    return f"{{rt:{scope}}}"


def player(scope: str, player_id: str) -> str:
    """A hash of one player's ratings (a field per ladder) and last seat `name`."""
    return f"{ratings_scope(scope)}:p:{player_id}"


def player_secret(scope: str, player_id: str) -> str:
    """The SHA-256 of the secret that shows a person holds a player id (`core.player_secrets`)."""
    return f"{ratings_scope(scope)}:ps:{player_id}"


def player_games(scope: str, player_id: str) -> str:
    """A sorted set of the finished games a player played (score: the scope's settle count,
    member: the game's record for the player)."""
    return f"{ratings_scope(scope)}:pg:{player_id}"


def leaderboard(scope: str, ladder: str, provisional: bool = False) -> str:
    """A ladder's sorted set (every score 0, lexical order: `ratings.board_member`): its
    players with the games to be listed, or with `provisional` every player."""
    return f"{ratings_scope(scope)}:{'lbp' if provisional else 'lb'}:{ladder}"


def settled(scope: str) -> str:
    """A hash of the scope's settled games: game id -> each seat's rating before and after."""
    return f"{ratings_scope(scope)}:settled"


def flagged(scope: str) -> str:
    """A set of the scope's players the abuse watch flagged, as `<ladder> <player id>`."""
    return f"{ratings_scope(scope)}:flagged"


def settle_order(scope: str) -> str:
    """A sorted set of the scope's settled games by the order their ratings were applied."""
    return f"{ratings_scope(scope)}:order"


def ratings_due(shard: int) -> str:
    """One of the `SHARDS` sorted sets of finished games whose players are to be settled
    (ratings, history), with its own hash tag `{rd:<shard>}`."""
    return f"{{rd:{shard}}}:due"


def tournaments_due(shard: int) -> str:
    """One of the `SHARDS` sorted sets of finished tournament games whose tournament is to be
    told (it may move on: the round's results, the next round), with its own hash tag
    `{td:<shard>}`."""
    return f"{{td:{shard}}}:due"
