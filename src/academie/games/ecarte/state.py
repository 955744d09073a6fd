"""Écarté: two players, 32 cards, five tricks, the exchange ("l'écart"), game to five points.

Rules: §2–6 of the rule file, the seed's chapters V and VI (``ECARTE-V.1`` … ``ECARTE-VI.9``) and,
in table mode, the laws of §7 (``E-D1`` … ``E-S2``, see :mod:`academie.games.ecarte.laws`). Rule IDs of the
rule file's own sections are cited as ``E-§n.m``.

A state is one *partie*: a single game to five points, or a partie liée (best of three games) when the rules
say so. Hands, the talon and discards are int bitmasks (see :mod:`academie.cards`).

>>> state = EcarteState.new(seed=1, first_dealer=0)
>>> state.actor, [str(a) for a in state.legal_actions()]
(1, ['propose', 'stand'])
>>> _ = state.apply_text("stand")
>>> state.view(0).trump_card == state.view(1).trump_card == state.view(PUBLIC).trump_card
True

The deal (E-§3) gives the first ten cards of the pack by the rules' pattern, then turns up the eleventh:

>>> TURN_UP_POSITION, TALON_START, DECK_SIZE
(10, 11, 32)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from functools import cache, lru_cache, partial
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, ClassVar, Final, Literal, NamedTuple, Protocol, Self, overload

from academie.cards import (
    CARDS,
    PACK_32,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    card_index,
    cards_of,
    indices_of,
    mask_of,
    parse_cards,
    suit_of,
)
from academie.engine import (
    CHANCE,
    PUBLIC,
    TABLE,
    AcademieError,
    Action,
    ActionParseError,
    ChanceSource,
    ExplicitChance,
    Histories,
    IllegalActionError,
    Mode,
    Operation,
    OwedDealState,
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
from academie.ledger import MARKER, Ledger, Transfer

SEATS: Final = 2
HAND_SIZE: Final = 5
TRICKS: Final = 5
DECK_SIZE: Final = len(PACK_32)
"""The piquet pack of 32 cards (E-§2.1); the deck keeps its 32 positions through the deal."""
TURN_UP_POSITION: Final = SEATS * HAND_SIZE
"""E-§3: the deck position of the card turned up for trumps (the eleventh, after the ten dealt)."""
TALON_START: Final = TURN_UP_POSITION + 1
"""E-§3: the deck position of the talon's first card."""

# E-§2.1: rank in every suit, high to low: K Q J A 10 9 8 7 (index = strength).
RANK_ORDER: Final = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
STRENGTH: Final[tuple[int, ...]] = tuple(
    RANK_ORDER.index(c.rank) if c.rank in RANK_ORDER else -1 for c in CARDS)
PACK_MASK: Final = mask_of(PACK_32)
HIGHER_IN_SUIT: Final[tuple[int, ...]] = tuple(
    mask_of(o for o in PACK_32 if o.suit == c.suit and STRENGTH[o.index] > STRENGTH[c.index]) for c in CARDS)
"""For each card, the cards of its suit that beat it (the overtaking obligation of E-§5)."""
_SUIT_MASK_OF: Final[tuple[int, ...]] = tuple(SUIT_MASKS[c.suit] for c in CARDS)
"""For each card, the mask of its suit."""
KING_OF: Final[tuple[int, ...]] = tuple(card_index(Rank.KING, suit) for suit in Suit)
"""The index of the king of each suit (E-§3.4, E-§4.4: the king of trumps)."""
BEATING: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(HIGHER_IN_SUIT[c.index] | (SUIT_MASKS[trump] if c.suit != trump else 0) for c in CARDS) for trump in Suit)
"""E-§5: ``BEATING[trump][led]``, the cards that win a trick led with ``led``: higher in the suit led, or a trump on
a plain card."""


# --------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True, slots=True, kw_only=True)
class EcarteRules:
    """Every option of Écarté. The defaults are our reading of the seed and of the rule file's §9.

    >>> EcarteRules().version
    'ecarte/1'
    >>> EcarteRules(dealer_min_exchange=2)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: rules option dealer_min_exchange=2 is not allowed; allowed: 0, 1
    """

    version: str = "ecarte/1"
    game_points: int = 5
    """E-§6.2: game is five points (some modern books play to seven)."""
    deal_pattern: tuple[int, int] = (3, 2)
    """E-§3: five cards each in two rounds, 3 then 2 or 2 then 3, kept for the whole game."""
    first_dealer_card: Literal["highest", "lowest"] = "highest"
    """E-§2.3 (Q2): the higher cut deals first (French usage); "lowest" for the English books."""
    dealer_min_exchange: int = 0
    """E-§4.2 (Q3): the dealer may take 0 to 5 cards after accepting (seed VI.1); 1 for the modern rule."""
    must_trump: bool = True
    """E-§5 (Q5): the second player void in the suit led must trump if he can; False for the Cyclopaedia."""
    penalty_on_vole: Literal["cap", "add"] = "cap"
    """E-§4.3 (Q4): after a stand or refusal the winner scores 2 even for the vole ("cap"), never 3."""
    penalty_first_decision_only: bool = True
    """E-§4.3 (Q6): the two-point penalty applies only to the first decision of the deal."""
    partie_liee: bool = False
    """E-§6.2: play best two games of three ("la belle"); the loser of a game deals first in the next."""
    stake_scoring: bool = False
    """E-§6.2: a game counts treble if the loser has 0 points, double with 1–2, single with 3–4."""
    mode: Mode = Mode.ENFORCED
    """Enforced (irregular acts are refused) or table (accepted and ruled on under §7)."""

    def __post_init__(self) -> None:
        check_option("version", self.version, ["ecarte/1"])
        if type(self.game_points) is not int or not 1 <= self.game_points <= 21:
            raise RulesError(f"rules option game_points={self.game_points!r} is not allowed; allowed: 1 to 21")
        check_option("deal_pattern", tuple(self.deal_pattern), [(3, 2), (2, 3)])
        check_option("first_dealer_card", self.first_dealer_card, ["highest", "lowest"])
        check_option("dealer_min_exchange", self.dealer_min_exchange, [0, 1])
        check_option("must_trump", self.must_trump, [True, False])
        check_option("penalty_on_vole", self.penalty_on_vole, ["cap", "add"])
        check_option("penalty_first_decision_only", self.penalty_first_decision_only, [True, False])
        check_option("partie_liee", self.partie_liee, [True, False])
        check_option("stake_scoring", self.stake_scoring, [True, False])
        check_option("mode", self.mode, list(Mode))


DEFAULT_RULES: Final = EcarteRules()
"""The default rules, built once (validating options costs more than a deal's worth of play)."""
STARTING_SCORE: Final = "E-§6.1 starting score"
"""The ledger's reason for the points of a partie set up at a given score (E-§6.1: as if earlier deals had
scored them)."""


def _pair(value: object, low: int, high: int) -> tuple[int, int] | None:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return None
    first, second = value
    if type(first) is not int or type(second) is not int or not (low <= first <= high and low <= second <= high):
        return None  # True is not 1: a flag passed by mistake is refused, not read as a point
    return (first, second)


_OPENING: Final = ((0, 0), (0, 0))
"""The score and games won a partie starts from unless it is set up otherwise (nothing to check)."""


def _check_start(rules: EcarteRules, score: object, games: object) -> tuple[tuple[int, int], tuple[int, int]]:
    """The score (E-§6.1) and games won (E-§6.2) a partie may be set up at; a :class:`RulesError` naming what
    is allowed otherwise."""
    top = rules.game_points - 1
    start_score = _pair(score, 0, top)
    if start_score is None:  # at game the game would be over before its first card
        raise RulesError(f"score={score!r} is not allowed; allowed: two numbers from 0 to {top} "
                         f"(game is {rules.game_points})")
    start_games = _pair(games, 0, 1)
    if start_games is None:  # two games won end a partie liée
        raise RulesError(f"games={games!r} is not allowed; allowed: (0, 0), (0, 1), (1, 0) or (1, 1) in a partie "
                         "liée")
    if start_games != (0, 0) and not rules.partie_liee:
        raise RulesError(f"games={games!r} needs a partie liée (rules option partie_liee=True); allowed in a "
                         "single game: (0, 0)")
    if start_games != (0, 0) and rules.stake_scoring:
        # the value of a game won depends on the loser's points then, which nobody gave
        raise RulesError(f"games={games!r} is not allowed with stake_scoring (the values of the games already "
                         "won are unknown); allowed: (0, 0)")
    return (start_score, start_games)


@cache
def _dealt_positions(pattern: tuple[int, int], elder: bool) -> frozenset[int]:
    first = pattern[0]
    if elder:
        return frozenset((*range(first), *range(2 * first, HAND_SIZE + first)))
    return frozenset((*range(first, 2 * first), *range(HAND_SIZE + first, TURN_UP_POSITION)))


def dealt_positions(rules: EcarteRules, *, elder: bool) -> frozenset[int]:
    """E-§3: the deck positions dealt to the elder (the non-dealer, served first) or to the dealer, by the
    rules' 3-2 or 2-3 pattern; :data:`TURN_UP_POSITION` follows them.

    >>> sorted(dealt_positions(EcarteRules(), elder=True)), sorted(dealt_positions(EcarteRules(), elder=False))
    ([0, 1, 2, 6, 7], [3, 4, 5, 8, 9])
    >>> sorted(dealt_positions(EcarteRules(deal_pattern=(2, 3)), elder=True))
    [0, 1, 4, 5, 6]
    """
    return _dealt_positions(rules.deal_pattern, elder)


_DEALT_CARDS: Final = {pattern: (itemgetter(*sorted(_dealt_positions(pattern, True))),
                                 itemgetter(*sorted(_dealt_positions(pattern, False)))) for pattern in ((3, 2), (2, 3))}
"""For each deal pattern, the cards of a deck dealt to the elder and to the dealer (E-§3)."""
_BITS: Final = tuple(1 << index for index in range(len(CARDS)))


# ------------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class CutForDeal(Action):
    """Chance: each player cuts a card for the first deal (E-§2.3); a tie is cut again."""

    cards: tuple[Card, Card]

    def __str__(self) -> str:
        return f"cut {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """ECARTE-VI.1: the non-dealer proposes an exchange ("je propose")."""

    def __str__(self) -> str:
        return "propose"


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """The non-dealer plays without proposing ("je joue"); ECARTE-VI.8 applies at the first decision."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """ECARTE-VI.1: the dealer accepts the proposal ("combien ?")."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """The dealer refuses the proposal; ECARTE-VI.7 applies to the first proposal."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """ECARTE-VI.4: cards thrown face down before the replacements are dealt (empty: the dealer keeps all)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("discard", *(str(c) for c in self.cards)))


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """ECARTE-VI.5: with the talon too short, the asker takes back the excess from his last discard."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("take-back", *(str(c) for c in self.cards)))


@dataclass(frozen=True, slots=True)
class MarkKing(Action):
    """E-§4.4: the holder of the king of trumps marks it ("je marque le roi") before his first card."""

    def __str__(self) -> str:
        return "mark-king"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


PROPOSE: Final = Propose()
STAND: Final = Stand()
ACCEPT: Final = Accept()
REFUSE: Final = Refuse()
MARK_KING: Final = MarkKing()
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in CARDS)
_PLAY_OPERATIONS: Final[tuple[tuple[Operation, ...], ...]] = tuple(
    tuple(Operation(seat, play) for play in PLAYS) for seat in range(SEATS))
"""The log's line for each seat's play of each card (immutable: every partie shares them)."""


_SUIT_BITS: Final = (1 << RANKS_PER_SUIT) - 1
_SUIT_PLAYS: Final[tuple[tuple[tuple[Play, ...], ...], ...]] = tuple(
    tuple(tuple(PLAYS[card_index(rank, suit)] for rank in Rank if bits >> (rank - Rank.TWO) & 1)
          for bits in range(1 << RANKS_PER_SUIT))
    for suit in Suit)
"""For each suit and each pattern of that suit's bits in a hand, the plays of those cards (no allocation per
step)."""
_DIAMONDS_SHIFT: Final = RANKS_PER_SUIT * Suit.DIAMONDS
_HEARTS_SHIFT: Final = RANKS_PER_SUIT * Suit.HEARTS
_SPADES_SHIFT: Final = RANKS_PER_SUIT * Suit.SPADES


_SHIFTS: Final[tuple[int, ...]] = tuple(RANKS_PER_SUIT * suit for suit in Suit)
"""Where each suit's bits start in a hand mask."""
_HIGHER_BITS: Final[tuple[int, ...]] = tuple(HIGHER_IN_SUIT[c.index] >> _SHIFTS[c.suit] for c in CARDS)
"""For each card, :data:`HIGHER_IN_SUIT` as bits of its suit alone (the overtaking obligation of E-§5)."""


def _plays(mask: int) -> tuple[Play, ...]:
    clubs, diamonds, hearts, spades = _SUIT_PLAYS
    return (clubs[mask & _SUIT_BITS] + diamonds[mask >> _DIAMONDS_SHIFT & _SUIT_BITS]
            + hearts[mask >> _HEARTS_SHIFT & _SUIT_BITS] + spades[mask >> _SPADES_SHIFT & _SUIT_BITS])


@lru_cache(maxsize=1 << 14)
def _discard(mask: int) -> Discard:
    return Discard(cards_of(mask))


def _subsets(mask: int, low: int, high: int) -> tuple[int, ...]:
    """Every sub-mask of ``mask`` with between ``low`` and ``high`` cards, fewest cards first."""
    bits = [1 << i for i in indices_of(mask)]
    subsets = [0]
    for bit in bits:
        subsets += [s | bit for s in subsets]
    return tuple(sorted((s for s in subsets if low <= s.bit_count() <= high), key=lambda s: (s.bit_count(), s)))


@cache
def _pickers(size: int, low: int, high: int) -> tuple[Callable[[tuple[Card, ...]], tuple[Card, ...]], ...]:
    """For a hand of ``size`` cards, one picker per sub-hand of ``low`` to ``high`` cards, in :func:`_subsets`
    order (fewest cards first, then by mask): a hand sorted by index maps positions to cards monotonically."""
    return tuple(_picker(tuple(i for i in range(size) if pattern >> i & 1)) for pattern in _subsets(
        (1 << size) - 1, low, high))


def _picker(positions: tuple[int, ...]) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    if len(positions) == 1:
        return itemgetter(slice(positions[0], positions[0] + 1))
    if not positions:
        return itemgetter(slice(0, 0))
    return itemgetter(*positions)


_new_discard: Final = partial(object.__new__, Discard)
_set_cards: Final[Callable[[Discard, tuple[Card, ...]], None]] = Discard.__dict__["cards"].__set__


class LegalDiscards(Sequence[Action]):
    """The legal actions of an exchange (ECARTE-VI.1, VI.4): ``mark-king`` first when the seat may mark the king
    (E-§4.4), then the discards of the hand, fewest cards first, each made when it is first asked for: an exchange
    offers up to 31, and a caller that picks one (a random playout) need not pay for the others. It reads like the
    tuple of them (and equals it); :meth:`made` finds an action given out by identity."""

    __slots__ = ("_cards", "_made", "_pickers")

    def __init__(self, mask: int, low: int, high: int, *, king: bool) -> None:
        # a cache keyed by hand would miss: there are 201,376 five-card hands
        self._cards = cards_of(mask)
        self._pickers = _pickers(len(self._cards), low, high)
        self._made: list[Action | None] = [MARK_KING] if king else []
        self._made += [None] * len(self._pickers)

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        made = self._made[index]
        if made is None:
            position = index % len(self._made)
            pick = self._pickers[position - len(self._made) + len(self._pickers)]
            # made as its dataclass would make it (one slot set), without the call to its __init__
            discard = _new_discard()
            _set_cards(discard, pick(self._cards))
            made = self._made[position] = discard
        return made

    def __iter__(self) -> Iterator[Action]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, action: object) -> bool:
        return self.made(action) or action in tuple(self)

    def made(self, action: object) -> bool:
        """Whether ``action`` is one of the discards already given out (the same object)."""
        return any(map(is_, self._made, repeat(action)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(tuple(self))


def parse_action(text: str) -> Action:
    """Read an Écarté action from its text form.

    >>> parse_action("discard 7s 10h"), parse_action("PLAY KH")
    (Discard(cards=(Card.parse('TH'), Card.parse('7S'))), Play(card=Card.parse('KH')))
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError("empty action; expected e.g. propose, stand, accept, refuse, discard 7S 8H, "
                               "take-back 7S, mark-king, play KH")
    verb, args = words[0].lower(), " ".join(words[1:])
    table_action = parse_table_action(words)
    if table_action is not None:
        return table_action
    simple = {"propose": PROPOSE, "stand": STAND, "accept": ACCEPT, "refuse": REFUSE, "mark-king": MARK_KING}
    try:
        if verb in simple and not args:
            return simple[verb]
        if verb == "play" and len(words) == 2:
            return PLAYS[Card.parse(words[1]).index]
        if verb == "discard":
            return _discard(mask_of(parse_cards(args)))
        if verb == "take-back":
            return TakeBack(cards_of(mask_of(parse_cards(args))))
        if verb == "deck":
            return Shuffle(parse_cards(args))
        if verb == "cut" and len(words) == 3:
            first, second = parse_cards(args)
            return CutForDeal((first, second))
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"unknown action {text!r}; expected propose, stand, accept, refuse, "
                           "discard CARDS, take-back CARDS, mark-king, play CARD (table mode also: "
                           "! KIND SEAT [ARGS], remedy NAME [ARGS] law=ID)")


# ----------------------------------------------------------------------------------------------- results
class Phase(IntEnum):
    CUT = 0
    SHUFFLE = 1
    ELDER_DECIDES = 2
    DEALER_DECIDES = 3
    ELDER_DISCARD = 4
    ELDER_TAKE_BACK = 5
    DEALER_DISCARD = 6
    PLAY = 7
    OVER = 8


# Module names for the phases and modes the hot paths test (an enum member read through its class costs a
# descriptor call; a module name costs a dictionary lookup).
(_CUT, _SHUFFLE, _ELDER_DECIDES, _DEALER_DECIDES, _ELDER_DISCARD, _ELDER_TAKE_BACK, _DEALER_DISCARD, _PLAY,
 _OVER) = tuple(Phase)
_ENFORCED_MODE, _TABLE_MODE = Mode.ENFORCED, Mode.TABLE


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal scored, per seat (turned king, marked king and tricks together)."""

    game: int
    dealer: int
    points: tuple[int, int]
    tricks: tuple[int, int]
    completed: bool
    """False when the game was won by a king before the tricks were played (E-§6.1)."""


_deal_result: Final = lru_cache(maxsize=1024, typed=True)(DealResult)
"""A :class:`DealResult`, shared by every partie whose deal scored the same (it is immutable): a deal scores one of
a few hundred results, and making a frozen dataclass costs more than finding it."""


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int
    score: tuple[int, int]
    value: int
    """1, or with stake scoring 1/2/3 for a single, double or treble game (E-§6.2)."""


@dataclass(frozen=True, slots=True)
class PartieResult:
    """The outcome of the partie: points scored, games won and the stake value of each seat."""

    points: tuple[int, int]
    games: tuple[int, int]
    values: tuple[int, int]
    winner: int | None

    def returns(self) -> tuple[int, int]:
        """Zero-sum returns: the winner's game values, the loser's negated."""
        net = self.values[0] - self.values[1]
        return (net, -net)


# --------------------------------------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Payment:
    """Points a seat marked (or, negative, had taken back) in a deal, and the rule or law the ledger cites."""

    seat: int
    points: int
    law: str


@dataclass(frozen=True, slots=True)
class LastDeal:
    """The deal that ended last, as everybody saw it end (public): what it scored and why."""

    number: int
    """Its number in the partie (1 for the first deal)."""
    dealer: int
    trump: Suit | None
    """Its trump suit (the turn-up itself is not kept: it may be anywhere now)."""
    result: DealResult | None
    """What it scored; None when it was void (table mode, ``void_law``)."""
    stood: int | None
    refused: int | None
    payments: tuple[Payment, ...]
    """Its points, each with its rule or law (E-§6.1, ECARTE-VI.7, ECARTE-VI.8, E-§4.4, E-P3, E-P4 ...)."""
    rulings: tuple[str, ...] = ()
    """The rulings given in it (table mode)."""
    void_law: str = ""
    """The law under which it was void and dealt again (E-D3, E-D4, E-D5, E-D6, E-D8, E-D11), or ""."""
    game: GameResult | None = None
    """The game it ended (E-§6.2), if it ended one."""


@dataclass(frozen=True, slots=True)
class EcarteView:
    """Exactly what one viewer (a seat, or :data:`PUBLIC`) knows at this moment."""

    viewer: int
    rules: EcarteRules
    phase: Phase
    actor: int | None
    dealer: int | None
    hand: tuple[Card, ...]
    """The viewer's own cards (empty for the public)."""
    exposed: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Cards of each seat's hand shown face up (ECARTE-VI.6), visible to everyone."""
    hand_sizes: tuple[int, int]
    trump_card: Card | None
    talon_size: int
    my_discards: tuple[Card, ...]
    """The cards the viewer himself discarded this deal (he knows them, though he may not look again)."""
    history: tuple[tuple[int, Action], ...]
    """This deal's actions as the viewer saw them (the opponent's discards as counts, chance hidden)."""
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    games: tuple[int, int]
    king_marked_by: int | None
    first_decision: bool
    """Whether the deal is still at its first decision, where standing and refusing cost two (ECARTE-VI.7/VI.8)."""
    stood: int | None
    """The seat that played without proposing at the first decision (ECARTE-VI.8), if any."""
    refused: int | None
    """The seat that refused the first proposal (ECARTE-VI.7), if any."""
    legal_actions: tuple[Action, ...]
    """The viewer's legal actions when he is to act, else empty."""
    pending: Irregularity | None = None
    """Table mode: the irregularity waiting for its remedy (public)."""
    rulings: tuple[str, ...] = ()
    """Table mode: every ruling given so far in the partie, with its law (public)."""
    previous_tricks: tuple[Trick, ...] = ()
    """The tricks of the deal that ended last (public: they were played face up)."""
    # What the table picture tells of the past (academie.games.ecarte.picture). Not compared: a view sampled for
    # a bot (EcarteState.sample) agrees with everything that bears on the play to come, not on the order of the past.
    deal_number: int = field(default=1, compare=False)
    """The number of the deal in progress (or next) in the partie; a void deal dealt again keeps its number."""
    payments: tuple[Payment, ...] = field(default=(), compare=False)
    """This deal's points so far, each with its rule or law (public: points are marked in view of both)."""
    drawn: tuple[tuple[Card, ...], ...] = field(default=(), compare=False)
    """The cards the viewer drew from the talon at each of his discards this deal (ECARTE-VI.1), in order."""
    draw_counts: tuple[tuple[int, ...], tuple[int, ...]] = field(default=((), ()), compare=False)
    """How many cards each seat drew at each of its discards this deal (public: served in view of both)."""
    deal_rulings: tuple[str, ...] = field(default=(), compare=False)
    """The rulings given in this deal (table mode; :attr:`rulings` holds the whole partie's)."""
    last_deal: LastDeal | None = field(default=None, compare=False)
    """The deal that ended last: what it scored and why, the game it ended (public)."""
    game_results: tuple[GameResult, ...] = field(default=(), compare=False)
    """The games of the partie finished so far (E-§6.2)."""


@dataclass(frozen=True, slots=True)
class HiddenDiscard(Action):
    """The opponent's discard as another seat sees it: only the number of cards."""

    count: int

    def __str__(self) -> str:
        return "discard" + " ??" * self.count


@dataclass(frozen=True, slots=True)
class HiddenTakeBack(Action):
    count: int

    def __str__(self) -> str:
        return "take-back" + " ??" * self.count


def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: hidden cards replaced by counts, chance orders removed."""
    if isinstance(action, Shuffle):
        return None
    if actor != viewer and isinstance(action, Discard):
        return HiddenDiscard(len(action.cards))
    if actor != viewer and isinstance(action, TakeBack):
        return HiddenTakeBack(len(action.cards))
    return action


# --------------------------------------------------------------------------------------------------- state
_SUIT_OF_INDEX: Final = tuple(Suit)


class Ending(NamedTuple):
    """A deal that has just ended (or was void under ``void_law``), with its ledger entries and rulings: what
    :class:`LastDeal` tells of it, made only when a view asks (most deals of a simulation are never looked at)."""

    number: int
    dealer: int
    trump: int
    stood: int
    refused: int
    result: DealResult | None
    entries: tuple[Transfer, ...]
    rulings: tuple[str, ...]
    void_law: str = ""
    game: GameResult | None = None

    def last_deal(self) -> LastDeal:
        payments = tuple(Payment(entry.target, entry.amount, entry.reason) if isinstance(entry.target, int)
                         else Payment(int(entry.source), -entry.amount, entry.reason) for entry in self.entries)
        return LastDeal(self.number, self.dealer, _SUIT_OF_INDEX[self.trump] if self.trump >= 0 else None,
                        self.result, self.stood if self.stood >= 0 else None,
                        self.refused if self.refused >= 0 else None, payments, self.rulings, self.void_law,
                        self.game)


@dataclass(slots=True, init=False)
class Deal:
    """The deal in progress, as :attr:`EcarteState.deal` shows it to the game's own modules (the laws of
    :mod:`academie.games.ecarte.table`, tests). Read it only: every change goes through a method of the state
    named for what happens at the table. Hands, discards and shown cards are bitmasks of card indices.

    Its ``__init__`` is written out, the one place that says how a deal starts: a partie makes one per deal, and
    the generated one (a default factory per list) cost twice as much."""

    dealer: int
    deck: tuple[int, ...]
    """The pack's order, top first (its first :data:`TALON_START` cards dealt and turned; the talon after)."""
    hands: list[int]
    trump: int
    trump_card: int
    talon_pos: int
    """The deck position of the talon's top card (``DECK_SIZE`` when the talon is exhausted)."""
    discarded: list[int]
    last_discard: list[int]
    asked: int
    """ECARTE-VI.5: how many cards the elder asked for beyond what the talon held."""
    exposed: list[bool]
    first_decision: bool
    stood: int
    refused: int
    king_marked: int
    played: list[bool]
    leader: int
    to_play: int
    led: int
    tricks_won: list[int]
    tricks: list[tuple[int, int, int, int]]
    points: list[int]
    start: int
    """Index in the operations log where this deal began."""
    # Table mode only (academie.games.ecarte.table):
    shown: list[int]
    """Cards of each hand seen by the opponent (E-D7, E-D8, a card taken back under E-P1/E-P2/E-P3)."""
    must_accept: bool
    """ECARTE-VI.9 / E-X7: the dealer may not refuse the next proposal (reset once he has accepted it)."""
    named_suit: int
    """E-P2: the leader must lead this suit (he named it and played another)."""
    revoke: int
    """E-P3: the seat whose revoke in the last trick may still be corrected (before the next lead)."""
    revoker: int
    """E-P3: the seat whose revoke was established (not corrected before the next lead)."""
    reduced: int
    """E-P3: the revoker whose score for this deal is reduced (the opponent's choice)."""
    play_start: tuple[int, int]
    """The hands when play began (to replay the hand under E-P3)."""
    count_error: list[int]
    """E-D10: cards too many (+) or too few (-) in each hand, not yet disclosed."""
    acted_with_error: list[bool]
    king_forfeit: list[bool]
    """E-D10: the seat lost the right to mark the king this deal."""
    turned_king: bool
    """E-§3.4: the card turned up is the king of trumps."""
    turned_king_marked: bool
    """E-K3: in table mode the dealer must mark a turned-up king himself."""
    turned_king_due: int
    """E-K3 (table mode): the dealer of the last deal, whose turned-up king is still unmarked; he may mark it until
    this deal's trump is turned, and loses it then."""
    king_led: int
    """E-K1: the seat that has just led the king of trumps as his first card, not yet played to: he may still
    announce it (-1 once any card follows)."""
    misscore: list[int]
    """E-S1: points marked in error by each seat, correctable until the next deal is dealt."""
    # For the views (what the table picture tells):
    drawn: list[tuple[tuple[int, ...], ...]]
    """The cards each seat drew from the talon at each of its discards (ECARTE-VI.1), in order."""
    ledger_start: int
    """Where this deal's entries begin in the ledger (its payments, :attr:`EcarteView.payments`)."""
    rulings_start: int
    """Where this deal's rulings begin in :attr:`EcarteState.rulings`."""
    ending: Ending | None
    """How the deal before this one ended, as it stood then (:attr:`last` is made from it when first read)."""
    made_last: LastDeal | None

    def __init__(self, *, dealer: int, start: int = 0, ledger_start: int = 0, rulings_start: int = 0,
                 ending: Ending | None = None, misscore: list[int] | None = None, turned_king_due: int = -1) -> None:
        self.dealer = dealer
        self.deck = ()
        self.hands = [0, 0]
        self.trump = self.trump_card = -1
        self.talon_pos = 0
        self.discarded = [0, 0]
        self.last_discard = [0, 0]
        self.asked = 0
        self.exposed = [False, False]
        self.first_decision = True
        self.stood = self.refused = self.king_marked = -1
        self.played = [False, False]
        self.leader = self.to_play = 0
        self.led = -1
        self.tricks_won = [0, 0]
        self.tricks = []
        self.points = [0, 0]
        self.start = start
        self.shown = [0, 0]
        self.must_accept = False
        self.named_suit = self.revoke = self.revoker = self.reduced = -1
        self.play_start = (0, 0)
        self.count_error = [0, 0]
        self.acted_with_error = [False, False]
        self.king_forfeit = [False, False]
        self.turned_king = self.turned_king_marked = False
        self.turned_king_due = turned_king_due
        self.king_led = -1
        self.misscore = [0, 0] if misscore is None else misscore
        self.drawn = [(), ()]
        self.ledger_start = ledger_start
        self.rulings_start = rulings_start
        self.ending = ending
        self.made_last = None

    @property
    def last(self) -> LastDeal | None:
        """The deal that ended last (:attr:`EcarteView.last_deal`)."""
        if self.made_last is None and self.ending is not None:
            self.made_last = self.ending.last_deal()
        return self.made_last

    def copy(self) -> Deal:
        """An independent copy (for :meth:`EcarteState.clone`): every field, the lists sliced."""
        return _copy_deal(self)


_copy_deal: Final = dataclass_copier(Deal)


class EcarteTableLaws(TableLaws["EcarteState", Pending], Protocol):
    """The laws of irregularities (§7) as the state calls them in table mode: the engine's four entry points
    and the hook the state calls when the tricks are done with a revoke established (E-P3). The package injects
    :mod:`academie.games.ecarte.table`, which mypy checks against this protocol."""

    def rule_on_established_revoke(self, state: EcarteState, /) -> None:
        """E-P3: the opponent of the revoker chooses to replay the hand or to reduce the revoker's score."""
        ...


class EcarteState(OwedDealState[EcarteRules]):
    """One partie of Écarté between seats 0 and 1.

    In table mode the laws (:attr:`table_laws`) change the deal only through the methods of the section
    "table mode: what the laws do", each named for what happens at the table and citing its law.
    """

    game_name = "ecarte"
    table_laws: ClassVar[EcarteTableLaws | None] = None
    clone_shared: ClassVar[tuple[str, ...]] = (
        "_actor", "_deal_owed", "_histories", "_last_tricks", "_legal", "_pending", "_phase", "_shared", "_start",
        "automate_table", "rules")
    clone_copied: ClassVar[tuple[str, ...]] = (
        "_deal", "_games_won", "_ledger", "_operations", "_rulings", "_scores", "deal_results",
        "game_results")
    __slots__ = ("_actor", "_deal", "_deal_owed", "_games_won", "_histories", "_last_tricks",
                 "_ledger", "_legal", "_operations", "_pending", "_phase", "_rulings", "_scores", "_shared", "_start",
                 "automate_table", "chance", "deal_results", "game_results", "rules")

    def __init__(self, rules: EcarteRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None,
                 score: tuple[int, int] = _OPENING[0], games: tuple[int, int] = _OPENING[1]) -> None:
        """A new partie; ``score`` and ``games`` set it up at a game score and, in a partie liée, with games
        already won (see :meth:`new`)."""
        self.rules = rules or DEFAULT_RULES
        start = _OPENING if score is _OPENING[0] and games is _OPENING[1] else _check_start(self.rules, score, games)
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        """Table mode: apply the rulings that need nobody's choice at once (default: when chance is automated)."""
        self._pending: Pending | None = None
        self._last_tricks: tuple[tuple[int, int, int, int], ...] = ()
        self._histories = Histories.empty(viewers=3)
        """Each viewer's history of the deal in progress as its last view told it (replaced: a clone shares it)."""
        self._shared: Shared | None = None
        """What every viewer's view of the last position viewed holds alike (replaced: a clone shares it)."""
        self._rulings: list[str] = []
        self._operations: list[Operation] = []
        self._ledger = Ledger(seats=SEATS)
        self._deal_owed = False
        self._start = start
        (self._scores, self._games_won) = ([start[0][0], start[0][1]], [start[1][0], start[1][1]])
        if start is not _OPENING:
            for seat, points in enumerate(start[0]):
                if points:
                    # as if earlier deals had scored them: points only ever reach a seat through the ledger (E-§6.1)
                    self._ledger.transfer(MARKER, seat, points, STARTING_SCORE)
        self.deal_results: list[DealResult] = []
        """What each deal of the partie scored (read it; the state appends to it)."""
        self.game_results: list[GameResult] = []
        """The games of the partie finished so far (E-§6.2; read it, the state appends to it)."""
        if first_dealer is not None and first_dealer not in (0, 1):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0, 1, or None to cut")
        self._deal = Deal(dealer=first_dealer if first_dealer is not None else 0,
                          ledger_start=len(self._ledger.entries))
        self._legal: Sequence[Action] | None = None
        self._phase = _CUT if first_dealer is None else _SHUFFLE
        self._actor: int | None = self._compute_actor()
        self.resolve_chance()

    @classmethod
    def new(cls, rules: EcarteRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None,
            score: tuple[int, int] = _OPENING[0], games: tuple[int, int] = _OPENING[1]) -> Self:
        """A new partie dealt from a seed, or from explicit deck orders (one per shuffle, the cut included).

        With neither, chance is left to the caller: apply :class:`CutForDeal` and :class:`Shuffle` actions.

        ``score`` starts the game in progress at these points (E-§6.1: each below the game's points), credited
        through the ledger as :data:`STARTING_SCORE`; ``games`` starts a partie liée with games already won
        (E-§6.2: 0 or 1 each; the belle at 1-1). A game record cannot carry such a start: see :attr:`setup`.

        >>> state = EcarteState.new(first_dealer=0, score=(4, 2))
        >>> state.score, [str(entry) for entry in state.ledger.entries]
        ((4, 2), ['marker -> seat 0: 4 (E-§6.1 starting score)', 'marker -> seat 1: 2 (E-§6.1 starting score)'])
        >>> EcarteState.new(score=(5, 0))
        Traceback (most recent call last):
        ...
        academie.engine.RulesError: score=(5, 0) is not allowed; allowed: two numbers from 0 to 4 (game is 5)
        """
        if seed is not None and decks is not None:
            raise RulesError("give either seed or decks, not both")
        chance: ChanceSource | None = None
        if seed is not None:
            chance = SeededChance(seed)
        elif decks is not None:
            chance = ExplicitChance(decks)
        return cls(rules, chance=chance, first_dealer=first_dealer, score=score, games=games)

    # ------------------------------------------------------------------------------------ sampling
    @classmethod
    def sample(cls, view: EcarteView, rng: random.Random) -> Self:
        """A full state consistent with everything ``view.viewer`` knows now: the cards he cannot see are dealt
        at random among the unseen cards, subject to the hard constraints of the view (his own hand and
        discards, the turn-up, the cards played and shown, the hand sizes, and the voids the opponent's replies
        revealed, E-§5). The deal is rebuilt by replaying the view's history from a deck order consistent with
        it, so ``sampled.actor == view.actor``, the viewer's hand is the same and, when he is to act, so are his
        legal actions. Earlier deals are known only by their score, games won, rulings and last tricks.

        >>> state = EcarteState.new(seed=3, first_dealer=0)
        >>> _ = state.apply_text("propose"), state.apply_text("accept")
        >>> view = state.view(1)
        >>> sampled = EcarteState.sample(view, random.Random(1))
        >>> sampled.actor == view.actor and sampled.view(1).hand == view.hand
        True
        >>> sampled.legal_actions() == state.legal_actions()
        True
        """
        for _ in range(_SAMPLE_TRIES):
            state = cls._sample_once(view, rng)
            if state is not None:
                return state
        raise AcademieError(f"no deal consistent with the view of {view.viewer} was found (table-mode "
                            "irregularities that move cards may be beyond the sampler)")

    @classmethod
    def _sample_once(cls, view: EcarteView, rng: random.Random) -> Self | None:
        history = list(view.history)
        if view.trump_card is not None:
            dealt = _sample_deal(view, rng)
            if dealt is None:
                return None
            deck, history = dealt
            history.insert(0, (CHANCE, Shuffle(tuple(CARDS[i] for i in deck))))
        start = (0, 0)
        if view.rules.mode is _TABLE_MODE:
            # some laws depend on the score (E-S1): find what the deal scored, far from game, then start from the
            # score the game had before it
            trial = cls._replay(replace(view.rules, game_points=_FAR_FROM_GAME), view, history, view.score)
            if trial is None:
                return None
            start = (2 * view.score[0] - trial.score[0], 2 * view.score[1] - trial.score[1])
        twin = cls._replay(view.rules, view, history, start)
        if twin is None:
            return None
        for seat in (0, 1):  # the points of earlier deals of this game, which the view gives as a total
            missing = view.score[seat] - twin._scores[seat]
            if missing:
                source, target = (MARKER, seat) if missing > 0 else (seat, MARKER)
                twin.ledger.transfer(source, target, abs(missing), "E-§6.1")
                twin._scores[seat] += missing
        twin._games_won = list(view.games)
        game = view.rules.game_points
        twin.game_results = [GameResult(winner, (game, 0) if winner == 0 else (0, game), 1)
                              for winner in (0, 1) for _ in range(view.games[winner])]
        twin._rulings = list(view.rulings)
        twin._last_tricks = tuple((t.leader, t.cards[0].index, t.cards[1].index, t.winner or 0)
                                   for t in view.previous_tricks)
        if view.phase is _OVER:
            twin._phase = _OVER
        twin._legal = None
        twin._actor = twin._compute_actor()
        twin.automate_table = view.actor != TABLE
        if twin.actor != view.actor:
            return None
        if view.viewer in (0, 1):
            seen = twin.view(view.viewer)
            if seen.hand != view.hand or seen.legal_actions != view.legal_actions or seen.exposed != view.exposed:
                return None
        return twin

    @classmethod
    def _replay(cls, rules: EcarteRules, view: EcarteView, history: Sequence[tuple[int, Action]],
                start: tuple[int, int]) -> Self | None:
        """A twin of ``rules`` starting the view's deal at score ``start`` and replaying ``history`` (checked)."""
        twin = cls(rules, first_dealer=None if view.phase is _CUT else view.dealer, automate_table=False)
        for seat in (0, 1):
            if start[seat] > 0:
                twin.ledger.transfer(MARKER, seat, start[seat], "E-§6.1")
                twin._scores[seat] = start[seat]
        try:
            for _, action in history:
                twin.apply(action)
        except AcademieError:
            return None
        return twin

    # ------------------------------------------------------------------------------------ the next deal, when needed
    # E-§3: once a deal is over, the automated chance source owes the next one. It is dealt when something asks
    # about the table as it now stands (who acts, what is legal, a view, the log, the score, the ledger ...), so a
    # caller that stops after a deal (a simulation of one deal, a search) never pays for the next. The past
    # (``deal_results``, ``game_results``: plain lists, read at every step of a simulation) is not owed anything: a
    # deal that could change it (a turned-up king that makes game, E-§3.4) is dealt at once. So nothing tells the two
    # apart: the same cards come from the same source in the same order, and every reader sees what a partie dealt
    # at once would show.
    def _automate(self, actor: int) -> None:
        if actor == CHANCE and self.chance is not None:
            if self._next_deal_may_end_game():
                self.resolve_chance()
            else:
                self._deal_owed = True
        else:
            super()._automate(actor)

    def resolve_chance(self) -> None:
        """Let the injected chance source deal now while chance is to act (automation)."""
        self._deal_owed = False
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            order = self.chance.shuffled(PACK_32)
            if self._phase is _CUT:
                self.apply_unchecked(CutForDeal((order[0], order[1])))
            else:
                self.apply_unchecked(Shuffle(order))
            self._deal_owed = False

    def apply_unchecked(self, action: Action) -> Operation:
        """The engine's template (:meth:`GameState.apply_unchecked`), the owed deal dealt first; a card played
        while nothing is pending, the hottest path, goes straight to :meth:`play_card` and to the next seat."""
        if self._deal_owed:
            self.resolve_chance()
        kind = type(action)
        actor = action.seat if kind is Irregular else self._actor  # type: ignore[attr-defined]
        assert actor is not None
        self._legal = None
        if kind is Play and self._pending is None:
            card = action.card.index  # type: ignore[attr-defined]
            operation: Operation = _PLAY_OPERATIONS[actor][card]
            self._operations.append(operation)
            self.play_card(actor, card)
            if self._phase is _PLAY and self._pending is None:
                self._actor = self._deal.to_play
                return operation
        else:
            operation = Operation(actor, action)
            self._operations.append(operation)
            self.handlers[kind](self, action)
        actor = self._actor = self._compute_actor()
        if actor is not None and actor < 0:
            self._automate(actor)
        return operation

    def apply(self, action: Action) -> Operation:
        """The engine's checked :meth:`GameState.apply`; an action taken from :meth:`legal_actions` is found by
        identity first. A card so found while nothing is pending, the hot path of every playout, is played here as
        :meth:`apply_unchecked` plays it (the same lines, written out twice: a call saved a card shows)."""
        legal = self._legal
        if type(legal) is tuple:
            for allowed in legal:
                if allowed is action:
                    if type(action) is not Play or self._pending is not None:
                        return self.apply_unchecked(action)
                    seat = self._actor
                    assert seat is not None
                    card = action.card.index
                    operation: Operation = _PLAY_OPERATIONS[seat][card]
                    self._operations.append(operation)
                    self._legal = None
                    self.play_card(seat, card)
                    if self._phase is _PLAY and self._pending is None:
                        self._actor = self._deal.to_play
                        return operation
                    actor = self._actor = self._compute_actor()
                    if actor is not None and actor < 0:
                        self._automate(actor)
                    return operation
        elif type(legal) is LegalDiscards and legal.made(action):
            return self.apply_unchecked(action)
        return super().apply(action)

    def _next_deal_may_end_game(self) -> bool:
        """Whether the next deal could end a game as it is dealt: a turned-up king scores for its dealer at once
        (E-§3.4; in enforced mode), which is game when he stands one point from it (E-§6.1). It is then dealt at
        once, so that :attr:`deal_results` and :attr:`game_results` read what a partie dealt at once would show;
        otherwise the deal waits until it is needed."""
        return self.rules.mode is _ENFORCED_MODE and self._scores[self._deal.dealer] + 1 >= self.rules.game_points

    @property
    def ledger(self) -> Ledger:
        """Every point marked or taken back, with its rule or law."""
        if self._deal_owed:
            self.resolve_chance()
        return self._ledger

    # ------------------------------------------------------------------------------------ protocol
    @property
    def phase(self) -> Phase:
        if self._deal_owed:
            self.resolve_chance()
        return self._phase

    @property
    def dealer(self) -> int | None:
        return None if self.phase is _CUT else self._deal.dealer

    @property
    def deal(self) -> Deal:
        """The deal in progress, to read (the laws change it only through the methods below)."""
        if self._deal_owed:
            self.resolve_chance()
        return self._deal

    @property
    def score(self) -> tuple[int, int]:
        """Each seat's points in the game in progress (E-§6.1); they change only through the ledger."""
        if self._deal_owed:
            self.resolve_chance()
        return (self._scores[0], self._scores[1])

    @property
    def games(self) -> tuple[int, int]:
        """Games won by each seat in the partie (E-§6.2)."""
        if self._deal_owed:
            self.resolve_chance()
        return (self._games_won[0], self._games_won[1])

    @property
    def setup(self) -> str:
        """How the partie was set up away from the opening position, in words ("" when it was not): the score and
        games it started from (:meth:`new`). The game record has no place for them, so :func:`academie.record.
        from_state` refuses such a partie rather than write a record that replays to another score."""
        (score, games) = self._start
        parts = [f"starting score {score[0]}-{score[1]}"] if score != (0, 0) else []
        if games != (0, 0):
            parts.append(f"games already won {games[0]}-{games[1]}")
        return ", ".join(parts)

    def _compute_actor(self) -> int | None:
        if self._pending is not None:
            chooser = self._pending.irregularity.chooser
            return TABLE if chooser is None else chooser
        phase = self._phase
        if phase is _PLAY:  # the play's fast path: the seat to play, nothing to work out
            return self._deal.to_play
        if phase is _CUT or phase is _SHUFFLE:
            return CHANCE
        if phase is _OVER:
            return None
        if phase is _DEALER_DECIDES or phase is _DEALER_DISCARD:
            return self._deal.dealer
        return 1 - self._deal.dealer

    def legal_actions(self) -> Sequence[Action]:
        """Every action the actor may take now (empty when the partie is over). The engine's cache, with the
        hottest path worked out here: a card to play while nothing is pending (E-§5), ``mark-king`` first while
        the king may be marked (E-§4.4). A deal owed leaves the phase at the shuffle, so it takes the other path."""
        legal = self._legal
        if legal is None:
            deal = self._deal
            if self._phase is _PLAY and self._pending is None:
                seat = deal.to_play
                led = deal.led
                if led < 0:  # ECARTE-V.1: any card when leading (E-P2: the suit named, in table mode)
                    legal = _plays(deal.hands[seat] if deal.named_suit < 0 else self._playable(deal, seat))
                else:  # E-§5 on one suit's bits: follow and overtake if able, else trump if able (see _playable)
                    hand = deal.hands[seat]
                    suit = led // RANKS_PER_SUIT
                    same = hand >> _SHIFTS[suit] & _SUIT_BITS
                    if same:
                        legal = _SUIT_PLAYS[suit][same & _HIGHER_BITS[led] or same]
                    else:
                        trump = deal.trump
                        trumps = hand >> _SHIFTS[trump] & _SUIT_BITS
                        legal = (_SUIT_PLAYS[trump][trumps] if trumps and self.rules.must_trump
                                 else _plays(hand))
                if (not deal.played[seat] or deal.turned_king) and self._may_mark_king(seat):
                    legal = (MARK_KING, *legal)
            else:
                legal = self._compute_legal()
            self._legal = legal
        return legal

    def _compute_legal(self) -> Sequence[Action]:
        """The legal actions off the play's path (:meth:`legal_actions` works out a card to play itself)."""
        if self._deal_owed:
            self.resolve_chance()
            return self.legal_actions()
        phase, deal = self._phase, self._deal
        actions: tuple[Action, ...]
        if self._pending is not None:
            return self._pending.remedies()
        if phase is _ELDER_DECIDES:
            seat, actions = 1 - deal.dealer, (PROPOSE, STAND)
        elif phase is _DEALER_DECIDES:
            seat, actions = deal.dealer, ((ACCEPT,) if deal.must_accept else (ACCEPT, REFUSE))
        elif phase is _ELDER_DISCARD:
            seat = 1 - deal.dealer
            return LegalDiscards(deal.hands[seat], 1, HAND_SIZE, king=self._may_mark_king(seat))
        elif phase is _DEALER_DISCARD:
            seat, left = deal.dealer, DECK_SIZE - deal.talon_pos
            return LegalDiscards(deal.hands[seat], self.rules.dealer_min_exchange, min(HAND_SIZE, left),
                                 king=self._may_mark_king(seat))
        elif phase is _ELDER_TAKE_BACK:
            excess = deal.asked
            return tuple(TakeBack(cards_of(m))
                         for m in _subsets(deal.last_discard[1 - deal.dealer], excess, excess))
        else:
            return ()
        if self._may_mark_king(seat):
            return (MARK_KING, *actions)
        return actions

    def _may_mark_king(self, seat: int) -> bool:
        """E-§4.4: the king of trumps may be marked by its holder before he plays his first card.

        In table mode the dealer marks a turned-up king himself, at any of his turns in the deal (E-K3), and
        a seat that played with a wrong number of cards has lost the right (E-D10).
        """
        deal = self._deal
        if deal.turned_king:
            return (self.rules.mode is _TABLE_MODE and seat == deal.dealer and not deal.turned_king_marked
                    and not deal.king_forfeit[seat])
        return (deal.king_marked < 0 and not deal.played[seat]
                and bool(deal.hands[seat] >> KING_OF[deal.trump] & 1) and not deal.king_forfeit[seat])

    def playable(self, seat: int) -> int:
        """E-§5: the legal cards of ``seat`` as a mask (ECARTE-V.1: any card when leading)."""
        if self._deal_owed:
            self.resolve_chance()
        return self._playable(self._deal, seat)

    def _playable(self, deal: Deal, seat: int) -> int:
        hand = deal.hands[seat]
        led = deal.led
        if led < 0:
            if deal.named_suit >= 0:  # E-P2: he must lead the suit he named, if he has it
                return hand & SUIT_MASKS[deal.named_suit] or hand
            return hand
        same = hand & _SUIT_MASK_OF[led]
        if same:
            return same & HIGHER_IN_SUIT[led] or same
        trumps = hand & SUIT_MASKS[deal.trump]
        if trumps and self.rules.must_trump:
            return trumps
        return hand

    def illegal_reason(self, action: Action) -> str:
        phase = self._phase
        if phase is _OVER:
            return "the partie is over"
        if isinstance(action, Play) and phase is _PLAY:
            if not self._deal.hands[self._deal.to_play] >> action.card.index & 1:
                return f"{action.card} is not in the hand of seat {self._deal.to_play}"
            return "the second player must follow suit and overtake if he can, else trump if he can (E-§5)"
        if isinstance(action, MarkKing):
            reason = "only the holder of the king of trumps may mark it, before he plays his first card (E-§4.4)"
            if self.rules.mode is _TABLE_MODE:  # the only way to speak out of one's turn, e.g. after leading the king
                reason += "; out of one's turn, announce it with `! late-king SEAT` and the table judges the time"
            return reason
        return f"not allowed in phase {phase.name.lower().replace('_', ' ')}"

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check_chance_outcome(self, action: Action) -> None:
        if self._phase is _CUT:
            if not (isinstance(action, CutForDeal) and len(set(action.cards)) == 2
                    and all(STRENGTH[c.index] >= 0 for c in action.cards)):
                raise IllegalActionError(action, CHANCE, (), "expected `cut C1 C2`: two different cards "
                                         "of the 32-card pack, one cut by each player (E-§2.3)")
        elif not (isinstance(action, Shuffle) and len(action.order) == DECK_SIZE
                  and mask_of(action.order) == PACK_MASK):
            raise IllegalActionError(action, CHANCE, (), "expected `deck C1 … C32`: an order of "
                                     "the 32 cards of the piquet pack, each once (E-§3)")

    # ------------------------------------------------------------------------------------ chance
    def _apply_cut(self, action: CutForDeal) -> None:
        """E-§2.3: the higher card (K high … 7 low) deals first; equal ranks cut again."""
        first, second = (STRENGTH[c.index] for c in action.cards)
        if first == second:
            return
        high = 0 if first > second else 1
        self._deal.dealer = high if self.rules.first_dealer_card == "highest" else 1 - high
        self._phase = _SHUFFLE

    def _apply_shuffle(self, action: Shuffle) -> None:
        """E-§3: five cards each, non-dealer first, by the game's 3-2 or 2-3; the 11th card is turned up."""
        deck = tuple([card.index for card in action.order])
        deal = self._deal
        if deal.misscore[0] or deal.misscore[1]:
            deal.misscore = [0, 0]  # E-S1: too late to correct a wrong score once the next deal is dealt
        if deal.turned_king_due >= 0:
            deal.turned_king_due = -1
            self.rule("E-K3: the turned-up king of the last deal was not marked before this deal's trump was "
                      "turned; it is lost")
        deal.deck = deck
        deal.start = len(self._operations) - 1
        elder, dealer = 1 - deal.dealer, deal.dealer
        hands = [0, 0]
        elder_cards, dealer_cards = _DEALT_CARDS[self.rules.deal_pattern]
        bits = _BITS
        a, b, c, d, e = elder_cards(deck)  # HAND_SIZE cards each
        hands[elder] = bits[a] | bits[b] | bits[c] | bits[d] | bits[e]
        a, b, c, d, e = dealer_cards(deck)
        hands[dealer] = bits[a] | bits[b] | bits[c] | bits[d] | bits[e]
        deal.hands = hands
        turned = deal.trump_card = deck[TURN_UP_POSITION]
        deal.trump = turned // RANKS_PER_SUIT
        deal.talon_pos = TALON_START
        deal.leader = deal.to_play = elder
        self._phase = _ELDER_DECIDES
        deal.turned_king = turned == KING_OF[deal.trump]
        if deal.turned_king and self.rules.mode is _ENFORCED_MODE:
            self.mark_points(dealer, 1, "E-§3.4")  # a turned-up king scores one for the dealer (E-K3: marked for him)

    # ------------------------------------------------------------------------------------ exchange
    def _apply_propose(self, action: Propose) -> None:
        self._phase = _DEALER_DECIDES

    def _apply_stand(self, action: Stand) -> None:
        deal = self._deal
        if deal.first_decision or not self.rules.penalty_first_decision_only:
            deal.stood = 1 - deal.dealer  # ECARTE-VI.8, E-X6
        self._begin_play()

    def _apply_accept(self, action: Accept) -> None:
        deal = self._deal
        deal.first_decision = False
        deal.must_accept = False  # ECARTE-VI.9, E-X7/E-X8: only the next proposal was bound; it is answered
        self._phase = _ELDER_DISCARD

    def _apply_refuse(self, action: Refuse) -> None:
        deal = self._deal
        if deal.first_decision or not self.rules.penalty_first_decision_only:
            deal.refused = deal.dealer  # ECARTE-VI.7, E-X5
        self._begin_play()

    def _apply_discard(self, action: Discard) -> None:
        """ECARTE-VI.1, VI.4: the elder is served first, then the dealer takes what he wishes."""
        deal = self._deal
        mask = mask_of(action.cards)
        seat = deal.dealer if self._phase is _DEALER_DISCARD else 1 - deal.dealer
        if deal.count_error[seat]:
            deal.acted_with_error[seat] = True  # E-D10: he discards without telling
        deal.hands[seat] &= ~mask
        deal.discarded[seat] |= mask
        deal.last_discard[seat] = mask
        count = mask.bit_count()
        left = DECK_SIZE - deal.talon_pos
        deal.drawn[seat] = (*deal.drawn[seat], self.serve_from_talon(seat, min(count, left)))
        if seat == deal.dealer:
            self._after_exchange()
        elif count > left:
            deal.asked = count - left  # ECARTE-VI.5: the talon is too short; the excess comes back from the discard
            self._phase = _ELDER_TAKE_BACK
        elif deal.talon_pos < DECK_SIZE:
            self._phase = _DEALER_DISCARD
        else:
            self._after_exchange()

    def _apply_take_back(self, action: TakeBack) -> None:
        """ECARTE-VI.5, E-X3: the asker takes back from his last discard what he threw in excess."""
        deal = self._deal
        elder = 1 - deal.dealer
        mask = mask_of(action.cards)
        deal.hands[elder] |= mask
        deal.discarded[elder] &= ~mask
        deal.last_discard[elder] &= ~mask
        deal.asked = 0
        self._after_exchange()

    def _after_exchange(self) -> None:
        """ECARTE-VI.3: the elder may propose again until the talon is exhausted (E-§9 Q8)."""
        if self._deal.talon_pos < DECK_SIZE:
            self._phase = _ELDER_DECIDES
        else:
            self._begin_play()

    # ------------------------------------------------------------------------------------ play
    def _begin_play(self) -> None:
        deal = self._deal
        deal.play_start = (deal.hands[0], deal.hands[1])
        deal.leader = deal.to_play = 1 - deal.dealer  # ECARTE-V.1: the non-dealer leads
        self._phase = _PLAY

    def _apply_mark_king(self, action: MarkKing) -> None:
        """E-§4.4: one point to the holder of the king of trumps who announces it in time."""
        seat = self._actor
        assert isinstance(seat, int)
        self.mark_king(seat)

    def _apply_play(self, action: Play) -> None:
        self.play_card(self._deal.to_play, action.card.index)

    def play_card(self, seat: int, card: int) -> None:
        """Put ``card`` from ``seat``'s hand to the trick: a regular play, or a card the laws let stand (a card
        out of turn covered, E-P1; a revoke, E-P3). The trick is won under E-§5."""
        deal = self._deal
        first = not deal.played[seat]
        deal.hands[seat] &= ~(1 << card)
        deal.played[seat] = True
        deal.king_led = -1  # E-K1: a led king may be announced only until a card is played to it
        if deal.shown[seat] or deal.count_error[seat]:
            deal.shown[seat] &= ~(1 << card)
            deal.acted_with_error[seat] = deal.acted_with_error[seat] or bool(deal.count_error[seat])
        if deal.led < 0:
            if deal.revoke >= 0:  # E-P3: a revoke not corrected before the next lead is established
                deal.revoker, deal.revoke = deal.revoke, -1
            deal.named_suit = -1
            deal.led = card
            deal.leader = seat
            deal.to_play = 1 - seat
            if first and card == KING_OF[deal.trump]:
                deal.king_led = seat  # E-§4.4, E-K1: "he may announce it as he plays it, before the opponent plays"
            return
        led = deal.led
        winner = seat if BEATING[deal.trump][led] >> card & 1 else deal.leader
        deal.tricks.append((deal.leader, led, card, winner))
        deal.tricks_won[winner] += 1
        deal.led = -1
        deal.leader = deal.to_play = winner
        if len(deal.tricks) == TRICKS:
            self._score_tricks()

    # ------------------------------------------------------------------------------------ table mode
    def _laws(self) -> EcarteTableLaws:
        laws = self.table_laws
        if laws is None:
            raise AcademieError("the laws of Écarté are not loaded: import academie.games.ecarte")
        return laws

    def _apply_irregular(self, action: Irregular) -> None:
        self._laws().commit(self, action)

    def _apply_remedy(self, action: Remedy) -> None:
        self._laws().apply_remedy(self, self.take_pending(), action)

    def _score_tricks(self) -> None:
        """E-§6.1: the point for three or four tricks, the vole for five; ECARTE-VI.7/VI.8 make it two."""
        deal = self._deal
        if deal.revoke >= 0 or (deal.revoker >= 0 and deal.reduced < 0):
            if deal.revoke >= 0:  # E-P3: the deal is over, so the revoke can no longer be corrected
                deal.revoker, deal.revoke = deal.revoke, -1
            self._laws().rule_on_established_revoke(self)  # E-P3: the opponent chooses replay or reduction
            return
        winner = 0 if deal.tricks_won[0] >= 3 else 1
        vole = deal.tricks_won[winner] == TRICKS
        points, reason = (2 if vole else 1), "E-§6.1"
        loser = 1 - winner
        if loser in (deal.stood, deal.refused):
            reason = "ECARTE-VI.8" if loser == deal.stood else "ECARTE-VI.7"
            points = 3 if vole and self.rules.penalty_on_vole == "add" else 2
        if winner == deal.reduced:  # E-P3: the revoker's score is reduced by one
            points, reason = points - 1, "E-P3"
        if points == 0:
            self._end_deal(completed=True)
            return
        self.mark_points(winner, points, reason)
        if self._phase is not _OVER and self._phase is not _SHUFFLE:
            self._end_deal(completed=True)

    # ------------------------------------------------------------------------------------ table mode: what the laws do
    def void_deal(self, law: str) -> None:
        """The deal is void (E-D3, E-D4, E-D5, E-D6, E-D8, E-D11): its points are taken back through the ledger
        citing ``law``, and the same dealer deals again."""
        deal = self._deal
        for seat in (0, 1):
            if deal.points[seat]:
                self._ledger.transfer(seat, MARKER, deal.points[seat], law)
                self._scores[seat] -= deal.points[seat]
        self._deal = Deal(dealer=deal.dealer, start=len(self._operations), ledger_start=len(self._ledger.entries),
                          rulings_start=len(self._rulings), ending=self._ended(deal, None, void_law=law))
        self._phase = _SHUFFLE

    def mark_king(self, seat: int) -> None:
        """``seat`` marks the king of trumps, in time, through the ledger: a regular ``mark-king``, or in table mode
        an announcement out of turn that the laws judged in time. The turned-up king is the dealer's (E-§3.4; in
        table mode he marks it himself, E-K3, until the next deal's trump is turned, so possibly once the deal is
        over); any other is its holder's (E-§4.4, E-K1: a king led as the first card, until it is played to)."""
        deal = self._deal
        if deal.turned_king_due == seat:
            deal.turned_king_due = -1
            last = self.deal_results[-1]
            self.deal_results[-1] = replace(last, points=(last.points[0] + int(seat == 0),
                                                          last.points[1] + int(seat == 1)))
            self._ledger.transfer(MARKER, seat, 1, "E-§3.4")
            self._scores[seat] += 1
            if self._scores[seat] >= self.rules.game_points:
                self._end_game(seat)  # E-§6.1: points count as they arise, between deals too
            return
        if deal.turned_king:
            deal.turned_king_marked = True
            self.mark_points(seat, 1, "E-§3.4")
            return
        deal.king_marked = seat
        self.mark_points(seat, 1, "E-§4.4")

    def let_deal_stand(self, dealer: int) -> None:
        """E-D9: a deal out of turn is let stand: ``dealer`` deals this hand."""
        self._deal.dealer = dealer

    def serve_from_talon(self, seat: int, count: int) -> tuple[int, ...]:
        """Give ``seat`` the ``count`` top cards of the talon (an exchange, ECARTE-VI.1; a misdeal or a
        wrong service, E-D3, E-D4, E-X8); returns them."""
        deal = self._deal
        cards = deal.deck[deal.talon_pos:deal.talon_pos + count]
        for card in cards:
            deal.hands[seat] |= 1 << card
        deal.talon_pos += len(cards)
        return cards

    def return_to_talon(self, seat: int, cards: tuple[int, ...]) -> None:
        """Put cards of ``seat``'s hand back on top of the talon, in order (extras, E-D3, E-D4, E-X8); the deck
        keeps its 32 positions."""
        deal = self._deal
        for card in cards:
            deal.hands[seat] &= ~(1 << card)
        start = deal.talon_pos - len(cards)
        deal.deck = deal.deck[:start] + cards + deal.deck[deal.talon_pos:]
        deal.talon_pos = start

    def last_dealt(self, seat: int, count: int) -> tuple[int, ...]:
        """The ``count`` cards of ``seat``'s hand that came last off the deck (the ones a short deal lacks)."""
        deal = self._deal
        order = [card for card in deal.deck[:deal.talon_pos] if deal.hands[seat] >> card & 1]
        return tuple(order[-count:])

    def put_out_of_play(self, seat: int, cards: tuple[int, ...]) -> None:
        """Cards out of play for the deal, face up (E-D4, E-D5, E-D10, E-X7, E-X8): kept with ``seat``'s discards
        so every card stays counted."""
        deal = self._deal
        for card in cards:
            deal.hands[seat] &= ~(1 << card)
            deal.discarded[seat] |= 1 << card

    def choose_turn_up(self, second: int, *, keep_second: bool) -> int:
        """E-D5: of the two cards turned up (``second`` came off the talon), the non-dealer's choice is trumps;
        the other goes out of play with the dealer's discards. Returns the card out of play."""
        deal = self._deal
        deal.talon_pos += 1  # the second card turned came off the top of the talon
        other = second
        if keep_second:
            other, deal.trump_card = deal.trump_card, second
            deal.trump = suit_of(second)
            deal.turned_king = second == KING_OF[deal.trump]
        deal.discarded[deal.dealer] |= 1 << other
        return other

    def hide_wrong_count(self, seat: int, amount: int) -> None:
        """E-D10: ``seat`` holds ``amount`` cards too many (+) or too few (-) and says nothing (yet)."""
        self._deal.count_error[seat] = amount

    def disclose_wrong_count(self, seat: int) -> int:
        """E-D4, E-D10: the wrong count of ``seat``'s hand is found; returns it (no longer hidden)."""
        deal = self._deal
        amount, deal.count_error[seat] = deal.count_error[seat], 0
        return amount

    def forfeit_king(self, seat: int) -> None:
        """E-D10: ``seat`` loses the right to mark the king this deal; a king he marked is taken back."""
        deal = self._deal
        deal.king_forfeit[seat] = True
        if deal.king_marked == seat or (deal.turned_king_marked and seat == deal.dealer and deal.turned_king):
            self._ledger.transfer(seat, MARKER, 1, "E-D10")
            self._scores[seat] -= 1
            deal.points[seat] -= 1

    def expose_card(self, seat: int, card: int) -> None:
        """``card`` of ``seat``'s hand is seen by the opponent and stays exposed (E-D7, E-D8; a card taken back
        under E-P1, E-P2, E-P3)."""
        self._deal.shown[seat] |= 1 << card

    def expose_hand(self, seat: int) -> None:
        """ECARTE-VI.6, E-X4: ``seat`` looked at his discard and plays the deal with his hand exposed."""
        self._deal.exposed[seat] = True

    def bind_dealer_to_accept(self) -> None:
        """ECARTE-VI.9, E-X7 (and E-X8 for extras seen): the dealer may not refuse the next proposal; accepting it
        frees him (ECARTE-VI.3: he is otherwise always free to accept or refuse)."""
        self._deal.must_accept = True

    def require_suit(self, suit: int) -> None:
        """E-P2, ECARTE-V.2: the leader takes back his card and must lead ``suit``, the suit he named."""
        self._deal.named_suit = suit

    def revoke(self, seat: int, card: int) -> None:
        """E-P3: ``seat`` plays ``card``, a revoke that may be corrected until the next card is led."""
        self._deal.revoke = seat
        self.play_card(seat, card)

    def correct_revoke(self, seat: int) -> None:
        """E-P3: the revoke is corrected before the next lead: the card comes back (exposed), no penalty."""
        deal = self._deal
        leader, led, card, winner = deal.tricks.pop()
        deal.tricks_won[winner] -= 1
        deal.hands[seat] |= 1 << card
        deal.shown[seat] |= 1 << card
        deal.led, deal.leader, deal.to_play, deal.revoke = led, leader, seat, -1

    def replay_hand(self) -> None:
        """E-P3: the hand is replayed from the cards held when play began."""
        deal = self._deal
        deal.hands = list(deal.play_start)
        deal.tricks.clear()
        deal.tricks_won = [0, 0]
        deal.revoker = deal.revoke = deal.king_led = -1
        deal.led, deal.leader = -1, 1 - deal.dealer
        deal.to_play = deal.leader

    def reduce_score(self, seat: int) -> None:
        """E-P3: the tricks stand and the revoker ``seat``'s score for the deal is reduced by one; the deal is
        scored."""
        self._deal.reduced = seat
        self._score_tricks()

    def concede_deal(self, seat: int, points: int) -> None:
        """E-P4: ``seat`` abandons the hand; the opponent marks ``points`` and the deal ends."""
        self.mark_points(1 - seat, points, "E-P4")
        if self._phase is _PLAY:
            self._end_deal(completed=False)

    def forfeit_game(self, seat: int) -> None:
        """E-P6: ``seat`` left the table; the game is his opponent's."""
        self._end_deal(completed=False)
        self._end_game(1 - seat)

    def mark_in_error(self, seat: int, amount: int) -> None:
        """E-S1: ``seat`` marks ``amount`` points (+ or -) in error, through the ledger; correctable until the
        next deal is dealt."""
        source, target = (MARKER, seat) if amount > 0 else (seat, MARKER)
        self._ledger.transfer(source, target, abs(amount), "E-S1")
        self._scores[seat] += amount
        self._deal.misscore[seat] += amount

    def correct_score(self, seat: int) -> int:
        """E-S1: ``seat``'s wrong score is corrected through the ledger, without penalty; returns the points
        that had been marked in error."""
        amount = self._deal.misscore[seat]
        source, target = (seat, MARKER) if amount > 0 else (MARKER, seat)
        self._ledger.transfer(source, target, abs(amount), "E-S1")
        self._scores[seat] -= amount
        self._deal.misscore[seat] = 0
        return amount

    # ------------------------------------------------------------------------------------ scoring
    def mark_points(self, seat: int, points: int, law: str) -> None:
        """``seat`` marks ``points`` through the ledger, citing ``law``; points are counted as they arise and
        reaching game ends the game at once (E-§6.1)."""
        self._ledger.transfer(MARKER, seat, points, law)
        self._scores[seat] += points
        self._deal.points[seat] += points
        if self._scores[seat] >= self.rules.game_points:
            self._end_deal(completed=len(self._deal.tricks) == TRICKS)
            self._end_game(seat)

    def _end_deal(self, *, completed: bool) -> None:
        deal = self._deal
        due = -1
        if deal.turned_king and self.rules.mode is _TABLE_MODE and not deal.turned_king_marked:
            if deal.king_forfeit[deal.dealer]:
                self.rule("E-D10: the dealer lost the right to mark the king this deal; the turned-up king is lost")
            else:
                due = deal.dealer  # E-K3: he may still mark it, until the next deal's trump is turned
        game = len(self.game_results)
        self._last_tricks = tuple(deal.tricks)
        self.deal_results.append(_deal_result(game, deal.dealer, (deal.points[0], deal.points[1]),
                                            (deal.tricks_won[0], deal.tricks_won[1]), completed))
        self._deal = Deal(dealer=1 - deal.dealer, start=len(self._operations), misscore=deal.misscore,
                          turned_king_due=due, ledger_start=len(self._ledger.entries), rulings_start=len(self._rulings),
                          ending=self._ended(deal, self.deal_results[-1]))
        self._phase = _SHUFFLE

    def _ended(self, deal: Deal, result: DealResult | None, *, void_law: str = "") -> Ending:
        """What everybody saw of ``deal``, which has just ended (or was void under ``void_law``)."""
        number = len(self.deal_results) if result is not None else len(self.deal_results) + 1
        return Ending(number, deal.dealer, deal.trump, deal.stood, deal.refused, result,
                      tuple(self._ledger.entries[deal.ledger_start:]), tuple(self._rulings[deal.rulings_start:]),
                      void_law)

    def _payments(self, deal: Deal) -> tuple[Payment, ...]:
        """The points ``deal`` moved so far, each with the rule or law the ledger cites (negative: taken back)."""
        return Ending(0, deal.dealer, -1, -1, -1, None, tuple(self._ledger.entries[deal.ledger_start:]),
                      ()).last_deal().payments

    def _end_game(self, winner: int) -> None:
        """E-§6.2: single, double or treble with stake scoring; a partie liée goes to two games."""
        loser_points = self._scores[1 - winner]
        value = 1
        if self.rules.stake_scoring:
            value = 3 if loser_points == 0 else 2 if loser_points <= 2 else 1
        self.game_results.append(GameResult(winner, self.score, value))
        self._games_won[winner] += 1
        ending = self._deal.ending
        if ending is not None:
            self._deal.ending, self._deal.made_last = ending._replace(game=self.game_results[-1]), None
        if self._deal.turned_king_due >= 0:
            self._deal.turned_king_due = -1
            self.rule("E-K3: the game is over before the turned-up king was marked; it is lost")
        if not self.rules.partie_liee or self._games_won[winner] == 2:
            self._phase = _OVER
            return
        self._scores = [0, 0]
        # the loser of a game deals first in the next
        self._deal = Deal(dealer=1 - winner, start=len(self._operations), ledger_start=len(self._ledger.entries),
                          rulings_start=self._deal.rulings_start, ending=self._deal.ending)
        self._phase = _SHUFFLE

    # ------------------------------------------------------------------------------------ results
    def result(self) -> PartieResult:
        """Points scored, games won and stake values so far (final once the state is terminal)."""
        points = self.ledger.seat_balances()
        values = list(self._start[1])  # games won before the start: single games (E-§6.2, no stake scoring)
        for game in self.game_results:
            values[game.winner] += game.value
        winner = None
        if self._phase is _OVER:
            winner = 0 if self._games_won[0] > self._games_won[1] else 1
        return PartieResult((points[0], points[1]), self.games, (values[0], values[1]), winner)

    def returns(self) -> tuple[int, int]:
        return self.result().returns()

    @property
    def deal_points(self) -> tuple[int, int]:
        """Points scored so far in the deal in progress."""
        if self._deal_owed:
            self.resolve_chance()
        return (self._deal.points[0], self._deal.points[1])

    # ------------------------------------------------------------------------------------ views
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (the full state: use :meth:`view` for what a seat may see)."""
        if self._deal_owed:
            self.resolve_chance()
        return cards_of(self._deal.hands[seat])

    @property
    def trump_card(self) -> Card | None:
        if self._deal_owed:
            self.resolve_chance()
        return CARDS[self._deal.trump_card] if self._deal.trump_card >= 0 else None

    def talon(self) -> tuple[Card, ...]:
        if self._deal_owed:
            self.resolve_chance()
        deal = self._deal
        return tuple(CARDS[i] for i in deal.deck[deal.talon_pos:])

    def discards(self, seat: int) -> tuple[Card, ...]:
        if self._deal_owed:
            self.resolve_chance()
        return cards_of(self._deal.discarded[seat])

    def view(self, viewer: int) -> EcarteView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now; never the opponent's hidden cards."""
        if viewer not in (0, 1, PUBLIC):
            raise RulesError(f"viewer {viewer!r} is not allowed; allowed: 0, 1, PUBLIC")
        if self._deal_owed:
            self.resolve_chance()
        deal = self._deal
        seat_view = viewer in (0, 1)
        self._histories, history = self._histories.told_on(viewer, self.operations, start=deal.start, redact=redact)
        kept = self._shared
        self._shared = Shared.of(kept, (len(self._operations), len(self._rulings), len(self._ledger.entries),
                                        self._phase, self._actor, self._pending), lambda: self._shared_parts(kept))
        # made as its dataclass would make it, each field's slot set (no keywords to match: a view is made for
        # every viewer after every action); _VIEW_FIELDS says it sets every field
        view = _new_view()
        for setter, value in zip(_SHARED_SETTERS, self._shared.parts.values(), strict=True):
            setter(view, value)
        _set_viewer(view, viewer)
        _set_hand(view, cards_of(deal.hands[viewer]) if seat_view else ())
        _set_my_discards(view, cards_of(deal.discarded[viewer]) if seat_view else ())
        _set_history(view, history)
        _set_legal_actions(view, tuple(self.legal_actions()) if viewer == self.actor else ())
        drawn = deal.drawn[viewer] if seat_view else ()
        _set_drawn(view, tuple(tuple(CARDS[i] for i in cards) for cards in drawn) if drawn else ())
        return view

    def _shared_parts(self, kept: Shared | None) -> dict[str, Any]:
        """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`), in the order of
        :data:`_SHARED_FIELDS`; the payments as ``kept`` (the parts of an earlier position) made them while the
        deal's ledger is the same (it only grows), so that a painter finds them unchanged by identity."""
        deal = self._deal
        exposed = tuple(cards_of(deal.hands[s] if deal.exposed[s] else deal.hands[s] & deal.shown[s]) for s in (0, 1))
        ledger = (deal.ledger_start, len(self._ledger.entries))
        payments = (kept.parts["payments"] if kept is not None and kept.parts["ledger"] == ledger
                    else self._payments(deal))
        return dict(
            rules=self.rules, phase=self._phase, actor=self.actor, dealer=self.dealer,
            exposed=(exposed[0], exposed[1]),
            hand_sizes=(deal.hands[0].bit_count(), deal.hands[1].bit_count()),
            trump_card=self.trump_card, talon_size=DECK_SIZE - deal.talon_pos if deal.deck else 0,
            tricks=self._tricks_view(),
            tricks_won=(deal.tricks_won[0], deal.tricks_won[1]),
            score=self.score, games=self.games,
            king_marked_by=deal.king_marked if deal.king_marked >= 0 else None,
            first_decision=deal.first_decision,
            stood=deal.stood if deal.stood >= 0 else None,
            refused=deal.refused if deal.refused >= 0 else None,
            pending=self._pending.irregularity if self._pending else None, rulings=tuple(self.rulings),
            previous_tricks=_previous_tricks(self._last_tricks),
            deal_number=len(self.deal_results) + 1, payments=payments,
            draw_counts=(tuple(map(len, deal.drawn[0])), tuple(map(len, deal.drawn[1]))),
            deal_rulings=tuple(self._rulings[deal.rulings_start:]), last_deal=deal.last,
            game_results=tuple(self.game_results), ledger=ledger,
        )

    def _tricks_view(self) -> tuple[Trick, ...]:
        deal = self._deal
        done = [_trick(*trick) for trick in deal.tricks]
        if deal.led >= 0:
            done.append(_led(deal.leader, deal.led))
        return tuple(done)


@functools.lru_cache(maxsize=4096)
def _trick(leader: int, led: int, second: int, winner: int) -> Trick:
    """A trick won, as views show it: one value for every view and table that shows it (a bounded cache), so that a
    painter compares tricks by identity."""
    return Trick(leader, (CARDS[led], CARDS[second]), winner)


@functools.lru_cache(maxsize=64)
def _led(leader: int, led: int) -> Trick:
    """The trick on the table, one card led (as :func:`_trick`)."""
    return Trick(leader, (CARDS[led],), None)


@functools.lru_cache(maxsize=1024)
def _previous_tricks(last_tricks: tuple[tuple[int, int, int, int], ...]) -> tuple[Trick, ...]:
    """The tricks of the deal before as views show them, made once for every view that shows them (a bounded cache
    shared by every table: a frozen value of the raw tricks alone), so that a painter compares them by identity."""
    return tuple(_trick(*trick) for trick in last_tricks)


_OWN_FIELDS: Final = ("viewer", "hand", "my_discards", "history", "legal_actions", "drawn")
"""The fields of a view that only its viewer's view holds."""
_SHARED_FIELDS: Final = tuple(item.name for item in fields(EcarteView) if item.name not in _OWN_FIELDS)
"""The fields every viewer's view of a position holds alike (:meth:`EcarteState._shared_parts`, in this order)."""
_SHARED_SETTERS: Final[tuple[Callable[[EcarteView, object], None], ...]] = (
    *(EcarteView.__dict__[name].__set__ for name in _SHARED_FIELDS), lambda view, value: None)
"""Each shared field's slot setter, then one that keeps nothing: the parts' last entry (``ledger``: what their
payments were made from) is not a field of a view."""
_new_view: Final = partial(object.__new__, EcarteView)
_set_viewer, _set_hand, _set_my_discards, _set_history, _set_legal_actions, _set_drawn = (
    EcarteView.__dict__[name].__set__ for name in _OWN_FIELDS)


def trick_winner(leader: int, led: Card, second: Card, trump: int) -> int:
    """The seat that wins a trick (E-§5).

    >>> from academie.cards import Suit
    >>> trick_winner(0, Card.parse("AH"), Card.parse("JH"), Suit.SPADES)  # the jack is above the ace
    1
    >>> trick_winner(0, Card.parse("KH"), Card.parse("7S"), Suit.SPADES)  # a trump on a plain card
    1
    """
    return 1 - leader if BEATING[trump][led.index] >> second.index & 1 else leader


# --------------------------------------------------------------------------------------------------- sampling
_SAMPLE_TRIES: Final = 20
"""Deck orders tried by :meth:`EcarteState.sample` before it gives up (one suffices without table-mode acts)."""
_FAR_FROM_GAME: Final = 21
"""The highest game the rules allow: the sampler replays a deal there to learn what it scored."""


def _excluded_by_reply(led: int, reply: int, trump: int, must_trump: bool) -> int:
    """E-§5: the cards a second player cannot have held, given his reply to ``led``."""
    if suit_of(reply) != suit_of(led):
        excluded = SUIT_MASKS[suit_of(led)]
        if must_trump and suit_of(reply) != trump:
            excluded |= SUIT_MASKS[trump]
        return excluded
    return HIGHER_IN_SUIT[led] if STRENGTH[reply] < STRENGTH[led] else 0


def _pick(pool: list[int], count: int, rng: random.Random) -> set[int] | None:
    if count < 0 or count > len(pool):
        return None
    chosen = set(rng.sample(pool, count))
    pool[:] = [card for card in pool if card not in chosen]
    return chosen


def _sample_deal(view: EcarteView, rng: random.Random) -> tuple[list[int], list[tuple[int, Action]]] | None:
    """A deck order consistent with ``view`` and its history with the hidden discards filled in, or None."""
    assert view.trump_card is not None and view.dealer is not None
    viewer, dealer, trump = view.viewer, view.dealer, view.trump_card.index
    seats = (0, 1)
    played: list[set[int]] = [set(), set()]
    forbidden = [0, 0]
    for trick in view.tricks:
        for k, card in enumerate(trick.cards):
            played[trick.leader if k == 0 else 1 - trick.leader].add(card.index)
        if len(trick.cards) == 2:
            forbidden[1 - trick.leader] |= _excluded_by_reply(trick.cards[0].index, trick.cards[1].index,
                                                              suit_of(trump), view.rules.must_trump)
    known_hand = [{c.index for c in (view.hand if s == viewer else view.exposed[s])} for s in seats]
    # the exchanges: who discarded how many (and which, for the viewer), and how many each was served
    events: list[tuple[int, int, int, set[int] | None]] = []  # seat, count, served, cards (if the viewer knows)
    taken_back: tuple[int, set[int] | None] | None = None
    talon_pos = TALON_START
    king_held_by_discard = len(view.history)  # E-§4.4: the marker held the king before this many of his discards
    for actor, action in view.history:
        # E-K1 (table mode): an announcement out of turn judged in time is a mark too
        if isinstance(action, MarkKing) or (isinstance(action, Irregular) and action.kind == "late-king"
                                            and actor == view.king_marked_by):
            king_held_by_discard = sum(1 for event in events if event[0] == actor)
            continue
        if isinstance(action, Discard):
            count, known = len(action.cards), {c.index for c in action.cards}
        elif isinstance(action, HiddenDiscard):
            count, known = action.count, None
        elif isinstance(action, TakeBack):
            taken_back = (len(action.cards), {c.index for c in action.cards})
            continue
        elif isinstance(action, HiddenTakeBack):
            taken_back = (action.count, None)
            continue
        else:
            continue
        served = min(count, DECK_SIZE - talon_pos)
        talon_pos += served
        events.append((actor, count, served, known))
    unseen = {c.index for c in PACK_32}
    unseen -= {trump} | played[0] | played[1] | known_hand[0] | known_hand[1]
    if viewer in seats:
        unseen -= {c.index for c in view.my_discards}
    hand = [set(known_hand[s]) for s in seats]
    marker = view.king_marked_by
    king = KING_OF[suit_of(trump)]
    if marker is not None and marker != viewer and king in unseen and not forbidden[marker] >> king & 1:
        hand[marker].add(king)  # E-§4.4: he held it when he marked it (and may as well have kept it)
        unseen.discard(king)
    pool = list(unseen)
    rng.shuffle(pool)
    for s in sorted(seats, key=lambda s: -forbidden[s].bit_count()):
        if s == viewer:
            continue
        allowed = [c for c in pool if not forbidden[s] >> c & 1]
        chosen = _pick(allowed, view.hand_sizes[s] - len(hand[s]), rng)
        if chosen is None:
            return None
        hand[s] |= chosen
        pool = [c for c in pool if c not in chosen]
    # each seat's discards, event by event (the viewer's are known; the others' drawn from the unseen pool)
    discards: list[list[set[int]]] = [[], []]
    take_back_cards: set[int] = set()
    elder = 1 - dealer
    last_elder = max((i for i, event in enumerate(events) if event[0] == elder), default=-1)
    if taken_back is not None:
        count, cards = taken_back
        if cards is None:
            chosen = _pick(sorted(hand[elder] | played[elder]), count, rng)
            if chosen is None:
                return None
            cards = chosen
        take_back_cards = cards
    for index, (seat, count, _, known) in enumerate(events):
        if known is not None:
            discards[seat].append(known)
            continue
        extra = take_back_cards if seat == elder and index == last_elder else set()
        chosen = _pick(pool, count - len(extra), rng)
        if chosen is None:
            return None
        discards[seat].append(chosen | extra)
    talon = pool
    if len(talon) != view.talon_size:
        return None
    # place each seat's cards: dealt first, then each service; a card discarded at exchange j was held before it
    blocks: list[list[list[int]]] = [[], []]
    for s in seats:
        sizes = [HAND_SIZE, *(n for seat, _, n, _ in events if seat == s)]
        deadline: dict[int, int] = {}  # a card thrown at discard j was dealt or served before it
        for j, thrown in enumerate(discards[s]):
            for index in thrown:
                deadline.setdefault(index, j)
        if s == marker and king in hand[s] | played[s] | {c for thrown in discards[s] for c in thrown}:
            deadline[king] = min(deadline.get(king, king_held_by_discard), king_held_by_discard)
        ever = hand[s] | played[s] | {c for thrown in discards[s] for c in thrown}
        if len(ever) != sum(sizes):
            return None
        order = sorted(ever, key=lambda c: (deadline.get(c, len(sizes)), rng.random()))
        start = 0
        for j, size in enumerate(sizes):
            block = order[start:start + size]
            if any(deadline.get(c, len(sizes)) < j for c in block):
                return None
            rng.shuffle(block)
            blocks[s].append(block)
            start += size
    deck = [0] * DECK_SIZE
    for s in seats:
        for position, index in zip(sorted(dealt_positions(view.rules, elder=s == elder)), blocks[s][0], strict=True):
            deck[position] = index
    deck[TURN_UP_POSITION] = trump
    position = TALON_START
    used = [1, 1]
    for seat, _, served, _ in events:
        deck[position:position + served] = blocks[seat][used[seat]]
        position += served
        used[seat] += 1
    deck[position:] = talon
    history: list[tuple[int, Action]] = []
    counts = [0, 0]
    for actor, action in view.history:
        if isinstance(action, (Discard, HiddenDiscard)):
            action = _discard(sum(1 << c for c in discards[actor][counts[actor]]))
            counts[actor] += 1
        elif isinstance(action, HiddenTakeBack):
            action = TakeBack(cards_of(sum(1 << c for c in take_back_cards)))
        history.append((actor, action))
    return deck, history


_HANDLERS: Final[dict[type[Action], Callable[[Any, Any], None]]] = {
    CutForDeal: EcarteState._apply_cut,
    Shuffle: EcarteState._apply_shuffle,
    Propose: EcarteState._apply_propose,
    Stand: EcarteState._apply_stand,
    Accept: EcarteState._apply_accept,
    Refuse: EcarteState._apply_refuse,
    Discard: EcarteState._apply_discard,
    TakeBack: EcarteState._apply_take_back,
    MarkKing: EcarteState._apply_mark_king,
    Play: EcarteState._apply_play,
    Irregular: EcarteState._apply_irregular,
    Remedy: EcarteState._apply_remedy,
}
EcarteState.handlers = _HANDLERS
