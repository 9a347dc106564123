from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_leaderboard_ladder import GetLeaderboardLadder
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ladder: GetLeaderboardLadder,
    *,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
    around: None | str | Unset = UNSET,
    provisional: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_after: None | str | Unset
    if isinstance(after, Unset):
        json_after = UNSET
    else:
        json_after = after
    params["after"] = json_after

    params["limit"] = limit

    json_around: None | str | Unset
    if isinstance(around, Unset):
        json_around = UNSET
    else:
        json_around = around
    params["around"] = json_around

    params["provisional"] = provisional

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{ladder}".format(
            ladder=quote(str(ladder), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Leaderboard | Problem | None:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

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
) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ladder: GetLeaderboardLadder,
    *,
    client: AuthenticatedClient,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
    around: None | str | Unset = UNSET,
    provisional: bool | Unset = False,
) -> Response[Leaderboard | Problem]:
    """A ladder's leaderboard

     Players ranked by `ordinal` (ties by games, then id) in the API key's scope; page on with `after`
    (stable while ratings move), or ask for the page `around` a player. Players with fewer rated games
    than the server's minimum are listed only with `provisional=true`. 404 for an unknown ladder.

    Args:
        ladder (GetLeaderboardLadder): a ladder: `<preset>-<n>p`, e.g. `escopa-2p`
        after (None | str | Unset): the `next_after` of the previous page (none: the top)
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.
        around (None | str | Unset): a player id: the page around that player
        provisional (bool | Unset): true: also the players with fewer rated games on the ladder
            than the server lists (`ESCOPA_LEADERBOARD_MIN_GAMES`) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        ladder=ladder,
        after=after,
        limit=limit,
        around=around,
        provisional=provisional,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ladder: GetLeaderboardLadder,
    *,
    client: AuthenticatedClient,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
    around: None | str | Unset = UNSET,
    provisional: bool | Unset = False,
) -> Leaderboard | Problem | None:
    """A ladder's leaderboard

     Players ranked by `ordinal` (ties by games, then id) in the API key's scope; page on with `after`
    (stable while ratings move), or ask for the page `around` a player. Players with fewer rated games
    than the server's minimum are listed only with `provisional=true`. 404 for an unknown ladder.

    Args:
        ladder (GetLeaderboardLadder): a ladder: `<preset>-<n>p`, e.g. `escopa-2p`
        after (None | str | Unset): the `next_after` of the previous page (none: the top)
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.
        around (None | str | Unset): a player id: the page around that player
        provisional (bool | Unset): true: also the players with fewer rated games on the ladder
            than the server lists (`ESCOPA_LEADERBOARD_MIN_GAMES`) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return sync_detailed(
        ladder=ladder,
        client=client,
        after=after,
        limit=limit,
        around=around,
        provisional=provisional,
    ).parsed


async def asyncio_detailed(
    ladder: GetLeaderboardLadder,
    *,
    client: AuthenticatedClient,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
    around: None | str | Unset = UNSET,
    provisional: bool | Unset = False,
) -> Response[Leaderboard | Problem]:
    """A ladder's leaderboard

     Players ranked by `ordinal` (ties by games, then id) in the API key's scope; page on with `after`
    (stable while ratings move), or ask for the page `around` a player. Players with fewer rated games
    than the server's minimum are listed only with `provisional=true`. 404 for an unknown ladder.

    Args:
        ladder (GetLeaderboardLadder): a ladder: `<preset>-<n>p`, e.g. `escopa-2p`
        after (None | str | Unset): the `next_after` of the previous page (none: the top)
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.
        around (None | str | Unset): a player id: the page around that player
        provisional (bool | Unset): true: also the players with fewer rated games on the ladder
            than the server lists (`ESCOPA_LEADERBOARD_MIN_GAMES`) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        ladder=ladder,
        after=after,
        limit=limit,
        around=around,
        provisional=provisional,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ladder: GetLeaderboardLadder,
    *,
    client: AuthenticatedClient,
    after: None | str | Unset = UNSET,
    limit: int | Unset = 20,
    around: None | str | Unset = UNSET,
    provisional: bool | Unset = False,
) -> Leaderboard | Problem | None:
    """A ladder's leaderboard

     Players ranked by `ordinal` (ties by games, then id) in the API key's scope; page on with `after`
    (stable while ratings move), or ask for the page `around` a player. Players with fewer rated games
    than the server's minimum are listed only with `provisional=true`. 404 for an unknown ladder.

    Args:
        ladder (GetLeaderboardLadder): a ladder: `<preset>-<n>p`, e.g. `escopa-2p`
        after (None | str | Unset): the `next_after` of the previous page (none: the top)
        limit (int | Unset): entries per page: 1 to 100, default 20 Default: 20.
        around (None | str | Unset): a player id: the page around that player
        provisional (bool | Unset): true: also the players with fewer rated games on the ladder
            than the server lists (`ESCOPA_LEADERBOARD_MIN_GAMES`) Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return (
        await asyncio_detailed(
            ladder=ladder,
            client=client,
            after=after,
            limit=limit,
            around=around,
            provisional=provisional,
        )
    ).parsed
