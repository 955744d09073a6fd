"""The protocol every game implements: actors, actions, the operations log, typed errors, modes, chance.

A game state is driven by actions. ``state.actor`` says who acts: a seat (``0..n-1``), :data:`CHANCE`
(a shuffle or a cut, supplied by a :class:`ChanceSource` or by the caller), :data:`TABLE` (a ruling under the
laws of irregularities) or ``None`` when the game is over. ``legal_actions()`` is the single source of truth
for legality; ``apply()`` checks and raises :class:`IllegalActionError` leaving the state untouched, while
``apply_unchecked()`` is the fast path for search. Every applied action is appended to ``operations``;
replaying them from the same rules rebuilds the state.

The engine holds no clock, no global random generator and does no I/O: chance comes from an injected
:class:`ChanceSource` (seeded or explicit deck orders) or from the caller.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, Self, TypeAlias, TypeVar

from academie.cards import Card
from academie.rng import SHUFFLE_STRIDE, deck_positions, key_of

JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""Plain data as JSON holds it: what records, reports and pictures are written as and read back from."""


class Special(IntEnum):
    """Actors and viewers that are not seats."""

    CHANCE = -1
    TABLE = -2
    PUBLIC = -3

    def __str__(self) -> str:
        return {-1: "C", -2: "T", -3: "public"}[self.value]


CHANCE: Final = Special.CHANCE
"""The actor for shuffles, cuts and draws."""
TABLE: Final = Special.TABLE
"""The actor for rulings under the laws of irregularities."""
PUBLIC: Final = Special.PUBLIC
"""The viewer who sees only what is shown to everybody (a spectator)."""


class Mode(Enum):
    """How irregular acts are handled (``docs/architecture.md``, "Table mode")."""

    ENFORCED = "enforced"
    """Irregular acts cannot happen: illegal input is rejected with a clear error."""
    TABLE = "table"
    """Physically possible irregular acts are accepted, recorded and ruled on under the laws."""


class AcademieError(Exception):
    """Base class of the errors raised by the library."""


class IllegalActionError(AcademieError, ValueError):
    """An action that may not be taken now. The state is left exactly as it was."""

    def __init__(self, action: object, actor: object, allowed: Sequence[object], reason: str = "") -> None:
        self.action = action
        self.actor = actor
        self.allowed = tuple(allowed)
        self.reason = reason
        if actor is Special.CHANCE:
            shown = "a chance outcome of the form described"
        else:
            shown = ", ".join(str(a) for a in self.allowed) or "nothing (the game is over)"
        why = f": {reason}" if reason else ""
        super().__init__(f"illegal action {str(action)!r} by {_actor_name(actor)}{why}; allowed: {shown}")


class ActionParseError(AcademieError, ValueError):
    """Text that is not an action of this game."""


class RulesError(AcademieError, ValueError):
    """A rules option with a wrong name or value."""


def _actor_name(actor: object) -> str:
    if actor is None:
        return "nobody (the game is over)"
    if isinstance(actor, Special):
        return {-1: "chance", -2: "the table", -3: "the public"}[actor.value]
    return f"seat {actor}"


class Action:
    """Base of every game's actions: small frozen values whose ``str`` is their text form."""

    __slots__ = ()


class Operation(NamedTuple):
    """One entry of the operations log: who acted and what they did (a named tuple: cheap to make)."""

    actor: int
    action: Action

    def __str__(self) -> str:
        who = str(Special(self.actor)) if self.actor < 0 else str(self.actor)
        return f"{who} {self.action}"


@dataclass(frozen=True, slots=True)
class Irregular(Action):
    """Table mode: an irregular act by ``seat`` (a card played out of turn, a revoke, a look at one's discard,
    ...), written ``! KIND SEAT [ARGS]``. Each game's laws of irregularities (:attr:`GameState.table_laws`) list
    its kinds.

    >>> str(Irregular("out-of-turn", 0, ("KD",)))
    '! out-of-turn 0 KD'
    """

    kind: str
    seat: int
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("!", self.kind, str(self.seat), *self.args))


@dataclass(frozen=True, slots=True)
class Remedy(Action):
    """Table mode: the remedy chosen for a pending irregularity, by the party the law names or by the table,
    written ``remedy NAME [ARGS] law=ID``."""

    name: str
    law: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("remedy", self.name, *self.args, f"law={self.law}"))


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregular act accepted in table mode, waiting for (or given) its ruling."""

    law: str
    offender: int
    description: str
    chooser: int | None
    """The seat that chooses the remedy, or ``None`` when the law rules automatically (the table rules)."""
    remedies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pending:
    """Table mode: an irregularity waiting for its remedy, with what the remedy needs to know.

    Games whose rulings need more (a box, the pots of a coup) extend it with fields of their own.
    """

    irregularity: Irregularity
    cards: tuple[int, ...] = ()
    """Card indices concerned (the card played out of turn, the extra cards dealt, ...)."""
    seat: int = -1
    """The seat concerned when it is not the offender (the hand dealt a wrong number of cards)."""
    amount: int = 0

    def remedies(self) -> tuple[Remedy, ...]:
        """The remedies offered, one action each."""
        law = self.irregularity.law
        return tuple(Remedy(name, law) for name in self.irregularity.remedies)


@dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance: the full order of the pack after shuffle and cut, top card first (the truth a deal is dealt
    from; a seed is only its provenance).

    >>> from academie.cards import parse_cards
    >>> str(Shuffle(parse_cards("KH 7S")))
    'deck KH 7S'
    """

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "deck " + " ".join(str(c) for c in self.order)


class ChanceSource(ABC):
    """Where shuffled packs come from. Injected into a state; never a global generator."""

    @abstractmethod
    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        """A new order of ``pack`` (the full order after shuffle and cut, top card first)."""

    @abstractmethod
    def clone(self) -> ChanceSource:
        """An independent copy that will produce the same future orders."""

    def has_next(self) -> bool:
        """Whether another order can be given (explicit orders run out; the game then waits for the caller)."""
        return True


class SeedError(AcademieError, ValueError):
    """A seed, stream or pack outside what the seeded generator (:mod:`academie.rng`) accepts."""


SEED_LIMIT: Final = 1 << 64
"""Seeds are integers from 0 to ``2**64 - 1``."""
STREAM_LIMIT: Final = 1 << 62
"""Streams (a batch's deal indices) are integers from 0 to ``2**62 - 1``."""


def check_seed(seed: object, stream: object = 0) -> None:
    """Raise :class:`SeedError` unless ``seed`` and ``stream`` are what the seeded generator accepts."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise SeedError(f"seed {seed!r} is not allowed; allowed: an integer from 0 to 2**64 - 1")
    if type(stream) is not int or not 0 <= stream < STREAM_LIMIT:
        raise SeedError(f"deal index {stream!r} is not allowed; allowed: an integer from 0 to 2**62 - 1")


class SeededChance(ChanceSource):
    """Deck orders from the counter-based generator of :mod:`academie.rng`: the ``k``-th order is a pure function
    of ``(seed, stream, k)``, the same on any machine, and the same as :mod:`academie.batch` deals.

    ``stream`` is a batch's deal index: ``SeededChance(seed, deal)`` deals what ``academie.batch`` deals as deal
    ``deal`` of a batch seeded ``seed``, and a partie dealt from ``seed`` alone is stream 0.

    >>> from academie.cards import PACK_32
    >>> SeededChance(7).shuffled(PACK_32) == SeededChance(7).shuffled(PACK_32) != SeededChance(7, 1).shuffled(PACK_32)
    True
    >>> SeededChance(-1)
    Traceback (most recent call last):
    ...
    academie.engine.SeedError: seed -1 is not allowed; allowed: an integer from 0 to 2**64 - 1
    """

    __slots__ = ("_index", "_key", "seed", "stream")

    def __init__(self, seed: int, stream: int = 0) -> None:
        check_seed(seed, stream)
        self.seed = seed
        self.stream = stream
        self._key = key_of(seed, stream)
        self._index = 0

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        size = len(pack)
        if not 1 <= size <= SHUFFLE_STRIDE:
            raise SeedError(f"a pack of {size} cards cannot be shuffled; allowed: 1 to {SHUFFLE_STRIDE} cards")
        positions = deck_positions(self._key, size, self._index)
        self._index += 1
        if size == 1:
            return (pack[0],)
        order: tuple[Card, ...] = itemgetter(*positions)(pack)  # one call for the whole pack
        return order

    def clone(self) -> SeededChance:
        twin = object.__new__(SeededChance)
        twin.seed, twin.stream, twin._key, twin._index = self.seed, self.stream, self._key, self._index
        return twin


class ExplicitChance(ChanceSource):
    """Deck orders given in advance (a record, a test, a human dealer). Runs dry loudly."""

    __slots__ = ("_next", "_orders")

    def __init__(self, orders: Iterable[Sequence[Card]]) -> None:
        self._orders = [tuple(o) for o in orders]
        self._next = 0

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        if self._next >= len(self._orders):
            raise AcademieError(f"no deck order left: {len(self._orders)} were given and all are used")
        order = self._orders[self._next]
        if sorted(c.index for c in order) != sorted(c.index for c in pack):
            raise AcademieError(f"deck order {self._next} is not a permutation of the {len(pack)}-card pack")
        self._next += 1
        return order

    def has_next(self) -> bool:
        return self._next < len(self._orders)

    def clone(self) -> ExplicitChance:
        twin = ExplicitChance(())
        twin._orders = self._orders
        twin._next = self._next
        return twin


StateT_contra = TypeVar("StateT_contra", contravariant=True)
PendingT_contra = TypeVar("PendingT_contra", contravariant=True)


class TableLaws(Protocol[StateT_contra, PendingT_contra]):
    """A game's laws of irregularities as its state uses them in table mode (each game's ``table`` module
    satisfies the protocol its state declares, and the game package injects it: the state never imports its
    laws)."""

    def why_impossible(self, state: StateT_contra, act: Irregular, /) -> str:
        """Why ``act`` cannot be committed now ("" when it can)."""
        ...

    def possible_acts(self, state: StateT_contra, seat: int, /) -> tuple[Irregular, ...]:
        """Examples of the irregular acts ``seat`` could physically commit now."""
        ...

    def commit(self, state: StateT_contra, act: Irregular, /) -> None:
        """Do what the act does at the table, then leave its ruling pending (or rule at once)."""
        ...

    def apply_remedy(self, state: StateT_contra, pending: PendingT_contra, remedy: Remedy, /) -> None:
        """Carry out the remedy chosen for ``pending``."""
        ...


Seen: TypeAlias = tuple[tuple[int, Action], ...]
"""A deal's actions as one viewer saw them: each actor with the action as that viewer saw it."""
Redaction: TypeAlias = Callable[[int, Action, int], Action | None]
"""A game's ``redact(actor, action, viewer)``: the action as ``viewer`` saw it, or ``None`` when he saw nothing."""


@dataclass(frozen=True, slots=True)
class Histories:
    """Each viewer's history of the deal in progress as its last view told it (the seats, then :data:`PUBLIC`
    last), so that the next view redacts only the actions since then.

    Exact, not a guess: the log only grows and a game's redaction depends on the action and the viewer alone, so
    the history told on is the one told from the deal's first action as long as the deal began at the same place.
    A state holds one and replaces it (a frozen value: a clone shares it, and neither twin's view changes the
    other's).

    >>> histories = Histories.empty(viewers=2)
    >>> log = [Operation(0, Remedy("play-on", "E1")), Operation(1, Remedy("void", "E2"))]
    >>> hide_the_first = lambda actor, action, viewer: None if actor == 0 and viewer != 0 else action
    >>> histories, seen = histories.told_on(1, log, start=0, redact=hide_the_first)
    >>> [actor for actor, _ in seen], histories.told_on(1, log, start=0, redact=hide_the_first)[0] is histories
    ([1], True)
    """

    told: tuple[tuple[int, int, Seen] | None, ...]
    """Per viewer: where its deal began in the log, how many operations it has told, what it told."""

    @classmethod
    def empty(cls, *, viewers: int) -> Histories:
        """Nothing told yet to ``viewers`` viewers (the seats and the public)."""
        return cls((None,) * viewers)

    def told_on(self, viewer: int, operations: Sequence[Operation], *, start: int,
                redact: Redaction) -> tuple[Histories, Seen]:
        """``operations[start:]`` as ``viewer`` saw them (``redact``), told on from its last view while the deal
        began at ``start``, from ``start`` otherwise; with the histories to keep (this value when nothing was
        told)."""
        told = self.told
        index = viewer if viewer >= 0 else len(told) - 1
        memo = told[index]
        if memo is not None and memo[0] == start:
            done, history = memo[1], memo[2]
            if done >= len(operations):
                return self, history
        else:
            done, history = start, ()
        history += tuple([(op.actor, seen) for op in operations[done:]
                          if (seen := redact(op.actor, op.action, viewer)) is not None])
        # (made through its slot: every viewer's view after every action tells one on, issue 33)
        return _made_histories((*told[:index], (start, len(operations), history), *told[index + 1:])), history


@dataclass(frozen=True, slots=True)
class Shared:
    """What every viewer's view of one position holds alike (the public parts: the table, the tricks, the
    tallies, the payments), made once for all the viewers of that position instead of once per viewer.

    The card room views every seat and the spectators after every action; only the viewer's own parts (his hand,
    his history, his moves) differ between those views. A state holds one and replaces it (a frozen value: a clone
    shares it), keyed by what tells one position of a game from the next: the log, the rulings and the ledger only
    grow, so their lengths (with what else a game's state changes in place) say whether it still holds.

    >>> made = []
    >>> shared = Shared.of(None, (1, 0), lambda: made.append(1) or {"score": (0, 0)})
    >>> Shared.of(shared, (1, 0), lambda: made.append(2) or {}) is shared, made
    (True, [1])
    >>> Shared.of(shared, (2, 0), lambda: made.append(3) or {"score": (1, 0)}).parts, made
    ({'score': (1, 0)}, [1, 3])
    """

    key: tuple[object, ...]
    parts: Mapping[str, Any]
    """The view's fields every viewer sees alike, by name (given to the view's class as keywords)."""

    @classmethod
    def of(cls, kept: Shared | None, key: tuple[object, ...], make: Callable[[], Mapping[str, Any]]) -> Shared:
        """``kept`` while it was made at ``key``, else the parts ``make()`` makes now."""
        if kept is not None and kept.key == key:
            return kept
        return cls(key, make())


class View(Protocol):
    """What every game's view of a seat (or of :data:`PUBLIC`) offers: who looks, who acts, what may be done."""

    @property
    def viewer(self) -> int:
        """The seat whose knowledge this is, or :data:`PUBLIC`."""
        ...

    @property
    def actor(self) -> int | None:
        ...

    @property
    def dealer(self) -> int | None:
        ...

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the viewer may take now (empty when it is not the viewer's turn)."""
        ...


class DealResult(Protocol):
    """What every game records of a deal once it is over (``state.deal_results``): who dealt it and what each seat
    scored by it (points, counters or tokens, in seat order). Games record more (tricks, boxes, pots)."""

    @property
    def dealer(self) -> int:
        ...

    @property
    def points(self) -> tuple[int, ...]:
        ...


class GameResult(Protocol):
    """What every game records of a game once it is won (``state.game_results``): its winner (None: nobody, a tie)."""

    @property
    def winner(self) -> int | None:
        ...


class PartieResult(Protocol):
    """``state.result()``: what each seat won or scored over the whole partie, and its winner (None: nobody yet,
    or a tie)."""

    @property
    def points(self) -> tuple[int, ...]:
        ...

    @property
    def winner(self) -> int | None:
        ...


class Rules(Protocol):
    """What every game's rules dataclass offers besides its own options: the version records name, and the mode."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[object]]]

    @property
    def version(self) -> str:
        ...

    @property
    def mode(self) -> Mode:
        ...


class Game(Protocol):
    """What every client (the record, the simulator, tournaments, the terminal, the card room, the adapters) may
    read of a game's state: the protocol of :class:`GameState` and what each game adds to it, declared once.

    Anything else a client needs of a game it asks the game's registration for (:mod:`academie.registry`), never
    the state's own fields."""

    game_name: ClassVar[str]
    chance: ChanceSource | None

    def __init__(self, rules: Any = None, *, chance: ChanceSource | None = None, first_dealer: int | None = None,
                 automate_table: bool | None = None) -> None:
        """A new partie whose packs come from ``chance`` (None: the caller deals)."""
        ...

    @classmethod
    def sample(cls, view: Any, rng: random.Random, /) -> Self:
        """A state consistent with ``view`` (a view of this game), its unseen cards dealt at random from ``rng``:
        what search bots and the adapters' samplers play out."""
        ...

    @classmethod
    def new(cls, rules: Any = None, *, seed: int | None = None, decks: Sequence[Sequence[Card]] | None = None,
            first_dealer: int | None = None) -> Self:
        """A new partie under ``rules`` (the game's defaults when None), dealt from ``seed`` or from ``decks``
        (the orders of its packs), its first dealer chosen or cut for (None). Games take options of their own
        (``players``, the scores to start from)."""
        ...

    @property
    def rules(self) -> Rules:
        ...

    @property
    def actor(self) -> int | None:
        ...

    @property
    def is_terminal(self) -> bool:
        ...

    @property
    def operations(self) -> Sequence[Operation]:
        ...

    @property
    def rulings(self) -> Sequence[str]:
        ...

    @property
    def pending(self) -> Irregularity | None:
        ...

    @property
    def dealer(self) -> int | None:
        """The dealer of the deal in progress (None before the first deal is cut for)."""
        ...

    @property
    def deal_results(self) -> Sequence[DealResult]:
        """Every deal over, in order."""
        ...

    @property
    def game_results(self) -> Sequence[GameResult]:
        """Every game won, in order (a partie may be several games)."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        ...

    def apply(self, action: Action, /) -> Operation:
        ...

    def apply_unchecked(self, action: Action, /) -> Operation:
        ...

    def apply_text(self, text: str, /) -> Operation:
        ...

    def parse_action(self, text: str, /) -> Action:
        ...

    def irregular_actions(self, seat: int, /) -> tuple[Irregular, ...]:
        ...

    def resolve_chance(self) -> None:
        ...

    def view(self, viewer: int, /) -> View:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now."""
        ...

    def result(self) -> PartieResult:
        ...

    def returns(self) -> tuple[int, ...]:
        """What each seat has won or lost so far, in seat order."""
        ...

    def clone(self) -> Self:
        ...


def _copy_value(value: object) -> object:
    """A copy deep enough for :meth:`GameState.clone`: lists (of immutable values) sliced, records copied."""
    if type(value) is list:
        return value[:]
    copier = getattr(value, "copy", None)
    return copier() if copier is not None else copy.copy(value)


CopiedT = TypeVar("CopiedT")


def written_copier(cls: type[CopiedT], *, shared: Iterable[str], sliced: Iterable[str] = (),
                   copied: Iterable[str] = (), cloned: Iterable[str] = ()) -> Callable[[CopiedT], CopiedT]:
    """A function copying an instance of ``cls`` attribute by attribute: the ``shared`` ones given to the copy as
    they are (immutable values), the ``sliced`` ones sliced (lists of immutable values), the ``copied`` ones copied
    one level deep (:func:`_copy_value`), the ``cloned`` ones by their own ``clone()`` (None stays None).

    The function is written out once per class, as :mod:`dataclasses` writes an ``__init__``: a state's clone is
    on the path of every action a server accepts (issue 33), and a loop of ``setattr`` over the names, or
    :func:`copy.copy` of a slotted instance, cost it eight to ten times as much."""
    how = [(name, "self.{0}") for name in shared] + [(name, "self.{0}[:]") for name in sliced]
    how += [(name, "copy_value(self.{0})") for name in copied]
    how += [(name, "None if self.{0} is None else self.{0}.clone()") for name in cloned]
    if not all(name.isidentifier() for name, _ in how):
        raise ValueError(f"{cls.__name__}: an attribute to copy is not named by an identifier")
    body = "".join(f"    twin.{name} = {expression.format(name)}\n" for name, expression in how)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "copy_value": _copy_value}
    exec(f"def copy(self):\n    twin = new(cls)\n{body}    return twin\n", namespace)
    copier: Callable[[CopiedT], CopiedT] = namespace["copy"]
    return copier


def dataclass_copier(cls: type[CopiedT]) -> Callable[[CopiedT], CopiedT]:
    """:func:`written_copier` for a dataclass whose fields are immutable values or lists of them (a game's deal):
    each ``list`` field sliced, every other one shared."""
    names = [(f.name, str(f.type).startswith("list[")) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    return written_copier(cls, shared=[name for name, listed in names if not listed],
                          sliced=[name for name, listed in names if listed])


def written_maker(cls: type[CopiedT]) -> Callable[..., CopiedT]:
    """A function making an instance of the slotted dataclass ``cls`` of its fields' values, given in their order,
    each set through its slot: written out once, as :mod:`dataclasses` writes an ``__init__``. A frozen class's
    ``__init__`` sets each field through ``object.__setattr__`` one keyword at a time; the pictures made for every
    viewer after every action (issue 33) cost a tenth less made this way, and a loop over the slots' setters half as
    much again as this.

    >>> @dataclasses.dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     left: int
    ...     right: str
    >>> make = written_maker(Pair)
    >>> make(1, "a") == Pair(1, "a")
    True
    """
    names = [item.name for item in dataclasses.fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    namespace.update({f"set_{name}": cls.__dict__[name].__set__ for name in names})
    body = "".join(f"    set_{name}(made, {name})\n" for name in names)
    exec(f"def make({', '.join(names)}):\n    made = new(cls)\n{body}    return made\n", namespace)
    maker: Callable[..., CopiedT] = namespace["make"]
    return maker


_made_histories: Final = written_maker(Histories)
"""A :class:`Histories` of its tuple, made through its slot (:meth:`Histories.told_on`)."""


_CLONERS: dict[type, Callable[[Any], Any]] = {}
"""Each state class's written-out clone (:meth:`GameState.clone`), made at its first clone."""


RulesT = TypeVar("RulesT")


class GameState(ABC, Generic[RulesT]):
    """The shared part of every game's state: checked apply, the log, chance automation, text actions, the
    table-mode bookkeeping (the pending irregularity and the rulings) and the scaffolding each game fills in.

    A game declares:

    - :attr:`handlers`: the method applying each action type (the template :meth:`apply_unchecked` calls it);
    - :meth:`_compute_actor` and :meth:`_compute_legal` (cached by :attr:`actor` and :meth:`legal_actions`);
    - :attr:`clone_shared` and :attr:`clone_copied`: every attribute of the state, shared with a clone
      (immutable values) or copied (lists, ledgers, deal records) by the template :meth:`clone`;
    - :meth:`check_chance_outcome`, and :attr:`table_laws` (injected by the game's package).
    """

    game_name: ClassVar[str]
    table_laws: ClassVar[TableLaws[Any, Any] | None] = None
    """The game's laws of irregularities, injected by its package (``academie.games.<game>``)."""
    handlers: ClassVar[Mapping[type[Action], Callable[[Any, Any], None]]] = {}
    """The method applying each action type (its first argument is the state)."""
    clone_shared: ClassVar[tuple[str, ...]] = ()
    """Attributes a clone shares with its original (immutable values, or values replaced, never changed)."""
    clone_copied: ClassVar[tuple[str, ...]] = ()
    """Attributes a clone copies (lists sliced, ledgers and deal records through their ``copy()``)."""
    rules: RulesT
    operations: list[Operation]
    chance: ChanceSource | None
    automate_table: bool
    """Table mode: rulings that need nobody's choice are given at once (the table is an automated actor)."""
    rulings: list[str]
    """Table mode: every ruling given, with its law ("E-P1: the card is taken back")."""
    _actor: int | None
    _legal: Sequence[Action] | None
    _pending: Pending | None

    # ------------------------------------------------------------------------------------ who acts, what is legal
    @property
    def actor(self) -> int | None:
        """The seat to act, :data:`CHANCE`, :data:`TABLE`, or ``None`` when the game is over."""
        return self._actor

    @property
    def is_terminal(self) -> bool:
        return self.actor is None

    def _compute_actor(self) -> int | None:
        """Who acts now, worked out from the state (the template :meth:`apply_unchecked` caches it)."""
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """Every action the actor may take now (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> Sequence[Action]:
        raise NotImplementedError

    # ------------------------------------------------------------------------------------ applying actions
    def apply_unchecked(self, action: Action) -> Operation:
        """Apply an action known to be legal (the fast path); returns the operation appended.

        The template: log the operation, run the game's handler for the action's type, work out who acts next,
        and let chance or the table act when they are to.
        """
        kind = type(action)
        actor = action.seat if kind is Irregular else self._actor  # type: ignore[attr-defined]
        assert actor is not None
        operation = Operation(actor, action)
        self.operations.append(operation)
        self._legal = None
        self.handlers[kind](self, action)
        actor = self._actor = self._compute_actor()
        if actor is not None and actor < 0:
            self._automate(actor)
        return operation

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its text form; raises :class:`ActionParseError`."""

    def illegal_reason(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words (games refine this)."""
        return "not one of the actions allowed now"

    def check_chance(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless chance is to act and ``action`` is a possible outcome.

        Chance outcomes (a whole deck order) are too many to list, so at a chance node :meth:`legal_actions`
        is empty and this check stands in for it.
        """
        if self.actor is not CHANCE:
            raise IllegalActionError(action, self.actor, self.legal_actions(), "chance is not to act")
        self.check_chance_outcome(action)

    @abstractmethod
    def check_chance_outcome(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is a possible outcome of the chance event now."""

    def apply(self, action: Action) -> Operation:
        """Check ``action`` against :meth:`legal_actions`, then apply it. Chance outcomes are checked by
        :meth:`check_chance`, and in table mode an :class:`Irregular` act by any seat is accepted when it is
        physically possible now (the game's :attr:`table_laws` say why not).

        Raises :class:`IllegalActionError` naming the action, the actor and what is allowed; the state is
        unchanged when it does.
        """
        legal = self.legal_actions()
        # legal actions are shared objects: an identity test finds them without calling the dataclass __eq__
        # on every option before the match (the path bots and simulations take)
        if any(map(is_, legal, repeat(action))) or action in legal:
            return self.apply_unchecked(action)
        if isinstance(action, Irregular):
            laws = self.table_laws
            reason = laws.why_impossible(self, action) if laws is not None else (
                f"{self.game_name} has no table mode")
            if reason:
                raise IllegalActionError(action, action.seat, legal, reason)
            return self.apply_unchecked(action)
        if self.actor is CHANCE:
            self.check_chance(action)
            return self.apply_unchecked(action)
        raise IllegalActionError(action, self.actor, legal, self.illegal_reason(action))

    def apply_text(self, text: str) -> Operation:
        """Parse and apply an action given as text, e.g. ``"play KH"``."""
        return self.apply(self.parse_action(text))

    def resolve_chance(self) -> None:
        """Let the injected chance source act while chance is to act (automation)."""

    def _automate(self, actor: int) -> None:
        """After an action that leaves chance or the table to act: let the injected chance source deal, or the
        table give a ruling that needs nobody's choice (automations)."""
        if actor == CHANCE and self.chance is not None:
            self.resolve_chance()
        elif actor == TABLE and self.automate_table:
            self.apply_unchecked(self.legal_actions()[0])

    # ------------------------------------------------------------------------------------ copies
    def clone(self) -> Self:
        """An independent copy (cheap enough for search), driven by :attr:`clone_shared` and
        :attr:`clone_copied`; the chance source is cloned so that the twin deals the same future."""
        cls = type(self)
        cloner = _CLONERS.get(cls)
        if cloner is None:
            cloner = _CLONERS[cls] = written_copier(cls, shared=self.clone_shared, copied=self.clone_copied,
                                                    cloned=("chance",))
        twin: Self = cloner(self)
        return twin

    # ------------------------------------------------------------------------------------ table mode
    def irregular_actions(self, seat: int) -> tuple[Irregular, ...]:
        """Table mode: examples of the irregular acts ``seat`` could physically commit now (one per kind and
        card), for interfaces and tests; empty in enforced mode."""
        laws = self.table_laws
        if laws is None:
            return ()
        acts: tuple[Irregular, ...] = laws.possible_acts(self, seat)
        return acts

    @property
    def pending(self) -> Irregularity | None:
        """Table mode: the irregularity waiting for its remedy, if any."""
        return self._pending.irregularity if self._pending is not None else None

    @property
    def pending_ruling(self) -> Pending | None:
        """Table mode: the pending irregularity with what its remedy needs (for the game's laws)."""
        return self._pending

    def pend(self, pending: Pending) -> None:
        """Table mode: leave ``pending`` waiting for its remedy (the laws' way to stop the play)."""
        self._pending = pending
        self._legal = None

    def take_pending(self) -> Pending:
        """Table mode: the pending irregularity, now being remedied (no longer pending)."""
        pending = self._pending
        if pending is None:
            raise AcademieError("no irregularity is pending")
        self._pending = None
        self._legal = None
        return pending

    def rule(self, text: str) -> None:
        """Table mode: record a ruling (its text starts with the law's ID)."""
        self.rulings.append(text)


class OwedDealState(GameState[RulesT]):
    """A game that deals its next hand only when something asks about the table (Écarté, Whist): when a deal
    ends, the subclass sets ``_deal_owed`` instead of shuffling at once, and keeps its log and rulings in
    ``_operations`` and ``_rulings``; reading whose turn it is, the log or the rulings deals the owed hand first
    (:meth:`resolve_chance`), so a reader sees what a game dealt at once would show. The subclass's other readers
    (its phase, its ledger, its hands) do the same."""

    _deal_owed: bool
    _operations: list[Operation]
    _rulings: list[str]

    @property
    def actor(self) -> int | None:
        """The seat to act, :data:`CHANCE`, :data:`TABLE`, or ``None`` when the game is over."""
        if self._deal_owed:
            self.resolve_chance()
        return self._actor

    @property
    def operations(self) -> list[Operation]:  # type: ignore[override]
        """The log (read it; actions are applied through :meth:`apply`)."""
        if self._deal_owed:
            self.resolve_chance()
        return self._operations

    @property
    def rulings(self) -> list[str]:  # type: ignore[override]
        """Table mode: every ruling given, with its law ("E-P1: the card is taken back")."""
        if self._deal_owed:
            self.resolve_chance()
        return self._rulings


def rules_to_dict(rules: object) -> dict[str, JSON]:
    """The options of a rules dataclass as plain data (enums as their values, tuples as lists)."""
    out: dict[str, JSON] = {}
    for field in dataclasses.fields(rules):  # type: ignore[arg-type]
        value = getattr(rules, field.name)
        if isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


RulesCls = TypeVar("RulesCls")


def rules_from_dict(cls: type[RulesCls], data: Mapping[str, object]) -> RulesCls:
    """Build a rules dataclass from plain data, refusing unknown options with the list of known ones."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise RulesError(f"unknown rules option(s) {', '.join(unknown)}; known options: {', '.join(fields)}")
    kwargs: dict[str, object] = {}
    defaults = cls()
    for name, value in data.items():
        current = getattr(defaults, name)
        if isinstance(current, Enum):
            try:
                value = type(current)(value)
            except ValueError:
                allowed = ", ".join(str(m.value) for m in type(current))
                raise RulesError(f"rules option {name}={value!r} is not allowed; allowed: {allowed}") from None
        elif isinstance(current, tuple) and isinstance(value, list):
            value = tuple(value)
        kwargs[name] = value
    return cls(**kwargs)


def check_option(name: str, value: object, allowed: Iterable[object]) -> None:
    """Raise :class:`RulesError` unless ``value`` is one of ``allowed``."""
    options = tuple(allowed)
    if not any(value == option and type(value) is type(option) for option in options):  # True is not 1
        shown = ", ".join(repr(o) for o in options)
        raise RulesError(f"rules option {name}={value!r} is not allowed; allowed: {shown}")
