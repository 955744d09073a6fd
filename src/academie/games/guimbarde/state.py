"""La Guimbarde (La Mariée): 3 to 8 players, five boxes of counters, five cards, five tricks, side payments.

Rules: the rule file and the seed (``GUIMBARDE-FIG``, ``GUIMBARDE-§1`` … ``§10``,
``GUIMBARDE-R1`` … ``R12``); the laws of irregularities ``G1`` … ``G18`` (table mode, see
:mod:`academie.games.guimbarde.table`). Sections of the rule file are cited as ``G-§n.m`` and its open questions
as ``G-Q1`` … ``G-Q17`` (each one a named option of :class:`GuimbardeRules`).

Seats are numbered in the order of play: seat ``s + 1`` plays after seat ``s`` (modulo the number of players)
under the default counter-clockwise direction; the eldest hand is the seat after the dealer. The counters are
a :class:`~academie.ledger.Ledger` whose accounts are the seats, the five boxes and the bank (:data:`BANK`, which
sells new stocks under G18); a seat's stock is its starting stock plus its balance, never negative (G18: option
``unable_to_pay``), so stocks plus boxes minus the bank's balance are constant and the ledger sums to zero.

The number of players is the rules option ``players`` (default 4), so that a record's ``[Options]`` replays the
right table; ``GuimbardeState.new(players=N)`` is a shorthand for ``GuimbardeRules(players=N)``.

>>> state = GuimbardeState.new(seed=3, first_dealer=0, players=3)
>>> state.actor, len(state.hand(1)), state.ledger.total()
(1, 5, 0)
>>> sum(state.stock(s) for s in range(3)) + sum(state.boxes().values()) == 3 * state.rules.starting_stock
True
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Any, ClassVar, Final, Literal, Protocol, Self, TypeVar

from academie.cards import (
    CARDS,
    PACK_32,
    PACK_52,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    card_index,
    cards_of,
    indices_of,
    mask_of,
    parse_cards,
    rank_of,
    suit_of,
)
from academie.engine import (
    CHANCE,
    PUBLIC,
    TABLE,
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
from academie.ledger import Ledger

HAND_SIZE: Final = 5
TRICKS: Final = 5
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8

# GUIMBARDE-FIG: the five boxes, as ledger accounts (in the figure's order).
POINT, MARIAGE, FOU, ROI, GUIMBARDE = "point", "mariage", "fou", "roi", "guimbarde"
BOXES: Final = (POINT, MARIAGE, FOU, ROI, GUIMBARDE)
BANK: Final = "banque"
"""G18: the account new stocks are bought from (its balance is minus the counters it has sold)."""
STARTING_STOCK: Final = "G-§2.3 starting stock"
"""The ledger reason of the counters that set a seat's stock, given to :meth:`GuimbardeState.new`, apart from the
rules' starting stock (to or from the bank)."""
MAX_STOCK: Final = 100_000
"""The largest stock a seat may be given, as the rules' ``starting_stock``."""

QH: Final = Card(Rank.QUEEN, Suit.HEARTS).index  # la guimbarde
KH: Final = Card(Rank.KING, Suit.HEARTS).index  # le roi
JD: Final = Card(Rank.JACK, Suit.DIAMONDS).index  # le fou
KD: Final = Card(Rank.KING, Suit.DIAMONDS).index
PRIVILEGED: Final = (1 << QH) | (1 << KH) | (1 << JD)
"""GUIMBARDE-§8: ♥Q, ♥K, ♦J, the three permanent top trumps whatever suit is turned."""

# GUIMBARDE-§8, G-§2.2: K Q J A 10 9 8 7 (6 5 4 3 2) in every suit, the ace between the jack and the ten.
RANK_ORDER: Final = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
                     Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
STRENGTH: Final[tuple[int, ...]] = tuple(RANK_ORDER.index(c.rank) for c in CARDS)
_TOP: Final = {QH: 30, KH: 29, JD: 28}
"""GUIMBARDE-§8: ♥Q > ♥K > ♦J above every other trump."""
PIPS: Final[tuple[int, ...]] = tuple(11 if c.rank is Rank.ACE else min(int(c.rank), 10) for c in CARDS)
"""Piquet pip values, for the G-Q10 variant (point_pip_tiebreak)."""


def _trump_mask(trump: int) -> int:
    return SUIT_MASKS[trump] | PRIVILEGED


TRUMP_MASKS: Final[tuple[int, ...]] = tuple(_trump_mask(t) for t in range(4))
EFFECTIVE_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TRUMP_MASKS[t] if s == t else SUIT_MASKS[s] & ~PRIVILEGED for s in range(4)) for t in range(4))
"""``EFFECTIVE_MASKS[trump][suit]``: the cards that belong to ``suit`` for following (G-§2.2)."""
EFFECTIVE_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t if TRUMP_MASKS[t] >> c & 1 else suit_of(c) for c in range(52)) for t in range(4))
POWER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(100 + _TOP.get(c, STRENGTH[c]) if TRUMP_MASKS[t] >> c & 1 else STRENGTH[c] for c in range(52))
    for t in range(4))
"""``POWER[trump][card]``: a trump is above every plain card; within a suit, higher is stronger."""
BEATEN_BY: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << o for o in range(52) if (EFFECTIVE_SUIT[t][o] == EFFECTIVE_SUIT[t][c] or EFFECTIVE_SUIT[t][o] == t)
              and POWER[t][o] > POWER[t][c]) for c in range(52)) for t in range(4))
"""``BEATEN_BY[trump][card]``: the cards that beat ``card`` when it is winning the trick (a trump beats any plain
card; otherwise only a higher card of the same effective suit)."""


def effective_suit(card: Card, trump: Suit) -> Suit:
    """G-§2.2, GUIMBARDE-§8, G-Q2: ♥Q, ♥K and ♦J always belong to the trump suit; other cards to their printed suit.

    >>> effective_suit(Card.parse("JD"), Suit.CLUBS), effective_suit(Card.parse("QD"), Suit.CLUBS)
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>)
    """
    return Suit(EFFECTIVE_SUIT[trump][card.index])


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """G-§5.3: whether ``card`` beats ``best`` (the card winning the trick so far).

    >>> beats(Card.parse("AS"), Card.parse("KS"), Suit.CLUBS)  # the ace is below the king (and the jack)
    False
    >>> beats(Card.parse("KH"), Card.parse("AC"), Suit.CLUBS), beats(Card.parse("QH"), Card.parse("KH"), Suit.SPADES)
    (True, True)
    """
    return bool(BEATEN_BY[trump][best.index] >> card.index & 1)


def pack_for(players: int) -> tuple[Card, ...]:
    """G-§2.1 (Q13): 32 cards for 3–5 players, 52 for 6–8."""
    return PACK_32 if players <= 5 else PACK_52


# --------------------------------------------------------------------------------------------------- rules
_BOOL: Final = (True, False)


@dataclass(frozen=True, slots=True, kw_only=True)
class GuimbardeRules:
    """Every option of La Guimbarde; each open question of the rule file's §9 is named ``G-Qn`` here.

    >>> GuimbardeRules().version, GuimbardeRules(players=6).pack_size
    ('guimbarde/1', 52)
    >>> GuimbardeRules(players=9)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: rules option players=9 is not allowed; allowed: 3, 4, 5, 6, 7, 8
    """

    version: str = "guimbarde/1"
    players: int = 4
    """G-§2.1 (G-Q13): 3 to 8 players; 32 cards for 3–5, 52 for 6–8."""
    rounds: int = 3
    """G-§5.7 (G-Q16): the game lasts ``rounds`` times the number of players deals, so that all deal equally."""
    clearing_deals: int = 0
    """G-§5.7 (G-Q16): at most this many extra deals without antes to empty the boxes before sharing them."""
    starting_stock: int = 60
    """G-§2.3: each player's stock of counters at the start (stock = starting stock + ledger balance)."""
    parlett_follow_only: bool = False
    """G-Q1: False: follow, beat if able, trump if void (GUIMBARDE-R9); True: Parlett's follow, else any card."""
    undertrump_required: bool = True
    """G-§5.3: a void player who cannot overtrump must still trump."""
    rule3_literal_king_of_diamonds: bool = False
    """G-Q3: rule 3 protects marriages from ♥K, ♥Q and ♦J; True: from ♥K, ♥Q and ♦K as printed."""
    rule3_protects_trump_marriages: bool = True
    """G-Q4: rule 3 protects marriages in the trump suit too (never the grand marriage on the table)."""
    marriage_either_order: bool = False
    """G-Q5: a marriage in play is King then Queen; True: either order (the grand marriage is always either)."""
    marriage_obligation_only_in_suit: bool = False
    """G-Q6: rule 7 binds after any King; True: only after a King played in the suit led."""
    fou_box_on_survival: bool = False
    """G-Q7: False: the Fou box is drawn at declaration and the fou paid when its trick ends; True: the box is
    drawn only when ♦J survives its trick (captured: the box carries and the holder pays 1)."""
    grand_marriage_table_from_each: bool = True
    """G-Q8: the grand marriage on the table earns 1 from each other player; False: 1 from the ♥K player."""
    pay_hand_marriage_at_start: bool = False
    """G-Q9: marriages in hand are paid when the first card of the pair is played; True: before the first lead."""
    point_pip_tiebreak: bool = False
    """G-Q10: equal points go to the player first in playing order; True: the higher pip total first."""
    ante_only_empty_boxes: bool = False
    """G-Q11: every deal each player antes into every box; True: only into the boxes that are empty."""
    re_ante_only_if_point_taken: bool = False
    """G-Q12: each player adds 1 to the Point box after the point; True: only if the point was taken."""
    direction: Literal["counter-clockwise", "clockwise"] = "counter-clockwise"
    """G-Q14: counter-clockwise play (seat s+1 after seat s); clockwise: seat s-1 after seat s."""
    deal_pattern: tuple[int, int] = (3, 2)
    """G-Q15, GUIMBARDE-§2: five cards by three and two (or two and three)."""
    unable_to_pay: Literal["new-stock", "retire"] = "new-stock"
    """G18, G-§5.7: a player whose stock cannot cover a payment (ante, side payment or fine) either buys a new
    stock of ``starting_stock`` counters from the bank (:data:`BANK`) before paying ("new-stock"), or pays what he
    can and retires ("retire"): he is dealt no more cards and antes no more, and the game goes on while at least
    three players remain. The rule file marks G18 a [CHOICE] and recommends neither, so the default is
    "new-stock" (the behaviour before the option existed; stocks never go negative)."""
    retract_irregular_card: bool = False
    """G-Q17 (table mode): a card played against rules 7–9 or 3 stands and is fined; True: it is also taken
    back and a legal card played instead."""
    mode: Mode = Mode.ENFORCED
    """Enforced (irregular acts are refused) or table (accepted and ruled on under G1–G18)."""

    def __post_init__(self) -> None:
        check_option("version", self.version, ["guimbarde/1"])
        check_option("players", self.players, range(MIN_PLAYERS, MAX_PLAYERS + 1))
        check_option("rounds", self.rounds, range(1, 21))
        check_option("clearing_deals", self.clearing_deals, range(0, 11))
        if type(self.starting_stock) is not int or not 0 <= self.starting_stock <= 100_000:
            raise RulesError(f"rules option starting_stock={self.starting_stock!r} is not allowed; "
                             "allowed: 0 to 100000")
        for name in ("parlett_follow_only", "undertrump_required", "rule3_literal_king_of_diamonds",
                     "rule3_protects_trump_marriages", "marriage_either_order", "marriage_obligation_only_in_suit",
                     "fou_box_on_survival", "grand_marriage_table_from_each", "pay_hand_marriage_at_start",
                     "point_pip_tiebreak", "ante_only_empty_boxes", "re_ante_only_if_point_taken",
                     "retract_irregular_card"):
            check_option(name, getattr(self, name), _BOOL)
        check_option("direction", self.direction, ["counter-clockwise", "clockwise"])
        check_option("unable_to_pay", self.unable_to_pay, ["new-stock", "retire"])
        if self.unable_to_pay == "new-stock" and self.starting_stock == 0:
            raise RulesError("rules option unable_to_pay='new-stock' needs starting_stock >= 1 (a new stock of 0 "
                             "counters pays nothing); allowed: starting_stock 1 to 100000, or unable_to_pay='retire'")
        check_option("deal_pattern", tuple(self.deal_pattern), [(3, 2), (2, 3)])
        check_option("mode", self.mode, list(Mode))

    @property
    def pack_size(self) -> int:
        return len(pack_for(self.players))

    @property
    def step(self) -> int:
        """+1 or -1: the next seat to play after seat ``s`` is ``(s + step) % players`` (G-Q14)."""
        return 1 if self.direction == "counter-clockwise" else -1

    @property
    def deals(self) -> int:
        """G-§5.7: the number of regular deals of a game."""
        return self.rounds * self.players

    @property
    def protected(self) -> int:
        """GUIMBARDE-R3 (G3, G-Q3): the cards that may not trump a marriage."""
        if self.rule3_literal_king_of_diamonds:
            return (1 << QH) | (1 << KH) | (1 << KD)
        return PRIVILEGED


# ------------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class CutForDeal(Action):
    """Chance, G-§2.4: each player draws a card, in seat order; the highest (K high) is eldest hand."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("draw", *(str(c) for c in self.cards)))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in CARDS)


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards in ``mask``, in index order."""
    return tuple(PLAYS[i] for i in indices_of(mask))


def parse_action(text: str) -> Action:
    """Read a Guimbarde action from its text form.

    >>> parse_action("PLAY qh"), str(parse_action("draw KS 7H 9C"))
    (Play(card=Card.parse('QH')), 'draw KS 7H 9C')
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError("empty action; expected e.g. play KH (chance: deck CARDS, draw CARDS)")
    verb, args = words[0].lower(), " ".join(words[1:])
    table_action = parse_table_action(words)
    if table_action is not None:
        return table_action
    try:
        if verb == "play" and len(words) == 2:
            return PLAYS[Card.parse(words[1]).index]
        if verb == "deck":
            return Shuffle(parse_cards(args))
        if verb == "draw" and len(words) >= 2:
            return CutForDeal(parse_cards(args))
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"unknown action {text!r}; expected play CARD (chance: deck CARDS, draw CARDS; "
                           "table mode also: ! KIND SEAT [ARGS], remedy NAME [ARGS] law=ID)")


# ----------------------------------------------------------------------------------------------- results
class Phase(IntEnum):
    CUT = 0
    SHUFFLE = 1
    PLAY = 2
    OVER = 3


@dataclass(frozen=True, slots=True)
class Claim:
    """A box drawn (or a point announced) at declaration, shown to everybody (GUIMBARDE-§6)."""

    box: str
    seat: int
    amount: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal did to each seat's counters (antes, boxes, tricks, side payments and fines together)."""

    game: int
    dealer: int
    points: tuple[int, ...]
    """Counters won (+) or lost (−) by each seat in the deal (the final share of the boxes included; the new
    stocks bought under G18 excluded)."""
    tricks: tuple[int, ...]
    completed: bool
    """False for a deal voided under GUIMBARDE-R11 (a false pack found before its end)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """G-§5.7: a game ended with a single seat ahead (a tie for the most counters records none)."""

    winner: int
    counters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GuimbardeResult:
    """Counters won or lost per seat so far, and the seats ahead (final once the state is terminal)."""

    points: tuple[int, ...]
    games: tuple[int, ...]
    """1 for each seat with the most counters at the end of the game (ties share), else 0."""
    winner: int | None
    """The seat with the most counters once the game is over (None while it goes on or on a tie)."""
    stocks_bought: tuple[int, ...] = ()
    """G18: the new stocks each seat bought (unable_to_pay="new-stock"); they are not counted in ``points``."""
    retired: tuple[bool, ...] = ()
    """G18: the seats that could not pay and retired (unable_to_pay="retire")."""

    def returns(self) -> tuple[int, ...]:
        """Zero-sum returns: the counters won or lost."""
        return self.points


# --------------------------------------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    """(seat, card) in the order played."""
    winner: int | None


@dataclass(frozen=True, slots=True)
class Payment:
    """Counters moved in front of everybody: ``amount`` from ``source`` to ``target`` (a seat, a box or the
    bank, :data:`BANK`) under the rule or law ``reason``."""

    source: int | str
    target: int | str
    amount: int
    reason: str
    at: int
    """The index in the deal's history of the action that moved them; -1 for the deal itself (the antes, the
    boxes drawn at the declarations, the Point-box token), before any action of the history."""


@dataclass(frozen=True, slots=True)
class PastDeal:
    """The deal before this one, as everybody saw it (the table picture tells how it ended)."""

    number: int
    history: tuple[tuple[int, Action], ...]
    """Its actions as everybody saw them (the deck order removed)."""
    payments: tuple[Payment, ...]
    """Every movement of counters of that deal, ``at`` an index of ``history``."""
    result: DealResult | None
    """What it did to each seat's counters; None when it was dealt again after a misdeal (G10, G13, G17)."""
    trump_card: Card | None = None
    """Its turn-up (GUIMBARDE-§3), which made its trumps (None when no trick of it was played)."""


@dataclass(frozen=True)
class GuimbardeView:
    """Exactly what one viewer (a seat, or :data:`PUBLIC`) knows at this moment.

    (Without slots: :meth:`GuimbardeState.view` fills a view's fields from the position's shared ones in one copy of
    a dictionary, several times cheaper than a slotted view's thirty-odd assignments, for every viewer after every
    action.)"""

    viewer: int
    rules: GuimbardeRules
    players: int
    phase: Phase
    actor: int | None
    dealer: int | None
    eldest: int | None
    hand: tuple[Card, ...]
    """The viewer's own cards (empty for the public)."""
    shown: tuple[tuple[Card, ...], ...]
    """Cards still in each hand that were shown to everybody (chance cards, the point, a marriage in hand)."""
    hand_sizes: tuple[int, ...]
    trump_card: Card | None
    trump: Suit | None
    boxes: tuple[tuple[str, int], ...]
    """The counters in each box, in the order of GUIMBARDE-FIG."""
    counters: tuple[int, ...]
    """Counters won or lost by each seat so far in the game."""
    claims: tuple[Claim, ...]
    """This deal's declarations: the boxes drawn and the point, with the cards shown."""
    announced: tuple[int, ...]
    """The point each seat announced this deal (length of its longest printed suit, 0 below three)."""
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    deal_number: int
    deals: int
    history: tuple[tuple[int, Action], ...]
    """This deal's actions as the viewer saw them (the deck order removed)."""
    legal_actions: tuple[Action, ...]
    pending: Irregularity | None = None
    rulings: tuple[str, ...] = ()
    previous_tricks: tuple[Trick, ...] = ()
    stocks: tuple[int, ...] = ()
    """G-§2.3: the counters in front of each seat now (never negative, G18)."""
    stocks_bought: tuple[int, ...] = ()
    """G18: the new stocks each seat has bought from the bank."""
    retired: tuple[bool, ...] = ()
    """G18: the seats that could not pay and retired (dealt no more cards)."""
    payments: tuple[Payment, ...] = field(default=(), compare=False)
    """This deal's movements of counters, in order, each with the action of ``history`` that made it (told by the
    table picture; like the log, not compared: a world sampled from a view starts its own)."""
    last_deal: PastDeal | None = field(default=None, compare=False)
    """The deal before this one: its actions, its payments and its result (None before the first has ended; not
    compared, as ``payments``)."""


def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: the deck order is hidden; every card played is played face up."""
    if isinstance(action, Shuffle):
        return None
    return action


@dataclass(frozen=True, slots=True)
class GuimbardePending(Pending):
    """Table mode: an irregularity waiting for its ruling; G15 and G16 also name the box concerned (``amount``
    is what the offender drew from it)."""

    box: str = ""


class GuimbardeTableLaws(TableLaws["GuimbardeState", GuimbardePending], Protocol):
    """The laws of irregularities (G3, G7–G18) as the state calls them: :mod:`academie.games.guimbarde.table`,
    injected by the package (the state never imports its laws)."""


# --------------------------------------------------------------------------------------------------- state
_NO_SECOND_TRICK: Final = 99
"""GUIMBARDE-§7: ``Deal.second_at`` of a seat that has not yet taken two tricks (later than any trick)."""


@dataclass(slots=True)
class Deal:
    """The record of the deal in progress (:attr:`GuimbardeState.deal`). Callers read it; only the state changes
    it (the laws of irregularities go through the state's methods)."""

    dealer: int
    players: int
    deck: tuple[int, ...] = ()
    hands: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    exposed: list[int] = field(default_factory=list)
    """The cards of ``shown`` seen otherwise than for a claim (G12: played out of turn and taken back; G-Q9: a
    marriage in hand paid): a claim withdrawn under G15 leaves them seen."""
    trump: int = -1
    turn_up: int = -1
    claims: list[Claim] = field(default_factory=list)
    forgone: list[Claim] = field(default_factory=list)
    """G15: the claims withdrawn, their box drawn without showing the cards (their holders hold those chances: a
    claim of them is no false claim, G16)."""
    announced: list[int] = field(default_factory=list)
    leader: int = 0
    to_play: int = 0
    trick: list[tuple[int, int]] = field(default_factory=list)
    """The current trick: (seat, card index) in the order played."""
    best: int = -1
    best_seat: int = -1
    protected_marriage: bool = False
    """GUIMBARDE-R3: a marriage the privileged trumps may not take is in the current trick."""
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    second_at: list[int] = field(default_factory=list)
    """GUIMBARDE-§7: the trick number at which each seat completed its second trick (``_NO_SECOND_TRICK``: not
    yet)."""
    start_balances: tuple[int, ...] = ()
    start_bought: tuple[int, ...] = ()
    """G18: the stocks bought by each seat when this deal began."""
    retired_at_antes: list[int] = field(default_factory=list)
    """G18: the seats that retired, unable to ante, as this deal began (GUIMBARDE-R11 voids that too)."""
    start: int = 0
    """Index in the operations log where this deal began."""
    start_entries: int = 0
    """Index in the ledger where this deal's transfers begin (GUIMBARDE-R11 restores them)."""
    clearing: bool = False
    """G-§5.7: a clearing deal, played without antes."""
    fined: list[bool] = field(default_factory=list)
    """G17: the seat found with a wrong number of cards cannot win the trick prize."""
    skip_antes: bool = False
    """G10, G13: a deal dealt again after a misdeal; the antes are already in the boxes."""
    ante_end: int = 0
    """Index in the ledger just after this deal's antes."""

    def copy(self) -> Deal:
        return _copy_deal(self)


_copy_deal: Final = dataclass_copier(Deal)


def _checked_stocks(stocks: Sequence[int] | None, rules: GuimbardeRules) -> tuple[int, ...]:
    """G-§2.3: the stocks given to :meth:`GuimbardeState.new`, one per seat, each a whole number of counters (the
    rules' starting stock for every seat when none are given); raises :class:`RulesError` naming what is wrong."""
    players = rules.players
    if stocks is None:
        return (rules.starting_stock,) * players
    allowed = f"allowed: one stock per seat, each a whole number from 0 to {MAX_STOCK}"
    given = tuple(stocks) if isinstance(stocks, Sequence) and not isinstance(stocks, str) else None
    if given is None:
        raise RulesError(f"stocks={stocks!r} is not allowed: give a sequence of numbers; {allowed}")
    if len(given) != players:
        raise RulesError(f"stocks={stocks!r} is not allowed: {len(given)} stocks for {players} players; {allowed}")
    for seat, stock in enumerate(given):
        if type(stock) is not int or not 0 <= stock <= MAX_STOCK:
            raise RulesError(f"stocks={stocks!r} is not allowed: seat {seat}'s stock {stock!r}; {allowed}")
    return given


def dealt_positions(rules: GuimbardeRules, dealer: int, seat: int, *,
                    retired: Sequence[bool] = ()) -> tuple[int, ...]:
    """GUIMBARDE-§2: the deck positions dealt to ``seat``: a packet to each in playing order from the eldest,
    then the second packet; the card after the hands is turned up (:func:`turn_up_position`). The seats marked
    in ``retired`` (G18) are dealt nothing and skipped.

    >>> dealt_positions(GuimbardeRules(players=3), 0, 1)
    (0, 1, 2, 9, 10)
    >>> dealt_positions(GuimbardeRules(players=4), 0, 3, retired=(False, False, True, False))
    (3, 4, 5, 11, 12)
    """
    players, step = rules.players, rules.step
    order = [s for s in ((dealer + step * (k + 1)) % players for k in range(players)) if not retired or not retired[s]]
    if seat not in order:
        return ()
    players = len(order)
    first, second = rules.deal_pattern
    rank = order.index(seat)
    return (*range(rank * first, rank * first + first),
            *range(players * first + rank * second, players * first + rank * second + second))


def turn_up_position(rules: GuimbardeRules, *, dealt: int | None = None) -> int:
    """GUIMBARDE-§3: the card after the hands (of ``dealt`` seats, all by default) is turned up for trumps."""
    return (rules.players if dealt is None else dealt) * HAND_SIZE


def arrange_deck(hands: Mapping[int, str | Sequence[Card]], *, rules: GuimbardeRules, dealer: int,
                 turn_up: str | Card | None = None) -> tuple[Card, ...]:
    """A deck order (top first) that deals the cards named in ``hands`` to those seats and turns up ``turn_up``.

    Unnamed places are filled with the remaining cards in pack order; a test that depends on a card names it.

    >>> deck = arrange_deck({1: "QH KH"}, rules=GuimbardeRules(players=3), dealer=0, turn_up="TC")
    >>> [str(deck[i]) for i in (0, 1, 15)]
    ['QH', 'KH', 'TC']
    """
    pack = pack_for(rules.players)
    named = {seat: parse_cards(spec) if isinstance(spec, str) else tuple(spec) for seat, spec in hands.items()}
    turned = (Card.parse(turn_up) if isinstance(turn_up, str) else turn_up) if turn_up is not None else None
    wanted = [c for group in named.values() for c in group] + ([turned] if turned else [])
    if len(set(wanted)) != len(wanted) or not set(wanted) <= set(pack) or any(len(g) > 5 for g in named.values()):
        raise RulesError("the named cards must be distinct cards of the pack, at most five to a seat")
    order: list[Card | None] = [None] * len(pack)
    for seat, group in named.items():
        for position, card in zip(dealt_positions(rules, dealer, seat), group, strict=False):
            order[position] = card
    if turned is not None:
        order[turn_up_position(rules)] = turned
    filler = iter(c for c in pack if c not in set(wanted))
    return tuple(card if card is not None else next(filler) for card in order)


class GuimbardeState(GameState[GuimbardeRules]):
    """One game of La Guimbarde: ``rules.deals`` deals (then any clearing deals), the boxes shared at the end."""

    game_name = "guimbarde"
    table_laws: ClassVar[GuimbardeTableLaws | None] = None
    __slots__ = (
        "_actor",
        "_broke",
        "_deal",
        "_deal_results",
        "_deals_played",
        "_game_results",
        "_histories",
        "_last_deal_memo",
        "_last_tricks",
        "_legal",
        "_paid_at",
        "_payments_memo",
        "_pending",
        "_phase",
        "_retired",
        "_shared",
        "_start_stocks",
        "_stocks_bought",
        "automate_table",
        "chance",
        "ledger",
        "operations",
        "rules",
        "rulings",
    )
    # the tuples are replaced, never changed: a clone shares them; the deal record, the ledger and the logs are
    # changed in place: a clone copies them
    clone_shared = ("_actor", "_broke", "_deal_results", "_deals_played", "_game_results", "_histories",
                    "_last_deal_memo",
                    "_last_tricks", "_legal", "_payments_memo", "_pending", "_phase", "_retired", "_shared",
                    "_start_stocks", "_stocks_bought", "automate_table", "rules")
    clone_copied = ("_deal", "_paid_at", "ledger", "operations", "rulings")

    def __init__(self, rules: GuimbardeRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None,
                 stocks: Sequence[int] | None = None) -> None:
        self.rules = rules or GuimbardeRules()
        players = self.rules.players
        self._start_stocks = _checked_stocks(stocks, self.rules)
        """G-§2.3: each seat's stock when the game began (the rules' starting stock unless given)."""
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        """Table mode: apply the rulings that need nobody's choice at once (default: when chance is automated)."""
        self._pending = None
        self._last_tricks: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...] = ()
        self.rulings = []
        self.operations = []
        self.ledger = Ledger(seats=players, accounts=(*BOXES, BANK))  # GUIMBARDE-FIG: the five boxes; G18: bank
        self._paid_at: list[int] = []
        """For each ledger entry, the index of the operation that made it (the payments of a view)."""
        self._last_deal_memo: tuple[int, tuple[DealResult, ...], tuple[object, ...], int, PastDeal | None] | None = None
        """The last deal as :meth:`_last_deal` told it, with what it was told from (see there)."""
        self._payments_memo: tuple[tuple[int, int, int, int], tuple[Payment, ...], int] | None = None
        """The payments of the deal in progress as :meth:`_payments` found them, with the lengths they saw and the
        number of the deal's actions seen."""
        for seat, stock in enumerate(self._start_stocks):
            # a stock is the starting stock plus the seat's balance (G-§2.3): a stock given moves the difference
            change = stock - self.rules.starting_stock
            if change:
                source, target = (BANK, seat) if change > 0 else (seat, BANK)
                self.ledger.transfer(source, target, abs(change), STARTING_STOCK)
        self._note_payments()  # (made before any action: no deal's payment)
        self._stocks_bought = (0,) * players
        self._retired = (False,) * players
        self._broke = (False,) * players
        """G18: the seats that could not pay in full during the deal in progress (they retire at its end)."""
        self._deal_results: tuple[DealResult, ...] = ()
        self._game_results: tuple[GameResult, ...] = ()
        self._deals_played = 0
        self._histories = Histories.empty(viewers=players + 1)
        self._shared: Shared | None = None
        """What every viewer's view of the last position viewed holds alike (replaced: a clone shares it)."""
        """Each viewer's history of the deal in progress as its last view told it (replaced: a clone shares it)."""
        if first_dealer is not None and (type(first_dealer) is not int or not 0 <= first_dealer < players):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0 to {players - 1}, "
                             "or None to draw for deal")
        self._deal = Deal(dealer=first_dealer if first_dealer is not None else 0, players=players)
        self._legal = None
        self._phase = Phase.CUT if first_dealer is None else Phase.SHUFFLE
        self._actor = self._compute_actor()
        self.resolve_chance()

    @classmethod
    def new(cls, rules: GuimbardeRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None,
            players: int | None = None, stocks: Sequence[int] | None = None) -> Self:
        """A new game dealt from a seed or from explicit deck orders; ``players``, if given, replaces
        ``rules.players``.

        With neither seed nor decks, chance is left to the caller: apply :class:`CutForDeal` (unless
        ``first_dealer`` is given) and :class:`Shuffle` actions.

        ``stocks`` sets up a game in progress: each seat's stock of counters at the start (G-§2.3), instead of the
        rules' ``starting_stock``; the difference goes through the ledger, from or to the bank, as
        :data:`STARTING_STOCK`, and the counters won or lost are counted from there. A game record cannot carry
        such a start: see :attr:`setup`.

        >>> state = GuimbardeState.new(players=3, first_dealer=0, stocks=(50, 75, 60))
        >>> [state.stock(s) for s in range(3)], [str(e) for e in state.ledger.entries]
        ([50, 75, 60], ['seat 0 -> banque: 10 (G-§2.3 starting stock)', 'banque -> seat 1: 15 (G-§2.3 starting stock)'])
        >>> state.result().points, state.setup
        ((0, 0, 0), 'starting stocks 50, 75, 60')
        >>> GuimbardeState.new(players=3, stocks=(50, 75))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        academie.engine.RulesError: stocks=(50, 75) is not allowed: 2 stocks for 3 players; allowed: one stock per...
        """
        if seed is not None and decks is not None:
            raise RulesError("give either seed or decks, not both")
        if players is not None:  # G-§2.1: the number of players, given here, replaces rules.players
            rules = dataclasses.replace(rules or GuimbardeRules(), players=players)
        chance: ChanceSource | None = None
        if seed is not None:
            chance = SeededChance(seed)
        elif decks is not None:
            chance = ExplicitChance(decks)
        return cls(rules, chance=chance, first_dealer=first_dealer, stocks=stocks)

    # ------------------------------------------------------------------------------------ protocol
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def setup(self) -> str:
        """How the game was set up away from the opening position, in words ("" when it was not): the stocks it
        started from (:meth:`new`). The game record has no place for them, so :func:`academie.record.from_state`
        refuses such a game rather than write a record that replays to other stocks."""
        stocks = self._start_stocks
        if all(stock == self.rules.starting_stock for stock in stocks):
            return ""
        return "starting stocks " + ", ".join(map(str, stocks))

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def deal(self) -> Deal:
        """The record of the deal in progress, to read (the laws of irregularities and the search bot do); it
        changes only through the state."""
        return self._deal

    @property
    def stocks_bought(self) -> tuple[int, ...]:
        """G18: the new stocks each seat has bought from the bank."""
        return self._stocks_bought

    @property
    def retired(self) -> tuple[bool, ...]:
        """G18: the seats that could not pay and left the game."""
        return self._retired

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """What each deal did to the counters, in the order played (voided deals included)."""
        return self._deal_results

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """G-§5.7: the game, once it has ended with a single seat ahead."""
        return self._game_results

    @property
    def deals_played(self) -> int:
        """G-§5.7: the deals completed so far (a deal voided under GUIMBARDE-R11 does not count)."""
        return self._deals_played

    @property
    def dealer(self) -> int | None:
        return None if self._phase is Phase.CUT else self._deal.dealer

    @property
    def eldest(self) -> int | None:
        """G-§2.4: the eldest hand, the seat after the dealer in playing order."""
        return None if self._phase is Phase.CUT else self.next_seat(self._deal.dealer)

    def next_seat(self, seat: int) -> int:
        """G-Q14: the seat that plays after ``seat`` (G18: retired seats are skipped)."""
        players, step, retired = self.rules.players, self.rules.step, self._retired
        seat = (seat + step) % players
        if self.active:  # (when everybody has retired the game is over: plain rotation)
            while retired[seat]:
                seat = (seat + step) % players
        return seat

    @property
    def active(self) -> int:
        """G18: the number of seats still in the game."""
        return self.rules.players - sum(self._retired)

    def _compute_actor(self) -> int | None:
        if self._pending is not None:
            chooser = self._pending.irregularity.chooser
            return TABLE if chooser is None else chooser
        phase = self._phase
        if phase is Phase.PLAY:
            return self._deal.to_play
        if phase is Phase.OVER:
            return None
        return CHANCE

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._pending is not None:
            return self._pending.remedies()
        if self._phase is not Phase.PLAY:
            return ()
        return plays_of(self.playable(self._deal.to_play))

    def playable(self, seat: int) -> int:
        """G-§5.3 (GUIMBARDE-R7, R8, R9, R3): the cards ``seat`` may play to the current trick, as a mask."""
        deal = self._deal
        return legal_mask(deal.hands[seat], [card for _, card in deal.trick], deal.trump, self.rules,
                          best=deal.best, protected_marriage=deal.protected_marriage)

    def illegal_reason(self, action: Action) -> str:
        phase = self._phase
        if phase is Phase.OVER:
            return "the game is over"
        if isinstance(action, Play) and phase is Phase.PLAY:
            seat = self._deal.to_play
            if not self._deal.hands[seat] >> action.card.index & 1:
                return f"{action.card} is not in the hand of seat {seat}"
            return ("a player must play the queen on her king (GUIMBARDE-R7), follow suit (GUIMBARDE-R8), beat the "
                    "winning card or trump when void (GUIMBARDE-R9), and may not take a marriage with ♥Q, ♥K or "
                    "♦J (GUIMBARDE-R3)")
        return f"not allowed in phase {phase.name.lower()}"

    def resolve_chance(self) -> None:
        pack = pack_for(self.rules.players)
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            order = self.chance.shuffled(pack)
            if self._phase is Phase.CUT:
                self.apply_unchecked(CutForDeal(order[:self.rules.players]))
            else:
                self.apply_unchecked(Shuffle(order))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check_chance_outcome(self, action: Action) -> None:
        pack = pack_for(self.rules.players)
        if self._phase is Phase.CUT:
            if not (isinstance(action, CutForDeal) and len(action.cards) == self.rules.players
                    and len(set(action.cards)) == self.rules.players and set(action.cards) <= set(pack)):
                raise IllegalActionError(action, CHANCE, (), f"expected `draw C1 … C{self.rules.players}`: one "
                                         f"different card of the {len(pack)}-card pack per seat (G-§2.4)")
        elif not (isinstance(action, Shuffle) and len(action.order) == len(pack)
                  and mask_of(action.order) == mask_of(pack)):  # (chance acts only to cut or to shuffle)
            raise IllegalActionError(action, CHANCE, (), f"expected `deck C1 … C{len(pack)}`: an order of "
                                     f"the {len(pack)}-card pack, each card once (G-§2.1)")

    # ------------------------------------------------------------------------------------ chance
    def _apply_cut(self, action: Action) -> None:
        """G-§2.4: the highest card drawn (K high, plain order) is eldest hand, so the seat before him deals;
        a tie for highest draws again."""
        assert isinstance(action, CutForDeal)
        strengths = [STRENGTH[c.index] for c in action.cards]
        top = max(strengths)
        if strengths.count(top) > 1:
            return
        eldest = strengths.index(top)
        self._deal.dealer = (eldest - self.rules.step) % self.rules.players
        self._phase = Phase.SHUFFLE

    def _apply_shuffle(self, action: Action) -> None:
        """GUIMBARDE-§1–§3: antes, then five cards each by three and two, then the turn-up gives trumps."""
        assert isinstance(action, Shuffle)
        rules, deal = self.rules, self._deal
        players = rules.players
        deal.deck = tuple(c.index for c in action.order)
        deal.start = len(self.operations) - 1
        if not deal.skip_antes:
            deal.start_entries = len(self.ledger.entries)
            deal.start_balances = self.ledger.seat_balances()
            deal.start_bought = self._stocks_bought
        deal.clearing = self._deals_played >= rules.deals
        if not deal.clearing and not deal.skip_antes:
            self._antes()
        deal.ante_end = len(self.ledger.entries)
        if any(self._broke):  # G18: a player who cannot ante pays what he can and is dealt no cards
            deal.retired_at_antes = [s for s in range(players) if self._broke[s]]
            self._retire_broke()
            if self.active < MIN_PLAYERS:
                self._end_deal(completed=False, stop=True)
                return
        hands = [0] * players
        for seat in range(players):
            for position in dealt_positions(rules, deal.dealer, seat, retired=self._retired):
                hands[seat] |= 1 << deal.deck[position]
        deal.hands = hands
        deal.shown = [0] * players
        deal.exposed = [0] * players
        deal.tricks_won = [0] * players
        deal.second_at = [_NO_SECOND_TRICK] * players
        deal.fined = [False] * players
        deal.announced = [0] * players
        deal.turn_up = deal.deck[turn_up_position(rules, dealt=self.active)]
        deal.trump = suit_of(deal.turn_up)  # GUIMBARDE-§3: the printed suit of the turn-up is trumps
        self._declare()
        deal.leader = deal.to_play = self.next_seat(deal.dealer)  # GUIMBARDE-§9: the eldest leads
        self._phase = Phase.PLAY
        if rules.pay_hand_marriage_at_start:
            self._pay_hand_marriages_at_start()

    def _antes(self) -> None:
        """GUIMBARDE-§1, G-§3.1: one counter from each player into each box, every deal (G-Q11: only the empty
        boxes)."""
        for box in BOXES:
            if self.rules.ante_only_empty_boxes and self.ledger.balance(box) > 0:
                continue
            for seat in self.seats_in_order():
                self.pay(seat, box, 1, "GUIMBARDE-§1")

    def pay(self, seat: int, target: str | int, amount: int, reason: str) -> None:
        """Move ``amount`` counters from ``seat``'s stock to ``target`` (a box or a seat), citing ``reason``.

        G18: when the stock is short, under unable_to_pay="new-stock" the seat first buys as many new stocks of
        ``starting_stock`` counters from the bank as it needs (each one a ledger transfer citing G18); under
        "retire" it pays what it can and retires at the end of the deal (at once if it cannot ante).
        """
        stock = self.stock(seat)
        if amount > stock:
            rules = self.rules
            if rules.unable_to_pay == "new-stock":
                while stock < amount:
                    self.ledger.transfer(BANK, seat, rules.starting_stock, "G18")
                    self._stocks_bought = _changed(self._stocks_bought, seat, self._stocks_bought[seat] + 1)
                    stock += rules.starting_stock
            else:
                self._broke = _changed(self._broke, seat, True)
                amount = stock
        if amount > 0:
            self.ledger.transfer(seat, target, amount, reason)

    def _undo_transfers(self, start: int, reason: str) -> None:
        """G10, G11 (GUIMBARDE-R11): reverse every ledger transfer from entry ``start`` on, newest first, citing
        ``reason``; new stocks bought meanwhile go back to the bank and nobody is any longer short (G18)."""
        for entry in reversed(self.ledger.entries[start:]):
            self.ledger.transfer(entry.target, entry.source, entry.amount, reason)
            if entry.source == BANK and isinstance(entry.target, int):
                self._stocks_bought = _changed(self._stocks_bought, entry.target, self._stocks_bought[entry.target] - 1)
            elif entry.target == BANK and isinstance(entry.source, int):  # (an earlier restoration, undone)
                self._stocks_bought = _changed(self._stocks_bought, entry.source, self._stocks_bought[entry.source] + 1)
        self._broke = (False,) * self.rules.players

    def _retire_broke(self) -> None:
        """G18 (unable_to_pay="retire"): the seats that could not pay retire from the game."""
        for seat, broke in enumerate(self._broke):
            if broke:
                self._retired = _changed(self._retired, seat, True)
                self._broke = _changed(self._broke, seat, False)
                self.rule(f"G18: seat {seat} cannot pay; he paid what he could and retires")

    def seats_in_order(self) -> tuple[int, ...]:
        """The seats still at the table (G18: the retired left), in playing order from the eldest hand."""
        seat, order = self._deal.dealer, []
        for _ in range(self.active or self.rules.players):
            seat = self.next_seat(seat)
            order.append(seat)
        return tuple(order)

    def _draw(self, box: str, seat: int, cards: int, reason: str) -> None:
        """GUIMBARDE-§6: ``seat`` shows ``cards`` and draws the box (nothing to draw from an empty box)."""
        deal = self._deal
        amount = self.ledger.balance(box)
        if amount > 0:
            self.ledger.transfer(box, seat, amount, reason)
        deal.shown[seat] |= cards
        deal.claims.append(Claim(box, seat, amount, cards_of(cards)))

    def _declare(self) -> None:
        """GUIMBARDE-§5, §6, G-§3.2: the chance cards are shown and their boxes drawn, then each announces his
        point and the best draws the Point box; then each adds one to the Point box (GUIMBARDE-§7)."""
        deal, rules = self._deal, self.rules
        deal.claims = []
        order = self.seats_in_order()
        for seat in order:
            hand = deal.hands[seat]
            if hand >> QH & 1 and hand >> KH & 1:
                self._draw(MARIAGE, seat, (1 << QH) | (1 << KH), "GUIMBARDE-§5")
            if hand >> KH & 1:
                self._draw(ROI, seat, 1 << KH, "GUIMBARDE-§6")
            if hand >> QH & 1:
                self._draw(GUIMBARDE, seat, 1 << QH, "GUIMBARDE-§6")
            if hand >> JD & 1 and not rules.fou_box_on_survival:
                self._draw(FOU, seat, 1 << JD, "GUIMBARDE-§6")
        best_seat, best_key, best_cards = -1, (0, 0), 0
        for seat in order:
            suit_cards = max((deal.hands[seat] & SUIT_MASKS[s] for s in range(4)), key=int.bit_count)
            length = suit_cards.bit_count()
            if length < 3:
                continue
            deal.announced[seat] = length
            pips = sum(PIPS[i] for i in indices_of(suit_cards)) if rules.point_pip_tiebreak else 0
            key = (length, pips)  # G-Q10: equal points go to the first in playing order (strict >)
            if key > best_key:
                best_seat, best_key, best_cards = seat, key, suit_cards
        if best_seat >= 0:
            self._draw(POINT, best_seat, best_cards, "GUIMBARDE-§4")
        if (best_seat >= 0 or not rules.re_ante_only_if_point_taken) and not deal.clearing:
            for seat in order:
                self.pay(seat, POINT, 1, "GUIMBARDE-§7")  # G-Q12: for the most tricks

    def _pay_hand_marriages_at_start(self) -> None:
        """G-Q9 variant: every marriage in hand is paid before the first lead."""
        deal = self._deal
        for seat in self.seats_in_order():
            for suit in Suit:
                queen, king = card_index(Rank.QUEEN, suit), card_index(Rank.KING, suit)
                if deal.hands[seat] >> queen & 1 and deal.hands[seat] >> king & 1:
                    self._pay_hand_marriage(seat, suit)

    def _pay_hand_marriage(self, seat: int, suit: Suit) -> None:
        """GUIMBARDE-R1, G1: a marriage in hand earns one from every other player; GUIMBARDE-R4, G4: the grand
        marriage (hearts) two from each. Both cards are shown."""
        grand = suit == Suit.HEARTS
        amount, reason = (2, "GUIMBARDE-R4") if grand else (1, "GUIMBARDE-R1")
        self._from_each(seat, amount, reason)
        pair = (1 << card_index(Rank.QUEEN, suit)) | (1 << card_index(Rank.KING, suit))
        self._deal.shown[seat] |= pair
        self._deal.exposed[seat] |= pair

    def _from_each(self, seat: int, amount: int, reason: str, *, except_seat: int = -1) -> None:
        """G-§3.4: a side payment, from each other player to ``seat``, never through the boxes."""
        for other in self.seats_in_order():
            if other != seat and other != except_seat:
                self.pay(other, seat, amount, reason)

    # ------------------------------------------------------------------------------------ play
    def _apply_play(self, action: Action) -> None:
        assert isinstance(action, Play)
        self.play_card(self._deal.to_play, action.card.index)

    def play_card(self, seat: int, card: int) -> None:
        """Put ``card`` from ``seat``'s hand on the trick (no legality check: table mode uses it too)."""
        deal, rules = self._deal, self.rules
        rank = rank_of(card)
        if rank in (Rank.QUEEN, Rank.KING) and not rules.pay_hand_marriage_at_start:
            suit = Suit(suit_of(card))
            partner = card_index(Rank.KING if rank == Rank.QUEEN else Rank.QUEEN, suit)
            if deal.hands[seat] >> partner & 1:
                self._pay_hand_marriage(seat, suit)  # G-Q9: paid as the first card of the pair is played
        deal.hands[seat] &= ~(1 << card)
        deal.shown[seat] &= ~(1 << card)
        trump = deal.trump
        if deal.trick:
            previous = deal.trick[-1][1]
            kind = marriage_kind(previous, card, rules)
            if kind == 1 and (rules.rule3_protects_trump_marriages or EFFECTIVE_SUIT[trump][previous] != trump):
                deal.protected_marriage = True
            if BEATEN_BY[trump][deal.best] >> card & 1:
                deal.best, deal.best_seat = card, seat
        else:
            deal.best, deal.best_seat, deal.leader = card, seat, seat
        deal.trick.append((seat, card))
        if len(deal.trick) < self.active:
            deal.to_play = self.next_seat(seat)
            return
        self._settle_trick()

    def _settle_trick(self) -> None:
        """G-§5.5: marriages in play (GUIMBARDE-R1, R2, R4, R6), the fou (GUIMBARDE-R5), then the trick."""
        deal, rules = self._deal, self.rules
        trick, winner = tuple(deal.trick), deal.best_seat
        for (king_seat, first), (queen_seat, second) in itertools.pairwise(trick):
            kind = marriage_kind(first, second, rules)
            if kind == 2:  # GUIMBARDE-R4, G4: the grand marriage on the table, ♥K taken by the guimbarde
                if rules.grand_marriage_table_from_each:
                    self._from_each(winner, 1, "GUIMBARDE-R4")
                else:
                    holder = king_seat if first == KH else queen_seat
                    self.pay(holder, winner, 1, "GUIMBARDE-R4")
            elif kind == 1:
                if rank_of(first) == Rank.QUEEN:  # G-Q5 variant: queen first
                    king_seat, queen_seat = queen_seat, king_seat
                if winner == king_seat:  # GUIMBARDE-R1, G1: all pay but the queen's player
                    self._from_each(winner, 1, "GUIMBARDE-R1", except_seat=queen_seat)
                else:  # GUIMBARDE-R2, G2: won by a trump (or another card): one from each of the couple
                    for payer in (king_seat, queen_seat):
                        if payer != winner:
                            self.pay(payer, winner, 1, "GUIMBARDE-R2")
        for seat, card in trick:
            if card == JD:
                self._settle_fou(seat, winner)
        number = len(deal.tricks) + 1
        deal.tricks.append((deal.leader, trick, winner))
        deal.tricks_won[winner] += 1
        if deal.tricks_won[winner] == 2:
            deal.second_at[winner] = number
        deal.trick = []
        deal.best = deal.best_seat = -1
        deal.protected_marriage = False
        deal.leader = deal.to_play = winner  # G-§5.2: the winner of a trick leads to the next
        if number == TRICKS:
            self._end_play()

    def _settle_fou(self, seat: int, winner: int) -> None:
        """GUIMBARDE-R5, G5 (G-Q7): the fou taken by ♥K or ♥Q pays one to the taker; otherwise he is paid one by
        each (variant: he draws the Fou box only now)."""
        deal = self._deal
        if deal.best in (KH, QH) and winner != seat:
            self.pay(seat, winner, 1, "GUIMBARDE-R5")
        elif self.rules.fou_box_on_survival:
            amount = self.ledger.balance(FOU)
            if amount > 0:
                self.ledger.transfer(FOU, seat, amount, "GUIMBARDE-R5")
        else:
            self._from_each(seat, 1, "GUIMBARDE-R5")

    def _end_play(self) -> None:
        """GUIMBARDE-§7: the Point box to the most tricks, two at least; at 2–2 the first to take two; else it
        stays for the next deal."""
        deal = self._deal
        eligible = [s for s in self.seats_in_order() if not deal.fined[s]]
        most = max((deal.tricks_won[s] for s in eligible), default=0)
        if most >= 2:
            winner = min((s for s in eligible if deal.tricks_won[s] == most), key=lambda s: deal.second_at[s])
            amount = self.ledger.balance(POINT)
            if amount > 0:
                self.ledger.transfer(POINT, winner, amount, "GUIMBARDE-§7")
        self._end_deal(completed=True)

    def _end_deal(self, *, completed: bool, stop: bool = False) -> None:
        """G-§5.6, §5.7: record the deal, pass the deal to the eldest, end the game after the agreed deals (G18,
        or when ``stop`` is given: when fewer than three players remain)."""
        deal, rules = self._deal, self.rules
        self._deals_played += completed
        self._retire_broke()
        played = self._deals_played
        over = stop or self.active < MIN_PLAYERS or (played >= rules.deals and (
            played >= rules.deals + rules.clearing_deals or self._boxes_total() == 0))
        if over:
            self._share_boxes()
        end = self.ledger.seat_balances()
        start = deal.start_balances or end
        bought = deal.start_bought or tuple(self.stocks_bought)
        stock = rules.starting_stock
        points = tuple(e - s - stock * (b - a) for e, s, b, a in zip(end, start, self.stocks_bought, bought,
                                                                       strict=True))
        self._deal_results += (DealResult(0, deal.dealer, points, tuple(deal.tricks_won) or (0,) * rules.players,
                                          completed),)
        self._last_tricks = tuple(deal.tricks)
        dealer = self.next_seat(deal.dealer) if completed else deal.dealer
        self._deal = Deal(dealer=dealer, players=rules.players, start=len(self.operations))
        self._phase = Phase.OVER if over else Phase.SHUFFLE
        result = self.result()
        if over and result.winner is not None:
            self._game_results += (GameResult(result.winner, result.points),)

    def _boxes_total(self) -> int:
        return sum(self.ledger.balance(box) for box in BOXES)

    def _share_boxes(self) -> None:
        """G-§5.7: what is left in the boxes is shared equally; the odd counters go one at a time in playing
        order from the last deal's eldest hand."""
        total = self._boxes_total()
        order = self.seats_in_order()
        players = len(order)
        due = {seat: total // players + (rank < total % players) for rank, seat in enumerate(order)}
        for box in BOXES:
            left = self.ledger.balance(box)
            for seat in order:
                amount = min(left, due[seat])
                if amount > 0:
                    self.ledger.transfer(box, seat, amount, "G-§5.7")
                    due[seat] -= amount
                    left -= amount

    # ------------------------------------------------------------------------------------ table mode
    def _laws(self) -> GuimbardeTableLaws:
        laws = self.table_laws
        if laws is None:
            raise RulesError("the laws of irregularities are not loaded: import academie.games.guimbarde")
        return laws

    def _apply_irregular(self, action: Action) -> None:
        assert isinstance(action, Irregular)
        self._laws().commit(self, action)

    def _apply_remedy(self, action: Action) -> None:
        assert isinstance(action, Remedy)
        pending = self.take_pending()
        assert isinstance(pending, GuimbardePending)
        self._laws().apply_remedy(self, pending, action)

    def expose(self, seat: int, card: int) -> None:
        """G12 (GUIMBARDE-R12): ``card``, played out of turn and taken back into ``seat``'s hand, has been seen by
        everybody: it stays shown while he holds it."""
        self._deal.shown[seat] |= 1 << card
        self._deal.exposed[seat] |= 1 << card

    def draw_box(self, seat: int, box: str, law: str) -> int:
        """G16: ``seat`` draws every counter of ``box`` (a claim he has no right to, set right by the ruling),
        citing ``law``; returns the amount drawn."""
        amount = self.ledger.balance(box)
        self.ledger.transfer(box, seat, amount, law)
        return amount

    def withdraw_claim(self, seat: int, box: str) -> int:
        """G15: ``seat`` drew ``box`` without showing the cards: no claim. The claim leaves the declarations, and the
        cards shown for it alone are no longer shown (nobody saw them); returns the counters it drew (the ruling
        puts them back in the box)."""
        deal = self._deal
        withdrawn = [claim for claim in deal.claims if claim.seat == seat and claim.box == box]
        deal.claims = [claim for claim in deal.claims if not (claim.seat == seat and claim.box == box)]
        deal.forgone += withdrawn
        still = deal.exposed[seat] | mask_of(card for claim in deal.claims if claim.seat == seat
                                             for card in claim.cards)
        deal.shown[seat] &= ~mask_of(card for claim in withdrawn for card in claim.cards) | still
        return sum(claim.amount for claim in withdrawn)

    def bar_from_trick_prize(self, seat: int) -> None:
        """G17: ``seat``, found with a wrong number of cards after the first trick, cannot win the Point box for
        the most tricks this deal (GUIMBARDE-§7)."""
        self._deal.fined[seat] = True

    def deal_again(self, law: str) -> None:
        """G10, G13, G17: undo every movement of the deal after the antes, citing ``law`` (the antes stay in the
        boxes), and let the same dealer deal again."""
        deal = self._deal
        self._undo_transfers(deal.ante_end, law)
        self._deal = Deal(dealer=deal.dealer, players=self.players, start=len(self.operations), skip_antes=True,
                          start_balances=deal.start_balances, start_entries=deal.start_entries,
                          start_bought=deal.start_bought, retired_at_antes=deal.retired_at_antes)
        self._phase = Phase.SHUFFLE

    def void_deal(self) -> None:
        """G11 (GUIMBARDE-R11): the deal does not count; every movement of it, antes included, is restored (G18:
        a seat that retired unable to ante is at the table again), and the same dealer deals again."""
        deal = self._deal
        self._undo_transfers(deal.start_entries, "GUIMBARDE-R11")
        for seat in deal.retired_at_antes:  # G18: with his antes given back, he is at the table again
            self._retired = _changed(self._retired, seat, False)
        self._end_deal(completed=False)

    # ------------------------------------------------------------------------------------ results
    def result(self) -> GuimbardeResult:
        """Counters won or lost per seat; the winner once the game is over (None on a tie for most)."""
        stock = self.rules.starting_stock
        # counted from the stocks the game began with (G-§2.3), new stocks bought excluded (G18)
        points = tuple(b - (start - stock) - stock * n for b, start, n in zip(
            self.ledger.seat_balances(), self._start_stocks, self.stocks_bought, strict=True))
        best = max(points)
        games = tuple(int(self._phase is Phase.OVER and p == best) for p in points)
        winner = points.index(best) if sum(games) == 1 else None
        return GuimbardeResult(points, games, winner, self._stocks_bought, self._retired)

    def returns(self) -> tuple[int, ...]:
        return self.result().returns()

    def stock(self, seat: int) -> int:
        """G-§2.3: the counters in front of ``seat``: the starting stock plus what it won or lost."""
        return self.rules.starting_stock + self.ledger.balance(seat)

    def boxes(self) -> dict[str, int]:
        """The counters in each box (GUIMBARDE-FIG)."""
        return {box: self.ledger.balance(box) for box in BOXES}

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (the full state: use :meth:`view` for what a seat may see)."""
        return cards_of(self._deal.hands[seat]) if self._deal.hands else ()

    @property
    def trump_card(self) -> Card | None:
        return CARDS[self._deal.turn_up] if self._deal.turn_up >= 0 else None

    @property
    def trump(self) -> Suit | None:
        return _SUITS[self._deal.trump] if self._deal.trump >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._deal.tricks_won) or (0,) * self.rules.players

    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        return tuple((seat, CARDS[card]) for seat, card in self._deal.trick)

    # ------------------------------------------------------------------------------------ worlds of a view
    @classmethod
    def sample(cls, view: GuimbardeView, rng: random.Random) -> Self:
        """A full state consistent with everything ``view.viewer`` knows now, the cards he cannot see dealt at
        random (from ``rng``) among the unseen ones: the cards shown at the declarations stay in their holders'
        hands (GUIMBARDE-§6), a ♥Q or ♥K (and ♦J, unless G-Q7) nobody showed is undealt, a seat holds no card of a
        suit it failed to follow (GUIMBARDE-R8), each hand has its number of cards and (by rejection) gives the
        point its holder announced (GUIMBARDE-§4); table mode: a card named in an irregular act and not played
        is still in the offender's hand (G12, G-Q17), a revoke reveals no void.

        >>> state = GuimbardeState.new(seed=4, first_dealer=0)
        >>> view = state.view(state.actor)
        >>> world = GuimbardeState.sample(view, random.Random(1))
        >>> world.actor == view.actor, world.view(view.viewer).hand == view.hand
        (True, True)
        >>> tuple(world.legal_actions()) == view.legal_actions
        True
        """
        hands = _sample_hands(view, rng) if view.phase is Phase.PLAY else ()
        return cls.from_view(view, hands=hands)

    @classmethod
    def from_view(cls, view: GuimbardeView, *, hands: Sequence[int]) -> Self:
        """The state of the game that agrees with ``view`` and gives each seat the hand in ``hands`` (card masks;
        empty unless the cards are being played), for search over the unseen cards. Its ledger holds the boxes
        and stocks of the view (the bank fills them: only the changes from here count); ``deal_results`` of the
        deal, once it ends, say what the rest of the deal brought each seat. The log starts empty.
        """
        if view.pending is not None:
            raise RulesError("a world cannot be built while a ruling is pending; apply the remedy first")
        if view.phase is Phase.PLAY and (view.dealer is None or view.trump_card is None
                                         or len(hands) != view.players):
            raise RulesError("while the cards are played, a world needs the dealer, the turn-up and every hand")
        world = cls(view.rules, first_dealer=view.dealer)
        world._adopt(view, hands)
        return world

    def _adopt(self, view: GuimbardeView, hands: Sequence[int]) -> None:
        """Make this new state agree with ``view``, the hidden hands being ``hands`` (:meth:`from_view`)."""
        rules = self.rules
        for box, amount in view.boxes:
            if amount > 0:  # the boxes as they stand (the bank fills them: only the changes from here count)
                self.ledger.transfer(BANK, box, amount, "G-§3.2")
        for seat, stock in enumerate(view.stocks):  # the stocks as they stand (G18: what each can still pay)
            if stock != rules.starting_stock:
                source, target = (BANK, seat) if stock > rules.starting_stock else (seat, BANK)
                self.ledger.transfer(source, target, abs(stock - rules.starting_stock), "G-§2.3")
        self._stocks_bought = tuple(view.stocks_bought) or self._stocks_bought
        self._retired = tuple(view.retired) or self._retired
        self.rulings = list(view.rulings)
        self._last_tricks = tuple((t.leader, tuple((s, c.index) for s, c in t.plays), t.winner)
                                  for t in view.previous_tricks if t.winner is not None)  # (every one was won)
        playing = view.phase is Phase.PLAY
        self._deals_played = view.deal_number - playing
        if view.phase is Phase.OVER:
            self._phase = Phase.OVER
        if playing:
            self._adopt_deal(view, hands)
        self._legal = None
        self._actor = self._compute_actor()

    def _adopt_deal(self, view: GuimbardeView, hands: Sequence[int]) -> None:
        """The deal in progress of :meth:`_adopt`: the hands, the turn-up, the declarations and the tricks."""
        rules, deal = self.rules, self._deal
        assert view.trump_card is not None
        players = rules.players
        deal.hands = list(hands)
        deal.shown = [mask_of(cards) for cards in view.shown]
        claimed = [mask_of(card for claim in view.claims if claim.seat == seat for card in claim.cards)
                   for seat in range(players)]
        deal.exposed = [shown & ~claimed[seat] for seat, shown in enumerate(deal.shown)]
        deal.turn_up = view.trump_card.index
        deal.trump = view.trump_card.suit
        deal.claims = list(view.claims)
        deal.announced = list(view.announced)
        deal.tricks_won = [0] * players
        deal.second_at = [_NO_SECOND_TRICK] * players
        deal.fined = _irregular_cards(view)[2]
        for number, trick in enumerate(view.tricks, start=1):
            if trick.winner is None:
                continue
            deal.tricks.append((trick.leader, tuple((s, c.index) for s, c in trick.plays), trick.winner))
            deal.tricks_won[trick.winner] += 1
            if deal.tricks_won[trick.winner] == 2:
                deal.second_at[trick.winner] = number
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        deal.start_balances = self.ledger.seat_balances()
        deal.start_bought = self._stocks_bought
        deal.start_entries = deal.ante_end = 0
        self._phase = Phase.PLAY
        deal.leader = deal.to_play = view.actor if isinstance(view.actor, int) and view.actor >= 0 else 0
        if current is not None:
            deal.leader = current.leader
            cards = [c.index for _, c in current.plays]
            deal.trick = [(s, c.index) for s, c in current.plays]
            deal.best, deal.best_seat = cards[0], current.plays[0][0]
            for seat, card in deal.trick[1:]:
                if BEATEN_BY[deal.trump][deal.best] >> card & 1:
                    deal.best, deal.best_seat = card, seat
            deal.protected_marriage = any(
                marriage_kind(a, b, rules) == 1
                and (rules.rule3_protects_trump_marriages or EFFECTIVE_SUIT[deal.trump][a] != deal.trump)
                for a, b in itertools.pairwise(cards))

    def view(self, viewer: int) -> GuimbardeView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now; never another seat's hidden cards."""
        players = self.rules.players
        if viewer != PUBLIC and (type(viewer) is not int or not 0 <= viewer < players):
            raise RulesError(f"viewer {viewer!r} is not allowed; allowed: 0 to {players - 1}, or PUBLIC")
        deal = self._deal
        key = (len(self.operations), len(self.rulings), len(self.ledger.entries), len(self._paid_at), self._phase,
               self._actor, self._pending)
        shared = self._shared
        if shared is None or shared.key != key:
            parts = self._shared_parts(shared if shared is not None and shared.key[2] == key[2] else None)
            # every viewer sees the same history (redact reads neither the viewer nor a hand): told once per position,
            # as the public's (the log only grows: its length in the key says the history is the same)
            self._histories, parts["history"] = self._histories.told_on(PUBLIC, self.operations, start=deal.start,
                                                                        redact=redact)
            shared = self._shared = Shared(key, parts)
        view = _new_view(GuimbardeView)
        # (every field given: the shared ones and the viewer's own; the test of views told on compares them)
        _set_attribute(view, "__dict__", {
            **shared.parts, "viewer": viewer,
            "hand": _hand_of(deal.hands[viewer]) if viewer != PUBLIC and deal.hands else (),
            "legal_actions": tuple(self.legal_actions()) if viewer == self._actor else ()})
        return view

    def _shared_parts(self, same_ledger: Shared | None) -> dict[str, Any]:
        """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`); those read from the ledger
        alone taken from ``same_ledger``, the parts of an earlier position of this game with as many ledger entries
        (the ledger only grows: the same entries), when given."""
        players, deal = self.rules.players, self._deal
        dealt = bool(deal.hands)
        if same_ledger is not None:
            kept = same_ledger.parts
            boxes, counters, stocks = kept["boxes"], kept["counters"], kept["stocks"]
        else:
            boxes, counters = tuple(self.boxes().items()), self.result().points
            stocks = tuple(self.stock(s) for s in range(players))
        return dict(
            rules=self.rules, players=players, phase=self._phase, actor=self.actor,
            dealer=self.dealer, eldest=self.eldest,
            shown=tuple(_hand_of(deal.hands[s] & deal.shown[s]) if dealt else () for s in range(players)),
            hand_sizes=tuple(deal.hands[s].bit_count() if dealt else 0 for s in range(players)),
            trump_card=self.trump_card if dealt else None, trump=self.trump if dealt else None,
            boxes=boxes, counters=counters,
            claims=tuple(deal.claims), announced=tuple(deal.announced) or (0,) * players,
            tricks=self._tricks_view(), tricks_won=self.tricks_won,
            deal_number=self.deals_played + (1 if dealt else 0), deals=self.rules.deals,
            pending=self.pending, rulings=tuple(self.rulings),
            previous_tricks=_past_tricks(self._last_tricks),
            stocks=stocks, stocks_bought=self._stocks_bought,
            retired=self._retired, payments=self._payments(), last_deal=self._last_deal(),
        )

    def _told(self, start: int, end: int, *, after: tuple[int, int, int] = (0, 0, 0)
              ) -> tuple[tuple[tuple[int, Action], ...], tuple[Payment, ...]]:
        """The actions of ``operations[start:end]`` as everybody saw them, and the counters they moved (each
        payment with the index of its action in that history; -1 for the shuffle that began it).

        ``after`` (operations, actions seen, ledger entries): tell only what follows that many operations from
        ``start``, that many of them seen, and that many entries of the ledger, all of whose operations were then
        noted (:meth:`_payments` tells on from what it told)."""
        history: list[tuple[int, Action]] = []
        position: list[int] = []
        done, seen_before, entries_before = after
        for operation in self.operations[start + done:end]:
            seen = redact(operation.actor, operation.action, PUBLIC)
            if seen is not None:
                history.append((operation.actor, seen))
            position.append(seen_before + len(history) - 1)
        paid_at, entries = self._paid_at, self.ledger.entries
        latest = len(self.operations) - 1  # (an entry not yet noted: made by the operation being applied)
        payments: list[Payment] = []
        first = entries_before if done else bisect.bisect_left(paid_at, start)
        for number in range(first, len(entries)):
            at = paid_at[number] if number < len(paid_at) else latest
            if at >= end:
                break
            if at >= start:
                entry = entries[number]
                payments.append(Payment(entry.source, entry.target, entry.amount, entry.reason,
                                        position[at - start - done]))
        return tuple(history), tuple(payments)

    def _payments(self) -> tuple[Payment, ...]:
        """The payments of the deal in progress (:attr:`GuimbardeView.payments`), found once for all the viewers
        of one position and told on from the last position's: the log, the ledger's entries and the operations
        noted for them only grow, so their lengths and where the deal began say whether the memo still holds, and
        what follows it is told alone while every entry it counted was noted (none made by an action being
        applied)."""
        start, end = self._deal.start, len(self.operations)
        entries, noted = len(self.ledger.entries), len(self._paid_at)
        memo = self._payments_memo
        if memo is not None and memo[0] == (start, end, entries, noted):
            return memo[1]
        if memo is not None and memo[0][0] == start and memo[0][2] == memo[0][3] and memo[0][1] <= end \
                and memo[0][2] <= entries:
            (_, done, counted, _), paid, seen = memo
            history, more = self._told(start, end, after=(done - start, seen, counted))
            payments, seen = paid + more, seen + len(history)
        else:
            history, payments = self._told(start, end)
            seen = len(history)
        self._payments_memo = ((start, end, entries, noted), payments, seen)
        return payments

    def _last_deal(self) -> PastDeal | None:
        """The deal before the one in progress: from its shuffle to where this one begins (G-§5.6).

        Told once per deal (the room paints it for every viewer after every action): the log before the deal in
        progress and the operations noted for its payments only grow, so the deal is told again only when where
        the deal in progress began, the deals' results, the last deal's tricks (tuples replaced, never changed:
        compared by identity, the memo holding them alive) or the number of deals played change; never while an
        action is being applied (entries not yet noted count in the deal being told)."""
        memo, start = self._last_deal_memo, self._deal.start
        if len(self._paid_at) != len(self.ledger.entries):  # (an action being applied: its entries not yet noted)
            return self._tell_last_deal()
        if (memo is not None and memo[0] == start and memo[1] is self._deal_results
                and memo[2] is self._last_tricks and memo[3] == self._deals_played):
            return memo[4]
        told = self._tell_last_deal()
        self._last_deal_memo = (start, self._deal_results, self._last_tricks, self._deals_played, told)
        return told

    def _tell_last_deal(self) -> PastDeal | None:
        operations, end = self.operations, self._deal.start
        begin = end - 1
        while begin >= 0 and not isinstance(operations[begin].action, Shuffle):
            begin -= 1
        if begin < 0:
            return None
        history, payments = self._told(begin, end)
        closing = [action for _, action in history
                   if not (isinstance(action, Irregular) and action.kind == "deal-out-of-turn")
                   and not (isinstance(action, Remedy) and action.law == "G14")]
        last = closing[-1] if closing else None
        redealt = isinstance(last, Remedy) and (last.law in ("G10", "G13") or last.name == "misdeal")
        result = None if redealt or not self._deal_results else self._deal_results[-1]
        number = self._deals_played + (0 if result is not None and result.completed else 1)
        turn_up = None
        shuffle = operations[begin].action
        if result is not None and self._last_tricks and isinstance(shuffle, Shuffle):
            dealt = len(self._last_tricks[0][1])  # (the seats dealt: one card each to every trick)
            turn_up = shuffle.order[turn_up_position(self.rules, dealt=dealt)]
        return PastDeal(number, history, payments, result, turn_up)

    def _note_payments(self) -> None:
        """Note the operation that made each new ledger entry (:attr:`GuimbardeView.payments`)."""
        missing = len(self.ledger.entries) - len(self._paid_at)
        if missing > 0:
            self._paid_at += [len(self.operations) - 1] * missing

    def _tricks_view(self) -> tuple[Trick, ...]:
        deal = self._deal
        done = [_trick(t) for t in deal.tricks]
        if deal.trick:
            done.append(Trick(deal.leader, self.current_trick(), None))
        return tuple(done)


_SUITS: Final = tuple(sorted(Suit))
"""The suits by their index (an enum's call is slower than a look-up: the trumps are read by every view)."""
_hand_of: Final = lru_cache(maxsize=8192)(cards_of)
"""The cards of a hand's mask (a view's hand and the cards shown, made for every viewer after every action): a
bounded cache shared by every table, of a value of the mask alone."""
_new_view: Final = object.__new__
_set_attribute: Final = object.__setattr__
"""How :meth:`GuimbardeState.view` makes a view: all its fields in one dictionary (a frozen dataclass refuses
``setattr``, not its dictionary given whole)."""


_last_past: list[tuple[tuple[tuple[int, tuple[tuple[int, int], ...], int], ...], tuple[Trick, ...]]] = []


def _past_tricks(raw: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]) -> tuple[Trick, ...]:
    """The last deal's tricks as views show them, made again only when the state's tuple of them is replaced (at a
    deal's end): the last made is kept (by identity: a tuple replaced, never changed) for the next position."""
    kept = _last_past[0] if _last_past else None
    if kept is not None and kept[0] is raw:
        return kept[1]
    made = tuple(_trick(t) for t in raw)
    _last_past[:] = [(raw, made)]
    return made


@lru_cache(maxsize=4096)
def _trick(trick: tuple[int, tuple[tuple[int, int], ...], int]) -> Trick:
    """A trick as views show it, made once for every viewer and view that show it (a bounded cache shared by every
    table: the trick is a frozen value of the raw trick alone)."""
    leader, plays, winner = trick
    return Trick(leader, tuple((seat, CARDS[card]) for seat, card in plays), winner)


_T = TypeVar("_T")


def _changed(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with ``values[index]`` replaced (the state's per-seat tuples are replaced, never changed)."""
    return (*values[:index], value, *values[index + 1:])


def marriage_kind(first: int, second: int, rules: GuimbardeRules) -> int:
    """GUIMBARDE-R6, G6, GUIMBARDE-§10, G-§5.4: 2 when two consecutive cards are ♥K and ♥Q (either order, the
    grand marriage on the table), 1 for a King then its Queen of another suit (G-Q5: either order as an option),
    else 0.

    >>> marriage_kind(Card.parse("KS").index, Card.parse("QS").index, GuimbardeRules())
    1
    >>> marriage_kind(Card.parse("QS").index, Card.parse("KS").index, GuimbardeRules())
    0
    >>> marriage_kind(Card.parse("QH").index, Card.parse("KH").index, GuimbardeRules())
    2
    """
    if suit_of(first) != suit_of(second):
        return 0
    pair = (rank_of(first), rank_of(second))
    if suit_of(first) == Suit.HEARTS:
        return 2 if pair in (_KING_QUEEN, _QUEEN_KING) else 0
    if pair == _KING_QUEEN or (rules.marriage_either_order and pair == _QUEEN_KING):
        return 1
    return 0


_KING_QUEEN: Final = (Rank.KING, Rank.QUEEN)
_QUEEN_KING: Final = (Rank.QUEEN, Rank.KING)


def legal_mask(hand: int, trick: Sequence[int], trump: int, rules: GuimbardeRules, *, best: int = -1,
               protected_marriage: bool | None = None) -> int:
    """G-§5.3, the legal-card algorithm (GUIMBARDE-R7, R8, R9 and R3, G-Q1, G-Q6): the cards of ``hand`` that may
    be played on ``trick`` (card indices in the order played).

    >>> from academie.cards import mask_of, cards_of
    >>> hand = mask_of(parse_cards("QH 9S TC"))
    >>> [str(c) for c in cards_of(legal_mask(hand, [Card.parse("KD").index, Card.parse("QD").index], Suit.SPADES,
    ...                                      GuimbardeRules()))]
    ['9S']
    """
    if not trick:
        return hand  # GUIMBARDE-§9: the leader plays what he likes
    if best < 0:
        best = trick[0]
        for card in trick[1:]:
            if BEATEN_BY[trump][best] >> card & 1:
                best = card
    if protected_marriage is None:
        protected_marriage = any(
            marriage_kind(a, b, rules) == 1
            and (rules.rule3_protects_trump_marriages or EFFECTIVE_SUIT[trump][a] != trump)
            for a, b in itertools.pairwise(trick))
    led = EFFECTIVE_SUIT[trump][trick[0]]
    follow = hand & EFFECTIVE_MASKS[trump][led]
    previous = trick[-1]
    if rank_of(previous) == Rank.KING and (not rules.marriage_obligation_only_in_suit
                                           or EFFECTIVE_SUIT[trump][previous] == led):
        queen = 1 << card_index(Rank.QUEEN, Suit(suit_of(previous)))
        if hand & queen and (not follow or follow & queen):
            return queen  # GUIMBARDE-R7: the queen must fall on her king (G-Q6: but suit is followed first)
    barred = rules.protected if protected_marriage else 0  # GUIMBARDE-R3
    if follow:  # GUIMBARDE-R8
        if not rules.parlett_follow_only and (led == trump or EFFECTIVE_SUIT[trump][best] != trump):
            beaters = follow & BEATEN_BY[trump][best] & ~barred  # GUIMBARDE-R9: "forcer"
            if beaters:
                return beaters
        return follow & ~barred or follow
    if not rules.parlett_follow_only:
        allowed = hand & TRUMP_MASKS[trump] & ~barred  # GUIMBARDE-R9: "couper"
        if allowed:
            over = allowed & BEATEN_BY[trump][best]
            if over or rules.undertrump_required:
                return over or allowed
    return hand & ~barred or hand


ActionT = TypeVar("ActionT", bound=Action)


def _noting_payments(handler: Callable[[GuimbardeState, ActionT], None]) -> Callable[[GuimbardeState, ActionT], None]:
    """``handler``, then the operation noted against each ledger entry it made (the payments of a view)."""

    def apply(state: GuimbardeState, action: ActionT) -> None:
        handler(state, action)
        state._note_payments()

    return apply


GuimbardeState.handlers = {
    CutForDeal: _noting_payments(GuimbardeState._apply_cut),
    Shuffle: _noting_payments(GuimbardeState._apply_shuffle),
    Play: _noting_payments(GuimbardeState._apply_play),
    Irregular: _noting_payments(GuimbardeState._apply_irregular),
    Remedy: _noting_payments(GuimbardeState._apply_remedy),
}


_MISPLAYS: Final = frozenset(("break-marriage", "revoke", "no-beat", "trump-marriage", "out-of-turn"))
"""Table mode: the irregular acts that name a card of the offender's hand (G3, G7, G8, G9, G12)."""


_CHANCE_CARDS: Final = {GUIMBARDE: 1 << QH, ROI: 1 << KH, FOU: 1 << JD, MARIAGE: (1 << QH) | (1 << KH)}
"""GUIMBARDE-§6: the cards a chance box is drawn for."""


def _irregular_cards(view: GuimbardeView) -> tuple[set[tuple[int, int]], list[int], list[bool]]:
    """Table mode, from this deal's history: the (seat, card) of every card played against the rules (they reveal
    no void), the cards each seat named in an irregular act or drew a chance box for (G15: without showing them)
    and still holds, and the seats barred from the trick prize (G17)."""
    irregular: set[tuple[int, int]] = set()
    held = [0] * view.players
    barred = [False] * view.players
    if view.rules.mode is not Mode.TABLE:
        return irregular, held, barred
    played = {(seat, card.index) for trick in view.tricks for seat, card in trick.plays}
    history = view.history
    for number, (_, action) in enumerate(history):
        if not isinstance(action, Irregular):
            continue
        if action.kind in _MISPLAYS and action.args:
            card = Card.parse(action.args[0]).index
            irregular.add((action.seat, card))
            if (action.seat, card) not in played:
                held[action.seat] |= 1 << card  # taken back into his hand (G12, G-Q17): he still holds it
        elif action.kind == "forgo" and action.args:  # G15: only the holder draws a chance box
            chance = _CHANCE_CARDS.get(action.args[0], 0)
            held[action.seat] |= chance & ~mask_of(CARDS[card] for seat, card in played if seat == action.seat)
        elif action.kind == "wrong-count" and number + 1 < len(history):
            remedy = history[number + 1][1]
            if isinstance(remedy, Remedy) and remedy.name == "no-prize":
                barred[action.seat] = True
    return irregular, held, barred


def _voids(view: GuimbardeView, irregular: set[tuple[int, int]]) -> list[int]:
    """For each seat, the mask of cards it cannot hold: the effective suits it failed to follow (GUIMBARDE-R8),
    unless it did so against the rules (table mode: a revoke reveals no void)."""
    trump = view.trump
    assert trump is not None
    barred = [0] * view.players
    for trick in view.tricks:
        led = EFFECTIVE_SUIT[trump][trick.plays[0][1].index]
        for seat, card in trick.plays[1:]:
            if EFFECTIVE_SUIT[trump][card.index] != led and (seat, card.index) not in irregular:
                barred[seat] |= EFFECTIVE_MASKS[trump][led]
    return barred


def _point(mask: int) -> int:
    """GUIMBARDE-§4: the point announced for a hand, the length of its longest printed suit (0 below three)."""
    length = max((mask & SUIT_MASKS[s]).bit_count() for s in range(4))
    return length if length >= 3 else 0


def _sample_hands(view: GuimbardeView, rng: random.Random, *, tries: int = 40) -> list[int]:
    """Hands for every seat consistent with the view (the announced points checked by rejection; after ``tries``
    draws the last one stands)."""
    players = view.players
    hidden_top = (1 << QH) | (1 << KH) | (0 if view.rules.fou_box_on_survival else 1 << JD)
    played = [0] * players
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    irregular, held, _ = _irregular_cards(view)
    shown = [mask_of(cards) | held[seat] for seat, cards in enumerate(view.shown)]
    known = mask_of(view.hand) | sum(shown) | sum(played) | (view.trump_card.bit if view.trump_card else 0)
    unseen = [i for i in indices_of(mask_of(pack_for(players)) & ~known) if not hidden_top >> i & 1]
    barred = _voids(view, irregular)
    hands: list[int] = []
    for _ in range(tries):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands = [shown[s] for s in range(players)]
        if view.viewer != PUBLIC:
            hands[view.viewer] = mask_of(view.hand)
        order = sorted((s for s in range(players) if s != view.viewer), key=lambda s: -barred[s].bit_count())
        for seat in order:
            need = view.hand_sizes[seat] - hands[seat].bit_count()
            fits = [c for c in pool if not barred[seat] >> c & 1]
            if len(fits) < need:
                fits = pool[:]  # an inference that cannot be honoured: fall back to any card
            for index in fits[:need]:
                hands[seat] |= 1 << index
                pool.remove(index)
        if all(_point(hands[s] | played[s]) == view.announced[s] for s in range(players) if s != view.viewer):
            return hands
    return hands
