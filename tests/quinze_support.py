"""Helpers of the Quinze test suites: pack orders that deal chosen cards, and scripted coups.

Form A deals from the bottom of the pack (Q-R6): the last card of a ``deck`` order is the first dealt. Name the
cards in the order they leave the pack (the hidden cards in playing order, then each card asked for) and
:func:`colour_deck` builds the order of the colour pack that deals them. Form B deals from the top
(:func:`standard_deck`).

>>> deck = colour_deck(["7S", "KC", "4S", "5C"])
>>> [str(c) for c in deck[-4:]], len(deck)
(['5C', '4S', 'KC', '7S'], 52)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from academie.cards import CARDS, PACK_52, Card, parse_cards
from academie.engine import Mode
from academie.games.quinze import BLACK_PACK, RED_PACK, QuinzeRules, QuinzeState


def colour_deck(dealt: Sequence[str], *, red: bool = False) -> tuple[Card, ...]:
    """An order of the black (or red) pack whose bottom cards are ``dealt``, first dealt last in the order."""
    pack = RED_PACK if red else BLACK_PACK
    wanted = [Card.parse(text) for text in dealt]
    rest = Counter(c.index for c in pack)
    rest.subtract(c.index for c in wanted)
    if any(count < 0 for count in rest.values()):
        raise ValueError(f"the {'red' if red else 'black'} pack holds each card only twice: {dealt}")
    top = [CARDS[index] for index in sorted(rest.elements())]
    return (*top, *reversed(wanted))


def standard_deck(dealt: Sequence[str]) -> tuple[Card, ...]:
    """Form B: an order of the 52-card pack whose top cards are ``dealt``."""
    wanted = [Card.parse(text) for text in dealt]
    return (*wanted, *(c for c in PACK_52 if c not in wanted))


def form_a(players: int, dealer: int, *decks: Sequence[str], mode: Mode = Mode.ENFORCED,
           **options: object) -> QuinzeState:
    """A Form A partie whose successive pack orders deal ``decks`` (black, red, black, ...)."""
    orders = [colour_deck(deck, red=i % 2 == 1) for i, deck in enumerate(decks)]
    rules = QuinzeRules(players=players, mode=mode, **options)  # type: ignore[arg-type]
    return QuinzeState.new(rules, decks=orders, first_dealer=dealer)


def act(state: QuinzeState, *texts: str) -> None:
    """Apply each action with the checked ``apply``; a text ``"2: hold"`` also checks that seat 2 acts."""
    for text in texts:
        seat, sep, action = text.partition(":")
        if sep:
            assert state.actor == int(seat), f"seat {state.actor} is to act, not {seat}, for {action.strip()!r}"
            text = action.strip()
        state.apply_text(text)


def texts(state: QuinzeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)
