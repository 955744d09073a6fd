"""The exact Écarté solver against a brute-force reference, the engine, and the rule file's examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie.cards import PACK_32, Card, Suit, cards_of, mask_of, parse_cards
from academie.games.ecarte import RANK_ORDER, EcarteState, Play
from academie.games.ecarte.bots import solver
from academie.games.ecarte.bots.solver import (
    TRICKS_PAYOFF,
    Solver,
    SolverInputError,
    deal_payoff,
    legal_mask,
    solve,
)

PAYOFFS = (TRICKS_PAYOFF, deal_payoff(), deal_payoff(stood=0), deal_payoff(refused=1),
           deal_payoff(stood=1, penalty_on_vole="add"))


def _strength(card: Card) -> int:
    return RANK_ORDER.index(card.rank)


def _legal(hand: list[Card], led: Card | None, trump: int, must_trump: bool) -> list[Card]:
    """E-§5 written out as in the rule file's pseudo-code, independently of the solver's bitmasks."""
    if led is None:
        return hand
    same = [c for c in hand if c.suit == led.suit]
    if same:
        return [c for c in same if _strength(c) > _strength(led)] or same
    trumps = [c for c in hand if c.suit == trump]
    return trumps if trumps and must_trump else hand


def _brute(hands: list[list[Card]], leader: int, led: Card | None, t0: int, trump: int, must_trump: bool,
           payoff: tuple[int, ...]) -> int:
    """Plain minimax over every legal card, no memo, no pruning: the value for seat 0."""
    if not hands[0] and not hands[1] and led is None:
        return payoff[t0]
    mover = leader if led is None else 1 - leader
    values = []
    for card in _legal(hands[mover], led, trump, must_trump):
        rest = [h if seat != mover else [c for c in h if c != card] for seat, h in enumerate(hands)]
        if led is None:
            values.append(_brute(rest, leader, card, t0, trump, must_trump, payoff))
            continue
        second_wins = (card.suit == led.suit and _strength(card) > _strength(led)) or (
            card.suit == trump and led.suit != trump)
        winner = mover if second_wins else leader
        values.append(_brute(rest, winner, None, t0 + (winner == 0), trump, must_trump, payoff))
    return max(values) if mover == 0 else min(values)


@settings(max_examples=300, deadline=None)
@given(order=st.permutations(PACK_32), left=st.integers(1, 5), trump=st.integers(0, 3), leader=st.integers(0, 1),
       must_trump=st.booleans(), mid_trick=st.booleans(), won=st.integers(0, 4), payoff=st.sampled_from(PAYOFFS))
def test_E_5_E_6_1_solver_matches_brute_force(order: list[Card], left: int, trump: int, leader: int,
                                               must_trump: bool, mid_trick: bool, won: int,
                                               payoff: tuple[int, ...]) -> None:
    """E-§5 (legal cards, trick winner) and E-§6.1 (payoffs): every card's value equals plain minimax."""
    played = 5 - left
    t0 = min(won, played)
    hands = [list(order[:left]), list(order[left:2 * left])]
    led = None
    if mid_trick:
        led = hands[leader].pop()
    solution = solve(hands=(mask_of(hands[0]), mask_of(hands[1])), trump=trump, leader=leader, led=led,
                     tricks=(t0, played - t0), must_trump=must_trump, payoff=payoff)
    mover = leader if led is None else 1 - leader
    sign = 1 if mover == 0 else -1
    legal = _legal(hands[mover], led, trump, must_trump)
    assert sorted(c.index for c, _ in solution.card_values) == sorted(c.index for c in legal)
    for card, value in solution.card_values:
        rest = [h if seat != mover else [c for c in h if c != card] for seat, h in enumerate(hands)]
        if led is None:
            expected = _brute(rest, leader, card, t0, trump, must_trump, payoff)
        else:
            wins = (card.suit == led.suit and _strength(card) > _strength(led)) or (
                card.suit == trump and led.suit != trump)
            winner = mover if wins else leader
            expected = _brute(rest, winner, None, t0 + (winner == 0), trump, must_trump, payoff)
        assert value == sign * expected
    assert solution.value == max(v for _, v in solution.card_values)
    assert all(dict(solution.card_values)[c] == solution.value for c in solution.best)


def test_E_8_4_jeu_de_regle_loses_to_four_trumps_and_ECARTE_VI_8_makes_it_two() -> None:
    """E-§8.4 example: Q A 7 of trumps + two plain kings stands against K J 9 8 of trumps: the dealer wins
    the point, worth two because the elder stood (ECARTE-VI.8)."""
    elder, dealer = parse_cards("QS AS 7S KH KD"), parse_cards("KS JS 9S 8S 7C")
    stood = solve(hands=(elder, dealer), trump=Suit.SPADES, leader=0, payoff=deal_payoff(stood=0))
    assert stood.value == -2
    assert solve(hands=(elder, dealer), trump=Suit.SPADES, leader=0, payoff=deal_payoff()).value == -1
    assert solve(hands=(elder, dealer), trump=Suit.SPADES, leader=0).value <= 2


def test_E_6_1_vole_with_all_the_trumps() -> None:
    """E-§6.1: five trumps including the king make the vole (2 points) whatever the other hand holds."""
    hand, other = parse_cards("KH QH JH AH TH"), parse_cards("KS QS JS AS TS")
    assert solve(hands=(hand, other), trump=Suit.HEARTS, leader=1, payoff=deal_payoff()).value == -2
    assert solve(hands=(hand, other), trump=Suit.HEARTS, leader=1).best  # the leader's cards are all listed


def _deck(elder: str, dealer: str, trump: str) -> list[Card]:
    head = [*parse_cards(elder)[:3], *parse_cards(dealer)[:3], *parse_cards(elder)[3:], *parse_cards(dealer)[3:],
            Card.parse(trump)]
    return head + [c for c in PACK_32 if c not in head]


def _engine_value(state: EcarteState, seat: int) -> int:
    """Minimax through the engine itself (its legal actions and its scoring): net points of ``seat``."""
    if state.deal_results:
        points = state.deal_results[0].points
        return points[seat] - points[1 - seat]
    values = []
    for action in state.legal_actions():
        if isinstance(action, Play):
            twin = state.clone()
            twin.apply_unchecked(action)
            values.append(_engine_value(twin, seat))
    return max(values) if state.actor == seat else min(values)


def test_E_5_ECARTE_VI_8_solver_agrees_with_the_engine_after_a_stand() -> None:
    """E-§5, E-§6.1, ECARTE-VI.8: the solver's value is what the engine scores under best play."""
    for elder, dealer, trump in (("QS AS 7S KH KD", "KS JS 9S 8S 7C", "TS"),
                                 ("KH 9H JD 8C 7S", "AH QD TD 9C QS", "7H"),
                                 ("JC AC 8D KD 9H", "QC 7C QH TH AS", "8C")):
        state = EcarteState.new(decks=[_deck(elder, dealer, trump)], first_dealer=0)
        state.apply_text("stand")
        trump_suit = Card.parse(trump).suit
        hands = (mask_of(state.hand(0)), mask_of(state.hand(1)))
        solution = solve(hands=hands, trump=trump_suit, leader=1, payoff=deal_payoff(stood=1))
        assert solution.value == _engine_value(state, 1)


def test_E_5_legal_mask_follows_overtakes_and_trumps() -> None:
    """E-§5: overtake in the suit led if possible, else follow; void: trump if must_trump, else anything."""
    hand = mask_of(parse_cards("KH 8H 7S QC"))
    assert cards_of(legal_mask(hand, Card.parse("9H").index, Suit.SPADES)) == parse_cards("KH")
    assert cards_of(legal_mask(hand, Card.parse("KH").index - 1, Suit.SPADES)) == parse_cards("KH")
    assert set(cards_of(legal_mask(mask_of(parse_cards("8H 9H")), Card.parse("JH").index, 3))) == set(
        parse_cards("8H 9H"))
    assert cards_of(legal_mask(hand, Card.parse("7D").index, Suit.SPADES)) == parse_cards("7S")
    assert legal_mask(hand, Card.parse("7D").index, Suit.SPADES, must_trump=False) == hand


def test_solver_rejects_overlapping_or_uneven_hands() -> None:
    """The solver names what is wrong with a position it cannot read."""
    with pytest.raises(SolverInputError, match="share a card"):
        solve(hands=(parse_cards("KH"), parse_cards("KH")), trump=0, leader=0, tricks=(2, 2))
    with pytest.raises(SolverInputError, match="expected equal hands"):
        solve(hands=(parse_cards("KH QH"), parse_cards("7S")), trump=0, leader=0, tricks=(2, 1))


@settings(max_examples=200, deadline=None)
@given(order=st.permutations(PACK_32), left=st.integers(1, 5), trump=st.integers(0, 3), leader=st.integers(0, 1),
       won=st.integers(0, 4), payoff=st.sampled_from(PAYOFFS), limit=st.sampled_from((1, 7, solver.MEMO_LIMIT)))
def test_E_5_E_6_1_value_is_the_brute_force_value_whatever_the_memo_holds(
        order: list[Card], left: int, trump: int, leader: int, won: int, payoff: tuple[int, ...], limit: int) -> None:
    """E-§5, E-§6.1: ``Solver.value`` (the cheap call of the exchange's searches) is plain minimax's value for the
    seat to lead, with a memo shared by every solver of the same trump and payoff, and emptied when full (a
    limit of one or seven entries empties it all the time): sharing and emptying change no value."""
    played = 5 - left
    t0 = min(won, played)
    hands = [list(order[:left]), list(order[left:2 * left])]
    masks = (mask_of(hands[0]), mask_of(hands[1]))
    expected = _brute(hands, leader, None, t0, trump, True, payoff)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "MEMO_LIMIT", limit)
        patch.setattr(solver, "_MEMOS", {})
        shared = Solver(trump=trump, payoff=payoff)
        for twice in range(2):  # the second time from the memo the first one filled
            value = shared.value(hands=masks, leader=leader, tricks=(t0, played - t0))
            assert value == (expected if leader == 0 else -expected), twice
        assert len(solver._MEMOS[(trump, True, payoff)]) <= limit
