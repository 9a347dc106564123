"""Game flow: start a game, list the legal moves, apply a move (state + move -> state + events)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import Final

import msgspec

from engine.captures import TableSums, search, sets_making, table_sums
from engine.cards import CAPTURE_SUM, DECK, INDEX, VALUE, sort_cards
from engine.errors import IllegalMove
from engine.events import (
    Claimed,
    Event,
    FirstDealerDrawn,
    HandDealt,
    LastCardsTaken,
    MatchEnded,
    Played,
    RoundEnded,
    TableBonus,
)
from engine.moves import DISCARDS, Claim, Deal, Move, Play, normalize
from engine.rules import Bonus, Rules, board_of, check_rules, hands_per_round, side_of
from engine.scoring import match_outcome, score_round
from engine.shuffle import draw_first_dealer, shuffle_key, shuffled_deck
from engine.state import Claimable, LastMove, State, unstarted
from engine.views import View

HAND_SIZE: Final = 3
OPENING_TABLE: Final = 4
_replace = msgspec.structs.replace


def start(rules: Rules, seed: str) -> tuple[State, list[Event]]:
    """A new game: the first dealer is drawn (or fixed by the rules) and, with auto-deal, dealt."""
    check_rules(rules)
    events: list[Event] = []
    if rules.first_dealer == "draw":
        dealer, draws = draw_first_dealer(shuffle_key(seed), rules.players)
        events.append(FirstDealerDrawn(draws=draws, dealer=dealer))
    else:
        dealer = rules.first_dealer
    state = unstarted(rules, seed, dealer, "dealing")
    if rules.auto_deal:
        state = _deal(state, events)
    return state, events


def legal_moves(state: State, seat: int | None = None) -> list[Move]:
    """The legal moves of `seat` (default: the seat to act) in a fixed, documented order.

    Claims first, then for each card of the hand in canonical order its captures (ordered by
    the captured cards' deck order) and its discard. `deal` alone while a deal is due.
    """
    turn = state.turn
    if state.status != "playing" or turn is None:
        if state.status == "dealing" and (seat is None or 0 <= seat < state.rules.players):
            return [Deal()]
        return []
    if seat is not None and seat != turn:
        return []
    claim = state.claim
    claimed = claim.card if claim is not None and claim.seat == turn else None
    return _listing(state.rules, state.hands[turn], state.table, claimed)


def moves_in_view(seen: View) -> list[Move]:
    """The legal moves of the view's seat, from what that seat sees: `legal_moves` for it.

    A bot decides from its view alone, so it lists its moves from the view too. The claimable
    card is the previous player's discard, the view's last move.
    """
    seat = seen.seat
    if seen.status == "dealing":
        return [Deal()] if seat is not None else []
    if seen.status != "playing" or seat is None or seat != seen.turn:
        return []
    claimed = None
    if seen.claim_seat == seat and seen.last_move is not None:
        claimed = seen.last_move.move
    return _listing(seen.rules, seen.hand, seen.table, claimed)


def _listing(
    rules: Rules, hand: tuple[str, ...], table: tuple[str, ...], claimed: str | None
) -> list[Move]:
    """The moves of a seat holding `hand`, in the documented order; `claimed`: its claim's card.

    The whole table's sums bitmask says at once which cards capture, so only those are searched.
    """
    sums = table_sums(table)
    reach = sums[2][0]
    moves: list[Move] = [Claim(cards) for cards in _claims(sums, claimed)] if claimed else []
    discard = rules.capture == "optional" or not any(
        reach >> (CAPTURE_SUM - VALUE[card]) & 1 for card in hand
    )
    cards, values, masks = sums
    taking = bool(moves)
    for card in hand:
        total = CAPTURE_SUM - VALUE[card]
        if reach >> total & 1:
            found: list[tuple[str, ...]] = []
            search(cards, values, masks, 0, total, (), found)
            moves += map(Play, repeat(card), found)
            taking = True
        if discard:
            moves.append(DISCARDS[card])
    if taking:  # captures or claims: kept for `apply` (discards it checks at once anyway)
        _listed[0] = (hand, table, claimed, rules, tuple(moves))
    return moves


Listing = tuple[tuple[str, ...], tuple[str, ...], str | None, Rules | None, tuple[Move, ...]]
_listed: list[Listing] = [((), (), None, None, ())]
"""The last listing: the hand, table, claim's card and rules it was made for, and its moves.
`apply` trusts a move that is one of these very objects, played from that very hand at that
very table (the state's own tuples), without checking it again. A cache only."""


def _listed_here(state: State, seat: int, move: Move) -> bool:
    """Whether `move` is one of the moves last listed for this seat's hand and table."""
    hand, table, claimed, rules, moves = _listed[0]
    if hand is not state.hands[seat] or table is not state.table or rules is not state.rules:
        return False
    claim = state.claim
    if claimed != (claim.card if claim is not None and claim.seat == seat else None):
        return False
    return any(listed is move for listed in moves)


def current_seat(state: State) -> int | None:
    """Who must act now, as OpenSpiel's `current_player()`: None once the match is over.

    While playing, the seat whose turn it is. While a deal is due (`auto_deal` off), the seat
    that deals it: any seat may ask for the deal, and this one has the duty.
    """
    if state.status == "finished":
        return None
    if state.status == "dealing":
        return next_dealer(state)
    return state.turn


def next_dealer(state: State) -> int:
    """The seat that deals the next hand: the round's first dealer, then by `dealer_rotation`."""
    if state.hand == 0:
        return state.first_dealer
    if state.rules.dealer_rotation == "hand":
        return (state.dealer + 1) % state.rules.players
    return state.dealer


def _claims(sums: TableSums, card: str) -> list[tuple[str, ...]]:
    """Every claim of a missed capture: table cards with `card` among them that sum to 15."""
    return [cards for cards in sets_making(sums, CAPTURE_SUM) if card in cards]


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Apply `seat`'s move, validated as untrusted input; returns the new state and its events."""
    if seat == state.turn and state.status == "playing":  # the common case: the seat to act
        events: list[Event] = []
        if type(move) is Play and move.capture == () and move.card in INDEX:
            return _play(state, seat, move, events), events  # a discard in its canonical form
        if _listed_here(state, seat, move):  # one of the moves just listed: legal as it is
            if type(move) is Claim:
                return _claim(state, seat, move, events, True), events
            assert type(move) is Play
            return _play(state, seat, move, events, True), events
        move = normalize(move)
        if not isinstance(move, Deal):
            if isinstance(move, Claim):
                return _claim(state, seat, move, events), events
            return _play(state, seat, move, events), events
    move = normalize(move)
    rules = state.rules
    if not 0 <= seat < rules.players:
        raise IllegalMove("move/unknown_seat", "seat {seat} does not exist", seat=seat)
    if state.status == "finished":
        raise IllegalMove("move/game_over", "the match is over")
    if state.status == "waiting":
        raise IllegalMove("move/not_started", "the game waits for players: nothing is dealt yet")
    events = []
    if isinstance(move, Deal):
        if state.status != "dealing":
            raise IllegalMove("move/nothing_to_deal", "no deal is due: the hand is being played")
        return _deal(state, events), events
    if state.status == "dealing":
        raise IllegalMove("move/deal_pending", "a deal is due before anyone plays")
    if seat != state.turn:
        raise IllegalMove(
            "move/not_your_turn",
            "it is seat {turn}'s turn, not seat {seat}'s",
            turn=state.turn,
            seat=seat,
        )
    if isinstance(move, Claim):
        return _claim(state, seat, move, events), events
    return _play(state, seat, move, events), events


def _claim(state: State, seat: int, move: Claim, events: list[Event], legal: bool = False) -> State:
    """Take a missed capture of the previous player; the claimant then plays as usual (`legal`:
    a move just listed, not checked again)."""
    if not legal:
        _check_claim(state, seat, move)
    side = side_of(state.rules, seat)
    events.append(Claimed(seat=seat, cards=move.cards))
    return _replace(
        state,
        table=tuple(c for c in state.table if c not in move.cards),
        captured=_add_to(state.captured, side, move.cards),
        last_capturer=side,
        claim=None,
        last=LastMove(seat=seat, move="claim:" + "+".join(move.cards)),
    )


def _check_claim(state: State, seat: int, move: Claim) -> None:
    """Raise unless the claim is this seat's to make and takes table cards summing to 15."""
    pending = state.claim
    if pending is None or pending.seat != seat:
        raise IllegalMove("move/no_claim", "there is no missed capture for this seat to claim")
    _on_table(state.table, move.cards)
    if pending.card not in move.cards:
        raise IllegalMove(
            "move/claim_invalid", "a claim must include the discarded {card}", card=pending.card
        )
    total = _sum(move.cards)
    if total != CAPTURE_SUM:
        raise IllegalMove(
            "move/claim_invalid",
            "{cards} sums to {total}, not 15",
            cards="+".join(move.cards),
            total=total,
        )


def _play(state: State, seat: int, move: Play, events: list[Event], legal: bool = False) -> State:
    """Play a card from hand: capture or discard, then pass the turn or end the hand (`legal`:
    a move just listed, not checked again)."""
    if not legal and move.card not in state.hands[seat]:
        raise IllegalMove(
            "move/card_not_in_hand",
            "{card} is not in seat {seat}'s hand",
            card=move.card,
            seat=seat,
        )
    if move.capture:
        state = _capture(state, seat, move, events, legal)
    else:
        state = _discard(state, seat, move, events)
    if any(state.hands):
        return state
    if state.stock:
        return (
            _deal(state, events)
            if state.rules.auto_deal
            else _replace(state, status="dealing", turn=None)
        )
    return _end_round(state, events)


def _capture(state: State, seat: int, move: Play, events: list[Event], legal: bool) -> State:
    """Take the captured cards with the played card: an escopa when the table is left empty."""
    rules, card, capture = state.rules, move.card, move.capture
    wrong = False
    if not legal:
        _on_table(state.table, capture)
        total = VALUE[card] + _sum(capture)
        wrong = total != CAPTURE_SUM
        if wrong and rules.validation == "strict":
            raise IllegalMove(
                "move/capture_not_15",
                "{card} with {capture} sums to {total}, not 15",
                card=card,
                capture="+".join(capture),
                total=total,
            )
    table = tuple([c for c in state.table if c not in capture])
    escopa = not table
    side = side_of(rules, seat)
    events.append(Played(seat=seat, card=card, capture=capture, escopa=escopa, wrong=wrong))
    return _replace(
        state,
        hands=_without(state.hands, seat, card),
        table=table,
        captured=_add_to(state.captured, side, (card, *capture)),
        escopas=_bump(state.escopas, side) if escopa else state.escopas,
        wrong=_bump(state.wrong, side) if wrong else state.wrong,
        last_capturer=side,
        claim=None,
        turn=(seat + 1) % rules.players,
        last=LastMove(seat=seat, move="+".join((card, *capture)), escopa=escopa),
    )


def _discard(state: State, seat: int, move: Play, events: list[Event]) -> State:
    """Put the card on the table; a card that could have captured may be claimed next turn."""
    rules, table, card = state.rules, state.table, move.card
    reach = table_sums(table)[2][0]
    if rules.capture == "mandatory":
        capturers = [c for c in state.hands[seat] if reach >> (CAPTURE_SUM - VALUE[c]) & 1]
        if capturers:
            raise IllegalMove(
                "move/capture_required",
                "{cards} can capture on {table}: a capture is mandatory",
                cards=" ".join(capturers),
                table=" ".join(table),
            )
    claim = None
    if rules.missed_capture == "claimable" and reach >> (CAPTURE_SUM - VALUE[card]) & 1:
        claim = Claimable(seat=(seat + 1) % rules.players, card=card)
    events.append(Played(seat=seat, card=card, capture=(), escopa=False, wrong=False))
    return _replace(
        state,
        hands=_without(state.hands, seat, card),
        table=(*table, card),
        claim=claim,
        turn=(seat + 1) % rules.players,
        last=LastMove(seat=seat, move=card, escopa=False),
    )


def _deal(state: State, events: list[Event]) -> State:
    """Deal the next hand: three cards each, and on a round's first hand the opening table."""
    rules = state.rules
    n = rules.players
    first = state.hand == 0
    dealer = next_dealer(state)
    stock = (
        shuffled_deck(shuffle_key(state.seed), board_of(rules, state.round))
        if first
        else state.stock
    )
    used = HAND_SIZE * n
    dealt: list[tuple[str, ...]] = [()] * n
    for i in range(n):
        dealt[(dealer + 1 + i) % n] = sort_cards(stock[i:used:n])
    hands = tuple(dealt)
    mano = (dealer + 1) % n
    table = state.table
    if first:
        table = stock[used : used + OPENING_TABLE]
        used += OPENING_TABLE
    stock = stock[used:]
    hand_no = state.hand + 1
    events.append(
        HandDealt(
            round=state.round,
            hand=hand_no,
            dealer=dealer,
            hands=hands,
            table=table if first else (),
            stock=len(stock),
            last=not stock,
        )
    )
    assert first or hand_no <= hands_per_round(rules)
    # A claim survives a deal only when the claimant acts first in the new hand.
    claim = state.claim if state.claim is not None and state.claim.seat == mano else None
    state = _replace(
        state,
        status="playing",
        hand=hand_no,
        dealer=dealer,
        turn=mano,
        hands=hands,
        table=table,
        stock=stock,
        claim=claim,
    )
    return _table_bonus(state, events) if first else state


def _table_bonus(state: State, events: list[Event]) -> State:
    """The opening table's bonus: sum 15 gives one escopa and, with `pairs`, two pairs of 15 give
    two; the dealer (or, with `initial_bonus_taker: "mano"`, the first player) takes it."""
    rules = state.rules
    table = state.table
    escopas = opening_escopas(rules.initial_table_bonus, [VALUE[c] for c in table])
    if not escopas:
        return state
    seat = state.dealer if rules.initial_bonus_taker == "dealer" else _mano(state)
    side = side_of(rules, seat)
    events.append(TableBonus(seat=seat, cards=table, escopas=escopas))
    return _replace(
        state,
        table=(),
        captured=_add_to(state.captured, side, table),
        escopas=_bump(state.escopas, side, escopas),
        last_capturer=side,
    )


def opening_escopas(bonus: Bonus, values: Sequence[int]) -> int:
    """The escopas an opening table of these card values gives under the `bonus` rule: one for
    a sum of 15 and, with `pairs`, two for two pairs of 15."""
    if bonus == "none":
        return 0
    if sum(values) == CAPTURE_SUM:
        return 1
    pairs = sum(values) == 2 * CAPTURE_SUM and any(
        values[0] + values[i] == CAPTURE_SUM for i in range(1, len(values))
    )
    return 2 if bonus == "pairs" and pairs else 0


def _mano(state: State) -> int:
    """The first player of the hand: the seat after the dealer."""
    return (state.dealer + 1) % state.rules.players


def _leftover_taker(state: State) -> int | None:
    """The side that takes the table at a round's end: the last capturer or, when nobody
    captured, the dealer of the last hand (who played last), the first player, or nobody."""
    if state.last_capturer is not None:
        return state.last_capturer
    rule = state.rules.leftover_cards
    if rule == "nobody":
        return None
    return side_of(state.rules, state.dealer if rule == "dealer" else _mano(state))


def _end_round(state: State, events: list[Event]) -> State:
    """Give the last cards to the last capturer, score the round, then finish or start the next."""
    rules = state.rules
    left = state.table
    captured = state.captured
    taker = _leftover_taker(state)
    if taker is not None and left:
        captured = _add_to(captured, taker, left)
    if rules.validation == "strict" and _sum(left) % CAPTURE_SUM != len(DECK) // 4:
        raise AssertionError(f"table left at round end sums to {_sum(left)}, not 10 mod 15")
    events.append(LastCardsTaken(side=taker, cards=left))
    score = score_round(
        rules,
        state.round,
        captured,
        state.escopas,
        state.wrong,
        state.scores,
        last_cards=left,
        last_capturer=state.last_capturer,
    )
    events.append(RoundEnded(score=score))
    rounds = (*state.rounds, score)
    outcome = match_outcome(rules, score.match_totals, len(rounds))
    sides = len(state.scores)
    state = _replace(
        state,
        table=left if taker is None else (),
        captured=captured,
        scores=score.match_totals,
        rounds=rounds,
        claim=None,
        turn=None,
    )
    if outcome is not None:
        events.append(MatchEnded(outcome=outcome))
        return _replace(state, status="finished", outcome=outcome)
    state = _replace(
        state,
        status="dealing",
        round=state.round + 1,
        hand=0,
        first_dealer=(state.first_dealer + 1) % rules.players,
        captured=((),) * sides,
        escopas=(0,) * sides,
        wrong=(0,) * sides,
        last_capturer=None,
    )
    return _deal(state, events) if rules.auto_deal else state


def _on_table(table: tuple[str, ...], cards: tuple[str, ...]) -> None:
    """Raise unless every card is on the table."""
    for card in cards:
        if card not in table:
            shown = " ".join(table) or "empty"
            raise IllegalMove(
                "move/card_not_on_table",
                "{card} is not on the table ({table})",
                card=card,
                table=shown,
            )


def _sum(cards: tuple[str, ...]) -> int:
    return sum(map(VALUE.__getitem__, cards))


def _without(
    hands: tuple[tuple[str, ...], ...], seat: int, card: str
) -> tuple[tuple[str, ...], ...]:
    """The hands with `card` removed from `seat`'s."""
    changed = list(hands)
    hand = hands[seat]
    at = hand.index(card)
    changed[seat] = hand[:at] + hand[at + 1 :]
    return tuple(changed)


def _add_to(
    piles: tuple[tuple[str, ...], ...], side: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    changed = list(piles)
    changed[side] = (*piles[side], *cards)
    return tuple(changed)


def _bump(counts: tuple[int, ...], side: int, by: int = 1) -> tuple[int, ...]:
    changed = list(counts)
    changed[side] += by
    return tuple(changed)
