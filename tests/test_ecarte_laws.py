"""Table mode of Écarté: one scenario per law of rule file §7 and per seed rule on irregularities
(ECARTE-V.2, V.3, V.4, VI.2, VI.4, VI.6, VI.9). Each test commits the irregular act, checks who is offered which
remedy, applies it and checks the state, the ledger and the ruling's citation."""

from __future__ import annotations

import pytest

from academie.cards import PACK_32, Card, parse_cards
from academie.engine import TABLE, IllegalActionError, Mode
from academie.games.ecarte import EcarteRules, EcarteState, Phase

TABLE_RULES = EcarteRules(mode=Mode.TABLE)
DEALER, ELDER = 0, 1


def deck(elder: str, dealer: str, trump: str, talon: str = "") -> tuple[Card, ...]:
    """A deck order (pattern 3-2, seat 0 dealing) giving these hands and turn-up; the talon starts with
    ``talon`` and the other cards follow in pack order."""
    e, d, t = parse_cards(elder), parse_cards(dealer), parse_cards(trump)
    top = parse_cards(talon)
    rest = [c for c in PACK_32 if c not in (*e, *d, *t, *top)]
    return (*e[:3], *d[:3], *e[3:], *d[3:], *t, *top, *rest)


def table_state(elder: str = "KS QS JS AH TH", dealer: str = "KD QD 7C 8C 9C", trump: str = "9S",
                talon: str = "", *, rules: EcarteRules = TABLE_RULES, more_decks: int = 0) -> EcarteState:
    first = deck(elder, dealer, trump, talon)
    return EcarteState.new(rules, decks=[first] * (1 + more_decks), first_dealer=DEALER)


def act(state: EcarteState, *lines: str) -> None:
    for line in lines:
        state.apply_text(line)


def remedies(state: EcarteState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def hand(state: EcarteState, seat: int) -> set[str]:
    return {str(c) for c in state.hand(seat)}


# ------------------------------------------------------------------------------------------------ modes
def test_irregular_acts_are_refused_in_enforced_mode_and_leave_the_state_unchanged() -> None:
    """In enforced mode (docs/architecture.md, "Table mode") an irregular act cannot happen (E-P1 out of turn as
    the example)."""
    state = EcarteState.new(decks=[deck("KS QS JS AH TH", "KD QD 7C 8C 9C", "9S")], first_dealer=DEALER)
    act(state, "stand")
    before = (list(state.operations), state.view(0), state.view(1))
    with pytest.raises(IllegalActionError, match="only in table mode"):
        state.apply_text("! out-of-turn 0 KD")
    assert (list(state.operations), state.view(0), state.view(1)) == before


def test_an_impossible_irregular_act_is_refused_with_the_reason() -> None:
    """E-P1: only a card the offender holds can be played out of turn."""
    state = table_state()
    act(state, "stand")
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        state.apply_text("! out-of-turn 0 KS")
    with pytest.raises(IllegalActionError, match="unknown irregular act"):
        state.apply_text("! juggle 0")


# ------------------------------------------------------------------------------------------ §7.1 dealing
def test_E_D1_more_than_one_card_exposed_cutting_for_deal_cuts_again() -> None:
    """E-D1: the table rules "cut again" and the cut is made afresh."""
    state = EcarteState(TABLE_RULES)
    act(state, "! cut-exposed 1")
    assert state.actor == TABLE and remedies(state) == ["remedy cut-again law=E-D1"]
    act(state, "remedy cut-again law=E-D1", "cut KH 7S")
    assert state.rulings[-1].startswith("E-D1") and state.dealer == 0 and state.phase is Phase.SHUFFLE


def test_E_D2_card_exposed_cutting_to_the_dealer_gives_a_fresh_cut() -> None:
    """E-D2: ruled automatically with automation; the deal then proceeds from a fresh order."""
    state = EcarteState(TABLE_RULES, first_dealer=0, automate_table=True)
    act(state, "! exposed-in-cut 1")
    assert state.rulings[-1].startswith("E-D2") and state.phase is Phase.SHUFFLE


def test_E_D3_misdeal_found_before_the_turn_up_rectified_or_redealt() -> None:
    """E-D3: the non-dealer chooses to have the error rectified or a fresh deal."""
    state = table_state(talon="7H")
    act(state, "! misdeal 1 1 early")
    assert state.actor == ELDER and remedies(state) == ["remedy rectify law=E-D3", "remedy new-deal law=E-D3"]
    assert len(state.hand(ELDER)) == 6
    act(state, "remedy rectify law=E-D3")
    assert hand(state, ELDER) == {"KS", "QS", "JS", "AH", "TH"} and state.talon()[0] == Card.parse("7H")
    fresh = table_state()
    act(fresh, "! misdeal 0 -1 early", "remedy new-deal law=E-D3")
    assert fresh.phase is Phase.SHUFFLE and fresh.dealer == DEALER and fresh.rulings[-1].startswith("E-D3")


def test_E_D4_misdeal_found_after_the_turn_up_dealer_extras_go_out_of_play() -> None:
    """E-D4 (b): the dealer dealt himself too many: the excess is drawn from his hand and out of play; the trump
    is unchanged. (a) a short non-dealer is completed from the talon."""
    state = table_state(talon="7H 8H")
    act(state, "! misdeal 0 1", "remedy rectify law=E-D4")
    assert len(state.hand(DEALER)) == 5 and Card.parse("7H") in state.discards(DEALER)
    assert state.trump_card == Card.parse("9S")
    short = table_state(talon="7H")
    act(short, "! misdeal 1 -1")
    assert len(short.hand(ELDER)) == 4
    act(short, "remedy rectify law=E-D4")
    assert hand(short, ELDER) == {"KS", "QS", "JS", "AH", "TH"}


def test_E_D5_two_cards_turned_the_non_dealer_chooses_the_trump() -> None:
    """E-D5: the non-dealer, not having looked, chooses which card is trumps; the other is out of play."""
    state = table_state(talon="7H")
    act(state, "! turned-two 0")
    assert state.actor == ELDER
    assert remedies(state) == ["remedy first-trump law=E-D5", "remedy second-trump law=E-D5",
                               "remedy new-deal law=E-D5"]
    act(state, "remedy second-trump law=E-D5")
    assert state.trump_card == Card.parse("7H") and Card.parse("9S") in state.discards(DEALER)
    looked = table_state()
    act(looked, "! turned-two 0 looked")
    assert looked.phase is Phase.SHUFFLE and looked.rulings[-1].startswith("E-D5: a fresh deal")


def test_E_D6_faced_card_in_the_pack_gives_a_fresh_deal() -> None:
    """E-D6: automatic fresh deal by the same dealer; no deal is recorded for the void one."""
    state = table_state()
    act(state, "! faced-card 0")
    assert state.phase is Phase.SHUFFLE and state.dealer == DEALER and state.deal_results == []
    assert state.rulings[-1] == "E-D6: a fresh deal by the same dealer"


def test_E_D7_dealer_exposes_his_own_card_the_deal_stands() -> None:
    """E-D7: the deal stands; the exposed card is seen by the non-dealer."""
    state = table_state()
    act(state, "! dealer-exposes 0 KD")
    assert state.rulings[-1].startswith("E-D7") and state.phase is Phase.ELDER_DECIDES
    assert Card.parse("KD") in state.view(ELDER).exposed[DEALER]


def test_E_D8_dealer_exposes_a_card_of_the_non_dealer_who_chooses() -> None:
    """E-D8: the non-dealer chooses a fresh deal or to let the deal stand."""
    state = table_state()
    act(state, "! dealer-exposes 0 KS")
    assert state.actor == ELDER and remedies(state) == ["remedy new-deal law=E-D8", "remedy stand law=E-D8"]
    act(state, "remedy new-deal law=E-D8")
    assert state.phase is Phase.SHUFFLE


def test_E_D9_deal_out_of_turn_stopped_or_standing() -> None:
    """E-D9 (reconstructed): stopped before the turn-up at the other player's choice, or it stands."""
    state = EcarteState(TABLE_RULES, first_dealer=0)
    act(state, "! deal-out-of-turn 1")
    assert state.actor == 0 and remedies(state) == ["remedy new-deal law=E-D9", "remedy stand law=E-D9"]
    act(state, "remedy stand law=E-D9", "deck " + " ".join(str(c) for c in PACK_32))
    assert state.dealer == 1 and state.actor == 0  # seat 1 dealt, so seat 0 is the elder


def test_E_D10_playing_with_too_many_cards_without_telling_costs_two_points_and_the_king() -> None:
    """E-D10: the opponent scores two and the offender loses the right to mark the king."""
    state = table_state(elder="KS QS JS AH TH", dealer="KD QD 7C 8C 9C", trump="9D", talon="7H")
    act(state, "! misdeal 0 1 hidden", "propose")
    assert "mark-king" in remedies(state)  # he holds the king of trumps and has not played
    act(state, "accept", "discard TH", "discard 9C", "! wrong-count 0")
    assert state.score == (0, 2) and state.ledger.entries[-1].reason == "E-D10"
    assert len(state.hand(DEALER)) == 5
    act(state, "propose")
    assert remedies(state) == ["accept", "refuse"]  # the right to mark the king is lost


def test_E_D11_imperfect_pack_voids_the_deal_only() -> None:
    """E-D11: the current deal is void; earlier deals stand."""
    state = EcarteState.new(TABLE_RULES, decks=[deck("KS QS JS AH TH", "KD QD 7C 8C 9C", "9S"),
                                                deck("KS QS JS AH TH", "KD QD 7C 8C 9C", "KH")], first_dealer=0)
    act(state, "stand")
    while not state.deal_results:
        state.apply(state.legal_actions()[-1])
    earlier, points = list(state.deal_results), state.score
    act(state, "propose", "mark-king")  # seat 1 deals the second deal and marks its turned-up king (E-K3)
    assert state.score[1] == points[1] + 1
    act(state, "! imperfect-pack 1")
    assert state.deal_results == earlier and state.phase is Phase.SHUFFLE and state.score == points
    assert state.rulings[-1].startswith("E-D11") and state.ledger.entries[-1].reason == "E-D11"


# ---------------------------------------------------------------------------------------------- §7.2 king
def test_E_K1_a_king_announced_after_playing_scores_nothing() -> None:
    """E-K1: in enforced play the mark is no longer offered after the first card; in table mode a late
    announcement is refused with its law."""
    state = table_state(elder="KS QS JS AH TH", trump="9S")
    act(state, "stand", "play TH")
    assert "mark-king" not in remedies(state)
    act(state, "! late-king 1")
    assert state.rulings[-1].startswith("E-K1") and state.score == (0, 0)


def test_E_K2_announcing_the_king_without_it_gives_the_opponent_one() -> None:
    """E-K2: the opponent marks one (or waives it)."""
    state = table_state()
    act(state, "! false-king 0")
    assert state.actor == ELDER and remedies(state) == ["remedy mark-one law=E-K2", "remedy waive law=E-K2"]
    act(state, "remedy mark-one law=E-K2")
    assert state.score == (0, 1) and state.ledger.entries[-1].reason == "E-K2"


def test_E_K3_turned_up_king_not_marked_is_lost() -> None:
    """E-K3: in table mode the dealer marks the turned-up king himself; unmarked by the end of the deal, it is
    lost (in enforced mode it is marked for him, E-§3.4)."""
    state = table_state(trump="KH", more_decks=1)
    assert "mark-king" not in remedies(state) and state.score == (0, 0)
    act(state, "stand")
    while state.phase is Phase.PLAY and not state.deal_results:
        state.apply(next(a for a in state.legal_actions() if str(a) != "mark-king"))
    assert state.score[DEALER] <= 2 and any(r.startswith("E-K3") for r in state.rulings)
    assert all(e.reason != "E-§3.4" for e in state.ledger.entries)


# ------------------------------------------------------------------------------- §7.3 proposals, discards
def test_E_X1_ECARTE_VI_2_a_request_cannot_be_withdrawn() -> None:
    """E-X1, ECARTE-VI.2: the attempt is ruled "stands" and the exchange goes on."""
    state = table_state()
    act(state, "propose", "accept", "! retract 0")
    assert state.rulings[-1].startswith("E-X1") and state.phase is Phase.ELDER_DISCARD


def test_E_X2_ECARTE_VI_4_the_number_asked_cannot_change() -> None:
    """E-X2, ECARTE-VI.4: ruled refused; the cards drawn equal the cards discarded."""
    state = table_state()
    act(state, "propose", "accept", "discard AH TH", "! change-count 1")
    assert state.rulings[-1].startswith("E-X2") and len(state.hand(ELDER)) == 5


def test_E_X3_talon_too_short_takes_back_the_excess() -> None:
    """E-X3 (ECARTE-VI.5): take what remains and take back the excess from one's last discard."""
    state = table_state()
    for _ in range(2):
        act(state, "propose", "accept")
        state.apply(state.legal_actions()[-1])  # the elder discards his whole hand
        state.apply(state.legal_actions()[-1])  # the dealer too
    assert len(state.talon()) == 1
    act(state, "propose", "accept")
    state.apply(state.legal_actions()[-1])
    assert state.phase is Phase.ELDER_TAKE_BACK and len(state.talon()) == 0
    state.apply(state.legal_actions()[0])
    assert len(state.hand(ELDER)) == 5 and state.phase is Phase.PLAY


def test_E_X4_ECARTE_VI_6_looking_at_ones_discard_exposes_the_hand() -> None:
    """E-X4, ECARTE-VI.6: the offender plays with his hand face up: every view shows it."""
    state = table_state()
    act(state, "propose", "accept", "discard AH TH", "discard 7C 8C", "! look-discard 1")
    assert state.rulings[-1].startswith("ECARTE-VI.6")
    assert set(state.view(DEALER).exposed[ELDER]) == set(state.hand(ELDER))
    assert set(state.view(-3).exposed[ELDER]) == set(state.hand(ELDER))


def test_E_X5_E_X6_the_two_point_laws_are_the_seed_rules() -> None:
    """E-X5 (ECARTE-VI.7) and E-X6 (ECARTE-VI.8): a refuser or stander who takes fewer than three tricks gives
    two; in table mode as in enforced mode."""
    state = table_state(elder="7H 8H 9H 7D 8D", dealer="KS QS JS KC QC", trump="AS")
    act(state, "stand")
    while not state.deal_results:
        state.apply(state.legal_actions()[0])
    last = state.ledger.entries[-1]
    assert (last.target, last.amount, last.reason) == (DEALER, 2, "ECARTE-VI.8")
    refused = table_state(elder="KS QS JS KC QC", dealer="7H 8H 9H 7D 8D", trump="AS")
    act(refused, "propose", "refuse")
    while not refused.deal_results:
        refused.apply(refused.legal_actions()[0])
    last = refused.ledger.entries[-1]
    assert (last.target, last.amount, last.reason) == (ELDER, 2, "ECARTE-VI.7")


def test_E_X7_ECARTE_VI_9_card_turned_while_serving_forbids_refusing() -> None:
    """E-X7, ECARTE-VI.9: the dealer who turns up a card while serving may not refuse the next proposal."""
    state = table_state(talon="7H 8H 9H")
    act(state, "propose", "accept", "discard TH", "! turn-up-serving 0")
    assert Card.parse("8H") in state.discards(DEALER)
    act(state, "discard", "propose")
    assert remedies(state) == ["accept"]
    with pytest.raises(IllegalActionError, match="allowed: accept"):
        state.apply_text("refuse")


def test_E_X8_extra_card_served_goes_back_or_binds_the_dealer() -> None:
    """E-X8 (reconstructed): unseen extras go back on the talon; seen ones are out of play and the dealer may not
    refuse the next proposal."""
    state = table_state(talon="7H 8H 9H")
    act(state, "propose", "accept", "discard TH", "! over-serve 0 1")
    assert state.actor == ELDER and len(state.hand(ELDER)) == 6
    act(state, "remedy return-extras law=E-X8")
    assert len(state.hand(ELDER)) == 5 and state.talon()[0] == Card.parse("8H")
    seen = table_state(talon="7H 8H 9H")
    act(seen, "propose", "accept", "discard TH", "! over-serve 0 1", "remedy extras-seen law=E-X8",
        "discard", "propose")
    assert remedies(seen) == ["accept"]


# ---------------------------------------------------------------------------------------------- §7.4 play
def test_E_P1_ECARTE_V_4_card_out_of_turn_taken_back_if_not_covered() -> None:
    """E-P1, ECARTE-V.4: taken back (no penalty), and the rightful leader leads."""
    state = table_state()
    act(state, "stand", "! out-of-turn 0 KD", "remedy take-back law=E-P1")
    assert state.actor == ELDER and "KD" in hand(state, DEALER) and state.score == (0, 0)


def test_E_P1_ECARTE_V_4_card_out_of_turn_covered_stands() -> None:
    """E-P1, ECARTE-V.4: if the opponent covers it, the play stands; nobody is penalised."""
    state = table_state()
    act(state, "stand", "! out-of-turn 0 KD", "remedy cover law=E-P1")
    assert state.actor == ELDER and state.view(ELDER).tricks[-1].cards == (Card.parse("KD"),)
    assert state.ledger.entries == []


def test_E_P2_ECARTE_V_2_named_suit_required() -> None:
    """E-P2, ECARTE-V.2: the opponent requires the named suit: the card is taken back and the leader must lead
    the suit he named."""
    state = table_state(trump="9D")
    act(state, "stand", "! misnamed 1 H KS")
    assert state.actor == DEALER
    act(state, "remedy require-named-suit law=E-P2")
    assert remedies(state) == ["play TH", "play AH"]


def test_E_P2_ECARTE_V_3_the_card_covered_stands() -> None:
    """E-P2, ECARTE-V.3: the opponent prefers the card played and covers it; it cannot be taken back."""
    state = table_state()
    act(state, "stand", "! misnamed 1 H KS", "remedy cover law=E-P2")
    assert state.actor == DEALER and state.view(DEALER).tricks[-1].cards == (Card.parse("KS"),)
    assert state.rulings[-1].startswith("ECARTE-V.3")


def test_E_P2_card_stands_when_the_leader_has_none_of_the_named_suit() -> None:
    """E-P2 (Cav 41): if the leader holds none of the suit named, the card led stands."""
    state = table_state()
    act(state, "stand", "! misnamed 1 C KS")
    assert state.rulings[-1].startswith("E-P2") and state.actor == DEALER


def test_E_P3_revoke_corrected_before_the_next_lead_costs_nothing() -> None:
    """E-P3: corrected before the next card is led: the card is taken back and the play corrected."""
    state = table_state(elder="KS QS JS AH TH", dealer="KD QD 7C 8C 7S", trump="9D")
    act(state, "stand", "play KS", "! revoke 0 7C")
    assert state.view(0).tricks_won == (0, 1)
    act(state, "! correct-revoke 0")
    assert remedies(state) == ["play 7S"] and state.rulings[-1].startswith("E-P3")


def test_E_P3_established_revoke_the_opponent_chooses_reduced_score() -> None:
    """E-P3: not corrected: the opponent chooses; reduce-score takes the offender's point to 0."""
    state = table_state(elder="7H 8H 9H 7D 8D", dealer="KS QS JS KC 7S", trump="AC")
    act(state, "propose", "refuse", "play 7H", "! revoke 0 KS")
    while state.pending is None and not state.deal_results:
        state.apply(state.legal_actions()[0])
    assert state.actor == ELDER
    assert remedies(state) == ["remedy replay law=E-P3", "remedy reduce-score law=E-P3"]
    winner = 0 if state.view(0).tricks_won[0] >= 3 else 1
    act(state, "remedy reduce-score law=E-P3")
    assert winner == DEALER  # the revoker won the point...
    assert state.deal_results[-1].points == (0, 0)  # ...reduced from one to nothing
    assert state.rulings[-1].startswith("E-P3")


def test_E_P3_established_revoke_replayed() -> None:
    """E-P3: replay: the hand is played again from the cards held when play began."""
    state = table_state(elder="7H 8H 9H 7D 8D", dealer="KS QS JS KC 7S", trump="AC")
    act(state, "propose", "refuse", "play 7H", "! revoke 0 KS")
    while state.pending is None and not state.deal_results:
        state.apply(state.legal_actions()[0])
    act(state, "remedy replay law=E-P3")
    assert hand(state, ELDER) == {"7H", "8H", "9H", "7D", "8D"} and state.actor == ELDER


def test_E_P4_abandoning_with_no_trick_gives_the_vole() -> None:
    """E-P4: the offender with no trick: the opponent marks the vole (2); with one or two: the point."""
    state = table_state()
    act(state, "stand", "! abandon 1")
    assert state.score == (2, 0) and state.ledger.entries[-1].reason == "E-P4"
    state = table_state(elder="KS QS JS AH TH", dealer="7D 8D 7C 8C 9C", trump="9S")
    act(state, "stand", "play KS")
    state.apply(state.legal_actions()[0])
    act(state, "! abandon 0")  # the dealer has no trick: vole to the elder
    assert state.score == (0, 2)


def test_E_P5_looking_at_the_opponents_tricks() -> None:
    """E-P5: the opponent may require the offender to show his own tricks."""
    state = table_state(elder="KS QS JS AH TH", dealer="7D 8D 7C 8C 9C", trump="9S")
    act(state, "stand", "play KS")
    state.apply(state.legal_actions()[0])
    act(state, "! look-tricks 0")
    assert state.actor == ELDER
    act(state, "remedy show-tricks law=E-P5")
    assert state.rulings[-1].startswith("E-P5")


def test_E_P6_leaving_the_table_abandons_the_game() -> None:
    """E-P6: the offender is deemed to have abandoned: the game is his opponent's."""
    state = table_state()
    act(state, "! leave 0")
    assert state.is_terminal and state.result().winner == ELDER


# ------------------------------------------------------------------------------------ §7.5 score, cards
def test_E_S1_misscore_corrected_before_the_next_deal() -> None:
    """E-S1: corrected without penalty before the cards of the next hand are dealt, not after."""
    state = table_state(more_decks=1)
    act(state, "! misscore 1 2")
    assert state.score == (0, 2)
    act(state, "! correct-score 1")
    assert state.score == (0, 0) and state.ledger.total() == 0
    act(state, "! misscore 1 1", "stand")
    while not state.deal_results:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="no wrong score"):
        state.apply_text("! correct-score 1")


def test_E_S2_new_cards_called_before_the_cut() -> None:
    """E-S2: allowed before the next cut; not during a deal."""
    state = EcarteState(TABLE_RULES, first_dealer=0, automate_table=True)
    act(state, "! new-cards 1")
    assert state.rulings[-1].startswith("E-S2")
    dealt = table_state()
    with pytest.raises(IllegalActionError, match="before the next cut"):
        dealt.apply_text("! new-cards 1")


def test_pending_ruling_blocks_other_acts_and_replay_rebuilds_table_mode() -> None:
    """Table mode: a pending ruling must be given before anything else; the log replays the same rulings
    (E-P1 as the example)."""
    state = table_state()
    act(state, "stand", "! out-of-turn 0 KD")
    with pytest.raises(IllegalActionError, match="allowed: remedy take-back law=E-P1"):
        state.apply_text("play KS")
    act(state, "remedy cover law=E-P1")
    replayed = EcarteState(TABLE_RULES, first_dealer=DEALER)
    for operation in state.operations:
        replayed.apply(operation.action)
    assert replayed.view(0) == state.view(0) and replayed.rulings == state.rulings
