"""The old books' advice on Écarté checked by computation (``academie analyse ecarte --report DIR``).

What the rule file's strategy section (E-§8) records from Cavendish, Foster, the *Encyclopaedia Britannica*
and *Hoyle's Games Modernized*, measured on deals:

- E-§8.1: the trump distribution table, by exact counting of the dealer's 65,780 possible hands;
- E-§8.2: each item of the jeux de règle (hands to play without proposing, without the king of trumps): over
  hands of the item, the elder's net points and chance of the point when he stands against when he proposes;
  the jeux de règle with the king of trumps, on which the books propose (E-§8.1); Foster's "two times in three";
  HGM's example hand (Q A 7 of trumps, two plain kings) counted over every turn-up and dealer's hand;
- E-§8.3: the dealer's rules for refusing, and the exceptions "too weak to refuse with";
- E-§8.4: "discard everything except trumps and kings" against the best discard a search finds;
- our own table of hands to stand on, by iterated best response between the elder's and the dealer's first
  decisions.

Three ways of playing after the decision are measured, each giving its own verdict (flagged where they split).
*Bot*: the game's strongest bot (its registration's last) takes every later decision and plays the cards for
both seats, in the engine. *Double dummy*: the bound where both hands are known: the dealer answers a proposal
knowing both hands, the exchange follows the books, and the five tricks are solved exactly
(:mod:`academie.games.ecarte.bots.solver`). *Double dummy, the dealer by the books*: the same, the dealer
answering a proposal by E-§8.3's rule from his own hand. Differences within :data:`EQUIVALENCE_POINTS` are
'equivalent'.

The work is cut into :class:`Job` values (:func:`plan`), each run by :func:`run_job` on any process (its
course depends only on the run's seed and the job's numbers), and the results make the report
(:func:`build_report`). Deals come from deck orders drawn here from the seed (never from the engine's own
dealing), the elder being seat 1 with seat 0 dealing. The bot rows grow by *chunks* (:func:`chunk_job`): chunk
``c`` of a row is :data:`CHUNK_PAIRS` paired deals numbered from :data:`CHUNK_BASE`, the same on any machine for
the same seed; each played chunk is kept as a line of :data:`CHUNKS_FILE` beside the report, and the report is
built from the run and every chunk kept (``academie analyse ecarte --report DIR --chunks N`` plays ``N`` more).

>>> [row[0] for row in trump_table()]
[0, 1, 2, 3]
>>> trump_table()[1][1:3]      # E-§8.1, Foster's figures for one trump in hand
(44574, 21206)
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path
from typing import Any, Final, TypeVar

from academie.cards import PACK_32, Card, Rank, mask_of, parse_cards
from academie.engine import AcademieError, Action
from academie.games.ecarte import GAME
from academie.games.ecarte.bots.classical import (
    dealer_refuses,
    discard_choice,
    elder_stands,
    jeu_de_regle,
    king_of_trumps,
)
from academie.games.ecarte.bots.solver import Solver, deal_payoff
from academie.games.ecarte.state import (
    ACCEPT,
    DEFAULT_RULES,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    TALON_START,
    TURN_UP_POSITION,
    EcarteState,
    Phase,
    dealt_positions,
)
from academie.report import (
    Z_95,
    Claim,
    Estimate,
    Plot,
    Report,
    Section,
    Series,
    Table,
    Unit,
    exact,
    mean,
    proportion,
    share_text,
    value_text,
    verdict_floor,
    verdict_sign,
    verdict_value,
    verdicts_by_method,
)

ELDER_SEAT, DEALER_SEAT = 1, 0
"""Seat 0 deals the analysed deals: seat 1 is the elder (ECARTE-V.1: he leads)."""
ELDER_POSITIONS: Final = tuple(sorted(dealt_positions(DEFAULT_RULES, elder=True)))
DEALER_POSITIONS: Final = tuple(sorted(dealt_positions(DEFAULT_RULES, elder=False)))
MAX_DRAWS: Final = 200_000
"""Deck orders drawn at most to find one hand of a group (the rarest item needs a few hundred)."""
DISCARD_WORLDS: Final = (16, 48, 64)
"""Worlds for the discard search: every discard on the first, the four best and the books' on the second too,
then the chosen and the books' on fresh ones to measure the difference without the winner's bias."""
DISCARD_TOLERANCE: Final = 0.05
"""Points a deal within which a discard counts as good as the best found."""
REDRAWS: Final = 12
MAX_ROUNDS: Final = 50
"""Rounds of best response at most (each round: the elder answers the dealer, then the dealer the elder)."""
MIN_CLASS: Final = 30
"""Classes of hands with fewer deals are shown but not decided."""
EQUIVALENCE_POINTS: Final = 0.05
"""The equivalence margin, fixed before the run: two choices whose difference lies wholly within ± 0.05 points a
deal are as good as each other (a verdict 'equivalent'); the bot rows would need about 4,000 paired deals to
reach it."""
KING_GROUP: Final = "a jeu de règle with the king of trumps"
"""E-§8.1: the jeux de règle on which Foster and the EB propose, holding the king of trumps."""
HGM_HAND: Final = "QS AS 7S KH KD"
"""HGM ch. 8's example jeu de règle: Q A 7 of trumps (here spades) and two plain kings."""
HGM_SHARE: Final = (0.75, 0.85)
""""Four times out of five" read as a rounded figure, fixed before the run: agrees when ours lies from 3/4 to
0.85 (the nearest simple fractions a writer would have said instead: three in four, five in six)."""

ITEMS: Final[dict[int, tuple[str, ...]]] = {
    1: ("three or more trumps",),
    2: ("two trumps and three cards of a plain suit", "two trumps and a plain king", "two trumps and a guarded queen",
        "two trumps and high cards in two plain suits"),
    3: ("one trump and a tierce major", "one trump and four cards of a plain suit", "one trump and two queens",
        "one trump, a queen and a guarded knave", "one trump, a king and a queen"),
    4: ("four court cards in three suits", "three queens"),
    5: ("only two cards to discard without a king or a trump",),
}
"""E-§8.2: the reasons of :func:`~academie.games.ecarte.bots.classical.jeu_de_regle` by item of the list."""
ITEM_WORDS: Final[dict[int, str]] = {
    1: "Any hand with three or more trumps.",
    2: "Two trumps with: three cards of one plain suit; or a plain king; or a queen guarded; or two guarded "
       "knaves/other high cards in two suits.",
    3: "One trump with: a tierce major (K Q J) in a plain suit; or four cards of one plain suit; or two queens; or a "
       "queen and a guarded knave in different suits; or a king and a queen of different suits.",
    4: "No trump with four court cards (of three different suits) or three queens.",
    5: "Any hand from which only two cards can be discarded without throwing away a king or a trump.",
}
"""The list as the rule file gives it (E-§8.2, after Cavendish in the EB 1911)."""
ITEM_SOURCES: Final[dict[int, str]] = {
    **{item: f"the rule file's author, reconstructed from EB pp. 167–168 (E-§8.2 item {item})" for item in range(1, 5)},
    5: "the rule file's summary of EB p. 167 (E-§8.2 item 5)"}
"""Who gives each item: items 1–4 are the rule file's reconstruction (marked (r)), item 5 is in the EB."""
FOSTER: Final = "the rule file's summary of Foster p. 271 (E-§8.1)"

EB_167: Final = "the rule file's summary of EB p. 167 (E-§8.3)"
EB_167_168: Final = "the rule file's summary of EB pp. 167–168 (E-§8.3)"
REFUSAL: Final[dict[str, tuple[bool, str, str]]] = {
    "three guarded suits": (True, EB_167, "Accept unless guarded in three suits (a queen counts as a guard)"),
    "a trump and two guarded suits": (True, EB_167, "… or in two suits with a trump"),
    "two trumps and a guarded suit": (True, EB_167, "… or in one suit with two trumps"),
    "a jeu de règle strong enough": (True, EB_167_168, "Refuse with the same hands as the jeux de règle"),
    "a jeu de règle too weak to refuse with": (False, EB_167_168, "except these are too weak to refuse with: …"),
    "three trumps with the king": (False, "the rule file's summary of HGM ch. 8 (E-§8.3)",
                                   "with three trumps refuse unless one is the king (then accept: vole chance)"),
    "none of these": (False, EB_167, "Accept unless …"),
}
"""E-§8.3: the dealer's categories (whether the books refuse, where, their words), as
:func:`~academie.games.ecarte.bots.classical.dealer_refuses` decides them."""
_REFUSAL_MARKS: Final = (("three trumps and the king", "three trumps with the king"),
                         ("guarded in three suits", "three guarded suits"),
                         ("a trump, and the king or the queen in two", "a trump and two guarded suits"),
                         ("two trumps, and the king or the queen", "two trumps and a guarded suit"),
                         ("too weak to refuse", "a jeu de règle too weak to refuse with"),
                         ("not strong enough", "none of these"))




class AnalysisError(AcademieError, ValueError):
    """An analysis that cannot run as asked (a size out of range, a group whose hands cannot be found)."""


# ------------------------------------------------------------------------------------------------ counting
def trump_table() -> list[tuple[int, int, int, int]]:
    """E-§8.1 by exact counting: for ``t`` trumps in the elder's hand (the turn-up a trump too), every hand
    the dealer can hold among the 26 unseen cards, counted by its trumps: (t, hands with at most one trump,
    hands with two or more, hands with none)."""
    rows = []
    for own in range(4):
        unseen_trumps = 7 - own
        unseen = [1] * unseen_trumps + [0] * (26 - unseen_trumps)
        counts = Counter(sum(hand) for hand in itertools.combinations(unseen, 5))
        rows.append((own, counts[0] + counts[1], sum(v for k, v in counts.items() if k >= 2), counts[0]))
    return rows


ELDER_HANDS_WITH_TURN_UPS: Final = math.comb(32, 5) * 27
"""5,437,152: every elder's hand of five with every turn-up among the 27 other cards."""


@functools.cache
def item_frequencies() -> dict[str, int]:
    """E-§8.2 by exact enumeration: for each group of :data:`STAND_GROUPS`, the elder's hands of the group with
    their turn-ups, of :data:`ELDER_HANDS_WITH_TURN_UPS` (an item's hands without the king of trumps, on which the
    books stand; the jeux de règle with it, on which they propose, E-§8.1, form their own group). A hand's items
    depend on the turn-up only through its suit, and the four suits are alike: each hand is classified once with
    spades trumps and weighted by the spades it leaves to be turned up (8 minus its trumps); the four suits multiply
    every count by four."""
    counts: Counter[str] = Counter()
    trump = int(PACK_32[0].suit)
    king = king_of_trumps(trump)
    for hand in itertools.combinations(PACK_32, 5):
        items = items_of(hand, trump)
        if items:
            weight = 4 * (8 - trumps_in(hand, trump))
            counts["any jeu de règle"] += weight
            if king in hand:  # E-§8.1: the books propose on these
                counts[KING_GROUP] += weight
                continue
            for item in items:
                counts[f"item {item}"] += weight
    return {group: counts[group] for group in STAND_GROUPS}


HGM_TURN_UPS: Final = 5
"""The trumps HGM's example hand does not hold: each may be the turn-up, each as likely."""


def hgm_count(*, turn_up: int, hand: str = HGM_HAND) -> tuple[int, int]:
    """HGM ch. 8's example jeu de règle (E-§8.4) by exact enumeration, for one turn-up: the elder stands on
    ``hand`` (its first card fixes trumps), the turn-up the ``turn_up``-th trump he does not hold; over every
    dealer's hand of five among the 26 cards left, the deals in which he makes the point with both hands known
    (double dummy, ECARTE-VI.8's payoff). Returns (made, deals); the report sums the five turn-ups."""
    cards = parse_cards(hand)
    trump = int(cards[0].suit)
    turned = [c for c in PACK_32 if c.suit == trump and c not in cards][turn_up]
    unseen = [c for c in PACK_32 if c not in cards and c != turned]
    made = every = 0
    for dealer in itertools.combinations(unseen, 5):
        made += _solved(cards, dealer, trump, stood=True) > 0
        every += 1
    return made, every


# ------------------------------------------------------------------------------------------------ hands
def trumps_in(cards: Sequence[Card], trump: int) -> int:
    return sum(1 for c in cards if c.suit == trump)


def items_of(cards: Sequence[Card], trump: int) -> tuple[int, ...]:
    """E-§8.2: the items of the jeux de règle list the hand belongs to."""
    reasons = set(jeu_de_regle(cards, trump))
    return tuple(item for item, names in ITEMS.items() if reasons & set(names))


def refusal_category(cards: Sequence[Card], trump: int) -> str:
    """E-§8.3: which of the books' rules decides the dealer's answer with this hand (a key of :data:`REFUSAL`)."""
    _, reason = dealer_refuses(cards, trump)
    for mark, category in _REFUSAL_MARKS:
        if mark in reason:
            return category
    return "a jeu de règle strong enough"


def hand_class(cards: Sequence[Card], trump: int) -> tuple[int, bool, int, int]:
    """The class of a hand in our table: trumps (3 for three or more), the king of trumps held, plain kings
    and plain queens (2 for two or more)."""
    plain = [c for c in cards if c.suit != trump]
    return (min(3, trumps_in(cards, trump)), king_of_trumps(trump) in cards,
            min(2, sum(1 for c in plain if c.rank is Rank.KING)), min(2, sum(1 for c in plain if c.rank is Rank.QUEEN)))


def class_text(key: tuple[int, bool, int, int]) -> str:
    trumps, king, kings, queens = key
    words = f"{trumps}{'+' if trumps == 3 else ''} trump{'s' if trumps != 1 else ''}"
    if king:
        words += " (the king among them)"
    return f"{words}, {kings}{'+' if kings == 2 else ''} plain king(s), {queens}{'+' if queens == 2 else ''} " \
           "plain queen(s)"


@dataclass(frozen=True, slots=True)
class Deal:
    """One deck order and what the analyses read from it."""

    deck: tuple[Card, ...]

    @property
    def trump(self) -> int:
        return int(self.deck[TURN_UP_POSITION].suit)

    @property
    def elder(self) -> tuple[Card, ...]:
        return tuple(self.deck[p] for p in ELDER_POSITIONS)

    @property
    def dealer(self) -> tuple[Card, ...]:
        return tuple(self.deck[p] for p in DEALER_POSITIONS)

    @property
    def talon(self) -> list[Card]:
        return list(self.deck[TALON_START:])

    def king_turned(self) -> bool:
        return self.deck[TURN_UP_POSITION].rank is Rank.KING


def shuffled(rng: random.Random) -> Deal:
    deck = list(PACK_32)
    rng.shuffle(deck)
    return Deal(tuple(deck))


def derive(seed: int, *path: int) -> random.Random:
    """The generator of one sample: the same seed and path, the same draws, on any process."""
    return random.Random("|".join(str(p) for p in (seed, *path)))


def draw_until(rng: random.Random, wanted: Callable[[Deal], bool]) -> tuple[Deal, int]:
    """Deck orders until one is ``wanted``: the deal and how many were drawn (rejection sampling)."""
    for draws in range(1, MAX_DRAWS + 1):
        deal = shuffled(rng)
        if wanted(deal):
            return deal, draws
    raise AnalysisError(f"no wanted hand in {MAX_DRAWS} deck orders")


# ------------------------------------------------------------------------------------------------ double dummy
def _king_points(elder: Sequence[Card], dealer: Sequence[Card], trump: int, deal: Deal) -> int:
    """Net points of the king of trumps for the elder: its holder marks one (E-§4.4); the dealer marked a
    turned king (E-§3)."""
    king = king_of_trumps(trump)
    return (king in elder) - (king in dealer) - deal.king_turned()


def _solved(elder: Sequence[Card], dealer: Sequence[Card], trump: int, *, stood: bool = False,
            refused: bool = False) -> int:
    """Net points of the tricks for the elder, both hands known (the solver's seat 0 is the elder, who leads)."""
    payoff = deal_payoff(stood=0 if stood else None, refused=1 if refused else None)
    solver = Solver(trump=trump, payoff=payoff)
    return solver.value(hands=(mask_of(elder), mask_of(dealer)), leader=0)


def books_exchange(elder: Sequence[Card], dealer: Sequence[Card], talon: list[Card], trump: int, *,
                   elder_discard: Sequence[Card] | None = None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The exchange after an accepted proposal, by the books (E-§8.2–8.4): each discards all but trumps and
    kings (ECARTE-VI.1; the elder's first discard may be given), until the elder stands, the dealer refuses or
    the talon is out (ECARTE-VI.3, VI.5). The hands after it."""
    hands = [tuple(elder), tuple(dealer)]
    first = elder_discard
    while talon:
        thrown = first if first is not None else discard_choice(hands[0], trump, minimum=1,
                                                                maximum=max(1, min(5, len(talon))))
        first = None
        hands[0] = _draw(hands[0], thrown, talon)
        if talon:
            hands[1] = _draw(hands[1], discard_choice(hands[1], trump, minimum=DEFAULT_RULES.dealer_min_exchange,
                                                      maximum=min(5, len(talon))), talon)
        if not talon or elder_stands(hands[0], trump, first_decision=False, king_out_of_sight=False,
                                     opponent_at_game=False)[0] or dealer_refuses(hands[1], trump)[0]:
            break
    return hands[0], hands[1]


def _draw(hand: tuple[Card, ...], thrown: Sequence[Card], talon: list[Card]) -> tuple[Card, ...]:
    count = min(len(thrown), len(talon))  # ECARTE-VI.5: no more than the talon holds
    kept = tuple(c for c in hand if c not in thrown[:count])
    drawn = tuple(talon[:count])
    del talon[:count]
    return kept + drawn


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """The elder's net points in one deal after each first decision, both hands known (E-§8.5 solver): the
    tricks' points (positive: the elder made the point) and the kings' (E-§3, E-§4.4) apart."""

    stand_tricks: int
    refuse_tricks: int
    accept_tricks: int
    kings: int
    accept_kings: int

    @property
    def stand(self) -> int:
        return self.stand_tricks + self.kings

    @property
    def refuse(self) -> int:
        return self.refuse_tricks + self.kings

    @property
    def accept(self) -> int:
        return self.accept_tricks + self.accept_kings

    @property
    def dealer_refuses(self) -> bool:
        """The dealer answers a proposal knowing both hands: he refuses when it is better for him."""
        return self.refuse < self.accept

    @property
    def propose(self) -> int:
        return self.refuse if self.dealer_refuses else self.accept

    @property
    def propose_point(self) -> bool:
        return (self.refuse_tricks if self.dealer_refuses else self.accept_tricks) > 0

    def propose_by_books(self, refuses: bool) -> int:
        """The elder's points after a proposal that the dealer answers by the books' rule (E-§8.3, ``refuses``
        from his hand alone), not seeing the elder's hand: no bound in the dealer's favour."""
        return self.refuse if refuses else self.accept


def double_dummy(deal: Deal) -> DoubleDummy:
    """ECARTE-VI.7, VI.8: standing or refusing at the first decision costs two if the point is lost."""
    elder, dealer, trump = deal.elder, deal.dealer, deal.trump
    after_elder, after_dealer = books_exchange(elder, dealer, deal.talon, trump)
    return DoubleDummy(stand_tricks=_solved(elder, dealer, trump, stood=True),
                       refuse_tricks=_solved(elder, dealer, trump, refused=True),
                       accept_tricks=_solved(after_elder, after_dealer, trump),
                       kings=_king_points(elder, dealer, trump, deal),
                       accept_kings=_king_points(after_elder, after_dealer, trump, deal))


# ------------------------------------------------------------------------------------------------ bot play
def bot_deal(deal: Deal, *, elder_first: Action, dealer_answer: Action | None = None,
             seed: int = 0) -> tuple[int, bool]:
    """Play the deal in the engine with the strongest bot in both seats, the elder's first decision (and the
    dealer's answer to a proposal) forced: the elder's net points and whether he made the point."""
    result = bot_play(deal, elder_first=elder_first, dealer_answer=dealer_answer, seed=seed).deal_results[0]
    return result.points[ELDER_SEAT] - result.points[DEALER_SEAT], result.tricks[ELDER_SEAT] >= 3


def bot_play(deal: Deal, *, elder_first: Action, dealer_answer: Action | None = None,
             seed: int = 0) -> EcarteState:
    """:func:`bot_deal`'s play: the state once the deal is scored (its operations are the bots' decisions)."""
    state = EcarteState.new(decks=[list(deal.deck)], first_dealer=DEALER_SEAT)
    strongest = GAME.bots[GAME.strongest()]
    bots = [strongest(seed=seed * 2 + 1), strongest(seed=seed * 2 + 2)]
    forced = {Phase.ELDER_DECIDES: elder_first, Phase.DEALER_DECIDES: dealer_answer}
    for _ in range(GAME.max_actions_per_deal):
        if state.deal_results:
            return state
        seat = state.actor
        if not isinstance(seat, int):
            raise AnalysisError(f"a deal stopped for {seat!r}: only the seats act in an analysed deal")
        view = state.view(seat)
        wanted = forced.get(view.phase)
        if wanted is not None and wanted in view.legal_actions:
            action = MARK_KING if MARK_KING in view.legal_actions else wanted  # the king first (E-§4.4)
            if action is wanted:
                forced[view.phase] = None
        else:
            action = bots[seat].choose(view)
        state.apply(action)
    raise AnalysisError("a deal did not end")


# ------------------------------------------------------------------------------------------------ jobs
NO_BOT: Final = (math.nan, math.nan)
"""The bot's figures of a sample measured double dummy only."""
@dataclass(frozen=True, slots=True)
class Job:
    """A slice of one study: samples ``first`` to ``last - 1`` of ``group``."""

    study: str
    group: str
    seed: int
    first: int
    last: int
    bots: bool = True
    """False: the double-dummy bound alone (the bot's figures are NaN)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One measured deal of a job: the figures a study needs (bot and double dummy, elder's view unless said)."""

    group: str
    draws: int
    values: tuple[float, ...]
    labels: tuple[str, ...] = ()
    key: tuple[int, ...] = ()


STAND_GROUPS: Final = ("item 1", "item 2", "item 3", "item 4", "item 5", "any jeu de règle", KING_GROUP)


def _stand_wanted(group: str) -> Callable[[Deal], bool]:
    """E-§8.2's items hold the hands on which the books stand: without the king of trumps (E-§8.1: with it they
    propose, and those hands are the group :data:`KING_GROUP`)."""
    if group == "any jeu de règle":
        return lambda d: bool(jeu_de_regle(d.elder, d.trump))
    if group == KING_GROUP:
        return lambda d: king_of_trumps(d.trump) in d.elder and bool(jeu_de_regle(d.elder, d.trump))
    item = int(group.split()[1])
    return lambda d: king_of_trumps(d.trump) not in d.elder and item in items_of(d.elder, d.trump)


def _proposes(deal: Deal) -> bool:
    return not elder_stands(deal.elder, deal.trump, first_decision=True, king_out_of_sight=False,
                            opponent_at_game=False)[0]


def _refusal_wanted(category: str) -> Callable[[Deal], bool]:
    return lambda d: _proposes(d) and refusal_category(d.dealer, d.trump) == category


def run_job(job: Job) -> list[Sample]:
    """Measure the job's samples (run in a worker process, or on Ray: the same code)."""
    run = _STUDIES[job.study]
    return [run(job, index) for index in range(job.first, job.last)]


def _stand_sample(job: Job, index: int) -> Sample:
    rng = derive(job.seed, STAND_GROUPS.index(job.group), index)
    deal, draws = draw_until(rng, _stand_wanted(job.group))
    stand = bot_deal(deal, elder_first=STAND, seed=index) if job.bots else NO_BOT
    propose = bot_deal(deal, elder_first=PROPOSE, seed=index) if job.bots else NO_BOT
    dd = double_dummy(deal)
    by_books = dd.propose_by_books(dealer_refuses(deal.dealer, deal.trump)[0])
    values = (stand[0], stand[1], propose[0], propose[1], dd.stand, dd.stand_tricks > 0, dd.propose,
              dd.propose_point, trumps_in(deal.dealer, deal.trump), by_books)
    return Sample(job.group, draws, tuple(float(v) for v in values), jeu_de_regle(deal.elder, deal.trump))


def _refusal_sample(job: Job, index: int) -> Sample:
    rng = derive(job.seed, 100 + list(REFUSAL).index(job.group), index)
    deal, draws = draw_until(rng, _refusal_wanted(job.group))
    refuse = bot_deal(deal, elder_first=PROPOSE, dealer_answer=REFUSE, seed=index) if job.bots else NO_BOT
    accept = bot_deal(deal, elder_first=PROPOSE, dealer_answer=ACCEPT, seed=index) if job.bots else NO_BOT
    dd = double_dummy(deal)
    # the dealer's net points: the elder's, negated
    values = (-refuse[0], -accept[0], -dd.refuse, -dd.accept)
    return Sample(job.group, draws, tuple(float(v) for v in values), jeu_de_regle(deal.dealer, deal.trump))


def _hgm_exact_sample(job: Job, index: int) -> Sample:
    """One turn-up of :func:`hgm_count`: (made, deals)."""
    made, every = hgm_count(turn_up=index)
    return Sample(job.group, 0, (float(made), float(every)))


def _hgm_sample(job: Job, index: int) -> Sample:
    """HGM ch. 8's example hand dealt to the elder, the turn-up one of the trumps he does not hold, the rest
    shuffled: whether he makes the point standing, by the bot and double dummy."""
    rng = derive(job.seed, 400, index)
    hand = parse_cards(HGM_HAND)
    trump = hand[0].suit
    turn_up = rng.choice([c for c in PACK_32 if c.suit == trump and c not in hand])
    rest = [c for c in PACK_32 if c not in hand and c != turn_up]
    rng.shuffle(rest)
    deck: list[Card | None] = [None] * len(PACK_32)
    for position, card in zip(ELDER_POSITIONS, hand, strict=True):
        deck[position] = card
    deck[TURN_UP_POSITION] = turn_up
    filled = iter(rest)
    deal = Deal(tuple(card if card is not None else next(filled) for card in deck))
    stand = bot_deal(deal, elder_first=STAND, seed=index) if job.bots else NO_BOT
    dd = double_dummy(deal)
    return Sample(job.group, 1, (stand[1], float(dd.stand_tricks > 0)))


def _table_sample(job: Job, index: int) -> Sample:
    deal = shuffled(derive(job.seed, 200, index))
    dd = double_dummy(deal)
    elder_key = hand_class(deal.elder, deal.trump)
    dealer_key = hand_class(deal.dealer, deal.trump)
    flags = (float(bool(jeu_de_regle(deal.elder, deal.trump))), float(dealer_refuses(deal.dealer, deal.trump)[0]),
             float(trumps_in(deal.dealer, deal.trump)), float(dd.stand_tricks > 0), float(not _proposes(deal)))
    return Sample(job.group, 1, (float(dd.stand), float(dd.refuse), float(dd.accept), *flags),
                  key=(*map(int, elder_key), *map(int, dealer_key)))


def _discard_sample(job: Job, index: int) -> Sample:
    rng = derive(job.seed, 300, index)
    deal, draws = draw_until(rng, lambda d: _proposes(d) and not dealer_refuses(d.dealer, d.trump)[0])
    hand, trump = deal.elder, deal.trump
    books = tuple(sorted(discard_choice(hand, trump, minimum=1, maximum=5), key=lambda c: c.index))
    ordered = sorted(hand, key=lambda c: c.index)
    options = [tuple(c for i, c in enumerate(ordered) if bits >> i & 1) for bits in range(1, 32)]
    unseen = [c for c in PACK_32 if c not in hand and c != deal.deck[TURN_UP_POSITION]]
    worlds = [_world(unseen, trump, rng) for _ in range(sum(DISCARD_WORLDS))]
    first, second, _ = DISCARD_WORLDS
    totals = {o: sum(_discard_value(hand, o, w, deal) for w in worlds[:first]) for o in options}
    finalists = {books, *sorted(options, key=lambda o: -totals[o])[:4]}
    for option in finalists:
        totals[option] += sum(_discard_value(hand, option, w, deal) for w in worlds[first:first + second])
    best = max(finalists, key=lambda o: (totals[o], o == books))
    fresh = worlds[first + second:]
    gain = sum(_discard_value(hand, best, w, deal) - _discard_value(hand, books, w, deal) for w in fresh) / len(fresh)
    keeps_rule = all(c.suit != trump and c.rank is not Rank.KING for c in best)
    return Sample(job.group, draws, (float(best == books), gain, float(keeps_rule), float(len(best) - len(books))),
                  (" ".join(str(c) for c in books), " ".join(str(c) for c in best)))


def _world(unseen: list[Card], trump: int, rng: random.Random) -> tuple[tuple[Card, ...], list[Card]]:
    """The dealer's hand and the talon, the hand one with which the dealer accepts by the books (E-§8.3)."""
    for _ in range(REDRAWS):
        cards = unseen[:]
        rng.shuffle(cards)
        if not dealer_refuses(cards[:5], trump)[0]:
            break
    return tuple(cards[:5]), cards[5:]


def _discard_value(hand: tuple[Card, ...], thrown: tuple[Card, ...], world: tuple[tuple[Card, ...], list[Card]],
                   deal: Deal) -> int:
    dealer, talon = world
    trump = deal.trump
    elder, dealer = books_exchange(hand, dealer, list(talon), trump, elder_discard=thrown)
    return _solved(elder, dealer, trump) + _king_points(elder, dealer, trump, deal)


_STUDIES: Final[dict[str, Callable[[Job, int], Sample]]] = {
    "stand": _stand_sample, "refusal": _refusal_sample, "table": _table_sample, "discard": _discard_sample,
    "hgm": _hgm_sample, "hgm exact": _hgm_exact_sample}

TABLE_PER_SIZE: Final = 1000
"""Double-dummy deals of the best-response table per unit of ``size``."""
DOUBLE_DUMMY_PER_SIZE: Final = 10
"""Hands per item and per refusal category solved double dummy, per hand played by the bot."""
CHUNK: Final = 4
"""Bot-played samples per job (table deals: 200 per job); only speed depends on it."""


def plan(*, seed: int, size: int) -> list[Job]:
    """The jobs of a run: ``size`` hands per jeu de règle item and per refusal category played by the bot (and
    :data:`DOUBLE_DUMMY_PER_SIZE` × ``size`` solved double dummy), ``size`` discard positions, and
    :data:`TABLE_PER_SIZE` × ``size`` deals for the best-response table."""
    if not 1 <= size <= 100_000:
        raise AnalysisError(f"size {size} is not allowed; allowed: 1 to 100,000")
    jobs = []
    for study, groups in (("stand", STAND_GROUPS), ("refusal", tuple(REFUSAL))):
        for group in groups:
            jobs += [Job(study, group, seed, first, min(size, first + CHUNK)) for first in range(0, size, CHUNK)]
            bound = DOUBLE_DUMMY_PER_SIZE * size
            jobs += [Job(study, group, seed, first, min(bound, first + 50), bots=False)
                     for first in range(size, bound, 50)]
    jobs += [Job("discard", "discard", seed, first, min(size, first + CHUNK)) for first in range(0, size, CHUNK)]
    jobs += [Job("hgm exact", "hgm exact", seed, turn_up, turn_up + 1) for turn_up in range(HGM_TURN_UPS)]
    jobs += [Job("hgm", "hgm", seed, first, min(size, first + CHUNK)) for first in range(0, size, CHUNK)]
    table = TABLE_PER_SIZE * size
    jobs += [Job("table", "table", seed, first, min(table, first + 200)) for first in range(0, table, 200)]
    return jobs


# ------------------------------------------------------------------------------------------------ chunks
BOT_ROWS: Final[tuple[tuple[str, str], ...]] = (
    *(("stand", group) for group in STAND_GROUPS if group != "any jeu de règle"),
    *(("refusal", category) for category in REFUSAL), ("stand", "any jeu de règle"))
"""The bot rows, as (study, group), in the order chunks are added: the paired claims first (each item, the king of
trumps, each refusal category), then Foster's share over every jeu de règle."""
CHUNK_PAIRS: Final = 40
"""Paired deals of one bot row in a chunk (about twenty seconds of one core)."""
CHUNK_BASE: Final = 10_000_000
"""The first sample number of the chunks: past every number a run's :func:`plan` draws (at most
:data:`DOUBLE_DUMMY_PER_SIZE` × 100,000), so that no chunk repeats a run's deal."""
CHUNKS_FILE: Final = "bot_chunks.jsonl"
"""The chunks kept beside the report, one JSON line each, in the order they were played."""
DD_CHUNK_DEALS: Final = 1_000
"""Deals of one bot row in a double-dummy chunk: each solved double dummy only, no bot play (a few seconds of one
core)."""
DD_CHUNKS: Final = 30
"""Double-dummy chunks a bot row: 30,000 deals, so that the mean the control variate subtracts
(:func:`control_variate`) is known closely."""
DD_CHUNK_BASE: Final = 20_000_000
"""The first sample number of the double-dummy chunks: past every bot chunk (:func:`chunk_job` refuses a chunk
that would reach it), so that the double-dummy deals are never the paired ones."""
DD_CHUNKS_FILE: Final = "dd_chunks.jsonl"
"""The double-dummy chunks kept beside the report, one JSON line each: a row's control summed over the chunk's
deals (:class:`Moments`), not the deals themselves."""


def _bot_row(study: str, group: str, chunk: int) -> None:
    if (study, group) not in BOT_ROWS:
        raise AnalysisError(f"no bot row {study}/{group}; rows: {', '.join(f'{s}/{g}' for s, g in BOT_ROWS)}")
    if chunk < 0:
        raise AnalysisError(f"chunk {chunk} is not allowed; allowed: 0 or more")


def chunk_job(*, seed: int, study: str, group: str, chunk: int) -> Job:
    """Chunk number ``chunk`` of a bot row: its deals depend on the seed, the row and the number alone, so any
    process or machine plays the same chunk (:func:`run_job`)."""
    _bot_row(study, group, chunk)
    first = CHUNK_BASE + chunk * CHUNK_PAIRS
    if first + CHUNK_PAIRS > DD_CHUNK_BASE:
        raise AnalysisError(f"chunk {chunk} is not allowed; allowed: 0 to "
                            f"{(DD_CHUNK_BASE - CHUNK_BASE) // CHUNK_PAIRS - 1:,}")
    return Job(study, group, seed, first, first + CHUNK_PAIRS)


def dd_chunk_job(*, seed: int, study: str, group: str, chunk: int) -> Job:
    """Double-dummy chunk number ``chunk`` of a bot row: :data:`DD_CHUNK_DEALS` deals of the row drawn from the
    seed as the bot chunks are, numbered from :data:`DD_CHUNK_BASE`, solved double dummy only."""
    _bot_row(study, group, chunk)
    first = DD_CHUNK_BASE + chunk * DD_CHUNK_DEALS
    return Job(study, group, seed, first, first + DD_CHUNK_DEALS, bots=False)


def chunk_jobs(directory: Path, *, seed: int, count: int) -> list[Job]:
    """With ``count`` above 0, every double-dummy chunk missing in ``directory`` (numbers below :data:`DD_CHUNKS`,
    row by row), then the next ``count`` bot chunks not yet kept: the lowest chunk number missing in any row, row
    by row in the order of :data:`BOT_ROWS`, so that the rows grow together."""
    if count < 0:
        raise AnalysisError(f"{count} chunks is not allowed; allowed: 0 or more")
    if not count:
        return []
    kept = set(stored_dd_chunks(directory, seed=seed))
    jobs = [dd_chunk_job(seed=seed, study=study, group=group, chunk=number) for number in range(DD_CHUNKS)
            for study, group in BOT_ROWS if (group, number) not in kept]
    done = set(stored_chunks(directory, seed=seed))
    bots: list[Job] = []
    number = 0
    while len(bots) < count:
        bots += [chunk_job(seed=seed, study=study, group=group, chunk=number) for study, group in BOT_ROWS
                 if (group, number) not in done][:count - len(bots)]
        number += 1
    return jobs + bots


def keep_chunk(directory: Path, job: Job, samples: Sequence[Sample]) -> None:
    """Append one played chunk to the chunks file of ``directory`` (a line written whole: a run stopped midway
    keeps every chunk it finished); a double-dummy chunk (``job.bots`` false) to the double-dummy chunks file, as
    the moments of its row's control."""
    directory.mkdir(parents=True, exist_ok=True)
    entry: dict[str, object] = {"seed": job.seed, "study": job.study, "group": job.group}
    if job.bots:
        name = CHUNKS_FILE
        entry["chunk"] = (job.first - CHUNK_BASE) // CHUNK_PAIRS
        entry["samples"] = [[s.draws, list(s.values), list(s.labels)] for s in samples]
    else:
        name = DD_CHUNKS_FILE
        moments = Moments.of([bot_figures(s)[1] for s in samples])
        entry |= {"chunk": (job.first - DD_CHUNK_BASE) // DD_CHUNK_DEALS, "deals": moments.deals,
                  "sum": moments.total, "squares": moments.squares}
    with (directory / name).open("a", encoding="utf-8") as file:
        file.write(json.dumps(entry, ensure_ascii=False) + "\n")


def _entries(path: Path, *, seed: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """The lines of a chunks file kept for ``seed``, numbered from 1."""
    if not path.exists():
        return
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            entry = json.loads(line)
            if entry["seed"] != seed:
                continue
        except (ValueError, KeyError, TypeError) as error:
            raise AnalysisError(f"{path}, line {number}: {error}") from error
        yield number, entry


def stored_chunks(directory: Path, *, seed: int) -> dict[tuple[str, int], list[Sample]]:
    """The chunks of ``seed`` kept in ``directory``, by (group, chunk number). A chunk kept twice (played on two
    machines) must hold the same samples, or the file is refused: the code that played them differed."""
    path = directory / CHUNKS_FILE
    chunks: dict[tuple[str, int], list[Sample]] = {}
    for number, entry in _entries(path, seed=seed):
        try:
            group = str(entry["group"])
            samples = [Sample(group, int(draws), tuple(float(v) for v in values), tuple(labels))
                       for draws, values, labels in entry["samples"]]
            key = (group, int(entry["chunk"]))
            if (entry["study"], group) not in BOT_ROWS or len(samples) != CHUNK_PAIRS:
                raise ValueError(f"not a chunk of {CHUNK_PAIRS} paired deals of a bot row")
        except (ValueError, KeyError, TypeError) as error:
            raise AnalysisError(f"{path}, line {number}: {error}") from error
        _keep_once(chunks, key, samples, path, number)
    return chunks


def stored_dd_chunks(directory: Path, *, seed: int) -> dict[tuple[str, int], Moments]:
    """The double-dummy chunks of ``seed`` kept in ``directory``, by (group, chunk number); a chunk kept twice
    must hold the same moments, or the file is refused."""
    path = directory / DD_CHUNKS_FILE
    chunks: dict[tuple[str, int], Moments] = {}
    for number, entry in _entries(path, seed=seed):
        try:
            group = str(entry["group"])
            figures = [entry[name] for name in ("deals", "sum", "squares", "chunk")]
            if not all(type(figure) is int for figure in figures):
                raise TypeError("deals, sum, squares and chunk must be whole numbers")
            deals, total, squares, chunk = (int(f) for f in figures)
            if (entry["study"], group) not in BOT_ROWS or deals != DD_CHUNK_DEALS:
                raise ValueError(f"not a chunk of {DD_CHUNK_DEALS} double-dummy deals of a bot row")
        except (ValueError, KeyError, TypeError) as error:
            raise AnalysisError(f"{path}, line {number}: {error}") from error
        _keep_once(chunks, (group, chunk), Moments(deals, total, squares), path, number)
    return chunks


_Kept = TypeVar("_Kept", list[Sample], "Moments")


def _keep_once(chunks: dict[tuple[str, int], _Kept], key: tuple[str, int], value: _Kept, path: Path,
               number: int) -> None:
    if chunks.setdefault(key, value) != value:
        raise AnalysisError(f"{path}, line {number}: chunk {key[1]} of {key[0]} differs from the same chunk kept "
                            "before (played by other code?); allowed: one result per chunk")


@dataclass(frozen=True, slots=True)
class Kept:
    """What the chunks kept beside a report add to its run: the bot chunks (in the order of :data:`BOT_ROWS` and
    of their numbers) and, by row, the moments of the control over the double-dummy chunks."""

    bot: tuple[tuple[Sample, ...], ...] = ()
    double_dummy: tuple[tuple[str, Moments], ...] = ()
    dd_chunks: int = 0


def stored_samples(directory: Path, *, seed: int) -> Kept:
    """Every chunk of ``seed`` kept in ``directory``, bot and double dummy, in the order of :data:`BOT_ROWS` and of
    the chunks' numbers (whatever the order they were played in): what :func:`build_report` adds to a run."""
    chunks = stored_chunks(directory, seed=seed)
    dd = stored_dd_chunks(directory, seed=seed)
    rows = {group: index for index, (_, group) in enumerate(BOT_ROWS)}
    moments: dict[str, Moments] = {}
    for group, number in sorted(dd, key=lambda k: (rows[k[0]], k[1])):
        moments[group] = moments.get(group, Moments()) + dd[group, number]
    return Kept(bot=tuple(tuple(chunks[key]) for key in sorted(chunks, key=lambda k: (rows[k[0]], k[1]))),
                double_dummy=tuple(moments.items()), dd_chunks=len(dd))


# ------------------------------------------------------------------------------------------------ control variate
def bot_figures(sample: Sample) -> tuple[float, float]:
    """A bot row's deal as (the bot's figure, its control by double dummy). For an item and the king of trumps:
    the books' choice − the other, by the bot and by double dummy with the dealer answering a proposal by the
    books' rule (E-§8.3), as the bot's dealer answers from his own hand; for a refusal category: the books'
    answer − the other, dealer's points, by the bot and double dummy; over every jeu de règle (Foster's share):
    whether the elder made the point standing, by the bot and double dummy. A deal solved double dummy only has
    NaN for the bot's figure."""
    values = sample.values
    if sample.group == "any jeu de règle":
        return values[1], values[5]
    if sample.group in REFUSAL:
        sign = 1 if REFUSAL[sample.group][0] else -1
        return sign * (values[0] - values[1]), sign * (values[2] - values[3])
    sign = -1 if sample.group == KING_GROUP else 1
    return sign * (values[0] - values[2]), sign * (values[4] - values[9])


@dataclass(frozen=True, slots=True)
class Moments:
    """Count, sum and sum of squares of a control over deals solved double dummy: whole numbers (the controls are
    whole points, or 0 and 1), so that chunks add up exactly in any order."""

    deals: int = 0
    total: int = 0
    squares: int = 0

    @classmethod
    def of(cls, controls: Sequence[float]) -> Moments:
        if not all(float(c).is_integer() for c in controls):
            raise AnalysisError("a control that is not a whole number; allowed: whole points, or 0 and 1")
        whole = [int(c) for c in controls]
        return cls(len(whole), sum(whole), sum(c * c for c in whole))

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.deals + other.deals, self.total + other.total, self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.deals

    @property
    def variance(self) -> float:
        """The sample variance (n − 1)."""
        return (self.squares - self.total * self.total / self.deals) / (self.deals - 1)


@dataclass(frozen=True, slots=True)
class ControlVariate:
    """The bot's mean with a control variate (issue 34): θ = Ȳ − β (X̄ − Z̄), Y the bot's figure and X its control
    on the same paired deals, Z̄ the control's mean over other deals of the row solved double dummy, β fitted on a
    third sample. The three samples are independent, so that the error's variance is exactly
    var(Y − βX)/n + β² var(Z)/m whatever β: β's own error can cost width, never honesty; Z̄'s error is the second
    term (:attr:`control_variance`)."""

    value: float
    beta: float
    pairs: int
    deals: int
    fitted_on: int
    paired_variance: float
    """var(Y − βX)/n: the paired deals' part of the error's variance."""
    control_variance: float
    """β² var(Z)/m: the part of the double-dummy mean's own error."""

    def estimate(self) -> Estimate:
        """The mean with its 95% interval (normal approximation), ``size`` the paired deals."""
        half = Z_95 * math.sqrt(self.paired_variance + self.control_variance)
        return Estimate(self.value, self.value - half, self.value + half, self.pairs)


def slope(pairs: Sequence[tuple[float, float]]) -> float:
    """β = cov(Y, X) / var(X) over (y, x) pairs: the least-squares slope of Y on X (0 when X does not vary)."""
    if len(pairs) < 2:
        return 0.0
    y_bar = sum(y for y, _ in pairs) / len(pairs)
    x_bar = sum(x for _, x in pairs) / len(pairs)
    spread = sum((x - x_bar) ** 2 for _, x in pairs)
    return sum((y - y_bar) * (x - x_bar) for y, x in pairs) / spread if spread else 0.0


def control_variate(pairs: Sequence[tuple[float, float]], *, fit: Sequence[tuple[float, float]],
                    control: Moments) -> ControlVariate:
    """The control-variate mean of the bot's figure over ``pairs`` ((y, x): the bot's figure and its control on
    one paired deal), β the slope over ``fit`` (other paired deals: the run's own), the control's mean from
    ``control`` (other deals again, solved double dummy only). Fitting β apart keeps the interval exact given β;
    fitted on the same deals, β's error would enter the estimate and the interval would be too narrow."""
    if len(pairs) < 2 or control.deals < 2:
        raise AnalysisError(f"{len(pairs)} paired deals and {control.deals} double-dummy deals: "
                            "allowed: at least 2 of each")
    beta = slope(fit)
    residuals = [y - beta * x for y, x in pairs]
    centre = sum(residuals) / len(residuals)
    spread = sum((r - centre) ** 2 for r in residuals) / (len(residuals) - 1)
    return ControlVariate(value=centre + beta * control.mean, beta=beta, pairs=len(pairs), deals=control.deals,
                          fitted_on=len(fit), paired_variance=spread / len(pairs),
                          control_variance=beta * beta * control.variance / control.deals)


# ------------------------------------------------------------------------------------------------ report
def build_report(results: Sequence[Sequence[Sample]], *, seed: int, size: int, command: str,
                 stored: Kept = Kept()) -> Report:
    """The report from every job's samples (in the order of :func:`plan`) and the ``stored`` chunks
    (:func:`stored_samples`): the bot chunks add their paired deals to the run's, and each bot row gets a second
    figure with the control variate (:func:`control_variate`) over the chunks' paired deals, β fitted on the
    run's own paired deals of the row, the control's mean over the run's double-dummy deals of the row and the
    double-dummy chunks."""
    by_study: dict[str, dict[str, list[Sample]]] = defaultdict(lambda: defaultdict(list))
    for job_samples in (*results, *stored.bot):
        for sample in job_samples:
            by_study[_study_of(sample)][sample.group].append(sample)
    variates = _variates(results, stored)
    chunks: tuple[tuple[str, str], ...] = ()
    if stored.bot:
        chunks += (("bot chunks", f"{len(stored.bot):,} chunks of {CHUNK_PAIRS} paired deals, kept in {CHUNKS_FILE}"),)
    if stored.dd_chunks:
        chunks += (("double-dummy chunks", f"{stored.dd_chunks:,} chunks of {DD_CHUNK_DEALS:,} deals, kept in "
                                           f"{DD_CHUNKS_FILE}"),)
    settings = (("command", command), ("seed", str(seed)), ("size", str(size)), *chunks,
                ("academie", version("academie")), ("rules", DEFAULT_RULES.version),
                ("strongest bot", GAME.strongest()))
    intro = ("The advice of the old books on Écarté, as the rule file's strategy section (E-§8) records it, checked "
             "by computation. Each claim is one row: where the books make it, their words, our figure with its "
             "95% interval and sample size, and one verdict per method, flagged '⚑ the methods disagree' when one "
             "method agrees with the claim and another disagrees.",
             "The methods. 'Exact': every case counted. 'Double dummy': both hands known and the five tricks solved "
             "exactly; the dealer answers a proposal seeing both hands (a bound in his favour, which favours "
             "standing), and the exchange follows the books (E-§8.4). 'Double dummy, the dealer by the books': the "
             "same, but the dealer answers a proposal by the books' rule (E-§8.3) from his own hand alone. 'Bot': "
             "every decision after the one studied and all the card play by the game's strongest bot in both "
             "seats, at the score 0–0, on paired deals (the same deal played both ways). Points are the elder's "
             "net points of the deal (his minus the dealer's, kings included) unless a row says otherwise.",
             f"Verdicts: a difference whose interval lies wholly within ±{EQUIVALENCE_POINTS} points, a margin fixed "
             "before the run, is 'equivalent'. The bot rows rest on the run's own paired deals (size) and on the "
             f"chunks of {CHUNK_PAIRS} paired deals kept beside the report ({CHUNKS_FILE}, played by any machine "
             "from the seed and added with --chunks); each row states its n. About 4,000 paired deals a row would "
             f"be needed for ±{EQUIVALENCE_POINTS} points: where a row has fewer, its interval is wider and may "
             "settle nothing. Each bot row also gives a second figure, 'bot, control variate', over the chunks' "
             "paired deals: the bot's mean less β times (the same deals' double-dummy mean − the double-dummy mean "
             f"of many more deals of the row, the chunks of {DD_CHUNK_DEALS:,} deals kept in {DD_CHUNKS_FILE}), "
             "which removes most of the variance the two methods share; the last section says how.",
             "The hands with the king of trumps are apart: the books stand on a jeu de règle without it (E-§8.2) "
             "and propose with it (E-§8.1), so items 1–5 are tested on hands without the king, and the jeux de "
             "règle with it as a proposal.")
    sections = (_trump_section(), _stand_section(by_study["stand"], by_study["table"]["table"],
                                                 [*by_study["hgm"]["hgm"], *by_study["hgm exact"]["hgm exact"]],
                                                 variates=variates),
                _refusal_section(by_study["refusal"], variates=variates),
                _discard_section(by_study["discard"]["discard"]), _table_section(by_study["table"]["table"]),
                _precision_section({**by_study["stand"], **by_study["refusal"]}, variates))
    return Report(title="Écarté: the old books' advice checked by computation", intro=intro, settings=settings,
                  sections=sections)


def _study_of(sample: Sample) -> str:
    if sample.group in STAND_GROUPS:
        return "stand"
    if sample.group in REFUSAL:
        return "refusal"
    return sample.group


def _trump_section() -> Section:
    books = {1: (44574, 21206), 2: (50274, 15506)}
    claims = []
    rows = []
    for own, low, high, none in trump_table():
        total = low + high
        rows.append((str(own), f"{low:,} : {high:,}", f"{low / high:.2f} : 1", f"{none / total:.3f}"))
        if own in books:
            agrees = (low, high) == books[own]
            claims.append(Claim(
                claim=f"With {own} trump{'s' if own > 1 else ''} in hand, the dealer holds at most one trump in "
                      f"{books[own][0]:,} of 65,780 hands",
                source="Foster p. 271, as the rule file gives it (E-§8.1)",
                words=f"{books[own][0]:,} : {books[own][1]:,}", figure=exact(low / total), unit="share",
                verdict="agrees (exact count)" if agrees else f"disagrees: we count {low:,} : {high:,}",
                method=f"{low:,} : {high:,} counted"))
    king = Claim(claim="The dealer holds the king of trumps (not in hand, not turned up)",
                 source="the rule file's author (E-§8.1)",
                 words="P(dealer holds the king of trumps | not in own hand, not turned up) = 5/26 ≈ 0.19",
                 figure=exact(_king_share()), unit="share",
                 verdict=verdict_value(exact(_king_share()), 5 / 26), method="counted over the 26 unseen cards")
    table = Table(title="E-§8.1 by exact counting: the dealer's hands among the 26 unseen cards",
                  header=("trumps in hand", "dealer ≤ 1 trump : ≥ 2", "odds", "P(dealer has no trump)"),
                  rows=tuple(rows), note="Every one of the C(26,5) = 65,780 hands counted (7 − t trumps unseen).")
    return Section(title="E-§8.1: the trump distribution", claims=(*claims, king), tables=(table,))


def _king_share() -> float:
    unseen = range(26)
    hands = list(itertools.combinations(unseen, 5))
    return sum(1 for h in hands if 0 in h) / len(hands)


KING_WORDS: Final = ("[jeux de règle should be played without proposing] except when one of the trumps is the king: "
                     "then propose, since the dealer cannot draw the king, and if refused the proposer wins 2 on the "
                     "point")
"""E-§8.1's words (the rule file's summary of Foster p. 271 and EB p. 167)."""


def _stand_section(groups: dict[str, list[Sample]], table_samples: Sequence[Sample],
                   hgm: Sequence[Sample], *, variates: Mapping[str, ControlVariate] | None = None) -> Section:
    """E-§8.2: for each item (hands without the king of trumps: the books stand) and for the jeux de règle with
    the king (the books propose, E-§8.1), the books' choice − the other by three methods: double dummy (the
    dealer answering a proposal seeing both hands, a bound in his favour), double dummy with the dealer
    answering by the books' rule (E-§8.3), and the strongest bot playing both seats."""
    claims, rows, labels, reasons = [], [], [], Counter[str]()
    series: dict[str, list[Estimate]] = defaultdict(list)
    for group in STAND_GROUPS:
        every = groups.get(group, [])
        samples = _played(every)
        if not samples:
            continue
        stand_point = proportion(sum(int(s.values[1]) for s in samples), len(samples))
        if group == "any jeu de règle":
            claims += [_foster_claim(every, stand_point, (variates or {}).get(group)),
                       *_premise_claims(table_samples), *_hgm_claims(hgm)]
            continue
        sign = -1 if group == KING_GROUP else 1  # the books' choice − the other
        bot = mean([sign * (s.values[0] - s.values[2]) for s in samples])
        dd = mean([sign * (s.values[4] - s.values[6]) for s in every])
        by_books = mean([sign * (s.values[4] - s.values[9]) for s in every])
        choice = "proposing gains" if group == KING_GROUP else "standing gains"
        variate = (variates or {}).get(group)
        verdict = verdicts_by_method([(method, verdict_sign(figure, expected=choice, margin=EQUIVALENCE_POINTS))
                                      for method, figure in (("double dummy", dd),
                                                             ("double dummy, the dealer by the books", by_books),
                                                             *_bot_methods(bot, variate))])
        bot_text = _bot_text(bot, variate, "points")
        difference = "propose − stand" if group == KING_GROUP else "stand − propose"
        frequency = exact(item_frequencies()[group] / ELDER_HANDS_WITH_TURN_UPS)
        if group == KING_GROUP:
            claims.append(Claim(claim="A jeu de règle holding the king of trumps: propose",
                                source="the rule file's summary of Foster p. 271 and EB p. 167 (E-§8.1)",
                                words=KING_WORDS, figure=dd, unit="points", verdict=verdict,
                                method=f"{difference}, double dummy; the dealer by the books "
                                       f"{value_text(by_books, 'points')}; {bot_text}; "
                                       f"{share_text(frequency)} of the elder's hands"))
            label = "king of trumps (propose)"
        else:
            item = int(group.split()[1])
            reasons.update(r for s in every for r in s.labels)
            claims.append(Claim(claim=f"Item {item}, without the king of trumps: play without proposing",
                                source=ITEM_SOURCES[item], words=ITEM_WORDS[item], figure=dd, unit="points",
                                verdict=verdict,
                                method=f"{difference}, double dummy; the dealer by the books "
                                       f"{value_text(by_books, 'points')}; {bot_text}"))
            label = f"item {item}"
        rows.append((label, share_text(frequency), value_text(mean([s.values[0] for s in samples]), "points"),
                     value_text(mean([s.values[2] for s in samples]), "points"), share_text(stand_point),
                     share_text(proportion(sum(int(s.values[3]) for s in samples), len(samples))),
                     value_text(dd, "points"), value_text(by_books, "points")))
        labels.append(f"{label} (n = {len(every):,}; bot {len(samples):,}{_corrected(variate)})")
        series["dd"].append(dd)
        series["books"].append(by_books)
        series["bot"].append(bot)
        if variate is not None:
            series["cv"].append(variate.estimate())
    table = Table(title="Each item: the elder's expected points and chance of the point",
                  header=("hands", "hands dealt of the group", "points if he stands (bot)",
                          "points if he proposes (bot)", "point if he stands (bot)", "point if he proposes (bot)",
                          "the books' choice − the other, double dummy",
                          "the books' choice − the other, the dealer by the books"),
                  rows=tuple(rows),
                  note="Items 1–5: hands of the item without the king of trumps (the books stand); a hand may belong "
                       "to several items and is counted in each. The king of trumps: the jeux de règle holding it "
                       "(the books propose, E-§8.1). Frequencies are exact: every elder's hand with every turn-up, "
                       f"{ELDER_HANDS_WITH_TURN_UPS:,} in all, counted. A difference wholly within "
                       f"±{EQUIVALENCE_POINTS} points (a margin fixed before the run) is 'equivalent'.")
    clauses = Table(title="The clauses met by the hands sampled (bot and double dummy)",
                    header=("clause (E-§8.2)", "hands"),
                    rows=tuple((r, str(n)) for r, n in reasons.most_common()))
    plot = Plot(name="ecarte_items", title="Jeux de règle: the books' choice − the other, elder's points a deal",
                labels=tuple(labels), axis="points a deal",
                baseline="0: the other choice (proposing on items 1–5, standing with the king)",
                series=_series(series, dd="double dummy: both hands known, the dealer answering seeing both (n deals)",
                               books="double dummy, the dealer answering by the books' rule (the same n deals)"))
    return Section(title="E-§8.2: the jeux de règle, and Foster's two times in three", claims=tuple(claims),
                   tables=(table, clauses), plots=(plot,))


def _series(figures: dict[str, list[Estimate]], **legends: str) -> tuple[Series, ...]:
    """The bars of a plot: each method named by ``legends`` (in their order), then the bot's, then the bot's with
    the control variate when every row of the plot has one (a series with a bar missing would mislead)."""
    legends["bot"] = "the strongest bot in both seats (bot: n paired deals)"
    if figures.get("cv") and len(figures["cv"]) == len(figures["bot"]):
        legends["cv"] = ("the strongest bot with the control variate: its chunks' paired deals corrected by double "
                         "dummy on many more deals (n: each label's 'with the control variate')")
    return tuple(Series(legend=legend, figures=tuple(figures[key])) for key, legend in legends.items())


def _corrected(variate: ControlVariate | None) -> str:
    """A plot label's count of the paired deals the control variate corrects (nothing without one)."""
    return "" if variate is None else f", {variate.pairs:,} with the control variate"


def _signed(estimate: Estimate, sign: int) -> Estimate:
    """``estimate`` times ``sign`` (1 or -1): the same figure measured the other way round."""
    if sign > 0:
        return estimate
    return replace(estimate, value=-estimate.value, low=-estimate.high, high=-estimate.low)


def _played(samples: Sequence[Sample]) -> list[Sample]:
    """The samples the bot played (the others were solved double dummy only)."""
    return [s for s in samples if math.isfinite(s.values[0])]


def _bot_methods(plain: Estimate, variate: ControlVariate | None) -> list[tuple[str, Estimate]]:
    """The bot's figures of a row, each a method with its own verdict: the plain mean, and the control variate's
    when the row has chunks."""
    return [("bot", plain), *((("bot, control variate", variate.estimate()),) if variate is not None else ())]


def _variate_text(variate: ControlVariate, unit: Unit) -> str:
    return (f"bot with the control variate {value_text(variate.estimate(), unit)}, β = {variate.beta:.2f} fitted on "
            f"the run's {variate.fitted_on} paired deals, the double-dummy mean over {variate.deals:,} other deals")


def _bot_text(plain: Estimate, variate: ControlVariate | None, unit: Unit) -> str:
    text = f"bot {value_text(plain, unit)}"
    return text if variate is None else f"{text}; {_variate_text(variate, unit)}"


def _variates(results: Sequence[Sequence[Sample]], stored: Kept) -> dict[str, ControlVariate]:
    """Each bot row's control variate (:func:`control_variate`): over the chunks' paired deals, β fitted on the
    run's paired deals of the row, the control's mean over the row's deals solved double dummy only (the run's and
    the double-dummy chunks'): three samples of distinct deal numbers, so independent."""
    run: dict[str, list[Sample]] = defaultdict(list)
    for job_samples in results:
        for sample in job_samples:
            run[sample.group].append(sample)
    chunked: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for chunk in stored.bot:
        chunked[chunk[0].group] += [bot_figures(s) for s in chunk]
    kept = dict(stored.double_dummy)
    variates = {}
    for _, group in BOT_ROWS:
        fit = [bot_figures(s) for s in _played(run[group])]
        solved = Moments.of([bot_figures(s)[1] for s in run[group] if not math.isfinite(s.values[0])])
        control = kept.get(group, Moments()) + solved
        if len(chunked[group]) >= 2 and len(fit) >= 2 and control.deals >= 2:
            variates[group] = control_variate(chunked[group], fit=fit, control=control)
    return variates


def _row_label(group: str) -> str:
    if group == KING_GROUP:
        return "king of trumps (propose)"
    if group == "any jeu de règle":
        return "every jeu de règle (Foster's share)"
    return group if group in STAND_GROUPS else f"dealer, {group}"


def _needed(variance: float, *, fixed: float = 0.0) -> str:
    """Paired deals for a 95% half-width of :data:`EQUIVALENCE_POINTS`, the error's variance a pair being
    ``variance`` and ``fixed`` a part that more pairs do not shrink (the double-dummy mean's)."""
    room = (EQUIVALENCE_POINTS / Z_95) ** 2 - fixed
    return f"{math.ceil(variance / room):,}" if room > 0 else "more double-dummy deals first"


def _precision_section(groups: Mapping[str, Sequence[Sample]], variates: Mapping[str, ControlVariate]) -> Section:
    """The bot rows side by side: n and the interval's half-width by method, and how many paired deals each would
    need for ± :data:`EQUIVALENCE_POINTS` points at the variance measured."""
    rows = []
    for _, group in BOT_ROWS:
        played = [bot_figures(s)[0] for s in _played(groups.get(group, []))]
        if len(played) < 2:
            continue
        plain = mean(played)
        share = group == "any jeu de règle"
        unit: Unit = "share" if share else "points"
        variate = variates.get(group)
        row = [_row_label(group), f"{len(played):,}", f"±{(plain.high - plain.low) / 2:.3f}",
               "—" if share else _needed((plain.high - plain.low) ** 2 / 4 / Z_95 ** 2 * len(played))]
        if variate is None:
            row += ["—"] * 5
        else:
            estimate = variate.estimate()
            row += [f"{variate.pairs:,}", f"±{(estimate.high - estimate.low) / 2:.3f}", f"{variate.beta:.2f}",
                    f"{variate.deals:,}",
                    "—" if share else _needed(variate.paired_variance * variate.pairs, fixed=variate.control_variance)]
        rows.append((*row[:1], value_text(plain, unit), *row[1:]))
    text = ("Each bot row's figure by the bot alone (the mean over every paired deal, the run's and the chunks') "
            "and with the control variate. The control variate: over the chunks' paired deals, the bot's mean Ȳ "
            "less β × (X̄ − Z̄), X the same deal's figure by double dummy (for the items and the king of trumps, "
            "with the dealer answering by the books' rule, as the bot's dealer answers from his own hand) and Z̄ "
            "its mean over deals of the row solved double dummy only (the run's, and the double-dummy chunks'). "
            "β, the slope of the bot's figure on the double-dummy one, is fitted on the run's own paired deals of "
            "the row, never on the deals it corrects: the three samples are of distinct deals, so the interval's "
            "variance var(Y − βX)/n + β² var(Z)/m is exact whatever β, and β's error can only widen it; the second "
            "term is the double-dummy mean's own error. Both intervals are 95%, normal approximation.",
            f"The equivalence margin, fixed before the run, is ±{EQUIVALENCE_POINTS} points a deal; the last "
            "columns say how many paired deals each method would need for a half-width of "
            f"{EQUIVALENCE_POINTS} points at the variance measured (the control variate's with its double-dummy "
            "deals as they are). Foster's share is a floor, not a difference: no margin.")
    table = Table(title="The bot rows: n and interval by method",
                  header=("bot row", "bot, every paired deal", "n", "± (95%)", f"n for ±{EQUIVALENCE_POINTS}",
                          "control variate: n", "± (95%)", "β", "double-dummy deals",
                          f"n for ±{EQUIVALENCE_POINTS}"),
                  rows=tuple(rows))
    return Section(title="The bot rows: paired deals and the control variate", text=text, tables=(table,))


def _foster_claim(samples: Sequence[Sample], stand_point: Estimate, variate: ControlVariate | None) -> Claim:
    dd = proportion(sum(int(s.values[5]) for s in samples), len(samples))
    extra = f"; double dummy: {share_text(dd)}"
    if variate is not None:
        extra += f"; {_variate_text(variate, 'share')}"
    return Claim(claim="A jeu de règle wins the point at least two times in three", source=FOSTER,
                 words="a hand that is certain to take 3 tricks unless the dealer holds 2+ trumps wins the point "
                       "about 2 times in 3", figure=stand_point, unit="share",
                 verdict=verdicts_by_method([("double dummy", verdict_floor(dd, 2 / 3)),
                                             *((method, verdict_floor(figure, 2 / 3))
                                               for method, figure in _bot_methods(stand_point, variate))]),
                 method=f"elder stands, bot, over every jeu de règle{extra}; Foster's odds (2.10 : 1 against the "
                        "dealer's two trumps, E-§8.1) make 2 in 3 a floor, not an estimate")


def _refusal_section(groups: dict[str, list[Sample]], *,
                     variates: Mapping[str, ControlVariate] | None = None) -> Section:
    """E-§8.3: for each of the dealer's categories, the books' answer − the other (dealer's points) by double
    dummy and by the bot; the plot shows refusing − accepting for every category, whatever the books advise."""
    claims, labels, sub = [], [], defaultdict(list)
    series: dict[str, list[Estimate]] = defaultdict(list)
    for category, (refuses, source, words) in REFUSAL.items():
        every = groups.get(category, [])
        samples = _played(every)
        if not samples:
            continue
        sign = 1 if refuses else -1
        bot = mean([sign * (s.values[0] - s.values[1]) for s in samples])
        dd = mean([sign * (s.values[2] - s.values[3]) for s in every])
        choice = "refusing" if refuses else "accepting"
        variate = (variates or {}).get(category)
        verdict = verdicts_by_method([(method, verdict_sign(figure, expected=f"{choice} gains",
                                                            margin=EQUIVALENCE_POINTS))
                                      for method, figure in (("double dummy", dd), *_bot_methods(bot, variate))])
        claims.append(Claim(claim=f"Dealer, {category}: {'refuse' if refuses else 'accept'}", source=source,
                            words=words, figure=dd, unit="points", verdict=verdict,
                            method=f"dealer's points, {choice} − the other, double dummy; "
                                   f"{_bot_text(bot, variate, 'points')}"))
        labels.append(f"{category} (books: {'refuse' if refuses else 'accept'}; n = {len(every):,}; bot "
                      f"{len(samples):,}{_corrected(variate)})")
        series["dd"].append(mean([s.values[2] - s.values[3] for s in every]))
        series["bot"].append(mean([s.values[0] - s.values[1] for s in samples]))
        if variate is not None:  # the books' answer − the other, plotted as refusing − accepting
            series["cv"].append(_signed(variate.estimate(), sign))
        if category == "a jeu de règle too weak to refuse with":
            for s in every:
                for reason in s.labels:
                    sub[reason].append(s.values[3] - s.values[2])
    rows = tuple((reason, str(len(v)), value_text(mean(v), "points"),
                  verdict_sign(mean(v), expected="accepting gains", margin=EQUIVALENCE_POINTS))
                 for reason, v in sorted(sub.items()))
    table = Table(title="The exceptions 'too weak to refuse with', clause by clause (double dummy)",
                  header=("the dealer's jeu de règle", "hands", "accept − refuse, dealer's points", "verdict"),
                  rows=rows,
                  note="The elder holds a hand on which the books propose (no jeu de règle, or the king of trumps).")
    plot = Plot(name="ecarte_refusal", title="The dealer's answer: refusing − accepting, dealer's points a deal",
                labels=tuple(labels), axis="dealer's points a deal",
                baseline="0: accepting (above it refusing gains, whatever the books advise)",
                series=_series(series, dd="double dummy: both hands known, the exchange by the books (n deals)"))
    return Section(title="E-§8.3: the dealer's refusal", claims=tuple(claims), tables=(table,), plots=(plot,))


def _discard_section(samples: list[Sample]) -> Section:
    if not samples:
        return Section(title="E-§8.4: the discard")
    same = proportion(sum(int(s.values[0]) for s in samples), len(samples))
    gain = mean([s.values[1] for s in samples])
    if gain.high < DISCARD_TOLERANCE:
        verdict = f"agrees: the books' discard is within {DISCARD_TOLERANCE} points of the best found"
    elif gain.low > DISCARD_TOLERANCE:
        verdict = f"disagrees: the search's discard gains {gain.value:.3f} points a deal"
    else:
        verdict = f"not settled: the interval holds {DISCARD_TOLERANCE}"
    claims = (
        Claim(claim="Discard everything except trumps and kings", source="the rule file's summary of EB p. 167 "
              "(E-§8.4)",
              words="Discard everything except trumps and kings.", figure=gain, unit="points",
              verdict=verdict, method="best discard found by search − the books', elder's points on fresh deals"),
        Claim(claim="… is the discard the search finds best", source="the rule file's summary of EB p. 167 (E-§8.4)",
              words="Discard everything except trumps and kings.",
              figure=same, unit="share", verdict="(how often the two are the same)",
              method=f"all 31 discards tried on {DISCARD_WORLDS[0]} sampled deals, the best four and the books' on "
                     f"{DISCARD_WORLDS[1]} more"))
    differing = [s for s in samples if not s.values[0]]
    rows = tuple((s.labels[0], s.labels[1], f"{s.values[1]:+.2f}") for s in differing[:15])
    table = Table(title="Some hands where the search discards otherwise", header=("books' discard", "search's discard",
                  "gain (points)"), rows=rows,
                  note=f"{sum(1 for s in differing if s.values[3] < 0)} of {len(differing)} keep more cards than the "
                       "books; the elder proposed (no jeu de règle) and the dealer accepted by the books.")
    return Section(title="E-§8.4: the discard", claims=claims, tables=(table,))


# ------------------------------------------------------------------------------------------------ best response
Key = tuple[int, bool, int, int]


@dataclass(frozen=True, slots=True)
class Equilibrium:
    """The first decisions by class of hand after iterated best response."""

    stands: dict[Key, bool]
    refuses: dict[Key, bool]
    rounds: int
    settled: bool


def best_response(deals: Sequence[tuple[Key, Key, float, float, float]], *, elder_stands: dict[Key, bool],
                  dealer_refuses: dict[Key, bool]) -> Equilibrium:
    """Iterate: the elder's best decision by class against the dealer's, then the dealer's against the elder's,
    until neither changes (or :data:`MAX_ROUNDS`). ``deals``: (elder class, dealer class, the elder's points if
    he stands, if the dealer refuses, if the dealer accepts)."""
    stands, refuses = dict(elder_stands), dict(dealer_refuses)
    for rounds in range(1, MAX_ROUNDS + 1):
        elder_sum: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for elder, dealer, stand, refuse, accept in deals:
            elder_sum[elder][0] += stand
            elder_sum[elder][1] += refuse if refuses.get(dealer, False) else accept
        new_stands = {k: v[0] > v[1] for k, v in elder_sum.items()}
        dealer_sum: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for elder, dealer, _, refuse, accept in deals:
            if not new_stands.get(elder, False):
                dealer_sum[dealer][0] -= refuse
                dealer_sum[dealer][1] -= accept
        new_refuses = {k: v[0] > v[1] for k, v in dealer_sum.items()}
        if new_stands == stands and new_refuses == refuses:
            return Equilibrium(stands, refuses, rounds, True)
        stands, refuses = new_stands, new_refuses
    return Equilibrium(stands, refuses, MAX_ROUNDS, False)


def _table_section(samples: list[Sample]) -> Section:
    if not samples:
        return Section(title="Our table of hands to play without proposing")
    deals = [(_key(s.key[:4]), _key(s.key[4:]), s.values[0], s.values[1], s.values[2]) for s in samples]
    books_stand = _majority(((d[0], s.values[7]) for d, s in zip(deals, samples, strict=True)))
    books_refuse = _majority(((d[1], s.values[4]) for d, s in zip(deals, samples, strict=True)))
    result = best_response(deals, elder_stands=books_stand, dealer_refuses=books_refuse)
    by_class: dict[Key, list[int]] = defaultdict(list)
    for index, (elder, *_rest) in enumerate(deals):
        by_class[elder].append(index)
    rows = []
    agree = decided = 0
    for key in sorted(by_class):
        indices = by_class[key]
        diff = [deals[i][2] - (deals[i][3] if result.refuses.get(deals[i][1], False) else deals[i][4]) for i in indices]
        books = sum(samples[i].values[7] for i in indices) / len(indices)
        figure = mean(diff)
        if len(indices) < MIN_CLASS:
            ours = "—"
        elif sum(diff) == 0:  # the points are whole: an exact tie, neither decision better on these deals
            ours = "tie"
        else:
            ours = "stand" if result.stands.get(key, False) else "propose"
        if ours in ("stand", "propose"):
            decided += 1
            agree += (ours == "stand") == (books >= 0.5)
        rows.append((class_text(key), str(len(indices)), value_text(figure, "points"), ours, f"{100 * books:.0f}%"))
    refusals = sorted(k for k, v in result.refuses.items() if v)
    text = (f"{len(samples):,} deals, each solved double dummy after the elder stands, after the dealer refuses and "
            f"after he accepts (the exchange by the books). Starting from the books' decisions (a class stands when "
            f"the books stand on most of its hands, refuses likewise), the elder's best decision by class against "
            f"the dealer's and then the dealer's against the elder's were iterated: "
            f"{'settled' if result.settled else 'still changing'} after {result.rounds} round(s). Classes of fewer "
            f"than {MIN_CLASS} deals are not decided, nor classes where standing and proposing tie exactly (the "
            f"iteration proposes there: 'tie'). Our decision agrees with the books' majority in {agree} of "
            f"{decided} decided classes.",
            "The dealer refuses, at the end, with: " + ("; ".join(class_text(k) for k in refusals) or "no class") + ".")
    table = Table(title="Our table: stand or propose, by class of the elder's hand (double dummy)",
                  header=("elder's hand", "deals", "stand − propose (against our dealer)", "ours",
                          "hands the books stand on (E-§8.1, E-§8.2)"), rows=tuple(rows),
                  note="The books stand on a jeu de règle without the king of trumps and propose on every other "
                       "hand (with the king: E-§8.1).")
    claim = Claim(claim="The books' list and our table decide alike", source="the rule file (E-§8.2's title)",
                  words="Jeux de règle (play without proposing)",
                  figure=proportion(agree, decided) if decided else exact(0.0), unit="share",
                  verdict="(share of decided classes where ours and the books' majority agree)",
                  method="iterated best response, double dummy")
    return Section(title="Our table of hands to play without proposing", text=text, claims=(claim,), tables=(table,))


def _within(figure: Estimate, low: float, high: float) -> str:
    """For a rounded figure of the books read as the range ``low`` … ``high`` (fixed before the run): agrees when
    our whole interval lies in it, disagrees when it lies wholly outside, else not settled."""
    named = f"{100 * low:.0f}–{100 * high:.0f}%"
    if low <= figure.low and figure.high <= high:
        return f"agrees: within {named}"
    if figure.high < low or figure.low > high:
        return f"disagrees: ours is {100 * figure.value:.1f}%, {'above' if figure.low > high else 'below'} {named}"
    return f"not settled: the interval reaches beyond {named}"


def _hgm_claims(samples: Sequence[Sample]) -> tuple[Claim, ...]:
    """HGM ch. 8's example (E-§8.4): exact over every turn-up and dealer's hand (double dummy), and by the bot."""
    counted = [s for s in samples if s.group == "hgm exact"]
    if len(counted) != HGM_TURN_UPS:
        return ()
    made, every = int(sum(s.values[0] for s in counted)), int(sum(s.values[1] for s in counted))
    figure = exact(made / every)
    verdicts = [("double dummy, every deal counted", _within(figure, *HGM_SHARE))]
    method = f"the elder stands and makes the point: {made:,} of {every:,} deals counted, both hands known"
    played = [s for s in samples if s.group == "hgm" and math.isfinite(s.values[0])]
    if played:
        bot = proportion(sum(int(s.values[0]) for s in played), len(played))
        verdicts.append(("bot", _within(bot, *HGM_SHARE)))
        method += f"; bot {share_text(bot)}"
    return (Claim(claim="Q A 7 of trumps and two plain kings, standing, win the point four times out of five",
                  source="HGM ch. 8 (the rule file's E-§8.4 gives the example hand without the phrase)",
                  words="… four times out of five", figure=figure, unit="share",
                  verdict=verdicts_by_method(verdicts), method=method),)


def _premise_claims(samples: Sequence[Sample]) -> tuple[Claim, ...]:
    """Foster's premise (E-§8.1): a jeu de règle takes three tricks unless the dealer holds two trumps or more;
    checked double dummy on the jeux de règle of the best-response deals, split by the dealer's trumps."""
    claims = []
    for low, words in ((True, "at most one trump"), (False, "two trumps or more")):
        cases = [s for s in samples if s.values[3] and (s.values[5] <= 1) == low]
        if not cases:
            continue
        figure = proportion(sum(1 for s in cases if s.values[6]), len(cases))
        claims.append(Claim(
            claim=f"A jeu de règle makes the point when the dealer holds {words}", source=FOSTER,
            words="a hand that is certain to take 3 tricks unless the dealer holds 2+ trumps", figure=figure,
            unit="share", verdict=(verdict_value(figure, 1.0, tolerance=0.02) if low else
                                   "(the books' odds count these as lost)"),
            method="elder stands, double dummy"))
    return tuple(claims)


def _key(values: Sequence[int]) -> Key:
    return values[0], bool(values[1]), values[2], values[3]


def _majority(pairs: Iterator[tuple[Key, float]] | Sequence[tuple[Key, float]]) -> dict[Key, bool]:
    counts: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for key, flag in pairs:
        counts[key][0] += flag
        counts[key][1] += 1
    return {k: v[0] * 2 > v[1] for k, v in counts.items()}

