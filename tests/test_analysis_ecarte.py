"""Écarté's analysis of the books' advice (E-§8): exact counts against an independent count, positions solved by
hand, the books' categories, iterated best response on a case worked by hand, and a small report end to end."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

from academie.cards import PACK_32, Card, Suit, parse_cards
from academie.games.ecarte import analysis
from academie.games.ecarte.analysis import (
    DEALER_POSITIONS,
    ELDER_POSITIONS,
    Deal,
    Job,
    best_response,
    books_exchange,
    bot_deal,
    double_dummy,
    items_of,
    refusal_category,
    trump_table,
)
from academie.games.ecarte.state import STAND, TURN_UP_POSITION
from academie.report import exact, write


def deal_of(elder: str, dealer: str, turn_up: str, talon: str = "") -> Deal:
    """A deck order with these hands, turn-up and talon top (the rest of the pack after them)."""
    deck: list[Card | None] = [None] * 32
    for positions, cards in ((ELDER_POSITIONS, parse_cards(elder)), (DEALER_POSITIONS, parse_cards(dealer))):
        for position, card in zip(positions, cards, strict=True):
            deck[position] = card
    deck[TURN_UP_POSITION] = Card.parse(turn_up)
    top = parse_cards(talon)
    rest = [c for c in PACK_32 if c not in deck and c not in top]
    filled = [c for c in deck if c is not None]
    return Deal(tuple(filled[:TURN_UP_POSITION + 1] + list(top) + rest))


def test_E_8_1_trump_table_is_the_hypergeometric_count_and_foster_s_figures() -> None:
    """E-§8.1: with t trumps in hand, 7 − t trumps among the 26 unseen cards; counted by enumeration, checked by
    the formula, and against Foster's printed figures for t = 1 and 2."""
    for own, low, high, none in trump_table():
        unseen, plain = 7 - own, 19 + own
        assert low == math.comb(plain, 5) + unseen * math.comb(plain, 4)
        assert none == math.comb(plain, 5) and low + high == math.comb(26, 5) == 65_780
    assert trump_table()[1][1:3] == (44_574, 21_206) and trump_table()[2][1:3] == (50_274, 15_506)


def test_E_8_2_items_of_the_jeux_de_regle() -> None:
    """E-§8.2 items 1–5 as the books state them (spades trumps)."""
    assert items_of(parse_cards("KH QH JH 8D 9S"), Suit.SPADES) == (3,)
    assert items_of(parse_cards("QS AS 7S KH KD"), Suit.SPADES) == (1, 5)
    assert items_of(parse_cards("KH QD JC KC 8H"), Suit.SPADES) == (4,)
    assert items_of(parse_cards("7H 8H 9D TC 9S"), Suit.SPADES) == ()


def test_E_8_2_item_frequencies_enumerated_against_the_formula_and_a_seeded_sample() -> None:
    """E-§8.2: every elder's hand with every turn-up (5,437,152) counted. Item 1 (three or more trumps) is the
    hypergeometric sum over the 31 cards beside a turned-up trump, 7 of them trumps; every item, and any jeu de
    règle, lies within four standard errors of its share among 20,000 seeded deals."""
    frequencies = analysis.item_frequencies()
    total = analysis.ELDER_HANDS_WITH_TURN_UPS
    assert total == math.comb(32, 5) * 27
    three = sum(math.comb(7, k) * math.comb(24, 5 - k) for k in range(3, 6))
    assert Fraction(frequencies["item 1"], total) == Fraction(three, math.comb(31, 5))
    deals = [analysis.shuffled(analysis.derive(11, index)) for index in range(20_000)]
    dealt = [items_of(d.elder, d.trump) for d in deals]
    for group, count in frequencies.items():
        share = count / total
        item = None if group == "any jeu de règle" else int(group.split()[1])
        sampled = sum(1 for items in dealt if (items if item is None else item in items)) / len(dealt)
        assert abs(sampled - share) < 4 * math.sqrt(share * (1 - share) / len(dealt)), (group, sampled, share)


def test_E_8_2_an_exact_tie_in_our_table_is_a_tie_not_a_proposal() -> None:
    """E-§8.2 (our table): a class whose 30 deals give the elder the same points whether he stands or proposes is
    shown as a tie, and not counted among the decided classes."""
    tied = [analysis.Sample("table", 1, (1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0), key=(1, 0, 0, 0, 0, 0, 0, 0))
            for _ in range(analysis.MIN_CLASS)]
    section = analysis._table_section(tied)
    (row,) = section.tables[0].rows
    assert row[3] == "tie" and section.claims[0].figure == exact(0.0)


def test_E_8_3_the_dealer_s_categories() -> None:
    """E-§8.3: guarded suits, the jeux de règle too weak to refuse with, three trumps with the king (HGM)."""
    assert refusal_category(parse_cards("KH QD KC 7H 8D"), Suit.SPADES) == "three guarded suits"
    assert refusal_category(parse_cards("KH QD 8C 9S 7H"), Suit.SPADES) == "a trump and two guarded suits"
    assert refusal_category(parse_cards("AH 9H 8H 7H 9S"), Suit.SPADES) == "a jeu de règle too weak to refuse with"
    assert refusal_category(parse_cards("KS QS 9S 7H 8D"), Suit.SPADES) == "three trumps with the king"
    assert refusal_category(parse_cards("7H 8H 9D TC AD"), Suit.SPADES) == "none of these"


def test_E_8_4_hoyle_s_losing_jeu_de_regle_solved_by_hand() -> None:
    """E-§8.4 (HGM): Q A 7 of trumps and two plain kings stand against K J 9 8 of trumps: the dealer wins the
    point, two after the stand (ECARTE-VI.8), one after a refusal of his own (ECARTE-VI.7 does not touch the
    winner), and marks the king (E-§4.4)."""
    deal = deal_of("QS AS 7S KH KD", "KS JS 9S 8S 7C", "TS")
    result = double_dummy(deal)
    assert (result.stand_tricks, result.refuse_tricks, result.kings) == (-2, -1, -1)
    assert result.stand == -3


def test_ECARTE_VI_5_books_exchange_draws_no_more_than_the_talon() -> None:
    """E-§8.4: each throws all but trumps and kings; ECARTE-VI.5: never more than the talon holds."""
    elder, dealer = parse_cards("7H 8H 9D TC KS"), parse_cards("AH JD 8C 9C 7D")
    talon = parse_cards("QS JS")
    after_elder, after_dealer = books_exchange(elder, dealer, list(talon), Suit.SPADES)
    assert sorted(c.index for c in after_elder) == sorted(c.index for c in parse_cards("KS QS JS 9D TC"))
    assert after_dealer == tuple(dealer)  # the talon was out before the dealer's turn


def test_a_hand_of_five_top_trumps_makes_the_vole_in_the_engine() -> None:
    """ECARTE-VI.8, E-§6.1: the elder stands on K Q J A 10 of trumps: the vole (2) and the king marked (1)."""
    deal = deal_of("KS QS JS AS TS", "7H 8H 9H TH JH", "9S")
    assert bot_deal(deal, elder_first=STAND, seed=3) == (3, True)


def test_iterated_best_response_on_a_case_worked_by_hand() -> None:
    """E-§8.2, E-§8.3 (our table by best response): a strong class S and a weak class W of elder hands, one
    dealer class D. Against a dealer who accepts, S
    gains by proposing (1.5 > 1) and W too (−0.5 > −2); facing both, the dealer loses 3 by refusing and 1 by
    accepting, so he accepts: nobody stands and the dealer accepts."""
    strong, weak, dealer = (3, False, 1, 0), (0, False, 0, 0), (1, False, 0, 0)
    deals = [(strong, dealer, 1.0, 2.0, 1.5), (weak, dealer, -2.0, 1.0, -0.5)]
    result = best_response(deals, elder_stands={strong: True, weak: False}, dealer_refuses={dealer: True})
    assert result.settled and result.stands == {strong: False, weak: False} and result.refuses == {dealer: False}


def test_a_small_report_end_to_end(tmp_path: Path) -> None:
    """E-§8.1, E-§8.3, E-§8.4: jobs of the cheap studies (double dummy, or the books and the solver, and one
    refusal category played by the bot) make a report with its tables and plots."""
    jobs = [Job("table", "table", 5, 0, 60), Job("discard", "discard", 5, 0, 1),
            Job("refusal", "none of these", 5, 0, 1)]
    results = [analysis.run_job(job) for job in jobs]
    report = analysis.build_report(results, seed=5, size=1, command="test")
    written = {p.name for p in write(report, tmp_path)}
    assert {"report.md", "report.html", "ecarte_refusal.png"} <= written
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "| Dealer, none of these: accept | the rule file's summary of EB p. 167 (E-§8.3) |" in text
    assert "44,574 : 21,206" in text
