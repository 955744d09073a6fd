"""Le Quinze, enforced mode: one scenario per rule ID and the rule file's worked examples (§6) exactly.

Seats are numbered in playing order (Q-§2.3): with the dealer at seat 2 of three, seat 0 speaks first. Pack
orders are explicit (see ``quinze_support``), so every card is the one the example names.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from quinze_support import act, colour_deck, form_a, standard_deck, texts

from academie.cards import Card
from academie.engine import PUBLIC, ActionParseError, IllegalActionError, RulesError
from academie.games.quinze import (
    BLACK_PACK,
    RED_PACK,
    Phase,
    QuinzeRules,
    QuinzeState,
    card_values,
    hand_total,
    parse_action,
)

EXAMPLE_1 = ["7S", "KC", "4S", "5C", "3S"]
"""Hidden cards A 7, B K, C 4 (in playing order), then A's card 5 and B's card 3."""


def points(state: QuinzeState) -> tuple[int, ...]:
    return state.ledger.seat_balances()


# ------------------------------------------------------------------------------------------- §6 examples
def test_Q_R15_example_1_plain_coup() -> None:
    """Q-§5.4, Q-§5.2, Q-R15 (Example 1): A opens 3, B holds, C passes; A draws 5 and raises 4, B holds; B draws 3.
    B's 13 beats A's 12: B wins 17; A −8, B +9, C −1."""
    state = form_a(3, 2, EXAMPLE_1)
    assert state.pot() == 3 and state.jeu() == 3
    act(state, "0: open 3", "1: hold", "2: pass")
    assert state.pot() == 9
    act(state, "0: card", "1: want-cards", "0: raise 4", "1: hold", "0: stand", "1: card", "0: want-cards",
        "1: stand")
    assert state.deal_results[-1].points == (-8, 9, -1)
    assert state.deal_results[-1].winners == (1,)
    assert "seat 1 wins 17" in state.last_coup


def test_Q_R13_example_2_a_bust() -> None:
    """Q-R13, Q-§5.3 (Example 2): B draws 8 to his king, 18: he busts, shows his king and is out; A wins 17
    without showing: A +9, B −8, C −1."""
    state = form_a(3, 2, ["7S", "KC", "4S", "5C", "8S"])
    act(state, "0: open 3", "1: hold", "2: pass", "0: card", "1: want-cards", "0: raise 4", "1: hold",
        "0: stand")
    before = state.view(PUBLIC)
    assert before.hole[0] is None and before.hole[1] is None
    act(state, "1: card")
    assert state.deal_results[-1].points == (9, -8, -1)
    assert any("seat 1 shows KC 8S" in line for line in state.last_coup)
    assert not any("seat 0 shows" in line for line in state.last_coup)


def test_Q_R10_example_3_general_pass_and_growing_passe() -> None:
    """Q-R10, Q-R4 (Example 3): four players all pass; everyone antes again (pot 8), the same dealer deals from the
    same pack without shuffling (48 ≥ 4 + 2 cards), and the jeu is now 8."""
    state = form_a(4, 3, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"])
    act(state, "0: pass", "1: pass", "2: pass", "3: pass")
    assert not state.deal_results[-1].completed
    assert state.deal_results[-1].points == (-1, -1, -1, -1)
    assert state.pot() == 8 and state.jeu() == 8
    assert state.dealer == 3 and state.phase is Phase.OPENING and len(state.pack()) == 44
    assert [str(state.hole_card(s)) for s in range(4)] == ["6S", "7S", "8S", "9S"]
    assert texts(state)[:2] == ["pass", "open 8"]


def test_QUINZE_37_example_4_short_cave_and_side_pot() -> None:
    """QUINZE-36, QUINZE-37, Q-§3 (Example 4): A has 2 after the ante, announces it and opens for all he has;
    B holds 2; C raises 5, B holds. Main pot 9 (A, B, C), side pot 10 (B, C). A stands on 14, B on 13, C busts on
    19: A wins 9, B wins 10; A +6, B +2, C −8."""
    state = _restart_with_caves(form_a(3, 2, EXAMPLE_1), (3, 30, 30), ["9S", "KC", "9C", "5S", "3S", "KS"])
    assert texts(state) == ["pass", "announce"]
    act(state, "0: announce", "0: all-in", "1: hold", "2: raise 5", "1: hold")
    assert state.pot() == 19
    act(state, "0: card", "1: want-cards", "2: want-cards", "0: stand", "1: card", "2: want-cards", "1: stand",
        "2: card")
    assert state.deal_results[-1].points == (6, 2, -8)
    assert state.last_coup[-2:] == ("seat 0 wins 9", "seat 1 wins 10")


def _restart_with_caves(state: QuinzeState, caves: tuple[int, ...], dealt: list[str]) -> QuinzeState:
    """A fresh three-player coup in which the seats bought in with ``caves`` (a partie whose caves differ: the
    rules give one cave to all, so the first coup is rebuilt with the ledger untouched)."""
    from academie.engine import ExplicitChance

    fresh = QuinzeState(replace(state.rules, cave=max(caves)), chance=None, first_dealer=2, caves=caves)
    fresh.chance = ExplicitChance([colour_deck(dealt)])
    fresh.resolve_chance()
    return fresh


def test_QUINZE_22_example_5_is_in_the_table_suite() -> None:
    """QUINZE-22 (Example 5) needs table mode: see test_quinze_laws.py; here, enforced mode refuses the act."""
    state = form_a(3, 2, EXAMPLE_1)
    with pytest.raises(IllegalActionError, match="only in table mode"):
        state.apply_text("! expose-other 1 2")
    assert state.operations[-1].action.__class__.__name__ == "Shuffle"


def test_Q_H1_example_6_form_b_double_bust_doubles_the_stake() -> None:
    """Q-§5.8, Q16, Q-H1, Q-H2 (Example 6): stake 2; elder 6 + 4 + 9 = 19 bust (not revealed: he says he stands);
    dealer K + 3 + 4 = 17 bust: drawn, the next game is for 4; then elder stands on 15, dealer reaches 15: the elder
    wins 4."""
    state = QuinzeState.new(QuinzeRules(form="B", players=2, stake=2))
    act(state, "cut 2S 9H")  # the lower card deals: seat 0
    state.apply_text("deck " + " ".join(str(c) for c in standard_deck(["6S", "KH", "4S", "9S", "3H", "4H"])))
    act(state, "1: card", "1: card")
    assert texts(state) == ["stand"] and state.view(1).busted[1]  # Q16: he keeps his bust to himself
    act(state, "1: stand")
    assert state.actor == 0 and state.view(0).busted[1] is False and state.view(0).stood[1]  # the dealer does not know
    act(state, "0: card", "0: card")
    assert state.multiplier == 2 and state.deal_results[-1].points == (0, 0)
    assert state.phase is Phase.CUT  # Q-H2: a new cut after every game
    act(state, "cut 2S 9H")
    state.apply_text("deck " + " ".join(str(c) for c in standard_deck(["KS", "9H", "5S", "6H"])))
    act(state, "1: card", "1: stand", "0: card", "0: stand")
    assert state.deal_results[-1].points == (-4, 4)
    assert state.multiplier == 1


# ------------------------------------------------------------------------------------------- equipment
def test_Q_R2_packs_are_the_two_colours_each_card_twice() -> None:
    """Q-§2.1, Q-R2: the black pack is every club and spade twice, the red pack every heart and diamond twice."""
    assert len(BLACK_PACK) == len(RED_PACK) == 52
    assert {c.suit.letter for c in BLACK_PACK} == {"C", "S"} and {c.suit.letter for c in RED_PACK} == {"D", "H"}
    assert all(BLACK_PACK.count(c) == 2 for c in BLACK_PACK)


def test_Q_R5_the_packs_are_used_in_turn() -> None:
    """Q-R2, Q-R5, Q-R17: a played coup passes the deal to the next seat, who deals the other pack, shuffled and
    cut (a chance order of the red pack; a black order is refused)."""
    state = QuinzeState.new(QuinzeRules(players=3), first_dealer=2)
    black = colour_deck(EXAMPLE_1)
    state.apply_text("deck " + " ".join(map(str, black)))
    act(state, "0: open 3", "1: pass", "2: pass")
    assert state.phase is Phase.SHUFFLE and state.dealer == 0 and state.colour == 1
    with pytest.raises(IllegalActionError, match="red pack"):
        state.apply_text("deck " + " ".join(map(str, black)))
    state.apply_text("deck " + " ".join(map(str, colour_deck([], red=True))))
    assert state.phase is Phase.OPENING and state.actor == 1


def test_Q_2_2_card_values_and_options() -> None:
    """Q-§2.2: ace 1, two to ten face value, courts 10; options: the court value, the ace 1 or 11."""
    values = card_values(10)
    assert [values[Card.parse(t).index] for t in ("AS", "2S", "9S", "TS", "JS", "QS", "KS")] == [1, 2, 9, 10, 10,
                                                                                               10, 10]
    assert card_values(5)[Card.parse("KD").index] == 5
    assert hand_total([Card.parse("AS"), Card.parse("3C")], QuinzeRules()) == 4
    assert hand_total([Card.parse("AS"), Card.parse("3C")], QuinzeRules(ace_one_or_eleven=True)) == 14
    assert hand_total([Card.parse("AS"), Card.parse("9C")], QuinzeRules(ace_one_or_eleven=True)) == 10


def test_Q_2_1_players_two_to_six() -> None:
    """Q-§2.1: 2 to 6 players in Form A; Form B is for two; bad options are named with what is allowed."""
    for players in range(2, 7):
        assert QuinzeState.new(QuinzeRules(players=players), seed=1).n == players
    with pytest.raises(RulesError, match="players=7"):
        QuinzeRules(players=7)
    with pytest.raises(RulesError, match="form B"):
        QuinzeRules(form="B", players=3)
    with pytest.raises(RulesError, match="allowed: 'one', 'pot'"):
        QuinzeRules(min_raise="half")  # type: ignore[arg-type]


def test_Q_R1_places_king_speaks_first_lowest_deals() -> None:
    """Q-R1, Q-§2.3: the king's drawer speaks first; the lowest card sits on his left and deals first."""
    state = QuinzeState.new(QuinzeRules(players=4))
    with pytest.raises(IllegalActionError, match="rotation"):
        state.apply_text("places KS JS QS TS")
    state.apply_text("places TS KS QS JS")
    assert state.dealer == 0 and state.phase is Phase.SHUFFLE
    state.apply_text("deck " + " ".join(map(str, colour_deck([]))))
    assert state.actor == 1


def test_Q_R6_hidden_cards_from_the_bottom_dealer_last() -> None:
    """Q-R6, Q-R7: one card face down to each from the bottom of the pack, in order from the dealer's right;
    the first to speak may only pass or open."""
    state = form_a(3, 1, ["2S", "3S", "4S"])
    assert [str(state.hole_card(s)) for s in (2, 0, 1)] == ["2S", "3S", "4S"]
    assert state.actor == 2 and set(texts(state)) == {"pass", *(f"open {x}" for x in range(3, 40))}


def test_Q_R12_hidden_card_hidden_until_the_showdown() -> None:
    """Q-R12, Q-R11: a hidden card is seen only by its holder until the showdown; cards asked for are dealt face
    up from the bottom and seen by all."""
    state = form_a(3, 2, EXAMPLE_1)
    act(state, "0: open 3", "1: hold", "2: pass", "0: card")
    for viewer in (1, 2, PUBLIC):
        assert state.view(viewer).hole[0] is None
        assert [str(c) for c in state.view(viewer).up[0]] == ["5C"]
    assert str(state.view(0).hole[0]) == "7S"
    act(state, "1: want-cards", "0: stand", "1: card", "0: want-cards", "1: stand")
    assert state.last_coup[:2] == ("seat 0 shows 7S 5C = 12", "seat 1 shows KC 3S = 13")


# ------------------------------------------------------------------------------------------- opening
def test_QUINZE_35_no_opening_below_the_jeu() -> None:
    """QUINZE-35, Q-R8: whoever has the value of the jeu may not open for less; the jeu is the pot."""
    state = form_a(3, 2, EXAMPLE_1)
    with pytest.raises(IllegalActionError, match="at least the jeu"):
        state.apply_text("open 2")
    assert state.actor == 0 and state.pot() == 3


def test_Q_3_fixed_jeu_and_pot_raise_options() -> None:
    """Q-§3 (Q3, Q13): a fixed jeu of k tokens; raises of at least the pot."""
    state = form_a(3, 2, EXAMPLE_1, fixed_jeu=5, min_raise="pot")
    assert texts(state)[1] == "open 5"
    act(state, "0: open 5", "1: hold")
    assert next(t for t in texts(state) if t.startswith("raise")) == "raise 13"


def test_QUINZE_36_short_player_must_announce() -> None:
    """QUINZE-36: a player with only part of the jeu must state what he has, otherwise he is out (he may pass)."""
    state = _restart_with_caves(form_a(3, 2, EXAMPLE_1), (3, 30, 30), EXAMPLE_1)
    assert texts(state) == ["pass", "announce"]
    with pytest.raises(IllegalActionError):
        state.apply_text("all-in")
    act(state, "0: announce")
    assert texts(state) == ["pass", "all-in"] and state.view(1).announced[0]
    assert state.rulings[-1] == "QUINZE-36: seat 0 announces 2"


def test_Q_5_2_last_player_in_takes_the_pot_without_showing() -> None:
    """Q-§5.2: everybody else passes after an opening: the opener takes the pot, his card unseen."""
    state = form_a(3, 2, EXAMPLE_1)
    act(state, "0: open 3", "1: pass", "2: pass")
    assert state.deal_results[-1].points == (2, -1, -1)
    assert not any("shows" in line for line in state.last_coup)


def test_Q_R9_hold_matches_raise_exceeds() -> None:
    """Q-R9: to hold brings one's stake to the highest; to raise adds to it; the others must answer."""
    state = form_a(3, 2, EXAMPLE_1)
    act(state, "0: open 3", "1: raise 2")
    assert state.view(PUBLIC).contributions == (3, 5, 0) and state.actor == 2
    act(state, "2: hold", "0: hold")
    assert state.view(PUBLIC).contributions == (5, 5, 5) and state.phase is Phase.DRAW


def test_Q_3_nobody_stakes_more_than_his_cave() -> None:
    """Q-§3, Q-R3: raises go up to the cave and no further."""
    state = form_a(2, 1, ["7S", "KC"], cave=10)
    assert texts(state)[-1] == "open 9"
    act(state, "0: open 9")
    assert state.caves[0] == 0 and texts(state) == ["pass", "hold"]


# ------------------------------------------------------------------------------------------- drawing
def test_Q_5_3_raise_between_cards_and_declared_bust() -> None:
    """Q-§5.3: a drawer may raise before or after any card; a bust is declared at once and the buster is out."""
    state = form_a(3, 2, ["7S", "KC", "4S", "5C", "9S"])
    act(state, "0: open 3", "1: hold", "2: hold", "0: raise 1", "1: hold", "2: hold", "0: card")
    assert state.actor == 1 and texts(state)[:2] == ["want-cards", "with-that"]
    act(state, "1: want-cards", "2: want-cards", "0: card")
    assert state.view(PUBLIC).busted[0] and str(state.view(PUBLIC).hole[0]) == "7S"
    assert state.actor == 1


def test_Q_5_3_silent_bust_is_found_at_the_showdown() -> None:
    """Q-§5.3 (Q8, option silent_bust): the buster stops drawing but nobody else knows until the showdown: the
    other still has the word after his card, and his turn ends only when he says he stands (or raises, a bluff)."""
    state = form_a(2, 1, ["7S", "KC", "9S"], silent_bust=True)
    act(state, "0: open 2", "1: hold", "0: card")
    assert not state.view(1).busted[0] and state.view(0).busted[0]
    act(state, "1: with-that")
    assert texts(state)[:1] == ["stand"] and "card" not in texts(state) and "raise 1" in texts(state)
    with pytest.raises(IllegalActionError, match=r"Q-§5\.3"):
        state.apply_text("card")
    act(state, "0: stand", "1: stand")
    assert state.deal_results[-1].points == (-3, 3)


@pytest.mark.parametrize("answer", ["with-that", "raise 3"])
def test_Q_5_3_a_silent_bust_shows_in_no_other_view(answer: str) -> None:
    """Q-§5.3 (Q8, option silent_bust): a buster and a player under fifteen who draw the same card and then say
    the same things leave the other seat the same view, the same moves and the same turn at every step, up to
    the showdown."""
    busts = form_a(2, 1, ["7S", "KC", "9S", "2C"], silent_bust=True)  # 7 + 9: over fifteen
    holds = form_a(2, 1, ["5S", "KC", "9S", "2C"], silent_bust=True)  # 5 + 9: fourteen
    steps = ["0: open 2", "1: hold", "0: card", f"1: {answer}"]
    steps += ["0: hold"] if answer.startswith("raise") else []
    steps += ["0: stand"]
    for step in steps:
        act(busts, step)
        act(holds, step)
        assert busts.view(1) == holds.view(1) and busts.view(PUBLIC) == holds.view(PUBLIC)
        assert busts.actor == holds.actor
        if busts.actor == 1:
            assert busts.legal_actions() == holds.legal_actions()
    assert busts.view(0).busted[0] and not holds.view(0).busted[0]


def test_Q_R14_standing_is_final() -> None:
    """Q-R14, QUINZE-19: once he has stood, a player is not asked again and cannot draw."""
    state = form_a(2, 1, ["7S", "KC", "2S"])
    act(state, "0: open 2", "1: hold", "0: stand")
    assert state.actor == 1
    act(state, "1: card", "0: want-cards")
    assert state.actor == 1 and "card" in texts(state)


def test_QUINZE_31_want_cards_passes_the_word_or_holds() -> None:
    """QUINZE-31: « voulez-vous cartes ? » passes the word without a raise; said to a raiser it is "je tiens"."""
    state = form_a(2, 1, ["7S", "KC", "2S"])
    act(state, "0: open 2", "1: hold", "0: card")
    assert state.actor == 1
    act(state, "1: with-that")
    assert state.actor == 0 and state.view(PUBLIC).contributions == (2, 2)
    act(state, "0: raise 3", "1: want-cards")
    assert state.view(PUBLIC).contributions == (5, 5)
    assert state.ledger.entries[-1].reason == "Q-R9"


def test_QUINZE_39_the_drawer_may_raise_after_answering() -> None:
    """QUINZE-39: asked « en voulez-vous encore ? » before all is staked, the drawer answers and may raise."""
    state = form_a(2, 1, ["7S", "KC", "2S", "3S"])
    act(state, "0: open 2", "1: hold", "0: card", "1: want-cards")
    assert "raise 1" in texts(state) and "card" in texts(state)
    act(state, "0: card", "1: want-cards", "0: raise 2")
    assert state.actor == 1


def test_QUINZE_40_weak_all_in_drawer_strong_players_have_the_word() -> None:
    """QUINZE-40 (law 31 applied): the weak player is all-in; after his card each strong player has the word and
    « voulez-vous cartes ? » passes it on without a raise."""
    state = _restart_with_caves(form_a(3, 2, EXAMPLE_1), (3, 30, 30), ["9S", "KC", "9C", "2S", "3S"])
    act(state, "0: announce", "0: all-in", "1: hold", "2: hold", "0: card")
    assert state.actor == 1 and texts(state)[:2] == ["want-cards", "with-that"]
    act(state, "1: want-cards")
    assert state.actor == 2
    act(state, "2: want-cards")
    assert state.actor == 0 and not any(t.startswith("raise") for t in texts(state))


# ------------------------------------------------------------------------------------------- showdown
def test_Q_R15_ties_to_the_elder_or_split() -> None:
    """Q-R15 (Q9): equal totals go to the earlier player in order; with ties=split the pot is shared."""
    for ties, expected in (("elder", (3, -3)), ("split", (0, 0))):
        state = form_a(2, 1, ["7S", "7C"], ties=ties)
        act(state, "0: open 2", "1: hold", "0: stand", "1: stand")
        assert state.deal_results[-1].points == expected


def test_Q_R16_all_bust_pot_stays_or_returns() -> None:
    """Q-R16 (Q10): a pot whose players all bust stays on the table for the next coup, or (option) its bets go
    back. Here the side pot between B and C, both bust, while the short A wins the main pot."""
    for all_bust, expected, left in (("carry", (6, -8, -8), 10), ("return", (6, -3, -3), 0)):
        state = _restart_with_caves(form_a(3, 2, EXAMPLE_1, all_bust=all_bust), (3, 30, 30),
                                    ["9S", "KC", "9C", "8S", "KS"])
        act(state, "0: announce", "0: all-in", "1: hold", "2: raise 5", "1: hold", "0: stand", "1: card",
            "2: card")
        assert state.deal_results[-1].points == expected
        assert state.pot() == left


def test_Q_5_7_leftover_shared_at_the_end() -> None:
    """Q-R17, Q-R18, Q-§5.7: the deal passes after each played coup; the partie ends after the agreed rounds (one
    round: one played coup per player) and what is left in the pot (both bust, silent busts) is shared equally."""
    state = form_a(2, 1, ["7S", "7C"], ["9D", "9H", "8D", "8H"], silent_bust=True)
    act(state, "0: open 2", "1: pass")
    assert state.dealer == 0 and not state.is_terminal
    act(state, "1: open 2", "0: hold", "1: card", "0: with-that", "1: stand", "0: card", "1: with-that", "0: stand")
    assert state.is_terminal and state.pot() == 0
    assert state.ledger.entries[-1].reason == "Q-§5.7"
    assert state.result().points == (1, -1) and state.ledger.total() == 0


TAIL = ["TS", "KC", "2C", "KS", "AC", "AS", "AC"]
"""Hidden cards A 10, B K, C 2; A draws a king (bust), B three aces: the pack is then spent."""


def _spent_pack() -> tuple[QuinzeState, list[str]]:
    """Fifteen general passes use 45 cards; the sixteenth coup is dealt from the last seven."""
    rest = Counter(str(c) for c in BLACK_PACK)
    rest.subtract(TAIL)
    passes = sorted(rest.elements())
    state = form_a(3, 2, passes + TAIL, fixed_jeu=2)
    for _ in range(15):
        act(state, "0: pass", "1: pass", "2: pass")
    assert len(state.pack()) == 4 and len(state.dead_cards()) == 45
    act(state, "0: open 2", "1: hold", "2: hold", "0: card")
    assert state.view(PUBLIC).busted[0]
    act(state, "1: card", "2: want-cards", "1: card", "2: want-cards", "1: card", "2: want-cards")
    assert not state.pack()
    act(state, "1: card")
    return state, passes


def test_QUINZE_25_regathered_pack_first_card_burnt() -> None:
    """QUINZE-25, QUINZE-26, QUINZE-27: the pack runs out mid-coup: the dead cards are gathered (not the buster's,
    not those in play), cut by the busted player (all are in the hand), and the first card is shown and burnt."""
    state, passes = _spent_pack()
    assert state.phase is Phase.REGATHER
    assert sorted(str(c) for c in state.dead_cards()) == passes
    order = [card for card in passes if card != "2C"]
    order.insert(len(order) - 1, "2C")  # the bottom card is burnt, then the two (2C) is served
    state.apply_text("regather " + " ".join(order))
    assert [str(c) for c in state.view(PUBLIC).shown_burnt] == [order[-1]]
    assert [str(c) for c in state.up_cards(1)] == ["AC", "AS", "AC", "2C"] and state.total(1) == 15
    assert "QUINZE-27: seat 0 cut the gathered pack" in state.rulings[-1]
    assert len(state.pack()) == 43


def test_QUINZE_26_busted_cards_not_gathered() -> None:
    """QUINZE-26: an order holding the buster's card (not among the dead cards) is refused."""
    state, passes = _spent_pack()
    with pytest.raises(IllegalActionError, match="dead cards"):
        state.apply_text("regather " + " ".join(["KS", *passes[1:]]))
    assert state.phase is Phase.REGATHER


def test_Q_5_8_form_b_elder_wins_ties_and_stake_capped() -> None:
    """Q-§5.8: the elder draws first and wins ties; nobody pays more than his cave."""
    state = QuinzeState.new(QuinzeRules(form="B", players=2, stake=50, cave=10))
    act(state, "cut 2S 9H")
    state.apply_text("deck " + " ".join(str(c) for c in standard_deck(["KS", "KH"])))
    act(state, "1: stand", "0: stand")
    assert state.deal_results[-1].points == (-10, 10) and state.is_terminal


def test_Q_H2_form_b_cut_again_and_equal_cut_recut() -> None:
    """Q-H2: each game begins with a cut for the deal (lower deals, ace low); equal ranks cut again."""
    state = QuinzeState.new(QuinzeRules(form="B", players=2))
    act(state, "cut 5S 5H")
    assert state.phase is Phase.CUT
    act(state, "cut KS AH")
    assert state.dealer == 1


def test_parse_action_french_and_errors() -> None:
    """QUINZE-31: the French words read as actions; garbage is refused with what is allowed."""
    assert str(parse_action("avec-ça")) == "with-that" and str(parse_action("Voulez-vous-cartes")) == "want-cards"
    with pytest.raises(ActionParseError, match="expected pass, open N"):
        parse_action("bid 3")


def test_QUINZE_35_weak_player_obliges_double_his_money() -> None:
    """QUINZE-35 (option weak_double): the weak player, all-in for 2 with a simple passe, obliges the strong to hold
    to 4; their extra stakes form a side pot he cannot win."""
    state = _restart_with_caves(form_a(3, 2, EXAMPLE_1, weak_double=True), (3, 30, 30),
                                ["9S", "KC", "9C", "5S", "3S", "KS"])
    act(state, "0: announce", "0: all-in")
    assert state.highest() == 4 and state.rulings[-1].endswith("obliges the strong to hold to 4")
    act(state, "1: hold", "2: hold")
    assert state.view(PUBLIC).contributions == (2, 4, 4) and state.phase is Phase.DRAW
    act(state, "0: card", "1: want-cards", "2: want-cards", "0: stand", "1: card", "2: want-cards", "1: stand",
        "2: card")
    assert state.deal_results[-1].points == (6, -1, -5)  # A wins the main pot of 9; B the side pot of 4


def test_QUINZE_38_half_jeu_held_with_only_the_jeu_engages_the_jeu() -> None:
    """QUINZE-38 (option half_jeu, the rule file's reading of Q6): A, short, opens for 2 of a jeu of 3; B, who has
    only the jeu (3), holds and so engages the whole jeu; C must then hold to 3. Off by default: B holds to 2."""
    dealt = ["9S", "KC", "9C", "5S", "3S", "KS"]
    state = _restart_with_caves(form_a(3, 2, EXAMPLE_1, half_jeu=True), (3, 4, 30), dealt)
    act(state, "0: announce", "0: all-in", "1: hold")
    assert state.highest() == 3 and state.rulings[-1].endswith("the jeu (3) is engaged")
    assert state.actor == 2 and "hold" in texts(state)
    act(state, "2: hold")
    assert state.view(PUBLIC).contributions == (2, 3, 3) and state.phase is Phase.DRAW
    plain = _restart_with_caves(form_a(3, 2, EXAMPLE_1), (3, 4, 30), dealt)
    act(plain, "0: announce", "0: all-in", "1: hold", "2: hold")
    assert plain.view(PUBLIC).contributions == (2, 2, 2) and plain.phase is Phase.DRAW
    rich = _restart_with_caves(form_a(3, 2, EXAMPLE_1, half_jeu=True), (3, 30, 30), dealt)
    act(rich, "0: announce", "0: all-in", "1: hold")  # B has far more than the jeu: law 37, he holds to 2
    assert rich.highest() == 2


def test_Q_5_8_form_b_elder_bust_revealed_option() -> None:
    """Q-§5.8 (Q16, option elder_bust="revealed"): the elder's bust is shown and the dealer wins at once, without
    drawing; by default (hidden) the dealer draws without knowing."""
    deck = "deck " + " ".join(str(c) for c in standard_deck(["6S", "KH", "4S", "9S", "3H", "4H"]))
    state = QuinzeState.new(QuinzeRules(form="B", players=2, stake=2, elder_bust="revealed"))
    act(state, "cut 2S 9H")
    state.apply_text(deck)
    act(state, "1: card", "1: card")
    assert state.deal_results[-1].points == (2, -2) and state.up_cards(0) == ()
    assert state.phase is Phase.CUT and state.multiplier == 1
    hidden = QuinzeState.new(QuinzeRules(form="B", players=2, stake=2))
    act(hidden, "cut 2S 9H")
    hidden.apply_text(deck)
    act(hidden, "1: card", "1: card")
    assert texts(hidden) == ["stand"] and not hidden.deal_results  # Q16: he says he stands, keeping his bust
    act(hidden, "1: stand")
    assert hidden.actor == 0 and not hidden.deal_results


@pytest.mark.parametrize("deal_passes", ["coup", "pack"])
def test_Q_R17_the_deal_passes_after_a_coup_or_one_pack_per_dealer(deal_passes: str) -> None:
    """Q-R17 (Q4, option deal_passes): by default the deal passes after a played coup, with the other pack; with
    "pack" the same dealer deals again from the rest of his pack (without shuffle) while N + 2 cards remain."""
    state = form_a(2, 1, ["7S", "KC"], deal_passes=deal_passes)
    act(state, "0: open 2", "1: pass")
    assert state.deal_results[-1].completed
    if deal_passes == "coup":
        assert state.phase is Phase.SHUFFLE and state.colour == 1
    else:
        assert state.phase is Phase.OPENING and state.dealer == 1 and state.colour == 0
        assert len(state.pack()) == 48 and state.actor == 0


def test_Q_R18_one_pack_per_dealer_partie_ends_after_each_dealt_a_pack() -> None:
    """Q-R18 with Q4's "pack": a round is one pack dealt by each player; the partie still ends, zero-sum."""
    state = QuinzeState.new(QuinzeRules(players=3, deal_passes="pack", cave=200), seed=5)
    rng = __import__("random").Random(5)
    while not state.is_terminal:  # the cheapest actions only (pass / the smallest opening / hold; card / stand)
        state.apply(rng.choice(state.legal_actions()[:2]))
    dealers = [r.dealer for r in state.deal_results if r.completed]
    assert len(set(dealers)) == 3 and len(dealers) > 3 and sum(state.result().points) == 0


def test_Q_2_3_direction_option_seats_and_first_speaker() -> None:
    """Q-§2.3, Q-R1 (Q11, option direction): clockwise, the queen sits on the king's right, which is the previous
    seat in playing order; the lowest card (the ten of four) deals, and the jack on his left speaks first. The
    counter-clockwise rotation is then refused."""
    state = QuinzeState.new(QuinzeRules(players=4, direction="clockwise"))
    with pytest.raises(IllegalActionError, match="rotation of T J Q K"):
        state.apply_text("places TS KS QS JS")
    state.apply_text("places QS KS TS JS")
    assert state.dealer == 2
    state.apply_text("deck " + " ".join(map(str, colour_deck([]))))
    assert state.actor == 3


@pytest.mark.parametrize(("direction", "cutter", "seat"), [("counter-clockwise", "second-left", 3),
                                                            ("clockwise", "second-left", 2),
                                                            ("counter-clockwise", "left", 4),
                                                            ("clockwise", "left", 1)])
def test_Q_R5_cutter_and_direction_options(direction: str, cutter: str, seat: int) -> None:
    """Q-R5 (Q12, option cutter; Q11, option direction): five players, the dealer at seat 0: the second player on
    his left (by default) or the player on his left cuts; his left is the previous seat counter-clockwise, the next
    seat clockwise. QUINZE-27's gathered pack goes leftwards the same way."""
    state = form_a(5, 0, [], direction=direction, cutter=cutter)
    assert state.rulings[0] == f"Q-R5: seat {seat} cuts the black pack" and state.cutter() == seat
    from academie.games.quinze.state import Coup, cutter_after_regather

    coup = Coup.fresh(0, 5, 0, 0)
    coup.in_coup = [True] * 5
    left = 1 if direction == "clockwise" else -1
    assert cutter_after_regather(coup, 5, left) == (2 * left) % 5
