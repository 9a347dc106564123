from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.register_player import RegisterPlayer
from ...models.registered_player import RegisteredPlayer
from ...types import Response


def _get_kwargs(
    *,
    body: RegisterPlayer,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RegisteredPlayer | None:
    if response.status_code == 201:
        response_201 = RegisteredPlayer.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | RegisteredPlayer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterPlayer,
) -> Response[Problem | RegisteredPlayer]:
    """Hold a player id: its secret, shown once

     On a server without API keys, a game, join or tournament names a player id only with its
    `player_secret`, so nobody moves the rating of an id it does not hold. The secret is shown this once
    and kept only as a hash. 409 `player/taken` for an id held already, `player/history` for one with a
    history from before player secrets (its player asks the operator). On a server with API keys, each
    key vouches for its ids: 422 `player/secret_not_used`.

    Args:
        body (RegisterPlayer): A player id to hold, on a server without API keys (with keys, each
            key vouches for the
            ids it names).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisteredPlayer]
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
    client: AuthenticatedClient | Client,
    body: RegisterPlayer,
) -> Problem | RegisteredPlayer | None:
    """Hold a player id: its secret, shown once

     On a server without API keys, a game, join or tournament names a player id only with its
    `player_secret`, so nobody moves the rating of an id it does not hold. The secret is shown this once
    and kept only as a hash. 409 `player/taken` for an id held already, `player/history` for one with a
    history from before player secrets (its player asks the operator). On a server with API keys, each
    key vouches for its ids: 422 `player/secret_not_used`.

    Args:
        body (RegisterPlayer): A player id to hold, on a server without API keys (with keys, each
            key vouches for the
            ids it names).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisteredPlayer
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterPlayer,
) -> Response[Problem | RegisteredPlayer]:
    """Hold a player id: its secret, shown once

     On a server without API keys, a game, join or tournament names a player id only with its
    `player_secret`, so nobody moves the rating of an id it does not hold. The secret is shown this once
    and kept only as a hash. 409 `player/taken` for an id held already, `player/history` for one with a
    history from before player secrets (its player asks the operator). On a server with API keys, each
    key vouches for its ids: 422 `player/secret_not_used`.

    Args:
        body (RegisterPlayer): A player id to hold, on a server without API keys (with keys, each
            key vouches for the
            ids it names).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisteredPlayer]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterPlayer,
) -> Problem | RegisteredPlayer | None:
    """Hold a player id: its secret, shown once

     On a server without API keys, a game, join or tournament names a player id only with its
    `player_secret`, so nobody moves the rating of an id it does not hold. The secret is shown this once
    and kept only as a hash. 409 `player/taken` for an id held already, `player/history` for one with a
    history from before player secrets (its player asks the operator). On a server with API keys, each
    key vouches for its ids: 422 `player/secret_not_used`.

    Args:
        body (RegisterPlayer): A player id to hold, on a server without API keys (with keys, each
            key vouches for the
            ids it names).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisteredPlayer
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
