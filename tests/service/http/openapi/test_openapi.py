"""The committed OpenAPI document matches what the code generates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import openapi_document as document

COMMITTED = Path(__file__).resolve().parents[4] / "openapi" / "openapi.json"


def test_the_committed_openapi_document_matches_the_code() -> None:
    committed = json.loads(COMMITTED.read_text())
    assert committed == json.loads(json.dumps(document())), "run `escopa openapi` and commit"


def test_every_operation_has_a_stable_operation_id() -> None:
    doc = document()
    ids = [op["operationId"] for path in doc["paths"].values() for op in path.values()]
    assert len(ids) == len(set(ids))
    assert all(ids)


def test_every_error_response_is_a_problem_document() -> None:
    doc = document()
    for path in doc["paths"].values():
        for operation in path.values():
            for status, response in operation["responses"].items():
                if int(status) >= 400 and status != "503":
                    assert "application/problem+json" in response["content"], (status, operation)


def test_every_example_in_the_document_is_a_valid_instance_of_its_schema() -> None:
    import jsonschema

    from service.http.openapi.document import _structs

    structs = _structs()
    components = document()["components"]
    examples = {name: s["examples"] for name, s in components["schemas"].items() if "examples" in s}
    assert {"CreateGame", "MoveRequest", "GameView", "LegalMoves", "Problem"} <= set(examples)
    for name, listed in examples.items():
        schema = {"$ref": f"#/components/schemas/{name}", "components": components}
        for example in listed:
            as_sent = json.loads(json.dumps(example))
            jsonschema.validate(as_sent, schema, cls=jsonschema.Draft202012Validator)
            if name in structs:
                msgspec.convert(example, structs[name], strict=True)


def test_every_429_and_503_answer_declares_retry_after() -> None:
    for path in document()["paths"].values():
        for operation in path.values():
            for status, response in operation["responses"].items():
                if status in {"429", "503"}:
                    assert "Retry-After" in response["headers"], (status, operation["operationId"])


async def test_the_interactive_docs_load_the_same_document_as_openapi_json(
    client: AsyncTestClient,  # type: ignore[type-arg]
) -> None:
    served = await client.get("/openapi.json")
    loaded = await client.get("/schema/openapi.json")
    assert loaded.status_code == 200
    assert loaded.json() == served.json() == json.loads(COMMITTED.read_text())
    own = msgspec.json.encode(client.app.openapi_schema.to_schema()).decode()
    refined_only = "seconds to wait before retrying"  # the Retry-After headers the refinement adds
    assert refined_only not in own
    for page in ("/schema", "/schema/redoc", "/schema/swagger"):
        answer = await client.get(page)
        assert answer.status_code == 200
        assert refined_only in answer.text, page


def test_the_log_documents_its_page_limit() -> None:
    operation = document()["paths"]["/v1/games/{game_id}/log"]["get"]
    (limit,) = [p for p in operation["parameters"] if p["name"] == "limit"]

    assert limit["schema"]["minimum"] == 1
    assert limit["schema"]["maximum"] == 200
    assert limit["schema"]["default"] == 50
    assert "1 to 200, default 50" in limit["description"]
    assert "(1-200, default 50)" in (COMMITTED.parents[1] / "docs" / "api.md").read_text()


def _operations() -> dict[str, Any]:
    doc = document()
    return {op["operationId"]: op for path in doc["paths"].values() for op in path.values()}


def test_every_link_names_an_operation_and_only_parameters_it_declares() -> None:
    operations = _operations()
    links = [
        link
        for operation in operations.values()
        for response in operation["responses"].values()
        for link in response.get("links", {}).values()
    ]
    assert len(links) >= 10
    for link in links:
        target = operations[link["operationId"]]
        declared = {f"{p['in']}.{p['name']}" for p in target.get("parameters", [])}
        assert set(link.get("parameters", {})) <= declared, link
        if "requestBody" in link:
            assert "requestBody" in target, link


def test_the_seat_operations_declare_the_player_token_and_no_authorization_parameter() -> None:
    operations = _operations()
    required = {"getLegalMoves", "getHint", "playMove", "deal", "sendSignal", "createStreamTicket"}
    required |= {"leaveGame", "resignGame", "abortGame", "rematchGame", "getEntrantTable"}
    optional = {"getGame", "getLog", "streamEvents"}
    either = {"listWebhookDeliveries", "listTournamentWebhookDeliveries"}  # or the API key
    for operation_id, operation in operations.items():
        names = {p["name"].lower() for p in operation.get("parameters", [])}
        assert "authorization" not in names, operation_id
        security = operation.get("security")
        if operation_id in required:
            assert security == [{"playerToken": []}], operation_id
        elif operation_id in optional:
            assert security == [{}, {"playerToken": []}], operation_id
        elif operation_id in either:
            assert security == [{"playerToken": []}, {"apiKey": []}], operation_id
        else:
            assert "playerToken" not in json.dumps(security), operation_id


def test_the_answer_of_a_commitment_is_the_commitment_a_game_names() -> None:
    # schemathesis reads CreateGame's `commitment_id` as naming a `Commitment`; without an
    # operation answering one, its stateful phase never starts from createGame.
    created = _operations()["createCommitment"]["responses"]["201"]
    schema = created["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/Commitment"}


def _component(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    name = schema["$ref"].rsplit("/", 1)[1]
    component: dict[str, Any] = doc["components"]["schemas"][name]
    return component


def _evaluated(body: dict[str, str], answer: Any) -> dict[str, Any]:
    """A link's body with each `$response.body#/...` pointer read from `answer`."""
    values: dict[str, Any] = {}
    for key, expression in body.items():
        value = answer
        for part in expression.removeprefix("$response.body#/").split("/"):
            value = value[int(part)] if isinstance(value, list) else value[part]
        values[key] = value
    return values


def test_a_link_whose_body_is_whole_gives_a_body_its_target_accepts() -> None:
    # such a link's body is sent as it is, not merged into a generated one: it must be complete
    from jsonschema import Draft202012Validator

    doc = document()
    operations = _operations()
    whole = [
        (response, link)
        for operation in operations.values()
        for response in operation["responses"].values()
        for link in response.get("links", {}).values()
        if link.get("x-schemathesis") == {"merge_body": False}
    ]
    assert [link["operationId"] for _, link in whole] == ["playMove"]
    for response, link in whole:
        source = _component(doc, response["content"]["application/json"]["schema"])
        target = operations[link["operationId"]]["requestBody"]["content"]["application/json"]
        schema = {**_component(doc, target["schema"]), "components": doc["components"]}
        for example in source["examples"]:
            body = _evaluated(link["requestBody"], example)
            assert not list(Draft202012Validator(schema).iter_errors(body)), body


def test_a_legal_move_as_listed_is_a_valid_move_request_deal_included() -> None:
    import jsonschema

    from engine.moves import Deal, claim, play
    from service.core.games.presented import legal_move

    request = {"$ref": "#/components/schemas/MoveRequest", "components": document()["components"]}
    valid = jsonschema.Draft202012Validator(request).is_valid
    moves = [play("5H", ["2S", "QD"]), claim(["5S", "QD"]), Deal()]
    for move in moves:
        listed = msgspec.json.decode(msgspec.json.encode(legal_move(move)))
        assert valid({**listed, "expected_version": 3}), listed
        assert not valid({**listed, "expected_version": 3, "move": "deal", "card": "7D"})


def test_a_game_of_people_in_any_form_the_api_takes_is_valid_and_one_of_bots_only_is_not() -> None:
    # the API seats a person given by name or by player id, and refuses bots alone (422)
    import jsonschema

    create = {"$ref": "#/components/schemas/CreateGame", "components": document()["components"]}
    valid = jsonschema.Draft202012Validator(create).is_valid
    known = [{"name": "Ana", "player_id": "p-1"}, {"name": "Bia", "player_id": "p-2"}]
    bots = [{"name": "Rita", "bot": "random"}, {"name": "Gus", "bot": "greedy"}]
    assert valid({"players": known})
    assert valid({"players": ["Ana", bots[0]]})
    assert valid({"players": [{"open": True}, bots[0]]})
    assert not valid({"players": bots})


SECURITIES = (
    [],
    [{"playerToken": []}],
    [{}, {"playerToken": []}],
    [{}, {"apiKey": []}],
    [{"apiKey": []}],
    [{"playerToken": []}, {"apiKey": []}],
)
"""The security an operation may state: none, the seat's token (required or optional), or the
API key (needed only when the server has keys)."""


@pytest.mark.parametrize("operation_id", sorted(_operations()))
def test_every_operation_is_documented_for_integrators(operation_id: str) -> None:
    operation = _operations()[operation_id]
    missing = [key for key in ("summary", "description", "tags") if not operation.get(key)]
    assert not missing, f"{operation_id}: give it {', '.join(missing)} in its route"
    assert operation.get("security") in SECURITIES, (
        f"{operation_id}: declare `security` in its route (one of {SECURITIES})"
    )
    body = operation.get("requestBody")
    if body is not None:
        assert body.get("description"), f"{operation_id}: describe its request body"
        media = body["content"]["application/json"]
        assert media.get("examples"), (
            f"{operation_id}: add its request body's example to examples.py (REQUESTS)"
        )


def test_no_example_of_a_new_game_chooses_its_seed() -> None:
    """A newcomer copies the example: a seed it names would be public, so it names none and the
    server draws a secret one."""
    doc = document()
    body = doc["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    examples = [e["value"] for e in body["examples"].values()]
    examples += [doc["components"]["schemas"]["CreateGame"].get("examples", [])][0]
    assert examples
    assert not [e for e in examples if {"seed", "client_seed"} & set(e)], examples
