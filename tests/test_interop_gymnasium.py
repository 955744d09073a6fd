"""One seat of our games as a Gymnasium environment, the others played by our bots (academie.interop.gymnasium):
Gymnasium's own checker at every table we ship, rewards, reproducibility, actions outside the mask."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from interop_support import TABLES

from academie.games import GAMES, load
from academie.interop.encoding import InteropError
from academie.interop.gymnasium import SeatEnv, environment_id


@pytest.mark.parametrize("table", sorted(TABLES))
def test_gymnasium_check_env_passes(table: str) -> None:
    name, options = TABLES[table]
    check_env(SeatEnv(name, opponents="classical", **options), skip_render_check=True)


def test_every_game_is_registered_with_gymnasium() -> None:
    for name in GAMES:
        environment = gymnasium.make(environment_id(name), opponents="random", render_mode="ansi")
        check_env(environment.unwrapped)
        environment.reset(seed=1)
        assert "Your hand" in environment.render()


def _episode(environment: SeatEnv, seed: int) -> tuple[list[int], float]:
    observation, _ = environment.reset(seed=seed)
    chosen, total, done = [], 0.0, False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        chosen.append(action)
        observation, reward, done, _, _ = environment.step(action)
        total += float(reward)
    return chosen, total


def test_the_same_seed_replays_the_same_deal_against_the_same_play() -> None:
    environment = SeatEnv("guinguette", players=4, seat=2, opponents="classical")
    first, second = _episode(environment, 11), _episode(environment, 11)
    assert first == second
    assert first[1] == float(environment.state.deal_results[0].points[2])


def test_an_action_outside_the_mask_ends_the_episode_with_the_worst_reward_or_raises() -> None:
    environment = SeatEnv("ecarte", first_dealer=0)
    observation, _ = environment.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert terminated and info["illegal_action"] and reward == -3.0  # E-§6.1: a deal gives 0 to 3 points
    with pytest.raises(InteropError, match="the episode is over"):
        environment.step(0)
    strict = SeatEnv("ecarte", first_dealer=0, illegal_reward=None)
    strict.reset(seed=2)
    with pytest.raises(InteropError, match="is not legal now; allowed indices"):
        strict.step(illegal)


def test_bad_options_are_refused_saying_what_is_allowed() -> None:
    ours = ", ".join(load("whist").bot_names())
    with pytest.raises(InteropError, match=f"opponents='best' is not a bot of whist; allowed: {ours}"):
        SeatEnv("whist", opponents="best")
    with pytest.raises(InteropError, match="seat=4 is not allowed; allowed: 0 to 3"):
        SeatEnv("whist", seat=4)
