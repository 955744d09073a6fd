"""Setting up a position: ``academie.games.guimbarde.positions.deck`` (the checks every game's positions share are in
``positions_support``)."""

from __future__ import annotations

import random

import pytest
from positions_support import as_spec, check_refusals, filled_in_pack_order, same, split

from academie.cards import PACK_32, PACK_52, Card
from academie.games.guimbarde import GuimbardeRules, GuimbardeState
from academie.games.guimbarde import positions as guimbarde_positions
from academie.games.guimbarde.state import pack_for


@pytest.mark.parametrize("players", range(3, 9))
def test_GUIMBARDE_2_3_guimbarde_deck_deals_the_hands_and_turn_up_asked(players: int) -> None:
    """GUIMBARDE-§2, GUIMBARDE-§3, G-§2.1: at every table (32 or 52 cards, either direction), the order given deals
    exactly the hands named and turns up the card named."""
    rng = random.Random(f"guimbarde {players}")
    for trial, direction in enumerate(("counter-clockwise", "clockwise") * 4):
        rules = GuimbardeRules(players=players, direction=direction)
        dealer = trial % players
        *hands, turn_up, _ = split(rng, pack_for(players), (5,) * players + (1,))
        order = guimbarde_positions.deck(hands={seat: as_spec(rng, hand) for seat, hand in enumerate(hands)},
                                         dealer=dealer, rules=rules, turn_up=turn_up[0])
        state = GuimbardeState.new(rules, decks=[order], first_dealer=dealer)
        assert all(same(state.view(seat).hand) == same(hands[seat]) for seat in range(players))
        assert state.view(dealer).trump_card == turn_up[0]


def test_GUIMBARDE_2_guimbarde_players_shorthand_and_filling() -> None:
    """GUIMBARDE-§2: ``players`` replaces the rules' table, as in ``GuimbardeState.new``; the places left take the
    cards not named in pack order."""
    order = guimbarde_positions.deck(hands={2: "KH"}, dealer=0, players=6, turn_up="2S")
    state = GuimbardeState.new(decks=[order], first_dealer=0, players=6)
    assert Card.parse("KH") in state.view(2).hand and state.view(0).trump_card == Card.parse("2S")
    assert filled_in_pack_order(order, PACK_52, [Card.parse("KH"), Card.parse("2S")])


def test_GUIMBARDE_2_guimbarde_positions_refused_with_what_is_allowed() -> None:
    """GUIMBARDE-§2: a card named too often, a hand given more cards than it holds, a card not in the pack, unreadable
    text, a seat or a dealer not at the table are refused with a RulesError saying what is allowed."""
    check_refusals(guimbarde_positions.deck, {"players": 4}, size=5, pack=PACK_32, foreign="2C")
