from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_stream_event import TournamentStreamEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    after: int | Unset = 0,
    last_event_id: str | Unset = "",
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/events".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | TournamentStreamEvent | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> str | TournamentStreamEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = TournamentStreamEvent.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | TournamentStreamEvent, data)

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | str | TournamentStreamEvent]:
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
    after: int | Unset = 0,
    last_event_id: str | Unset = "",
) -> Response[Problem | str | TournamentStreamEvent]:
    """Follow a tournament: round starts, table results and its end, as Server-Sent Events, live

     Public. A `text/event-stream` of the tournament's events after `after` (or `Last-Event-ID`):
    `round.started` (its boards and tables, with their games), `table.result` (a table's IMPs, every
    table's when its round ends) and `tournament.finished` (the standings and the revealed seed), each
    with its JSON in `data`.

    Args:
        tournament_id (str): the tournament's id
        after (int | Unset): seq to start after (0: every event) Default: 0.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | TournamentStreamEvent]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    last_event_id: str | Unset = "",
) -> Problem | str | TournamentStreamEvent | None:
    """Follow a tournament: round starts, table results and its end, as Server-Sent Events, live

     Public. A `text/event-stream` of the tournament's events after `after` (or `Last-Event-ID`):
    `round.started` (its boards and tables, with their games), `table.result` (a table's IMPs, every
    table's when its round ends) and `tournament.finished` (the standings and the revealed seed), each
    with its JSON in `data`.

    Args:
        tournament_id (str): the tournament's id
        after (int | Unset): seq to start after (0: every event) Default: 0.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | TournamentStreamEvent
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    last_event_id: str | Unset = "",
) -> Response[Problem | str | TournamentStreamEvent]:
    """Follow a tournament: round starts, table results and its end, as Server-Sent Events, live

     Public. A `text/event-stream` of the tournament's events after `after` (or `Last-Event-ID`):
    `round.started` (its boards and tables, with their games), `table.result` (a table's IMPs, every
    table's when its round ends) and `tournament.finished` (the standings and the revealed seed), each
    with its JSON in `data`.

    Args:
        tournament_id (str): the tournament's id
        after (int | Unset): seq to start after (0: every event) Default: 0.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | TournamentStreamEvent]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    last_event_id: str | Unset = "",
) -> Problem | str | TournamentStreamEvent | None:
    """Follow a tournament: round starts, table results and its end, as Server-Sent Events, live

     Public. A `text/event-stream` of the tournament's events after `after` (or `Last-Event-ID`):
    `round.started` (its boards and tables, with their games), `table.result` (a table's IMPs, every
    table's when its round ends) and `tournament.finished` (the standings and the revealed seed), each
    with its JSON in `data`.

    Args:
        tournament_id (str): the tournament's id
        after (int | Unset): seq to start after (0: every event) Default: 0.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | TournamentStreamEvent
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
