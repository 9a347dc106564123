from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_tournament import CreateTournament
from ...models.created_tournament import CreatedTournament
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateTournament,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedTournament | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedTournament.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreatedTournament | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTournament,
) -> Response[CreatedTournament | Problem]:
    """Create a duplicate tournament of 2-player tables and open its first round

     Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` (1-10) boards
    each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an odd count), within the server's
    bounds. Every table of a round plays the same boards, one game a table, scored in IMPs against the
    other tables (plainly with 2 or 3 entrants); a round's games are sealed to all but their seats until
    it ends. Every game it will open counts against the creation limit now (429 when they do not fit). A
    person's `token`, shown only here, is its seat token in every game of the tournament (`GET
    /v1/tournaments/{id}/table` says where it plays). Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the tournament's events, signed with the secret
    answered once, as a game's. See docs/tournaments.md.

    Args:
        body (CreateTournament): A duplicate tournament of 2-player tables: its entrants in order,
            `rounds` of `boards`
            boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
            default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
            `webhook` is POSTed its events (else the one the API key names, if any).

            `rated`: each table (a pairing's two games) is one rated match on the ladder
            `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
            a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedTournament | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateTournament,
) -> CreatedTournament | Problem | None:
    """Create a duplicate tournament of 2-player tables and open its first round

     Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` (1-10) boards
    each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an odd count), within the server's
    bounds. Every table of a round plays the same boards, one game a table, scored in IMPs against the
    other tables (plainly with 2 or 3 entrants); a round's games are sealed to all but their seats until
    it ends. Every game it will open counts against the creation limit now (429 when they do not fit). A
    person's `token`, shown only here, is its seat token in every game of the tournament (`GET
    /v1/tournaments/{id}/table` says where it plays). Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the tournament's events, signed with the secret
    answered once, as a game's. See docs/tournaments.md.

    Args:
        body (CreateTournament): A duplicate tournament of 2-player tables: its entrants in order,
            `rounds` of `boards`
            boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
            default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
            `webhook` is POSTed its events (else the one the API key names, if any).

            `rated`: each table (a pairing's two games) is one rated match on the ladder
            `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
            a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedTournament | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTournament,
) -> Response[CreatedTournament | Problem]:
    """Create a duplicate tournament of 2-player tables and open its first round

     Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` (1-10) boards
    each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an odd count), within the server's
    bounds. Every table of a round plays the same boards, one game a table, scored in IMPs against the
    other tables (plainly with 2 or 3 entrants); a round's games are sealed to all but their seats until
    it ends. Every game it will open counts against the creation limit now (429 when they do not fit). A
    person's `token`, shown only here, is its seat token in every game of the tournament (`GET
    /v1/tournaments/{id}/table` says where it plays). Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the tournament's events, signed with the secret
    answered once, as a game's. See docs/tournaments.md.

    Args:
        body (CreateTournament): A duplicate tournament of 2-player tables: its entrants in order,
            `rounds` of `boards`
            boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
            default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
            `webhook` is POSTed its events (else the one the API key names, if any).

            `rated`: each table (a pairing's two games) is one rated match on the ladder
            `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
            a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedTournament | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateTournament,
) -> CreatedTournament | Problem | None:
    """Create a duplicate tournament of 2-player tables and open its first round

     Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` (1-10) boards
    each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an odd count), within the server's
    bounds. Every table of a round plays the same boards, one game a table, scored in IMPs against the
    other tables (plainly with 2 or 3 entrants); a round's games are sealed to all but their seats until
    it ends. Every game it will open counts against the creation limit now (429 when they do not fit). A
    person's `token`, shown only here, is its seat token in every game of the tournament (`GET
    /v1/tournaments/{id}/table` says where it plays). Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the tournament's events, signed with the secret
    answered once, as a game's. See docs/tournaments.md.

    Args:
        body (CreateTournament): A duplicate tournament of 2-player tables: its entrants in order,
            `rounds` of `boards`
            boards each, paired `swiss` or `round_robin`; `clock` for its games (needed with people: a
            default one when left out). A `commitment_id` (with a `client_seed`) fixes its seed; a
            `webhook` is POSTed its events (else the one the API key names, if any).

            `rated`: each table (a pairing's two games) is one rated match on the ladder
            `<preset>-2p`, won by the entrant with the positive duplicate result; every person needs
            a `player_id`, bots are rated as `bot:<level>`, and no two entrants are one player.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedTournament | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
