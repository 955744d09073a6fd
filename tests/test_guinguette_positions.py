"""Setting up a position: ``academie.games.guinguette.positions.deck`` (the checks every game's positions share are in
``positions_support``)."""

from __future__ import annotations

import random

import pytest
from positions_support import as_spec, check_refusals, filled_in_pack_order, same, split

from academie.cards import PACK_32, PACK_52, Card
from academie.engine import RulesError
from academie.games.guinguette import GuinguetteRules, GuinguetteState
from academie.games.guinguette import positions as guinguette_positions


@pytest.mark.parametrize("players", range(3, 9))
def test_GU_4_3_GU_4_4_guinguette_deck_deals_the_hands_and_cotillon_asked(players: int) -> None:
    """GU-§4.3, GU-§4.4, GU-§2.1: at every table (36 or 52 cards, either direction), the order given deals exactly
    the hands named, two cards at a time from the eldest, and leaves the cotillon named on top, in its order."""
    rng = random.Random(f"guinguette {players}")
    for trial, direction in enumerate(("counterclockwise", "clockwise") * 4):
        rules = GuinguetteRules(players=players, direction=direction)
        dealer = trial % players
        *hands, cotillon, _ = split(rng, rules.pack, (4,) * players + (3,))
        order = guinguette_positions.deck(hands={seat: as_spec(rng, hand) for seat, hand in enumerate(hands)},
                                          dealer=dealer, rules=rules, cotillon=as_spec(rng, cotillon))
        state = GuinguetteState.new(rules, decks=[order], first_dealer=dealer)
        assert all(same(state.view(seat).hand) == same(hands[seat]) for seat in range(players))
        assert state.cotillon()[:3] == cotillon


def test_GU_4_3_guinguette_players_shorthand_and_filling() -> None:
    """GU-§4.3: ``players`` replaces the rules' table, as in ``GuinguetteState.new``; the places left take the
    cards not named in pack order."""
    order = guinguette_positions.deck(hands={0: "QD 2C"}, dealer=4, players=5, cotillon="AS")
    state = GuinguetteState.new(decks=[order], first_dealer=4, players=5)
    assert {Card.parse("QD"), Card.parse("2C")} <= set(state.view(0).hand) and state.cotillon()[0] == Card.parse("AS")
    assert filled_in_pack_order(order, PACK_52, [Card.parse(c) for c in ("QD", "2C", "AS")])


def test_GU_4_3_guinguette_positions_refused_with_what_is_allowed() -> None:
    """GU-§4.3: a card named too often, a hand given more cards than it holds, a card not in the pack, unreadable
    text, a seat or a dealer not at the table are refused with a RulesError saying what is allowed."""
    check_refusals(guinguette_positions.deck, {"players": 4}, size=4, pack=PACK_32, foreign="5H")


def test_GU_4_4_guinguette_cotillon_refused_when_too_long() -> None:
    """GU-§4.4: a cotillon longer than what the pack leaves after the deal is refused, saying how many it holds."""
    with pytest.raises(RulesError, match="the cotillon is given 21 cards; it holds 20"):
        guinguette_positions.deck(hands={}, dealer=0, players=4, cotillon=PACK_32[:21])
