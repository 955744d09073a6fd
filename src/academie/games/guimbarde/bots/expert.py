"""The expert Guimbarde bot: worlds read from the others' play, each solved exactly once few cards are left.

What it adds to the search bot (:mod:`academie.games.guimbarde.bots.search`):

1. **Reading the play** (:func:`consistent_world`). A world drawn by
   :meth:`~academie.games.guimbarde.state.GuimbardeState.sample` honours the voids and the announced points; the
   expert also replays every card the others played on the hand the world gives them at that moment and keeps
   the world only if each card was legal there (G-§5.3): a player who followed without beating held no card of
   the suit that beats (GUIMBARDE-R9, "forcer"), one who did not trump held no trump (R9, "couper"), one who did
   not drop a queen on her king did not hold her (R7). After ``tries`` draws the world that broke the fewest of
   these readings stands.
2. **Exact play** (:mod:`~academie.games.guimbarde.bots.solver`, on card masks; :func:`solve`, through the
   engine, where that solver does not apply). Each world is solved with every hand in view: each seat plays the
   card that brings it the most counters over the rest of the deal (max-n, the G-§5.5 settlements and the Point box
   of GUIMBARDE-§7). A decision with at most ``exact_cards`` cards left in all the hands (16: from the second trick
   at four players) is solved exactly from there in ``exact_worlds`` worlds; an earlier one plays each of
   ``worlds`` worlds out down to ``solved_cards`` cards (12: the last three tricks at four players) by the
   play-out policy (:func:`playout_card`: the search bot's greedy play, keeping the fou out of the captors' way,
   §8), and the solver takes over from there. (Against OpenSpiel's IS-MCTS, the expert that played the first
   tricks of every world by that policy alone lost its counters on the Point box, the tricks.)
3. Each card's mean counters over those worlds is its first score (common worlds for every card).
4. **Play-outs** (:func:`~academie.games.guimbarde.bots.solver.playout_totals`, on card masks). In
   ``playout_worlds`` more worlds read from the play, each card is followed by ``playouts`` play-outs to the end of
   the deal in which every seat, the bot too, plays a legal card drawn at random (the same draws after every card);
   its mean counters there are added to its first score, and the card with the best sum is played. A world solved
   with every hand in view assumes that every seat will know every hand from there on, and no seat does: an
   opponent that plays worse than that (OpenSpiel's IS-MCTS) is better met by play-outs, one that plays a fixed
   greedy line (the search bot) by the solve. Measured on the same boards (README and its ladder), the sum gained
   on the solve alone against IS-MCTS and stayed ahead of the search bot, where play-outs alone did not.

**Budget** (issue 29). Steps 1 to 3 stop drawing worlds once ``budget`` units of :class:`~academie.bots.Work` are
spent (:data:`SOLVE_BUDGET`), step 4 once ``playout_budget`` are (:data:`PLAYOUT_BUDGET`), each after
:data:`MIN_WORLDS` worlds at least: a world drawn costs :data:`DRAW_UNITS` a seat, a card the policy plays
:data:`POLICY_UNITS`, a card of an exact search or a random play-out what the solver counts
(:data:`~academie.games.guimbarde.bots.solver.NODE_UNITS`, :data:`~academie.games.guimbarde.bots.solver.DRAWN_UNITS`).
The work is counted, never timed: the same view and seed give the same card on any machine. Its units are about a
microsecond each on the project's two-core machine (``python -m bench.bots``), so that the worst decision, early in
a deal at eight seats or the first exact solve at three or four, stays well under a second.

Deterministic: one ``random.Random(seed)``; no clock.

>>> from academie.games.guimbarde.state import GuimbardeState
>>> state = GuimbardeState.new(seed=4, first_dealer=0)
>>> bot = ExpertBot(seed=0, worlds=4)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Final

from academie.bots import Reason, Work
from academie.cards import indices_of
from academie.engine import AcademieError, Action, Mode, RulesError
from academie.games.guimbarde.bots.classical import ClassicalBot
from academie.games.guimbarde.bots.solver import card_values, exact_values, playout_totals, supports
from academie.games.guimbarde.state import BEATEN_BY, JD, KH, POWER, QH, GuimbardeState, GuimbardeView, Play, legal_mask

MIN_WORLDS: Final = 8
"""A decision solves this many worlds at least (and plays out as many), whatever its budget."""
SOLVE_BUDGET: Final = 150_000
"""The work (:class:`~academie.bots.Work`, units of about a microsecond: see
:data:`~academie.games.guimbarde.bots.solver.NODE_UNITS`) a decision may spend on the worlds it solves (steps 1 to
3): then no more worlds."""
PLAYOUT_BUDGET: Final = 75_000
"""The same for the worlds of the random play-outs (step 4)."""
DRAW_UNITS: Final = 60
"""The work of a world drawn (:meth:`~academie.games.guimbarde.state.GuimbardeState.sample`) and its readings
checked, for each seat at the table."""
POLICY_UNITS: Final = 45
"""The work of a card the play-out policy plays through the engine."""


def broken_readings(world: GuimbardeState, view: GuimbardeView) -> int:
    """How many of the cards the others played this deal would have been illegal (G-§5.3: GUIMBARDE-R7, R8, R9,
    R3) with the hands ``world`` gives them: 0 for a world that agrees with all the play."""
    trump = view.trump
    assert trump is not None
    later = [world.deal.hands[seat] for seat in range(view.players)]
    plays = [(seat, card.index, index, trick) for trick in view.tricks
             for index, (seat, card) in enumerate(trick.plays)]
    broken = 0
    for seat, card, index, trick in reversed(plays):  # the hand a seat held at a play: now, plus what it played since
        later[seat] |= 1 << card
        if seat == view.viewer or index == 0:
            continue
        before = [c.index for _, c in trick.plays[:index]]
        if not legal_mask(later[seat], before, trump, view.rules) >> card & 1:
            broken += 1
    return broken


def consistent_world(view: GuimbardeView, rng: random.Random, *, tries: int,
                     work: Work | None = None) -> GuimbardeState:
    """A world that agrees with the view and, if one is found in ``tries`` draws, with every card the others
    played (module step 1); else the draw that broke the fewest readings. Each draw costs :data:`DRAW_UNITS` of
    ``work`` a seat."""
    best: GuimbardeState | None = None
    fewest = -1
    for _ in range(tries):
        if work is not None:
            work.units += DRAW_UNITS * view.players
        world = GuimbardeState.sample(view, rng)
        if view.rules.mode is not Mode.ENFORCED:
            return world  # table mode: a card may have been played against the rules, and proves nothing
        broken = broken_readings(world, view)
        if broken == 0:
            return world
        if best is None or broken < fewest:
            best, fewest = world, broken
    assert best is not None
    return best


def cards_left(state: GuimbardeState) -> int:
    """The cards still in all the hands."""
    return sum(hand.bit_count() for hand in state.deal.hands)


def solve(state: GuimbardeState, deals: int) -> tuple[int, ...]:
    """The counters the rest of the deal brings each seat when every seat, seeing every hand, plays the card that
    brings it the most (max-n; ties go to the card found first, the lowest index). ``deals``: how many deals had
    ended when the search began."""
    if len(state.deal_results) > deals:
        return state.deal_results[-1].points
    seat = state.deal.to_play
    best: tuple[int, ...] | None = None
    for card in indices_of(state.playable(seat)):
        child = state.clone()
        child.play_card(seat, card)
        value = solve(child, deals)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


def _captors_to_come(state: GuimbardeState, seat: int) -> bool:
    """Whether ♥Q or ♥K is in the hand of a seat other than ``seat`` that has not played to the current trick
    (including a trick ``seat`` is about to lead)."""
    deal = state.deal
    played = {s for s, _ in deal.trick}
    captors = (1 << QH) | (1 << KH)
    return any(deal.hands[other] & captors for other in range(state.players) if other != seat and other not in played)


def playout_card(state: GuimbardeState) -> int:
    """The play-out policy: the search bot's greedy play (lead the strongest card; follow with the cheapest card
    that wins, else the lowest), keeping the fou out of the captors' way (§8 "The fou": ♦J is not led, nor played
    to a trick, while ♥Q or ♥K may still fall on it there, when another card may be played)."""
    seat = state.deal.to_play
    legal = state.playable(seat)
    card = _greedy_among(state, legal)
    others = legal & ~(1 << JD)
    if card != JD or not others or not _captors_to_come(state, seat):
        return card
    return _greedy_among(state, others)


def _greedy_among(state: GuimbardeState, cards: int) -> int:
    """The search bot's greedy choice among ``cards``: lead the strongest; follow with the cheapest winner, else the
    lowest."""
    deal = state.deal
    power = POWER[deal.trump]
    indices = list(indices_of(cards))
    if not deal.trick:
        return max(indices, key=lambda c: power[c])
    winners = [c for c in indices if BEATEN_BY[deal.trump][deal.best] >> c & 1]
    return min(winners or indices, key=lambda c: power[c])


def finish(state: GuimbardeState, seat: int, *, exact_cards: int, work: Work | None = None) -> int:
    """The counters the rest of the deal brings ``seat``: the play-out policy down to ``exact_cards`` cards, then
    exact (the fast solver of :mod:`~academie.games.guimbarde.bots.solver` where it applies, else the engine's).
    Counted in ``work``: :data:`POLICY_UNITS` a card the policy plays through the engine, and the solver's cards."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals and cards_left(state) > exact_cards:
        state.play_card(state.deal.to_play, playout_card(state))
        if work is not None:
            work.units += POLICY_UNITS
    if len(state.deal_results) > deals:
        return state.deal_results[-1].points[seat]
    if supports(state):
        return won_so_far(state, seat) + exact_values(state, work)[seat]
    return solve(state, deals)[seat]


def won_so_far(state: GuimbardeState, seat: int) -> int:
    """The counters ``seat`` has won (+) or lost (−) since the deal (or the world) began, as
    :class:`~academie.games.guimbarde.state.DealResult` counts them (the new stocks of G18 left out)."""
    deal = state.deal
    stock = state.rules.starting_stock
    bought = state.stocks_bought[seat] - (deal.start_bought[seat] if deal.start_bought else state.stocks_bought[seat])
    return state.ledger.seat_balances()[seat] - deal.start_balances[seat] - stock * bought


class ExpertBot:
    """Worlds that agree with the others' play, each finished by the exact solver (module docstring)."""

    name = "expert"

    def __init__(self, *, seed: int = 0, worlds: int = 48, exact_worlds: int | None = None, exact_cards: int = 16,
                 solved_cards: int = 12, tries: int = 30, playout_worlds: int = 50, playouts: int = 10,
                 budget: int = SOLVE_BUDGET, playout_budget: int = PLAYOUT_BUDGET) -> None:
        if exact_worlds is None:
            exact_worlds = max(1, 2 * worlds // 3) if type(worlds) is int else 1
        for option, value, least in (("worlds", worlds, 1), ("exact_worlds", exact_worlds, 1),
                                     ("exact_cards", exact_cards, 0), ("solved_cards", solved_cards, 0),
                                     ("tries", tries, 1), ("playout_worlds", playout_worlds, 0),
                                     ("playouts", playouts, 1), ("budget", budget, 1),
                                     ("playout_budget", playout_budget, 1)):
            if type(value) is not int or value < least:
                raise RulesError(f"{option}={value!r} is not allowed; allowed: {least} or more")
        self._rng = random.Random(seed)
        self._worlds = worlds
        self._exact_worlds = exact_worlds
        """The worlds of a decision solved exactly from there (default: two thirds of ``worlds``, 32)."""
        self._exact_cards = exact_cards
        """A decision with at most this many cards in all the hands solves each world exactly from there (default
        16: from the second trick at four players, a solve of 10 to 40 ms)."""
        self._solved_cards = solved_cards
        """Earlier decisions play each world out by the play-out policy down to this many cards, then solve it
        exactly (default 12: the last three tricks at four players, a solve of a millisecond or two)."""
        self._tries = tries
        self._playout_worlds = playout_worlds
        """Worlds in which each card is also played out at random (step 4; 0: none, the open solve alone)."""
        self._playouts = playouts
        """Play-outs of each card in each of those worlds."""
        self._budget = budget
        """Units of work (cards played, :class:`~academie.bots.Work`) of the worlds of steps 2 and 3: once they are
        spent, no more worlds (:data:`MIN_WORLDS` at least)."""
        self._playout_budget = playout_budget
        """The same for the play-outs of step 4."""
        self._classical = ClassicalBot(seed=seed)
        self._last: str = ""
        self.spent = 0
        """The units of work of the last decision (0 where the books decided)."""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` comparing the card played, in counters a
        deal, with the next best card over the worlds (or the books' reason where the books decided)."""
        return self._last

    def choose(self, view: GuimbardeView) -> Action:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        self.spent = 0
        if len(plays) <= 1 or view.pending is not None:
            action = self._classical.choose(view)  # nothing to search: a ruling, or one card
            self._last = self._classical.explain()
            return action
        exact = sum(view.hand_sizes) <= self._exact_cards
        work = Work()
        totals = dict.fromkeys(plays, 0)
        worlds = 0
        while worlds < (self._exact_worlds if exact else self._worlds) and (
                worlds < MIN_WORLDS or work.units < self._budget):
            try:
                world = self._world(view, work)
            except AcademieError:  # table mode: a deal no world can be built for (G-§7): the books decide
                action = self._classical.choose(view)
                self._last = self._classical.explain()
                return action
            for action, counters in self._counters(world, view.viewer, plays, exact=exact, work=work).items():
                totals[action] += counters
            worlds += 1
        self.spent = work.units
        played_out = self._played_out(view, plays) if supports(world) else None
        if played_out is None:
            best = max(plays, key=lambda a: (totals[a], -a.card.index))
            self._last = _reason(best, totals, worlds, exact=exact or sum(view.hand_sizes) - 1 <= self._solved_cards)
            return best
        scores = {a: totals[a] / worlds + played_out[1][a] / (played_out[0] * self._playouts) for a in plays}
        best = max(plays, key=lambda a: (scores[a], -a.card.index))
        self._last = _scored_reason(best, scores, worlds, played_out[0], self._playouts)
        return best

    def _played_out(self, view: GuimbardeView, plays: list[Play]) -> tuple[int, dict[Play, int]] | None:
        """Step 4: what each card brings the bot over up to ``playout_worlds`` worlds that agree with the play (no
        more once ``playout_budget`` units of work are spent), summed over ``playouts`` play-outs in each in which
        every seat plays a legal card drawn at random; and the number of those worlds (None if none)."""
        if not self._playout_worlds:
            return None
        work = Work()
        totals = dict.fromkeys(plays, 0)
        worlds = 0
        while worlds < self._playout_worlds and (worlds < MIN_WORLDS or work.units < self._playout_budget):
            world = consistent_world(view, self._rng, tries=self._tries, work=work)
            seeds = [self._rng.getrandbits(32) for _ in range(self._playouts)]
            values = playout_totals(world, seeds, work)
            for action in plays:
                totals[action] += values[action.card.index][view.viewer]
            worlds += 1
        self.spent += work.units
        return worlds, totals

    def _counters(self, world: GuimbardeState, seat: int, plays: list[Play], *, exact: bool,
                  work: Work) -> dict[Play, int]:
        """What each card brings ``seat`` in ``world`` over the rest of the deal (module steps 2 and 3)."""
        if exact and supports(world):
            values = card_values(world, work)
            return {action: values[action.card.index][seat] for action in plays}
        deals = len(world.deal_results)
        # where only the engine's (slower) solver applies (table mode), it solves the last two tricks, as it did
        solved = self._solved_cards if supports(world) else 2 * world.active if exact else 0
        counters = {}
        for action in plays:
            trial = world.clone()
            trial.play_card(seat, action.card.index)
            work.units += POLICY_UNITS
            counters[action] = trial.deal_results[-1].points[seat] if len(trial.deal_results) > deals \
                else finish(trial, seat, exact_cards=solved, work=work)
        return counters

    def _world(self, view: GuimbardeView, work: Work) -> GuimbardeState:
        """One world to play the cards out in (module step 1)."""
        return consistent_world(view, self._rng, tries=self._tries, work=work)


def _about(counters: float) -> str:
    """A difference of mean counters as a person reads it: ``0.4``, ``1.3``, ``0.05``, ``3``."""
    text = f"{counters:.1f}" if counters >= 0.095 else f"{counters:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _scored_reason(best: Play, scores: dict[Play, float], worlds: int, playout_worlds: int, playouts: int) -> Reason:
    """The card played, compared in counters a deal with the next best card, on the sum of its two means (step 4)."""
    behind = [a for a in scores if scores[a] < scores[best]]
    if not behind:
        return Reason("plays {card}: every card it may play does as well over {deals} deals that fit the "
                      "declarations and every card played", card=best.card, deals=worlds + playout_worlds)
    gain = _about(scores[best] - max(scores[a] for a in behind))
    return Reason("plays {card}: about {gain} counters better than the next best card, solved with every hand in view "
                  "in {deals} deals and played out {times} times at random in {others} more, all fitting the "
                  "declarations and every card played", card=best.card, gain=gain, deals=worlds, times=playouts,
                  others=playout_worlds)


def _reason(best: Play, totals: dict[Play, int], worlds: int, *, exact: bool) -> Reason:
    """The card played, compared in counters a deal with the next best card over the worlds; whether each world
    was solved exactly from here. The other cards are not named: they are still in the bot's hand."""
    behind = [a for a in totals if totals[a] < totals[best]]
    if not behind:
        return Reason("plays {card}: every card it may play does as well over {deals} deals that fit the "
                      "declarations and every card played", card=best.card, deals=worlds)
    gain = _about((totals[best] - max(totals[a] for a in behind)) / worlds)
    if exact:
        return Reason("plays {card}: about {gain} counters a deal better than the next best card, over {deals} deals "
                      "that fit the declarations and every card played, each played out exactly with every hand in "
                      "view", card=best.card, gain=gain, deals=worlds)
    return Reason("plays {card}: about {gain} counters a deal better than the next best card, over {deals} deals that "
                  "fit the declarations and every card played", card=best.card, gain=gain, deals=worlds)
