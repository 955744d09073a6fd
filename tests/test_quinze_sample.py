"""``QuinzeState.sample``: a world rebuilt from a view keeps everything the viewer knows (Q-R12, Q-§8).

Over random positions of random parties (Form A in enforced and table mode, with irregular acts committed at
random, silent busts, Form B), for every seat and for the public: the sampled state has the view's actor, the
viewer sees in it exactly the cards he sees (his own, every card face up, the hands shown), and at his turn he is
offered exactly the same actions.
"""

from __future__ import annotations

import random

import pytest

from academie.engine import PUBLIC, Action, Mode
from academie.games.quinze import QuinzeRules, QuinzeState

CASES = {
    "form-a": QuinzeRules(players=4),
    "form-a-table": QuinzeRules(players=4, mode=Mode.TABLE),
    "silent-bust": QuinzeRules(players=3, silent_bust=True, cave=10),
    "form-b": QuinzeRules(form="B", rounds=3),
}


@pytest.mark.parametrize("case", list(CASES))
def test_Q_R12_sample_agrees_with_every_view(case: str) -> None:
    """Q-R12, Q-§8: the sampled state agrees with the view of every seat (and of the public) in a few hundred
    random positions."""
    rules = CASES[case]
    rng = random.Random(11)
    positions = 0
    for seed in range(40):
        state = QuinzeState.new(rules, seed=seed)
        for _ in range(200):
            if state.is_terminal:
                break
            if rng.random() < 0.3:
                positions += 1
                for viewer in (*range(state.n), PUBLIC):
                    view = state.view(viewer)
                    world = QuinzeState.sample(view, rng)
                    seen = world.view(viewer)
                    assert world.actor == view.actor
                    assert (seen.hole, seen.up, seen.caves, seen.pot) == (view.hole, view.up, view.caves, view.pot)
                    if viewer == view.actor:
                        assert tuple(world.legal_actions()) == view.legal_actions
            actions: list[Action] = list(state.legal_actions())
            if rules.mode is Mode.TABLE and rng.random() < 0.1:
                actions += [act for seat in range(state.n) for act in state.irregular_actions(seat)]
            state.apply(rng.choice(actions))
    assert positions >= 120
