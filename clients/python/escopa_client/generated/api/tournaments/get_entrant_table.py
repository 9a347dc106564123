from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.entrant_table import EntrantTable
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/table".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EntrantTable | Problem | None:
    if response.status_code == 200:
        response_200 = EntrantTable.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[EntrantTable | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[EntrantTable | Problem]:
    """Where an entrant plays now: its round, game and seat, and its standing

     With an entrant's token (`Authorization: Bearer <token>`, from the tournament's creation): its
    current round, its table's `game_id` and `seat` (the same token plays it), whether the game waits
    for it, and its rank. Read it again after each `round.started` event of the tournament's stream (or
    every few seconds): a round opens when every game of the one before has ended.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EntrantTable | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> EntrantTable | Problem | None:
    """Where an entrant plays now: its round, game and seat, and its standing

     With an entrant's token (`Authorization: Bearer <token>`, from the tournament's creation): its
    current round, its table's `game_id` and `seat` (the same token plays it), whether the game waits
    for it, and its rank. Read it again after each `round.started` event of the tournament's stream (or
    every few seconds): a round opens when every game of the one before has ended.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EntrantTable | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[EntrantTable | Problem]:
    """Where an entrant plays now: its round, game and seat, and its standing

     With an entrant's token (`Authorization: Bearer <token>`, from the tournament's creation): its
    current round, its table's `game_id` and `seat` (the same token plays it), whether the game waits
    for it, and its rank. Read it again after each `round.started` event of the tournament's stream (or
    every few seconds): a round opens when every game of the one before has ended.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EntrantTable | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> EntrantTable | Problem | None:
    """Where an entrant plays now: its round, game and seat, and its standing

     With an entrant's token (`Authorization: Bearer <token>`, from the tournament's creation): its
    current round, its table's `game_id` and `seat` (the same token plays it), whether the game waits
    for it, and its rank. Read it again after each `round.started` event of the tournament's stream (or
    every few seconds): a round opens when every game of the one before has ended.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EntrantTable | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
