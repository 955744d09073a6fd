"""La Triomphe's rules, one scenario per rule ID (T-1 … T-5, T-R1), on decks given card by card."""

from __future__ import annotations

import pytest
from triomphe.state import Play, TriompheRules, TriompheState, beats

from academie.cards import PACK_32, Card, parse_cards
from academie.engine import IllegalActionError, RulesError
from academie.games import load
from academie.sim import duplicate

GAME = load("triomphe")


def deck(eldest: str, dealer: str, turn_up: str) -> tuple[Card, ...]:
    """A pack order dealing ``eldest`` and ``dealer`` their five cards (three then two each, the eldest first) and
    turning up ``turn_up``; the other cards follow in pack order."""
    first, second = parse_cards(eldest), parse_cards(dealer)
    top = (*first[:3], *second[:3], *first[3:], *second[3:], Card.parse(turn_up))
    return (*top, *(card for card in PACK_32 if card not in top))


def test_T_1_the_king_is_highest_then_queen_jack_ace_down_to_the_seven() -> None:
    order = [Card.parse(f"{rank}H") for rank in "KQJAT987"]
    assert all(beats(higher, lower, None) and not beats(lower, higher, None)
               for index, higher in enumerate(order) for lower in order[index + 1:])


def test_T_2_five_cards_each_by_three_then_two_and_the_eleventh_turned_for_trumps() -> None:
    state = TriompheState.new(decks=[deck("7C 8C 9C TC JC", "7D 8D 9D TD JD", "KS")], first_dealer=0)
    assert state.view(1).hand == parse_cards("7C 8C 9C TC JC") and state.view(0).hand == parse_cards("7D 8D 9D TD JD")
    assert state.view(1).trump_card == Card.parse("KS") and state.actor == 1


def test_T_3_the_follower_follows_and_heads_the_trick_if_he_can() -> None:
    state = TriompheState.new(decks=[deck("9H 7C 8C 9C TC", "7H KH 7S 8S 9S", "JD")], first_dealer=0)
    state.apply_text("play 9H")
    assert state.legal_actions() == (Play(Card.parse("KH")),)
    with pytest.raises(IllegalActionError, match="T-3"):
        state.apply_text("play 7H")


def test_T_3_void_in_the_suit_led_the_follower_trumps_if_he_can() -> None:
    state = TriompheState.new(decks=[deck("9H 7C 8C 9C TC", "7D KS 7S 8S 9S", "JD")], first_dealer=0)
    state.apply_text("play 9H")
    assert state.legal_actions() == (Play(Card.parse("7D")),)
    state.apply_text("play 7D")
    assert state.view(0).tricks_won == (1, 0) and state.actor == 0


def test_T_3_with_neither_suit_nor_trump_any_card_and_the_lead_holds() -> None:
    state = TriompheState.new(decks=[deck("9H 7C 8C 9C TC", "7S KS 8S 9S TS", "JD")], first_dealer=0)
    state.apply_text("play 9H")
    assert len(state.legal_actions()) == 5
    state.apply_text("play KS")
    assert state.view(0).tricks_won == (0, 1) and state.actor == 1


def test_T_4_three_tricks_mark_one_point_and_the_vole_two() -> None:
    decks = [deck("KC QC JC 7D 8D", "7C 8C 9C KD QD", "AS"), deck("KC QC JC AC TC", "7C 8C 9C 7H 8H", "AS")]
    state = TriompheState.new(decks=decks, first_dealer=0)
    for text in ("play KC", "play 9C", "play QC", "play 8C", "play JC", "play 7C", "play 8D", "play QD", "play KD",
                 "play 7D"):
        state.apply_text(text)
    assert state.deal_results[0].points == (0, 1) and state.deal_results[0].tricks == (2, 3)
    while len(state.deal_results) < 2:  # the deal passes (T-R1): seat 0 leads the five clubs
        state.apply(state.legal_actions()[0])
    assert state.deal_results[1].points == (2, 0) and state.score == (2, 1)


def test_T_5_T_R1_five_points_win_the_game_and_the_deal_passes_each_time() -> None:
    state = GAME.new(seed=4, first_dealer=1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    dealers = [result.dealer for result in state.deal_results]
    assert dealers == [(1 + index) % 2 for index in range(len(dealers))]
    winner = state.result().winner
    assert winner is not None and state.score[winner] >= 5 > state.score[1 - winner]


def test_T_5_the_game_points_are_an_option_checked_with_what_is_allowed() -> None:
    assert TriompheRules(game_points=3).game_points == 3
    with pytest.raises(RulesError, match="allowed: 3, 5, 7, 10"):
        TriompheRules(game_points=4)


def test_the_classical_bot_beats_random_over_duplicate_deals() -> None:
    """The classical bot (T-3's duty to head, trumps drawn when long) against the random bot, seats swapped on
    the same deals: it marks more points a deal."""
    result = duplicate("triomphe", bots=("classical", "random"), deals=200, seed=1)
    assert result.ci[0] > 0
