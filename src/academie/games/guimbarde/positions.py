"""Setting up a position of La Guimbarde: the pack order that deals chosen hands and turn-up (GUIMBARDE-§2, §3).

A deal is fixed by the order of the pack. :func:`deck` gives the order that, dealt by the engine from ``dealer``
(five cards each by three and two in the order of play from the eldest, GUIMBARDE-§2; the next card turned up for
trumps, GUIMBARDE-§3), gives the hands named and turns up ``turn_up``; every card not named fills the other places
in pack order. (:func:`academie.games.guimbarde.state.arrange_deck` does the same with fewer checks.) A book
position then takes a few lines. The rule file's Example 1 (§6, four players, clubs trumps): A, the eldest, shows
the guimbarde, the king and the marriage of hearts; B shows the fou and takes the point with four diamonds:

>>> from academie.games.guimbarde import GuimbardeRules, GuimbardeState
>>> rules = GuimbardeRules(players=4)
>>> order = deck(hands={0: "QH KH 9H 7S AC", 1: "JD KS QD 8D TD", 2: "QS TS 8S JC 9D", 3: "KC QC 7C AS 7H"},
...              dealer=3, rules=rules, turn_up="TC")
>>> state = GuimbardeState.new(rules, decks=[order], first_dealer=3)
>>> [str(card) for card in state.view(0).hand], str(state.view(0).trump_card)
(['AC', '9H', 'QH', 'KH', '7S'], 'TC')
>>> [(claim.box, claim.seat, claim.amount) for claim in state.view(2).claims]
[('mariage', 0, 4), ('roi', 0, 4), ('guimbarde', 0, 4), ('fou', 1, 4), ('point', 1, 4)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from academie.cards import Card
from academie.engine import RulesError
from academie.games.guimbarde.state import GuimbardeRules, dealt_positions, pack_for, turn_up_position
from academie.positions import arrange, cards_of

"""Cards as text (``"KH QH 7S"``), one card, or a sequence of cards."""


def deck(*, hands: Mapping[int, str | Sequence[Card]], dealer: int, rules: GuimbardeRules | None = None,
         players: int | None = None, turn_up: str | Card | None = None) -> tuple[Card, ...]:
    """The order of the pack (32 cards up to five players, 52 from six, G-§2.1; top first) that, dealt from
    ``dealer`` under ``rules``, gives each seat of ``hands`` the cards named (in part or in full, in the order
    dealt, GUIMBARDE-§2) and turns up ``turn_up`` (GUIMBARDE-§3). ``players``, if given, replaces
    ``rules.players``, as in :meth:`GuimbardeState.new`.

    Raises :class:`RulesError` for a card named twice, a hand given more than five cards, a card that is not in
    the pack of the table, or a seat or dealer that is not at the table.

    >>> deck(hands={0: "6H"}, dealer=0, players=3)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: 6H (seat 0) is not in the 32-card pack of 3 players (7 to ace of each suit)
    """
    if players is not None:  # G-§2.1: as GuimbardeState.new, the number of players given replaces rules.players
        rules = dataclasses.replace(rules or GuimbardeRules(), players=players)
    rules = rules or GuimbardeRules()
    seats = range(rules.players)
    if dealer not in seats:
        raise RulesError(f"dealer={dealer!r} is not allowed; allowed: 0 to {rules.players - 1}")
    places = {f"seat {seat}": dealt_positions(rules, dealer, seat) for seat in seats}
    places["the turn-up"] = (turn_up_position(rules),)
    named: dict[str, tuple[Card, ...]] = {}
    for seat, spec in hands.items():
        if seat not in seats:
            raise RulesError(f"seat {seat!r} is not at the table; allowed: 0 to {rules.players - 1}")
        named[f"seat {seat}"] = cards_of(spec, f"the hand of seat {seat}")
    if turn_up is not None:
        named["the turn-up"] = cards_of(turn_up, "the turn-up")
    pack = pack_for(rules.players)
    ranks = "7 to ace" if len(pack) == 32 else "2 to ace"
    return arrange(pack, places, named, pack_name=f"the {len(pack)}-card pack of {rules.players} players "
                    f"({ranks} of each suit)")


__all__ = ["deck"]
