"""Setting up a position: ``academie.games.ecarte.positions.deck`` (the checks every game's positions share are in
``positions_support``)."""

from __future__ import annotations

import random

import pytest
from positions_support import as_spec, check_refusals, filled_in_pack_order, same, split

from academie.cards import PACK_32, Card
from academie.engine import RulesError
from academie.games.ecarte import EcarteRules, EcarteState
from academie.games.ecarte import positions as ecarte_positions


@pytest.mark.parametrize("pattern", [(3, 2), (2, 3)])
def test_E_3_ecarte_deck_deals_the_hands_turn_up_and_talon_asked(pattern: tuple[int, int]) -> None:
    """E-§3: for either deal pattern and dealer, the order given deals exactly the hands named, turns up the card
    named and leaves the talon named in its order, whatever the deal."""
    rng = random.Random(f"ecarte {pattern}")
    rules = EcarteRules(deal_pattern=pattern)
    for trial in range(40):
        dealer = trial % 2
        dealer_hand, elder_hand, turn_up, talon = split(rng, PACK_32, (5, 5, 1))
        order = ecarte_positions.deck(hands={dealer: as_spec(rng, dealer_hand), 1 - dealer: elder_hand},
                                      dealer=dealer, rules=rules, turn_up=turn_up[0], talon=as_spec(rng, talon))
        state = EcarteState.new(rules, decks=[order], first_dealer=dealer)
        assert same(state.view(dealer).hand) == same(dealer_hand)
        assert same(state.view(1 - dealer).hand) == same(elder_hand)
        assert state.view(1 - dealer).trump_card == turn_up[0] and state.talon() == talon


def test_E_3_ecarte_cards_not_named_fill_the_pack_in_order() -> None:
    """E-§3: hands named in part get the cards named first, in the order dealt; every other place takes the cards
    not named in pack order, and the talon named is drawn first."""
    order = ecarte_positions.deck(hands={1: "KS QH"}, dealer=0, talon="KH 7D")
    state = EcarteState.new(decks=[order], first_dealer=0)
    assert order[:2] == (Card.parse("KS"), Card.parse("QH")) and state.talon()[:2] == (Card.parse("KH"),
                                                                                       Card.parse("7D"))
    assert {Card.parse("KS"), Card.parse("QH")} <= set(state.view(1).hand)
    assert filled_in_pack_order(order, PACK_32, [Card.parse(c) for c in ("KS", "QH", "KH", "7D")])


def test_E_3_ecarte_positions_refused_with_what_is_allowed() -> None:
    """E-§3: a card named too often, a hand given more cards than it holds, a card not in the pack, unreadable
    text, a seat or a dealer not at the table are refused with a RulesError saying what is allowed."""
    check_refusals(ecarte_positions.deck, {}, size=5, pack=PACK_32, foreign="6S")


def test_E_3_ecarte_talon_and_turn_up_refused_when_too_long() -> None:
    """E-§3: a talon longer than what the pack leaves after the deal, or two cards for the turn-up, are refused,
    saying how many it holds."""
    with pytest.raises(RulesError, match="the talon is given 22 cards; it holds 21"):
        ecarte_positions.deck(hands={}, dealer=0, talon=PACK_32[:22])
    with pytest.raises(RulesError, match="the turn-up is given 2 cards"):
        ecarte_positions.deck(hands={}, dealer=0, turn_up="KS QS")
