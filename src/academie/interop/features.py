"""The vocabulary of the research adapters' encodings (:mod:`academie.interop.encoding`): the action space, the
segments of an observation and the helpers that fill them from a view, and what each game's own encoding offers
(:class:`GameEncoding`, its package's ``encoding.py``, reached through :attr:`academie.registry.GameType.encoding`).

It knows no game: a game builds its segments and its action space from these pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from academie.cards import CARDS, Card, Suit
from academie.engine import AcademieError, Action, Rules, View

CARD_SLOTS: Final = 52
"""Card slots of every card segment, in the order of :data:`academie.cards.CARDS`."""
Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class InteropError(AcademieError, ValueError):
    """A request the research adapters cannot serve: an index outside the action space or not legal now, a
    table-mode game, an unknown option."""


ViewT = TypeVar("ViewT", bound=View, contravariant=True)
"""The view class of a game, which its segments and its action space read."""
T = TypeVar("T")


class DealView(View, Protocol):
    """What the segments every game has read of a view, beside who looks, acts and deals."""

    @property
    def phase(self) -> int:
        """The game's phase (its ``Phase`` enum)."""
        ...

    @property
    def history(self) -> Sequence[tuple[int, Action]]:
        """This deal's actions as the viewer saw them, with their actors."""
        ...


DealViewT = TypeVar("DealViewT", bound=DealView)


class HandView(DealView, Protocol):
    """A view that holds the viewer's cards and each seat's card count as most games' views do."""

    @property
    def hand(self) -> Iterable[Card]:
        ...

    @property
    def hand_sizes(self) -> Sequence[int]:
        ...


# ------------------------------------------------------------------------------------------------ actions
class ActionSpace(Generic[ViewT]):
    """The fixed discrete actions of a game: index ``i`` is always the action of text ``texts[i]``.

    >>> space = ActionSpace(("pass", "hold"))
    >>> space.size, space.text(1)
    (2, 'hold')
    """

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts: tuple[str, ...] = tuple(texts)
        self._index = {text: i for i, text in enumerate(self.texts)}

    @property
    def size(self) -> int:
        return len(self.texts)

    def text(self, index: int) -> str:
        """What index ``index`` stands for (Écarté's exchanges: by positions)."""
        return self.texts[index]

    def index(self, view: ViewT | None, action: Action) -> int:
        """The index of ``action`` (one of ``view.legal_actions``, or any action of the space)."""
        found = self._index.get(str(action))
        if found is None:
            raise InteropError(f"action {str(action)!r} has no index in this game's action space "
                               f"(table-mode acts have none); the space holds {self.size} actions")
        return found

    needs_view = False
    """Whether :meth:`index` reads the view (Écarté's exchanges); otherwise it may be given None."""

    def action(self, view: ViewT, index: int) -> Action:
        """The legal action of ``view`` numbered ``index``; :class:`InteropError` if it is not legal now."""
        return self.among(view.legal_actions, view, index)

    def among(self, legal: Sequence[Action], view: ViewT | None, index: int) -> Action:
        """The action of ``legal`` (the actor's legal actions, ``view`` the actor's view) numbered ``index``."""
        for action in legal:
            if self.index(view, action) == index:
                return action
        allowed = sorted(self.index(view, a) for a in legal)
        shown = self.texts[index] if 0 <= index < self.size else "outside the space"
        raise InteropError(f"action index {index} ({shown}) is not legal now; allowed indices: {allowed}")

    def mask(self, view: ViewT) -> Mask:
        """1 at the index of every legal action of ``view``, else 0."""
        out = np.zeros(self.size, dtype=np.int8)
        for action in view.legal_actions:
            out[self.index(view, action)] = 1
        return out


def card_slot(card: Card) -> int:
    return card.index


def card_texts(verb: str, cards: Iterable[Card] = CARDS) -> tuple[str, ...]:
    return tuple(f"{verb} {card}" for card in cards)


# ------------------------------------------------------------------------------------------------ observations
@dataclass(frozen=True, slots=True)
class Context:
    """What an encoder needs beside the view: the table and its scales."""

    players: int
    rules: Rules
    verbs: tuple[str, ...]


SEATS_AND_NOBODY: Final = -1
"""A feature's size: a one-hot over the relative seats and nobody (players + 1 values)."""
PER_SEAT: Final = -2
"""A feature's size: one value per relative seat."""
CARDS_PER_SEAT: Final = -3
"""A feature's size: a card segment per relative seat."""
VERBS_PER_SEAT: Final = -4
"""A feature's size: a one-hot over the game's verbs per relative seat."""


@dataclass(frozen=True, slots=True)
class Feature(Generic[ViewT]):
    """One segment of the observation: its name, its size (a number of values, or one of the sizes per table
    above), what it means, and how a view of the game fills it."""

    name: str
    size: int
    doc: str
    fill: Callable[[ViewT, Context], Iterable[float]]


def relative_slot(view: View, seat: int | None, players: int) -> int:
    """The relative slot of ``seat`` (``players`` for nobody, chance or the table)."""
    if seat is None or not isinstance(seat, int) or not 0 <= seat < players:
        return players
    viewer = view.viewer if 0 <= view.viewer < players else 0
    return (seat - viewer) % players


def one_hot(size: int, at: int | None) -> list[float]:
    out = [0.0] * size
    if at is not None and 0 <= at < size:
        out[at] = 1.0
    return out


def card_values(cards: Iterable[Card | None], weight: float = 1.0) -> list[float]:
    out = [0.0] * CARD_SLOTS
    for card in cards:
        if card is not None:
            out[card.index] = min(1.0, out[card.index] + weight)
    return out


def per_seat(view: View, ctx: Context, values: Sequence[T], encode: Callable[[T], list[float]],
             width: int) -> list[float]:
    """A per-seat field, reordered so that slot ``r`` is the seat ``r`` places after the viewer."""
    out = [0.0] * (width * ctx.players)
    for seat, value in enumerate(values):
        slot = relative_slot(view, seat, ctx.players)
        out[slot * width:(slot + 1) * width] = encode(value)
    return out


def scaled(values: Iterable[float], scale: float) -> list[float]:
    return [min(1.0, max(0.0, value / scale)) for value in values]


def plays(view: DealView) -> list[tuple[int, Card]]:
    return [(seat, card) for seat, action in view.history if (card := played_card(action)) is not None]


@lru_cache(maxsize=4096)
def played_card(action: Action) -> Card | None:
    """The card of a card played to a trick (``play KH``), else None."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) and str(action).startswith("play ") else None


def current_trick(view: DealView) -> Sequence[tuple[int, Card]]:
    """The trick in progress: a view's ``trick`` where it holds one, else read from its ``tricks``."""
    if hasattr(view, "trick"):
        trick: Sequence[tuple[int, Card]] = view.trick
        return trick
    tricks = getattr(view, "tricks", ())
    if not tricks or tricks[-1].winner is not None:
        return ()
    last = tricks[-1]
    if hasattr(last, "plays"):
        played: Sequence[tuple[int, Card]] = last.plays
        return played
    count = len(last.cards)
    return plays(view)[-count:] if count else ()


def hand(view: HandView) -> Iterable[Card | None]:
    """The viewer's cards, as most views hold them (``view.hand``)."""
    return view.hand


def hand_sizes(view: HandView) -> Sequence[int]:
    """Each seat's card count, as most views hold them (``view.hand_sizes``)."""
    return view.hand_sizes


@lru_cache(maxsize=4096)
def verb(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def common(hand_size: int, phases: int) -> list[Feature[HandView]]:
    """The segments every game has (the module's docstring lists them), for views that hold the viewer's cards and
    each seat's card count as most do (:class:`HandView`)."""
    return common_reading(hand_size, phases, cards_held=hand, cards_per_seat=hand_sizes)


def common_reading(hand_size: int, phases: int, *, cards_held: Callable[[DealViewT], Iterable[Card | None]],
                   cards_per_seat: Callable[[DealViewT], Sequence[int]]) -> list[Feature[DealViewT]]:
    """The segments every game has, for a game whose views hold the viewer's cards or the seats' card counts
    otherwise: ``cards_held`` and ``cards_per_seat`` say how to read them."""

    def played(view: DealViewT, ctx: Context) -> list[float]:
        by_seat: list[list[Card]] = [[] for _ in range(ctx.players)]
        for seat, card in plays(view):
            by_seat[seat].append(card)
        return per_seat(view, ctx, by_seat, card_values, CARD_SLOTS)

    def trick(view: DealViewT, ctx: Context) -> list[float]:
        by_seat: list[list[Card]] = [[] for _ in range(ctx.players)]
        for seat, card in current_trick(view):
            by_seat[seat].append(card)
        return per_seat(view, ctx, by_seat, card_values, CARD_SLOTS)

    def last_verb(view: DealViewT, ctx: Context) -> list[float]:
        last: list[str | None] = [None] * ctx.players
        for seat, action in view.history:
            if isinstance(seat, int) and 0 <= seat < ctx.players:
                last[seat] = verb(action)
        width = len(ctx.verbs)
        return per_seat(view, ctx, last, lambda v: one_hot(width, ctx.verbs.index(v) if v in ctx.verbs else None),
                        width)

    return [
        Feature("hand", CARD_SLOTS, "the viewer's cards", lambda v, c: card_values(cards_held(v))),
        Feature("actor", SEATS_AND_NOBODY, "who acts: relative seat one-hot, last slot nobody (chance, the end)",
                lambda v, c: one_hot(c.players + 1, relative_slot(v, v.actor, c.players))),
        Feature("dealer", SEATS_AND_NOBODY, "the dealer: relative seat one-hot, last slot none",
                lambda v, c: one_hot(c.players + 1, relative_slot(v, v.dealer, c.players))),
        Feature("phase", phases, "the game's phase (its Phase enum) one-hot",
                lambda v, c: one_hot(phases, int(v.phase))),
        Feature("hand_sizes", PER_SEAT, f"each relative seat's card count / {hand_size}",
                lambda v, c: per_seat(v, c, cards_per_seat(v), lambda n: scaled([n], hand_size), 1)),
        Feature("played", CARDS_PER_SEAT, "per relative seat: the cards it played this deal", played),
        Feature("trick", CARDS_PER_SEAT, "per relative seat: its card in the trick in progress", trick),
        Feature("last_verb", VERBS_PER_SEAT, "per relative seat: the verb of its last action this deal, one-hot",
                last_verb),
    ]


def seat_one_hot(name: str, doc: str, get: Callable[[ViewT], int | None]) -> Feature[ViewT]:
    return Feature(name, SEATS_AND_NOBODY, doc,
                   lambda v, c: one_hot(c.players + 1, relative_slot(v, get(v), c.players)))


def seat_values(name: str, doc: str, get: Callable[[ViewT, Context], Sequence[float]],
                scale: Callable[[Context], float]) -> Feature[ViewT]:
    return Feature(name, PER_SEAT, doc, lambda v, c: per_seat(v, c, get(v, c), lambda x: scaled([x], scale(c)), 1))


def seat_cards(name: str, doc: str, get: Callable[[ViewT], Sequence[Iterable[Card | None]]],
               weight: float = 1.0) -> Feature[ViewT]:
    return Feature(name, CARDS_PER_SEAT, doc,
                   lambda v, c: per_seat(v, c, get(v), lambda cs: card_values(cs, weight), CARD_SLOTS))


def suit(card_or_suit: Card | Suit | None) -> list[float]:
    if card_or_suit is None:
        return [0.0] * 4
    return one_hot(4, int(card_or_suit.suit if isinstance(card_or_suit, Card) else card_or_suit))


def side_first(view: View, values: Sequence[float]) -> list[float]:
    side = view.viewer % 2 if view.viewer >= 0 else 0
    return [values[side], values[1 - side]]


Build = tuple[list[Feature[ViewT]], ActionSpace[ViewT], tuple[str, ...]]
"""What a game's encoding builds for a table: its segments and its action space over its views, and its verbs (for
``last_verb``)."""


class GameEncoding(Protocol):
    """What each game's ``encoding.py`` offers the adapters. The adapters give it only its own game's rules and
    views (the registration ties them), and it reads what its game's classes declare."""

    def build(self, players: int, rules: Rules, /) -> Build[View]:
        """The observation's segments, the action space and the verbs of a table of ``players`` under ``rules``."""
        ...

    def deal_bounds(self, players: int, rules: Rules, /) -> tuple[float, float]:
        """The least and the most a seat can get from one deal of a new game under ``rules``."""
        ...

    def zero_sum(self, rules: Rules, /) -> bool:
        """Whether every deal's results sum to zero under ``rules``."""
        ...
