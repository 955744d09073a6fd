"""The expert bot for Écarté: information-set search whose worlds replay the whole deal the seat has seen.

The search bot (:mod:`academie.games.ecarte.bots.search`) deals the unseen cards at random, redrawing only an
untouched hand that contradicts the opponent's first decision. The expert deals the *past*: the opponent's
first five cards and every card he drew, drawn from the cards this seat never held, and replays his decisions on
them by the books (E-§8.2 play or propose, E-§8.3 accept or refuse, E-§8.4 discard everything but trumps and
kings). A world in which the books would have decided otherwise is kept with probability :data:`DISSENT` for each
such decision (an opponent is not bound to the books); one in which the opponent played or marked a card he could
not have held, or held a card his replies showed he lacks (E-§5, E-§8.5), is dropped. So the discard counts tell
what he kept: after a one-card discard he holds more trumps and kings than a fresh deal would give him, and the
card play is solved on hands like his (E-§8.4: "if refused, infer where the dealer is strong").

Each world is then valued as the search bot values it: card play by the exact solver
(:mod:`academie.games.ecarte.bots.solver`), the decisions before play by playing each option out. When the view
has irregular acts (table mode) or too few worlds survive, the search bot's worlds complete the count. The budget
is a number of worlds (:data:`PLAY_WORLDS`, :data:`EXCHANGE_WORLDS`: half as many again as the search bot's, or more)
and of tries, never a clock; the worlds of a decision come from a generator seeded by the bot's seed and the view,
so the same seed and view give the same choice.

>>> from academie.games.ecarte.state import EcarteState
>>> state = EcarteState.new(seed=5, first_dealer=0)
>>> bot = ExpertBot(seed=1, samples=8, exchange_samples=16)
>>> bot.choose(state.view(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Final

from academie.bots import Reason
from academie.cards import CARDS, PACK_32, RANKS_PER_SUIT, SUIT_MASKS, cards_of, mask_of
from academie.engine import Action, Irregular, RulesError
from academie.games.ecarte.bots.classical import dealer_refuses, discard_choice, elder_stands, king_of_trumps
from academie.games.ecarte.bots.search import Knowledge, SearchBot, World, _view_key
from academie.games.ecarte.state import (
    ACCEPT,
    DECK_SIZE,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    TALON_START,
    Accept,
    Discard,
    EcarteView,
    HiddenDiscard,
    HiddenTakeBack,
    Phase,
    TakeBack,
)

if TYPE_CHECKING:
    from academie.games.ecarte.opening import Strategy

DISSENT: Final = 0.15
"""The chance a world is kept for each decision of the opponent the books would have made otherwise (the search
bot departs from the books on about one first decision in five: 52 of 250 as the elder, 31 of 183 as the dealer)."""
SWAPS: Final = 4
"""Replays of one world at most, each after swapping the opponent's played cards into his hand."""
TRIES_PER_WORLD: Final = 40
"""Replays tried per world wanted before the search bot's worlds complete the count."""
PLAY_WORLDS: Final = 60
"""Worlds per decision in play: one and a half times the search bot's 40 (a card to play takes a few thousandths
of a second)."""
EXCHANGE_WORLDS: Final = 160
"""Worlds per option before play: two thirds more than the search bot's 96, so that close choices (stand or
propose, accept or refuse: a wrong one can cost the two points of E-§6.1's penalty) are less often decided by the
luck of the worlds drawn."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An opponent's decision before play: stand or propose (elder), accept or refuse (dealer)."""

    choice: str
    first: bool


@dataclass(frozen=True, slots=True)
class Exchange:
    """A discard, seen as a count: the opponent's (``mine`` false) or this seat's, and the cards served."""

    mine: bool
    count: int
    served: int
    talon_before: int


Event = Decision | Exchange


@dataclass(frozen=True, slots=True)
class Story:
    """What the view tells of the opponent's part of the deal, in the order it happened."""

    trump: int
    pool: tuple[int, ...]
    """Card indices this seat never held and did not see turned up: the opponent's cards, his draws, the talon."""
    events: tuple[Event, ...]
    opponent_played: int
    """Cards the opponent has played (he held them at the start of the play)."""
    must_hold: int
    """Cards the opponent must still hold (the king of trumps he marked and has not played)."""
    forbidden: int
    """Cards the opponent cannot hold now, by his replies (E-§5) and the king he did not mark (E-§4.4)."""
    dealer_minimum: int


def read_story(view: EcarteView, knowledge: Knowledge) -> Story | None:
    """The opponent's decisions and discards as the view shows them (None in table mode, where a ruling may
    have moved cards or a reply may be a revoke, E-P3: the search bot's worlds are used there)."""
    if view.trump_card is None or view.dealer is None:
        return None
    if any(isinstance(action, (Irregular, HiddenTakeBack, TakeBack)) for _, action in view.history):
        return None
    if view.exposed[0] or view.exposed[1] or view.pending is not None:
        return None
    me, opponent = knowledge.me, 1 - knowledge.me
    mine_played = mask_of(c for t in view.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 2 == me)
    theirs_played = mask_of(c for t in view.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 2 == opponent)
    held = knowledge.hand | mask_of(view.my_discards) | mine_played | view.trump_card.bit
    pool = tuple(c.index for c in PACK_32 if not held >> c.index & 1)
    events: list[Event] = []
    talon = DECK_SIZE - TALON_START
    served = {0: list(view.draw_counts[0]), 1: list(view.draw_counts[1])}
    for actor, action in view.history:
        if action in (PROPOSE, STAND, ACCEPT, REFUSE):
            if actor == opponent:
                events.append(Decision(str(action), first=not any(isinstance(e, Exchange) for e in events)))
        elif isinstance(action, (Discard, HiddenDiscard)):
            count = len(action.cards) if isinstance(action, Discard) else action.count
            if not served[actor]:
                return None
            drawn = served[actor].pop(0)
            events.append(Exchange(mine=actor == me, count=count, served=drawn, talon_before=talon))
            talon -= drawn
    if talon != view.talon_size:
        return None
    king = king_of_trumps(knowledge.trump)
    must_hold = king.bit if view.king_marked_by == opponent and not theirs_played >> king.index & 1 else 0
    return Story(trump=knowledge.trump, pool=pool, events=tuple(events), opponent_played=theirs_played,
                 must_hold=must_hold, forbidden=knowledge.forbidden, dealer_minimum=view.rules.dealer_min_exchange)


def replay_world(story: Story, rng: random.Random, *, opponent_is_elder: bool) -> World | None:
    """One deal of the past drawn at random and replayed by the books; None when it is dropped.

    A card the opponent has played but the replay did not leave in his hand is swapped into the place of one of
    the cards it did leave (at most :data:`SWAPS` times, each followed by a new replay): rejecting such worlds
    instead would keep one in a hundred after two tricks.
    """
    order = rng.sample(story.pool, len(story.pool))
    needed = story.opponent_played | story.must_hold
    for _ in range(SWAPS):
        replayed = _replay(story, order, rng, opponent_is_elder=opponent_is_elder)
        if replayed is None:
            return None
        held, drawn = replayed
        final = 0
        for place in held:
            final |= 1 << order[place]
        missing = needed & ~final
        if not missing:
            now = final & ~story.opponent_played
            if now & story.forbidden:
                return None
            return World(now, tuple(CARDS[i] for i in order[drawn:]))
        free = [place for place in held if not needed >> order[place] & 1]
        rng.shuffle(free)
        for place, card in zip(free, (c.index for c in cards_of(missing)), strict=False):
            other = order.index(card)
            order[place], order[other] = order[other], order[place]
    return None


def _replay(story: Story, order: list[int], rng: random.Random, *,
            opponent_is_elder: bool) -> tuple[list[int], int] | None:
    """The opponent's decisions and discards replayed by the books on the deal ``order`` (his five cards first,
    then his draws in turn): the places in ``order`` of the cards he holds at the start of play and the place of
    the talon's top card; None when the world is dropped for the books' disagreeing."""
    held = [0, 1, 2, 3, 4]
    position = 5
    trump = story.trump
    for event in story.events:
        if isinstance(event, Decision):
            held_mask = 0
            for place in held:
                held_mask |= 1 << order[place]
            agrees = _books_decision(held_mask, trump, event.first, opponent_is_elder) == event.choice
            if not agrees and rng.random() >= DISSENT:
                return None
        elif not event.mine:
            hand = [CARDS[order[place]] for place in held]
            minimum = 1 if opponent_is_elder else story.dealer_minimum
            maximum = max(minimum, min(5, event.talon_before))
            thrown = discard_choice(hand, trump, minimum=minimum, maximum=maximum)
            if len(thrown) != event.count:
                if rng.random() >= DISSENT:
                    return None
                thrown = discard_choice(hand, trump, minimum=event.count, maximum=event.count)
            gone = {c.index for c in thrown}
            held = [place for place in held if order[place] not in gone]
            held += range(position, position + event.served)
            position += event.served
    return held, position


_DECIDED: Final[dict[tuple[int, tuple[int, ...], bool, bool], str]] = {}
"""The books' decisions already taken, by the shape of the hand (see :func:`_books_decision`)."""


def _books_decision(hand: int, trump: int, first: bool, elder: bool) -> str:
    """The books' decision with the cards of the mask ``hand`` (E-§8.2 for the elder, E-§8.3 for the dealer), as
    the action's text.

    A replay asks it again and again, and the books decide on the hand's shape alone: its trumps and its plain
    suits, whichever suit each is (E-§8.2 and E-§8.3 name no plain suit). So the decision is remembered by the
    trumps' lane and the plain lanes sorted: a hand and the same hand with its plain suits exchanged share one."""
    lanes = [hand >> (RANKS_PER_SUIT * suit) & SUIT_MASKS[0] for suit in range(4)]
    key = (lanes[trump], tuple(sorted(lane for suit, lane in enumerate(lanes) if suit != trump)), first, elder)
    decision = _DECIDED.get(key)
    if decision is None:
        cards = cards_of(hand)
        if elder:
            stands = elder_stands(cards, trump, first_decision=first, king_out_of_sight=False,
                                  opponent_at_game=False)[0]
            decision = str(STAND if stands else PROPOSE)
        else:
            decision = str(REFUSE if dealer_refuses(cards, trump)[0] else ACCEPT)
        _DECIDED[key] = decision
    return decision


OPENINGS: Final = ("search", "equilibrium")
"""How the expert takes the first decisions of a deal: by its search, or as the solved opening's equilibrium does
(issue 34; :mod:`academie.games.ecarte.opening`)."""
EQUILIBRIUM_FILE: Final = "equilibrium.json"
"""The solved opening's decisions by class, a copy of the one beside its report (docs/analysis/ecarte-opening)."""
FAR_FROM_GAME: Final = 3
"""The equilibrium is followed while neither seat has this many points: it weighs the points of the deal, which
near the end of a partie (five points) are not what decides it."""


@functools.cache
def equilibrium() -> Strategy:
    """The solved opening's strategy shipped with the bot (read once)."""
    from academie.games.ecarte.opening import read_strategy

    return read_strategy(resources.files(__package__).joinpath(EQUILIBRIUM_FILE).read_text(encoding="utf-8"))


class ExpertBot(SearchBot):
    """The search bot on worlds that replay the opponent's decisions and discards (see the module).

    ``opening="equilibrium"``: the first decisions of a deal (ECARTE-VI.1: stand or propose; ECARTE-VI.7: accept or
    refuse the first proposal) are taken as the solved opening's equilibrium takes them for the hand's class, at
    random with its chances where it mixes, while neither seat has :data:`FAR_FROM_GAME` points; a class it never
    met, table mode and later decisions are searched as usual.
    """

    name = "expert"

    def __init__(self, *, seed: int = 0, samples: int = PLAY_WORLDS, exchange_samples: int = EXCHANGE_WORLDS,
                 opening: str = "search") -> None:
        if samples < 1 or exchange_samples < 1:
            raise RulesError(f"samples={samples}, exchange_samples={exchange_samples}: both must be at least 1")
        if opening not in OPENINGS:
            raise RulesError(f"opening={opening!r} is not allowed; allowed: {', '.join(OPENINGS)}")
        super().__init__(seed=seed, samples=samples, exchange_samples=exchange_samples)
        self.opening = opening

    def choose(self, view: EcarteView) -> Action:
        if self.opening == "equilibrium":
            action = self._equilibrium(view)
            if action is not None:
                return action
        return super().choose(view)

    def _equilibrium(self, view: EcarteView) -> Action | None:
        """The equilibrium's first decision for this view, or None where the search decides."""
        legal = view.legal_actions
        yes: Action
        no: Action
        if view.phase is Phase.ELDER_DECIDES:
            yes, no, elder = STAND, PROPOSE, True
        elif view.phase is Phase.DEALER_DECIDES:
            yes, no, elder = REFUSE, ACCEPT, False
        else:
            return None
        if yes not in legal or no not in legal or view.pending is not None or view.trump_card is None \
                or max(view.score) >= FAR_FROM_GAME \
                or any(isinstance(action, (Accept, Irregular)) for _, action in view.history):
            return None  # a later decision, or table mode: searched
        if MARK_KING in legal and self._classical.choose(view) == MARK_KING:
            return None  # the king first (E-§4.4), as the search bot marks it
        from academie.games.ecarte.opening import hand_class

        strategy = equilibrium()
        chances = strategy.stands if elder else strategy.refuses
        chance = chances.get(hand_class(view.hand, view.trump_card, elder=elder))
        if chance is None:
            return None
        rng = random.Random(f"{self.seed}|equilibrium|{_view_key(view)}")
        action = yes if rng.random() < chance else no
        share = round(100 * (chance if action == yes else 1 - chance))
        self._why = _follows(action, share)
        return action

    def _worlds(self, view: EcarteView, knowledge: Knowledge, count: int, rng: random.Random) -> list[World]:
        story = read_story(view, knowledge)
        worlds: list[World] = []
        if story is not None:
            elder = view.dealer == knowledge.me
            for _ in range(count * TRIES_PER_WORLD):
                world = replay_world(story, rng, opponent_is_elder=elder)
                if world is not None and world.opponent.bit_count() == knowledge.opponent_size \
                        and len(world.talon) == knowledge.talon_size:
                    worlds.append(world)
                    if len(worlds) == count:
                        return worlds
        return worlds + super()._worlds(view, knowledge, count - len(worlds), rng)




def _follows(action: Action, chance: int) -> Reason:
    """The reason of a first decision taken as the equilibrium takes it (private: it speaks of the hand)."""
    if action == STAND:
        return Reason("plays as dealt (« je joue »), as the solved opening does with hands of its class ({chance}% "
                      "of them)", chance=chance)
    if action == PROPOSE:
        return Reason("proposes (« je propose »), as the solved opening does with hands of its class ({chance}% of "
                      "them)", chance=chance)
    if action == REFUSE:
        return Reason("refuses (« je joue »), as the solved opening does with hands of its class ({chance}% of "
                      "them)", chance=chance)
    return Reason("accepts (« combien ? »), as the solved opening does with hands of its class ({chance}% of them)",
                  chance=chance)
