from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_event import StreamEvent
from ...models.stream_events_until import StreamEventsUntil
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    until: StreamEventsUntil | Unset = StreamEventsUntil.END,
    last_event_id: str | Unset = "",
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    json_ticket: None | str | Unset
    if isinstance(ticket, Unset):
        json_ticket = UNSET
    else:
        json_ticket = ticket
    params["ticket"] = json_ticket

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.value

    params["until"] = json_until

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | StreamEvent | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> str | StreamEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = StreamEvent.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | StreamEvent, data)

        response_200 = _parse_response_200(response.text)

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
) -> Response[Problem | str | StreamEvent]:
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
    ticket: None | str | Unset = UNSET,
    until: StreamEventsUntil | Unset = StreamEventsUntil.END,
    last_event_id: str | Unset = "",
) -> Response[Problem | str | StreamEvent]:
    """Follow the game: new log entries as Server-Sent Events, live

     A `text/event-stream` of the log's entries after `after` (or `Last-Event-ID`), redacted for the
    reader, each event named by its entry's type (`created`, `deal`, `move`, `signal`) with the entry as
    JSON in `data`. A browser sends a `ticket` instead of the token.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after (0: the whole log) Default: 0.
        ticket (None | str | Unset): a stream ticket (`POST /stream-tickets`), for clients that
            cannot send `Authorization` (a browser's `EventSource`); instead of the token
        until (StreamEventsUntil | Unset): when the stream ends: after the entry that ends the
            match (`end`), or after the one that offers its rematch (`rematch`: it goes on past the
            end) Default: StreamEventsUntil.END.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | StreamEvent]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        ticket=ticket,
        until=until,
        last_event_id=last_event_id,
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
    ticket: None | str | Unset = UNSET,
    until: StreamEventsUntil | Unset = StreamEventsUntil.END,
    last_event_id: str | Unset = "",
) -> Problem | str | StreamEvent | None:
    """Follow the game: new log entries as Server-Sent Events, live

     A `text/event-stream` of the log's entries after `after` (or `Last-Event-ID`), redacted for the
    reader, each event named by its entry's type (`created`, `deal`, `move`, `signal`) with the entry as
    JSON in `data`. A browser sends a `ticket` instead of the token.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after (0: the whole log) Default: 0.
        ticket (None | str | Unset): a stream ticket (`POST /stream-tickets`), for clients that
            cannot send `Authorization` (a browser's `EventSource`); instead of the token
        until (StreamEventsUntil | Unset): when the stream ends: after the entry that ends the
            match (`end`), or after the one that offers its rematch (`rematch`: it goes on past the
            end) Default: StreamEventsUntil.END.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | StreamEvent
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        ticket=ticket,
        until=until,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    until: StreamEventsUntil | Unset = StreamEventsUntil.END,
    last_event_id: str | Unset = "",
) -> Response[Problem | str | StreamEvent]:
    """Follow the game: new log entries as Server-Sent Events, live

     A `text/event-stream` of the log's entries after `after` (or `Last-Event-ID`), redacted for the
    reader, each event named by its entry's type (`created`, `deal`, `move`, `signal`) with the entry as
    JSON in `data`. A browser sends a `ticket` instead of the token.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after (0: the whole log) Default: 0.
        ticket (None | str | Unset): a stream ticket (`POST /stream-tickets`), for clients that
            cannot send `Authorization` (a browser's `EventSource`); instead of the token
        until (StreamEventsUntil | Unset): when the stream ends: after the entry that ends the
            match (`end`), or after the one that offers its rematch (`rematch`: it goes on past the
            end) Default: StreamEventsUntil.END.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | StreamEvent]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        ticket=ticket,
        until=until,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    until: StreamEventsUntil | Unset = StreamEventsUntil.END,
    last_event_id: str | Unset = "",
) -> Problem | str | StreamEvent | None:
    """Follow the game: new log entries as Server-Sent Events, live

     A `text/event-stream` of the log's entries after `after` (or `Last-Event-ID`), redacted for the
    reader, each event named by its entry's type (`created`, `deal`, `move`, `signal`) with the entry as
    JSON in `data`. A browser sends a `ticket` instead of the token.

    Args:
        game_id (str): the game's id
        after (int | Unset): seq to start after (0: the whole log) Default: 0.
        ticket (None | str | Unset): a stream ticket (`POST /stream-tickets`), for clients that
            cannot send `Authorization` (a browser's `EventSource`); instead of the token
        until (StreamEventsUntil | Unset): when the stream ends: after the entry that ends the
            match (`end`), or after the one that offers its rematch (`rematch`: it goes on past the
            end) Default: StreamEventsUntil.END.
        last_event_id (str | Unset): the seq of the last entry received: the stream resumes after
            it (browsers send it when they reconnect); wins over `after`; empty: absent Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | StreamEvent
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            ticket=ticket,
            until=until,
            last_event_id=last_event_id,
        )
    ).parsed
