"""The app factory: routes, dependencies, error mapping, OpenAPI; Redis comes in through DI."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Final

from litestar import Litestar
from litestar.datastructures import State as AppState
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme

from service import runtime
from service.core.house import House
from service.http.guard import API_KEY_HEADER, API_KEY_SCHEME, guard
from service.http.head import HeadAsGet
from service.http.openapi.document import (
    Document,
    RefinedJson,
    RefinedRedoc,
    RefinedSwagger,
    docs_assets,
    openapi_json,
    refined,
)
from service.http.params import PLAYER_TOKEN_SCHEME
from service.http.problems import HANDLERS
from service.http.routes.event_routes import EventsController
from service.http.routes.game_routes import GamesController
from service.http.routes.ledger_routes import AuditController
from service.http.routes.lifecycle_routes import LobbyController, SeatsController
from service.http.routes.meta_routes import healthz, presets, readyz
from service.http.routes.metrics_routes import metrics
from service.http.routes.player_routes import LeaderboardsController, PlayersController
from service.http.routes.tournament_routes import TournamentsController
from service.http.routes.web_routes import WEB_ROUTES
from service.http.routes.webhook_routes import ApiKeyWebhookController, WebhookDeliveriesController
from service.http.streams import Streams, drain_on_shutdown
from service.http.strict import strict_body
from service.ledger.signatures import new_private_text
from service.ops.observation.metrics import Metrics
from service.ops.observation.requests import instrument
from service.settings import KeySettings, RedisSettings, Settings
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring

API_VERSION = "1.0.0"
YOUNG_COLLECTION: Final = 5000
"""Net new container objects between young-generation collections (Python's default: 700).

64 requests in flight swing the count past 700 every few requests, and each collection walks
everything young that is still alive. At 5000 only real growth triggers one: under load the
collector's share of a move's CPU fell from about 7% to 1% (2,740 collections in 8 s to 150).
"""
Lifespan = Callable[[Litestar], AbstractAsyncContextManager[None]]


def operations(settings: Settings, metrics: Metrics) -> Lifespan:
    """The lifespan of the event streams over the store the app opened: they get their limit
    and end when the server is told to stop."""

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        streams = Streams(settings, app.state.house.follows, metrics)
        app.state.streams = streams
        gc.freeze()  # what startup built lives as long as the process: no collection visits it
        gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
        try:
            with drain_on_shutdown(streams):
                yield
            streams.drain()
        finally:
            metrics.close()

    return lifespan


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Escopa as a service",
        version=API_VERSION,
        description="Escopa, Escoba and Escova as a REST API: rules engine, seeded shuffle, "
        "hash-chained move log. Errors are RFC 9457 problems with a stable `code`.",
        components=Components(
            security_schemes={
                PLAYER_TOKEN_SCHEME: SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description="A seat's secret player token, from the game's creation: "
                    "`Authorization: Bearer <token>`",
                ),
                API_KEY_SCHEME: SecurityScheme(
                    type="apiKey",
                    name=API_KEY_HEADER,
                    security_scheme_in="header",
                    description="An API key, needed to create games, commitments and replays "
                    "when the server is run with `ESCOPA_API_KEYS`",
                ),
            }
        ),
        use_handler_docstrings=False,
        path="/schema",
        render_plugins=[RefinedRedoc(), RefinedSwagger(), RefinedJson()],
    )


def create_app(settings: Settings) -> Litestar:
    """The Litestar app of an API process, its parts built by `service.runtime` at start and
    closed at stop.

    Raises ValueError without a usable signing key: receipts must verify on every process."""
    key_ring(settings)  # refused here, before the server starts, not at its first write
    counters = Metrics()

    @asynccontextmanager
    async def parts_lifespan(app: Litestar) -> AsyncIterator[None]:
        async with runtime.opened(settings, "api", counters) as parts:
            app.state.store = parts.gateway
            app.state.house = parts.house
            async with runtime.working(runtime.background(parts)):
                yield

    def provide_store(state: AppState) -> RedisGateway:
        store: RedisGateway = state.store
        return store

    def provide_house(state: AppState) -> House:
        house: House = state.house
        return house

    app = Litestar(
        route_handlers=[
            *(GamesController, EventsController, AuditController),
            *(SeatsController, LobbyController, TournamentsController),
            *(WebhookDeliveriesController, ApiKeyWebhookController),
            *(PlayersController, LeaderboardsController),
            *(presets, healthz, readyz, metrics, openapi_json, docs_assets()),
            *WEB_ROUTES,
        ],
        dependencies={
            "store": Provide(provide_store, sync_to_thread=False),
            "house": Provide(provide_house, sync_to_thread=False),
        },
        exception_handlers=HANDLERS,
        before_request=strict_body,
        middleware=[guard(settings)],
        lifespan=[parts_lifespan, operations(settings, counters)],
        openapi_config=openapi_config(),
        request_max_body_size=settings.http.max_body_bytes,
        debug=False,
        logging_config=None,  # `escopa serve` configures logging (observation.log_lines)
    )
    app.asgi_handler = HeadAsGet(app.asgi_handler)
    return instrument(app, counters)


def openapi_document() -> Document:
    """The app's OpenAPI document as plain data (building it needs no Redis)."""
    settings = Settings(
        redis=RedisSettings(url="redis://127.0.0.1:1/0"),
        keys=KeySettings(signing=(new_private_text(),)),
    )
    return refined(create_app(settings))
