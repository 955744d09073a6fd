"""Whist: four players in two partnerships, 52 cards, thirteen tricks, honours, calling at eight, the rubber.

Rules: §2–6 of the rule file (cited ``W-§n.m``), the seed's laws ``WHIST-10`` … ``WHIST-24`` and, in
table mode, the laws of §7 (``W-D1`` … ``W-H7``, see :mod:`academie.games.whist.laws` and
:mod:`academie.games.whist.table`).

A state is one rubber (best of three games). Seats 0 and 2 are partners against seats 1 and 3 (side 0 and
side 1: a seat's side is ``seat & 1``). Long whist (game of ten, calling at eight, honours not counting at nine)
is the default; short whist (game of five, no calling, honours not counting at four) is ``variant="short"``.
Hands are int bitmasks (see :mod:`academie.cards`).

>>> state = WhistState.new(seed=1, first_dealer=3)
>>> state.actor, state.trump_card == state.view(PUBLIC).turn_up
(0, True)
>>> _ = state.apply(state.legal_actions()[0])
>>> state.actor
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar, Final, Literal, NamedTuple, Protocol, Self

from academie.cards import (
    CARDS,
    PACK_52,
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
    Action,
    ActionParseError,
    ChanceSource,
    ExplicitChance,
    Histories,
    IllegalActionError,
    Mode,
    Operation,
    OwedDealState,
    RulesError,
    SeededChance,
    Shared,
    TableLaws,
    check_option,
    dataclass_copier,
)
from academie.engine import Pending as Pending
from academie.engine import (
    Shuffle as Shuffle,
)
from academie.laws import Irregular as Irregular
from academie.laws import Irregularity, parse_table_action
from academie.laws import Remedy as Remedy
from academie.ledger import MARKER, Ledger, Transfer

SEATS: Final = 4
TRICKS: Final = 13
PACK_MASK: Final = (1 << 52) - 1
HONOUR_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
HONOURS: Final[tuple[int, ...]] = tuple(mask_of(Card(r, Suit(s)) for r in HONOUR_RANKS) for s in range(4))
"""W-§2.1: the honours (A K Q J) of each suit, as masks; only the trump suit's count."""
DRAW_RANK: Final[tuple[int, ...]] = tuple(1 if c.rank is Rank.ACE else int(c.rank) for c in CARDS)
"""W-§2.1: for drawing, the ace is the lowest card (1) and the king the highest (13)."""
TURN_UP: Final = 51
"""WHIST-24: the position in the pack of the turn-up, the last card, dealt to the dealer."""
_SUIT_BITS: Final = (1 << RANKS_PER_SUIT) - 1
"""The 13-bit pattern of a whole suit (a suit's cards are contiguous in a hand mask)."""
_SHIFTS: Final[tuple[int, ...]] = tuple(RANKS_PER_SUIT * suit for suit in range(4))
"""Where each suit's 13-bit pattern starts in a hand mask."""
_BITS: Final[tuple[int, ...]] = tuple(1 << i for i in range(52))
_CLEARS: Final[tuple[int, ...]] = tuple(~(1 << i) for i in range(52))
_SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""Each suit by its index (a lookup: calling the enum class is slow)."""


def side_of(seat: int) -> int:
    """The partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (W-§2.2)."""
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


# --------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True, slots=True, kw_only=True)
class WhistRules:
    """Every option of Whist. The defaults are the seed's long whist and the rule file's §9 recommendations.

    >>> WhistRules().game_points, WhistRules(variant="short").game_points
    (10, 5)
    >>> WhistRules(variant="bridge")
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: rules option variant='bridge' is not allowed; allowed: 'long', 'short'
    """

    version: str = "whist/1"
    variant: Literal["long", "short"] = "long"
    """W-§1, W-§6.2/6.3 (Q11): long whist (game 10, calling at 8) or short whist (game 5, no calling)."""
    game_values: Literal["standard", "flat"] = "standard"
    """W-§6.2 (Q3): single/double (long) or single/double/treble (short) game values; "flat" counts 1 a game."""
    rubber_bonus: int | None = None
    """W-§6.2 (Q3): points for winning the rubber; None = the variant's (1 at long whist, 2 at short)."""
    misdeal_loses_deal: bool = False
    """W-D4 (Q2): the seed's rule (the same dealer deals again) or the Club rule (the deal passes)."""
    eight_with_deal_calls_against_nine: bool = True
    """W-§4.2: False for the club custom "eight with the deal cannot call against nine"."""
    fourth_hand_law: Literal["seed", "club"] = "seed"
    """W-P3 (Q5): the seed's "neither trump nor win" or the Club 68 "partner to win or not to win"."""
    revoke_points: int = 3
    """W-R1: the penalty of an established revoke."""
    mode: Mode = Mode.ENFORCED
    """Enforced (irregular acts are refused) or table (accepted and ruled on under §7)."""

    def __post_init__(self) -> None:
        check_option("version", self.version, ["whist/1"])
        check_option("variant", self.variant, ["long", "short"])
        check_option("game_values", self.game_values, ["standard", "flat"])
        check_option("rubber_bonus", self.rubber_bonus, [None, 0, 1, 2, 3, 4])
        check_option("misdeal_loses_deal", self.misdeal_loses_deal, [True, False])
        check_option("eight_with_deal_calls_against_nine", self.eight_with_deal_calls_against_nine, [True, False])
        check_option("fourth_hand_law", self.fourth_hand_law, ["seed", "club"])
        check_option("revoke_points", self.revoke_points, [1, 2, 3, 4, 5])
        check_option("mode", self.mode, list(Mode))

    @property
    def game_points(self) -> int:
        """W-§6.2: game is ten points at long whist; W-§6.3: five at short whist."""
        return 10 if self.variant == "long" else 5

    @property
    def calling(self) -> bool:
        """W-§4.2: calling at eight belongs to long whist only."""
        return self.variant == "long"

    @property
    def bonus(self) -> int:
        """W-§6.2/6.3: the rubber bonus (1 long, 2 short unless set)."""
        if self.rubber_bonus is not None:
            return self.rubber_bonus
        return 1 if self.variant == "long" else 2

    def game_value(self, loser_score: int) -> int:
        """W-§6.2: single (losers at 5+) or double (below 5) at long whist; W-§6.3: treble (0), double (1–2),
        single (3–4) at short whist.

        >>> WhistRules().game_value(5), WhistRules().game_value(4)
        (1, 2)
        >>> [WhistRules(variant="short").game_value(s) for s in range(5)]
        [3, 2, 2, 1, 1]
        """
        if self.game_values == "flat":
            return 1
        if self.variant == "long":
            return 1 if loser_score >= 5 else 2
        return 3 if loser_score == 0 else 2 if loser_score <= 2 else 1


# ------------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class DrawForDeal(Action):
    """Chance: each seat draws a card (W-§2.2); the lowest deals first (ace low); a tie draws again."""

    cards: tuple[Card, Card, Card, Card]

    def __str__(self) -> str:
        return "draw " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True, eq=False)
class Play(Action):
    """Play a card to the trick (W-§5). Equal plays are plays of the same card (compared by index: the hot path
    checks membership in the legal actions)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.card.index == self.card.index

    def __hash__(self) -> int:
        return self.card.index


@dataclass(frozen=True, slots=True)
class Call(Action):
    """W-§4.2, WHIST-21: at eight, a player holding two honours asks his partner for one ("appeler")."""

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """W-§4.2, WHIST-22: the partner of a caller answers that he holds an honour."""

    def __str__(self) -> str:
        return "answer"


@dataclass(frozen=True, slots=True)
class Deny(Action):
    """W-§4.2: the partner of a caller holds no honour and says so; the hand is played."""

    def __str__(self) -> str:
        return "deny"


@dataclass(frozen=True, slots=True)
class ShowHonours(Action):
    """W-§4.2: at eight, a player holding three or four honours shows them and claims the game."""

    def __str__(self) -> str:
        return "show-honours"


CALL: Final = Call()
ANSWER: Final = Answer()
DENY: Final = Deny()
SHOW_HONOURS: Final = ShowHonours()
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in CARDS)

_SUIT_PLAYS: Final[tuple[tuple[tuple[Play, ...], ...], ...]] = tuple(
    tuple(tuple(PLAYS[card_index(rank, suit)] for rank in Rank if bits >> rank - Rank.TWO & 1)
          for bits in range(1 << RANKS_PER_SUIT))
    for suit in Suit)
"""For each suit and 13-bit pattern, the plays of those cards (built once: no allocation per step)."""


_PLAY_OPERATIONS: Final[tuple[tuple[Operation, ...], ...]] = tuple(
    tuple(Operation(seat, play) for play in PLAYS) for seat in range(4))
"""The log entry of each seat's play of each card (built once: a play allocates nothing)."""


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of every card in ``mask``, clubs to spades, low to high."""
    clubs, diamonds, hearts, spades = _SUIT_PLAYS
    return (clubs[mask & 0x1FFF] + diamonds[mask >> 13 & 0x1FFF]  # _SUIT_BITS at _SHIFTS, written out
            + hearts[mask >> 26 & 0x1FFF] + spades[mask >> 39 & 0x1FFF])


def parse_action(text: str) -> Action:
    """Read a Whist action from its text form.

    >>> parse_action("PLAY 10h"), parse_action("call")
    (Play(card=Card.parse('TH')), Call())
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError("empty action; expected e.g. play KH, call, answer, deny, show-honours")
    verb, args = words[0].lower(), " ".join(words[1:])
    table_action = parse_table_action(words)
    if table_action is not None:
        return table_action
    simple: dict[str, Action] = {"call": CALL, "answer": ANSWER, "deny": DENY, "show-honours": SHOW_HONOURS}
    try:
        if verb in simple and not args:
            return simple[verb]
        if verb == "play" and len(words) == 2:
            return PLAYS[Card.parse(words[1]).index]
        if verb == "deck":
            return Shuffle(parse_cards(args))
        if verb == "draw" and len(words) == 5:
            a, b, c, d = parse_cards(args)
            return DrawForDeal((a, b, c, d))
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"unknown action {text!r}; expected play CARD, call, answer, deny, show-honours "
                           "(chance: draw C1 C2 C3 C4, deck C1 … C52; table mode also: ! KIND SEAT [ARGS], "
                           "remedy NAME [ARGS] law=ID)")


# ----------------------------------------------------------------------------------------------- results
class Phase(IntEnum):
    DRAW = 0
    SHUFFLE = 1
    PLAY = 2
    ANSWER = 3
    OVER = 4


_DRAW: Final = Phase.DRAW
_SHUFFLE: Final = Phase.SHUFFLE
_PLAY: Final = Phase.PLAY
_ANSWER: Final = Phase.ANSWER
_OVER: Final = Phase.OVER

@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal scored. ``points`` is per seat (both partners get their side's points)."""

    game: int
    dealer: int
    points: tuple[int, int, int, int]
    tricks: tuple[int, int]
    """Tricks won by each side."""
    honours: tuple[int, int]
    """Honour points scored by each side (0 when none or not allowed at the score, W-§4.1)."""
    completed: bool
    """False when the deal ended without all thirteen tricks (a call answered, W-§4.2)."""


_hand_of: Final = lru_cache(maxsize=8192)(cards_of)
"""A hand's cards from its mask, shared by every view of it (every seat is viewed after every action)."""

_deal_result: Final = lru_cache(maxsize=4096, typed=True)(DealResult)
"""A :class:`DealResult`, shared by every rubber whose deal scored the same (it is immutable): deals score a few
thousand results, and making a frozen dataclass costs more than finding it."""


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int
    """The winning side (0: seats 0 and 2; 1: seats 1 and 3)."""
    score: tuple[int, int]
    value: int
    """W-§6.2/6.3: 1, 2 or 3 for a single, double or treble game."""


@dataclass(frozen=True, slots=True)
class RubberResult:
    """The outcome of the rubber. ``points`` per seat (the ledger); games, rubber points and winner per side."""

    points: tuple[int, int, int, int]
    games: tuple[int, int]
    rubber_points: tuple[int, int]
    """W-§6.2: game values won plus the rubber bonus, less the losers' game (final once the rubber is over)."""
    winner: int | None
    """The winning side, or None while the rubber goes on."""

    def returns(self) -> tuple[int, int, int, int]:
        """Zero-sum returns per seat: the net rubber points of each seat's side."""
        net = self.rubber_points[0] - self.rubber_points[1]
        return (net, -net, net, -net)


# --------------------------------------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    """The cards in the order played, the leader's first."""
    winner: int | None


@lru_cache(maxsize=8192)
def _trick_of(played: tuple[int, tuple[int, ...], int]) -> Trick:
    """A trick won, from its leader, its cards' indices and its winner: one value for every view that shows it
    (it is immutable), so that a painter finds the tricks it told earlier by identity."""
    leader, cards, winner = played
    return Trick(leader, tuple(CARDS[c] for c in cards), winner)


@dataclass(frozen=True, slots=True)
class Payment:
    """Points a side scored (or, negative, lost) in a deal, and the rule or law that moved them (the ledger)."""

    side: int
    points: int
    law: str


@dataclass(frozen=True, slots=True)
class LastDeal:
    """The deal that ended last, as everybody saw it end: its trumps, what it scored and why (public)."""

    dealer: int
    trump: Suit | None
    start_score: tuple[int, int]
    """Each side's points when it began (honours at eight and nine depend on it, W-§4.1)."""
    result: DealResult | None
    """What it scored; None when the hand was void (table mode, ``void_law``)."""
    payments: tuple[Payment, ...]
    """Its points, each with its rule or law (W-§6.1 tricks, W-§4.1 honours, W-§4.2 calling, W-R1 ...)."""
    void_law: str = ""
    """The law under which the hand was void (W-D1, W-D4, W-R6 ...), or ""."""
    game: GameResult | None = None
    """The game it ended (W-§6.2), if it ended one."""
    games: tuple[GameResult, ...] = ()
    """Every game of the rubber finished so far (W-§6.2)."""


@dataclass(frozen=True, slots=True)
class WhistView:
    """Exactly what one viewer (a seat, or :data:`PUBLIC`) knows at this moment."""

    viewer: int
    rules: WhistRules
    phase: Phase
    actor: int | None
    dealer: int | None
    hand: tuple[Card, ...]
    """The viewer's own cards (empty for the public)."""
    hand_sizes: tuple[int, int, int, int]
    trump: Suit | None
    turn_up: Card | None
    """WHIST-24: the turned-up card while it lies face up on the table (until the dealer plays to trick 1)."""
    turned_card: Card | None
    """The card that was turned up this deal (everyone saw it; it is in the dealer's hand until he plays it)."""
    exposed: tuple[tuple[Card, ...], ...]
    """Cards of each seat shown face up (table mode: exposed, thrown down), visible to everyone."""
    history: tuple[tuple[int, Action], ...]
    """This deal's actions as the viewer saw them (the deck order hidden)."""
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    """Each side's points in the game in progress."""
    start_score: tuple[int, int]
    """Each side's points when the deal began (honours at eight and nine depend on it, W-§4.1)."""
    games: tuple[int, int]
    called: int | None
    """The seat that called at eight this deal, if any (W-§4.2)."""
    legal_actions: tuple[Action, ...]
    """The viewer's legal actions when he is to act, else empty."""
    pending: Irregularity | None = None
    rulings: tuple[str, ...] = ()
    previous_tricks: tuple[Trick, ...] = ()
    """The tricks of the deal that ended last (public)."""
    payments: tuple[Payment, ...] = ()
    """This deal's points so far, each with its rule or law (public: the score is marked in view of all)."""
    last_deal: LastDeal | None = None
    """The deal that ended last: its trumps, its points and why, the game it ended (public)."""




def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: the deck order is never shown; a card going astray unseen (W-D5 the card
    of a twelve-card hand, W-P6 the second card played, known only to its player) is not named; every other act is
    public."""
    if isinstance(action, Shuffle):
        return None
    if isinstance(action, Irregular) and (
            action.kind == "twelve-cards" or (action.kind == "two-cards" and viewer != action.seat)):
        return Irregular(action.kind, action.seat, action.args[:-1])
    return action


@dataclass(frozen=True, slots=True)
class WhistPending(Pending):
    """Table mode: an irregularity waiting for its remedy (the engine's :class:`~academie.engine.Pending`), whose
    remedies name a suit or a card."""

    def remedies(self) -> tuple[Remedy, ...]:
        """The remedies offered: W-P1's ``call-suit`` once per suit; ``call`` (W-C1, W-C2 and every exposed card
        liable to be called) and ``play-before`` (W-P2) once per card the chooser may name."""
        law = self.irregularity.law
        offered: list[Remedy] = []
        for name in self.irregularity.remedies:
            if name == "call-suit":
                offered += (Remedy(name, law, (suit.letter,)) for suit in Suit)
            elif name in ("call", "play-before"):
                offered += (Remedy(name, law, (str(CARDS[card]),)) for card in self.cards)
            else:
                offered.append(Remedy(name, law))
        return tuple(offered)


# --------------------------------------------------------------------------------------------------- state
class Ending(NamedTuple):
    """A deal that has just ended (or was void under ``void_law``), with its ledger entries: what :class:`LastDeal`
    tells of it, made only when a view asks (most deals of a simulation are never looked at)."""

    dealer: int
    trump: Suit | None
    start_score: tuple[int, int]
    result: DealResult | None
    entries: tuple[Transfer, ...]
    void_law: str = ""
    game: GameResult | None = None
    games: tuple[GameResult, ...] = ()

    def last_deal(self) -> LastDeal:
        return LastDeal(self.dealer, self.trump, self.start_score, self.result, payments(self.entries),
                        self.void_law, self.game, self.games)


def payments(entries: Sequence[Transfer]) -> tuple[Payment, ...]:
    """The points ``entries`` moved, side by side (seat 0 for side 0, seat 1 for side 1: partners score alike), each
    with the rule or law the ledger cites; negative for points deducted (W-R1, W-H2, W-H7)."""
    return tuple(Payment(int(entry.target), entry.amount, entry.reason) if entry.source == MARKER
                 else Payment(int(entry.source), -entry.amount, entry.reason)
                 for entry in entries if entry.target in (0, 1) or entry.source in (0, 1))


@dataclass(slots=True, init=False)
class Deal:
    """The deal in progress (:attr:`WhistState.deal`): public for reading (the laws of
    :mod:`academie.games.whist.table` read it); only the state changes it, through its named methods.

    Its ``__init__`` is written out, the one place that says how a deal starts: a rubber makes one per deal, and
    the generated one (a default factory per list) cost twice as much."""

    dealer: int
    deck: tuple[int, ...]
    hands: list[int]
    trump: int
    turn_up: int
    turn_up_on_table: bool
    leader: int
    to_play: int
    trick: list[int]
    """Card indices played to the current trick, the leader's first."""
    tricks: list[tuple[int, tuple[int, ...], int]]
    """Finished tricks: (leader, cards in play order, winner)."""
    tricks_won: list[int]
    played: list[bool]
    start_score: tuple[int, int]
    caller: int
    """W-§4.2: the seat that called this deal (one call a deal)."""
    points: list[int]
    """Points scored by each side in this deal."""
    honours: list[int]
    start: int
    """Index in the operations log where this deal began."""
    # Table mode only (academie.games.whist.table):
    exposed: list[int]
    """Cards of each hand lying face up, liable to be called (W-C1, W-C3, W-P1, W-R2)."""
    revokes: list[tuple[int, int]]
    """(seat, trick number) of every revoke not corrected (W-R1, W-R3)."""
    cannot_win: int
    """W-P3: the seat that may not win the current trick (the fourth hand who played out of turn)."""
    barred_seat: int
    """W-P3: the partner who may not win the current trick, unless that forces a revoke."""
    called_suit: int
    """W-P1: the suit the adversaries require the next leader to lead."""
    called: list[int]
    """A card of each seat the adversaries have called (W-C1, W-C3, W-P1, W-R2, W-T3), played at the first turn
    it can be played without a revoke."""
    shown: list[int]
    """Cards seen by everybody but not liable to be called (W-D1: a card exposed in dealing, the deal standing)."""
    must_win: int
    """W-P3 (Club 68): the second hand called on to win the trick if he can."""
    capped: list[bool]
    """W-R1: a side that revoked cannot go out this hand (it stops one short of game)."""
    no_honours: int
    """WHIST-21, WHIST-22: the side that scores no honours this hand after a false call or answer stood."""
    aside: int
    """W-D5: the card of the short hand lying aside (under the table), unseen."""
    short_seat: int
    """W-D5, W-R7: the seat that plays with twelve cards."""
    aside_law: str
    """The law under which a card lies aside: W-D5 (a twelve-card hand) or W-P6 (a second card played)."""
    liable: list[int]
    """Exposed cards of each seat liable to be called: offered to the adversaries at each of his turns (W-C1 …)."""
    liable_law: list[str]
    """The law that made each seat's cards liable to be called (cited when they are called)."""
    offered_at: int
    """The turn (cards played this deal) at which the adversaries were last offered to call an exposed card."""
    omitted: int
    """W-P5: the seat that omitted to play to a trick (found out when he plays to the next one)."""
    omitted_trick: int
    """W-P5: the number of the trick he did not play to."""
    omission_found: bool
    """W-P5: the omission has been found and ruled on."""
    aside_since: int
    """W-P6: the number of revokes on record when the second card went astray (later ones are his to answer)."""
    unclaimed: tuple[int, int]
    """W-H3: (side, points) of honours a side has not claimed; claimable until the next trump card is turned."""
    overscore: tuple[int, int]
    """W-H7: (side, points) marked in error; deducted if proved before the next trump card is turned."""
    forgot: int
    """W-H3: the side that has not claimed its honours this hand (they are not scored unless claimed in time)."""
    too_late: tuple[int, int]
    """W-H3, W-H7: the side whose honours were lost, and the side whose overscore stood, at this deal's turn-up."""
    dealt: tuple[int, int, int, int]
    """The four hands as dealt (W-§4.1: honours count by what the partners were dealt)."""
    call_open: bool
    """W-§4.2: a call may still be made this deal (long whist, a side at eight, the first trick not done)."""
    ledger_start: int
    """Where this deal's entries begin in the ledger (its payments, :attr:`WhistView.payments`)."""
    ending: Ending | None
    """How the deal before this one ended, as it stood then (:attr:`last` is made from it when first read)."""
    made_last: LastDeal | None

    def __init__(self, *, dealer: int, start: int = 0, unclaimed: tuple[int, int] = (-1, 0),
                 overscore: tuple[int, int] = (-1, 0), ledger_start: int = 0, ending: Ending | None = None,
                 made_last: LastDeal | None = None) -> None:
        self.dealer = dealer
        self.deck = ()
        self.hands = [0, 0, 0, 0]
        self.trump = -1
        self.turn_up = -1
        self.turn_up_on_table = False
        self.leader = 0
        self.to_play = 0
        self.trick = []
        self.tricks = []
        self.tricks_won = [0, 0]
        self.played = [False, False, False, False]
        self.start_score = (0, 0)
        self.caller = -1
        self.points = [0, 0]
        self.honours = [0, 0]
        self.start = start
        self.exposed = [0, 0, 0, 0]
        self.revokes = []
        self.cannot_win = -1
        self.barred_seat = -1
        self.called_suit = -1
        self.called = [-1, -1, -1, -1]
        self.shown = [0, 0, 0, 0]
        self.must_win = -1
        self.capped = [False, False]
        self.no_honours = -1
        self.aside = -1
        self.short_seat = -1
        self.aside_law = "W-D5"
        self.liable = [0, 0, 0, 0]
        self.liable_law = ["", "", "", ""]
        self.offered_at = -1
        self.omitted = -1
        self.omitted_trick = -1
        self.omission_found = False
        self.aside_since = 0
        self.unclaimed = unclaimed
        self.overscore = overscore
        self.forgot = -1
        self.too_late = (-1, -1)
        self.dealt = (0, 0, 0, 0)
        self.call_open = False
        self.ledger_start = ledger_start
        self.ending = ending
        self.made_last = made_last

    @property
    def last(self) -> LastDeal | None:
        """The deal that ended last (:attr:`WhistView.last_deal`), made from :attr:`ending` when first read."""
        if self.made_last is None and self.ending is not None:
            self.made_last = self.ending.last_deal()
        return self.made_last

    @last.setter
    def last(self, value: LastDeal | None) -> None:
        self.ending, self.made_last = None, value

    @property
    def turn(self) -> int:
        """The number of cards played to tricks this deal (a turn at the table)."""
        return 4 * len(self.tricks) + len(self.trick)

    def copy(self) -> Deal:
        return _copy_deal(self)


_copy_deal: Final = dataclass_copier(Deal)
_DEFAULT_RULES: Final = WhistRules()
_SAMPLE_TRIES: Final = 200
"""Table mode: deals drawn again at most this many times when a ruling depends on hidden cards."""


class WhistTableLaws(TableLaws["WhistState", WhistPending], Protocol):
    """The laws of irregularities as the state calls them (:mod:`academie.games.whist.table`, injected by the
    package): the engine's four functions and the hooks the state gives the laws at their moments of the hand."""

    def before_turn(self, state: WhistState, /) -> None:
        """Before the seat to play acts: W-P5, W-P3 and the offer to call an exposed card (W-C1 …)."""
        ...

    def after_play(self, state: WhistState, seat: int, card: int, /) -> None:
        """A card has left the hand of a seat whose hand is short (W-D5, W-R7, W-P6)."""
        ...

    def before_scoring(self, state: WhistState, /) -> None:
        """The thirteenth trick is quitted, before anything is scored (W-P5)."""
        ...

    def rule_on_revokes(self, state: WhistState, /) -> bool:
        """W-R1, W-R6 at the end of the hand; True when a ruling is now pending or the hand is void."""
        ...

    def trump_turned(self, state: WhistState, /) -> None:
        """The next trump card is turned while honours are unclaimed or an overscore unproved (W-H3, W-H7)."""
        ...


class WhistState(OwedDealState[WhistRules]):
    """One rubber of Whist between seats 0 & 2 (side 0) and seats 1 & 3 (side 1)."""

    game_name = "whist"
    table_laws: ClassVar[WhistTableLaws | None] = None
    __slots__ = (
        "_actor",
        "_deal",
        "_deal_owed",
        "_game_results",
        "_games",
        "_histories",
        "_last_tricks",
        "_ledger",
        "_legal",
        "_legal_mask",
        "_operations",
        "_pending",
        "_phase",
        "_plain_play",
        "_rulings",
        "_score",
        "_shared",
        "_start",
        "_table",
        "_tricks_told",
        "automate_table",
        "chance",
        "deal_results",
        "rules",
    )
    clone_shared = ("rules", "automate_table", "_start", "_actor", "_legal", "_legal_mask", "_pending", "_phase",
                    "_table", "_last_tricks", "deal_results", "_deal_owed", "_plain_play", "_histories",
                    "_tricks_told", "_shared")
    clone_copied = ("_operations", "_ledger", "_rulings", "_score", "_games", "_game_results", "_deal")
    _pending: WhistPending | None

    def __init__(self, rules: WhistRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None,
                 score: tuple[int, int] = (0, 0), games: tuple[int, int] = (0, 0)) -> None:
        """A new rubber; ``score`` and ``games`` resume one at a game score (each side's points credited to both
        partners in the ledger, as if earlier deals had scored them, W-§6.1) and with games already won (W-§6.2:
        with two, the rubber is over)."""
        self.rules = rules or _DEFAULT_RULES
        self._table = self.rules.mode is Mode.TABLE
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        self._pending = None
        self._deal_owed = False
        self._last_tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._rulings: list[str] = []
        self._operations: list[Operation] = []
        self._histories = Histories.empty(viewers=SEATS + 1)
        self._shared: Shared | None = None
        """What every viewer's view of the last position viewed holds alike (replaced: a clone shares it)."""
        self._tricks_told: tuple[tuple[object, ...], tuple[Trick, ...], tuple[Trick, ...]] = ((), (), ())
        """The tricks of a view as the last view told them, with what they were told from (see
        :meth:`_tricks_view`): the same for every viewer, so made once per action, not once per viewer."""
        """Each viewer's history of the deal in progress as its last view told it (replaced: a clone shares it)."""
        self._ledger = Ledger(seats=SEATS)
        self._score = [score[0], score[1]]
        self._games = [games[0], games[1]]
        self._start = ((score[0], score[1]), (games[0], games[1]))
        for side, points in enumerate(score):
            for seat in (side, side + 2):
                if points:
                    self._ledger.transfer(MARKER, seat, points, "W-§6.1")
        self.deal_results: tuple[DealResult, ...] = ()
        """What each finished deal scored, in order (read it; the state replaces it as deals end). In enforced
        mode it does not wait for an owed deal (see :meth:`_automate`)."""
        self._game_results: list[GameResult] = []
        if first_dealer is not None and first_dealer not in range(SEATS):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0, 1, 2, 3, or None to draw")
        self._deal = Deal(dealer=first_dealer if first_dealer is not None else 0,
                          ledger_start=len(self._ledger.entries))
        self._legal: tuple[Action, ...] | None = None
        self._legal_mask = 0
        """The cards whose play is legal now, as a mask (0 in phases without plays); valid while ``_legal`` is."""
        self._phase = _DRAW if first_dealer is None else _SHUFFLE
        if max(games) >= 2:
            self._phase = _OVER  # W-§6.2: the rubber is the best of three games
        self._plain_play = False
        """A card is to be played in enforced mode and nobody may call: W-§5 alone says what is legal (the hot
        path of :meth:`legal_actions`). Set with the actor (:meth:`_compute_actor`) and as a trick is quitted."""
        self._actor = self._compute_actor()
        self.resolve_chance()

    @classmethod
    def new(cls, rules: WhistRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None,
            score: tuple[int, int] = (0, 0), games: tuple[int, int] = (0, 0)) -> Self:
        """A new rubber dealt from a seed, or from explicit deck orders (one per shuffle, the cut included).

        With neither, chance is left to the caller: apply :class:`DrawForDeal` and :class:`Shuffle` actions.
        Without ``first_dealer`` the players draw for the deal (the first deck order's first four cards).
        ``score`` and ``games`` resume a rubber (see :meth:`__init__`).
        """
        if seed is not None and decks is not None:
            raise RulesError("give either seed or decks, not both")
        chance: ChanceSource | None = None
        if seed is not None:
            chance = SeededChance(seed)
        elif decks is not None:
            chance = ExplicitChance(decks)
        return cls(rules, chance=chance, first_dealer=first_dealer, score=score, games=games)

    @classmethod
    def sample(cls, view: WhistView, rng: random.Random) -> Self:
        """A full state consistent with everything ``view.viewer`` knows now (for search: determinisation).

        The cards the viewer cannot see are dealt at random among the other hands, each to its size, respecting
        the cards shown (exposed cards, the turn-up still in the dealer's hand, WHIST-24), the cards played and
        the voids revealed by a failure to follow suit (W-§5); the deal is then made from a pack consistent with
        those hands and its history replayed, so that the sample reaches the same position (actor, legal actions,
        tricks, score). In table mode a ruling may depend on hidden cards (an exposed card offered only when it
        can be played without a revoke, W-C1 …; a claim's soundness, W-C2): deals whose replay does not reach the
        position seen are drawn again (a bounded number of times).

        What the view does not hold is not rebuilt: the earlier deals (the score and the games are the view's,
        credited in the ledger as if earlier deals had scored them; their rulings are kept) and, in table mode, a
        card astray unseen (W-D5, W-P6).
        """
        proved = [0, 0, 0, 0]  # voids proved by offers to call an exposed card (see _sample_once)
        replayed: Self | None = None
        for _ in range(_SAMPLE_TRIES + 1):
            sampled = cls._sample_once(view, rng, proved)
            if sampled is None:
                continue
            replayed = sampled
            again = sampled.view(view.viewer)
            if (again.actor, again.pending, again.rulings, again.exposed, again.score) == (
                    view.actor, view.pending, view.rulings, view.exposed, view.score):
                break
        if replayed is None:
            raise AssertionError("no deal consistent with the view's history was found")
        return replayed

    @classmethod
    def _sample_once(cls, view: WhistView, rng: random.Random, proved: list[int]) -> Self | None:
        """One deal drawn and the view's history replayed on it; ``None`` when the replay leaves the history (a
        ruling there depended on a hidden card), after adding to ``proved`` the void it proves, if any."""
        rules = view.rules
        if view.phase is Phase.DRAW or view.dealer is None:
            state = cls(rules, automate_table=False)
            state._rulings = list(view.rulings)
            return state
        dealing = view.phase is not Phase.SHUFFLE and view.phase is not Phase.OVER
        state = cls(rules, first_dealer=view.dealer, automate_table=False, games=view.games,
                    score=view.start_score if dealing else view.score)
        state._deal.last = view.last_deal  # the deal before, as everybody saw it end (not rebuilt)
        if view.phase is Phase.OVER:
            state._rulings = list(view.rulings)
            return state
        if dealing:
            hands = sample_hands(view, rng, exact=True, proved=proved)
            for trick in view.tricks:
                for offset, card in enumerate(trick.cards):
                    hands[(trick.leader + offset) & 3] |= card.bit
            state.apply_unchecked(Shuffle(_pack_for(hands, view.dealer, view.turned_card)))
        for actor, action in view.history:
            if type(action) is not Irregular and state.actor != actor:
                state._learn_void_from_offer(action, proved)
                return None
            state.apply_unchecked(action)
        state._rulings[:0] = view.rulings[:max(0, len(view.rulings) - len(state._rulings))]  # the earlier deals'
        return state

    def _learn_void_from_offer(self, action: Action, proved: list[int]) -> None:
        """W-C1, W-C2, W-C3, W-P4, W-P6, W-T2: the adversaries are offered to call an exposed card only when its
        holder can play it now without a revoke. The history holds their answer (``call`` or ``leave``) where this
        replay, on other hidden cards, made no offer: the exposed cards are of another suit than the one led, so
        the holder had none of the suit led (W-§5), a void that every later draw must respect."""
        deal = self._deal
        if type(action) is Remedy and action.name in ("call", "leave") and self._pending is None and deal.trick:
            proved[deal.to_play] |= 1 << suit_of(deal.trick[0])

    # ------------------------------------------------------------------------------------ the next deal, when needed
    # W-§3: once a deal is over, the automated chance source owes the next one. In enforced mode it is dealt when
    # something asks about the table as it now stands (who acts, what is legal, a view, the log, the ledger, the
    # score, a hand ...), so a caller that stops after a deal (a simulation of one deal, a search) never pays for
    # the next. The past (``deal_results``, ``game_results``) does not wait for it: in enforced mode turning the
    # next trump card changes nothing already scored (in table mode it may, W-H3, W-H7, so the next deal is dealt
    # at once there). Nothing tells the two apart: the same cards come from the same source in the same order.
    def _automate(self, actor: int) -> None:
        if actor == CHANCE and self.chance is not None and not self._table:
            self._deal_owed = True
        else:
            super()._automate(actor)

    def resolve_chance(self) -> None:
        """Let the injected chance source act now while chance is to act (automation): the draw for the first
        deal (W-§2.2), and the pack of each deal (W-§3)."""
        self._deal_owed = False
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            order = self.chance.shuffled(PACK_52)
            if self._phase is _DRAW:
                self.apply_unchecked(DrawForDeal((order[0], order[1], order[2], order[3])))
            else:
                self.apply_unchecked(Shuffle(order))
            self._deal_owed = False  # this loop deals what the action just applied left owed

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
        return None if self.phase is _DRAW else self._deal.dealer

    @property
    def score(self) -> tuple[int, int]:
        """Each side's points in the game in progress (W-§6.1)."""
        if self._deal_owed:
            self.resolve_chance()
        score = self._score
        return (score[0], score[1])

    @property
    def games(self) -> tuple[int, int]:
        """The games each side has won in this rubber (W-§6.2)."""
        if self._deal_owed:
            self.resolve_chance()
        games = self._games
        return (games[0], games[1])

    @property
    def setup(self) -> str:
        """How the rubber was set up away from the opening position, in words ("" when it was not): the score and
        games it started from (:meth:`new`). The game record has no place for them, so
        :func:`academie.record.from_state` refuses such a rubber rather than write a record that replays to
        another score."""
        (score, games) = self._start
        parts = [f"starting score {score[0]}-{score[1]}"] if score != (0, 0) else []
        if games != (0, 0):
            parts.append(f"games already won {games[0]}-{games[1]}")
        return ", ".join(parts)

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """Each finished game of the rubber (W-§6.2)."""
        return tuple(self._game_results)

    @property
    def deal(self) -> Deal:
        """The deal in progress, for reading only (the laws of :mod:`academie.games.whist.table` read it; every
        change goes through a method of the state)."""
        if self._deal_owed:
            self.resolve_chance()
        return self._deal

    def _compute_actor(self) -> int | None:
        """Who acts. Table mode: before the seat to play acts, his laws may stop the play first (W-P5, W-P3, an
        exposed card offered to be called, W-C1 …): that is why they are consulted here, once per action."""
        if self._pending is None and self._table and self._phase is _PLAY:
            laws = self.table_laws
            assert laws is not None, "table mode needs the laws the package injects"
            laws.before_turn(self)
        phase = self._phase
        self._plain_play = (phase is _PLAY and self._pending is None and not self._table
                            and not self._deal.call_open)
        if self._pending is not None:
            chooser = self._pending.irregularity.chooser
            return TABLE if chooser is None else chooser
        if phase is _PLAY:
            return self._deal.to_play
        if phase is _ANSWER:
            return partner_of(self._deal.caller)
        if phase is _OVER:
            return None
        return CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the actor may take now (empty when the rubber is over), cached until the next action; sets
        ``_legal_mask`` (the cards among them, so that a checked play is one bit test). The hot path is a card
        in enforced mode when nobody may call: W-§5, follow suit if able, otherwise any card."""
        legal = self._legal
        if legal is not None:
            return legal
        if self._plain_play:
            deal = self._deal
            mask = deal.hands[deal.to_play]
            trick = deal.trick
            if trick:
                suit = trick[0] // RANKS_PER_SUIT
                shift = _SHIFTS[suit]
                same = mask >> shift & _SUIT_BITS
                if same:
                    self._legal_mask = same << shift
                    legal = self._legal = _SUIT_PLAYS[suit][same]
                    return legal
            self._legal_mask = mask
            legal = self._legal = plays_of(mask)
            return legal
        if self._deal_owed:
            self.resolve_chance()
            return self.legal_actions()
        legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        """The legal actions off the hot path of :meth:`legal_actions` (every other phase and mode)."""
        deal = self._deal
        self._legal_mask = 0
        if self._pending is not None:
            return self._pending.remedies()
        phase = self._phase
        if phase is _PLAY:
            seat = deal.to_play
            if self._table:
                plays = self._plays(seat)
                mask = 0
                for play in plays:
                    mask |= _BITS[play.card.index]
            else:  # W-§5: follow suit if able, otherwise any card
                mask = deal.hands[seat]
                trick = deal.trick
                if trick:
                    suit = suit_of(trick[0])
                    same = mask >> _SHIFTS[suit] & _SUIT_BITS
                    if same:
                        mask = same << _SHIFTS[suit]
                        plays = _SUIT_PLAYS[suit][same]
                    else:
                        plays = plays_of(mask)
                else:
                    plays = plays_of(mask)
            self._legal_mask = mask
            if deal.call_open and self._may_call(seat):
                honours = (deal.hands[seat] & HONOURS[deal.trump]).bit_count()
                return ((SHOW_HONOURS if honours >= 3 else CALL), *plays)
            return plays
        if phase is _ANSWER:
            partner = partner_of(deal.caller)
            return (ANSWER,) if deal.hands[partner] & HONOURS[deal.trump] else (DENY,)
        return ()

    def legal_card_mask(self) -> int:
        """The cards whose play is legal now, as a mask (W-§5; table mode: W-C1, W-P1, W-P3 …)."""
        self.legal_actions()
        return self._legal_mask

    def _plays(self, seat: int) -> tuple[Play, ...]:
        """W-§5: follow suit if able, otherwise any card (no obligation to head the trick or to trump)."""
        deal = self._deal
        hand = deal.hands[seat]
        trick = deal.trick
        called = deal.called[seat]
        if called >= 0 and hand >> called & 1 and (
                not trick or suit_of(called) == suit_of(trick[0]) or not hand & SUIT_MASKS[suit_of(trick[0])]):
            return (PLAYS[called],)  # W-C1, W-C3: a called card is played, provided it makes no revoke
        if not trick:
            if deal.called_suit >= 0 and hand & SUIT_MASKS[deal.called_suit]:
                return plays_of(hand & SUIT_MASKS[deal.called_suit])  # W-P1: the suit called must be led
            return plays_of(hand)
        suit = suit_of(trick[0])
        same = hand >> _SHIFTS[suit] & _SUIT_BITS
        if same:
            plays = _SUIT_PLAYS[suit][same]
            if seat == deal.cannot_win or seat == deal.barred_seat or seat == deal.must_win:
                return self._constrained(seat, plays)
            return plays
        if seat == deal.cannot_win or seat == deal.barred_seat or seat == deal.must_win:
            return self._constrained(seat, plays_of(hand))
        return plays_of(hand)

    def _constrained(self, seat: int, plays: tuple[Play, ...]) -> tuple[Play, ...]:
        """W-P3, WHIST-11, WHIST-14: the fourth hand who played out of turn may neither trump nor win, and his
        partner may not win (Club 68: may be called on to win), whenever a legal card allows it (else any legal
        card: no revoke is forced)."""
        deal = self._deal
        current = winning_card(deal.trick, deal.trump)
        if seat == deal.must_win:
            winning = tuple(p for p in plays if not still_wins(current, p.card.index, deal.trump))
            return winning or plays
        led = suit_of(deal.trick[0])
        no_trump = seat == deal.cannot_win and led != deal.trump
        safe = tuple(p for p in plays if still_wins(current, p.card.index, deal.trump)
                     and not (no_trump and suit_of(p.card.index) == deal.trump))
        return safe or plays

    def _may_call(self, seat: int) -> bool:
        """W-§4.2, WHIST-21: at long whist a player of a side at eight, before his first card, holding two honours
        (or three or four: he shows them) may call; one call a deal."""
        deal = self._deal
        if not self.rules.calling or deal.caller >= 0 or deal.tricks or deal.played[seat] \
                or deal.hands[seat] != deal.dealt[seat]:  # enforced mode marks no play: the hand tells
            return False
        side = side_of(seat)
        game = self.rules.game_points
        if deal.start_score[side] != game - 2:
            return False
        if (not self.rules.eight_with_deal_calls_against_nine and side == side_of(deal.dealer)
                and deal.start_score[1 - side] == game - 1):
            return False
        return (deal.hands[seat] & HONOURS[deal.trump]).bit_count() >= 2

    def illegal_reason(self, action: Action) -> str:
        phase = self._phase
        if phase is _OVER:
            return "the rubber is over"
        deal = self._deal
        if isinstance(action, Play) and phase is _PLAY:
            if not deal.hands[deal.to_play] >> action.card.index & 1:
                return f"{action.card} is not in the hand of seat {deal.to_play}"
            return "a player must follow suit if he can (W-§5)"
        if isinstance(action, (Call, ShowHonours)):
            return ("only a player of a side at eight holding two honours (three or four: show them) may call, "
                    "before his first card, at long whist (W-§4.2)")
        if isinstance(action, (Answer, Deny)):
            return "only the partner of a caller answers: answer if he holds an honour, else deny (W-§4.2)"
        return f"not allowed in phase {phase.name.lower()}"

    def apply(self, action: Action) -> Operation:
        """Check and apply ``action`` (see :meth:`GameState.apply`), a card by one bit test against the legal
        cards, then played as :meth:`apply_unchecked` plays it (the same lines, written out twice: this is the hot
        path of every playout, where a call saved per card shows)."""
        if type(action) is Play:
            if self._legal is None:
                self.legal_actions()  # deals an owed deal first
            card = action.card.index
            if self._legal_mask >> card & 1:
                if self._table:
                    return super().apply_unchecked(action)
                self._legal = None  # _legal_mask is stale with it
                deal = self._deal
                seat = deal.to_play
                operation = _PLAY_OPERATIONS[seat][card]
                self._operations.append(operation)
                deal.hands[seat] &= _CLEARS[card]
                if deal.turn_up_on_table and seat == deal.dealer:
                    deal.turn_up_on_table = False  # WHIST-24: the dealer takes the turn-up in hand when he plays
                trick = deal.trick
                trick.append(card)
                if len(trick) < 4:
                    self._actor = deal.to_play = (seat + 1) & 3
                    return operation
                self._quit_trick()
                if self._phase is _PLAY:
                    self._actor = deal.to_play
                    self._plain_play = True  # W-§4.2: no call once the first trick is done
                else:
                    self._after_deal()
                return operation
        return super().apply(action)

    def apply_unchecked(self, action: Action) -> Operation:
        """The engine's template, with a fast path for a card played in enforced mode (the hot path of every
        playout): the log holds the canonical operation (no allocation), the legal actions are reset and the
        actor set as the template does."""
        if self._deal_owed:
            self.resolve_chance()
        if type(action) is not Play or self._table:
            return super().apply_unchecked(action)
        self._legal = None  # _legal_mask is stale with it
        deal = self._deal
        seat = deal.to_play
        card = action.card.index
        operation = _PLAY_OPERATIONS[seat][card]
        self._operations.append(operation)
        deal.hands[seat] &= _CLEARS[card]
        if deal.turn_up_on_table and seat == deal.dealer:
            deal.turn_up_on_table = False  # WHIST-24: the dealer takes the turn-up in hand when he plays
        trick = deal.trick
        trick.append(card)
        if len(trick) < 4:
            self._actor = deal.to_play = (seat + 1) & 3
            return operation
        self._quit_trick()
        if self._phase is _PLAY:
            self._actor = deal.to_play
            self._plain_play = True  # W-§4.2: no call once the first trick is done
        else:
            self._after_deal()
        return operation

    def _after_deal(self) -> None:
        """The fast path's last card of a deal (or of the rubber): the next actor set as the template does."""
        actor = self._actor = self._compute_actor()
        if actor is not None and actor < 0:
            self._automate(actor)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check_chance_outcome(self, action: Action) -> None:
        if self._phase is _DRAW:
            if not (isinstance(action, DrawForDeal) and len(set(action.cards)) == 4):
                raise IllegalActionError(action, CHANCE, (), "expected `draw C1 C2 C3 C4`: four different cards, "
                                         "drawn by seats 0 to 3 (W-§2.2)")
        elif not (isinstance(action, Shuffle) and len(action.order) == 52 and mask_of(action.order) == PACK_MASK):
            raise IllegalActionError(action, CHANCE, (), "expected `deck C1 … C52`: an order of the 52 cards, "
                                     "each once (W-§3)")

    # ------------------------------------------------------------------------------------ chance
    def _apply_draw(self, action: DrawForDeal) -> None:
        """W-§2.2: the lowest card deals first (ace lowest, W-§2.1); if the lowest rank is tied, draw again."""
        ranks = [DRAW_RANK[c.index] for c in action.cards]
        low = min(ranks)
        if ranks.count(low) > 1:
            return
        self._deal.dealer = ranks.index(low)
        self._phase = _SHUFFLE

    def _apply_shuffle(self, action: Shuffle) -> None:
        """W-§3, WHIST-24: one card at a time clockwise from the dealer's left; the last card, the dealer's, is
        turned up for trumps and lies on the table until the dealer plays to the first trick."""
        deck = tuple([card.index for card in action.order])
        deal = self._deal
        deal.deck = deck
        deal.start = len(self._operations) - 1
        self._deal_out(deck)
        if deal.unclaimed[0] >= 0 or deal.overscore[0] >= 0:
            laws = self.table_laws
            assert laws is not None
            laws.trump_turned(self)
            # W-H3, W-H7: too late now to claim honours or to prove an overscore (the laws rule on a late claim)
            deal.too_late = (deal.unclaimed[0], deal.overscore[0])
            deal.unclaimed = deal.overscore = (-1, 0)
        score = self._score
        deal.start_score = (score[0], score[1])
        eight = self.rules.game_points - 2
        deal.call_open = self.rules.calling and (score[0] == eight or score[1] == eight)  # W-§4.2
        deal.leader = deal.to_play = (deal.dealer + 1) & 3  # W-§5: the elder hand leads to the first trick
        self._phase = _PLAY

    def _deal_out(self, deck: tuple[int, ...]) -> None:
        """W-§3: card i of the pack goes to seat dealer + 1 + i: every fourth card to one seat; the last card, the
        dealer's, is turned up for trumps (WHIST-24)."""
        deal = self._deal
        dealer = deal.dealer
        bits = itemgetter(*deck)(_BITS)  # each card's bit, in the order of the pack (one call for the 52)
        hands = [0, 0, 0, 0]
        for offset in range(4):
            hands[(dealer + 1 + offset) & 3] = sum(bits[offset::4])
        deal.hands = hands
        deal.dealt = (hands[0], hands[1], hands[2], hands[3])
        deal.turn_up = deck[TURN_UP]
        deal.trump = suit_of(deck[TURN_UP])
        deal.turn_up_on_table = True

    # ------------------------------------------------------------------------------------ calling
    def _apply_call(self, action: Call) -> None:
        """W-§4.2, WHIST-21: the partner must answer."""
        self._deal.caller = self._deal.to_play
        self._phase = _ANSWER

    def _apply_answer(self, action: Answer) -> None:
        """W-§4.2: the partner holds an honour: three honours, two points, the game without play."""
        self.win_by_honours(side_of(self._deal.caller))

    def _apply_deny(self, action: Deny) -> None:
        """W-§4.2: the partner has no honour; the caller plays his card and the hand is played."""
        self._phase = _PLAY

    def _apply_show_honours(self, action: ShowHonours) -> None:
        """W-§4.2: three or four honours in one hand are shown: the game is won without play."""
        seat = self._deal.to_play
        self._deal.caller = seat
        self.win_by_honours(side_of(seat))

    def win_by_honours(self, side: int) -> None:
        """W-§4.2: the side at eight scores its honours (two for three, four for four) and goes out."""
        deal = self._deal
        points = 4 if self.honours_dealt(side) == 4 else 2
        deal.honours[side] = points
        self.score_points(side, points, "W-§4.2")
        if self._phase not in (_OVER, _SHUFFLE):
            self._end_deal(completed=False)

    def honours_dealt(self, side: int) -> int:
        """W-§4.1: how many honours of the trump suit the two partners of ``side`` were dealt."""
        dealt = self._deal.dealt
        return ((dealt[side] | dealt[side + 2]) & HONOURS[self._deal.trump]).bit_count()

    # ------------------------------------------------------------------------------------ play
    def _apply_play(self, action: Play) -> None:
        self.play_card(self._deal.to_play, action.card.index)

    def play_card(self, seat: int, card: int) -> None:
        """W-§5: the card goes to the trick; the fourth card decides it and its winner leads to the next. Table
        mode plays an irregular card this way too (a revoke, W-R3; the first of two cards, W-P6)."""
        deal = self._deal
        deal.hands[seat] &= ~_BITS[card]
        deal.played[seat] = True
        trick = deal.trick
        if self._table:
            if not trick:
                deal.called_suit = -1
            # the card is no longer exposed, liable or called once it is played (W-C1, W-C3, W-P1, W-D1)
            bit = _BITS[card]
            deal.exposed[seat] &= ~bit
            deal.liable[seat] &= ~bit
            deal.shown[seat] &= ~bit
            if deal.called[seat] == card:
                deal.called[seat] = -1
            if seat == deal.short_seat:
                laws = self.table_laws
                assert laws is not None
                laws.after_play(self, seat, card)
        if deal.turn_up_on_table and seat == deal.dealer:
            deal.turn_up_on_table = False  # WHIST-24: the dealer takes the turn-up into his hand when he plays
        trick.append(card)
        if len(trick) < 4:
            deal.to_play = (seat + 1) & 3
            return
        self._quit_trick()

    def _quit_trick(self) -> None:
        """W-§5: the fourth card decides the trick (highest trump, else highest of the suit led); its winner leads."""
        deal = self._deal
        trick = deal.trick
        leader = deal.leader
        first, second, third, fourth = trick
        played = _BITS[first] | _BITS[second] | _BITS[third] | _BITS[fourth]
        best = ((played & SUIT_MASKS[deal.trump]) or played & SUIT_MASKS[first // RANKS_PER_SUIT]).bit_length() - 1
        winner = (leader + trick.index(best)) & 3
        deal.tricks.append((leader, (first, second, third, fourth), winner))
        deal.tricks_won[winner & 1] += 1
        trick.clear()
        deal.call_open = False  # W-§4.2: no call once the first trick is done
        if self._table:
            deal.cannot_win = deal.barred_seat = deal.must_win = -1
        deal.leader = deal.to_play = winner  # W-§5: the winner of a trick leads to the next
        if len(deal.tricks) == TRICKS:
            self.score_deal()

    # ------------------------------------------------------------------------------------ table mode
    def _apply_irregular(self, action: Irregular) -> None:
        laws = self.table_laws
        assert laws is not None
        laws.commit(self, action)

    def _apply_remedy(self, action: Remedy) -> None:
        laws = self.table_laws
        assert laws is not None
        pending = self._pending
        assert pending is not None
        self.take_pending()
        laws.apply_remedy(self, pending, action)

    # The laws' changes to the deal, each named for what happens at the table (academie.games.whist.table).
    def expose_cards(self, seat: int, cards: int, *, liable_under: str = "") -> None:
        """Cards of ``seat`` lie face up (W-P1, W-P3 a card played out of turn); with ``liable_under`` they are
        also liable to be called under that law, offered to the adversaries at each of his turns when one can be
        played without a revoke (W-C1, W-C2, W-C3, W-P4, W-P6, W-T2)."""
        deal = self._deal
        deal.exposed[seat] |= cards
        if liable_under:
            deal.liable[seat] |= cards
            deal.liable_law[seat] = liable_under

    def call_card(self, seat: int, card: int) -> None:
        """A card of ``seat`` becomes exposed and called: played at his first turn it can be without a revoke
        (W-C1, W-C3, W-P1, W-P2, W-R2, W-T3)."""
        deal = self._deal
        deal.exposed[seat] |= _BITS[card]
        deal.called[seat] = card

    def show_cards(self, seat: int, cards: int) -> None:
        """Cards of ``seat`` seen by everybody but not liable to be called (W-D1: exposed in dealing, the deal
        standing; W-C2: the hand of a sound claim)."""
        self._deal.shown[seat] |= cards

    def note_offer(self) -> None:
        """The adversaries have been offered (or have made) their choice of a call at this turn: not again before
        the next card (W-C1 …, W-P3)."""
        self._deal.offered_at = self._deal.turn

    def require_lead(self, suit: int) -> None:
        """W-P1: the next leader must lead ``suit`` if he can."""
        self._deal.called_suit = suit

    def bar_from_winning(self, seat: int, *, nor_trump: bool = False) -> None:
        """W-P3 (WHIST-11, WHIST-14, Club 68): ``seat`` may not win the current trick (``nor_trump``: nor trump
        it, the offender himself), unless that forces a revoke."""
        if nor_trump:
            self._deal.cannot_win = seat
        else:
            self._deal.barred_seat = seat

    def oblige_to_win(self, seat: int) -> None:
        """W-P4, W-P3 (Club 68): ``seat`` must win the current trick if he can."""
        self._deal.must_win = seat

    def place_turn_up(self, *, on_table: bool) -> None:
        """WHIST-24, W-T1: the turn-up lies on the table, or the dealer has taken it into his hand."""
        self._deal.turn_up_on_table = on_table

    def set_aside(self, seat: int, card: int, law: str) -> None:
        """A card of ``seat`` goes astray unseen: W-D5 it lies aside (he plays with twelve), W-P6 it went into the
        trick as a second card (he answers for the revokes from now on)."""
        deal = self._deal
        deal.hands[seat] &= ~_BITS[card]
        deal.short_seat, deal.aside, deal.aside_law, deal.aside_since = seat, card, law, len(deal.revokes)

    def restore_aside(self) -> tuple[int, int, str]:
        """W-D5, W-P6: the card astray is found and goes back to its hand; returns (seat, card, law)."""
        deal = self._deal
        seat, card, law = deal.short_seat, deal.aside, deal.aside_law
        deal.hands[seat] |= _BITS[card]
        deal.short_seat = deal.aside = -1
        deal.aside_law = "W-D5"
        return seat, card, law

    def record_revoke(self, seat: int, trick: int) -> None:
        """W-R1, W-R3, W-R4, W-R7: a revoke by ``seat`` in trick number ``trick`` (-1: deemed established)."""
        self._deal.revokes.append((seat, trick))

    def correct_revoke(self) -> int:
        """WHIST-20, W-R2: the last revoke is corrected before the trick is turned: the trick is taken back up
        (turned over again if it was complete) and the revoker and the players after him take back their cards;
        the revoker is to play again. Returns his seat."""
        deal = self._deal
        seat, number = deal.revokes.pop()
        if number < len(deal.tricks):
            leader, cards, winner = deal.tricks.pop()
            deal.tricks_won[winner & 1] -= 1
            deal.trick, deal.leader = list(cards), leader
        position = (seat - deal.leader) & 3
        for offset, card in enumerate(deal.trick[position:]):
            deal.hands[(seat + offset) & 3] |= _BITS[card]
        deal.trick = deal.trick[:position]
        deal.to_play = seat
        return seat

    def establish_revoke(self) -> None:
        """W-R1: the first revoke on record is established: its side cannot go out this hand (it stops one short
        of game)."""
        deal = self._deal
        deal.capped[deal.revokes[0][0] & 1] = True

    def settle_revoke(self) -> None:
        """W-R1: the penalty of the first revoke on record has been chosen: it leaves the record."""
        self._deal.revokes.pop(0)

    def move_tricks(self, side: int, count: int) -> int:
        """W-R1: up to ``count`` tricks taken from ``side`` and given to the adversaries; returns how many."""
        won = self._deal.tricks_won
        moved = min(count, won[side])
        won[side] -= moved
        won[1 - side] += moved
        return moved

    def concede_tricks(self, seat: int) -> int:
        """W-C2: a sound claim: every remaining trick goes to the claimant's side and his cards lie face up (the
        others are conceded unplayed); returns how many tricks. The hand is then scored (:meth:`score_deal`)."""
        deal = self._deal
        remaining = TRICKS - len(deal.tricks)
        deal.tricks_won[seat & 1] += remaining
        deal.shown[seat] |= deal.hands[seat]
        deal.tricks.extend((seat, (), seat) for _ in range(remaining))
        return remaining

    def omit_play(self, seat: int) -> None:
        """W-P5: the fourth hand omits to play: the trick is turned and quitted with three cards (the winner
        leads) and the omission is on record, to be found once he has played to the next trick."""
        deal = self._deal
        trick = deal.trick
        winner = (deal.leader + trick.index(winning_card(trick, deal.trump))) & 3
        deal.tricks.append((deal.leader, tuple(trick), winner))
        deal.tricks_won[winner & 1] += 1
        deal.trick = []
        deal.cannot_win = deal.barred_seat = deal.must_win = -1
        deal.call_open = False
        deal.leader = deal.to_play = winner
        deal.omitted, deal.omitted_trick = seat, len(deal.tricks) - 1

    def find_omission(self) -> None:
        """W-P5: the omission is found (it is ruled on once)."""
        self._deal.omission_found = True

    def play_surplus_to_missed_trick(self) -> tuple[int, ...]:
        """W-P5: the deal having stood, the cards left over in the offender's hand count as played to the trick he
        missed; returns them."""
        deal = self._deal
        seat = deal.omitted
        surplus = tuple(indices_of(deal.hands[seat]))
        deal.hands[seat] = 0
        leader, cards, winner = deal.tricks[deal.omitted_trick]
        deal.tricks[deal.omitted_trick] = (leader, cards + surplus, winner)
        return surplus

    def declare_call(self, seat: int) -> None:
        """W-§4.2, W-H1, W-H4, W-H6: ``seat`` has called this deal (one call a deal)."""
        self._deal.caller = seat

    def play_on_without_honours(self, side: int) -> None:
        """WHIST-21, WHIST-22 (W-H4, W-H5, W-§9 Q7 option B): the deal stands after a false call or answer; the
        cards are taken up again and the hand is played out without any honour score for ``side``."""
        self._phase = _PLAY
        self._deal.no_honours = side

    def make_dealer(self, seat: int) -> None:
        """W-D7: a deal out of turn stands: ``seat`` is the dealer of this hand (the deal passes on from him). If
        the cards are already dealt, they are as dealt from him."""
        deal = self._deal
        deal.dealer = seat
        if self._phase is _PLAY:
            start = deal.start
            self._apply_shuffle(Shuffle(tuple(CARDS[c] for c in deal.deck)))
            deal.start = start  # the deal began with the pack as shuffled: the view's history with it

    def void_deal(self, law: str, *, passes: bool = False) -> None:
        """The hand is void under ``law`` (W-D1, W-D4, W-D6, W-D9, W-R6 …): its points are taken back through the
        ledger, and the same dealer deals again (or the deal passes, W-D4 option); a penalty already paid in it
        (W-H2) stands and is carried to the next deal's result."""
        deal = self._deal
        for side in (0, 1):
            if deal.points[side] > 0:
                self.deduct(side, deal.points[side], law)
        trump = self.trump
        self._new_deal((deal.dealer + 1) & 3 if passes else deal.dealer)
        self._deal.points = deal.points[:]
        self._deal.ending = Ending(deal.dealer, trump, deal.start_score, None,
                                   tuple(self._ledger.entries[deal.ledger_start:]), law, None,
                                   tuple(self._game_results))
        self._deal.made_last = None

    def forget_honours(self, side: int) -> None:
        """W-H3: ``side`` has not claimed its honours at the end of the hand: they are not scored then."""
        self._deal.forgot = side

    def claim_honours(self, side: int) -> int:
        """W-H3: ``side`` claims its honours in time: during the hand (they are scored at its end; returns 0), or,
        unclaimed at the end of the last hand, before the next trump card is turned: scored now (returns the
        points)."""
        deal = self._deal
        if deal.forgot == side and self._phase is _PLAY:
            deal.forgot = -1
            return 0
        points = deal.unclaimed[1]
        deal.unclaimed = (-1, 0)
        self.correct_last_hand(side, points, "W-H3")
        return points

    def rule_too_late(self, *, honours: bool) -> None:
        """W-H3 (``honours``), W-H7: a claim of honours, or a proof of overscore, after the next trump card was
        turned has been ruled on (lost; it stands)."""
        lost, stood = self._deal.too_late
        self._deal.too_late = (-1, stood) if honours else (lost, -1)

    def mark_overscore(self, side: int, points: int) -> None:
        """W-H7: ``side`` marks points it is not owed (through the ledger); deducted if proved before the next
        trump card is turned."""
        deal = self._deal
        for seat in (side, side + 2):
            self._ledger.transfer(MARKER, seat, points, "W-H7")
        self._score[side] += points
        deal.points[side] += points
        deal.overscore = (side, points)

    def prove_overscore(self) -> int:
        """W-H7: the overscore on record is proved before the next trump card is turned: it is deducted (from the
        hand just ended when the next deal is being made); returns the points."""
        deal = self._deal
        side, points = deal.overscore
        deal.overscore = (-1, 0)
        if self._phase is _SHUFFLE:
            self.correct_last_hand(side, -points, "W-H7")
        else:
            self.deduct(side, points, "W-H7")
        return points

    # ------------------------------------------------------------------------------------ scoring
    def score_deal(self) -> None:
        """W-§6.1: revoke penalties first (table mode), then the odd tricks, then honours (W-§4.1)."""
        deal = self._deal
        laws = self.table_laws
        if self._table:
            assert laws is not None
            laws.before_scoring(self)
        if deal.revokes:
            assert laws is not None
            if laws.rule_on_revokes(self):
                return  # the adversaries choose the penalty; scoring goes on after their choice
        self.score_tricks_and_honours()

    def score_tricks_and_honours(self) -> None:
        """W-§6.1: the side with seven tricks or more scores one a trick above six; then honours (W-§4.1), claimed
        for their holders at the end of the hand, before the next trump card is turned (W-H3), unless a side has
        neglected to claim them (table mode)."""
        deal = self._deal
        side = 0 if deal.tricks_won[0] >= 7 else 1
        odd = deal.tricks_won[side] - 6
        if odd > 0 and self.score_points(side, odd, "W-§6.1"):
            return
        for holder in (0, 1):
            points = self._honour_points(holder)
            if points and holder == deal.forgot:  # W-H3: not claimed: claimable until the next trump is turned
                deal.honours[holder] = 0
                deal.unclaimed = (holder, points)
                continue
            if points and self.score_points(holder, points, "W-§4.1"):
                return
        self._end_deal(completed=True)

    def _honour_points(self, side: int) -> int:
        """W-§4.1: four for all four honours, two for three; none at nine (long) or four (short), and at eight
        (long whist) only by calling (W-§9 Q6)."""
        deal = self._deal
        start = deal.start_score[side]
        game = self.rules.game_points
        if side == deal.no_honours or start >= game - 1 or (self.rules.calling and start == game - 2):
            return 0
        count = self.honours_dealt(side)
        points = 4 if count == 4 else 2 if count == 3 else 0
        deal.honours[side] = points
        return points

    def score_points(self, side: int, points: int, law: str) -> bool:
        """Points to a side (both partners in the ledger, citing ``law``); reaching game ends the deal and the game
        at once. Returns True when the game ended. W-R1: a side that revoked stops one short of game this hand."""
        if self._deal.capped[side]:
            points = min(points, self.rules.game_points - 1 - self._score[side])
            if points <= 0:
                return False
        for seat in (side, side + 2):
            self._ledger.transfer(MARKER, seat, points, law)
        self._score[side] += points
        self._deal.points[side] += points
        if self._score[side] >= self.rules.game_points:
            self._end_deal(completed=len(self._deal.tricks) == TRICKS)
            self._end_game(side)
            return True
        return False

    def deduct(self, side: int, points: int, law: str) -> None:
        """Table mode: take points back from a side through the ledger, citing ``law`` (a penalty deducted, W-R1;
        a voided hand; W-H2, W-H7)."""
        points = min(points, self._score[side])
        if points <= 0:
            return
        for seat in (side, side + 2):
            self._ledger.transfer(seat, MARKER, points, law)
        self._score[side] -= points
        self._deal.points[side] -= points

    def correct_last_hand(self, side: int, points: int, law: str) -> None:
        """W-H3, W-H7: points given to (or, negative, taken from) a side for the hand just ended, before the next
        trump card is turned: through the ledger citing ``law``, the score and that hand's result; reaching game
        ends the game (W-§6.2)."""
        if points < 0:
            points = -min(-points, self._score[side])
        if not points:
            return
        for seat in (side, side + 2):
            if points > 0:
                self._ledger.transfer(MARKER, seat, points, law)
            else:
                self._ledger.transfer(seat, MARKER, -points, law)
        self._score[side] += points
        last = self.deal_results[-1]
        seat_points = list(last.points)
        seat_points[side] += points
        seat_points[side + 2] += points
        self.deal_results = (*self.deal_results[:-1],
                              replace(last, points=(seat_points[0], seat_points[1], seat_points[2], seat_points[3])))
        if self._score[side] >= self.rules.game_points:
            self._end_game(side)

    def _end_deal(self, *, completed: bool) -> None:
        deal = self._deal
        game = len(self._game_results)
        self._last_tricks = deal.tricks
        side_points = deal.points
        self.deal_results += (_deal_result(
            game, deal.dealer, (side_points[0], side_points[1], side_points[0], side_points[1]),
            (deal.tricks_won[0], deal.tricks_won[1]), (deal.honours[0], deal.honours[1]), completed),)
        trump = deal.trump
        # W-§3: the deal passes to the left; how this one ended is told when a view asks (Deal.last)
        self._new_deal((deal.dealer + 1) & 3, Ending(
            deal.dealer, _SUITS[trump] if trump >= 0 else None, deal.start_score, self.deal_results[-1],
            tuple(self._ledger.entries[deal.ledger_start:]), "", None, tuple(self._game_results)))

    def _new_deal(self, dealer: int, ending: Ending | None = None) -> None:
        """A fresh deal, after the one that ended as ``ending`` (None: the last deal told is still the one before).
        W-R5: the revokes of the hand were ruled at its end (W-R1) and none is carried over: once the next deal is
        cut a revoke claim is too late. W-H3, W-H7: honours left unclaimed and an overscore not yet proved are
        carried until the next trump card is turned (see :meth:`_apply_shuffle`)."""
        old = self._deal
        self._deal = Deal(dealer=dealer, start=len(self._operations), unclaimed=old.unclaimed,
                          overscore=old.overscore, ledger_start=len(self._ledger.entries),
                          ending=old.ending if ending is None else ending,
                          made_last=old.made_last if ending is None else None)
        self._phase = _SHUFFLE

    def _end_game(self, winner: int) -> None:
        """W-§6.2: the game's value by the losers' score; the rubber is the best of three games."""
        score = self._score
        value = self.rules.game_value(score[1 - winner])
        self._game_results.append(GameResult(winner, (score[0], score[1]), value))
        deal = self._deal
        if deal.ending is not None:
            deal.ending, deal.made_last = deal.ending._replace(game=self._game_results[-1],
                                                                games=tuple(self._game_results)), None
        elif deal.made_last is not None:
            deal.made_last = replace(deal.made_last, game=self._game_results[-1], games=tuple(self._game_results))
        self._deal.unclaimed = self._deal.overscore = (-1, 0)  # W-H3, W-H7: nothing is corrected once game is won
        self._games[winner] += 1
        self._score = [0, 0]
        if self._games[winner] == 2:
            self._phase = _OVER

    # ------------------------------------------------------------------------------------ results
    def result(self) -> RubberResult:
        """Points per seat, games per side and rubber points (W-§6.2: values + bonus − the losers' game)."""
        points = self.ledger.seat_balances()  # the property: an owed deal is dealt first
        over = self._phase is _OVER
        games = self._games
        winner = (0 if games[0] > games[1] else 1) if over else None
        values = rubber_points(self.rules, self._game_results, over=over)
        return RubberResult((points[0], points[1], points[2], points[3]), (games[0], games[1]), values, winner)

    def returns(self) -> tuple[int, int, int, int]:
        return self.result().returns()

    @property
    def trump(self) -> Suit | None:
        trump = self.deal.trump
        return _SUITS[trump] if trump >= 0 else None

    @property
    def trump_card(self) -> Card | None:
        """The card turned up for trumps this deal."""
        turn_up = self.deal.turn_up
        return CARDS[turn_up] if turn_up >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, int]:
        won = self.deal.tricks_won
        return (won[0], won[1])

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (the full state: use :meth:`view` for what a seat may see)."""
        return cards_of(self.deal.hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self.deal.hands[seat]

    def current_trick(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.deal.trick)

    def view(self, viewer: int) -> WhistView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now; never another seat's hidden cards."""
        if viewer not in (0, 1, 2, 3, PUBLIC):
            raise RulesError(f"viewer {viewer!r} is not allowed; allowed: 0, 1, 2, 3, PUBLIC")
        if self._deal_owed:
            self.resolve_chance()
        deal = self._deal
        seat_view = viewer != PUBLIC
        self._histories, history = self._histories.told_on(viewer, self._operations, start=deal.start, redact=redact)
        self._shared = Shared.of(self._shared, (len(self._operations), len(self._rulings), len(self._ledger.entries),
                                                self._phase, self._actor, self._pending), self._shared_parts)
        return WhistView(
            viewer=viewer, hand=_hand_of(deal.hands[viewer]) if seat_view else (),
            history=history, legal_actions=tuple(self.legal_actions()) if viewer == self._actor else (),
            **self._shared.parts,
        )

    def _shared_parts(self) -> dict[str, Any]:
        """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`)."""
        deal = self._deal
        dealt = deal.turn_up >= 0
        return dict(
            rules=self.rules, phase=self._phase, actor=self._actor, dealer=self.dealer,
            hand_sizes=(deal.hands[0].bit_count(), deal.hands[1].bit_count(), deal.hands[2].bit_count(),
                        deal.hands[3].bit_count()),
            trump=_SUITS[deal.trump] if dealt else None,
            turn_up=CARDS[deal.turn_up] if dealt and deal.turn_up_on_table else None,
            turned_card=CARDS[deal.turn_up] if dealt else None,
            exposed=tuple(cards_of((deal.exposed[s] | deal.shown[s]) & deal.hands[s]) for s in range(SEATS)),
            tricks=self._tricks_view(),
            tricks_won=(deal.tricks_won[0], deal.tricks_won[1]),
            score=self.score, start_score=deal.start_score,
            games=self.games,
            called=deal.caller if deal.caller >= 0 else None,
            pending=self._pending.irregularity if self._pending else None, rulings=tuple(self.rulings),
            previous_tricks=self._tricks_told[2],
            payments=self.payments_of(deal), last_deal=deal.last,
        )

    def payments_of(self, deal: Deal) -> tuple[Payment, ...]:
        """The points ``deal`` moved so far, side by side (seat 0 for side 0, seat 1 for side 1: partners score
        alike), each with the rule or law the ledger cites; negative for points deducted (W-R1, W-H2, W-H7)."""
        return payments(self._ledger.entries[deal.ledger_start:])

    def _tricks_view(self) -> tuple[Trick, ...]:
        """The tricks of the deal so far (and, in :attr:`_tricks_told`, the last deal's), made again only when
        what they are made from differs from what the last view made them from."""
        deal = self._deal
        key = (*deal.tricks, deal.leader, *deal.trick, self._last_tricks)
        told = self._tricks_told
        if told[0] == key:
            return told[1]
        done = [_trick_of(played) for played in deal.tricks]
        if deal.trick:
            done.append(Trick(deal.leader, tuple(CARDS[c] for c in deal.trick), None))
        previous = told[2] if told[0] and told[0][-1] is self._last_tricks else tuple(
            _trick_of(played) for played in self._last_tricks)
        self._tricks_told = (key, tuple(done), previous)
        return self._tricks_told[1]


def known_voids(view: WhistView) -> list[int]:
    """For each seat, a mask of the suits (bit s) it has shown void in this deal, by failing to follow (W-§5)."""
    voids = [0, 0, 0, 0]
    for trick in view.tricks:
        if not trick.cards:
            continue
        led = trick.cards[0].suit
        for offset, card in enumerate(trick.cards[1:], start=1):
            if card.suit != led:
                voids[(trick.leader + offset) % 4] |= 1 << led
    return voids


def sample_hands(view: WhistView, rng: random.Random, *, tries: int = 30, exact: bool = False,
                 proved: Sequence[int] = (0, 0, 0, 0)) -> list[int]:
    """The four hands now, as masks: the viewer's own, and the unseen cards dealt to the other seats consistently
    with the view (see :meth:`WhistState.sample`) and with the voids ``proved`` besides (a mask of suits a seat).
    After ``tries`` random deals that break a void, the voids are relaxed, or with ``exact`` a consistent deal is
    searched for (one always exists in enforced mode: the true one; in table mode, where a void shown may be a
    revoke, the deal keeps only the voids ``proved`` when no deal keeps them all)."""
    me = view.viewer if view.viewer in range(SEATS) else -1
    hands = [0, 0, 0, 0]
    seen = 0
    if me >= 0:
        seen = hands[me] = mask_of(view.hand)
    for trick in view.tricks:
        seen |= mask_of(trick.cards)
    for seat in range(4):
        if seat != me:
            hands[seat] |= mask_of(view.exposed[seat])
    turned = view.turned_card
    if turned is not None and view.dealer is not None and view.dealer != me and not seen >> turned.index & 1:
        hands[view.dealer] |= turned.bit
    for seat in range(4):
        seen |= hands[seat]
    unseen = [i for i in range(52) if not seen >> i & 1]
    room = [view.hand_sizes[s] - hands[s].bit_count() if s != me else 0 for s in range(4)]
    voids = [shown | more for shown, more in zip(known_voids(view), proved, strict=True)]
    for attempt in range(tries + 1):
        strict = attempt < tries
        if not strict and exact:
            # table mode: a failure to follow may have been a revoke (W-R1 …), so the voids it showed may be false;
            # the voids proved by offers (W-C1 …) are true, and hold alone when the others cannot
            dealt = _deal_exactly(unseen, room, voids, rng) or _deal_exactly(unseen, room, list(proved), rng)
        else:
            dealt = _deal_greedily(unseen, room, voids if strict else [0, 0, 0, 0], rng)
        if dealt is not None:
            return [hands[s] | dealt[s] for s in range(4)]
    raise AssertionError("an unconstrained deal always succeeds")


def _deal_greedily(unseen: list[int], room: list[int], voids: list[int], rng: random.Random) -> list[int] | None:
    """The unseen cards dealt at random, the most constrained first; None when a card finds no seat."""
    order = unseen[:]
    rng.shuffle(order)
    order.sort(key=lambda card: sum(1 for s in range(4) if room[s] and not voids[s] >> suit_of(card) & 1))
    left = room[:]
    out = [0, 0, 0, 0]
    for card in order:
        seats = [s for s in range(4) if left[s] and not voids[s] >> suit_of(card) & 1]
        if not seats:
            return None
        weights = [left[s] for s in seats]
        seat = rng.choices(seats, weights)[0]
        out[seat] |= 1 << card
        left[seat] -= 1
    return out


def _deal_exactly(unseen: list[int], room: list[int], voids: list[int], rng: random.Random) -> list[int] | None:
    """The unseen cards dealt so that every seat gets its room and no card of a suit goes to a seat void in it:
    how many cards of each suit each seat gets is searched for (suit by suit, in random order), then the cards of
    each suit are shuffled and dealt by those counts."""
    by_suit: list[list[int]] = [[c for c in unseen if suit_of(c) == suit] for suit in range(4)]
    seats = [s for s in range(4) if room[s]]

    def counts(suit: int, left: list[int]) -> list[list[int]] | None:
        if suit == 4:
            return [] if not any(left) else None
        total = len(by_suit[suit])
        open_seats = [s for s in seats if not voids[s] >> suit & 1]
        options = [split for split in product(*(range(min(total, left[s]) + 1) for s in open_seats))
                   if sum(split) == total]
        rng.shuffle(options)
        for split in options:
            rest = left[:]
            for seat, n in zip(open_seats, split, strict=True):
                rest[seat] -= n
            later = counts(suit + 1, rest)
            if later is not None:
                row = [0, 0, 0, 0]
                for seat, n in zip(open_seats, split, strict=True):
                    row[seat] = n
                return [row, *later]
        return None

    plan = counts(0, room[:])
    if plan is None:
        return None
    out = [0, 0, 0, 0]
    for suit, row in enumerate(plan):
        cards = by_suit[suit][:]
        rng.shuffle(cards)
        for seat in range(4):
            for card in cards[:row[seat]]:
                out[seat] |= _BITS[card]
            cards = cards[row[seat]:]
    return out


def _pack_for(dealt: Sequence[int], dealer: int, turned: Card | None) -> tuple[Card, ...]:
    """A pack that deals ``dealt`` from ``dealer`` (W-§3: card i to seat dealer + 1 + i), the turned card last
    (WHIST-24)."""
    cards = [list(indices_of(dealt[(dealer + 1 + offset) & 3])) for offset in range(4)]
    if turned is not None:
        last = cards[3]  # the dealer's cards: positions 3, 7, …, 51
        last.remove(turned.index)
        last.append(turned.index)
    return tuple(CARDS[cards[i % 4][i // 4]] for i in range(52))


def rubber_points(rules: WhistRules, games: Sequence[GameResult], *, over: bool) -> tuple[int, int]:
    """W-§6.2, W-§6.3: each side's game values; once the rubber is over the winners add the rubber bonus and
    deduct the losers' game, and the losers score nothing.

    >>> short = WhistRules(variant="short")
    >>> rubber_points(short, [GameResult(0, (5, 4), 1), GameResult(1, (1, 5), 2), GameResult(0, (5, 0), 3)],
    ...               over=True)
    (4, 0)
    """
    values = [0, 0]
    for game in games:
        values[game.winner] += game.value
    if not over:
        return (values[0], values[1])
    winner = 0 if sum(g.winner == 0 for g in games) == 2 else 1
    net = values[winner] + rules.bonus - values[1 - winner]
    return (net, 0) if winner == 0 else (0, net)


def still_wins(current: int, card: int, trump: int) -> bool:
    """Whether ``current`` (the card winning the trick so far) still wins once ``card`` is played (W-§5)."""
    suit = suit_of(card)
    if suit == suit_of(current):
        return card < current
    return suit != trump


def winning_card(trick: Sequence[int], trump: int) -> int:
    """W-§5: the card winning the trick so far."""
    best = trick[0]
    for card in trick[1:]:
        if not still_wins(best, card, trump):
            best = card
    return best


def _winner_position(trick: Sequence[int], trump: int) -> int:
    """W-§5: the position in the trick of the highest trump, else of the highest card of the suit led."""
    best, position = trick[0], 0
    for i in (1, 2, 3):
        card = trick[i]
        if suit_of(card) == suit_of(best):
            if card > best:
                best, position = card, i
        elif suit_of(card) == trump:
            best, position = card, i
    return position


def trick_winner(leader: int, cards: Sequence[Card], trump: Suit) -> int:
    """The seat that wins a trick of four cards led by ``leader`` (W-§5).

    >>> trick_winner(0, [Card.parse(c) for c in ("KH", "AH", "2S", "3H")], Suit.SPADES)  # a trump on hearts
    2
    >>> trick_winner(1, [Card.parse(c) for c in ("KH", "AH", "2C", "3H")], Suit.SPADES)  # the ace of the suit
    2
    """
    return (leader + _winner_position([c.index for c in cards], trump)) & 3


WhistState.handlers = {
    DrawForDeal: WhistState._apply_draw,
    Shuffle: WhistState._apply_shuffle,
    Play: WhistState._apply_play,
    Call: WhistState._apply_call,
    Answer: WhistState._apply_answer,
    Deny: WhistState._apply_deny,
    ShowHonours: WhistState._apply_show_honours,
    Irregular: WhistState._apply_irregular,
    Remedy: WhistState._apply_remedy,
}
