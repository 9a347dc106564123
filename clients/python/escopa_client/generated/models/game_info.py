from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rated_info import RatedInfo
    from ..models.rules import Rules


T = TypeVar("T", bound="GameInfo")


@_attrs_define
class GameInfo:
    """What the first entry records about a game: rules, seats, and the seed (hidden until over).

    `seed_salt` is there when the creator chose the seed: `seed_commitment` is then the hash of
    `salt:seed`, and the salt is hidden with the seed until the match is over. Server seeds
    (and older logs) have none: the member is absent.

        Attributes:
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            players (list[str]):
            seed (None | str):
            seed_commitment (str):
            client_seed (None | str):
            commitment_id (None | str):
            seed_salt (None | str | Unset):
            open_ (list[int] | Unset):
            bots (list[int] | Unset):
            rated (RatedInfo | Unset): What a rated game's first entry records: the ladder it counts on, the scope its
                player
                ids belong to (the creating API key's id, `-` without keys) and each seat's player id
                (`bot:<level>` for a bot seat).
    """

    rules: Rules
    players: list[str]
    seed: None | str
    seed_commitment: str
    client_seed: None | str
    commitment_id: None | str
    seed_salt: None | str | Unset = UNSET
    open_: list[int] | Unset = UNSET
    bots: list[int] | Unset = UNSET
    rated: RatedInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules.to_dict()

        players = self.players

        seed: None | str
        seed = self.seed

        seed_commitment = self.seed_commitment

        client_seed: None | str
        client_seed = self.client_seed

        commitment_id: None | str
        commitment_id = self.commitment_id

        seed_salt: None | str | Unset
        if isinstance(self.seed_salt, Unset):
            seed_salt = UNSET
        else:
            seed_salt = self.seed_salt

        open_: list[int] | Unset = UNSET
        if not isinstance(self.open_, Unset):
            open_ = self.open_

        bots: list[int] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = self.bots

        rated: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rated, Unset):
            rated = self.rated.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rules": rules,
                "players": players,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "client_seed": client_seed,
                "commitment_id": commitment_id,
            }
        )
        if seed_salt is not UNSET:
            field_dict["seed_salt"] = seed_salt
        if open_ is not UNSET:
            field_dict["open"] = open_
        if bots is not UNSET:
            field_dict["bots"] = bots
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rated_info import RatedInfo  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415

        d = dict(src_dict)
        rules = Rules.from_dict(d.pop("rules"))

        players = cast(list[str], d.pop("players"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        seed_commitment = d.pop("seed_commitment")

        def _parse_client_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_seed = _parse_client_seed(d.pop("client_seed"))

        def _parse_commitment_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment_id = _parse_commitment_id(d.pop("commitment_id"))

        def _parse_seed_salt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed_salt = _parse_seed_salt(d.pop("seed_salt", UNSET))

        open_ = cast(list[int], d.pop("open", UNSET))

        bots = cast(list[int], d.pop("bots", UNSET))

        _rated = d.pop("rated", UNSET)
        rated: RatedInfo | Unset
        if isinstance(_rated, Unset):
            rated = UNSET
        else:
            rated = RatedInfo.from_dict(_rated)

        game_info = cls(
            rules=rules,
            players=players,
            seed=seed,
            seed_commitment=seed_commitment,
            client_seed=client_seed,
            commitment_id=commitment_id,
            seed_salt=seed_salt,
            open_=open_,
            bots=bots,
            rated=rated,
        )

        game_info.additional_properties = d
        return game_info

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
