"""Whist's bots in table mode: a card astray (the shared property over every game and bot is
``tests/test_bots_table_mode.py``)."""

from __future__ import annotations

from suite_support import make_bot

from academie.cards import parse_cards
from academie.engine import Mode
from academie.games import load

ASTRAY_DECK = ("JC 6S 3S 2D 5S 2C 4S AS 5H 9C KD QC 8S AC 5D 7H 9D KS TH 3H 4C TS 8D QS 6H 5C 8H 9S 7D 2H 6C AD 7S JS "
               "QH QD KH 4D 3D 8C TC JD 6D 2S AH JH 7C 9H 3C KC 4H TD")
"""The deck order of the card-astray case (seat 3 deals): seat 0 leads ♥K and seat 1 holds ♣2 and ♣5."""


def test_W_P6_the_search_bot_plays_on_with_a_card_astray() -> None:
    """W-P6: a player puts two cards into the trick; the second one is astray, in nobody's hand and unseen, and
    his hand is one card short. The search bot dealt the unseen cards into the other hands (an assertion failed:
    one card too many) and would have handed DDS hands of unequal sizes; it now plays the classical card."""
    game = load("whist")
    state = game.new(game.rules(mode=Mode.TABLE), decks=[parse_cards(ASTRAY_DECK)], first_dealer=3)
    for text in ("play KH", "play 2H", "play 4H", "play 3H", "play 3C", "! two-cards 1 2C 5C"):
        state.apply_text(text)
    assert state.actor == 2 and state.view(2).hand_sizes == (11, 10, 12, 12)
    search = make_bot("whist", "search", 1)
    choice = search.choose(state.view(2))
    assert choice in state.legal_actions()
    assert choice == make_bot("whist", "classical", 1).choose(state.view(2))
