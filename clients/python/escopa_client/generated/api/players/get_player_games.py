from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_games import PlayerGames
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}/games".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerGames | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerGames.from_dict(response.json())

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
) -> Response[PlayerGames | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Response[PlayerGames | Problem]:
    """A player's finished games, newest first

     Each game's id, ladder, whether it was rated, the outcome for the player and its `rating_change`
    (ordinal after less before); a rated tournament's table is one match, its settlement id as `game_id`
    with its `tournament_id` and two `game_ids`. Page on with `after`.

    Args:
        player_id (str): the player's id (`u-17`)
        after (int | Unset): the `next_after` of the previous page (0: the newest) Default: 0.
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGames | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> PlayerGames | Problem | None:
    """A player's finished games, newest first

     Each game's id, ladder, whether it was rated, the outcome for the player and its `rating_change`
    (ordinal after less before); a rated tournament's table is one match, its settlement id as `game_id`
    with its `tournament_id` and two `game_ids`. Page on with `after`.

    Args:
        player_id (str): the player's id (`u-17`)
        after (int | Unset): the `next_after` of the previous page (0: the newest) Default: 0.
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGames | Problem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Response[PlayerGames | Problem]:
    """A player's finished games, newest first

     Each game's id, ladder, whether it was rated, the outcome for the player and its `rating_change`
    (ordinal after less before); a rated tournament's table is one match, its settlement id as `game_id`
    with its `tournament_id` and two `game_ids`. Page on with `after`.

    Args:
        player_id (str): the player's id (`u-17`)
        after (int | Unset): the `next_after` of the previous page (0: the newest) Default: 0.
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGames | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> PlayerGames | Problem | None:
    """A player's finished games, newest first

     Each game's id, ladder, whether it was rated, the outcome for the player and its `rating_change`
    (ordinal after less before); a rated tournament's table is one match, its settlement id as `game_id`
    with its `tournament_id` and two `game_ids`. Page on with `after`.

    Args:
        player_id (str): the player's id (`u-17`)
        after (int | Unset): the `next_after` of the previous page (0: the newest) Default: 0.
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGames | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
