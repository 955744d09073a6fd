"""What the game record needs from Écarté: what each seat has seen of a deal, the result text, the first dealer."""

from __future__ import annotations

from typing import Any, Final

from academie.cards import Card
from academie.engine import Operation
from academie.games.ecarte.state import CutForDeal, EcarteRules, Shuffle, redact
from academie.registry import RecordHooks, first_dealer_unless


def _dealt_positions(rules: EcarteRules, elder: bool) -> frozenset[int]:
    """E-§3: the deck positions dealt to the elder (non-dealer) or the dealer by the 3-2 or 2-3 pattern."""
    first = rules.deal_pattern[0]
    if elder:
        return frozenset((*range(first), *range(2 * first, 5 + first)))
    return frozenset((*range(first, 2 * first), *range(5 + first, 10)))


_TURN_UP: Final = 10
"""E-§3: the eleventh card is turned up for trumps, seen by both players."""


def seen(before: Any, after: Any, operation: Operation, seat: int) -> tuple[Card, ...]:
    """What a seat has seen: its dealt cards and the turn-up (E-§3, from the order itself, for a turned king may
    end the partie at once), then whatever is in its hand (the cards it draws, ECARTE-VI.1, and in table mode any
    card a law puts there) and the card turned for trumps."""
    action = operation.action
    if isinstance(action, Shuffle):
        positions = _dealt_positions(before.rules, seat != before.dealer) | {_TURN_UP}
        return tuple(action.order[i] for i in sorted(positions))
    trump = after.trump_card
    return (*after.hand(seat), *(() if trump is None else (trump,)))


def result_text(state: Any) -> str:
    """``points0-points1``, then ``games g0-g1`` in a partie liée (E-§6.2); ``*`` until the partie is over."""
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
