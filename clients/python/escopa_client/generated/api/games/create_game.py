from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_game import CreateGame
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateGame,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedGame | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedGame.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[CreatedGame | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
) -> Response[CreatedGame | Problem]:
    """Create a game

     Seats 2-4 players in order (a person by name, a bot seat as `{name, bot}`), deals the first hand and
    answers each person's seat token, shown only here. Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the game's events; its `secret` is answered only
    here. Refused with 422: a chosen `seed` a search could find (`request/weak_seed`), a name that shows
    nothing (`name/invisible`) or looks like another seat's (`name/lookalike`), a webhook host that does
    not resolve or is refused (`webhook/unresolvable`, `webhook/address_refused`). On a server without
    API keys a seat names a `player_id` only with its `player_secret` (`POST /v1/players`; 403
    otherwise).

    Args:
        body (CreateGame): A new game: 2-4 players in seat order, a preset, overrides and an
            optional seed.

            A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays,
            or
            `{"open": true}` for a seat someone joins later: the game then waits (`status:
            "waiting"`),
            dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where
            anyone
            may take its open seats without an invite.

            For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead
            of
            a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

            `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
            `player_id`; bot seats are rated as `bot:<level>`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
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
    body: CreateGame,
) -> CreatedGame | Problem | None:
    """Create a game

     Seats 2-4 players in order (a person by name, a bot seat as `{name, bot}`), deals the first hand and
    answers each person's seat token, shown only here. Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the game's events; its `secret` is answered only
    here. Refused with 422: a chosen `seed` a search could find (`request/weak_seed`), a name that shows
    nothing (`name/invisible`) or looks like another seat's (`name/lookalike`), a webhook host that does
    not resolve or is refused (`webhook/unresolvable`, `webhook/address_refused`). On a server without
    API keys a seat names a `player_id` only with its `player_secret` (`POST /v1/players`; 403
    otherwise).

    Args:
        body (CreateGame): A new game: 2-4 players in seat order, a preset, overrides and an
            optional seed.

            A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays,
            or
            `{"open": true}` for a seat someone joins later: the game then waits (`status:
            "waiting"`),
            dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where
            anyone
            may take its open seats without an invite.

            For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead
            of
            a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

            `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
            `player_id`; bot seats are rated as `bot:<level>`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
) -> Response[CreatedGame | Problem]:
    """Create a game

     Seats 2-4 players in order (a person by name, a bot seat as `{name, bot}`), deals the first hand and
    answers each person's seat token, shown only here. Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the game's events; its `secret` is answered only
    here. Refused with 422: a chosen `seed` a search could find (`request/weak_seed`), a name that shows
    nothing (`name/invisible`) or looks like another seat's (`name/lookalike`), a webhook host that does
    not resolve or is refused (`webhook/unresolvable`, `webhook/address_refused`). On a server without
    API keys a seat names a `player_id` only with its `player_secret` (`POST /v1/players`; 403
    otherwise).

    Args:
        body (CreateGame): A new game: 2-4 players in seat order, a preset, overrides and an
            optional seed.

            A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays,
            or
            `{"open": true}` for a seat someone joins later: the game then waits (`status:
            "waiting"`),
            dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where
            anyone
            may take its open seats without an invite.

            For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead
            of
            a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

            `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
            `player_id`; bot seats are rated as `bot:<level>`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
) -> CreatedGame | Problem | None:
    """Create a game

     Seats 2-4 players in order (a person by name, a bot seat as `{name, bot}`), deals the first hand and
    answers each person's seat token, shown only here. Needs an API key when the server has keys. A
    `webhook` (or the one the API key names) is POSTed the game's events; its `secret` is answered only
    here. Refused with 422: a chosen `seed` a search could find (`request/weak_seed`), a name that shows
    nothing (`name/invisible`) or looks like another seat's (`name/lookalike`), a webhook host that does
    not resolve or is refused (`webhook/unresolvable`, `webhook/address_refused`). On a server without
    API keys a seat names a `player_id` only with its `player_secret` (`POST /v1/players`; 403
    otherwise).

    Args:
        body (CreateGame): A new game: 2-4 players in seat order, a preset, overrides and an
            optional seed.

            A player is a person's name, `{"name": ..., "bot": level}` for a seat the service plays,
            or
            `{"open": true}` for a seat someone joins later: the game then waits (`status:
            "waiting"`),
            dealing nothing until every seat is taken. `lobby`: list it in `GET /v1/lobby`, where
            anyone
            may take its open seats without an invite.

            For a provably fair shuffle, name a `commitment_id` from `POST /v1/commitments` (instead
            of
            a `seed`) and add a `client_seed`: the key is then `server_seed:client_seed`.

            `rated`: the game counts on its ladder (`<preset>-<n>p`): every person seat needs a
            `player_id`; bot seats are rated as `bot:<level>`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
