from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.log_page import LogPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/log".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LogPage | Problem | None:
    if response.status_code == 200:
        response_200 = LogPage.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[LogPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 50,
) -> Response[LogPage | Problem]:
    """The hash-chained log, redacted for the reader until the game is over

     A page of the log after `after`; hidden cards are redacted for the reader until the match ends, so
    every entry's hash still verifies once it is over.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after Default: 0.
        limit (int | Unset): entries per page: 1 to 200, default 50 Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 50,
) -> LogPage | Problem | None:
    """The hash-chained log, redacted for the reader until the game is over

     A page of the log after `after`; hidden cards are redacted for the reader until the match ends, so
    every entry's hash still verifies once it is over.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after Default: 0.
        limit (int | Unset): entries per page: 1 to 200, default 50 Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogPage | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 50,
) -> Response[LogPage | Problem]:
    """The hash-chained log, redacted for the reader until the game is over

     A page of the log after `after`; hidden cards are redacted for the reader until the match ends, so
    every entry's hash still verifies once it is over.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after Default: 0.
        limit (int | Unset): entries per page: 1 to 200, default 50 Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 50,
) -> LogPage | Problem | None:
    """The hash-chained log, redacted for the reader until the game is over

     A page of the log after `after`; hidden cards are redacted for the reader until the match ends, so
    every entry's hash still verifies once it is over.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after Default: 0.
        limit (int | Unset): entries per page: 1 to 200, default 50 Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogPage | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
