"""``GuinguetteState.sample(view, rng)``: a full state consistent with everything the viewer knows, over a few hundred
random positions of random parties, for every seat and the public, in enforced and table mode.

What the viewer knows (GU-§5.2): his hand and discards, the number of cards of each hand, the cards shown
(GU1, GU3, GU-§5.4a), the cotillon's size, the cards set aside by himself (GU-§5.1e), the cards played and the
suits a seat showed void of (GU-§5.6), the counters, and the marks the laws left (GU6, GU8).
"""

from __future__ import annotations

import random

import pytest

from academie.cards import SUIT_MASKS, mask_of, suit_of
from academie.engine import PUBLIC, Mode
from academie.games.guinguette import GuinguetteRules, GuinguetteState, GuinguetteView, Phase, PlayCard

PLAYING = (Phase.STIR, Phase.BET, Phase.TRICKS)
RULES = [
    GuinguetteRules(),
    GuinguetteRules(discard_mixed=False, max_stirs=3, restir_cost=2),
    GuinguetteRules(trick_phase=True, guinguette_claim_at_deal=True),
    GuinguetteRules(players=6, trick_phase=True, discard_mixed=False, max_stirs=2),
    GuinguetteRules(mode=Mode.TABLE),
    GuinguetteRules(mode=Mode.TABLE, players=3, trick_phase=True, discard_mixed=False, max_stirs=4),
]


def _played_and_voids(view: GuinguetteView) -> tuple[list[int], list[int]]:
    """GU-§5.6, read from the history: the cards each seat played and the suits it did not follow."""
    players = view.rules.players
    played, voids = [0] * players, [0] * players
    plays = [(seat, action.card.index) for seat, action in view.history if isinstance(action, PlayCard)]
    for start in range(0, len(plays), players):
        trick = plays[start:start + players]
        led = suit_of(trick[0][1])
        for seat, card in trick:
            played[seat] |= 1 << card
            if suit_of(card) != led:
                voids[seat] |= SUIT_MASKS[led]
    return played, voids


def _check(state: GuinguetteState, view: GuinguetteView, sampled: GuinguetteState) -> None:
    viewer, rules = view.viewer, view.rules
    assert sampled.actor == view.actor
    seen = sampled.view(viewer)
    assert seen.hand == view.hand and seen.my_discards == view.my_discards
    assert (seen.hand_sizes, seen.shown, seen.cotillon_size, seen.trick, seen.tricks_won) == (
        view.hand_sizes, view.shown, view.cotillon_size, view.trick, view.tricks_won)
    assert (seen.stocks, seen.baskets, seen.stirs, seen.contributions, seen.folded) == (
        view.stocks, view.baskets, view.stirs, view.contributions, view.folded)
    if viewer == view.actor:
        assert tuple(sampled.legal_actions()) == tuple(view.legal_actions) == seen.legal_actions
    deal, truth = sampled.deal_in_progress, state.deal_in_progress
    played, voids = _played_and_voids(view)
    everything = deal.aside | mask_of(sampled.cotillon())
    for seat, hand in enumerate(deal.hands):
        assert hand & everything == 0 and hand & voids[seat] == 0
        assert mask_of(view.shown[seat]) & ~played[seat] & ~hand == 0  # the cards shown are still held
        everything |= hand
    assert everything | sum(played) == mask_of(rules.pack)
    assert deal.aside.bit_count() == truth.aside.bit_count()
    if not rules.discard_mixed and viewer != PUBLIC:
        assert mask_of(view.my_discards) & ~deal.aside == 0  # GU-§5.1e: his discards are set aside
    assert (deal.wrong_count, deal.forfeit) == (truth.wrong_count, truth.forfeit)  # GU6, GU8
    if view.phase is Phase.TRICKS and viewer != PUBLIC:
        assert deal.kept[viewer] == truth.kept[viewer]  # GU-§5.6: the hand shown at the showdown


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.mode.value}-{r.players}p")
def test_GU_5_2_sample_agrees_with_everything_the_viewer_knows(rules: GuinguetteRules) -> None:
    """GU-§5.2, GU-§5.1e, GU-§5.6, GU6, GU8: a sampled state has the view's actor, the viewer's hand and legal
    actions, places every card once where the view allows it, and plays on to the end of its deal."""
    rng = random.Random(rules.players + len(rules.mode.value))
    positions = 0
    for seed in range(200):
        state = GuinguetteState.new(rules, seed=seed)
        while not state.is_terminal and positions < 60 * (seed + 1) // 4:
            acts = [a for seat in range(rules.players) for a in state.irregular_actions(seat)]
            if acts and rng.random() < 0.1:
                state.apply(rng.choice(acts))
            else:
                state.apply(rng.choice(state.legal_actions()))
            if state.phase not in PLAYING or state.pending is not None or rng.random() < 0.7:
                continue
            positions += 1
            for viewer in (*range(rules.players), PUBLIC):
                view = state.view(viewer)
                sampled = GuinguetteState.sample(view, rng)
                _check(state, view, sampled)
                if viewer == view.actor:
                    while not sampled.deal_results:
                        sampled.apply(rng.choice(sampled.legal_actions()))
        if positions >= 60:
            break
    assert positions >= 60
