"""Our games as PettingZoo AEC environments (academie.interop.pettingzoo): PettingZoo's own API and seed tests at
every table we ship, rewards in the game's own units, the table picture as rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from interop_support import TABLES
from pettingzoo.test import api_test, seed_test

from academie.interop.encoding import InteropError
from academie.interop.pettingzoo import AcademieEnv, env


def _env(table: str, **extra: object) -> AcademieEnv:
    name, options = TABLES[table]
    return env(name, **options, **extra)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_pettingzoo_api_and_seed_tests_pass(table: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice to prefer Box observations (ours are dicts with masks)
        api_test(_env(table), num_cycles=300)
        seed_test(lambda: _env(table), num_cycles=300)


def _play(environment: AcademieEnv, seed: int) -> dict[str, float]:
    """A random legal playout of one episode; the rewards each agent collected."""
    rng = random.Random(seed)
    environment.reset(seed=seed)
    collected = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        collected[agent] += float(reward)
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return collected


@pytest.mark.parametrize("table", ["ecarte", "guinguette-3", "quinze-4", "whist"])
def test_an_episode_rewards_each_seat_the_points_of_its_deal(table: str) -> None:
    environment = _env(table)
    for seed in range(3):
        collected = _play(environment, seed)
        points = environment.state.deal_results[0].points
        assert [collected[agent] for agent in environment.possible_agents] == [float(p) for p in points]


def test_a_game_episode_rewards_the_game_returns() -> None:
    """E-§6.1: an Écarté game goes to five points; the episode rewards its returns (the game's values)."""
    environment = env("ecarte", episode="game")
    collected = _play(environment, 4)
    assert environment.state.is_terminal and len(environment.state.deal_results) > 1
    assert [collected[agent] for agent in environment.possible_agents] == list(map(float, environment.state.returns()))


def test_render_draws_the_table_picture_of_the_seat_to_act() -> None:
    environment = env("ecarte", render_mode="ansi", first_dealer=0)
    environment.reset(seed=3)
    text = environment.render()
    seat = environment.possible_agents.index(environment.agent_selection)
    hand = environment.state.view(seat).hand
    assert isinstance(text, str) and "Your hand" in text
    assert all(card.pretty() in text for card in hand)


def test_bad_options_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(InteropError, match="episode='rubber' is not allowed; allowed: deal, game"):
        env("whist", episode="rubber")
    with pytest.raises(InteropError, match="render_mode='rgb_array' is not allowed"):
        env("whist", render_mode="rgb_array")
    environment = env("whist", first_dealer=0)
    environment.reset(seed=1)
    with pytest.raises(InteropError, match="is not legal now"):
        environment.step(int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"] == 0)[0]))
