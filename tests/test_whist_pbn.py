"""Whist interop and analysis: PBN export/import round trips (W-§3 deal, W-§5 play), the peer benchmark's PBN deals
read and played, and the double-dummy analysis of a played deal (endplay/DDS)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from academie.cards import mask_of
from academie.games.whist import WhistState
from academie.games.whist.analysis import analyse, analyse_lines
from academie.games.whist.bots.dds import solve
from academie.games.whist.pbn import PbnError, deals_of, read_pbn, write_pbn

PEER_DEALS = Path(__file__).resolve().parents[2] / "shared" / "peer-bench" / "deals_seed2024.pbn"


def _played_rubber(seed: int, deals: int) -> WhistState:
    state = WhistState.new(seed=seed, first_dealer=1)
    while len(state.deal_results) < deals and not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    return state


def test_W_3_W_5_pbn_round_trip_of_deals_and_play() -> None:
    """W-§3, W-§5: a rubber written as PBN reads back to the same hands, dealer, turn-up and cards played, and
    replaying a deal from its PBN gives the same tricks and points."""
    state = _played_rubber(31, 3)
    deals = deals_of(state)
    text = write_pbn(state, event="test")
    assert text.count("[Deal ") == len(deals) == 4 and '[Play "' in text
    back = read_pbn(text)
    assert back == deals
    for number, deal in enumerate(back[:3]):
        replayed = deal.state()
        assert replayed.deal_results[0].tricks == state.deal_results[number].tricks


def test_W_5_pbn_of_an_unfinished_trick_and_bad_input() -> None:
    """W-§5: a deal stopped inside a trick keeps the cards played; unreadable PBN raises a typed error."""
    state = WhistState.new(seed=8, first_dealer=0)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    [deal] = read_pbn(write_pbn(state))
    assert len(deal.plays) == 6 and deal.state().view(0).tricks[-1].cards == state.view(0).tricks[-1].cards
    with pytest.raises(PbnError, match="has 1 hands; a whist deal has four"):
        read_pbn('[Deal "N:AKQ.JT9.876.5432"]\n')
    with pytest.raises(PbnError, match="cannot read"):
        read_pbn("hello\n")


@pytest.mark.skipif(not PEER_DEALS.exists(), reason="the shared peer-bench deals are not beside the checkout")
def test_W_3_peer_bench_deals_are_read_and_played() -> None:
    """W-§3: the 200 bare deals of the peer benchmark read as whist deals (dealer North, a turn-up from his hand);
    each can be played out, and the first agrees with DDS on the opening lead."""
    deals = read_pbn(PEER_DEALS.read_text(encoding="utf-8"))
    assert len(deals) == 200
    assert all(deal.turn_up in deal.hands[deal.dealer] for deal in deals)
    first = deals[0].state()
    hands = [first.hand_mask(s) for s in range(4)]
    assert sum(h.bit_count() for h in hands) == 52 and hands[0] == mask_of(deals[0].hands[0])
    scores = solve(hands, leader=1, trump=int(deals[0].turn_up.suit), trick=[])
    assert set(scores) == {p.card.index for p in first.legal_actions() if str(p).startswith("play")}
    while not first.deal_results:
        first.apply(first.legal_actions()[0])
    assert sum(first.deal_results[0].tricks) == 13


def test_W_5_double_dummy_analysis_counts_and_costs() -> None:
    """W-§5: the analysis judges every card: a card's cost is the best minus what it makes, never negative; the
    running double-dummy count changes only by the costs of the cards played."""
    state = _played_rubber(5, 1)
    rows = [row for row in analyse(state) if row.deal == 1]
    assert len(rows) == 52
    assert all(row.cost >= 0 and row.best_cards for row in rows)
    for before, after in pairwise(rows):
        change = after.side0_count - before.side0_count
        expected = -before.cost if before.seat % 2 == 0 else before.cost
        assert change == expected
    assert rows[-1].side0_count == state.deal_results[0].tricks[0]
    assert analyse_lines(state)[-1].startswith("tricks thrown away by seat")
