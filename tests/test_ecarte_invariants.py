"""Invariants of Écarté in enforced mode over 10,000 random deals (seeded, so every run plays the same deals).

At every step of every deal: the 32 cards are each in exactly one place (E-§2.1, E-§3: hands, talon, discards,
the trump card, the tricks); each ledger entry has an amount its rule allows (E-§3.4, E-§4.4, E-§6.1,
ECARTE-VI.7, ECARTE-VI.8) and the books balance; the score moves by exactly the entries and a game ends exactly
when a seat reaches the game's points (E-§6.2). At the end of each deal its entries match its result. Every
deal ends within :data:`MAX_ACTIONS_PER_DEAL` actions (ECARTE-VI.3 bounds the exchanges). Every partie's
operations log, replayed through the checked ``apply`` on a fresh state, rebuilds the same views and result;
``clone()`` is independent of its original. For 2,000 of the deals every view of seat 0, seat 1 and the public
is checked at every step for cards its viewer cannot know.

The chance actor is played by the driver (a :class:`SeededChance` outside the state), so each step applies
exactly one operation and a deal begins exactly at its ``Shuffle``. The run is split in chunks (rules options and
playing styles vary by chunk) so ``pytest -n 2`` spreads it; about 25 s on one core in all.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest
from conftest import act, arrange_deck, new_partie

from academie.cards import PACK_32, Card
from academie.engine import CHANCE, PUBLIC, Action, SeededChance
from academie.games.ecarte import (
    ACCEPT,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    CutForDeal,
    DealResult,
    Discard,
    EcarteRules,
    EcarteState,
    EcarteView,
    Phase,
    Play,
    Shuffle,
    TakeBack,
)
from academie.ledger import MARKER, Transfer

VIEWERS = (0, 1, PUBLIC)
CHUNK_DEALS = 1_250
"""Deals per chunk; eight chunks make 10,000 deals."""
VIEWED_DEALS = 250
"""Deals per chunk whose views are all checked at every step (2,000 in all)."""
MAX_ACTIONS_PER_DEAL = 1 + 20 * 4 + 4 + 1 + 10
"""The longest deal: its shuffle; twenty exchanges of one card for the non-dealer and none for the dealer
(propose, accept, two discards each); a last one asking two with one card left (propose, accept, discard,
take-back, ECARTE-VI.5); the king marked; ten cards played."""

Policy = Callable[[EcarteState, random.Random], Action]


# ------------------------------------------------------------------------------------------------ policies
def uniform(state: EcarteState, rng: random.Random) -> Action:
    """Any legal action, each equally likely."""
    return rng.choice(state.legal_actions())


def exchanger(state: EcarteState, rng: random.Random) -> Action:
    """Propose and accept nearly always, discard a random number of cards: long exchanges, an exhausted
    talon and the take-backs of ECARTE-VI.5 become common."""
    legal = state.legal_actions()
    if MARK_KING in legal and rng.random() < 0.5:
        return MARK_KING
    phase = state.phase
    if phase is Phase.ELDER_DECIDES:
        return PROPOSE if rng.random() < 0.92 else STAND
    if phase is Phase.DEALER_DECIDES:
        return ACCEPT if rng.random() < 0.92 else REFUSE
    if phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
        discards = [a for a in legal if isinstance(a, Discard)]
        size = rng.choice(sorted({len(a.cards) for a in discards}))
        return rng.choice([a for a in discards if len(a.cards) == size])
    return rng.choice([a for a in legal if a != MARK_KING] or legal)


def stubborn(state: EcarteState, rng: random.Random) -> Action:
    """Stand and refuse most of the time: the two-point penalties of ECARTE-VI.7 and VI.8 become common."""
    legal = state.legal_actions()
    if state.phase is Phase.ELDER_DECIDES and rng.random() < 0.75:
        return STAND
    if state.phase is Phase.DEALER_DECIDES and rng.random() < 0.75:
        return REFUSE
    return rng.choice(legal)


CHUNKS: dict[str, tuple[EcarteRules, Policy]] = {
    "default-uniform": (EcarteRules(), uniform),
    "default-exchanger": (EcarteRules(), exchanger),
    "default-stubborn": (EcarteRules(), stubborn),
    "partie-liee-stakes": (EcarteRules(partie_liee=True, stake_scoring=True), uniform),
    "options-a": (EcarteRules(must_trump=False, dealer_min_exchange=1, penalty_on_vole="add",
                              deal_pattern=(2, 3)), exchanger),
    "options-b": (EcarteRules(penalty_first_decision_only=False, first_dealer_card="lowest",
                              penalty_on_vole="add", game_points=7), stubborn),
    "default-exchanger-2": (EcarteRules(), exchanger),
    "default-uniform-2": (EcarteRules(), uniform),
}


# ------------------------------------------------------------------------------------------------ checks
def cards_in(value: object) -> Iterator[Card]:
    """Every card inside ``value``: cards, tuples and lists of them, and the fields of dataclasses, recursively."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from cards_in(getattr(value, item.name))


def played_cards(state: EcarteState) -> list[Card]:
    """The cards played to tricks in the deal in progress, from the operations log (none between deals)."""
    cards: list[Card] = []
    if state.phase in (Phase.CUT, Phase.SHUFFLE, Phase.OVER):
        return cards
    for operation in reversed(state.operations):
        if isinstance(operation.action, Shuffle):
            break
        if isinstance(operation.action, Play):
            cards.append(operation.action.card)
    return cards


def check_cards_accounted(state: EcarteState, played: list[Card]) -> None:
    """E-§2.1, E-§3: hands + talon + discards + trump card + played cards = the 32-card pack, each once."""
    trump = state.trump_card
    assert trump is not None
    places = [*state.hand(0), *state.hand(1), *state.talon(), *state.discards(0), *state.discards(1), trump, *played]
    assert sorted(c.index for c in places) == sorted(c.index for c in PACK_32)


def check_views(state: EcarteState, played: list[Card]) -> tuple[EcarteView, ...]:
    """No view holds a card its viewer cannot know; the seat views show the seat's own cards exactly.

    Known to all: the trump card, the cards played this deal and in earlier deals (played face up), and, before
    the first deal, the cards cut for deal (E-§2.3, cut face up)."""
    trump = state.trump_card
    played_before = {op.action.card for op in state.operations if isinstance(op.action, Play)}
    public = set(played) | played_before | ({trump} if trump is not None else set())
    if not any(isinstance(op.action, Shuffle) for op in state.operations):
        public |= {c for op in state.operations if isinstance(op.action, CutForDeal) for c in op.action.cards}
    views = tuple(state.view(viewer) for viewer in VIEWERS)
    for viewer, view in zip(VIEWERS, views, strict=True):
        assert view.exposed == ((), ())
        visible = set(public)
        if viewer != PUBLIC:
            assert view.hand == state.hand(viewer) and view.my_discards == state.discards(viewer)
            visible |= set(state.hand(viewer)) | set(state.discards(viewer))
        leaked = set(cards_in(view)) - visible
        assert not leaked, f"view of {viewer} shows {sorted(map(str, leaked))}"
    tricks = views[2].tricks
    assert sorted(c.index for t in tricks for c in t.cards) == sorted(c.index for c in played)
    return views


def allowed_amounts(rules: EcarteRules) -> dict[str, set[int]]:
    """The points one ledger entry may carry, by rule ID (E-§6.1 table; E-§4.3 for the penalty on the vole)."""
    penalty = {2, 3} if rules.penalty_on_vole == "add" else {2}
    return {"E-§3.4": {1}, "E-§4.4": {1}, "E-§6.1": {1, 2}, "ECARTE-VI.7": penalty, "ECARTE-VI.8": penalty}


def check_deal_entries(result: DealResult, entries: list[Transfer], rules: EcarteRules,
                       penalised: tuple[int | None, int | None]) -> None:
    """A finished deal: its entries sum to its points; the trick entry matches the tricks and who stood or
    refused (``penalised``: the PUBLIC view's ``stood`` and ``refused``) (E-§6.1, ECARTE-VI.7, ECARTE-VI.8)."""
    for seat in (0, 1):
        assert sum(e.amount for e in entries if e.target == seat) == result.points[seat]
    reasons = [e.reason for e in entries]
    assert reasons.count("E-§3.4") <= 1 and reasons.count("E-§4.4") <= 1
    assert all(e.target == result.dealer for e in entries if e.reason == "E-§3.4")
    tricks = [e for e in entries if e.reason in ("E-§6.1", "ECARTE-VI.7", "ECARTE-VI.8")]
    if not result.completed:
        assert tricks == [] and sum(result.tricks) < 5
        return
    assert sum(result.tricks) == 5 and len(tricks) == 1
    entry = tricks[0]
    winner = 0 if result.tricks[0] >= 3 else 1
    vole = result.tricks[winner] == 5
    assert entry.target == winner
    stood, refused = penalised
    expected = "ECARTE-VI.8" if stood == 1 - winner else "ECARTE-VI.7" if refused == 1 - winner else "E-§6.1"
    assert entry.reason == expected
    if entry.reason == "E-§6.1":
        assert entry.amount == (2 if vole else 1)
    else:
        assert entry.amount == (3 if vole and rules.penalty_on_vole == "add" else 2)


@dataclass
class Tally:
    """What a chunk did, to prove the run covered the rules it claims to check."""

    deals: int = 0
    viewed_deals: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    longest: int = 0


def snapshot(state: EcarteState) -> tuple[object, ...]:
    """Everything observable about ``state`` (to detect any change)."""
    return (tuple(state.view(v) for v in VIEWERS), tuple(state.operations), tuple(state.ledger.entries),
            state.result(), state.legal_actions(), state.score, tuple(state.deal_results))


def check_clone_independent(state: EcarteState, rng: random.Random) -> None:
    """Mutating a clone (up to eight more actions, a new deal included) leaves the original unchanged."""
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    for _ in range(8):
        if twin.is_terminal:
            break
        if twin.actor == CHANCE:
            twin.apply(chance_action(twin, SeededChance(rng.randrange(1 << 30))))
        else:
            twin.apply(rng.choice(twin.legal_actions()))
    assert snapshot(state) == before


def chance_action(state: EcarteState, chance: SeededChance) -> Action:
    """The chance actor's move now: the cut for deal (E-§2.3) or the next deck order (E-§3)."""
    order = chance.shuffled(PACK_32)
    return CutForDeal((order[0], order[1])) if state.phase is Phase.CUT else Shuffle(order)


# ------------------------------------------------------------------------------------------------ driver
def play_partie(seed: int, rules: EcarteRules, policy: Policy, tally: Tally, *, with_views: bool) -> None:
    """Play one seeded partie step by step, checking the invariants, then replay its log."""
    state = EcarteState.new(rules)
    chance, moves, probes = SeededChance(seed), random.Random(seed), random.Random(~seed)
    allowed = allowed_amounts(rules)
    stored_views: list[tuple[int, tuple[EcarteView, ...]]] = []
    deal_start_entry = deal_start_op = 0
    penalised: tuple[int | None, int | None] = (None, None)
    while not state.is_terminal:
        actor = state.actor
        action = chance_action(state, chance) if actor == CHANCE else policy(state, moves)
        score_before, games_before = state.score, len(state.game_results)
        entries_before, deals_before = len(state.ledger.entries), len(state.deal_results)
        state.apply(action)
        if isinstance(action, Shuffle):
            deal_start_entry, deal_start_op, penalised = entries_before, len(state.operations) - 1, (None, None)
        if action in (STAND, REFUSE) and not state.is_terminal:
            public = state.view(PUBLIC)
            penalised = (public.stood, public.refused)
        tally.events[type(action).__name__] += 1
        if isinstance(action, Discard | TakeBack) and state.talon() == () and state.phase is Phase.PLAY:
            tally.events["talon exhausted"] += 1
        # the ledger: allowed amounts, from the marker to a seat; the books balance; the score follows
        delta = [0, 0]
        for entry in state.ledger.entries[entries_before:]:
            assert entry.source == MARKER and entry.target in (0, 1)
            assert entry.amount in allowed[entry.reason], entry
            delta[int(entry.target)] += entry.amount
            tally.reasons[entry.reason] += 1
            tally.events["three points"] += int(entry.amount == 3)
        assert state.ledger.total() == 0
        assert state.result().points == state.ledger.seat_balances()
        expected = (score_before[0] + delta[0], score_before[1] + delta[1])
        if len(state.game_results) > games_before:
            assert state.game_results[-1].score == expected
            assert max(score_before) < rules.game_points <= max(expected)
        else:
            assert state.score == expected and max(expected) < rules.game_points
        # a deal that ended: its entries, its length
        if len(state.deal_results) > deals_before:
            result = state.deal_results[deals_before]
            ops = len(state.operations) - deal_start_op
            assert ops <= MAX_ACTIONS_PER_DEAL
            tally.longest = max(tally.longest, ops)
            check_deal_entries(result, state.ledger.entries[deal_start_entry:], rules, penalised)
            tally.deals += 1
            tally.viewed_deals += with_views
            tally.events["vole"] += int(result.completed and 5 in result.tricks)
        elif state.dealer is not None and state.phase not in (Phase.SHUFFLE, Phase.OVER):
            assert len(state.operations) - deal_start_op <= MAX_ACTIONS_PER_DEAL
        # cards and views
        played = played_cards(state)
        if state.phase not in (Phase.CUT, Phase.SHUFFLE, Phase.OVER):
            check_cards_accounted(state, played)
        if with_views:
            stored_views.append((len(state.operations), check_views(state, played)))
        if probes.random() < 0.06:
            check_clone_independent(state, probes)
    check_replay(state, stored_views)


def check_replay(state: EcarteState, stored_views: list[tuple[int, tuple[EcarteView, ...]]]) -> None:
    """The operations log, applied with the checked ``apply`` to a fresh state, rebuilds the same partie."""
    fresh = EcarteState.new(state.rules)
    views = dict(stored_views)
    for number, operation in enumerate(state.operations, start=1):
        assert fresh.actor == operation.actor
        fresh.apply(operation.action)
        if number in views:
            assert tuple(fresh.view(v) for v in VIEWERS) == views[number]
    assert snapshot(fresh) == snapshot(state)
    assert fresh.game_results == state.game_results and fresh.is_terminal


@pytest.mark.slow
@pytest.mark.parametrize("chunk", list(CHUNKS))
def test_invariants_over_random_deals(chunk: str) -> None:
    """E-§2.1, E-§3, E-§3.4, E-§4.4, E-§6.1, E-§6.2, ECARTE-VI.3, ECARTE-VI.5, ECARTE-VI.7, ECARTE-VI.8: cards
    conserved, ledger amounts allowed and balanced, deals bounded, replay exact, clones independent, views
    without hidden cards, over 1,250 deals of this chunk (250 with every view checked)."""
    rules, policy = CHUNKS[chunk]
    tally = Tally()
    seed = sum(map(ord, chunk)) * 100_000
    while tally.deals < CHUNK_DEALS:
        play_partie(seed, rules, policy, tally, with_views=tally.deals < VIEWED_DEALS)
        seed += 1
    assert tally.viewed_deals >= VIEWED_DEALS
    assert tally.reasons["E-§3.4"] > 0 and tally.reasons["E-§4.4"] > 0 and tally.events["vole"] > 0
    if policy is stubborn:
        assert tally.reasons["ECARTE-VI.7"] > 0 and tally.reasons["ECARTE-VI.8"] > 0
    assert (tally.events["three points"] > 0) == (rules.penalty_on_vole == "add")
    if policy is exchanger:
        assert tally.events["TakeBack"] > 0 and tally.events["talon exhausted"] > 0
    assert tally.longest <= MAX_ACTIONS_PER_DEAL


def test_ECARTE_VI_3_the_longest_deal_reaches_the_bound() -> None:
    """ECARTE-VI.3, ECARTE-VI.5: twenty one-card exchanges and a take-back make a deal of exactly
    :data:`MAX_ACTIONS_PER_DEAL` actions, so the bound checked above is tight."""
    state = longest_deal()
    assert len(state.operations) == MAX_ACTIONS_PER_DEAL and state.phase is Phase.SHUFFLE


def test_ECARTE_VI_3_the_registry_bound_covers_the_longest_deal() -> None:
    """ECARTE-VI.3: the game type's ``max_actions_per_deal`` must cover the longest legal deal."""
    import academie

    assert len(longest_deal().operations) <= academie.load("ecarte").max_actions_per_deal


def longest_deal() -> EcarteState:
    """A deal with the most actions the rules allow (see :data:`MAX_ACTIONS_PER_DEAL`)."""
    state = new_partie(arrange_deck({1: "KH"}, dealer=0, trump="9H"), dealer=0)
    state.apply(MARK_KING)
    for _ in range(20):
        act(state, "propose", "accept", f"discard {state.hand(1)[0]}", "discard")
    act(state, "propose", "accept", f"discard {state.hand(1)[0]} {state.hand(1)[1]}")
    assert state.phase is Phase.ELDER_TAKE_BACK
    state.apply(state.legal_actions()[0])                 # the take-back of ECARTE-VI.5
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    return state
