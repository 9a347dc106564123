"""Player names: no controls, bidirectional overrides, separators or invisible-only names, one
name per seat, normalised to NFC; every refusal says why."""

from __future__ import annotations

import unicodedata

import pytest

from tests.harness.api import Client, assert_problem, create

REFUSED = {
    "bidi-override": ("Ana\u202egnp.exe", "bidirectional"),
    "bidi-isolate": ("\u2067Ana", "bidirectional"),
    "line-separator": ("Ana\u2028Bia", "separator"),
    "paragraph-separator": ("Ana\u2029", "separator"),
    "c1-control": ("Ana\u0085", "control"),
    "c0-control": ("Ana\u0007", "control"),
    "zero-width-only": ("\u200b\u200d", "visible"),
    "spaces-only": ("   ", "visible"),
    "word-joiner-only": ("\u2060", "visible"),
    "byte-order-mark-only": ("\ufeff", "visible"),
}


@pytest.mark.parametrize(("name", "why"), REFUSED.values(), ids=REFUSED.keys())
@pytest.mark.parametrize("route", ["/v1/games", "/v1/replays"])
async def test_an_unfit_name_is_refused_saying_why(
    client: Client, route: str, name: str, why: str
) -> None:
    body = {"players": ["Bia", name], "seed": "s"}

    problem = assert_problem(await client.post(route, json=body), 400, "request/invalid")

    assert problem["field"] == "players[1]"
    assert problem["detail"].startswith("players[1]: ")
    assert why in problem["detail"]


@pytest.mark.parametrize(
    "names",
    [["Ana", "Ana"], ["Ana", "Bia", "Ana"], ["Jos\u00e9", "Jose\u0301"]],
    ids=["same", "same-later", "same-after-nfc"],
)
async def test_two_seats_with_one_name_are_refused(client: Client, names: list[str]) -> None:
    problem = assert_problem(await create(client, {"players": names}), 400, "request/invalid")

    assert problem["field"] == f"players[{len(names) - 1}]"
    assert "seat 0" in problem["detail"]


async def test_names_are_kept_in_nfc(client: Client) -> None:
    decomposed = "Jose\u0301"
    response = await create(client, {"players": [decomposed, "Zoe\u0308"]})

    assert response.status_code == 201, response.text
    game = response.json()
    names = [player["name"] for player in game["view"]["players"]]
    assert names == [unicodedata.normalize("NFC", n) for n in (decomposed, "Zoe\u0308")]
    assert [p["name"] for p in game["players"]] == names


async def test_names_in_any_script_with_inner_joiners_are_kept(client: Client) -> None:
    names = ["\u0645\u062d\u0645\u062f", "\u0928\u092e\u0938\u094d\u200d\u0924\u0947", "李 雷"]
    response = await create(client, {"players": names})

    assert response.status_code == 201, response.text
