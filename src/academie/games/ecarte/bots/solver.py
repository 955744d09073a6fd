"""An exact solver for the five tricks of Écarté when both hands are known ("double dummy").

With both hands known, at most ten cards remain and the second player's card is nearly forced (E-§5), so a
full minimax over the tricks is small. The solver memoises the value of each trick start on (hand of seat 0,
hand of seat 1, leader, tricks won by seat 0) in a memo shared by every solver of the same trump and payoff,
cuts the search as soon as a player reaches the best value still reachable, and prunes second-player replies
that cannot beat the leader's best card so far.

Cards are the usual 52-bit masks of :mod:`academie.cards` at the edges; inside, a card is ``suit * 8 +
strength`` (strength 0 = seven … 7 = king, E-§2.1), so "higher in the same suit" is an integer comparison.

The value is what the payoff table says of the tricks seat 0 ends with: :func:`deal_payoff` gives the net
points of seat 0 (point 1, vole 2, E-§6.1; 2 after a stand or a refusal, ECARTE-VI.7/VI.8), and
:data:`TRICKS_PAYOFF` simply counts seat 0's tricks.

>>> from academie.cards import Suit, mask_of, parse_cards
>>> elder = mask_of(parse_cards("QS AS 7S KH KD"))   # §8.4: Q A 7 of trumps and two plain kings
>>> dealer = mask_of(parse_cards("KS JS 9S 8S 7C"))  # K J 9 8 of trumps
>>> solution = solve(hands=(elder, dealer), trump=Suit.SPADES, leader=0, payoff=deal_payoff(stood=0))
>>> solution.value                                  # net points for the elder (the seat to play)
-2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from academie.cards import CARDS, PACK_32, Card, mask_of
from academie.engine import AcademieError
from academie.games.ecarte.state import STRENGTH

TRICKS: Final = 5

_TO_COMPACT: Final[dict[int, int]] = {c.index: c.suit * 8 + STRENGTH[c.index] for c in PACK_32}
_FROM_COMPACT: Final[dict[int, int]] = {v: k for k, v in _TO_COMPACT.items()}
_LANE: Final[tuple[int, ...]] = tuple(0xFF << (8 * s) for s in range(4))
_ABOVE: Final[tuple[int, ...]] = tuple(_LANE[c >> 3] & ~((2 << c) - 1) for c in range(32))
"""For each compact card, the cards of its suit that beat it."""

TRICKS_PAYOFF: Final[tuple[int, ...]] = (0, 1, 2, 3, 4, 5)
"""Payoff that counts the tricks of seat 0 (the solver then gives seat 0's best number of tricks)."""


class SolverInputError(AcademieError, ValueError):
    """A position the solver cannot read (overlapping hands, wrong sizes, a card led that is not a card)."""


def deal_payoff(*, stood: int | None = None, refused: int | None = None,
                penalty_on_vole: Literal["cap", "add"] = "cap") -> tuple[int, ...]:
    """Net points of seat 0 (its points minus seat 1's) by the number of tricks seat 0 takes, 0 to 5.

    E-§6.1: three or four tricks score the point (1), five the vole (2). ECARTE-VI.7 / VI.8: when the loser
    had refused the first proposal or stood on his first hand, the winner scores 2 (3 for the vole only with
    ``penalty_on_vole="add"``, E-§9 Q4).

    >>> deal_payoff()
    (-2, -1, -1, 1, 1, 2)
    >>> deal_payoff(stood=1)
    (-2, -1, -1, 2, 2, 2)
    >>> deal_payoff(refused=0, penalty_on_vole="add")
    (-3, -2, -2, 1, 1, 2)
    """
    penalised = {seat for seat in (stood, refused) if seat is not None}
    if not penalised <= {0, 1}:
        raise SolverInputError(f"stood={stood!r}, refused={refused!r}: expected a seat 0 or 1, or None")
    values = []
    for tricks in range(TRICKS + 1):
        winner = 0 if tricks >= 3 else 1
        vole = tricks in (0, TRICKS)
        points = 2 if vole else 1
        if 1 - winner in penalised:
            points = 3 if vole and penalty_on_vole == "add" else 2
        values.append(points if winner == 0 else -points)
    return tuple(values)


def legal_mask(hand: int, led: int, trump: int, *, must_trump: bool = True) -> int:
    """The cards of ``hand`` (52-bit mask) that may be played to ``led`` (a card index, -1 when leading).

    E-§5: the leader plays any card (ECARTE-V.1); the second player follows suit and overtakes if he can,
    else plays any card of the suit; void, he must trump if he can (when ``must_trump``), else plays any card.

    >>> from academie.cards import Card, Suit, cards_of, mask_of, parse_cards
    >>> hand = mask_of(parse_cards("KH 8H 7S QC"))
    >>> [str(c) for c in cards_of(legal_mask(hand, Card.parse("JH").index, Suit.SPADES))]
    ['KH']
    >>> [str(c) for c in cards_of(legal_mask(hand, Card.parse("JD").index, Suit.SPADES))]
    ['7S']
    """
    if led < 0:
        return hand
    compact = _compact_mask(hand)
    return _wide_mask(_legal(compact, _TO_COMPACT[led], trump, must_trump))


def _legal(hand: int, led: int, trump: int, must_trump: bool) -> int:
    """:func:`legal_mask` on compact masks (the hot path)."""
    same = hand & _LANE[led >> 3]
    if same:
        return same & _ABOVE[led] or same
    if must_trump:
        trumps = hand & _LANE[trump]
        if trumps:
            return trumps
    return hand


def _compact_mask(mask: int) -> int:
    compact = 0
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        if index not in _TO_COMPACT:
            raise SolverInputError(f"{CARDS[index]} is not a card of the 32-card Écarté pack")
        compact |= 1 << _TO_COMPACT[index]
        mask ^= low
    return compact


def _wide_mask(compact: int) -> int:
    wide = 0
    while compact:
        low = compact & -compact
        wide |= 1 << _FROM_COMPACT[low.bit_length() - 1]
        compact ^= low
    return wide


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact value of a position for the seat to play, and the value of each of its legal cards."""

    value: int
    """Payoff from the point of view of the seat to play (net points with :func:`deal_payoff`)."""
    best: tuple[Card, ...]
    """Every legal card that reaches ``value``."""
    card_values: tuple[tuple[Card, int], ...]
    """Each legal card with its exact value for the seat to play."""


MEMO_LIMIT: Final = 200_000
"""Trick starts a shared memo keeps at most: past it the memo is emptied and filled again (about 20 MB; a bot in
a long-lived room process keeps a few of them). 2,000,000 was no faster over 60 paired deals (0.95–1.01×)."""
_MEMOS: Final[dict[tuple[int, bool, tuple[int, ...]], dict[int, int]]] = {}
"""The memo of every solver of one trump suit, rule on trumping and payoff table: a value is a pure function of
its position, so sharing it between solvers (the worlds of one decision, the decisions of one deal, the deals of
a run) changes only the speed, never a value."""


class Solver:
    """Exact minimax for one trump suit, one rule on trumping and one payoff table.

    Solvers of the same trump, rule and payoff share one memo (:data:`MEMO_LIMIT`), so solving many positions of
    the same deal, many sampled worlds of one decision or many deals shares work.
    """

    __slots__ = ("_bounds", "_memo", "must_trump", "payoff", "trump")

    def __init__(self, *, trump: int, must_trump: bool = True, payoff: Iterable[int] = TRICKS_PAYOFF) -> None:
        self.payoff = tuple(payoff)
        if len(self.payoff) != TRICKS + 1:
            raise SolverInputError(f"payoff has {len(self.payoff)} values; expected 6 (tricks of seat 0: 0..5)")
        if trump not in range(4):
            raise SolverInputError(f"trump={trump!r} is not a suit; expected 0..3 (academie.cards.Suit)")
        self.trump = trump
        self.must_trump = must_trump
        self._memo = _MEMOS.setdefault((trump, must_trump, self.payoff), {})
        # Lowest and highest payoff still reachable with t0 tricks won and n tricks to play.
        self._bounds = tuple(tuple((min(self.payoff[t0:t0 + n + 1]), max(self.payoff[t0:t0 + n + 1]))
                                   for n in range(TRICKS + 1)) for t0 in range(TRICKS + 1))

    def solve(self, *, hands: tuple[int, int], leader: int, led: Card | int | None = None,
              tricks: tuple[int, int] = (0, 0)) -> Solution:
        """Solve the position: ``hands`` by seat (52-bit masks), the trick's ``leader`` and its card ``led``.

        With ``led`` the leader has played and the other seat is to play; without it the leader is to play.
        """
        compact = _check_position(hands, leader, led, tricks)
        h0, h1 = compact[0], compact[1]
        led_index = -1 if led is None else (led.index if isinstance(led, Card) else led)
        mover = leader if led_index < 0 else 1 - leader
        sign = 1 if mover == 0 else -1
        values: list[tuple[Card, int]] = []
        if led_index < 0:
            hand = h0 if leader == 0 else h1
            for card in _bits(hand):
                values.append((_card(card), sign * self._lead_value(h0, h1, leader, card, tricks[0])))
        else:
            led_c = _TO_COMPACT[led_index]
            hand = h1 if leader == 0 else h0
            if leader == 0:  # the search removes the card led from the leader's hand when the trick ends
                h0 |= 1 << led_c
            else:
                h1 |= 1 << led_c
            for card in _bits(_legal(hand, led_c, self.trump, self.must_trump)):
                values.append((_card(card), sign * self._reply_value(h0, h1, leader, led_c, card, tricks[0])))
        best_value = max(v for _, v in values)
        return Solution(best_value, tuple(c for c, v in values if v == best_value), tuple(values))

    def value(self, *, hands: tuple[int, int], leader: int, tricks: tuple[int, int] = (0, 0)) -> int:
        """``solve(...).value`` of a position at the start of a trick (the payoff for the seat to lead), searched
        with the cuts and the memo from the first lead on: the cheap call when the cards' values are not wanted."""
        h0, h1 = _check_position(hands, leader, None, tricks)
        value = self._trick(h0, h1, leader, tricks[0])
        return value if leader == 0 else -value

    # ------------------------------------------------------------------------------------ search
    def _trick(self, h0: int, h1: int, leader: int, t0: int) -> int:
        """Value (for seat 0) at the start of a trick.

        The hot path of every search: the leads and replies are walked inline, lowest card first, and the
        last trick (one card each, the reply forced) is scored without a search. The two leaders' loops mirror
        each other (seat 0 maximises, seat 1 minimises) and are written out apart, so that no test of the leader
        runs inside them.
        """
        left = h0.bit_count()
        low, high = self._bounds[t0][left]
        if low == high:
            return low
        trump = self.trump
        if left == 1:
            led, reply = (h0, h1) if leader == 0 else (h1, h0)
            led, reply = led.bit_length() - 1, reply.bit_length() - 1
            second_wins = (reply >> 3 == led >> 3 and reply > led) or (reply >> 3 == trump and led >> 3 != trump)
            return self.payoff[t0 + ((1 - leader if second_wins else leader) == 0)]
        must_trump = self.must_trump
        key = (h0 << 32 | h1) << 4 | t0 << 1 | leader
        memo = self._memo
        value = memo.get(key)
        if value is not None:
            return value
        trick = self._trick
        if leader == 0:
            value = low
            leads = h0
            while leads:
                lead_bit = leads & -leads
                leads ^= lead_bit
                card = lead_bit.bit_length() - 1
                rest0 = h0 ^ lead_bit
                best = high
                replies = _legal(h1, card, trump, must_trump)
                while replies:
                    reply_bit = replies & -replies
                    replies ^= reply_bit
                    reply = reply_bit.bit_length() - 1
                    if (reply >> 3 == card >> 3 and reply > card) or (reply >> 3 == trump and card >> 3 != trump):
                        reply_value = trick(rest0, h1 ^ reply_bit, 1, t0)
                    else:
                        reply_value = trick(rest0, h1 ^ reply_bit, 0, t0 + 1)
                    if reply_value < best:
                        best = reply_value
                        if best <= value:  # this lead will not be chosen: its exact value is not needed
                            break
                if best > value:
                    value = best
                    if value >= high:
                        break
        else:
            value = high
            leads = h1
            while leads:
                lead_bit = leads & -leads
                leads ^= lead_bit
                card = lead_bit.bit_length() - 1
                rest1 = h1 ^ lead_bit
                best = low
                replies = _legal(h0, card, trump, must_trump)
                while replies:
                    reply_bit = replies & -replies
                    replies ^= reply_bit
                    reply = reply_bit.bit_length() - 1
                    if (reply >> 3 == card >> 3 and reply > card) or (reply >> 3 == trump and card >> 3 != trump):
                        reply_value = trick(h0 ^ reply_bit, rest1, 0, t0 + 1)
                    else:
                        reply_value = trick(h0 ^ reply_bit, rest1, 1, t0)
                    if reply_value > best:
                        best = reply_value
                        if best >= value:
                            break
                if best < value:
                    value = best
                    if value <= low:
                        break
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = value
        return value

    def _lead_value(self, h0: int, h1: int, leader: int, card: int, t0: int) -> int:
        """Value (for seat 0) of leading ``card``: the second player's best reply."""
        other = h1 if leader == 0 else h0
        values = [self._reply_value(h0, h1, leader, card, reply, t0)
                  for reply in _bits(_legal(other, card, self.trump, self.must_trump))]
        return min(values) if leader == 0 else max(values)

    def _reply_value(self, h0: int, h1: int, leader: int, led: int, reply: int, t0: int) -> int:
        """Value (for seat 0) once the trick ``led`` / ``reply`` is complete (E-§5 trick winner)."""
        second_wins = (reply >> 3 == led >> 3 and reply > led) or (reply >> 3 == self.trump and led >> 3 != self.trump)
        winner = 1 - leader if second_wins else leader
        led_bit, reply_bit = 1 << led, 1 << reply
        if leader == 0:
            h0, h1 = h0 ^ led_bit, h1 ^ reply_bit
        else:
            h0, h1 = h0 ^ reply_bit, h1 ^ led_bit
        return self._trick(h0, h1, winner, t0 + (winner == 0))


def solve(*, hands: tuple[int, int] | tuple[Iterable[Card], Iterable[Card]], trump: int, leader: int,
          led: Card | None = None, tricks: tuple[int, int] = (0, 0), must_trump: bool = True,
          payoff: Iterable[int] = TRICKS_PAYOFF) -> Solution:
    """Solve one position with a fresh :class:`Solver` (hands as 52-bit masks or as cards).

    >>> from academie.cards import Suit, parse_cards
    >>> solve(hands=(parse_cards("KH QH"), parse_cards("7S AH")), trump=Suit.SPADES, leader=0,
    ...       tricks=(2, 1)).value   # the elder leads K♥ then Q♥ is trumped: 3 tricks at best
    3
    """
    masks = tuple(h if isinstance(h, int) else mask_of(h) for h in hands)
    return Solver(trump=trump, must_trump=must_trump, payoff=payoff).solve(
        hands=(masks[0], masks[1]), leader=leader, led=led, tricks=tricks)


def _check_position(hands: tuple[int, int], leader: int, led: Card | int | None,
                    tricks: tuple[int, int]) -> tuple[int, int]:
    if leader not in (0, 1):
        raise SolverInputError(f"leader={leader!r}; expected seat 0 or 1")
    if hands[0] & hands[1]:
        raise SolverInputError("the two hands share a card")
    led_index = -1 if led is None else (led.index if isinstance(led, Card) else led)
    if led_index >= 0 and (led_index not in _TO_COMPACT or (hands[0] | hands[1]) >> led_index & 1):
        raise SolverInputError(f"the card led ({CARDS[led_index]}) must be an Écarté card in neither hand")
    sizes = [h.bit_count() for h in hands]
    sizes[leader] += led_index >= 0
    played = tricks[0] + tricks[1]
    if min(tricks) < 0 or sizes[0] != sizes[1] or sizes[0] + played != TRICKS:
        raise SolverInputError(f"hands of {sizes[0]} and {sizes[1]} cards (with the card led) after "
                               f"{played} tricks: expected equal hands of {TRICKS} minus the tricks played")
    return _compact_mask(hands[0]), _compact_mask(hands[1])


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _card(compact: int) -> Card:
    return CARDS[_FROM_COMPACT[compact]]
