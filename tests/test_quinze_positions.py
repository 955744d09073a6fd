"""Setting up a position: ``academie.games.quinze.positions.deck`` (the checks every game's positions share are in
``positions_support``)."""

from __future__ import annotations

import random

import pytest
from positions_support import as_spec, check_refusals

from academie.cards import Card
from academie.engine import RulesError
from academie.games.quinze import QuinzeRules, QuinzeState
from academie.games.quinze import positions as quinze_positions
from academie.games.quinze.state import BLACK_PACK, RED_PACK


def _open_and_hold(state: QuinzeState) -> int:
    """The first to speak opens for the least, every other holds; returns the first drawer."""
    first = state.actor
    assert isinstance(first, int)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("open")))
    while state.actor != first:
        state.apply_text("hold")
    return first


@pytest.mark.parametrize("players", range(2, 7))
def test_Q_R6_QUINZE_29_quinze_form_a_deck_deals_the_hidden_cards_and_serves_the_stock(players: int) -> None:
    """Q-R6, Q-R2, QUINZE-29: from the black pack, dealt from the bottom, every seat gets the hidden card named,
    and the first card asked for is the stock's first (an ace, so that the drawer cannot bust and end the coup)."""
    rng = random.Random(f"quinze {players}")
    rules = QuinzeRules(players=players)
    for dealer in range(players):
        cards = list(BLACK_PACK)
        cards.remove(Card.parse("AC"))
        rng.shuffle(cards)
        holes, stock = cards[:players], (Card.parse("AC"), *cards[players:players + 3])
        order = quinze_positions.deck(hands={seat: (card,) for seat, card in enumerate(holes)}, dealer=dealer,
                                      rules=rules, stock=as_spec(rng, stock))
        state = QuinzeState.new(rules, decks=[order], first_dealer=dealer)
        assert [state.view(seat).hole[seat] for seat in range(players)] == holes
        drawer = _open_and_hold(state)
        state.apply_text("card")
        assert state.view(drawer).up[drawer] == stock[:1]


def test_Q_R6_quinze_form_a_stock_in_the_order_served() -> None:
    """Q-R6, QUINZE-29: the cards asked for come in the stock's order (a card of a colour pack may be named twice,
    as the pack holds it twice)."""
    rules = QuinzeRules(players=3)
    order = quinze_positions.deck(hands={0: "AC", 1: "AS", 2: "AC"}, dealer=2, rules=rules, stock="2S AS 3C")
    state = QuinzeState.new(rules, decks=[order], first_dealer=2)
    drawer = _open_and_hold(state)
    while len(state.view(drawer).up[drawer]) < 3:
        if state.actor == drawer:
            state.apply_text("card")
        else:
            state.apply_text("with-that")
    assert [str(card) for card in state.view(drawer).up[drawer]] == ["2S", "AS", "3C"]
    rest = list(BLACK_PACK)
    for card in ("AC", "AS", "AC", "2S", "AS", "3C"):
        rest.remove(Card.parse(card))
    assert list(order[:-6]) == rest  # the bottom six are named: the three hidden cards, then the stock


def test_Q_R17_quinze_red_pack_for_the_next_dealer() -> None:
    """Q-R17, Q-R2: when the deal passes, the next dealer shuffles the red pack: the order given for it deals the
    hidden cards named in the second coup."""
    rules = QuinzeRules(players=3)
    black = quinze_positions.deck(hands={}, dealer=0, rules=rules)
    red = quinze_positions.deck(hands={2: "KH", 0: "2D", 1: "7H"}, dealer=1, rules=rules, colour="red")
    assert sorted(c.index for c in red) == sorted(c.index for c in RED_PACK)
    state = QuinzeState.new(rules, decks=[black, red], first_dealer=0)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("open")))
    while state.dealer == 0:
        state.apply_text("pass")
    assert state.dealer == 1
    assert [str(state.view(seat).hole[seat]) for seat in range(3)] == ["2D", "7H", "KH"]


def test_Q_5_8_quinze_form_b_deck_from_the_top() -> None:
    """Q-§5.8: Form B deals one ordinary pack from the top, elder first; the elder's cards asked for follow."""
    rules = QuinzeRules(form="B")
    for dealer in (0, 1):
        order = quinze_positions.deck(hands={dealer: "KS", 1 - dealer: "2H"}, dealer=dealer, rules=rules,
                                      stock="AD 3C")
        state = QuinzeState.new(rules, decks=[order], first_dealer=dealer)
        assert state.view(dealer).hole[dealer] == Card.parse("KS")
        assert state.view(1 - dealer).hole[1 - dealer] == Card.parse("2H")
        state.apply_text("card")
        state.apply_text("card")
        assert [str(card) for card in state.view(1 - dealer).up[1 - dealer]] == ["AD", "3C"]
    with pytest.raises(RulesError, match="not allowed in Form B, which plays with one ordinary pack"):
        quinze_positions.deck(hands={}, dealer=0, rules=rules, colour="red")


def test_Q_R6_Q_R2_quinze_positions_refused_with_what_is_allowed() -> None:
    """Q-R6, Q-R2: a card named too often, a hand given more cards than it holds, a card not in the pack, unreadable
    text, a seat or a dealer not at the table are refused with a RulesError saying what is allowed."""
    check_refusals(quinze_positions.deck, {"players": 3}, size=1, pack=BLACK_PACK, foreign="QH", copies=2)


def test_Q_R6_quinze_stock_refused_when_too_long() -> None:
    """Q-R6: a stock longer than what the pack leaves after the deal is refused, saying how many it holds."""
    with pytest.raises(RulesError, match="the stock is given 51 cards; it holds 50"):
        quinze_positions.deck(hands={}, dealer=0, stock=BLACK_PACK[:51])
