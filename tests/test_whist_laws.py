"""Whist table mode: one scenario per law of irregularities (the seed's WHIST-10 … WHIST-24 and the rule file's
§7 laws), checking who chooses, the remedies offered and what each does."""

from __future__ import annotations

import pytest
from whist_support import legal_texts, new_rubber, play

from academie.cards import Card
from academie.engine import TABLE, IllegalActionError
from academie.games.whist import Phase, WhistRules, WhistState


def _by_table(state: WhistState) -> None:
    """Let the table give the rulings that need nobody's choice."""
    while state.actor == TABLE:
        state.apply(state.legal_actions()[0])


def _deal(**kwargs: object) -> WhistState:
    return new_rubber({0: "2C 3C 4C AS", 1: "5C 2D 3D KS", 2: "6C 4D AH", 3: "7C 5D"}, dealer=3, turn_up="9H",
                      table=True, **kwargs)  # type: ignore[arg-type]


def test_WHIST_10_W_D1_card_exposed_in_dealing_adversaries_choose() -> None:
    """WHIST-10, W-D1: the dealer's adversaries choose a new deal or to stand; if they caused it, the dealer."""
    state = _deal()
    play(state, "! exposed-in-deal 3 AH")
    assert state.actor == 0 and legal_texts(state) == ["remedy new-deal law=W-D1", "remedy stand law=W-D1"]
    play(state, "remedy stand law=W-D1")
    assert Card.parse("AH") in state.view(1).exposed[2] and state.phase == Phase.PLAY
    caused = _deal()
    play(caused, "! exposed-in-deal 0 AH")
    assert caused.actor == 3
    play(caused, "remedy new-deal law=W-D1")
    assert caused.phase == Phase.SHUFFLE and caused.dealer == 3


def test_WHIST_12_W_D2_faced_card_new_deal_unless_last() -> None:
    """WHIST-12, W-D2: a faced card in the pack voids the deal, unless it is the last (the turn-up)."""
    state = _deal()
    play(state, "! faced-card 1 2C")
    _by_table(state)
    assert state.phase == Phase.SHUFFLE
    last = _deal()
    play(last, "! faced-card 1 9H")
    _by_table(last)
    assert last.phase == Phase.PLAY


def test_WHIST_13_W_D4_W_D3_misdeal_same_dealer_and_looking_no_penalty() -> None:
    """WHIST-13, W-D4: a misdeal: the same dealer deals again (option: the deal passes); W-D3: looking at one's
    cards during the deal is forbidden, with no penalty."""
    state = _deal()
    play(state, "! misdeal 3")
    _by_table(state)
    assert state.phase == Phase.SHUFFLE and state.dealer == 3
    passes = _deal(rules=WhistRules(mode=WhistRules().mode.TABLE, misdeal_loses_deal=True))
    play(passes, "! misdeal 3")
    _by_table(passes)
    assert passes.dealer == 0
    looked = _deal()
    play(looked, "! looks-during-deal 2")
    _by_table(looked)
    assert looked.rulings[-1].startswith("W-D3") and looked.score == (0, 0)


def test_WHIST_15_W_D5_W_D6_W_R7_wrong_number_of_cards() -> None:
    """WHIST-15, W-D6: fourteen cards void the deal; W-D5, W-R7: with twelve the deal stands, the missing card is
    found, and a failure to follow its suit counts as his revoke."""
    state = _deal()
    play(state, "! fourteen-cards 1")
    _by_table(state)
    assert state.phase == Phase.SHUFFLE
    short = _deal()
    play(short, "! twelve-cards 1 5C")
    assert len(short.hand(1)) == 12
    play(short, "play 2C", "play 2D")  # seat 1 plays a diamond while his missing card is a club
    assert short.deal.revokes == [(1, 0)] and short.rulings[-1].startswith("W-R7")
    play(short, "! twelve-found 1")
    assert len(short.hand(1)) == 12 and "WHIST-15" in short.rulings[-1]


def test_W_D8_W_D9_dealer_looks_and_imperfect_pack() -> None:
    """W-D8: the dealer looked at the trump card: the adversaries may exact a new deal; W-D9: an imperfect pack
    voids the hand, the same dealer dealing again."""
    state = _deal()
    play(state, "! dealer-looks 3")
    assert state.actor == 0
    play(state, "remedy new-deal law=W-D8")
    assert state.phase == Phase.SHUFFLE
    imperfect = _deal()
    play(imperfect, "play 2C", "! imperfect-pack 2")
    _by_table(imperfect)
    assert imperfect.phase == Phase.SHUFFLE and imperfect.dealer == 3


def test_WHIST_23_W_D10_fresh_cards_need_consent() -> None:
    """WHIST-23, W-D10: fresh cards mid-game only with consent; refused, play goes on."""
    state = _deal()
    play(state, "play 2C", "! new-cards 1")
    assert legal_texts(state) == ["remedy refuse law=W-D10", "remedy consent law=W-D10"]
    play(state, "remedy refuse law=W-D10")
    assert state.actor == 1 and state.phase == Phase.PLAY


def test_WHIST_24_W_T1_W_T3_the_turn_up_and_asking_for_it() -> None:
    """WHIST-24, W-T1: the dealer taking the turn-up early may be made to lay it down again; W-T3: asking which card
    was turned up once taken in lets the adversaries call the asker's highest or lowest trump."""
    state = _deal()
    play(state, "! trump-taken 3")
    assert state.view(1).turn_up is None and state.actor == 0
    play(state, "remedy lay-on-table law=W-T1")
    assert state.view(1).turn_up == Card.parse("9H")
    play(state, "play 2C", "play 5C", "play 6C", "play 7C")
    play(state, "! ask-turn-up 2")
    play(state, "remedy highest law=W-T3")
    assert state.deal.called[2] == Card.parse("AH").index


def test_W_P1_lead_out_of_turn_card_or_suit_called() -> None:
    """W-P1: a lead out of turn: the card is taken back exposed and called, or the rightful leader (the offender's
    partner) must lead the suit the adversaries name."""
    state = _deal()
    play(state, "! lead-out-of-turn 2 AH")
    assert state.actor == 3 and "remedy call-suit D law=W-P1" in legal_texts(state)
    play(state, "remedy call-suit C law=W-P1")
    assert all(text.endswith("C") for text in legal_texts(state))
    with pytest.raises(IllegalActionError):
        state.apply_text("play AS")


def test_WHIST_17_W_P2_third_hand_before_second_card_stands() -> None:
    """WHIST-17, W-P2: the third hand playing before the second: no penalty, his card stands as his play; the
    fourth hand may play before his partner (he names his card now, face up) or wait for his turn."""
    state = _deal()
    play(state, "play 2C", "! third-before-second 2 6C")
    assert state.actor == 3 and legal_texts(state) == ["remedy play-before 7C law=W-P2", "remedy in-turn law=W-P2"]
    waits = state.clone()
    play(state, "remedy play-before 7C law=W-P2")
    assert Card.parse("7C") in state.view(1).exposed[3] and Card.parse("6C") in state.view(1).exposed[2]
    play(state, "play 5C")
    assert legal_texts(state) == ["play 6C"]
    play(state, "play 6C")
    assert legal_texts(state) == ["play 7C"]
    play(waits, "remedy in-turn law=W-P2")
    assert waits.actor == 1 and not waits.view(1).exposed[3]


def test_WHIST_11_WHIST_14_W_P3_fourth_hand_neither_trump_nor_win() -> None:
    """WHIST-11, WHIST-14, W-P3: the fourth hand played before the second: he may neither trump nor win, and his
    partner (the second hand) may not win, when a card allows it."""
    state = new_rubber({0: "5C", 1: "2C AC 3D", 2: "6C", 3: "KC 3C 2H"}, dealer=3, turn_up="9H", table=True)
    play(state, "play 5C", "! fourth-out-of-turn 3 KC")
    assert state.actor == 0
    play(state, "remedy neither-trump-nor-win law=W-P3")
    assert "play AC" not in legal_texts(state)  # the partner may not win with the ace
    play(state, "play 2C", "play 6C")
    assert "play KC" not in legal_texts(state) and "play 3C" in legal_texts(state)


def test_WHIST_16_W_C1_cards_thrown_down_are_called() -> None:
    """WHIST-16, W-C1: a player who throws his cards face up: all exposed; the adversaries call them."""
    state = _deal()
    play(state, "! throw-down 0")
    assert state.actor == 1 and len(legal_texts(state)) == 13 + 1  # any of his 13 cards, or none now
    assert "remedy call KC law=W-C1" in legal_texts(state) and legal_texts(state)[-1] == "remedy leave law=W-C1"
    play(state, "remedy call KC law=W-C1")
    assert len(state.view(2).exposed[0]) == 13 and legal_texts(state) == ["play KC"]
    play(state, "play KC", "play 5C", "play 6C", "play 7C")
    assert state.actor == 1 and state.pending is not None and state.pending.law == "W-C1"  # he leads again: offered
    assert "remedy call AS law=W-C1" in legal_texts(state)
    play(state, "remedy leave law=W-C1")
    assert state.actor == 0 and len(legal_texts(state)) == 12


def test_WHIST_18_W_C2_claim_with_a_losing_card() -> None:
    """WHIST-18, W-C2: claiming every trick with a losing card: all his cards may be called."""
    state = _deal()
    play(state, "! claim 0")
    assert state.pending is not None and state.pending.remedies == ("call", "leave") and state.actor == 1
    assert sorted(legal_texts(state)) == sorted([f"remedy call {c} law=W-C2" for c in state.hand(0)]
                                                + ["remedy leave law=W-C2"])
    play(state, "remedy call 3C law=W-C2")
    assert len(state.view(1).exposed[0]) == 13 and legal_texts(state) == ["play 3C"]


def test_W_C3_dropped_card_exposed() -> None:
    """W-C3: a card dropped face up is exposed and may be called."""
    state = _deal()
    play(state, "! drop-card 2 AH", "remedy call-card law=W-C3")
    assert state.deal.called[2] == Card.parse("AH").index


def test_WHIST_19_W_C4_asking_partner_about_an_honour() -> None:
    """WHIST-19, W-C4 (reconstructed remedy): the adversaries call the partner's highest or lowest of the suit."""
    state = _deal()
    play(state, "play 2C", "play 5C", "! ask-honour 1")
    assert state.actor == 2
    play(state, "remedy lowest law=W-C4")
    play(state, "play 6C")
    assert legal_texts(state) == ["play 7C"] or legal_texts(state)[0] == "play 7C"


def test_WHIST_20_W_R2_W_R3_revoke_corrected_before_the_trick_is_turned() -> None:
    """WHIST-20, W-R2, W-R3: the revoker corrects before the trick is turned: the later players take back their
    cards; the adversaries oblige him to play his highest or lowest of the suit led."""
    state = _deal()
    play(state, "play 2C", "! revoke 1 2D", "play 6C", "play 7C")
    assert len(state.view(0).tricks) == 1 and state.view(0).tricks[0].winner is not None
    play(state, "! correct-revoke 1")
    assert state.actor == 2
    play(state, "remedy highest law=W-R2")
    assert legal_texts(state) == ["play 5C"] and len(state.hand(2)) == 13 and not state.deal.revokes


def test_W_R1_established_revoke_revokers_cannot_go_out() -> None:
    """W-R1: an established revoke: the adversaries choose among adding, taking tricks and deducting three; after
    a deduction the revoking side (at eight) cannot go out in that hand."""
    state = new_rubber({0: "2C 3C", 1: "4C 2D"}, dealer=3, turn_up="5H", score=(0, 8), table=True)
    play(state, "play 2C", "! revoke 1 2D")
    while state.pending is None:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("play")))
    assert legal_texts(state) == ["remedy add law=W-R1", "remedy take-tricks law=W-R1", "remedy deduct law=W-R1"]
    play(state, "remedy deduct law=W-R1")
    assert state.ledger.balance(1) <= 9 and not any(g.winner == 1 for g in state.game_results)
    assert state.ledger.total() == 0 and "W-R1" in {e.reason for e in state.ledger.entries}


def test_WHIST_21_W_H4_false_call_stand_or_new_deal() -> None:
    """WHIST-21, W-H4: a call answered when the side has not three honours: the adversaries stand (played out
    without honours for the offenders) or have a new deal."""
    state = new_rubber({0: "QD", 2: "JD", 1: "AD", 3: "KD 3C"}, dealer=0, turn_up="2D", score=(5, 8), table=True)
    play(state, "! false-call 1")
    assert state.actor == 2 and legal_texts(state) == ["remedy stand law=W-H4", "remedy new-deal law=W-H4"]
    play(state, "remedy stand law=W-H4")
    assert state.phase == Phase.PLAY and state.deal.no_honours == 1


def test_WHIST_22_W_H5_answer_without_an_honour() -> None:
    """WHIST-22, W-H5: an answer without an honour: the adversaries choose a new deal."""
    state = new_rubber({1: "AD JD", 0: "KD", 2: "QD"}, dealer=0, turn_up="2D", score=(5, 8), table=True)
    play(state, "call", "! false-answer 3")
    assert state.actor == 0
    play(state, "remedy new-deal law=W-H5")
    assert state.phase == Phase.SHUFFLE and state.score == (5, 8)


def test_W_H1_W_H6_W_H2_irregular_calls_and_reminders() -> None:
    """W-H1: calling at a score other than eight; W-H6: calling after having played; W-H2: reminding partner to
    call costs the side a point."""
    state = _deal(score=(3, 3))
    play(state, "! false-call 0")
    assert state.pending is not None and state.pending.law == "W-H1"
    play(state, "remedy play-on law=W-H1")
    late = new_rubber({0: "2C", 1: "5C AD JD"}, dealer=3, turn_up="2D", score=(8, 0), table=True)
    play(late, "play 2C", "! false-call 0")
    assert late.pending is not None and late.pending.law == "W-H6"
    play(late, "remedy new-deal law=W-H6")
    assert late.phase == Phase.SHUFFLE
    remind = new_rubber({}, dealer=3, turn_up="2D", score=(8, 4), table=True)
    play(remind, "! remind-call 2")
    _by_table(remind)
    assert remind.score == (7, 4) and remind.ledger.total() == 0
