"""The tests' signing keys, and receipts and signatures checked independently of the service.

The keys are fixed so that a failure can be replayed; they sign nothing outside the tests.
Verification uses `cryptography` directly and the signed bytes as docs/audit.md defines them.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any, Final

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

SIGNING_KEY: Final = "PGukefzWL0EKkJAxnexULTB8XheS_oFXynRd1sDuo20"
"""The private key of every app the tests start (base64url of its 32 raw bytes)."""
OTHER_KEY: Final = "eGpivJuCCyhdZjHkqwMDV1Jeh6aadEOGIuy7VmrpG3g"
"""Another key: a forger's, or the key a ring rotates to."""
SIGNING_KEYS: Final = (SIGNING_KEY,)


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def private(text: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(unb64(text))


def raw_public(text: str) -> bytes:
    """The raw 32-byte public key of a private key given as text."""
    return private(text).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def public_text(text: str) -> str:
    return base64.urlsafe_b64encode(raw_public(text)).rstrip(b"=").decode()


def key_id(text: str) -> str:
    """A key's id as docs/audit.md defines it: 16 hex digits of the SHA-256 of the raw key."""
    return hashlib.sha256(raw_public(text)).hexdigest()[:16]


def published(*texts: str) -> dict[str, Any]:
    """The document GET /v1/keys publishes for these private keys."""
    keys = [{"id": key_id(t), "algorithm": "Ed25519", "public_key": public_text(t)} for t in texts]
    return {"keys": keys}


def signed_bytes(game_id: str, seq: int, head: str) -> bytes:
    """What a receipt of this head signs (and an `escopa-export-v2` export's signature)."""
    return f"escopa-receipt-v1:{game_id}:{seq}:{head}".encode("ascii")


def export_signed_bytes(game_id: str, seq: int, head: str) -> bytes:
    """What an export's signature signs: the whole game whose last entry is this head."""
    return f"escopa-export-v3:{game_id}:{seq}:{head}".encode("ascii")


def public_keys(*texts: str) -> dict[str, Ed25519PublicKey]:
    """The keys an in-process audit trusts (`service.ledger`'s `PublicKeys`), by key id."""
    return {key_id(t): private(t).public_key() for t in texts or SIGNING_KEYS}


def holds(keys: dict[str, Any], key: str, signature: str, message: bytes) -> bool:
    """Whether `signature` by the published key `key` holds for `message`."""
    by_id = {k["id"]: k["public_key"] for k in keys["keys"]}
    if key not in by_id:
        return False
    public = Ed25519PublicKey.from_public_bytes(unb64(by_id[key]))
    try:
        public.verify(unb64(signature), message)
    except Exception:
        return False
    return True


def sign(text: str, message: bytes) -> str:
    """A signature as a holder of the private key `text` would make it (a forger's own)."""
    return base64.urlsafe_b64encode(private(text).sign(message)).rstrip(b"=").decode()
