"""Whist's analysis of the books' advice (W-§4.1, W-§4.2, W-§8): exact counts against independent formulas,
maxims found in positions built by hand and solved by hand through DDS, and the command end to end."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie.cards import Card, Suit, mask_of, parse_cards
from academie.cli import app
from academie.games.whist.analysis import (
    ANY_OTHER,
    DEALER_SIDE,
    HONOURS_TOTAL,
    LOWEST,
    LOWEST_WINNER,
    Called,
    Judged,
    Position,
    _calling_section,
    _honours_deal,
    _maxims,
    _maxims_section,
    call_table,
    card_value,
    honour_deals,
    honours_table,
    judge,
    seat_answers,
    side_honours,
)

runner = CliRunner()


def _placed_a_second_way() -> Counter[tuple[bool, int, int, int, int]]:
    """The four trump honours placed among the 52 dealt cards (seat 3 dealing, the deck dealt from seat 0, the last
    card the turn-up), each place weighted by the chance that the turn-up is of their suit given the place: 1 when
    the turn-up is one of them, 9/48 (the nine small trumps among the 48 other cards) when not; over 48·C(52,4)."""
    counts: Counter[tuple[bool, int, int, int, int]] = Counter()
    for places in itertools.combinations(range(52), 4):
        seats = [p % 4 for p in places]  # position p goes to seat (3 + 1 + p) % 4
        turned = 51 in places
        counts[(turned, seats.count(0), seats.count(1), seats.count(2), seats.count(3))] += 48 if turned else 9
    return counts


def test_W_4_1_WHIST_24_honours_with_the_turn_up_counted_a_second_way() -> None:
    """W-§4.1, WHIST-24: every holding of the honours by seat, enumerated over the 51 cards beside the turn-up,
    equals the enumeration over the 52 cards weighted by the turn-up's suit, and the total is 13·C(51,4)."""
    assert honour_deals() == _placed_a_second_way()
    assert sum(honour_deals().values()) == HONOURS_TOTAL == 13 * math.comb(51, 4)


def test_W_4_1_each_side_by_the_hypergeometric_formula() -> None:
    """W-§4.1, W-§8.2: the turn-up an honour (4/13), the dealer's side holds it and the other three fall 25 : 26;
    else all four fall 25 : 26 among the 51 cards. The dealer's side holds all four 6.90%, the other 4.14%; the 2–2
    split stays 39.02% and the mean of the two sides is the rule file's 5.52%."""
    def dealer_side(held: int) -> Fraction:
        turned = Fraction(math.comb(25, held - 1) * math.comb(26, 4 - held), math.comb(51, 3)) if held else 0
        plain = Fraction(math.comb(25, held) * math.comb(26, 4 - held), math.comb(51, 4))
        return Fraction(4, 13) * turned + Fraction(9, 13) * plain

    table = honours_table()
    for held, dealer, other in table:
        assert Fraction(dealer, HONOURS_TOTAL) == dealer_side(held)
        assert Fraction(other, HONOURS_TOTAL) == dealer_side(4 - held)
    assert round(100 * table[4][1] / HONOURS_TOTAL, 2) == 6.90 and round(100 * table[4][2] / HONOURS_TOTAL, 2) == 4.14
    assert Fraction(table[2][1], HONOURS_TOTAL) == Fraction(325 * 325, math.comb(52, 4))
    assert Fraction(table[4][1] + table[4][2], 2 * HONOURS_TOTAL) == Fraction(math.comb(26, 4), math.comb(52, 4))


def test_W_8_2_partner_answers_among_38_unseen_cards() -> None:
    """W-§8.2: seat 0 holds two; neither missing honour turned up, both lie among the 38 cards he does not see
    (13 his partner's): 1 − C(25,2)/C(38,2) = 403/703 ≈ 0.573, not the rule file's 0.561 (39 cards); one turned up,
    the other is his partner's 13 times in 38."""
    answers = seat_answers()
    assert Fraction(*answers["neither turned up"]) == 1 - Fraction(math.comb(25, 2), math.comb(38, 2)) == \
        Fraction(403, 703)
    assert Fraction(*answers["one turned up"]) == Fraction(13, 38)
    second = _placed_a_second_way()
    holding_two = {h: w for h, w in second.items() if h[1] == 2}
    assert Fraction(*answers["as dealt"]) == Fraction(sum(w for h, w in holding_two.items() if h[3]),
                                                      sum(holding_two.values()))


def test_W_4_2_calling_counts_by_side_a_second_way() -> None:
    """W-§4.2: a player of a side holds exactly two (he may call), three or more, and the call answered (the side
    holds three or more), each side counted over the second enumeration."""
    second = _placed_a_second_way()
    total = sum(second.values())
    for side in (0, 1):
        hands = [((h[1 + side], h[3 + side]), w) for h, w in second.items()]
        two = sum(w for pair, w in hands if 2 in pair)
        counts = call_table(side)
        assert Fraction(*counts["two in one hand"]) == Fraction(two, total)
        assert Fraction(*counts["three in one hand"]) == Fraction(sum(w for p, w in hands if max(p) >= 3), total)
        assert Fraction(*counts["answered"]) == Fraction(sum(w for p, w in hands if 2 in p and sum(p) >= 3), two)


def test_WHIST_24_sampled_deals_agree_with_the_exact_honours() -> None:
    """WHIST-24: 20,000 deals dealt as the engine deals (the dealer's last card turned up): each side's share of
    all four honours and of the 2–2 split within four standard errors of the exact figure; the dealer's side's
    share of four is far (over six standard errors) from the figure that ignores the turn-up (5.52%)."""
    dealt = [_honours_deal(7, index) for index in range(20_000)]
    table = honours_table()
    for side, column in ((DEALER_SIDE, 1), (1 - DEALER_SIDE, 2)):
        for held in (2, 4):
            exact_share = table[held][column] / HONOURS_TOTAL
            error = math.sqrt(exact_share * (1 - exact_share) / len(dealt))
            sampled = sum(1 for d in dealt if side_honours(d.holding, side) == held) / len(dealt)
            assert abs(sampled - exact_share) < 4 * error, (side, held, sampled, exact_share)
    sampled_four = sum(1 for d in dealt if side_honours(d.holding, DEALER_SIDE) == 4) / len(dealt)
    uniform = math.comb(26, 4) / math.comb(52, 4)
    assert sampled_four - uniform > 6 * math.sqrt(uniform * (1 - uniform) / len(dealt))


def test_card_value_takes_a_card_in_sequence_and_refuses_a_card_with_none() -> None:
    """W-§8.1 judged by DDS: cards in sequence in one hand (nothing between them elsewhere) are worth the same."""
    hands = (mask_of(parse_cards("7H 8H 2S")), mask_of(parse_cards("9H")), 0, 0)
    seven, eight = Card.parse("7H").index, Card.parse("8H").index
    assert card_value({seven: 3}, eight, hands, 0) == 3
    with pytest.raises(ValueError, match="no value"):
        card_value({seven: 3}, Card.parse("2S").index, hands, 0)


def _hands(*texts: str) -> tuple[int, int, int, int]:
    masks = [mask_of(parse_cards(t)) if t else 0 for t in texts]
    return masks[0], masks[1], masks[2], masks[3]


def test_W_8_1_which_maxims_apply() -> None:
    """Second hand low (not with A K or K Q), third hand high (the queen from A Q), lead from the longest suit."""
    hands = _hands("", "AH 2H 5S", "KH QH 3H", "AS 4H 8H")
    led = (Card.parse("5H").index,)
    dealt = hands
    assert _maxims(1, led, hands, Suit.SPADES, dealt, {}, set(), 1) == [
        ("second hand low", (Card.parse("2H").index,), (("the highest card of the suit", (Card.parse("AH").index,)),))]
    assert _maxims(2, led, hands, Suit.SPADES, dealt, {}, set(), 1) == []  # second hand holding K Q: no maxim
    third = _hands("AH QH 2H", "", "", "")
    trick = (Card.parse("5H").index, Card.parse("6H").index)
    queen, two, ace = (Card.parse(c).index for c in ("QH", "2H", "AH"))
    assert _maxims(0, trick, third, Suit.SPADES, third, {}, set(), 1) == [
        ("third hand high", (queen,), ((LOWEST, (two,)), (ANY_OTHER, (two, ace))))]
    # holding Q 9 2 over the 6: the queen (high) against the 2, the 9 (the lowest that wins), and both
    spread = _hands("QH 9H 2H", "", "", "")
    nine = Card.parse("9H").index
    assert _maxims(0, trick, spread, Suit.SPADES, spread, {}, set(), 1) == [
        ("third hand high", (queen,), ((LOWEST, (two,)), (LOWEST_WINNER, (nine,)), (ANY_OTHER, (two, nine))))]
    opening = _hands("2H 3H 4H 5S 6S 7C", "", "", "")
    found = _maxims(0, (), opening, Suit.SPADES, opening, {}, set(), 0)
    assert found == [("lead from the longest suit", tuple(c.index for c in parse_cards("2H 3H 4H")),
                      (("a card of a shorter suit (their mean)", tuple(c.index for c in parse_cards("7C 5S 6S"))),))]


def test_W_8_1_second_hand_low_in_an_ending_solved_by_hand() -> None:
    """Seat 0 leads 3♥; seat 1 holds A♥ 2♥, seat 2 4♥ 5♥, seat 3 6♥ 7♥, seat 0 keeps 8♥ (spades trumps, none
    held). Low (2♥) lets partner's 7♥ win, then A♥ takes the last trick: two tricks for seats 1 and 3. High
    (A♥) wins at once but 2♥ loses the last to 8♥: one trick. The maxim's card is the best, at no cost."""
    hands = _hands("8H", "AH 2H", "4H 5H", "6H 7H")
    led, low, high = (Card.parse("3H").index,), (Card.parse("2H").index,), (Card.parse("AH").index,)
    judged = judge([Position("second hand low", hands, 0, Suit.SPADES, led, low, (("high", high),), deal=4),
                    Position("second hand low", hands, 0, Suit.SPADES, led, high, (("low", low),), deal=5)])
    assert (judged[0].best, judged[0].cost, judged[0].gains, judged[0].deal) == (True, 0, (("high", 1.0),), 4)
    assert (judged[1].best, judged[1].cost, judged[1].gains, judged[1].deal) == (False, 1, (("low", -1.0),), 5)



def test_W_8_1_the_maxims_plot_and_rows_say_n_the_method_the_baseline_and_cluster_by_deal() -> None:
    """W-§8.1: one bar a maxim and choice it is measured against (third hand high against more than the lowest
    card), labelled with its number of positions; the legend names double dummy, the clustering and the deals,
    the line at 0 the other choice. Two positions of one deal count as one draw: the interval of two deals each
    repeating its value is that of two draws."""
    high = (LOWEST, 1.0), (LOWEST_WINNER, 0.0), (ANY_OTHER, 0.5)
    judged = [Judged("third hand high", True, 0, high, 0), Judged("third hand high", True, 0, high, 0),
              Judged("third hand high", False, 1, ((LOWEST, 0.0), (ANY_OTHER, 0.0)), 1),
              Judged("second hand low", True, 0, (("the highest card of the suit", -1.0),), 2)]
    section = _maxims_section(judged, size=2)
    (plot,) = section.plots
    assert plot.labels == ("second hand low, not the highest card of the suit (n = 1)",
                           "third hand high, not the lowest card of the suit (n = 3)",
                           "third hand high, not the lowest card that wins the trick (n = 2)",
                           "third hand high, not any other card of the suit (n = 3)")
    (series,) = plot.series
    assert [round(f.value, 4) for f in series.figures] == [-1.0, round(2 / 3, 4), 0.0, round(1 / 3, 4)]
    assert "double dummy" in series.legend and "clustered by deal" in series.legend and "40 deals" in series.legend
    assert "other choice" in plot.baseline
    lowest = next(c for c in section.claims if c.claim == "Third hand high")
    # by hand: values 1, 1 (deal 0) and 0 (deal 1); residuals a deal +2/3 and −2/3; variance 2 · (8/9) / 9
    assert lowest.figure.high - lowest.figure.value == pytest.approx(1.959963984540054 * 4 / 9)
    assert "over 2 deals" in lowest.method and "a best card in 66.7% (0.0–100.0%, n = 3)" in lowest.method
    winner = next(c for c in section.claims if c.claim == "Third hand high, not the lowest card that wins the trick")
    assert winner.figure.low == -math.inf and "over 1 deals" in winner.method  # one deal: no interval at all


def test_W_4_2_calling_is_not_given_a_verdict_double_dummy_cannot_fail() -> None:
    """W-§8.2: "calling costs nothing": double dummy cannot price what a call tells the adversaries, so the row
    says what it measures and gives no verdict (the old 'agrees' could not fail: an answered call never loses)."""
    called = [Called(1, True, 6), Called(1, False, 9), Called(2, True, 9)]
    (row,) = [c for c in _calling_section(called).claims if c.claim.startswith("Always call")]
    assert row.figure.value == pytest.approx(1 / 3) and row.verdict.startswith("(not tested")
    assert "agrees" not in row.verdict and "disagrees" not in row.verdict


def test_analyse_whist_report_end_to_end_and_its_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", "whist", "--report", str(tmp_path / "out"), "--size", "1",
                                 "--workers", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "| seed | 3 |" in text and "| Second hand low | the rule file's summary of Hoyle's maxims (W-§8.1) |" in text
    assert (tmp_path / "out" / "whist_maxims.png").read_bytes().startswith(b"\x89PNG")
    for args, message in ((["quinze"], "no report of the books' advice for quinze"),
                          (["whist", "--size", "0"], "--size 0 is not allowed")):
        failed = runner.invoke(app, ["analyse", *args[:1], "--report", str(tmp_path / "x"), *args[1:]])
        assert failed.exit_code == 2 and message in failed.stderr
    assert not (tmp_path / "x").exists()
