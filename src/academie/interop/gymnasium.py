"""Our games as single-agent Gymnasium environments: the agent holds one seat, our bots of a chosen level hold
the others (``SeatEnv("ecarte", opponents="classical")``).

Observations and actions are those of :mod:`academie.interop.encoding`: a dict of ``observation`` (the seat's
view, encoded) and ``action_mask`` (its legal actions; also in ``info["action_mask"]``), and a ``Discrete`` action.
An episode is one deal of a new game (or, with ``episode="game"``, the whole game); the reward, given when it
ends, is the seat's points, counters or tokens (as in :mod:`academie.interop.pettingzoo`). The bots get their
seeds from the episode's seed, so ``reset(seed=s)`` replays the same deal against the same play.

An action outside the mask ends the episode at once (``info["illegal_action"]`` is true) with ``illegal_reward``,
by default worse than any deal can give (the least a deal gives minus its range); with ``illegal_reward=None`` it
raises :class:`~academie.interop.encoding.InteropError` instead.

Each game is also registered with Gymnasium as ``academie/<Game>-v0``.

>>> env = SeatEnv("ecarte", opponents="random", first_dealer=0)
>>> observation, info = env.reset(seed=5)
>>> int(info["action_mask"].sum()) == len(env.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Final, SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from academie.bots import Bot
from academie.engine import Game, SeededChance
from academie.interop.encoding import Encoding, Info, InteropError, Observed, deal_bounds, encoding, new_rules
from academie.interop.pettingzoo import EPISODES, RENDER_MODES, picture_lines

_MAX_REDEALS: Final = 100
"""Deals dealt again, at most, when one ends before the agent's seat has anything to decide."""


class SeatEnv(gymnasium.Env[Observed, np.int64]):
    """One seat of one of our games; the other seats played by our bots."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (declared so by gymnasium.Env)

    def __init__(self, game: str, *, seat: int = 0, opponents: str = "classical", players: int | None = None,
                 episode: str = "deal", first_dealer: int | None = None, render_mode: str | None = None,
                 illegal_reward: float | str | None = "worst", **options: object) -> None:
        from academie.games import load

        game_type = load(game)
        self.encoding: Encoding = encoding(game, rules=new_rules(game_type, players=players, options=options))
        n = self.encoding.players
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise InteropError(f"seat={seat!r} is not allowed; allowed: 0 to {n - 1}")
        if opponents not in game_type.bot_names():
            raise InteropError(f"opponents={opponents!r} is not a bot of {game_type.name}; "
                               f"allowed: {', '.join(game_type.bot_names())}")
        if episode not in EPISODES:
            raise InteropError(f"episode={episode!r} is not allowed; allowed: {', '.join(EPISODES)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InteropError(f"render_mode={render_mode!r} is not allowed; allowed: None, {', '.join(RENDER_MODES)}")
        if first_dealer is not None and not (isinstance(first_dealer, int) and 0 <= first_dealer < n):
            raise InteropError(f"first_dealer={first_dealer!r} is not allowed; allowed: None, 0 to {n - 1}")
        low, high = deal_bounds(game_type, self.encoding.rules)
        self.illegal_reward = low - (high - low) if illegal_reward == "worst" else illegal_reward
        self.seat, self.opponents, self.episode = seat, opponents, episode
        self.first_dealer, self.render_mode = first_dealer, render_mode
        # gymnasium annotates a Dict space as a space of dicts of spaces; its elements are dicts of arrays
        self.observation_space = cast("spaces.Space[Observed]", spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoding.actions.size,), np.int8)}))
        self.action_space = spaces.Discrete(self.encoding.actions.size)
        self._seeds = random.Random()
        self.state: Game | None = None
        """The game of the episode under way (None before :meth:`reset`)."""
        self._bots: list[Bot] = []
        self._ended_illegally = False

    # ---------------------------------------------------------------------------------------------- episode
    def reset(self, *, seed: int | None = None,
              options: dict[str, object] | None = None) -> tuple[Observed, Info]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self._ended_illegally = False
        for _ in range(_MAX_REDEALS):
            self._deal(self._seeds.getrandbits(63))
            if self._points() is None:
                return self._observe()
        raise InteropError(f"{_MAX_REDEALS} deals in a row ended before seat {self.seat} had a decision")

    def _deal(self, deal_seed: int) -> None:
        from academie.games import make_bot
        from academie.sim import derive_seed

        game = self.encoding.game
        state = self.state = game.state(self.encoding.rules, chance=SeededChance(deal_seed),
                                        first_dealer=self.first_dealer)
        state.resolve_chance()
        self._bots = [make_bot(game.name, self.opponents, seed=derive_seed(deal_seed, seat + 1))
                      for seat in range(self.encoding.players)]
        self._play_others()

    def _play_others(self) -> None:
        state = self._game()
        while self._points() is None and (actor := state.actor) != self.seat:
            assert actor is not None and actor >= 0, "chance and the table act by themselves in the adapters"
            state.apply(self._bots[actor].choose(state.view(actor)))

    def step(self, action: np.int64 | int) -> tuple[Observed, SupportsFloat, bool, bool, Info]:
        state = self.state
        if state is None or self._points() is not None or self._ended_illegally:
            raise InteropError("the episode is over (or not begun): call reset()")
        view = state.view(self.seat)
        mask = self.encoding.mask(view)
        if self.illegal_reward is not None and not (0 <= int(action) < mask.size and mask[int(action)]):
            self._ended_illegally = True
            observation, info = self._observe()
            return observation, float(self.illegal_reward), True, False, {**info, "illegal_action": True}
        state.apply(self.encoding.actions.action(view, int(action)))
        self._play_others()
        points = self._points()
        observation, info = self._observe()
        if self.render_mode == "human":
            self.render()
        reward = 0.0 if points is None else float(points[self.seat])
        return observation, reward, points is not None, False, info

    def _game(self) -> Game:
        """The game of the episode under way."""
        if self.state is None:
            raise InteropError("the episode is not begun: call reset()")
        return self.state

    def _points(self) -> tuple[int, ...] | None:
        state = self._game()
        if self.episode == "deal":
            return tuple(state.deal_results[0].points) if state.deal_results else None
        return tuple(state.returns()) if state.is_terminal else None

    def _observe(self) -> tuple[Observed, Info]:
        view = self._game().view(self.seat)
        mask = self.encoding.mask(view)
        return {"observation": self.encoding.observe(view), "action_mask": mask}, {"action_mask": mask}

    def legal_texts(self) -> list[str]:
        """The seat's legal actions now, as text."""
        return [str(action) for action in self._game().view(self.seat).legal_actions]

    def render(self) -> str | None:
        """The seat's table picture: returned ("ansi") or printed ("human")."""
        if self.render_mode is None or self.state is None:
            return None
        text = "\n".join(picture_lines(self.encoding, self.state, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


def environment_id(game: str) -> str:
    """The Gymnasium id of one of our games (``gymnasium.make("academie/Ecarte-v0", opponents="search")``)."""
    return f"academie/{game.capitalize()}-v0"


def _register() -> None:
    from academie.games import GAMES

    for name in GAMES:
        if environment_id(name) not in gymnasium.registry:
            gymnasium.register(environment_id(name), entry_point=f"{__name__}:SeatEnv", kwargs={"game": name})


_register()

__all__ = ["SeatEnv", "environment_id"]
