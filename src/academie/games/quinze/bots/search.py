"""The search bot for Le Quinze: each candidate action is valued by sampling the unseen cards and the opponents'
behaviour, and the best mean result for the coup is chosen.

A sample is a full state consistent with the bot's view (:meth:`academie.games.quinze.state.QuinzeState.sample`:
the other players' hidden cards, the pack and the dead cards dealt at random from the cards the seat has not seen).
In each sample the candidate is applied and the coup is played out by a quick version of the classical rules for
every seat (each on its own sampled cards, Q-§8); the value is the seat's tokens won or lost in the coup. The same
samples serve every candidate (common random numbers), so differences between actions are not noise of the
sampling. Raises are searched at three sizes (the minimum, about half the pot, about the pot). The classical bot's
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

from academie.bots import Reason
from academie.engine import AcademieError, Action
from academie.games.quinze.bots.classical import ClassicalBot, bust_chance, reach_chance
from academie.games.quinze.state import (
    ALL_IN,
    ANNOUNCE,
    CARD,
    HOLD,
    PASS,
    STAND,
    TARGET,
    WANT_CARDS,
    WITH_THAT,
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
    if len(legal) == 1:
        return legal[0]  # no choice (Form B's busted elder can only say he stands, Q-§5.8, Q16)
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


def candidates(view: QuinzeView, *, whole_cave: bool = False) -> tuple[Action, ...]:
    """Every legal action but the raises and openings, and those of three sizes: the least, about half the pot and
    about the pot (Q-§8 Betting); with ``whole_cave``, the largest too. Bigger stakes are left out otherwise: a
    coup's result then swings by the whole cave, and a few dozen sampled deals cannot tell such a bet's worth from
    its noise (measured: the cave-sized raises the search used to weigh lost 37 tokens a coup when they went wrong,
    more than the rest of the search won). A player who sees every card has no such noise to fear."""
    plain = [a for a in view.legal_actions if not isinstance(a, (Raise, Open))]
    raises = [a for a in view.legal_actions if isinstance(a, Raise)]
    opens = [a for a in view.legal_actions if isinstance(a, Open)]
    sized: list[Action] = []
    for group in (raises, opens):
        if group:
            half, whole = (min(group, key=lambda a: abs(a.amount - max(1, size))) for size in (view.pot // 2, view.pot))
            sized += list(dict.fromkeys((group[0], half, whole, *(group[-1:] if whole_cave else ()))))
    return (*plain, *sized)


def _about(tokens: float) -> str:
    """A mean gain in tokens as a person reads it: ``0.4``, ``1.3``, ``0.05``, ``3``."""
    text = f"{tokens:.1f}" if tokens >= 0.095 else f"{tokens:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _beats(baseline: Action, gain: float, deals: int) -> Reason:
    """Why the search leaves the classical choice ``baseline``: by how many tokens a coup the action chosen beats it
    over the sampled deals."""
    about = _about(gain)
    if baseline == PASS:
        return Reason("it beats the classical pass by about {gain} tokens a coup, over {deals} sampled deals of the "
                      "unseen cards", gain=about, deals=deals)
    if baseline == HOLD:
        return Reason("it beats the classical hold (« je tiens ») by about {gain} tokens a coup, over {deals} sampled "
                      "deals of the unseen cards", gain=about, deals=deals)
    if baseline == ALL_IN:
        return Reason("it beats going all in, the classical choice, by about {gain} tokens a coup, over {deals} "
                      "sampled deals of the unseen cards", gain=about, deals=deals)
    if baseline == ANNOUNCE:
        return Reason("it beats announcing, the classical choice, by about {gain} tokens a coup, over {deals} "
                      "sampled deals of the unseen cards", gain=about, deals=deals)
    if baseline == CARD:
        return Reason("it beats the classical draw (« carte ») by about {gain} tokens a coup, over {deals} sampled "
                      "deals of the unseen cards", gain=about, deals=deals)
    if baseline == STAND:
        return Reason("it beats the classical stand (« je m'y tiens ») by about {gain} tokens a coup, over {deals} "
                      "sampled deals of the unseen cards", gain=about, deals=deals)
    if baseline == WANT_CARDS:
        return Reason("it beats passing the word (« voulez-vous cartes ? »), the classical choice, by about {gain} "
                      "tokens a coup, over {deals} sampled deals of the unseen cards", gain=about, deals=deals)
    if baseline == WITH_THAT:
        return Reason("it beats passing the word (« avec ça ? »), the classical choice, by about {gain} tokens a "
                      "coup, over {deals} sampled deals of the unseen cards", gain=about, deals=deals)
    if isinstance(baseline, Open):
        return Reason("it beats the classical opening of {amount} by about {gain} tokens a coup, over {deals} sampled "
                      "deals of the unseen cards", amount=baseline.amount, gain=about, deals=deals)
    if isinstance(baseline, Raise):
        return Reason("it beats the classical raise of {amount} by about {gain} tokens a coup, over {deals} sampled "
                      "deals of the unseen cards", amount=baseline.amount, gain=about, deals=deals)
    return Reason("it beats the classical choice by about {gain} tokens a coup, over {deals} sampled deals of the "
                  "unseen cards", gain=about, deals=deals)


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
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason`, the tokens a coup by which it beats the
        classical choice over the sampled deals, or the classical bot's own reason where the search keeps its
        choice."""
        return self._last

    def choose(self, view: QuinzeView) -> Action:
        options = candidates(view)
        if len(options) == 1:
            self._last = Reason("takes the only choice it has")
            return options[0]
        if view.rules.form == "B":  # Q-§5.8: the exact optimal policy; sampled play-outs could only approximate it
            action = self._fallback.choose(view)
            self._last = self._fallback.explain()
            return action
        worlds = self._worlds(view)
        if len(worlds) < max(2, self._samples // 2):
            action = self._fallback.choose(view)  # no sampled deal fits the view (a ruling pending): the books decide
            self._last = self._fallback.explain()
            return action
        seat = view.viewer
        baseline = self._fallback.choose(view)
        if baseline not in options:
            options = (*options, baseline)
        values = {action: [self._playout(world.clone(), action, seat, index) for index, world in enumerate(worlds)]
                  for action in options}
        means = {action: sum(v) / len(v) for action, v in values.items()}
        best = max(options, key=lambda a: means[a])
        if best == baseline or not _clearly_better(values[best], values[baseline]):
            self._last = self._fallback.explain()  # the classical bot's reason for its choice, which stands
            return baseline
        self._last = _beats(baseline, means[best] - means[baseline], len(worlds))
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
