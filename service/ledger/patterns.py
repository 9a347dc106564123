"""Patterns the server checks in full, and the same patterns as the OpenAPI document states them.

msgspec (and Litestar's parameters, which it checks) searches a pattern, and Python's `$` also
matches before a final line break: `^[a-z]+$` takes `"ab\\n"`. So every pattern the server
checks ends in `\\Z` (the end of the text, nothing after it), and the document spells that end
`$`, which in ECMAScript, OpenAPI's dialect, already means the end of the text.
"""

from __future__ import annotations

from typing import Final

END: Final = r"\Z"
"""The end of the text, in Python's dialect (ECMAScript has no `\\Z`)."""


def full(pattern: str) -> str:
    """A pattern written `^...$` as the server checks it: ending at the end of the text."""
    if not (pattern.startswith("^") and pattern.endswith("$")):
        raise ValueError(f"{pattern!r} is not anchored at both ends")
    return pattern[:-1] + END


def published(pattern: str) -> str:
    """A pattern as the document states it: its closing `\\Z` spelled `$` (ECMAScript)."""
    return pattern[: -len(END)] + "$" if pattern.endswith(END) else pattern
