"""Whist enforced-mode scenario tests, one per rule ID of the rule file's sections 2–6, and the worked examples of
§6.5 reproduced exactly. Deals with the properties an example needs are found among seeded deck orders (the
search is deterministic), then the scoring the rules prescribe is checked on them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from whist_support import legal_texts, new_rubber, play, whist_deck

from academie.cards import PACK_52, Card, Suit, parse_cards
from academie.engine import CHANCE, PUBLIC, IllegalActionError, Mode, SeededChance
from academie.games.whist import (
    HONOURS,
    GameResult,
    Phase,
    WhistRules,
    WhistState,
    rubber_points,
    trick_winner,
)


def _honours_of(state: WhistState, side: int) -> int:
    trump = state.trump
    assert trump is not None
    return sum(1 for seat in (side, side + 2) for c in state.hand(seat) if 1 << c.index & HONOURS[trump])


def _play_first_legal_plays(state: WhistState) -> None:
    """Play the first legal card (never calling) until the deal ends."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("play") or str(a) == "deny"))


def _find_deal(condition: Callable[[WhistState], bool], outcome: Callable[[WhistState], bool], *,
               score: tuple[int, int], rules: WhistRules | None = None) -> WhistState:
    """The first seeded deal (dealer 3, the score preset) whose hands meet ``condition`` and whose play by the
    first legal card meets ``outcome`` (checked on the state after the deal)."""
    for seed in range(3000):
        order = SeededChance(seed).shuffled(PACK_52)
        state = WhistState.new(rules, first_dealer=3, score=score)
        state.apply_text("deck " + " ".join(str(c) for c in order))
        if not condition(state):
            continue
        _play_first_legal_plays(state)
        if outcome(state):
            return state
    raise AssertionError("no seeded deal meets the condition")


# ------------------------------------------------------------------------------------------- §2 and §3
def test_W_2_1_ace_is_low_for_drawing_and_high_in_play() -> None:
    """W-§2.1: the ace draws lowest (it deals first); in play the ace of the suit led wins."""
    state = WhistState.new()
    state.apply_text("draw KS AH 2C 3D")
    assert state.dealer == 1
    assert trick_winner(0, list(parse_cards("KH AH 2H 3H")), Suit.SPADES) == 1


def test_W_2_2_lowest_card_deals_and_a_tie_draws_again() -> None:
    """W-§2.2: the lowest of the four cards drawn deals first; a tie for lowest draws again."""
    state = WhistState.new()
    state.apply_text("draw 5C 5D 9S KH")
    assert state.actor == CHANCE and state.phase == Phase.DRAW
    state.apply_text("draw 9C 5D 2S KH")
    assert state.dealer == 2 and state.phase == Phase.SHUFFLE


def test_W_3_one_card_at_a_time_from_the_dealers_left_and_the_last_card_is_trumps() -> None:
    """W-§3: card i of the pack goes to seat dealer+1+i; the dealer's last card is turned for trumps; the deal
    passes to the left."""
    deck = whist_deck({0: "AS KS QS", 1: "AH", 2: "2C"}, dealer=3, turn_up="7D")
    state = WhistState.new(first_dealer=3)
    state.apply_text("deck " + " ".join(str(c) for c in deck))
    assert {"AS", "KS", "QS"} <= {str(c) for c in state.hand(0)}
    assert Card.parse("AH") in state.hand(1) and Card.parse("7D") in state.hand(3)
    assert state.trump == Suit.DIAMONDS and state.actor == 0 and len(state.hand(2)) == 13
    _play_first_legal_plays(state)
    assert state.dealer == 0


def test_WHIST_24_turn_up_lies_face_up_until_the_dealer_plays_then_only_the_suit() -> None:
    """WHIST-24: the turned card is visible to every seat and the public until the dealer plays to the first
    trick; afterwards only the trump suit is on the table."""
    state = new_rubber({}, dealer=3, turn_up="9H")
    for viewer in (0, 1, 2, 3, PUBLIC):
        assert state.view(viewer).turn_up == Card.parse("9H")
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        assert state.view(PUBLIC).turn_up == Card.parse("9H")
    state.apply(state.legal_actions()[0])  # the dealer plays
    assert all(state.view(v).turn_up is None and state.view(v).trump == Suit.HEARTS for v in (0, 1, 2, 3, PUBLIC))


# ------------------------------------------------------------------------------------------- §5 play
def test_W_5_follow_suit_if_able_otherwise_any_card() -> None:
    """W-§5: the elder hand leads; the others must follow suit if able; a void player may play any card (no
    obligation to trump); the highest trump wins and its winner leads."""
    state = new_rubber({0: "AC KC", 1: "2C 3D", 2: "AD 4H 5S 6S 7S 8S 9S TS JS QS KS AS 2S", 3: "3C"},
                       dealer=3, turn_up="2H")
    assert state.actor == 0
    play(state, "play KC")
    assert legal_texts(state) == ["play 2C"]
    with pytest.raises(IllegalActionError, match="follow suit"):
        state.apply_text("play 3D")
    play(state, "play 2C")
    assert "play 4H" in legal_texts(state) and "play AD" in legal_texts(state)
    play(state, "play 4H")  # seat 2 trumps (not obliged to)
    state.apply(state.legal_actions()[0])
    assert state.actor == 2 and state.view(PUBLIC).tricks[0].winner == 2


# ------------------------------------------------------------------------------------------- §4, §6 scoring
def test_W_6_1_odd_tricks_score_one_each_above_six() -> None:
    """W-§6.1: the side taking seven or more tricks scores one point a trick above six (no honours here)."""
    state = _find_deal(lambda s: _honours_of(s, 0) == 2,
                       lambda s: s.deal_results[-1].tricks[0] == 9, score=(0, 0))
    result = state.deal_results[-1]
    assert result.points == (3, 0, 3, 0) and state.score == (3, 0)


def test_W_4_1_honours_four_for_four_two_for_three_after_tricks() -> None:
    """W-§4.1: a side holding all four honours scores four, three honours two, on top of its odd tricks."""
    state = _find_deal(lambda s: _honours_of(s, 1) == 4,
                       lambda s: s.deal_results[-1].tricks[0] >= 7, score=(0, 0))
    tricks = state.deal_results[-1].tricks[0]
    assert state.score == (tricks - 6, 4)
    state = _find_deal(lambda s: _honours_of(s, 0) == 3,
                       lambda s: s.deal_results[-1].tricks[1] >= 7, score=(0, 0))
    assert state.score == (2, state.deal_results[-1].tricks[1] - 6)


def test_W_6_2_worked_example_1_ordinary_hand() -> None:
    """W-§6.2, §6.5 example 1: A-B 3, C-D 6; A-B take 8 tricks (2 odd) → 5; C-D hold three honours → 8."""
    state = _find_deal(lambda s: _honours_of(s, 1) == 3,
                       lambda s: s.deal_results[-1].tricks[0] == 8, score=(3, 6))
    assert state.score == (5, 8)
    assert state.ledger.seat_balances() == (5, 8, 5, 8) and state.ledger.total() == 0


def _call_deal() -> WhistState:
    """§6.5 example 2: diamonds trumps; C (seat 1) holds A♦ J♦, D (seat 3) K♦; C-D at 8, A-B at 5."""
    return new_rubber({1: "AD JD", 3: "KD", 2: "QD"}, dealer=0, turn_up="2D", score=(5, 8))


def test_W_4_2_worked_example_2_calling_at_eight_wins_without_play() -> None:
    """W-§4.2, WHIST-21, §6.5 example 2: C calls before his first card, D answers: three honours, two points,
    C-D reach 10 without play; A-B had 5, so the game is a single."""
    state = _call_deal()
    assert state.actor == 1 and legal_texts(state)[0] == "call"
    play(state, "call")
    assert state.actor == 3 and legal_texts(state) == ["answer"]
    play(state, "answer")
    assert state.game_results == (GameResult(1, (5, 10), 1),)
    assert state.deal_results[-1].completed is False and state.deal_results[-1].points == (0, 2, 0, 2)


def test_W_4_2_calling_without_honour_in_partner_hand_is_denied_and_played() -> None:
    """W-§4.2: the partner without an honour denies; the caller then plays his card and the hand is played."""
    state = new_rubber({1: "AD JD", 0: "KD", 2: "QD"}, dealer=0, turn_up="2D", score=(5, 8))
    play(state, "call")
    assert legal_texts(state) == ["deny"]
    play(state, "deny")
    assert state.actor == 1 and "call" not in legal_texts(state) and state.phase == Phase.PLAY


def test_W_4_2_three_honours_in_one_hand_are_shown() -> None:
    """W-§4.2: a player at eight holding three honours shows them and wins the game."""
    state = new_rubber({1: "AD JD QD"}, dealer=0, turn_up="2D", score=(5, 8))
    assert legal_texts(state)[0] == "show-honours"
    play(state, "show-honours")
    assert state.game_results[-1].winner == 1


def test_W_4_2_worked_example_3_one_honour_cannot_call() -> None:
    """W-§4.2, §6.5 example 3: with only one honour in each hand nobody may call."""
    state = new_rubber({1: "AD", 3: "KD", 0: "QD", 2: "JD"}, dealer=0, turn_up="2D", score=(5, 8))
    for _ in range(4):
        assert "call" not in legal_texts(state)
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="two honours"):
        state.apply_text("call")


def test_W_4_2_no_calling_at_short_whist_nor_at_other_scores() -> None:
    """W-§4.2, W-§6.3: calling belongs to long whist, at eight only."""
    short = new_rubber({1: "AD JD", 3: "KD"}, dealer=0, turn_up="2D", score=(0, 3),
                       rules=WhistRules(variant="short"))
    assert "call" not in legal_texts(short)
    seven = new_rubber({1: "AD JD", 3: "KD"}, dealer=0, turn_up="2D", score=(5, 7))
    assert "call" not in legal_texts(seven)


def test_W_4_2_club_custom_eight_with_the_deal_cannot_call_against_nine() -> None:
    """W-§4.2: with the club custom, the dealer's side at eight cannot call when the adversaries are at nine."""
    rules = WhistRules(eight_with_deal_calls_against_nine=False)
    state = new_rubber({0: "QD", 1: "AD JD", 3: "KD"}, dealer=3, turn_up="2D", score=(9, 8), rules=rules)
    state.apply(state.legal_actions()[0])
    assert "call" not in legal_texts(state)


def test_W_4_1_worked_example_4_at_nine_honours_do_not_count() -> None:
    """W-§4.1, §6.5 example 4: a side at nine holding all four honours scores nothing for them."""
    state = _find_deal(lambda s: _honours_of(s, 0) == 4,
                       lambda s: s.deal_results[-1].tricks[0] <= 6, score=(9, 0))
    assert state.score[0] == 9 and state.deal_results[-1].honours == (0, 0)


def test_W_4_1_at_eight_honours_count_only_by_calling() -> None:
    """W-§4.1 (Q6): a side at eight holding three honours that does not call scores nothing for them."""
    state = _find_deal(lambda s: _honours_of(s, 1) == 3,
                       lambda s: s.deal_results[-1].tricks[1] <= 6, score=(0, 8))
    assert state.score[1] == 8


def test_W_6_1_worked_example_5_tricks_score_before_honours() -> None:
    """W-§6.1, §6.5 example 5: A-B 7, C-D 8 with three honours not called; A-B make 3 by cards → 10: game to A-B
    though C-D held three honours; C-D had 8, a single."""
    state = _find_deal(lambda s: _honours_of(s, 1) == 3,
                       lambda s: s.deal_results[-1].tricks[0] == 9, score=(7, 8))
    assert state.game_results == (GameResult(0, (10, 8), 1),)
    assert state.score == (0, 0)


def test_W_6_2_single_and_double_games_at_long_whist() -> None:
    """W-§6.2: a single if the losers have five or more, a double (lurched) below five."""
    rules = WhistRules()
    assert [rules.game_value(s) for s in (0, 4, 5, 9)] == [2, 2, 1, 1]
    state = _find_deal(lambda s: True, lambda s: s.deal_results[-1].tricks[0] >= 8, score=(9, 3))
    assert state.game_results[-1].value == 2


def test_W_6_2_the_rubber_is_best_of_three_with_its_bonus() -> None:
    """W-§6.2: the rubber ends when a side wins two games; the winners add the rubber bonus (1 at long whist)
    and deduct the losers' game."""
    state = WhistState.new(seed=21)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    result = state.result()
    winner = result.winner
    assert winner is not None and result.games[winner] == 2 and len(state.game_results) in (2, 3)
    won = sum(g.value for g in state.game_results if g.winner == winner)
    lost = sum(g.value for g in state.game_results if g.winner != winner)
    assert result.rubber_points[winner] == won + 1 - lost and result.rubber_points[1 - winner] == 0
    assert result.returns()[winner] == -result.returns()[1 - winner]


def test_W_6_3_worked_example_7_short_whist_rubber() -> None:
    """W-§6.3, §6.5 example 7: 5–4 single, 5–1 double, 5–0 treble: A-B 1 + 3 + 2 − 2 = +4."""
    rules = WhistRules(variant="short")
    values = [rules.game_value(4), rules.game_value(1), rules.game_value(0)]
    assert values == [1, 2, 3]
    games = [GameResult(0, (5, 4), values[0]), GameResult(1, (1, 5), values[1]), GameResult(0, (5, 0), values[2])]
    assert rubber_points(rules, games, over=True) == (4, 0)
    assert rules.game_points == 5 and not rules.calling


def test_W_6_3_short_whist_game_of_five_honours_not_at_four() -> None:
    """W-§6.3: at short whist a side at four scores no honours, and game is five."""
    rules = WhistRules(variant="short")
    state = _find_deal(lambda s: _honours_of(s, 0) == 4,
                       lambda s: s.deal_results[-1].tricks[0] <= 6, score=(4, 0), rules=rules)
    assert state.score[0] == 4
    state = _find_deal(lambda s: True, lambda s: s.deal_results[-1].tricks[1] >= 7, score=(0, 4), rules=rules)
    assert state.game_results[-1].winner == 1


def test_W_6_1_worked_example_6_revoke_penalty_takes_precedence() -> None:
    """W-R1, W-§6.1, §6.5 example 6: A-B 7, C-D 4; C revokes, established; A-B add three → 10, game."""
    state = new_rubber({0: "2C 3C", 1: "4C 2D"}, dealer=3, turn_up="5H", score=(7, 4), table=True)
    play(state, "play 2C", "! revoke 1 2D")
    while state.pending is None:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("play")))
    assert state.pending.law == "W-R1" and state.actor == 2
    play(state, "remedy add law=W-R1")
    assert state.game_results[-1].winner == 0 and state.game_results[-1].score[0] >= 10


def test_W_5_rules_options_are_checked() -> None:
    """W-§9 options: bad values are refused naming the allowed ones."""
    with pytest.raises(ValueError, match="allowed: 'seed', 'club'"):
        WhistRules(fourth_hand_law="modern")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="allowed"):
        WhistRules(rubber_bonus=True)
    assert WhistRules(mode=Mode.TABLE).mode is Mode.TABLE
