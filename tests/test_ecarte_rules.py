"""Scenario tests of Écarté in enforced mode: one test (or a few) per rule ID the engine implements.

Every scenario is dealt from a crafted deck order (see ``conftest.arrange_deck``) and driven action by action
through the checked ``apply``; the assertions are exact scores, ledger entries with their rule IDs and legal
action sets. Rule IDs: ``E-§n.m`` are sections of the rule file; ``ECARTE-V.n``/``ECARTE-VI.n``
are the seed's articles. The table-mode rules (ECARTE-V.2, V.3, V.4, VI.6, VI.9) are tested elsewhere.

Most deals use spades as trumps (the 9 of spades turned up) and these hands, whose outcome does not depend on
how the cards are played: the holder of ``STRONG3`` takes exactly three tricks against ``HEARTS`` (his three
trumps always win; his two low hearts never do, the opponent holding only higher hearts), ``STRONG4`` exactly
four against ``HEARTS``, ``TOP5`` all five against ``JUNK``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import pytest
from conftest import act, arrange_deck, as_cards, first_play, ledger_rows, legal_texts, next_deal, play_out

from academie.cards import PACK_32, PACK_52, Card, Suit
from academie.engine import CHANCE, PUBLIC, IllegalActionError
from academie.games.ecarte import (
    MARK_KING,
    CutForDeal,
    DealResult,
    Discard,
    EcarteRules,
    EcarteState,
    GameResult,
    HiddenDiscard,
    Phase,
    Play,
    Shuffle,
    TakeBack,
    trick_winner,
)

TRUMP = "9S"
STRONG3 = "QS JS AS 7H 8H"
STRONG4 = "QS JS AS TS 7H"
TOP5 = "KS QS JS AS TS"
HEARTS = "KH QH JH AH TH"
KINGS = "KH KD KC QC QD"
JUNK = "7H 8H 7D 8D 7C"
JUNK_CARDS = as_cards(JUNK)


# ------------------------------------------------------------------------------------------------ helpers
def start(*, dealer: int = 0, rules: EcarteRules | None = None) -> EcarteState:
    """A partie waiting for its first deck, ``dealer`` dealing first (no cut)."""
    return EcarteState.new(rules, first_dealer=dealer)


def deal_next(state: EcarteState, elder: str, dealer_hand: str, *, trump: str = TRUMP, talon: str = "",
              pattern: tuple[int, int] = (3, 2)) -> None:
    """Deal the next hand of ``state``: ``elder`` to the non-dealer, ``dealer_hand`` to the dealer."""
    dealer = state.dealer
    assert dealer is not None
    next_deal(state, arrange_deck({1 - dealer: elder, dealer: dealer_hand}, dealer=dealer, trump=trump,
                                  talon=talon, pattern=pattern))


def dealt(elder: str, dealer_hand: str, *, dealer: int = 0, trump: str = TRUMP, talon: str = "",
          rules: EcarteRules | None = None) -> EcarteState:
    """A new partie whose first deal gives these hands."""
    state = start(dealer=dealer, rules=rules)
    deal_next(state, elder, dealer_hand, trump=trump, talon=talon)
    return state


def elder_vole(state: EcarteState, *, mark: bool = False) -> None:
    """A whole deal: the non-dealer holds the five top trumps, stands and takes the vole (+2, +1 if he marks)."""
    deal_next(state, TOP5, JUNK)
    act(state, *(["mark-king"] if mark else []), "stand")
    play_out(state)


def dealer_vole(state: EcarteState, *, mark: bool = False) -> None:
    """A whole deal: the dealer holds the five top trumps, refuses the proposal and takes the vole (+2, +1)."""
    deal_next(state, JUNK, TOP5)
    act(state, "propose", *(["mark-king"] if mark else []), "refuse")
    play_out(state)


def elder_point(state: EcarteState, *, trump: str = TRUMP) -> None:
    """A whole deal: the non-dealer stands with ``STRONG3`` and takes three tricks (+1)."""
    deal_next(state, STRONG3, HEARTS, trump=trump)
    act(state, "stand")
    play_out(state)


def dealer_point(state: EcarteState) -> None:
    """A whole deal: the dealer refuses with ``STRONG3`` and takes three tricks (+1)."""
    deal_next(state, HEARTS, STRONG3)
    act(state, "propose", "refuse")
    play_out(state)


def whole_hand(state: EcarteState, seat: int, count: int = 5) -> str:
    """The text of a discard of the first ``count`` cards of ``seat``'s hand."""
    return " ".join(["discard", *(str(c) for c in state.hand(seat)[:count])])


def plays(*cards: str) -> set[str]:
    """The text forms of the plays of these cards."""
    return {f"play {c}" for c in cards}


def hand_texts(state: EcarteState, seat: int) -> set[str]:
    """The cards ``seat`` holds, as text."""
    return {str(c) for c in state.hand(seat)}


# ------------------------------------------------------------------------------------------------ E-§2.1
def test_E_2_1_king_high_then_queen_jack_ace_ten_nine_eight_seven() -> None:
    """E-§2.1: in every suit K > Q > J > A > 10 > 9 > 8 > 7; the higher card of the suit led wins."""
    for suit in "CDHS":
        order = [Card.parse(rank + suit) for rank in "KQJAT987"]
        trump = (Suit.parse(suit) + 1) % 4
        for high, low in combinations(order, 2):
            assert trick_winner(0, low, high, trump) == 1, (low, high)
            assert trick_winner(1, high, low, trump) == 1, (high, low)


def test_E_2_1_the_ace_ranks_between_the_jack_and_the_ten_when_overtaking() -> None:
    """E-§2.1 with E-§5: over an ace led, only the jack (and above) overtakes; the ten does not."""
    state = dealt("AH 7C 8C 9C TC", "JH TH 7D 8D 9D")
    act(state, "stand", "play AH")
    assert legal_texts(state) == plays("JH")


def test_E_2_1_any_trump_beats_any_plain_card() -> None:
    """E-§2.1: the lowest trump beats the king of a plain suit; a plain card of another suit never wins."""
    seven_of_trumps = Card.parse("7S")
    for led in PACK_32:
        if led.suit != Suit.SPADES:
            assert trick_winner(0, led, seven_of_trumps, Suit.SPADES) == 1
            for other in PACK_32:
                if other.suit not in (led.suit, Suit.SPADES):
                    assert trick_winner(0, led, other, Suit.SPADES) == 0


def test_E_2_1_the_pack_is_the_thirty_two_card_piquet_pack() -> None:
    """E-§2.1: a deck order must be the 32 cards 7 to ace, each once; sixes, 52 cards or repeats are refused."""
    state = start()
    with_six = (Card.parse("6C"), *PACK_32[1:])
    repeated = (PACK_32[1], *PACK_32[1:])
    for bad in (with_six, repeated, PACK_52, PACK_32[:31]):
        with pytest.raises(IllegalActionError, match="32 cards"):
            state.apply(Shuffle(tuple(bad)))
    assert state.operations == [] and state.actor == CHANCE
    state.apply(Shuffle(PACK_32))
    cards = [*state.hand(0), *state.hand(1), state.trump_card, *state.talon()]
    assert sorted(c.index for c in cards if c is not None) == sorted(c.index for c in PACK_32)


# ------------------------------------------------------------------------------------------------ E-§2.3
@pytest.mark.parametrize(("cut", "dealer"), [
    ("KH QS", 0), ("7S 8D", 1), ("AS JD", 1), ("TC AH", 1), ("QD JC", 0), ("8H 7H", 0),
])
def test_E_2_3_the_higher_cut_deals_first(cut: str, dealer: int) -> None:
    """E-§2.3: each player cuts (seat 0's card first); the higher card in the Écarté order deals first."""
    state = EcarteState.new(first_dealer=None)
    assert (state.phase, state.actor, state.dealer) == (Phase.CUT, CHANCE, None)
    first, second = as_cards(cut)
    state.apply(CutForDeal((first, second)))
    assert (state.phase, state.dealer) == (Phase.SHUFFLE, dealer)
    state.apply(Shuffle(PACK_32))
    assert state.actor == 1 - dealer


@pytest.mark.parametrize(("cut", "dealer"), [("KH QS", 1), ("7S 8D", 0), ("AS JD", 0)])
def test_E_2_3_option_lowest_cut_deals_first(cut: str, dealer: int) -> None:
    """E-§2.3 (Q2): with ``first_dealer_card="lowest"`` the lower card deals first."""
    state = EcarteState.new(EcarteRules(first_dealer_card="lowest"))
    first, second = as_cards(cut)
    state.apply(CutForDeal((first, second)))
    assert state.dealer == dealer


def test_E_2_3_a_tie_cuts_again() -> None:
    """E-§2.3: equal ranks (of different suits) decide nothing; both cut again."""
    state = EcarteState.new()
    state.apply(CutForDeal((Card.parse("KH"), Card.parse("KS"))))
    assert (state.phase, state.actor, state.dealer) == (Phase.CUT, CHANCE, None)
    state.apply(CutForDeal((Card.parse("9D"), Card.parse("TC"))))
    assert (state.phase, state.dealer) == (Phase.SHUFFLE, 1)
    assert [type(op.action) for op in state.operations] == [CutForDeal, CutForDeal]


def test_E_2_3_cutting_needs_two_different_cards_of_the_pack() -> None:
    """E-§2.3: one card cut by each player from the 32-card pack; a repeated card or a six is refused."""
    state = EcarteState.new()
    for bad in ("KH KH", "6H KS"):
        first, second = as_cards(bad)
        with pytest.raises(IllegalActionError, match=r"E-§2\.3"):
            state.apply(CutForDeal((first, second)))
    assert state.operations == [] and state.phase is Phase.CUT


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_E_2_3_the_deal_alternates(seed: int) -> None:
    """E-§2.3: after the first deal the deal passes to the other player every hand, whatever happened."""
    state = EcarteState.new(seed=seed)
    moves = random.Random(seed)
    first_dealer = state.dealer
    assert first_dealer in (0, 1)
    while not state.is_terminal:
        state.apply(moves.choice(state.legal_actions()))
    dealers = [result.dealer for result in state.deal_results]
    assert len(dealers) >= 3
    assert dealers == [(first_dealer + k) % 2 for k in range(len(dealers))]


def test_E_2_3_next_deal_is_dealt_by_the_other_player() -> None:
    """E-§2.3: dealer 0, then 1, then 0: the non-dealer (who acts first) changes with him."""
    state = start(dealer=0)
    for dealer in (0, 1, 0):
        assert state.dealer == dealer
        elder_point(state)
        assert state.phase is Phase.SHUFFLE and state.dealer == 1 - dealer
    assert state.score == (1, 2)


# ------------------------------------------------------------------------------------------------ E-§3
DEAL_POSITIONS = {  # (elder's deck positions, dealer's deck positions), top card = position 0
    (3, 2): ((0, 1, 2, 6, 7), (3, 4, 5, 8, 9)),
    (2, 3): ((0, 1, 4, 5, 6), (2, 3, 7, 8, 9)),
}


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("pattern", [(3, 2), (2, 3)])
def test_E_3_five_cards_each_by_the_pattern_eleventh_turned_twenty_one_in_the_talon(
        pattern: tuple[int, int], dealer: int) -> None:
    """E-§3: non-dealer first, by 3-2 or 2-3; the 11th card is the trump card; the last 21 form the talon."""
    deck = tuple(random.Random(sum(pattern) * 10 + dealer + 7).sample(PACK_32, 32))
    state = EcarteState.new(EcarteRules(deal_pattern=pattern), first_dealer=dealer)
    state.apply(Shuffle(deck))
    elder_at, dealer_at = DEAL_POSITIONS[pattern]
    assert set(state.hand(1 - dealer)) == {deck[i] for i in elder_at}
    assert set(state.hand(dealer)) == {deck[i] for i in dealer_at}
    assert state.trump_card == deck[10]
    assert state.talon() == deck[11:] and len(state.talon()) == 21
    for viewer in (0, 1, PUBLIC):
        view = state.view(viewer)
        assert (view.trump_card, view.talon_size, view.hand_sizes) == (deck[10], 21, (5, 5))


def test_E_3_the_pattern_is_kept_for_the_whole_game() -> None:
    """E-§3: the 2-3 pattern chosen for the game is used again for the second deal (dealer 1)."""
    state = start(dealer=0, rules=EcarteRules(deal_pattern=(2, 3)))
    elder_point(state)
    deck = tuple(random.Random(5).sample(PACK_32, 32))
    next_deal(state, deck)
    assert state.dealer == 1
    assert set(state.hand(0)) == {deck[i] for i in (0, 1, 4, 5, 6)}
    assert set(state.hand(1)) == {deck[i] for i in (2, 3, 7, 8, 9)}
    assert state.trump_card == deck[10] and state.talon() == deck[11:]


# ------------------------------------------------------------------------------------------------ E-§3.4
@pytest.mark.parametrize("dealer", [0, 1])
def test_E_3_4_turned_king_scores_one_for_the_dealer(dealer: int) -> None:
    """E-§3.4: a king turned up scores one for the dealer at once; nobody can then mark the king (E-§4.4)."""
    state = dealt(STRONG3, HEARTS, dealer=dealer, trump="KS")
    assert state.score[dealer] == 1 and state.score[1 - dealer] == 0
    assert ledger_rows(state) == [(dealer, 1, "E-§3.4")]
    assert legal_texts(state) == {"propose", "stand"}
    act(state, "stand", "play QS")
    assert "mark-king" not in legal_texts(state)
    play_out(state)
    assert ledger_rows(state) == [(dealer, 1, "E-§3.4"), (1 - dealer, 1, "E-§6.1")]
    tricks = (2, 3) if dealer == 0 else (3, 2)
    assert state.deal_results == [DealResult(0, dealer, (1, 1), tricks, True)]


def test_E_3_4_any_other_turned_card_scores_nothing() -> None:
    """E-§3.4: only a king scores; a turned queen of trumps gives nothing."""
    state = dealt(STRONG3, "KH KD KC QC 8D", trump="QD")
    assert ledger_rows(state) == [] and state.score == (0, 0)


def test_E_3_4_turned_king_reaching_five_ends_the_game_at_once() -> None:
    """E-§3.4 with E-§6.1: the dealer at 4 who turns up a king wins before anybody acts."""
    state = start(dealer=0)
    dealer_vole(state, mark=True)          # seat 0 deals: 3
    elder_point(state)                     # seat 0 is non-dealer: 4
    assert state.score == (4, 0) and state.dealer == 0
    deal_next(state, STRONG3, HEARTS, trump="KS")
    assert (state.phase, state.actor, state.score) == (Phase.OVER, None, (5, 0))
    assert ledger_rows(state, 3) == [(0, 1, "E-§3.4")]
    assert state.game_results == [GameResult(0, (5, 0), 1)]
    assert state.deal_results[-1] == DealResult(0, 0, (1, 0), (0, 0), False)
    assert state.legal_actions() == () and state.result().winner == 0


# ------------------------------------------------------------------------------------------------ E-§4.4
@pytest.mark.parametrize("dealer", [0, 1])
def test_E_4_4_the_holder_marks_the_king_before_his_first_card(dealer: int) -> None:
    """E-§4.4: the non-dealer holding the king of trumps may mark it (one point) once, before playing."""
    elder = 1 - dealer
    state = dealt("KS JS AS 7H 7D", KINGS, dealer=dealer)
    assert legal_texts(state) == {"mark-king", "propose", "stand"}
    act(state, "stand")
    assert legal_texts(state) == {"mark-king"} | plays("KS", "JS", "AS", "7H", "7D")
    act(state, "mark-king")
    assert state.score[elder] == 1 and ledger_rows(state) == [(elder, 1, "E-§4.4")]
    assert state.view(PUBLIC).king_marked_by == elder
    assert legal_texts(state) == plays("KS", "JS", "AS", "7H", "7D")
    with pytest.raises(IllegalActionError, match=r"E-§4\.4"):
        state.apply(MARK_KING)


def test_E_4_4_the_right_to_mark_is_lost_after_the_first_card() -> None:
    """E-§4.4: a holder who plays a card without marking cannot mark the king later in the deal."""
    state = dealt("KS JS AS 7H 7D", KINGS)
    act(state, "stand", "play 7H", "play KH")      # the dealer wins and leads; the holder has played
    act(state, "play KD")
    assert state.actor == 1 and legal_texts(state) == plays("7D")
    with pytest.raises(IllegalActionError, match="before he plays his first card"):
        state.apply(MARK_KING)
    play_out(state)
    assert [row for row in ledger_rows(state) if row[2] == "E-§4.4"] == []


def test_E_4_4_the_dealer_may_mark_before_his_first_card() -> None:
    """E-§4.4: the dealer may mark the king when his turn comes to play to trick 1, not after."""
    state = dealt(KINGS, "KS JS AS 7H 7D", dealer=0)
    act(state, "propose")
    assert legal_texts(state) == {"mark-king", "accept", "refuse"}
    act(state, "refuse", "play KC")
    assert legal_texts(state) == {"mark-king"} | plays("KS", "JS", "AS")
    act(state, "mark-king")
    assert ledger_rows(state) == [(0, 1, "E-§4.4")]
    act(state, "play JS")
    assert "mark-king" not in legal_texts(state)


def test_E_4_4_the_dealer_who_played_without_marking_has_lost_it() -> None:
    """E-§4.4: the dealer's first card ends his right to mark."""
    state = dealt(KINGS, "KS JS AS 7H 7D", dealer=0)
    act(state, "stand", "play KC", "play JS")             # void in clubs, the dealer trumps and wins
    assert state.actor == 0 and legal_texts(state) == plays("KS", "AS", "7H", "7D")


def test_E_4_4_a_king_obtained_in_the_exchange_can_be_marked_by_the_non_dealer() -> None:
    """E-§4.4: the non-dealer who draws the king of trumps from the talon may mark it before playing."""
    state = dealt("8C JS AS 7H 7D", KINGS, talon="KS")
    act(state, "propose", "accept")
    assert MARK_KING not in state.legal_actions()
    act(state, "discard 8C", "discard")
    assert "KS" in hand_texts(state, 1)
    assert legal_texts(state) == {"mark-king", "propose", "stand"}
    act(state, "stand", "mark-king")
    assert ledger_rows(state) == [(1, 1, "E-§4.4")]


def test_E_4_4_a_king_obtained_in_the_exchange_can_be_marked_by_the_dealer() -> None:
    """E-§4.4: the dealer who draws the king of trumps may mark it at his next turn, before his first card."""
    state = dealt(STRONG3, "KH KD KC QC 8D", talon="7C KS")
    act(state, "propose", "accept", "discard 7H", "discard 8D")
    assert "KS" in hand_texts(state, 0)
    act(state, "propose")
    assert legal_texts(state) == {"mark-king", "accept", "refuse"}
    act(state, "mark-king", "refuse")
    assert ledger_rows(state) == [(0, 1, "E-§4.4")]


def test_E_4_4_reaching_five_by_the_king_ends_the_game_at_once() -> None:
    """E-§4.4 with E-§6.1: the dealer at 4 who marks the king in trick 1 wins there; the tricks are not played."""
    state = start(dealer=0)
    dealer_vole(state, mark=True)
    elder_point(state)
    assert state.score == (4, 0) and state.dealer == 0
    deal_next(state, KINGS, "KS JS AS 7H 7D")
    act(state, "stand", "play KH", "mark-king")
    assert (state.phase, state.actor, state.score) == (Phase.OVER, None, (5, 0))
    assert state.deal_results[-1] == DealResult(0, 0, (1, 0), (0, 0), False)
    assert state.result().winner == 0 and state.legal_actions() == ()


# ------------------------------------------------------------------------------------------------ E-§5
def second_player_choices(dealer_hand: str, lead: str, *, elder: str = "", rules: EcarteRules | None = None
                          ) -> set[str]:
    """The dealer's legal cards after the non-dealer stands and leads ``lead`` (trumps are spades)."""
    filler = [c for c in ("8C", "9C", "TC", "JC", "7D", "8D") if c not in dealer_hand.split() and c != lead]
    elder_hand = elder or " ".join([lead, *filler[:4]])
    state = dealt(elder_hand, dealer_hand, rules=rules)
    act(state, "stand", f"play {lead}")
    return legal_texts(state)


def test_E_5_second_player_must_follow_and_overtake() -> None:
    """E-§5: holding higher cards of the suit led, the second player must play one of them."""
    assert second_player_choices("7H TH KH 7S QD", "9H") == plays("TH", "KH")


def test_E_5_unable_to_overtake_any_card_of_the_suit() -> None:
    """E-§5: holding only lower cards of the suit led, he may play any of them (not a trump)."""
    assert second_player_choices("7H TH QH 7S QD", "KH") == plays("7H", "TH", "QH")


def test_E_5_void_in_the_suit_led_must_trump() -> None:
    """E-§5: void in the suit led and holding trumps, he must trump (any trump)."""
    assert second_player_choices("7S QS AC 9D 8D", "KH", elder="KH 7C 9C TC JC") == plays("7S", "QS")


def test_E_5_void_without_trumps_any_card() -> None:
    """E-§5: void in the suit led and in trumps, any card."""
    choices = second_player_choices("AC QD KD 8D 9D", "KH", elder="KH 7C 9C TC JC")
    assert choices == plays("AC", "QD", "KD", "8D", "9D")


def test_E_5_trumps_led_follow_and_overtake_in_trumps() -> None:
    """E-§5: the same rule when trumps are led: overtake in trumps if possible, else any trump."""
    assert second_player_choices("8S QS 7H 8H 7C", "JS") == plays("QS")
    assert second_player_choices("8S TS 7H 8H 7C", "AS") == plays("8S", "TS")


def test_E_5_option_must_trump_false_lets_the_void_player_discard() -> None:
    """E-§5 (Q5): with ``must_trump=False`` a void player may keep his trumps; following and overtaking stay."""
    rules = EcarteRules(must_trump=False)
    assert second_player_choices("7S QS AC 9D 8D", "KH", elder="KH 7C 9C TC JC", rules=rules) == plays(
        "7S", "QS", "AC", "9D", "8D")
    assert second_player_choices("7H TH KH 7S QD", "9H", rules=rules) == plays("TH", "KH")


def test_E_5_an_underplay_is_refused_with_the_rule_cited() -> None:
    """E-§5: playing a lower card when able to overtake is illegal in enforced mode; the state is unchanged."""
    state = dealt("9H 8C 9C TC JC", "7H TH KH 7S QD")
    act(state, "stand", "play 9H")
    before = list(state.operations)
    with pytest.raises(IllegalActionError, match=r"overtake.*E-§5.*allowed: play TH, play KH"):
        state.apply_text("play 7H")
    assert state.operations == before


def test_E_5_the_leader_plays_any_card_and_the_winner_leads_next() -> None:
    """E-§5: the higher card of the suit led or a trump wins, and its player leads the next trick."""
    state = dealt("9H 8C 9C TC 7S", "7H TH KH 8S QD")
    act(state, "stand")
    assert legal_texts(state) == plays("9H", "8C", "9C", "TC", "7S")
    act(state, "play 9H", "play TH")
    assert state.actor == 0 and legal_texts(state) == plays("7H", "KH", "8S", "QD")
    act(state, "play QD")
    assert state.actor == 1 and legal_texts(state) == plays("7S")
    act(state, "play 7S")                                 # the lowest trump takes the queen
    assert state.actor == 1 and state.view(PUBLIC).tricks_won == (1, 1)


# ------------------------------------------------------------------------------------------------ E-§6.1
@pytest.mark.parametrize(("elder", "dealer_hand", "decisions", "winner", "tricks"), [
    (STRONG3, HEARTS, ("stand",), 1, (2, 3)),
    (HEARTS, STRONG3, ("propose", "refuse"), 0, (3, 2)),
    (STRONG4, HEARTS, ("stand",), 1, (1, 4)),
    (HEARTS, STRONG4, ("propose", "refuse"), 0, (4, 1)),
])
def test_E_6_1_three_or_four_tricks_score_the_point(elder: str, dealer_hand: str, decisions: tuple[str, ...],
                                                    winner: int, tricks: tuple[int, int]) -> None:
    """E-§6.1: three or four tricks score one point ("le point") for whoever takes them."""
    state = dealt(elder, dealer_hand, dealer=0)
    act(state, *decisions)
    play_out(state)
    assert ledger_rows(state) == [(winner, 1, "E-§6.1")]
    points = (1, 0) if winner == 0 else (0, 1)
    assert state.deal_results == [DealResult(0, 0, points, tricks, True)]
    assert state.score == points and state.result().points == points


@pytest.mark.parametrize("by_elder", [True, False])
def test_E_6_1_five_tricks_score_the_vole(by_elder: bool) -> None:
    """E-§6.1: all five tricks score two ("la vole")."""
    state = start(dealer=0)
    (elder_vole if by_elder else dealer_vole)(state)
    winner = 1 if by_elder else 0
    assert ledger_rows(state) == [(winner, 2, "E-§6.1")]
    assert state.deal_results[0].tricks == ((0, 5) if by_elder else (5, 0))


def test_E_6_1_points_are_counted_as_they_arise() -> None:
    """E-§6.1: the marked king counts at once; the trick points only after the fifth trick."""
    state = dealt("KS JS AS 7H 7D", KINGS)
    act(state, "stand", "mark-king")
    assert state.score == (0, 1) and state.deal_points == (0, 1)
    act(state, "play KS", "play QC", "play JS", "play QD", "play AS", "play KC")
    assert state.view(PUBLIC).tricks_won == (0, 3)
    assert state.score == (0, 1) and len(state.ledger.entries) == 1
    act(state, "play 7H", "play KH", "play KD", "play 7D")
    assert state.score == (0, 2)
    assert ledger_rows(state) == [(1, 1, "E-§4.4"), (1, 1, "E-§6.1")]
    assert state.deal_results == [DealResult(0, 0, (0, 2), (2, 3), True)]


# ------------------------------------------------------------------------------------------------ E-§6.2
def test_E_6_2_game_is_five_points() -> None:
    """E-§6.2: at four the game goes on; the point that brings a player to five ends it."""
    state = start(dealer=0)
    elder_vole(state, mark=True)
    dealer_point(state)
    assert state.score == (0, 4)
    assert (state.phase, state.actor, state.result().winner) == (Phase.SHUFFLE, CHANCE, None)
    elder_point(state)
    assert (state.phase, state.actor, state.score) == (Phase.OVER, None, (0, 5))
    assert state.game_results == [GameResult(1, (0, 5), 1)]
    assert state.result().winner == 1 and state.result().games == (0, 1)
    assert state.returns() == (-1, 1)


def test_E_6_2_option_game_points_seven_plays_on_past_five() -> None:
    """E-§6.2: with ``game_points=7`` five points do not end the game; seven do."""
    state = start(dealer=0, rules=EcarteRules(game_points=7))
    elder_vole(state, mark=True)
    dealer_vole(state)
    assert state.score == (0, 5) and state.phase is Phase.SHUFFLE
    elder_vole(state)
    assert state.score == (0, 7) and state.phase is Phase.OVER


def test_E_6_2_partie_liee_best_of_three_the_loser_deals_first() -> None:
    """E-§6.2: a partie liée ends at two games won; scores restart at 0 and the loser of a game deals next."""
    state = start(dealer=0, rules=EcarteRules(partie_liee=True))
    elder_vole(state, mark=True)
    dealer_vole(state, mark=True)          # seat 1 wins game 1, 6 to 0
    assert state.games == (0, 1) and state.score == (0, 0) and state.dealer == 0
    assert state.phase is Phase.SHUFFLE
    dealer_vole(state, mark=True)
    elder_vole(state, mark=True)           # seat 0 wins game 2
    assert state.games == (1, 1) and state.dealer == 1
    elder_vole(state, mark=True)
    elder_vole(state, mark=True)           # seat 0 at 3, seat 1 at 3
    assert state.score == (3, 3) and state.phase is Phase.SHUFFLE
    elder_vole(state)                      # la belle to seat 0
    assert state.phase is Phase.OVER and state.games == (2, 1)
    assert [(g.winner, g.score) for g in state.game_results] == [(1, (0, 6)), (0, (6, 0)), (0, (5, 3))]
    assert state.result().winner == 0 and state.result().values == (2, 1)
    assert [r.dealer for r in state.deal_results] == [0, 1, 0, 1, 1, 0, 1]


@pytest.mark.parametrize("seed", range(6))
def test_E_6_2_partie_liee_structure_in_random_parties(seed: int) -> None:
    """E-§6.2: in random parties liées, the partie stops at two games, each game at five points."""
    state = EcarteState.new(EcarteRules(partie_liee=True), seed=seed)
    moves = random.Random(seed)
    while not state.is_terminal:
        state.apply(moves.choice(state.legal_actions()))
    games = state.game_results
    assert len(games) in (2, 3) and sorted(state.games) == [len(games) - 2, 2]
    assert state.result().winner == games[-1].winner
    for number, game in enumerate(games):
        assert game.score[game.winner] >= 5 > game.score[1 - game.winner]
        deals = [r for r in state.deal_results if r.game == number]
        assert sum(r.points[0] for r in deals) == game.score[0]
        if number > 0:
            assert deals[0].dealer == 1 - games[number - 1].winner


Deal = Callable[..., None]


@pytest.mark.parametrize(("deals", "final", "value"), [
    (((elder_vole, True), (dealer_vole, False)), (0, 5), 3),
    (((elder_vole, True), (elder_vole, False), (elder_vole, False)), (2, 5), 2),
    (((elder_vole, True), (elder_vole, True), (elder_vole, False)), (3, 5), 1),
])
def test_E_6_2_stake_scoring_single_double_treble(deals: tuple[tuple[Deal, bool], ...], final: tuple[int, int],
                                                  value: int) -> None:
    """E-§6.2: a game counts treble if the loser has 0, double with 1 or 2, single with 3 or 4 (option)."""
    for stakes in (True, False):
        state = start(dealer=0, rules=EcarteRules(stake_scoring=stakes))
        for play_deal, mark in deals:
            play_deal(state, mark=mark)
        worth = value if stakes else 1
        assert state.phase is Phase.OVER
        assert state.game_results == [GameResult(1, final, worth)]
        assert state.result().values == (0, worth) and state.returns() == (-worth, worth)


# ------------------------------------------------------------------------------------------------ ECARTE-V.1
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("decisions", [("stand",), ("propose", "refuse")])
def test_ECARTE_V_1_the_non_dealer_leads_the_first_trick(dealer: int, decisions: tuple[str, ...]) -> None:
    """ECARTE-V.1: after standing or a refusal, the non-dealer leads, any card of his hand."""
    state = dealt("7H 7D 8C 9C TC", "KH KD KC QS QD", dealer=dealer, trump="KS")
    act(state, *decisions)
    assert (state.phase, state.actor) == (Phase.PLAY, 1 - dealer)
    assert state.legal_actions() == tuple(Play(c) for c in state.hand(1 - dealer))


@pytest.mark.parametrize("dealer", [0, 1])
def test_ECARTE_V_1_the_non_dealer_leads_when_the_talon_is_exhausted(dealer: int) -> None:
    """ECARTE-V.1: when the exchanges use up the talon, play begins and the non-dealer leads."""
    elder = 1 - dealer
    state = dealt("7H 7D 8C 9C TC", "KH KD KC QS QD", dealer=dealer, trump="KS")
    for _ in range(2):
        act(state, "propose", "accept", whole_hand(state, elder), whole_hand(state, dealer))
    act(state, "propose", "accept", f"discard {state.hand(elder)[0]}")
    assert (state.phase, state.actor) == (Phase.PLAY, elder)
    assert state.legal_actions() == tuple(Play(c) for c in state.hand(elder))


# ------------------------------------------------------------------------------------------------ ECARTE-VI.1
def test_ECARTE_VI_1_the_non_dealer_proposes_and_the_dealer_accepts_or_refuses() -> None:
    """ECARTE-VI.1: only the non-dealer proposes; only the dealer answers ("combien ?" or refusal)."""
    state = dealt(JUNK, KINGS, dealer=1)
    assert (state.actor, legal_texts(state)) == (0, {"propose", "stand"})
    act(state, "propose")
    assert (state.actor, legal_texts(state)) == (1, {"accept", "refuse"})
    act(state, "accept")
    assert state.actor == 0 and state.phase is Phase.ELDER_DISCARD


def test_ECARTE_VI_1_the_non_dealer_is_served_first_then_the_dealer_takes_what_he_wishes() -> None:
    """ECARTE-VI.1: the non-dealer discards 1 to 5 cards and gets as many from the top of the talon; then the
    dealer discards 0 to 5 and gets the next ones."""
    state = dealt(JUNK, KINGS, talon="AH TH 9H QS JS 8S")
    talon = state.talon()
    act(state, "propose", "accept")
    elder_choices = state.legal_actions()
    assert len(elder_choices) == 31 and len(set(elder_choices)) == 31
    assert {frozenset(a.cards) for a in elder_choices if isinstance(a, Discard)} == {
        frozenset(s) for k in range(1, 6) for s in combinations(state.hand(1), k)}
    act(state, "discard 7H 8H 7C")
    assert hand_texts(state, 1) == {"7D", "8D", "AH", "TH", "9H"}
    assert state.actor == 0 and len(state.legal_actions()) == 32
    assert Discard(()) in state.legal_actions()
    act(state, "discard QD KC")
    assert hand_texts(state, 0) == {"KH", "KD", "QC", "QS", "JS"}
    assert state.talon() == talon[5:]
    assert (state.phase, state.actor) == (Phase.ELDER_DECIDES, 1)


def test_ECARTE_VI_1_the_dealer_may_keep_all_his_cards() -> None:
    """ECARTE-VI.1 (E-§9 Q3): by default the dealer may take no card after accepting."""
    state = dealt(JUNK, KINGS)
    act(state, "propose", "accept", "discard 7C 7D 7H 8D 8H", "discard")
    assert hand_texts(state, 0) == set(KINGS.split()) and len(state.talon()) == 16


def test_ECARTE_VI_1_option_dealer_min_exchange_one() -> None:
    """ECARTE-VI.1 (E-§9 Q3): with ``dealer_min_exchange=1`` the dealer who accepted must take at least one."""
    state = dealt(JUNK, KINGS, rules=EcarteRules(dealer_min_exchange=1))
    act(state, "propose", "accept", "discard 7C")
    assert len(state.legal_actions()) == 31 and Discard(()) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="allowed: discard"):
        state.apply_text("discard")
    act(state, "discard QD")
    assert len(state.hand(0)) == 5


# ------------------------------------------------------------------------------------------------ ECARTE-VI.2
def test_ECARTE_VI_2_once_asked_the_cards_cannot_be_refused_nor_withdrawn() -> None:
    """ECARTE-VI.2: after a proposal the non-dealer cannot take it back; after "combien ?" the dealer cannot
    refuse: only discards are legal."""
    state = dealt(JUNK, KINGS)
    act(state, "propose")
    with pytest.raises(IllegalActionError, match="allowed: accept, refuse"):
        state.apply_text("stand")
    act(state, "accept")
    assert all(isinstance(action, Discard) for action in state.legal_actions())
    count = len(state.operations)
    for text in ("refuse", "stand", "propose", "accept"):
        with pytest.raises(IllegalActionError, match="not allowed in phase elder discard"):
            state.apply_text(text)
    assert len(state.operations) == count and state.phase is Phase.ELDER_DISCARD


# ------------------------------------------------------------------------------------------------ ECARTE-VI.3
def test_ECARTE_VI_3_proposals_repeat_until_the_talon_is_used_by_the_non_dealer() -> None:
    """ECARTE-VI.3: each time the non-dealer may propose again and the dealer accept or refuse, until the
    talon is exhausted; then play begins and no proposal is possible."""
    state = dealt(JUNK, "KH KD KC QC QD", trump="KS")
    for _ in range(2):
        assert legal_texts(state) == {"propose", "stand"}
        act(state, "propose")
        assert legal_texts(state) == {"accept", "refuse"}
        act(state, "accept", whole_hand(state, 1), whole_hand(state, 0))
    assert len(state.talon()) == 1
    act(state, "propose", "accept", f"discard {state.hand(1)[0]}")
    assert state.talon() == () and (state.phase, state.actor) == (Phase.PLAY, 1)
    with pytest.raises(IllegalActionError, match="allowed: play"):
        state.apply_text("propose")


def test_ECARTE_VI_3_the_dealer_may_take_the_last_cards() -> None:
    """ECARTE-VI.3: when the dealer's draw empties the talon, play begins with the non-dealer's lead."""
    state = dealt(JUNK, "KH KD KC QC QD", trump="KS")
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0))
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0, 4))
    assert len(state.talon()) == 2
    act(state, "propose", "accept", f"discard {state.hand(1)[0]}")
    assert len(state.legal_actions()) == 6                 # keep all, or change one card for the last
    act(state, f"discard {state.hand(0)[0]}")
    assert state.talon() == () and (state.phase, state.actor) == (Phase.PLAY, 1)


def test_ECARTE_VI_3_the_dealer_is_free_to_refuse_a_later_proposal() -> None:
    """ECARTE-VI.3: after an exchange the dealer may refuse; play then begins."""
    state = dealt(JUNK, KINGS)
    act(state, "propose", "accept", "discard 7C", "discard", "propose")
    assert legal_texts(state) == {"accept", "refuse"}
    act(state, "refuse")
    assert (state.phase, state.actor) == (Phase.PLAY, 1)


# ------------------------------------------------------------------------------------------------ ECARTE-VI.4
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_ECARTE_VI_4_the_cards_drawn_are_as_many_as_the_cards_discarded(count: int) -> None:
    """ECARTE-VI.4: the discard fixes the number asked; the cards go face down and cannot be touched again."""
    state = dealt(JUNK, KINGS, trump="KS")
    talon = state.talon()
    thrown = state.hand(1)[:count]
    act(state, "propose", "accept")
    state.apply(Discard(thrown))
    assert set(state.hand(1)) == (set(JUNK_CARDS) - set(thrown)) | set(talon[:count])
    assert state.talon() == talon[count:]
    assert state.discards(1) == tuple(sorted(thrown, key=lambda c: c.index))
    assert state.view(1).my_discards == state.discards(1)
    assert state.view(0).history[-1] == (1, HiddenDiscard(count))
    assert state.view(PUBLIC).history[-1] == (1, HiddenDiscard(count))
    assert state.actor == 0 and all(isinstance(a, Discard) for a in state.legal_actions())
    act(state, "discard", "stand")
    for card in thrown:
        with pytest.raises(IllegalActionError, match=f"{card} is not in the hand of seat 1"):
            state.apply(Play(card))
    assert not any(isinstance(a, TakeBack) for a in state.legal_actions())



# ------------------------------------------------------------------------------------------------ ECARTE-VI.5
def test_ECARTE_VI_5_talon_too_short_take_what_remains_and_take_back_the_excess() -> None:
    """ECARTE-VI.5: asking four with two left, the non-dealer takes the two and takes back two of his last
    discard (chosen among those four only); the dealer then gets nothing and play begins."""
    state = dealt(JUNK, "KH KD KC QC QD", trump="KS")
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0))
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0, 4))
    earlier = set(state.discards(1))
    last_two = state.talon()
    dealer_hand = state.hand(0)
    kept, *thrown = state.hand(1)
    assert len(last_two) == 2 and len(earlier) == 10
    act(state, "propose", "accept")
    state.apply(Discard(tuple(thrown)))
    assert (state.phase, state.actor, state.talon()) == (Phase.ELDER_TAKE_BACK, 1, ())
    assert set(state.hand(1)) == {kept, *last_two}
    choices = state.legal_actions()
    assert {frozenset(a.cards) for a in choices if isinstance(a, TakeBack)} == {
        frozenset(pair) for pair in combinations(thrown, 2)} and len(choices) == 6
    state.apply(TakeBack((thrown[0], thrown[2])))
    assert set(state.hand(1)) == {kept, *last_two, thrown[0], thrown[2]}
    assert set(state.discards(1)) == earlier | {thrown[1], thrown[3]}
    assert state.hand(0) == dealer_hand
    assert (state.phase, state.actor) == (Phase.PLAY, 1)
    assert ledger_rows(state) == [(0, 1, "E-§3.4")]


def test_ECARTE_VI_5_asking_exactly_what_remains_leaves_nothing_for_the_dealer() -> None:
    """ECARTE-VI.5 (E-§9 Q8): the dealer gets cards only if some remain after serving the non-dealer."""
    state = dealt(JUNK, "KH KD KC QC QD", trump="KS")
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0))
    act(state, "propose", "accept", whole_hand(state, 1))
    act(state, whole_hand(state, 0, 4))
    dealer_hand = state.hand(0)
    act(state, "propose", "accept", whole_hand(state, 1, 2))
    assert state.talon() == () and state.hand(0) == dealer_hand
    assert (state.phase, state.actor) == (Phase.PLAY, 1)


# ------------------------------------------------------------------------------------------------ ECARTE-VI.7
def test_ECARTE_VI_7_refusal_then_fewer_than_three_tricks_gives_two() -> None:
    """ECARTE-VI.7: the dealer who refuses the first proposal and takes fewer than three tricks gives two."""
    state = dealt(STRONG3, HEARTS, dealer=0)
    act(state, "propose", "refuse")
    assert state.view(PUBLIC).refused == 0
    play_out(state)
    assert ledger_rows(state) == [(1, 2, "ECARTE-VI.7")]
    assert state.deal_results == [DealResult(0, 0, (0, 2), (2, 3), True)]


def test_ECARTE_VI_7_the_refuser_who_takes_three_tricks_scores_normally() -> None:
    """ECARTE-VI.7: the penalty falls only on a refuser who fails; winning, he scores the plain point."""
    state = dealt(HEARTS, STRONG3, dealer=1)
    act(state, "propose", "refuse")
    play_out(state)
    assert ledger_rows(state) == [(1, 1, "E-§6.1")]


def _exchange_then_strong_elder(rules: EcarteRules | None = None) -> EcarteState:
    """After one exchange the non-dealer holds STRONG3 and the dealer HEARTS (trumps spades)."""
    state = dealt("QS JS AS 7H 8C", "KH QH JH AH 8D", talon="8H TH", rules=rules)
    act(state, "propose", "accept", "discard 8C", "discard 8D")
    assert hand_texts(state, 1) == set(STRONG3.split()) and hand_texts(state, 0) == set(HEARTS.split())
    return state


def test_ECARTE_VI_7_a_later_refusal_carries_no_penalty() -> None:
    """ECARTE-VI.7 (E-§9 Q6): only the first proposal counts; refusing the second costs the plain point."""
    state = _exchange_then_strong_elder()
    act(state, "propose", "refuse")
    assert state.view(PUBLIC).refused is None
    play_out(state)
    assert ledger_rows(state) == [(1, 1, "E-§6.1")]


def test_ECARTE_VI_7_option_penalty_on_every_decision() -> None:
    """ECARTE-VI.7 with ``penalty_first_decision_only=False``: a later refusal also gives two."""
    state = _exchange_then_strong_elder(EcarteRules(penalty_first_decision_only=False))
    act(state, "propose", "refuse")
    play_out(state)
    assert ledger_rows(state) == [(1, 2, "ECARTE-VI.7")]


@pytest.mark.parametrize(("option", "points"), [("cap", 2), ("add", 3)])
def test_ECARTE_VI_7_refusal_and_vole_cap_or_add(option: str, points: int) -> None:
    """ECARTE-VI.7 (E-§9 Q4): after a refusal the vole scores 2 by default ("cap"), 3 with "add"."""
    state = dealt(TOP5, JUNK, rules=EcarteRules(penalty_on_vole=option))  # type: ignore[arg-type]
    act(state, "propose", "refuse")
    play_out(state)
    assert ledger_rows(state) == [(1, points, "ECARTE-VI.7")]


# ------------------------------------------------------------------------------------------------ ECARTE-VI.8
def test_ECARTE_VI_8_standing_then_fewer_than_three_tricks_gives_two() -> None:
    """ECARTE-VI.8: the non-dealer who plays without proposing and takes fewer than three tricks gives two."""
    state = dealt(HEARTS, STRONG3, dealer=1)
    act(state, "stand")
    assert state.view(1).stood == 0
    play_out(state)
    assert ledger_rows(state) == [(1, 2, "ECARTE-VI.8")]
    assert state.deal_results == [DealResult(0, 1, (0, 2), (2, 3), True)]


def test_ECARTE_VI_8_the_stander_who_takes_three_tricks_scores_normally() -> None:
    """ECARTE-VI.8: a non-dealer who stands and wins scores the plain point."""
    state = dealt(STRONG3, HEARTS, dealer=1)
    act(state, "stand")
    play_out(state)
    assert ledger_rows(state) == [(0, 1, "E-§6.1")]


def _exchange_then_weak_elder(rules: EcarteRules | None = None) -> EcarteState:
    """After one exchange the non-dealer holds HEARTS and the dealer STRONG3 (trumps spades)."""
    state = dealt("KH QH JH AH 8C", STRONG3, talon="TH", rules=rules)
    act(state, "propose", "accept", "discard 8C", "discard")
    assert hand_texts(state, 1) == set(HEARTS.split())
    return state


def test_ECARTE_VI_8_standing_after_an_exchange_carries_no_penalty() -> None:
    """ECARTE-VI.8 (E-§9 Q6): only the first decision counts; standing later and losing gives one."""
    state = _exchange_then_weak_elder()
    act(state, "stand")
    assert state.view(PUBLIC).stood is None
    play_out(state)
    assert ledger_rows(state) == [(0, 1, "E-§6.1")]


def test_ECARTE_VI_8_option_penalty_on_every_decision() -> None:
    """ECARTE-VI.8 with ``penalty_first_decision_only=False``: standing after an exchange also gives two."""
    state = _exchange_then_weak_elder(EcarteRules(penalty_first_decision_only=False))
    act(state, "stand")
    play_out(state)
    assert ledger_rows(state) == [(0, 2, "ECARTE-VI.8")]


@pytest.mark.parametrize(("option", "points"), [("cap", 2), ("add", 3)])
def test_ECARTE_VI_8_standing_and_vole_cap_or_add(option: str, points: int) -> None:
    """ECARTE-VI.8 (E-§9 Q4): the dealer's vole after a stand scores 2 ("cap", default) or 3 ("add")."""
    state = dealt(JUNK, TOP5, rules=EcarteRules(penalty_on_vole=option))  # type: ignore[arg-type]
    act(state, "stand")
    play_out(state)
    assert ledger_rows(state) == [(0, points, "ECARTE-VI.8")]


# ------------------------------------------------------------------------------------------------ §6.3
def test_worked_example_1_turn_up_king() -> None:
    """§6.3 example 1 (E-§3.4, ECARTE-VI.1, E-§6.1): D turns up K♣ (D 1); after an exchange N takes three
    tricks (N 1): N 1 – D 1."""
    state = dealt("QC JC 7H 8H 8S", "KH QH JH AH 7S", trump="KC", talon="AC TH")
    assert ledger_rows(state) == [(0, 1, "E-§3.4")]
    act(state, "propose", "accept", "discard 8S", "discard 7S")
    assert hand_texts(state, 1) == {"QC", "JC", "AC", "7H", "8H"}
    act(state, "stand")
    play_out(state)
    assert state.deal_results[-1].tricks == (2, 3)
    assert ledger_rows(state) == [(0, 1, "E-§3.4"), (1, 1, "E-§6.1")]
    assert state.score == (1, 1)


def test_worked_example_2_standing_and_losing() -> None:
    """§6.3 example 2 (E-§4.4, ECARTE-VI.8): N 3 – D 2; N marks the king (4) and stands; D takes three
    tricks and scores two: N 4 – D 4."""
    state = start(dealer=0)
    elder_vole(state, mark=True)           # seat 1: 3
    elder_vole(state)                      # seat 0: 2
    assert state.score == (2, 3) and state.dealer == 0
    deal_next(state, "KH 7C 8C 7D QS", "KC AC KD 7S 8S", trump="9H")
    act(state, "mark-king")
    assert state.score == (2, 4)
    act(state, "stand", "play KH", "play 7S", "play QS", "play 8S", "play 7C")
    assert legal_texts(state) == plays("KC", "AC")
    act(state, "play AC", "play KC", "play 8C", "play KD", "play 7D")
    assert state.score == (4, 4)
    assert ledger_rows(state, 3) == [(1, 1, "E-§4.4"), (0, 2, "ECARTE-VI.8")]
    assert state.deal_results[-1] == DealResult(0, 0, (2, 1), (3, 2), True)
    assert state.phase is Phase.SHUFFLE


def test_worked_example_3_refusal_and_vole() -> None:
    """§6.3 example 3 (ECARTE-VI.7, E-§6.1): N proposes, D refuses, N takes all five: two points, not three."""
    state = dealt(TOP5, JUNK)
    act(state, "propose", "refuse")
    play_out(state)
    assert state.deal_results[-1].tricks == (0, 5)
    assert ledger_rows(state) == [(1, 2, "ECARTE-VI.7")] and state.score == (0, 2)


def test_worked_example_4_second_proposal_refused() -> None:
    """§6.3 example 4 (ECARTE-VI.3, ECARTE-VI.7): after an exchange D refuses the second proposal; N takes
    three tricks and scores one only."""
    state = _exchange_then_strong_elder()
    act(state, "propose", "refuse")
    play_out(state)
    assert state.deal_results[-1].tricks == (2, 3)
    assert ledger_rows(state) == [(1, 1, "E-§6.1")] and state.score == (0, 1)


def test_worked_example_5_king_wins_the_game_before_play() -> None:
    """§6.3 example 5 (E-§4.4, E-§6.1): N 4 – D 3; the retourne is 8♦; N marks K♦: N 5, the hand is not played."""
    state = start(dealer=0)
    elder_point(state, trump="KS")         # seat 0 turns up the king (1), seat 1 takes the point (1)
    elder_vole(state, mark=True)           # seat 0: 4
    elder_vole(state)                      # seat 1: 3
    assert state.score == (4, 3) and state.dealer == 1
    deal_next(state, "KD QS JS 7H 8H", "AD JD 7C 8C 9C", trump="8D")
    act(state, "mark-king")
    assert (state.phase, state.actor, state.score) == (Phase.OVER, None, (5, 3))
    assert ledger_rows(state)[-1] == (0, 1, "E-§4.4")
    assert state.deal_results[-1] == DealResult(0, 1, (1, 0), (0, 0), False)
    assert isinstance(state.operations[-2].action, Shuffle)
    assert state.result().winner == 0


def test_worked_example_6_king_led() -> None:
    """§6.3 example 6 (E-§4.4): N leads K♠ (trumps ♠); he marks it as he lays it, or the point is lost once D
    has played to it."""
    marked = dealt("KS 7H 8H 7D 8D", KINGS)
    act(marked, "stand", "mark-king", "play KS")
    assert ledger_rows(marked) == [(1, 1, "E-§4.4")]
    silent = dealt("KS 7H 8H 7D 8D", KINGS)
    act(silent, "stand", "play KS")
    assert silent.actor == 0 and "mark-king" not in legal_texts(silent)
    silent.apply(first_play(silent.legal_actions()))
    assert silent.actor == 1 and "mark-king" not in legal_texts(silent)
    with pytest.raises(IllegalActionError, match=r"E-§4\.4"):
        silent.apply(MARK_KING)
    assert ledger_rows(silent) == []
