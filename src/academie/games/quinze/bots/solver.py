"""Form B of Le Quinze solved exactly: the draw/stand policy of both players, by dynamic programming.

The two-hand game (rule file Q-§5.8): one card each face down, the elder draws from the top until he stands, then
the dealer; nearer fifteen wins, the elder wins ties, both bust is a drawn game (Q-H1: the stake doubles for the
next game, whose expectation before the cut is nil by symmetry, so a drawn game is worth 0 here). The elder's cards
and his bust are hidden (Q16); the dealer sees only how many cards the elder took.

The computation is exact: cards are drawn without replacement from the 52-card pack, grouped into kinds that count
alike (ace, two … nine, the ten-valued cards), and a hand is the multiset of its kinds (the order of the cards
changes nothing either player may use). The elder decides on his own hand; the dealer on his own hand and the
number of cards the elder holds.

The probability that the elder ends with multiset ``E`` and the dealer then draws a given order of ``D`` is
``m(E) · G(E + D)``, where ``m(E)`` counts the orders of ``E`` the elder's policy lets happen and ``G(H)`` is the
chance of drawing one given order of ``H`` from the full pack (the cards are exchangeable). With that, the dealer's
best response is backward induction over his hands, weighting the elder's hidden hands by Bayes; the elder's best
response is backward induction over his hands against the dealer's known policy. :func:`solve` iterates best
responses from "stand on 12" until neither policy changes: the pair is then an equilibrium of this zero-sum game,
so each policy is exactly optimal (nothing does better against it); :class:`Solution` says whether it converged.

The full pack takes many seconds (and :func:`policy_table` as long again): both take a ``progress`` callback that
receives a :class:`Step` after each iteration or row, so that a client can show where the work stands.

>>> solution = solve(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), copies=1)  # a 13-card pack, for speed
>>> gaps = abs(solution.check - solution.value), abs(solution.floor - solution.value)
>>> solution.equilibrium, max(gaps) < 1e-9
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

TARGET: Final = 15
Hand = tuple[int, ...]
"""A hand as the count of each kind of card."""
Floats = npt.NDArray[np.float64]
SOLUTIONS_KEPT: Final = 8
"""How many solved games :func:`solve` keeps, so that the analysis and the bots do not solve one twice."""


@dataclass(frozen=True, slots=True)
class Step:
    """Where a long computation stands: ``done`` of ``total`` ``unit`` of ``stage``. While ``stage`` is
    "solving" the unit is iterations and the total None (the double oracle stops when the policies converge,
    which no bound foretells), ``detail`` giving the gap still to close; while it is "table", the hands whose
    play the table has judged."""

    stage: str
    done: int
    total: int | None
    unit: str
    detail: str = ""


Progress = Callable[[Step], None]
"""A progress callback (:class:`Step`); it must not change anything the computation reads."""


@dataclass(frozen=True, slots=True)
class Kinds:
    """The kinds of card of the pack: the value of each, whether it is the ace, and how many the pack holds."""

    values: tuple[int, ...]
    aces: tuple[bool, ...]
    counts: tuple[int, ...]
    ace_eleven: bool

    def total(self, hand: Hand) -> int:
        total = sum(v * n for v, n in zip(self.values, hand, strict=True))
        if self.ace_eleven and any(n and a for n, a in zip(hand, self.aces, strict=True)) and total + 10 <= TARGET:
            return total + 10
        return total

    @property
    def size(self) -> int:
        return sum(self.counts)


def kinds_of(values: Sequence[int], *, ace_eleven: bool = False, copies: int = 4) -> Kinds:
    """Group the thirteen ranks (ace first, then two … king, with their ``values``, ``copies`` of each: four in the
    52-card pack) into kinds of cards."""
    groups: dict[tuple[int, bool], int] = {}
    for rank, value in enumerate(values):
        key = (value, rank == 0)
        groups[key] = groups.get(key, 0) + copies
    keys = sorted(groups)
    return Kinds(tuple(k[0] for k in keys), tuple(k[1] for k in keys), tuple(groups[k] for k in keys), ace_eleven)


ElderPolicy = dict[Hand, bool]
"""True: the elder draws with this hand."""
DealerPolicy = dict[tuple[int, Hand], bool]
"""True: the dealer draws with this hand when the elder holds that many cards."""


class _Tables:
    """Every hand either player can hold, and the arithmetic of drawing them."""

    def __init__(self, kinds: Kinds) -> None:
        self.kinds = kinds
        count = len(kinds.counts)
        self.empty: Hand = (0,) * count
        hands: list[Hand] = [self.empty]
        seen = {self.empty}
        for hand in hands:
            if kinds.total(hand) > TARGET:
                continue
            for kind in range(count):
                if hand[kind] < kinds.counts[kind]:
                    child = _add(hand, kind)
                    if child not in seen:
                        seen.add(child)
                        hands.append(child)
        self.hands = hands
        self.totals = {hand: kinds.total(hand) for hand in hands}
        self.parents = {hand: tuple(_sub(hand, kind) for kind, n in enumerate(hand) if n) for hand in hands[1:]}
        self._finals: dict[frozenset[Hand], dict[Hand, int]] = {}
        top = max(kinds.counts) + 2 * TARGET
        falling = np.zeros((count, top + 1))
        for kind, c in enumerate(kinds.counts):
            product = 1.0
            for j in range(top + 1):
                falling[kind, j] = product
                product *= max(c - j, 0)
        self.falling = falling
        self.pack_falling = np.array([float(np.prod([kinds.size - i for i in range(j)])) for j in range(top + 1)])

    def live(self, hand: Hand) -> bool:
        return self.totals[hand] <= TARGET

    def g(self, hands: npt.NDArray[np.int64]) -> Floats:
        """The chance of drawing one given order of each hand (rows of counts) from the full pack."""
        kinds = np.arange(hands.shape[1])
        numerator = self.falling[kinds, hands].prod(axis=1)
        result: Floats = numerator / self.pack_falling[hands.sum(axis=1)]
        return result

    def orders(self, draws: dict[Hand, bool]) -> dict[Hand, int]:
        """How many orders of each hand a policy lets happen (the first card is always taken)."""
        ways: dict[Hand, int] = {self.empty: 1}
        drawing = {hand for hand, draw in draws.items() if draw and self.live(hand)} | {self.empty}
        for hand in self.hands[1:]:
            total = sum(ways.get(parent, 0) for parent in self.parents[hand] if parent in drawing)
            if total:
                ways[hand] = total
        return ways

    def finals(self, draws: dict[Hand, bool]) -> dict[Hand, int]:
        """The hands a player ends with under a policy, with their numbers of orders (cached by policy)."""
        key = frozenset(hand for hand, draw in draws.items() if draw)
        if key not in self._finals:
            self._finals[key] = {h: w for h, w in self.orders(draws).items()
                                 if h != self.empty and (not self.live(h) or not draws.get(h, False))}
        return self._finals[key]


def _add(hand: Hand, kind: int) -> Hand:
    return (*hand[:kind], hand[kind] + 1, *hand[kind + 1:])


def _sub(hand: Hand, kind: int) -> Hand:
    return (*hand[:kind], hand[kind] - 1, *hand[kind + 1:])


def _payoff(elder: npt.NDArray[np.int64], dealer: npt.NDArray[np.int64]) -> Floats:
    """To the dealer: +1 won, −1 lost, 0 drawn (both bust, Q-H1); the elder wins ties (Q-§5.8)."""
    e_bust, d_bust = elder > TARGET, dealer > TARGET
    plain = np.where(dealer > elder, 1.0, -1.0)
    result: Floats = np.where(e_bust & d_bust, 0.0, np.where(e_bust, 1.0, np.where(d_bust, -1.0, plain)))
    return result


def dealer_best_response(tables: _Tables, mixture: Sequence[tuple[ElderPolicy, float]]) -> tuple[DealerPolicy, float]:
    """The dealer's optimal policy against a mixture of elder policies (weights summing to one), and its value."""
    finals: dict[Hand, float] = {}
    for elder, weight in mixture:
        if weight > 0:
            for hand, orders in tables.finals(elder).items():
                finals[hand] = finals.get(hand, 0.0) + weight * orders
    policy: DealerPolicy = {}
    value = 0.0
    for count in sorted({sum(h) for h in finals}):
        hands = [h for h in finals if sum(h) == count]
        matrix = np.array(hands, dtype=np.int64)
        ways = np.array([finals[h] for h in hands], dtype=np.float64)
        totals = np.array([tables.totals[h] for h in hands], dtype=np.int64)
        value += _dealer_value(tables, count, matrix, ways, totals, policy)
    return policy, value


def _dealer_value(tables: _Tables, count: int, elders: npt.NDArray[np.int64], ways: Floats,
                  totals: npt.NDArray[np.int64], policy: DealerPolicy) -> float:
    """Backward induction over the dealer's hands, the elder holding ``count`` cards (unnormalised values)."""
    hands = np.array(tables.hands, dtype=np.int64)
    joint = tables.g((elders[:, None, :] + hands[None, :, :]).reshape(-1, hands.shape[1]))
    joint = joint.reshape(len(elders), len(hands)) * ways[:, None]
    dealer_totals = np.array([tables.totals[h] for h in tables.hands], dtype=np.int64)
    stands = (joint * _payoff(totals[:, None], dealer_totals[None, :])).sum(axis=0)
    memo: dict[Hand, float] = {}
    for index in range(len(tables.hands) - 1, -1, -1):  # children before parents
        hand = tables.hands[index]
        stand = float(stands[index])
        if dealer_totals[index] > TARGET:
            memo[hand] = stand
            continue
        draw = sum(memo[child] for kind in range(len(hand))
                   if (child := _add(hand, kind)) in memo)
        if hand == tables.empty:
            memo[hand] = draw
            continue
        drawing = draw > stand + 1e-15
        policy[(count, hand)] = drawing
        memo[hand] = draw if drawing else stand
    return memo[tables.empty]


def elder_best_response(tables: _Tables, mixture: Sequence[tuple[DealerPolicy, float]]) -> tuple[ElderPolicy, float]:
    """The elder's optimal policy against a mixture of dealer policies, and its value to the elder."""
    kinds = tables.kinds
    ends: dict[int, tuple[npt.NDArray[np.int64], Floats, npt.NDArray[np.int64]]] = {}

    def dealer_ends(count: int) -> tuple[npt.NDArray[np.int64], Floats, npt.NDArray[np.int64]]:
        if count not in ends:
            finals: dict[Hand, float] = {}
            for dealer, weight in mixture:
                if weight > 0:
                    draws = {hand: drawing for (k, hand), drawing in dealer.items() if k == count}
                    for hand, orders in tables.finals(draws).items():
                        finals[hand] = finals.get(hand, 0.0) + weight * orders
            hands = list(finals)
            ends[count] = (np.array(hands, dtype=np.int64), np.array([finals[h] for h in hands], dtype=np.float64),
                           np.array([tables.totals[h] for h in hands], dtype=np.int64))
        return ends[count]

    def stand_value(elder: Hand) -> float:
        matrix, ways, totals = dealer_ends(sum(elder))
        own = np.array(elder, dtype=np.int64)
        chance = ways * tables.g(matrix + own) / tables.g(own[None, :])[0]
        return float(-(chance * _payoff(np.full(len(totals), tables.totals[elder]), totals)).sum())

    policy: ElderPolicy = {}
    memo: dict[Hand, float] = {}
    for hand in reversed(tables.hands):
        stand = stand_value(hand) if hand != tables.empty else 0.0
        if tables.totals[hand] > TARGET:
            memo[hand] = stand
            continue
        left = kinds.size - sum(hand)
        draw = sum((kinds.counts[kind] - hand[kind]) / left * memo[_add(hand, kind)]
                   for kind in range(len(hand)) if hand[kind] < kinds.counts[kind])
        if hand == tables.empty:
            memo[hand] = draw
            continue
        drawing = draw > stand + 1e-15
        policy[hand] = drawing
        memo[hand] = draw if drawing else stand
    return policy, memo[tables.empty]


def evaluate(tables: _Tables, elder: ElderPolicy, dealer: DealerPolicy) -> float:
    """The elder's expectation when both play these pure policies."""
    elder_finals = tables.finals(elder)
    value = 0.0
    for count in sorted({sum(h) for h in elder_finals}):
        hands = [h for h in elder_finals if sum(h) == count]
        draws = {hand: drawing for (k, hand), drawing in dealer.items() if k == count}
        dealer_finals = tables.finals(draws)
        ends = list(dealer_finals)
        e = np.array(hands, dtype=np.int64)
        d = np.array(ends, dtype=np.int64)
        joint = tables.g((e[:, None, :] + d[None, :, :]).reshape(-1, e.shape[1])).reshape(len(hands), len(ends))
        weights = np.array([elder_finals[h] for h in hands])[:, None] * np.array([dealer_finals[h] for h in ends])
        pay = _payoff(np.array([tables.totals[h] for h in hands])[:, None], np.array([tables.totals[h] for h in ends]))
        value -= float((joint * weights * pay).sum())
    return value


def matrix_game(payoff: Sequence[Sequence[float]]) -> tuple[list[float], list[float], float]:
    """Optimal mixed strategies of a small zero-sum matrix game (row player maximises), by the simplex method on
    the classic transformation max Σy s.t. A·y ≤ 1 with A shifted positive (Bland's rule: no cycling)."""
    a = np.array(payoff, dtype=np.float64)
    shift = 1.0 - a.min()
    a = a + shift
    rows, cols = a.shape
    tableau = np.zeros((rows + 1, cols + rows + 1))
    tableau[:rows, :cols] = a
    tableau[:rows, cols:cols + rows] = np.eye(rows)
    tableau[:rows, -1] = 1.0
    tableau[rows, :cols] = -1.0
    basis = list(range(cols, cols + rows))
    while True:
        entering = next((j for j in range(cols + rows) if tableau[rows, j] < -1e-12), -1)
        if entering < 0:
            break
        ratios = [(tableau[i, -1] / tableau[i, entering], basis[i], i) for i in range(rows)
                  if tableau[i, entering] > 1e-12]
        _, _, pivot = min(ratios)
        tableau[pivot] /= tableau[pivot, entering]
        for i in range(rows + 1):
            if i != pivot:
                tableau[i] -= tableau[i, entering] * tableau[pivot]
        basis[pivot] = entering
    total = tableau[rows, -1]
    y = [0.0] * cols
    for i, var in enumerate(basis):
        if var < cols:
            y[var] = float(tableau[i, -1] / total)
    x = [float(tableau[rows, cols + i] / total) for i in range(rows)]
    return x, y, float(1.0 / total - shift)


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved two-hand game: each player's optimal (possibly mixed) policy."""

    kinds: Kinds
    elders: tuple[tuple[ElderPolicy, float], ...]
    """The elder's optimal mixture of pure policies."""
    dealers: tuple[tuple[DealerPolicy, float], ...]
    value: float
    """The elder's expectation per game (in stakes) under optimal play."""
    check: float
    """The best the elder can do against the dealer's mixture (equal to ``value`` at an equilibrium)."""
    floor: float
    """The least the dealer can hold the elder's mixture to (equal to ``value`` at an equilibrium)."""
    equilibrium: bool
    iterations: int

    def elder_card_counts(self) -> set[int]:
        """How many cards the elder may end with under his optimal mixture (the dealer's other cases never occur)."""
        return {sum(hand) for policy, weight in self.elders if weight > 0 for hand in _finals_of(self.kinds, policy)}

    def elder_draw_probability(self, hand: Hand) -> float | None:
        """The probability that the elder draws with ``hand`` (the behaviour strategy of the optimal mixture);
        None when no policy of the mixture lets him hold that hand."""
        return _behaviour([(p.get(hand, False), w * _reach(self.kinds, p, hand)) for p, w in self.elders])

    def dealer_draw_probability(self, elder_cards: int, hand: Hand) -> float | None:
        return _behaviour([(p.get((elder_cards, hand), False),
                            w * _reach(self.kinds, {h: d for (k, h), d in p.items() if k == elder_cards}, hand))
                           for p, w in self.dealers])


def _finals_of(kinds: Kinds, policy: ElderPolicy) -> set[Hand]:
    return set(_tables(kinds).finals(policy))


@lru_cache(maxsize=4)
def _tables(kinds: Kinds) -> _Tables:
    return _Tables(kinds)


def _reach(kinds: Kinds, draws: dict[Hand, bool], hand: Hand) -> float:
    """Whether a pure policy can reach ``hand`` (1.0) or not (0.0): every smaller hand on some path draws."""
    if sum(hand) <= 1:
        return 1.0
    for kind, n in enumerate(hand):
        if n:
            parent = _sub(hand, kind)
            if kinds.total(parent) <= TARGET and draws.get(parent, False) and _reach(kinds, draws, parent):
                return 1.0
    return 0.0


def _behaviour(choices: list[tuple[bool, float]]) -> float | None:
    reach = sum(w for _, w in choices)
    if reach <= 0:
        return None
    return sum(w for d, w in choices if d) / reach


_solutions: dict[tuple[tuple[int, ...], bool, int, int], Solution] = {}
"""The last games solved (at most :data:`SOLUTIONS_KEPT`), by their arguments: the progress callback is no part
of the key, since it does not change the solution."""


def solve(*, values: Sequence[int], ace_eleven: bool = False, copies: int = 4, max_iterations: int = 60,
          progress: Progress | None = None) -> Solution:
    """The double-oracle method: solve the matrix game of the pure policies found so far, add each player's best
    response (by dynamic programming) to the other's optimal mixture, until neither best response does better
    than the matrix game's value. The mixtures are then optimal in the whole game (see the module doc).

    ``progress`` (if given) is called with a :class:`Step` before the first iteration and after each; a game
    already solved is returned at once, without calls."""
    key = (tuple(values), ace_eleven, copies, max_iterations)
    if key not in _solutions:
        while len(_solutions) >= SOLUTIONS_KEPT:
            del _solutions[next(iter(_solutions))]
        _solutions[key] = _solve(*key, progress=progress)
    return _solutions[key]


def _solve(values: tuple[int, ...], ace_eleven: bool, copies: int, max_iterations: int, *,
           progress: Progress | None) -> Solution:
    kinds = kinds_of(values, ace_eleven=ace_eleven, copies=copies)
    tables = _tables(kinds)
    elders: list[ElderPolicy] = [{h: tables.totals[h] < 12 for h in tables.hands[1:] if tables.live(h)}]
    dealers: list[DealerPolicy] = [dealer_best_response(tables, [(elders[0], 1.0)])[0]]
    matrix = [[evaluate(tables, elders[0], dealers[0])]]
    x, y, value = [1.0], [1.0], matrix[0][0]
    best, floor = value, value
    if progress is not None:
        progress(Step("solving", 0, None, "iterations"))
    for iteration in range(1, max_iterations + 1):
        x, y, value = matrix_game(matrix)
        new_elder, best = elder_best_response(tables, list(zip(dealers, y, strict=True)))
        new_dealer, dealer_value = dealer_best_response(tables, list(zip(elders, x, strict=True)))
        floor = -dealer_value
        if progress is not None:
            gap = max(best - value, value - floor, 0.0)
            progress(Step("solving", iteration, None, "iterations", f"gap {gap:.1e}"))
        if best <= value + 1e-9 and floor >= value - 1e-9:
            return Solution(kinds, tuple(zip(elders, x, strict=True)), tuple(zip(dealers, y, strict=True)), value,
                            best, floor, True, iteration)
        if new_elder not in elders:
            elders.append(new_elder)
            matrix.append([evaluate(tables, new_elder, d) for d in dealers])
        if new_dealer not in dealers:
            dealers.append(new_dealer)
            for row, elder in zip(matrix, elders, strict=True):
                row.append(evaluate(tables, elder, new_dealer))
    return Solution(kinds, tuple(zip(elders, x, strict=True)), tuple(zip(dealers, y, strict=True)), value, best,
                    floor, False, max_iterations)


def hand_of(kinds: Kinds, values: Sequence[int], aces: Sequence[bool]) -> Hand:
    """The multiset of kinds of the cards with these values (and ace flags)."""
    counts = [0] * len(kinds.counts)
    for value, ace in zip(values, aces, strict=True):
        counts[next(i for i, (v, a) in enumerate(zip(kinds.values, kinds.aces, strict=True))
                    if v == value and a == ace)] += 1
    return tuple(counts)


def policy_table(solution: Solution, *, progress: Progress | None = None) -> list[str]:
    """The optimal policy as printed by ``academie analyse quinze``: for each total, how often each player draws.

    A cell is ``draw`` or ``stand`` when every hand of that total is played so, else the mean probability of
    drawing over the hands of that total (card removal and the dealer's inference make hands of equal total and
    mixed play differ). ``progress`` (if given) is called with a :class:`Step` ("table", counted in hands
    judged, the measure of the work: the rows differ widely in it) before the first row and after each.
    """
    kinds = solution.kinds
    state = (f"optimal mixtures found in {solution.iterations} iterations" if solution.equilibrium
             else f"NOT converged after {solution.iterations} iterations")
    lines = [f"Le Quinze, Form B (two hands): exact solution by dynamic programming and the double oracle ({state})",
             f"Elder's expectation: {solution.value:+.5f} stakes per game (his best reply to the dealer's policy "
             f"{solution.check:+.5f}; the dealer's best reply holds him to {solution.floor:+.5f})",
             "", "Elder (draws first, wins ties; his bust is hidden): what to do on each total", "  total  action"]
    elder_hands = {h for p, _ in solution.elders for h in p}
    totals = sorted({kinds.total(h) for h in elder_hands})
    dealer_keys = {key for p, _ in solution.dealers for key in p}
    dealer_totals = sorted({kinds.total(h) for _, h in dealer_keys})
    counts = sorted(solution.elder_card_counts())
    work = len(elder_hands) + sum(c in counts for c, _ in dealer_keys)
    done = 0

    def row_done(hands: int) -> None:
        nonlocal done
        done += hands
        if progress is not None:
            progress(Step("table", done, work, "hands"))

    if progress is not None:
        progress(Step("table", 0, work, "hands"))
    for total in totals:
        probabilities = [solution.elder_draw_probability(h) for h in elder_hands if kinds.total(h) == total]
        lines.append(f"  {total:>5}  {_cell(probabilities)}")
        row_done(len(probabilities))
    lines += ["", "Dealer (knows only how many cards the elder holds): what to do on each total",
              "  total  " + "  ".join(f"elder has {c}".ljust(13) for c in counts)]
    for total in dealer_totals:
        cells = []
        judged = 0
        for count in counts:
            probabilities = [solution.dealer_draw_probability(count, h) for c, h in dealer_keys
                             if c == count and kinds.total(h) == total]
            cells.append(_cell(probabilities).ljust(13))
            judged += len(probabilities)
        lines.append(f"  {total:>5}  " + "  ".join(cells))
        row_done(judged)
    return lines


def _cell(reached: list[float | None]) -> str:
    probabilities = [p for p in reached if p is not None]
    if not probabilities:
        return "-"
    if all(p >= 1 - 1e-9 for p in probabilities):
        return "draw"
    if all(p <= 1e-9 for p in probabilities):
        return "stand"
    return f"draw {sum(probabilities) / len(probabilities):.0%}"
