"""La Triomphe: a small two-handed trick game of the French tradition (the mother of Écarté), published as a
distribution of its own and found by Académie through the ``academie.games`` entry point: everything about the
game (state, laws, catalogue, bots, picture, words, encoding, lobby, test tables) is here, and its one
registration, :data:`GAME`.

>>> from academie import games
>>> games.load("triomphe").title
'La Triomphe'
"""

from typing import Any

from academie.bots import Bot
from academie.bots.random import RandomBot
from academie.registry import GameType, Lobby, Say, encoding_of, painter_of, referee_of, suite_of
from triomphe import table
from triomphe.laws import CATALOGUE
from triomphe.records import HOOKS
from triomphe.state import TriompheRules, TriompheState

TriompheState.table_laws = table


def _classical(**options: Any) -> Bot:
    """The classical bot (:mod:`triomphe.bots.classical`), loaded when first asked for."""
    from triomphe.bots.classical import ClassicalBot

    return ClassicalBot(**options)


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Two players, 32 cards, five tricks: follow, head the trick or trump, and mark five points first."),
        options={"game_points": w("Points that win the game (five in the old books)")})


GAME = GameType(
    name="triomphe", title="La Triomphe", aliases=("la triomphe", "french ruff"), min_seats=2, max_seats=2,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=11,
    state=TriompheState, rules=TriompheRules, catalogue=CATALOGUE, record=HOOKS,
    bots={"random": RandomBot, "classical": _classical}, painter=painter_of(__name__),
    encoding=encoding_of(__name__), suite=suite_of(__name__), lobby=lobby, referee=referee_of(__name__))
"""La Triomphe, as every client of the registry sees it."""
