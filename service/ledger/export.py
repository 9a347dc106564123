"""The export of a finished game: one self-contained JSON document that `escopa audit` checks.

`{"format": "escopa-export-v3", "game_id": ..., "entries": [...], "signature": {...}}`: every
entry of the game's log, unredacted, exactly as the log stores them, and the service's signature
of the whole game, `escopa-export-v3:{game_id}:{seq}:{hash}` of its last entry
(`service.ledger.signatures`). Older documents still read: `escopa-export-v2`, whose signature
is the receipt of the last head (`escopa-receipt-v1:...`), and `escopa-export-v1`, from before
exports were signed. The first entry (`type: "created"`) holds the rules, the players in seat
order, the revealed seed, its `seed_commitment` and, for a game created from a commitment, the
`client_seed` and `commitment_id`. Nothing else is needed to verify the game: see
`docs/audit.md`. A rated game's export also says each seat's rating before and after.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec
from msgspec import UNSET, UnsetType

from service.ledger.chain import LogEntry
from service.ledger.ratings import RatingChange
from service.ledger.signatures import HeadSignature

EXPORT_FORMAT: Final = "escopa-export-v3"
RECEIPT_SIGNED_FORMAT: Final = "escopa-export-v2"
"""Exports signed before v3: the signature is the receipt of the last head."""
UNSIGNED_FORMAT: Final = "escopa-export-v1"
ExportFormat = Literal["escopa-export-v1", "escopa-export-v2", "escopa-export-v3"]
EXPORT_FORMATS: Final = frozenset({UNSIGNED_FORMAT, RECEIPT_SIGNED_FORMAT, EXPORT_FORMAT})


class Export(msgspec.Struct, frozen=True, kw_only=True):
    """A finished game's whole log as one document; `entries[0]` is the `created` entry.

    `signature` signs `escopa-export-v3:{game_id}:{seq}:{hash}` of the last entry (a v2
    document's, `escopa-receipt-v1:...`); the service always writes it (a v1 one lacks it)."""

    format: ExportFormat = EXPORT_FORMAT
    game_id: str
    entries: list[LogEntry]
    signature: HeadSignature | None = None
    ratings: list[RatingChange] | UnsetType = UNSET
    """A rated game's seats' ratings before and after, once settled. Not signed: `escopa
    ratings --recompute` proves them from the entries."""


def read_document(data: bytes) -> Any:
    """A file's JSON value; `ValueError` saying why when it is not JSON (nested too deeply too)."""
    try:
        return msgspec.json.decode(data)
    except RecursionError:
        raise ValueError("not a JSON document: nested too deeply") from None
    except msgspec.DecodeError as error:
        raise ValueError(f"not a JSON document: {error}") from None
