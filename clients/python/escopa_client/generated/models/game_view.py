from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_view_status import GameViewStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.invite import Invite
    from ..models.last_move import LastMove
    from ..models.outcome import Outcome
    from ..models.player_info import PlayerInfo
    from ..models.rating_change import RatingChange
    from ..models.rules import Rules
    from ..models.sent_signal import SentSignal
    from ..models.side_view import SideView


T = TypeVar("T", bound="GameView")


@_attrs_define
class GameView:
    """A game as the reader may see it: the engine's view of its seat (never another seat's
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

        Attributes:
            seat (int | None):
            status (GameViewStatus):
            round_ (int):
            hand_number (int):
            dealer (int):
            turn (int | None):
            table (list[str]):
            hand (list[str]):
            hand_sizes (list[int]):
            stock_size (int):
            sides (list[SideView]):
            claim_seat (int | None):
            last_move (LastMove | None):
            outcome (None | Outcome):
            rules (Rules): Every option of a game; `partnerships: null` means partnerships exactly with 4 players.

                The house rules (the last four options) are absent at their traditional value, so games
                logged before they existed keep their hashes. Build rules with `make_rules`.

                `boards` > 0 makes a game of boards (docs/shuffle.md): exactly that many rounds, no
                target, round `r` dealt from board number `first_board + r - 1` (`board_of`).
            seed (None | str):
            game_id (str):
            version (int):
            players (list[PlayerInfo]):
            seed_commitment (str):
            signals (list[SentSignal]):
            lobby (bool | Unset):
            invites (list[Invite] | Unset):
            rematch (str | Unset):
            rated (bool | Unset):
            ratings (list[RatingChange] | Unset):
            tournament (str | Unset):
            deadline (None | str | Unset):
            ms_left (int | None | Unset):
            banks_ms (list[int] | Unset):
            timeouts (list[int] | Unset):
    """

    seat: int | None
    status: GameViewStatus
    round_: int
    hand_number: int
    dealer: int
    turn: int | None
    table: list[str]
    hand: list[str]
    hand_sizes: list[int]
    stock_size: int
    sides: list[SideView]
    claim_seat: int | None
    last_move: LastMove | None
    outcome: None | Outcome
    rules: Rules
    seed: None | str
    game_id: str
    version: int
    players: list[PlayerInfo]
    seed_commitment: str
    signals: list[SentSignal]
    lobby: bool | Unset = UNSET
    invites: list[Invite] | Unset = UNSET
    rematch: str | Unset = UNSET
    rated: bool | Unset = UNSET
    ratings: list[RatingChange] | Unset = UNSET
    tournament: str | Unset = UNSET
    deadline: None | str | Unset = UNSET
    ms_left: int | None | Unset = UNSET
    banks_ms: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415

        seat: int | None
        seat = self.seat

        status = self.status.value

        round_ = self.round_

        hand_number = self.hand_number

        dealer = self.dealer

        turn: int | None
        turn = self.turn

        table = self.table

        hand = self.hand

        hand_sizes = self.hand_sizes

        stock_size = self.stock_size

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        claim_seat: int | None
        claim_seat = self.claim_seat

        last_move: dict[str, Any] | None
        if isinstance(self.last_move, LastMove):
            last_move = self.last_move.to_dict()
        else:
            last_move = self.last_move

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        rules = self.rules.to_dict()

        seed: None | str
        seed = self.seed

        game_id = self.game_id

        version = self.version

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        seed_commitment = self.seed_commitment

        signals = []
        for signals_item_data in self.signals:
            signals_item = signals_item_data.to_dict()
            signals.append(signals_item)

        lobby = self.lobby

        invites: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.invites, Unset):
            invites = []
            for invites_item_data in self.invites:
                invites_item = invites_item_data.to_dict()
                invites.append(invites_item)

        rematch = self.rematch

        rated = self.rated

        ratings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ratings, Unset):
            ratings = []
            for ratings_item_data in self.ratings:
                ratings_item = ratings_item_data.to_dict()
                ratings.append(ratings_item)

        tournament = self.tournament

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        else:
            deadline = self.deadline

        ms_left: int | None | Unset
        if isinstance(self.ms_left, Unset):
            ms_left = UNSET
        else:
            ms_left = self.ms_left

        banks_ms: list[int] | Unset = UNSET
        if not isinstance(self.banks_ms, Unset):
            banks_ms = self.banks_ms

        timeouts: list[int] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "status": status,
                "round": round_,
                "hand_number": hand_number,
                "dealer": dealer,
                "turn": turn,
                "table": table,
                "hand": hand,
                "hand_sizes": hand_sizes,
                "stock_size": stock_size,
                "sides": sides,
                "claim_seat": claim_seat,
                "last_move": last_move,
                "outcome": outcome,
                "rules": rules,
                "seed": seed,
                "game_id": game_id,
                "version": version,
                "players": players,
                "seed_commitment": seed_commitment,
                "signals": signals,
            }
        )
        if lobby is not UNSET:
            field_dict["lobby"] = lobby
        if invites is not UNSET:
            field_dict["invites"] = invites
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if rated is not UNSET:
            field_dict["rated"] = rated
        if ratings is not UNSET:
            field_dict["ratings"] = ratings
        if tournament is not UNSET:
            field_dict["tournament"] = tournament
        if deadline is not UNSET:
            field_dict["deadline"] = deadline
        if ms_left is not UNSET:
            field_dict["ms_left"] = ms_left
        if banks_ms is not UNSET:
            field_dict["banks_ms"] = banks_ms
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invite import Invite  # noqa: PLC0415
        from ..models.last_move import LastMove  # noqa: PLC0415
        from ..models.outcome import Outcome  # noqa: PLC0415
        from ..models.player_info import PlayerInfo  # noqa: PLC0415
        from ..models.rating_change import RatingChange  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.sent_signal import SentSignal  # noqa: PLC0415
        from ..models.side_view import SideView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        status = GameViewStatus(d.pop("status"))

        round_ = d.pop("round")

        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        table = cast(list[str], d.pop("table"))

        hand = cast(list[str], d.pop("hand"))

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        stock_size = d.pop("stock_size")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideView.from_dict(sides_item_data)

            sides.append(sides_item)

        def _parse_claim_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        claim_seat = _parse_claim_seat(d.pop("claim_seat"))

        def _parse_last_move(data: object) -> LastMove | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_move_type_0 = LastMove.from_dict(data)

                return last_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastMove | None, data)

        last_move = _parse_last_move(d.pop("last_move"))

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        rules = Rules.from_dict(d.pop("rules"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        game_id = d.pop("game_id")

        version = d.pop("version")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerInfo.from_dict(players_item_data)

            players.append(players_item)

        seed_commitment = d.pop("seed_commitment")

        signals = []
        _signals = d.pop("signals")
        for signals_item_data in _signals:
            signals_item = SentSignal.from_dict(signals_item_data)

            signals.append(signals_item)

        lobby = d.pop("lobby", UNSET)

        _invites = d.pop("invites", UNSET)
        invites: list[Invite] | Unset = UNSET
        if _invites is not UNSET:
            invites = []
            for invites_item_data in _invites:
                invites_item = Invite.from_dict(invites_item_data)

                invites.append(invites_item)

        rematch = d.pop("rematch", UNSET)

        rated = d.pop("rated", UNSET)

        _ratings = d.pop("ratings", UNSET)
        ratings: list[RatingChange] | Unset = UNSET
        if _ratings is not UNSET:
            ratings = []
            for ratings_item_data in _ratings:
                ratings_item = RatingChange.from_dict(ratings_item_data)

                ratings.append(ratings_item)

        tournament = d.pop("tournament", UNSET)

        def _parse_deadline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        def _parse_ms_left(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ms_left = _parse_ms_left(d.pop("ms_left", UNSET))

        banks_ms = cast(list[int], d.pop("banks_ms", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        game_view = cls(
            seat=seat,
            status=status,
            round_=round_,
            hand_number=hand_number,
            dealer=dealer,
            turn=turn,
            table=table,
            hand=hand,
            hand_sizes=hand_sizes,
            stock_size=stock_size,
            sides=sides,
            claim_seat=claim_seat,
            last_move=last_move,
            outcome=outcome,
            rules=rules,
            seed=seed,
            game_id=game_id,
            version=version,
            players=players,
            seed_commitment=seed_commitment,
            signals=signals,
            lobby=lobby,
            invites=invites,
            rematch=rematch,
            rated=rated,
            ratings=ratings,
            tournament=tournament,
            deadline=deadline,
            ms_left=ms_left,
            banks_ms=banks_ms,
            timeouts=timeouts,
        )

        game_view.additional_properties = d
        return game_view

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
