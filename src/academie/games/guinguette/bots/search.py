"""The Guinguette search bot: read the others' hands from what they did, play each choice out, keep a clear gain.

Opponents are modelled by the classical bot (:mod:`academie.games.guinguette.bots.classical`, the rule file's §8),
and the search is a one-step improvement on it:

1. **Replay** (:func:`opponent_decisions`): the deal's public history is replayed on a dummy deal, which gives each
   other seat's view (baskets, stir round, bets, stocks) at each of its decisions: keep or stir (GU-§5.3a), pass,
   bet, hold, raise or fold (GU-§5.3b).
2. **Reading the hands** (:func:`sample_world`): for each other seat in turn, a trajectory is drawn (four cards
   from the cards the viewer has not seen, then for each of its stirs the card the classical bot would throw and a
   card drawn from the cotillon, GU-§5.1a) and kept only if the classical bot, holding those cards, would have
   done what the seat did at every decision (rejection; after ``tries`` attempts the trajectory that agreed most
   is used). A seat that bet therefore holds a tierce, one that passed does not, one that kept in round 1 holds a
   tierce, a point or a poor draw (§8 "information"). The viewer's discards are known to him: they are never dealt
   to the others' first hands, and when mixed into the cotillon (GU-§5.1e) only a later draw can take them.
3. **Play-outs**: every legal action is tried in the same worlds with the same chance seed (common random
   numbers); the rest of the deal is played by :class:`ModelBot` for every seat, a fast copy of the classical
   bot's decisions (the tests check that they agree), so the others call, fold and raise as they really do.
4. **A clear gain only**: the value of an action is the mean of the seat's counters won in the deal. The classical
   choice is the default; another action replaces it only when its mean gain over it, world by world, exceeds
   ``margin`` standard errors (no raise or stir on noise, §8 "betting").

**Budget** (issue 29). A decision plays its actions out in up to ``playouts / len(actions)`` worlds, and stops
drawing worlds once it has spent ``budget`` units of :class:`~academie.bots.Work` (:data:`SEARCH_BUDGET`), but
never before :data:`MIN_WORLDS` worlds: a unit is a decision replayed in reading a hand, an action in a play-out
costs :data:`STEP_UNITS` and a play-out :data:`PLAY_OUT_UNITS` more. The work is counted, never timed, so the same
view and seed give the same decision on any machine; the units are sized so that the largest budget at the
largest table stays well under a second on the project's two-core machine (``python -m bench.bots``). At six to
eight seats a reading is long and a play-out has many seats to play: without a budget the worlds cost several
times what they cost at three.

Deterministic: one ``random.Random(seed)``; no clock.

>>> from academie.games.guinguette.state import GuinguetteState
>>> state = GuinguetteState.new(seed=2, first_dealer=0)
>>> bot = SearchBot(seed=1, playouts=40)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from academie.bots import Reason, Work
from academie.bots.random import NoLegalActionError
from academie.cards import mask_of, parse_cards
from academie.engine import Action, RulesError
from academie.games.guinguette.bots.classical import HIGH_POINT, WIN_WITH_TIERCE, ClassicalBot, remedy_choice
from academie.games.guinguette.state import (
    ALL_IN,
    BETS,
    FOLD,
    HAND_SIZE,
    HOLD,
    KEEP,
    MASK_36,
    MASK_52,
    PASS,
    POINT_VALUE,
    QUEEN_OF_DIAMONDS,
    RAISES,
    RESTIRS,
    STIR_COST,
    STIRS,
    GuinguetteRules,
    GuinguetteState,
    GuinguetteView,
    HiddenStir,
    Phase,
    PlayCard,
    Restir,
    Stir,
    point_of,
    sequence_positions,
    tierce_of,
)

World = tuple[list[int], list[int], int]
"""Hands (masks, by seat), the cotillon (card indices, top first) and the cards set aside (mask)."""
Decisions = Mapping[int, Sequence[tuple[GuinguetteView, Action]]]
"""Each other seat's decisions this deal: its view at the time (public fields only are read) and what it did."""

MIN_WORLDS: Final = 8
"""A decision plays its actions out in this many worlds at least, whatever the budget."""
SEARCH_BUDGET: Final = 20_000
"""The search bot's units of work per decision (:class:`~academie.bots.Work`; module "Budget")."""
STEP_UNITS: Final = 2
"""The units of work of an action in a play-out: a decision replayed in reading a hand is one, and an action
played (the model's choice, then the engine's) costs about twice as much."""
PLAY_OUT_UNITS: Final = 20
"""The units of work of a play-out besides its actions: the state cloned, the showdown paid, the deal settled."""

_COMPLETERS: dict[tuple[bool, bool, bool, bool], dict[int, int]] = {}
_TIERCES: dict[tuple[bool, bool, bool, bool], dict[int, int]] = {}
_HIGH_TIERCE: dict[tuple[bool, bool, bool, bool], int] = {}


# ------------------------------------------------------------------------------------ the classical bot, fast
def _tierce_key(rules: GuinguetteRules) -> tuple[bool, bool, bool, bool]:
    return (rules.players > 4, rules.ace_next_to_six, rules.tierce_same_suit, rules.guinguette_wild)


def pack_mask(rules: GuinguetteRules) -> int:
    """GU-§2.1: the 36-card pack for 3–4 players, 52 cards for more."""
    return MASK_36 if rules.players <= 4 else MASK_52


def tierce(hand: int, rules: GuinguetteRules) -> int:
    """:func:`~academie.games.guinguette.state.tierce_of` (GU-§5.1c), memoised: the model asks it of the same hands
    in play-out after play-out.

    >>> tierce(mask_of(parse_cards("JC TH 9S 7D")), GuinguetteRules()) == tierce_of(
    ...     mask_of(parse_cards("JC TH 9S 7D")), GuinguetteRules())
    True
    """
    table = _TIERCES.setdefault(_tierce_key(rules), {})
    found = table.get(hand)
    if found is None:
        found = table[hand] = tierce_of(hand, rules)
    return found


def completers(rest: int, rules: GuinguetteRules) -> int:
    """The cards that would give the three cards ``rest`` a tierce (GU-§5.1c), as a mask; memoised.

    >>> from academie.cards import cards_of
    >>> " ".join(str(c) for c in cards_of(completers(mask_of(parse_cards("9S 8H KC")), GuinguetteRules())))
    '7C TC 7D TD 7H TH 7S TS'
    """
    table = _COMPLETERS.setdefault(_tierce_key(rules), {})
    found = table.get(rest)
    if found is None:
        found = table[rest] = _completers(rest, rules)
    return found


def _completers(rest: int, rules: GuinguetteRules) -> int:
    """GU-§5.1c (Q2): unless tierces must be of one suit, a card completes one by its place in the run alone
    (:func:`by_place`); else, or with the ♦Q wild (GU-§5.4a), each card is tried."""
    if not rules.tierce_same_suit and not rules.guinguette_wild:
        return by_place(rest, rules)
    found = 0
    for card in rules.pack:
        bit = 1 << card.index
        if not rest & bit and tierce_of(rest | bit, rules):
            found |= bit
    return found


_PLACE_CARDS: dict[tuple[bool, bool], tuple[int, ...]] = {}
_PLACE_TIERCES: dict[tuple[bool, bool, int], int] = {}


def by_place(rest: int, rules: GuinguetteRules) -> int:
    """The cards that give ``rest`` a tierce when tierces need not be of one suit and the ♦Q is not wild (GU-§5.1c):
    a tierce is three neighbouring places of the run (:func:`~academie.games.guinguette.state.sequence_positions`),
    so what completes one depends on the places ``rest`` fills alone, of which there are a few hundred, each worked
    out once; a rest that holds a tierce already is completed by any card.

    >>> from academie.cards import cards_of
    >>> " ".join(str(c) for c in cards_of(by_place(mask_of(parse_cards("9S 8H KC")), GuinguetteRules())))
    '7C TC 7D TD 7H TH 7S TS'
    """
    positions = sequence_positions(rules)
    key = (rules.players > 4, rules.ace_next_to_six)
    cards = _PLACE_CARDS.get(key)
    if cards is None:
        masks = [0] * (max(positions) + 1)
        for card in rules.pack:
            if positions[card.index] >= 0:
                masks[positions[card.index]] |= 1 << card.index
        cards = _PLACE_CARDS[key] = tuple(masks)
    places = 0
    mask = rest
    while mask:
        low = mask & -mask
        mask ^= low
        place = positions[low.bit_length() - 1]
        if place >= 0:
            places |= 1 << place
    completing = _PLACE_TIERCES.get((*key, places))
    if completing is None:
        completing = _PLACE_TIERCES[(*key, places)] = sum(
            1 << place for place in range(len(cards)) if _has_run(places | 1 << place))
    if _has_run(places):
        return pack_mask(rules) & ~rest
    found = 0
    for place, of_place in enumerate(cards):
        if completing >> place & 1:
            found |= of_place
    return found & ~rest


def _has_run(places: int) -> bool:
    """Whether three neighbouring places are filled."""
    return bool(places & places >> 1 & places >> 2)


def high_tierce(rules: GuinguetteRules) -> int:
    """The value of a tierce au dix: it and au valet count as high for the classical bot (GU-§5.1c)."""
    key = _tierce_key(rules)
    if key not in _HIGH_TIERCE:
        _HIGH_TIERCE[key] = tierce_of(mask_of(parse_cards("TC 9C 8C")), rules)
    return _HIGH_TIERCE[key]


def best_discard(hand: int, unseen: int, rules: GuinguetteRules) -> tuple[int, int]:
    """The classical bot's discard (``best_draw``: most outs, then the highest point, then the lowest index) and
    its number of outs among the ``unseen`` cards."""
    best_card, best_key = -1, (-1, -1)
    mask = hand
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        key = ((completers(hand & ~low, rules) & unseen).bit_count(), POINT_VALUE[card])
        if key > best_key:
            best_card, best_key = card, key
    return best_card, best_key[0]


class Table(Protocol):
    """What the classical bot's stir and bet read besides the hand: a :class:`GuinguetteView`, or, in a play-out,
    :class:`_Turn`, the same fields read from the state without building a view."""

    @property
    def rules(self) -> GuinguetteRules: ...
    @property
    def viewer(self) -> int: ...
    @property
    def legal_actions(self) -> Sequence[Action]: ...
    @property
    def baskets(self) -> tuple[int, int, int]: ...
    @property
    def stir_round(self) -> int: ...
    @property
    def stirs(self) -> Sequence[int]: ...
    @property
    def folded(self) -> Sequence[bool]: ...
    @property
    def contributions(self) -> Sequence[int]: ...
    @property
    def opened(self) -> bool: ...
    @property
    def high(self) -> int: ...
    @property
    def raises(self) -> int: ...


def classical_keeps(hand: int, *, known: int, view: Table, can_stir: bool) -> tuple[bool, int]:
    """Whether the classical bot keeps ``hand`` in the cotillon round of ``view`` (GU-§5.3a, §8), and the card it
    throws (or would throw) when it stirs. ``known``: the cards it has seen (hand, shown, discards set aside)."""
    rules = view.rules
    unseen = pack_mask(rules) & ~known
    card, outs = best_discard(hand, unseen, rules)
    if not can_stir or tierce(hand, rules):
        return True, card
    if point_of(hand) >= HIGH_POINT and not hand >> QUEEN_OF_DIAMONDS & 1:
        return True, card
    chance = outs / max(1, unseen.bit_count())
    cost = rules.restir_cost if view.stir_round > 1 else STIR_COST
    prize = WIN_WITH_TIERCE * (view.baskets[1] + view.baskets[2] + 2 * rules.players)
    if card == QUEEN_OF_DIAMONDS:
        prize -= view.baskets[0]
    return chance * prize <= cost, card


def classical_bet(hand: int, view: Table) -> Action:
    """The classical bot's betting action (GU-§5.3b, §8 "betting") holding ``hand`` in the situation of ``view``."""
    rules, seat, legal = view.rules, view.viewer, view.legal_actions
    held = tierce(hand, rules)
    point = point_of(hand)
    keepers = sum(1 for s, stirs in enumerate(view.stirs) if stirs == 0 and s != seat and not view.folded[s])
    if not view.opened:
        if held:
            return _measure(legal, 4 if held >= high_tierce(rules) else 2)
        if point >= HIGH_POINT and keepers <= 1:
            return _measure(legal, 1)
        return PASS
    if ALL_IN in legal:
        return ALL_IN if held else FOLD
    if held:
        if held >= high_tierce(rules) and view.raises < 3 and RAISES[4] in legal:
            return RAISES[4]
        return HOLD
    if point >= HIGH_POINT and view.high - view.contributions[seat] <= 2 and keepers <= 1:
        return HOLD
    return FOLD


def _measure(legal: Sequence[Action], measure: int) -> Action:
    for amount in (measure, 2, 1):
        if amount <= measure and BETS[amount] in legal:
            return BETS[amount]
    return legal[0]


def _known(hand: int, view: GuinguetteView, discards: int) -> int:
    known = hand | mask_of(card for cards in view.shown for card in cards)
    return known if view.rules.discard_mixed else known | discards


class ModelBot:
    """The classical bot's decisions, computed on bitmasks: the opponents' and the future self's model."""

    name = "model"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed

    def explain(self) -> str:
        return Reason("follows the rule file's advice (GU-§8)")

    def choose(self, view: GuinguetteView) -> Action:
        legal: tuple[Action, ...] = view.legal_actions
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        hand = mask_of(view.hand)
        action: Action = legal[0]
        if view.pending is not None:
            action = remedy_choice(view, legal)[0]
        elif view.phase is Phase.STIR:
            keeps, card = classical_keeps(hand, known=_known(hand, view, mask_of(view.my_discards)), view=view,
                                          can_stir=len(legal) > 1)
            action = KEEP if keeps else (RESTIRS if view.stir_round > 1 else STIRS)[card]
        elif view.phase is Phase.BET:
            action = classical_bet(hand, view)
        elif view.phase is Phase.TRICKS:
            action = max((a for a in legal if isinstance(a, PlayCard)), key=lambda a: POINT_VALUE[a.card.index],
                         default=legal[0])
        # as the classical bot does: where a ruling bars the §8 choice, the first legal action
        return action if action in legal else legal[0]


class _Turn:
    """The fields of :class:`Table` for the seat to act, read from a play-out's state: building its view at every
    step (its history redacted, its payments, its draws) was a third of a play-out's time."""

    __slots__ = ("baskets", "contributions", "folded", "high", "legal_actions", "opened", "raises", "rules",
                 "stir_round", "stirs", "viewer")

    def __init__(self, state: GuinguetteState, seat: int, legal: Sequence[Action]) -> None:
        deal = state.deal_in_progress
        self.rules = state.rules
        self.viewer = seat
        self.legal_actions = legal
        self.baskets = state.baskets()
        self.stir_round = deal.stir_round
        self.stirs = deal.stirs
        self.folded = deal.folded
        self.contributions = deal.contributions
        self.opened = deal.opened
        self.high = deal.high
        self.raises = deal.raises


def model_action(state: GuinguetteState) -> Action:
    """:class:`ModelBot`'s choice for the seat to act in ``state``, read from the state rather than from a view
    (the play-outs ask it at every step; the tests check that the two agree)."""
    seat = state.actor
    assert isinstance(seat, int) and seat >= 0
    legal = state.legal_actions()
    phase = state.phase
    if state.pending is not None or phase not in (Phase.STIR, Phase.BET, Phase.TRICKS):
        return ModelBot().choose(state.view(seat))
    deal = state.deal_in_progress
    hand = deal.hands[seat]
    action: Action
    if phase is Phase.STIR:
        known = hand
        for shown in deal.shown:
            known |= shown
        if not state.rules.discard_mixed:
            known |= deal.discarded[seat]
        keeps, card = classical_keeps(hand, known=known, view=_Turn(state, seat, legal), can_stir=len(legal) > 1)
        action = KEEP if keeps else (RESTIRS if deal.stir_round > 1 else STIRS)[card]
    elif phase is Phase.BET:
        action = classical_bet(hand, _Turn(state, seat, legal))
    else:
        action = max((a for a in legal if isinstance(a, PlayCard)), key=lambda a: POINT_VALUE[a.card.index],
                     default=legal[0])
    return action if action in legal else legal[0]


# ------------------------------------------------------------------------------------ reading the others
def deal_start(view: GuinguetteView) -> GuinguetteView:
    """The view as it stood when the first player spoke: stakes put back from the baskets (GU-§5.1a fees,
    GU-§5.3b bets), no stir, no bet."""
    rules = view.rules
    players = rules.players
    fees = [0 if n == 0 else STIR_COST + (n - 1) * rules.restir_cost for n in view.stirs]
    stocks = tuple(s + f + c for s, f, c in zip(view.stocks, fees, view.contributions, strict=True))
    guinguette, cabaret, cotillon = view.baskets
    assert view.dealer is not None
    return dataclasses.replace(
        view, phase=Phase.STIR, actor=(view.dealer + 1) % players, stocks=stocks,
        baskets=(guinguette, cabaret - sum(view.contributions), cotillon - sum(fees)),
        hand_sizes=(HAND_SIZE,) * players, stirs=(0,) * players, stir_round=1, contributions=(0,) * players,
        folded=(False,) * players, all_in=(False,) * players, opened=False, high=0, raises=0, last_measure=0,
        acted=(False,) * players, may_stir=(True,) * players, stirred_now=(False,) * players, trick=(),
        tricks_won=(0,) * players, history=(), legal_actions=())


def opponent_decisions(view: GuinguetteView) -> Decisions | None:
    """Each other seat's decisions this deal with its view at the time, from a replay of the public history on a
    dummy deal (the cards are irrelevant to what is public). None when the history cannot be replayed so (a table
    ruling, a deal not begun by the players)."""
    if view.phase not in (Phase.STIR, Phase.BET) or view.dealer is None or view.pending is not None:
        return None
    rules = view.rules
    shown = [mask_of(cards) for cards in view.shown]
    free = [c.index for c in rules.pack if not any(m >> c.index & 1 for m in shown)]
    hands = []
    for mask in shown:
        while mask.bit_count() < HAND_SIZE:
            mask |= 1 << free.pop()
        hands.append(mask)
    try:
        state = GuinguetteState.from_view(deal_start(view), hands=hands, cotillon=free, aside=0, seed=0)
        decisions: dict[int, list[tuple[GuinguetteView, Action]]] = {
            seat: [] for seat in range(rules.players) if seat != view.viewer}
        for actor, action in view.history:
            if state.actor != actor:
                return None
            if actor != view.viewer:
                decisions[actor].append((state.view(actor), action))
            if isinstance(action, (HiddenStir, Stir, Restir)):
                again = isinstance(action, Restir) or (isinstance(action, HiddenStir) and action.again)
                hand = state.hand(actor)
                card = next((c for c in hand if c.index != QUEEN_OF_DIAMONDS), hand[0])
                action = (RESTIRS if again else STIRS)[card.index]
            state.apply(action)
    except (RulesError, ValueError, KeyError):
        return None
    return decisions if state.actor == view.actor else None


@dataclass(frozen=True, slots=True)
class Trajectory:
    """One other seat's cards this deal: dealt, thrown, held now, and how many of its decisions they explain."""

    dealt: int
    thrown: int
    held: int
    agreed: int


def sample_trajectory(decisions: Sequence[tuple[GuinguetteView, Action]], *, shown: int, deal_pool: Sequence[int],
                      draw_pool: int, rules: GuinguetteRules, rng: random.Random, tries: int,
                      work: Work | None = None) -> Trajectory:
    """Cards for one other seat that the classical bot would have played as it did (module step 2).

    ``deal_pool``: the cards its first hand can hold besides ``shown``; ``draw_pool``: the cards it can draw. A
    hand is replayed only as long as it may still explain more of the decisions than the best one so far.
    """
    best: Trajectory | None = None
    need = len(decisions)
    for _ in range(tries):
        dealt = shown
        for card in rng.sample(deal_pool, HAND_SIZE - shown.bit_count()):
            dealt |= 1 << card
        held, thrown, agreed = dealt, 0, 0
        for done, (seen, action) in enumerate(decisions):
            if best is not None and agreed + need - done <= best.agreed:
                break  # it can no longer explain more decisions than the best so far: not worth replaying further
            if work is not None:
                work.units += 1
            if seen.phase is Phase.STIR:
                stirred = isinstance(action, HiddenStir)
                keeps, card = classical_keeps(held, known=_known(held, seen, thrown), view=seen,
                                              can_stir=len(seen.legal_actions) > 1)
                agreed += keeps != stirred
                if stirred:
                    held &= ~(1 << card)
                    thrown |= 1 << card
                    held |= 1 << _draw(draw_pool & ~held & ~(0 if rules.discard_mixed else thrown), rng)
            else:
                agreed += classical_bet(held, seen) == action
        if work is not None:
            work.units += 1
        trajectory = Trajectory(dealt, thrown, held, agreed)
        if agreed == need:
            return trajectory
        if best is None or agreed > best.agreed:
            best = trajectory
    assert best is not None
    return best


def _draw(pool: int, rng: random.Random) -> int:
    """A card drawn uniformly from the mask ``pool`` (GU-§5.1a: the top card of a shuffled cotillon)."""
    skip = rng.randrange(pool.bit_count())
    for _ in range(skip):
        pool &= pool - 1
    return (pool & -pool).bit_length() - 1


def sample_world(view: GuinguetteView, rng: random.Random, decisions: Decisions | None = None,
                 tries: int = 120, work: Work | None = None) -> World:
    """Hands, cotillon and cards set aside consistent with ``view`` and, when ``decisions`` are given, with what
    the others did under the classical model (module step 2); the reading's work counted in ``work``."""
    rules = view.rules
    players = rules.players
    me = view.viewer
    pack = pack_mask(rules)
    shown = [mask_of(cards) for cards in view.shown]
    hand = mask_of(view.hand)
    mine = mask_of(view.my_discards)
    unknown = pack & ~hand & ~mine & ~sum(shown)
    drawable = pack & ~hand & ~(sum(shown)) & ~(0 if rules.discard_mixed else mine)
    hands = [0] * players
    hands[me] = hand
    dealt_taken = held_taken = 0
    aside = 0 if rules.discard_mixed else mine
    for seat in (s for s in range(players) if s != me):
        pool = unknown & ~dealt_taken & ~held_taken & ~aside
        seen = decisions.get(seat, ()) if decisions is not None else ()
        if view.hand_sizes[seat] != HAND_SIZE or not seen:
            pool_list = [c.index for c in rules.pack if pool >> c.index & 1]
            held = shown[seat]
            for card in rng.sample(pool_list, view.hand_sizes[seat] - shown[seat].bit_count()):
                held |= 1 << card
            trajectory = Trajectory(held, 0, held, 0)
        else:
            trajectory = sample_trajectory(
                seen, shown=shown[seat], deal_pool=[c.index for c in rules.pack if pool >> c.index & 1],
                draw_pool=drawable & ~held_taken & ~aside, rules=rules, rng=rng, tries=tries, work=work)
        hands[seat] = trajectory.held
        dealt_taken |= trajectory.dealt
        held_taken |= trajectory.held
        if not rules.discard_mixed:
            aside |= trajectory.thrown & ~held_taken
    rest = [c.index for c in rules.pack if (pack & ~hand & ~held_taken & ~aside) >> c.index & 1]
    rng.shuffle(rest)
    if not rules.discard_mixed:
        missing = sum(view.stirs) - aside.bit_count()  # the others' discards a failed reading did not place
        for card in rest[:max(0, missing)]:
            aside |= 1 << card
        rest = rest[max(0, missing):]
    return hands, rest, aside


def books_reason(classical: ClassicalBot, view: GuinguetteView, default: Action) -> Reason:
    """The classical bot's reason for ``default``, the choice a search keeps (the rule file's advice, GU-§8, where
    the classical bot would have chosen otherwise)."""
    if classical.choose(view) == default:
        why = classical.explain()
        if isinstance(why, Reason):
            return why
    return Reason("follows the rule file's advice (GU-§8)")


def play_outs(view: GuinguetteView, actions: Sequence[Action], world: World, seed: int,
              work: Work | None = None) -> dict[Action, int]:
    """For each of ``actions``, the tokens the viewer ends the deal with when it takes that action in ``world`` and
    every seat then plays as :class:`ModelBot` (each from what it knows of the world), chance drawing from
    ``seed``: the world's state is built once and cloned for each action, so every action meets the same
    cotillons (common random numbers). Counted in ``work``: :data:`PLAY_OUT_UNITS` a play-out and
    :data:`STEP_UNITS` an action."""
    hands, cotillon, aside = world
    start = GuinguetteState.from_view(view, hands=hands, cotillon=cotillon, aside=aside, seed=seed, deal_only=True)
    values = {}
    steps = 0
    for action in actions:
        state = start.clone()
        state.apply_unchecked(action)
        steps += 1
        while not state.deal_results:
            state.apply_unchecked(model_action(state))
            steps += 1
        values[action] = state.deal_results[0].points[view.viewer]
    if work is not None:
        work.units += PLAY_OUT_UNITS * len(actions) + STEP_UNITS * steps
    return values


def compare_in_worlds(view: GuinguetteView, actions: Sequence[Action], *, rng: random.Random, worlds: int,
                      budget: int, work: Work, world: Callable[[Work], World]) -> dict[Action, list[int]]:
    """Each action's tokens at the end of the deal in each world (module steps 2 and 3): ``world(work)`` reads one
    more world, every action is played out in it, and this goes on until ``worlds`` worlds, or until ``budget``
    units of ``work`` are spent once :data:`MIN_WORLDS` worlds are played (module "Budget")."""
    values: dict[Action, list[int]] = {action: [] for action in actions}
    for played in range(worlds):
        if played >= MIN_WORLDS and work.units >= budget:
            break
        sampled = world(work)
        for action, value in play_outs(view, actions, sampled, rng.getrandbits(32), work).items():
            values[action].append(value)
    return values


# ------------------------------------------------------------------------------------ the search
class SearchBot:
    """Classical-model reading of the others, play-outs of each action, a switch only on a clear gain."""

    name = "search"

    def __init__(self, *, seed: int = 0, playouts: int = 320, margin: float = 1.0, tries: int = 120,
                 budget: int = SEARCH_BUDGET) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        """Play-outs per decision at most, shared among the legal actions (at least 8 worlds each)."""
        self.budget = budget
        """Units of work per decision (:class:`~academie.bots.Work`): no more worlds once they are spent (module
        "Budget")."""
        self.margin = margin
        self.tries = tries
        self._model = ModelBot(seed=seed)
        self._classical = ClassicalBot(seed=seed)
        """The classical bot itself, for its reasons where the search keeps its choice (its decisions are the
        model's)."""
        self._last: str = ""
        self.spent = 0
        """The units of work of the last decision (0 where it searched nothing)."""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason`, the tokens a deal by which it beats the
        classical choice over the sampled deals, or the classical bot's own reason where the search keeps its
        choice."""
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
        work = Work()
        values = compare_in_worlds(view, legal, rng=self._rng, worlds=max(MIN_WORLDS, self.playouts // len(legal)),
                                   budget=self.budget, work=work,
                                   world=lambda work: sample_world(view, self._rng, decisions, self.tries, work))
        self.spent = work.units
        count = len(values[default])
        best, gain = default, 0.0
        for action in legal:
            mean, half = _paired_gain(values[action], values[default])
            if mean - self.margin * half > 0 and mean > gain:
                best, gain = action, mean
        self._last = _beats(default, gain, count) if best != default else books_reason(self._classical, view, default)
        return best


def _about(tokens: float) -> str:
    """A mean gain in tokens as a person reads it: ``0.4``, ``1.3``, ``0.05``, ``3``."""
    text = f"{tokens:.1f}" if tokens >= 0.095 else f"{tokens:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _beats(default: Action, gain: float, deals: int) -> Reason:
    """Why the search leaves the classical choice ``default``: by how many tokens a deal the move chosen beats it
    over the sampled deals. The classical choice is named without its card (the card is in the bot's hand)."""
    about = _about(gain)
    if default == KEEP:
        return Reason("it beats the classical keep (« je m'y tiens ») by about {gain} tokens a deal, over {deals} "
                      "sampled deals", gain=about, deals=deals)
    if isinstance(default, Stir):
        return Reason("it beats the classical stir (« je remue le cotillon ») by about {gain} tokens a deal, over "
                      "{deals} sampled deals", gain=about, deals=deals)
    if isinstance(default, Restir):
        return Reason("it beats the classical restir (« je renvie le cotillon ») by about {gain} tokens a deal, over "
                      "{deals} sampled deals", gain=about, deals=deals)
    if default == PASS:
        return Reason("it beats the classical pass (« passe ») by about {gain} tokens a deal, over {deals} sampled "
                      "deals", gain=about, deals=deals)
    if default == HOLD:
        return Reason("it beats the classical hold (« tiens ») by about {gain} tokens a deal, over {deals} sampled "
                      "deals", gain=about, deals=deals)
    if default == FOLD:
        return Reason("it beats the classical fold (« quitte ») by about {gain} tokens a deal, over {deals} sampled "
                      "deals", gain=about, deals=deals)
    if default == ALL_IN:
        return Reason("it beats going all in, the classical choice, by about {gain} tokens a deal, over {deals} "
                      "sampled deals", gain=about, deals=deals)
    amount = getattr(default, "amount", None)
    if default in BETS.values() and amount is not None:
        return Reason("it beats the classical bet of {amount} by about {gain} tokens a deal, over {deals} sampled "
                      "deals", amount=amount, gain=about, deals=deals)
    if default in RAISES.values() and amount is not None:
        return Reason("it beats the classical raise of {amount} (« renvi ») by about {gain} tokens a deal, over "
                      "{deals} sampled deals", amount=amount, gain=about, deals=deals)
    if isinstance(default, PlayCard):
        return Reason("it beats the card the classical bot would play by about {gain} tokens a deal, over {deals} "
                      "sampled deals", gain=about, deals=deals)
    return Reason("it beats the classical choice by about {gain} tokens a deal, over {deals} sampled deals",
                  gain=about, deals=deals)


def _paired_gain(values: Sequence[int], base: Sequence[int]) -> tuple[float, float]:
    """The mean of ``values - base`` world by world and its standard error."""
    count = len(values)
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / max(1, count - 1)
    return mean, math.sqrt(variance / count)

