"""Setting up a position from a book: the deck order that deals chosen cards to chosen places. Each game's
``positions.deck`` (``academie.games.<game>.positions``) says which places its deal gives to whom; the arranging
is the same for all and lives here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from academie.cards import Card, CardParseError, parse_cards
from academie.engine import RulesError

Cards = str | Card | Sequence[Card]
"""Cards as a game's ``deck`` takes them: text (``"KH 7S"``), one card, or a sequence of cards."""


def cards_of(spec: Cards, what: str) -> tuple[Card, ...]:
    """The cards of ``spec``; text that is not cards is refused naming ``what`` it was for."""
    if isinstance(spec, Card):
        return (spec,)
    if isinstance(spec, str):
        try:
            return parse_cards(spec)
        except CardParseError as error:
            raise RulesError(f"{what}: {error}") from None
    return tuple(spec)


def arrange(pack: Sequence[Card], places: Mapping[str, Sequence[int]], named: Mapping[str, Sequence[Card]], *,
             pack_name: str) -> tuple[Card, ...]:
    """The order of ``pack`` putting each group of named cards at its places, in order; the places left get the
    cards not named, in pack order."""
    copies = Counter(pack)
    left = copies.copy()
    first_named: dict[Card, str] = {}
    order: list[Card | None] = [None] * len(pack)
    for what, cards in named.items():
        slots = places[what]
        if len(cards) > len(slots):
            holder = "a hand" if what.startswith("seat") else "it"
            raise RulesError(f"{what} is given {len(cards)} cards; {holder} holds {len(slots)}")
        for slot, card in zip(slots, cards, strict=False):
            if card not in copies:
                raise RulesError(f"{card} ({what}) is not in {pack_name}")
            if not left[card]:
                times = {1: "once", 2: "twice"}.get(copies[card], f"{copies[card]} times")
                again = {1: "twice", 2: "three times"}.get(copies[card], f"{copies[card] + 1} times")
                raise RulesError(f"{card} is named {again} ({first_named[card]} and {what}); {pack_name} holds it "
                                 f"{times}")
            left[card] -= 1
            first_named.setdefault(card, what)
            order[slot] = card
    rest = iter(without(pack, copies - left))
    return tuple(card if card is not None else next(rest) for card in order)


def without(pack: Sequence[Card], taken: Counter[Card]) -> list[Card]:
    """The cards of ``pack`` left once ``taken`` (counted, for packs holding a card twice) are set aside."""
    rest = []
    for card in pack:
        if taken[card]:
            taken[card] -= 1
        else:
            rest.append(card)
    return rest
