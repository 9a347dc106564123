from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.replay_request import ReplayRequest
from ...models.replay_result import ReplayResult
from ...types import Response


def _get_kwargs(
    *,
    body: ReplayRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/replays",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReplayResult | None:
    if response.status_code == 200:
        response_200 = ReplayResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Problem | ReplayResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ReplayRequest,
) -> Response[Problem | ReplayResult]:
    """Replay moves from rules and a seed, without storage: each step's state hash

     Stateless: the rules and seed as `POST /v1/games` takes them, then the moves in order; each step's
    state hash, the final status, score and view. Needs an API key when the server has keys. CPU work:
    its moves count against a limit of their own (`ESCOPA_REPLAY_RATE_LIMIT`, moves per client per
    minute).

    Args:
        body (ReplayRequest): A game to replay: the rules as `POST /v1/games` takes them, the
            seed, and the moves.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplayResult]
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
    body: ReplayRequest,
) -> Problem | ReplayResult | None:
    """Replay moves from rules and a seed, without storage: each step's state hash

     Stateless: the rules and seed as `POST /v1/games` takes them, then the moves in order; each step's
    state hash, the final status, score and view. Needs an API key when the server has keys. CPU work:
    its moves count against a limit of their own (`ESCOPA_REPLAY_RATE_LIMIT`, moves per client per
    minute).

    Args:
        body (ReplayRequest): A game to replay: the rules as `POST /v1/games` takes them, the
            seed, and the moves.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplayResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ReplayRequest,
) -> Response[Problem | ReplayResult]:
    """Replay moves from rules and a seed, without storage: each step's state hash

     Stateless: the rules and seed as `POST /v1/games` takes them, then the moves in order; each step's
    state hash, the final status, score and view. Needs an API key when the server has keys. CPU work:
    its moves count against a limit of their own (`ESCOPA_REPLAY_RATE_LIMIT`, moves per client per
    minute).

    Args:
        body (ReplayRequest): A game to replay: the rules as `POST /v1/games` takes them, the
            seed, and the moves.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplayResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ReplayRequest,
) -> Problem | ReplayResult | None:
    """Replay moves from rules and a seed, without storage: each step's state hash

     Stateless: the rules and seed as `POST /v1/games` takes them, then the moves in order; each step's
    state hash, the final status, score and view. Needs an API key when the server has keys. CPU work:
    its moves count against a limit of their own (`ESCOPA_REPLAY_RATE_LIMIT`, moves per client per
    minute).

    Args:
        body (ReplayRequest): A game to replay: the rules as `POST /v1/games` takes them, the
            seed, and the moves.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplayResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
