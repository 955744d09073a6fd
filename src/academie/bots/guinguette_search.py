"""The Guinguette search bot: sample the hidden cards, play each choice out, keep the best average.

A *world* places every card the seat has not seen: the other hands (around any card shown face up), the cards
set aside (option ``discard_mixed=False``) and the cotillon. Each legal action (at most five: keep and the four
discards, or the betting choices) is tried in the same worlds; the rest of the deal is played by the classical
bot for every seat and future stirs draw from the world's cotillon shuffled afresh. The action with the best mean
of the seat's counters won in the deal is chosen.

Simplifications, stated: the seat's own discards, when mixed into the cotillon, are placed there (a later
stirrer could have drawn one); the others' hands are dealt uniformly, without reading their stirs or bets.

>>> from academie.games.guinguette import GuinguetteState
>>> state = GuinguetteState.new(seed=2, first_dealer=0)
>>> bot = SearchBot(seed=1, samples=4)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from academie.bots.guinguette_classical import ClassicalBot, unseen_cards
from academie.bots.random import NoLegalActionError
from academie.cards import mask_of
from academie.engine import Action
from academie.games.guinguette import GuinguetteState, GuinguetteView


def sample_world(view: GuinguetteView, rng: random.Random) -> tuple[list[int], list[int], int]:
    """Hands (masks, by seat), the cotillon (top first) and the cards set aside, consistent with ``view``."""
    pool = [card.index for card in unseen_cards(view) if card not in view.my_discards]
    rng.shuffle(pool)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.viewer:
            hands.append(mask_of(view.hand))
            continue
        mask = mask_of(view.shown[seat])
        for _ in range(size - mask.bit_count()):
            mask |= 1 << pool.pop()
        hands.append(mask)
    aside = 0
    if view.rules.discard_mixed:
        pool += [card.index for card in view.my_discards]
    else:
        aside = mask_of(view.my_discards)
        for _ in range(sum(view.stirs) - len(view.my_discards)):
            aside |= 1 << pool.pop()
    rng.shuffle(pool)
    return hands, pool, aside


class SearchBot:
    """Determinised sampling with classical play-outs; ``samples`` worlds per decision."""

    name = "search"

    def __init__(self, *, seed: int = 0, samples: int = 12) -> None:
        self._rng = random.Random(seed)
        self.samples = samples
        self._model = ClassicalBot(seed=seed)
        self._last = ""

    def explain(self) -> str:
        return self._last

    def choose(self, view: Any) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if len(legal) == 1:
            self._last = "the only choice"
            return legal[0]
        worlds = [sample_world(view, self._rng) for _ in range(self.samples)]
        seeds = [self._rng.getrandbits(32) for _ in worlds]
        means = {action: self._value(view, action, worlds, seeds) for action in legal}
        best = max(legal, key=lambda action: means[action])
        ranked = ", ".join(f"{a} {means[a]:+.1f}" for a in sorted(legal, key=lambda a: -means[a])[:3])
        self._last = f"sampled {len(worlds)} deals of the unseen cards; mean counters won: {ranked}"
        return best

    def _value(self, view: GuinguetteView, action: Action, worlds: Sequence[tuple[list[int], list[int], int]],
               seeds: Sequence[int]) -> float:
        total = 0
        for (hands, cotillon, aside), seed in zip(worlds, seeds, strict=True):
            state = GuinguetteState.determinised(view, hands, cotillon, aside, seed=seed)
            state.apply_unchecked(action)
            while not state.deal_results:
                seat = state.actor
                assert isinstance(seat, int) and seat >= 0
                state.apply_unchecked(self._model.choose(state.view(seat)))
            total += state.deal_results[0].points[view.viewer]
        return total / len(worlds)
