"""Double-dummy analysis of played Whist deals (``academie analyse whist RECORD``).

For every card played, with all four hands known, DDS (through endplay) gives the tricks the player's side can
still take with each legal card; the card played is compared with the best: a card below the best "costs" the
difference. The running double-dummy count is given for side 0 (seats 0 and 2): tricks already won plus the
tricks still to come with best play from here.

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=2, first_dealer=3)
>>> for _ in range(4):
...     _ = state.apply(state.legal_actions()[0])
>>> rows = analyse(state)
>>> len(rows), rows[0].trick, 0 <= rows[0].side0_count <= 13
(4, 1, True)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from academie.cards import CARDS
from academie.engine import JSON
from academie.games.whist.bots.dds import solve
from academie.games.whist.state import HONOURS, DrawForDeal, Play, Shuffle, WhistState
from academie.report import (
    Claim,
    Estimate,
    Plot,
    Report,
    Section,
    Series,
    Table,
    clustered_mean,
    exact,
    proportion,
    share_text,
    value_text,
    verdict_sign,
    verdict_value,
)


@dataclass(frozen=True, slots=True)
class AnalysedCard:
    """One card of a played deal, judged double-dummy."""

    deal: int
    trick: int
    seat: int
    card: str
    side0_count: int
    """Tricks side 0 takes in the deal with best play by all from before this card (won so far + to come)."""
    made: int
    """Tricks the player's side takes from here after the card played (the current trick included)."""
    best: int
    best_cards: tuple[str, ...]

    @property
    def cost(self) -> int:
        return self.best - self.made

    def as_dict(self) -> dict[str, JSON]:
        return {"deal": self.deal, "trick": self.trick, "seat": self.seat, "card": self.card,
                "side0_count": self.side0_count, "made": self.made, "best": self.best,
                "best_cards": list(self.best_cards), "cost": self.cost}

    def __str__(self) -> str:
        verdict = f"costs {self.cost} trick{'s' if self.cost > 1 else ''} (best {' '.join(self.best_cards)})" \
            if self.cost else "best"
        return (f"deal {self.deal} trick {self.trick:2d} seat {self.seat} {self.card}  DD count side 0: "
                f"{self.side0_count:2d}  {verdict}")


def analyse(state: WhistState) -> list[AnalysedCard]:
    """Every card played in the rubber of ``state`` (replayed from its log), judged double-dummy."""
    operations = state.operations
    drew = bool(operations) and isinstance(operations[0].action, DrawForDeal)
    first = None if drew else (state.deal_results[0].dealer if state.deal_results else state.dealer)
    replay = WhistState(state.rules, first_dealer=first)
    rows: list[AnalysedCard] = []
    deal_number = 0
    for operation in operations:
        action = operation.action
        if isinstance(action, Shuffle):
            deal_number += 1
        if isinstance(action, Play) and replay.actor == operation.actor:
            rows.append(_judge(replay, deal_number, operation.actor, action.card.index))
        replay.apply(action)
    return rows


def _judge(state: WhistState, deal: int, seat: int, card: int) -> AnalysedCard:
    trick = [c.index for c in state.current_trick()]
    leader = (seat - len(trick)) % 4
    hands = [state.hand_mask(s) for s in range(4)]
    scores = solve(hands, leader=leader, trump=int(state.trump or 0), trick=trick)
    best = max(scores.values())
    won = state.tricks_won
    side = seat & 1
    count0 = won[0] + (best if side == 0 else 13 - won[0] - won[1] - best)
    return AnalysedCard(deal=deal, trick=sum(won) + 1, seat=seat, card=str(CARDS[card]), side0_count=count0,
                        made=scores.get(card, best), best=best,
                        best_cards=tuple(str(CARDS[c]) for c in sorted(scores) if scores[c] == best))


def analyse_lines(state: WhistState) -> list[str]:
    """The analysis as text lines, then a summary of the tricks lost by each seat."""
    rows = analyse(state)
    lines = [str(row) for row in rows]
    lost = [sum(r.cost for r in rows if r.seat == seat) for seat in range(4)]
    lines.append("tricks thrown away by seat: " + ", ".join(f"seat {s} {lost[s]}" for s in range(4)))
    return lines


# ================================================================================================ the books' advice
# ``academie analyse whist --report DIR``: the odds of the honours (W-§4.1, W-§8.2), calling at eight (W-§4.2,
# WHIST-21/22) and the classic maxims of card play (W-§8.1) checked by exact counting and by DDS on sampled deals.
# The work is cut into :class:`Job` values (:func:`plan`) run by :func:`run_job` on any process; the report is
# built from their results by :func:`build_report`. Deals are drawn here from the seed, seat 3 dealing (seat 0,
# the elder hand, leads).

REPORT_DEALER: Final = 3
SIDE_AT_EIGHT: Final = 0
"""The side of seats 0 and 2 is the one at eight in the calling study; the dealer (seat 3) is an adversary."""
DDS_BATCH: Final = 100
"""Positions per call of DDS (``solve_all_boards`` solves them on its threads)."""
MAXIMS: Final[dict[str, tuple[str, str]]] = {
    "second hand low": ("the rule file's summary of Hoyle's maxims (W-§8.1)", "Second hand: play low, except with K "
                        "Q / A K (or to cover an honour when it promotes your side's cards)."),
    "third hand high": ("the rule file's summary of Hoyle's maxims (W-§8.1)", "Third hand: play high (\"third hand "
                        "high\"), but with A Q play the queen (finesse) and return the ace if it wins."),
    "return partner's lead": ("the rule file's summary of Hoyle's maxims (W-§8.1)", "Return your partner's lead (not "
                              "the adversaries'); holding only three originally, return the best."),
    "lead from the longest suit": ("the rule file's summary of the Cavendish system (W-§8.1)", "the first lead tells "
                                   "partner your long suit; lead from your longest suit."),
}
"""W-§8.1's maxims: who gives the words (the rule file summarises the books; its emphasis dropped) and the words."""


HONOURS_PER_SIZE: Final = 1000
"""Deals per unit of ``size`` sampled to set the honours each seat holds beside the exact figures."""
DEALER_SIDE: Final = REPORT_DEALER % 2
"""Seats 1 and 3: the dealer's side, which holds the turn-up (WHIST-24)."""
SIDE_NAMES: Final = {DEALER_SIDE: "the dealer's side (seats 1 and 3)", 1 - DEALER_SIDE: "the other side (seats 0 "
                     "and 2)"}
WEIGHT_TURNED, WEIGHT_NOT_TURNED = 48, 9
"""The weights of one place of the honours, with and without an honour turned up: the turn-up is an honour 4
times in 13, then the other three honours lie among the 51 other cards in C(51,3) ways, else all four do, in
C(51,4) = 12·C(51,3) ways; over the common total 13·C(51,4), a place counts 4·12 = 48 or 9."""
HONOURS_TOTAL: Final = 13 * math.comb(51, 4)
"""3,248,700: the weighted count of every deal of the trump honours (:func:`honour_deals`)."""
Holding = tuple[bool, int, int, int, int]
"""Whether an honour is turned up, then the honours of seats 0 to 3 (seat 3 deals: the turn-up is his)."""


def honour_deals() -> Counter[Holding]:
    """W-§4.1 with the turn-up (WHIST-24: the dealer's last card, his, fixes trumps) by exact enumeration: every
    place of the trump honours among the other 51 cards (the dealer holds 12 of them, the others 13 each),
    weighted by its chance (:data:`WEIGHT_TURNED`): the weighted count of each holding, over
    :data:`HONOURS_TOTAL`."""
    return Counter(_honour_deals())


@functools.cache
def _honour_deals() -> dict[Holding, int]:
    seat_of = [(REPORT_DEALER + 1 + offset) % 4 for offset in range(51)]
    counts: Counter[Holding] = Counter()
    for turned, hidden, weight in ((True, 3, WEIGHT_TURNED), (False, 4, WEIGHT_NOT_TURNED)):
        for places in itertools.combinations(range(51), hidden):
            seats = [seat_of[p] for p in places] + ([REPORT_DEALER] if turned else [])
            held = (seats.count(0), seats.count(1), seats.count(2), seats.count(3))
            counts[(turned, *held)] += weight
    return dict(counts)


def side_honours(holding: Holding, side: int) -> int:
    return holding[1 + side] + holding[3 + side]


def honours_table() -> list[tuple[int, int, int]]:
    """W-§4.1, W-§8.2 by exact enumeration (:func:`honour_deals`): (honours, weighted deals where the dealer's side
    holds them, where the other side does), over :data:`HONOURS_TOTAL`."""
    counts = honour_deals()
    by_side = [Counter[int](), Counter[int]()]
    for holding, weight in counts.items():
        for side in (0, 1):
            by_side[side][side_honours(holding, side)] += weight
    return [(held, by_side[DEALER_SIDE][held], by_side[1 - DEALER_SIDE][held]) for held in range(5)]


def call_table(side: int) -> dict[str, tuple[int, int]]:
    """W-§4.2, W-§8.2 for ``side`` (0: seats 0 and 2; 1: the dealer's) by exact enumeration, the turn-up modelled
    (:func:`honour_deals`), as (favourable, all) weighted deals:

    - ``two in one hand``: a player of the side holds exactly two honours (so he may call);
    - ``three in one hand``: one of them holds three or four (he shows them and wins, W-§4.2);
    - ``answered``: among the deals where a player of the side holds two, the side holds three or more (the
      partner answers the call).
    """
    two = three = answered = 0
    for holding, weight in honour_deals().items():
        hands = (holding[1 + side], holding[3 + side])
        if 2 in hands:
            two += weight
            answered += weight * (sum(hands) >= 3)
        three += weight * (max(hands) >= 3)
    return {"two in one hand": (two, HONOURS_TOTAL), "three in one hand": (three, HONOURS_TOTAL),
            "answered": (answered, two)}


def seat_answers() -> dict[str, tuple[int, int]]:
    """W-§8.2 for seat 0 (not of the dealer's side) holding exactly two honours: his partner (seat 2) holds one of
    the other two, (favourable, all) weighted deals, as dealt (``as dealt``), when neither missing honour is the
    turned-up card (``neither turned up``) and when one is (``one turned up``)."""
    found = {"as dealt": [0, 0], "neither turned up": [0, 0], "one turned up": [0, 0]}
    for holding, weight in honour_deals().items():
        if holding[1] != 2:
            continue
        for name in ("as dealt", "one turned up" if holding[0] else "neither turned up"):
            found[name][0] += weight * (holding[3] >= 1)
            found[name][1] += weight
    return {name: (favourable, every) for name, (favourable, every) in found.items()}


@dataclass(frozen=True, slots=True)
class Job:
    """Deals ``first`` to ``last - 1`` of one study (``maxims`` or ``calling``)."""

    study: str
    seed: int
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Position:
    """A card to play where a maxim applies: the position and the cards the maxim prescribes."""

    maxim: str
    hands: tuple[int, int, int, int]
    leader: int
    trump: int
    trick: tuple[int, ...]
    prescribed: tuple[int, ...]
    alternatives: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The choices the maxim is measured against (second hand high, third hand low or just high enough, another
    suit), each named, with its cards."""
    deal: int = 0
    """The deal the position comes from: positions of one deal are not independent (their intervals cluster)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """A maxim's card judged double dummy: is it among the best, the tricks it costs when it is not, and the
    tricks it gains over each other choice (the mean over its cards of each), named as in its position."""

    maxim: str
    best: bool
    cost: int
    gains: tuple[tuple[str, float], ...]
    deal: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """The trump honours of one sampled deal (the turn-up dealt as the engine deals it)."""

    holding: Holding


@dataclass(frozen=True, slots=True)
class Called:
    """One deal where a player of the side at eight holds exactly two honours."""

    draws: int
    answered: bool
    tricks: int
    """Tricks the side at eight takes double dummy."""


def deal_hands(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, int, int, int], int]:
    """A deck order and the hands it deals with seat 3 dealing (W-§3), and the trump suit (WHIST-24)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for offset, card in enumerate(deck):
        hands[(REPORT_DEALER + 1 + offset) % 4] |= 1 << card
    return tuple(deck), (hands[0], hands[1], hands[2], hands[3]), CARDS[deck[-1]].suit


def _rng(seed: int, study: int, index: int) -> random.Random:
    return random.Random(f"{seed}|{study}|{index}")


def run_job(job: Job) -> list[Judged] | list[Called] | list[Dealt]:
    """Measure the job's deals (in a worker process or on Ray: the same code)."""
    if job.study == "honours":
        return [_honours_deal(job.seed, index) for index in range(job.first, job.last)]
    if job.study == "calling":
        return [_calling_deal(job.seed, index) for index in range(job.first, job.last)]
    positions = [p for index in range(job.first, job.last) for p in maxim_positions(job.seed, index)]
    return judge(positions)


def _honours_deal(seed: int, index: int) -> Dealt:
    deck, hands, trump = deal_hands(_rng(seed, 2, index))
    honours = HONOURS[trump]
    seats = [(hand & honours).bit_count() for hand in hands]
    return Dealt((bool(honours >> deck[-1] & 1), seats[0], seats[1], seats[2], seats[3]))


def _calling_deal(seed: int, index: int) -> Called:
    rng = _rng(seed, 1, index)
    draws = 0
    while True:  # rejection: a fifth of the deals or so give seat 0 exactly two honours
        draws += 1
        _, hands, trump = deal_hands(rng)
        honours = HONOURS[trump]
        if (hands[SIDE_AT_EIGHT] & honours).bit_count() == 2:
            break
    partner = (SIDE_AT_EIGHT + 2) % 4
    scores = solve(hands, leader=(REPORT_DEALER + 1) % 4, trump=trump, trick=())
    leader_side = (REPORT_DEALER + 1) % 2
    best = max(scores.values())
    tricks = best if leader_side == SIDE_AT_EIGHT % 2 else 13 - best
    return Called(draws, bool(hands[partner] & honours), tricks)


def maxim_positions(seed: int, index: int) -> list[Position]:
    """Play one deal with the classical bot in every seat (W-§8.1) and keep each card where a maxim applies."""
    from academie.games.whist.bots.classical import ClassicalBot

    deck, _, _ = deal_hands(_rng(seed, 0, index))
    state = WhistState.new(decks=[[CARDS[c] for c in deck]], first_dealer=REPORT_DEALER)
    bots = [ClassicalBot(seed=seat) for seat in range(4)]
    dealt = tuple(state.hand_mask(s) for s in range(4))
    first_leads: dict[int, int] = {}
    returned: set[int] = set()
    positions = []
    while not state.deal_results:
        seat = state.actor
        if not isinstance(seat, int):
            break
        action = bots[seat].choose(state.view(seat))
        if isinstance(action, Play):
            trick = tuple(c.index for c in state.current_trick())
            hands = (state.hand_mask(0), state.hand_mask(1), state.hand_mask(2), state.hand_mask(3))
            trump = int(state.trump or 0)
            found = _maxims(seat, trick, hands, trump, dealt, first_leads, returned, sum(state.tricks_won))
            leader = (seat - len(trick)) % 4
            positions += [Position(name, hands, leader, trump, trick, cards, alternatives, index)
                          for name, cards, alternatives in found]
            if not trick:
                first_leads.setdefault(seat, action.card.index)
        state.apply(action)
    return positions


def _suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of ``suit`` in ``mask``, lowest first."""
    return [c for c in range(suit * 13, suit * 13 + 13) if mask >> c & 1]


Alternatives = tuple[tuple[str, tuple[int, ...]], ...]
LOWEST: Final = "the lowest card of the suit"
LOWEST_WINNER: Final = "the lowest card that wins the trick"
ANY_OTHER: Final = "any other card of the suit (their mean)"
OTHER_CHOICE: Final = {"second hand low": "the highest card of the suit", "third hand high": LOWEST,
                        "return partner's lead": "a card of another suit (their mean)",
                        "lead from the longest suit": "a card of a shorter suit (their mean)"}
"""What each maxim advises against, measured beside it (third hand high is measured against two more choices)."""
EQUIVALENCE_TRICKS: Final = 0.05
"""The equivalence margin of the maxims, fixed before the run: a maxim whose gain over a choice lies wholly within
± 0.05 tricks a position is as good as that choice."""


def _maxims(seat: int, trick: tuple[int, ...], hands: tuple[int, int, int, int], trump: int,
            dealt: tuple[int, ...], first_leads: dict[int, int], returned: set[int],
            played: int) -> list[tuple[str, tuple[int, ...], Alternatives]]:
    """The maxims of W-§8.1 that apply to ``seat`` now, each with the cards it prescribes and the choices it is
    measured against (third hand high: the lowest card, the lowest card that still wins, and any other card)."""
    hand = hands[seat]
    found: list[tuple[str, tuple[int, ...], Alternatives]] = []
    if not trick:
        if played == 0:
            lengths = [len(_suit_cards(hand, s)) for s in range(4)]
            longest = max(lengths)
            shorter = tuple(c for s in range(4) if lengths[s] < longest for c in _suit_cards(hand, s))
            found.append(("lead from the longest suit",
                          tuple(c for s in range(4) if lengths[s] == longest for c in _suit_cards(hand, s)),
                          ((OTHER_CHOICE["lead from the longest suit"], shorter),) if shorter else ()))
        partner = (seat + 2) % 4
        lead = first_leads.get(partner)
        if lead is not None and seat not in returned and lead // 13 != trump:
            suit = lead // 13
            cards = _suit_cards(hand, suit)
            returned.add(seat)
            others = tuple(c for s in range(4) if s != suit for c in _suit_cards(hand, s))
            if cards and others:
                original = len(_suit_cards(dealt[seat], suit))
                found.append(("return partner's lead", (cards[-1] if original <= 3 else cards[0],),
                              ((OTHER_CHOICE["return partner's lead"], others),)))
        return found
    led = trick[0]
    suit = led // 13
    cards = _suit_cards(hand, suit)
    if suit == trump or len(cards) < 2:
        return found
    ranks = {c % 13 for c in cards}
    ace, king, queen, jack = 12, 11, 10, 9
    if len(trick) == 1 and led % 13 < jack and not ({ace, king} <= ranks or {king, queen} <= ranks):
        found.append(("second hand low", (cards[0],), ((OTHER_CHOICE["second hand low"], (cards[-1],)),)))
    if len(trick) == 2 and trick[1] // 13 == suit and cards[-1] > max(trick):
        high = cards[-1]
        if {ace, queen} <= ranks and king not in ranks:
            high = suit * 13 + queen
        winner = min(c for c in cards if c > max(trick))
        choices: Alternatives = ((LOWEST, (cards[0],)),)
        if winner != high:
            choices += ((LOWEST_WINNER, (winner,)),)
        found.append(("third hand high", (high,), (*choices, (ANY_OTHER, tuple(c for c in cards if c != high)))))
    return found


def judge(positions: Sequence[Position]) -> list[Judged]:
    """Each position solved by DDS (``solve_all_boards``, many positions a call): whether the maxim's card is
    among the best cards, and the tricks it costs when it is not."""
    from endplay.dds import solve_all_boards

    from academie.games.whist.bots.dds import from_card, make_deal

    judged = []
    for start in range(0, len(positions), DDS_BATCH):
        batch = positions[start:start + DDS_BATCH]
        deals = [make_deal(p.hands, leader=p.leader, trump=p.trump, trick=p.trick) for p in batch]
        for position, solved in zip(batch, solve_all_boards(deals), strict=True):
            scores = {from_card(card): int(tricks) for card, tricks in solved}
            best = max(scores.values())
            mover = (position.leader + len(position.trick)) % 4
            values = [card_value(scores, card, position.hands, mover) for card in position.prescribed]
            gains = []
            for name, cards in position.alternatives:
                others = [card_value(scores, card, position.hands, mover) for card in cards]
                gains.append((name, sum(values) / len(values) - sum(others) / len(others)))
            judged.append(Judged(position.maxim, max(values) == best, best - max(values), tuple(gains),
                                 position.deal))
    return judged


def card_value(scores: dict[int, int], card: int, hands: Sequence[int], mover: int) -> int:
    """The tricks of ``card``: its own score, or that of a card of the same suit in sequence with it (every card
    between them held by the mover or already played), which DDS may give for both."""
    if card in scores:
        return scores[card]
    others = 0
    for seat, mask in enumerate(hands):
        if seat != mover:
            others |= mask
    suit = card // 13
    for step in (1, -1):
        other = card + step
        while other // 13 == suit and 0 <= other < 52 and not others >> other & 1:
            if other in scores:
                return scores[other]
            other += step
    raise ValueError(f"DDS gave no value for {CARDS[card]} nor for a card in sequence with it")


CALLING_PER_SIZE: Final = 20
MAXIM_DEALS_PER_SIZE: Final = 20
CHUNK: Final = 10


def plan(*, seed: int, size: int) -> list[Job]:
    """The jobs of a run: ``20 × size`` deals for the maxims, ``20 × size`` deals where a player of the side at
    eight holds two honours, and ``1000 × size`` deals whose honours are counted beside the exact figures."""
    if not 1 <= size <= 100_000:
        raise ValueError(f"size {size} is not allowed; allowed: 1 to 100,000")
    jobs = []
    for study, count in (("maxims", MAXIM_DEALS_PER_SIZE * size), ("calling", CALLING_PER_SIZE * size)):
        jobs += [Job(study, seed, first, min(count, first + CHUNK)) for first in range(0, count, CHUNK)]
    count = HONOURS_PER_SIZE * size
    return jobs + [Job("honours", seed, first, min(count, first + HONOURS_PER_SIZE))
                   for first in range(0, count, HONOURS_PER_SIZE)]


def build_report(results: Sequence[Sequence[Judged | Called | Dealt]], *, seed: int, size: int,
                 command: str) -> Report:
    """The report from every job's results."""
    from importlib.metadata import version

    judged = [r for job in results for r in job if isinstance(r, Judged)]
    called = [r for job in results for r in job if isinstance(r, Called)]
    dealt = [r for job in results for r in job if isinstance(r, Dealt)]
    settings = (("command", command), ("seed", str(seed)), ("size", str(size)), ("academie", version("academie")),
                ("rules", "whist/1"), ("double dummy", "DDS through endplay"))
    intro = ("The advice and the odds of the old books on Whist, as the rule file records them (W-§4.1, W-§4.2, "
             "W-§8), checked by exact counting and, for the play, by double-dummy analysis (DDS) of sampled deals. "
             "Each claim is one row: who makes it (a book, or the rule file's author when the figure is the rule "
             "file's own), the words as that source gives them, our figure with its 95% interval and sample size, "
             "and the verdict.",
             "Seat 3 deals: the dealer's side is seats 1 and 3, and the dealer's last card, turned up, fixes trumps "
             "(WHIST-24), so it is an honour 4 times in 13 and always the dealer's. The exact figures count every "
             "place of the honours with the turn-up modelled; the sampled figures deal the cards as the engine "
             "does, and the two must agree within the samples' error.",
             "Double dummy judges a card with all four hands known: a maxim made for play in the dark can be right "
             "at the table and still not be the double-dummy best; the figures say how often it is, and what it "
             "costs in tricks when it is not.")
    return Report(title="Whist: the old books' advice checked by computation", intro=intro, settings=settings,
                  sections=(_honours_section(dealt), _calling_section(called), _maxims_section(judged, size=size)))


RULE_FILE_HONOURS: Final = "one side holds all four 5.5%, exactly three 25.0%, split 2–2 39.0%"
"""W-§8.2's words (the rule file's own figures, "computed; hypergeometric")."""
RULE_FILE_AUTHOR: Final = "the rule file's author (W-§8.2)"


def _sampled_side(dealt: Sequence[Dealt], side: int, held: int) -> Estimate:
    return proportion(sum(1 for d in dealt if side_honours(d.holding, side) == held), len(dealt))


def _honours_section(dealt: Sequence[Dealt]) -> Section:
    table = honours_table()
    dealer = {held: exact(ways / HONOURS_TOTAL) for held, ways, _ in table}
    other = {held: exact(ways / HONOURS_TOTAL) for held, _, ways in table}
    books = {4: 0.055, 3: 0.250}
    claims = []
    for held, book in books.items():
        for side, shares in ((DEALER_SIDE, dealer), (1 - DEALER_SIDE, other)):
            mean_of_sides = (dealer[held].value + other[held].value) / 2
            sampled = f"; sampled {share_text(_sampled_side(dealt, side, held))}" if dealt else ""
            claims.append(Claim(
                claim=f"{SIDE_NAMES[side].capitalize()} holds {'all four' if held == 4 else 'exactly three'} honours",
                source=RULE_FILE_AUTHOR, words=RULE_FILE_HONOURS, figure=shares[held], unit="share",
                verdict=verdict_value(shares[held], book, tolerance=0.0005),
                method=f"counted, the turn-up modelled{sampled}; the mean of the two sides, "
                       f"{share_text(exact(mean_of_sides))}, is the rule file's figure (a side taken without regard "
                       "to the deal)"))
    split = dealer[2]
    claims.append(Claim(claim="The honours are divided 2–2", source=RULE_FILE_AUTHOR, words=RULE_FILE_HONOURS,
                        figure=split, unit="share", verdict=verdict_value(split, 0.390, tolerance=0.0005),
                        method="counted, the turn-up modelled (the same with or without it)"
                               + (f"; sampled {share_text(_sampled_side(dealt, 0, 2))}" if dealt else "")))
    scored = exact(1 - split.value)
    claims.append(Claim(claim="Honours are scored", source=RULE_FILE_AUTHOR, words="So honours are scored in about "
                        "61% of hands.", figure=scored, unit="share",
                        verdict=verdict_value(scored, 0.61, tolerance=0.005), method="counted, the turn-up modelled"))
    rows = []
    for held, dealer_ways, other_ways in table:
        row = [str(held), f"{dealer_ways:,}", share_text(dealer[held])]
        row += [share_text(_sampled_side(dealt, DEALER_SIDE, held))] if dealt else []
        row += [f"{other_ways:,}", share_text(other[held])]
        row += [share_text(_sampled_side(dealt, 1 - DEALER_SIDE, held))] if dealt else []
        rows.append(tuple(row))
    sampled_column = ("sampled",) if dealt else ()
    header = ("honours", "the dealer's side: weighted deals", "share", *sampled_column,
              "the other side: weighted deals", "share", *sampled_column)
    note = (f"Every place of the four honours counted with the turn-up modelled: an honour is turned up 4 times in "
            f"13 (the dealer holds it and 12 other cards, the other three honours among the 51 other cards), else "
            f"all four lie among the 51; each place weighted by its chance, over 13·C(51,4) = {HONOURS_TOTAL:,}. "
            + (f"Sampled: {len(dealt):,} deals dealt as the engine deals them." if dealt else ""))
    return Section(title="W-§4.1: the honours between the sides", claims=tuple(claims),
                   tables=(Table(title="Honours held by each side, seat 3 dealing", header=header, rows=tuple(rows),
                                 note=note.rstrip()),))


def _calling_section(called: Sequence[Called]) -> Section:
    sides = {side: call_table(side) for side in (DEALER_SIDE, 1 - DEALER_SIDE)}
    answers = seat_answers()
    at_eight = sides[SIDE_AT_EIGHT]
    two = exact(at_eight["two in one hand"][0] / at_eight["two in one hand"][1])
    three = exact(at_eight["three in one hand"][0] / at_eight["three in one hand"][1])
    share = {name: exact(favourable / every) for name, (favourable, every) in answers.items()}
    seat_two = exact(sum(w for h, w in honour_deals().items() if h[1] == 2) / HONOURS_TOTAL)
    sampled_two = proportion(len(called), sum(c.draws for c in called)) if called else None
    claims = [
        Claim(claim="The other side (seats 0 and 2), at eight, holds two honours in one hand (and may call)",
              source="the rule file (W-§4.2), after Hoyle", words="a player of the side at 8 who holds two honours "
              "asks his partner whether he holds one", figure=two, unit="share", verdict="(no figure in the books)",
              method=f"counted, the turn-up modelled; three or four in one hand: {share_text(three)}"
                     + (f"; seat 0 holds two: {share_text(seat_two)}, sampled {share_text(sampled_two)}"
                        if sampled_two else "")),
        Claim(claim="Holding two, when neither missing honour is the turned-up card, the partner can answer",
              source=RULE_FILE_AUTHOR, words="holding two honours, when neither missing honour is the turned-up card, "
              "P(partner holds at least one of the other two) = 1 − C(37,13)/C(39,13) ≈ 0.561",
              figure=share["neither turned up"], unit="share",
              verdict=verdict_value(share["neither turned up"], 0.561, tolerance=0.0005) + " (the missing honours "
                      "are among the 38 cards unseen, not 39: 1 − C(36,13)/C(38,13) = 403/703)",
              method="counted, seat 0 holding two"),
        Claim(claim="Holding two, when one missing honour is the adversary's turn-up, the partner holds the other",
              source=RULE_FILE_AUTHOR, words="If one missing honour is the turn-up in an adversary's (dealer's) hand, "
              "P(partner has the other) = 13/39 ≈ 0.333", figure=share["one turned up"], unit="share",
              verdict=verdict_value(share["one turned up"], 13 / 39, tolerance=0.0005) + " (the last honour is "
                      "among 38 unseen cards, not 39)", method="counted, seat 0 holding two"),
    ]
    if called:
        answered = [c for c in called if c.answered]
        sampled = proportion(len(answered), len(called))
        claims.append(Claim(
            claim="Holding two, the partner can answer (whatever the turn-up)", source="(no figure in the books)",
            words="—", figure=share["as dealt"], unit="share",
            verdict="sampled " + verdict_value(sampled, share["as dealt"].value),
            method=f"counted, seat 0 holding two; sampled {share_text(sampled)}"))
        gain = proportion(sum(1 for c in called if c.answered and c.tricks < 8), len(called))
        claims.append(Claim(claim="Always call when entitled: what double dummy can say of it",
                            source=RULE_FILE_AUTHOR, words="Bot rule: always call when entitled (calling costs "
                            "nothing if partner cannot answer)", figure=gain, unit="share",
                            verdict="(not tested: double dummy measures what an answered call wins, never what a "
                                    "call costs; its cost is what it tells the adversaries of the caller's hand, "
                                    "which play with all hands known cannot price, so no verdict is given)",
                            method=f"deals where an answered call wins the game this hand and the tricks (double "
                                   f"dummy, 8 needed) would not; partner answered in {share_text(sampled)}"))
        if answered:
            claims.append(Claim(claim="With three honours at eight, the tricks alone would win the game",
                                source="the rule file (W-§4.1)", words="at 8 honours count only by calling",
                                figure=proportion(sum(1 for c in answered if c.tricks >= 8), len(answered)),
                                unit="share", verdict="(no figure in the books)",
                                method="the side takes 8 tricks or more, double dummy"))
    rows = []
    for name, label in (("two in one hand", "a player holds exactly two (may call)"),
                        ("three in one hand", "a player holds three or four (shows them)"),
                        ("answered", "holding two, the partner answers (the side holds three or more)")):
        rows.append((label, *(share_text(exact(sides[side][name][0] / sides[side][name][1]))
                              for side in (DEALER_SIDE, 1 - DEALER_SIDE))))
    table = Table(title="Calling at eight, by side (seat 3 dealing), counted with the turn-up modelled",
                  header=("", SIDE_NAMES[DEALER_SIDE], SIDE_NAMES[1 - DEALER_SIDE]), rows=tuple(rows),
                  note="Seat 0 holding two: his partner answers in "
                       f"{share_text(share['neither turned up'])} when no honour is turned up and in "
                       f"{share_text(share['one turned up'])} when one is.")
    text = ("Sampled deals: a player of the side at eight (seats 0 and 2, seat 3 dealing) holds exactly two honours; "
            f"{len(called)} deals.",) if called else ()
    return Section(title="W-§4.2: calling at eight", claims=tuple(claims), tables=(table,), text=text)


FIRST_ROW: Final = "the maxim's first row"


def _clipped(share: Estimate) -> Estimate:
    """A share's normal interval kept within 0 and 1."""
    return Estimate(share.value, max(0.0, share.low), min(1.0, share.high), share.size)


def _maxims_section(judged: Sequence[Judged], *, size: int) -> Section:
    """W-§8.1: one claim a maxim and choice it is measured against; every interval clustered by deal (the
    positions of one deal are not independent)."""
    claims, labels, figures = [], [], []
    rows = []
    for maxim, (source, words) in MAXIMS.items():
        cases = [j for j in judged if j.maxim == maxim]
        if not cases:
            continue
        deals = [j.deal for j in cases]
        best = _clipped(clustered_mean([float(j.best) for j in cases], deals))
        choices = dict.fromkeys(name for j in cases for name, _ in j.gains)
        for choice in choices:
            measured = [(gain, j.deal) for j in cases for name, gain in j.gains if name == choice]
            gain = clustered_mean([g for g, _ in measured], [d for _, d in measured])
            clusters = len({d for _, d in measured})
            claim = maxim.capitalize() if choice == OTHER_CHOICE[maxim] else f"{maxim.capitalize()}, not {choice}"
            claims.append(Claim(claim=claim, source=source, words=words, figure=gain, unit="tricks",
                                verdict=verdict_sign(gain, expected=f"the maxim gains over {choice}", unit="tricks",
                                                     margin=EQUIVALENCE_TRICKS),
                                method=f"tricks a position, the maxim's card − {choice}, DDS, over {clusters:,} "
                                       f"deals (the interval clustered by deal); the maxim's card is a best card in "
                                       f"{share_text(best) if choice == OTHER_CHOICE[maxim] else FIRST_ROW}"))
            labels.append(f"{maxim}, not {choice.split(' (')[0]} (n = {len(measured):,})")
            figures.append(gain)
        wrong = [float(j.cost) for j in cases if not j.best]
        cost = clustered_mean(wrong, [j.deal for j in cases if not j.best]) if len(wrong) >= 2 else None
        rows.append((maxim, str(len(cases)), str(len(set(deals))), share_text(best),
                     value_text(clustered_mean([float(j.cost) for j in cases], deals), "tricks"),
                     value_text(cost, "tricks") if cost else "—"))
    table = Table(title="The maxims, double dummy", header=("maxim", "positions", "deals", "a best card",
                  "tricks lost a position", "tricks lost when not best"), rows=tuple(rows),
                  note="Positions where the maxim applies in deals played by the classical bot in every seat: second "
                       "hand to a plain suit led below the knave, holding two or more and neither A K nor K Q; third "
                       "hand after partner's plain lead, followed by second hand, holding two or more and a card "
                       "that wins; the first lead after partner's first plain lead (the best card held three or "
                       "fewer originally, else the lowest); the opening lead (any card of a longest suit). Every "
                       "interval treats a deal's positions together (clustered by deal). A gain wholly within "
                       f"±{EQUIVALENCE_TRICKS} tricks (a margin fixed before the run) is 'equivalent'.")
    deals_played = MAXIM_DEALS_PER_SIZE * size
    plot = Plot(name="whist_maxims", title="The maxims: tricks gained over each other choice (double dummy)",
                labels=tuple(labels), axis="tricks a position",
                series=(Series(legend=f"the maxim's card − the other choice, double dummy (DDS), 95% interval "
                                      f"clustered by deal; n positions of {deals_played:,} deals played by the "
                                      "classical bot", figures=tuple(figures)),),
                baseline="0: the other choice, named under each bar")
    return Section(title="W-§8.1: the maxims of play", claims=tuple(claims), tables=(table,), plots=(plot,))
