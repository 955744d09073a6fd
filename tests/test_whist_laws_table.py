"""Whist table mode, the laws of §7 beyond the seed's: one scenario per law (W-D7, W-T2, W-T4, W-P3's last case,
W-P4, W-P5, W-P6, W-R4, W-R5, W-R6, W-H3, W-H7), checking who chooses, the remedies offered and what each does."""

from __future__ import annotations

import pytest
from whist_support import legal_texts, new_rubber, play, whist_deck

from academie.cards import Card
from academie.engine import TABLE, IllegalActionError, Mode
from academie.games.whist import Phase, WhistRules, WhistState

TABLE_RULES = WhistRules(mode=Mode.TABLE)


def _deal(**kwargs: object) -> WhistState:
    """Seat 0: 2C 3C 4C 8C–AC 6D 7D AS; seat 1: 5C 2D 3D 8D–AD 2H 3H KS; seat 2: 6C 4D 4H–8H TH–AH 2S;
    seat 3 (dealer): 7C 5D 3S–QS and the turn-up 9H."""
    return new_rubber({0: "2C 3C 4C AS", 1: "5C 2D 3D KS", 2: "6C 4D AH", 3: "7C 5D"}, dealer=3, turn_up="9H",
                      table=True, **kwargs)  # type: ignore[arg-type]


def _play_out(state: WhistState, *, prefer: tuple[str, ...] = ()) -> None:
    """Play the first legal card until the deal in progress ends; stop at a ruling unless a preferred remedy is
    offered (then take it)."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals and not state.is_terminal:
        legal = legal_texts(state)
        if state.pending is not None:
            chosen = [t for t in legal for name in prefer if t.startswith(f"remedy {name} ")]
            if not chosen:
                return
            legal = chosen
        state.apply_text(legal[0])


def _next_deck(state: WhistState) -> None:
    assert state.phase == Phase.SHUFFLE
    dealer = state.dealer
    assert dealer is not None
    play(state, "deck " + " ".join(str(c) for c in whist_deck({}, dealer=dealer)))


def test_W_D7_deal_out_of_turn_stopped_before_the_last_card_or_it_stands() -> None:
    """W-D7: a deal out of turn noticed before the last card: the rightful dealer may stop it (he deals) or let it
    stand (the offender deals); found only after the last card, it stands and the deal passes on from him."""
    state = WhistState.new(TABLE_RULES, first_dealer=3)
    play(state, "! deal-out-of-turn 1")
    assert state.actor == 3 and legal_texts(state) == ["remedy stop law=W-D7", "remedy stand law=W-D7"]
    stood = state.clone()
    play(state, "remedy stop law=W-D7")
    assert state.dealer == 3
    _next_deck(state)
    assert state.actor == 0
    play(stood, "remedy stand law=W-D7")
    assert stood.dealer == 1
    _next_deck(stood)
    assert stood.actor == 2 and stood.trump_card in stood.hand(1)
    late = _deal()
    play(late, "! deal-out-of-turn 1")
    assert late.actor == TABLE and legal_texts(late) == ["remedy stand law=W-D7"]
    play(late, "remedy stand law=W-D7")
    assert late.dealer == 1 and late.actor == 2 and Card.parse("9H") in late.hand(1) and len(late.hand(1)) == 13
    assert late.view(0).turn_up == Card.parse("9H")
    _play_out(late)
    assert late.dealer == 2  # W-§3: the deal passes to the left of the player who dealt


def test_W_T2_turn_up_left_on_the_table_is_liable_to_be_called() -> None:
    """W-T2: the dealer leaves the turn-up on the table after the first trick: it is exposed and the adversaries
    may call it, now or at any of his later turns."""
    state = _deal()
    with pytest.raises(IllegalActionError, match="first trick"):
        state.apply_text("! trump-left 3")
    play(state, "play 2C", "play 5C", "play 6C", "play 7C")  # the dealer wins with 7C and keeps the 9H
    play(state, "! trump-left 3")
    assert state.actor == 0 and legal_texts(state) == ["remedy call-card law=W-T2", "remedy leave law=W-T2"]
    play(state, "remedy leave law=W-T2")
    assert Card.parse("9H") in state.view(1).exposed[3]
    assert state.actor == 3 and "play 3S" in legal_texts(state)  # not called this turn
    play(state, "play 3S", "play AS", "play KS", "play 2S", "play 3C", "play 2D", "play 4D")
    assert state.actor == 0 and legal_texts(state) == ["remedy call 9H law=W-T2", "remedy leave law=W-T2"]
    play(state, "remedy call 9H law=W-T2")
    assert legal_texts(state) == ["play 9H"]


def test_W_T4_dealer_forgets_the_trump_card_highest_or_lowest_trump_called() -> None:
    """W-T4: the dealer cannot remember the trump card: the adversaries call his highest or lowest trump."""
    state = new_rubber({0: "2C", 1: "3C", 2: "4C", 3: "5C 2H 7H"}, dealer=3, turn_up="QH", table=True)
    with pytest.raises(IllegalActionError, match="taken the turn-up"):
        state.apply_text("! forgets-trump 3")
    play(state, "play 2C", "play 3C", "play 4C", "play 5C")
    play(state, "! forgets-trump 3")
    assert state.actor == 0 and legal_texts(state) == ["remedy highest law=W-T4", "remedy lowest law=W-T4"]
    low = state.clone()
    play(state, "remedy highest law=W-T4")
    assert legal_texts(state) == ["play QH"]
    play(low, "remedy lowest law=W-T4")
    assert legal_texts(low) == ["play 2H"]


def test_WHIST_11_W_P3_every_card_wins_adversaries_choose_highest_or_lowest() -> None:
    """WHIST-11, W-P3 (rule file Q5): the fourth hand who played out of turn may neither trump nor win; if every
    card he may play would win, the adversaries choose his highest or lowest."""
    state = new_rubber({0: "2C", 1: "3C", 2: "4C", 3: "KC AC"}, dealer=3, turn_up="9H", table=True)
    play(state, "play 2C", "! fourth-out-of-turn 3 KC", "remedy neither-trump-nor-win law=W-P3")
    play(state, "play 3C", "play 4C")
    assert state.actor == 0 and legal_texts(state) == ["remedy highest law=W-P3", "remedy lowest law=W-P3"]
    play(state, "remedy lowest law=W-P3")
    assert legal_texts(state) == ["play KC"]


def test_W_P4_leading_again_before_partner_played() -> None:
    """W-P4: a player leads again before his partner, the fourth hand, has played: the card is exposed and the
    adversaries may oblige the partner to win the trick if he can."""
    state = new_rubber({0: "2C", 1: "5C KS", 2: "9C", 3: "7C TC"}, dealer=3, turn_up="9H", table=True)
    play(state, "play 2C", "play 5C", "play 9C", "! lead-again 1 KS")
    assert state.actor == 2 and legal_texts(state) == ["remedy oblige-win law=W-P4", "remedy partner-free law=W-P4"]
    free = state.clone()
    play(state, "remedy oblige-win law=W-P4")
    assert legal_texts(state) == ["play TC"] and Card.parse("KS") in state.view(0).exposed[1]
    play(free, "remedy partner-free law=W-P4")
    assert set(legal_texts(free)) == {"play 7C", "play TC"} and Card.parse("KS") in free.view(0).exposed[1]


def test_W_P5_omitting_to_play_new_deal_or_surplus_card_counts() -> None:
    """W-P5: the fourth hand omits to play; found after he plays to the next trick, the adversaries choose a new
    deal or let it stand, the surplus card at the end counting as played to the trick he missed."""
    state = _deal()
    play(state, "play 2C", "play 5C", "play 6C", "! omit-play 3")
    assert state.view(0).tricks[0].cards == tuple(Card.parse(c) for c in ("2C", "5C", "6C"))
    assert state.actor == 2 and state.pending is None
    play(state, "play 4D", "play 5D")
    assert state.pending is not None and state.pending.law == "W-P5" and state.actor == 0
    assert legal_texts(state) == ["remedy new-deal law=W-P5", "remedy stand law=W-P5"]
    voided = state.clone()
    play(voided, "remedy new-deal law=W-P5")
    assert voided.phase == Phase.SHUFFLE and voided.dealer == 3 and not voided.deal_results
    play(state, "remedy stand law=W-P5")
    _play_out(state)
    result = state.deal_results[-1]
    assert sum(result.tricks) == 13 and result.completed
    assert any(r.startswith("W-P5") and "counts as played to trick 1" in r for r in state.rulings)
    assert state.ledger.total() == 0


def test_W_P6_two_cards_to_a_trick() -> None:
    """W-P6: a second card played with the first is astray: found, it returns to the hand as an exposed card; if
    its absence made him fail to follow its suit, he answers for the revoke."""
    state = _deal()
    play(state, "! two-cards 0 2C AS")
    assert Card.parse("AS") not in state.hand(0) and len(state.hand(0)) == 11 and state.actor == 1
    exposed = state.clone()
    play(exposed, "! extra-card-found 0")
    assert Card.parse("AS") in exposed.hand(0) and Card.parse("AS") in exposed.view(1).exposed[0]
    play(state, "play 5C", "play 6C", "play 7C", "play 3S")  # seat 3 leads a spade; seat 0's only spade is astray
    play(state, "play 3C")
    assert state.deal.revokes == [(0, 1)] and state.rulings[-1].startswith("W-P6")
    play(state, "! extra-card-found 0")
    assert "answers for the revoke" in state.rulings[-1] and not state.view(1).exposed[0]
    follower = _deal()
    play(follower, "play 2C")
    with pytest.raises(IllegalActionError, match="not a legal card"):
        follower.apply_text("! two-cards 1 KS 5C")  # he must follow with 5C


def test_W_R4_mixing_the_cards_when_a_revoke_is_claimed() -> None:
    """W-R4: the side accused of a revoke mixes the cards before they are examined: the revoke is deemed
    established and penalised at the end of the hand (W-R1)."""
    state = new_rubber({0: "2C", 1: "3C", 2: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", 3: "4C"}, dealer=3,
                       turn_up="9H", table=True)
    play(state, "play 2C", "play 3C", "play 2D", "play 4C")
    with pytest.raises(IllegalActionError, match="did not follow suit"):
        state.apply_text("! mix-cards 1")
    play(state, "! mix-cards 2")
    assert state.deal.revokes == [(2, -1)] and state.rulings[-1].startswith("W-R4")
    _play_out(state)
    assert state.pending is not None and state.pending.law == "W-R1" and state.pending.offender == 2


def test_W_R5_a_revoke_claimed_after_the_cut_is_too_late() -> None:
    """W-R5: a revoke of the last hand claimed after the next deal is cut: too late, no penalty; before the cut the
    hand's revokes have already been ruled at its end (W-R1)."""
    state = _deal()
    play(state, "play 2C", "! revoke 1 2D")
    _play_out(state, prefer=("add",))
    assert any(e.reason == "W-R1" for e in state.ledger.entries)
    with pytest.raises(IllegalActionError, match="once the next deal is cut"):
        state.apply_text("! claim-revoke 0")
    _next_deck(state)
    assert state.deal.revokes == []
    entries, score = list(state.ledger.entries), state.score
    play(state, "! claim-revoke 0")
    assert state.actor == TABLE and legal_texts(state) == ["remedy too-late law=W-R5"]
    play(state, "remedy too-late law=W-R5")
    assert state.ledger.entries == entries and state.score == score and state.pending is None


def test_W_R6_revokes_by_both_sides_new_deal() -> None:
    """W-R6: both sides revoked in the hand: the hand is void and the same dealer deals again."""
    state = _deal()
    play(state, "play 2C", "! revoke 1 2D", "play 6C", "play 7C")  # seat 3 wins and leads
    play(state, "play 5D", "! revoke 0 3C")  # seat 0 holds 6D 7D
    _play_out(state)
    assert state.pending is not None and state.pending.law == "W-R6" and state.actor == TABLE
    play(state, "remedy new-deal law=W-R6")
    assert state.phase == Phase.SHUFFLE and state.dealer == 3 and state.score == (0, 0) and not state.deal_results


def test_W_H3_honours_not_claimed_before_the_next_trump_are_lost() -> None:
    """W-H3: a side that has not claimed its honours may claim them until the next trump card is turned; after, they
    are lost."""
    hands = {0: "AH KH QH 2C", 1: "3C", 2: "4C", 3: "5C"}
    claimed = new_rubber(hands, dealer=3, turn_up="9H", table=True)
    play(claimed, "! forget-honours 0", "! claim-honours 2")
    _play_out(claimed)
    honours = claimed.deal_results[-1].honours[0]
    assert honours in (2, 4)
    state = new_rubber(hands, dealer=3, turn_up="9H", table=True)
    play(state, "! forget-honours 2")
    _play_out(state)
    assert state.deal_results[-1].honours[0] == 0 and state.deal.unclaimed == (0, honours)
    in_time = state.clone()
    before = in_time.score[0]
    play(in_time, "! claim-honours 0")
    assert in_time.score[0] == before + honours and in_time.deal_results[-1].points[0] == before + honours
    assert in_time.ledger.seat_balances()[0] == before + honours
    _next_deck(state)
    assert state.rulings[-1].startswith("W-H3") and "lost" in state.rulings[-1]
    play(state, "! claim-honours 0")
    assert state.actor == TABLE and legal_texts(state) == ["remedy lost law=W-H3"]
    play(state, "remedy lost law=W-H3")
    assert state.score[0] == before and state.ledger.seat_balances()[0] == before


def test_W_H7_overscore_deducted_if_proved_before_the_next_trump() -> None:
    """W-H7: points marked in error (e.g. honours at nine) are deducted if proved before the next trump card is
    turned, during the hand or after it; once it is turned, the overscore stands."""
    state = _deal()  # side 0 makes 5 by cards and 4 by honours: 9, short of game
    play(state, "! overscore 1 3")
    assert state.score == (0, 3)
    with pytest.raises(IllegalActionError, match="adversary"):
        state.apply_text("! prove-overscore 3")
    proved = state.clone()
    play(proved, "! prove-overscore 0")
    assert proved.score == (0, 0) and proved.ledger.total() == 0 and proved.ledger.seat_balances() == (0, 0, 0, 0)
    _play_out(state)
    assert state.score == (9, 3)
    window = state.clone()
    play(window, "! prove-overscore 2")
    assert window.score == (9, 0) and window.deal_results[-1].points[1] == 0
    assert window.ledger.seat_balances() == (9, 0, 9, 0)
    _next_deck(state)
    assert "W-H7" in state.rulings[-1] and "stands" in state.rulings[-1]
    play(state, "! prove-overscore 0", "remedy stands law=W-H7")
    assert state.score == (9, 3)


def test_W_C2_a_sound_claim_takes_the_remaining_tricks() -> None:
    """W-C2, WHIST-18: a claim to every trick with no losing card: the table grants it and the hand is scored."""
    state = new_rubber({0: "AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", 3: "2S"}, dealer=2, turn_up="2H", table=True)
    play(state, "play 2S", "play AS")
    while state.actor != 0:
        state.apply(state.legal_actions()[0])
    play(state, "! claim 0")
    assert state.actor == TABLE and legal_texts(state) == ["remedy grant law=W-C2"]
    play(state, "remedy grant law=W-C2")
    result = state.deal_results[-1]
    assert result.tricks == (13, 0) and result.completed and state.ledger.total() == 0
