from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move_as_listed import MoveAsListed
from ...models.move_by_id import MoveById
from ...models.move_claim import MoveClaim
from ...models.move_play import MovePlay
from ...models.move_result import MoveResult
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: MoveAsListed | MoveById | MoveClaim | MovePlay,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/moves".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if isinstance(body, MovePlay):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MoveClaim):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MoveById):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MoveResult | Problem | None:
    if response.status_code == 200:
        response_200 = MoveResult.from_dict(response.json())

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
) -> Response[MoveResult | Problem]:
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
    body: MoveAsListed | MoveById | MoveClaim | MovePlay,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[MoveResult | Problem]:
    """Play a card, capture, or claim a missed capture

     One move of the token's seat at `expected_version` (409 when the game moved on). Name it by `card`
    (+ `capture`), `claim`, `move` (a legal move's id) or as a legal move is listed. An `Idempotency-
    Key` makes a retry safe.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer
        body (MoveAsListed | MoveById | MoveClaim | MovePlay): A move: `card` (+ `capture`), or
            `claim`, or `move` as a legal move's id; or a legal move
            as `GET /legal-moves` lists it (`id`, `kind` and its members), which must agree.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MoveAsListed | MoveById | MoveClaim | MovePlay,
    idempotency_key: None | str | Unset = UNSET,
) -> MoveResult | Problem | None:
    """Play a card, capture, or claim a missed capture

     One move of the token's seat at `expected_version` (409 when the game moved on). Name it by `card`
    (+ `capture`), `claim`, `move` (a legal move's id) or as a legal move is listed. An `Idempotency-
    Key` makes a retry safe.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer
        body (MoveAsListed | MoveById | MoveClaim | MovePlay): A move: `card` (+ `capture`), or
            `claim`, or `move` as a legal move's id; or a legal move
            as `GET /legal-moves` lists it (`id`, `kind` and its members), which must agree.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResult | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MoveAsListed | MoveById | MoveClaim | MovePlay,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[MoveResult | Problem]:
    """Play a card, capture, or claim a missed capture

     One move of the token's seat at `expected_version` (409 when the game moved on). Name it by `card`
    (+ `capture`), `claim`, `move` (a legal move's id) or as a legal move is listed. An `Idempotency-
    Key` makes a retry safe.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer
        body (MoveAsListed | MoveById | MoveClaim | MovePlay): A move: `card` (+ `capture`), or
            `claim`, or `move` as a legal move's id; or a legal move
            as `GET /legal-moves` lists it (`id`, `kind` and its members), which must agree.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MoveAsListed | MoveById | MoveClaim | MovePlay,
    idempotency_key: None | str | Unset = UNSET,
) -> MoveResult | Problem | None:
    """Play a card, capture, or claim a missed capture

     One move of the token's seat at `expected_version` (409 when the game moved on). Name it by `card`
    (+ `capture`), `claim`, `move` (a legal move's id) or as a legal move is listed. An `Idempotency-
    Key` makes a retry safe.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer
        body (MoveAsListed | MoveById | MoveClaim | MovePlay): A move: `card` (+ `capture`), or
            `claim`, or `move` as a legal move's id; or a legal move
            as `GET /legal-moves` lists it (`id`, `kind` and its members), which must agree.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResult | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
