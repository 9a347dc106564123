"""One seat at one game: its view, its legal moves, its moves (posted again after reading
the game when the game moved on first: 409 `game/version_conflict`), its partner signals,
its events, and `play`, which plays the seat with a callback until the match ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from escopa_client.events import Event, Until, follow
from escopa_client.generated.api.games import (
    get_game,
    get_hint,
    get_legal_moves,
    get_score,
    play_move,
    send_signal,
)
from escopa_client.generated.client import AuthenticatedClient
from escopa_client.generated.models import (
    BotLevel,
    GameView,
    Hint,
    LegalClaim,
    LegalDeal,
    LegalMoves,
    LegalPlay,
    MoveById,
    MoveResult,
    ScoreSheet,
    Signal,
    SignalRequest,
    SignalResult,
)
from escopa_client.problems import ApiError, answer

Choice = LegalPlay | LegalClaim | LegalDeal | str
"""A move: one of the legal moves as listed, or a move's text form (`"5H+2S+QD"`)."""
Choose = Callable[[GameView, LegalMoves], Choice]
"""A seat's player: given the seat's view and its legal moves (never empty), the move."""
VERSION_CONFLICT = "game/version_conflict"


def move_text(choice: Choice) -> str:
    """The text form of a move: a listed move's id, or the text itself."""
    return choice if isinstance(choice, str) else choice.id


class Table:
    """A seat (the client's token) at a game. `conflicts` counts the 409s recovered from."""

    def __init__(self, client: AuthenticatedClient, game_id: str) -> None:
        self.client = client
        self.game_id = game_id
        self.conflicts = 0

    def view(self) -> GameView:
        """The game as the seat sees it (its own hand, no other)."""
        return answer(get_game.sync_detailed(self.game_id, client=self.client), GameView)

    def legal_moves(self) -> LegalMoves:
        """The seat's legal moves now (none when it may not act) and the game's version."""
        response = get_legal_moves.sync_detailed(self.game_id, client=self.client)
        return answer(response, LegalMoves)

    def score(self) -> ScoreSheet:
        """Every finished round's categories per side, the totals and the outcome."""
        return answer(get_score.sync_detailed(self.game_id, client=self.client), ScoreSheet)

    def hint(self, level: BotLevel | str = "expert") -> Hint:
        """The move a bot of that level would play for the seat now, with its value of each
        legal move (its own rate limit: 429 `rate/limited`)."""
        response = get_hint.sync_detailed(self.game_id, client=self.client, level=BotLevel(level))
        return answer(response, Hint)

    def move(
        self,
        choice: Choice,
        expected_version: int,
        *,
        choose: Choose | None = None,
        attempts: int = 5,
    ) -> MoveResult:
        """Post `choice` at `expected_version`. When the game has moved on first (409
        `game/version_conflict`), read it again and post `choose(view, legal)` at its new
        version (without `choose`: the same move, when it is still legal), up to `attempts`
        times; any other refusal raises its `ApiError`."""
        text, version = move_text(choice), expected_version
        for attempt in range(attempts):
            try:
                return self._post(text, version)
            except ApiError as error:
                if error.code != VERSION_CONFLICT or attempt == attempts - 1:
                    raise
                self.conflicts += 1
                legal = self.legal_moves()
                if not legal.moves:  # the seat may no longer act: nothing to retry
                    raise
                text, version = self._again(text, legal, choose), legal.version
        raise AssertionError("unreachable")  # pragma: no cover

    def _again(self, text: str, legal: LegalMoves, choose: Choose | None) -> str:
        """The move to post after a conflict."""
        if choose is not None:
            return move_text(choose(self.view(), legal))
        if any(listed.id == text for listed in legal.moves):
            return text
        raise ApiError(409, None, f"{text} is no longer legal".encode())

    def _post(self, text: str, version: int) -> MoveResult:
        body = MoveById(move=text, expected_version=version)
        response = play_move.sync_detailed(self.game_id, client=self.client, body=body)
        return answer(response, MoveResult)

    def signal(self, signal: Signal | str) -> SignalResult:
        """A partner signal (`guindis`, `seven`), seen by the partner only until the end."""
        body = SignalRequest(signal=Signal(signal))
        response = send_signal.sync_detailed(self.game_id, client=self.client, body=body)
        return answer(response, SignalResult)

    def events(
        self, *, after: int = 0, last_event_id: int | None = None, until: Until = "end"
    ) -> Iterator[Event]:
        """The game's entries as the seat may see them, live (see `follow`)."""
        return follow(
            self.client, self.game_id, after=after, last_event_id=last_event_id, until=until
        )

    def step(self, choose: Choose) -> MoveResult | None:
        """When the seat may act (its turn, a claim, a deal), its move as `choose` decides it;
        otherwise None."""
        legal = self.legal_moves()
        if not legal.moves:
            return None
        return self.move(choose(self.view(), legal), legal.version, choose=choose)

    def play(
        self,
        choose: Choose,
        on_event: Callable[[Event], None] | None = None,
        *,
        after: int = 0,
    ) -> GameView:
        """Play the seat until the match ends: act whenever it may (`step`), and in between
        follow the events stream from the entry after `after` (0: the whole log; each entry
        given to `on_event`). The final view."""
        view = self.view()
        if view.status.value == "finished":
            return view
        self.step(choose)
        for event in self.events(after=after):
            if on_event is not None:
                on_event(event)
            if event.ends_match:
                break
            if event.seq >= view.version:  # the entries before were played already
                self.step(choose)
        return self.view()
