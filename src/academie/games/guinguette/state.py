"""La Guinguette: 3 to 8 players, four cards each, three baskets (guinguette, cabaret, cotillon). RECONSTRUCTED.

The complete 19th-century rules are lost. What the sources give (the seed's ``GUINGUETTE-§1``, the rule file's
sourced sections ``GU-§2.1`` … ``GU-§5.1d``, from ADP and Littré) is implemented as stated; everything else is
the rule file's **Reconstruction R1**, cited by its section and reported as
``reconstructed`` in :mod:`academie.games.guinguette.laws`, in ``academie rules guinguette`` and in the help
text of the terminal game. Every choice of the rule file's §9 is a :class:`GuinguetteRules` option.

Seats are numbered in the order of play: seat ``dealer + 1`` is eldest hand and speaks first. Which neighbour is
on a player's left depends on the direction of play (``GU-§2.4d``: counter-clockwise by default, so the left-hand
neighbour is the previous seat). Hands are int bitmasks; the cotillon (the stock) is an ordered list, top first.

Counters: each seat's stock is ``rules.stock`` plus its ledger balance; the three baskets are ledger accounts;
a new stock bought by a ruined player comes from the ``banque`` account (``GU9``). Every movement is a transfer
citing its rule, so stocks plus baskets are conserved and the ledger sums to zero.

>>> state = GuinguetteState.new(seed=3, first_dealer=0)
>>> state.actor, state.rules.players, len(state.hand(1))
(1, 4, 4)
>>> [str(a) for a in state.legal_actions()][:2]
['keep', 'stir 7C']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Any, ClassVar, Final, Literal, Protocol, Self

from academie.cards import (
    CARDS,
    PACK_36,
    PACK_52,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
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
    written_maker,
)
from academie.engine import (
    Shuffle as Shuffle,
)
from academie.laws import Irregular as Irregular
from academie.laws import Irregularity, parse_table_action
from academie.laws import Remedy as Remedy
from academie.ledger import Ledger, Transfer

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8
HAND_SIZE: Final = 4
DEALT_AT_A_TIME: Final = 2
"""GU-§4.3: the cards are dealt two at a time."""
GUINGUETTE: Final = "guinguette"
CABARET: Final = "cabaret"
COTILLON: Final = "cotillon"
BANK: Final = "banque"
BASKETS: Final = (GUINGUETTE, CABARET, COTILLON)
"""GU-§2.5: the three baskets on the table."""
MEASURES: Final = (1, 2, 4)
"""GU-§3.1, GU-§5.1d: demi-septier = 1 token, chopine = 2, pinte = 4."""
MEASURE_NAMES: Final = {1: "demi-septier", 2: "chopine", 4: "pinte"}
STIR_COST: Final = 2
"""GU-§5.1a: stirring the cotillon costs two tokens."""
QUEEN_OF_DIAMONDS: Final = Card(Rank.QUEEN, Suit.DIAMONDS).index
"""GUINGUETTE-§1: the guinguette is the queen of diamonds."""

# GU-§2.2: K high down to the ace, the lowest card, counting one. LEVEL: A=1, 2..10, J=11, Q=12, K=13.
LEVEL: Final[tuple[int, ...]] = tuple(1 if c.rank == Rank.ACE else int(c.rank) for c in CARDS)
POINT_VALUE: Final[tuple[int, ...]] = tuple(min(level, 10) for level in LEVEL)
"""GU-§2.2v (R1): A = 1, 2–10 at face value, J/Q/K = 10 (for the no-tierce fallback)."""
MASK_36: Final = mask_of(PACK_36)
MASK_52: Final = mask_of(PACK_52)


# --------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True, slots=True, kw_only=True)
class GuinguetteRules:
    """Every option of La Guinguette. Defaults: the rule file's Reconstruction R1 (its §3.2 and §9 table).

    >>> GuinguetteRules().version, GuinguetteRules(players=6).pack_size
    ('guinguette/1', 52)
    >>> GuinguetteRules(restir_cost=3)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: rules option restir_cost=3 is not allowed; allowed: 2, 4
    """

    version: str = "guinguette/1"
    players: int = 4
    """GU-§2.1 (GUINGUETTE-§1): 3 to 8 players; the pack follows (36 cards for 3–4, 52 for 5–8)."""
    stock: int = 40
    """GU-§2.3: each player's stock (prise) of 30 to 40 tokens; 40 [CHOICE]."""
    g_ante: int = 1
    """GU-§3.2: tokens each player puts into the guinguette basket each deal (ADP: "one or more")."""
    c_ante: int = 1
    """GU-§3.2 (Q4): tokens each player puts into the cabaret basket each deal [R1]; 0 for none."""
    restir_cost: int = 4
    """GU-§3.2 (Q5): the cost of re-stirring (renvier le cotillon), 4 [R1] or 2."""
    max_stirs: int = 2
    """GU-§5.3a (Q5): stirs a player may make in a deal: 2 = one stir and one renvi [R1]; up to 8 renvi rounds."""
    tierce_same_suit: bool = False
    """GU-§5.1f (Q2): a tierce of one suit only (Piquet sense) instead of any suits [R1]."""
    ace_next_to_six: bool = False
    """GU-§5.1f (Q3): with 36 cards, 7-6-A is a tierce (the ace adjacent to the six); default 8-7-6 is lowest."""
    guinguette_claim_at_deal: bool = False
    """GU-§5.4a (Q1): the ♦Q basket is claimed right after the deal instead of at the showdown [R1]."""
    guinguette_wild: bool = False
    """GU-§5.4a (Q1): the ♦Q is a wild card that completes a tierce."""
    discard_mixed: bool = True
    """GU-§5.1e (Q6): a stirrer's discard is mixed into the cotillon [CHOICE]; False: set aside (the stock shrinks)."""
    betting: Literal["bouillotte", "ladder"] = "bouillotte"
    """GU-§5.3b (Q7): open/hold/raise by any measure [R1], or "ladder": each bet must step up a measure."""
    max_raises: int = 0
    """GU-§5.3b: the most raises after the opening bet in a deal; 0 = unlimited [R1]."""
    no_tierce: Literal["point", "carry"] = "point"
    """GU-§5.4b (Q8): with no tierce among those still in, the highest point wins [R1], or the cabaret carries."""
    cotillon_to: Literal["cabaret_winner", "guinguette_holder", "tierce_winner"] = "cabaret_winner"
    """GU-§5.4c (Q9): who takes the cotillon basket: the cabaret winner [R1], the ♦Q holder, or the cabaret
    winner only when he won with a tierce (else it carries)."""
    trick_phase: bool = False
    """GU-§5.6 (Q10): after the vying, four tricks are played; the player with most tricks takes the cotillon."""
    direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    """GU-§2.4d (Q11): the direction of play, which decides who is a player's left-hand neighbour."""
    cotillon_shuffler: Literal["stirrer", "dealer"] = "stirrer"
    """GU-§5.3a (Q12): who shuffles the cotillon for a stir: the stirrer, his left-hand neighbour cutting [CHOICE],
    or the dealer, who also cuts."""
    rounds: int = 1
    """GU-§5.5: deals played = rounds × players (an agreed multiple of the number of players) [R1]."""
    mode: Mode = Mode.ENFORCED
    """Enforced (irregular acts are refused) or table (accepted and ruled on under GU1–GU9)."""

    def __post_init__(self) -> None:
        check_option("version", self.version, ["guinguette/1"])
        check_option("players", self.players, list(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
        check_option("stock", self.stock, list(range(30, 41)))
        check_option("g_ante", self.g_ante, [1, 2, 3, 4])
        check_option("c_ante", self.c_ante, [0, 1, 2, 3, 4])
        check_option("restir_cost", self.restir_cost, [2, 4])
        check_option("max_stirs", self.max_stirs, list(range(1, 9)))
        check_option("max_raises", self.max_raises, list(range(0, 21)))
        check_option("rounds", self.rounds, list(range(1, 11)))
        for name in ("tierce_same_suit", "ace_next_to_six", "guinguette_claim_at_deal", "guinguette_wild",
                     "discard_mixed", "trick_phase"):
            check_option(name, getattr(self, name), [False, True])
        check_option("betting", self.betting, ["bouillotte", "ladder"])
        check_option("no_tierce", self.no_tierce, ["point", "carry"])
        check_option("cotillon_to", self.cotillon_to, ["cabaret_winner", "guinguette_holder", "tierce_winner"])
        check_option("direction", self.direction, ["counterclockwise", "clockwise"])
        check_option("cotillon_shuffler", self.cotillon_shuffler, ["stirrer", "dealer"])
        check_option("mode", self.mode, list(Mode))

    @property
    def pack(self) -> tuple[Card, ...]:
        """GU-§2.1: 36 cards (2s to 5s removed) for 3–4 players, 52 for 5–8."""
        return PACK_36 if self.players <= 4 else PACK_52

    @property
    def pack_size(self) -> int:
        return len(self.pack)

    @property
    def deals(self) -> int:
        """GU-§5.5: the number of deals of a partie."""
        return self.rounds * self.players

    def left_of(self, seat: int) -> int:
        """GU-§2.4d: the left-hand neighbour of ``seat`` (the previous seat when play runs counter-clockwise)."""
        step = -1 if self.direction == "counterclockwise" else 1
        return (seat + step) % self.players


# --------------------------------------------------------------------------------------------------- tierces
def _sequence_positions(rules: GuinguetteRules) -> tuple[int, ...]:
    """GU-§5.1c: each card's place in the run of low cards (A … J), or -9 when it can belong to no tierce.

    With 36 cards the ace is not adjacent to the six unless ``ace_next_to_six`` (GU-§5.1f).
    """
    positions = []
    for card in CARDS:
        level = LEVEL[card.index]
        if card.rank in (Rank.QUEEN, Rank.KING):
            positions.append(-9)  # GU-§5.1c: kings and queens form no tierce
        elif rules.players > 4:
            positions.append(level - 1)  # A=0, 2=1, … J=10
        elif card.rank == Rank.ACE:
            positions.append(0 if rules.ace_next_to_six else -9)
        else:
            positions.append(level - Rank.SIX + 1)  # GU-§2.1: the six is the lowest card after the ace: 6=1, … J=6
    return tuple(positions)


_POSITIONS: dict[tuple[int, bool], tuple[int, ...]] = {}
_JACK: Final = Card(Rank.JACK, Suit.CLUBS).index


def sequence_positions(rules: GuinguetteRules) -> tuple[int, ...]:
    """GU-§5.1c: each card's place in the run of low cards (A … J), or -9 when it can belong to no tierce, by card
    index (made once per kind of pack).

    >>> rules = GuinguetteRules()
    >>> [sequence_positions(rules)[Card.parse(text).index] for text in ("6C", "JH", "KS")]
    [1, 6, -9]
    """
    key = (rules.players > 4, rules.ace_next_to_six)
    positions = _POSITIONS.get(key)
    if positions is None:
        positions = _POSITIONS[key] = _sequence_positions(rules)
    return positions


def tierce_of(hand: int, rules: GuinguetteRules) -> int:
    """The best tierce in ``hand`` as the place of its top card plus one (0: no tierce), GU-§5.1c / GU-§5.1f.

    A four-card run counts as its best tierce; with ``guinguette_wild`` the ♦Q completes one (GU-§5.4a).

    >>> rules = GuinguetteRules()
    >>> tierce_of(mask_of(parse_cards("JC TH 9S 7D")), rules) > tierce_of(mask_of(parse_cards("TS 9D 8C AH")), rules)
    True
    >>> tierce_of(mask_of(parse_cards("KH QS JD TD")), rules)
    0
    """
    positions = sequence_positions(rules)
    wild = rules.guinguette_wild and bool(hand >> QUEEN_OF_DIAMONDS & 1)
    need = 2 if wild else 3
    groups = [0] * len(Suit) if rules.tierce_same_suit else [0]
    mask = hand
    while mask:
        low = mask & -mask
        index_in = low.bit_length() - 1
        mask ^= low
        place = positions[index_in]
        if place >= 0:
            groups[suit_of(index_in) if rules.tierce_same_suit else 0] |= 1 << place
    best = 0
    highest = positions[_JACK]  # a tierce never reaches the queen
    for bits in groups:
        for top in range(highest, 1, -1):
            window = bits >> (top - 2) & 0b111
            if window.bit_count() >= need and top + 1 > best:
                best = top + 1
                break
    return best


def point_of(hand: int) -> int:
    """GU-§2.2v (R1): the point of a hand, A = 1, 2–10 at face value, courts 10.

    >>> point_of(mask_of(parse_cards("KS JD 9C 6H")))
    35
    """
    return sum(POINT_VALUE[card.index] for card in cards_of(hand))


def tierce_name(value: int, rules: GuinguetteRules) -> str:
    """The French name of a tierce by its top card ("au valet", "au dix", …) from :func:`tierce_of`.

    >>> tierce_name(tierce_of(mask_of(parse_cards("JC TH 9S")), GuinguetteRules()), GuinguetteRules())
    'tierce au valet'
    """
    if value == 0:
        return "no tierce"
    positions = sequence_positions(rules)
    level = next(LEVEL[index] for index, place in enumerate(positions) if place == value - 1)
    names = {11: "valet", 10: "dix", 9: "neuf", 8: "huit", 7: "sept", 6: "six", 5: "cinq", 4: "quatre",
             3: "trois", 2: "deux"}
    return f"tierce au {names[level]}"


# ------------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class DrawForDeal(Action):
    """Chance: each player draws a card for the first deal, in seat order (GU-§2.4)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("draw", *(str(c) for c in self.cards)))


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """Chance: the cotillon after a stirrer's shuffle and cut, top card first; he takes the top card (GU-§5.1a)."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "cotillon " + " ".join(str(c) for c in self.order)


@dataclass(frozen=True, slots=True)
class Stir(Action):
    """GU-§5.1a: « je remue le cotillon »: discard ``card`` face down, pay 2, draw the cotillon's top card."""

    card: Card

    def __str__(self) -> str:
        return f"stir {self.card}"


@dataclass(frozen=True, slots=True)
class Restir(Action):
    """GU-§5.1b: « je renvie le cotillon »: stir again after the others have spoken (cost GU-§3.2)."""

    card: Card

    def __str__(self) -> str:
        return f"restir {self.card}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """GU-§5.3a: « je m'y tiens »: keep one's hand in a cotillon round."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """GU-§5.3b: « passe »: check before anyone has bet, keeping the right to come in later."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """GU-§5.3b: open the cabaret contest with a measure (1 demi-septier, 2 chopine, 4 pinte)."""

    amount: int

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """GU-§5.3b: « tiens »: match the highest contribution."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """GU-§5.3b, GU-§5.1d: « renvi »: match, then add a measure as a raise on what the cabaret holds."""

    amount: int

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """GU-§5.3b: « quitte »: leave the cabaret contest; what one put in stays in the basket."""

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class AllIn(Action):
    """GU-§5.3b: a player short of the amount to hold puts in all he has (side pots, GU-§5.4d)."""

    def __str__(self) -> str:
        return "all-in"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """GU-§5.6 (option ``trick_phase``): play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class HiddenStir(Action):
    """Another player's stir as a seat sees it: the discard is face down."""

    again: bool

    def __str__(self) -> str:
        return "restir ??" if self.again else "stir ??"


KEEP: Final = Keep()
PASS: Final = Pass()
HOLD: Final = Hold()
FOLD: Final = Fold()
ALL_IN: Final = AllIn()
STIRS: Final[tuple[Stir, ...]] = tuple(Stir(c) for c in CARDS)
RESTIRS: Final[tuple[Restir, ...]] = tuple(Restir(c) for c in CARDS)
PLAYS: Final[tuple[PlayCard, ...]] = tuple(PlayCard(c) for c in CARDS)
BETS: Final = {m: Bet(m) for m in MEASURES}
RAISES: Final = {m: Raise(m) for m in MEASURES}

_VERBS: Final = "keep, stir CARD, restir CARD, pass, bet 1|2|4, hold, raise 1|2|4, fold, all-in, play CARD"


def parse_action(text: str) -> Action:
    """Read a Guinguette action from its text form.

    >>> parse_action("STIR kc"), parse_action("raise 4"), parse_action("all-in")
    (Stir(card=Card.parse('KC')), Raise(amount=4), AllIn())
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError(f"empty action; expected one of: {_VERBS}")
    verb, args = words[0].lower(), words[1:]
    table_action = parse_table_action(words)
    if table_action is not None:
        return table_action
    simple = {"keep": KEEP, "pass": PASS, "hold": HOLD, "fold": FOLD, "all-in": ALL_IN}
    try:
        if verb in simple and not args:
            return simple[verb]
        if verb in ("stir", "restir", "play") and len(args) == 1:
            card = Card.parse(args[0]).index
            return (STIRS if verb == "stir" else RESTIRS if verb == "restir" else PLAYS)[card]
        if verb in ("bet", "raise") and len(args) == 1:
            amount = int(args[0]) if args[0].isascii() and args[0].isdigit() else -1
            if amount not in MEASURES:
                raise ValueError(f"the measures are 1 (demi-septier), 2 (chopine) and 4 (pinte), not {args[0]!r}")
            return (BETS if verb == "bet" else RAISES)[amount]
        if verb in ("deck", "cotillon", "draw") and args:
            cards = parse_cards(" ".join(args))
            return Shuffle(cards) if verb == "deck" else Reshuffle(cards) if verb == "cotillon" else DrawForDeal(cards)
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"unknown action {text!r}; expected one of: {_VERBS} (table mode also: "
                           "! KIND SEAT [ARGS], remedy NAME [ARGS] law=ID)")


_SEEN_ALIKE: Final = frozenset((Keep, Pass, Bet, Hold, Raise, Fold, AllIn, PlayCard, DrawForDeal, HiddenStir, Remedy))
"""The kinds of action every viewer sees as they are (:func:`redact` gives them back at once: the card room tells
every viewer the actions since his last view after every action)."""
_HIDDEN_STIRS: Final = (HiddenStir(False), HiddenStir(True))
"""Another player's stir and stir again as a seat sees them (one value each: redacted for every viewer)."""


def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: chance orders removed, another player's discard face down (GU-§5.1a),
    in table mode too: the card of a stir made without paying (GU5) or out of turn (GU4) is named to its player
    only (``! unpaid-stir 1 ??``, ``! out-of-turn 1 stir ??``), as a regular stir is (``stir ??``).

    >>> str(redact(1, Irregular("out-of-turn", 1, ("stir", "9D")), 2)), str(redact(1, Stir(Card.parse("9D")), 1))
    ('! out-of-turn 1 stir ??', 'stir 9D')
    """
    kind = type(action)
    if kind in _SEEN_ALIKE:
        return action
    if kind is Shuffle or kind is Reshuffle:
        return None
    if actor != viewer and (kind is Stir or kind is Restir):
        return _HIDDEN_STIRS[kind is Restir]
    if actor != viewer and isinstance(action, Irregular):
        args = face_down_args(action)
        if args != action.args:
            return Irregular(action.kind, action.seat, args)
    return action


UNSEEN: Final = "??"
"""A card another seat may not see, as a view's history and a redacted record write it."""


def face_down_args(act: Irregular) -> tuple[str, ...]:
    """The arguments of an irregular act as the other players saw them: GU-§5.1a, a stir's discard goes face down,
    so the card of ``! unpaid-stir SEAT CARD`` (GU5) and of ``! out-of-turn SEAT stir|restir CARD`` (GU4) is ``??``
    (its number of cards kept); every other act is done in sight of the table."""
    args = act.args
    if act.kind == "unpaid-stir":
        return (UNSEEN,) * len(args)
    if act.kind == "out-of-turn" and args and args[0].lower() in ("stir", "restir"):
        return (args[0], *(UNSEEN,) * (len(args) - 1))
    return args


# ----------------------------------------------------------------------------------------------- results
class Phase(IntEnum):
    DRAW = 0
    SHUFFLE = 1
    RESHUFFLE = 2
    STIR = 3
    BET = 4
    TRICKS = 5
    OVER = 6


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal moved: counters won (+) or lost (−) per seat, and who took each basket."""

    deal: int
    dealer: int
    points: tuple[int, ...]
    """Counters won or lost by each seat in the deal (antes, fees, bets, baskets won; stocks bought excluded)."""
    guinguette: int | None
    """The seat that took the guinguette basket (GU-§5.4a), or None (it carried over)."""
    cabaret: int | None
    """The seat that took the (main) cabaret basket (GU-§5.4b), or None (no contest or carried)."""
    cotillon: int | None
    """The seat that took the cotillon basket (GU-§5.4c), or None (it carried over)."""
    tierce: int
    """The winning hand's tierce value (:func:`tierce_of`), 0 when won on point or without a showdown."""
    shown: tuple[tuple[Card, ...], ...]
    """The cards each seat showed (at the showdown, or the ♦Q claimed)."""
    game: int = 0
    """A Guinguette partie is one game (the shared replay format asks for it)."""
    tricks: tuple[int, ...] = ()
    """GU-§5.6: tricks won per seat when the trick phase is played."""
    completed: bool = True
    """False for a deal annulled by a misdeal (table mode, GU2/GU3)."""
    payments: tuple[Transfer, ...] = ()
    """Every movement of tokens in the deal, in order, each citing its rule: the antes, the stir fees, the bets,
    the fines, the baskets paid at the showdown and the final share (GU-§3.2 … GU-§5.5, GU1–GU9)."""
    history: tuple[tuple[int, Action], ...] = ()
    """The deal's actions; in a view, as its viewer saw them (others' discards face down, chance hidden)."""


_RESULT_FIELDS: Final = tuple(item.name for item in dataclasses.fields(DealResult))
_made_result: Final = written_maker(DealResult)
"""A :class:`DealResult` of its fields, set through their slots (each viewer's last deal is made again at every
deal's end: ``dataclasses.replace`` reads the class's fields anew at every call)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int | None
    stocks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PartieResult:
    """Counters won or lost per seat (stocks bought excluded), the stocks, and the leader when it is over."""

    points: tuple[int, ...]
    stocks: tuple[int, ...]
    bought: tuple[int, ...]
    games: tuple[int, ...]
    winner: int | None

    def returns(self) -> tuple[int, ...]:
        """Zero-sum returns: the counters won or lost."""
        return self.points


# --------------------------------------------------------------------------------------------------- views
@dataclass(frozen=True)
class GuinguetteView:
    """Exactly what one viewer (a seat, or :data:`PUBLIC`) knows at this moment.

    Its fields live in its ``__dict__`` rather than in slots (issue 33): the card room makes a view of every viewer
    after every action, and a view is made as a copy of the dictionary of the fields every viewer of the position
    shares, its viewer's own set into it (:func:`_written_view`), in a third of the time thirty slots take to set."""

    viewer: int
    rules: GuinguetteRules
    phase: Phase
    actor: int | None
    dealer: int | None
    deal: int
    """The number of the deal in progress (0 first)."""
    hand: tuple[Card, ...]
    """The viewer's own cards (empty for the public)."""
    my_discards: tuple[Card, ...]
    """The cards the viewer discarded this deal (face down; he knows them)."""
    hand_sizes: tuple[int, ...]
    stocks: tuple[int, ...]
    baskets: tuple[int, int, int]
    """Guinguette, cabaret, cotillon."""
    cotillon_size: int
    stirs: tuple[int, ...]
    """Times each seat stirred this deal (public)."""
    stir_round: int
    contributions: tuple[int, ...]
    """What each seat has put into the cabaret by betting this deal."""
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    opened: bool
    high: int
    """The highest contribution to the cabaret this deal (what a player must reach to hold)."""
    raises: int
    last_measure: int
    acted: tuple[bool, ...]
    """Who has spoken since the last bet or raise."""
    may_stir: tuple[bool, ...]
    """Who may stir in the current cotillon round (GU-§5.3a: a renvi round is for those who stirred before)."""
    stirred_now: tuple[bool, ...]
    shown: tuple[tuple[Card, ...], ...]
    """Cards of each seat shown face up this deal (the ♦Q claimed at the deal)."""
    trick: tuple[tuple[int, Card], ...]
    """GU-§5.6: the cards of the trick in progress, with who played them."""
    tricks_won: tuple[int, ...]
    history: tuple[tuple[int, Action], ...]
    """This deal's actions as the viewer saw them (others' discards face down, chance hidden)."""
    legal_actions: tuple[Action, ...]
    """What the viewer may do now: his legal actions when he is to act, else empty."""
    last_deal: DealResult | None
    """The last finished deal (its showdown is public)."""
    pending: Irregularity | None = None
    rulings: tuple[str, ...] = ()
    payments: tuple[Transfer, ...] = ()
    """This deal's movements of tokens so far, each citing its rule (all made in sight of the table)."""
    my_draws: tuple[Card, ...] = ()
    """The cards the viewer drew from the cotillon this deal, in order (he took them, GU-§5.1a)."""
    bought: tuple[int, ...] = ()
    """The tokens of the new stocks each seat has bought from the bank (GU9, public)."""


@lru_cache(maxsize=4096)
def _held(mask: int) -> tuple[Card, ...]:
    """The cards of a hand or of discards, from their mask (a bounded cache: the same tuple while the mask stays the
    same, which a painter compares at once)."""
    return cards_of(mask)


_OWN: Final = ("viewer", "hand", "my_discards", "history", "legal_actions", "last_deal", "my_draws")
"""The fields of a view that are its viewer's own (every other field is one of the position's shared parts)."""


def _written_view() -> Callable[..., GuinguetteView]:
    """How :meth:`GuinguetteState.view` makes a view: a function written out once that copies the dictionary of the
    position's shared parts (:class:`academie.engine.Shared`, every field but the viewer's own), sets the viewer's
    own fields into the copy and gives it to a new view as its ``__dict__``. The card room makes one view per viewer
    after every action; the frozen class's ``__init__``, setting its 30 fields one keyword at a time through
    ``object.__setattr__``, took most of a view's making, and setting them through slots half of what was left. Every
    field is set: the view is the one ``__init__`` would make (a test compares them)."""
    body = "".join(f"    fields[{name!r}] = {name}\n" for name in _OWN)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": GuinguetteView, "set_fields": object.__setattr__}
    exec(f"def write(parts, {', '.join(_OWN)}):\n    fields = parts.copy()\n{body}    view = new(cls)\n"
         "    set_fields(view, '__dict__', fields)\n    return view\n", namespace)
    write: Callable[..., GuinguetteView] = namespace["write"]
    return write


_write_view: Final = _written_view()


# --------------------------------------------------------------------------------------------------- state
@dataclass(slots=True)
class Deal:
    """The deal in progress, as :attr:`GuinguetteState.deal_in_progress` shows it: for reading only (the table-mode
    laws, the record, tests); every change goes through a method of the state."""

    dealer: int
    players: int
    deck: tuple[int, ...] = ()
    hands: list[int] = field(default_factory=list)
    cotillon: list[int] = field(default_factory=list)
    """GU-§4.4: the stock, top card first."""
    aside: int = 0
    """GU-§5.1e: discards set aside (option ``discard_mixed=False``)."""
    discarded: list[int] = field(default_factory=list)
    stirs: list[int] = field(default_factory=list)
    stir_round: int = 1
    stirred_last: list[bool] = field(default_factory=list)
    """Who stirred in the previous round (eligible for the next renvi round)."""
    stirred_now: list[bool] = field(default_factory=list)
    turn: int = 0
    """Position in the order of play of the seat to act (eldest = 0)."""
    stirrer: int = -1
    contributions: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    all_in: list[bool] = field(default_factory=list)
    acted: list[bool] = field(default_factory=list)
    opened: bool = False
    high: int = 0
    raises: int = 0
    last_measure: int = 0
    points: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    guinguette_taken: int = -1
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    start: int = 0
    """The index in the operations log of the deal's first operation (its history starts there)."""
    wrong_count: list[bool] = field(default_factory=list)
    """GU6 (table mode): the seat holds a wrong number of cards and may win no basket."""
    forfeit: list[bool] = field(default_factory=list)
    """GU8 (table mode): the seat lost its cabaret stake and right."""
    kept: list[int] = field(default_factory=list)
    """GU-§5.6: the hands as they stood after the vying, shown at the showdown once the tricks are played."""
    ledger_start: int = 0
    """The index in the ledger of the deal's first movement of tokens (its payments start there)."""

    def copy(self) -> Deal:
        return _copy_deal(self)

    def seat_at(self, position: int) -> int:
        """The seat at ``position`` in the order of play (0: eldest, the dealer's neighbour)."""
        return (self.dealer + 1 + position) % self.players


_copy_deal: Final = dataclass_copier(Deal)
_CHANCE_PHASES: Final = frozenset((Phase.DRAW, Phase.SHUFFLE, Phase.RESHUFFLE))
_PLAYING_PHASES: Final = frozenset((Phase.STIR, Phase.BET, Phase.TRICKS))


class _Facts:
    """What the history of a view tells beyond its fields: the cards each seat played to the tricks and the suits
    it showed void of (GU-§5.6), when each seat drew from the cotillon and when each card the viewer saw discarded
    went (GU-§5.1a, GU5), and the marks GU6 and GU8 left on a seat."""

    __slots__ = ("discarded_at", "draws", "forfeit", "played", "voids", "wrong_count")

    def __init__(self, view: GuinguetteView) -> None:
        players = view.rules.players
        self.played = [0] * players
        self.voids = [0] * players
        self.draws: list[list[int]] = [[] for _ in range(players)]
        self.discarded_at: dict[int, int] = {}
        self.wrong_count = [False] * players
        self.forfeit = [False] * players
        led, in_trick = 0, 0
        act: Irregular | None = None
        for at, (actor, action) in enumerate(view.history):
            if isinstance(action, PlayCard):
                card = action.card.index
                self.played[actor] |= 1 << card
                if in_trick == 0:
                    led = suit_of(card)
                elif suit_of(card) != led:
                    self.voids[actor] |= SUIT_MASKS[led]  # GU-§5.6: he would have followed suit
                in_trick = (in_trick + 1) % players
            elif isinstance(action, (Stir, Restir, HiddenStir)):
                self.draws[actor].append(at)
                if isinstance(action, (Stir, Restir)):
                    self.discarded_at[action.card.index] = at
            elif isinstance(action, Irregular):
                act = action
            elif isinstance(action, Remedy) and act is not None:
                if action.name == "pay":  # GU5: the unpaid stir now goes on; its discard is named to its player only
                    self.draws[act.seat].append(at)
                    if act.args and act.args[0] != UNSEEN:
                        self.discarded_at[Card.parse(act.args[0]).index] = at
                elif action.name == "disqualify":
                    self.wrong_count[act.seat] = True
                elif action.name == "forfeit":
                    self.forfeit[act.seat] = True

    def undrawable(self, seat: int, discards: int) -> int:
        """The cards of ``discards`` that ``seat`` cannot hold: it has not drawn since they were discarded (the
        stirrer draws after his own discard is mixed in, GU-§5.1e)."""
        last = self.draws[seat][-1] if self.draws[seat] else -1
        return mask_of(CARDS[card] for card in indices_of(discards) if self.discarded_at[card] > last)


class GuinguetteTableLaws(TableLaws["GuinguetteState", Pending], Protocol):
    """The laws of irregularities (GU1–GU8) as the state uses them: :mod:`academie.games.guinguette.table`, injected
    by the package. The state calls only the protocol's ``commit`` and ``apply_remedy``."""


class GuinguetteState(GameState[GuinguetteRules]):
    """One partie of La Guinguette (``rules.deals`` deals), seats ``0 .. players-1`` in the order of play."""

    game_name = "guinguette"
    table_laws: ClassVar[GuinguetteTableLaws | None] = None
    __slots__ = ("_actor", "_bought", "_deal", "_deal_only", "_deal_results", "_draws", "_game_results",
                 "_histories", "_last", "_lasts", "_legal", "_pending", "_phase", "_shared", "_stocks",
                 "automate_table", "chance", "ledger", "operations", "rules", "rulings")
    # the results and the views' memos are tuples, replaced when a deal ends or a view tells more: a clone may
    # share them
    clone_shared = ("rules", "automate_table", "_phase", "_legal", "_actor", "_pending", "_last", "_deal_results",
                    "_game_results", "_deal_only", "_histories", "_lasts", "_shared", "_draws")
    clone_copied = ("operations", "ledger", "_stocks", "_bought", "_deal", "rulings")

    def __init__(self, rules: GuinguetteRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None) -> None:
        self.rules = rules or GuinguetteRules()
        players = self.rules.players
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        self._pending = None
        self.rulings = []
        self.operations = []
        self.ledger = Ledger(seats=players, accounts=(*BASKETS, BANK))
        self._stocks = [self.rules.stock] * players
        self._bought = [0] * players
        self._deal_results: tuple[DealResult, ...] = ()
        self._game_results: tuple[GameResult, ...] = ()
        self._last: DealResult | None = None
        self._histories = Histories.empty(viewers=players + 1)
        """Each viewer's history of the deal in progress as its last view told it (replaced: a clone shares it)."""
        self._shared: Shared | None = None
        self._draws: tuple[int, int, tuple[int, tuple[tuple[Card, ...], ...], int] | None] = (-1, -1, None)
        """Where the deal began, the operations read, and what they told: the seat whose stir waits for its draw,
        each seat's draws, the last offender (see :meth:`_draws_of`)."""
        """The cards each seat drew this deal, with where the deal began and the log's length then (replaced: a
        clone shares it)."""
        """What every viewer's view of the last position viewed holds alike (replaced: a clone shares it)."""
        self._lasts: tuple[tuple[DealResult, DealResult] | None, ...] = (None,) * (players + 1)
        """Each viewer's last deal as its last view told it, beside the deal it was told from (seats, then the
        public; see :meth:`_last_deal_seen_by`)."""
        self._deal_only = False
        if first_dealer is not None and first_dealer not in range(players):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0 to {players - 1}, "
                             "or None to draw for the deal")
        self._deal = self._new_deal(first_dealer if first_dealer is not None else 0, 0)
        self._legal = None
        self._phase = Phase.DRAW
        if first_dealer is not None:
            self._begin_deal()
        self._actor = self._compute_actor()
        self.resolve_chance()

    @classmethod
    def new(cls, rules: GuinguetteRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None,
            players: int | None = None) -> Self:
        """A new partie dealt from a seed, or from explicit orders (the draw for deal, each deal's pack, each
        stirred cotillon, in the order they are needed). ``players`` sets ``rules.players``.

        With neither seed nor decks, chance is left to the caller (:class:`DrawForDeal`, :class:`Shuffle`,
        :class:`Reshuffle` actions).
        """
        if seed is not None and decks is not None:
            raise RulesError("give either seed or decks, not both")
        base = rules or GuinguetteRules()
        if players is not None and players != base.players:
            if rules is not None and base.players != GuinguetteRules().players:
                raise RulesError(f"players={players} contradicts the rules' players={base.players}; give one")
            base = dataclasses.replace(base, players=players)
        chance: ChanceSource | None = None
        if seed is not None:
            chance = SeededChance(seed)
        elif decks is not None:
            chance = ExplicitChance(decks)
        return cls(base, chance=chance, first_dealer=first_dealer)

    @classmethod
    def from_view(cls, view: GuinguetteView, *, hands: Sequence[int], cotillon: Sequence[int], aside: int,
                  seed: int, deal_only: bool = False) -> Self:
        """A state of the deal in progress consistent with ``view``, the hidden cards placed as given (``hands`` as
        masks per seat, the cotillon top first, the cards set aside): for search bots, and for :meth:`sample`.

        Counters are carried over from the bank, so the ledger balances. The view does not tell which deal is the
        partie's last, so the partie goes on after this one (no final share, GU-§5.5). What the view's history
        tells is restored: the hands kept for the showdown while tricks are played (GU-§5.6), the viewer's
        discards, and the marks GU6 and GU8 leave on a seat. With ``deal_only``, nothing follows the deal: once it
        is settled the state is over, without the next deal's antes and shuffle (a search's play-out asks this deal's
        result alone)."""
        if view.phase not in _PLAYING_PHASES or view.dealer is None:
            raise RulesError(f"a deal can be determinised while players act, not in phase {view.phase.name}")
        rules = dataclasses.replace(view.rules, rounds=10)  # not the last deal: no final share
        fresh = cls(rules, first_dealer=view.dealer)  # no chance yet: it waits for the shuffle
        fresh.chance = SeededChance(seed)
        fresh._load_view(view, hands, cotillon, aside)
        fresh._deal_only = deal_only
        return fresh

    def _load_view(self, view: GuinguetteView, hands: Sequence[int], cotillon: Sequence[int], aside: int) -> None:
        rules = self.rules
        players = rules.players
        self.ledger = Ledger(seats=players, accounts=(*BASKETS, BANK))
        self._stocks = list(view.stocks)
        for seat, stock in enumerate(view.stocks):
            if stock > rules.stock:
                self.ledger.transfer(BANK, seat, stock - rules.stock, "determinised")
            elif stock < rules.stock:
                self.ledger.transfer(seat, BANK, rules.stock - stock, "determinised")
        for name, amount in zip(BASKETS, view.baskets, strict=True):
            if amount > 0:
                self.ledger.transfer(BANK, name, amount, "determinised")
        assert view.dealer is not None and view.actor is not None and view.actor >= 0
        deal = self._deal = self._new_deal(view.dealer, 0)
        deal.hands = list(hands)
        deal.cotillon = list(cotillon)
        deal.aside = aside
        deal.stirs, deal.stir_round = list(view.stirs), view.stir_round
        deal.stirred_last, deal.stirred_now = list(view.may_stir), list(view.stirred_now)
        deal.contributions, deal.folded, deal.all_in = list(view.contributions), list(view.folded), list(view.all_in)
        deal.acted, deal.opened, deal.high = list(view.acted), view.opened, view.high
        deal.raises, deal.last_measure = view.raises, view.last_measure
        deal.shown = [mask_of(cards) for cards in view.shown]
        deal.trick = [(seat, card.index) for seat, card in view.trick]
        deal.tricks_won = list(view.tricks_won)
        facts = _Facts(view)
        if view.phase is Phase.TRICKS:
            deal.kept = [hand | played for hand, played in zip(hands, facts.played, strict=True)]
        if view.viewer != PUBLIC:
            deal.discarded[view.viewer] = mask_of(view.my_discards)
        deal.wrong_count, deal.forfeit = facts.wrong_count, facts.forfeit
        deal.turn = (view.actor - view.dealer - 1) % players
        self._phase = view.phase
        self._legal = None
        self._actor = self._compute_actor()

    @classmethod
    def sample(cls, view: GuinguetteView, rng: random.Random) -> Self:
        """A full state of the deal in progress consistent with all ``view.viewer`` knows now, the cards he cannot
        see dealt at random among the unseen cards (then :meth:`from_view`).

        Each other hand gets its number of cards, the cards shown in it and none of a suit it showed void of in
        the tricks (GU-§5.6); the cards played are out; a card the viewer saw discarded (his own, or one named in
        a GU5 ruling) is set aside (GU-§5.1e option), or else lies in the cotillon or in the hand of a seat that
        drew after it was discarded (GU-§5.1a). Raises :class:`RulesError` when no player is to act or a ruling
        is pending.
        """
        if view.pending is not None:
            raise RulesError("a deal cannot be sampled while a ruling is pending")
        if view.phase not in _PLAYING_PHASES or view.dealer is None:
            raise RulesError(f"a deal can be sampled while players act, not in phase {view.phase.name}")
        rules = view.rules
        players = rules.players
        facts = _Facts(view)
        mine = mask_of(view.hand)
        held_shown = [mask_of(cards) & ~played for cards, played in zip(view.shown, facts.played, strict=True)]
        known = mine
        for mask in (*held_shown, *facts.played):
            known |= mask
        discards = mask_of(CARDS[card] for card in facts.discarded_at) & ~known
        unknown = mask_of(rules.pack) & ~known
        aside_known, aside_drawn = 0, 0
        if not rules.discard_mixed:
            aside_known = discards
            aside_drawn = sum(view.stirs) - discards.bit_count()
            unknown &= ~discards
        others = [seat for seat in range(players) if seat != view.viewer]
        allowed = {seat: unknown & ~facts.voids[seat] & ~facts.undrawable(seat, discards) for seat in others}
        need = {seat: view.hand_sizes[seat] - held_shown[seat].bit_count() for seat in others}
        for _ in range(200):
            pool = unknown
            hands = [0] * players
            if view.viewer != PUBLIC:
                hands[view.viewer] = mine
            for seat in sorted(others, key=lambda s: (allowed[s] & unknown).bit_count() - need[s]):
                choices = list(indices_of(allowed[seat] & pool))
                if len(choices) < need[seat]:
                    break
                drawn = mask_of(CARDS[card] for card in rng.sample(choices, need[seat]))
                hands[seat] = held_shown[seat] | drawn
                pool &= ~drawn
            else:
                rest = list(indices_of(pool))
                rng.shuffle(rest)
                aside = aside_known | mask_of(CARDS[card] for card in rest[:aside_drawn])
                return cls.from_view(view, hands=hands, cotillon=rest[aside_drawn:], aside=aside,
                                     seed=rng.getrandbits(32))
        raise AcademieError("no deal consistent with the view was found")

    # ------------------------------------------------------------------------------------ protocol
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def dealer(self) -> int | None:
        return None if self._phase is Phase.DRAW else self._deal.dealer

    @property
    def stocks(self) -> tuple[int, ...]:
        """Each seat's stock of tokens (GU-§2.3): ``rules.stock`` plus its ledger balance."""
        return tuple(self._stocks)

    @property
    def bought(self) -> tuple[int, ...]:
        """The tokens of the new stocks each seat has bought (GU9)."""
        return tuple(self._bought)

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """The deals finished, in order."""
        return self._deal_results

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """The partie's result once it is over (a Guinguette partie is one game)."""
        return self._game_results

    def _compute_actor(self) -> int | None:
        if self._pending is not None:
            chooser = self._pending.irregularity.chooser
            return TABLE if chooser is None else chooser
        phase = self._phase
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase is Phase.OVER:
            return None
        return self._deal.seat_at(self._deal.turn)

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._pending is not None:
            return self._pending.remedies()
        phase = self._phase
        if phase is Phase.STIR:
            return self._stir_actions()
        if phase is Phase.BET:
            return self._bet_actions()
        if phase is Phase.TRICKS:
            return self._trick_actions()
        return ()

    def _stir_actions(self) -> tuple[Action, ...]:
        """GU-§5.3a: keep, or stir (round 1, 2 tokens) / re-stir (later rounds, ``restir_cost``) any card."""
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        again = deal.stir_round > 1
        cost = self.rules.restir_cost if again else STIR_COST
        if self._stocks[seat] < cost or not self._cotillon_can_serve():
            return (KEEP,)
        table = RESTIRS if again else STIRS
        return (KEEP, *(table[c.index] for c in cards_of(deal.hands[seat])))

    def _cotillon_can_serve(self) -> bool:
        """GU-§5.1e: with discards set aside the stock shrinks; an empty stock cannot be stirred."""
        return self.rules.discard_mixed or bool(self._deal.cotillon)

    def _bet_actions(self) -> tuple[Action, ...]:
        """GU-§5.3b: pass or bet before the opening; after it fold, hold, raise, or all-in when short."""
        deal, rules = self._deal, self.rules
        seat = deal.seat_at(deal.turn)
        stock = self._stocks[seat]
        if not deal.opened:
            bets = tuple(BETS[m] for m in MEASURES if m <= stock)
            return (PASS, *bets)
        need = deal.high - deal.contributions[seat]
        if stock < need:
            return (FOLD, ALL_IN)
        actions: list[Action] = [FOLD, HOLD]
        if rules.max_raises == 0 or deal.raises < rules.max_raises:
            floor = deal.last_measure if rules.betting == "ladder" else 0
            actions += [RAISES[m] for m in MEASURES if m > floor and need + m <= stock]
        return tuple(actions)

    def _trick_actions(self) -> tuple[Action, ...]:
        """GU-§5.6: follow suit if one can (as at Triomphe), else any card."""
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        hand = deal.hands[seat]
        if deal.trick:
            same = hand & SUIT_MASKS[suit_of(deal.trick[0][1])]
            hand = same or hand
        return tuple(PLAYS[c.index] for c in cards_of(hand))

    def illegal_reason(self, action: Action) -> str:
        phase, deal = self._phase, self._deal
        if phase is Phase.OVER:
            return "the partie is over"
        seat = deal.seat_at(deal.turn)
        if isinstance(action, (Stir, Restir)) and phase is Phase.STIR:
            if not deal.hands[seat] >> action.card.index & 1:
                return f"{action.card} is not in the hand of seat {seat}"
            if isinstance(action, Restir) != (deal.stir_round > 1):
                return "the first round is stirred (stir), later rounds re-stirred (restir) (GU-§5.3a)"
            return "a stir must be paid for and needs a card in the cotillon (GU-§5.3a, GU-§5.1e)"
        if isinstance(action, (Bet, Raise, Hold, AllIn)) and phase is Phase.BET:
            return (f"seat {seat} has {self._stocks[seat]} tokens; bets are measures of 1, 2 or 4 within the "
                    "stock, all-in only when short of holding (GU-§5.3b)")
        return f"not allowed in phase {phase.name.lower()}"

    def resolve_chance(self) -> None:
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            if self._phase is Phase.DRAW:
                order = self.chance.shuffled(self.rules.pack)
                self.apply_unchecked(DrawForDeal(order[:self.rules.players]))
            elif self._phase is Phase.SHUFFLE:
                self.apply_unchecked(Shuffle(self.chance.shuffled(self.rules.pack)))
            else:
                cards = tuple(CARDS[i] for i in self._deal.cotillon)
                self.apply_unchecked(Reshuffle(self.chance.shuffled(cards)))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def check_chance_outcome(self, action: Action) -> None:
        rules, phase = self.rules, self._phase
        pack_mask = MASK_36 if rules.players <= 4 else MASK_52
        if phase is Phase.DRAW:
            if not (isinstance(action, DrawForDeal) and len(action.cards) == rules.players
                    and mask_of(action.cards) & ~pack_mask == 0 and len(set(action.cards)) == rules.players):
                raise IllegalActionError(action, CHANCE, (), f"expected `draw C1 … C{rules.players}`: one "
                                         f"different card of the {rules.pack_size}-card pack per seat (GU-§2.4)")
        elif phase is Phase.SHUFFLE:
            if not (isinstance(action, Shuffle) and len(action.order) == rules.pack_size
                    and mask_of(action.order) == pack_mask):
                raise IllegalActionError(action, CHANCE, (), f"expected `deck C1 … C{rules.pack_size}`: an "
                                         f"order of the {rules.pack_size}-card pack, each card once (GU-§2.1)")
        else:  # the reshuffle of the cotillon: the engine asks only when chance is to act
            cotillon = self._deal.cotillon
            if not (isinstance(action, Reshuffle) and len(action.order) == len(cotillon)
                    and mask_of(action.order) == sum(1 << i for i in cotillon)):
                raise IllegalActionError(action, CHANCE, (), f"expected `cotillon C1 … C{len(cotillon)}`: an "
                                         "order of the cards now in the cotillon, each once (GU-§5.1a)")

    # ------------------------------------------------------------------------------------ counters
    def move(self, source: int | str, target: int | str, amount: int, reason: str) -> None:
        """Move tokens between stocks, baskets and the bank through the ledger, citing the rule or law ``reason``
        (zero moves nothing): the only way a stock changes. Tokens from or to the bank are not won or lost in the
        deal (GU9)."""
        if amount <= 0:
            return
        self.ledger.transfer(source, target, amount, reason)
        self._legal = None  # a stock decides which stirs and bets are allowed
        points = self._deal.points
        if isinstance(source, int):
            self._stocks[source] -= amount
            if target != BANK:
                points[source] -= amount
        if isinstance(target, int):
            self._stocks[target] += amount
            if source != BANK:
                points[target] += amount

    def basket(self, name: str) -> int:
        return self.ledger.balance(name)

    # ------------------------------------------------------------------------------------ what the laws do (table mode)
    def expose(self, seat: int, card: int) -> None:
        """GU1, GU3: ``card`` (an index) of ``seat``'s hand is seen face up by everyone from now on."""
        self._deal.shown[seat] |= 1 << card

    def void_deal(self) -> None:
        """GU2, GU3: the deal is void: the cards are gathered and the same dealer deals again; the antes, and what
        was won or lost in the deal, stay."""
        old = self._deal
        fresh = self._new_deal(old.dealer, len(self.operations))
        fresh.points = old.points
        fresh.ledger_start = old.ledger_start  # the antes and the fine stay in this deal's payments
        self._deal = fresh
        self._phase = Phase.SHUFFLE
        self._legal = None

    def pay_late_stir(self, card: int) -> None:
        """GU5: the player to stir, who stirred ``card`` (an index) without paying, pays at once and the stir goes
        on as any other (GU-§5.1a, GU-§5.1b)."""
        table = RESTIRS if self._deal.stir_round > 1 else STIRS
        self._apply_stir(table[card])

    def disqualify(self, seat: int) -> None:
        """GU6: ``seat`` holds a wrong number of cards and may win neither the guinguette nor the cabaret."""
        self._deal.wrong_count[seat] = True

    def forfeit_cabaret(self, seat: int) -> None:
        """GU8: ``seat`` loses what it put into the cabaret this deal, and its right to the cabaret."""
        self._deal.forfeit[seat] = True

    # ------------------------------------------------------------------------------------ deals
    def _new_deal(self, dealer: int, start: int) -> Deal:
        players = self.rules.players
        return Deal(dealer=dealer, players=players, start=start, hands=[0] * players, discarded=[0] * players,
                     ledger_start=len(self.ledger.entries),
                     stirs=[0] * players, stirred_last=[True] * players, stirred_now=[False] * players,
                     contributions=[0] * players, folded=[False] * players, all_in=[False] * players,
                     acted=[False] * players, points=[0] * players, shown=[0] * players,
                     tricks_won=[0] * players, wrong_count=[False] * players, forfeit=[False] * players)

    def _begin_deal(self) -> None:
        """GU-§5.2 step A, GU-§3.2: a ruined player buys a new stock (GU9), then everyone antes."""
        rules = self.rules
        antes = rules.g_ante + rules.c_ante
        for position in range(rules.players):
            seat = self._deal.seat_at(position)
            if self._stocks[seat] < antes:
                self._bought[seat] += rules.stock
                self.move(BANK, seat, rules.stock, "GU9")
            self.move(seat, GUINGUETTE, rules.g_ante, "GU-§3.2")
            self.move(seat, CABARET, rules.c_ante, "GU-§3.2")
        self._phase = Phase.SHUFFLE

    def _apply_draw(self, action: Action) -> None:
        """GU-§2.4: the highest card (K high, ace low) has his left-hand neighbour deal; ties draw again."""
        assert isinstance(action, DrawForDeal)
        levels = [LEVEL[c.index] for c in action.cards]
        best = max(levels)
        if levels.count(best) > 1:
            return
        self._deal.dealer = self.rules.left_of(levels.index(best))
        self._deal.start = len(self.operations)
        self._begin_deal()

    def _apply_shuffle(self, action: Action) -> None:
        """GU-§4.2: the pack as the dealer shuffled it and his left-hand neighbour cut it; GU-§4.3: four cards each,
        two at a time, from eldest; GU-§4.4: the rest is the cotillon."""
        assert isinstance(action, Shuffle)
        deck = tuple(c.index for c in action.order)
        deal = self._deal
        players = self.rules.players
        deal.deck = deck
        for round_ in range(HAND_SIZE // DEALT_AT_A_TIME):
            for position in range(players):
                at = DEALT_AT_A_TIME * (round_ * players + position)
                for card in deck[at:at + DEALT_AT_A_TIME]:
                    deal.hands[deal.seat_at(position)] |= 1 << card
        deal.cotillon = list(deck[HAND_SIZE * players:])
        if self.rules.guinguette_claim_at_deal:
            self._claim_guinguette_at_deal()
        self._phase = Phase.STIR
        deal.turn = 0

    def _claim_guinguette_at_deal(self) -> None:
        """GU-§5.4a (option): the ♦Q dealt is shown and takes the guinguette basket at once."""
        deal = self._deal
        for seat, hand in enumerate(deal.hands):
            if hand >> QUEEN_OF_DIAMONDS & 1:
                deal.shown[seat] |= 1 << QUEEN_OF_DIAMONDS
                deal.guinguette_taken = seat
                self.move(GUINGUETTE, seat, self.basket(GUINGUETTE), "GU-§5.4a")

    # ------------------------------------------------------------------------------------ cotillon
    def _apply_stir(self, action: Action) -> None:
        """GU-§5.1a / GU-§5.1b: discard face down, pay the fee to the cotillon basket, the cotillon is shuffled."""
        assert isinstance(action, (Stir, Restir))
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        card = action.card.index
        again = isinstance(action, Restir)
        self.move(seat, COTILLON, self.rules.restir_cost if again else STIR_COST,
                  "GU-§5.1b" if again else "GU-§5.1a")
        deal.hands[seat] &= ~(1 << card)
        deal.discarded[seat] |= 1 << card
        if deal.shown[seat] >> card & 1:
            deal.shown[seat] &= ~(1 << card)
        if self.rules.discard_mixed:
            deal.cotillon.append(card)  # GU-§5.1e: the discard is mixed into the stock
        else:
            deal.aside |= 1 << card
        deal.stirs[seat] += 1
        deal.stirred_now[seat] = True
        deal.stirrer = seat
        self._phase = Phase.RESHUFFLE

    def _apply_reshuffle(self, action: Action) -> None:
        """GU-§5.1a: after the shuffle and cut the stirrer takes the top card, unseen by the others."""
        assert isinstance(action, Reshuffle)
        deal = self._deal
        order = [c.index for c in action.order]
        deal.hands[deal.stirrer] |= 1 << order[0]
        deal.cotillon = order[1:]
        deal.stirrer = -1
        self._phase = Phase.STIR
        self._next_stirrer()

    def _apply_keep(self, action: Action) -> None:
        self._next_stirrer()

    def _next_stirrer(self) -> None:
        """GU-§5.2 C–D, GU-§5.3a: round 1 is everyone in order; each renvi round is for those who stirred in the
        round before, after all the others have spoken (GU-§5.1b), up to ``max_stirs`` rounds."""
        deal = self._deal
        players = self.rules.players
        for position in range(deal.turn + 1, players):
            if deal.stirred_last[deal.seat_at(position)]:
                deal.turn = position
                return
        if deal.stir_round < self.rules.max_stirs and any(deal.stirred_now):
            deal.stir_round += 1
            deal.stirred_last, deal.stirred_now = deal.stirred_now, [False] * players
            deal.turn = next(p for p in range(players) if deal.stirred_last[deal.seat_at(p)])
            return
        self._begin_betting()

    # ------------------------------------------------------------------------------------ cabaret betting
    def _begin_betting(self) -> None:
        self._phase = Phase.BET
        self._deal.turn = 0
        self._settle_if_done(after=-1)

    def _apply_pass(self, action: Action) -> None:
        deal = self._deal
        deal.acted[deal.seat_at(deal.turn)] = True
        self._settle_if_done(after=deal.turn)

    def _apply_bet(self, action: Action) -> None:
        """GU-§5.3b: the first bet opens the contest; GU-§5.1d: a measure put into the cabaret."""
        assert isinstance(action, Bet)
        deal = self._deal
        deal.opened = True
        self._raise(deal.seat_at(deal.turn), action.amount, 0)

    def _apply_raise(self, action: Action) -> None:
        assert isinstance(action, Raise)
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        deal.raises += 1
        self._raise(seat, action.amount, deal.high - deal.contributions[seat])

    def _raise(self, seat: int, measure: int, need: int) -> None:
        deal = self._deal
        self._contribute(seat, need + measure, "GU-§5.1d")
        deal.high = deal.contributions[seat]
        deal.last_measure = measure
        deal.acted = [False] * self.rules.players
        deal.acted[seat] = True
        self._settle_if_done(after=deal.turn)

    def _apply_hold(self, action: Action) -> None:
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        self._contribute(seat, deal.high - deal.contributions[seat], "GU-§5.3b")
        deal.acted[seat] = True
        self._settle_if_done(after=deal.turn)

    def _apply_all_in(self, action: Action) -> None:
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        self._contribute(seat, self._stocks[seat], "GU-§5.3b")
        deal.all_in[seat] = deal.acted[seat] = True
        self._settle_if_done(after=deal.turn)

    def _apply_fold(self, action: Action) -> None:
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        deal.folded[seat] = deal.acted[seat] = True
        self._settle_if_done(after=deal.turn)

    def _contribute(self, seat: int, amount: int, reason: str) -> None:
        self._deal.contributions[seat] += amount
        self.move(seat, CABARET, amount, reason)

    def _settle_if_done(self, *, after: int) -> None:
        """GU-§5.3b: the next seat to speak, or the end of the vying (everyone in has matched and spoken)."""
        deal = self._deal
        players = self.rules.players
        if deal.opened and sum(not f for f in deal.folded) == 1:
            self._end_betting()
            return
        for step in range(1, players + 1):
            position = after + step
            if not deal.opened:
                if position >= players:
                    break  # everybody passed: no contest this deal
                deal.turn = position
                return
            seat = deal.seat_at(position % players)
            if deal.folded[seat] or deal.all_in[seat]:
                continue
            if deal.contributions[seat] < deal.high or not deal.acted[seat]:
                deal.turn = position % players
                return
        self._end_betting()

    def _end_betting(self) -> None:
        if self.rules.trick_phase:
            deal = self._deal
            deal.kept = deal.hands[:]
            self._phase = Phase.TRICKS
            deal.turn = 0
            return
        self._showdown()

    # ------------------------------------------------------------------------------------ tricks (option)
    def _apply_play(self, action: Action) -> None:
        """GU-§5.6 (Q10 option): eldest leads; the highest card of the suit led (K high, ace low) wins the trick
        and its winner leads the next."""
        assert isinstance(action, PlayCard)
        deal = self._deal
        seat = deal.seat_at(deal.turn)
        card = action.card.index
        deal.hands[seat] &= ~(1 << card)
        deal.trick.append((seat, card))
        players = self.rules.players
        if len(deal.trick) < players:
            deal.turn = (deal.turn + 1) % players
            return
        suit = suit_of(deal.trick[0][1])
        winner = max((c for c in deal.trick if suit_of(c[1]) == suit), key=lambda c: LEVEL[c[1]])[0]
        deal.tricks_won[winner] += 1
        deal.trick = []
        deal.turn = (winner - deal.dealer - 1) % players
        if deal.hands[winner] == 0:
            self._showdown()

    # ------------------------------------------------------------------------------------ showdown
    def _eligible(self, seat: int) -> bool:
        """GU6, GU8 (table mode): a seat with a wrong number of cards, or that forfeited, wins no basket."""
        deal = self._deal
        return not deal.wrong_count[seat] and not deal.forfeit[seat]

    def _showdown(self) -> None:
        """GU-§5.4: the guinguette to the ♦Q, the cabaret (with side pots) to the best hand still in, the cotillon
        basket to its taker; unwon baskets carry over (GU-§3.2)."""
        deal, rules = self._deal, self.rules
        guinguette = deal.guinguette_taken if deal.guinguette_taken >= 0 else None
        holder = self._queen_holder()
        if not rules.guinguette_claim_at_deal and holder is not None:
            deal.shown[holder] |= 1 << QUEEN_OF_DIAMONDS
            guinguette = holder
            self.move(GUINGUETTE, holder, self.basket(GUINGUETTE), "GU-§5.4a")
        cabaret, tierce = self._pay_cabaret() if deal.opened else (None, 0)
        cotillon = self._cotillon_taker(cabaret, tierce, holder)
        if cotillon is not None:
            self.move(COTILLON, cotillon, self.basket(COTILLON), "GU-§5.4c")
        self._end_deal(guinguette, cabaret, cotillon, tierce)

    def _final_hands(self) -> list[int]:
        deal = self._deal
        return deal.kept or deal.hands

    def _queen_holder(self) -> int | None:
        for seat, hand in enumerate(self._final_hands()):
            if hand >> QUEEN_OF_DIAMONDS & 1 and self._eligible(seat):
                return seat
        return None

    def _cotillon_taker(self, cabaret: int | None, tierce: int, holder: int | None) -> int | None:
        """GU-§5.4c (Q9): the cabaret winner, or the ♦Q holder, or the cabaret winner with a tierce; GU-§5.6:
        with the trick phase, the player with most tricks (the first to reach that number among equals)."""
        rules = self.rules
        if rules.trick_phase:
            return self._best_trick_taker()
        if rules.cotillon_to == "guinguette_holder":
            return holder
        if rules.cotillon_to == "tierce_winner" and tierce == 0:
            return None
        return cabaret

    def _best_trick_taker(self) -> int | None:
        deal = self._deal
        most = max(deal.tricks_won)
        for position in range(self.rules.players):
            seat = deal.seat_at(position)
            if deal.tricks_won[seat] == most and self._eligible(seat):
                return seat
        return None

    def _rank(self, seat: int, shown: bool) -> tuple[int, int]:
        """GU-§5.4b: the best tierce wins (equal tierces: the earlier player); with no tierce, the point."""
        hand = self._final_hands()[seat]
        tierce = tierce_of(hand, self.rules)
        return (tierce, point_of(hand) if shown and tierce == 0 else 0)

    def _pay_cabaret(self) -> tuple[int | None, int]:
        """GU-§5.4b, GU-§5.4d: pay the cabaret layer by layer (side pots when someone is all-in).

        The lowest layer holds the basket's earlier content (antes, carry-over); each layer goes to the best hand
        among those still in who reached it, ties to the earlier in order; a layer nobody still in reached goes
        back to whoever put it in. Returns the winner of the main layer and his tierce value.
        """
        deal, rules = self._deal, self.rules
        players = rules.players
        live = [deal.seat_at(p) for p in range(players)
                if not deal.folded[deal.seat_at(p)] and self._eligible(deal.seat_at(p))]
        showdown = len(live) > 1
        if showdown:
            for seat in live:
                deal.shown[seat] |= self._final_hands()[seat]
        ranks = {seat: self._rank(seat, showdown) for seat in live}
        if showdown and rules.no_tierce == "carry" and not any(r[0] for r in ranks.values()):
            return None, 0  # GU-§5.4b (Q8): nobody still in has a tierce: the cabaret carries over
        base = self.basket(CABARET) - sum(deal.contributions)
        payouts: dict[int, int] = {}
        refunds = [0] * players
        floor = 0
        for level in sorted({c for c in deal.contributions if c > 0}):
            layer = [min(c, level) - min(c, floor) for c in deal.contributions]
            reached = [s for s in live if deal.contributions[s] >= level]
            if reached:
                winner = max(reached, key=lambda s: (ranks[s], -live.index(s)))
                payouts[winner] = payouts.get(winner, 0) + sum(layer) + (base if not payouts else 0)
            else:
                refunds = [r + back for r, back in zip(refunds, layer, strict=True)]
            floor = level
        main = next(iter(payouts), None)
        for seat, amount in payouts.items():
            self.move(CABARET, seat, amount, "GU-§5.4b" if seat == main else "GU-§5.4d")
        for seat, amount in enumerate(refunds):
            self.move(CABARET, seat, amount, "GU-§5.4d")
        if main is None:
            return None, 0
        return main, ranks[main][0] if showdown else 0

    def _end_deal(self, guinguette: int | None, cabaret: int | None, cotillon: int | None, tierce: int) -> None:
        deal, rules = self._deal, self.rules
        number = len(self._deal_results)
        last = number + 1 == rules.deals
        if last:
            self._share_baskets()
        result = DealResult(number, deal.dealer, tuple(deal.points), guinguette, cabaret, cotillon, tierce,
                            tuple(cards_of(m) for m in deal.shown),
                            tricks=tuple(deal.tricks_won) if rules.trick_phase else (),
                            payments=tuple(self.ledger.entries[deal.ledger_start:]),
                            history=tuple((op.actor, op.action) for op in self.operations[deal.start:]))
        self._deal_results += (result,)
        self._last = result
        if last:
            best = max(self.result_points())
            leaders = [s for s, p in enumerate(self.result_points()) if p == best]
            self._game_results += (GameResult(leaders[0] if len(leaders) == 1 else None, tuple(self._stocks)),)
            self._phase = Phase.OVER
            return
        if self._deal_only:
            self._phase = Phase.OVER
            return
        self._deal = self._new_deal(deal.seat_at(0), len(self.operations))  # R1: eldest deals next (GU-§2.4d)
        self._begin_deal()

    def _share_baskets(self) -> None:
        """GU-§5.5: at the end the baskets left are shared equally, the remainder one by one from eldest."""
        deal = self._deal
        players = self.rules.players
        for name in BASKETS:
            amount = self.basket(name)
            for position in range(players):
                share = amount // players + (1 if position < amount % players else 0)
                self.move(name, deal.seat_at(position), share, "GU-§5.5")

    # ------------------------------------------------------------------------------------ table mode
    def _apply_irregular(self, action: Action) -> None:
        assert isinstance(action, Irregular) and self.table_laws is not None
        self.table_laws.commit(self, action)

    def _apply_remedy(self, action: Action) -> None:
        assert isinstance(action, Remedy) and self.table_laws is not None
        self.table_laws.apply_remedy(self, self.take_pending(), action)

    # ------------------------------------------------------------------------------------ results
    def result_points(self) -> tuple[int, ...]:
        """Counters won or lost per seat so far (stocks bought excluded)."""
        return tuple(self._stocks[s] - self.rules.stock - self._bought[s] for s in range(self.rules.players))

    def result(self) -> PartieResult:
        points = self.result_points()
        over = self._phase is Phase.OVER
        winner = self._game_results[-1].winner if over and self._game_results else None
        games = tuple(1 if winner == s else 0 for s in range(self.rules.players))
        return PartieResult(points, tuple(self._stocks), tuple(self._bought), games, winner)

    def returns(self) -> tuple[int, ...]:
        return self.result().returns()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (the full state: use :meth:`view` for what a seat may see)."""
        return cards_of(self._deal.hands[seat])

    def cotillon(self) -> tuple[Card, ...]:
        """The cotillon (stock), top card first."""
        return tuple(CARDS[i] for i in self._deal.cotillon)

    def set_aside(self) -> tuple[Card, ...]:
        return cards_of(self._deal.aside)

    @property
    def deal_in_progress(self) -> Deal:
        """The deal in progress, for reading (the table-mode laws, the record, tests; not for bots): every change
        goes through a method of the state."""
        return self._deal

    def baskets(self) -> tuple[int, int, int]:
        return (self.basket(GUINGUETTE), self.basket(CABARET), self.basket(COTILLON))

    def view(self, viewer: int) -> GuinguetteView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now; never another seat's hidden cards or the stock."""
        seat_view = viewer != PUBLIC
        if seat_view and (type(viewer) is not int or not 0 <= viewer < self.rules.players):
            players = self.rules.players
            raise RulesError(f"viewer {viewer!r} is not allowed; allowed: 0 to {players - 1}, or PUBLIC")
        deal = self._deal
        self._histories, history = self._histories.told_on(viewer, self.operations, start=deal.start, redact=redact)
        self._shared = Shared.of(self._shared, (len(self.operations), len(self.rulings), len(self.ledger.entries),
                                                self._phase, self._actor, self._pending), self._shared_parts)
        return _write_view(self._shared.parts, viewer, _held(deal.hands[viewer]) if seat_view else (),
                           _held(deal.discarded[viewer]) if seat_view else (), history,
                           tuple(self.legal_actions()) if viewer == self._actor else (),
                           self._last_deal_seen_by(viewer), self._draws_of(viewer) if seat_view else ())

    def _shared_parts(self) -> dict[str, Any]:
        """The fields of a view every viewer sees alike (:class:`academie.engine.Shared`)."""
        deal, phase, balance, pending = self._deal, self._phase, self.ledger.balance, self._pending
        # (a new tuple of the stocks at every position: the painters tell one position from the next by it)
        return {
            "rules": self.rules, "phase": phase, "actor": self._actor, "dealer": self.dealer,
            "deal": len(self._deal_results) if phase is not Phase.OVER else len(self._deal_results) - 1,
            "hand_sizes": tuple(map(int.bit_count, deal.hands)), "stocks": tuple(self._stocks),
            "baskets": (balance(GUINGUETTE), balance(CABARET), balance(COTILLON)), "cotillon_size": len(deal.cotillon),
            "stirs": tuple(deal.stirs), "stir_round": deal.stir_round, "contributions": tuple(deal.contributions),
            "folded": tuple(deal.folded), "all_in": tuple(deal.all_in), "opened": deal.opened, "high": deal.high,
            "raises": deal.raises, "last_measure": deal.last_measure, "acted": tuple(deal.acted),
            "may_stir": tuple(deal.stirred_last), "stirred_now": tuple(deal.stirred_now),
            "shown": tuple(map(_held, deal.shown)),
            "trick": tuple([(seat, CARDS[card]) for seat, card in deal.trick]) if deal.trick else (),
            "tricks_won": tuple(deal.tricks_won),
            "pending": pending.irregularity if pending is not None else None,
            "rulings": tuple(self.rulings) if self.rulings else (),
            "payments": tuple(self.ledger.entries[deal.ledger_start:]), "bought": tuple(self._bought),
        }

    def _last_deal_seen_by(self, viewer: int) -> DealResult | None:
        """The last finished deal, its actions as ``viewer`` saw them: told once per deal and viewer (a finished
        deal never changes), the same value after every action until the next deal ends."""
        last = self._last
        if last is None or not last.history:
            return last
        index = self.rules.players if viewer == PUBLIC else viewer
        memo = self._lasts[index]
        if memo is not None and memo[0] is last:
            return memo[1]
        history = tuple([(actor, seen) for actor, action in last.history
                         if (seen := redact(actor, action, viewer)) is not None])
        told: DealResult = _made_result(*[history if name == "history" else getattr(last, name)
                                          for name in _RESULT_FIELDS])
        self._lasts = (*self._lasts[:index], (last, told), *self._lasts[index + 1:])
        return told

    def _draws_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` drew from the cotillon this deal: the top card of each cotillon shuffled after its
        stir (GU-§5.1a), or after its unpaid stir was paid (GU5); found for every seat at once, once per position
        (every seat is viewed after every action), from the operations since the last position's (the log only
        grows)."""
        start, operations = self._deal.start, self.operations
        kept_start, told, found = self._draws
        if kept_start == start and told == len(operations):
            return found[1][seat] if found is not None else ()
        if kept_start != start or found is None or told > len(operations):
            told, found = start, (-1, tuple(() for _ in range(self.rules.players)), -1)
        stirrer, drawn, offender = found
        cards = list(drawn)
        for operation in operations[told:]:
            action = operation.action
            if isinstance(action, (Stir, Restir)):
                stirrer = operation.actor
            elif isinstance(action, Irregular):
                offender = action.seat
            elif isinstance(action, Remedy) and action.name == "pay":
                stirrer = offender
            elif isinstance(action, Reshuffle):
                if stirrer >= 0 and action.order:
                    cards[stirrer] = (*cards[stirrer], action.order[0])
                stirrer = -1
        every = tuple(cards)
        self._draws = (start, len(operations), (stirrer, every, offender))
        return every[seat]


GuinguetteState.handlers = {
    DrawForDeal: GuinguetteState._apply_draw,
    Shuffle: GuinguetteState._apply_shuffle,
    Reshuffle: GuinguetteState._apply_reshuffle,
    Stir: GuinguetteState._apply_stir,
    Restir: GuinguetteState._apply_stir,
    Keep: GuinguetteState._apply_keep,
    Pass: GuinguetteState._apply_pass,
    Bet: GuinguetteState._apply_bet,
    Raise: GuinguetteState._apply_raise,
    Hold: GuinguetteState._apply_hold,
    AllIn: GuinguetteState._apply_all_in,
    Fold: GuinguetteState._apply_fold,
    PlayCard: GuinguetteState._apply_play,
    Irregular: GuinguetteState._apply_irregular,
    Remedy: GuinguetteState._apply_remedy,
}
