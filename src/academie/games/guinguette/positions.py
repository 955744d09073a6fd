"""Setting up a position of La Guinguette: the pack order that deals chosen hands and cotillon (GU-§4.3, GU-§4.4).

A deal is fixed by the order of the pack. :func:`deck` gives the order that, dealt by the engine from ``dealer``
(four cards each, two at a time, from the eldest, the seat after the dealer, GU-§4.3), gives the hands named and
leaves ``cotillon`` on top of the cotillon, the stock (GU-§4.4); every card not named fills the other places in
pack order. A stir shuffles the cotillon again (GU-§5.1a: a chance action, :class:`Reshuffle`), so its order
counts until the first stir. A book position then takes a few lines. The rule file's Example 1 (§6, four players,
36 cards): A, the eldest, stirs his ♣K and draws the ♣7:

>>> from academie.games.guinguette import GuinguetteRules, GuinguetteState, Reshuffle
>>> rules = GuinguetteRules(players=4)
>>> order = deck(hands={0: "9S 8H KC 6D", 1: "QD JC TH 7S", 2: "TS 9D 8C AH", 3: "KH QS 7D 6C"}, dealer=3,
...              rules=rules, cotillon="7C")
>>> state = GuinguetteState.new(rules, decks=[order], first_dealer=3)
>>> [str(card) for card in state.view(0).hand], [str(action) for action in state.legal_actions()][:2]
(['KC', '6D', '8H', '9S'], ['keep', 'stir KC'])
>>> _ = state.apply_text("stir KC")
>>> _ = state.apply(Reshuffle(state.cotillon()))          # his shuffle leaves the ♣7 on top
>>> [str(card) for card in state.view(0).hand]
['7C', '6D', '8H', '9S']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from academie.cards import Card
from academie.engine import RulesError
from academie.games.guinguette.state import DEALT_AT_A_TIME, HAND_SIZE, GuinguetteRules
from academie.positions import Cards, arrange, cards_of

"""Cards as text (``"KH QH 7S"``), one card, or a sequence of cards."""


def deck(*, hands: Mapping[int, str | Sequence[Card]], dealer: int, rules: GuinguetteRules | None = None,
         players: int | None = None, cotillon: Cards = ()) -> tuple[Card, ...]:
    """The order of the pack (36 cards for three or four players, 52 from five, GU-§2.1; top first) that, dealt
    from ``dealer``, gives each seat of ``hands`` the cards named (in part or in full, in the order dealt,
    GU-§4.3) and puts ``cotillon`` on top of the cotillon, its first card on top (GU-§4.4). ``players``, if given,
    replaces ``rules.players``, as in :meth:`GuinguetteState.new`.

    Raises :class:`RulesError` for a card named twice, a hand given more than four cards, a cotillon given more
    cards than it holds, a card that is not in the pack of the table, or a seat or dealer not at the table.

    >>> deck(hands={1: "QD JC TH 7S 6S"}, dealer=0, players=3)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: seat 1 is given 5 cards; a hand holds 4
    """
    if players is not None:  # GU-§2.1: as GuinguetteState.new, the number of players given replaces rules.players
        rules = dataclasses.replace(rules or GuinguetteRules(), players=players)
    rules = rules or GuinguetteRules()
    count = rules.players
    seats = range(count)
    if dealer not in seats:
        raise RulesError(f"dealer={dealer!r} is not allowed; allowed: 0 to {count - 1}")
    # GU-§4.3: the player at position p of the order of play (0: the eldest) takes two cards in each round
    packets = [DEALT_AT_A_TIME * (round_ * count + position) for round_ in range(HAND_SIZE // DEALT_AT_A_TIME)
               for position in range(count)]
    places: dict[str, tuple[int, ...]] = {}
    for position in range(count):
        starts = packets[position::count]
        places[f"seat {(dealer + 1 + position) % count}"] = tuple(
            start + k for start in starts for k in range(DEALT_AT_A_TIME))
    places["the cotillon"] = tuple(range(HAND_SIZE * count, rules.pack_size))
    named: dict[str, tuple[Card, ...]] = {}
    for seat, spec in hands.items():
        if seat not in seats:
            raise RulesError(f"seat {seat!r} is not at the table; allowed: 0 to {count - 1}")
        named[f"seat {seat}"] = cards_of(spec, f"the hand of seat {seat}")
    named["the cotillon"] = cards_of(cotillon, "the cotillon")
    low = "6" if rules.pack_size == 36 else "2"
    return arrange(rules.pack, places, named, pack_name=f"the {rules.pack_size}-card pack of {count} players "
                    f"({low} to ace of each suit)")


__all__ = ["deck"]
