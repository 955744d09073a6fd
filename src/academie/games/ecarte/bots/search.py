"""The search bot for Écarté: sample the hidden cards, solve each world exactly, pick the best on average.

A *world* deals the cards this seat cannot see (the opponent's hand, the talon order and the opponent's
discards) consistently with everything in its :class:`~academie.games.ecarte.state.EcarteView`: its own hand and
discards, the card turned up, the cards played, and what the opponent's play showed (E-§8.5): a second player
who did not follow has none of the suit led, one who followed without overtaking holds no higher card of
that suit (E-§5), one who neither followed nor trumped has no trump when trumping is compulsory. When the
opponent's first decision left his hand untouched (he stood, refused, or has just proposed), worlds where
the books (E-§8.2, E-§8.3, :mod:`academie.games.ecarte.bots.classical`) would have decided otherwise are redrawn
a few times (E-§8.4: "if refused, infer where the dealer is strong").

Card play solves every world with :class:`~academie.games.ecarte.bots.solver.Solver` and plays the card with the
best mean score. The decisions before play (propose or stand, accept or refuse, discards, take-back) play
each option out in every world: the exchange follows the books for the opponent and for later exchanges,
then both hands are solved exactly; the king of trumps counts one for whoever ends with it (E-§4.4). The
budget is a number of worlds, never a clock, and each decision draws its worlds from a generator seeded by
the bot's seed and the view, so the same seed and the same view give the same choice.

In table mode the books (:class:`~academie.games.ecarte.bots.classical.ClassicalBot`) choose the remedies of the
laws (rule file §7), and decide wherever the search cannot apply: a deal whose hands the solver cannot hold (a
sixth card served, a card taken back) or whose legal cards are not those of E-§5. After an irregular act the
replies no longer prove voids (a reply may have been a revoke, E-P3).

>>> from academie.games.ecarte.state import EcarteState
>>> state = EcarteState.new(seed=5, first_dealer=0)
>>> bot = SearchBot(seed=1, samples=8)
>>> bot.choose(state.view(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from academie.bots import Reason
from academie.bots.random import NoLegalActionError
from academie.cards import PACK_32, SUIT_MASKS, Card, cards_of, mask_of
from academie.engine import AcademieError, Action, Irregular, RulesError
from academie.games.ecarte.bots.classical import (
    ClassicalBot,
    dealer_refuses,
    discard_choice,
    elder_stands,
    keep_value,
    king_of_trumps,
    strength,
)
from academie.games.ecarte.bots.solver import Solver, SolverInputError, deal_payoff
from academie.games.ecarte.state import (
    ACCEPT,
    HIGHER_IN_SUIT,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    Accept,
    Discard,
    EcarteView,
    Phase,
    Play,
    TakeBack,
)

PACK_MASK: Final = mask_of(PACK_32)
DISCARD_MARGIN: Final = 0.1
"""Mean points by which a discard must beat the books' (E-§8.4) to be chosen instead: the sampled deals are
solved with both hands known, which flatters keeping guarded high cards."""
REDRAWS: Final = 12
"""How many times a world that contradicts the opponent's first decision is redrawn before it is kept."""


_SEARCHED: Final = frozenset({Phase.ELDER_DECIDES, Phase.DEALER_DECIDES, Phase.ELDER_DISCARD, Phase.ELDER_TAKE_BACK,
                               Phase.DEALER_DISCARD, Phase.PLAY})
"""The phases the search plays out (elsewhere, and for a remedy, the books decide)."""


class UnreadableViewError(AcademieError, ValueError):
    """A view no world can be dealt for (table mode: cards moved by a ruling), or whose legal cards the solver
    does not value: the search gives way to the books."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows of the hidden cards, read from its view."""

    me: int
    trump: int
    hand: int
    """The seat's own cards (mask)."""
    unseen: int
    """Cards this seat has not seen: in the opponent's hand, the talon or the opponent's discards."""
    opponent_shown: int
    """Cards of the opponent's hand shown face up (ECARTE-VI.6)."""
    opponent_size: int
    talon_size: int
    forbidden: int
    """Unseen cards the opponent cannot hold, by what his play showed (E-§5)."""


def knowledge_of(view: EcarteView, *, infer_king: bool = True) -> Knowledge:
    """Read a view: seen cards, the unseen pool, and the cards the opponent's play excludes.

    With ``infer_king``, an opponent who has played a card without marking the king of trumps is taken not
    to hold it (E-§4.4: the holder marks it before his first card; the books' bots always do, save the
    useless case of E-§8.4).
    """
    if view.trump_card is None:
        raise NoLegalActionError("no trump card in the view: the deal has not been dealt")
    me, trump = view.viewer, int(view.trump_card.suit)
    opponent = 1 - me
    hand = mask_of(view.hand)
    played = mask_of(c for t in view.tricks for c in t.cards)
    shown = mask_of(view.exposed[opponent])
    seen = hand | mask_of(view.my_discards) | view.trump_card.bit | played | shown
    forbidden = 0
    # Table mode: after an irregular act a reply may be a revoke, a card may have been taken back or played under
    # a ruling, so a reply no longer proves a void (E-P3): the worlds then rest on the cards seen alone.
    regular = not any(isinstance(action, Irregular) for _, action in view.history)
    for trick in view.tricks if regular else ():
        if trick.leader == me and len(trick.cards) == 2:
            forbidden |= _excluded_by_reply(trick.cards[0], trick.cards[1], trump, view.rules.must_trump)
    king = king_of_trumps(trump)
    opponent_played = any(t.leader == opponent or len(t.cards) == 2 for t in view.tricks)
    if infer_king and opponent_played and view.king_marked_by != opponent:
        forbidden |= king.bit
    return Knowledge(me=me, trump=trump, hand=hand, unseen=PACK_MASK & ~seen, opponent_shown=shown,
                     opponent_size=view.hand_sizes[opponent], talon_size=view.talon_size,
                     forbidden=forbidden & ~shown)


def _excluded_by_reply(led: Card, reply: Card, trump: int, must_trump: bool) -> int:
    """E-§5: the cards a second player cannot have held, given his reply to ``led``."""
    if reply.suit != led.suit:
        excluded = SUIT_MASKS[led.suit]
        if must_trump and reply.suit != trump:
            excluded |= SUIT_MASKS[trump]
        return excluded
    if strength(reply) < strength(led):
        return HIGHER_IN_SUIT[led.index]
    return 0


@dataclass(frozen=True, slots=True)
class World:
    """One dealing of the unseen cards: the opponent's hand and the talon, top card first."""

    opponent: int
    talon: tuple[Card, ...]


def sample_world(knowledge: Knowledge, rng: random.Random,
                 accept: Callable[[int], bool] | None = None) -> World:
    """A world consistent with ``knowledge``; ``accept`` (on the opponent's hand) redraws implausible ones.

    The forbidden cards are dropped from the opponent's possible cards only while enough remain (an enforced
    view is always consistent without the king inference; a table-mode one may not be, then none is dropped).
    Raises :class:`UnreadableViewError` when the unseen cards cannot fill the opponent's hand at all.
    """
    need = knowledge.opponent_size - knowledge.opponent_shown.bit_count()
    possible = knowledge.unseen & ~knowledge.opponent_shown
    if not 0 <= need <= possible.bit_count():
        raise UnreadableViewError(f"the opponent holds {knowledge.opponent_size} cards, {need} of them unseen, "
                                  f"among {possible.bit_count()} cards unseen")
    allowed = possible & ~knowledge.forbidden
    if allowed.bit_count() < need:
        allowed = possible & ~(knowledge.forbidden & ~king_of_trumps(knowledge.trump).bit)
    if allowed.bit_count() < need:  # the inferences contradict the view (a ruling moved cards): drop them
        allowed = possible
    candidates = [c.index for c in cards_of(allowed)]
    opponent = 0
    for _ in range(REDRAWS):
        opponent = knowledge.opponent_shown
        for index in rng.sample(candidates, need):
            opponent |= 1 << index
        if accept is None or accept(opponent):
            break
    rest = list(cards_of(possible & ~opponent))
    rng.shuffle(rest)
    return World(opponent, tuple(rest[:knowledge.talon_size]))



class SearchBot:
    """Determinise, solve exactly, average (E-§8.5; the exchange by the same sampling).

    ``samples`` worlds per decision in play; ``exchange_samples`` per option before play.
    """

    name = "search"

    def __init__(self, *, seed: int = 0, samples: int = 40, exchange_samples: int = 96) -> None:
        if samples < 1 or exchange_samples < 1:
            raise RulesError(f"samples={samples}, exchange_samples={exchange_samples}: both must be at least 1")
        self.seed = seed
        self.samples = samples
        self.exchange_samples = exchange_samples
        self._classical = ClassicalBot(seed=seed)
        self._why: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` comparing it, in points a deal, with
        the next best choice over the sampled deals (or the books' reason where the books decided)."""
        return self._why

    def choose(self, view: EcarteView) -> Action:
        assert isinstance(view, EcarteView)
        legal = view.legal_actions
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if len(legal) == 1:
            self._why = _only(legal[0])
            return legal[0]
        if MARK_KING in legal:
            action = self._classical.choose(view)
            if action == MARK_KING:
                self._why = self._classical.explain()
                return action
            legal = tuple(a for a in legal if a != MARK_KING)
            if len(legal) == 1:
                self._why = Reason("does not mark the king of trumps yet: the point can wait (§4.4)")
                return legal[0]
        if view.pending is not None or view.phase not in _SEARCHED:
            return self._books(view)
        rng = random.Random(f"{self.seed}|{_view_key(view)}")
        try:
            if view.phase is Phase.PLAY:
                return self._play(view, legal, rng)
            return self._exchange(view, legal, rng)
        except (UnreadableViewError, SolverInputError):
            # Table mode can leave a deal the worlds or the solver cannot hold (a sixth card served, a card
            # taken back, tricks awarded by a ruling): the books still give a sound choice there.
            return self._books(view)

    def _books(self, view: EcarteView) -> Action:
        """The classical bot's choice (E-§8), with its reason, where searching cannot apply (a remedy, a phase
        with nothing to search, a deal the worlds or the solver cannot hold)."""
        action = self._classical.choose(view)
        self._why = self._classical.explain()
        return action

    def _worlds(self, view: EcarteView, knowledge: Knowledge, count: int, rng: random.Random) -> list[World]:
        """``count`` worlds for one decision: the unseen cards dealt at random, consistently with the view, the
        opponent's untouched hand redrawn when it contradicts his first decision (E-§8.4)."""
        accept = _plausible(view, knowledge)
        return [sample_world(knowledge, rng, accept) for _ in range(count)]

    # -------------------------------------------------------------------------- play
    def _play(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        knowledge = knowledge_of(view)
        me = knowledge.me
        solver = _solver(view, knowledge.trump, stood=view.stood, refused=view.refused)
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        leader = current.leader if current is not None else me
        led = current.cards[0] if current is not None else None
        cards = [a.card for a in legal if isinstance(a, Play)]
        if not cards:
            return self._books(view)
        totals: dict[Card, int] = {}
        for world in self._worlds(view, knowledge, self.samples, rng):
            hands = (knowledge.hand, world.opponent) if me == 0 else (world.opponent, knowledge.hand)
            solution = solver.solve(hands=hands, leader=leader, led=led, tricks=view.tricks_won)
            for card, value in solution.card_values:
                totals[card] = totals.get(card, 0) + value
        if not all(c in totals for c in cards):
            # a ruling allows a card E-§5 forbids (or forbids one it allows): the solver did not value it
            raise UnreadableViewError("the cards allowed are not those the solver plays by E-§5")
        best = max(cards, key=lambda c: (totals[c], -strength(c), -c.index))
        self._why = _play_reason(best, {c: totals[c] / self.samples for c in cards}, self.samples)
        return Play(best)

    # -------------------------------------------------------------------------- exchange
    def _exchange(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD) and not any(isinstance(a, Discard)
                                                                                  for a in legal):
            return self._books(view)
        knowledge = knowledge_of(view)
        worlds = self._worlds(view, knowledge, self.exchange_samples, rng)
        model = _ExchangeModel(view, knowledge)
        options = _candidates(view, legal, knowledge.trump)
        scores = _successive_halving(options, worlds, model.value)
        best = max(scores, key=lambda a: (scores[a], -options.index(a)))
        if isinstance(best, Discard) and scores[best] < scores[options[0]] + DISCARD_MARGIN:
            best = options[0]  # the books' discard unless the sampled deals clearly prefer another
        self._why = _exchange_reason(best, options[0], scores, len(worlds))
        return best


def _successive_halving(options: Sequence[Action], worlds: Sequence[World],
                        value: Callable[[Action, World], int]) -> dict[Action, float]:
    """Mean value of the finalists: every option on a quarter of the worlds, then the first option (the
    books' choice) and the best three others on all of them."""
    if len(options) <= 4:
        return {a: sum(value(a, w) for w in worlds) / len(worlds) for a in options}
    first = max(1, len(worlds) // 4)
    totals = {a: sum(value(a, w) for w in worlds[:first]) for a in options}
    finalists = [options[0], *[a for a in sorted(options, key=lambda a: -totals[a]) if a != options[0]][:3]]
    return {a: (totals[a] + sum(value(a, w) for w in worlds[first:])) / len(worlds) for a in finalists}


def _candidates(view: EcarteView, legal: Sequence[Action], trump: int) -> list[Action]:
    """The options worth simulating: every decision; for a discard, the books' discard (E-§8.4) and its
    neighbours (one card more or one card fewer), never an elder discard beyond the talon (ECARTE-VI.5)."""
    if view.phase not in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
        return list(legal)
    sizes = [len(a.cards) for a in legal if isinstance(a, Discard)]
    low, high = min(sizes), max(sizes)
    if view.phase is Phase.ELDER_DISCARD:
        high = min(high, max(low, view.talon_size))
    books = discard_choice(view.hand, trump, minimum=low, maximum=high)
    kept = sorted((c for c in view.hand if c not in books), key=lambda c: keep_value(c, trump))
    variants = [books]
    variants += [(*books, c) for c in kept[:2] if len(books) < high]
    variants += [tuple(c for c in books if c != dropped) for dropped in books if len(books) > low]
    options: list[Action] = []
    for cards in variants:
        action = Discard(tuple(sorted(cards, key=lambda c: c.index)))
        if action in legal and action not in options:
            options.append(action)
    return options


class _ExchangeModel:
    """Plays an option before play out in one world and returns the net points for this seat.

    After the option, the exchange goes on by the books for both seats (E-§8.2 to E-§8.4): the elder proposes
    unless he holds a jeu de règle, the dealer refuses by the §8.3 table, each discards all but trumps and
    kings, until someone plays or the talon is exhausted (ECARTE-VI.3).
    """

    def __init__(self, view: EcarteView, knowledge: Knowledge) -> None:
        self.view = view
        self.knowledge = knowledge
        self.trump = knowledge.trump
        self.me = knowledge.me
        self.elder = 1 - (view.dealer if view.dealer is not None else 0)
        self.first = not any(isinstance(a, Accept) for _, a in view.history)
        self.king = king_of_trumps(knowledge.trump)
        self.king_open = view.king_marked_by is None and view.trump_card != self.king
        self.dealer_min = view.rules.dealer_min_exchange
        self._solvers: dict[tuple[int | None, int | None], Solver] = {}
        self._hand = view.hand

    def value(self, option: Action, world: World) -> int:
        me, opponent = self.me, 1 - self.me
        hands: dict[int, tuple[Card, ...]] = {me: self._hand, opponent: cards_of(world.opponent)}
        talon = list(world.talon)
        stood = refused = None
        if option == STAND:
            stood = me if self.first else None  # ECARTE-VI.8
        elif option == PROPOSE:
            if dealer_refuses(hands[opponent], self.trump)[0]:  # the dealer by the books (E-§8.3)
                refused = opponent if self.first else None  # ECARTE-VI.7
            else:
                self._exchange(hands, talon, elder_first=True)
        elif option == ACCEPT:
            self._exchange(hands, talon, elder_first=True)
        elif option == REFUSE:
            refused = me if self.first else None  # ECARTE-VI.7
        elif isinstance(option, Discard):
            self._draw(hands, talon, me, option.cards)
            self._exchange(hands, talon, elder_first=me != self.elder)
        elif isinstance(option, TakeBack):
            hands[me] = hands[me] + option.cards
        return self._score(hands, stood, refused)

    def _exchange(self, hands: dict[int, tuple[Card, ...]], talon: list[Card], *, elder_first: bool) -> None:
        """The rest of the exchange by the books; ``elder_first``: the elder discards next (else the dealer)."""
        elder, dealer = self.elder, 1 - self.elder
        while talon:
            if elder_first:
                self._draw(hands, talon, elder, discard_choice(hands[elder], self.trump, minimum=1,
                                                               maximum=max(1, min(5, len(talon)))))
            if talon:
                self._draw(hands, talon, dealer, discard_choice(hands[dealer], self.trump, minimum=self.dealer_min,
                                                                maximum=min(5, len(talon))))
            elder_first = True
            if not talon or self._elder_plays(hands[elder]) or dealer_refuses(hands[dealer], self.trump)[0]:
                return

    def _elder_plays(self, hand: tuple[Card, ...]) -> bool:
        return elder_stands(hand, self.trump, first_decision=False, king_out_of_sight=False,
                            opponent_at_game=False)[0]

    @staticmethod
    def _draw(hands: dict[int, tuple[Card, ...]], talon: list[Card], seat: int, cards: Sequence[Card]) -> None:
        """Discard ``cards`` and draw as many from the talon (ECARTE-VI.5: the excess is taken back)."""
        count = min(len(cards), len(talon))
        thrown = sorted(cards, key=strength)[:count]
        hands[seat] = tuple(c for c in hands[seat] if c not in thrown) + tuple(talon[:count])
        del talon[:count]

    def _score(self, hands: dict[int, tuple[Card, ...]], stood: int | None, refused: int | None) -> int:
        """Net points for this seat: the tricks solved exactly, and the king of trumps to its holder."""
        solver = self._solvers.get((stood, refused))
        if solver is None:
            solver = self._solvers[(stood, refused)] = _solver(self.view, self.knowledge.trump, stood=stood,
                                                               refused=refused)
        masks = (mask_of(hands[0]), mask_of(hands[1]))
        value = solver.value(hands=masks, leader=self.elder)  # ECARTE-V.1: the elder leads
        net = value if self.elder == self.me else -value
        if self.king_open:
            if self.king in hands[self.me]:
                net += 1
            elif self.king in hands[1 - self.me]:
                net -= 1
        return net


def _plausible(view: EcarteView, knowledge: Knowledge) -> Callable[[int], bool] | None:
    """A test of the opponent's hand against his first decision, when that hand is still untouched."""
    opponent = 1 - knowledge.me
    trump = knowledge.trump
    if any(isinstance(a, Accept) for _, a in view.history):
        return None
    if view.stood == opponent:
        return lambda mask: elder_stands(cards_of(mask), trump, first_decision=True, king_out_of_sight=False,
                                         opponent_at_game=False)[0]
    if view.refused == opponent:
        return lambda mask: dealer_refuses(cards_of(mask), trump)[0]
    if view.phase is Phase.DEALER_DECIDES:
        return lambda mask: not elder_stands(cards_of(mask), trump, first_decision=True, king_out_of_sight=False,
                                             opponent_at_game=False)[0]
    return None


def _solver(view: EcarteView, trump: int, *, stood: int | None, refused: int | None) -> Solver:
    payoff = deal_payoff(stood=stood, refused=refused, penalty_on_vole=view.rules.penalty_on_vole)
    return Solver(trump=trump, must_trump=view.rules.must_trump, payoff=payoff)


def _view_key(view: EcarteView) -> str:
    """A text that identifies the decision (seeding the worlds: the same view, the same worlds)."""
    history = " ".join(f"{actor}:{action}" for actor, action in view.history)
    hand = " ".join(str(c) for c in view.hand)
    return f"{view.viewer}|{view.score}|{view.trump_card}|{hand}|{history}"


# ------------------------------------------------------------------------------------------ reasons
def _about(points: float) -> str:
    """A difference of mean points as a person reads it: ``0.4``, ``1.3``, ``0.05``, ``3``."""
    text = f"{points:.1f}" if points >= 0.095 else f"{points:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _only(action: Action) -> Reason:
    if isinstance(action, Play):
        return Reason("plays {card}, the only card it may play (§5)", card=action.card)
    return Reason("the only move the rules allow here")


def _play_reason(best: Card, means: dict[Card, float], deals: int) -> Reason:
    """E-§8.5: the card played, compared in points a deal with the next best card over the sampled deals. The
    other cards are not named: they are still in the bot's hand, and the reason of a card played is told to all."""
    others = [c for c in means if means[c] < means[best]]
    if not others:
        return Reason("plays {card}: every card it may play does as well over {deals} sampled deals of the cards it "
                      "cannot see, so it gives the lowest (§8.5)", card=best, deals=deals)
    gain = _about(means[best] - max(means[c] for c in others))
    if any(c != best and means[c] == means[best] for c in means):
        return Reason("plays {card}, the lowest of the cards that do best: about {gain} points a deal better than the "
                      "rest, over {deals} sampled deals of the cards it cannot see (§8.5)", card=best, gain=gain,
                      deals=deals)
    return Reason("plays {card}: about {gain} points a deal better than any other card, over {deals} sampled deals of "
                  "the cards it cannot see (§8.5)", card=best, gain=gain, deals=deals)


def _exchange_reason(best: Action, books: Action, scores: dict[Action, float], deals: int) -> Reason:
    """A decision before play, compared in points a deal with the other choice (or the next best discard)."""
    others = [a for a in scores if a != best]
    if not others:
        if isinstance(best, Discard):
            return Reason("discards {cards}, keeping its trumps and kings as the books advise (§8.4)",
                          cards=best.cards)
        return Reason("the only move the rules allow here")
    other = max(others, key=lambda a: scores[a])
    difference = scores[best] - scores[other]
    gain = _about(abs(difference))
    tie = abs(difference) < 1e-9
    if best == PROPOSE:
        if tie:
            return Reason("proposes (« je propose »): it does as well as playing as dealt over {deals} sampled deals "
                          "of the cards it cannot see", deals=deals)
        return Reason("proposes (« je propose »): about {gain} points a deal better than playing as dealt (« je joue "
                      "»), over {deals} sampled deals of the cards it cannot see", gain=gain, deals=deals)
    if best == STAND:
        if tie:
            return Reason("plays as dealt (« je joue »): it does as well as proposing over {deals} sampled deals of "
                          "the cards it cannot see", deals=deals)
        return Reason("plays as dealt (« je joue »): about {gain} points a deal better than proposing, over {deals} "
                      "sampled deals of the cards it cannot see", gain=gain, deals=deals)
    if best == ACCEPT:
        if tie:
            return Reason("accepts (« combien ? »): it does as well as refusing over {deals} sampled deals of the "
                          "cards it cannot see", deals=deals)
        return Reason("accepts (« combien ? »): about {gain} points a deal better than refusing, over {deals} sampled "
                      "deals of the cards it cannot see", gain=gain, deals=deals)
    if best == REFUSE:
        if tie:
            return Reason("refuses (« je joue »): it does as well as accepting over {deals} sampled deals of the "
                          "cards it cannot see", deals=deals)
        return Reason("refuses (« je joue »): about {gain} points a deal better than accepting, over {deals} sampled "
                      "deals of the cards it cannot see", gain=gain, deals=deals)
    if isinstance(best, Discard) and isinstance(books, Discard) and best != books:
        return Reason("discards {cards} rather than {other}, the books' discard (§8.4): about {gain} points a deal "
                      "better, over {deals} sampled deals of the cards it cannot see", cards=best.cards,
                      other=books.cards, gain=_about(scores[best] - scores[books]), deals=deals)
    if isinstance(best, Discard) and isinstance(other, Discard):
        if tie:
            return Reason("discards {cards}, as the books advise (§8.4): discarding {other} does as well over {deals} "
                          "sampled deals of the cards it cannot see", cards=best.cards, other=other.cards, deals=deals)
        if difference > 0:
            return Reason("discards {cards}, as the books advise (§8.4): about {gain} points a deal better than "
                          "discarding {other}, over {deals} sampled deals of the cards it cannot see",
                          cards=best.cards, other=other.cards, gain=gain, deals=deals)
        return Reason("discards {cards}, as the books advise (§8.4): discarding {other} did only {gain} points a deal "
                      "better over {deals} sampled deals of the cards it cannot see, too little to trust",
                      cards=best.cards, other=other.cards, gain=gain, deals=deals)
    if isinstance(best, TakeBack) and isinstance(other, TakeBack):
        if tie:
            return Reason("takes back {cards}: taking back {other} does as well over {deals} sampled deals of the "
                          "cards it cannot see (ECARTE-VI.5)", cards=best.cards, other=other.cards, deals=deals)
        return Reason("takes back {cards}: about {gain} points a deal better than taking back {other}, over {deals} "
                      "sampled deals of the cards it cannot see (ECARTE-VI.5)", cards=best.cards, other=other.cards,
                      gain=gain, deals=deals)
    return Reason("the best of its choices over {deals} sampled deals of the cards it cannot see, about {gain} points "
                  "a deal better than the next", gain=gain, deals=deals)

