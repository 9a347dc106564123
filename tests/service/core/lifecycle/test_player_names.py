"""Player names: no controls, bidirectional overrides, separators or invisible-only names, one
name per seat, normalised to NFC; every refusal says why."""

from __future__ import annotations

import unicodedata

import pytest

from tests.harness.api import Client, assert_problem, create, ok
from tests.harness.seats import join

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
    [
        ["Ana", "Ana"],
        ["Ana", "Bia", "Ana"],
        ["Jos\u00e9", "Jose\u0301"],
        ["Ana", "An\u200ba"],  # a zero-width space inside
        ["Ana", "ana"],
        ["Ana", "\uff21\uff4e\uff41"],  # fullwidth
        ["Ana", "Ana\u00ad"],  # a soft hyphen
        ["Ana", "Ana\U000e0041"],  # a tag character
    ],
    ids=[
        "same",
        "same-later",
        "same-after-nfc",
        "zero-width",
        "case",
        "fullwidth",
        "soft-hyphen",
        "tag",
    ],
)
@pytest.mark.parametrize("open_seat", [False, True], ids=["full", "waiting"])
async def test_a_name_that_looks_like_another_seats_is_refused(
    client: Client, names: list[str], open_seat: bool
) -> None:
    players: list[object] = [*names, {"open": True}] if open_seat else list(names)
    problem = assert_problem(await create(client, {"players": players}), 422, "name/lookalike")

    last = len(names) - 1
    assert problem["field"] == f"players[{last}]"
    assert (
        "seat 0" in problem["detail"] and "each seat needs a name of its own" in problem["detail"]
    )
    same = unicodedata.normalize("NFC", names[0]) == unicodedata.normalize("NFC", names[-1])
    if same:  # the same name is said plainly, the comparison's terms left out
        assert "is seat 0's name already" in problem["detail"]
        assert "NFKC" not in problem["detail"] and "looks" not in problem["detail"]
    else:
        assert "looks the same" in problem["detail"] and "NFKC" in problem["detail"]


INVISIBLE = {
    "braille-blank": "\u2800\u2800",
    "tags": "\U000e0041\U000e006e\U000e0061",
    "variation-selectors": "\ufe0f\ufe0e",
    "khmer-vowel-inherent": "\u17b4",
    "mongolian-selector": "\u180b",
    "combining-marks": "\u0301\u0308",
    "mixed": " \u2800\u0301\ufe0f",
}


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE.keys())
async def test_a_name_that_shows_nothing_is_refused_on_creation_and_on_joining(
    client: Client, name: str
) -> None:
    created = assert_problem(
        await create(client, {"players": ["Bia", name]}), 422, "name/invisible"
    )
    assert created["field"] == "players[1]" and "shows nothing" in created["detail"]
    waiting = ok(await create(client, {"players": ["Bia", {"open": True}]}), 201)
    invite = waiting["players"][1]["invite"]

    refused = await join(client, waiting["game_id"], invite=invite, name=name)
    assert assert_problem(refused, 422, "name/invisible")["field"] == "name"


@pytest.mark.parametrize("name", ["An\u200ba", "ANA", "\uff21\uff4e\uff41", "Ana\u2063"])
async def test_a_joining_name_that_looks_like_a_seats_is_refused(client: Client, name: str) -> None:
    waiting = ok(await create(client, {"players": ["Ana", {"open": True}]}), 201)
    invite = waiting["players"][1]["invite"]

    refused = await join(client, waiting["game_id"], invite=invite, name=name)

    problem = assert_problem(refused, 409, "join/name_taken")
    assert problem["field"] == "name" and "looks the same" in problem["detail"]
    taken = ok(await join(client, waiting["game_id"], invite=invite, name="Bia"))
    assert taken["name"] == "Bia"


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
