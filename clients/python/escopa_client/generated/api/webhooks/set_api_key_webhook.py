from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_request import WebhookRequest
from ...models.webhook_subscription import WebhookSubscription
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/webhook",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookSubscription | None:
    if response.status_code == 200:
        response_200 = WebhookSubscription.from_dict(response.json())

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
) -> Response[Problem | WebhookSubscription]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookSubscription]:
    """Name the webhook of every game your API key creates

     Games created with this `X-API-Key` from now on (without a `webhook` of their own) POST their events
    to `url`, signed with the secret answered here, once. Naming another webhook makes a new secret;
    games created before keep theirs.

    Args:
        body (WebhookRequest): Where to POST a game's (or a tournament's) events, and which:
            `events` names the event
            types to deliver (default: all of them); the others are never sent nor listed, so a
            filtered subscription's deliveries skip the `seq`s of the entries it left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookSubscription]
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
    body: WebhookRequest,
) -> Problem | WebhookSubscription | None:
    """Name the webhook of every game your API key creates

     Games created with this `X-API-Key` from now on (without a `webhook` of their own) POST their events
    to `url`, signed with the secret answered here, once. Naming another webhook makes a new secret;
    games created before keep theirs.

    Args:
        body (WebhookRequest): Where to POST a game's (or a tournament's) events, and which:
            `events` names the event
            types to deliver (default: all of them); the others are never sent nor listed, so a
            filtered subscription's deliveries skip the `seq`s of the entries it left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookSubscription
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookSubscription]:
    """Name the webhook of every game your API key creates

     Games created with this `X-API-Key` from now on (without a `webhook` of their own) POST their events
    to `url`, signed with the secret answered here, once. Naming another webhook makes a new secret;
    games created before keep theirs.

    Args:
        body (WebhookRequest): Where to POST a game's (or a tournament's) events, and which:
            `events` names the event
            types to deliver (default: all of them); the others are never sent nor listed, so a
            filtered subscription's deliveries skip the `seq`s of the entries it left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookSubscription]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Problem | WebhookSubscription | None:
    """Name the webhook of every game your API key creates

     Games created with this `X-API-Key` from now on (without a `webhook` of their own) POST their events
    to `url`, signed with the secret answered here, once. Naming another webhook makes a new secret;
    games created before keep theirs.

    Args:
        body (WebhookRequest): Where to POST a game's (or a tournament's) events, and which:
            `events` names the event
            types to deliver (default: all of them); the others are never sent nor listed, so a
            filtered subscription's deliveries skip the `seq`s of the entries it left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookSubscription
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
