"""The bots' shared layer, below every game: the :class:`Bot` protocol and the random bot
(:mod:`academie.bots.random`). Each game's own bots live in its package (``academie.games.<game>.bots``) and
are listed by its registration; :func:`academie.games.make_bot` makes any of them by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from academie.cards import Card
from academie.engine import Action
from academie.words import Words


class Reason(str):
    """Why a bot chose what it chose: English text that also carries its message and arguments, so that a screen
    can say it in the player's language (``words(reason.message, **reason.arguments)``).

    >>> reason = Reason("proposes: {gain} more points expected", gain="+0.4")
    >>> str(reason), reason.message
    ('proposes: +0.4 more points expected', 'proposes: {gain} more points expected')

    Its English text writes a card argument (a :class:`~academie.cards.Card`, or a tuple of them) as players do:

    >>> str(Reason("leads {card}", card=Card.parse("TH")))
    'leads 10♥'

    A reason is information like any other: it speaks of the bot's hand, so it is **private** to the bot's seat
    until the game is over. Its ``shown`` text is what every other seat and spectator may read meanwhile: a
    sentence built from what the action itself and the public view show (None: nothing but the action).
    :class:`OpenReason` is a reason that is all public (a ruling taken under a law, which says only what is done):

    >>> reason = Reason("chooses at random among the {count} moves allowed", count=3,
    ...                 shown=OpenReason("chooses at random"))
    >>> str(reason.shown), OpenReason("lets the deal stand").shown
    ('chooses at random', 'lets the deal stand')
    >>> Reason("holds the king of trumps").shown is None
    True
    """

    message: str
    arguments: dict[str, object]
    _public: Reason | None

    def __new__(cls, message: str, /, *, shown: Reason | None = None, **arguments: object) -> Reason:
        return cls._made(message, arguments, shown)

    @classmethod
    def _made(cls, message: str, arguments: dict[str, object], shown: Reason | None) -> Reason:
        text = message.format(**{name: _shown(value) for name, value in arguments.items()}) if arguments else message
        reason = str.__new__(cls, text)
        reason.message = message
        reason.arguments = arguments
        reason._public = shown
        return reason

    @property
    def shown(self) -> Reason | None:
        """What every other seat and the spectators may read during the game (None: nothing but the action)."""
        return self._public

    def __reduce__(self) -> tuple[object, ...]:
        # across processes (the card room's bot workers) a reason keeps its kind, message, arguments and public part
        return _rebuilt, (type(self), self.message, self.arguments, self._public)


class OpenReason(Reason):
    """A reason every seat may read at once: its text says nothing the action and the public view do not (a
    ruling taken under a law, which says only what is done)."""

    @property
    def shown(self) -> Reason:
        return self


def _rebuilt(kind: type[Reason], message: str, arguments: dict[str, object], public: Reason | None) -> Reason:
    return kind._made(message, arguments, public)


def reason_seen(reason: str, *, actor: int, viewer: int, over: bool) -> str:
    """What ``viewer`` (a seat, or :data:`~academie.engine.PUBLIC`) may read of the reason ``actor``'s bot gave:
    all of it for the bot's own seat and, once the game is over, for everyone; until then only its ``shown``
    text ("" when it has none, or when ``reason`` is plain text, whose privacy nobody declared).

    >>> reason = Reason("holds the king of trumps", shown=OpenReason("proposes"))
    >>> [reason_seen(reason, actor=1, viewer=v, over=False) for v in (1, 0, -3)]
    ['holds the king of trumps', 'proposes', 'proposes']
    >>> reason_seen(reason, actor=1, viewer=0, over=True)
    'holds the king of trumps'
    """
    if over or viewer == actor:
        return reason
    shown = reason.shown if isinstance(reason, Reason) else None
    return shown if shown is not None else ""


def say_reason(reason: str, words: Words) -> str:
    """A bot's reason in the reader's language: a :class:`Reason`'s message through ``words`` with its cards and
    numbers written the language's way (``R♥``, ``0,4``); plain text (a reason kept in a record) through
    :meth:`~academie.words.Words.said_again`; a message the catalogue cannot fill as it was given."""
    if not isinstance(reason, Reason):
        return words.said_again(reason)  # a reason read back from a record: English text
    arguments = {name: _in_words(value, words) for name, value in reason.arguments.items()}
    try:
        return words(reason.message, **arguments)
    except (KeyError, IndexError, ValueError):
        return str(reason)


def _in_words(value: object, words: Words) -> object:
    if isinstance(value, Card):
        return words.card(value)
    if isinstance(value, float) or (isinstance(value, str) and value[:1] in "+-−0123456789") \
            or (isinstance(value, int) and not isinstance(value, bool) and value < 0):
        return words.number(value)
    if isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
        return words.cards(tuple(card for card in value if isinstance(card, Card)))
    return value


def _shown(value: object) -> object:
    """A reason's argument in its English text: cards as players write them (``10♥``), not as the engine does."""
    if isinstance(value, Card):
        return value.pretty()
    if isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
        return " ".join(card.pretty() for card in value if isinstance(card, Card))
    return value


class Work:
    """The work a search bot has done on one decision, counted in units the bot defines (a card played in a solve
    or a play-out, a hand tried in reading another seat's cards...): its budget is a number of units, never a
    clock, so that the same view and seed give the same decision on any machine. Each bot's units are chosen so
    that its largest budget, at the largest table, stays well under a second on the project's two-core machine
    (``python -m bench.bots`` measures it).

    >>> work = Work()
    >>> work.units += 120
    >>> work.units
    120
    """

    __slots__ = ("units",)

    def __init__(self) -> None:
        self.units = 0


class Bot(Protocol):
    """A player program: ``choose`` returns one of ``view.legal_actions``. Bots see views, never states."""

    name: str

    def choose(self, view: Any) -> Action: ...

    def explain(self) -> str:
        """A sentence on why the last action was chosen ("" if nothing to say)."""
        ...
