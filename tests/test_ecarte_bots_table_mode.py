"""Écarté's bots in table mode: issue 14's case (a remedy to choose after an uncorrected revoke) and the rulings
the books miss (the shared property over every game and bot is ``tests/test_bots_table_mode.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from suite_support import make_bot

from academie import record
from academie.cards import SUIT_MASKS, Suit, mask_of, parse_cards
from academie.engine import Mode, Remedy
from academie.games import GAMES, load
from academie.games.ecarte import ACCEPT, MARK_KING, REFUSE
from academie.games.ecarte.bots.classical import dealer_refuses
from academie.games.ecarte.bots.search import knowledge_of

# ------------------------------------------------------------------------------------------------ issue 14's case
ISSUE_DECKS = ("AH QH AD 9C 7H 8D QS 7D 9D TC 9S KH 8C 8H QD QC AC KC AS JS 7C KS JC 9H JH 8S JD TS KD 7S TH TD",
               "8D 9C TD AC 7S JS TC JH QD QH QS 9H 8S TH KH AD AH TS 9D JC 8C 7H 7C AS JD KS KD 8H 7D QC KC 9S")
"""Issue 14's deck orders (its first deal and the next), as its record gives them: the tests deal from them rather
than from a seed, so that they keep issue 14's cards whatever the seeded generator deals."""


def _issue_deal() -> Any:
    """Issue 14's partie in table mode: seat 1 deals first, from :data:`ISSUE_DECKS`."""
    game = load("ecarte")
    return game.new(game.rules(mode=Mode.TABLE), decks=[parse_cards(deck) for deck in ISSUE_DECKS], first_dealer=1)


def _issue_case() -> Any:
    """The command line's ``play ecarte --seed 4 --first-dealer bot --rules-option mode=table`` with the input
    ``stand``, ``7D``, ``! revoke 0 AD`` and then the first option three times, through the library: the default
    bot (the strongest) sits at seat 1 and deals first, seeded as the command line seeds it (the seed plus its
    seat), and chooses every action of seat 1. The deals are issue 14's, given as deck orders (:data:`ISSUE_DECKS`)."""
    state = _issue_deal()
    game = load("ecarte")
    bot = game.make_bot(game.strongest(), seed=4 + 1)
    script = ["stand", "play 7D", "! revoke 0 AD", None, None, None]
    while script or state.actor == 1:
        if state.actor == 1:
            action = bot.choose(state.view(1))
            assert action in state.legal_actions(), f"the bot chose {action}; legal: {state.legal_actions()}"
            state.apply(action)
            continue
        text = script.pop(0)
        state.apply(state.legal_actions()[0] if text is None else state.parse_action(text))
    return state


def test_E_P3_issue_14_command_line_case_the_default_bot_chooses_a_remedy() -> None:
    """E-P3 (issue 14's command line case, every action as typed): seat 0 revokes with ♦A on ♥7, the deal is
    played out, the revoke stands uncorrected and the law gives the bot (seat 1) the choice between a replay and
    the score reduced. The search bot crashed in its solver there (no card to play: the choice was a remedy) and
    the record was lost; now it chooses a remedy, the partie goes on and its record round-trips."""
    state = _issue_case()
    remedies = [op for op in state.operations if isinstance(op.action, Remedy)]
    assert [(op.actor, op.action.law) for op in remedies] == [(1, "E-P3")]
    assert remedies[0].action.name in ("replay", "reduce-score")
    assert not state.is_terminal and state.pending is None
    game_record = record.from_state(state)
    assert record.read_text(record.write_text(game_record)) == game_record


ISSUE_PLAY = ["stand", "play 7D", "play 8D", "play 7H", "! revoke 0 AD", "play 9D", "play QS", "play QH", "play 9C",
              "play AH", "play TC"]
"""Issue 14's deal with both seats' cards given (the plays the search bot chose on the command line)."""


@pytest.mark.parametrize("bot_name", GAMES["ecarte"].bot_names())
def test_E_P3_every_bot_chooses_the_remedy_of_an_uncorrected_revoke(bot_name: str) -> None:
    """E-P3: in issue 14's position (the revoke uncorrected when the deal ends, the choice of remedy to the
    non-offender, seat 1), every Écarté bot (each registered: random, classical, search, expert...) chooses one of
    the remedies the law offers."""
    state = _issue_deal()
    for text in ISSUE_PLAY:
        state.apply_text(text)
    assert state.actor == 1 and state.pending is not None and state.pending.law == "E-P3"
    choice = make_bot("ecarte", bot_name, 5).choose(state.view(1))
    assert choice in state.legal_actions() and isinstance(choice, Remedy)


# ------------------------------------------------------------------------------------------ rulings the books miss
def test_E_X7_the_classical_dealer_accepts_when_a_card_turned_up_bars_his_refusal() -> None:
    """E-X7, ECARTE-VI.9: the dealer turned up a card while serving, so he may not refuse the next proposal. The
    books (E-§8.3) would refuse with this hand (guarded in one suit with two trumps); the classical bot chose that
    illegal refusal, and now accepts (the search bot, which asks the books, too)."""
    game = load("ecarte")
    deck = parse_cards("8D TH 7C 7S AS 8C JC JS KD JD QH AH 9S AD QC 9C KH QD JH 7D KS TC TS 7H 9H 9D KC TD QS AC "
                       "8S 8H")
    state = game.new(game.rules(mode=Mode.TABLE), decks=[deck], first_dealer=1)
    for text in ("propose", "accept", "discard 7C JC 8D JS", "! turn-up-serving 1", "discard 8C JD 7S AS",
                 "propose"):
        state.apply_text(text)
    view = state.view(1)
    assert REFUSE not in view.legal_actions and ACCEPT in view.legal_actions
    assert view.trump_card is not None and dealer_refuses(view.hand, view.trump_card.suit)[0]
    assert make_bot("ecarte", "classical", 0).choose(view) == ACCEPT
    assert make_bot("ecarte", "search", 0).choose(view) in (ACCEPT, MARK_KING)


def test_E_P3_E_5_a_revoke_proves_no_void_to_the_search_bot() -> None:
    """E-P3, E-§5: in issue 14's deal seat 0 answers ♥7 with ♦A while holding ♥Q ♥A and a trump. Enforced play
    would prove him void in hearts and trumps; after a revoke nothing is proved, so the search bot's reading must
    leave his true cards possible (its worlds held none of his hearts, and could hold too few cards at all)."""
    state = _issue_deal()
    for text in ISSUE_PLAY[:5]:
        state.apply_text(text)
    knowledge = knowledge_of(state.view(1))
    held = mask_of(state.hand(0))
    assert held & SUIT_MASKS[Suit.HEARTS] and held & SUIT_MASKS[Suit.SPADES]  # the revoke is real
    assert held & knowledge.unseen == held and not held & knowledge.forbidden
