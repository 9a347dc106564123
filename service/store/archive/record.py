"""What the archive keeps of a finished game, and the interface every archive store offers.

A game is archived as the columns its queries need (`Summary`) and one body
(`service.ledger.stored_game.Body`): the log's compact records, its head signed, its seats and
signals and its webhook deliveries as Redis held them; the body is stored compressed with
zstandard when that makes it smaller, against a dictionary of typical bodies (`zstd-1.dict`,
written by `bench/archive_dictionary.py`: the rules, field names and moves every match
repeats), which takes a 2-player match from about 2.2 KB to 1.5 KB.
"""

from __future__ import annotations

from importlib import resources
from typing import Final, Protocol

import msgspec
import zstandard

from service.ledger.stored_game import Body


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """The columns of an archived game that queries read: its preset, the players in seat
    order, the id of the API key that created it, when it was created and finished (ms since
    the epoch), how it ended and its tournament, if any."""

    game_id: str
    version: int
    preset: str
    players: tuple[str, ...]
    key: str | None = None
    created_ms: int
    finished_ms: int
    outcome: str
    tournament: str | None = None


class ArchivedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A finished game as archived: its query columns and its body."""

    summary: Summary
    body: Body


class Archive(Protocol):
    """An archive store: `put` is idempotent by game id (a later version replaces an earlier
    one, never the reverse), `history` lists games newest first."""

    async def put(self, game: ArchivedGame) -> bool:
        """Keep the game; False when the archive holds it at this version or a later one."""

    async def get(self, game_id: str) -> ArchivedGame | None:
        """The archived game, or None."""

    async def history(
        self,
        *,
        player: str | None = None,
        key: str | None = None,
        before: int | None = None,
        limit: int = 50,
    ) -> list[Summary]:
        """A player's or an API key's games (or every game) finished before `before` (ms),
        newest first, at most `limit`."""

    async def ids(self, after: str, limit: int) -> list[str]:
        """Archived game ids in order, after `after` ('' from the first): to walk them all."""

    async def count(self) -> int:
        """How many games the archive holds."""

    async def ping(self) -> None:
        """Return once the archive answers a trivial query (raise when it cannot)."""

    async def close(self) -> None:
        """Release the store's connections."""


RAW: Final = b"m"
ZSTD: Final = b"z"
DICTIONARY: Final = b"1"
"""The tag of a body compressed against dictionary 1 (frozen: a new dictionary, a new tag)."""
LEVEL: Final = 19
_content = resources.files(__package__).joinpath("zstd-1.dict").read_bytes()
_dictionary = zstandard.ZstdCompressionDict(_content, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
_body = msgspec.msgpack.Decoder(Body)
_encoder = msgspec.msgpack.Encoder()
_plain = zstandard.ZstdCompressor(level=LEVEL)
_against = zstandard.ZstdCompressor(level=LEVEL, dict_data=_dictionary)
_decompressors = {
    ZSTD: zstandard.ZstdDecompressor(),
    DICTIONARY: zstandard.ZstdDecompressor(dict_data=_dictionary),
}


def pack(body: Body) -> bytes:
    """The body as stored: MessagePack, zstandard-compressed (against the dictionary, or not)
    when that pays, behind one tag byte."""
    raw = _encoder.encode(body)
    forms = (RAW + raw, ZSTD + _plain.compress(raw), DICTIONARY + _against.compress(raw))
    return min(forms, key=len)


def unpack(data: bytes) -> Body:
    """A stored body read back."""
    tag, rest = data[:1], data[1:]
    if tag == RAW:
        return _body.decode(rest)
    if tag not in _decompressors:
        raise ValueError(f"an archived body with an unknown tag {tag!r}")
    return _body.decode(_decompressors[tag].decompress(rest))
