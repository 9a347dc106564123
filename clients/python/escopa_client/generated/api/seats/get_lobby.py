from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.lobby_page import LobbyPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_after: None | str | Unset
    if isinstance(after, Unset):
        json_after = UNSET
    else:
        json_after = after
    params["after"] = json_after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/lobby",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LobbyPage | Problem | None:
    if response.status_code == 200:
        response_200 = LobbyPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[LobbyPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[LobbyPage | Problem]:
    """Waiting games with open seats anyone may take, oldest first

     Games created with `lobby: true` while they wait; take a seat with `POST /v1/games/{game_id}/join`
    and `{"seat": N, "name": ...}`. Page on with `after`.

    Args:
        after (None | str | Unset): the `next_after` of the previous page (none: the oldest games)
        limit (int | Unset): games per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> LobbyPage | Problem | None:
    """Waiting games with open seats anyone may take, oldest first

     Games created with `lobby: true` while they wait; take a seat with `POST /v1/games/{game_id}/join`
    and `{"seat": N, "name": ...}`. Page on with `after`.

    Args:
        after (None | str | Unset): the `next_after` of the previous page (none: the oldest games)
        limit (int | Unset): games per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[LobbyPage | Problem]:
    """Waiting games with open seats anyone may take, oldest first

     Games created with `lobby: true` while they wait; take a seat with `POST /v1/games/{game_id}/join`
    and `{"seat": N, "name": ...}`. Page on with `after`.

    Args:
        after (None | str | Unset): the `next_after` of the previous page (none: the oldest games)
        limit (int | Unset): games per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> LobbyPage | Problem | None:
    """Waiting games with open seats anyone may take, oldest first

     Games created with `lobby: true` while they wait; take a seat with `POST /v1/games/{game_id}/join`
    and `{"seat": N, "name": ...}`. Page on with `after`.

    Args:
        after (None | str | Unset): the `next_after` of the previous page (none: the oldest games)
        limit (int | Unset): games per page: 1 to 100, default 20 Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
