"""Our five games registered as OpenSpiel Python games: ``pyspiel.load_game("academie_ecarte")``,
``academie_whist``, ``academie_guimbarde``, ``academie_guinguette``, ``academie_quinze``, registered when this
module is imported.

A game is one deal from a new game (a partie, a rubber), dealt by seat ``first_dealer`` (default 0; ``-1``: the
players cut or draw for the deal as the rules say). Parameters: ``players`` (the games of three or more, and Le
Quinze) and ``rules``, the other rules options as ``key:value`` pairs joined by ``+``
(``pyspiel.load_game("academie_quinze", {"rules": "form:B"})``, ``"academie_quinze(rules=form:B+cave:20)"``);
``top``, for solver checks on a small game: cards joined by ``/`` that chance shuffles on top of the pack, the
rest lying under them in the pack's order (right only where no deal reaches below them: see
:mod:`academie.games.quinze.formb`).

- Sequential, imperfect information, **explicit chance**: each shuffle of the engine (the pack's order after
  shuffle and cut, the truth a deal is dealt from) is drawn card by card, top card first, each chance outcome
  being one of the cards still in the pack (action ``i`` is card ``i`` of :data:`academie.cards.CARDS`) with
  probability its copies left over the cards left; a card left alone is placed without asking. The engine deals
  from the order once it is complete.
- Utilities: each seat's points (Écarté, Whist), counters (La Guimbarde, La Guinguette) or tokens (Le Quinze)
  for the deal, with bounds from the rules (:func:`deal_bounds`); zero-sum where the deal's results always sum to
  zero (Le Quinze's Form B), general-sum otherwise (Écarté and Whist score points for one side, La Guimbarde's
  boxes and La Guinguette's baskets keep counters on the table).
- Player actions are the fixed action space of :mod:`academie.interop.encoding`.
- ``information_state_string`` is everything the seat's view establishes (each compared field of the view, its
  history of the deal included): two states give the same string exactly when they give the seat the same view.
  ``observation_string`` is the same without the history. Both tensors are the observation of
  :mod:`academie.interop.encoding` (a summary: it does not hold the order of the past).
- ``clone`` and serialisation (the action history, replayed) are OpenSpiel's own, checked by its
  ``random_sim_test``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from academie.cards import CARDS, Card
from academie.engine import CHANCE, JSON, Action, ChanceSource, Game, Rules, View, rules_to_dict
from academie.games import GAMES, GameType
from academie.interop.encoding import (
    CARD_SLOTS,
    Encoding,
    InteropError,
    deal_bounds,
    encoding,
    new_rules,
    seats_of,
    zero_sum,
)

PREFIX: Final = "academie_"
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
GameParams = Mapping[str, int | str]
"""The parameters of one of our games in OpenSpiel: ``players``, ``rules``, ``first_dealer``, ``top``."""


# ------------------------------------------------------------------------------------------------ chance
class _Probed(Exception):
    """Raised by :class:`_Probe` once it has seen the pack the next shuffle is of."""

    def __init__(self, pack: Sequence[Card]) -> None:
        super().__init__("probed")
        self.pack = tuple(pack)


class _Probe(ChanceSource):
    """Finds which pack the engine is about to shuffle (the 32 or 52 cards, a colour pack, a cotillon)."""

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        raise _Probed(pack)

    def clone(self) -> ChanceSource:
        return self


class _Tape(ChanceSource):
    """Serves the one order drawn card by card, then has no more."""

    def __init__(self, order: Sequence[Card]) -> None:
        self._order: tuple[Card, ...] | None = tuple(order)

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        order, self._order = self._order, None
        assert order is not None
        return order

    def has_next(self) -> bool:
        return self._order is not None

    def clone(self) -> ChanceSource:
        twin = _Tape(())
        twin._order = self._order
        return twin


def pack_to_shuffle(state: Game) -> tuple[Card, ...]:
    """The pack the engine shuffles next (empty when chance is not to act)."""
    if state.actor != CHANCE:
        return ()
    probe = state.clone()
    probe.chance = _Probe()
    try:
        probe.resolve_chance()
    except _Probed as probed:
        return probed.pack
    return ()


# ------------------------------------------------------------------------------------------------ parameters
def parse_rules(text: str) -> dict[str, JSON]:
    """``"form:B+cave:20"`` as rules options (integers and booleans read as such). OpenSpiel's game strings use
    ``=`` and ``,`` themselves, hence ``:`` and ``+``.

    >>> parse_rules("form:B+stake:2+silent_bust:true")
    {'form': 'B', 'stake': 2, 'silent_bust': True}
    """
    options: dict[str, JSON] = {}
    for item in filter(None, (part.strip() for part in text.split("+"))):
        key, sep, value = item.partition(":")
        if not sep:
            raise InteropError(f"rules {text!r}: {item!r} is not key:value; write e.g. form:B+cave:20")
        options[key.strip()] = _value(value.strip())
    return options


def _value(text: str) -> JSON:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if "/" in text:
        return [_value(part) for part in text.split("/")]
    try:
        return int(text)
    except ValueError:
        return text


def rules_text(rules: Rules) -> str:
    """The ``rules`` parameter that gives ``rules`` (their options that differ from the defaults; tuples joined by
    ``/``), the table size excepted.

    >>> from academie.games.ecarte import EcarteRules
    >>> rules_text(EcarteRules(must_trump=False, deal_pattern=(2, 3)))
    'deal_pattern:2/3+must_trump:False'
    """
    defaults = rules_to_dict(type(rules)())
    chosen = rules_to_dict(rules)
    parts = []
    for key, value in sorted(chosen.items()):
        if key == "players" or value == defaults[key]:
            continue
        shown = "/".join(str(v) for v in value) if isinstance(value, list) else str(value)
        parts.append(f"{key}:{shown}")
    return "+".join(parts)


def _game_type(game: GameType) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + game.name, long_name=f"Académie {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_seats, min_num_players=game.min_seats,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": game.min_seats if game.min_seats == game.max_seats else
                                 _default_players(game), "rules": "", "first_dealer": 0, "top": ""})


def _default_players(game: GameType) -> int:
    return seats_of(game, game.rules())


# ------------------------------------------------------------------------------------------------ game
class AcademieGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of one of our games, as OpenSpiel sees it. It keeps only plain values (OpenSpiel pickles games
    and states); its encoding and rules come from a cache."""

    def __init__(self, params: GameParams | None = None, *, game: str) -> None:
        params = dict(params or {})
        game_type = GAMES[game]
        registered = _game_type(game_type)
        spec = registered.parameter_specification
        players = int(params.get("players", spec["players"]))
        rules_text = str(params.get("rules", spec["rules"]))
        first_dealer = int(params.get("first_dealer", spec["first_dealer"]))
        top_text = str(params.get("top", spec["top"]))
        self.top = parse_top(top_text)
        self.key = (game, rules_text, players)
        enc = encoding_for(self.key)
        n = enc.players
        if not -1 <= first_dealer < n:
            raise InteropError(f"first_dealer={first_dealer} is not allowed; allowed: -1 (cut or draw), "
                               f"0 to {n - 1}")
        self.first_dealer = None if first_dealer == -1 else first_dealer
        low, high = deal_bounds(game_type, enc.rules)
        summed = zero_sum(game_type, enc.rules)
        kind = registered if not summed else _with_utility(registered, pyspiel.GameType.Utility.ZERO_SUM)
        most = game_type.max_actions_per_deal
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.actions.size, max_chance_outcomes=CARD_SLOTS, num_players=n,
            min_utility=low, max_utility=high, utility_sum=0.0 if summed else None,
            max_game_length=most + CARD_SLOTS * (most + 1))
        super().__init__(kind, info, {"players": n, "rules": rules_text, "first_dealer": first_dealer,
                                      "top": top_text})

    @property
    def encoding(self) -> Encoding:
        return encoding_for(self.key)

    @property
    def academie_type(self) -> GameType:
        """Our game's registration."""
        return GAMES[self.key[0]]

    def new_initial_state(self) -> AcademieState:
        return AcademieState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: Mapping[str, object] | None = None) -> ViewObserver:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return ViewObserver(self.encoding, perfect_recall=perfect_recall)


def parse_top(text: str) -> frozenset[int]:
    """The ``top`` parameter: cards joined by ``/`` (``"AC/7C/8C"``), as card indices; empty: none.

    >>> sorted(parse_top("AC/7c"))
    [5, 12]
    """
    try:
        return frozenset(Card.parse(part).index for part in text.split("/") if part.strip())
    except ValueError as error:
        raise InteropError(f"top={text!r}: {error}; write cards joined by /, e.g. AC/7C/8C") from None


_ENCODINGS: dict[tuple[str, str, int], Encoding] = {}


def encoding_for(key: tuple[str, str, int]) -> Encoding:
    """The encoding of (game, rules text, players), made once per process."""
    found = _ENCODINGS.get(key)
    if found is None:
        game, rules_text, players = key
        rules = new_rules(GAMES[game], players=players, options=parse_rules(rules_text))
        found = _ENCODINGS[key] = encoding(game, rules=rules)
    return found


def _with_utility(game_type: pyspiel.GameType, utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=game_type.short_name, long_name=game_type.long_name, dynamics=game_type.dynamics,
        chance_mode=game_type.chance_mode, information=game_type.information, utility=utility,
        reward_model=game_type.reward_model, max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=game_type.parameter_specification)


class _Deal:
    """What an OpenSpiel state holds of ours: the engine's state, the pack being shuffled, the cards drawn so far
    and the cards chance may still draw, counted as they are drawn (a search asks for them at every chance node,
    card after card of every shuffle). OpenSpiel clones a Python state with ``copy.deepcopy``: this copies through
    the engine's cheap ``clone``."""

    __slots__ = ("done", "drawn", "engine", "left", "pack", "player", "strings")

    def __init__(self, engine: Game, pack: tuple[Card, ...], drawn: list[Card], left: dict[int, int],
                 done: int | None = None) -> None:
        self.engine = engine
        self.pack = pack
        self.drawn = drawn
        self.left = left
        """Card index to the copies chance may still draw, in increasing order of index, none at zero."""
        self.done: int = len(engine.deal_results) if done is None else done
        """Deals already over when this one began (a search may start in any deal of a partie)."""
        self.strings: dict[tuple[int, bool], str] = {}
        """The information-state and observation strings asked for since the last action (searches ask often)."""
        self.player: int | None = None
        """OpenSpiel's player to act, once asked for since the last action."""

    @classmethod
    def start(cls, engine: Game, top: frozenset[int]) -> _Deal:
        """The deal of ``engine`` with nothing drawn yet of the pack it shuffles next."""
        pack = pack_to_shuffle(engine)
        return cls(engine, pack, [], _drawable(pack, top))

    def shuffle_next(self, top: frozenset[int]) -> None:
        """After a shuffle or a player's action: the pack the engine shuffles next, nothing of it drawn."""
        self.pack = pack_to_shuffle(self.engine)
        self.drawn = []
        self.left = _drawable(self.pack, top)

    def __deepcopy__(self, memo: dict[int, object]) -> _Deal:
        return _Deal(self.engine.clone(), self.pack, self.drawn[:], self.left.copy(), self.done)


def _drawable(pack: Sequence[Card], top: frozenset[int]) -> dict[int, int]:
    """The copies of each card of ``pack`` chance may draw (with ``top``, only those cards), by increasing index."""
    if not pack:  # chance is not to act: most actions
        return {}
    counts = Counter(card.index for card in pack if not top or card.index in top)
    return {index: counts[index] for index in sorted(counts)}


class AcademieState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: our engine's state, and the cards of the shuffle being drawn."""

    def __init__(self, game: AcademieGame, engine_state: Game | None = None) -> None:
        super().__init__(game)
        self.key = game.key
        self.first_dealer = game.first_dealer
        # OpenSpiel clones a Python state by making a new one and copying its attributes over: the deal is made
        # when first used, so that a clone does not build a new game it throws away
        self._deal = None if engine_state is None else _Deal.start(engine_state, game.top)

    @property
    def deal(self) -> _Deal:
        if self._deal is None:
            engine = GAMES[self.key[0]].state(self.encoding.rules, chance=None, first_dealer=self.first_dealer)
            self._deal = _Deal.start(engine, self.get_game().top)
        return self._deal

    @property
    def engine(self) -> Game:
        """Our state of the deal (with no chance source: OpenSpiel's chance outcomes deal)."""
        return self.deal.engine

    @property
    def pack(self) -> tuple[Card, ...]:
        return self.deal.pack

    @property
    def drawn(self) -> list[Card]:
        return self.deal.drawn

    @property
    def encoding(self) -> Encoding:
        return encoding_for(self.key)

    # ---------------------------------------------------------------------------------------------- who acts
    def current_player(self) -> int:
        deal = self.deal
        if deal.player is None:  # a search asks several times a node: worked out once after each action
            deal.player = self._player()
        return deal.player

    def _player(self) -> int:
        if self._over():
            return _TERMINAL
        actor = self.engine.actor
        if actor == CHANCE:
            return _CHANCE
        assert actor is not None, "a deal not over has a seat or chance to act"
        return int(actor)

    def _over(self) -> bool:
        return len(self.engine.deal_results) > self.deal.done or self.engine.is_terminal

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        space = self.encoding.actions
        view = self.engine.view(player) if space.needs_view else None
        return sorted(space.index(view, action) for action in self.engine.legal_actions())

    def _rest(self) -> list[Card]:
        """With ``top``: the rest of the pack, in the pack's own order, under the cards drawn."""
        rest = Counter(card.index for card in self.pack)
        rest.subtract(card.index for card in self.drawn)
        order = []
        for card in self.pack:
            if rest[card.index] > 0:
                rest[card.index] -= 1
                order.append(card)
        return order

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self.deal.left
        total = sum(left.values())
        return [(index, count / total) for index, count in left.items()]

    # ---------------------------------------------------------------------------------------------- acting
    def _apply_action(self, action: int) -> None:
        self.deal.strings.clear()
        self.deal.player = None
        actor = self.engine.actor
        if actor == CHANCE:
            self._draw(action)
            return
        assert actor is not None, "OpenSpiel applies no action to a deal over"
        space = self.encoding.actions
        view = self.engine.view(actor) if space.needs_view else None
        self.engine.apply(space.among(self.engine.legal_actions(), view, action))
        self.deal.shuffle_next(self.get_game().top)

    def _draw(self, index: int) -> None:
        deal = self.deal
        left = deal.left
        if left.get(index, 0) <= 0:
            raise InteropError(f"chance outcome {index} is not a card left in the pack being shuffled; allowed: "
                               f"{list(left)}")
        _take(deal, index)
        while len(left) == 1:  # the last card is placed without asking
            _take(deal, next(iter(left)))
        if not left:
            self.engine.chance = _Tape([*deal.drawn, *self._rest()])
            self.engine.resolve_chance()
            self.engine.chance = None
            deal.shuffle_next(self.get_game().top)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {CARDS[action]}"
        if player >= 0 and self.engine.actor == player:
            view = self.engine.view(player)
            for legal in view.legal_actions:
                if self.encoding.actions.index(view, legal) == action:
                    return str(legal)
        return self.encoding.actions.text(action)

    # ---------------------------------------------------------------------------------------------- results
    def returns(self) -> list[float]:
        if not self._over():
            return [0.0] * self.encoding.players
        if len(self.engine.deal_results) > self.deal.done:
            return [float(p) for p in self.engine.deal_results[self.deal.done].points]
        return [float(p) for p in self.engine.returns()]

    def __str__(self) -> str:
        shown = " ".join(str(card) for card in self.drawn)
        return "\n".join((*(str(op) for op in self.engine.operations), f"drawing: {shown}" if shown else ""))


def _take(deal: _Deal, index: int) -> None:
    """Chance draws card ``index`` (a copy of it left in the pack)."""
    deal.drawn.append(CARDS[index])
    if deal.left[index] == 1:
        del deal.left[index]
    else:
        deal.left[index] -= 1


# ------------------------------------------------------------------------------------------------ observer
def view_string(view: View, *, with_history: bool = True) -> str:
    """Every compared field of ``view`` (what bears on the play to come), as text; the rules left out (the game
    fixes them)."""
    names = _compared(type(view))
    return " ".join(f"{name}={_text(getattr(view, name))}" for name in names
                    if with_history or name != "history")


_COMPARED: dict[type, tuple[str, ...]] = {}


def _compared(cls: type) -> tuple[str, ...]:
    """The compared fields of a view's (or a value's) dataclass, the rules left out."""
    names = _COMPARED.get(cls)
    if names is None:
        names = _COMPARED[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.compare and f.name != "rules")
    return names


def _text(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join(map(_text, value)) + ")"
    if isinstance(value, Action | Card | str | int | Enum) or value is None:
        return str(value)
    if dataclasses.is_dataclass(value):
        inner = ",".join(_text(getattr(value, name)) for name in _compared(type(value)))
        return f"{type(value).__name__}({inner})"
    return str(value)


class ViewObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``) over our views."""

    def __init__(self, encoding_: Encoding, *, perfect_recall: bool) -> None:
        self.encoding = encoding_
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding_.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AcademieState, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.engine.view(player))

    def string_from(self, state: AcademieState, player: int) -> str:
        strings = state.deal.strings
        key = (player, self.perfect_recall)
        found = strings.get(key)
        if found is None:
            view = state.engine.view(player)
            found = strings[key] = f"seat {player}: " + view_string(view, with_history=self.perfect_recall)
        return found


# ------------------------------------------------------------------------------------------------ registration
def _register(game: GameType) -> None:
    """Register ``game`` with a class of its own (OpenSpiel keeps the class; a closure would be released without
    the interpreter's lock at exit)."""

    def init(self: AcademieGame, params: GameParams | None = None) -> None:
        AcademieGame.__init__(self, params, game=game.name)

    cls = type(f"{game.name.capitalize()}Game", (AcademieGame,), {"__init__": init, "__module__": __name__})
    globals()[cls.__name__] = cls
    pyspiel.register_game(_game_type(game), cls)


def game_name(game: str) -> str:
    """The OpenSpiel name of one of our games (``academie_ecarte``)."""
    from academie.games import load

    return PREFIX + load(game).name


def load_game(game: str, *, players: int | None = None, first_dealer: int = 0, **options: object) -> AcademieGame:
    """``pyspiel.load_game`` for one of our games, with rules options as keywords."""
    params: dict[str, int | str] = {"first_dealer": first_dealer,
                                    "rules": "+".join(f"{k}:{v}" for k, v in options.items())}
    if players is not None:
        params["players"] = players
    loaded: AcademieGame = pyspiel.load_game(game_name(game), params)
    return loaded


def game_for_rules(rules: Rules, *, players: int) -> AcademieGame:
    """The OpenSpiel game of one of our rules dataclasses (a view's ``rules``), dealt by seat 0."""
    name = next(game.name for game in GAMES.values() if isinstance(rules, game.rules))
    params: GameParams = {"players": players, "rules": rules_text(rules), "first_dealer": 0}
    loaded: AcademieGame = pyspiel.load_game(PREFIX + name, params)
    return loaded


def from_engine(game: AcademieGame, engine_state: Game) -> AcademieState:
    """An OpenSpiel state around one of our states of the same game (at a decision, not mid-shuffle); its
    OpenSpiel history is empty (it is a root for search, not a replay)."""
    engine_state = engine_state.clone()
    engine_state.chance = None
    return AcademieState(game, engine_state)


_REGISTERED: Final = set(pyspiel.registered_names())
for _game in GAMES.values():
    if PREFIX + _game.name not in _REGISTERED:
        _register(_game)

__all__ = ["AcademieGame", "AcademieState", "ViewObserver", "from_engine", "game_for_rules", "game_name",
           "load_game", "pack_to_shuffle", "parse_rules", "rules_text", "view_string"]
