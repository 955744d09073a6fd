"""The expert Guinguette bot: the search bot's reading of the others and play-outs, spent where they decide.

The search bot (:mod:`academie.games.guinguette.bots.search`) reads the others' hands from what they did (each
other seat's cards are drawn until the classical bot, holding them, would have stirred, kept, bet, held, raised and
folded as it did: GU-§8 "Information") and plays every legal action out in the same worlds, keeping the classical
choice unless another beats it clearly. It spreads its play-outs evenly over every legal action, so a stir decision
with four cards to throw gives each candidate a fifth of them, and its reading draws up to 120 trajectories a seat.

The expert keeps the reading and the play-outs and changes where they go:

1. **Fewer, better candidates** (:func:`candidates`). In a stir round (GU-§5.3a) it weighs keeping against throwing
   one of the ``discards`` cards that leave the most outs to a tierce among the unseen cards (GU-§5.1c; the
   classical bot's own discard always among them, §8 "Improving with one stir"); throwing a card that leaves fewer
   outs gains nothing the others do not gain more. In the betting (GU-§5.3b) every legal action is a candidate.
2. **More worlds per candidate**: ``playouts`` (default 1024, against the search bot's 320) are shared among the
   candidates, three to five, so that each is played out in three to five times as many worlds as the search's;
   the reading draws up to ``tries`` (default 120, as the search) trajectories a seat, and each world serves every
   candidate with the same chance seed (common random numbers). No more worlds are drawn once ``budget`` units
   of work are spent (:data:`EXPERT_BUDGET`, counted as the search bot counts them, never timed: its "Budget"),
   eight worlds at least, so that a decision takes well under a second at every table size.
3. **A clearer gain only**: another candidate replaces the classical choice when its mean gain over it, world by
   world, exceeds ``margin`` standard errors (default 1.5, against the search bot's 1: the best of four or five
   noisy gains over the same worlds often passes one standard error by chance alone, and a switch on noise
   gives away the classical choice for a move no better, or worse).
4. **Bets are not proof** (§8 "Information", "betting"): the search reads every bet, hold and raise as the
   classical bot would have made it, so a seat that bets is given a tierce, and a player who bets without one
   (a bluff) makes it fold a point, or a low tierce, for nothing. In a share ``bluffs`` (default 0.35) of the
   worlds, each other seat's hand is read from its stirs alone, its bets explaining nothing: a fold then has to
   be worth it against a bettor who may hold anything. Measured: OpenSpiel's information-set search, which bets
   and raises on any hand, made the search bot fold a point or a low tierce to its raises deal after deal.

5. **A loose bettor is met with the showdown's odds** (§8 "betting": pot odds). The play-outs have every other
   seat bet as the classical bot would; a seat that has raised by a demi-septier or a chopine, or past the third
   raise, as the classical bot never does with any hand (:func:`loose_seats`), shows that it does not; against
   it a raise of ours does not make it fold, while a fold of ours gives up the pot to any hand. While such a seat
   is still in the contest, the expert reads its cards from its stirs alone, counts in how many worlds its own hand
   would win the showdown (:func:`showdown_share`, GU-§5.4b) and plays the odds (:func:`odds_action`): hold when its
   share of the pot after holding is worth more than the price, raise a pinte when its share is well above an
   equal one, fold otherwise. Measured against OpenSpiel's information-set search, which raises on any hand (in
   its self-play, three in five of its betting actions were raises, two in three of them by a demi-septier or a
   chopine): the play-outs alone raised back with nothing deal after deal, to all in. Our search bot raised so
   once in 180 seats' deals, on a tierce.

Deterministic: one ``random.Random(seed)``; no clock.

>>> from academie.games.guinguette.state import GuinguetteState
>>> state = GuinguetteState.new(seed=2, first_dealer=0)
>>> bot = ExpertBot(seed=1, playouts=24)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from academie.bots import Reason, Work
from academie.bots.random import NoLegalActionError
from academie.cards import mask_of, parse_cards
from academie.engine import Action, RulesError
from academie.games.guinguette.bots.classical import ClassicalBot, remedy_choice
from academie.games.guinguette.bots.search import (
    MIN_WORLDS,
    Decisions,
    ModelBot,
    World,
    _beats,
    _known,
    _paired_gain,
    books_reason,
    classical_bet,
    compare_in_worlds,
    completers,
    opponent_decisions,
    pack_mask,
    sample_world,
    tierce,
)
from academie.games.guinguette.state import (
    ALL_IN,
    FOLD,
    HOLD,
    POINT_VALUE,
    RAISES,
    GuinguetteRules,
    GuinguetteView,
    Phase,
    Restir,
    Stir,
    point_of,
)


def candidates(view: GuinguetteView, default: Action, *, discards: int) -> tuple[Action, ...]:
    """The actions worth playing out (module step 1): in a stir round, keeping, the classical ``default`` and the
    stirs throwing the ``discards`` cards that leave the most outs (then the highest point thrown, as the classical
    bot ranks them); elsewhere every legal action.

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> state = GuinguetteState.new(seed=2, first_dealer=0)
    >>> view = state.view(state.actor)
    >>> len(candidates(view, view.legal_actions[0], discards=2)) <= 4
    True
    """
    legal = tuple(view.legal_actions)
    stirs = [a for a in legal if isinstance(a, (Stir, Restir))]
    if view.phase is not Phase.STIR or len(stirs) <= discards:
        return legal
    hand = mask_of(view.hand)
    unseen = pack_mask(view.rules) & ~_known(hand, view, mask_of(view.my_discards))

    def outs(action: Stir | Restir) -> tuple[int, int]:
        rest = hand & ~(1 << action.card.index)
        return (completers(rest, view.rules) & unseen).bit_count(), POINT_VALUE[action.card.index]

    best = sorted(stirs, key=outs, reverse=True)[:discards]
    return tuple(a for a in legal if a not in stirs or a in best or a == default)


EXPERT_BUDGET: Final = 50_000
"""The expert's units of work per decision (module step 2)."""
ODDS_SHARE: Final = 2
"""Against a loose bettor the worlds are only read, not played out: a ``1 / ODDS_SHARE`` share of the budget."""

BLUFFS: Final = 0.35
"""The chance that a world reads another seat's bets as a bluff (module step 4)."""


def bluff_reading(decisions: Decisions, *, bluffs: float, rng: random.Random) -> Decisions:
    """The decisions a world's reading explains (module step 4): each other seat's own, or, with chance ``bluffs``,
    its stirs and keeps alone (GU-§5.3a), its bets, holds, raises and folds (GU-§5.3b) read as saying nothing.

    >>> bluff_reading({1: [], 2: []}, bluffs=0.5, rng=random.Random(0))
    {1: [], 2: []}
    """
    return {seat: seen if rng.random() >= bluffs else [(at, action) for at, action in seen if at.phase is Phase.STIR]
            for seat, seen in decisions.items()}


_PROBES: Final = tuple(mask_of(parse_cards(text)) for text in ("6C 7H KS AD", "KC KH JS TD", "8C 7H 6S AD",
                                                                   "JC TH 9S AD"))
"""One hand of each kind the classical bot tells apart when it bets (GU-§5.3b, §8): no tierce and a low point, no
tierce and a high point, a low tierce, a high tierce."""


def classical_could(seen: GuinguetteView, action: Action) -> bool:
    """Whether the classical bot could have taken ``action`` in the betting of ``seen`` with some hand (module step
    5): its bets depend on the hand only through the tierce and the point, so one hand of each kind settles it.

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> state = GuinguetteState.new(seed=2, first_dealer=0)
    >>> classical_could(state.view(state.actor), state.legal_actions()[0])
    True
    """
    if seen.phase is not Phase.BET:
        return True
    return any(classical_bet(probe, seen) == action for probe in _PROBES)


def loose_seats(decisions: Decisions) -> frozenset[int]:
    """The other seats that have raised this deal as the classical bot never does with any hand (module step 5): by
    a demi-septier or a chopine, or once three raises stand. An opening it would not make (a demi-septier with two
    others keeping their cards) does not count: a player who reads the table (our search bot) opens so now and
    then on a hand that deserves it.

    >>> loose_seats({1: [], 2: []})
    frozenset()
    """
    return frozenset(seat for seat, seen in decisions.items()
                     if any(action in RAISES.values() and not classical_could(at, action) for at, action in seen))


def showdown_share(view: GuinguetteView, worlds: Sequence[World]) -> float:
    """The share of ``worlds`` in which the viewer's hand would win the cabaret against every seat still in
    (GU-§5.4b: the best tierce, else the point; equal hands to the earlier in order). With the option
    ``no_tierce="carry"`` a showdown with no tierce wins nothing (the basket carries over)."""
    rules = view.rules
    assert view.dealer is not None
    order = [(view.dealer + 1 + position) % rules.players for position in range(rules.players)]
    live = [seat for seat in order if not view.folded[seat]]
    wins = 0
    for hands, _, _ in worlds:
        ranks = {seat: _showdown_rank(hands[seat], rules) for seat in live}
        if rules.no_tierce == "carry" and not any(rank[0] for rank in ranks.values()):
            continue
        wins += max(live, key=lambda seat: (ranks[seat], -live.index(seat))) == view.viewer
    return wins / len(worlds)


def _showdown_rank(hand: int, rules: GuinguetteRules) -> tuple[int, int]:
    """GU-§5.4b: a hand's rank at the showdown, its tierce, else its point."""
    held = tierce(hand, rules)
    return held, 0 if held else point_of(hand)


def cabaret_prize(view: GuinguetteView) -> int:
    """What the cabaret's winner takes as things stand: the cabaret basket, and the cotillon basket too under the
    default ``cotillon_to="cabaret_winner"`` (GU-§5.4b, GU-§5.4c)."""
    return view.baskets[1] + (view.baskets[2] if view.rules.cotillon_to == "cabaret_winner" else 0)


RAISE_SHARE: Final = 1.25
"""How far above an equal share of the showdown (one in as many as are still in) the expert's share must be before
it raises a loose bettor (module step 5)."""


def odds_action(view: GuinguetteView, share: float) -> Action:
    """The odds' action (module step 5) for a hand that wins the showdown in ``share`` of the worlds: raise a pinte
    when the share is :data:`RAISE_SHARE` times an equal one, hold (or go all in, if short) when the share of the
    pot after holding is worth more than the price, else fold.

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> state = GuinguetteState.new(GuinguetteRules(players=3), seed=2, first_dealer=0)
    >>> for text in ("keep", "keep", "keep", "bet 4"):
    ...     _ = state.apply_text(text)
    >>> view = state.view(state.actor)
    >>> str(odds_action(view, 0.05)), str(odds_action(view, 0.4)), str(odds_action(view, 0.5))
    ('fold', 'hold', 'raise 4')
    """
    legal = view.legal_actions
    me = view.viewer
    need = view.high - view.contributions[me]
    live = sum(1 for folded in view.folded if not folded)
    pot = cabaret_prize(view)
    price = min(need, view.stocks[me])
    if share * (pot + price) <= price:
        return FOLD if FOLD in legal else legal[0]
    if ALL_IN in legal:
        return ALL_IN
    if share * live >= RAISE_SHARE and RAISES[4] in legal:
        return RAISES[4]
    return HOLD if HOLD in legal else legal[0]


class ExpertBot:
    """The search bot's reading and play-outs, on the candidates that matter (module docstring)."""

    name = "expert"

    def __init__(self, *, seed: int = 0, playouts: int = 1024, margin: float = 1.5, tries: int = 120,
                 discards: int = 2, bluffs: float = BLUFFS, budget: int = EXPERT_BUDGET) -> None:
        for option, value in (("playouts", playouts), ("tries", tries), ("discards", discards), ("budget", budget)):
            if type(value) is not int or value < 1:
                raise RulesError(f"{option}={value!r} is not allowed; allowed: 1 or more")
        if not margin >= 0:
            raise RulesError(f"margin={margin!r} is not allowed; allowed: 0 or more")
        if not 0 <= bluffs <= 1:
            raise RulesError(f"bluffs={bluffs!r} is not allowed; allowed: a chance from 0 to 1")
        self.bluffs = bluffs
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.budget = budget
        """Units of work per decision (:class:`~academie.bots.Work`, module step 2)."""
        self.margin = margin
        self.tries = tries
        self.discards = discards
        self._model = ModelBot(seed=seed)
        self._classical = ClassicalBot(seed=seed)
        self._last: str = ""
        self.spent = 0
        """The units of work of the last decision (0 where it searched nothing)."""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason`, the tokens a deal by which it beats the
        classical choice over the sampled deals, or the classical bot's own reason where its choice stands."""
        return self._last

    def choose(self, view: GuinguetteView) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        self.spent = 0
        if view.pending is not None:
            action, self._last = remedy_choice(view, legal)
            return action
        default = self._model.choose(view)
        if default not in legal:  # a ruling barred the model's choice (a card exposed, a stir voided)
            default = legal[0]
        if len(legal) == 1 or view.phase not in (Phase.STIR, Phase.BET, Phase.TRICKS):
            self._last = Reason("takes the only choice it has") if len(legal) == 1 \
                else books_reason(self._classical, view, default)
            return default
        decisions = opponent_decisions(view)
        loose = self._loose_in(view, decisions)
        if loose and decisions is not None:
            return self._odds(view, decisions, loose)
        options = candidates(view, default, discards=self.discards)
        work = Work()
        values = compare_in_worlds(view, options, rng=self._rng, worlds=max(MIN_WORLDS, self.playouts // len(options)),
                                   budget=self.budget, work=work, world=lambda work: self._world(view, decisions, work))
        self.spent = work.units
        count = len(values[default])
        best, gain = default, 0.0
        for action in options:
            mean, half = _paired_gain(values[action], values[default])
            if mean - self.margin * half > 0 and mean > gain:
                best, gain = action, mean
        self._last = _beats(default, gain, count) if best != default else books_reason(self._classical, view, default)
        return best

    @staticmethod
    def _loose_in(view: GuinguetteView, decisions: Decisions | None) -> frozenset[int]:
        """The loose bettors still in the contest (module step 5), once the betting has begun."""
        if decisions is None or view.phase is not Phase.BET:
            return frozenset()
        return frozenset(seat for seat in loose_seats(decisions) if not view.folded[seat])

    def _odds(self, view: GuinguetteView, decisions: Decisions, loose: frozenset[int]) -> Action:
        """Module step 5: the loose bettors' cards read from their stirs alone, the others' as in the play-outs."""
        reading = {seat: [(at, action) for at, action in seen if seat not in loose or at.phase is Phase.STIR]
                   for seat, seen in decisions.items()}
        work = Work()
        worlds: list[World] = []
        while len(worlds) < max(MIN_WORLDS, self.playouts // 2) and (len(worlds) < MIN_WORLDS
                                                                     or work.units < self.budget // ODDS_SHARE):
            worlds.append(self._world(view, reading, work))
        self.spent = work.units
        share = showdown_share(view, worlds)
        action = odds_action(view, share)
        self._last = Reason("plays the odds against a loose bettor: its hand would win the showdown in {share}% of "
                            "the deals it reads, and the pot pays {pot} tokens (§8)", share=round(100 * share),
                            pot=cabaret_prize(view))
        return action

    def _world(self, view: GuinguetteView, decisions: Decisions | None, work: Work) -> World:
        """One world to play the candidates out in: the others' hands read from what they did, each other seat's
        bets read as a bluff (explaining nothing) with chance ``bluffs`` once the betting has begun (module step
        4)."""
        if decisions is None or not self.bluffs or view.phase is not Phase.BET:
            return sample_world(view, self._rng, decisions, self.tries, work)
        return sample_world(view, self._rng, bluff_reading(decisions, bluffs=self.bluffs, rng=self._rng),
                            self.tries, work)

