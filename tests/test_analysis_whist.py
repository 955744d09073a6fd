"""Whist's analysis of the books' advice (W-§4.1, W-§4.2, W-§8): exact counts against independent formulas,
maxims found in positions built by hand and solved by hand through DDS, and the command end to end."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie.cards import Card, Suit, mask_of, parse_cards
from academie.cli import app
from academie.games.whist.analysis import Position, _maxims, call_table, card_value, honours_table, judge

runner = CliRunner()


def test_W_4_1_honours_between_the_sides_counted_and_by_formula() -> None:
    """W-§4.1, W-§8.2: the four honours among 52 cards, 26 to each side: C(26,k)·C(26,4−k) ways for k."""
    assert honours_table() == [(k, math.comb(26, k) * math.comb(26, 4 - k)) for k in range(5)]
    total = math.comb(52, 4)
    assert round(100 * math.comb(26, 4) / total, 1) == 5.5 and round(100 * 325 * 325 / total, 1) == 39.0


def test_W_4_2_calling_counts_against_independent_formulas() -> None:
    """W-§4.2: a partner holds exactly two honours (either of the two, both counted once); three or more; the
    partner's answer 1 − C(37,13)/C(39,13) (W-§8.2); 13/38 with one honour turned up by an adversary."""
    counts = call_table()
    pair, total = math.comb(13, 2) * math.comb(39, 2), math.comb(52, 4)
    assert counts["two in one hand"] == (2 * pair - math.comb(13, 2) ** 2, total)
    assert counts["three in one hand"] == (2 * (math.comb(13, 3) * 39 + math.comb(13, 4)), total)
    favourable, pairs = counts["partner answers"]
    assert favourable * math.comb(39, 13) == pairs * (math.comb(39, 13) - math.comb(37, 13))
    assert counts["partner answers, one turned up"] == (13, 38)


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
        ("second hand low", (Card.parse("2H").index,), (Card.parse("AH").index,))]
    assert _maxims(2, led, hands, Suit.SPADES, dealt, {}, set(), 1) == []  # second hand holding K Q: no maxim
    third = _hands("AH QH 2H", "", "", "")
    trick = (Card.parse("5H").index, Card.parse("6H").index)
    assert _maxims(0, trick, third, Suit.SPADES, third, {}, set(), 1) == [
        ("third hand high", (Card.parse("QH").index,), (Card.parse("2H").index,))]
    opening = _hands("2H 3H 4H 5S 6S 7C", "", "", "")
    found = _maxims(0, (), opening, Suit.SPADES, opening, {}, set(), 0)
    assert found == [("lead from the longest suit", tuple(c.index for c in parse_cards("2H 3H 4H")),
                      tuple(c.index for c in parse_cards("7C 5S 6S")))]


def test_W_8_1_second_hand_low_in_an_ending_solved_by_hand() -> None:
    """Seat 0 leads 3♥; seat 1 holds A♥ 2♥, seat 2 4♥ 5♥, seat 3 6♥ 7♥, seat 0 keeps 8♥ (spades trumps, none
    held). Low (2♥) lets partner's 7♥ win, then A♥ takes the last trick: two tricks for seats 1 and 3. High
    (A♥) wins at once but 2♥ loses the last to 8♥: one trick. The maxim's card is the best, at no cost."""
    hands = _hands("8H", "AH 2H", "4H 5H", "6H 7H")
    led, low, high = (Card.parse("3H").index,), (Card.parse("2H").index,), (Card.parse("AH").index,)
    judged = judge([Position("second hand low", hands, 0, Suit.SPADES, led, low, high),
                    Position("second hand low", hands, 0, Suit.SPADES, led, high, low)])
    assert (judged[0].best, judged[0].cost, judged[0].gain) == (True, 0, 1.0)
    assert (judged[1].best, judged[1].cost, judged[1].gain) == (False, 1, -1.0)


def test_analyse_whist_report_end_to_end_and_its_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", "whist", "--report", str(tmp_path / "out"), "--size", "1",
                                 "--workers", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "| seed | 3 |" in text and "| Second hand low | W-§8.1 (Hoyle) |" in text
    assert (tmp_path / "out" / "whist_maxims.png").read_bytes().startswith(b"\x89PNG")
    for args, message in ((["quinze"], "no report of the books' advice for quinze"),
                          (["whist", "--size", "0"], "--size 0 is not allowed")):
        failed = runner.invoke(app, ["analyse", *args[:1], "--report", str(tmp_path / "x"), *args[1:]])
        assert failed.exit_code == 2 and message in failed.stderr
    assert not (tmp_path / "x").exists()
