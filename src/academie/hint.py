"""Hints: what a bot of a given level would do from a seat's view, and why, for every game.

:func:`hint` is pure: it makes a new bot of the level asked (the strongest by default) with the seed given,
asks it once and returns its choice with its reason. It sees the view alone, never the state, so a hint can
tell a player nothing his own view does not hold; the same view and the same seed give the same hint. The
terminal's ``hint`` command and the card room call it.

>>> from academie.games import load
>>> state = load("ecarte").new(seed=5, first_dealer=0)
>>> advice = hint("ecarte", state.view(1), level="classical")
>>> advice.action in state.legal_actions(), advice.level, bool(advice.reason)
(True, 'classical', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from academie.engine import AcademieError, Action, View
from academie.games import GameType, load


class HintError(AcademieError, ValueError):
    """A hint that cannot be given: an unknown level, or a view whose seat is not to act."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A bot's choice for a seat and its reason (a :class:`~academie.bots.Reason` when the bot gives one, which a
    screen says in the player's language)."""

    action: Action
    reason: str
    level: str


def hint(game: str | GameType, view: View, *, level: str | None = None, seed: int = 0) -> Hint:
    """What the bot ``level`` of ``game`` (default: its strongest) would do from ``view``, and why.

    Raises :class:`HintError` when the level is not one of the game's bots or when the view's seat has no
    legal action (it is not that seat's turn).
    """
    game_type = load(game) if isinstance(game, str) else game
    name = level if level is not None else game_type.strongest()
    if name not in game_type.bot_names():
        raise HintError(f"no level {name!r} in {game_type.name}; allowed: {', '.join(game_type.bot_names())}")
    if not tuple(view.legal_actions):
        raise HintError(f"seat {view.viewer!r} is not to act in this view of {game_type.name}: no hint to give")
    bot = game_type.make_bot(name, seed=seed)
    action = bot.choose(view)
    return Hint(action=action, reason=bot.explain(), level=name)
