"""Routes of webhooks: a game's deliveries, and the webhook an API key names for its games."""

from __future__ import annotations

from typing import Annotated, Any, Final

from litestar import Controller, Request, Response, delete, get, put, route
from litestar.di import NamedDependency, Provide
from litestar.enums import HttpMethod
from litestar.params import HeaderParameter, JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_204_NO_CONTENT

from service.core.house import House
from service.core.webhooks.webhook_messages import (
    WebhookDeliveries,
    WebhookRequest,
    WebhookSubscription,
)
from service.core.webhooks.webhooks import Webhooks, api_key_id
from service.http.guard import API_KEY_HEADER, API_KEY_OPTIONAL, API_KEY_SCHEME
from service.http.params import PLAYER_TOKEN_SCHEME, Authorization, bearer
from service.http.routes.game_routes import GameId, problems

WebhooksDep = NamedDependency[Webhooks]
ApiKey = Annotated[
    str | None,
    HeaderParameter(name=API_KEY_HEADER, required=False, max_length=200, include_in_schema=False),
]
KEY_ONLY: Final[list[dict[str, list[str]]]] = [{API_KEY_SCHEME: []}]
SEAT_OR_KEY: Final[list[dict[str, list[str]]]] = [{PLAYER_TOKEN_SCHEME: []}, {API_KEY_SCHEME: []}]


def provide_webhooks(house: NamedDependency[House]) -> Webhooks:
    return house.webhooks


def key_of(request: Request[Any, Any, Any], presented: str | None) -> str | None:
    """The id of the request's API key when it is one of the server's, else None."""
    return api_key_id(request.app.state.house.settings, presented)


class WebhookDeliveriesController(Controller):
    path = "/v1/games"
    tags = ["webhooks"]  # noqa: RUF012
    dependencies = {"webhooks": Provide(provide_webhooks, sync_to_thread=False)}  # noqa: RUF012

    @get(
        "/{game_id:str}/webhook-deliveries",
        operation_id="listWebhookDeliveries",
        security=SEAT_OR_KEY,
        opt={API_KEY_OPTIONAL: True},
        responses=problems(400, 401, 403, 404, 410),
        summary="The game's webhook deliveries and their state",
        description=(
            "Every event of the game's webhook in delivery order: its delivery id, event, log "
            "entry, attempts, the last answer's status or error, and whether it is `pending`, "
            "`delivered` or `failed` (its attempts spent). For any seat's token of the game, or "
            "the API key that created it; only that key sees the webhook's `url`."
        ),
    )
    async def deliveries(
        self,
        game_id: GameId,
        webhooks: WebhooksDep,
        request: Request[Any, Any, Any],
        authorization: Authorization = None,
        x_api_key: ApiKey = None,
    ) -> WebhookDeliveries:
        key = key_of(request, x_api_key)
        return await webhooks.deliveries(game_id, bearer(authorization), key)


class ApiKeyWebhookController(Controller):
    path = "/v1/webhook"
    tags = ["webhooks"]  # noqa: RUF012
    dependencies = {"webhooks": Provide(provide_webhooks, sync_to_thread=False)}  # noqa: RUF012

    @put(
        "/",
        operation_id="setApiKeyWebhook",
        security=KEY_ONLY,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 413, 415, 422),
        summary="Name the webhook of every game your API key creates",
        description=(
            "Games created with this `X-API-Key` from now on (without a `webhook` of their own) "
            "POST their events to `url`, signed with the secret answered here, once. Naming "
            "another webhook makes a new secret; games created before keep theirs."
        ),
    )
    async def set_webhook(
        self,
        data: JSONBody[WebhookRequest],
        webhooks: WebhooksDep,
        request: Request[Any, Any, Any],
        x_api_key: ApiKey = None,
    ) -> WebhookSubscription:
        return await webhooks.name_for_key(key_of(request, x_api_key), data)

    @delete(
        "/",
        operation_id="deleteApiKeyWebhook",
        security=KEY_ONLY,
        status_code=HTTP_204_NO_CONTENT,
        responses=problems(400, 401),
        summary="Stop naming a webhook for the games your API key creates",
        description="Games created before keep their webhook.",
    )
    async def drop_webhook(
        self,
        webhooks: WebhooksDep,
        request: Request[Any, Any, Any],
        x_api_key: ApiKey = None,
    ) -> None:
        await webhooks.drop_for_key(key_of(request, x_api_key))

    @route("/", http_method=[HttpMethod.OPTIONS], include_in_schema=False, sync_to_thread=False)
    def allow_options(self) -> Response[None]:
        """The methods of this path. A controller's handlers are registered one by one (in
        the order of their names: this one first), and Litestar's own OPTIONS answer, made
        with the first, would name only that one's method (the contract test checks `Allow`)."""
        allow = ", ".join(sorted(("PUT", "DELETE", "OPTIONS")))
        return Response(content=None, status_code=HTTP_204_NO_CONTENT, headers={"Allow": allow})
