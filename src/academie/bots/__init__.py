"""The bots' shared layer, below every game: the :class:`Bot` protocol and the random bot
(:mod:`academie.bots.random`). Each game's own bots live in its package (``academie.games.<game>.bots``) and
are listed by its registration; :func:`academie.games.make_bot` makes any of them by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from academie.engine import Action


class Reason(str):
    """Why a bot chose what it chose: English text that also carries its message and arguments, so that a screen
    can say it in the player's language (``words(reason.message, **reason.arguments)``).

    >>> reason = Reason("proposes: {gain} more points expected", gain="+0.4")
    >>> str(reason), reason.message
    ('proposes: +0.4 more points expected', 'proposes: {gain} more points expected')
    """

    message: str
    arguments: dict[str, object]

    def __new__(cls, message: str, /, **arguments: object) -> Reason:
        reason = super().__new__(cls, message.format(**arguments) if arguments else message)
        reason.message = message
        reason.arguments = arguments
        return reason


class Bot(Protocol):
    """A player program: ``choose`` returns one of ``view.legal_actions``. Bots see views, never states."""

    name: str

    def choose(self, view: Any) -> Action: ...

    def explain(self) -> str:
        """A sentence on why the last action was chosen ("" if nothing to say)."""
        ...
