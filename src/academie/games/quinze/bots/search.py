"""The search bot for Le Quinze: each candidate action is valued by sampling the unseen cards and the opponents'
behaviour, and the best mean result for the coup is chosen.

A sample is a full state consistent with the bot's view (:meth:`academie.games.quinze.state.QuinzeState.sample`:
the other players' hidden cards, the pack and the dead cards dealt at random from the cards the seat has not seen).
In each sample the candidate is applied and the coup is played out by a quick version of the classical rules for
every seat (each on its own sampled cards, Q-§8); the value is the seat's tokens won or lost in the coup. The same
samples serve every candidate (common random numbers), so differences between actions are not noise of the
sampling. Raises are searched at three sizes (the minimum, about half the pot, all the cave). The classical bot's
choice stands unless another action beats it on the same samples by two standard errors (the best of several
noisy means is biased upwards). When no sample can be built (a table-mode ruling pending), the classical bot
decides; in Form B it always does, since it plays the exactly optimal policy (Q-§5.8).

>>> from academie.games.quinze.state import QuinzeRules, QuinzeState
>>> state = QuinzeState.new(QuinzeRules(players=3), seed=3, first_dealer=2)
>>> bot = SearchBot(seed=1, samples=8)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Final

from academie.engine import AcademieError, Action
from academie.games.quinze.bots.classical import ClassicalBot, bust_chance, reach_chance
from academie.games.quinze.state import (
    ALL_IN,
    CARD,
    HOLD,
    PASS,
    STAND,
    TARGET,
    WANT_CARDS,
    Open,
    Phase,
    QuinzeState,
    QuinzeView,
    Raise,
    card_values,
)

FULL_PACK: Final = (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
"""The values of a full 52-card pack (Q-§2.2), for the quick rollout policy."""


def rollout_action(state: QuinzeState, rng: random.Random) -> Action:
    """The classical bot's rules (Q-§8) on a full sampled state, each seat using its own cards only, with the
    full pack's odds instead of exact counts (it is called thousands of times a decision)."""
    legal = state.legal_actions()
    seat = state.actor
    assert isinstance(seat, int)
    coup = state.coup
    total = state.total(seat) if coup.hole[seat] >= 0 else 0
    rivals = [s for s in range(state.n) if s != seat and coup.in_coup[s] and not coup.folded[s]
              and not coup.declared[s]]
    if CARD in legal:
        goal = 12 if len(rivals) <= 1 else 13
        values = card_values(state.rules.courts_value)
        best_seen = max((sum(values[c] for c in coup.up[s]) + 1 for s in rivals), default=0)
        if total < TARGET and (best_seen > total or (total < goal and bust_chance(total, FULL_PACK) < 0.7)):
            return CARD
        return STAND
    if WANT_CARDS in legal and HOLD not in legal:
        return WANT_CARDS
    strength = reach_chance(total, FULL_PACK, 12)
    opens = [a for a in legal if isinstance(a, Open)]
    if opens:
        return opens[0] if strength >= 0.5 + 0.03 * len(rivals) else PASS
    if HOLD in legal:
        cost = state.highest() - coup.contrib[seat]
        odds = cost / (state.pot() + cost) if cost else 0.0
        if coup.stood[seat] or coup.up[seat]:
            strength = 1.0 if 12 <= total <= TARGET else 0.3
        return HOLD if strength / max(1, len(rivals)) ** 0.5 >= odds else PASS
    if ALL_IN in legal:
        return ALL_IN if strength >= 0.45 else PASS
    return legal[-1] if rng.random() < strength else PASS


def candidates(view: QuinzeView) -> tuple[Action, ...]:
    """Every legal action but the raises, and raises of three sizes."""
    plain = [a for a in view.legal_actions if not isinstance(a, (Raise, Open))]
    raises = [a for a in view.legal_actions if isinstance(a, Raise)]
    opens = [a for a in view.legal_actions if isinstance(a, Open)]
    sized: list[Action] = []
    for group in (raises, opens):
        if group:
            middle = min(group, key=lambda a: abs(a.amount - max(1, view.pot // 2)))
            sized += list(dict.fromkeys((group[0], middle, group[-1])))
    return (*plain, *sized)


def _clearly_better(candidate: list[float], baseline: list[float]) -> bool:
    """The candidate beats the baseline on the same sampled deals by more than two standard errors of the paired
    difference (the best of several noisy means is biased upwards: a clear margin guards against it)."""
    differences = [a - b for a, b in zip(candidate, baseline, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / max(1, count - 1)
    return bool(mean > 2 * (variance / count) ** 0.5)


class SearchBot:
    """Determinised sampling: the best expected result of the coup over sampled worlds."""

    name = "search"

    def __init__(self, *, seed: int = 0, samples: int = 24) -> None:
        self._rng = random.Random(seed)
        self._samples = samples
        self._fallback = ClassicalBot(seed=seed)
        self._last = ""

    def explain(self) -> str:
        return self._last

    def choose(self, view: QuinzeView) -> Action:
        options = candidates(view)
        if len(options) == 1:
            self._last = f"{options[0]} is the only choice"
            return options[0]
        if view.rules.form == "B":  # Q-§5.8: the exact optimal policy; sampled play-outs could only approximate it
            action = self._fallback.choose(view)
            self._last = self._fallback.explain()
            return action
        worlds = self._worlds(view)
        if len(worlds) < max(2, self._samples // 2):
            action = self._fallback.choose(view)
            self._last = "no sample could be built; classical: " + self._fallback.explain()
            return action
        seat = view.viewer
        baseline = self._fallback.choose(view)
        if baseline not in options:
            options = (*options, baseline)
        values = {action: [self._playout(world.clone(), action, seat, index) for index, world in enumerate(worlds)]
                  for action in options}
        means = {action: sum(v) / len(v) for action, v in values.items()}
        best = max(options, key=lambda a: means[a])
        ranked = sorted(means.items(), key=lambda item: -item[1])[:3]
        summary = (f"{len(worlds)} sampled deals of the unseen cards: " +
                   ", ".join(f"{a} {v:+.2f}" for a, v in ranked) + " tokens on average")
        if best != baseline and not _clearly_better(values[best], values[baseline]):
            self._last = summary + f"; no clear gain over the classical {baseline}: " + self._fallback.explain()
            return baseline
        self._last = summary
        return best

    def _worlds(self, view: QuinzeView) -> list[QuinzeState]:
        """Sampled deals in which every opponent who put money in of his own will holds a hidden card the quick
        policy would have bet on (a crude reading of his bets: Q-§8 Information); up to four tries per sample."""
        worlds: list[QuinzeState] = []
        if view.pending is not None or view.phase not in (Phase.OPENING, Phase.DRAW):
            return worlds  # a ruling's remedy needs what the law noted, which a sampled world does not keep
        for _ in range(4 * self._samples):
            try:
                world = QuinzeState.sample(view, self._rng)
            except AcademieError:
                continue
            if self._plausible(world, view):
                worlds.append(world)
                if len(worlds) == self._samples:
                    break
        return worlds

    @staticmethod
    def _plausible(world: QuinzeState, view: QuinzeView) -> bool:
        values = card_values(view.rules.courts_value)
        for seat in range(len(view.caves)):
            if seat == view.viewer or view.hole[seat] is not None or not view.contributions[seat]:
                continue
            hole = world.coup.hole[seat]
            if hole >= 0 and reach_chance(values[hole], FULL_PACK, 12) < 0.45:
                return False
        return True

    def _playout(self, world: QuinzeState, action: Action, seat: int, index: int) -> float:
        rng = random.Random(index)
        coups = len(world.deal_results)
        world.apply_unchecked(action)
        steps = 0
        while len(world.deal_results) == coups and not world.is_terminal and steps < 500:
            world.apply_unchecked(rollout_action(world, rng))
            steps += 1
        if len(world.deal_results) == coups:
            return 0.0
        return float(world.deal_results[coups].points[seat])
