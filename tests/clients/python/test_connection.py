"""The API key and the seat tokens as the client sends them, to a live server that asks for
API keys: `X-API-Key` on every request, `Authorization: Bearer` for a seat only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from escopa_client import ApiError, Escopa
from tests.clients.python.conftest import UNLIMITED
from tests.harness.processes import serve_private

KEY = "integrator-key-1"


@pytest.fixture(scope="module")
def keyed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with API keys: creating a game needs one."""
    folder = tmp_path_factory.mktemp("keyed")
    with serve_private(folder, ESCOPA_API_KEYS=KEY, **UNLIMITED) as served:
        yield served.base


def test_a_game_is_created_with_the_api_key_and_played_with_a_seat_token(keyed: str) -> None:
    with Escopa(keyed, api_key=KEY) as escopa:
        game = escopa.create_game({"players": ["Ana", "Bia"]})
        seats = [escopa.table(game.game_id, seat.token or "") for seat in game.players]
        assert [seat.view().seat for seat in seats] == [0, 1], "each token names its seat"
        assert any(seat.step(lambda view, legal: legal.moves[0]) for seat in seats)
        spectator = escopa.client().get_httpx_client().headers
    assert spectator["X-API-Key"] == KEY and "Authorization" not in spectator


def test_without_the_api_key_the_creation_is_refused(keyed: str) -> None:
    with Escopa(keyed) as escopa, pytest.raises(ApiError) as refused:
        escopa.create_game({"players": ["Ana", "Bia"]})
    assert refused.value.status == 401 and refused.value.code == "auth/api_key_required"


def test_a_wrong_api_key_is_refused_by_name(keyed: str) -> None:
    with Escopa(keyed, api_key="not-a-key") as escopa, pytest.raises(ApiError) as refused:
        escopa.create_game({"players": ["Ana", "Bia"]})
    assert refused.value.code == "auth/invalid_api_key"


def test_a_wrong_seat_token_is_refused_and_reads_no_hand(keyed: str) -> None:
    with Escopa(keyed, api_key=KEY) as escopa:
        game = escopa.create_game({"players": ["Ana", "Bia"]})
        with pytest.raises(ApiError) as refused:
            escopa.table(game.game_id, "x" * 43).view()
    assert refused.value.status == 401 and refused.value.code.startswith("auth/")
