"""What the game record needs from Écarté: what each seat has seen of a deal, the result text, the first dealer."""

from __future__ import annotations

from typing import Final

from academie.cards import Card
from academie.engine import Game, Operation
from academie.games.ecarte.state import TURN_UP_POSITION, CutForDeal, EcarteState, Shuffle, dealt_positions, redact
from academie.registry import RecordHooks, first_dealer_unless, own_state


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """What a seat has seen: its dealt cards and the turn-up (E-§3, from the order itself, for a turned king may
    end the partie at once), then whatever is in its hand (the cards it draws, ECARTE-VI.1, and in table mode any
    card a law puts there) and the card turned for trumps."""
    before, after = own_state(before, EcarteState), own_state(after, EcarteState)
    action = operation.action
    if isinstance(action, Shuffle):
        positions = dealt_positions(before.rules, elder=seat != before.dealer) | {TURN_UP_POSITION}
        return tuple(action.order[i] for i in sorted(positions))
    trump = after.trump_card
    return (*after.hand(seat), *(() if trump is None else (trump,)))


def result_text(state: Game) -> str:
    """``points0-points1``, then ``games g0-g1`` in a partie liée (E-§6.2); ``*`` until the partie is over."""
    state = own_state(state, EcarteState)
    if not state.is_terminal:
        return "*"
    result = state.result()
    text = f"{result.points[0]}-{result.points[1]}"
    if state.rules.partie_liee:
        text += f" games {result.games[0]}-{result.games[1]}"
    return text


first_dealer = first_dealer_unless(CutForDeal)
"""None when the partie began by cutting for the deal, else the dealer of the first deal."""


HOOKS: Final = RecordHooks(hide=redact, seen=seen, result_text=result_text, first_dealer=first_dealer)
