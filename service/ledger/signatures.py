"""The service's Ed25519 signatures over a game's head: receipts, signed exports, published keys.

A chain that verifies proves only that it is internally consistent: anyone holding a finished
game's revealed seed can build another consistent game. The service therefore signs the head
it accepted, `escopa-receipt-v1:{game_id}:{seq}:{hash}` (ASCII), and a finished game's export,
`escopa-export-v3:{game_id}:{seq}:{hash}` of its last entry, with the first key of its ring;
every key of the ring verifies. The two contexts differ, so a receipt (one head acknowledged)
never stands for a whole game. A key's id is the first 16 hex digits of the SHA-256 of
its raw 32-byte public key; keys and signatures travel as unpadded base64url. Pure: no I/O.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, Literal

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

from service.ledger.patterns import full

ALGORITHM: Final = "Ed25519"
RECEIPT_CONTEXT: Final = "escopa-receipt-v1"
EXPORT_CONTEXT: Final = "escopa-export-v3"
KEY_BYTES: Final = 32
DERIVE_CONTEXT: Final = b"escopa-derived-secret-v1:"
_HEX_KEY: Final = re.compile(full("^[0-9a-fA-F]{64}$"))
_B64_KEY: Final = re.compile(full("^[A-Za-z0-9_-]{43}=?$"))

PublicKeys = Mapping[str, Ed25519PublicKey]
"""Public keys by id: the keys an audit trusts."""


class PublicKey(msgspec.Struct, frozen=True, kw_only=True):
    """A key the service signs or signed with: its id and the raw public key, base64url."""

    id: str
    algorithm: Literal["Ed25519"] = ALGORITHM
    public_key: str


class KeyList(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/keys`: every key that verifies the service's signatures; the first signs now."""

    keys: list[PublicKey]


class HeadSignature(msgspec.Struct, frozen=True, kw_only=True):
    """The service's signature of a game's head: which key, and the 64 bytes, base64url."""

    key_id: str
    signature: str


class Receipt(msgspec.Struct, frozen=True, kw_only=True):
    """What the service accepted: the game's new head (`seq`, `hash`), signed.

    The signed bytes are `escopa-receipt-v1:{game_id}:{seq}:{hash}`; keep the last receipt to
    prove later which head the service acknowledged.
    """

    game_id: str
    seq: int
    hash: str
    key_id: str
    signature: str


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    """Unpadded (or padded) base64url; raises ValueError on anything else."""
    if not re.fullmatch("[A-Za-z0-9_-]*={0,2}", text):
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except binascii.Error as error:
        raise ValueError(f"not base64url: {error}") from None


def key_bytes(text: str) -> bytes:
    """A 32-byte key written as 43 base64url characters or 64 hex digits."""
    text = text.strip()
    if _HEX_KEY.match(text):
        return bytes.fromhex(text)
    if _B64_KEY.match(text):
        return unb64(text)
    raise ValueError("a key is 43 base64url characters or 64 hex digits (32 bytes)")


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def key_id(key: Ed25519PublicKey) -> str:
    """The key's id: the first 16 hex digits of the SHA-256 of its raw public key."""
    return hashlib.sha256(raw_public(key)).hexdigest()[:16]


def private_text(key: Ed25519PrivateKey) -> str:
    """A private key as `ESCOPA_SIGNING_KEY` takes it: its raw 32 bytes, base64url."""
    return b64(key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))


def new_private_text() -> str:
    return private_text(Ed25519PrivateKey.generate())


def receipt_message(game_id: str, seq: int, head: str) -> bytes:
    """The bytes a receipt signs (and an `escopa-export-v2` export's signature signed)."""
    return f"{RECEIPT_CONTEXT}:{game_id}:{seq}:{head}".encode("ascii")


def export_message(game_id: str, seq: int, head: str) -> bytes:
    """The bytes an export's signature signs: the whole finished game, never one head."""
    return f"{EXPORT_CONTEXT}:{game_id}:{seq}:{head}".encode("ascii")


Message = Callable[[str, int, str], bytes]
"""What a signature of a head signs: `receipt_message` or `export_message`."""


class KeyRing:
    """The service's private keys, in order: the first signs, every one verifies."""

    def __init__(self, keys: Sequence[Ed25519PrivateKey]) -> None:
        if not keys:
            raise ValueError("a key ring needs at least one key")
        self.signer = keys[0]
        self.signer_id = key_id(keys[0].public_key())
        self.public = {key_id(k.public_key()): k.public_key() for k in keys}
        self._secrets = [
            hashlib.sha256(
                DERIVE_CONTEXT + k.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
            ).digest()
            for k in keys
        ]

    @classmethod
    def of(cls, texts: Iterable[str]) -> KeyRing:
        """The ring of private keys written as `ESCOPA_SIGNING_KEY` takes them."""
        keys = []
        for at, text in enumerate(texts, 1):
            try:
                keys.append(Ed25519PrivateKey.from_private_bytes(key_bytes(text)))
            except ValueError as error:
                raise ValueError(f"signing key {at}: {error}") from None
        return cls(keys)

    def sign(self, message: bytes) -> HeadSignature:
        return HeadSignature(key_id=self.signer_id, signature=b64(self.signer.sign(message)))

    def sign_export(self, game_id: str, seq: int, head: str) -> HeadSignature:
        """The signature of a finished game's export, whose last entry is this head."""
        return self.sign(export_message(game_id, seq, head))

    def receipt(self, game_id: str, seq: int, head: str) -> Receipt:
        signed = self.sign(receipt_message(game_id, seq, head))
        return Receipt(
            game_id=game_id, seq=seq, hash=head, key_id=signed.key_id, signature=signed.signature
        )

    def derived(self, purpose: str) -> list[str]:
        """Secrets only this service can make again (invites, a rematch's tokens): HMAC-SHA256
        of `purpose` under each key of the ring, base64url, the first key's first. They are
        never stored: only their hashes are, and a rotated ring still finds the older ones."""
        return [b64(hmac.new(s, purpose.encode(), hashlib.sha256).digest()) for s in self._secrets]

    def published(self) -> KeyList:
        keys = [PublicKey(id=i, public_key=b64(raw_public(k))) for i, k in self.public.items()]
        return KeyList(keys=keys)


def signature_fault(
    keys: PublicKeys,
    signed: HeadSignature,
    game_id: str,
    seq: int,
    head: str,
    message: Message = export_message,
) -> str | None:
    """Why `signed` is not the service's signature of this head (as `message` makes its
    bytes: by default an export's), or None when it is."""
    key = keys.get(signed.key_id)
    if key is None:
        known = ", ".join(sorted(keys)) or "none"
        return f"signed by key {signed.key_id!r}, which is not a key given (known: {known})"
    try:
        key.verify(unb64(signed.signature), message(game_id, seq, head))
    except (InvalidSignature, ValueError):
        return (
            f"the signature of key {signed.key_id} does not hold for game {game_id}'s head "
            f"(seq {seq}, hash {head}): the chain is not the one the service signed"
        )
    return None


def public_keys(document: object) -> dict[str, Ed25519PublicKey]:
    """Public keys from what `GET /v1/keys` publishes (the whole document, its `keys` list or
    one of its keys) or a bare public key text; raises ValueError naming what is wrong."""
    if isinstance(document, str):
        key = Ed25519PublicKey.from_public_bytes(key_bytes(document))
        return {key_id(key): key}
    if isinstance(document, dict) and "keys" in document:
        document = document["keys"]
    items = document if isinstance(document, list) else [document]
    found: dict[str, Ed25519PublicKey] = {}
    for item in items:
        try:
            given = msgspec.convert(item, PublicKey)
        except msgspec.ValidationError as error:
            raise ValueError(f"not a published key: {error}") from None
        key = Ed25519PublicKey.from_public_bytes(key_bytes(given.public_key))
        if key_id(key) != given.id:
            raise ValueError(f"key {given.id!r}: the id is not that of its public key")
        found[given.id] = key
    return found
