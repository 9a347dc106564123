from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.changed import Changed
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/resign".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Changed | Problem | None:
    if response.status_code == 200:
        response_200 = Changed.from_dict(response.json())

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

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

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
) -> Response[Changed | Problem]:
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
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Changed | Problem]:
    """Resign: your side (a partnership together) loses the match

     A retry with the same `Idempotency-Key` gets the first answer.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Changed | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
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
    idempotency_key: None | str | Unset = UNSET,
) -> Changed | Problem | None:
    """Resign: your side (a partnership together) loses the match

     A retry with the same `Idempotency-Key` gets the first answer.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Changed | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Changed | Problem]:
    """Resign: your side (a partnership together) loses the match

     A retry with the same `Idempotency-Key` gets the first answer.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Changed | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: None | str | Unset = UNSET,
) -> Changed | Problem | None:
    """Resign: your side (a partnership together) loses the match

     A retry with the same `Idempotency-Key` gets the first answer.

    Args:
        game_id (str): the game's id
        idempotency_key (None | str | Unset): 1-64 letters, digits, `_`, `.`, `:` or `-`; a
            retried request with the same key returns the first answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Changed | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
