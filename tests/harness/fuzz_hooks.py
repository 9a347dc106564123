"""Schemathesis hooks: generated integers are written as integers.

JSON Schema counts `7.0` as an integer; the API does not (a client sending it means something
else than 7, so it is refused like any non-integer). Both fuzzing runs load this module.
"""

from __future__ import annotations

from typing import Any

import schemathesis


def integers(value: Any) -> Any:
    """The value with every integral float written as the integer it is."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [integers(item) for item in value]
    if isinstance(value, dict):
        return {key: integers(item) for key, item in value.items()}
    return value


@schemathesis.hook
def map_body(context: Any, body: Any) -> Any:
    return integers(body)
