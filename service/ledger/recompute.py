"""Ratings recomputed from signed exports alone: each rated game audited (its outcome is the
replay's, not the document's word), rated with the same function the service applies
(`ratings.rated`), in the order the service applied them; the result is compared with the
service's ratings to the last bit, or the first game where they part is named."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service.ledger.audit import audit_entries
from service.ledger.chain import GameInfo
from service.ledger.ratings import FIRST, Rating, rated

Key = tuple[str, str, str]
"""A rating's place: scope, ladder, player id."""


@dataclass
class Recomputed:
    """The ratings rebuilt so far, each game's seats' ratings after it, and the first game
    that could not be rated (its id and why), if any."""

    ratings: dict[Key, Rating] = field(default_factory=dict)
    after: dict[str, tuple[Rating, ...]] = field(default_factory=dict)
    failed: tuple[str, str] | None = None


def recompute(documents: Iterable[Mapping[str, Any]]) -> Recomputed:
    """Rate the exports' rated games in the order given (the service's order)."""
    done = Recomputed()
    for document in documents:
        game_id = str(document.get("game_id"))
        entries = document.get("entries")
        report = audit_entries(entries if isinstance(entries, list) else [], game_id)
        if not report.ok or report.outcome is None:
            done.failed = (game_id, "its log does not audit, or the match is not over")
            return done
        info = msgspec.convert(entries[0]["game"], GameInfo)  # type: ignore[index]
        if not isinstance(info.rated, msgspec.Struct) or report.outcome.result == "aborted":
            continue
        scope, ladder = info.rated.scope, info.rated.ladder
        places = [(scope, ladder, player) for player in info.rated.players]
        before = [done.ratings.get(place, FIRST) for place in places]
        after = rated(info.rules, report.outcome, before)
        done.ratings.update(zip(places, after, strict=True))
        done.after[game_id] = tuple(after)
    return done


def first_difference(
    done: Recomputed, service: Mapping[Key, Rating], games: Mapping[str, tuple[Rating, ...]]
) -> str | None:
    """Where the recomputed ratings part from the service's: the first game whose seats'
    ratings after it differ, else the first player whose rating differs; None: equal."""
    if done.failed is not None:
        return f"game {done.failed[0]}: {done.failed[1]}"
    for game_id, after in done.after.items():
        if games.get(game_id) != after:
            return f"game {game_id}: the service rated it {games.get(game_id)}, recomputed {after}"
    for place in sorted(set(service) | set(done.ratings)):
        if service.get(place) != done.ratings.get(place):
            return f"player {place}: the service has {service.get(place)}, recomputed " + str(
                done.ratings.get(place)
            )
    return None
