"""Le Quinze: the vying game of the seed's laws (Form A, 2–6 players) and Hoyle's two-hand game (Form B).

Rules: the rule file (sections cited ``Q-§n.m``), the seed's laws ``QUINZE-19`` … ``QUINZE-40``,
the rule file's reconstructed laws 1–18 (``Q-R1`` … ``Q-R18``, reported as reconstructed) and Hoyle's two-hand
laws ``Q-H1``, ``Q-H2``. The laws of irregularities live in :mod:`academie.games.quinze.table` (table mode).

**Cards.** Form A plays with two 52-card packs re-sorted by colour (Q-R2): the *black* pack holds the clubs and
spades of both packs, the *red* pack their hearts and diamonds, so each card of a colour pack is there twice. The
two copies of a card are indistinguishable at the table (suits play no part, Q-§2.1), so a card is its
:class:`~academie.cards.Card` (index ``0..51``) and a pack is a multiset: a ``deck`` action lists the 52 cards of
one colour pack, each card twice. Card sets are therefore lists of indices and counts, not bitmasks. Form B
plays with one ordinary 52-card pack.

**Seats.** Seats are numbered in playing order: the player on a seat's right is the next seat (Q-§2.3,
counter-clockwise play), so the first to speak is the seat after the dealer, and the dealer speaks last.

**Money.** Every player buys a cave of tokens (Q-R3). All money goes through the ledger: antes and bets from a
seat to the ``pot`` account, winnings from the pot to a seat, each transfer citing its rule; nobody can stake
more than his cave (Q-§3) and the ledger always sums to zero. ``deal_results[*].points`` are the tokens each seat
won or lost in that coup.

>>> state = QuinzeState.new(QuinzeRules(players=3), seed=2, first_dealer=2)
>>> state.actor, [str(a) for a in state.legal_actions()][:3]
(0, ['pass', 'open 3', 'open 4'])
>>> _ = state.apply_text("open 3")
>>> state.view(1).hole[0] is None and state.view(0).hole[0] is not None
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from functools import lru_cache
from typing import Any, ClassVar, Final, Literal, Protocol, Self

from academie.cards import CARDS, PACK_52, Card, Rank, Suit, parse_cards, rank_of
from academie.engine import (
    CHANCE,
    PUBLIC,
    TABLE,
    AcademieError,
    Action,
    ActionParseError,
    ChanceSource,
    ExplicitChance,
    GameState,
    Histories,
    IllegalActionError,
    Mode,
    Pending,
    RulesError,
    SeededChance,
    Shared,
    TableLaws,
    check_option,
    dataclass_copier,
)
from academie.engine import (
    Shuffle as Shuffle,
)
from academie.laws import Irregular as Irregular
from academie.laws import Irregularity, parse_table_action
from academie.laws import Remedy as Remedy
from academie.ledger import Ledger, Transfer

POT: Final = "pot"
"""The ledger account of the pot on the table (the passe and the bets)."""
MIN_SEATS: Final = 2
MAX_SEATS: Final = 6
TARGET: Final = 15
"""Q-§1: the aim is fifteen, or as near as possible without going over."""

BLACK: Final = 0
RED: Final = 1
COLOUR_NAMES: Final = ("black", "red")
# Q-§2.1, Q-R2: two 52-card packs re-sorted into an all-black and an all-red pack of 52.
BLACK_PACK: Final[tuple[Card, ...]] = tuple(c for c in PACK_52 if c.suit in (Suit.CLUBS, Suit.SPADES)) * 2
"""Q-R2: the clubs and spades of both packs (each card twice)."""
RED_PACK: Final[tuple[Card, ...]] = tuple(c for c in PACK_52 if c.suit in (Suit.DIAMONDS, Suit.HEARTS)) * 2
"""Q-R2: the diamonds and hearts of both packs (each card twice)."""
COLOUR_PACKS: Final = (BLACK_PACK, RED_PACK)
PLACE_RANKS: Final = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)
"""Q-R1: the cards drawn for places, from the king down (K Q J 10 9 for five players)."""


@lru_cache(maxsize=16)
def card_values(courts: int) -> tuple[int, ...]:
    """Q-§2.2: ace 1, two to ten their face value, jack, queen and king ``courts`` (10 by default), by index.
    Made once per value of the courts (an immutable tuple, so every caller may share it): hands are added up after
    every action, by every bot and every picture.

    >>> card_values(10)[Card.parse("KS").index], card_values(10)[Card.parse("AS").index]
    (10, 1)
    """
    values = []
    for card in CARDS:
        rank = card.rank
        values.append(1 if rank == Rank.ACE else courts if rank >= Rank.JACK else int(rank))
    return tuple(values)


# --------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True, slots=True, kw_only=True)
class QuinzeRules:
    """Every option of Le Quinze. The defaults are the rule file's recommendations (§9).

    >>> QuinzeRules().version, QuinzeRules().form, QuinzeRules().players
    ('quinze/1', 'A', 2)
    >>> QuinzeRules(form="B", players=3)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: rules option players=3 is not allowed with form B; allowed: 2
    """

    version: str = "quinze/1"
    form: Literal["A", "B"] = "A"
    """Q-§1 (Q2): "A" the French vying game of the seed's laws; "B" Hoyle's two-hand game (Q-§5.8)."""
    players: int = 2
    """Q-§2.1: 2 to 6 players in Form A (``--players N``); Form B is for two."""
    cave: int = 40
    """Q-R3: the tokens each player buys in with (his cave)."""
    rounds: int = 1
    """Q-R18: the partie lasts this many rounds; a round is one played coup per player (Form B: one game per
    player)."""
    ante: int = 1
    """Q-R4: each player's ante into the passe before each deal."""
    fixed_jeu: int = 0
    """Q-§3 (Q3): 0 = the *jeu* (the minimum opening) is the pot; k > 0 = a fixed *jeu* of k tokens."""
    min_raise: Literal["one", "pot"] = "one"
    """Q-§3 (Q13): the smallest raise, one token, or the pot."""
    ties: Literal["elder", "split"] = "elder"
    """Q-§5.4 (Q9): equal totals go to the earlier player in order, or split the pot."""
    all_bust: Literal["carry", "return"] = "carry"
    """Q-§5.4 (Q10): a pot whose players all busted stays on the table, or goes back to its contributors."""
    courts_value: int = 10
    """Q-§2.2 (Q1): what a jack, queen or king counts."""
    ace_one_or_eleven: bool = False
    """Q-§2.2 (Q1): the ace counts 11 when that does not take the total over fifteen (Vingt-et-un style)."""
    silent_bust: bool = False
    """Q-§5.3 (Q8): a bust is found only at the showdown (the buster stops drawing and keeps betting)."""
    weak_double: bool = False
    """QUINZE-35 (Q5, the rule file's possible reading, off by default): the game is not played to a fixed term, and
    a weak player who has made all his money obliges the strong to hold to double his money, plus the passe when it
    is not simple (a side pot among the strong)."""
    half_jeu: bool = False
    """QUINZE-38 (Q6, the rule file's possible reading, off by default): when a short player has opened for half
    the jeu or more (but less than it), a player who holds him having only the jeu or a little more (up to half a
    jeu more, our reading of "un peu plus") engages the whole jeu, and the others must then hold to the jeu."""
    fault_judgment: Literal["winner", "neutral"] = "winner"
    """QUINZE-32, QUINZE-33 (table mode): who judges whether the cards the dealer gave, showed or burnt "plainly
    changed the coup". "winner": the rule file's approximation (§7.1), they did when the player they served wins a
    pot; "neutral": the law's own words, the players not concerned (not engaged, not the dealer) rule on it at the
    settlement (the approximation when there are none)."""
    direction: Literal["counter-clockwise", "clockwise"] = "counter-clockwise"
    """Q-§2.3 (Q11): play goes to the right, counter-clockwise, so the king's drawer, on the first dealer's right,
    speaks first; or clockwise, from the dealer's left. Seats are numbered in playing order either way: the
    option decides where the place cards sit (Q-R1) and which side is the dealer's left (the cutters)."""
    cutter: Literal["second-left", "left"] = "second-left"
    """Q-R5 (Q12): who cuts the pack: the second player on the dealer's left (law 27) or the player on his left.
    A gathered pack is cut as law 27 says in either case."""
    deal_passes: Literal["coup", "pack"] = "coup"
    """Q-R17 (Q4): the deal passes after every played coup (the same dealer only after a general pass), or one pack
    per dealer: he deals again from the rest of his pack while N + 2 cards remain ("achever le jeu", law 28); a
    round is then one pack dealt by each player."""
    substitute_card: Literal["offender", "coup", "none"] = "offender"
    """QUINZE-22 (Q7): the card a victim of exposure takes counts only against the offender (the settlement of the
    rule file's Example 5), or for the whole coup, or there is none (the victim keeps his exposed card)."""
    elder_bust: Literal["hidden", "revealed"] = "hidden"
    """Q-§5.8 (Q16): Form B's elder keeps his bust to himself (the dealer draws without knowing), or it is revealed
    and the dealer wins at once without drawing."""
    stake: int = 1
    """Q-§5.8: Form B's agreed stake for a game (doubled after a drawn game, Q-H1)."""
    mode: Mode = Mode.ENFORCED
    """Enforced (irregular acts are refused) or table (accepted and ruled on under the laws)."""

    def __post_init__(self) -> None:
        check_option("version", self.version, ["quinze/1"])
        check_option("form", self.form, ["A", "B"])
        _check_int("players", self.players, MIN_SEATS, MAX_SEATS)
        if self.form == "B" and self.players != 2:
            raise RulesError(f"rules option players={self.players!r} is not allowed with form B; allowed: 2")
        _check_int("cave", self.cave, 1, 100_000)
        _check_int("rounds", self.rounds, 1, 1000)
        _check_int("ante", self.ante, 1, 1000)
        _check_int("fixed_jeu", self.fixed_jeu, 0, 100_000)
        check_option("min_raise", self.min_raise, ["one", "pot"])
        check_option("ties", self.ties, ["elder", "split"])
        check_option("all_bust", self.all_bust, ["carry", "return"])
        _check_int("courts_value", self.courts_value, 1, 10)
        check_option("ace_one_or_eleven", self.ace_one_or_eleven, [False, True])
        check_option("silent_bust", self.silent_bust, [False, True])
        check_option("weak_double", self.weak_double, [False, True])
        check_option("half_jeu", self.half_jeu, [False, True])
        check_option("fault_judgment", self.fault_judgment, ["winner", "neutral"])
        check_option("elder_bust", self.elder_bust, ["hidden", "revealed"])
        check_option("substitute_card", self.substitute_card, ["offender", "coup", "none"])
        check_option("deal_passes", self.deal_passes, ["coup", "pack"])
        check_option("direction", self.direction, ["counter-clockwise", "clockwise"])
        check_option("cutter", self.cutter, ["second-left", "left"])
        _check_int("stake", self.stake, 1, 100_000)
        check_option("mode", self.mode, list(Mode))


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        raise RulesError(f"rules option {name}={value!r} is not allowed; allowed: a whole number {low} to {high}")


# ------------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Places(Action):
    """Chance, Q-R1: the cards drawn for places, by seat (a rotation of K Q J 10 9 8: the king's seat speaks
    first, the lowest card sits on his left and deals first)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("places", *(str(c) for c in self.cards)))


@dataclass(frozen=True, slots=True)
class CutForDeal(Action):
    """Chance, Form B (Q-§5.8, Q-H2): each player cuts a card; the lower deals (ace low, king high)."""

    cards: tuple[Card, Card]

    def __str__(self) -> str:
        return f"cut {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Regather(Action):
    """Chance, QUINZE-25…27: the dead cards gathered to finish a coup, in their new order (top first)."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("regather", *(str(c) for c in self.order)))


@dataclass(frozen=True, slots=True)
class Simple(Action):
    """An action without argument: ``pass``, ``hold``, ``all-in``, ``announce``, ``card``, ``stand``, and the
    speech conventions ``want-cards`` and ``with-that`` (QUINZE-31)."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True, slots=True)
class Open(Action):
    """Q-R8, QUINZE-35: open the betting for ``amount`` tokens (at least the *jeu* when one has it)."""

    amount: int

    def __str__(self) -> str:
        return f"open {self.amount}"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Q-R9 ("je renvie"): match the highest stake and add ``amount`` tokens."""

    amount: int

    def __str__(self) -> str:
        return f"raise {self.amount}"


PASS: Final = Simple("pass")
HOLD: Final = Simple("hold")
ALL_IN: Final = Simple("all-in")
ANNOUNCE: Final = Simple("announce")
CARD: Final = Simple("card")
STAND: Final = Simple("stand")
WANT_CARDS: Final = Simple("want-cards")
"""QUINZE-31, 39, 40: « voulez-vous cartes ? » / « en voulez-vous encore ? »: passes the word, no raise."""
WITH_THAT: Final = Simple("with-that")
"""QUINZE-31: « avec ça ? »: the same as « voulez-vous cartes ? »."""
SIMPLE: Final = {a.verb: a for a in (PASS, HOLD, ALL_IN, ANNOUNCE, CARD, STAND, WANT_CARDS, WITH_THAT)}
ALIASES: Final = {"passe": "pass", "tiens": "hold", "je-tiens": "hold", "va-tout": "all-in", "annonce": "announce",
                  "carte": "card", "je-m-y-tiens": "stand", "voulez-vous-cartes": "want-cards",
                  "en-voulez-vous-encore": "want-cards", "avec-ca": "with-that", "avec-ça": "with-that"}
"""The French words, read as the actions they name."""


@lru_cache(maxsize=4096)
def _open(amount: int) -> Open:
    return Open(amount)


@lru_cache(maxsize=4096)
def _raise(amount: int) -> Raise:
    return Raise(amount)


def parse_action(text: str) -> Action:
    """Read a Quinze action from its text form (French words accepted).

    >>> parse_action("renvie 4"), parse_action("Je-tiens"), parse_action("open 3")
    (Raise(amount=4), Simple(verb='hold'), Open(amount=3))
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError("empty action; expected e.g. pass, open 3, hold, raise 2, all-in, announce, card, "
                               "stand, want-cards, with-that")
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    verb = {"ouvre": "open", "renvie": "raise", "renvi": "raise"}.get(verb, verb)
    args = words[1:]
    table_action = parse_table_action(words)
    if table_action is not None:
        return table_action
    if verb in SIMPLE and not args:
        return SIMPLE[verb]
    try:
        if verb in ("open", "raise") and len(args) == 1 and args[0].isascii() and args[0].isdigit():
            return (_open if verb == "open" else _raise)(int(args[0]))
        if verb == "deck":
            return Shuffle(parse_cards(" ".join(args)))
        if verb == "regather":
            return Regather(parse_cards(" ".join(args)))
        if verb == "places":
            return Places(parse_cards(" ".join(args)))
        if verb == "cut" and len(args) == 2:
            first, second = parse_cards(" ".join(args))
            return CutForDeal((first, second))
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"unknown action {text!r}; expected pass, open N, hold, raise N, all-in, announce, "
                           "card, stand, want-cards, with-that (table mode also: ! KIND SEAT [ARGS], "
                           "remedy NAME [ARGS] law=ID)")


# ----------------------------------------------------------------------------------------------- results
class Phase(IntEnum):
    PLACES = 0
    CUT = 1
    SHUFFLE = 2
    OPENING = 3
    DRAW = 4
    REGATHER = 5
    OVER = 6


@dataclass(frozen=True, slots=True)
class DealResult:
    """One coup: the tokens each seat won (+) or lost (−) in it, and how it ended."""

    game: int
    dealer: int
    points: tuple[int, ...]
    completed: bool
    """True when the coup was played; False after a general pass (nobody opened, Q-R10)."""
    winners: tuple[int, ...]
    """The seats that won a pot in this coup."""

    @property
    def tricks(self) -> tuple[int, ...]:
        """Quinze has no tricks (for the generic replay report)."""
        return ()


@dataclass(frozen=True, slots=True)
class GameResult:
    """Q-R18: the partie is one game; its winner is the seat with the most tokens won (none on a tie)."""

    winner: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PartieResult:
    """The outcome: tokens won or lost per seat, coups won per seat, the best seat when the partie is over."""

    points: tuple[int, ...]
    games: tuple[int, ...]
    winner: int | None

    def returns(self) -> tuple[int, ...]:
        """Zero-sum returns: the tokens won or lost."""
        return self.points


# --------------------------------------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True)
class QuinzeView:
    """Exactly what one viewer (a seat, or :data:`PUBLIC`) knows at this moment.

    A hidden card another seat holds is ``None`` in ``hole``; burnt cards never appear (except the card shown
    and burnt under QUINZE-25, which everyone saw).
    """

    viewer: int
    rules: QuinzeRules
    phase: Phase
    actor: int | None
    dealer: int | None
    coup: int
    caves: tuple[int, ...]
    contributions: tuple[int, ...]
    """Tokens each seat has bet in this coup beyond his ante."""
    pot: int
    """Everything on the table: the passe and the bets."""
    jeu: int
    """The minimum opening now (QUINZE-35)."""
    highest: int
    in_coup: tuple[bool, ...]
    folded: tuple[bool, ...]
    busted: tuple[bool, ...]
    """Busts known to this viewer (his own always; others' when declared)."""
    stood: tuple[bool, ...]
    announced: tuple[bool, ...]
    hole: tuple[Card | None, ...]
    up: tuple[tuple[Card, ...], ...]
    """Form A: the cards dealt face up on each hidden card. Form B: the viewer's own drawn cards only."""
    drawn: tuple[int, ...]
    """How many cards each seat has drawn after his first (public in both forms)."""
    pack_colour: str
    pack_left: int
    shown_burnt: tuple[Card, ...]
    drawer: int | None
    history: tuple[tuple[int, Action], ...]
    legal_actions: tuple[Action, ...]
    multiplier: int = 1
    """Form B: the stake multiplier after drawn games (Q-H1)."""
    last_coup: tuple[str, ...] = ()
    """What happened at the end of the last coup (public: winners, shown cards)."""
    pending: Irregularity | None = None
    rulings: tuple[str, ...] = ()
    substitute: Card | None = None
    """Table mode, QUINZE-22: the viewer's own substitute hidden card (valid only against the offender)."""
    shown_next: Card | None = None
    """Table mode, QUINZE-33: the next card of the pack, shown by the dealer (known to all until it is dealt)."""
    payments: tuple[Transfer, ...] = ()
    """Every transfer of tokens in this coup, in order, each citing its rule (antes, bets, what the pot paid): the
    money on the table is public."""
    coup_rulings: tuple[str, ...] = ()
    """The rulings made in this coup (the end of ``rulings``), each starting with its law's ID."""
    pending_cards: tuple[Card, ...] = ()
    """Table mode, QUINZE-32/33: the cards the dealer gave face up that the pending ruling is about (seen by all)."""
    last_deal: CoupEnd | None = None
    """How the last coup ended, as everyone saw it (None before the first coup ends)."""

    def total(self, seat: int) -> int | None:
        """The total of ``seat``'s cards if the viewer knows them all."""
        hole = self.hole[seat]
        if hole is None:
            return None
        return hand_total((hole, *self.up[seat]), self.rules)


_NEW_VIEW: Final = object.__new__
_SETTERS: Final[dict[str, Any]] = {item.name: QuinzeView.__dict__[item.name].__set__ for item in fields(QuinzeView)}
"""How :meth:`QuinzeState.view` fills a view's fields, each through its slot (the card room makes a view for every
viewer after every action, and the frozen class's ``__init__`` sets its 35 fields one keyword at a time through
``object.__setattr__``). Every field is set, so the view equals the one ``__init__`` makes (a test compares them)."""
_SET_VIEWER: Final = _SETTERS["viewer"]
_SET_BUSTED: Final = _SETTERS["busted"]
_SET_HOLE: Final = _SETTERS["hole"]
_SET_UP: Final = _SETTERS["up"]
_SET_LEGAL: Final = _SETTERS["legal_actions"]
_SET_SUBSTITUTE: Final = _SETTERS["substitute"]


def _setting(parts: Mapping[str, Any]) -> tuple[tuple[Any, Any], ...]:
    """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`), each with its slot's setter,
    found once per position for all its viewers."""
    return tuple(zip(map(_SETTERS.__getitem__, parts), parts.values(), strict=True))


@dataclass(frozen=True, slots=True)
class CoupEnd:
    """The end of a coup as every player saw it: the hands lying face up, every transfer with its rule, the result."""

    dealer: int
    played: bool
    """False when nobody opened (a general pass, Q-R10) or the coup was given up (QUINZE-28)."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    """The hands face up at the end (shown at the showdown, a bust, a card exposed), hidden card first, by seat."""
    payments: tuple[Transfer, ...]
    """Every transfer of the coup, in order (antes, bets, what the pot paid), each citing its rule."""
    rulings: tuple[str, ...]
    points: tuple[int, ...]
    """The tokens each seat won (+) or lost (−) in the coup."""
    winners: tuple[int, ...]
    history: tuple[tuple[int, Action], ...] = ()
    """Every action of the coup, as the public saw it (``redact``)."""


def hand_total(cards: Sequence[Card], rules: QuinzeRules) -> int:
    """Q-§2.2: the total of a hand (an ace counts 11 when the option allows and it does not bust).

    >>> hand_total(parse_cards("7S 5C"), QuinzeRules())
    12
    >>> hand_total(parse_cards("AS 4C"), QuinzeRules(ace_one_or_eleven=True))
    15
    """
    values = card_values(rules.courts_value)
    return _total([c.index for c in cards], values, rules.ace_one_or_eleven)


def _total(cards: Sequence[int], values: Sequence[int], aces: bool) -> int:
    total = 0
    ace = False
    for card in cards:
        total += values[card]
        ace = ace or rank_of(card) == Rank.ACE
    if aces and ace and total + 10 <= TARGET:
        return total + 10
    return total


def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: deck orders are never shown; every spoken action is public."""
    if isinstance(action, (Shuffle, Regather)):
        return None
    return action


JudgedPot = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A pot settled while a dealer's fault is judged (QUINZE-32): its winners, the seats eligible for it (in playing
order) and each seat's share of it."""


@dataclass(frozen=True, slots=True)
class QuinzePending(Pending):
    """Table mode: an irregularity waiting for its remedy; QUINZE-32 judged at the settlement also keeps the
    coup's settlement, finished once the judges have ruled."""

    pots: tuple[JudgedPot, ...] = ()
    """QUINZE-32 judged at the settlement: each pot's winners, eligible seats and shares."""
    notes: tuple[str, ...] = ()
    winners: tuple[int, ...] = ()


class QuinzeTableLaws(TableLaws["QuinzeState", QuinzePending], Protocol):
    """The laws of irregularities as the state calls them (:mod:`academie.games.quinze.table` satisfies it)."""

    def dealer_fault(self, state: QuinzeState, pots: tuple[JudgedPot, ...], notes: tuple[str, ...],
                     winners: tuple[int, ...], /) -> bool:
        """QUINZE-32/33 at the settlement of a coup in which the dealer gave, showed or burnt cards: settle the
        dealer's penalty, or leave it pending for the players not concerned (then True: the coup is not closed)."""
        ...


# --------------------------------------------------------------------------------------------------- state
@dataclass(slots=True)
class Coup:
    """The coup in progress, as the state keeps it. Read it through :attr:`QuinzeState.coup` (the laws and the
    bots read it); every change goes through a method of the state."""

    dealer: int
    n: int
    in_coup: list[bool] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    busted: list[bool] = field(default_factory=list)
    declared: list[bool] = field(default_factory=list)
    """The bust is known to all (declared at once, Q-R13, or found at the showdown)."""
    stood: list[bool] = field(default_factory=list)
    announced: list[bool] = field(default_factory=list)
    contrib: list[int] = field(default_factory=list)
    hole: list[int] = field(default_factory=list)
    up: list[list[int]] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    opened: bool = False
    to_respond: list[int] = field(default_factory=list)
    """Seats that must still answer the last bet, in order."""
    word: list[int] = field(default_factory=list)
    """Seats that get the word after the drawer took a card (QUINZE-31, 39, 40)."""
    drawers: list[int] = field(default_factory=list)
    """Form A: the engaged seats still to take their draw turn, the drawer first."""
    substitute: list[int] = field(default_factory=list)
    """Table mode, QUINZE-22: the hidden card that counts only against the offender (-1: none)."""
    offender: list[int] = field(default_factory=list)
    aided: list[bool] = field(default_factory=list)
    """Table mode, QUINZE-32/33: the seat took an extra or unasked card from the dealer."""
    committed: list[bool] = field(default_factory=list)
    """The seat has opened, held, raised or gone all-in in this coup (with an empty cave: all-in)."""
    floor: int = 0
    """QUINZE-35 (option weak_double), QUINZE-38 (option half_jeu): the height the strong players must hold to."""
    opening_jeu: int = 0
    """The jeu when the coup was opened (QUINZE-38)."""
    shown_card: int = -1
    """Table mode, QUINZE-33: the bottom card of the pack, shown by the dealer (-1: none)."""
    start: int = 0
    ledger_start: int = 0
    rulings_start: int = 0
    """Where the rulings of this coup begin in the state's ``rulings``."""

    @classmethod
    def fresh(cls, dealer: int, n: int, start: int, ledger_start: int) -> Coup:
        return cls(dealer=dealer, n=n, in_coup=[False] * n, folded=[False] * n, busted=[False] * n,
                   declared=[False] * n, stood=[False] * n, announced=[False] * n, contrib=[0] * n,
                   hole=[-1] * n, up=[[] for _ in range(n)], revealed=[False] * n, substitute=[-1] * n,
                   offender=[-1] * n, aided=[False] * n, committed=[False] * n, start=start, ledger_start=ledger_start)

    def copy(self) -> Coup:
        twin = _copy_coup(self)
        twin.up = [cards[:] for cards in self.up]
        return twin


_copy_coup: Final = dataclass_copier(Coup)
"""Every field but ``up`` copied deep enough (``up``, a list of lists, is copied by :meth:`Coup.copy`)."""


class QuinzeState(GameState[QuinzeRules]):
    """One partie of Le Quinze (Form A or, with ``QuinzeRules(form="B")``, the two-hand game)."""

    game_name = "quinze"
    table_laws: ClassVar[QuinzeTableLaws | None] = None
    """The laws of irregularities (:mod:`academie.games.quinze.table`), injected by the package."""
    handlers: ClassVar[Mapping[type[Action], Callable[[QuinzeState, Action], None]]] = {}
    __slots__ = (
        "_actor",
        "_burn_pack",
        "_caves",
        "_colour",
        "_coup",
        "_dead",
        "_gone",
        "_histories",
        "_last_deal",
        "_legal",
        "_pack",
        "_pending",
        "_phase",
        "_seen_by_all",
        "_shared",
        "_shown_burnt",
        "_start",
        "_values",
        "_wins",
        "automate_table",
        "chance",
        "coups_played",
        "deal_results",
        "first_dealer",
        "game_results",
        "last_coup",
        "ledger",
        "multiplier",
        "n",
        "operations",
        "rules",
        "rulings",
    )
    clone_shared = ("rules", "n", "_start", "automate_table", "first_dealer", "coups_played", "multiplier", "last_coup",
                    "_last_deal", "_values", "_pending", "_colour", "_legal", "_phase", "_actor", "_burn_pack",
                    "_histories", "_shared", "_seen_by_all")
    clone_copied = ("operations", "ledger", "_caves", "deal_results", "game_results", "_wins", "_gone", "rulings",
                    "_coup", "_pack", "_dead", "_shown_burnt")
    _pending: QuinzePending | None

    def __init__(self, rules: QuinzeRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None,
                 caves: Sequence[int] | None = None) -> None:
        """``caves``: the tokens each seat buys in with (Q-R3), when they differ; by default ``rules.cave`` each
        (the ledger counts from the buy-in, so a seat's cave is its buy-in plus its ledger balance)."""
        self.rules = rules or QuinzeRules()
        self.n = self.rules.players
        if first_dealer is not None and (type(first_dealer) is not int or not 0 <= first_dealer < self.n):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0 to {self.n - 1}, "
                             "or None to draw for places")
        if caves is not None and (len(caves) != self.n or any(type(c) is not int or c < 0 for c in caves)):
            raise RulesError(f"caves={caves!r} is not allowed; allowed: {self.n} whole numbers, none below 0")
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        self.first_dealer = first_dealer
        self.operations = []
        self.ledger = Ledger(seats=self.n, accounts=(POT,))
        self._caves = list(caves) if caves is not None else [self.rules.cave] * self.n
        self._start = tuple(self._caves)
        self.deal_results: list[DealResult] = []
        self.game_results: list[GameResult] = []
        self._wins = [0] * self.n
        self._gone = [False] * self.n
        """Table mode, QUINZE-28: the seat left the table without a replacement and is dealt no more cards."""
        self._burn_pack = False
        """Table mode, QUINZE-28: the dealer left and chose to have his pack burnt: no coup after the one in progress
        is dealt from it, even where Q-R10 or deal_passes="pack" would keep the deal."""
        self.coups_played = 0
        self.multiplier = 1
        self.rulings = []
        self.last_coup: tuple[str, ...] = ()
        self._last_deal: CoupEnd | None = None
        self._histories = Histories.empty(viewers=1)
        """The history of the coup in progress as the last view told it, one for every viewer: every spoken action
        is public (:func:`redact`) (replaced: a clone shares it)."""
        self._shared: Shared | None = None
        """What every viewer's view of the last position viewed holds alike (replaced: a clone shares it)."""
        self._seen_by_all: tuple[tuple[Card | None, ...], tuple[tuple[Card, ...], ...], tuple[bool, ...],
                                 tuple[tuple[Any, Any], ...]] = ((), (), (), ())
        """The cards and busts every viewer of the position of :attr:`_shared` sees (:meth:`_cards_seen_by_all`), and
        its parts with their slots' setters (:func:`_setting`)."""
        self._values = card_values(self.rules.courts_value)
        self._pending = None
        self._coup = Coup.fresh(first_dealer if first_dealer is not None else 0, self.n, 0, 0)
        self._pack: list[int] = []
        """The pack in the dealer's hand, top card first (Form A deals from the end: the bottom, Q-R6)."""
        self._dead: list[int] = []
        """Form A: dead cards of the pack in use (general-pass coups, passed hands, burnt cards), QUINZE-25."""
        self._shown_burnt: list[int] = []
        self._colour = BLACK
        self._legal = None
        if first_dealer is not None:
            self._phase = Phase.SHUFFLE
        else:
            self._phase = Phase.CUT if self.rules.form == "B" else Phase.PLACES
        self._actor = self._compute_actor()
        self.resolve_chance()

    @classmethod
    def new(cls, rules: QuinzeRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None,
            players: int | None = None, caves: Sequence[int] | None = None) -> Self:
        """A new partie dealt from a seed, or from explicit pack orders (one per shuffle or regathering).

        ``players`` overrides the rules' number of players; ``caves`` gives each seat's buy-in when they differ
        (Q-R3). With neither seed nor decks, chance is left to the caller: apply :class:`Places`,
        :class:`CutForDeal`, :class:`Shuffle` and :class:`Regather` actions.
        """
        if seed is not None and decks is not None:
            raise RulesError("give either seed or decks, not both")
        rules = rules or QuinzeRules()
        if players is not None and players != rules.players:
            rules = replace(rules, players=players)
        chance: ChanceSource | None = None
        if seed is not None:
            chance = SeededChance(seed)
        elif decks is not None:
            chance = ExplicitChance(decks)
        return cls(rules, chance=chance, first_dealer=first_dealer, caves=caves)

    # ------------------------------------------------------------------------------------ protocol
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def dealer(self) -> int | None:
        return None if self._phase in (Phase.PLACES, Phase.CUT) else self._coup.dealer

    def _compute_actor(self) -> int | None:
        if self._pending is not None:
            chooser = self._pending.irregularity.chooser
            return TABLE if chooser is None else chooser
        phase = self._phase
        if phase is Phase.OVER:
            return None
        if phase in (Phase.PLACES, Phase.CUT, Phase.SHUFFLE, Phase.REGATHER):
            return CHANCE
        coup = self._coup
        if coup.to_respond:
            return coup.to_respond[0]
        if coup.word:
            return coup.word[0]
        return coup.drawers[0]

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._pending is not None:
            return self._pending.remedies()
        phase, coup = self._phase, self._coup
        if phase not in (Phase.OPENING, Phase.DRAW):
            return ()
        if coup.to_respond:
            return self._betting_actions(coup.to_respond[0])
        if coup.word:
            seat = coup.word[0]
            raises = self._raises(seat) if self._can_bet(seat) else ()
            return (WANT_CARDS, WITH_THAT, *raises)  # QUINZE-31, 39, 40: pass the word, or raise
        seat = coup.drawers[0]
        if seat == self._busted_elder():  # Q-§5.8 (Q16), Q-§5.3 (Q8): he keeps his bust to himself and stands
            bluffs = self._raises(seat) if self.rules.form == "A" and self._can_bet(seat) else ()
            return (STAND, *bluffs)
        actions: list[Action] = []
        if self._can_draw():
            actions.append(CARD)
        actions.append(STAND)
        if self.rules.form == "A" and self._can_bet(seat):
            actions += self._raises(seat)  # Q-§5.3: a raise before or after any card
        return tuple(actions)

    def _betting_actions(self, seat: int) -> tuple[Action, ...]:
        """Q-§5.2, Q-§5.6: the answers to the opening or to a raise; QUINZE-35…37 for the short player."""
        coup, cave = self._coup, self._caves[seat]
        if not coup.opened:
            jeu = self.jeu()
            if cave < jeu:
                if not coup.announced[seat]:
                    return (PASS, ANNOUNCE)  # QUINZE-36: a short player must state what he has
                return (PASS, ALL_IN)  # QUINZE-37: he opens with what he possesses
            return (PASS, *(_open(x) for x in range(jeu, cave + 1)))  # QUINZE-35: not for less than the jeu
        needed = self.highest() - coup.contrib[seat]
        if cave < needed:
            if not coup.announced[seat]:
                return (PASS, ANNOUNCE)  # QUINZE-36
            return (PASS, ALL_IN)  # QUINZE-37: he holds for all he has
        speech = (WANT_CARDS, WITH_THAT) if coup.drawers else ()  # QUINZE-31: said to a raiser, it is "je tiens"
        return (PASS, HOLD, *speech, *self._raises(seat, needed))

    def _raises(self, seat: int, needed: int = 0) -> tuple[Raise, ...]:
        """Q-§3 (Q13): raises from the minimum (one token or the pot) to all the cave can add."""
        room = self._caves[seat] - needed
        if room <= 0 or not self._someone_to_answer(seat):
            return ()
        low = 1 if self.rules.min_raise == "one" else max(1, self.pot())
        return tuple(_raise(y) for y in range(min(low, room), room + 1))

    def _someone_to_answer(self, seat: int) -> bool:
        coup = self._coup
        return any(coup.in_coup[s] and not coup.folded[s] and not self._out_of_betting(s) and s != seat
                   for s in range(self.n))

    def _out_of_betting(self, seat: int) -> bool:
        """A declared bust or an all-in player takes no part in further betting (Q-§5.3)."""
        coup = self._coup
        return coup.declared[seat] or (self._caves[seat] == 0 and coup.committed[seat])

    def _can_bet(self, seat: int) -> bool:
        coup = self._coup
        return (coup.in_coup[seat] and not coup.folded[seat] and not self._out_of_betting(seat)
                and self._someone_to_answer(seat))

    def _can_draw(self) -> bool:
        """QUINZE-25: a card can come from the pack, or from the dead cards gathered (one is burnt first)."""
        if self.rules.form == "B":
            return bool(self._pack)
        return bool(self._pack) or len(self._dead) >= 2

    def jeu(self) -> int:
        """QUINZE-35 (Q3): the minimum opening, the pot by default or a fixed amount."""
        return self.rules.fixed_jeu or self.pot()

    def pot(self) -> int:
        return self.ledger.balance(POT)

    def highest(self) -> int:
        """The stake to hold: the highest bet, or the height the weak player obliges (QUINZE-35, option)."""
        coup = self._coup
        return max(max(coup.contrib), coup.floor)

    def illegal_reason(self, action: Action) -> str:
        if self._phase is Phase.OVER:
            return "the partie is over"
        coup = self._coup
        if isinstance(action, Open) and coup.opened:
            return "the betting is already open: hold, raise or pass"
        if isinstance(action, Open):
            return f"an opening is at least the jeu ({self.jeu()}) and at most the cave (QUINZE-35)"
        if isinstance(action, Raise):
            return "a raise needs tokens beyond the amount to hold and a player able to answer it"
        if action == CARD and self._phase is Phase.DRAW and self.actor == self._busted_elder():
            if self.rules.form == "A":
                return "you are over fifteen: you keep your bust to yourself and stand or raise (Q-§5.3, Q8)"
            return "the elder is over fifteen: he keeps his bust to himself and says he stands (Q-§5.8, Q16)"
        if action == CARD and not self._can_draw():
            return "the pack and the dead cards are exhausted"
        return f"not allowed now (phase {self._phase.name.lower()})"

    def resolve_chance(self) -> None:
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            phase = self._phase
            if phase is Phase.PLACES:
                order = self.chance.shuffled(tuple(Card(r, Suit.SPADES) for r in PLACE_RANKS[:self.n]))
                king = next(i for i, c in enumerate(order) if c.rank == Rank.KING)
                self.apply_unchecked(Places(places_for(king, self.n, clockwise=self._clockwise())))
            elif phase is Phase.CUT:
                order = self.chance.shuffled(PACK_52)
                self.apply_unchecked(CutForDeal((order[0], order[1])))
            elif phase is Phase.SHUFFLE:
                self.apply_unchecked(Shuffle(self.chance.shuffled(self.full_pack())))
            else:
                self.apply_unchecked(Regather(self.chance.shuffled(tuple(CARDS[i] for i in self._dead))))

    def full_pack(self) -> tuple[Card, ...]:
        """Q-R2: the pack to shuffle now: the colour pack in use (each card twice), or Form B's 52 cards."""
        return PACK_52 if self.rules.form == "B" else COLOUR_PACKS[self._colour]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check_chance_outcome(self, action: Action) -> None:
        phase = self._phase
        if phase is Phase.PLACES:
            if not (isinstance(action, Places) and action.cards in _all_places(self.n, self._clockwise())):
                ranks = "K Q J T 9 8"[:2 * self.n - 1]
                order = ranks if not self._clockwise() else " ".join(reversed(ranks.split()))
                raise IllegalActionError(action, CHANCE, (), f"expected `places` and {self.n} cards, one per seat: "
                                         f"a rotation of {order} (Q-R1, direction {self.rules.direction})")
        elif phase is Phase.CUT:
            if not (isinstance(action, CutForDeal) and len(action.cards) == 2 and action.cards[0] != action.cards[1]):
                raise IllegalActionError(action, CHANCE, (), "expected `cut C1 C2`: two different cards, "
                                         "one cut by each player (Q-H2)")
        elif phase is Phase.SHUFFLE:
            pack = self.full_pack()
            if not (isinstance(action, Shuffle) and _same_cards(action.order, pack)):
                what = "the 52-card pack" if self.rules.form == "B" else f"the {COLOUR_NAMES[self._colour]} pack " \
                    "(the 26 cards of its colour, each twice)"
                raise IllegalActionError(action, CHANCE, (), f"expected `deck C1 … C52`: an order of {what}")
        elif not (isinstance(action, Regather) and _same_cards(action.order, [CARDS[i] for i in self._dead])):
            raise IllegalActionError(action, CHANCE, (), "expected `regather` and an order of the dead cards "
                                     f"of the pack ({len(self._dead)} cards, QUINZE-25, QUINZE-26)")

    # ------------------------------------------------------------------------------------ chance
    def _apply_places(self, action: Action) -> None:
        """Q-R1: the lowest card, on the king's left, deals first (Q11: counter-clockwise the king's seat then
        speaks first; clockwise the lowest card's left-hand neighbour does)."""
        assert isinstance(action, Places)
        king = next(i for i, c in enumerate(action.cards) if c.rank == Rank.KING)
        self._coup.dealer = (king + self._left()) % self.n
        self._phase = Phase.SHUFFLE

    def _apply_cut(self, action: Action) -> None:
        """Q-§5.8, Q-H2: the lower card deals (ace low, king high); equal ranks cut again."""
        assert isinstance(action, CutForDeal)
        first, second = (_cut_rank(c) for c in action.cards)
        if first == second:
            return
        self._coup.dealer = 0 if first < second else 1
        self._phase = Phase.SHUFFLE

    def _apply_shuffle(self, action: Action) -> None:
        """Q-R5, Q-R6 (Form A): antes, then one card face down to each player from the bottom of the pack, in
        playing order, the dealer last. Form B: one card each from the top, elder first (Q-§5.8)."""
        assert isinstance(action, Shuffle)
        self._pack = [c.index for c in action.order]
        self._dead = []
        self._shown_burnt = []
        if self.rules.form == "A":
            self.rulings.append(f"Q-R5: seat {self.cutter()} cuts the {COLOUR_NAMES[self._colour]} pack")
        self._deal_coup()

    def _clockwise(self) -> bool:
        return self.rules.direction == "clockwise"

    def _left(self) -> int:
        """Q-§2.3 (Q11): the seat on a player's left is the previous one in playing order (counter-clockwise play)
        or the next one (clockwise)."""
        return 1 if self._clockwise() else -1

    def cutter(self) -> int:
        """Q-R5 (Q12): who cuts the dealer's pack: the second player on his left, or the player on his left."""
        steps = 2 if self.rules.cutter == "second-left" else 1
        return (self._coup.dealer + steps * self._left()) % self.n

    def _deal_coup(self) -> None:
        coup = self._coup
        coup.start = len(self.operations) - 1
        if self.rules.form == "B":
            for seat in self.order():
                coup.in_coup[seat] = True
                coup.hole[seat] = self._pack.pop(0)
            coup.drawers = self.order()
            self._phase = Phase.DRAW
            return
        for seat in self.order():
            if self._can_play(seat):
                coup.in_coup[seat] = True
                self._bet(seat, self.rules.ante, "Q-R4")
        for seat in self.order():
            if coup.in_coup[seat]:
                coup.hole[seat] = self._pack.pop()  # Q-R6: from the bottom, "non sur, mais sous le talon"
        if self._gone[coup.dealer]:
            # QUINZE-28: a dealer who left and finishes his pack "en brûlant sa carte": the card that would have been
            # his (dealt last) is burnt, so the others get the cards they would have had
            self._dead.append(self._pack.pop())
        coup.to_respond = [s for s in self.order() if coup.in_coup[s]]  # Q-R7: from the dealer's right
        self._phase = Phase.OPENING

    def _apply_regather(self, action: Action) -> None:
        """QUINZE-25: the gathered pack's first card is shown and burnt, then the drawer is served."""
        assert isinstance(action, Regather)
        self._pack = [c.index for c in action.order]
        self._dead = []
        burnt = self._pack.pop()
        self._shown_burnt.append(burnt)
        self._dead.append(burnt)
        cutter = cutter_after_regather(self._coup, self.n, self._left())
        self.rulings.append(f"QUINZE-27: seat {cutter} cut the gathered pack; "
                            f"QUINZE-25: {CARDS[burnt]} shown and burnt")
        self._phase = Phase.DRAW
        self._give_card(self._coup.drawers[0])

    def order(self) -> list[int]:
        """Q-R7: playing order, from the dealer's right (the next seat) round to the dealer."""
        dealer, n = self._coup.dealer, self.n
        return [(dealer + k) % n for k in range(1, n + 1)]

    # ------------------------------------------------------------------------------------ betting
    def _bet(self, seat: int, amount: int, reason: str) -> None:
        """Tokens from a seat's cave into the pot: never more than the cave (Q-§3)."""
        if amount <= 0:
            return
        assert amount <= self._caves[seat]
        self._caves[seat] -= amount
        if reason != "Q-R4":
            self._coup.contrib[seat] += amount
        self.ledger.transfer(seat, POT, amount, reason)

    def _apply_simple(self, action: Action) -> None:
        assert isinstance(action, Simple)
        _SIMPLE_HANDLERS[action.verb](self)

    def _respondent(self) -> int:
        return self._coup.to_respond.pop(0)

    def _do_pass(self) -> None:
        """Q-§5.2: pass (before an opening: out of the coup, the ante stays); fold (loses what he put in)."""
        seat = self._respondent()
        self._drop_out(seat)
        self._after_betting_move()

    def _drop_out(self, seat: int) -> None:
        """The seat is out of the coup: his cards join the dead cards, unseen (QUINZE-25: a passed hand is
        gathered), and he leaves every queue."""
        coup = self._coup
        coup.folded[seat] = True
        self._dead.extend(c for c in (coup.hole[seat], coup.substitute[seat], *coup.up[seat]) if c >= 0)
        coup.hole[seat], coup.substitute[seat], coup.up[seat] = -1, -1, []
        for queue in (coup.to_respond, coup.drawers, coup.word):
            if seat in queue:
                queue.remove(seat)

    def _do_hold(self) -> None:
        """Q-R9, QUINZE-31: match the highest stake ("je tiens"; « voulez-vous cartes ? » said to a raiser)."""
        coup = self._coup
        seat = self._respondent()
        coup.committed[seat] = True
        if self.rules.half_jeu and self._half_jeu_engaged(seat):
            self._engage_the_jeu(seat)
        else:
            self._bet(seat, self.highest() - coup.contrib[seat], "Q-R9")
        self._after_betting_move()

    def _half_jeu_engaged(self, seat: int) -> bool:
        """QUINZE-38 (option half_jeu): a short player opened for half the jeu or more, nobody has yet bet the
        jeu, and the holder has only the jeu or a little more (up to half a jeu more)."""
        coup = self._coup
        jeu = coup.opening_jeu
        money = self._caves[seat] + coup.contrib[seat]
        opened_half = any(coup.committed[s] and self._caves[s] == 0 and 2 * coup.contrib[s] >= jeu
                          for s in range(self.n) if s != seat)
        return opened_half and self.highest() < jeu <= money <= jeu + jeu // 2

    def _engage_the_jeu(self, seat: int) -> None:
        """QUINZE-38: "c'est le montant du jeu qui est engagé": the holder stakes the jeu and the others still in
        must hold to it (the excess over the short opener's money is a side pot he cannot win)."""
        coup = self._coup
        jeu = coup.opening_jeu
        self._bet(seat, jeu - coup.contrib[seat], "QUINZE-38")
        coup.floor = max(coup.floor, jeu)
        self._reopen(seat)
        self.rulings.append(f"QUINZE-38: seat {seat} holds a half-jeu opening with only the jeu or a little more; "
                            f"the jeu ({jeu}) is engaged")

    def _do_all_in(self) -> None:
        """QUINZE-37: the short player opens or holds for all he has; the others hold only to that height."""
        coup = self._coup
        seat = self._respondent()
        coup.committed[seat] = True
        if not coup.opened:
            coup.opening_jeu = self.jeu()
        self._bet(seat, self._caves[seat], "QUINZE-37")
        if not coup.opened:
            coup.opened = True
            self._reopen(seat)
        if self.rules.weak_double:
            self._weak_double(seat)
        self._after_betting_move()

    def _weak_double(self, seat: int) -> None:
        """QUINZE-35 (option): the weak player, his money made, obliges the strong to play double his money, plus
        the passe if it is not simple; every strong player still in must answer that height."""
        coup = self._coup
        passe = self.pot() - sum(coup.contrib)
        simple = self.rules.ante * sum(coup.in_coup)
        height = 2 * coup.contrib[seat] + (passe if passe > simple else 0)
        if height > self.highest():
            coup.floor = height
            self._reopen(seat)
            self.rulings.append(f"QUINZE-35: seat {seat}, the weak player, obliges the strong to hold to {height}")

    def _do_announce(self) -> None:
        """QUINZE-36: a player with only part of the stake states what he has (else he is out of the coup)."""
        seat = self._coup.to_respond[0]
        self._coup.announced[seat] = True
        self.rulings.append(f"QUINZE-36: seat {seat} announces {self._caves[seat]}")

    def _apply_open(self, action: Action) -> None:
        """QUINZE-35, Q-R8: the opening, at least the jeu; everyone else must then answer it."""
        assert isinstance(action, Open)
        coup = self._coup
        seat = self._respondent()
        coup.opened = coup.committed[seat] = True
        coup.opening_jeu = self.jeu()
        self._bet(seat, action.amount, "QUINZE-35")
        self._reopen(seat)
        self._after_betting_move()

    def _apply_raise(self, action: Action) -> None:
        """Q-R9 ("je renvie"): hold and add; every other player still betting must answer (Q-§5.3)."""
        assert isinstance(action, Raise)
        coup = self._coup
        seat = self._actor
        assert isinstance(seat, int)
        if coup.to_respond:
            coup.to_respond.pop(0)
        coup.word = []
        coup.committed[seat] = True
        self._bet(seat, self.highest() - coup.contrib[seat] + action.amount, "Q-R9")
        self._reopen(seat)
        self._after_betting_move()

    def _reopen(self, seat: int) -> None:
        """Everyone else still in the coup and able to bet answers the bet, in order from the bettor's right."""
        coup, n = self._coup, self.n
        others = [(seat + k) % n for k in range(1, n)]
        coup.to_respond = [s for s in others if coup.in_coup[s] and not coup.folded[s]
                           and not self._out_of_betting(s)]

    def _after_betting_move(self) -> None:
        coup = self._coup
        if not coup.opened:
            if not coup.to_respond:
                self._end_coup(general_pass=True)  # Q-R10: everybody passed
            return
        live = [s for s in range(self.n) if coup.in_coup[s] and not coup.folded[s] and not coup.declared[s]]
        if len(live) <= 1:
            self._showdown()  # Q-§5.2: the last player in takes the pot without showing
            return
        if coup.to_respond:
            return
        if self._phase is Phase.OPENING:
            coup.drawers = [s for s in self.order() if coup.in_coup[s] and not coup.folded[s]]
            self._phase = Phase.DRAW  # Q-§5.3: the engaged players draw in order
        self._next_drawer_if_done()

    # ------------------------------------------------------------------------------------ drawing
    def _do_card(self) -> None:
        """QUINZE-29, Q-R11: the spoken "carte" is served at once, the bottom card, face up (Form B: from the
        top, face down); QUINZE-25 when the pack is spent."""
        seat = self._coup.drawers[0]
        if not self._pack:
            self._phase = Phase.REGATHER
            return
        self._give_card(seat)

    def _give_card(self, seat: int) -> None:
        coup = self._coup
        card = self._pack.pop(0) if self.rules.form == "B" else self._pack.pop()
        coup.shown_card = -1
        coup.up[seat].append(card)
        total = self.total(seat)
        if total > TARGET:
            coup.busted[seat] = True  # Q-R13: "je crève"
            if self.rules.form == "A" and not self.rules.silent_bust:
                coup.declared[seat] = True
                coup.revealed[seat] = True
                coup.to_respond = [s for s in coup.to_respond if s != seat]
            if self._keeps_bust_secret(seat):
                if self.rules.form == "A":
                    self._give_the_word(seat)  # Q-§5.3 (Q8): after a silent bust the others bet as after any card
                return  # Q-§5.8 (Q16), Q-§5.3 (Q8): he says « je m'y tiens » as anyone would: no one can tell a bust
            coup.drawers.pop(0)
            if self.rules.form == "B" and self.rules.elder_bust == "revealed" and seat != coup.dealer:
                coup.declared[seat] = coup.revealed[seat] = True  # Q-§5.8 (Q16): the dealer wins without drawing
                coup.drawers = []
            self._after_draw_turn()
            return
        if self.rules.form == "A":
            self._give_the_word(seat)

    def _give_the_word(self, seat: int) -> None:
        """QUINZE-39, QUINZE-40: after the drawer's card the others in the betting have the word."""
        coup = self._coup
        bettors = [s for s in self.order() if coup.in_coup[s] and not coup.folded[s] and not self._out_of_betting(s)]
        if len(bettors) >= 2:
            coup.word = [s for s in bettors if s != seat]

    def _keeps_bust_secret(self, seat: int) -> bool:
        """Q-§5.8 (Q16, ``elder_bust="hidden"``): Form B's elder keeps his bust to himself and the dealer draws
        without knowing it; Q-§5.3 (Q8, ``silent_bust``): in Form A every buster does. A silent buster's turn
        therefore does not end by itself: he can only say that he stands (Form A: or raise, a bluff), so every
        turn of his ends as a player's who stands, and the others' views (``stood``, the history, the word, the
        cards drawn) are the same whether he busted or not."""
        if self.rules.form == "A":
            return self.rules.silent_bust
        return self.rules.elder_bust == "hidden" and seat != self._coup.dealer

    def _busted_elder(self) -> int | None:
        """The silent buster whose turn it is to say he stands (Q-§5.8, Q16; Q-§5.3, Q8), if any."""
        coup = self._coup
        if coup.to_respond or coup.word or not coup.drawers:
            return None
        seat = coup.drawers[0]
        return seat if coup.busted[seat] and self._keeps_bust_secret(seat) else None

    def _do_stand(self) -> None:
        """Q-R14: "je m'y tiens": his drawing is over (irrevocable, QUINZE-19)."""
        coup = self._coup
        seat = coup.drawers.pop(0)
        coup.stood[seat] = True
        self._after_draw_turn()

    def _do_want_cards(self) -> None:
        """QUINZE-31, 39, 40: « voulez-vous cartes ? » / « avec ça ? » passes the word without raising;
        facing a raise it is "je tiens"."""
        coup = self._coup
        if coup.to_respond:
            self._do_hold()
            return
        coup.word.pop(0)
        if not coup.word and not coup.drawers:  # the drawer who gave the word is gone (QUINZE-28, QUINZE-30)
            self._next_drawer_if_done()

    def _after_draw_turn(self) -> None:
        coup = self._coup
        live = [s for s in range(self.n) if coup.in_coup[s] and not coup.folded[s] and not coup.declared[s]]
        if self.rules.form == "A" and len(live) <= 1:
            self._showdown()
            return
        self._next_drawer_if_done()

    def _next_drawer_if_done(self) -> None:
        coup = self._coup
        while coup.drawers and self._turn_over(coup.drawers[0]):
            coup.drawers.pop(0)
        if not coup.drawers and not coup.to_respond and not coup.word:
            if self.rules.form == "B":
                self._settle_form_b()
            else:
                self._showdown()

    def _turn_over(self, seat: int) -> bool:
        """A drawer who has nothing more to do: declared, folded, stood, or busted aloud (a silent buster's turn
        ends only when he says he stands: Q-§5.3, Q8; Q-§5.8, Q16)."""
        coup = self._coup
        return (coup.declared[seat] or coup.folded[seat] or coup.stood[seat]
                or (coup.busted[seat] and not self._keeps_bust_secret(seat)))

    def total(self, seat: int) -> int:
        """The total of ``seat``'s cards (the full state)."""
        coup = self._coup
        return _total((coup.hole[seat], *coup.up[seat]), self._values, self.rules.ace_one_or_eleven)

    # ------------------------------------------------------------------------------------ settlement
    def _showdown(self) -> None:
        """Q-§5.4, Q-R15, Q-R16: each pot to the best total of fifteen or less among its players; uncalled
        money back (QUINZE-37); side pots for the short players (Q-§3)."""
        coup = self._coup
        coup.to_respond, coup.word, coup.drawers = [], [], []
        contenders = [s for s in range(self.n) if coup.in_coup[s] and not coup.folded[s]]
        for seat in contenders:
            if coup.busted[seat] and not coup.declared[seat]:
                coup.declared[seat] = True  # Q-§5.3 (Q8): a silent bust is found at the showdown
                coup.revealed[seat] = True
        standing = [s for s in contenders if not coup.busted[s]]
        if len(standing) >= 2:
            for seat in standing:
                coup.revealed[seat] = True
        self._return_uncalled()
        winners: set[int] = set()
        notes: list[str] = []
        judged: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        for amount, eligible, shares in self._pots():
            won = self._pot_winners(eligible)
            if not won:
                if self.rules.all_bust == "return":
                    self._return_shares(shares)
                    notes.append(f"a pot of {amount} finds no winner: the bets go back (Q-R16)")
                else:
                    notes.append(f"a pot of {amount} finds no winner: it stays on the table (Q-R16)")
                continue
            share, extra = divmod(amount, len(won))
            for i, seat in enumerate(won):
                gain = share + (1 if i < extra else 0)
                if gain:
                    self.pay_from_pot(seat, gain, "Q-R15")
                winners.add(seat)
            if any(coup.aided):
                judged.append((tuple(won), tuple(eligible), tuple(shares)))
            notes.append(f"seat {'/'.join(map(str, won))} wins {amount}")
        if judged:
            laws = self.table_laws  # a seat is aided only by an irregular act, so only in table mode
            assert laws is not None
            if laws.dealer_fault(self, tuple(judged), tuple(notes), tuple(sorted(winners))):
                return  # QUINZE-32: the players not concerned judge before the coup is closed
        self.finish_coup(notes, tuple(sorted(winners)))

    def _return_uncalled(self) -> None:
        """QUINZE-37: nothing is engaged beyond what another player has put in; the excess goes back."""
        contrib = self._coup.contrib
        top = max(contrib)
        second = sorted(contrib)[-2]
        if top > second:
            seat = contrib.index(top)
            contrib[seat] = second
            self._caves[seat] += top - second
            self.ledger.transfer(POT, seat, top - second, "QUINZE-37")

    def _pots(self) -> list[tuple[int, list[int], list[int]]]:
        """Q-§3: the main pot (with the passe) and the side pots, by the heights of the all-in players: for each,
        its amount, the seats that may win it (in order) and each seat's share of it."""
        coup = self._coup
        active = [s for s in range(self.n) if coup.in_coup[s] and not coup.folded[s]]
        levels = sorted({coup.contrib[s] for s in active if self._caves[s] == 0} | {max(coup.contrib)})
        passe = self.pot() - sum(coup.contrib)
        pots: list[tuple[int, list[int], list[int]]] = []
        previous = 0
        for level in levels:
            shares = [min(max(c - previous, 0), level - previous) for c in coup.contrib]
            amount = sum(shares) + (passe if not pots else 0)
            eligible = [s for s in self.order() if s in active and coup.contrib[s] >= level]
            if amount or not pots:
                pots.append((amount, eligible, shares))
            previous = level
        return pots

    def _pot_winners(self, eligible: list[int]) -> list[int]:
        """Q-R15 (Q9): the highest total of fifteen or less; ties to the earlier in order, or split.

        Table mode, QUINZE-22 (rule file Example 5): with a substitute card, the winner is found twice, W1 with
        the exposed card and W2 with the substitute; W2 governs only when no innocent player is W1 or W2.
        """
        coup = self._coup
        first = self._best(eligible, -1)
        victims = [s for s in eligible if coup.substitute[s] >= 0]
        if not victims:
            return first
        victim = victims[0]
        second = self._best(eligible, victim)
        if self.rules.substitute_card == "coup":
            return second  # Q7's alternative: the substitute counts for the whole coup
        if first == second:
            return first
        innocent = set(first + second) - {victim, coup.offender[victim]}
        return first if innocent else second

    def _best(self, eligible: list[int], substituted: int) -> list[int]:
        coup = self._coup
        totals = {}
        for seat in eligible:
            if seat == substituted:
                total = _total((coup.substitute[seat], *coup.up[seat]), self._values, self.rules.ace_one_or_eleven)
            else:
                total = TARGET + 1 if coup.busted[seat] else self.total(seat)
            if total <= TARGET:
                totals[seat] = total
        if not totals:
            return []
        best = max(totals.values())
        tied = [s for s in eligible if totals.get(s) == best]  # ``eligible`` is in playing order
        return tied if self.rules.ties == "split" else tied[:1]

    def _return_shares(self, shares: list[int]) -> None:
        """Q-R16 (Q10, option "return"): an unwon pot's bets go back to those who made them (the passe stays)."""
        for seat, share in enumerate(shares):
            if share:
                self.pay_from_pot(seat, share, "Q-R16")

    def finish_coup(self, notes: Sequence[str], winners: tuple[int, ...]) -> None:
        """Q-R15: close a settled coup: the hands shown, what happened (``notes``), a coup won by each of
        ``winners`` (also after a composition, QUINZE-34, or the judgment of a dealer's fault, QUINZE-32)."""
        coup = self._coup
        shown = [f"seat {s} shows {format_hand(coup, s)} = {self.total(s)}" for s in range(self.n)
                 if coup.revealed[s] and coup.hole[s] >= 0]
        self.last_coup = (*shown, *notes)
        for seat in winners:
            self._wins[seat] += 1
        self._end_coup(general_pass=False, winners=winners)

    def _settle_form_b(self) -> None:
        """Q-§5.8: nearer fifteen wins, the elder wins ties; both bust: a drawn game, stakes doubled (Q-H1)."""
        coup = self._coup
        dealer = coup.dealer
        elder = 1 - dealer
        coup.revealed = [True, True]
        bust_e, bust_d = coup.busted[elder], coup.busted[dealer]
        notes = [f"seat {s} shows {format_hand(coup, s)} = {self.total(s)}" for s in (elder, dealer)]
        winners: tuple[int, ...] = ()
        if bust_e and bust_d:
            self.multiplier *= 2
            notes.append(f"both bust: a drawn game; the next is for {self.rules.stake * self.multiplier} (Q-H1)")
        else:
            if bust_e:
                winner = dealer
            elif bust_d:
                winner = elder
            else:
                winner = elder if self.total(elder) >= self.total(dealer) else dealer
            loser = 1 - winner
            amount = min(self.rules.stake * self.multiplier, self._caves[loser])  # never more than his cave
            self.pay(loser, winner, amount, "Q-§5.8")
            self.multiplier = 1
            winners = (winner,)
            self._wins[winner] += 1
            notes.append(f"seat {winner} wins {amount}")
        self.last_coup = tuple(notes)
        self._end_coup(general_pass=False, winners=winners)

    def _end_coup(self, *, general_pass: bool, winners: tuple[int, ...] = ()) -> None:
        """Record the coup; Q-R10 (same dealer, same pack, while N + 2 cards remain) or Q-R17 (the deal passes,
        the other pack); Q-R18: the partie ends after the agreed rounds."""
        coup = self._coup
        n = self.n
        dealer = coup.dealer
        playing = sum(1 for s in range(n) if self._can_play(s)) + (1 if self._gone[dealer] else 0)  # QUINZE-28
        same_pack = len(self._pack) >= playing + 2 and self.rules.form == "A"
        keep_deal = general_pass or (same_pack and self.rules.deal_passes == "pack")  # Q-R10, Q-R17 (Q4)
        if self._burn_pack or (self._gone[dealer] and not same_pack):
            # QUINZE-28: a dealer who left deals only the rest of his own pack, and none of it when it is burnt
            keep_deal, self._burn_pack = False, False
        if not keep_deal:
            self.coups_played += 1
            dealer = self._next_dealer(dealer)
        over = self._game_over()
        if over:
            self._share_leftover()
        self.deal_results.append(DealResult(0, coup.dealer, self._coup_points(), not general_pass, winners))
        self._last_deal = CoupEnd(
            coup.dealer, not general_pass,
            tuple((s, tuple(CARDS[c] for c in (coup.hole[s], *coup.up[s]))) for s in range(n)
                  if coup.revealed[s] and coup.hole[s] >= 0),
            tuple(self.ledger.entries[coup.ledger_start:]), tuple(self.rulings[coup.rulings_start:]),
            self._coup_points(), winners,
            tuple((op.actor, seen) for op in self.operations[coup.start:]
                  if (seen := redact(op.actor, op.action, PUBLIC)) is not None))
        if general_pass:
            self.last_coup = ("everybody passed: everyone antes again and the same dealer deals (Q-R10)",)
        if self.rules.form == "A":
            for seat in range(n):
                self._dead.extend(c for c in (coup.hole[seat], coup.substitute[seat], *coup.up[seat]) if c >= 0)
        self._coup = Coup.fresh(dealer, n, len(self.operations), len(self.ledger.entries))
        self._coup.rulings_start = len(self.rulings)
        if over:
            self._phase = Phase.OVER
            points = self.ledger.seat_balances()
            top = [seat for seat in range(n) if points[seat] == max(points)]
            if len(top) == 1:
                self.game_results.append(GameResult(top[0], points))
            return
        if self.rules.form == "B":
            self._phase = Phase.CUT  # Q-H2: a new cut for the deal after every game
            return
        if keep_deal and same_pack:
            self._deal_coup()  # Q-R10 (Q4: also after a played coup): dealt from the same pack, without shuffle
            self._coup.start = len(self.operations)
            return
        self._colour = 1 - self._colour  # Q-R2, Q-R17: the other pack, freshly shuffled
        self._phase = Phase.SHUFFLE

    def _coup_points(self) -> tuple[int, ...]:
        points = [0] * self.n
        for entry in self.ledger.entries[self._coup.ledger_start:]:
            if isinstance(entry.source, int):
                points[entry.source] -= entry.amount
            if isinstance(entry.target, int):
                points[entry.target] += entry.amount
        return tuple(points)

    def _can_play(self, seat: int) -> bool:
        """Q-R3, Q-R4: a player takes part in a coup while his cave can pay the ante (and he has not left)."""
        return self._caves[seat] >= self.rules.ante and not self._gone[seat]

    def _next_dealer(self, dealer: int) -> int:
        """Q-R17: the deal passes to the next player in order who can still play (QUINZE-28: not one who left)."""
        for k in range(1, self.n + 1):
            seat = (dealer + k) % self.n
            if self.rules.form == "B" or self._can_play(seat):
                return seat
        return dealer

    def _game_over(self) -> bool:
        """Q-R18: the agreed rounds are played, or fewer than two players can still play."""
        if self.coups_played >= self.rules.rounds * self.n:
            return True
        if self.rules.form == "B":
            return min(self._caves) == 0
        return sum(1 for s in range(self.n) if self._can_play(s)) < 2

    def _share_leftover(self) -> None:
        """Q-§5.7: what is left in the pot after the last coup is shared equally (the odd tokens in order)."""
        left = self.pot()
        if not left:
            return
        share, extra = divmod(left, self.n)
        for seat in range(self.n):
            gain = share + (1 if seat < extra else 0)
            if gain:
                self.pay_from_pot(seat, gain, "Q-§5.7")

    # ------------------------------------------------------------------------------------ table mode
    def _apply_irregular(self, action: Action) -> None:
        assert isinstance(action, Irregular) and self.table_laws is not None
        self.table_laws.commit(self, action)

    def _apply_remedy(self, action: Action) -> None:
        assert isinstance(action, Remedy) and self.table_laws is not None
        pending = self.take_pending()
        assert isinstance(pending, QuinzePending)
        self.table_laws.apply_remedy(self, pending, action)

    # ------------------------------------------------------------------------------------ results
    def result(self) -> PartieResult:
        points = self.ledger.seat_balances()
        winner = None
        if self._phase is Phase.OVER:
            best = max(points)
            top = [s for s in range(self.n) if points[s] == best]
            winner = top[0] if len(top) == 1 else None
        return PartieResult(points, tuple(self._wins), winner)

    def returns(self) -> tuple[int, ...]:
        return self.result().returns()

    # ------------------------------------------------------------------------------------ read-only facts
    @property
    def coup(self) -> Coup:
        """The coup in progress, to read (the laws, the bots and the tests read it); it changes only through the
        state's own moves and the methods of the laws below."""
        return self._coup

    @property
    def setup(self) -> str:
        """How the partie was set up away from the opening position, in words ("" when it was not): the caves each
        seat bought in with when they differ from the rules' (:meth:`new`). The game record has no place for them,
        so :func:`academie.record.from_state` refuses such a partie rather than write a record that replays to
        other caves."""
        if all(cave == self.rules.cave for cave in self._start):
            return ""
        return "caves of " + ", ".join(map(str, self._start))

    @property
    def caves(self) -> tuple[int, ...]:
        """Q-R3: the tokens each seat has left (his buy-in plus his ledger balance)."""
        return tuple(self._caves)

    @property
    def wins(self) -> tuple[int, ...]:
        """Q-R15: the coups each seat has won."""
        return tuple(self._wins)

    @property
    def left(self) -> tuple[bool, ...]:
        """Table mode, QUINZE-28: the seats that left the table without a replacement (dealt no more cards)."""
        return tuple(self._gone)

    @property
    def pack_left(self) -> int:
        """How many cards are left in the dealer's hand."""
        return len(self._pack)

    @property
    def shown_burnt(self) -> tuple[Card, ...]:
        """QUINZE-25: the cards shown and burnt from gathered packs (the pack in use), seen by all."""
        return tuple(CARDS[c] for c in self._shown_burnt)

    # ------------------------------------------------------------------------------------ what the laws do
    def let_draw_again(self, seat: int) -> None:
        """QUINZE-19: the adversaries consent: ``seat``, who stood, draws again, now."""
        self._coup.stood[seat] = False
        self._coup.drawers.insert(0, seat)

    def expose(self, seat: int) -> None:
        """QUINZE-20, QUINZE-21, QUINZE-22: ``seat``'s hidden card has been seen by all."""
        self._coup.revealed[seat] = True

    def take_from_pack(self) -> int:
        """QUINZE-23, QUINZE-32, QUINZE-33: the dealer takes the next card off the pack (dealt out of order,
        given unasked, burnt); a card shown is no longer the next."""
        self._coup.shown_card = -1
        return self._pack.pop()

    def put_back_under(self, card: int) -> None:
        """QUINZE-23, QUINZE-32, QUINZE-33: a card goes back under the pack (it is the next dealt; QUINZE-28: a
        card seen may not be burnt)."""
        self._pack.append(card)

    def burn(self, cards: Sequence[int]) -> None:
        """QUINZE-20, QUINZE-23, QUINZE-24, QUINZE-33: cards put out of play unseen, among the dead cards (QUINZE-28
        allows it only in the cases the laws lay down)."""
        self._dead.extend(cards)

    def deal_again(self) -> None:
        """QUINZE-20, QUINZE-23, QUINZE-24: one card again to each player in the coup, from the bottom of the pack,
        in order (Q-R6); the cards they held must have been burnt first."""
        coup = self._coup
        for seat in self.order():
            if coup.in_coup[seat]:
                coup.hole[seat] = self._pack.pop()
                coup.revealed[seat] = False

    def give_substitute(self, seat: int, offender: int) -> None:
        """QUINZE-22: ``seat``, whose card ``offender`` exposed, takes the next card face down, valid only against
        the offender (or for the whole coup, rules option ``substitute_card``)."""
        coup = self._coup
        coup.substitute[seat] = self.take_from_pack()
        coup.offender[seat] = offender

    def pack_bottom(self) -> int:
        """QUINZE-24: the next card to be dealt (Form A deals from the bottom of the pack, Q-R6), to note which one
        was seen; it stays in the pack."""
        return self._pack[-1]

    def show_next_card(self) -> int:
        """QUINZE-33: the dealer shows the next card; it stays the next card, known to all until it is dealt."""
        card = self._coup.shown_card = self._pack[-1]
        return card

    def mark_aided(self, seat: int) -> None:
        """QUINZE-32, QUINZE-33: the dealer's fault (a card given, shown or burnt) may have helped ``seat``: the
        dealer's penalty is settled with the pot (the laws' ``dealer_fault``)."""
        self._coup.aided[seat] = True

    def serve(self, seat: int) -> None:
        """QUINZE-29, Q-R11: the next card to ``seat`` as a card drawn (face up in Form A), with what follows (a
        bust, Q-R13; the word to the others, QUINZE-39, QUINZE-40)."""
        self._give_card(seat)

    def keep_cards(self, seat: int, cards: Sequence[int]) -> None:
        """QUINZE-32, QUINZE-33: the cards taken off the pack that ``seat`` keeps are his: all but the last lie face
        up with his cards, the last is served as the card he asked for."""
        self._coup.up[seat].extend(cards[:-1])
        self._pack.append(cards[-1])
        self._give_card(seat)

    def withdraw(self, seat: int, ruling: str, *, leaves_table: bool = False) -> None:
        """QUINZE-28, QUINZE-30: a ruling puts ``seat`` out of the coup (his card is burnt, he loses what he
        staked; with ``leaves_table`` he is dealt no more cards); the ruling is recorded and the play goes on."""
        if leaves_table:
            self._gone[seat] = True
        self._drop_out(seat)
        self.rule(ruling)
        self._after_betting_move()

    def dealer_leaves(self, ruling: str, *, burn_pack: bool) -> None:
        """QUINZE-28: the dealer leaves without a replacement: his card is burnt and he loses what he staked (as
        :meth:`withdraw`), and his own choice settles his pack.

        ``burn_pack`` ("il faut brûler le jeu"): when no bet is engaged yet the coup is given up at once, its cards
        burnt with the pack, the passe staying on the table as after a general pass (Q-R10); once bets are engaged
        the coup is played out first, since the law voids no bet, and no later coup is dealt from the pack. Either
        way the next player then deals the other pack. Otherwise ("achever le jeu en brûlant sa carte") he deals
        the rest of the coup and every coup left in his pack (Q-R10, deal_passes="pack"), the card that would be his
        burnt in each, and the deal passes when the pack is done."""
        coup = self._coup
        dealer = coup.dealer
        self._burn_pack = burn_pack
        if burn_pack and not coup.opened:
            self._gone[dealer] = True
            self._drop_out(dealer)
            self.rule(ruling)
            self._end_coup(general_pass=True)
            self.last_coup = (f"seat {dealer}, the dealer, left: his pack is burnt, the passe stays on the table and "
                              "the next player deals the other pack (QUINZE-28)",)
            return
        self.withdraw(dealer, ruling, leaves_table=True)

    def pay(self, payer: int, payee: int, amount: int, law: str) -> None:
        """QUINZE-32: a seat pays another out of his cave (never more than it holds), through the ledger citing
        ``law``."""
        assert amount <= self._caves[payer]
        self._caves[payer] -= amount
        self._caves[payee] += amount
        self.ledger.transfer(payer, payee, amount, law)

    def pay_from_pot(self, seat: int, amount: int, law: str) -> None:
        """Q-R15, Q-R16, Q-§5.7, QUINZE-34: tokens from the pot to ``seat``, through the ledger citing ``law``."""
        self._caves[seat] += amount
        self.ledger.transfer(POT, seat, amount, law)

    # ------------------------------------------------------------------------------------ sampling
    @classmethod
    def sample(cls, view: QuinzeView, rng: random.Random) -> Self:
        """A full state consistent with everything ``view.viewer`` knows now, the cards he has not seen dealt at
        random (a determinisation for search bots, Q-§8): the hidden cards of the others, the pack and the dead
        cards, from :func:`unseen_cards`; a player not declared bust is not over fifteen (Q-R13). The caves, stakes,
        pot, flags of the coup, cards face up and the viewer's own cards are the view's, and so are the actor and
        (at the viewer's turn) the legal actions.

        The world is built for the rest of the coup: its ledger starts from the caves and the pot of the view (the
        tokens already staked in this coup are entered again, Q-R4 and Q-R9, and the passe carried over, Q-R10),
        it keeps no past coup and its chance source is seeded from ``rng``. A pending ruling keeps its law and its
        remedies, not the cards or pots the law noted (a remedy that needs them cannot be applied in the world).
        Raises :class:`AcademieError` when no consistent world is found in a few draws (a view this method cannot
        rebuild: none is known among the views of the test suites).
        """
        for _ in range(_SAMPLE_TRIES):
            world = cls(view.rules, first_dealer=view.dealer, caves=_buy_ins(view))
            cls._take_after(world, view, rng)
            mine = world.view(view.viewer)
            if (mine.actor, mine.hole, mine.up) == (view.actor, view.hole, view.up) and (
                    view.viewer != view.actor or mine.legal_actions == view.legal_actions):
                return world
        raise AcademieError(f"no state consistent with the view of seat {view.viewer} was found "
                            f"(phase {view.phase.name.lower()}, actor {view.actor})")

    def _take_after(self, view: QuinzeView, rng: random.Random) -> None:
        """Make this fresh state (dealt no cards) agree with ``view``, the unseen cards dealt at random."""
        for seat in range(self.n):
            stake = view.contributions[seat]
            if view.in_coup[seat] and self.rules.form == "A":
                self.ledger.transfer(seat, POT, self.rules.ante, "Q-R4")
            if stake:
                self.ledger.transfer(seat, POT, stake, "Q-R9")
        carried = view.pot - self.pot()
        for seat in range(self.n):  # the passe carried over from earlier coups: one share per seat (Q-R10)
            share = carried // self.n + (1 if seat < carried % self.n else 0)
            if share:
                self.ledger.transfer(seat, POT, share, "Q-R10")
        self._caves = list(view.caves)
        self.multiplier, self.last_coup, self.rulings = view.multiplier, view.last_coup, list(view.rulings)
        self._colour = RED if view.pack_colour == "red" else BLACK
        self._phase = view.phase
        if view.pending is not None:
            self._pending = QuinzePending(view.pending)
        if view.phase in (Phase.OPENING, Phase.DRAW, Phase.REGATHER):
            self._deal_unseen(view, rng)
        self._actor = self._compute_actor()
        self._legal = None

    def _deal_unseen(self, view: QuinzeView, rng: random.Random) -> None:
        """The coup of ``view``: its public flags and cards face up, the unseen cards shuffled into the hidden
        cards, the pack and the dead cards."""
        self.chance = SeededChance(rng.getrandbits(32))  # for a regathering during the rest of the coup
        n, rules, coup = self.n, self.rules, self._coup
        unseen = list(unseen_cards(view).elements())
        rng.shuffle(unseen)
        coup.in_coup, coup.folded = list(view.in_coup), list(view.folded)
        coup.stood, coup.announced = list(view.stood), list(view.announced)
        coup.contrib = list(view.contributions)
        # an all-in for an empty cave stakes nothing: the history tells who opened and who held (QUINZE-37)
        committed = {seat for seat, action in view.history if isinstance(action, (Open, Raise)) or action in (
            HOLD, ALL_IN)}
        coup.opened = any(view.contributions) or view.phase is not Phase.OPENING or bool(committed)
        for seat in range(n):
            hidden_up = rules.form == "B" and seat != view.viewer and not view.hole[seat]
            if hidden_up:
                coup.up[seat] = [unseen.pop() for _ in range(view.drawn[seat])]
            else:
                coup.up[seat] = [c.index for c in view.up[seat]]
            if view.in_coup[seat] and not view.folded[seat]:
                known = view.hole[seat]
                coup.hole[seat] = known.index if known is not None else self._hidden_card(view, seat, unseen)
                coup.revealed[seat] = known is not None and seat != view.viewer
                coup.busted[seat] = self.total(seat) > TARGET
                coup.declared[seat] = view.busted[seat] and (rules.form == "A" and not rules.silent_bust)
            coup.committed[seat] = view.contributions[seat] > 0 or seat in committed or (
                view.phase is not Phase.OPENING and view.in_coup[seat])
        if view.substitute is not None and view.viewer != PUBLIC:
            coup.substitute[view.viewer] = view.substitute.index
        shown = [view.shown_next.index] if view.shown_next is not None else []
        self._pack = unseen[:view.pack_left - len(shown)] + shown  # QUINZE-33: a shown card is the next dealt
        self._dead = unseen[view.pack_left - len(shown):] + [c.index for c in view.shown_burnt]
        self._shown_burnt = [c.index for c in view.shown_burnt]
        coup.shown_card = shown[0] if shown else -1
        coup.ledger_start = len(self.ledger.entries)
        self._rebuild_queues(view)

    def _hidden_card(self, view: QuinzeView, seat: int, unseen: list[int]) -> int:
        """A hidden card for ``seat`` from the shuffled unseen cards, consistent with what was declared: a player
        not declared bust (Q-R13, busts declared at once) is not over fifteen."""
        declared = view.rules.form == "A" and not view.rules.silent_bust
        up = self._coup.up[seat]
        for position in range(len(unseen) - 1, -1, -1):
            card = unseen[position]
            if view.busted[seat] or not declared or _total((card, *up), self._values, view.rules.ace_one_or_eleven) \
                    <= TARGET:
                return unseen.pop(position)
        return unseen.pop()

    def _rebuild_queues(self, view: QuinzeView) -> None:
        """Who must still answer a bet, who has the word, who is still to draw, from the public facts of the view
        (and, at the viewer's own turn, from the actions he is offered)."""
        coup, n = self._coup, self.n
        order = self.order()
        drawer = view.drawer
        if drawer is None and view.phase is Phase.REGATHER:
            drawer = next(seat for seat, action in reversed(view.history) if action == CARD)  # QUINZE-25
        if view.phase is not Phase.OPENING and drawer is not None:
            start = order.index(drawer)
            coup.drawers = [s for s in order[start:] if coup.in_coup[s] and not coup.folded[s] and not coup.stood[s]
                            and not coup.declared[s] and not (s != drawer and coup.busted[s] and s == view.viewer)]
        actor = view.actor
        if actor is None or actor < 0:
            if view.pending is None or view.pending.offender < 0:
                return
            actor = view.pending.offender  # the play resumes after the ruling: a guess at who speaks
        if view.viewer == actor and view.pending is None:
            legal = {str(a) for a in view.legal_actions}
            facing = "hold" in legal or "announce" in legal or "all-in" in legal or any(
                a.startswith("open") for a in legal) or (view.phase is Phase.OPENING and "pass" in legal)
            has_word = "want-cards" in legal
        else:
            facing = view.phase is Phase.OPENING or (
                coup.contrib[actor] < view.highest and view.caves[actor] > 0 and not coup.declared[actor])
            has_word = actor != drawer
        if facing:
            highest = max(coup.contrib)
            after = [(actor + k) % n for k in range(1, n)]
            if not coup.opened:
                rest = order[order.index(actor) + 1:]
                coup.to_respond = [actor, *(s for s in rest if coup.in_coup[s] and not coup.folded[s])]
            else:
                coup.to_respond = [actor, *(s for s in after if coup.in_coup[s] and not coup.folded[s]
                                            and not self._out_of_betting(s) and coup.contrib[s] < highest)]
        elif has_word and drawer is not None and actor != drawer:
            bettors = [s for s in order if coup.in_coup[s] and not coup.folded[s] and not self._out_of_betting(s)
                       and s != drawer]
            coup.word = bettors[bettors.index(actor):] if actor in bettors else [actor]

    # ------------------------------------------------------------------------------------ views
    def hole_card(self, seat: int) -> Card | None:
        card = self._coup.hole[seat]
        return CARDS[card] if card >= 0 else None

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._coup.up[seat])

    def pack(self) -> tuple[Card, ...]:
        """The cards left in the dealer's hand, top first (the full state)."""
        return tuple(CARDS[c] for c in self._pack)

    def dead_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._dead)

    @property
    def colour(self) -> int:
        return self._colour

    def view(self, viewer: int) -> QuinzeView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now; never another seat's hidden card."""
        if viewer != PUBLIC and (type(viewer) is not int or not 0 <= viewer < self.n):
            raise RulesError(f"viewer {viewer!r} is not allowed; allowed: 0 to {self.n - 1}, PUBLIC")
        shared = Shared.of(self._shared, (len(self.operations), len(self.rulings), len(self.ledger.entries),
                                          self._phase, self._actor, self._pending), self._shared_parts)
        if shared is not self._shared:
            self._shared, self._seen_by_all = shared, (*self._cards_seen_by_all(), _setting(shared.parts))
        hole, up, busted, setting = self._seen_by_all
        substitute = None
        if viewer != PUBLIC:
            # Q-R12: a seat sees its own hidden card (Form B: its own cards drawn, Q-§5.8) and its own bust, which
            # the others see only once it is shown or declared
            coup = self._coup
            if not coup.revealed[viewer]:
                if coup.hole[viewer] >= 0:
                    hole = (*hole[:viewer], CARDS[coup.hole[viewer]], *hole[viewer + 1:])
                if coup.up[viewer] and self.rules.form == "B":
                    up = (*up[:viewer], tuple(CARDS[c] for c in coup.up[viewer]), *up[viewer + 1:])
            if coup.busted[viewer] and not coup.declared[viewer]:
                busted = (*busted[:viewer], True, *busted[viewer + 1:])
            if coup.substitute[viewer] >= 0:
                substitute = CARDS[coup.substitute[viewer]]
        view: QuinzeView = _NEW_VIEW(QuinzeView)
        for setter, value in setting:
            setter(view, value)
        _SET_VIEWER(view, viewer)
        _SET_BUSTED(view, busted)
        _SET_HOLE(view, hole)
        _SET_UP(view, up)
        _SET_LEGAL(view, tuple(self.legal_actions()) if viewer == self.actor else ())
        _SET_SUBSTITUTE(view, substitute)
        return view

    def _public_history(self) -> tuple[tuple[int, Action], ...]:
        """The coup's actions as every viewer saw them (:func:`redact` hides the same from all), told on from the
        last view's."""
        self._histories, history = self._histories.told_on(PUBLIC, self.operations, start=self._coup.start,
                                                           redact=redact)
        return history

    def _cards_seen_by_all(self) -> tuple[tuple[Card | None, ...], tuple[tuple[Card, ...], ...], tuple[bool, ...]]:
        """The hidden cards, the cards drawn and the busts as everyone sees them (Q-R12: a hidden card once shown;
        Form B, Q-§5.8: the cards drawn face down likewise; Q-R13: a bust once declared): each seat's view differs
        from them in its own seat's alone, so they are made once per position (with :class:`Shared`)."""
        coup, n = self._coup, self.n
        form_b = self.rules.form == "B"
        revealed = coup.revealed
        hole = tuple(CARDS[coup.hole[s]] if coup.hole[s] >= 0 and revealed[s] else None for s in range(n))
        up = tuple(tuple(CARDS[c] for c in coup.up[s]) if not form_b or revealed[s] else () for s in range(n))
        return hole, up, tuple(coup.declared)

    def _shared_parts(self) -> dict[str, Any]:
        """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`)."""
        coup, n = self._coup, self.n
        return dict(
            rules=self.rules, phase=self._phase, actor=self.actor, dealer=self.dealer,
            coup=len(self.deal_results), caves=tuple(self._caves), contributions=tuple(coup.contrib),
            pot=self.pot(), jeu=self.jeu(), highest=self.highest(), in_coup=tuple(coup.in_coup),
            folded=tuple(coup.folded), stood=tuple(coup.stood), announced=tuple(coup.announced),
            drawn=tuple(len(coup.up[s]) for s in range(n)),
            pack_colour="standard" if self.rules.form == "B" else COLOUR_NAMES[self._colour],
            pack_left=len(self._pack), shown_burnt=tuple(CARDS[c] for c in self._shown_burnt),
            drawer=coup.drawers[0] if coup.drawers and self._phase is Phase.DRAW else None,
            multiplier=self.multiplier, last_coup=self.last_coup,
            pending=self._pending.irregularity if self._pending else None, rulings=tuple(self.rulings),
            history=self._public_history(),
            shown_next=CARDS[coup.shown_card] if coup.shown_card >= 0 else None,
            payments=tuple(self.ledger.entries[coup.ledger_start:]),
            coup_rulings=tuple(self.rulings[coup.rulings_start:]),
            pending_cards=tuple(CARDS[c] for c in self._pending.cards) if self._pending is not None
            and self._pending.irregularity.law in ("QUINZE-32", "QUINZE-33") else (),
            last_deal=self._last_deal)

def format_hand(coup: Coup, seat: int) -> str:
    cards = [coup.hole[seat], *coup.up[seat]]
    return " ".join(str(CARDS[c]) for c in cards if c >= 0)


def _cut_rank(card: Card) -> int:
    """Q-§5.8: ace low, king high."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def places_for(king_seat: int, n: int, *, clockwise: bool = False) -> tuple[Card, ...]:
    """Q-R1: the cards by seat when the king's drawer sits at ``king_seat`` (the queen on his right, ...); the
    seat on one's right is the next in playing order when play goes counter-clockwise, the previous one when it
    goes clockwise (Q11).

    >>> [str(c) for c in places_for(1, 3)], [str(c) for c in places_for(1, 3, clockwise=True)]
    (['JS', 'KS', 'QS'], ['QS', 'KS', 'JS'])
    """
    sign = -1 if clockwise else 1
    cards = [Card(PLACE_RANKS[sign * (seat - king_seat) % n], Suit.SPADES) for seat in range(n)]
    return tuple(cards)


@lru_cache(maxsize=16)
def _all_places(n: int, clockwise: bool) -> frozenset[tuple[Card, ...]]:
    return frozenset(places_for(k, n, clockwise=clockwise) for k in range(n))


def _same_cards(order: Sequence[Card], pack: Sequence[Card]) -> bool:
    return len(order) == len(pack) and Counter(c.index for c in order) == Counter(c.index for c in pack)


def cutter_after_regather(coup: Coup, n: int, left: int = -1) -> int:
    """QUINZE-27: who cuts a gathered pack.

    The second player on the dealer's left if he is not in the hand, else the first player not in it going round
    to the left (the dealer when all the others are in it); when the dealer is in it too, a player who has
    busted (of two, the one nearer the dealer's left); with no bust, the second player on the left after all.
    Seats are in playing order, so the dealer's left is the previous seat (``left=-1``; ``left=1`` when play goes
    clockwise, Q11).

    >>> coup = Coup.fresh(0, 4, 0, 0)
    >>> coup.in_coup = [True] * 4
    >>> cutter_after_regather(coup, 4)            # everyone in the hand, nobody bust: the second on the left
    2
    >>> coup.busted[3] = coup.busted[1] = True
    >>> cutter_after_regather(coup, 4)            # two busts: the one nearer the dealer's left
    3
    >>> coup.folded[2] = True
    >>> cutter_after_regather(coup, 4)            # the second on the left is out of the hand: he cuts
    2
    """
    dealer = coup.dealer

    def in_hand(seat: int) -> bool:
        return coup.in_coup[seat] and not coup.folded[seat]

    for k in range(2, n + 2):
        seat = (dealer + left * k) % n
        if not in_hand(seat):
            return seat
    for k in range(1, n):
        seat = (dealer + left * k) % n
        if coup.busted[seat]:
            return seat
    return (dealer + 2 * left) % n


_SIMPLE_HANDLERS: Final = {
    "pass": QuinzeState._do_pass,
    "hold": QuinzeState._do_hold,
    "all-in": QuinzeState._do_all_in,
    "announce": QuinzeState._do_announce,
    "card": QuinzeState._do_card,
    "stand": QuinzeState._do_stand,
    "want-cards": QuinzeState._do_want_cards,
    "with-that": QuinzeState._do_want_cards,
}

_SAMPLE_TRIES: Final = 64
"""How many worlds :meth:`QuinzeState.sample` draws before it gives up."""

QuinzeState.handlers = {
    Places: QuinzeState._apply_places,
    CutForDeal: QuinzeState._apply_cut,
    Shuffle: QuinzeState._apply_shuffle,
    Regather: QuinzeState._apply_regather,
    Simple: QuinzeState._apply_simple,
    Open: QuinzeState._apply_open,
    Raise: QuinzeState._apply_raise,
    Irregular: QuinzeState._apply_irregular,
    Remedy: QuinzeState._apply_remedy,
}


# ------------------------------------------------------------------------------------------------ for bots
def unseen_cards(view: QuinzeView) -> Counter[int]:
    """The cards of the pack in use that ``view``'s viewer has not seen (by index, with their multiplicity): the
    pack, the dead cards and the other players' hidden cards. Q-§8: the counts a bot reasons on.

    >>> state = QuinzeState.new(QuinzeRules(players=2), seed=1, first_dealer=1)
    >>> sum(unseen_cards(state.view(0)).values())
    51
    """
    pack = PACK_52 if view.rules.form == "B" else COLOUR_PACKS[COLOUR_NAMES.index(view.pack_colour)]
    unseen = Counter(c.index for c in pack)
    seen = [c for c in view.hole if c is not None] + [c for cards in view.up for c in cards]
    seen += list(view.shown_burnt)
    if view.substitute is not None:
        seen.append(view.substitute)
    if view.shown_next is not None:
        seen.append(view.shown_next)
    unseen.subtract(c.index for c in seen)
    return +unseen


def _buy_ins(view: QuinzeView) -> list[int]:
    """What each seat held before the stakes of the coup in ``view`` and his share of the passe on the table (the
    buy-ins of a world rebuilt from the view, :meth:`QuinzeState.sample`)."""
    n = len(view.caves)
    ante = view.rules.ante if view.rules.form == "A" else 0  # Q-§5.8: Form B has no pot
    caves = [view.caves[s] + view.contributions[s] + (ante if view.in_coup[s] else 0) for s in range(n)]
    carried = view.pot - (sum(caves) - sum(view.caves))
    return [caves[s] + carried // n + (1 if s < carried % n else 0) for s in range(n)]
