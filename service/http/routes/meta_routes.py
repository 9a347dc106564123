"""Routes about the service itself: rules presets, liveness and readiness."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from msgspec import UNSET

from engine import PRESETS, Rules
from service.core.house import House
from service.core.readiness import archive_state, redis_answers
from service.http.routes.game_routes import problems
from service.http.schemas import Health
from service.ops.observation.metrics import Metrics


@get(
    "/v1/rules/presets",
    operation_id="listPresets",
    tags=["rules"],
    summary="The rules presets",
    description=(
        "Every preset's full rules, by name (`escopa`, `escoba`, `escova`); a game's `rules` "
        "override them."
    ),
    responses=problems(),
)
async def presets() -> dict[str, Rules]:
    return dict(PRESETS)


@get(
    "/healthz",
    operation_id="health",
    tags=["service"],
    summary="The process is alive",
    description="Liveness: answers as long as the process serves requests, whatever Redis does.",
)
async def healthz() -> Health:
    return Health(status="ok")


@get(
    "/readyz",
    operation_id="ready",
    tags=["service"],
    summary="Redis is reachable",
    description=(
        "Readiness: 200 when Redis answers a ping, else 503 with `Retry-After`. A process "
        "with an archive names it: `archive` is `degraded` while the archive does not answer "
        "(finished games wait in Redis, archived reads answer 503), which keeps the process "
        "in rotation."
    ),
    responses={503: ResponseSpec(Health, description="Redis is unreachable")},
)
async def readyz(
    request: Request[Any, Any, Any], house: NamedDependency[House]
) -> Response[Health]:
    archive = await archive_state(house)
    redis = await redis_answers(house)
    metrics: Metrics | None = request.app.state.get("metrics")
    if metrics is not None:
        metrics.dependency("redis", redis)
        if archive is not UNSET:
            metrics.dependency("archive", archive == "ok")
    if not redis:
        health = Health(status="unavailable", archive=archive)
        return Response(health, status_code=503, headers={"Retry-After": "1"})
    return Response(Health(status="ok", archive=archive))
