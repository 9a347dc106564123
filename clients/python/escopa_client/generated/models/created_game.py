from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.receipt import Receipt
    from ..models.seat_token import SeatToken
    from ..models.webhook_subscription import WebhookSubscription


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """The new game: its id, each seat's token (the only time it is shown), the view, and the
    service's signed receipt of the log's first entry.

        Attributes:
            game_id (str):
            players (list[SeatToken]):
            seed_commitment (str):
            version (int):
            view (GameView): A game as the reader may see it: the engine's view of its seat (never another seat's
                hand, the stock or a live seed), with what the service adds: the game's id and version,
                its players, the seed's commitment, and the partner signals the reader may see.

                `signals`: the partner signals of the reader's side while the game runs (a spectator and
                the opponents see none), every signal once it is over. While the game waits: `lobby` when
                the lobby lists it, and for its creator, the open seats' `invites`. Once a rematch is
                asked for, `rematch` is the new game's id. A `rated` game once over and settled: each
                seat's `ratings` before and after. With a `clock` in the rules: the seat to act's
                `deadline` (UTC, null while no clock runs) and `ms_left` until it, every seat's bank left
                (`banks_ms`) and its timeouts in a row (`timeouts`). A tournament's table names its
                `tournament`; its seed shows once its round is over.
            receipt (Receipt): What the service accepted: the game's new head (`seq`, `hash`), signed.

                The signed bytes are `escopa-receipt-v1:{game_id}:{seq}:{hash}`; keep the last receipt to
                prove later which head the service acknowledged.
            commitment_id (None | str):
            client_seed (None | str):
            webhook (WebhookSubscription | Unset): A webhook subscription: its URL and its signing secret, shown only in
                this answer (the
                service derives it again when it signs and never stores it).
    """

    game_id: str
    players: list[SeatToken]
    seed_commitment: str
    version: int
    view: GameView
    receipt: Receipt
    commitment_id: None | str
    client_seed: None | str
    webhook: WebhookSubscription | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        seed_commitment = self.seed_commitment

        version = self.version

        view = self.view.to_dict()

        receipt = self.receipt.to_dict()

        commitment_id: None | str
        commitment_id = self.commitment_id

        client_seed: None | str
        client_seed = self.client_seed

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "players": players,
                "seed_commitment": seed_commitment,
                "version": version,
                "view": view,
                "receipt": receipt,
                "commitment_id": commitment_id,
                "client_seed": client_seed,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.receipt import Receipt  # noqa: PLC0415
        from ..models.seat_token import SeatToken  # noqa: PLC0415
        from ..models.webhook_subscription import WebhookSubscription  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SeatToken.from_dict(players_item_data)

            players.append(players_item)

        seed_commitment = d.pop("seed_commitment")

        version = d.pop("version")

        view = GameView.from_dict(d.pop("view"))

        receipt = Receipt.from_dict(d.pop("receipt"))

        def _parse_commitment_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment_id = _parse_commitment_id(d.pop("commitment_id"))

        def _parse_client_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_seed = _parse_client_seed(d.pop("client_seed"))

        _webhook = d.pop("webhook", UNSET)
        webhook: WebhookSubscription | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = WebhookSubscription.from_dict(_webhook)

        created_game = cls(
            game_id=game_id,
            players=players,
            seed_commitment=seed_commitment,
            version=version,
            view=view,
            receipt=receipt,
            commitment_id=commitment_id,
            client_seed=client_seed,
            webhook=webhook,
        )

        created_game.additional_properties = d
        return created_game

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
