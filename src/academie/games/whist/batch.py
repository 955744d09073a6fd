"""Whist in batch: ``n`` first deals played at once with numpy, the random or the classical policy.

Each deal is the first deal of a fresh rubber (score 0–0, default :class:`~academie.games.whist.state.WhistRules`:
long whist) with a fixed first dealer, dealt from :class:`~academie.batch.rng.CounterChance`: one card at a time
from the dealer's left, the last card (the dealer's) turned up for trumps (W-§3, WHIST-24); thirteen tricks,
following suit when able (W-§5), the elder hand leading first and each trick's winner leading the next; then the
score (W-§6.1): one point a trick above six for the side that took seven or more, and the honours (W-§4.1): four
points to the side dealt all four trump honours, two to the side dealt three. At 0–0 nobody can call (W-§4.2
needs a side at eight), so every decision is a card.

Cards are the engine's indices ``suit * 13 + rank - 2`` (so a hand is a 52-bit mask and the pack's position
``j`` is card ``j``); a suit's 13-bit pattern has the deuce in bit 0 and the ace in bit 12, in rank order.

The random policy takes ``legal[draw % len(legal)]`` in the engine's order (cards by index); the classical policy
is :class:`academie.games.whist.bots.classical.ClassicalBot`'s maxims (W-§8.1) restated over arrays.

>>> batch = simulate(4, seed=5, policy="classical")
>>> [tuple(p) for p in batch.points.tolist()] == [reference_deal(5, i, policy="classical").points for i in range(4)]
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from academie.batch import BatchError, Ints, Policy, bit_index, check_count, check_policy, kth_bit, popcount
from academie.batch.rng import DECISION, CounterChance, CounterRandomBot, deal_keys, draws, shuffle_positions
from academie.bots import Bot
from academie.cards import CARDS, RANKS_PER_SUIT
from academie.games.whist.bots.classical import ClassicalBot
from academie.games.whist.state import Shuffle as WhistShuffle
from academie.games.whist.state import WhistState

U64 = npt.NDArray[np.uint64]
Bools = npt.NDArray[np.bool_]

SUIT_MASK: Final = np.array([0x1FFF << (RANKS_PER_SUIT * s) for s in range(4)], dtype=np.uint64)
HONOUR_MASK: Final = np.array([0xF << (RANKS_PER_SUIT * s + 9) for s in range(4)], dtype=np.uint64)
"""W-§2.1: the honours (J Q K A) of each suit."""
ABOVE: Final = np.array([(0x1FFF << (RANKS_PER_SUIT * (c // RANKS_PER_SUIT))) & ~((2 << c) - 1) for c in range(52)],
                        dtype=np.uint64)
"""For each card, the higher cards of its suit."""
R_TEN, R_JACK, R_QUEEN, R_KING, R_ACE = 8, 9, 10, 11, 12
NO_CARD: Final = 13


def _pattern_table(feature: Callable[[list[int]], int]) -> Ints:
    return np.array([feature([r for r in range(RANKS_PER_SUIT) if p >> r & 1]) for p in range(1 << RANKS_PER_SUIT)],
                    dtype=np.int64)


HIGHEST: Final = _pattern_table(lambda rs: rs[-1] if rs else NO_CARD)
LOWEST: Final = _pattern_table(lambda rs: rs[0] if rs else NO_CARD)


def _opening(ranks: list[int]) -> int:
    """W-§8.1 (restating ``ClassicalBot._opening``): A K → K; K Q → K; A Q J or A and four more → A;
    Q J 10 → Q; otherwise the fourth best, or the lowest of a short suit."""
    held = set(ranks)
    if not ranks:
        return NO_CARD
    if R_KING in held and (R_ACE in held or R_QUEEN in held):
        return R_KING
    if {R_ACE, R_QUEEN, R_JACK} <= held or (R_ACE in held and len(ranks) >= 5):
        return R_ACE
    if {R_QUEEN, R_JACK, R_TEN} <= held:
        return R_QUEEN
    return ranks[-4] if len(ranks) >= 4 else ranks[0]


OPENING: Final = _pattern_table(_opening)
"""The rank (0 … 12) W-§8.1 opens with, for each 13-bit suit pattern."""


@dataclass(frozen=True, slots=True)
class WhistBatch:
    """What ``n`` deals scored, per seat and per side, and (with ``trace``) every card of every deal."""

    seed: int
    start: int
    policy: Policy
    first_dealer: int
    points: Ints
    """``(n, 4)``: points of seats 0 … 3 (partners alike, as ``DealResult.points``)."""
    tricks: Ints
    """``(n, 2)``: tricks won by side 0 (seats 0, 2) and side 1 (seats 1, 3)."""
    honours: Ints
    """``(n, 2)``: honour points scored by each side."""
    actions: tuple[tuple[tuple[int, str], ...], ...] | None
    """With ``trace``: each deal's 52 plays as ``(seat, "play XX")``."""


@dataclass(frozen=True, slots=True)
class ReferenceDeal:
    """The same deal played by the one-deal engine (see :func:`reference_deal`)."""

    points: tuple[int, int, int, int]
    tricks: tuple[int, int]
    honours: tuple[int, int]
    actions: tuple[tuple[int, str], ...]


def _highest_bit(masks: Ints) -> Ints:
    """The index of the highest set bit of each (13-bit) pattern, -1 for 0."""
    x = masks | (masks >> 1)
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    index: Ints = np.bitwise_count(x).astype(np.int64) - 1
    return index


def _card(suit: Ints, rank: Ints) -> U64:
    bits: U64 = np.left_shift(np.uint64(1), (RANKS_PER_SUIT * suit + rank).astype(np.uint64))
    return bits


def _patterns(masks: U64) -> Ints:
    """The 13-bit pattern of each suit of each mask, ``(n, 4)``."""
    shifts = np.array([RANKS_PER_SUIT * s for s in range(4)], dtype=np.uint64)
    return ((masks[:, None] >> shifts) & np.uint64(0x1FFF)).astype(np.int64)


class _Deals:
    """The arrays of ``n`` deals in progress."""

    def __init__(self, n: int, seed: int, start: int, first_dealer: int) -> None:
        self.keys = deal_keys(seed, np.arange(start, start + n, dtype=np.int64))
        deck = shuffle_positions(self.keys, 52)
        bits = np.left_shift(np.uint64(1), deck.astype(np.uint64))
        # W-§3: one card at a time to each player in turn from the dealer's left; the last card is the dealer's.
        self.hands = np.empty((n, 4), dtype=np.uint64)
        for seat in range(4):
            self.hands[:, seat] = np.bitwise_or.reduce(bits[:, (seat - first_dealer - 1) % 4::4], axis=1)
        self.dealt = self.hands.copy()
        self.trump = (deck[:, 51] // RANKS_PER_SUIT).astype(np.int64)  # WHIST-24: the turn-up is the dealer's last card
        self.first_lead = np.full((n, 4), -1, dtype=np.int64)
        """The suit each seat led to its first lead (W-§8.1 returns partner's lead), -1 before."""


# ------------------------------------------------------------------------------------------- classical
def _classical_lead(deals: _Deals, seat: Ints, hands: U64) -> U64:
    """W-§8.1: return partner's first lead; lead trumps with five; else open the longest suit (Cavendish)."""
    rows = np.arange(hands.size)
    trump = deals.trump
    patterns = _patterns(hands)
    trumps = patterns[rows, trump]
    partner = deals.first_lead[rows, seat ^ 2]
    partner_cards = patterns[rows, np.maximum(partner, 0)]
    returns = (partner >= 0) & (partner_cards != 0)
    high_return = (partner == trump) | (popcount(partner_cards.astype(np.uint64)) <= 3)
    returned = np.where(high_return, HIGHEST[partner_cards], LOWEST[partner_cards])
    plain = np.where(np.arange(4)[None, :] != trump[:, None], patterns, 0)
    pool = np.where((plain != 0).any(axis=1, keepdims=True), plain, patterns)
    length = np.bitwise_count(pool).astype(np.int64)
    key = np.where(pool != 0, (length * 16 + HIGHEST[pool]) * 4 + 3 - np.arange(4)[None, :], -1)
    longest = key.argmax(axis=1)
    long_trumps = popcount(trumps.astype(np.uint64)) >= 5
    suit = np.where(returns, partner, np.where(long_trumps, trump, longest))
    rank = np.where(returns, returned, OPENING[patterns[rows, suit]])
    return _card(suit, rank)


def _lowest_of_sequence(card: Ints, legal: U64) -> U64:
    """W-§8.1: the lowest card of the run of held cards ending at ``card`` (its suit's pattern in ``legal``)."""
    suit, rank = card // RANKS_PER_SUIT, card % 13
    pattern = ((legal >> (RANKS_PER_SUIT * suit).astype(np.uint64)) & np.uint64(0x1FFF)).astype(np.int64)
    gaps = ~pattern & ((1 << rank) - 1)
    return _card(suit, _highest_bit(gaps) + 1)


def _classical_follow(deals: _Deals, position: int, hands: U64, legal: U64, best: Ints, best_at: Ints,
                      led: Ints) -> U64:
    """W-§8.1: second hand low, third hand high, fourth hand as cheaply as possible; void: trump (freely with
    three trumps or fewer, always as fourth hand) unless partner is winning, else discard from the weakest suit."""
    rows = np.arange(hands.size)
    trump = deals.trump
    best_suit = best // RANKS_PER_SUIT
    beats = (ABOVE[best] & SUIT_MASK[best_suit]) | np.where(best_suit != trump, SUIT_MASK[trump], np.uint64(0))
    winners = legal & beats
    has_winner = winners != 0
    partner_winning = position - best_at == 2
    following = (legal & SUIT_MASK[led]) != 0
    lowest_bit = legal & (~legal + np.uint64(1))
    low_winner = winners & (~winners + np.uint64(1))
    winner_patterns = _patterns(winners)
    winner_suit = (winner_patterns != 0).argmax(axis=1)
    top_winner = _card(winner_suit, HIGHEST[winner_patterns[rows, winner_suit]])
    top_index = bit_index(top_winner)
    if position == 1:
        sequence = has_winner & (top_index % RANKS_PER_SUIT >= R_KING) \
            & ((legal >> (top_index - 1).astype(np.uint64)) & 1 == 1)
        follow = np.where(sequence, _lowest_of_sequence(top_index, legal), lowest_bit)
    elif position == 2:
        follow = np.where(has_winner & ~partner_winning, _lowest_of_sequence(top_index, legal), lowest_bit)
    else:
        follow = np.where(has_winner & ~partner_winning, low_winner, lowest_bit)
    # void in the suit led
    trumps_held = popcount(hands & SUIT_MASK[trump])
    ruff = has_winner & ~partner_winning & ((position == 3) | (trumps_held <= 3))
    plain = legal & ~SUIT_MASK[trump]
    plain_patterns = _patterns(plain)
    counts = np.bitwise_count(_patterns(hands)).astype(np.int64)
    order = np.arange(4)[None, :]
    weakest_key = np.where(plain_patterns != 0, (counts * 16 + LOWEST[plain_patterns]) * 4 + order, 1 << 20)
    weakest_suit = weakest_key.argmin(axis=1)
    weakest = _card(weakest_suit, LOWEST[plain_patterns[rows, weakest_suit]])
    low_key = np.where(plain_patterns != 0, LOWEST[plain_patterns] * 4 + order, 1 << 20)
    low_suit = low_key.argmin(axis=1)
    lowest_void = np.where(plain != 0, _card(low_suit, LOWEST[plain_patterns[rows, low_suit]]), lowest_bit)
    void = np.where(ruff, low_winner, np.where(plain != 0, weakest, lowest_void))
    chosen: U64 = np.where(following, follow, void)
    return chosen


# ------------------------------------------------------------------------------------------- play and score
def simulate(n: int, *, seed: int, policy: str = "random", first_dealer: int = 0, start: int = 0,
             trace: bool = False) -> WhistBatch:
    """Play deals ``start`` … ``start + n - 1`` of the batch seeded ``seed``, each the first deal of a fresh
    rubber with ``first_dealer`` dealing, all four seats following ``policy`` ("random" or "classical").

    With ``trace`` every card played is kept (slower; for tests and inspection).
    """
    check_count(n)
    chosen = check_policy(policy)
    if first_dealer not in range(4):
        raise BatchError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0, 1, 2, 3")
    deals = _Deals(n, seed, start, first_dealer)
    rows = np.arange(n)
    leader = np.full(n, (first_dealer + 1) & 3, dtype=np.int64)  # W-§5: the elder hand leads first
    tricks = np.zeros((n, 2), dtype=np.int64)
    log_seats = np.zeros((n, 52), dtype=np.int8)
    log_cards = np.zeros((n, 52), dtype=np.int8)
    trump = deals.trump
    for trick in range(13):
        best = np.zeros(n, dtype=np.int64)
        best_at = np.zeros(n, dtype=np.int64)
        led = np.zeros(n, dtype=np.int64)
        for position in range(4):
            seat = (leader + position) & 3
            hands = deals.hands[rows, seat]
            if position:
                same = hands & SUIT_MASK[led]
                legal = np.where(same != 0, same, hands)  # W-§5: follow suit if able
            else:
                legal = hands
            if chosen == "random":
                options = popcount(legal).astype(np.uint64)
                choice = (draws(deals.keys, DECISION, 4 * trick + position) % options).astype(np.int64)
                card_bit = kth_bit(legal, choice)
            elif position:
                card_bit = _classical_follow(deals, position, hands, legal, best, best_at, led)
            else:
                card_bit = _classical_lead(deals, seat, hands)
            deals.hands[rows, seat] = hands ^ card_bit
            card = bit_index(card_bit)
            log_seats[:, 4 * trick + position] = seat
            log_cards[:, 4 * trick + position] = card
            if position == 0:
                best, led = card, card // RANKS_PER_SUIT
                unset = deals.first_lead[rows, seat] < 0
                deals.first_lead[rows[unset], seat[unset]] = led[unset]
            else:
                suit = card // RANKS_PER_SUIT
                wins = np.where(suit == best // RANKS_PER_SUIT, card > best, suit == trump)  # W-§5
                best = np.where(wins, card, best)
                best_at = np.where(wins, position, best_at)
        leader = (leader + best_at) & 3
        tricks[rows, leader & 1] += 1
    points, honours = _score(deals, tricks)
    actions = _actions(log_seats, log_cards) if trace else None
    return WhistBatch(seed=seed, start=start, policy=chosen, first_dealer=first_dealer,
                      points=points[:, [0, 1, 0, 1]], tricks=tricks, honours=honours, actions=actions)


def _score(deals: _Deals, tricks: Ints) -> tuple[Ints, Ints]:
    """W-§6.1: a point a trick above six to the side with seven or more; W-§4.1: honours, four for the four,
    two for three (counted at 0–0, where neither side is at eight or nine)."""
    rows = np.arange(tricks.shape[0])
    points = np.zeros_like(tricks)
    side = np.where(tricks[:, 0] >= 7, 0, 1)
    points[rows, side] = tricks[rows, side] - 6
    honours = np.zeros_like(tricks)
    for holder in (0, 1):
        held = popcount((deals.dealt[:, holder] | deals.dealt[:, holder + 2]) & HONOUR_MASK[deals.trump])
        honours[:, holder] = np.where(held == 4, 4, np.where(held == 3, 2, 0))
    return points + honours, honours


def _actions(seats: npt.NDArray[np.int8], cards: npt.NDArray[np.int8]) -> tuple[tuple[tuple[int, str], ...], ...]:
    return tuple(tuple((int(s), f"play {CARDS[int(c)]}") for s, c in zip(row_s, row_c, strict=True))
                 for row_s, row_c in zip(seats, cards, strict=True))


def reference_deal(seed: int, deal: int, *, policy: str = "random", first_dealer: int = 0) -> ReferenceDeal:
    """Deal ``deal`` of the batch seeded ``seed`` played by the one-deal engine, one call per action, from
    :class:`~academie.batch.rng.CounterChance` with :class:`~academie.batch.rng.CounterRandomBot` (random) or
    :class:`~academie.games.whist.bots.classical.ClassicalBot` (classical) in the four seats."""
    chosen = check_policy(policy)
    state = WhistState(chance=CounterChance(seed, deal), first_dealer=first_dealer)
    bots: list[Bot] = ([CounterRandomBot(seed=seed, deal=deal)] * 4 if chosen == "random"
                       else [ClassicalBot() for _ in range(4)])
    while not state.deal_results:
        actor = state.actor
        assert isinstance(actor, int)
        state.apply(bots[actor].choose(state.view(actor)))
    result = state.deal_results[0]
    actions = tuple((op.actor, str(op.action)) for op in state.operations if not isinstance(op.action, WhistShuffle))
    return ReferenceDeal(points=result.points, tricks=result.tricks, honours=result.honours, actions=actions)
