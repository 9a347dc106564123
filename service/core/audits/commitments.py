"""Provably fair seeds: commit to a server seed before a game exists, use the commitment once.

`POST /v1/commitments` draws a fresh 256-bit server seed, keeps it secret in Redis for
`Settings.ttl.commitment` seconds and answers its id and SHA-256. `POST /v1/games` may then
name the `commitment_id` and add a `client_seed`: the commitment is consumed (once, atomically),
the shuffle key is `server_seed:client_seed`, and the `created` log entry records the server
seed, the client seed, the commitment id and the commitment. The server seed is revealed with
the rest of the log when the game ends, and the audit checks it against the commitment.

A seed the creator chose (`seed`) alone decides the deal, so one short or patterned enough to
search is found from the public first deal: it is refused (`seeds.seed_weakness`), and a rated
game takes none (its creator would know every card). It is committed to
with a random 128-bit salt (`sha256(salt:seed)`), revealed with the seed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import msgspec

from engine.shuffle import commitment, key_text, new_server_seed
from service.core.games.messages import CreateGame
from service.errors import ServiceError
from service.ledger.seeds import MIN_SEED_LENGTH, seed_weakness
from service.store.commitment_store import CommitmentStore


class Commitment(msgspec.Struct, kw_only=True):
    """A commitment to a secret server seed: name `commitment_id` when creating the game."""

    commitment_id: str
    seed_commitment: str
    expires_in: int


@dataclass(frozen=True, slots=True)
class Seeds:
    """A new game's seeds: `seed` is the one logged and committed to, `key` the shuffle's."""

    seed: str
    client_seed: str | None = None
    commitment_id: str | None = None
    salt: str | None = None

    @property
    def key(self) -> str:
        """The shuffle key: the seed (never the salt), so a seed deals the same everywhere."""
        return key_text(self.seed, self.client_seed)

    @property
    def commitment(self) -> str:
        return commitment(self.seed, self.salt)


async def create_commitment(store: CommitmentStore, ttl_seconds: int) -> Commitment:
    """Draw and store a fresh server seed; answer its id and its SHA-256, never the seed."""
    seed = new_server_seed()
    commitment_id = secrets.token_hex(12)
    if not await store.create(commitment_id, seed, ttl_seconds * 1000):
        raise ServiceError("commitment/id_collision", 409, "try again")  # pragma: no cover
    return Commitment(
        commitment_id=commitment_id, seed_commitment=commitment(seed), expires_in=ttl_seconds
    )


def strong_seed(seed: str) -> str:
    """The chosen seed, if no search of the first deal can find it; else 422 saying why."""
    weakness = seed_weakness(seed)
    if weakness is None:
        return seed
    raise ServiceError(
        "request/weak_seed",
        422,
        "a chosen seed alone decides every card, and a short or patterned one is found from the "
        f"first deal: {weakness[0]}. Give at least {{needed}} characters of random text (such as "
        "32 random hex digits), leave `seed` out for a server seed, or use a commitment with a "
        "`client_seed`",
        field="seed",
        needed=MIN_SEED_LENGTH,
        **weakness[1],
    )


def no_lone_client_seed(client_seed: str | None) -> None:
    """A client seed goes with a commitment: refused alone (422)."""
    if client_seed is not None:
        raise ServiceError(
            "request/client_seed_without_commitment",
            422,
            "a `client_seed` goes with a `commitment_id` from POST /v1/commitments",
            field="client_seed",
        )


async def committed_seeds(
    store: CommitmentStore, commitment_id: str, client_seed: str | None, used_by: str
) -> Seeds:
    """The seeds of a commitment, consumed once by `used_by` (a game or a tournament)."""
    found = await store.consume(commitment_id, used_by)
    if found.outcome == "used":
        raise ServiceError(
            "commitment/used",
            409,
            "commitment {commitment_id} was already used by a game; ask for a new one",
            commitment_id=commitment_id,
        )
    if found.outcome == "missing":
        raise ServiceError(
            "commitment/not_found",
            404,
            "no commitment '{commitment_id}' (never made, or expired)",
            commitment_id=commitment_id,
        )
    return Seeds(found.seed, client_seed, commitment_id)


async def seeds_for(store: CommitmentStore, request: CreateGame, game_id: str) -> Seeds:
    """The seeds of a game being created: given, drawn now, or taken from a commitment."""
    if request.rated and request.seed is not None:
        raise ServiceError(
            "rating/chosen_seed",
            422,
            "a rated game is never dealt from a chosen seed: its creator would know every "
            "card. Leave `seed` out for a server seed, or use a commitment with a `client_seed`",
            field="seed",
        )
    if request.commitment_id is None:
        no_lone_client_seed(request.client_seed)
        if request.seed is None:
            return Seeds(new_server_seed())  # 256 random bits: nothing to guess
        return Seeds(strong_seed(request.seed), salt=secrets.token_hex(16))
    if request.seed is not None:
        raise ServiceError(
            "request/ambiguous_seed",
            422,
            "give either a `seed` or a `commitment_id`, not both",
            field="seed",
        )
    return await committed_seeds(store, request.commitment_id, request.client_seed, game_id)
