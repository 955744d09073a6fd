"""Whist interop and analysis: PBN export/import round trips (W-§3 deal, W-§5 play), the peer benchmark's PBN deals
read and played, and the double-dummy analysis of a played deal (endplay/DDS)."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest
from endplay.config import suppress_unicode
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Card as EndplayCard
from endplay.types import Denom, Player

from academie.cards import Card, Suit, mask_of
from academie.games.whist import WhistState
from academie.games.whist.analysis import analyse, analyse_lines
from academie.games.whist.bots.dds import solve
from academie.games.whist.pbn import NOMINAL, PbnDeal, PbnError, deals_of, read_pbn, write_deal, write_pbn
from academie.games.whist.state import Play

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


_DENOM = {Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts, Suit.DIAMONDS: Denom.diamonds,
          Suit.CLUBS: Denom.clubs}


def _ours(card: EndplayCard) -> Card:
    with suppress_unicode():
        return Card.parse(str(card))


def _random_first_deal(seed: int) -> tuple[PbnDeal, WhistState]:
    """The first deal of a rubber played at random from seed ``seed`` (any dealer), stopped after a random number
    of cards for one seed in four, else played out."""
    rng = random.Random(seed)
    state = WhistState.new(seed=seed, first_dealer=seed % 4)
    stop = rng.randrange(1, 52) if seed % 4 == 0 else 52
    played = 0
    while not state.deal_results and played < stop:
        action = rng.choice(list(state.legal_actions()))
        played += isinstance(action, Play)
        state.apply(action)
    return deals_of(state)[0], state


@pytest.mark.parametrize("seeds", [range(0, 20), range(20, 40)])
def test_W_3_W_5_pbn_read_and_written_back_by_endplay(seeds: range) -> None:
    """W-§3, W-§5: endplay's PBN reader reads every deal we write with its play (it needs a contract for that: the
    nominal one-level contract in the trump suit, declared by the dealer, so that the eldest hand leads): the same
    hands, dealer, trumps, opening leader, cards in the order played, and, for a deal played out, the tricks of
    the dealer's side as the result; what endplay writes back reads again, in endplay and in our reader, as the
    same deal."""
    for seed in seeds:
        deal, state = _random_first_deal(seed)
        text = write_deal(deal, board=seed + 1)
        [board] = endplay_pbn.loads(text)
        dealer, eldest = Player(deal.dealer), Player((deal.dealer + 1) % 4)
        assert board.dealer == dealer and board.deal.first == eldest
        assert board.contract is not None and board.contract.level == 1 and board.contract.declarer == dealer
        assert board.contract.denom == board.deal.trump == _DENOM[deal.turn_up.suit]
        assert all({_ours(c) for c in board.deal[Player(seat)]} == set(deal.hands[seat]) for seat in range(4))
        assert [_ours(card) for card in board.play] == list(deal.plays)
        assert board.info["Nominal"] == NOMINAL and board.info["TurnUp"] == str(deal.turn_up)
        if len(deal.plays) == 52:
            assert not board.claimed
            assert board.contract.result + 7 == state.deal_results[0].tricks[deal.dealer % 2]
        else:
            assert board.claimed and not state.deal_results
        assert read_pbn(text) == [deal]
        again = endplay_pbn.dumps([board])
        assert read_pbn(again) == [deal]
        [back] = endplay_pbn.loads(again)
        assert back.play == board.play and back.deal.to_pbn() == board.deal.to_pbn()
        assert (back.dealer, back.contract.declarer, back.contract.denom) == (dealer, dealer, board.contract.denom)


def test_W_5_pbn_reader_skips_comments_and_refuses_a_foreign_leader_or_card() -> None:
    """W-§5: our reader skips PBN comments (on a line, after a tag, over several lines); it refuses a play whose
    opening leader is not the eldest hand, or a card given to a player who was not dealt it, saying why."""
    deal, _ = _random_first_deal(5)
    text = write_deal(deal)
    commented = text.replace('[Board "1"]', '[Board "1"] ; the first board\n{a comment\n\nover three lines}')
    assert read_pbn(commented) == [deal]
    eldest = "NESW"[(deal.dealer + 1) % 4]
    other = "NESW"[(deal.dealer + 2) % 4]
    with pytest.raises(PbnError, match=f"in whist the eldest hand, on the dealer's left, leads: {eldest}"):
        read_pbn(text.replace(f'[Play "{eldest}"]', f'[Play "{other}"]'))
    first_row = text.split(f'[Play "{eldest}"]\n')[1].splitlines()[0]
    swapped = " ".join(reversed(first_row.split()))
    with pytest.raises(PbnError, match="who was not dealt it"):
        read_pbn(text.replace(first_row, swapped))
