"""The service's address and credentials: one httpx client per identity, wrapped in the
generated client so that every generated operation takes it.

The service asks for the API key in an `X-API-Key` header (when it has keys) and for a seat's
token as `Authorization: Bearer <token>`. The generated operations whose security is optional
(creating a game, reading it, its log and its events) still ask for an `AuthenticatedClient`:
every client made here is one, carrying exactly the headers of its identity, and no more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import httpx

from escopa_client.entrant import Entrant, OnTable
from escopa_client.events import Event
from escopa_client.generated.api.games import create_game
from escopa_client.generated.api.players import register_player
from escopa_client.generated.api.seats import join_game
from escopa_client.generated.client import AuthenticatedClient
from escopa_client.generated.models import (
    CreatedGame,
    CreateGame,
    EntrantTable,
    JoinByInvite,
    Joined,
    RegisteredPlayer,
    RegisterPlayer,
)
from escopa_client.problems import answer
from escopa_client.table import Choose, Table

API_KEY_HEADER = "X-API-Key"


def headers(
    api_key: str | None = None, token: str | None = None, language: str | None = None
) -> dict[str, str]:
    """The headers of an identity: the API key, a seat's bearer token, both or none; and the
    language its problems' details are asked in."""
    sent = {API_KEY_HEADER: api_key} if api_key else {}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    if language:
        sent["Accept-Language"] = language
    return sent


class Escopa:
    """One Escopa service: its base URL and, when it asks for one, the API key.

    `client()` is a spectator's generated client, `client(token)` a seat's; both send the API
    key, and `language` (`pt-BR`, `es`, `it`) when given: the problems' details then speak it.
    Close it (or use it in a `with` block) to close their connections.
    """

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        timeout: float = 10.0,
        transport: httpx.BaseTransport | None = None,
        language: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.language = language
        self.timeout = timeout
        self.transport = transport
        self._clients: dict[str | None, AuthenticatedClient] = {}

    def client(self, token: str | None = None) -> AuthenticatedClient:
        """The generated client of a seat (its token) or of a spectator (None), made once."""
        made = self._clients.get(token)
        if made is None:
            http = httpx.Client(
                base_url=self.base_url,
                headers=headers(self.api_key, token, self.language),
                timeout=self.timeout,
                transport=self.transport,
            )
            # The token is sent by the httpx client itself: the generated one would add an
            # `Authorization` header even when there is none to send.
            made = AuthenticatedClient(base_url=self.base_url, token=token or "")
            made.set_httpx_client(http)
            self._clients[token] = made
        return made

    def create_game(self, game: CreateGame | Mapping[str, Any]) -> CreatedGame:
        """A new game (`{"players": [...], "preset": ...}` or a `CreateGame`): its id, the
        people's seat tokens (shown only now) and the first view."""
        body = game if isinstance(game, CreateGame) else CreateGame.from_dict(game)
        return answer(create_game.sync_detailed(client=self.client(), body=body), CreatedGame)

    def register_player(self, player_id: str) -> RegisteredPlayer:
        """Hold a player id on a server without API keys: its `player_secret`, shown only now.
        Every game, join or tournament that names the id then gives it beside the id."""
        body = RegisterPlayer(player_id=player_id)
        return answer(
            register_player.sync_detailed(client=self.client(), body=body), RegisteredPlayer
        )

    def join(self, game_id: str, invite: str, name: str) -> Joined:
        """Take an open seat with its invite, under `name`: the seat's token (shown only now,
        `.token`) and the view; `table(game_id, joined.token)` then plays it."""
        body = JoinByInvite(invite=invite, name=name)
        return answer(join_game.sync_detailed(game_id, client=self.client(), body=body), Joined)

    def table(self, game_id: str, token: str) -> Table:
        """The seat of that token at that game."""
        return Table(self.client(token), game_id)

    def entrant(self, tournament_id: str, token: str) -> Entrant:
        """The entrant of that token (from the tournament's creation) in that tournament."""
        return Entrant(self.client(token), tournament_id)

    def play_tournament(
        self,
        tournament_id: str,
        token: str,
        choose: Choose,
        on_event: Callable[[Event], None] | None = None,
        on_table: OnTable | None = None,
    ) -> EntrantTable:
        """Play each of the entrant's tables in turn with `choose` until the tournament ends
        (`Entrant.play`): its final place, rank and total."""
        return self.entrant(tournament_id, token).play(choose, on_event, on_table)

    def close(self) -> None:
        for made in self._clients.values():
            made.get_httpx_client().close()
        self._clients.clear()

    def __enter__(self) -> Escopa:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
