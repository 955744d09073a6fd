"""What a game declares once, for every client to read: its metadata, rules, catalogue, bots, record hooks,
table picture and analyses (:class:`GameType`).

Each game package builds its own :class:`GameType` in its ``__init__.py`` (``academie.games.<game>.GAME``);
:mod:`academie.games` collects them. Clients (the record, the simulator, tournaments, the command line) read
the entry and never name a game. This module sits below the games: it imports only the engine, the cards and
the laws vocabulary, so a game package can import it without a circle.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

from academie.bots import Bot
from academie.bots.random import RandomBot
from academie.cards import Card
from academie.engine import AcademieError, Action, DealResult, Game, Operation, Remedy, Rules, RulesError, View
from academie.laws import RuleEntry
from academie.picture import Painter

if TYPE_CHECKING:
    from academie.interop.features import GameEncoding
    from academie.referee import Question
    from academie.words import Words

BotFactory = Callable[..., Bot]
"""Makes a bot: ``factory(seed=..., **options)``."""
StateT = TypeVar("StateT")


def own_state(state: Game | None, state_class: type[StateT]) -> StateT:
    """``state`` as its game's own state class: the hooks a game registers (record, tests, analyses) are given only
    states of that game (never None where a record is needed), and read what only its class declares."""
    if not isinstance(state, state_class):
        raise AcademieError(f"a {type(state).__name__} was given where a {state_class.__name__} was expected")
    return state


def _load(module: str, name: str | None = None) -> object:
    """Import ``module`` (and take ``name`` from it) when a bot or a screen is first wanted, so that loading the
    registry does not load every bot's dependencies (numpy, the DDS solver). What it is, the caller knows from
    where every game package keeps it (the import is where the type checker's knowledge ends)."""
    loaded = importlib.import_module(module)
    return loaded if name is None else getattr(loaded, name)


def standard_bots(package: str) -> dict[str, BotFactory]:
    """The bots every game has, weakest first, found where every game package keeps them: ``random`` (shared),
    ``classical`` (``<package>.bots.classical.ClassicalBot``) and ``search`` (``<package>.bots.search.SearchBot``)."""
    return {"random": RandomBot, "classical": bot_of(f"{package}.bots.classical", "ClassicalBot"),
            "search": bot_of(f"{package}.bots.search", "SearchBot")}


def bot_of(module: str, name: str) -> BotFactory:
    """The factory of the bot class ``name`` of ``module``, imported when a bot is first made (its options are
    checked by its constructor)."""

    def make(**options: object) -> Bot:
        return cast(BotFactory, _load(module, name))(**options)

    return make


def encoding_of(package: str) -> Callable[[], GameEncoding]:
    """The loader of a game's encoding for the research adapters, ``<package>.encoding`` (a module satisfying
    :class:`academie.interop.features.GameEncoding`; loaded when first asked for, so that the registry loads no
    numpy)."""

    def encoding() -> GameEncoding:
        return cast("GameEncoding", _load(f"{package}.encoding"))

    return encoding


@dataclass(frozen=True, slots=True, kw_only=True)
class SuiteTable:
    """A table the shared tests play a game at (``tests/test_every_game.py`` and the other suites over the
    registry): its size and form, and how much of each sweep it gets (0: none)."""

    name: str
    """The table's name in the tests' ids and golden files (the game's name, and its table size when it has
    several: ``<game>-3``)."""
    options: Mapping[str, object] = field(default_factory=dict)
    """Keywords of the state's ``new`` (``players``)."""
    rules: Mapping[str, object] = field(default_factory=dict)
    """Rules options (``form``)."""
    sweeps: bool = True
    """Whether the shared suite's sweeps (paths, clones, records, hidden cards, perft, the bots) play it; a table
    that is not swept serves the pictures' test alone."""
    perft_depth: int = 0
    """How deep the perft counts go from two fixed deals (a few thousand leaves)."""
    irregular_playouts: tuple[int, int] = (0, 0)
    """Table mode: random playouts with irregular acts, and the most steps each follows."""
    transcript: int = 0
    """How many actions of a fixed game its golden per-seat transcript follows (0: none)."""
    bot_parties: tuple[int, int] = (0, 0)
    """Table mode: seeded parties of the cheap bots, and of the bots that search, each choosing in every seat."""
    bot_steps: int = 3000
    """The most actions of such a party (a whole partie may be too long for the budget)."""
    irregular_acts: bool = True
    """Whether irregular acts can be committed at this table (a form without laws of irregularities: no)."""
    reasons: tuple[int, int] = (0, 0)
    """The bots' reasons checked in words: seeded parties in each mode (under the suite's ``short_rules``), and
    the most actions of each."""
    pictures: bool = True
    """Whether the pictures' test paints it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomTable:
    """A table the card room's tests play whole over WebSockets: its players, its bots by seat, its mode and the
    language of its pages."""

    players: int
    bots: Mapping[str, str] = field(default_factory=dict)
    mode: str = "enforced"
    lang: str = "en"


@dataclass(frozen=True, slots=True, kw_only=True)
class Suite:
    """What the shared tests cannot know of a game and read from its package (``<package>.suite.SUITE``)."""

    tables: tuple[SuiteTable, ...]
    face_down: Callable[[Game], dict[int, set[Card]]]
    """The cards each seat holds face down now, read from the state itself (never from a view, so that a view
    that wrongly shows a card cannot hide it): what the hidden-information tests check no other seat reads."""
    zero_sum: bool
    """Whether what the seats win and lose over a partie sums to zero (counters and tokens; not points)."""
    bot_budgets: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    """Small budgets for the bots that search, by level (the same code paths, faster)."""
    terminal: tuple[str, ...] = ()
    """The options of ``academie play`` for the golden terminal transcript (``--players 4``)."""
    resume_bot: str = "classical"
    """The bot ``academie play`` is interrupted against and resumed with (one that draws from its generator tests
    more)."""
    room: tuple[RoomTable, ...] = ()
    """The tables the card room's tests play whole."""
    short_rules: Mapping[str, object] = field(default_factory=dict)
    """Rules options that keep a whole game short enough for the card room's tests (one round, a short rubber)."""


def suite_of(package: str) -> Callable[[], Suite]:
    """The loader of what a game tells the shared tests, ``<package>.suite.SUITE``."""

    def suite() -> Suite:
        return cast(Suite, _load(f"{package}.suite", "SUITE"))

    return suite


def painter_of(package: str) -> Callable[[], Painter]:
    """The loader of a game's painter of table pictures, ``<package>.picture`` (a module satisfying
    :class:`academie.picture.Painter`)."""

    def painter() -> Painter:
        return cast(Painter, _load(f"{package}.picture"))

    return painter


@dataclass(frozen=True, slots=True)
class ExactAnswer:
    """An exact answer to a decision that a game can give besides the review's sampled values (Form B's optimal
    policy): what it is, in words (``label``, a message of the catalogues), the choice it makes and what it says of
    each choice (``values``: the action's text and a number, in ``unit``)."""

    label: str
    best: str
    values: tuple[tuple[str, float], ...] = ()
    unit: str = ""


class Reviewer(Protocol):
    """What the review of a played game (:mod:`academie.review`) asks of a game, ``<package>.review`` (a module
    satisfying this protocol): its unit, its thresholds of a slip, a mistake and a blunder, the outcome of a deal
    for a seat, and where the game has them, exact values of one fully known deal and exact answers."""

    @property
    def UNIT(self) -> str:
        """The unit every value and cost is in ("points", "tricks", "counters", "tokens")."""
        ...

    def thresholds(self, rules: Rules, /) -> tuple[float, float, float]:
        """The least cost of a slip, a mistake and a blunder under ``rules``, in :data:`UNIT`."""
        ...

    def outcome(self, result: DealResult, seat: int, /) -> float:
        """What ``seat`` made of a deal over, in :data:`UNIT` (its points, its side's tricks, its net points)."""
        ...

    def choices(self, view: View, /) -> Sequence[Action]:
        """The legal actions of ``view`` worth valuing (all of them, or a few sizes of a raise)."""
        ...

    def world_values(self, world: Game, seat: int, /) -> dict[Action, float] | None:
        """With every card of ``world`` seen, the exact value for ``seat`` (to act) of each legal action, in
        :data:`UNIT`; None where the game has no exact solver for the decision (then play-outs value it)."""
        ...

    def exact(self, state: Game, seat: int, /) -> ExactAnswer | None:
        """An exact answer to the decision of ``seat`` in ``state`` that needs no hidden card (an optimal
        policy), or None."""
        ...

    def play_model(self, world: Game, seat: int, /) -> Action | None:
        """In a play-out valuing a decision of ``seat``, the move of the player to act in ``world`` by the game's
        own model of him where the bots of the level would mislead the review (Le Quinze's opponents who fold to any
        large raise); None: the level's bot moves."""
        ...


def fixed_thresholds(slip: float, mistake: float, blunder: float) -> Callable[[Rules], tuple[float, float, float]]:
    """The review's thresholds of a game whose stakes do not depend on its rules."""

    def thresholds(rules: Rules) -> tuple[float, float, float]:
        return slip, mistake, blunder

    return thresholds


def seat_points(result: DealResult, seat: int) -> float:
    """The review's default outcome of a deal: the seat's own points, counters or tokens."""
    return float(result.points[seat])


def every_choice(view: View) -> Sequence[Action]:
    """The review's default choices: every legal action of the view."""
    return tuple(view.legal_actions)


def no_world_values(world: Game, seat: int) -> dict[Action, float] | None:
    """The review's default: no exact solver of a fully known deal (play-outs value every decision)."""
    return None


def no_exact_answer(state: Game, seat: int) -> ExactAnswer | None:
    """The review's default: no exact answer beside the sampled values."""
    return None


def no_play_model(world: Game, seat: int) -> Action | None:
    """The review's default: the bots of the level play every move of a play-out."""
    return None


def reviewer_of(package: str) -> Callable[[], Reviewer]:
    """The loader of a game's review hooks, ``<package>.review`` (a module satisfying :class:`Reviewer`)."""

    def reviewer() -> Reviewer:
        return cast(Reviewer, _load(f"{package}.review"))

    return reviewer


OUTSIDE_BOTS: Final = "academie.bots"
"""The entry-point group of bots that play every game from outside the registry (``openspiel-ismcts``, from the
research extra's :mod:`academie.interop.ismcts`): they register themselves, so the registry imports none of them."""


def outside_bot_names() -> tuple[str, ...]:
    """The names of the bots registered in :data:`OUTSIDE_BOTS`."""
    return tuple(entry.name for entry in entry_points(group=OUTSIDE_BOTS))


def outside_bot(name: str) -> BotFactory | None:
    """The factory of the outside bot ``name``, loaded when first asked for (None when there is none)."""
    for entry in entry_points(group=OUTSIDE_BOTS, name=name):
        try:
            factory: BotFactory = entry.load()
        except ImportError as error:
            raise RulesError(f"bot {name!r} cannot be loaded ({error}); it needs the research extra: "
                             "pip install 'academie[rl]'") from None
        return factory
    return None


@dataclass(frozen=True, slots=True)
class RecordHooks:
    """What the record needs from a game beyond the protocol of :mod:`academie.engine`."""

    hide: Callable[[int, Action, int], Action | None]
    """The game's ``redact(actor, action, viewer)``: the action as the viewer saw it (None: not shown at all)."""
    seen: Callable[[Game, Game, Operation, int], Iterable[Card]]
    """``seen(before, after, operation, seat)``: the cards of the deal ``seat`` has seen once ``operation`` took
    ``before`` to ``after`` (its hand, the turn-up, ...); a redacted deck shows them at their places."""
    result_text: Callable[[Game], str]
    """The ``[Result]`` of a state (``*`` while the partie goes on)."""
    first_dealer: Callable[[Game], int | None]
    """The first dealer the state was created with, or None when the first deal was cut for."""
    deck_verb: str = "deck"
    """The chance action that opens a deal: its text is ``<deck_verb> <cards>``, written as ``[Deck "<cards>"]``."""


def first_dealer_unless(draw: type[Action]) -> Callable[[Game], int | None]:
    """The ``first_dealer`` hook of a game whose partie opens either with ``draw`` (cutting or drawing for the
    deal: then None) or with a chosen first dealer (the dealer of the first deal)."""

    def first_dealer(state: Game) -> int | None:
        operations = state.operations
        if operations and isinstance(operations[0].action, draw):
            return None
        if state.deal_results:
            return state.deal_results[0].dealer
        return state.dealer

    return first_dealer


def signed_points(state: Game) -> str:
    """The ``[Result]`` of a game of counters or tokens: what each seat won (+) or lost (−), in seat order;
    ``*`` until the game is over."""
    if not state.is_terminal:
        return "*"
    return " ".join(f"{points:+d}" for points in state.result().points)


@dataclass(frozen=True, slots=True)
class Analysis:
    """An analysis of a played record: ``run(state)`` returns the lines to print (``state`` is None when
    ``needs_record`` is false and no record is given). A long analysis may take a keyword ``progress``, a callback
    given objects with ``stage``, ``done``, ``total``, ``unit`` and ``detail`` as the work advances."""

    run: Callable[[Game | None], list[str]]
    needs_record: bool = True


Say = Callable[[str], str]
"""Translates a message (a :class:`academie.words.Words`, or ``str`` for the English)."""


@dataclass(frozen=True, slots=True)
class Lobby:
    """What the card room's lobby says of a game, in one language: one line on the game, a word on each of its
    own rules options (an option every game shares, ``players`` or ``mode``, has the room's word), and a label for
    each value of an option that takes a few (a ``Literal`` or an ``Enum``), so that a person never reads the
    option's internal key (``values["first_dealer_card"]["highest"]``: "the higher cut deals")."""

    line: str
    options: Mapping[str, str] = field(default_factory=dict)
    values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


class RefereeBook(Protocol):
    """What the referee of a real table (:mod:`academie.referee`) asks of a game, ``<package>.referee`` (a module
    satisfying this protocol): its questions, from "when did it happen?" to a verdict naming a law of its
    catalogue, and what each remedy does in words."""

    @property
    def TREE(self) -> Question:
        """The game's questions (:func:`academie.referee.build_tree` over its table mode's acts)."""
        ...

    def remedy_words(self, remedy: Remedy, words: Words, /) -> str:
        """What ``remedy`` does, in ``words``' language, as the table picture says it."""
        ...


def referee_of(package: str) -> Callable[[], RefereeBook]:
    """The loader of a game's referee questions, ``<package>.referee`` (a module satisfying :class:`RefereeBook`)."""

    def referee() -> RefereeBook:
        return cast(RefereeBook, _load(f"{package}.referee"))

    return referee


class BoardsBook(Protocol):
    """What duplicate (:mod:`academie.duplicate`) asks of a game, ``<package>.boards`` (a module satisfying this
    protocol): the places an entrant holds at a table, what a deal scored for the holder of a place, and the
    difference scale of the game, if clubs would score it by one beside matchpoints."""

    @property
    def SCALE_STEPS(self) -> tuple[int, ...]:
        """The least difference of points worth each unit of the game's difference scale (``(1, 2, 3)``: 1 point
        is 1 unit, 2 are 2, 3 or more are 3); empty when the game is scored by matchpoints alone."""
        ...

    def places(self, seats: int, /) -> tuple[tuple[int, ...], ...]:
        """The places of a table of ``seats`` seats, each the seats one entrant holds (a partnership holds two)."""
        ...

    def points(self, result: DealResult, seats: tuple[int, ...], /) -> int:
        """What the deal ``result`` scored for the entrant holding ``seats``: the number compared between the
        entrants who held the same cards."""
        ...


def seats_alone(seats: int) -> tuple[tuple[int, ...], ...]:
    """Duplicate's places of a game without partners: each seat is one entrant's place."""
    return tuple((seat,) for seat in range(seats))


def own_points(result: DealResult, seats: tuple[int, ...]) -> int:
    """Duplicate's points of a game of counters or tokens: what the place won (+) or lost (−) in the deal."""
    return sum(result.points[seat] for seat in seats)


def boards_of(package: str) -> Callable[[], BoardsBook]:
    """The loader of a game's duplicate scheme, ``<package>.boards`` (a module satisfying :class:`BoardsBook`)."""

    def boards() -> BoardsBook:
        return cast(BoardsBook, _load(f"{package}.boards"))

    return boards


@dataclass(frozen=True, slots=True)
class GameType:
    """What a game is, before any deal, and everything a client needs to use it."""

    name: str
    title: str
    aliases: tuple[str, ...]
    min_seats: int
    max_seats: int
    partnerships: bool
    pack_size: int
    explicit_chance: bool
    max_actions_per_deal: int
    state: type[Game]
    """The state class, with a ``new(rules, seed=..., decks=..., ...)`` constructor."""
    rules: type[Rules]
    """The rules dataclass (every option, with our reading of the sources as defaults)."""
    catalogue: tuple[RuleEntry, ...]
    """Every rule and law ID of the game."""
    record: RecordHooks
    bots: Mapping[str, BotFactory]
    """The bots by name, weakest first: the last is the strongest, the one ``academie play`` seats by default."""
    painter: Callable[[], Painter] | None = None
    """Loads the game's painter of table pictures (every screen draws them: the terminal, replays, the card
    room)."""
    analysis: Analysis | None = None
    encoding: Callable[[], GameEncoding] | None = None
    """Loads what the research adapters observe and number of the game (:mod:`academie.interop`)."""
    suite: Callable[[], Suite] | None = None
    """Loads what the shared tests cannot know of the game: its tables, its cards held face down, its budgets."""
    books_report: str | None = None
    """The module that checks the old books' advice by computation (``plan``, ``run_job``, ``build_report``), for
    ``academie analyse GAME --report``, or None."""
    opening_report: str | None = None
    """The module that solves the game's first decisions as a game (the same three functions), for
    ``academie analyse GAME --opening --report``, or None."""
    lobby: Callable[[Say], Lobby] | None = None
    """The lobby's words on the game, through the ``Say`` given (the game's words, in the page's language)."""
    review: Callable[[], Reviewer] | None = None
    """Loads what the review of a played game needs of the game (:mod:`academie.review`); None: play-outs value
    every decision, in the seat's own returns, with the default thresholds."""
    referee: Callable[[], RefereeBook] | None = None
    """Loads the referee's questions on the game's laws of irregularities (:mod:`academie.referee`); None: the
    game has none."""
    boards: Callable[[], BoardsBook] | None = None
    """Loads the game's duplicate scheme (:mod:`academie.duplicate`): its places, its points per board and its
    scales; None: the game declares none, and duplicate refuses it."""
    rules_files: tuple[str, ...] = field(default=("state.py", "table.py"))
    """The files of the package where the rules are implemented (where ``academie rules`` looks for IDs)."""

    @property
    def package(self) -> str:
        """The game's package, which holds everything about it (``academie.games.ecarte``)."""
        return self.state.__module__.rpartition(".")[0]

    @property
    def folder(self) -> Path:
        """The folder of the game's package."""
        return Path(inspect.getfile(self.state)).parent

    @property
    def sources(self) -> tuple[Path, Path | None]:
        """Where the rules report reads the game's code and tests: the checkout of the distribution that holds it,
        with its tests, when it runs from one (``src/`` beside a ``pyproject.toml``); else the folder it is
        installed in, and no tests (the package ships its index of them, :meth:`shipped_tests_index`)."""
        for folder in self.folder.parents:
            if folder.name == "src" and (folder.parent / "pyproject.toml").is_file():
                tests = folder.parent / "tests"
                return folder.parent, tests if tests.is_dir() else None
        return self.folder.parents[self.package.count(".")], None

    @property
    def code_files(self) -> tuple[Path, ...]:
        """The source files where this game's rules are implemented (the catalogue excepted)."""
        return tuple(self.folder / name for name in self.rules_files if (self.folder / name).exists())

    def how_to_play(self, lang: str) -> str:
        """The game's rules for players in ``lang`` ("en" or "fr"), shipped in its package as
        ``how_to_play.<lang>.md``: one or two screens, 80 columns, citing the law IDs."""
        source = resources.files(self.package).joinpath(f"how_to_play.{lang}.md")
        if not source.is_file():
            raise RulesError(f"no rules for players of {self.name} in {lang!r}")
        return source.read_text(encoding="utf-8")

    def shipped_tests_index(self) -> dict[str, list[str]]:
        """The tests that name each rule ID, as shipped in the package (``rule_tests.json``, kept up to date by a
        test of the checkout), for the rules report of an installed copy."""
        source = resources.files(self.package).joinpath("rule_tests.json")
        if not source.is_file():
            return {}
        index: dict[str, list[str]] = json.loads(source.read_text(encoding="utf-8"))
        return index

    def new(self, rules: Rules | None = None, **options: Any) -> Game:
        """A new game state: ``load("ecarte").new(seed=7)`` or ``new(decks=[...])``."""
        return self.state.new(rules, **options)

    def bot_names(self) -> tuple[str, ...]:
        """The bots of the game, weakest first."""
        return tuple(self.bots)

    def strongest(self) -> str:
        """The name of the strongest bot (the default opponent)."""
        return self.bot_names()[-1]

    def make_bot(self, name: str, *, seed: int = 0, **options: object) -> Bot:
        """A new bot of this game (``load("ecarte").make_bot("search", seed=1)``), or a bot of every game from
        another package (:func:`outside_bot`)."""
        factory = self.bots.get(name) or outside_bot(name)
        if factory is None:
            raise RulesError(f"unknown bot {name!r} for {self.name}; available: {', '.join(self.bots)}"
                             f"{''.join(f', {n}' for n in outside_bot_names())}")
        return factory(seed=seed, **options)

