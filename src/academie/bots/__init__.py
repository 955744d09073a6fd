"""The bots' shared layer, below every game: the :class:`Bot` protocol and the random bot
(:mod:`academie.bots.random`). Each game's own bots live in its package (``academie.games.<game>.bots``) and
are listed by its registration; :func:`academie.games.make_bot` makes any of them by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from academie.cards import Card
from academie.engine import Action


class Reason(str):
    """Why a bot chose what it chose: English text that also carries its message and arguments, so that a screen
    can say it in the player's language (``words(reason.message, **reason.arguments)``).

    >>> reason = Reason("proposes: {gain} more points expected", gain="+0.4")
    >>> str(reason), reason.message
    ('proposes: +0.4 more points expected', 'proposes: {gain} more points expected')

    Its English text writes a card argument (a :class:`~academie.cards.Card`, or a tuple of them) as players do:

    >>> str(Reason("leads {card}", card=Card.parse("TH")))
    'leads 10♥'
    """

    message: str
    arguments: dict[str, object]

    def __new__(cls, message: str, /, **arguments: object) -> Reason:
        text = message.format(**{name: _shown(value) for name, value in arguments.items()}) if arguments else message
        reason = super().__new__(cls, text)
        reason.message = message
        reason.arguments = arguments
        return reason


def _shown(value: object) -> object:
    """A reason's argument in its English text: cards as players write them (``10♥``), not as the engine does."""
    if isinstance(value, Card):
        return value.pretty()
    if isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
        return " ".join(card.pretty() for card in value if isinstance(card, Card))
    return value


class Bot(Protocol):
    """A player program: ``choose`` returns one of ``view.legal_actions``. Bots see views, never states."""

    name: str

    def choose(self, view: Any) -> Action: ...

    def explain(self) -> str:
        """A sentence on why the last action was chosen ("" if nothing to say)."""
        ...
