"""Setting up a position of Le Quinze: the order of the pack that deals chosen hidden cards and draws (Q-R6).

Form A deals from the *bottom* of a colour pack (Q-R6): one hidden card to each player in the order of play, the
seat after the dealer first and the dealer last, then each card asked for, face up, from the bottom too
(QUINZE-29). The two colour packs (Q-R2) each hold the 26 cards of their colour twice: the black pack (clubs and
spades) is dealt first, the red one when the deal passes (Q-R17); :func:`deck` gives the order of either
(``colour``). Form B deals one ordinary pack from the top (Q-§5.8). Either way ``hands`` names each seat's hidden
card, ``stock`` the cards served next, in the order served, whoever asks; every card not named fills the other
places in pack order. A book position then takes a few lines. The rule file's Example 1 (§6, three players): A
(seat 0) speaks first, C (seat 2) deals; the hidden cards are A 7, B K, C 4; A opens for 3, B holds, C passes,
and A asks for a card: a 5.

>>> from academie.games.quinze import QuinzeRules, QuinzeState
>>> rules = QuinzeRules(players=3)
>>> black = deck(hands={0: "7C", 1: "KS", 2: "4C"}, dealer=2, rules=rules, stock="5S 3C")
>>> state = QuinzeState.new(rules, decks=[black], first_dealer=2)
>>> [str(state.view(seat).hole[seat]) for seat in range(3)]
['7C', 'KS', '4C']
>>> for text in ("open 3", "hold", "pass", "card"):
...     _ = state.apply_text(text)
>>> [str(card) for card in state.view(1).up[0]], state.total(0)
(['5S'], 12)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Literal

from academie.cards import PACK_52, Card
from academie.engine import RulesError
from academie.games.quinze.state import BLACK_PACK, RED_PACK, QuinzeRules
from academie.positions import Cards, arrange, cards_of

"""Cards as text (``"KH QH 7S"``), one card, or a sequence of cards."""


def deck(*, hands: Mapping[int, str | Sequence[Card]], dealer: int, rules: QuinzeRules | None = None,
         players: int | None = None, stock: Cards = (), colour: Literal["black", "red"] | None = None,
         ) -> tuple[Card, ...]:
    """The order of the pack (top first) that, dealt from ``dealer``, gives each seat of ``hands`` its hidden card
    (one card) and then serves ``stock``, first card first, to the players who ask (Q-R6, QUINZE-29; Form B:
    Q-§5.8). ``players``, if given, replaces ``rules.players``, as in :meth:`QuinzeState.new`.

    Form A: the order of the ``colour`` pack, black by default (the first dealt, Q-R2, Q-R17); a card may then
    be named twice, since each is there twice. Every seat is dealt a card: a seat whose cave cannot pay the ante
    (Q-R4) is skipped by the engine, and the cards named for the seats after it would go astray. Form B: the
    order of its one 52-card pack; ``colour`` must not be given.

    Raises :class:`RulesError` for a card named more often than the pack holds it, a hand given more than one
    card, a stock longer than the pack after the deal, a card not in the pack (a red card in the black pack), or
    a seat or dealer not at the table.

    >>> deck(hands={0: "7C", 1: "7H"}, dealer=1)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: 7H (seat 1) is not in the black pack (the clubs and spades of two packs, Q-R2)
    """
    rules = rules or QuinzeRules()
    if players is not None and players != rules.players:  # Q-§2.1: as QuinzeState.new, players replaces the rules'
        rules = dataclasses.replace(rules, players=players)
    count = rules.players
    seats = range(count)
    if dealer not in seats:
        raise RulesError(f"dealer={dealer!r} is not allowed; allowed: 0 to {count - 1}")
    order_of_play = [(dealer + k) % count for k in range(1, count + 1)]  # Q-R7: from the dealer's right
    if rules.form == "B":
        if colour is not None:
            raise RulesError(f"colour={colour!r} is not allowed in Form B, which plays with one ordinary pack "
                             "(Q-§5.8); allowed: None")
        pack, pack_name = PACK_52, "the 52-card pack"
        # Q-§5.8: one card each from the top, elder first; the cards drawn come from the top too
        positions = list(range(len(pack)))
    else:
        if colour not in (None, "black", "red"):
            raise RulesError(f"colour={colour!r} is not allowed; allowed: 'black', 'red'")
        red = colour == "red"
        pack = RED_PACK if red else BLACK_PACK
        pack_name = ("the red pack (the hearts and diamonds of two packs, Q-R2)" if red
                     else "the black pack (the clubs and spades of two packs, Q-R2)")
        # Q-R6: "non sur, mais sous le talon": the hidden cards and the cards drawn come from the bottom
        positions = list(reversed(range(len(pack))))
    places: dict[str, tuple[int, ...]] = {f"seat {seat}": (positions[k],) for k, seat in enumerate(order_of_play)}
    places["the stock"] = tuple(positions[count:])
    named: dict[str, tuple[Card, ...]] = {}
    for seat, spec in hands.items():
        if seat not in seats:
            raise RulesError(f"seat {seat!r} is not at the table; allowed: 0 to {count - 1}")
        named[f"seat {seat}"] = cards_of(spec, f"the hand of seat {seat}")
    named["the stock"] = cards_of(stock, "the stock")
    return arrange(pack, places, named, pack_name=pack_name)


__all__ = ["deck"]
