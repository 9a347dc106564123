from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.commitment import Commitment
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/commitments",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Commitment | Problem | None:
    if response.status_code == 201:
        response_201 = Commitment.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Commitment | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Commitment | Problem]:
    """Commit to a fresh secret server seed before a game exists (used once)

     The SHA-256 commitment of a new secret server seed; name its `commitment_id` in `POST /v1/games`
    (with your `client_seed`) and the seed is revealed when the game ends. Needs an API key when the
    server has keys.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Commitment | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Commitment | Problem | None:
    """Commit to a fresh secret server seed before a game exists (used once)

     The SHA-256 commitment of a new secret server seed; name its `commitment_id` in `POST /v1/games`
    (with your `client_seed`) and the seed is revealed when the game ends. Needs an API key when the
    server has keys.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Commitment | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Commitment | Problem]:
    """Commit to a fresh secret server seed before a game exists (used once)

     The SHA-256 commitment of a new secret server seed; name its `commitment_id` in `POST /v1/games`
    (with your `client_seed`) and the seed is revealed when the game ends. Needs an API key when the
    server has keys.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Commitment | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Commitment | Problem | None:
    """Commit to a fresh secret server seed before a game exists (used once)

     The SHA-256 commitment of a new secret server seed; name its `commitment_id` in `POST /v1/games`
    (with your `client_seed`) and the seed is revealed when the game ends. Needs an API key when the
    server has keys.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Commitment | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
