"""What the game record needs from Le Quinze: what each seat has seen, the result text, the first dealer."""

from __future__ import annotations

from academie.cards import Card
from academie.engine import Game, Operation
from academie.games.quinze.state import QuinzeState, redact
from academie.registry import RecordHooks, own_state, signed_points


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """What a seat has seen, for the redacted deck. Form A's colour packs hold every card twice, so a card's text
    cannot say which copy was seen: its decks stay wholly hidden (the record's action lines show all that was
    spoken). Form B's pack is ordinary: the seat's own cards, and both hands once a game is shown."""
    before, after = own_state(before, QuinzeState), own_state(after, QuinzeState)
    if after.rules.form == "A":
        return ()
    shown: list[Card] = []
    if len(after.deal_results) > len(before.deal_results):
        shown = [card for line in after.last_coup for card in _shown_cards(line)]
    hole = after.hole_card(seat)
    own = () if hole is None else (hole, *after.up_cards(seat))
    return (*own, *shown)


def _shown_cards(line: str) -> list[Card]:
    """The cards named in a showdown line ("seat 0 shows 9S 5C = 14")."""
    if " shows " not in line:
        return []
    words = line.split(" shows ", 1)[1].split(" = ", 1)[0].split()
    return [Card.parse(word) for word in words]


result_text = signed_points
"""Q-R18: the counters or tokens won (+) or lost (−) by each seat; ``*`` until the game is over."""


def first_dealer(state: Game) -> int | None:
    """Q-R1, Q-H2: None when the partie began by drawing for places (or cutting), else the first dealer."""
    return own_state(state, QuinzeState).first_dealer


HOOKS = RecordHooks(hide=redact, seen=seen, result_text=result_text, first_dealer=first_dealer)
