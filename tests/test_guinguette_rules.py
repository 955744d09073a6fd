"""Scenario tests of La Guinguette in enforced mode: one test (or a few) per rule ID, and the rule file's worked
examples (§6 of the rule file) reproduced exactly.

Sourced rules are ``GUINGUETTE-§1`` (the seed) and ``GU-§2.1`` … ``GU-§5.1d`` (ADP, Littré); the rest is the
rule file's Reconstruction R1 (``GU-§2.2v``, ``GU-§3.2``, ``GU-§5.2`` … ``GU-§5.6``). Positions: 0 is eldest.
"""

from __future__ import annotations

import pytest
from guinguette_support import act, cards, deal_order, new_deal, set_stock, stacked, stir

from academie.cards import PACK_36, PACK_52, mask_of
from academie.engine import CHANCE, ActionParseError, IllegalActionError, RulesError
from academie.games.guinguette import (
    COTILLON,
    DrawForDeal,
    GuinguetteRules,
    GuinguetteState,
    Phase,
    point_of,
    tierce_of,
)

EXAMPLE_1 = ["9S 8H KC 6D", "QD JC TH 7S", "TS 9D 8C AH", "KH QS 7D 6C"]
"""§6 Example 1: A, B, C (eldest to the dealer's right), D the dealer."""


def _reasons(state: GuinguetteState) -> list[str]:
    return [entry.reason for entry in state.ledger.entries]


def _example_1() -> GuinguetteState:
    state = new_deal(EXAMPLE_1)
    stir(state, "stir KC", "7C")
    stir(state, "stir 7S", "AC")
    act(state, "keep")
    stir(state, "stir KH", "8D")
    act(state, "keep")
    stir(state, "restir AC", "9H")
    act(state, "keep", "bet 2", "raise 4", "hold", "fold", "fold")
    return state


def test_example_1_GU_5_2_full_deal_nets_match_the_rule_file() -> None:
    """§6 Example 1 (GU-§5.2, GU-§5.4a, GU-§5.4b, GU-§5.4c): nets −6, +18, −8, −4; B takes 4 + 18 + 10."""
    state = _example_1()
    result = state.deal_results[0]
    assert result.points == (-6, 18, -8, -4)
    assert (result.guinguette, result.cabaret, result.cotillon) == (1, 1, 1)
    wins = [(e.source, e.target, e.amount) for e in state.ledger.entries if e.reason.startswith("GU-§5.4")]
    assert wins == [("guinguette", 1, 4), ("cabaret", 1, 18), ("cotillon", 1, 10)]
    assert sum(result.points) == 0 and state.ledger.total() == 0


def test_example_1_GU_5_1b_renvi_round_is_for_those_who_stirred() -> None:
    """GU-§5.1b, GU-§5.3a: after round 1 only A, B and D (who stirred) speak again, in order; C does not."""
    state = new_deal(EXAMPLE_1)
    stir(state, "stir KC", "7C")
    stir(state, "stir 7S", "AC")
    act(state, "keep")
    stir(state, "stir KH", "8D")
    spoke = []
    while state.phase is Phase.STIR:
        spoke.append(state.actor)
        act(state, "keep")
    assert spoke == [0, 1, 3]
    assert state.baskets()[2] == 6


def test_example_2_GU_5_4b_point_fallback() -> None:
    """§6 Example 2 (GU-§5.4b, GU-§2.2v): no tierce among A and C: A's 35 beats C's 29."""
    state = new_deal(["KS JD 9C 6H", "KH KD 7S 7D", "QC TD 8S AS", "QH TC 9H 6S"])
    act(state, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    result = state.deal_results[0]
    assert result.cabaret == 0 and result.cotillon == 0 and result.tierce == 0
    assert point_of(mask_of(cards("KS JD 9C 6H"))) == 35 and point_of(mask_of(cards("QC TD 8S AS"))) == 29
    assert result.points[0] == -2 - 1 + 4 + 2  # antes, bet; wins the antes of the cabaret and C's bet


def test_example_3_GU_3_2_unwon_baskets_carry_over() -> None:
    """§6 Example 3 (GU-§3.2): 3 players, ♦Q in the cotillon, nobody bets: all three baskets carry over."""
    state = new_deal(["9S 8H KC 6D", "JC TH 7S 6S", "TS 9D 8C AH"])
    act(state, "keep", "keep", "keep", "pass", "pass", "pass")
    result = state.deal_results[0]
    assert (result.guinguette, result.cabaret, result.cotillon) == (None, None, None)
    assert state.baskets() == (6, 6, 0)  # 3 carried + 3 new antes in each


def test_GUINGUETTE_1_queen_of_diamonds_is_the_guinguette() -> None:
    """GUINGUETTE-§1: the ♦Q's holder takes the guinguette basket, even out of the cabaret contest."""
    state = new_deal(["9S 8H KC 6D", "QD JC TH 7S", "TS 9D 8C AH", "KH QS 7D 6C"])
    act(state, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    assert state.deal_results[0].guinguette == 1


def test_GU_2_1_pack_follows_the_number_of_players() -> None:
    """GU-§2.1: 36 cards for 3–4 players, 52 for 5–8; 3 to 8 players only."""
    assert GuinguetteRules(players=4).pack == PACK_36 and GuinguetteRules(players=5).pack == PACK_52
    for players in (3, 8):
        state = GuinguetteState.new(seed=1, players=players, first_dealer=0)
        assert len(state.cotillon()) == GuinguetteRules(players=players).pack_size - 4 * players
    for wrong in (2, 9):
        with pytest.raises(RulesError, match="allowed: 3, 4, 5, 6, 7, 8"):
            GuinguetteRules(players=wrong)


def test_GU_2_2_ace_is_lowest() -> None:
    """GU-§2.2: kings rank highest and the ace lowest (the draw for deal: an ace never deals first)."""
    state = GuinguetteState.new(players=3)
    state.apply(DrawForDeal(cards("AS KH 6D")))
    assert state.dealer == 0  # the king (seat 1) is highest: his left-hand neighbour (seat 0) deals


def test_GU_2_2v_point_values() -> None:
    """GU-§2.2v: A = 1, 2–10 face value, J/Q/K = 10."""
    assert point_of(mask_of(cards("AS 2H TD KC"))) == 1 + 2 + 10 + 10
    assert point_of(mask_of(cards("JS QS 7C"))) == 27


def test_GU_2_3_stocks_of_thirty_to_forty() -> None:
    """GU-§2.3: stocks of 30 to 40 tokens, 40 by default; the antes come out of them."""
    state = GuinguetteState.new(GuinguetteRules(stock=30), seed=2, first_dealer=0)
    assert state.stocks == (28, 28, 28, 28)
    with pytest.raises(RulesError, match="stock=50"):
        GuinguetteRules(stock=50)


def test_GU_2_4_highest_card_has_his_left_neighbour_deal_and_ties_draw_again() -> None:
    """GU-§2.4, GU-§2.4d: with counter-clockwise play the left-hand neighbour is the previous seat, so the
    highest drawer is eldest; a tie for highest draws again; clockwise play moves the deal."""
    state = GuinguetteState.new(players=4)
    state.apply(DrawForDeal(cards("KS KH 6D 7C")))
    assert state.actor == CHANCE and state.phase is Phase.DRAW
    state.apply(DrawForDeal(cards("6S KH 9D 7C")))
    assert state.dealer == 0 and (state.dealer + 1) % 4 == 1  # seat 1 drew highest and is eldest
    clockwise = GuinguetteState.new(GuinguetteRules(direction="clockwise"))
    clockwise.apply(DrawForDeal(cards("6S KH 9D 7C")))
    assert clockwise.dealer == 2


def test_GU_2_4d_eldest_deals_next() -> None:
    """GU-§2.4d: the deal passes to the eldest hand of the deal just played."""
    state = new_deal(EXAMPLE_1)
    act(state, "keep", "keep", "keep", "keep", "pass", "pass", "pass", "pass")
    assert state.dealer == 0


def test_GU_2_5_three_baskets_and_GU_3_2_antes() -> None:
    """GU-§2.5, GU-§3.2: the baskets are ledger accounts; each player antes 1 to the guinguette and 1 to the
    cabaret; c_ante=0 leaves the cabaret empty; g_ante is "one or more"."""
    state = new_deal(EXAMPLE_1)
    assert state.baskets() == (4, 4, 0) and _reasons(state) == ["GU-§3.2"] * 8
    other = new_deal(EXAMPLE_1, GuinguetteRules(c_ante=0, g_ante=2))
    assert other.baskets() == (8, 0, 0)


def test_GU_3_1_measures_and_GU_5_1d_raises_into_the_cabaret() -> None:
    """GU-§3.1, GU-§5.1d: bets are 1, 2 or 4 tokens put into the cabaret as raises on what it holds."""
    state = new_deal(EXAMPLE_1)
    act(state, "keep", "keep", "keep", "keep")
    assert [str(a) for a in state.legal_actions()] == ["pass", "bet 1", "bet 2", "bet 4"]
    act(state, "bet 4")
    assert state.baskets()[1] == 8 and state.ledger.entries[-1].reason == "GU-§5.1d"
    with pytest.raises(ActionParseError, match="measures are 1"):
        state.apply_text("raise 3")
    with pytest.raises(IllegalActionError):
        state.apply_text("bet 1")


def test_GU_4_2_and_GU_4_3_deal_two_at_a_time_from_eldest() -> None:
    """GU-§4.2, GU-§4.3: the order of the pack after the cut is dealt two cards at a time from eldest."""
    order = deal_order(EXAMPLE_1)
    state = GuinguetteState.new(decks=[order], first_dealer=3)
    assert set(state.hand(0)) == set(order[0:2] + order[8:10])
    assert set(state.hand(3)) == set(order[6:8] + order[14:16])


def test_GU_4_4_undealt_cards_form_the_cotillon() -> None:
    """GU-§4.4: the cards left after the deal are the cotillon, in their order."""
    order = deal_order(EXAMPLE_1, cotillon_top="7C")
    state = GuinguetteState.new(decks=[order], first_dealer=3)
    assert state.cotillon() == order[16:]


def test_GU_5_1a_stir_pays_two_and_draws_the_top_card_unseen() -> None:
    """GU-§5.1a: the stirrer discards, pays 2 to the cotillon basket and takes the top card after the shuffle;
    the others see only that he stirred."""
    state = new_deal(EXAMPLE_1)
    act(state, "stir KC")
    assert state.actor == CHANCE and state.baskets()[2] == 2 and state.stocks[0] == 36
    state.apply(stacked(state, "7C"))
    assert set(state.hand(0)) == set(cards("9S 8H 6D 7C"))
    assert str(state.view(1).history[-1][1]) == "stir ??" and cards("7C")[0] not in state.view(1).hand


def test_GU_5_1e_discard_mixed_into_the_cotillon_or_set_aside() -> None:
    """GU-§5.1e: by default the discard goes into the cotillon (a player can draw it back); the option sets it
    aside and the stock shrinks."""
    state = new_deal(EXAMPLE_1)
    act(state, "stir KC")
    assert cards("KC")[0] in state.cotillon() and len(state.cotillon()) == 21
    state.apply(stacked(state, "KC"))
    assert cards("KC")[0] in state.hand(0)
    aside = new_deal(EXAMPLE_1, GuinguetteRules(discard_mixed=False))
    act(aside, "stir KC")
    assert cards("KC")[0] not in aside.cotillon() and len(aside.cotillon()) == 20
    assert aside.set_aside() == cards("KC")


def test_GU_5_1c_tierces_run_from_the_jack_down_and_never_use_courts() -> None:
    """GU-§5.1c: J-10-9 is best; kings and queens form none; with 52 cards 3-2-A is a tierce."""
    four = GuinguetteRules()
    best = tierce_of(mask_of(cards("JC TH 9S 6D")), four)
    assert best > tierce_of(mask_of(cards("TS 9D 8C AH")), four) > tierce_of(mask_of(cards("8S 7D 6C KH")), four) > 0
    assert tierce_of(mask_of(cards("KS QH JD 9C")), four) == 0
    six = GuinguetteRules(players=6)
    assert tierce_of(mask_of(cards("3S 2H AD KC")), six) > 0


def test_GU_5_1f_options_same_suit_and_ace_next_to_six() -> None:
    """GU-§5.1f: any suits by default; same suit as an option; 7-6-A only with ace_next_to_six; a four-run
    counts as its best tierce."""
    assert tierce_of(mask_of(cards("9S 8H 7D KC")), GuinguetteRules(tierce_same_suit=True)) == 0
    assert tierce_of(mask_of(cards("9S 8S 7S KC")), GuinguetteRules(tierce_same_suit=True)) > 0
    assert tierce_of(mask_of(cards("7S 6H AD KC")), GuinguetteRules()) == 0
    assert tierce_of(mask_of(cards("7S 6H AD KC")), GuinguetteRules(ace_next_to_six=True)) > 0
    rules = GuinguetteRules()
    assert tierce_of(mask_of(cards("JS TH 9D 8C")), rules) == tierce_of(mask_of(cards("JS TH 9D KC")), rules)


def test_GU_5_3a_stirring_needs_the_fee_and_max_stirs_limits_rounds() -> None:
    """GU-§5.3a: a player with fewer than 2 tokens may only keep; max_stirs=1 has no renvi round, and
    max_stirs=3 a second renvi round for those who re-stirred."""
    state = new_deal(EXAMPLE_1, GuinguetteRules(stock=30))
    set_stock(state, 0, 1)  # a poor player
    assert [str(a) for a in state.legal_actions()] == ["keep"]
    one = new_deal(EXAMPLE_1, GuinguetteRules(max_stirs=1))
    stir(one, "stir KC", "7C")
    act(one, "keep", "keep", "keep")
    assert one.phase is Phase.BET
    three = new_deal(EXAMPLE_1, GuinguetteRules(max_stirs=3, restir_cost=2))
    stir(three, "stir KC", "7C")
    act(three, "keep", "keep", "keep")
    stir(three, "restir 7C", "KC")
    assert three.actor == 0 and str(three.legal_actions()[1]).startswith("restir")
    assert three.ledger.entries[-1].amount == 2  # restir_cost=2


def test_GU_5_3b_vying_ends_when_all_in_have_matched() -> None:
    """GU-§5.3b: a passer may come in later; the round ends when all still in have matched and spoken;
    everybody passing means no contest and the cabaret carries."""
    state = new_deal(EXAMPLE_1)
    act(state, "keep", "keep", "keep", "keep", "pass", "bet 1")
    assert state.actor == 2
    act(state, "hold", "hold")
    assert state.actor == 0 and [str(a) for a in state.legal_actions()][:2] == ["fold", "hold"]
    act(state, "raise 2", "hold", "fold", "fold")
    assert state.deal_results[0].cabaret == 1  # no tierce: 37 against 33 on point


def test_GU_5_3b_ladder_and_max_raises() -> None:
    """GU-§5.3b (Q7): with the ladder each measure must step up; max_raises caps the raises."""
    state = new_deal(EXAMPLE_1, GuinguetteRules(betting="ladder"))
    act(state, "keep", "keep", "keep", "keep", "bet 2")
    assert [str(a) for a in state.legal_actions()] == ["fold", "hold", "raise 4"]
    capped = new_deal(EXAMPLE_1, GuinguetteRules(max_raises=1))
    act(capped, "keep", "keep", "keep", "keep", "bet 1", "raise 1")
    assert [str(a) for a in capped.legal_actions()] == ["fold", "hold"]


def test_GU_5_4a_guinguette_carries_when_the_queen_is_in_the_cotillon_and_claim_at_deal_option() -> None:
    """GU-§5.4a: the ♦Q in the cotillon: the basket carries; claimed at the deal: paid at once and shown."""
    hands = ["9S 8H KC 6D", "QH JC TH 7S", "TS 9D 8C AH", "KH QS 7D 6C"]
    state = new_deal(hands)
    act(state, "keep", "keep", "keep", "keep", "pass", "pass", "pass", "pass")
    assert state.deal_results[0].guinguette is None and state.baskets()[0] == 8
    claim = new_deal(EXAMPLE_1, GuinguetteRules(guinguette_claim_at_deal=True))
    assert claim.stocks[1] == 42 and cards("QD")[0] in claim.view(0).shown[1]


def test_GU_5_4a_wild_queen_completes_a_tierce() -> None:
    """GU-§5.4a (Q1 option): the ♦Q as a wild card completes J-10-(9)."""
    hand = mask_of(cards("QD JC TH 7S"))
    assert tierce_of(hand, GuinguetteRules()) == 0
    assert tierce_of(hand, GuinguetteRules(guinguette_wild=True)) == tierce_of(mask_of(cards("JC TH 9S")),
                                                                               GuinguetteRules())


def test_GU_5_4b_equal_tierces_go_to_the_earlier_player_and_carry_option() -> None:
    """GU-§5.4b: equal tierces: the earlier player wins even with a lower point; no_tierce=carry keeps the
    cabaret when nobody still in has a tierce."""
    hands = ["TS 9D 8C AH", "KH QH 7D 6C", "TH 9S 8D KC", "QS JS 7S 6S"]
    state = new_deal(hands)
    act(state, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    assert state.deal_results[0].cabaret == 0
    carry = new_deal(["KS JD 9C 6H", "KH KD 7S 7D", "QC TD 8S AS", "QH TC 9H 6S"],
                     GuinguetteRules(no_tierce="carry"))
    act(carry, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    assert carry.deal_results[0].cabaret is None and carry.deal_results[0].cotillon is None


def test_GU_5_4c_cotillon_basket_options() -> None:
    """GU-§5.4c (Q9): to the cabaret winner; to the ♦Q holder; only to a tierce winner."""
    default = _example_1_with(GuinguetteRules())
    assert (default.deal_results[0].cabaret, default.deal_results[0].cotillon) == (2, 2)
    holder = _example_1_with(GuinguetteRules(cotillon_to="guinguette_holder"))
    assert (holder.deal_results[0].cabaret, holder.deal_results[0].cotillon) == (2, 1)
    point_only = new_deal(["KS JD 9C 6H", "KH KD 7S 7D", "QC TD 8S AS", "QH TC 9H 6S"],
                          GuinguetteRules(cotillon_to="tierce_winner"))
    stir(point_only, "stir 6H", "6D")
    act(point_only, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    assert point_only.deal_results[0].cabaret == 0 and point_only.deal_results[0].cotillon is None
    assert point_only.basket(COTILLON) == 2


def _example_1_with(rules: GuinguetteRules) -> GuinguetteState:
    state = new_deal(EXAMPLE_1, rules)
    stir(state, "stir KC", "7C")
    act(state, "keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold")
    return state


def test_GU_5_4d_side_pots_when_a_player_is_all_in() -> None:
    """GU-§5.4d: a player all-in for less wins only the layer he reached; the layer above goes to the best of
    the others."""
    hands = ["JS TH 9D 6C", "KH KD 7S 7D", "TS 9C 8C AH", "QS QC 6S 6H"]
    state = new_deal(hands, GuinguetteRules(stock=30))
    set_stock(state, 0, 3)  # eldest is short
    act(state, "keep", "keep", "keep", "keep", "pass", "bet 4", "hold", "fold")
    assert [str(a) for a in state.legal_actions()] == ["fold", "all-in"]
    act(state, "all-in")
    wins = [(e.target, e.amount, e.reason) for e in state.ledger.entries if e.source == "cabaret"]
    assert wins == [(0, 4 + 3 + 3 + 3, "GU-§5.4b"), (2, 1 + 1, "GU-§5.4d")]


def test_GU_5_5_partie_length_and_final_share() -> None:
    """GU-§5.5: rounds × players deals; the baskets left are shared equally, remainder from eldest; the
    counters won sum to zero."""
    state = GuinguetteState.new(GuinguetteRules(players=3, rounds=1), seed=5, first_dealer=0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])  # always keep, then pass: nobody ever bets
    assert len(state.deal_results) == 3 and state.baskets() == (0, 0, 0)
    shares = [e for e in state.ledger.entries if e.reason == "GU-§5.5"]
    assert shares and sum(state.result().points) == 0


def test_GU_5_6_trick_phase_gives_the_cotillon_to_most_tricks() -> None:
    """GU-§5.6 (Q10 option): four tricks after the vying, following suit; most tricks takes the cotillon."""
    state = new_deal(EXAMPLE_1, GuinguetteRules(trick_phase=True))
    stir(state, "stir KC", "7C")
    act(state, "keep", "keep", "keep", "keep", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.TRICKS and state.actor == 0
    while state.phase is Phase.TRICKS:
        state.apply(state.legal_actions()[-1])
    result = state.deal_results[0]
    assert sum(result.tricks) == 4 and result.cotillon == result.tricks.index(max(result.tricks))


def test_GU9_ruined_player_buys_a_new_stock() -> None:
    """GU9: a player who cannot pay the antes buys a new stock from the bank (not counted as winnings)."""
    state = new_deal(EXAMPLE_1)
    set_stock(state, 2, 0)
    act(state, "keep", "keep", "keep", "keep", "pass", "pass", "pass", "pass")
    bought = [e for e in state.ledger.entries if e.reason == "GU9"]
    assert [(e.source, e.target, e.amount) for e in bought] == [("banque", 2, 40)]
    assert state.bought[2] == 40 and state.deal_results[0].points[2] == -2
