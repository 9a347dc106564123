"""`escopa play` and `escopa bot` run on the Python client, the `escopa-client` package, which
the service declares as its `client` extra: without it they say what to install."""

from __future__ import annotations

import sys
from typing import Final

CLIENT: Final = "escopa_client"
INSTALL: Final = (
    "pip install 'escopa[client]' (in a clone: pip install '.[client]' ./clients/python)"
)
"""What installs the client beside the service: the extra, or the clone's two packages."""


def without_client(command: str, error: ModuleNotFoundError) -> int:
    """Say that `command` needs the client and how to install it; 2. Any other missing module
    is a broken install, not a missing extra: it is raised as it is."""
    if (error.name or "").partition(".")[0] != CLIENT:
        raise error
    print(f"{command} needs the Python client (escopa-client): {INSTALL}", file=sys.stderr)
    return 2
