from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import File, Response


def _get_kwargs(
    tournament_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/export/lines".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> File | Problem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[File | Problem]:
    """A finished tournament as signed JSON Lines, each game its moves only (`escopa audit FILE` checks it)

     Public, once the tournament is over (409 before): `escopa-tournament-v3`, streamed as a file
    (`<id>.jsonl`). Its first line holds the tournament with its seed (not its rounds); then each round:
    a line with its tables (and a rated tournament's ratings of them), then a line a game in table order
    (each game's moves, salts and times, and its signature: the audit replays the rest); last the
    service's signature of every line before it.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
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
    client: AuthenticatedClient | Client,
) -> File | Problem | None:
    """A finished tournament as signed JSON Lines, each game its moves only (`escopa audit FILE` checks it)

     Public, once the tournament is over (409 before): `escopa-tournament-v3`, streamed as a file
    (`<id>.jsonl`). Its first line holds the tournament with its seed (not its rounds); then each round:
    a line with its tables (and a rated tournament's ratings of them), then a line a game in table order
    (each game's moves, salts and times, and its signature: the audit replays the rest); last the
    service's signature of every line before it.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[File | Problem]:
    """A finished tournament as signed JSON Lines, each game its moves only (`escopa audit FILE` checks it)

     Public, once the tournament is over (409 before): `escopa-tournament-v3`, streamed as a file
    (`<id>.jsonl`). Its first line holds the tournament with its seed (not its rounds); then each round:
    a line with its tables (and a rated tournament's ratings of them), then a line a game in table order
    (each game's moves, salts and times, and its signature: the audit replays the rest); last the
    service's signature of every line before it.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> File | Problem | None:
    """A finished tournament as signed JSON Lines, each game its moves only (`escopa audit FILE` checks it)

     Public, once the tournament is over (409 before): `escopa-tournament-v3`, streamed as a file
    (`<id>.jsonl`). Its first line holds the tournament with its seed (not its rounds); then each round:
    a line with its tables (and a rated tournament's ratings of them), then a line a game in table order
    (each game's moves, salts and times, and its signature: the audit replays the rest); last the
    service's signature of every line before it.

    Args:
        tournament_id (str): the tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
