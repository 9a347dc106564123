"""An entrant of a duplicate tournament, by its token: where it plays now (`GET
/v1/tournaments/{id}/table`), its next table waited for on the tournament's events stream, and
`play`, which plays each of its tables in turn with a callback until the tournament ends."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from urllib.parse import quote

import httpx

from escopa_client.events import RETRY_SECONDS, Event, messages
from escopa_client.generated.api.tournaments import get_entrant_table, get_tournament
from escopa_client.generated.client import AuthenticatedClient
from escopa_client.generated.models import EntrantTable, EntrantTableStatus, TournamentView
from escopa_client.problems import ApiError, answer, problem_of
from escopa_client.table import Choose, Table

OnTable = Callable[[EntrantTable], None]
"""Told where the entrant is each time that changes: a table ready, its game over, a bye, the
tournament's end."""


class Entrant:
    """A tournament's entrant: the client carries its token (`Escopa.entrant`), the same token
    that plays each of its tables. `seen`: the last event of the tournament's stream read."""

    def __init__(self, client: AuthenticatedClient, tournament_id: str) -> None:
        self.client = client
        self.tournament_id = tournament_id
        self.seen = 0

    def where(self) -> EntrantTable:
        """Where the entrant plays now: its round, status (`playing`, `played`, `bye`,
        `finished`), game and seat, and its standing."""
        response = get_entrant_table.sync_detailed(self.tournament_id, client=self.client)
        return answer(response, EntrantTable)

    def tournament(self) -> TournamentView:
        """The tournament as anyone sees it: entrants, rounds, tables, standings."""
        response = get_tournament.sync_detailed(self.tournament_id, client=self.client)
        return answer(response, TournamentView)

    def table(self, where: EntrantTable) -> Table:
        """The entrant's seat at the game `where` names (its status `playing` or `played`)."""
        if not isinstance(where.game_id, str):
            raise ValueError(f"round {where.round_}: the entrant has no table ({where.status})")
        return Table(self.client, where.game_id)

    def wait(self, round_: int, read_timeout: float = 60.0) -> None:
        """Until a round after `round_` has started or the tournament is over, as its events
        stream tells (from the event after `seen`). A stream that ends or breaks first (a
        restart, too many streams: 503) returns after a pause: read `where` again."""
        http = self.client.get_httpx_client()
        url = f"/v1/tournaments/{quote(self.tournament_id, safe='')}/events"
        timeout = httpx.Timeout(http.timeout.connect, read=read_timeout)
        try:
            with http.stream("GET", url, params={"after": self.seen}, timeout=timeout) as sent:
                if sent.status_code == 200 and self._next_in(sent.iter_lines(), round_):
                    return
                if sent.status_code not in (200, 503):
                    body = sent.read()
                    raise ApiError(sent.status_code, problem_of(body), body)
        except httpx.TransportError:
            pass
        time.sleep(RETRY_SECONDS)

    def _next_in(self, lines: Iterator[str], round_: int) -> bool:
        """Whether the stream told a round after `round_` or the tournament's end."""
        for message in messages(lines):
            if message.id is None or not message.data:
                continue
            self.seen = int(message.id)
            if message.event == "tournament.finished":
                return True
            if message.event == "round.started" and json.loads(message.data[0])["round"] > round_:
                return True
        return False

    def play(
        self,
        choose: Choose,
        on_event: Callable[[Event], None] | None = None,
        on_table: OnTable | None = None,
    ) -> EntrantTable:
        """Play each of the entrant's tables in turn, as `Table.play` plays one (`choose` given
        the seat's view and legal moves; each game's entries to `on_event`), waiting between
        them for the next round; `on_table` is told each new place. Its final place."""
        told: tuple[EntrantTableStatus, int] | None = None
        while True:
            where = self.where()
            if on_table is not None and (where.status, where.round_) != told:
                on_table(where)
            told = (where.status, where.round_)
            if where.status == EntrantTableStatus.FINISHED:
                return where
            if where.status == EntrantTableStatus.PLAYING:
                self.table(where).play(choose, on_event)
            else:
                self.wait(where.round_)
