"""La Guimbarde, enforced mode: the six worked examples of the rule file's §6, then one scenario per rule ID.

Seats are in playing order; with the default dealer (the last seat) seat 0 is the eldest hand. Every deck is
explicit (``arrange_deck``), so each test names the cards it depends on.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from academie.cards import PACK_32, Card, Suit, parse_cards
from academie.engine import PUBLIC, IllegalActionError, RulesError
from academie.games.guimbarde import (
    BANK,
    BOXES,
    FOU,
    GUIMBARDE,
    MARIAGE,
    POINT,
    ROI,
    CutForDeal,
    GuimbardeRules,
    GuimbardeState,
    Phase,
    arrange_deck,
    beats,
    dealt_positions,
    effective_suit,
    pack_for,
)
from academie.ledger import Transfer

EXAMPLE_1 = {0: "QH KH 9H 7S AC", 1: "JD KS QD 8D TD", 2: "QS TS 8S JC 9D", 3: "KC QC 7C AS 7H"}
EXAMPLE_1_PLAY = "7S KS QS AS  TD 9D 7C AC  KH JD JC QC  QH 8D 8S KC  9H QD TS 7H"


def start(hands: dict[int, str], turn_up: str, *, players: int = 4, dealer: int | None = None,
          more: int = 0, **options: Any) -> GuimbardeState:
    """A game whose first deal gives ``hands`` and turns up ``turn_up`` (then ``more`` seeded-looking decks)."""
    rules = GuimbardeRules(players=players, **options)
    dealer = players - 1 if dealer is None else dealer
    deck = arrange_deck(hands, rules=rules, dealer=dealer, turn_up=turn_up)
    return GuimbardeState.new(rules, decks=[deck, *[deck] * more], first_dealer=dealer)


def play(state: GuimbardeState, cards: str) -> None:
    for card in cards.split():
        state.apply_text(f"play {card}")


def entries_since(state: GuimbardeState, start: int) -> list[tuple[object, object, int, str]]:
    return [(e.source, e.target, e.amount, e.reason) for e in state.ledger.entries[start:]]


def legal(state: GuimbardeState) -> set[str]:
    return {str(a).split()[1] for a in state.legal_actions()}


def play_out(state: GuimbardeState) -> None:
    """Finish the deal in progress with the first legal card each time."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals:
        state.apply(state.legal_actions()[0])


# ------------------------------------------------------------------------------------------------ §6 examples
def test_example_1_everything_happens() -> None:
    """G-§5.5, GUIMBARDE-§6, §7, §10, R1, R4, R5, R7, R9, G1, G4, G5: the rule file's example 1 exactly:
    A +15, B 0, C −9, D −6, every box empty."""
    state = start(EXAMPLE_1, "TC")
    assert state.trump is Suit.CLUBS
    claims = {(c.box, c.seat, c.amount) for c in state.view(PUBLIC).claims}
    assert claims == {(GUIMBARDE, 0, 4), (ROI, 0, 4), (MARIAGE, 0, 4), (FOU, 1, 4), (POINT, 1, 4)}
    assert state.view(PUBLIC).announced == (3, 4, 3, 3)
    assert state.boxes() == {POINT: 4, MARIAGE: 0, FOU: 0, ROI: 0, GUIMBARDE: 0}
    state.apply_text("play 7S")
    assert legal(state) == {"KS"}  # follow and beat
    state.apply_text("play KS")
    assert legal(state) == {"QS"}  # rule 7
    mark = len(state.ledger.entries)
    play(state, "QS AS")
    assert entries_since(state, mark) == [(0, 1, 1, "GUIMBARDE-R1"), (3, 1, 1, "GUIMBARDE-R1")]
    play(state, "TD 9D 7C")
    assert legal(state) == {"AC", "KH", "QH"}  # must overtrump ♣7
    play(state, "AC")
    mark = len(state.ledger.entries)
    play(state, "KH JD JC QC")
    assert entries_since(state, mark) == [
        (1, 0, 2, "GUIMBARDE-R4"), (2, 0, 2, "GUIMBARDE-R4"), (3, 0, 2, "GUIMBARDE-R4"),
        (0, 3, 1, "GUIMBARDE-R1"), (1, 3, 1, "GUIMBARDE-R1"), (2, 3, 1, "GUIMBARDE-R1"),
        (1, 0, 1, "GUIMBARDE-R5")]
    play(state, "QH 8D 8S KC 9H QD TS 7H")
    assert state.deal_results[0].points == (15, 0, -9, -6)
    assert state.deal_results[0].tricks == (4, 1, 0, 0)
    assert sum(state.boxes().values()) == 0 and state.ledger.total() == 0


def test_example_2_carry_over() -> None:
    """G-§3.2, GUIMBARDE-§6, G15: 3 players, ♥Q turned and ♦J undealt: Guimbarde, Mariage and Fou keep their
    3 counters; next deal they hold 6; a box unwon for k deals holds 3·(k+1)."""
    hands = {0: "7C 8C 9C TC JC", 1: "QC KC AC 7D 8D", 2: "9D TD AD 7S 8S"}
    rules = GuimbardeRules(players=3)
    first = arrange_deck(hands, rules=rules, dealer=2, turn_up="QH")
    second = arrange_deck(hands, rules=rules, dealer=0, turn_up="QH")
    third = arrange_deck({1: "QH KH JD"}, rules=rules, dealer=1, turn_up="7H")
    state = GuimbardeState.new(rules, decks=[first, second, third], first_dealer=2)
    assert {box: state.boxes()[box] for box in (GUIMBARDE, MARIAGE, FOU)} == {GUIMBARDE: 3, MARIAGE: 3, FOU: 3}
    play_out(state)
    assert {box: state.boxes()[box] for box in (GUIMBARDE, MARIAGE, FOU)} == {GUIMBARDE: 6, MARIAGE: 6, FOU: 6}
    play_out(state)
    claims = {(c.box, c.amount) for c in state.view(PUBLIC).claims}
    assert {(GUIMBARDE, 9), (MARIAGE, 9), (FOU, 9)} <= claims  # unwon for two deals: 3·(2+1)


def test_example_3_two_two_one_tie() -> None:
    """GUIMBARDE-§7: tricks B, C, B, C, A: B completed two first and takes the Point box (nobody had a point, so
    it holds the 3 antes and the 3 counters added for the tricks)."""
    state = start({0: "7C 8D 8H TD 7S", 1: "KC 7D AH 9D TC", 2: "8C KD 7H AD 9C"}, "JS", players=3)
    assert state.view(PUBLIC).announced == (0, 0, 0) and state.boxes()[POINT] == 6
    play(state, "7C KC 8C  7D KD 8D  7H 8H AH  9D AD TD  9C 7S TC")
    assert [t.winner for t in state.view(PUBLIC).previous_tricks] == [1, 2, 1, 2, 0]
    assert state.ledger.entries[-1] == Transfer(POINT, 1, 6, "GUIMBARDE-§7")


def test_example_3_most_tricks_beats_first_to_two() -> None:
    """GUIMBARDE-§7: tricks B, B, A, A, A: the seed gives the box to A (most tricks), not to B (first to two)."""
    state = start({0: "7C 8D 7S AS 9S", 1: "KC KD 7H TD TC", 2: "8C 7D 8H 9H 9C"}, "JS", players=3)
    play(state, "7C KC 8C  KD 7D 8D")
    assert state.tricks_won == (0, 2, 0)
    play(state, "7H 8H 7S  AS TD 9H  9S TC 9C")
    assert state.deal_results[0].tricks == (3, 2, 0)
    assert state.ledger.entries[-1] == Transfer(POINT, 0, 3, "GUIMBARDE-§7")


EXAMPLE_4 = {1: "KD 7D 8D 9C AC", 2: "QD 9D TD AD KC", 3: "QH 9S TC JC 9H", 0: "KH 7C 8C 8H 7H"}


def test_example_4_rules_2_and_3() -> None:
    """GUIMBARDE-R2, R3, R7, G2, G3, G-§5.3: B leads ♦K, C must play ♦Q, D may not trump the marriage with ♥Q and
    plays ♠9, A may not use ♥K; D wins and receives one from B and one from C, nobody else pays."""
    state = start(EXAMPLE_4, "7S", dealer=0)
    assert state.actor == 1
    state.apply_text("play KD")
    assert legal(state) == {"QD"}
    state.apply_text("play QD")
    assert legal(state) == {"9S"}
    state.apply_text("play 9S")
    assert "KH" not in legal(state) and "7C" in legal(state)
    mark = len(state.ledger.entries)
    state.apply_text("play 7C")
    assert entries_since(state, mark) == [(1, 3, 1, "GUIMBARDE-R2"), (2, 3, 1, "GUIMBARDE-R2")]
    assert state.actor == 3 and legal(state) == {"QH", "TC", "JC", "9H"}  # D leads now: anything goes
    before = state.clone()
    with pytest.raises(IllegalActionError, match="not in the hand of seat 3"):
        state.apply_text("play KH")
    assert state.operations == before.operations and state.legal_actions() == before.legal_actions()


def test_example_5_grand_marriage_on_the_table() -> None:
    """GUIMBARDE-R4, R7, G4: A leads ♥K, B must play ♥Q, wins and receives one from each other player."""
    state = start({0: "KH 7S 8S 9S 7H", 1: "QH TS JS 8H 9H", 2: "7D 8D 9D TD TH", 3: "AD QD AS AH QS"}, "7C")
    state.apply_text("play KH")
    assert legal(state) == {"QH"}
    mark = len(state.ledger.entries)
    play(state, "QH 7D AD")
    assert entries_since(state, mark) == [(0, 1, 1, "GUIMBARDE-R4"), (2, 1, 1, "GUIMBARDE-R4"),
                                          (3, 1, 1, "GUIMBARDE-R4")]


def test_example_6_broken_marriage_in_table_mode() -> None:
    """GUIMBARDE-R7, G7, G-Q17: in table mode C does not play ♠Q on B's ♠K although he holds it: he pays one to
    each of A, B, D; the trick stands and no marriage is scored."""
    from academie.engine import Mode

    state = start({0: "7S 7C 8C 9C TC", 1: "KS 7D 8D 9D TD", 2: "QS TS 7H 8H 9H", 3: "AS JC QC AD KD"}, "JH",
                  mode=Mode.TABLE)
    state.automate_table = True
    play(state, "7S KS")
    mark = len(state.ledger.entries)
    state.apply_text("! break-marriage 2 TS")
    state.apply_text("play AS")
    assert entries_since(state, mark) == [(2, 0, 1, "GUIMBARDE-R7"), (2, 1, 1, "GUIMBARDE-R7"),
                                          (2, 3, 1, "GUIMBARDE-R7")]
    assert state.view(PUBLIC).tricks[0].winner == 1 and state.rulings[-1].startswith("G7:")


# ------------------------------------------------------------------------------------------------ the seed
def test_GUIMBARDE_FIG_five_boxes_are_ledger_accounts() -> None:
    """GUIMBARDE-FIG: the five boxes are ledger accounts, shown in the figure's order."""
    state = GuimbardeState.new(seed=1, first_dealer=0)
    assert tuple(name for name, _ in state.view(0).boxes) == BOXES == (POINT, MARIAGE, FOU, ROI, GUIMBARDE)
    assert set(BOXES) <= set(state.ledger.balances())


def test_GUIMBARDE_1_each_player_antes_one_in_each_box() -> None:
    """GUIMBARDE-§1, G-§3.1: one counter from each player into each box, every deal."""
    state = start(EXAMPLE_1, "TC", more=1)
    antes = [(e.source, e.target) for e in state.ledger.entries if e.reason == "GUIMBARDE-§1"]
    assert sorted(antes) == sorted((seat, box) for seat in range(4) for box in BOXES)
    play_out(state)
    assert sum(e.reason == "GUIMBARDE-§1" for e in state.ledger.entries) == 40


def test_GUIMBARDE_2_five_cards_by_three_and_two() -> None:
    """GUIMBARDE-§2, G-Q15: three to each from the eldest, then two; (2, 3) as an option."""
    rules = GuimbardeRules(players=3)
    assert dealt_positions(rules, 2, 0) == (0, 1, 2, 9, 10)
    assert dealt_positions(rules, 2, 2) == (6, 7, 8, 13, 14)
    other = GuimbardeRules(players=3, deal_pattern=(2, 3))
    assert dealt_positions(other, 2, 0) == (0, 1, 6, 7, 8)
    deck = PACK_32
    state = GuimbardeState.new(other, decks=[deck], first_dealer=2)
    assert set(state.hand(1)) == {deck[i] for i in (2, 3, 9, 10, 11)}


def test_GUIMBARDE_3_turn_up_gives_trumps() -> None:
    """GUIMBARDE-§3: the turn-up's printed suit is trumps, even when it is ♥Q (hearts) or ♦J (diamonds)."""
    assert start({}, "QH").trump is Suit.HEARTS
    assert start({}, "JD").trump is Suit.DIAMONDS
    state = start({}, "9S")
    assert state.trump is Suit.SPADES and state.view(PUBLIC).trump_card == Card.parse("9S")


def test_GUIMBARDE_4_longer_point_wins_equal_to_the_hand() -> None:
    """GUIMBARDE-§4, G-§3.2: the longest printed suit of three or more wins; at equal length the first in
    playing order; ♥K ♥Q count as hearts."""
    state = start({0: "7S 8S 9S 7C 8C", 1: "QH KH 9H 7D 8D", 2: "TS JS AS 9C TC"}, "JH", players=3)
    point = [c for c in state.view(PUBLIC).claims if c.box == POINT]
    assert [(c.seat, c.amount) for c in point] == [(0, 3)]
    state = start({0: "7S 8S 9S 7C 8C", 1: "QH KH 9H 8H 8D", 2: "9C TC 9D TD AS"}, "7D", players=3)
    assert [(c.seat, len(c.cards)) for c in state.view(PUBLIC).claims if c.box == POINT] == [(1, 4)]


def test_GUIMBARDE_5_marriage_box_needs_both_hearts() -> None:
    """GUIMBARDE-§5: the Marriage box goes to the holder of both ♥K and ♥Q; ♥K alone draws the Roi only."""
    state = start({0: "KH", 1: "QH", 2: "JD"}, "7S")
    drawn = {(c.box, c.seat) for c in state.view(PUBLIC).claims}
    assert (ROI, 0) in drawn and (GUIMBARDE, 1) in drawn and (FOU, 2) in drawn
    assert MARIAGE not in {box for box, _ in drawn} and state.boxes()[MARIAGE] == 4


def test_GUIMBARDE_6_chance_cards_are_shown_to_everybody() -> None:
    """GUIMBARDE-§6: the cards that draw a box are shown: every viewer sees them in the holder's hand."""
    state = start({0: "KH 7C", 2: "JD 9S"}, "7S")
    for viewer in (*range(4), PUBLIC):
        shown = state.view(viewer).shown
        assert Card.parse("KH") in shown[0] and Card.parse("JD") in shown[2]
        assert Card.parse("7C") not in shown[0]


def test_GUIMBARDE_7_nobody_with_two_tricks_leaves_the_box() -> None:
    """GUIMBARDE-§7: with five players each taking one trick, the Point box stays for the next deal."""
    for seed in range(400):
        state = GuimbardeState.new(seed=seed, first_dealer=0, players=5)
        play_out(state)
        if max(state.deal_results[0].tricks) == 1:
            assert not any(e.reason == "GUIMBARDE-§7" and e.source == POINT for e in state.ledger.entries)
            assert state.boxes()[POINT] >= 5
            return
    pytest.fail("no five-way split of the tricks in 400 seeded deals")


def test_GUIMBARDE_8_top_trumps_and_the_ace() -> None:
    """GUIMBARDE-§8, G-§2.2: ♥Q > ♥K > ♦J > the turned suit; the ace between the jack and the ten."""
    order = [Card.parse(t) for t in ("QH", "KH", "JD", "KC", "QC", "JC", "AC", "TC", "7C")]
    for high, low in itertools.pairwise(order):
        assert beats(high, low, Suit.CLUBS) and not beats(low, high, Suit.CLUBS)
    assert beats(Card.parse("AS"), Card.parse("TS"), Suit.CLUBS)
    assert not beats(Card.parse("AS"), Card.parse("JS"), Suit.CLUBS)


def test_GUIMBARDE_9_eldest_leads_any_card() -> None:
    """GUIMBARDE-§9, G-§2.4: the eldest (seat after the dealer) leads whatever card he likes."""
    state = start(EXAMPLE_1, "TC")
    assert state.actor == state.eldest == 0 and legal(state) == {str(c) for c in state.hand(0)}


def test_GUIMBARDE_10_marriages_of_other_suits() -> None:
    """GUIMBARDE-§10, R1, G1: ♠K then ♠Q in play is a marriage; ♣K+♣Q in one hand is a marriage in hand."""
    state = start(EXAMPLE_1, "TC")
    mark = len(state.ledger.entries)
    play(state, "7S KS QS AS")
    assert {e.reason for e in state.ledger.entries[mark:]} == {"GUIMBARDE-R1"}


def test_GUIMBARDE_R1_marriage_in_hand_from_everybody() -> None:
    """GUIMBARDE-R1, G1, G-Q9: a marriage in hand is paid (one from every other player) when its first card is
    played, and the other card is shown."""
    state = start({0: "KS QS 7C 8C 9C"}, "7H")
    mark = len(state.ledger.entries)
    state.apply_text("play QS")
    assert entries_since(state, mark) == [(1, 0, 1, "GUIMBARDE-R1"), (2, 0, 1, "GUIMBARDE-R1"),
                                          (3, 0, 1, "GUIMBARDE-R1")]
    assert Card.parse("KS") in state.view(2).shown[0]


def test_GUIMBARDE_R2_marriage_taken_by_a_trump() -> None:
    """GUIMBARDE-R2, G2: a marriage in play taken by a trump pays the taker one from each of the couple."""
    state = start(EXAMPLE_4, "7S", dealer=0)
    mark = len(state.ledger.entries)
    play(state, "KD QD 9S 7C")
    assert {e.reason for e in state.ledger.entries[mark:]} == {"GUIMBARDE-R2"}


def test_GUIMBARDE_R3_privileged_trumps_may_not_take_a_marriage() -> None:
    """GUIMBARDE-R3, G3: ♥Q, ♥K, ♦J may not trump a marriage: a void player with no other trump discards."""
    state = start({1: "KD 7C 8C 9C TC", 2: "QD 7D 8D 9D TD", 3: "QH JD 7H 8H 9H", 0: "AC 7S 8S 9S TS"}, "JS",
                  dealer=0)
    play(state, "KD QD")
    assert legal(state) == {"7H", "8H", "9H"}


def test_GUIMBARDE_R4_grand_marriage_in_hand_two_from_each() -> None:
    """GUIMBARDE-R4, G4: the grand marriage in hand: the three boxes at declaration, then two from each."""
    state = start(EXAMPLE_1, "TC")
    play(state, "7S KS QS AS TD 9D 7C AC")
    mark = len(state.ledger.entries)
    state.apply_text("play KH")
    assert entries_since(state, mark) == [(1, 0, 2, "GUIMBARDE-R4"), (2, 0, 2, "GUIMBARDE-R4"),
                                          (3, 0, 2, "GUIMBARDE-R4")]


def test_GUIMBARDE_R5_fou_not_taken_is_paid_by_each() -> None:
    """GUIMBARDE-R5, G5, G-Q7: the fou that survives its trick is paid one by each other player."""
    state = start({0: "JD 7C 8C 9C TC"}, "7S")
    mark = len(state.ledger.entries)
    state.apply_text("play JD")
    finish_trick(state)
    assert [(e.source, e.target, e.reason) for e in state.ledger.entries[mark:]][:3] == [
        (1, 0, "GUIMBARDE-R5"), (2, 0, "GUIMBARDE-R5"), (3, 0, "GUIMBARDE-R5")]


def finish_trick(state: GuimbardeState) -> None:
    while state.view(PUBLIC).tricks[-1].winner is None:
        state.apply(state.legal_actions()[0])


def test_GUIMBARDE_R6_king_and_queen_not_consecutive() -> None:
    """GUIMBARDE-R6, G6: a king and its queen with another card between them make no marriage."""
    state = start({0: "KS 7C 8C 9C TC", 1: "7S 8D 9D TD AD", 2: "QS 7H 8H 9H TH", 3: "AS JC QC KC 8S"}, "7D",
                  dealer=3)
    mark = len(state.ledger.entries)
    play(state, "KS 7S QS AS")
    assert not any(e.reason in ("GUIMBARDE-R1", "GUIMBARDE-R2") for e in state.ledger.entries[mark:])


def test_GUIMBARDE_R7_queen_must_fall_on_her_king() -> None:
    """GUIMBARDE-R7, G-§5.3, G-Q6: the next player holding the queen of the king just played must play her,
    even when rule 9 would make him trump; but not against following suit."""
    state = start({0: "7D", 1: "KS 8S JH AH 9S", 2: "QS 7C 8H 9H TH"}, "AC", players=3)
    play(state, "7D KS")
    assert legal(state) == {"QS"}  # not the trump ♣7 that rule 9 would ask for
    state = start({0: "7D", 1: "KS 8S 8H 9H TH", 2: "QS 8D 7H 7S 9S"}, "AC", players=3)
    play(state, "7D KS")
    assert legal(state) == {"8D"}


def test_GUIMBARDE_R8_must_follow_suit() -> None:
    """GUIMBARDE-R8, G-§5.3: a player who holds the suit led must follow it (♦J follows trumps, not diamonds)."""
    state = start({0: "7D", 1: "JD 8D 7S 8S 9S"}, "7C", players=3)
    play(state, "7D")
    assert legal(state) == {"8D"}


def test_GUIMBARDE_R9_must_beat_or_trump() -> None:
    """GUIMBARDE-R9, G-§5.3: beat the winning card if able; void, trump and overtrump if able, else still
    trump; once the led suit is trumped, any card of it."""
    state = start({0: "9S", 1: "7S TS 8H", 2: "7D 8D 7C JC 9H"}, "AC", players=3)
    play(state, "9S")
    assert legal(state) == {"TS"}
    play(state, "TS")
    assert legal(state) == {"7C", "JC"}
    state = start({0: "9S", 1: "7C 7D", 2: "7S 8S KH"}, "AC", players=3)
    play(state, "9S 7C")
    assert legal(state) == {"7S", "8S"}


def test_GUIMBARDE_R9_undertrump_when_no_overtrump() -> None:
    """GUIMBARDE-R9, G-§5.3: a void player who cannot overtrump must still trump (option undertrump_required)."""
    state = start({0: "9S", 1: "KC 7D", 2: "7C 8D 9D TD AD"}, "AC", players=3)
    play(state, "9S KC")
    assert legal(state) == {"7C"}
    free = start({0: "9S", 1: "KC 7D", 2: "7C 8D 9D TD AD"}, "AC", players=3, undertrump_required=False)
    play(free, "9S KC")
    assert legal(free) == {"7C", "8D", "9D", "TD", "AD"}


# ------------------------------------------------------------------------------------------------ rule file
def test_G_2_1_pack_by_number_of_players() -> None:
    """G-§2.1, G-Q13: 32 cards for 3–5 players, 52 for 6–8; 2 or 9 players are refused."""
    assert [len(pack_for(n)) for n in range(3, 9)] == [32, 32, 32, 52, 52, 52]
    for players in range(3, 9):
        state = GuimbardeState.new(seed=players, first_dealer=0, players=players)
        assert state.rules.pack_size == len(pack_for(players))
        assert all(len(state.hand(s)) == 5 for s in range(players))
    for bad in (2, 9):
        with pytest.raises(RulesError, match="allowed: 3, 4, 5, 6, 7, 8"):
            GuimbardeRules(players=bad)


def test_G_2_2_effective_suits() -> None:
    """G-§2.2, G-Q2: the privileged cards belong to trumps; trump-suit lengths 9, 10, 11 in the 32-card pack."""
    lengths = {suit: sum(effective_suit(c, suit) == suit for c in PACK_32) for suit in Suit}
    assert lengths == {Suit.HEARTS: 9, Suit.DIAMONDS: 10, Suit.CLUBS: 11, Suit.SPADES: 11}
    assert effective_suit(Card.parse("KH"), Suit.SPADES) is Suit.SPADES


def test_G_2_3_stock_plus_boxes_constant() -> None:
    """G-§2.3: each stock is the starting stock plus the balance; stocks and boxes together are constant."""
    state = start(EXAMPLE_1, "TC", starting_stock=60)
    play(state, EXAMPLE_1_PLAY)
    assert [state.stock(s) for s in range(4)] == [75, 60, 51, 54]
    assert sum(state.stock(s) for s in range(4)) + sum(state.boxes().values()) == 240


def test_G_2_4_draw_for_deal_and_deal_passes() -> None:
    """G-§2.4, G-Q14: the highest card drawn is eldest (the seat before him deals); a tie draws again; the deal
    passes to the eldest; clockwise play reverses the order."""
    state = GuimbardeState.new(players=3)
    state.apply(CutForDeal(parse_cards("KS KH 7C")))
    assert state.phase is Phase.CUT
    state.apply(CutForDeal(parse_cards("9S KH 7C")))
    assert state.dealer == 0 and state.eldest == 1
    seeded = GuimbardeState.new(seed=2, first_dealer=1, players=3)
    play_out(seeded)
    assert seeded.dealer == 2
    clockwise = GuimbardeState.new(GuimbardeRules(players=3, direction="clockwise"), seed=2, first_dealer=1)
    assert clockwise.eldest == 0


def test_G_3_4_side_payments_never_touch_the_boxes() -> None:
    """G-§3.4, G-§5.5: every marriage and fou payment goes between seats, never through a box."""
    state = start(EXAMPLE_1, "TC")
    play(state, EXAMPLE_1_PLAY)
    for entry in state.ledger.entries:
        if entry.reason in ("GUIMBARDE-R1", "GUIMBARDE-R2", "GUIMBARDE-R4", "GUIMBARDE-R5"):
            assert isinstance(entry.source, int) and isinstance(entry.target, int)


def test_G_5_2_winner_leads_next() -> None:
    """G-§5.2: the winner of a trick leads to the next."""
    state = start(EXAMPLE_1, "TC")
    play(state, "7S KS QS AS")
    assert state.actor == 1


def test_G_5_7_game_ends_and_boxes_are_shared() -> None:
    """G-§5.7, G-Q16: rounds × players deals, then what is left in the boxes is shared (odd counters in playing
    order from the last eldest); the deal results add up to the counters; a clearing deal is played without
    antes."""
    state = GuimbardeState.new(GuimbardeRules(players=3, rounds=1), seed=5, first_dealer=0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert len(state.deal_results) == 3 and sum(state.boxes().values()) == 0
    totals = [sum(d.points[s] for d in state.deal_results) for s in range(3)]
    assert tuple(totals) == state.result().points and sum(totals) == 0
    shares = [e for e in state.ledger.entries if e.reason == "G-§5.7"]
    assert shares or not any(state.boxes().values())
    clearing = GuimbardeState.new(GuimbardeRules(players=3, rounds=1, clearing_deals=2), seed=5, first_dealer=0)
    while not clearing.is_terminal:
        clearing.apply(clearing.legal_actions()[0])
    assert 3 <= len(clearing.deal_results) <= 5
    assert sum(e.reason == "GUIMBARDE-§1" for e in clearing.ledger.entries) == 3 * 15


# ------------------------------------------------------------------------------------------------ options (§9)
def test_G_Q1_parlett_follow_only() -> None:
    """G-Q1: with parlett_follow_only a player follows suit without beating, and void plays anything."""
    state = start({0: "9S", 1: "7S TS 8H", 2: "7D 8D 7C JC 9H"}, "AC", players=3, parlett_follow_only=True)
    play(state, "9S")
    assert legal(state) == {"7S", "TS"}
    play(state, "7S")
    assert legal(state) == {"7D", "8D", "7C", "JC", "9H"}


def test_G_Q3_literal_king_of_diamonds() -> None:
    """G-Q3, GUIMBARDE-R3: by default ♦J may not trump a marriage; with rule3_literal_king_of_diamonds it is ♦K
    (diamonds trumps) that may not."""
    hands = {1: "KS 7C 8C 9C TC", 2: "QS 7H 8H 9H TH", 3: "KD JD 9D JC QC", 0: "AC"}
    state = start(hands, "7D", dealer=0)
    play(state, "KS QS")
    assert legal(state) == {"KD", "9D"}
    literal = start(hands, "7D", dealer=0, rule3_literal_king_of_diamonds=True)
    play(literal, "KS QS")
    assert legal(literal) == {"JD", "9D"}


def test_G_Q4_trump_marriages_protected_or_not() -> None:
    """G-Q4: a marriage in the trump suit is protected from the privileged trumps unless the option says no."""
    hands = {1: "KS 7C 8C 9C TC", 2: "QS 7H 8H 9H TH", 3: "QH 7S 7D 8D 9D", 0: "AC"}
    state = start(hands, "8S", dealer=0)
    play(state, "KS QS")
    assert legal(state) == {"7S"}
    loose = start(hands, "8S", dealer=0, rule3_protects_trump_marriages=False)
    play(loose, "KS QS")
    assert legal(loose) == {"QH"}


def test_G_Q5_marriage_either_order() -> None:
    """G-Q5: Queen then King is no marriage by default; with marriage_either_order it is."""
    hands = {0: "QS 7C 8C 9C TC", 1: "KS 7D 8D 9D TD", 2: "7S 8H 9H TH AH", 3: "8S JC AC AD KD"}
    for either, paid in ((False, False), (True, True)):
        state = start(hands, "JH", marriage_either_order=either)
        mark = len(state.ledger.entries)
        play(state, "QS KS 7S 8S")
        assert any(e.reason == "GUIMBARDE-R1" for e in state.ledger.entries[mark:]) is paid


def test_G_Q6_marriage_obligation_only_in_suit() -> None:
    """G-Q6: by default a King used to trump still obliges its Queen; with the option only a King in suit."""
    hands = {0: "7D", 1: "KS 7C 8H 9H TH", 2: "QS 8C 9C TC AC"}
    state = start(hands, "7S", players=3)
    play(state, "7D KS")
    assert legal(state) == {"QS"}
    loose = start(hands, "7S", players=3, marriage_obligation_only_in_suit=True)
    play(loose, "7D KS")
    assert "QS" in legal(loose) and len(legal(loose)) == 1  # still the only trump: rule 9 makes him trump
    plain = start({0: "7D", 1: "KC 8H 9H TH JH", 2: "QC 8C 9C TC AC"}, "7S", players=3,
                  marriage_obligation_only_in_suit=True)
    play(plain, "7D KC")
    assert legal(plain) == {"QC", "8C", "9C", "TC", "AC"}


def test_G_Q7_fou_box_on_survival() -> None:
    """G-Q7: with fou_box_on_survival the Fou box is drawn only when ♦J survives its trick."""
    state = start({0: "JD 7C 8C 9C TC"}, "7S", fou_box_on_survival=True)
    assert FOU not in {c.box for c in state.view(PUBLIC).claims} and state.boxes()[FOU] == 4
    state.apply_text("play JD")
    finish_trick(state)
    assert Transfer(FOU, 0, 4, "GUIMBARDE-R5") in state.ledger.entries


def test_G_Q8_grand_marriage_on_table_one_in_total() -> None:
    """G-Q8: with grand_marriage_table_from_each=False only the ♥K player pays the ♥Q player one."""
    hands = {0: "KH 7S 8S 9S 7H", 1: "QH TS JS 8H 9H", 2: "7D 8D 9D TD TH", 3: "AD QD AS AH QS"}
    state = start(hands, "7C", grand_marriage_table_from_each=False)
    mark = len(state.ledger.entries)
    play(state, "KH QH 7D AD")
    assert entries_since(state, mark) == [(0, 1, 1, "GUIMBARDE-R4")]


def test_G_Q9_hand_marriage_paid_at_start() -> None:
    """G-Q9: with pay_hand_marriage_at_start the marriages in hand are paid before the first lead."""
    state = start({1: "KS QS 7C 8C 9C"}, "7H", pay_hand_marriage_at_start=True)
    assert [(e.source, e.target) for e in state.ledger.entries if e.reason == "GUIMBARDE-R1"] == [
        (0, 1), (2, 1), (3, 1)]


def test_G_Q10_point_pip_tiebreak() -> None:
    """G-Q10: equal points go to the first in order; with point_pip_tiebreak to the higher pip total first."""
    hands = {0: "7S 8S 9S 7C 8C", 1: "KD AD TD 9C TC", 2: "JC QH 7D 8D JH"}
    assert [c.seat for c in start(hands, "7H", players=3).view(PUBLIC).claims if c.box == POINT] == [0]
    tie = start(hands, "7H", players=3, point_pip_tiebreak=True)
    assert [c.seat for c in tie.view(PUBLIC).claims if c.box == POINT] == [1]


def test_G_Q11_ante_only_empty_boxes() -> None:
    """G-Q11: with ante_only_empty_boxes a box that carried over receives no antes."""
    hands = {0: "7C 8C 9C TC JC", 1: "QC KC AC 7D 8D", 2: "9D TD AD 7S 8S"}
    state = start(hands, "QH", players=3, more=1, ante_only_empty_boxes=True)
    play_out(state)
    assert state.boxes()[GUIMBARDE] == 3 and state.boxes()[ROI] == 3


def test_G_Q12_re_ante_only_if_point_taken() -> None:
    """G-Q12: by default the Point-box counter is added even without a point; with the option it is not."""
    hands = {0: "7C 8D 8H TD 7S", 1: "KC 7D AH 9D TC", 2: "8C KD 7H AD 9C"}
    assert start(hands, "JS", players=3).boxes()[POINT] == 6
    assert start(hands, "JS", players=3, re_ante_only_if_point_taken=True).boxes()[POINT] == 3


def test_G_Q17_retract_irregular_card() -> None:
    """G-Q17: with retract_irregular_card the revoked card goes back to the hand and a legal card is played."""
    from academie.engine import Mode

    state = start({0: "7S", 1: "8S 7D"}, "7H", mode=Mode.TABLE, retract_irregular_card=True)
    state.automate_table = True
    play(state, "7S")
    state.apply_text("! revoke 1 7D")
    assert Card.parse("7D") in state.hand(1) and state.actor == 1 and legal(state) == {"8S"}
    assert state.rulings[-1].startswith("G8:") and "taken back" in state.rulings[-1]


def test_rules_options_are_validated() -> None:
    """G-Q1 … G-Q17: every option refuses a wrong value with a typed error naming the allowed ones."""
    for name, bad in (("direction", "left"), ("deal_pattern", (4, 1)), ("rounds", 0), ("parlett_follow_only", 1),
                      ("unable_to_pay", "borrow")):
        with pytest.raises(RulesError, match=f"rules option {name}="):
            GuimbardeRules(**{name: bad})
    assert GuimbardeState.new(GuimbardeRules(players=3), players=5, seed=1).players == 5
    with pytest.raises(RulesError, match="players=2 is not allowed"):
        GuimbardeState.new(players=2)
    assert dataclasses.replace(GuimbardeRules(), players=8).pack_size == 52


# ------------------------------------------------------------------------------------------------ G18
def test_G18_new_stock_bought_from_the_bank_before_paying() -> None:
    """G18 (unable_to_pay="new-stock", the default): with stocks of 5, seats 2 and 3 have nothing left after the
    antes, so each buys a new stock of 5 from the bank, as a transfer citing G18, just before its Point-box token
    (GUIMBARDE-§7); stocks never go negative, the ledger sums to zero, the stocks bought are shown in the views
    and the result, and the counters won or lost leave them out."""
    state = start(EXAMPLE_1, "TC", starting_stock=5)
    assert GuimbardeRules().unable_to_pay == "new-stock"
    moves = entries_since(state, 0)
    for seat in (2, 3):
        bought = moves.index((BANK, seat, 5, "G18"))
        assert moves[bought + 1] == (seat, POINT, 1, "GUIMBARDE-§7")
    assert [e for e in moves if e[3] == "G18"] == [(BANK, 2, 5, "G18"), (BANK, 3, 5, "G18")]
    assert state.stocks_bought == (0, 0, 1, 1) and state.stock(2) == state.stock(3) == 4
    assert state.view(PUBLIC).stocks_bought == state.view(1).stocks_bought == (0, 0, 1, 1)
    for card in EXAMPLE_1_PLAY.split():
        state.apply_text(f"play {card}")
        assert min(state.stock(s) for s in range(4)) >= 0 and state.ledger.total() == 0
    sold = -state.ledger.balance(BANK)
    assert sold == 5 * sum(state.stocks_bought) > 0
    assert sum(state.stock(s) for s in range(4)) + sum(state.boxes().values()) == 4 * 5 + sold
    result = state.result()
    assert result.stocks_bought == tuple(state.stocks_bought) and not any(result.retired)
    assert result.points == tuple(state.ledger.balance(s) - 5 * state.stocks_bought[s] for s in range(4))
    assert state.deal_results[0].points == result.points  # one deal so far: its points are the game's


def test_G18_retire_pays_what_he_can_and_the_game_ends_below_three() -> None:
    """G18 (unable_to_pay="retire"), G-§5.7: with stocks of 7, seat 2 has 1 counter left when the grand marriage
    in hand asks 2 of him (GUIMBARDE-R4): he pays that 1 and nothing more; seat 3 too runs dry. Both finish the
    deal and retire; with two players left the game ends and the boxes are shared between them."""
    state = start(EXAMPLE_1, "TC", starting_stock=7, unable_to_pay="retire", more=3)
    play(state, EXAMPLE_1_PLAY)
    moves = entries_since(state, 0)
    assert (2, 0, 1, "GUIMBARDE-R4") in moves and (2, 0, 2, "GUIMBARDE-R4") not in moves
    assert (1, 0, 2, "GUIMBARDE-R4") in moves  # those who can pay in full do
    assert state.retired == (False, False, True, True) and state.stock(2) == 0
    assert [r for r in state.rulings if r.startswith("G18")] == [
        "G18: seat 2 cannot pay; he paid what he could and retires",
        "G18: seat 3 cannot pay; he paid what he could and retires"]
    assert state.is_terminal and state.phase is Phase.OVER and len(state.deal_results) == 1
    assert sum(state.boxes().values()) == 0 and state.ledger.balance(BANK) == 0 and state.ledger.total() == 0
    assert min(state.stock(s) for s in range(4)) >= 0 and sum(state.result().points) == 0
    assert state.result().retired == (False, False, True, True) == state.view(PUBLIC).retired


def test_G18_retired_seat_is_dealt_nothing_and_the_game_goes_on() -> None:
    """G18 (unable_to_pay="retire"), G-§2.4, GUIMBARDE-§2: at five players with stocks of 15, seat 4 has less than
    five counters after the first deal: at the second deal's antes he pays what he has and retires at once; the
    four others play on: seat 4 is dealt no cards, has no legal action, antes no more, is skipped by the deal and
    in each trick; the log replays to the same game."""
    rules = GuimbardeRules(players=5, starting_stock=15, unable_to_pay="retire")
    shuffler = random.Random(5)
    decks = [arrange_deck(EXAMPLE_1, rules=rules, dealer=4, turn_up="TC"),
             *(shuffler.sample(PACK_32, 32) for _ in range(40))]
    state = GuimbardeState.new(rules, decks=decks, first_dealer=4)
    play_out(state)
    assert state.retired == (False, False, False, False, True) and state.stock(4) == 0
    assert state.dealer == 0 and state.eldest == 1 and state.actor == 1  # the deal passed from 4 to 0
    view = state.view(4)
    assert view.hand == () and view.hand_sizes == (5, 5, 5, 5, 0) and view.legal_actions == ()
    second = len(state.deal_results)
    ante_start = state.deal.start_entries
    left = 15 + state.deal_results[0].points[4]  # what seat 4 had after the first deal: short of five antes
    paid = [e for e in state.ledger.entries[ante_start:] if e.source == 4]
    assert 0 < left < 5 and sum(e.amount for e in paid) == left and {e.reason for e in paid} == {"GUIMBARDE-§1"}
    assert sum(e.reason == "GUIMBARDE-§1" for e in state.ledger.entries[ante_start:]) == 4 * 5 + left
    while not state.is_terminal:
        assert state.actor != 4 and len(state.current_trick()) < 4
        state.apply(state.legal_actions()[0])
    later = state.deal_results[second:]
    assert later[0].points[4] == -left and all(d.points[4] == 0 for d in later[1:])
    assert all(d.dealer != 4 and d.tricks[4] == 0 for d in later) and len(later) >= 4
    assert [d.dealer for d in later[:4]] == [0, 1, 2, 3]
    assert len(state.deal_results) == state.rules.deals or state.active < 3
    assert sum(state.result().points) == 0 and sum(state.boxes().values()) == 0
    twin = GuimbardeState.new(state.rules, first_dealer=4)
    for operation in state.operations:
        twin.apply(operation.action)
    assert twin.retired == state.retired and twin.ledger.entries == state.ledger.entries


def test_G18_new_stock_needs_a_stock_to_buy() -> None:
    """G18: unable_to_pay="new-stock" with starting_stock=0 is refused (nothing to buy); "retire" accepts it."""
    with pytest.raises(RulesError, match="unable_to_pay='new-stock' needs starting_stock >= 1"):
        GuimbardeRules(starting_stock=0)
    assert GuimbardeRules(starting_stock=0, unable_to_pay="retire").starting_stock == 0
