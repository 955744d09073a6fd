"""What a learning program sees of a seat and what it may do: the fixed-size observation of a seat's view and
the fixed discrete action space of each game, shared by the PettingZoo, Gymnasium and OpenSpiel adapters.

Both are built from ``state.view(seat)`` alone (never from the state), so an observation holds exactly what that
seat may know.

The vocabulary (the action space, the segments and the helpers that fill them) is
:mod:`academie.interop.features`; each game builds its own segments and action space in its package's
``encoding.py`` (its registration's :attr:`academie.registry.GameType.encoding`), and this module knows no game.

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
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from academie.engine import Mode, Rules, RulesError, View
from academie.games import GameType, load
from academie.interop.features import (
    CARD_SLOTS,
    CARDS_PER_SEAT,
    PER_SEAT,
    SEATS_AND_NOBODY,
    VERBS_PER_SEAT,
    ActionSpace,
    Context,
    Feature,
    GameEncoding,
    InteropError,
    Mask,
    Observation,
)


# ------------------------------------------------------------------------------------------------ the encoding
@dataclass(frozen=True, slots=True)
class Encoding:
    """A game's observation layout and action space for one table size and rules."""

    game: GameType
    players: int
    rules: Rules
    features: tuple[Feature[View], ...]
    actions: ActionSpace[View]
    context: Context

    @property
    def size(self) -> int:
        """The length of every observation."""
        return sum(self._width(f) for f in self.features)

    def _width(self, feature: Feature[View]) -> int:
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

    def observe(self, view: View) -> Observation:
        """The observation of ``view`` (a seat's): built from the view alone."""
        values: list[float] = []
        for feature in self.features:
            values.extend(feature.fill(view, self.context))
        return np.asarray(values, dtype=np.float32)

    def mask(self, view: View) -> Mask:
        """The legal actions of ``view`` as a 0/1 vector over the action space."""
        return self.actions.mask(view)


Observed = dict[str, Observation | Mask]
"""What the environments give a seat: ``observation``, of its view, and ``action_mask``, its legal actions."""


Info = dict[str, object]
"""The environments' information beside an observation (the mask again, whether the step was illegal)."""


def new_rules(game: GameType, *, players: int | None = None, options: Mapping[str, object] | None = None) -> Rules:
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


def seats_of(game: GameType, rules: Rules) -> int:
    """The number of seats the rules set."""
    players = getattr(rules, "players", None)
    return players if isinstance(players, int) else game.min_seats


def encoding(game: str, *, players: int | None = None, rules: Rules | None = None) -> Encoding:
    """The encoding of ``game`` (a name or alias) for these rules (default: our reading) and table size."""
    game_type = load(game)
    if rules is None:
        rules = new_rules(game_type, players=players)
    elif players is not None and seats_of(game_type, rules) != players:
        raise InteropError(f"players={players} contradicts the rules' {seats_of(game_type, rules)} players")
    n = seats_of(game_type, rules)
    features, actions, verbs = game_encoding(game_type).build(n, rules)
    return Encoding(game_type, n, rules, tuple(features), actions, Context(n, rules, verbs))


# ------------------------------------------------------------------------------------------------ results
def game_encoding(game: GameType) -> GameEncoding:
    """The game's own encoding (its package's ``encoding.py``); :class:`InteropError` for a game without one."""
    if game.encoding is None:
        raise InteropError(f"{game.name} has no encoding for the research adapters (its package has no encoding.py)")
    return game.encoding()


def deal_bounds(game: GameType, rules: Rules) -> tuple[float, float]:
    """The least and the most a seat can get from one deal of a new game under ``rules``."""
    return game_encoding(game).deal_bounds(seats_of(game, rules), rules)


def zero_sum(game: GameType, rules: Rules) -> bool:
    """Whether every deal's results sum to zero under ``rules``."""
    return game_encoding(game).zero_sum(rules)


__all__ = ["CARD_SLOTS", "ActionSpace", "Encoding", "Feature", "Info", "InteropError", "Observed", "deal_bounds",
           "encoding", "game_encoding", "new_rules", "seats_of", "zero_sum"]
