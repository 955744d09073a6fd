"""Écarté in batch: ``n`` first deals played at once with numpy, the random or the classical policy.

Each deal is the first deal of a fresh partie (score 0–0, default :class:`~academie.games.ecarte.state.EcarteRules`)
with a fixed first dealer, dealt from :class:`~academie.batch.rng.CounterChance`. Everything the one-deal
engine does in that deal is done here over arrays: the deal by 3 then 2 and the turn-up (E-§3, a turned king
scores one for the dealer, E-§3.4), the proposals, refusals and exchanges until the elder stands, the dealer
refuses or the talon runs out (ECARTE-VI.1 … VI.5, the elder taking back what he asked beyond the talon), the
king marked by its holder before his first card (E-§4.4), the five tricks with the obligation to follow,
overtake and trump (E-§5), and the score: one point, two for the vole, two whatever the tricks against the
player who stood or refused at the first decision (ECARTE-VI.7, ECARTE-VI.8, E-§6.1).

Cards are coded ``suit * 8 + r`` with ``r`` = 0 … 7 for 7 8 9 10 J Q K A, which is the order of the 32-card
pack (and of the card indices), so a hand is a 32-bit mask and the pack's position ``j`` is card code ``j``.
Seats are handled by role: 0 the elder (non-dealer), 1 the dealer.

The random policy takes ``legal[draw % len(legal)]`` in the order of the engine's ``legal_actions()``
(:class:`~academie.batch.rng.CounterRandomBot`); the classical policy is
:class:`academie.games.ecarte.bots.classical.ClassicalBot`'s advice (E-§8) restated over arrays. The classical elder
never asks for more cards than the talon holds, so it never takes back (ECARTE-VI.5), and it marks the king
just before its first card (at 0–0 nothing else applies).

>>> batch = simulate(4, seed=11, policy="classical")
>>> [tuple(p) for p in batch.points.tolist()] == [reference_deal(11, i, policy="classical").points for i in range(4)]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from academie.batch import (
    BatchError,
    Ints,
    Policy,
    bit_index,
    check_count,
    check_policy,
    kth_bit,
    low_bits,
    popcount,
    spread,
)
from academie.batch.rng import DECISION, CounterChance, CounterRandomBot, deal_keys, draws, shuffle_positions
from academie.bots import Bot
from academie.cards import CARDS, Rank, Suit, card_index
from academie.games.ecarte.bots.classical import ClassicalBot
from academie.games.ecarte.state import DECK_SIZE, TALON_START, TURN_UP_POSITION, EcarteState, Shuffle

U32 = npt.NDArray[np.uint32]
Bools = npt.NDArray[np.bool_]

ELDER, DEALER = 0, 1
STRENGTH_R: Final = (0, 1, 2, 3, 5, 6, 7, 4)
"""E-§2.1: strength (K Q J A 10 9 8 7 = 7 … 0) of rank position r (7 8 9 10 J Q K A)."""
R_JACK, R_QUEEN, R_KING, R_ACE = 4, 5, 6, 7
S_JACK, S_QUEEN = 5, 6
CARD_INDEX: Final = tuple(card_index(Rank(Rank.SEVEN + r), suit) for suit in Suit for r in range(8))
"""The :class:`~academie.cards.Card` index of each card code."""
SUIT_MASK: Final = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.uint32)
KINGS: Final = np.uint32(sum(1 << (8 * s + R_KING) for s in range(4)))
HIGHER: Final = np.array([sum(1 << (8 * (c >> 3) + r) for r in range(8) if STRENGTH_R[r] > STRENGTH_R[c & 7])
                          for c in range(32)], dtype=np.uint32)
"""For each card code, the cards of its suit that beat it (the overtaking obligation of E-§5)."""
MAX_STEPS: Final = 192
"""Room for the decisions of one deal in a trace (the longest possible exchange is far shorter)."""


class Phase(IntEnum):
    """The decision a deal is waiting for (as :class:`academie.games.ecarte.state.Phase`)."""

    ELDER_DECIDES = 0
    DEALER_DECIDES = 1
    ELDER_DISCARD = 2
    ELDER_TAKE_BACK = 3
    DEALER_DISCARD = 4
    PLAY = 5


class Kind(IntEnum):
    """The kinds of decision written to a trace."""

    PROPOSE = 0
    STAND = 1
    ACCEPT = 2
    REFUSE = 3
    DISCARD = 4
    TAKE_BACK = 5
    MARK_KING = 6
    PLAY = 7


_WORDS: Final = ("propose", "stand", "accept", "refuse", "discard", "take-back", "mark-king", "play")


def _subset_order(size: int) -> tuple[int, ...]:
    """Every pattern of ``size`` bits, fewest bits first then by value: the engine's order of discards."""
    return tuple(sorted(range(1 << size), key=lambda p: (p.bit_count(), p)))


SUBSETS: Final = np.array(_subset_order(5), dtype=np.int64)
"""Discard patterns over the 5 cards of a hand (bit j: the j-th lowest card) in ``legal_actions()`` order."""
DEALER_OPTIONS: Final = np.array([sum(1 for p in _subset_order(5) if p.bit_count() <= h) for h in range(6)],
                                 dtype=np.int64)
"""How many discards the dealer may choose from when ``h`` (0 … 5) cards are left in the talon."""
TAKE_BACKS: Final = np.array([[([p for p in _subset_order(c) if p.bit_count() == e] + [0] * 10)[:10] for e in range(6)]
                              for c in range(6)], dtype=np.int64)
"""``[c, e, k]``: the k-th way of taking back ``e`` cards of a discard of ``c`` (ECARTE-VI.5), engine order."""
TAKE_BACK_OPTIONS: Final = np.array([[sum(1 for p in range(1 << c) if p.bit_count() == e) for e in range(6)]
                                     for c in range(6)], dtype=np.int64)


def _suit_table(feature: Callable[[list[int]], int]) -> Ints:
    return np.array([feature([r for r in range(8) if p >> r & 1]) for p in range(256)], dtype=np.int64)


LENGTH: Final = _suit_table(len)
TOP_STRENGTH: Final = _suit_table(lambda rs: max((STRENGTH_R[r] for r in rs), default=-1))
TOP_RANK: Final = _suit_table(lambda rs: max(rs, key=lambda r: STRENGTH_R[r]) if rs else 0)
BOTTOM_RANK: Final = _suit_table(lambda rs: min(rs, key=lambda r: STRENGTH_R[r]) if rs else 0)
COURTS: Final = _suit_table(lambda rs: sum(1 for r in rs if r in (R_JACK, R_QUEEN, R_KING)))
HAS_KING: Final = _suit_table(lambda rs: int(R_KING in rs))
HAS_QUEEN: Final = _suit_table(lambda rs: int(R_QUEEN in rs))
HAS_JACK: Final = _suit_table(lambda rs: int(R_JACK in rs))
HAS_ACE: Final = _suit_table(lambda rs: int(R_ACE in rs))
ABOVE: Final = np.array([sum(1 << o for o in range(8) if STRENGTH_R[o] > STRENGTH_R[r]) for r in range(8)],
                        dtype=np.int64)
"""For each rank position, the 8-bit pattern of the ranks above it."""
KEEP_KEY: Final = np.array([[32 * (STRENGTH_R[c & 7] + (20 if c >> 3 == t else 10 if c & 7 == R_KING else 0)) + c
                             for c in range(32)] for t in range(4)], dtype=np.int64)
"""E-§8.4 keep value (trumps, then kings, then rank) of each card by trump suit, the card code breaking ties."""
COST_KEY: Final = np.array([[32 * (8 * (c >> 3 == t) + STRENGTH_R[c & 7]) + c for c in range(32)] for t in range(4)],
                           dtype=np.int64)
"""E-§8.5 cost of a card (plain before trump, then strength) by trump suit, the card code breaking ties."""


@dataclass(frozen=True, slots=True)
class EcarteBatch:
    """What ``n`` deals scored, per seat, and (with ``trace``) every decision of every deal."""

    seed: int
    start: int
    policy: Policy
    first_dealer: int
    points: Ints
    """``(n, 2)``: points of seats 0 and 1 (turned king, marked king and tricks, as ``DealResult.points``)."""
    tricks: Ints
    """``(n, 2)``: tricks won by seats 0 and 1."""
    actions: tuple[tuple[tuple[int, str], ...], ...] | None
    """With ``trace``: each deal's decisions as ``(seat, action text)``, the engine's text forms."""


@dataclass(frozen=True, slots=True)
class ReferenceDeal:
    """The same deal played by the one-deal engine (see :func:`reference_deal`)."""

    points: tuple[int, int]
    tricks: tuple[int, int]
    actions: tuple[tuple[int, str], ...]


# ------------------------------------------------------------------------------------------- the state
class _Deals:
    """The arrays of ``n`` deals in progress (role 0: elder, role 1: dealer)."""

    def __init__(self, n: int, seed: int, start: int, trace: bool) -> None:
        self.keys = deal_keys(seed, np.arange(start, start + n, dtype=np.int64))
        deck = shuffle_positions(self.keys, DECK_SIZE)
        bits = np.left_shift(np.uint32(1), deck.astype(np.uint32))
        self.drawn = np.zeros((n, DECK_SIZE + 1), dtype=np.uint32)
        np.bitwise_or.accumulate(bits, axis=1, out=self.drawn[:, 1:])
        # E-§3: three to the elder, three to the dealer, then two and two; the eleventh card is turned up.
        self.hands = np.empty((n, 2), dtype=np.uint32)
        self.hands[:, ELDER] = self.drawn[:, 3] | bits[:, 6] | bits[:, 7]
        self.hands[:, DEALER] = (self.drawn[:, 6] ^ self.drawn[:, 3]) | bits[:, 8] | bits[:, 9]
        self.turned = bits[:, TURN_UP_POSITION]
        self.trump = (deck[:, TURN_UP_POSITION] >> 3).astype(np.int64)
        self.king = np.left_shift(np.uint32(1), (8 * self.trump + R_KING).astype(np.uint32))
        self.points = np.zeros((n, 2), dtype=np.int64)
        self.turned_king = (deck[:, TURN_UP_POSITION] & 7) == R_KING
        self.points[:, DEALER] += self.turned_king  # E-§3.4: a turned-up king scores one for the dealer
        self.marked = self.turned_king.copy()  # no king left to mark once it is turned up (E-§4.4)
        self.talon = np.full(n, TALON_START, dtype=np.int64)
        self.phase = np.zeros(n, dtype=np.int64)
        self.step = np.zeros(n, dtype=np.int64)
        self.first = np.ones(n, dtype=np.bool_)
        self.penalised = np.full(n, -1, dtype=np.int64)
        """ECARTE-VI.7/VI.8: the role that stood or refused at the first decision (-1: none)."""
        self.last_discard = np.zeros(n, dtype=np.uint32)
        self.asked = np.zeros(n, dtype=np.int64)
        self.discarded = np.zeros((n, 2), dtype=np.uint32)
        self.tricks = np.zeros((n, 2), dtype=np.int64)
        self.played = np.zeros(n, dtype=np.uint32)
        self.has_played = np.zeros((n, 2), dtype=np.bool_)
        self.led_before = np.zeros((n, 2), dtype=np.bool_)
        self.persevere = np.full((n, 2), -1, dtype=np.int64)
        """The plain suit each role led last and the opponent followed (E-§8.4), or -1."""
        self.trace = trace
        if trace:
            self.log_role = np.zeros((n, MAX_STEPS), dtype=np.int8)
            self.log_kind = np.zeros((n, MAX_STEPS), dtype=np.int8)
            self.log_cards = np.zeros((n, MAX_STEPS), dtype=np.uint32)

    def record(self, rows: Ints, role: int | Ints, kind: int | Ints, cards: int | U32 = 0) -> None:
        """Count one decision for each deal in ``rows`` (and write it to the trace)."""
        if self.trace:
            steps = self.step[rows]
            self.log_role[rows, steps] = role
            self.log_kind[rows, steps] = kind
            self.log_cards[rows, steps] = cards
        if rows.size == self.step.size:  # every deal (a turn of the play): no scatter needed
            self.step += 1
        else:
            self.step[rows] += 1

    def may_mark(self, rows: Ints, role: int | Ints) -> Bools:
        """E-§4.4: the holder of the king of trumps may mark it (checked before his first card)."""
        marked: Bools = ~self.marked[rows] & (self.hands[rows, role] & self.king[rows] != 0)
        return marked

    def mark(self, rows: Ints, role: int | Ints) -> None:
        self.points[rows, role] += 1  # E-§4.4: one point for the king marked
        self.marked[rows] = True
        self.record(rows, role, Kind.MARK_KING)

    def serve(self, rows: Ints, role: int, discard: U32) -> Ints:
        """ECARTE-VI.4: the discard leaves the hand and as many cards come from the talon as it holds."""
        count = popcount(discard)
        talon = self.talon[rows]
        served = np.minimum(count, DECK_SIZE - talon)
        new = self.drawn[rows, talon + served] ^ self.drawn[rows, talon]
        self.hands[rows, role] = (self.hands[rows, role] & ~discard) | new
        self.discarded[rows, role] |= discard
        self.talon[rows] = talon + served
        return count


# ------------------------------------------------------------------------------------------- the exchange
def _random_choice(deals: _Deals, rows: Ints, role: int, options: Ints | int) -> tuple[Ints, Ints]:
    """The random policy's choice among ``options`` actions, the king mark first when allowed.

    Returns the rows that play a phase action and the index of that action among the phase's actions."""
    may = deals.may_mark(rows, role)
    draw = draws(deals.keys[rows], DECISION, deals.step[rows])
    choice = (draw % (options + may).astype(np.uint64)).astype(np.int64)
    marks = may & (choice == 0)
    if marks.any():
        deals.mark(rows[marks], role)
    keep = ~marks
    return rows[keep], (choice - may)[keep]


def _elder_decides(deals: _Deals, rows: Ints, policy: Policy) -> None:
    """ECARTE-VI.1: the elder proposes or stands; standing at the first decision costs two (ECARTE-VI.8)."""
    if policy == "random":
        rows, choice = _random_choice(deals, rows, ELDER, 2)
        stand = choice == 1
    else:
        stand = _elder_stands(deals.hands[rows, ELDER], deals.trump[rows], deals.first[rows])
    deals.record(rows, ELDER, np.where(stand, Kind.STAND, Kind.PROPOSE))
    stood = rows[stand]
    deals.penalised[stood[deals.first[stood]]] = ELDER
    deals.phase[stood] = Phase.PLAY
    deals.phase[rows[~stand]] = Phase.DEALER_DECIDES


def _dealer_decides(deals: _Deals, rows: Ints, policy: Policy) -> None:
    """ECARTE-VI.1: the dealer accepts or refuses; refusing the first proposal costs two (ECARTE-VI.7)."""
    if policy == "random":
        rows, choice = _random_choice(deals, rows, DEALER, 2)
        refuse = choice == 1
    else:
        refuse = _dealer_refuses(deals.hands[rows, DEALER], deals.trump[rows])
    deals.record(rows, DEALER, np.where(refuse, Kind.REFUSE, Kind.ACCEPT))
    refused = rows[refuse]
    deals.penalised[refused[deals.first[refused]]] = DEALER
    deals.phase[refused] = Phase.PLAY
    accepted = rows[~refuse]
    deals.first[accepted] = False
    deals.phase[accepted] = Phase.ELDER_DISCARD


def _elder_discard(deals: _Deals, rows: Ints, policy: Policy) -> None:
    """ECARTE-VI.1, VI.4, VI.5: the elder discards one to five cards and is served first."""
    hands = deals.hands[rows, ELDER]
    if policy == "random":
        rows, choice = _random_choice(deals, rows, ELDER, 31)
        discard = spread(SUBSETS[choice + 1], deals.hands[rows, ELDER], 5)
    else:
        left = DECK_SIZE - deals.talon[rows]
        discard = _classical_discard(hands, deals.trump[rows], np.ones_like(left), np.minimum(5, np.maximum(1, left)))
    deals.record(rows, ELDER, Kind.DISCARD, discard)
    left = DECK_SIZE - deals.talon[rows]
    count = deals.serve(rows, ELDER, discard)
    deals.last_discard[rows] = discard
    short = count > left
    deals.asked[rows[short]] = (count - left)[short]
    talon = deals.talon[rows]
    deals.phase[rows] = np.where(short, Phase.ELDER_TAKE_BACK,
                                 np.where(talon < DECK_SIZE, Phase.DEALER_DISCARD, Phase.PLAY))


def _elder_take_back(deals: _Deals, rows: Ints, policy: Policy) -> None:
    """ECARTE-VI.5: with the talon too short, the elder takes back the excess from his last discard."""
    if policy != "random":
        raise BatchError("the classical elder never asks beyond the talon, so never takes back")
    last = deals.last_discard[rows]
    size, excess = popcount(last), deals.asked[rows]
    draw = draws(deals.keys[rows], DECISION, deals.step[rows])
    choice = (draw % TAKE_BACK_OPTIONS[size, excess].astype(np.uint64)).astype(np.int64)
    back = spread(TAKE_BACKS[size, excess, choice], last, 5)
    deals.record(rows, ELDER, Kind.TAKE_BACK, back)
    deals.hands[rows, ELDER] |= back
    deals.discarded[rows, ELDER] &= ~back
    deals.asked[rows] = 0
    deals.phase[rows] = Phase.PLAY


def _dealer_discard(deals: _Deals, rows: Ints, policy: Policy) -> None:
    """ECARTE-VI.1: the dealer takes what he wishes (none to five, as the talon allows); then the elder decides
    again while the talon lasts (ECARTE-VI.3)."""
    if policy == "random":
        left = np.minimum(5, DECK_SIZE - deals.talon[rows])
        rows, choice = _random_choice(deals, rows, DEALER, DEALER_OPTIONS[left])
        discard = spread(SUBSETS[choice], deals.hands[rows, DEALER], 5)
    else:
        left = np.minimum(5, DECK_SIZE - deals.talon[rows])
        discard = _classical_discard(deals.hands[rows, DEALER], deals.trump[rows], np.zeros_like(left), left)
    deals.record(rows, DEALER, Kind.DISCARD, discard)
    deals.serve(rows, DEALER, discard)
    deals.phase[rows] = np.where(deals.talon[rows] < DECK_SIZE, Phase.ELDER_DECIDES, Phase.PLAY)


_EXCHANGE: Final = (_elder_decides, _dealer_decides, _elder_discard, _elder_take_back, _dealer_discard)


def _exchange(deals: _Deals, policy: Policy) -> None:
    """Every deal takes its next exchange decision, whatever its phase, until all deals are at play."""
    live = np.flatnonzero(deals.phase < Phase.PLAY)
    while live.size:
        phases = deals.phase[live]
        for phase, handler in enumerate(_EXCHANGE):
            rows = live[phases == phase]
            if rows.size:
                handler(deals, rows, policy)
        live = live[deals.phase[live] < Phase.PLAY]


# ------------------------------------------------------------------------------------------- the play
def _playable(hands: U32, led: Ints, trump: Ints) -> U32:
    """E-§5: follow and overtake if possible, else follow; void, trump if possible; else any card."""
    same = hands & SUIT_MASK[led >> 3]
    higher = same & HIGHER[led]
    trumps = hands & SUIT_MASK[trump]
    legal: U32 = np.where(same != 0, np.where(higher != 0, higher, same), np.where(trumps != 0, trumps, hands))
    return legal


def _turn(deals: _Deals, role: Ints, legal: U32, policy: Policy, led: Ints | None) -> U32:
    """One seat's turn in a trick for every deal: the king marked first if the policy does, then a card."""
    rows = np.arange(role.size)
    may = deals.may_mark(rows, role) & ~deals.has_played[rows, role]
    options = popcount(legal)
    if policy == "random":
        first = (draws(deals.keys, DECISION, deals.step) % (options + may).astype(np.uint64)).astype(np.int64)
        marks = may & (first == 0)
        choice = first - may
        if marks.any():
            deals.mark(rows[marks], role[marks])
            again = draws(deals.keys[marks], DECISION, deals.step[marks])
            choice[marks] = (again % options[marks].astype(np.uint64)).astype(np.int64)
        card = kth_bit(legal, choice)
    else:
        if may.any():
            deals.mark(rows[may], role[may])  # E-§4.4, E-§8.4: marked just before the first card
        card = _classical_follow(legal, led, deals.trump) if led is not None else _classical_lead(deals, role, legal)
    deals.record(rows, role, Kind.PLAY, card)
    deals.hands[rows, role] ^= card
    deals.played |= card
    deals.has_played[rows, role] = True
    return card


def _play(deals: _Deals, policy: Policy) -> None:
    """ECARTE-V.1: the elder leads; the winner of each trick leads to the next (E-§5)."""
    n = deals.keys.size
    rows = np.arange(n)
    leader = np.zeros(n, dtype=np.int64)
    trump = deals.trump
    for _ in range(5):
        led_bit = _turn(deals, leader, deals.hands[rows, leader], policy, None)
        led = bit_index(led_bit)
        follower = 1 - leader
        legal = _playable(deals.hands[rows, follower], led, trump)
        second = bit_index(_turn(deals, follower, legal, policy, led))
        same_suit = (second >> 3) == (led >> 3)
        beats = np.where(same_suit, HIGHER[led] >> second.astype(np.uint32) & 1 == 1, (second >> 3) == trump)
        deals.led_before[rows, leader] = True
        deals.persevere[rows, leader] = np.where(same_suit & ((led >> 3) != trump), led >> 3, -1)
        leader = np.where(beats, follower, leader)
        deals.tricks[rows, leader] += 1


def _score(deals: _Deals) -> None:
    """E-§6.1: one point for three or four tricks, two for the vole; ECARTE-VI.7/VI.8: two, never more, against
    the player who stood or refused at the first decision."""
    rows = np.arange(deals.keys.size)
    winner = np.where(deals.tricks[:, ELDER] >= 3, ELDER, DEALER)
    vole = deals.tricks[rows, winner] == 5
    penalty = deals.penalised == 1 - winner
    deals.points[rows, winner] += np.where(penalty | vole, 2, 1)


# ------------------------------------------------------------------------------------------- classical
def _suit_features(hands: U32, trump: Ints) -> tuple[Ints, Ints, Bools]:
    """The 8-bit pattern of each suit ``(n, 4)``, the trump pattern ``(n,)``, and which suits are plain."""
    patterns = ((hands[:, None] >> np.array([0, 8, 16, 24], dtype=np.uint32)) & np.uint32(0xFF)).astype(np.int64)
    plain = np.arange(4)[None, :] != trump[:, None]
    return np.where(plain, patterns, 0), patterns[np.arange(hands.size), trump], plain


def _jeux_de_regle(hands: U32, trump: Ints) -> tuple[Bools, Bools]:
    """E-§8.2: whether each hand is a jeu de règle, and whether it holds one the dealer may refuse on (§8.3).

    Restates :func:`academie.games.ecarte.bots.classical.jeu_de_regle` and its ``_too_weak_to_refuse``.
    """
    plain, trumps, _ = _suit_features(hands, trump)
    t = LENGTH[trumps]
    length, top = LENGTH[plain], TOP_STRENGTH[plain]
    kings, queens, courts = HAS_KING[plain], HAS_QUEEN[plain], COURTS[plain]
    top_queen = (top == S_QUEEN)
    top_jack = (top == S_JACK)
    n_kings, n_queens, n_courts = kings.sum(1), queens.sum(1), courts.sum(1)
    queen_pairs = (top_queen & (length == 2)).sum(1) >= 2
    one, two = t == 1, t == 2
    # item 1 and item 5 (never too weak to refuse on)
    strong = (t >= 3) | (popcount(hands & ~SUIT_MASK[trump] & ~KINGS) <= 2)
    weak = np.zeros_like(strong)
    # item 2: two trumps
    three_long = (length >= 3).any(1)
    strong |= two & ((n_kings > 0) | (top_queen & (length >= 2)).any(1) | ((top >= S_JACK).sum(1) >= 2)
                     | ((length >= 3) & (top >= S_JACK)).any(1))
    weak |= two & three_long
    # item 3: one trump
    tierce = (kings & queens & HAS_JACK[plain]).any(1)
    strong |= one & tierce & (n_courts >= 4)
    weak |= one & (tierce | (length >= 4).any(1))
    strong |= one & (n_queens >= 2) & queen_pairs
    weak |= one & (n_queens >= 2)
    guarded_jack = (top_jack & (length >= 2)).any(1)
    queen_jack = one & (n_queens >= 1) & guarded_jack
    strong |= queen_jack & ((top_queen & (length >= 2)).any(1) | (n_kings > 0))
    weak |= queen_jack
    king_queen = one & (n_kings * n_queens - (kings * queens).sum(1) > 0)
    strong |= king_queen & (((top >= S_QUEEN) & (length >= 2)).any(1) | ((top == 4) | top_jack).any(1))
    weak |= king_queen
    # item 4: no trump
    none = t == 0
    strong |= none & (n_courts >= 4) & ((courts > 0).sum(1) >= 3)
    strong |= none & (n_queens >= 3) & queen_pairs
    weak |= none & (n_queens >= 3)
    return strong | weak, strong


def _elder_stands(hands: U32, trump: Ints, first: Bools) -> Bools:
    """E-§8.2: stand on a jeu de règle, except holding the king of trumps at the first decision (E-§8.1)."""
    any_reason, _ = _jeux_de_regle(hands, trump)
    king = (hands >> (8 * trump + R_KING).astype(np.uint32)) & 1 == 1
    stands: Bools = any_reason & ~(first & king)
    return stands


def _dealer_refuses(hands: U32, trump: Ints) -> Bools:
    """E-§8.3: the dealer's table (restates :func:`academie.games.ecarte.bots.classical.dealer_refuses`)."""
    plain, trumps, _ = _suit_features(hands, trump)
    t = LENGTH[trumps]
    guarded = (TOP_STRENGTH[plain] >= S_QUEEN).sum(1)
    _, strong = _jeux_de_regle(hands, trump)
    vole = (t >= 3) & (HAS_KING[trumps] == 1)
    refuses: Bools = ~vole & ((guarded >= 3) | ((guarded >= 2) & (t >= 1)) | ((guarded >= 1) & (t >= 2)) | strong)
    return refuses


def _classical_discard(hands: U32, trump: Ints, low: Ints, high: Ints) -> U32:
    """E-§8.4: discard everything but trumps and kings, within ``low`` … ``high`` cards, least valuable first."""
    wanted = popcount(hands & ~SUIT_MASK[trump] & ~KINGS)
    count = np.maximum(low, np.minimum(high, wanted))
    bits = low_bits(hands, 5)
    keys = KEEP_KEY[trump[:, None], bit_index(bits)]
    rank = (keys[:, None, :] < keys[:, :, None]).sum(2)
    chosen: U32 = np.bitwise_or.reduce(np.where(rank < count[:, None], bits, 0).astype(np.uint32), axis=1)
    return chosen


def _cheapest(masks: U32, keys: Ints) -> U32:
    """The card of each mask with the lowest key (``keys`` is ``(n, 32)`` by card code)."""
    bits = low_bits(masks, 5)
    codes = bit_index(bits)
    cost = np.where(codes >= 0, np.take_along_axis(keys, np.maximum(codes, 0), axis=1), 1 << 20)
    best: U32 = bits[np.arange(masks.size), cost.argmin(1)]
    return best


def _classical_follow(legal: U32, led: Ints, trump: Ints) -> U32:
    """E-§5, E-§8.5: the cheapest card that wins the trick, else the lowest card (plain before trump)."""
    beats = HIGHER[led] | np.where((led >> 3) != trump, SUIT_MASK[trump], np.uint32(0))
    winners = legal & beats
    return _cheapest(np.where(winners != 0, winners, legal), COST_KEY[trump])


def _top(suit: Ints, pattern: Ints) -> U32:
    card: U32 = np.left_shift(np.uint32(1), (8 * suit + TOP_RANK[pattern]).astype(np.uint32))
    return card


def _classical_lead(deals: _Deals, role: Ints, hands: U32) -> U32:
    """E-§8.4: the classical lead (restates :func:`academie.games.ecarte.bots.classical.lead_choice`)."""
    n = hands.size
    rows = np.arange(n)
    trump = deals.trump
    plain, trumps, _ = _suit_features(hands, trump)
    t = LENGTH[trumps]
    length, top = LENGTH[plain], TOP_STRENGTH[plain]
    gone = deals.played | deals.discarded[rows, role] | hands | deals.turned
    gone_trumps = ((gone >> (8 * trump).astype(np.uint32)) & np.uint32(0xFF)).astype(np.int64)
    master = (t > 0) & (ABOVE[TOP_RANK[trumps]] & ~gone_trumps == 0)
    top_trump = _top(trump, trumps)
    low_trump = np.left_shift(np.uint32(1), (8 * trump + BOTTOM_RANK[trumps]).astype(np.uint32))
    has_plain = (length > 0).any(1)
    plain_court = COURTS[plain].sum(1) > 0
    queen_jack = (HAS_QUEEN[trumps] & HAS_JACK[trumps]) == 1
    jack_ace = ((HAS_JACK[trumps] & HAS_ACE[trumps]) == 1) & plain_court
    opens = ~deals.led_before[rows, role] & (master | queen_jack | jack_ace)
    previous = deals.persevere[rows, role]
    persevere = (previous >= 0) & (plain[rows, np.maximum(previous, 0)] > 0)
    guarded = (length > 0) & ((length >= 2) | (top >= S_QUEEN))
    order = 3 - np.arange(4)[None, :]
    single = (t == 1) & ~guarded.any(1)
    best_single = np.where(length > 0, 4 * top + order, -1).argmax(1)
    pool = np.where(guarded.any(axis=1, keepdims=True), guarded, length > 0)
    suit_key = (256 * (top >= S_QUEEN) + 16 * length + top) * 4 + order
    best_suit = np.where(pool, suit_key, -1).argmax(1)
    chosen = np.where(single, best_single, best_suit)
    card = _top(chosen, plain[rows, chosen])
    card = np.where(persevere, _top(np.maximum(previous, 0), plain[rows, np.maximum(previous, 0)]), card)
    card = np.where(opens, top_trump, card)
    lead: U32 = np.where(has_plain, card, np.where(master, top_trump, low_trump))
    return lead


# ------------------------------------------------------------------------------------------- entry points
def simulate(n: int, *, seed: int, policy: str = "random", first_dealer: int = 0, start: int = 0,
             trace: bool = False) -> EcarteBatch:
    """Play deals ``start`` … ``start + n - 1`` of the batch seeded ``seed``, each the first deal of a fresh
    partie with ``first_dealer`` dealing, both seats following ``policy`` ("random" or "classical").

    With ``trace`` every decision is kept (slower; for tests and inspection).
    """
    check_count(n)
    chosen = check_policy(policy)
    if first_dealer not in (0, 1):
        raise BatchError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0, 1")
    deals = _Deals(n, seed, start, trace)
    _exchange(deals, chosen)
    _play(deals, chosen)
    _score(deals)
    seats = [1 - first_dealer, first_dealer]  # role 0 (elder) and role 1 (dealer)
    order = np.argsort(seats)
    actions = _actions(deals, seats) if trace else None
    return EcarteBatch(seed=seed, start=start, policy=chosen, first_dealer=first_dealer,
                       points=deals.points[:, order], tricks=deals.tricks[:, order], actions=actions)


def _card_text(cards: int) -> str:
    return " ".join(str(CARDS[CARD_INDEX[c]]) for c in range(32) if cards >> c & 1)


def _actions(deals: _Deals, seats: Sequence[int]) -> tuple[tuple[tuple[int, str], ...], ...]:
    out = []
    for row in range(deals.keys.size):
        deal = []
        for step in range(int(deals.step[row])):
            kind, cards = int(deals.log_kind[row, step]), int(deals.log_cards[row, step])
            text = " ".join(w for w in (_WORDS[kind], _card_text(cards)) if w)
            deal.append((seats[int(deals.log_role[row, step])], text))
        out.append(tuple(deal))
    return tuple(out)


def reference_deal(seed: int, deal: int, *, policy: str = "random", first_dealer: int = 0) -> ReferenceDeal:
    """Deal ``deal`` of the batch seeded ``seed`` played by the one-deal engine, one call per action, from
    :class:`~academie.batch.rng.CounterChance` with :class:`~academie.batch.rng.CounterRandomBot` (random) or
    :class:`~academie.games.ecarte.bots.classical.ClassicalBot` (classical) in both seats."""
    chosen = check_policy(policy)
    state = EcarteState(chance=CounterChance(seed, deal), first_dealer=first_dealer)
    bots: list[Bot] = ([CounterRandomBot(seed=seed, deal=deal)] * 2 if chosen == "random"
                       else [ClassicalBot(), ClassicalBot()])
    while not state.deal_results:
        actor = state.actor
        assert isinstance(actor, int)
        state.apply(bots[actor].choose(state.view(actor)))
    result = state.deal_results[0]
    actions = tuple((op.actor, str(op.action)) for op in state.operations if not isinstance(op.action, Shuffle))
    return ReferenceDeal(points=result.points, tricks=result.tricks, actions=actions)
