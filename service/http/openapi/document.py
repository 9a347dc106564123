"""The OpenAPI document: Litestar's paths, msgspec's exact component schemas, and stateful links.

Litestar's generated component schemas drop some constraints (patterns on list items, closed
objects); msgspec knows the Structs exactly, so its schemas replace Litestar's, name for name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import msgspec
import swagger_ui_bundle
from litestar import Litestar, Request, get
from litestar.openapi.plugins import (
    JsonRenderPlugin,
    OpenAPIRenderPlugin,
    RedocRenderPlugin,
    SwaggerRenderPlugin,
)
from litestar.router import Router
from litestar.static_files import create_static_files_router

from service.http.openapi.contract import constrain
from service.http.openapi.examples import add_body_examples, add_examples
from service.http.openapi.links import LINKS
from service.http.openapi.portable import make_portable
from service.http.openapi.webhook_section import add_webhooks

Document = dict[str, Any]
REF_TEMPLATE = "#/components/schemas/{name}"
ASSETS: Final = "/schema/assets"
"""Where the docs pages' scripts and styles are served from: the service itself, no CDN."""
SWAGGER_ASSETS: Final = Path(swagger_ui_bundle.swagger_ui_path)
REDOC_ASSETS: Final = Path(__file__).parent / "assets" / "redoc"
FAVICON: Final = f"<link rel='icon' type='image/png' href='{ASSETS}/swagger/favicon-32x32.png'>"


def _structs() -> dict[str, type[msgspec.Struct]]:
    """Every Struct class of the engine and the service, by class name."""
    found: dict[str, type[msgspec.Struct]] = {}
    pending = list(msgspec.Struct.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in {"engine", "service"}:
            found[cls.__name__] = cls
    return found


def refine(raw: Document) -> Document:
    """Replace component schemas with msgspec's and add the links of `links.py`."""
    doc: Document = msgspec.json.decode(msgspec.json.encode(raw))
    schemas: Document = doc.setdefault("components", {}).setdefault("schemas", {})
    structs = _structs()
    known = [structs[name] for name in sorted(schemas) if name in structs]
    _, exact = msgspec.json.schema_components(known, ref_template=REF_TEMPLATE)
    schemas.update(exact)
    constrain(schemas)
    add_examples(schemas)
    add_body_examples(doc)
    _retry_after(doc)
    _files(doc)
    add_webhooks(doc)
    for (path, method, status), links in LINKS.items():
        response = doc["paths"][path][method]["responses"][status]
        response["links"] = links
    make_portable(doc, {n for n, c in structs.items() if c.__struct_config__.omit_defaults})
    return doc


def _retry_after(doc: Document) -> None:
    """Declare `Retry-After` on every 429 and 503 answer: clients should wait that long."""
    header = {
        "description": "seconds to wait before retrying",
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
        "required": True,
    }
    for operations in doc["paths"].values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                if status in {"429", "503"}:
                    response.setdefault("headers", {})["Retry-After"] = header


def _files(doc: Document) -> None:
    """An `application/octet-stream` answer is a file's bytes (a client keeps it as one)."""
    for operations in doc["paths"].values():
        for operation in operations.values():
            for response in operation.get("responses", {}).values():
                media = response.get("content", {}).get("application/octet-stream")
                if media is not None:
                    media["schema"] = {"type": "string", "format": "binary"}


def refined(app: Litestar) -> Document:
    """The app's refined document, built once and kept with the app."""
    document: Document | None = app.state.get("openapi_document")
    if document is None:
        document = app.state["openapi_document"] = refine(app.openapi_schema.to_schema())
    return document


def _served(app: Litestar) -> bytes:
    served: bytes | None = app.state.get("openapi_json")
    if served is None:
        served = app.state["openapi_json"] = msgspec.json.encode(refined(app))
    return served


@get(
    "/openapi.json", operation_id="openapi", include_in_schema=False, media_type="application/json"
)
async def openapi_json(request: Request[Any, Any, Any]) -> bytes:
    """The same document as `openapi/openapi.json`, served by the running app."""
    return _served(request.app)


class Refined(OpenAPIRenderPlugin):
    """A Litestar docs page under `/schema` that shows the refined document, not Litestar's own.

    Mixed in before a concrete plugin, whose `render` the `super()` call reaches.
    """

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, refined(request.app))  # type: ignore[safe-super]


class RefinedJson(JsonRenderPlugin):
    """`/schema/openapi.json`: the same bytes as `/openapi.json`."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return _served(request.app)


class RefinedRedoc(Refined, RedocRenderPlugin):
    """Redoc at `/schema` and `/schema/redoc`, its script from the service (no web fonts)."""

    def __init__(self) -> None:
        super().__init__(
            js_url=f"{ASSETS}/redoc/redoc.standalone.js", google_fonts=False, favicon=FAVICON
        )


class RefinedSwagger(Refined, SwaggerRenderPlugin):
    """Swagger UI at `/schema/swagger`, its scripts and styles from the service."""

    def __init__(self) -> None:
        swagger = f"{ASSETS}/swagger"
        super().__init__(
            js_url=f"{swagger}/swagger-ui-bundle.js",
            css_url=f"{swagger}/swagger-ui.css",
            standalone_preset_js_url=f"{swagger}/swagger-ui-standalone-preset.js",
            favicon=FAVICON,
        )


def docs_assets() -> Router:
    """The docs pages' assets: Swagger UI from its Python package, Redoc from the project."""
    return Router(
        path=ASSETS,
        route_handlers=[
            create_static_files_router(
                path=f"/{name}", directories=[folder], include_in_schema=False, name=name
            )
            for name, folder in (("swagger", SWAGGER_ASSETS), ("redoc", REDOC_ASSETS))
        ],
        include_in_schema=False,
    )
