"""Écarté's opening solved as the game it is (``academie analyse ecarte --opening --report DIR``), issue 34.

The first decisions of a deal form a small game of imperfect information: the elder, seeing his five cards and
the turn-up, plays without proposing ("je joue", ECARTE-VI.8: two points lost if he fails) or proposes
(ECARTE-VI.1); after a proposal the dealer, seeing his own five cards and the turn-up, accepts or refuses
(ECARTE-VI.7: two points lost if he fails). Neither sees the other's hand.

**The abstraction.** Each player decides by the class of his hand (:class:`HandClass`): his trumps (0, 1, 2, 3
or more), where the king of trumps is (in his hand, turned up, or out of sight: E-§3.4, E-§4.4), his plain kings
and plain queens (0, 1, 2 or more), and the books' decision for the hand (the elder's jeux de règle, E-§8.2, with
the king-of-trumps exception; the dealer's rules of refusal, E-§8.3). The books' decision being part of the
class, the books' strategy is one of the strategies of the abstract game, and every comparison with it is fair.

**The values of the play that follows** (the stated method): for a stand and for a refusal, the five tricks
played exactly with both hands known (:mod:`academie.games.ecarte.bots.solver`); for an accepted proposal, the
exchange by the books' discard (E-§8.4: each keeps his trumps and kings, the elder proposes again until he holds
a jeu de règle, the dealer refuses as E-§8.3 says) and then exact play of the tricks
(:func:`academie.games.ecarte.analysis.double_dummy`). Points are the elder's net points of the deal, the king
of trumps included. The deals are uniform deck orders drawn from the seed; every class frequency is exact,
counted over all 5,437,152 hands with their turn-ups.

**The equilibrium**: CFR+ (regret matching with regrets floored at zero, alternating updates, linearly weighted
averages) on the sampled game, until its exploitability (the best-response gains of both sides, computed
exactly) is below :data:`EPSILON` points a deal. It is an equilibrium of the game as sampled: on other deals its
figures carry the sampling error that the report gives beside each.

>>> game = OpeningGame.from_sums(stand=[[2.0], [-4.0]], refuse=[[4.0], [-2.0]], accept=[[0.0], [0.0]],
...                              deals=4, elder=("strong", "weak"), dealer=("any",))
>>> solution = solve(game)
>>> [round(p, 3) for p in solution.stands], [round(p, 3) for p in solution.refuses], round(solution.value, 3)
([0.5, 0.0], [0.5], 0.25)
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from importlib.metadata import version
from typing import Final, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from academie.cards import PACK_32, Card, Rank
from academie.games.ecarte.analysis import (
    ELDER_HANDS_WITH_TURN_UPS,
    AnalysisError,
    Deal,
    derive,
    double_dummy,
    shuffled,
)
from academie.games.ecarte.bots.classical import dealer_refuses, elder_stands, king_of_trumps
from academie.games.ecarte.state import DEFAULT_RULES, TURN_UP_POSITION
from academie.report import Z_95, Estimate, Plot, Report, Section, Series, Table, exact, mean, share_text, value_text

EPSILON: Final = 1e-5
"""Exploitability (points a deal, both sides' best-response gains together) below which CFR+ stops."""
MAX_ITERATIONS: Final = 200_000
DEALS_PER_SIZE: Final = 1000
"""Deals solved per unit of ``size``."""
CHUNK: Final = 250
"""Deals per job; only speed depends on it."""
MIN_SHOWN: Final = 30
"""Classes met in fewer deals are shown in the table with their figures, marked as thin."""
PURE: Final = 0.01
"""A decision taken with probability within this of 0 or 1 is shown as pure (the probability is printed too)."""
Floats = npt.NDArray[np.float64]
K = TypeVar("K", bound=Hashable)


class KingOfTrumps(IntEnum):
    """Where the king of trumps is, as one player sees it (E-§3.4: turned up, the dealer marks it; E-§4.4)."""

    HELD = 0
    TURNED_UP = 1
    OUT_OF_SIGHT = 2


@dataclass(frozen=True, slots=True, order=True)
class HandClass:
    """What a player decides on in the abstract game: the class of his hand with the turn-up.

    ``books`` is the books' decision for the hand: for the elder, standing (E-§8.2, proposing with the king of
    trumps as :func:`~academie.games.ecarte.bots.classical.elder_stands` does); for the dealer, refusing
    (E-§8.3, :func:`~academie.games.ecarte.bots.classical.dealer_refuses`)."""

    trumps: int
    """0 to 3, 3 meaning three or more."""
    king: KingOfTrumps
    kings: int
    """Plain kings, 2 meaning two or more."""
    queens: int
    """Plain queens, 2 meaning two or more."""
    books: bool

    def text(self, *, elder: bool) -> str:
        words = f"{self.trumps}{'+' if self.trumps == 3 else ''} trump{'' if self.trumps == 1 else 's'}"
        words += {KingOfTrumps.HELD: ", the king held", KingOfTrumps.TURNED_UP: ", the king turned up",
                  KingOfTrumps.OUT_OF_SIGHT: ""}[self.king]
        plus = {0: "0", 1: "1", 2: "2+"}
        words += f"; {plus[self.kings]} K, {plus[self.queens]} Q plain"
        books = ("stand" if self.books else "propose") if elder else ("refuse" if self.books else "accept")
        return f"{words}; books: {books}"


def hand_class(cards: Sequence[Card], turn_up: Card, *, elder: bool) -> HandClass:
    """The class of ``cards`` for the elder (``elder=True``) or the dealer, the turn-up fixing trumps."""
    trump = int(turn_up.suit)
    king = king_of_trumps(trump)
    where = (KingOfTrumps.HELD if king in cards else
             KingOfTrumps.TURNED_UP if turn_up == king else KingOfTrumps.OUT_OF_SIGHT)
    plain = [c for c in cards if c.suit != trump]
    if elder:
        books = elder_stands(cards, trump, first_decision=True, king_out_of_sight=False, opponent_at_game=False)[0]
    else:
        books = dealer_refuses(cards, trump)[0]
    return HandClass(trumps=min(3, len(cards) - len(plain)), king=where,
                     kings=min(2, sum(1 for c in plain if c.rank is Rank.KING)),
                     queens=min(2, sum(1 for c in plain if c.rank is Rank.QUEEN)), books=books)


@functools.cache
def class_frequencies(*, elder: bool) -> dict[HandClass, int]:
    """Every hand with every turn-up (:data:`~academie.games.ecarte.analysis.ELDER_HANDS_WITH_TURN_UPS` in all)
    counted by class. A class depends on the turn-up through its suit and whether it is the king: each hand is
    classed once with spades trumps, weighted by the spades left to turn up, the four suits alike."""
    counts: Counter[HandClass] = Counter()
    king = king_of_trumps(int(PACK_32[0].suit))
    other = next(c for c in PACK_32 if c.suit == king.suit and c != king)  # stands for any other turn-up
    for hand in itertools.combinations(PACK_32, 5):
        left = 8 - sum(1 for c in hand if c.suit == king.suit)
        key = hand_class(hand, other, elder=elder)
        if king in hand:
            counts[key] += 4 * left
        else:
            counts[key] += 4 * (left - 1)
            counts[replace(key, king=KingOfTrumps.TURNED_UP)] += 4
    return dict(counts)


# ------------------------------------------------------------------------------------------------ the game
@dataclass(frozen=True, slots=True)
class OpeningGame(Generic[K]):
    """The abstract game as sampled: for each pair (elder's class, dealer's class), the sums over the deals of
    the elder's points after a stand, a refusal and an acceptance, and the number of deals."""

    elder: tuple[K, ...]
    dealer: tuple[K, ...]
    stand: Floats
    refuse: Floats
    accept: Floats
    deals: int

    @classmethod
    def from_sums(cls, *, stand: Sequence[Sequence[float]], refuse: Sequence[Sequence[float]],
                  accept: Sequence[Sequence[float]], deals: int, elder: Sequence[K],
                  dealer: Sequence[K]) -> OpeningGame[K]:
        """A game given by its sums (rows: the elder's classes, columns: the dealer's)."""
        arrays = [np.array(m, dtype=np.float64).reshape(len(elder), len(dealer)) for m in (stand, refuse, accept)]
        if deals <= 0:
            raise AnalysisError(f"a game of {deals} deals: expected at least one")
        return cls(tuple(elder), tuple(dealer), arrays[0], arrays[1], arrays[2], deals)

    def value(self, stands: Floats, refuses: Floats) -> float:
        """The elder's expected points a deal when he stands with probability ``stands[c]`` in class ``c`` and the
        dealer refuses with ``refuses[d]`` in class ``d``."""
        propose = self.refuse * refuses + self.accept * (1.0 - refuses)
        return float((stands @ self.stand.sum(axis=1) + (1.0 - stands) @ propose.sum(axis=1)) / self.deals)

    def elder_best(self, refuses: Floats) -> tuple[float, Floats]:
        """The elder's best response to the dealer's ``refuses``: its value a deal and its (pure) strategy."""
        stand = self.stand.sum(axis=1)
        propose = (self.refuse * refuses + self.accept * (1.0 - refuses)).sum(axis=1)
        return float(np.maximum(stand, propose).sum() / self.deals), (stand > propose).astype(np.float64)

    def dealer_best(self, stands: Floats) -> tuple[float, Floats]:
        """The dealer's best response to the elder's ``stands``: the elder's value a deal and the dealer's (pure)
        strategy."""
        reach = 1.0 - stands
        refuse, accept = reach @ self.refuse, reach @ self.accept
        value = stands @ self.stand.sum(axis=1) + np.minimum(refuse, accept).sum()
        return float(value / self.deals), (refuse < accept).astype(np.float64)


@dataclass(frozen=True, slots=True)
class Solution:
    """An equilibrium of an :class:`OpeningGame`: the probabilities of standing and refusing by class, its value
    to the elder and each side's best-response gain against it (points a deal)."""

    stands: tuple[float, ...]
    refuses: tuple[float, ...]
    value: float
    elder_gain: float
    dealer_gain: float
    iterations: int

    @property
    def exploitability(self) -> float:
        return self.elder_gain + self.dealer_gain


def gains(game: OpeningGame[K], stands: Floats, refuses: Floats) -> tuple[float, float, float]:
    """The value of a strategy pair and each side's gain by answering it with its best response."""
    value = game.value(stands, refuses)
    return value, game.elder_best(refuses)[0] - value, value - game.dealer_best(stands)[0]


def solve(game: OpeningGame[K], *, epsilon: float = EPSILON, max_iterations: int = MAX_ITERATIONS) -> Solution:
    """An equilibrium by CFR+, the two players updated in turn, stopped once the exploitability of the average
    strategies is below ``epsilon`` (checked every 50 iterations)."""
    if epsilon <= 0:
        raise AnalysisError(f"epsilon {epsilon} is not allowed; allowed: a positive number of points")
    stand_sum = game.stand.sum(axis=1)
    regret_e = np.zeros((len(game.elder), 2))
    regret_d = np.zeros((len(game.dealer), 2))
    total_e, total_d = np.zeros(len(game.elder)), np.zeros(len(game.dealer))
    weights = 0.0
    stands, refuses = np.full(len(game.elder), 0.5), np.full(len(game.dealer), 0.5)
    for iteration in range(1, max_iterations + 1):
        stands = _matched(regret_e)
        propose = (game.refuse * refuses + game.accept * (1.0 - refuses)).sum(axis=1)
        mixed = stands * stand_sum + (1.0 - stands) * propose
        regret_e = np.maximum(0.0, regret_e + np.stack([stand_sum - mixed, propose - mixed], axis=1))
        stands = _matched(regret_e)
        reach = 1.0 - stands
        refuse, accept = -(reach @ game.refuse), -(reach @ game.accept)  # the dealer's points
        refuses = _matched(regret_d)
        mixed_d = refuses * refuse + (1.0 - refuses) * accept
        regret_d = np.maximum(0.0, regret_d + np.stack([refuse - mixed_d, accept - mixed_d], axis=1))
        refuses = _matched(regret_d)
        total_e += iteration * stands
        total_d += iteration * refuses
        weights += iteration
        if iteration % 50 == 0 or iteration == max_iterations:
            average_e, average_d = total_e / weights, total_d / weights
            value, elder_gain, dealer_gain = gains(game, average_e, average_d)
            if elder_gain + dealer_gain < epsilon or iteration == max_iterations:
                return Solution(tuple(map(float, average_e)), tuple(map(float, average_d)), value, elder_gain,
                                dealer_gain, iteration)
    raise AnalysisError(f"max_iterations {max_iterations}: expected at least one")


def _matched(regrets: Floats) -> Floats:
    """Regret matching: the probability of the first action, in proportion to its positive regret (even when
    neither has any)."""
    total = regrets.sum(axis=1)
    return np.where(total > 0, regrets[:, 0] / np.where(total > 0, total, 1.0), 0.5)


# ------------------------------------------------------------------------------------------------ jobs
@dataclass(frozen=True, slots=True)
class Job:
    """Deals ``first`` to ``last - 1`` of a run."""

    seed: int
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class SolvedDeal:
    """One deal: both classes and the elder's net points after a stand, a refusal and an acceptance."""

    elder: HandClass
    dealer: HandClass
    stand: int
    refuse: int
    accept: int


def solved_deal(deal: Deal) -> SolvedDeal:
    """ECARTE-VI.7, VI.8: the stand and the refusal at the first decision cost two if the point is lost."""
    turn_up = deal.deck[TURN_UP_POSITION]
    points = double_dummy(deal)
    return SolvedDeal(hand_class(deal.elder, turn_up, elder=True), hand_class(deal.dealer, turn_up, elder=False),
                      points.stand, points.refuse, points.accept)


def plan(*, seed: int, size: int) -> list[Job]:
    """The jobs of a run: :data:`DEALS_PER_SIZE` × ``size`` deals."""
    if not 1 <= size <= 1000:
        raise AnalysisError(f"size {size} is not allowed; allowed: 1 to 1,000")
    total = DEALS_PER_SIZE * size
    return [Job(seed, first, min(total, first + CHUNK)) for first in range(0, total, CHUNK)]


def run_job(job: Job) -> list[SolvedDeal]:
    """Solve the job's deals (in any process: each deal depends only on the seed and its number)."""
    return [solved_deal(shuffled(derive(job.seed, 400, index))) for index in range(job.first, job.last)]


def game_of(deals: Sequence[SolvedDeal]) -> OpeningGame[HandClass]:
    """The abstract game of these deals, the classes in their natural order."""
    elder = tuple(sorted({d.elder for d in deals}))
    dealer = tuple(sorted({d.dealer for d in deals}))
    rows, columns = {k: i for i, k in enumerate(elder)}, {k: i for i, k in enumerate(dealer)}
    sums = np.zeros((3, len(elder), len(dealer)))
    for d in deals:
        sums[:, rows[d.elder], columns[d.dealer]] += (d.stand, d.refuse, d.accept)
    return OpeningGame.from_sums(stand=sums[0].tolist(), refuse=sums[1].tolist(), accept=sums[2].tolist(),
                                 deals=len(deals), elder=elder, dealer=dealer)


EQUILIBRIUM_FILE: Final = "equilibrium.json"
"""The equilibrium's decisions by class, as data, written beside the report (:func:`data_files`); the expert bot
follows a copy of it with its option ``opening="equilibrium"``."""


@dataclass(frozen=True, slots=True)
class Strategy:
    """The first decisions of an equilibrium by class: the chance the elder stands (ECARTE-VI.8) and the chance
    the dealer refuses a first proposal (ECARTE-VI.7). A class the equilibrium never met is absent."""

    stands: dict[HandClass, float]
    refuses: dict[HandClass, float]


def strategy_of(game: OpeningGame[HandClass], solution: Solution) -> Strategy:
    return Strategy(dict(zip(game.elder, solution.stands, strict=True)),
                    dict(zip(game.dealer, solution.refuses, strict=True)))


def strategy_text(strategy: Strategy, *, settings: dict[str, str]) -> str:
    """The strategy as JSON: the run's settings, then one row a class (trumps, where the king of trumps is, plain
    kings, plain queens, the books' decision, the chance), the chances rounded to six places."""
    def rows(chances: dict[HandClass, float]) -> list[list[int | bool | float]]:
        return [[k.trumps, int(k.king), k.kings, k.queens, k.books, round(p, 6)] for k, p in sorted(chances.items())]

    def lines(chances: dict[HandClass, float]) -> str:
        return ",\n".join(f"  {json.dumps(row)}" for row in rows(chances))

    head = json.dumps({"settings": settings, "columns": ["trumps", "king of trumps (0 held, 1 turned up, 2 out of "
                                                         "sight)", "plain kings", "plain queens", "books", "chance"]},
                      ensure_ascii=False, indent=1)
    return (f"{head[:-2]},\n \"elder stands\": [\n{lines(strategy.stands)}\n ],\n"
            f" \"dealer refuses\": [\n{lines(strategy.refuses)}\n ]\n}}\n")


def read_strategy(text: str) -> Strategy:
    """A strategy written by :func:`strategy_text`."""
    try:
        data = json.loads(text)

        def chances(rows: list[list[int | bool | float]]) -> dict[HandClass, float]:
            return {HandClass(int(t), KingOfTrumps(int(k)), int(kk), int(q), bool(b)): float(p)
                    for t, k, kk, q, b, p in rows}

        return Strategy(chances(data["elder stands"]), chances(data["dealer refuses"]))
    except (ValueError, KeyError, TypeError) as error:
        raise AnalysisError(f"not a strategy of the opening: {error}") from error


def data_files(results: Sequence[Sequence[SolvedDeal]], *, seed: int, size: int, command: str) -> dict[str, str]:
    """What the run leaves beside its report besides the pages: the equilibrium as data (:data:`EQUILIBRIUM_FILE`)."""
    game = game_of([d for job in results for d in job])
    solution = solve(game)
    settings = {"command": command, "seed": str(seed), "size": str(size), "deals": str(game.deals),
                "rules": DEFAULT_RULES.version, "exploitability": f"{solution.exploitability:.6f}"}
    return {EQUILIBRIUM_FILE: strategy_text(strategy_of(game, solution), settings=settings)}


def books_strategies(game: OpeningGame[HandClass]) -> tuple[Floats, Floats]:
    """The books' decisions as strategies of the abstract game (E-§8.2 for the elder, E-§8.3 for the dealer)."""
    return (np.array([float(k.books) for k in game.elder]), np.array([float(k.books) for k in game.dealer]))


# ------------------------------------------------------------------------------------------------ report
def build_report(results: Sequence[Sequence[SolvedDeal]], *, seed: int, size: int, command: str) -> Report:
    """The report from every job's deals (in the order of :func:`plan`)."""
    deals = [d for job in results for d in job]
    game = game_of(deals)
    solution = solve(game)
    stands, refuses = np.array(solution.stands), np.array(solution.refuses)
    books_e, books_d = books_strategies(game)
    settings = (("command", command), ("seed", str(seed)), ("size", str(size)), ("deals", f"{len(deals):,}"),
                ("academie", version("academie")), ("rules", DEFAULT_RULES.version),
                ("equilibrium", f"CFR+, {solution.iterations:,} iterations, stopped below {EPSILON} points"))
    intro = (
        "The first decisions of Écarté (the elder plays or proposes, ECARTE-VI.1 and VI.8; the dealer accepts or "
        "refuses, VI.7) solved as a game of imperfect information: each player decides on the class of his own "
        "hand and the turn-up, never seeing the other's. The classes: trumps held (0, 1, 2, 3+), where the king of "
        "trumps is (held, turned up, out of sight), plain kings and plain queens (0, 1, 2+), and the books' "
        "decision for the hand (E-§8.2 for the elder, with the king-of-trumps exception; E-§8.3 for the dealer), "
        "so that the books' own strategy is one of the game's strategies.",
        "The play that follows is valued by a stated method, not by a bot: after a stand or a refusal, the five "
        "tricks solved exactly with both hands known; after an accepted proposal, the exchange by the books "
        "(E-§8.4: keep trumps and kings; the elder proposes again until he holds a jeu de règle, the dealer "
        "refuses by E-§8.3), then the tricks solved exactly. This is a stated approximation of real play, "
        "not real play: it credits both players with perfect play of the tricks whatever they know, and after an "
        "acceptance the exchange is the books' fixed policy rather than the best one. Points are the elder's "
        "net points of the deal, the king of trumps included (E-§3.4, E-§4.4); deals are uniform deck orders "
        f"from the seed; class frequencies are exact over all {ELDER_HANDS_WITH_TURN_UPS:,} hands with their turn-ups.",
        "The equilibrium is found by CFR+ on the sampled game and its exploitability is computed exactly on it; on "
        "other deals every figure carries the sampling error shown beside it.")
    sections = (_value_section(game, deals, solution, books_e, books_d), _fresh_section(deals),
                _elder_section(game, deals, stands, refuses),
                _dealer_section(game, deals, stands, refuses))
    return Report(title="Écarté: the opening solved as a game", intro=intro, settings=settings, sections=sections)


def _value_section(game: OpeningGame[HandClass], deals: Sequence[SolvedDeal], solution: Solution,
                   books_e: Floats, books_d: Floats) -> Section:
    stands, refuses = np.array(solution.stands), np.array(solution.refuses)
    pairs = (("the equilibrium", "the equilibrium", stands, refuses),
             ("the books (E-§8.2)", "the books (E-§8.3)", books_e, books_d),
             ("the books (E-§8.2)", "the equilibrium", books_e, refuses),
             ("the equilibrium", "the books (E-§8.3)", stands, books_d))
    rows = []
    for elder_name, dealer_name, e, d in pairs:
        _, elder_gain, dealer_gain = gains(game, e, d)
        figure = mean(_values(game, deals, e, d))
        rows.append((elder_name, dealer_name, value_text(figure, "points"), f"{elder_gain:+.4f}",
                     f"{dealer_gain:+.4f}"))
    text = (f"The equilibrium's exploitability on the {game.deals:,} deals: the elder gains {solution.elder_gain:.6f} "
            f"points a deal by his best response to it, the dealer {solution.dealer_gain:.6f} (together below "
            f"{EPSILON}). Against the books, each side's best response in the abstract game gains what the last "
            "two columns say: that is how far the books are from the equilibrium, in points a deal.",)
    table = Table(title="The elder's points a deal, by strategy pair", header=(
        "elder", "dealer", "elder's points a deal (95% interval over the deals)", "elder's best-response gain",
        "dealer's best-response gain"), rows=tuple(rows),
        note="Best responses are taken in the abstract game (by class, on the same deals), so they are an upper "
             "bound of what each side would gain on fresh deals; the interval is over deals, the class decisions "
             "held fixed.")
    return Section(title="The value of the opening, and how far the books are from the equilibrium", text=text,
                   tables=(table,))


def _fresh_section(deals: Sequence[SolvedDeal]) -> Section:
    """The equilibrium of the even-numbered deals, played on the odd-numbered ones: its figures there carry no
    bias from having been fitted to the same deals."""
    fitted, fresh = deals[0::2], deals[1::2]
    game = game_of(fitted)
    solution = solve(game)
    stands, refuses = np.array(solution.stands), np.array(solution.refuses)
    books_e, books_d = books_strategies(game)
    books = _values(game, fresh, books_e, books_d)
    rows, labels, figures = [], [], []
    for elder_name, dealer_name, e, d in (("the equilibrium", "the books (E-§8.3)", stands, books_d),
                                          ("the books (E-§8.2)", "the equilibrium", books_e, refuses),
                                          ("the equilibrium", "the equilibrium", stands, refuses)):
        values = _values(game, fresh, e, d)
        difference = mean([a - b for a, b in zip(values, books, strict=True)])
        rows.append((elder_name, dealer_name, value_text(mean(values), "points"), value_text(difference, "points")))
        labels.append(f"elder: {elder_name.split(' (')[0]}, dealer: {dealer_name.split(' (')[0]}")
        figures.append(difference)
    table = Table(title="On fresh deals: the equilibrium fitted on half the deals, played on the other half",
                  header=("elder", "dealer", "elder's points a deal", "− the books against the books (paired)"),
                  rows=tuple(rows),
                  note=f"Fitted on {len(fitted):,} deals (the even-numbered), measured on {len(fresh):,} others (the "
                       f"odd-numbered; the books against the books: {value_text(mean(books), 'points')}). A class "
                       "met only in the measured half is decided by the books there.")
    text = ("A strategy fitted to the deals it is measured on looks better there than it is. Here the equilibrium "
            "is found on one half of the deals and played on the other, each side against the books: the elder's "
            "gain over the books is the first row's difference, the dealer's is the second's with its sign "
            "changed.",)
    plot = Plot(name="ecarte_opening_fresh", title="Fresh deals: gain over the books against the books",
                labels=tuple(labels), series=(Series(
                    legend=f"fitted on {len(fitted):,} deals, measured on {len(fresh):,} (paired), 95% interval",
                    figures=tuple(figures)),),
                axis="elder's points a deal",
                baseline="0: the books against the books")
    return Section(title="The equilibrium on fresh deals", text=text, tables=(table,), plots=(plot,))


def _values(game: OpeningGame[HandClass], deals: Sequence[SolvedDeal], stands: Floats, refuses: Floats) -> list[float]:
    """The elder's points on each deal under a strategy pair of ``game`` (a class it does not know plays the
    books' decision)."""
    rows, columns = _indices(game)
    values = []
    for d in deals:
        s = stands[rows[d.elder]] if d.elder in rows else float(d.elder.books)
        r = refuses[columns[d.dealer]] if d.dealer in columns else float(d.dealer.books)
        values.append(float(s * d.stand + (1 - s) * (r * d.refuse + (1 - r) * d.accept)))
    return values


def _indices(game: OpeningGame[HandClass]) -> tuple[dict[HandClass, int], dict[HandClass, int]]:
    return {k: i for i, k in enumerate(game.elder)}, {k: i for i, k in enumerate(game.dealer)}


def _elder_section(game: OpeningGame[HandClass], deals: Sequence[SolvedDeal], stands: Floats,
                   refuses: Floats) -> Section:
    rows_of, columns = _indices(game)
    differences: dict[HandClass, list[float]] = defaultdict(list)
    for d in deals:
        r = refuses[columns[d.dealer]]
        differences[d.elder].append(d.stand - (r * d.refuse + (1 - r) * d.accept))
    frequencies = class_frequencies(elder=True)
    rows, agree, decided = [], 0, 0
    for key in game.elder:
        diff = mean(differences[key])
        p = stands[rows_of[key]]
        ours = _decision(p, "stand", "propose")
        if len(differences[key]) >= MIN_SHOWN and ours in ("stand", "propose"):
            decided += 1
            agree += (ours == "stand") == key.books
        rows.append((key.text(elder=True), share_text(exact(frequencies[key] / ELDER_HANDS_WITH_TURN_UPS)),
                     ours, f"{100 * p:.1f}%", value_text(diff, "points"),
                     "" if len(differences[key]) >= MIN_SHOWN else "thin"))
    text = (f"Of the {decided} classes met in at least {MIN_SHOWN} deals with a pure equilibrium decision, the "
            f"equilibrium and the books decide alike in {agree}.",)
    table = Table(title="When to propose: the elder's decision by class (the books' beside it)", header=(
        "elder's hand and the books' decision", "hands dealt of the class (exact)", "equilibrium", "P(stand)",
        "stand − propose against the equilibrium dealer (elder's points)", "fewer than 30 deals"),
        rows=tuple(rows), note=f"A decision taken with a probability between {PURE:.0%} and {1 - PURE:.0%} is shown as "
        "'mixed'; the difference is averaged over the class's deals, so a mixed class shows a difference near 0.")
    by_trumps: dict[str, list[float]] = defaultdict(list)
    for key, values in differences.items():
        by_trumps[_trump_label(key, elder=True)] += values
    labels = sorted(by_trumps)
    plot = Plot(name="ecarte_opening_elder", title="Elder: stand − propose against the equilibrium dealer",
                labels=tuple(f"{label} (n = {len(by_trumps[label]):,})" for label in labels),
                series=(Series(
                    legend="stated method (exact tricks, books' exchange), 95% interval",
                    figures=tuple(mean(by_trumps[label]) for label in labels)),),
                axis="elder's points a deal",
                baseline="0: proposing (the other choice)")
    parted = _differences(rows, [frequencies[k] for k in game.elder], elder=True, gain=table.header[4])
    return Section(title="The elder: when to propose", text=text, tables=(parted, table), plots=(plot,))


def _trump_label(key: HandClass, *, elder: bool) -> str:
    """The coarse group of a class in the plots: trumps, the king held or not, the books' decision."""
    trumps = f"{key.trumps}{'+' if key.trumps == 3 else ''} trump{'' if key.trumps == 1 else 's'}"
    king = " with the king" if key.king is KingOfTrumps.HELD else ""
    books = ("stand" if key.books else "propose") if elder else ("refuse" if key.books else "accept")
    return f"{trumps}{king}, books: {books}"


def _decision(p: float, yes: str, no: str) -> str:
    if p >= 1 - PURE:
        return yes
    if p <= PURE:
        return no
    return "mixed"


def _differences(rows: Sequence[tuple[str, ...]], frequencies: Sequence[int], *, elder: bool, gain: str) -> Table:
    """The rows of a class table where the equilibrium's pure decision is not the books' (classes met often
    enough), the most frequent first."""
    yes, no = ("stand", "propose") if elder else ("refuse", "accept")
    chosen = [(f, row) for f, row in zip(frequencies, rows, strict=True)
              if not row[-1] and row[2] in (yes, no) and not row[0].endswith(f"books: {row[2]}")]
    chosen.sort(key=lambda pair: -pair[0])
    who = "elder" if elder else "dealer"
    return Table(title=f"Where the equilibrium and the books part ({who}), the most frequent hands first",
                 header=("hand and the books' decision", "hands dealt of the class (exact)", "equilibrium",
                         f"P({yes})", gain),
                 rows=tuple((row[0], row[1], row[2], row[3], row[4]) for _, row in chosen),
                 note=f"Classes met at least {MIN_SHOWN} times, taken from the full table below. Where the interval "
                      "holds 0, the deals do not settle the class: the two decisions are close there.")


def _dealer_section(game: OpeningGame[HandClass], deals: Sequence[SolvedDeal], stands: Floats,
                    refuses: Floats) -> Section:
    rows_of, columns = _indices(game)
    gains_by: dict[HandClass, list[tuple[float, float]]] = defaultdict(list)
    for d in deals:
        weight = 1.0 - stands[rows_of[d.elder]]  # the dealer answers only the proposals
        if weight > 0:
            gains_by[d.dealer].append((weight, float(d.accept - d.refuse)))  # the dealer's points, refuse − accept
    frequencies = class_frequencies(elder=False)
    rows, agree, decided = [], 0, 0
    for key in game.dealer:
        p = refuses[columns[key]]
        ours = _decision(p, "refuse", "accept")
        pairs = gains_by.get(key, [])
        figure = _weighted(pairs)
        if len(pairs) >= MIN_SHOWN and ours in ("refuse", "accept"):
            decided += 1
            agree += (ours == "refuse") == key.books
        rows.append((key.text(elder=False), share_text(exact(frequencies[key] / ELDER_HANDS_WITH_TURN_UPS)), ours,
                     f"{100 * p:.1f}%", value_text(figure, "points") if figure is not None else "no proposal",
                     "" if len(pairs) >= MIN_SHOWN else "thin"))
    text = (f"Of the {decided} classes met in at least {MIN_SHOWN} proposals with a pure equilibrium decision, the "
            f"equilibrium and the books decide alike in {agree}.",)
    table = Table(title="When to refuse: the dealer's decision by class (the books' beside it)", header=(
        "dealer's hand and the books' decision", "hands dealt of the class (exact)", "equilibrium", "P(refuse)",
        "refuse − accept against the equilibrium elder's proposals (dealer's points)", "fewer than 30 proposals"),
        rows=tuple(rows), note="Each deal counts with the probability that the equilibrium elder proposes on it.")
    by_trumps: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for key, pairs in gains_by.items():
        by_trumps[_trump_label(key, elder=False)] += pairs
    labels = sorted(k for k, v in by_trumps.items() if len(v) >= 2)
    figures = [_weighted(by_trumps[label]) for label in labels]
    plot = Plot(name="ecarte_opening_dealer", title="Dealer: refuse − accept against the equilibrium elder's proposals",
                labels=tuple(f"{label} (n = {len(by_trumps[label]):,})" for label in labels),
                series=(Series(
                    legend="stated method (exact tricks, books' exchange), 95% interval",
                    figures=tuple(f for f in figures if f is not None)),),
                axis="dealer's points a proposal",
                baseline="0: accepting (the other choice)")
    parted = _differences(rows, [frequencies[k] for k in game.dealer], elder=False, gain=table.header[4])
    return Section(title="The dealer: when to refuse", text=text, tables=(parted, table), plots=(plot,))


def _weighted(pairs: Sequence[tuple[float, float]]) -> Estimate | None:
    """The weighted mean of (weight, value) pairs with its 95% interval (normal approximation)."""
    total = sum(w for w, _ in pairs)
    if total <= 0:
        return None
    value = sum(w * x for w, x in pairs) / total
    if len(pairs) < 2:
        return Estimate(value, -math.inf, math.inf, len(pairs))
    half = Z_95 * math.sqrt(sum(w * w * (x - value) ** 2 for w, x in pairs)) / total
    return Estimate(value, value - half, value + half, len(pairs))
