"""``EcarteState.sample``: a full state drawn consistently with what one seat knows (its view).

Over a few hundred positions of random seeded parties, in enforced mode and in table mode (played regularly),
for both seats: the sampled state has the same actor, the viewer's hand, and the viewer's legal actions when
he is to act; in fact the viewer's whole view is the same (history, tricks, exposed cards, score, ...). The
opponent's hidden cards respect the voids and failures to overtake his replies revealed (E-§5).
"""

from __future__ import annotations

import random

import pytest

from academie.engine import Mode
from academie.games.ecarte import EcarteRules, EcarteState, Phase

RULES = (EcarteRules(), EcarteRules(deal_pattern=(2, 3), must_trump=False, dealer_min_exchange=1),
         EcarteRules(partie_liee=True, game_points=3), EcarteRules(mode=Mode.TABLE))


def _positions(rules: EcarteRules, games: int, seed: int) -> list[EcarteState]:
    """Random positions of random parties (uniform legal actions, stopped after a random number of steps)."""
    rng = random.Random(seed)
    positions = []
    for game in range(games):
        state = EcarteState.new(rules, seed=seed * 1000 + game)
        for _ in range(rng.randrange(1, 80)):
            if state.is_terminal:
                break
            state.apply(rng.choice(list(state.legal_actions())))
        positions.append(state)
    return positions


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.mode.value}-{r.deal_pattern}-{r.partie_liee}")
def test_E_5_sample_agrees_with_everything_the_viewer_knows(rules: EcarteRules) -> None:
    """E-§5: sampled states keep the actor, the viewer's hand, legal actions and whole view; their hidden cards
    are random (different samples differ)."""
    varied = 0
    for number, state in enumerate(_positions(rules, 100, seed=RULES.index(rules))):
        for viewer in (0, 1):
            view = state.view(viewer)
            sampled = EcarteState.sample(view, random.Random(number))
            assert sampled.actor == view.actor
            assert sampled.view(viewer).hand == view.hand
            if view.actor == viewer:
                assert tuple(sampled.legal_actions()) == tuple(view.legal_actions)
            assert sampled.view(viewer) == view
            assert sampled.score == state.score and sampled.games == state.games
            if view.phase is Phase.PLAY and view.hand_sizes[1 - viewer] > 1:
                other = EcarteState.sample(view, random.Random(number + 1))
                varied += other.hand(1 - viewer) != sampled.hand(1 - viewer)
    assert varied > 0


def test_sample_follows_the_play_and_can_go_on() -> None:
    """A sampled state is a full state: it plays on to the end of the partie under the same rules."""
    for state in _positions(EcarteRules(), 30, seed=7):
        sampled = EcarteState.sample(state.view(0), random.Random(1))
        rng = random.Random(2)
        while not sampled.is_terminal and sampled.actor is not None and sampled.actor >= 0:
            sampled.apply(rng.choice(list(sampled.legal_actions())))
        assert sampled.is_terminal or sampled.actor is not None


def test_clone_lists_name_every_attribute_once() -> None:
    """``clone_shared`` and ``clone_copied`` cover every slot of the state but the chance source, each once."""
    shared, copied = set(EcarteState.clone_shared), set(EcarteState.clone_copied)
    assert not shared & copied
    assert shared | copied == set(EcarteState.__slots__) - {"chance"}
