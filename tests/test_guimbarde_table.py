"""La Guimbarde table mode: each irregular act of the seed's rules 8–12 and the laws G8–G17, ruled with its ID."""

from __future__ import annotations

import random
import re

import pytest

from academie import record
from academie.cards import Rank, Suit, card_index
from academie.engine import PUBLIC, IllegalActionError, Mode, RulesError
from academie.games.guimbarde import (
    BANK,
    FOU,
    GUIMBARDE,
    POINT,
    STARTING_STOCK,
    GuimbardeRules,
    GuimbardeState,
    Shuffle,
    arrange_deck,
)
from academie.record import RecordError

HANDS = {0: "7S 7C 8C 9C TC", 1: "8S 7D 8D 9D TD", 2: "QS TS 7H 8H 9H", 3: "AS JC QC AD KD"}


def table(players: int = 4, hands: dict[int, str] | None = None, decks: int = 2) -> GuimbardeState:
    rules = GuimbardeRules(players=players, mode=Mode.TABLE)
    deck = arrange_deck(HANDS if hands is None else hands, rules=rules, dealer=players - 1, turn_up="JH")
    state = GuimbardeState.new(rules, decks=[deck] * decks, first_dealer=players - 1)
    state.automate_table = True
    return state


def fines(state: GuimbardeState, mark: int, reason: str) -> list[tuple[object, object]]:
    return [(e.source, e.target) for e in state.ledger.entries[mark:] if e.reason == reason]


def test_GUIMBARDE_R8_G8_revoke_pays_each_and_stands() -> None:
    """GUIMBARDE-R8, G8: a revoke (not following suit when able) pays one to each; the card stands."""
    state = table()
    state.apply_text("play 7S")
    mark = len(state.ledger.entries)
    state.apply_text("! revoke 1 7D")
    assert fines(state, mark, "GUIMBARDE-R8") == [(1, 0), (1, 2), (1, 3)]
    assert state.view(0).tricks[0].plays[-1][1].index == card_index(Rank.SEVEN, Suit.DIAMONDS) and state.actor == 2


def test_GUIMBARDE_R9_G9_not_beating_pays_each() -> None:
    """GUIMBARDE-R9, G9: following without beating when able pays one to each; only that act is accepted."""
    state = table()
    state.apply_text("play 7S")
    with pytest.raises(IllegalActionError, match="not a no-beat"):
        state.apply_text("! no-beat 1 8S")  # ♠8 beats ♠7: that is the legal card
    state.apply_text("play 8S")
    mark = len(state.ledger.entries)
    state.apply_text("! revoke 2 7H")
    assert fines(state, mark, "GUIMBARDE-R8") == [(2, 0), (2, 1), (2, 3)]
    state = table(hands={0: "9S 7C 8C 9C TC", 1: "8S TS 8D 9D TD"})
    state.apply_text("play 9S")
    mark = len(state.ledger.entries)
    state.apply_text("! no-beat 1 8S")
    assert fines(state, mark, "GUIMBARDE-R9") == [(1, 0), (1, 2), (1, 3)] and state.rulings[-1].startswith("G9:")


def test_GUIMBARDE_R12_G12_out_of_turn_taken_back() -> None:
    """GUIMBARDE-R12, G12: playing before one's turn pays one to each; the uncovered card is taken back."""
    state = table()
    mark = len(state.ledger.entries)
    state.apply_text("! out-of-turn 2 QS")
    assert fines(state, mark, "GUIMBARDE-R12") == [(2, 0), (2, 1), (2, 3)]
    assert state.actor == 0 and any(str(c) == "QS" for c in state.hand(2))
    assert any(str(c) == "QS" for c in state.view(1).shown[2])


def test_GUIMBARDE_R10_G10_misdeal_dealer_pays_and_deals_again() -> None:
    """GUIMBARDE-R10, G10: the dealer who misdeals pays one to each and deals again; the antes stay; the deal
    does not pass."""
    state = table()
    boxes_after_antes = 4
    mark = len(state.ledger.entries)
    state.apply_text("! misdeal 3")
    assert fines(state, mark, "GUIMBARDE-R10") == [(3, 0), (3, 1), (3, 2)]
    assert state.dealer == 3 and state.actor == 0
    assert sum(e.reason == "GUIMBARDE-§1" for e in state.ledger.entries) == 20
    assert state.boxes()[FOU] == boxes_after_antes  # nobody holds ♦J: the Fou box keeps the first antes only
    assert state.ledger.total() == 0


def test_GUIMBARDE_R11_G11_false_pack_voids_the_deal() -> None:
    """GUIMBARDE-R11, G11: a faulty pack found before the deal ends voids it: every counter is restored, the
    deal does not count and the same dealer deals again."""
    state = table()
    state.apply_text("play 7S")
    state.apply_text("! false-pack 0")
    assert state.deal_results[-1].points == (0, 0, 0, 0)
    assert any(e.reason == "GUIMBARDE-R11" for e in state.ledger.entries) and state.ledger.total() == 0
    assert state.deal_results[-1].completed is False and state.deals_played == 0 and state.dealer == 3


def test_G13_faced_card_redeal_without_penalty() -> None:
    """G13: a card face up in the pack: the same dealer deals again, no penalty."""
    state = table()
    mark = len(state.ledger.entries)
    state.apply_text("! faced-card 3")
    assert not fines(state, mark, "GUIMBARDE-R10") and state.dealer == 3 and state.rulings[-1].startswith("G13")


def test_G8_G_Q17_a_card_taken_back_stays_shown_to_every_seat() -> None:
    """G8, G-Q17 (retract_irregular_card): the revoked card, played face up and taken back, is named in every
    seat's history: it stays among the offender's shown cards for every viewer while he holds it, as under G12."""
    rules = GuimbardeRules(players=4, mode=Mode.TABLE, retract_irregular_card=True)
    state = GuimbardeState.new(rules, decks=[arrange_deck(HANDS, rules=rules, dealer=3, turn_up="JH")],
                               first_dealer=3)
    state.apply_text("play 7S")
    state.apply_text("! revoke 1 7D")
    assert state.rulings[-1].startswith("G8:") and "7D" in [str(c) for c in state.hand(1)]
    for viewer in (0, 1, 2, 3, PUBLIC):
        view = state.view(viewer)
        assert "! revoke 1 7D" in [str(action) for _, action in view.history]
        assert "7D" in [str(c) for c in view.shown[1]]


def test_G14_deal_out_of_turn_stopped_before_the_turn_up() -> None:
    """G14: a player who begins to deal out of turn is stopped; the right dealer deals, no penalty."""
    rules = GuimbardeRules(players=3, mode=Mode.TABLE)
    state = GuimbardeState.new(rules, first_dealer=2)
    state.automate_table = True
    state.apply_text("! deal-out-of-turn 0")
    assert state.rulings[-1].startswith("G14") and state.dealer == 2 and state.ledger.entries == []


def test_G15_G16_claims() -> None:
    """G15, G16: a box drawn without showing stays in the box; a false claim is returned with one to each."""
    state = table()
    holder = next(c for c in state.view(0).claims if c.box == POINT)
    state.apply_text(f"! forgo {holder.seat} point")
    assert state.boxes()[POINT] == holder.amount + 4 and state.rulings[-1].startswith("G15")
    mark = len(state.ledger.entries)
    state.apply_text("! false-claim 1 point")
    assert fines(state, mark, "G16")[-3:] == [(1, 0), (1, 2), (1, 3)]
    assert state.boxes()[POINT] == holder.amount + 4 and state.rulings[-1].startswith("G16")


@pytest.mark.parametrize(("hand", "before", "still_shown"), [
    ("QH 8S 7D 8D AS", "", False),  # the ♥Q was shown for the guimbarde alone
    ("QH KH 8S 7D AS", "", True),  # shown for the mariage too: still seen
    ("QH 8S 7D 8D AS", "! out-of-turn 1 QH", True),  # seen when played out of turn and taken back (G12)
])
def test_G15_a_chance_drawn_without_showing_is_not_shown_to_the_others(hand: str, before: str,
                                                                         still_shown: bool) -> None:
    """G15, GUIMBARDE-§6: the holder of the ♥Q who draws the guimbarde without showing it makes no claim: from the
    act on, no other seat nor the public sees the ♥Q among his shown cards or in a claim (unless it was seen
    otherwise); he still holds it, the counters go back to the box, his claim of it is no false claim (G16), and a
    world sampled for another seat still deals it to him."""
    state = table(hands={1: hand})
    if before:
        state.apply_text(before)
    drawn = next(c.amount for c in state.view(0).claims if c.seat == 1 and c.box == GUIMBARDE)
    assert drawn > 0 and "QH" in [str(c) for c in state.view(0).shown[1]]
    state.apply_text("! forgo 1 guimbarde")
    assert state.rulings[-1].startswith("G15") and state.boxes()[GUIMBARDE] == drawn
    assert "QH" in [str(c) for c in state.view(1).hand]
    for viewer in (0, 2, 3, PUBLIC):
        view = state.view(viewer)
        assert not any(c.seat == 1 and c.box == GUIMBARDE for c in view.claims)
        assert ("QH" in [str(c) for c in view.shown[1]]) is still_shown
        claimed = {str(card) for claim in view.claims for card in claim.cards}
        assert ("QH" in claimed) is (still_shown and "KH" in hand)
    with pytest.raises(IllegalActionError, match="holds that chance"):
        state.apply_text("! false-claim 1 guimbarde")
    world = GuimbardeState.sample(state.view(0), random.Random(1))
    assert "QH" in [str(c) for c in world.hand(1)]


def test_G17_wrong_count_before_and_after_the_first_trick() -> None:
    """G17: a wrong number of cards found before the first trick is complete is a misdeal (G10); after it, the
    offender cannot win the trick prize."""
    state = table()
    state.apply_text("! wrong-count 1")
    assert state.rulings[-1].startswith("G17") and "misdeal" in state.rulings[-1]
    for card in ("7S", "8S", "QS", "AS"):
        state.apply_text(f"play {card}")
    state.apply_text("! wrong-count 3")
    assert state.deal.fined[3] and "cannot win the trick prize" in state.rulings[-1]


def test_irregular_acts_refused_in_enforced_mode() -> None:
    """G3, G7 … G17 apply only in table mode: enforced mode refuses every irregular act, naming the option."""
    state = GuimbardeState.new(seed=1, first_dealer=0)
    with pytest.raises(IllegalActionError, match="only in table mode"):
        state.apply_text("! misdeal 0")


def test_G18_a_fine_beyond_the_stock_buys_a_new_stock_first() -> None:
    """G18, G8 (unable_to_pay="new-stock"): with stocks of 6 seat 1 has nothing left after the antes; fined for a
    revoke, he buys a new stock of 6 from the bank, then pays one to each."""
    from academie.games.guimbarde import BANK

    rules = GuimbardeRules(players=4, mode=Mode.TABLE, starting_stock=6)
    deck = arrange_deck(HANDS, rules=rules, dealer=3, turn_up="JH")
    state = GuimbardeState.new(rules, decks=[deck], first_dealer=3)
    state.automate_table = True
    assert state.stock(1) == 0
    state.apply_text("play 7S")
    mark = len(state.ledger.entries)
    state.apply_text("! revoke 1 7D")
    moves = [(e.source, e.target, e.amount, e.reason) for e in state.ledger.entries[mark:]]
    assert moves[0] == (BANK, 1, 6, "G18") and fines(state, mark, "GUIMBARDE-R8") == [(1, 0), (1, 2), (1, 3)]
    assert state.stock(1) == 3 and state.stocks_bought == (0, 1, 0, 0) and state.ledger.total() == 0


def test_G18_retired_seat_commits_nothing_and_a_void_deal_seats_him_again() -> None:
    """G18 (unable_to_pay="retire"), G11: seat 4 cannot ante the second deal and retires; an irregular act by him
    is refused (he is not at the table); a false pack voids that deal, his antes come back and he sits again,
    then, dealt again by the same dealer, he still cannot ante and retires again."""
    import random

    from academie.cards import PACK_32

    rules = GuimbardeRules(players=5, mode=Mode.TABLE, starting_stock=15, unable_to_pay="retire")
    shuffler = random.Random(5)
    first = arrange_deck({0: "QH KH 9H 7S AC", 1: "JD KS QD 8D TD", 2: "QS TS 8S JC 9D", 3: "KC QC 7C AS 7H"},
                         rules=rules, dealer=4, turn_up="TC")
    state = GuimbardeState.new(rules, decks=[first, *(shuffler.sample(PACK_32, 32) for _ in range(5))],
                               first_dealer=4)
    state.automate_table = True
    while not state.deal_results:
        state.apply(state.legal_actions()[0])
    assert state.retired == (False, False, False, False, True) and state.stock(4) == 0
    with pytest.raises(IllegalActionError, match=r"seat 4 has retired \(G18\)"):
        state.apply_text("! false-pack 4")
    left = 15 + state.deal_results[0].points[4]
    state.apply_text("! false-pack 0")
    restored = [e for e in state.ledger.entries if e.reason == "GUIMBARDE-R11" and e.target == 4]
    assert sum(e.amount for e in restored) == left > 0
    assert [r[:24] for r in state.rulings if r.startswith(("G18", "G11"))][-3:] == [
        "G18: seat 4 cannot pay; ", "G11: the pack is faulty:", "G18: seat 4 cannot pay; "]
    assert state.retired[4] and state.dealer == 0 and state.ledger.total() == 0


def test_G_2_3_G18_a_game_set_up_with_given_stocks() -> None:
    """G-§2.3 (setting up a position): ``stocks`` gives each seat's stock at the start, moved from or to the bank
    through the ledger as the starting stock; the counters won or lost count from there, and G18 applies to the
    stocks given: a seat given no counter buys a new stock to ante, or retires."""
    rules = GuimbardeRules(players=3)
    deck = arrange_deck({}, rules=rules, dealer=2)
    state = GuimbardeState.new(rules, first_dealer=2, stocks=(45, 80, 0))
    assert [(e.source, e.target, e.amount, e.reason) for e in state.ledger.entries] == [
        (0, BANK, 15, STARTING_STOCK), (BANK, 1, 20, STARTING_STOCK), (2, BANK, 60, STARTING_STOCK)]
    assert [state.stock(s) for s in range(3)] == [45, 80, 0] and state.view(PUBLIC).stocks == (45, 80, 0)
    assert state.result().points == (0, 0, 0) and state.stocks_bought == (0, 0, 0)
    state.apply(Shuffle(deck))
    assert state.stocks_bought == (0, 0, 1)  # G18: seat 2 had nothing to ante with
    while not state.deal_results:
        state.apply(state.legal_actions()[0])
    points = state.result().points
    assert points == tuple(state.stock(s) - start - 60 * bought for s, (start, bought)
                           in enumerate(zip((45, 80, 0), state.stocks_bought, strict=True)))
    assert sum(points) == -sum(state.boxes().values()) and state.ledger.total() == 0
    retiring = GuimbardeState.new(GuimbardeRules(players=4, unable_to_pay="retire"),
                                  decks=[arrange_deck({}, rules=GuimbardeRules(players=4), dealer=3)],
                                  first_dealer=3, stocks=(60, 60, 0, 60))
    assert retiring.retired == (False, False, True, False) and retiring.hand(2) == ()


@pytest.mark.parametrize(("stocks", "why"), [
    ((60, 60), "2 stocks for 3 players"),
    ((60, 60, 60, 60), "4 stocks for 3 players"),
    ((60, -1, 60), "seat 1's stock -1"),
    ((60, 60, 100_001), "seat 2's stock 100001"),
    ((60, True, 60), "seat 1's stock True"),
    ((60.0, 60, 60), "seat 0's stock 60.0"),
    ("606060", "give a sequence of numbers"),
    (60, "give a sequence of numbers"),
])
def test_G_2_3_stocks_given_wrong_are_refused(stocks: object, why: str) -> None:
    """G-§2.3: the stocks given must be one whole number of counters per seat, 0 to 100000: anything else is a
    ``RulesError`` saying what is wrong and what is allowed, and no game is made."""
    with pytest.raises(RulesError, match=rf"is not allowed: {re.escape(why)}; allowed: one stock per seat, each a "
                                         r"whole number from 0 to 100000"):
        GuimbardeState.new(GuimbardeRules(players=3), seed=1, stocks=stocks)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GuimbardeState.new(GuimbardeRules(players=3), 1, None, None, None, (60, 60, 60))  # type: ignore[misc]


def test_G_2_3_a_game_set_up_with_given_stocks_says_so_and_is_not_recorded() -> None:
    """G-§2.3: a game begun from given stocks says how in ``setup``; a record cannot carry it (its replay would
    start from the rules' stocks), so none is written; stocks equal to the rules' are the opening position."""
    given = GuimbardeState.new(GuimbardeRules(players=3), seed=2, stocks=(30, 60, 90))
    assert given.setup == "starting stocks 30, 60, 90"
    with pytest.raises(RecordError, match="starting stocks 30, 60, 90"):
        record.from_state(given)
    usual = GuimbardeState.new(GuimbardeRules(players=3), seed=2, stocks=(60, 60, 60))
    assert usual.setup == "" and usual.ledger.entries == GuimbardeState.new(GuimbardeRules(players=3),
                                                                            seed=2).ledger.entries
    assert record.replay(record.from_state(usual)).operations == usual.operations
