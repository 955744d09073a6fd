"""Setting up a position: ``academie.games.whist.positions.deck`` (the checks every game's positions share are in
``positions_support``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from positions_support import as_spec, check_refusals, filled_in_pack_order, same, split

from academie.cards import PACK_32, PACK_52, Card
from academie.engine import RulesError
from academie.games.whist import WhistState
from academie.games.whist import positions as whist_positions


def test_W_3_WHIST_24_whist_deck_deals_the_hands_and_turn_up_asked() -> None:
    """W-§3, WHIST-24: for every dealer, the order given deals exactly the four hands named, and the turn-up named
    is the dealer's last card, whether his hand names it or not."""
    rng = random.Random("whist")
    for trial in range(40):
        dealer = trial % 4
        hands = split(rng, PACK_52, (13, 13, 13, 13))[:4]
        turn_up = rng.choice(hands[dealer])
        named: dict[int, Any] = {seat: as_spec(rng, hands[seat]) for seat in range(4)}
        if trial % 3 == 0:  # the dealer's hand without its turn-up: it is named apart
            named[dealer] = tuple(card for card in hands[dealer] if card != turn_up)
        order = whist_positions.deck(hands=named, dealer=dealer, turn_up=turn_up)
        state = WhistState.new(decks=[order], first_dealer=dealer)
        assert all(same(state.view(seat).hand) == same(hands[seat]) for seat in range(4))
        assert state.trump_card == turn_up and order[51] == turn_up


def test_W_3_whist_cards_not_named_fill_the_pack_in_order() -> None:
    """W-§3: a seat named in part gets those cards first; the places left take the cards not named in pack order;
    without a turn-up, the dealer's thirteenth card is turned."""
    order = whist_positions.deck(hands={1: "AS KS", 3: "2H"}, dealer=2)
    state = WhistState.new(decks=[order], first_dealer=2)
    assert {Card.parse("AS"), Card.parse("KS")} <= set(state.view(1).hand) and Card.parse("2H") in state.view(3).hand
    assert filled_in_pack_order(order, PACK_52, [Card.parse(c) for c in ("AS", "KS", "2H")])
    assert state.trump_card == order[51]


def test_W_3_whist_positions_refused_with_what_is_allowed() -> None:
    """W-§3: a card named too often, a hand given more cards than it holds, a card not in the pack, unreadable
    text, a seat or a dealer not at the table are refused with a RulesError saying what is allowed."""
    check_refusals(whist_positions.deck, {}, size=13, pack=PACK_32, foreign="")


def test_W_3_WHIST_24_whist_turn_up_refused_beside_a_full_hand_or_when_too_long() -> None:
    """W-§3, WHIST-24: a dealer's hand of thirteen besides the turn-up, or two cards for the turn-up, are refused,
    saying how many it holds."""
    with pytest.raises(RulesError, match="seat 0 is given 13 cards besides the turn-up AH; a hand holds 13"):
        whist_positions.deck(hands={0: PACK_52[:13]}, dealer=0, turn_up="AH")
    with pytest.raises(RulesError, match="the turn-up is given 2 cards; it is one card"):
        whist_positions.deck(hands={}, dealer=0, turn_up="AH KH")
