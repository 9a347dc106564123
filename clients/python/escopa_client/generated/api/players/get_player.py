from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_ratings import PlayerRatings
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    player_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerRatings | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerRatings.from_dict(response.json())

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
) -> Response[PlayerRatings | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[PlayerRatings | Problem]:
    """A player's ratings, one per ladder

     In the API key's scope (two keys' `u-17` are two players): each ladder's `mu`, `sigma`, `ordinal`
    (mu - 3 sigma), rated `games` and `wins`. 404 for a player never seen.

    Args:
        player_id (str): the player's id (`u-17`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRatings | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> PlayerRatings | Problem | None:
    """A player's ratings, one per ladder

     In the API key's scope (two keys' `u-17` are two players): each ladder's `mu`, `sigma`, `ordinal`
    (mu - 3 sigma), rated `games` and `wins`. 404 for a player never seen.

    Args:
        player_id (str): the player's id (`u-17`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRatings | Problem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[PlayerRatings | Problem]:
    """A player's ratings, one per ladder

     In the API key's scope (two keys' `u-17` are two players): each ladder's `mu`, `sigma`, `ordinal`
    (mu - 3 sigma), rated `games` and `wins`. 404 for a player never seen.

    Args:
        player_id (str): the player's id (`u-17`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRatings | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> PlayerRatings | Problem | None:
    """A player's ratings, one per ladder

     In the API key's scope (two keys' `u-17` are two players): each ladder's `mu`, `sigma`, `ordinal`
    (mu - 3 sigma), rated `games` and `wins`. 404 for a player never seen.

    Args:
        player_id (str): the player's id (`u-17`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRatings | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
