"""La Triomphe's law of irregularities in table mode (T-L1)."""

from __future__ import annotations

import pytest
from test_triomphe_rules import deck
from triomphe.state import TriompheRules, TriompheState

from academie.cards import Card
from academie.engine import IllegalActionError, Irregular, Mode


def table_state() -> TriompheState:
    return TriompheState.new(TriompheRules(mode=Mode.TABLE), decks=[deck("9H 7C 8C 9C TC", "7H KH 7S 8S 9S", "JD")],
                             first_dealer=0)


def test_T_L1_a_card_played_out_of_turn_goes_back_shown_and_the_other_marks_a_point() -> None:
    state = table_state()
    assert state.actor == 1
    state.apply(Irregular("out-of-turn", 0, ("KH",)))
    assert state.score == (0, 1) and state.rulings[-1].startswith("T-L1")
    assert Card.parse("KH") in state.view(0).hand and state.view(1).shown[0] == (Card.parse("KH"),)
    assert state.actor == 1 and state.pending is None  # the law rules by itself; the eldest still leads


def test_T_L1_only_a_card_of_ones_hand_by_the_player_not_to_play_and_only_in_table_mode() -> None:
    state = table_state()
    with pytest.raises(IllegalActionError, match="not to play"):
        state.apply(Irregular("out-of-turn", 1, ("9H",)))
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply(Irregular("out-of-turn", 0, ("9H",)))
    enforced = TriompheState.new(decks=[deck("9H 7C 8C 9C TC", "7H KH 7S 8S 9S", "JD")], first_dealer=0)
    with pytest.raises(IllegalActionError, match="table mode"):
        enforced.apply(Irregular("out-of-turn", 0, ("KH",)))
    assert enforced.operations == enforced.operations[:1] and state.score == (0, 0)


def test_T_L1_T_5_the_penalty_point_may_win_the_game() -> None:
    state = TriompheState.new(TriompheRules(mode=Mode.TABLE, game_points=3), decks=[deck(
        "9H 7C 8C 9C TC", "7H KH 7S 8S 9S", "JD")], first_dealer=0)
    for _ in range(3):
        state.apply(Irregular("out-of-turn", 0, ("KH",)))
    assert state.is_terminal and state.result().winner == 1 and state.score == (0, 3)
    assert state.game_results[0].winner == 1 and not state.deal_results  # the deal in progress counts for nothing
