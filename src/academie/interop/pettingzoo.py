"""Our five games as PettingZoo AEC environments: ``env("whist")``, ``env("guimbarde", players=5)``,
``env("quinze", form="B")``.

Agents are ``seat_0`` … ``seat_{n-1}``. Each observation is a dict: ``observation``, the fixed-size encoding of the
seat's view, and ``action_mask``, its legal actions over the game's fixed action space (both documented in
:mod:`academie.interop.encoding`, both built from ``state.view(seat)`` only). Chance (shuffles, cuts) is dealt by
the engine from the seed given to ``reset``.

Rewards are in the game's own units. By default an episode is one deal, the first of a new game, and each seat
is rewarded the points (Écarté, Whist), counters (La Guimbarde, La Guinguette) or tokens (Le Quinze) the deal
gave it (``state.deal_results[0].points``). With ``episode="game"`` an episode is a whole game (a partie, a
rubber) and each seat is rewarded the game's returns (``state.returns()``). ``render`` draws the table picture
of the seat to act, as the terminal game does.

>>> e = env("ecarte", first_dealer=0)
>>> e.reset(seed=3)
>>> e.agent_selection, int(e.action_space("seat_1").n)
('seat_1', 101)
>>> e.step(1)   # stand: « je joue »
>>> e.agent_selection
'seat_1'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from academie.engine import Game, SeededChance
from academie.interop.encoding import Encoding, Info, InteropError, Observed, encoding, new_rules

if TYPE_CHECKING:
    from academie.registry import GameType

EPISODES: Final = ("deal", "game")
RENDER_MODES: Final = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class AcademieEnv(AECEnv):  # type: ignore[misc]
    """One of our games as an AEC environment (see the module's documentation)."""

    metadata: ClassVar[dict[str, object]] = {"render_modes": list(RENDER_MODES), "name": "academie",
                                          "is_parallelizable": False}

    def __init__(self, game: str, *, players: int | None = None, render_mode: str | None = None,
                 episode: str = "deal", first_dealer: int | None = None, **options: object) -> None:
        super().__init__()
        if episode not in EPISODES:
            raise InteropError(f"episode={episode!r} is not allowed; allowed: {', '.join(EPISODES)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InteropError(f"render_mode={render_mode!r} is not allowed; allowed: None, {', '.join(RENDER_MODES)}")
        self.encoding: Encoding = encoding(game, rules=new_rules(_game(game), players=players, options=options))
        n = self.encoding.players
        if first_dealer is not None and not (isinstance(first_dealer, int) and 0 <= first_dealer < n):
            raise InteropError(f"first_dealer={first_dealer!r} is not allowed; allowed: None (draw for it), "
                               f"0 to {n - 1}")
        self.episode = episode
        self.first_dealer = first_dealer
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(n)]
        self.agents = self.possible_agents[:]
        size, actions = self.encoding.size, self.encoding.actions.size
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state: Game | None = None
        """The game of the episode under way (None before :meth:`reset`)."""

    # ---------------------------------------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[object]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[object]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observed:
        view = self._game().view(self.possible_agents.index(agent))
        return {"observation": self.encoding.observe(view), "action_mask": self.encoding.mask(view)}

    def _game(self) -> Game:
        """The game of the episode under way."""
        if self.state is None:
            raise InteropError("the episode is not begun: call reset()")
        return self.state

    # ---------------------------------------------------------------------------------------------- episode
    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        deal_seed = self._seeds.getrandbits(63)
        game = self.encoding.game
        state = self.state = game.state(self.encoding.rules, chance=SeededChance(deal_seed),
                                        first_dealer=self.first_dealer)
        state.resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Info] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(_seat(state.actor))

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        space = self.encoding.actions
        state = self._game()
        view = state.view(_seat(state.actor)) if space.needs_view else None
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        state.apply(space.among(state.legal_actions(), view, int(action)))
        points = self._episode_points()
        if points is not None:
            for other, value in zip(self.possible_agents, points, strict=True):
                self.rewards[other] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = agent  # the dead steps then take every agent out in turn
        else:
            self.agent_selection = agent_name(_seat(state.actor))
        if self.render_mode == "human":
            self.render()

    def _episode_points(self) -> tuple[int, ...] | None:
        """The rewards when the episode has ended (one deal, or the game), else None."""
        state = self._game()
        if self.episode == "deal":
            return tuple(state.deal_results[0].points) if state.deal_results else None
        return tuple(state.returns()) if state.is_terminal else None

    # ---------------------------------------------------------------------------------------------- showing
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        text = "\n".join(picture_lines(self.encoding, self._game(), seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def picture_lines(encoding_: Encoding, state: Game, seat: int) -> list[str]:
    """The table picture of ``seat``'s view, drawn as the terminal game draws it (English)."""
    from academie.picture import draw_text
    from academie.words import Words

    painter_of = encoding_.game.painter
    if painter_of is None:
        return [str(state.view(seat))]
    painter = painter_of()
    words = Words("en", game=encoding_.game.name)
    view = state.view(seat)
    picture = painter.paint(view, words=words, names=painter.default_names(view, words=words))
    return draw_text(picture, words, menu=False)


def _seat(actor: int | None) -> int:
    """The seat to act: chance and the table act by themselves, and a game over has no agent to select."""
    assert actor is not None and actor >= 0, "chance and the table act by themselves in the adapters"
    return actor


def _game(name: str) -> GameType:
    from academie.games import load

    return load(name)


def env(game: str, *, players: int | None = None, render_mode: str | None = None, episode: str = "deal",
        first_dealer: int | None = None, **options: object) -> AcademieEnv:
    """The AEC environment of ``game`` (a name or alias); ``options`` are rules options (``form="B"``,
    ``must_trump=False``...); ``episode`` is "deal" or "game", and ``first_dealer`` None lets the players draw for
    it, as the rules say."""
    return AcademieEnv(game, players=players, render_mode=render_mode, episode=episode, first_dealer=first_dealer,
                       **options)


__all__ = ["AcademieEnv", "agent_name", "env", "picture_lines"]
