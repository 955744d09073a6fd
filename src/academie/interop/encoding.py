"""What a learning program sees of a seat and what it may do: the fixed-size observation of a seat's view and
the fixed discrete action space of each game, shared by the PettingZoo, Gymnasium and OpenSpiel adapters.

Both are built from ``state.view(seat)`` alone (never from the state), so an observation holds exactly what that
seat may know.

**The observation** of a view is a ``float32`` vector whose layout depends on the game and on the number of
players only (``Encoding.layout()`` lists its segments with their offsets and meaning). Seats in it are
*relative*: slot ``r`` of a per-seat segment is the seat ``r`` places after the viewer in seat order (slot 0 is
the viewer). Cards are slots ``0..51`` in the order of :data:`academie.cards.CARDS` (clubs, diamonds, hearts,
spades; 2 to ace). Every value lies in ``[0, 1]``: counts of cards are 0 or 1 (Le Quinze's colour packs hold each
card twice: 0.5 a copy), amounts are divided by a stated scale and clipped. The segments every game has:

- ``hand``: the viewer's cards; ``actor``, ``dealer``: relative seat one-hot (last slot: nobody);
- ``phase``: the game's phase one-hot; ``hand_sizes``: each relative seat's card count over the hand size;
- ``played``: per relative seat, the cards it played to tricks this deal; ``trick``: per relative seat, its card
  in the trick in progress; ``last_verb``: per relative seat, the verb of its last action this deal (one-hot over
  the game's verbs, as the viewer saw the action);

then the game's own segments (trumps, the turn-up, exposed cards, scores, boxes, baskets, stakes...).

**The action space** of a game numbers every action a seat can take in enforced mode: ``play KH`` is one index
whatever the hand, so are ``propose``, ``call``, ``bet 2``, ``raise 7`` (Le Quinze's amounts run from 1 to all the
tokens at the table). Écarté's exchanges are the one exception: a discard is numbered by the *positions* of the
discarded cards in the hand sorted in card order (a 5-bit mask), a take-back by positions in the last discard.
``ActionSpace.index(view, action)`` and ``ActionSpace.action(view, index)`` convert both ways for a view, and
``ActionSpace.mask(view)`` marks the legal indices.

Table mode (irregular acts, remedies) has no place in a fixed action space: the adapters refuse it.

>>> from academie import games
>>> enc = encoding("ecarte")
>>> state = games.load("ecarte").new(seed=7, first_dealer=0)
>>> view = state.view(1)
>>> [enc.actions.text(i) for i in range(enc.actions.size) if enc.actions.mask(view)[i]]
['propose', 'stand']
>>> enc.observe(view).shape == (enc.size,), enc.layout()[0][:3]
(True, ('hand', 0, 52))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from academie.cards import CARDS, Card
from academie.engine import AcademieError, Action, Mode, RulesError
from academie.games import GameType, load

CARD_SLOTS: Final = 52
"""Card slots of every card segment, in the order of :data:`academie.cards.CARDS`."""
Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class InteropError(AcademieError, ValueError):
    """A request the research adapters cannot serve: an index outside the action space or not legal now, a
    table-mode game, an unknown option."""


# ------------------------------------------------------------------------------------------------ actions
class ActionSpace:
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

    def index(self, view: Any, action: Action) -> int:
        """The index of ``action`` (one of ``view.legal_actions``, or any action of the space)."""
        found = self._index.get(str(action))
        if found is None:
            raise InteropError(f"action {str(action)!r} has no index in this game's action space "
                               f"(table-mode acts have none); the space holds {self.size} actions")
        return found

    needs_view = False
    """Whether :meth:`index` reads the view (Écarté's exchanges); otherwise it may be given None."""

    def action(self, view: Any, index: int) -> Action:
        """The legal action of ``view`` numbered ``index``; :class:`InteropError` if it is not legal now."""
        return self.among(view.legal_actions, view, index)

    def among(self, legal: Sequence[Action], view: Any, index: int) -> Action:
        """The action of ``legal`` (the actor's legal actions, ``view`` the actor's view) numbered ``index``."""
        for action in legal:
            if self.index(view, action) == index:
                found: Action = action
                return found
        allowed = sorted(self.index(view, a) for a in legal)
        shown = self.texts[index] if 0 <= index < self.size else "outside the space"
        raise InteropError(f"action index {index} ({shown}) is not legal now; allowed indices: {allowed}")

    def mask(self, view: Any) -> Mask:
        """1 at the index of every legal action of ``view``, else 0."""
        out = np.zeros(self.size, dtype=np.int8)
        for action in view.legal_actions:
            out[self.index(view, action)] = 1
        return out


_POSITION_MASKS: Final = 32
"""Écarté: a subset of the five positions of a hand (or of a discard) as a 5-bit mask."""


class EcarteActionSpace(ActionSpace):
    """Écarté's space: the fixed actions, then ``discard`` by positions in the sorted hand (32 masks, 0 = keep
    all, E-§4.2's dealer who takes no card), then ``take-back`` by positions in the last discard (ECARTE-VI.5)."""

    needs_view = True

    def __init__(self, texts: Sequence[str]) -> None:
        fixed = tuple(texts)
        self.discard_base = len(fixed)
        self.take_back_base = self.discard_base + _POSITION_MASKS
        masks = [_positions(m) for m in range(_POSITION_MASKS)]
        super().__init__((*fixed, *(f"discard positions {p}" for p in masks),
                          *(f"take-back positions {p}" for p in masks)))

    def index(self, view: Any, action: Action) -> int:
        text = str(action)
        if text.startswith("discard"):
            return self.discard_base + _subset_mask(sorted(view.hand, key=_card_slot), action.cards)  # type: ignore[attr-defined]
        if text.startswith("take-back"):
            return self.take_back_base + _subset_mask(_last_discard(view), action.cards)  # type: ignore[attr-defined]
        return super().index(view, action)


def _positions(mask: int) -> str:
    return ",".join(str(i) for i in range(5) if mask >> i & 1) or "none"


def _subset_mask(pool: Sequence[Card], cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << pool.index(card)
    return mask


def _last_discard(view: Any) -> list[Card]:
    """The cards of the viewer's last discard this deal, sorted in card order (ECARTE-VI.5's take-back)."""
    for seat, action in reversed(view.history):
        if seat == view.viewer and str(action).startswith("discard"):
            return sorted(action.cards, key=_card_slot)
    return []


def _card_slot(card: Card) -> int:
    return card.index


def _card_texts(verb: str, cards: Iterable[Card] = CARDS) -> tuple[str, ...]:
    return tuple(f"{verb} {card}" for card in cards)


# ------------------------------------------------------------------------------------------------ observations
@dataclass(frozen=True, slots=True)
class Context:
    """What an encoder needs beside the view: the table and its scales."""

    players: int
    rules: Any
    verbs: tuple[str, ...]


Fill = Callable[[Any, Context], Iterable[float]]


SEATS_AND_NOBODY: Final = -1
"""A feature's size: a one-hot over the relative seats and nobody (players + 1 values)."""
PER_SEAT: Final = -2
"""A feature's size: one value per relative seat."""
CARDS_PER_SEAT: Final = -3
"""A feature's size: a card segment per relative seat."""
VERBS_PER_SEAT: Final = -4
"""A feature's size: a one-hot over the game's verbs per relative seat."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One segment of the observation: its name, its size (a number of values, or one of the sizes per table
    above), what it means, and how a view fills it."""

    name: str
    size: int
    doc: str
    fill: Fill


def _rel(view: Any, seat: int | None, players: int) -> int:
    """The relative slot of ``seat`` (``players`` for nobody, chance or the table)."""
    if seat is None or not isinstance(seat, int) or not 0 <= seat < players:
        return players
    viewer = view.viewer if 0 <= view.viewer < players else 0
    return (seat - viewer) % players


def _one_hot(size: int, at: int | None) -> list[float]:
    out = [0.0] * size
    if at is not None and 0 <= at < size:
        out[at] = 1.0
    return out


def _cards(cards: Iterable[Card | None], weight: float = 1.0) -> list[float]:
    out = [0.0] * CARD_SLOTS
    for card in cards:
        if card is not None:
            out[card.index] = min(1.0, out[card.index] + weight)
    return out


def _per_seat(view: Any, ctx: Context, values: Sequence[Any], encode: Callable[[Any], list[float]],
              width: int) -> list[float]:
    """A per-seat field, reordered so that slot ``r`` is the seat ``r`` places after the viewer."""
    out = [0.0] * (width * ctx.players)
    for seat, value in enumerate(values):
        slot = _rel(view, seat, ctx.players)
        out[slot * width:(slot + 1) * width] = encode(value)
    return out


def _scaled(values: Iterable[float], scale: float) -> list[float]:
    return [min(1.0, max(0.0, value / scale)) for value in values]


def _plays(view: Any) -> list[tuple[int, Card]]:
    return [(seat, action.card) for seat, action in view.history if _is_play(action)]


@lru_cache(maxsize=4096)
def _is_play(action: Action) -> bool:
    """A card played to a trick (``play KH``)."""
    return hasattr(action, "card") and str(action).startswith("play ")


def _current_trick(view: Any) -> Sequence[tuple[int, Card]]:
    if hasattr(view, "trick"):
        trick: Sequence[tuple[int, Card]] = view.trick
        return trick
    tricks = getattr(view, "tricks", ())
    if not tricks or tricks[-1].winner is not None:
        return ()
    last = tricks[-1]
    if hasattr(last, "plays"):
        plays: Sequence[tuple[int, Card]] = last.plays
        return plays
    count = len(last.cards)
    return _plays(view)[-count:] if count else ()


def _hand(view: Any) -> Iterable[Card | None]:
    """The viewer's cards (Le Quinze: his hidden card and his cards drawn)."""
    if hasattr(view, "hand"):
        hand: Iterable[Card] = view.hand
        return hand
    if not 0 <= view.viewer < len(view.hole):
        return ()
    return (view.hole[view.viewer], *view.up[view.viewer])


def _hand_sizes(view: Any) -> Sequence[int]:
    """Each seat's card count (Le Quinze: its hidden card and the cards it drew)."""
    if hasattr(view, "hand_sizes"):
        sizes: Sequence[int] = view.hand_sizes
        return sizes
    return [int(view.in_coup[s]) + view.drawn[s] for s in range(len(view.in_coup))]


@lru_cache(maxsize=4096)
def _verb(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def _common(hand_size: int, phases: int) -> list[Feature]:
    def played(view: Any, ctx: Context) -> list[float]:
        by_seat: list[list[Card]] = [[] for _ in range(ctx.players)]
        for seat, card in _plays(view):
            by_seat[seat].append(card)
        return _per_seat(view, ctx, by_seat, _cards, CARD_SLOTS)

    def trick(view: Any, ctx: Context) -> list[float]:
        by_seat: list[list[Card]] = [[] for _ in range(ctx.players)]
        for seat, card in _current_trick(view):
            by_seat[seat].append(card)
        return _per_seat(view, ctx, by_seat, _cards, CARD_SLOTS)

    def last_verb(view: Any, ctx: Context) -> list[float]:
        last: list[str | None] = [None] * ctx.players
        for seat, action in view.history:
            if isinstance(seat, int) and 0 <= seat < ctx.players:
                last[seat] = _verb(action)
        width = len(ctx.verbs)
        return _per_seat(view, ctx, last, lambda v: _one_hot(width, ctx.verbs.index(v) if v in ctx.verbs else None),
                         width)

    return [
        Feature("hand", CARD_SLOTS, "the viewer's cards", lambda v, c: _cards(_hand(v))),
        Feature("actor", SEATS_AND_NOBODY, "who acts: relative seat one-hot, last slot nobody (chance, the end)",
                lambda v, c: _one_hot(c.players + 1, _rel(v, v.actor, c.players))),
        Feature("dealer", SEATS_AND_NOBODY, "the dealer: relative seat one-hot, last slot none",
                lambda v, c: _one_hot(c.players + 1, _rel(v, v.dealer, c.players))),
        Feature("phase", phases, "the game's phase (its Phase enum) one-hot",
                lambda v, c: _one_hot(phases, int(v.phase))),
        Feature("hand_sizes", PER_SEAT, f"each relative seat's card count / {hand_size}",
                lambda v, c: _per_seat(v, c, _hand_sizes(v), lambda n: _scaled([n], hand_size), 1)),
        Feature("played", CARDS_PER_SEAT, "per relative seat: the cards it played this deal", played),
        Feature("trick", CARDS_PER_SEAT, "per relative seat: its card in the trick in progress", trick),
        Feature("last_verb", VERBS_PER_SEAT, "per relative seat: the verb of its last action this deal, one-hot",
                last_verb),
    ]


def _seat_one_hot(name: str, doc: str, get: Callable[[Any], int | None]) -> Feature:
    return Feature(name, SEATS_AND_NOBODY, doc, lambda v, c: _one_hot(c.players + 1, _rel(v, get(v), c.players)))


def _seat_values(name: str, doc: str, get: Callable[[Any, Context], Sequence[float]],
                 scale: Callable[[Context], float]) -> Feature:
    return Feature(name, PER_SEAT, doc, lambda v, c: _per_seat(v, c, get(v, c), lambda x: _scaled([x], scale(c)), 1))


def _seat_cards(name: str, doc: str, get: Callable[[Any], Sequence[Iterable[Card | None]]],
                weight: float = 1.0) -> Feature:
    return Feature(name, CARDS_PER_SEAT, doc,
                   lambda v, c: _per_seat(v, c, get(v), lambda cs: _cards(cs, weight), CARD_SLOTS))


def _suit(card_or_suit: Any) -> list[float]:
    if card_or_suit is None:
        return [0.0] * 4
    suit = getattr(card_or_suit, "suit", card_or_suit)
    return _one_hot(4, int(suit))


def _side_first(view: Any, values: Sequence[float]) -> list[float]:
    side = view.viewer % 2 if view.viewer >= 0 else 0
    return [values[side], values[1 - side]]


# ------------------------------------------------------------------------------------------------ per game
def _ecarte(players: int, rules: Any) -> tuple[list[Feature], ActionSpace, tuple[str, ...]]:
    from academie.cards import PACK_32
    from academie.games.ecarte.state import Phase

    points = rules.game_points
    features = [
        *_common(5, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: _suit(v.trump_card)),
        Feature("turn_up", CARD_SLOTS, "the turned-up card (la retourne)", lambda v, c: _cards([v.trump_card])),
        _seat_cards("exposed", "per relative seat: its cards shown face up (ECARTE-VI.6)", lambda v: v.exposed),
        Feature("my_discards", CARD_SLOTS, "the cards the viewer discarded this deal",
                lambda v, c: _cards(v.my_discards)),
        Feature("my_draws", CARD_SLOTS, "the cards the viewer drew from the talon this deal",
                lambda v, c: _cards(card for drawn in v.drawn for card in drawn)),
        _seat_values("drawn", "per relative seat: cards drawn this deal / 20",
                     lambda v, c: [sum(counts) for counts in v.draw_counts], lambda c: 20.0),
        Feature("talon", 1, "cards left in the talon / 32", lambda v, c: _scaled([v.talon_size], 32)),
        _seat_values("tricks_won", "per relative seat: tricks won / 5", lambda v, c: v.tricks_won, lambda c: 5.0),
        _seat_values("score", f"per relative seat: points in the game / {points}", lambda v, c: v.score,
                     lambda c: float(c.rules.game_points)),
        _seat_values("games", "per relative seat: games won in the partie / 2", lambda v, c: v.games, lambda c: 2.0),
        _seat_one_hot("king_marked", "who marked the king (E-§4.4)", lambda v: v.king_marked_by),
        Feature("first_decision", 1, "the deal is at its first decision (ECARTE-VI.7/VI.8)",
                lambda v, c: [float(v.first_decision)]),
        _seat_one_hot("stood", "who played without proposing (ECARTE-VI.8)", lambda v: v.stood),
        _seat_one_hot("refused", "who refused the first proposal (ECARTE-VI.7)", lambda v: v.refused),
    ]
    texts = ("propose", "stand", "accept", "refuse", "mark-king", *_card_texts("play", PACK_32))
    return features, EcarteActionSpace(texts), ("propose", "stand", "accept", "refuse", "mark-king", "play",
                                                "discard", "take-back")


def _whist(players: int, rules: Any) -> tuple[list[Feature], ActionSpace, tuple[str, ...]]:
    from academie.games.whist.state import Phase

    features = [
        *_common(13, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: _suit(v.trump)),
        Feature("turned_card", CARD_SLOTS, "the card turned up this deal (WHIST-24)",
                lambda v, c: _cards([v.turned_card])),
        Feature("turn_up_on_table", CARD_SLOTS, "the turn-up while it lies on the table",
                lambda v, c: _cards([v.turn_up])),
        _seat_cards("exposed", "per relative seat: its cards shown face up", lambda v: v.exposed),
        Feature("tricks_won", 2, "tricks won by the viewer's side, then the other / 13",
                lambda v, c: _scaled(_side_first(v, v.tricks_won), 13)),
        Feature("score", 2, "points of the viewer's side, then the other, in the game / 10",
                lambda v, c: _scaled(_side_first(v, v.score), 10)),
        Feature("start_score", 2, "the same when the deal began (W-§4.1)",
                lambda v, c: _scaled(_side_first(v, v.start_score), 10)),
        Feature("games", 2, "games won in the rubber by each side / 2",
                lambda v, c: _scaled(_side_first(v, v.games), 2)),
        _seat_one_hot("called", "who called at eight this deal (W-§4.2)", lambda v: v.called),
    ]
    texts = (*_card_texts("play"), "call", "answer", "deny", "show-honours")
    return features, ActionSpace(texts), ("play", "call", "answer", "deny", "show-honours")


def _guimbarde(players: int, rules: Any) -> tuple[list[Feature], ActionSpace, tuple[str, ...]]:
    from academie.games.guimbarde.state import BOXES, Phase

    stock = float(rules.starting_stock)

    def boxes(view: Any, ctx: Context) -> list[float]:
        held = dict(view.boxes)
        return _scaled([held.get(box, 0) for box in BOXES], ctx.players * stock)

    features = [
        *_common(5, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: _suit(v.trump)),
        Feature("turn_up", CARD_SLOTS, "the turned-up card", lambda v, c: _cards([v.trump_card])),
        _seat_cards("shown", "per relative seat: its cards shown to everybody", lambda v: v.shown),
        _seat_one_hot("eldest", "the eldest hand", lambda v: v.eldest),
        Feature("boxes", len(BOXES), "counters in each box (GUIMBARDE-FIG order) / (players × starting stock)", boxes),
        _seat_values("stocks", "per relative seat: its counters / (players × starting stock)",
                     lambda v, c: v.stocks or [0] * c.players, lambda c: c.players * stock),
        _seat_values("announced", "per relative seat: the point it announced / 5", lambda v, c: v.announced,
                     lambda c: 5.0),
        _seat_values("tricks_won", "per relative seat: tricks won / 5", lambda v, c: v.tricks_won, lambda c: 5.0),
        Feature("deal", 1, "deals played / deals in the game", lambda v, c: _scaled([v.deal_number], max(1, v.deals))),
    ]
    return features, ActionSpace(_card_texts("play")), ("play",)


def _guinguette(players: int, rules: Any) -> tuple[list[Feature], ActionSpace, tuple[str, ...]]:
    from academie.games.guinguette.state import Phase

    stock = float(rules.stock)

    def total(ctx: Context) -> float:
        return ctx.players * stock

    features = [
        *_common(4, len(Phase)),
        Feature("my_discards", CARD_SLOTS, "the cards the viewer discarded this deal",
                lambda v, c: _cards(v.my_discards)),
        Feature("my_draws", CARD_SLOTS, "the cards the viewer drew from the cotillon", lambda v, c: _cards(v.my_draws)),
        _seat_cards("shown", "per relative seat: its cards shown face up", lambda v: v.shown),
        _seat_values("stocks", "per relative seat: its tokens / (players × stock)", lambda v, c: v.stocks, total),
        Feature("baskets", 3, "guinguette, cabaret, cotillon baskets / (players × stock)",
                lambda v, c: _scaled(v.baskets, total(c))),
        Feature("cotillon", 1, "cards in the cotillon / 52", lambda v, c: _scaled([v.cotillon_size], 52)),
        _seat_values("stirs", "per relative seat: times it stirred / 4", lambda v, c: v.stirs, lambda c: 4.0),
        _seat_values("contributions", "per relative seat: put into the cabaret / (players × stock)",
                     lambda v, c: v.contributions, total),
        _seat_values("folded", "per relative seat: folded", lambda v, c: v.folded, lambda c: 1.0),
        _seat_values("all_in", "per relative seat: all in", lambda v, c: v.all_in, lambda c: 1.0),
        _seat_values("acted", "per relative seat: spoke since the last bet", lambda v, c: v.acted, lambda c: 1.0),
        _seat_values("may_stir", "per relative seat: may stir now", lambda v, c: v.may_stir, lambda c: 1.0),
        _seat_values("stirred_now", "per relative seat: stirred this round", lambda v, c: v.stirred_now,
                     lambda c: 1.0),
        _seat_values("tricks_won", "per relative seat: tricks won / 4", lambda v, c: v.tricks_won, lambda c: 4.0),
        Feature("betting", 5, "opened; highest contribution, raises, last measure, stir round (scaled)",
                lambda v, c: [float(v.opened), *_scaled([v.high], total(c)), *_scaled([v.raises], 20),
                              *_scaled([v.last_measure], 4), *_scaled([v.stir_round], 4)]),
    ]
    texts = ("keep", "pass", "hold", "fold", "all-in", "bet 1", "bet 2", "bet 4", "raise 1", "raise 2", "raise 4",
             *_card_texts("stir"), *_card_texts("restir"), *_card_texts("play"))
    return features, ActionSpace(texts), ("keep", "pass", "hold", "fold", "all-in", "bet", "raise", "stir",
                                          "restir", "play")


def _quinze(players: int, rules: Any) -> tuple[list[Feature], ActionSpace, tuple[str, ...]]:
    from academie.games.quinze.state import SIMPLE, Phase

    tokens = float(players * rules.cave)

    def total(ctx: Context) -> float:
        return tokens

    features = [
        *_common(12, len(Phase)),
        _seat_cards("hole", "per relative seat: its hidden card when the viewer knows it (0.5 a copy)",
                    lambda v: [[card] for card in v.hole], 0.5),
        _seat_cards("up", "per relative seat: its cards the viewer sees (0.5 a copy)", lambda v: v.up, 0.5),
        _seat_values("total", "per relative seat: its total when the viewer knows it / 30",
                     lambda v, c: [v.total(s) or 0 for s in range(c.players)], lambda c: 30.0),
        _seat_values("caves", "per relative seat: its tokens / all the tokens", lambda v, c: v.caves, total),
        _seat_values("contributions", "per relative seat: bet this coup / all the tokens",
                     lambda v, c: v.contributions, total),
        _seat_values("in_coup", "per relative seat: in the coup", lambda v, c: v.in_coup, lambda c: 1.0),
        _seat_values("folded", "per relative seat: passed", lambda v, c: v.folded, lambda c: 1.0),
        _seat_values("busted", "per relative seat: known bust", lambda v, c: v.busted, lambda c: 1.0),
        _seat_values("stood", "per relative seat: stands", lambda v, c: v.stood, lambda c: 1.0),
        _seat_values("announced", "per relative seat: announced short (QUINZE-36)", lambda v, c: v.announced,
                     lambda c: 1.0),
        _seat_values("drawn", "per relative seat: cards drawn / 10", lambda v, c: v.drawn, lambda c: 10.0),
        _seat_one_hot("drawer", "who draws now", lambda v: v.drawer),
        Feature("shown_burnt", CARD_SLOTS, "the burnt cards shown (QUINZE-25)",
                lambda v, c: _cards(v.shown_burnt, 0.5)),
        Feature("stakes", 5, "pot, jeu, highest stake / all the tokens; pack left / 104; Form B multiplier / 8",
                lambda v, c: [*_scaled([v.pot, v.jeu, v.highest], tokens), *_scaled([v.pack_left], 104),
                              *_scaled([v.multiplier], 8)]),
    ]
    amounts = range(1, int(tokens) + 1)
    texts = (*SIMPLE, *(f"open {x}" for x in amounts), *(f"raise {x}" for x in amounts))
    return features, ActionSpace(texts), (*SIMPLE, "open", "raise")


_BUILDERS: Final = {"ecarte": _ecarte, "whist": _whist, "guimbarde": _guimbarde, "guinguette": _guinguette,
                    "quinze": _quinze}


# ------------------------------------------------------------------------------------------------ the encoding
@dataclass(frozen=True, slots=True)
class Encoding:
    """A game's observation layout and action space for one table size and rules."""

    game: GameType
    players: int
    rules: Any
    features: tuple[Feature, ...]
    actions: ActionSpace
    context: Context

    @property
    def size(self) -> int:
        """The length of every observation."""
        return sum(self._width(f) for f in self.features)

    def _width(self, feature: Feature) -> int:
        n = self.players
        widths = {SEATS_AND_NOBODY: n + 1, PER_SEAT: n, CARDS_PER_SEAT: n * CARD_SLOTS,
                  VERBS_PER_SEAT: n * len(self.context.verbs)}
        return widths.get(feature.size, feature.size)

    def layout(self) -> tuple[tuple[str, int, int, str], ...]:
        """Each segment: (name, first index, end index, meaning)."""
        out, start = [], 0
        for feature in self.features:
            width = self._width(feature)
            out.append((feature.name, start, start + width, feature.doc))
            start += width
        return tuple(out)

    def observe(self, view: Any) -> Observation:
        """The observation of ``view`` (a seat's): built from the view alone."""
        values: list[float] = []
        for feature in self.features:
            values.extend(feature.fill(view, self.context))
        return np.asarray(values, dtype=np.float32)

    def mask(self, view: Any) -> Mask:
        """The legal actions of ``view`` as a 0/1 vector over the action space."""
        return self.actions.mask(view)


def new_rules(game: GameType, *, players: int | None = None, options: dict[str, Any] | None = None) -> Any:
    """The rules of ``game`` with ``options`` (names of its rules dataclass) and ``players`` (for the games of
    three or more, and Le Quinze); table mode refused."""
    from academie.engine import rules_from_dict

    data = dict(options or {})
    fields = {f.name for f in dataclasses.fields(game.rules)}
    if players is not None:
        if "players" in fields:
            data["players"] = players
        elif players != game.min_seats:
            raise InteropError(f"{game.name} is played by {game.min_seats}; players={players} is not allowed")
    try:
        rules = rules_from_dict(game.rules, data)
    except (TypeError, RulesError) as error:
        raise InteropError(f"rules of {game.name}: {error}") from None
    if getattr(rules, "mode", Mode.ENFORCED) is not Mode.ENFORCED:
        raise InteropError("the research adapters play enforced mode only (a fixed action space has no room for "
                           "irregular acts); allowed: mode=enforced")
    return rules


def seats_of(game: GameType, rules: Any) -> int:
    """The number of seats the rules set."""
    players = getattr(rules, "players", None)
    return players if isinstance(players, int) else game.min_seats


def encoding(game: str, *, players: int | None = None, rules: Any = None) -> Encoding:
    """The encoding of ``game`` (a name or alias) for these rules (default: our reading) and table size."""
    game_type = load(game)
    if rules is None:
        rules = new_rules(game_type, players=players)
    elif players is not None and seats_of(game_type, rules) != players:
        raise InteropError(f"players={players} contradicts the rules' {seats_of(game_type, rules)} players")
    n = seats_of(game_type, rules)
    features, actions, verbs = _BUILDERS[game_type.name](n, rules)
    return Encoding(game_type, n, rules, tuple(features), actions, Context(n, rules, verbs))


# ------------------------------------------------------------------------------------------------ results
GUIMBARDE_MOST_PAID: Final = 30
"""More counters than La Guimbarde's rules can take from one seat in one deal (see :func:`deal_bounds`)."""


def deal_bounds(game: GameType, rules: Any) -> tuple[float, float]:
    """The least and the most a seat can get from one deal of a new game under ``rules``."""
    n = seats_of(game, rules)
    if game.name == "ecarte":
        # E-§6.1: the point, or two for the vole or a refused proposal; the king one more; "add" adds the two
        # points of ECARTE-VI.7/VI.8 to a vole
        return 0.0, 3.0 if rules.penalty_on_vole == "cap" else 5.0
    if game.name == "whist":
        return 0.0, 11.0  # W-§4.1: seven tricks over the book and four honours
    if game.name == "guimbarde":
        # what the rules can ask of one seat in a deal, whatever its stock (G18: new stocks are not counted):
        # five antes and the Point's (G-§3.2, GUIMBARDE-§7), the four marriages in the pack paid to their holders,
        # the grand one twice (GUIMBARDE-R1, R4, G-Q9), R2's and the fou's payments (GUIMBARDE-R2, R5): under 30
        most = float(GUIMBARDE_MOST_PAID)
        return -most, (n - 1) * most
    if game.name == "guinguette":
        return -float(rules.stock), (n - 1) * float(rules.stock)
    if rules.form == "B":
        return -float(rules.stake), float(rules.stake)  # Q-§5.8: the first game is for the agreed stake
    return -float(rules.cave), (n - 1) * float(rules.cave)  # Q-R3: nobody bets more than his cave


def zero_sum(game: GameType, rules: Any) -> bool:
    """Whether every deal's results sum to zero (Le Quinze's Form B: the loser pays the winner)."""
    return game.name == "quinze" and rules.form == "B"


__all__ = ["CARD_SLOTS", "ActionSpace", "Encoding", "Feature", "InteropError", "deal_bounds", "encoding",
           "new_rules", "seats_of", "zero_sum"]
