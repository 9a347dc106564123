"""The signing keys' file: one private key per line (the first signs), readable by its owner only.

`escopa serve` with a private Redis makes one in its data folder on first start; a shared Redis
needs the keys given (`ESCOPA_SIGNING_KEY`, `ESCOPA_SIGNING_KEY_FILE`), the same in every process.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from service.ledger.signatures import KeyRing, new_private_text
from service.settings import Settings

KEY_FILE_NAME: Final = "signing-keys"
PRIVATE_MODE: Final = 0o600


def read_keys(path: Path) -> list[str]:
    """The keys of a key file, in order (blank lines and `#` comments skipped)."""
    lines = (line.strip() for line in path.read_text(encoding="ascii").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def ensure_key_file(folder: Path) -> Path:
    """The folder's key file, made with a fresh key (mode 0600) when there is none yet."""
    path = folder / KEY_FILE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    except FileExistsError:
        return path
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write("# Ed25519 signing keys of escopa, one a line: the first signs, all verify\n")
        file.write(new_private_text() + "\n")
    return path


def key_ring(settings: Settings) -> KeyRing:
    """The ring of `signing_keys`, then the keys of `signing_key_file`; none is an error."""
    texts = list(settings.keys.signing)
    if settings.keys.signing_file:
        path = Path(settings.keys.signing_file)
        try:
            texts += read_keys(path)
        except OSError as error:
            raise ValueError(f"cannot read the signing key file {path}: {error}") from None
    if not texts:
        raise ValueError(
            "no signing key: set ESCOPA_SIGNING_KEY or ESCOPA_SIGNING_KEY_FILE "
            "(`escopa keygen` makes one); every process over one Redis needs the same keys"
        )
    return KeyRing.of(texts)
