"""La Triomphe: its rules, actions, state and views (the rules for players: ``how_to_play.en.md``).

Two players, the 32-card pack ranked king, queen, jack, ace, ten, nine, eight, seven (T-1); five cards each, by
three then two, and the eleventh card turned up for trumps, la triomphe (T-2); the follower follows suit and heads
the trick if he can, else trumps if he can (T-3); three or four tricks mark one point, all five (la vole) two (T-4);
the first to five points wins (T-5). In table mode, a card played out of turn is taken back, shown, and costs its
player a point (T-L1).

>>> state = TriompheState.new(seed=3, first_dealer=0)
>>> state.actor, len(state.view(1).hand), state.view(0).hand_sizes
(1, 5, (5, 5))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar, Final, Protocol, Self

from academie.cards import PACK_32, SUIT_MASKS, Card, Rank, cards_of, mask_of, parse_cards
from academie.engine import (
    CHANCE,
    PUBLIC,
    TABLE,
    Action,
    ActionParseError,
    ChanceSource,
    ExplicitChance,
    GameState,
    IllegalActionError,
    Irregular,
    Irregularity,
    Mode,
    Pending,
    Remedy,
    RulesError,
    SeededChance,
    Shuffle,
    TableLaws,
    check_option,
)
from academie.laws import parse_table_action
from academie.ledger import MARKER, Ledger

SEATS: Final = 2
HAND: Final = 5
"""T-2: five cards to each player."""
TURN_UP: Final = 10
"""T-2: the eleventh card of the pack, turned up for trumps."""
STRENGTH: Final = {Rank.KING: 7, Rank.QUEEN: 6, Rank.JACK: 5, Rank.ACE: 4, Rank.TEN: 3, Rank.NINE: 2, Rank.EIGHT: 1,
                   Rank.SEVEN: 0}
"""T-1: king, queen, jack, ace, ten, nine, eight, seven, in every suit."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TriompheRules:
    """Every option of La Triomphe; the defaults are our reading of the sources."""

    game_points: int = 5
    """T-5: the points that win the game (five, « la partie est ordinairement de cinq points »)."""
    mode: Mode = Mode.ENFORCED
    version: str = "triomphe/1"

    def __post_init__(self) -> None:
        check_option("game_points", self.game_points, (3, 5, 7, 10))
        check_option("mode", self.mode, tuple(Mode))


class Phase(IntEnum):
    DEAL = 0
    PLAY = 1
    OVER = 2


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick: ``play KH``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class DealResult:
    """A deal over (T-4): who dealt, the points each seat marked by it, and the tricks each took."""

    dealer: int
    points: tuple[int, int]
    tricks: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameResult:
    """T-5: the game won, and the score at its end."""

    winner: int
    score: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PartieResult:
    """The partie (one game): the points each seat marked, and its winner once it is over."""

    points: tuple[int, int]
    winner: int | None


@dataclass(frozen=True, slots=True)
class TriompheView:
    """What one seat (or the public) knows: its own hand, the turn-up, the cards shown, the trick, the score."""

    viewer: int
    actor: int | None
    dealer: int | None
    legal_actions: tuple[Action, ...]
    rules: TriompheRules
    phase: Phase
    hand: tuple[Card, ...]
    """The viewer's cards (none for the public)."""
    hand_sizes: tuple[int, int]
    shown: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's cards shown to everybody and back in its hand (a card played out of turn, T-L1)."""
    trump_card: Card | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card), in the order played."""
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    deal_number: int
    history: tuple[tuple[int, Action], ...]
    """This deal's actions as the viewer saw them (the deck not shown)."""
    pending: Irregularity | None = None
    rulings: tuple[str, ...] = field(default=())


def redact(actor: int, action: Action, viewer: int) -> Action | None:
    """The action as ``viewer`` saw it: the shuffled deck is nobody's to see (T-2); every card is played face up."""
    return None if isinstance(action, Shuffle) else action


def parse_action(text: str) -> Action:
    """Read an action from its text (``play KH``, ``deck ...``, ``! out-of-turn 1 KH``, ``remedy ...``)."""
    words = text.split()
    table = parse_table_action(words)
    if table is not None:
        return table
    try:
        if len(words) == 2 and words[0].lower() == "play":
            return Play(Card.parse(words[1]))
        if len(words) == len(PACK_32) + 1 and words[0].lower() == "deck":
            return Shuffle(parse_cards(" ".join(words[1:])))
    except ValueError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None
    raise ActionParseError(f"cannot read {text!r}; allowed: play CARD (e.g. play KH), deck CARD*32, "
                           "! out-of-turn SEAT CARD, remedy NAME law=ID")


def beats(card: Card, led: Card, trump: Card | None) -> bool:
    """T-3: whether ``card``, played second, takes the trick ``led`` opened: a higher card of the suit led, or a
    trump on a card of another suit."""
    if card.suit == led.suit:
        return STRENGTH[card.rank] > STRENGTH[led.rank]
    return trump is not None and card.suit == trump.suit


def followers_cards(hand: int, led: Card, trump: Card | None) -> int:
    """T-3: the cards the follower may play on ``led``: of its suit, the ones that head it if he has any; void,
    his trumps if he has any; else any card."""
    suit = hand & SUIT_MASKS[led.suit]
    if suit:
        heading = mask_of(card for card in cards_of(suit) if beats(card, led, trump))
        return heading or suit
    trumps = hand & SUIT_MASKS[trump.suit] if trump is not None else 0
    return trumps or hand


class TriompheTableLaws(TableLaws["TriompheState", Pending], Protocol):
    """What the state calls of its laws of irregularities (``triomphe.table``, injected by the package)."""


class TriompheState(GameState[TriompheRules]):
    """A partie of La Triomphe: one game to ``rules.game_points`` (T-5)."""

    __slots__ = ("_actor", "_legal", "_pending", "automate_table", "chance", "deal_number", "deal_results", "dealer",
                 "first_dealer", "game_results", "hands", "history", "last_trick", "leader", "ledger", "operations",
                 "phase", "rules", "rulings", "score", "shown", "trick", "tricks_won", "trump_card")

    game_name: ClassVar[str] = "triomphe"
    table_laws: ClassVar[TriompheTableLaws | None] = None
    clone_shared: ClassVar[tuple[str, ...]] = (
        "_actor", "_legal", "_pending", "automate_table", "dealer", "deal_number", "first_dealer", "last_trick",
        "leader", "phase", "rules", "score", "trick", "trump_card")
    clone_copied: ClassVar[tuple[str, ...]] = (
        "deal_results", "game_results", "hands", "history", "ledger", "operations", "rulings", "shown", "tricks_won")

    dealer: int
    first_dealer: int
    deal_number: int
    phase: Phase
    hands: list[int]
    shown: list[int]
    trump_card: Card | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: list[int]
    score: tuple[int, int]
    history: list[tuple[int, Action]]
    ledger: Ledger
    deal_results: list[DealResult]
    game_results: list[GameResult]

    def __init__(self, rules: TriompheRules | None = None, *, chance: ChanceSource | None = None,
                 first_dealer: int | None = None, automate_table: bool | None = None) -> None:
        """A new partie. The players draw lots for the first deal before it begins (T-2); ``first_dealer`` is
        the seat the lot named (seat 0 when None)."""
        self.rules = rules or TriompheRules()
        if first_dealer is not None and first_dealer not in range(SEATS):
            raise RulesError(f"first_dealer={first_dealer!r} is not allowed; allowed: 0, 1")
        self.chance = chance
        self.automate_table = chance is not None if automate_table is None else automate_table
        self.operations = []
        self.rulings = []
        self._pending = None
        self._legal = None
        self.first_dealer = self.dealer = first_dealer or 0
        self.deal_number = 0
        self.phase = Phase.DEAL
        self.hands, self.shown, self.tricks_won = [0, 0], [0, 0], [0, 0]
        self.trump_card = None
        self.leader = 1 - self.dealer
        self.trick = self.last_trick = ()
        self.score = (0, 0)
        self.history = []
        self.ledger = Ledger(seats=SEATS)
        self.deal_results, self.game_results = [], []
        self._actor = CHANCE

    @classmethod
    def new(cls, rules: TriompheRules | None = None, *, seed: int | None = None,
            decks: Sequence[Sequence[Card]] | None = None, first_dealer: int | None = None) -> Self:
        """A new partie dealt from ``seed`` or from ``decks`` (each deal's pack order, top card first)."""
        chance = SeededChance(seed) if seed is not None else ExplicitChance(decks) if decks is not None else None
        state = cls(rules, chance=chance, first_dealer=first_dealer)
        state.resolve_chance()
        return state

    # ------------------------------------------------------------------------------------------ who acts, what
    def _compute_actor(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        if self._pending is not None:
            return TABLE
        if self.phase is Phase.DEAL:
            return CHANCE
        return self.leader if not self.trick else 1 - self.leader

    def _compute_legal(self) -> Sequence[Action]:
        actor = self._actor
        if self._pending is not None:
            return self._pending.remedies()
        if actor is None or actor < 0:
            return ()
        hand = self.hands[actor]
        if self.trick:
            hand = followers_cards(hand, self.trick[0][1], self.trump_card)
        return tuple(Play(card) for card in cards_of(hand))

    def illegal_reason(self, action: Action) -> str:
        if isinstance(action, Play) and self._actor is not None and self._actor >= 0 and self.trick:
            return "T-3: follow suit and head the trick if you can, else trump if you can"
        return super().illegal_reason(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------------------------------ chance
    def check_chance_outcome(self, action: Action) -> None:
        if not isinstance(action, Shuffle) or sorted(c.index for c in action.order) != sorted(
                c.index for c in PACK_32):
            raise IllegalActionError(action, CHANCE, (), "a deal needs the order of the 32-card pack (T-1)")

    def resolve_chance(self) -> None:
        while self._actor == CHANCE and self.chance is not None and self.chance.has_next():
            self.apply_unchecked(Shuffle(self.chance.shuffled(PACK_32)))

    def _deal(self, action: Shuffle) -> None:
        """T-2: five cards each, the eleventh turned up for trumps; T-R1: by three then two, the eldest first."""
        order, eldest = action.order, 1 - self.dealer
        self.hands = [0, 0]
        self.hands[eldest] = mask_of((*order[0:3], *order[6:8]))
        self.hands[self.dealer] = mask_of((*order[3:6], *order[8:10]))
        self.trump_card = order[TURN_UP]
        self.shown, self.tricks_won = [0, 0], [0, 0]
        self.leader, self.trick, self.last_trick = eldest, (), ()
        self.deal_number += 1
        self.history = []
        self.phase = Phase.PLAY

    # ------------------------------------------------------------------------------------------ play
    def _play(self, action: Play) -> None:
        seat = self._actor
        assert seat is not None
        self.hands[seat] &= ~action.card.bit
        self.shown[seat] &= ~action.card.bit
        self.history.append((seat, action))
        self.trick = (*self.trick, (seat, action.card))
        if len(self.trick) < SEATS:
            return
        (leader, led), (follower, card) = self.trick
        winner = follower if beats(card, led, self.trump_card) else leader
        self.tricks_won[winner] += 1
        self.leader, self.last_trick, self.trick = winner, self.trick, ()
        if sum(self.tricks_won) == HAND:
            self._score_deal()

    def _score_deal(self) -> None:
        """T-4: three or four tricks mark one point, the vole two."""
        winner = 0 if self.tricks_won[0] >= 3 else 1
        points = 2 if self.tricks_won[winner] == HAND else 1
        self.mark(winner, points, "T-4")
        self.deal_results.append(DealResult(self.dealer, (points, 0) if winner == 0 else (0, points),
                                            (self.tricks_won[0], self.tricks_won[1])))
        if self.phase is not Phase.OVER:
            self.dealer = 1 - self.dealer  # T-R1: the deal passes
            self.phase = Phase.DEAL

    def mark(self, seat: int, points: int, rule: str) -> None:
        """Mark ``points`` for ``seat`` under ``rule``; T-5: the game is won at ``rules.game_points``."""
        self.ledger.transfer(MARKER, seat, points, rule)
        self.score = (self.score[0] + points, self.score[1]) if seat == 0 else (self.score[0], self.score[1] + points)
        if self.score[seat] >= self.rules.game_points:
            self.game_results.append(GameResult(seat, self.score))
            self.phase = Phase.OVER

    # ------------------------------------------------------------------------------------------ table mode
    def _irregular(self, act: Irregular) -> None:
        laws = self.table_laws
        assert laws is not None
        self.history.append((act.seat, act))
        laws.commit(self, act)

    def _remedy(self, remedy: Remedy) -> None:
        laws = self.table_laws
        assert laws is not None
        self.history.append((TABLE, remedy))
        laws.apply_remedy(self, self.take_pending(), remedy)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (for its laws and tests; clients read views)."""
        return cards_of(self.hands[seat])

    def show_card(self, seat: int, card: Card) -> None:
        """T-L1: a card played out of turn goes back to its player's hand, face up for the rest of the deal."""
        self.shown[seat] |= card.bit

    handlers: ClassVar[Mapping[type[Action], Callable[[Any, Any], None]]] = {
        Shuffle: _deal, Play: _play, Irregular: _irregular, Remedy: _remedy}

    # ------------------------------------------------------------------------------------------ views
    def view(self, viewer: int) -> TriompheView:
        """What ``viewer`` (a seat or :data:`PUBLIC`) knows now."""
        actor = self.actor
        legal = tuple(self.legal_actions()) if actor == viewer else ()
        return TriompheView(
            viewer=viewer, actor=actor, dealer=self.dealer, legal_actions=legal, rules=self.rules,
            phase=self.phase, hand=cards_of(self.hands[viewer]) if viewer in (0, 1) else (),
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            shown=(cards_of(self.shown[0]), cards_of(self.shown[1])), trump_card=self.trump_card,
            leader=self.leader, trick=self.trick, last_trick=self.last_trick,
            tricks_won=(self.tricks_won[0], self.tricks_won[1]), score=self.score, deal_number=self.deal_number,
            history=tuple((seat, shown) for seat, action in self.history
                          if (shown := redact(seat, action, viewer)) is not None),
            pending=self.pending, rulings=tuple(self.rulings))

    @classmethod
    def sample(cls, view: TriompheView, rng: random.Random, /) -> Self:
        """A state consistent with ``view``: the other hand dealt at random from the cards the viewer has not
        seen (the pack less his hand, the turn-up, the cards played and the cards shown)."""
        state = cls(view.rules, first_dealer=view.dealer)
        seen = mask_of((*view.hand, *(card for _, card in view.trick),
                        *(action.card for _, action in view.history if isinstance(action, Play)),
                        *(() if view.trump_card is None else (view.trump_card,))))
        unseen = [card for card in PACK_32 if not (seen | mask_of(view.shown[0] + view.shown[1])) & card.bit]
        rng.shuffle(unseen)
        hands = [0, 0]
        for seat in (0, 1):
            if seat == view.viewer:
                hands[seat] = mask_of(view.hand)
            else:
                hidden = view.hand_sizes[seat] - len(view.shown[seat])
                hands[seat] = mask_of((*view.shown[seat], *unseen[:hidden]))
                unseen = unseen[hidden:]
        state.hands, state.shown = hands, [mask_of(view.shown[0]), mask_of(view.shown[1])]
        state.trump_card, state.leader, state.trick, state.last_trick = (
            view.trump_card, view.leader, view.trick, view.last_trick)
        state.tricks_won, state.score, state.deal_number = list(view.tricks_won), view.score, view.deal_number
        state.phase, state.history = view.phase, list(view.history)
        for seat in (0, 1):
            if view.score[seat]:
                state.ledger.transfer(MARKER, seat, view.score[seat], "sample")
        state._actor = state._compute_actor()
        return state

    # ------------------------------------------------------------------------------------------ results
    def result(self) -> PartieResult:
        winner = self.game_results[-1].winner if self.game_results else None
        return PartieResult(self.score, winner)

    def returns(self) -> tuple[int, int]:
        """The points each seat has marked."""
        return self.score

    def pend_ruling(self, law: str, offender: int, description: str, cards: tuple[int, ...] = ()) -> None:
        """Table mode: a law that rules by itself (no chooser), left for the table to carry out."""
        self.pend(Pending(Irregularity(law, offender, description, None, ("penalty",)), cards=cards))


__all__ = ["HAND", "PUBLIC", "SEATS", "STRENGTH", "DealResult", "GameResult", "PartieResult", "Phase", "Play",
           "TriompheRules", "TriompheState", "TriompheView", "beats", "followers_cards", "parse_action", "redact"]
