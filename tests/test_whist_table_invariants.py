"""Random rubbers in table mode with irregular acts thrown in: the laws never lose a card, never unbalance the
ledger, never leave a rubber stuck, never leak a hidden card, and the log replays to the same rulings.

Covers the machinery of every law of rule file §7 at once (as sampled by ``irregular_actions``)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from academie.cards import CARDS, mask_of
from academie.engine import CHANCE, PUBLIC, Mode
from academie.games import make_bot
from academie.games.whist import Irregular, Phase, Remedy, Shuffle, WhistRules, WhistState

TABLE_RULES = WhistRules(mode=Mode.TABLE)
_CARD_TOKEN = re.compile(r"\b([2-9TJQKA][CDHS])\b")


def _cards_conserved(state: WhistState) -> None:
    """W-§3: the hands, the cards played to tricks and the card astray (W-D5, W-P6) are the 52 cards, once each."""
    if state.phase not in (Phase.PLAY, Phase.ANSWER):
        return
    deal = state.deal
    seen = [c for seat in range(4) for c in state.hand(seat)]
    seen += [c for trick in state.view(PUBLIC).tricks for c in trick.cards]
    if deal.aside >= 0:
        seen.append(CARDS[deal.aside])
    assert sorted(c.index for c in seen) == list(range(52)), state.rulings[-3:]


def _ledger_consistent(state: WhistState) -> None:
    """W-§6.1: the ledger sums to zero, partners score alike, and every point is in a deal's result (or in the
    deal in progress)."""
    assert state.ledger.total() == 0
    balances = state.ledger.seat_balances()
    current = state.deal.points
    for seat in range(4):
        assert balances[seat] == sum(d.points[seat] for d in state.deal_results) + current[seat & 1]
    assert balances[0] == balances[2] and balances[1] == balances[3]


def _named_cards(texts: list[str]) -> set[int]:
    return {CARDS.index(next(c for c in CARDS if str(c) == token)) for text in texts
            for token in _CARD_TOKEN.findall(text)}


def _no_leak(state: WhistState, rulings_since: int) -> None:
    """No view shows more than its viewer may know: his own hand, what is public (exposed cards, tricks, the
    turn-up), and never a card gone astray unseen (W-D5, W-P6), by name in the history, the rulings or a ruling
    pending (the rulings given since it went astray: ``rulings_since``)."""
    public = state.view(PUBLIC)
    deal = state.deal
    for viewer in (0, 1, 2, 3, PUBLIC):
        view = state.view(viewer)
        own = state.hand_mask(viewer) if viewer != PUBLIC else 0
        assert mask_of(view.hand) == own
        assert view.exposed == public.exposed and view.tricks == public.tricks
        for seat in range(4):
            assert mask_of(view.exposed[seat]) & ~state.hand_mask(seat) == 0
        assert not any(isinstance(action, Shuffle) for _, action in view.history)
        if deal.aside >= 0 and not (deal.aside_law == "W-P6" and viewer == deal.short_seat):
            history = [str(action) for _, action in view.history]
            astray = max(i for i, (_, action) in enumerate(view.history)
                         if isinstance(action, Irregular) and action.kind in ("twelve-cards", "two-cards"))
            if deal.aside not in _named_cards(history[:astray]):  # not shown before it went astray
                texts = history + list(view.rulings[rulings_since:]) + ([view.pending.description] if view.pending
                                                                         else [])
                assert deal.aside not in _named_cards(texts), (viewer, texts[-3:])
        assert (view.legal_actions != ()) == (viewer == state.actor)


def _playout(seed: int, *, rate: float = 0.06) -> Iterator[tuple[WhistState, int]]:
    """Random actions with, now and then, a random irregular act; yields the state and the number of rulings given
    before the last card went astray."""
    rng = random.Random(seed)
    state = WhistState.new(TABLE_RULES, seed=seed)
    astray = 0
    for _ in range(6000):
        if state.is_terminal:
            return
        assert state.actor is not None and state.actor != CHANCE
        acts: tuple[Irregular, ...] = ()
        if rng.random() < rate and state.pending is None:
            acts = state.irregular_actions(rng.randrange(4))
        if acts:
            kind = rng.choice(sorted({act.kind for act in acts}))
            if kind in ("twelve-cards", "two-cards"):
                astray = len(state.rulings)
            state.apply(rng.choice([act for act in acts if act.kind == kind]))
        else:
            legal = state.legal_actions()
            assert legal, f"seed {seed}: stuck with actor {state.actor} in phase {state.phase.name}"
            state.apply(legal[rng.randrange(len(legal))])
        yield state, astray
    raise AssertionError(f"seed {seed}: the rubber did not end in 6000 actions")


@pytest.mark.parametrize("chunk", range(4))
def test_table_mode_random_irregularities_keep_every_invariant(chunk: int) -> None:
    """The laws of rule file §7, W-§3, W-§6.1: over random rubbers with irregular acts, cards are conserved, the
    ledger sums to zero and matches the deal results, no view leaks, and every rubber ends without getting stuck."""
    for seed in range(chunk * 20, chunk * 20 + 20):
        for step, (state, astray) in enumerate(_playout(seed)):
            _cards_conserved(state)
            _ledger_consistent(state)
            if step % 5 == 0:
                _no_leak(state, astray)


@pytest.mark.parametrize("seed", range(8))
def test_table_mode_log_replays_to_the_same_state_and_rulings(seed: int) -> None:
    """Replaying the log (chance and rulings included, no automation) rebuilds the state."""
    states = [state for state, _ in _playout(seed, rate=0.1)]
    state = states[-1]
    replayed = WhistState(TABLE_RULES, automate_table=False)
    for operation in state.operations:
        replayed.apply(operation.action)
    assert replayed.rulings == state.rulings
    assert replayed.result() == state.result()
    assert replayed.ledger.entries == state.ledger.entries
    assert replayed.deal_results == state.deal_results


@pytest.mark.parametrize("name", ["classical", "search"])
def test_W_C1_W_R1_bots_answer_rulings_with_a_remedy_the_law_offers(name: str) -> None:
    """W-C1, W-R1 and the other laws giving a seat the choice: the bots, from their views, take a remedy the law
    offers (and explain it), so a table-mode deal with irregular acts is played out by bots alone."""
    rng = random.Random(5)
    state = WhistState.new(TABLE_RULES, seed=5, first_dealer=3)
    bots = [make_bot("whist", name, seed=seat) for seat in range(4)]
    if name == "search":
        for bot in bots:
            bot.samples = 1  # type: ignore[attr-defined]
    remedies = 0
    while not state.deal_results:
        if state.pending is None and rng.random() < 0.15:
            acts = state.irregular_actions(rng.randrange(4))
            if acts:
                state.apply(rng.choice(acts))
                continue
        seat = state.actor
        assert isinstance(seat, int) and seat >= 0
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        if isinstance(action, Remedy):
            remedies += 1
            assert action.law in bots[seat].explain()
        state.apply(action)
    assert remedies > 0
