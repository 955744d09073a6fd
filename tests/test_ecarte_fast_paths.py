"""The fast paths of the Écarté engine give what the plain ones give.

- The next deal is dealt only when something asks for it (E-§3): a caller that reads only a deal's results never
  pays for the next, and whatever asks about the table (who acts, what is legal, a view, the log, the score, the
  ledger) gets the partie a state dealing at once would show.
- The discards of an exchange (ECARTE-VI.1, VI.4) are made one by one as they are asked for, and read as the
  tuple of every discard of the hand, fewest cards first (``mark-king`` first when it is allowed, E-§4.4).

About 1 s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from academie.cards import PACK_32, Card, Rank, cards_of
from academie.engine import PUBLIC, ChanceSource, IllegalActionError, SeededChance
from academie.games.ecarte import MARK_KING, Discard, EcarteState, Phase
from academie.games.ecarte.state import _SHARED_FIELDS, LegalDiscards


class CountingChance(ChanceSource):
    """A seeded source that counts the orders it gave (to see when the engine asks for a deal)."""

    def __init__(self, seed: int) -> None:
        self.source = SeededChance(seed)
        self.given = 0

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        self.given += 1
        return self.source.shuffled(pack)

    def clone(self) -> CountingChance:
        twin = CountingChance(0)
        twin.source, twin.given = self.source.clone(), self.given
        return twin


def play_first_deal(seed: int) -> EcarteState:
    rng = random.Random(seed)
    state = EcarteState(chance=CountingChance(seed), first_dealer=0)
    while not state.deal_results:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seed", range(12))
def test_E_3_the_next_deal_is_dealt_only_when_asked_for_and_as_if_at_once(seed: int) -> None:
    """E-§3: after the last trick, the next deal is owed, not dealt: a caller that reads only the results never
    pays for it. Whatever asks about the table then (who acts, what is legal, a view, the log, the score, the
    ledger) gets it dealt, from the same source in the same order, so every reader sees the same partie."""
    state = play_first_deal(seed)
    chance = state.chance
    assert isinstance(chance, CountingChance)
    assert chance.given == 1 and len(state.deal_results) == 1
    readers = [lambda s: s.actor, lambda s: tuple(s.legal_actions()), lambda s: s.view(PUBLIC),
               lambda s: list(s.operations), lambda s: s.score, lambda s: list(s.ledger.entries),
               lambda s: s.view(0).hand, lambda s: s.phase, lambda s: s.dealer]
    outcomes = []
    for read in readers:
        twin = state.clone()
        read(twin)
        assert isinstance(twin.chance, CountingChance) and twin.chance.given == 2
        outcomes.append((twin.view(0), twin.view(1), list(twin.operations), twin.score, twin.deal_results))
    assert all(outcome == outcomes[0] for outcome in outcomes)
    assert chance.given == 1  # the clones dealt, not the original


def exchange_state(seed: int) -> EcarteState:
    """A partie at the elder's discard (he proposed, the dealer accepted)."""
    state = EcarteState.new(seed=seed, first_dealer=0)
    state.apply_text("propose")
    state.apply_text("accept")
    assert state.phase is Phase.ELDER_DISCARD
    return state


@pytest.mark.parametrize("seed", range(20))
def test_ECARTE_VI_4_the_discards_are_every_sub_hand_fewest_first_made_as_asked(seed: int) -> None:
    """ECARTE-VI.1, ECARTE-VI.4, E-§4.4: the elder may discard any one to five of his cards, and mark the king of
    trumps first if he holds it; the legal actions read as that tuple, however they are read."""
    state = exchange_state(seed)
    legal = state.legal_actions()
    assert isinstance(legal, LegalDiscards)
    hand = state.hand(1)
    every = {Discard(cards) for size in range(1, 6) for cards in combinations(hand, size)}
    king = state.view(1).legal_actions[0] is MARK_KING
    assert len(legal) == len(every) + king == 31 + king and (legal[0] is MARK_KING) == king
    discards = [action for action in legal if isinstance(action, Discard)]
    assert set(discards) == every and [len(d.cards) for d in discards] == sorted(len(d.cards) for d in discards)
    assert legal[-1] == Discard(hand) and legal[len(legal) - 1] is legal[-1] and legal[1:3] == tuple(legal)[1:3]
    assert legal == tuple(legal) and tuple(legal) == legal == state.view(1).legal_actions  # equal both ways
    foreign = next(card for card in PACK_32 if card not in hand)
    assert Discard(hand[:2]) in legal and Discard((foreign,)) not in legal
    with pytest.raises(IndexError):
        legal[len(legal)]


@pytest.mark.parametrize("seed", range(6))
def test_ECARTE_VI_4_a_discard_given_out_or_read_from_text_applies_and_others_are_refused(seed: int) -> None:
    """ECARTE-VI.4: a discard taken from the legal actions applies by identity; the same discard read from its
    text applies too; a discard of a card not held is refused with what is allowed."""
    state = exchange_state(seed)
    twin = state.clone()
    chosen = state.legal_actions()[-2]
    state.apply(chosen)
    twin.apply_text(str(chosen))
    assert state.view(PUBLIC) == twin.view(PUBLIC) and state.hand(1) == twin.hand(1)
    other = exchange_state(seed)
    missing = next(card for card in PACK_32 if card not in other.hand(1))
    with pytest.raises(IllegalActionError, match=r"allowed: .*discard"):
        other.apply(Discard((missing,)))


def test_E_3_4_a_turned_king_that_makes_game_shows_in_the_results_read_first() -> None:
    """E-§3.4, E-§6.1: when the next dealer stands one point from game, his turned-up king would end the game as
    the next deal is dealt; reading the results then deals it, so they show what a partie dealt at once shows."""
    found = 0
    for seed in range(400):
        if _second_turn_up(seed).rank != Rank.KING:
            continue
        state = EcarteState.new(seed=seed, first_dealer=0, score=(0, 4))
        rng = random.Random(seed)
        while not state.deal_results:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.deal_results[0].points[1]:
            continue  # seat 1 made game in the first deal: nothing is owed
        found += 1
        eager = state.clone()
        assert eager.actor is None and state.deal_results == eager.deal_results
        assert len(state.deal_results) == 2 and state.game_results[0].winner == 1 and state.is_terminal
    assert found >= 3


def _second_turn_up(seed: int) -> Card:
    chance = SeededChance(seed)
    chance.shuffled(PACK_32)
    return chance.shuffled(PACK_32)[10]


@pytest.mark.parametrize("seed", range(3))
def test_E_5_ECARTE_VI_4_a_view_made_slot_by_slot_holds_each_part_under_its_name(seed: int) -> None:
    """A view is made for every viewer after every action by setting its slots in the order of its shared parts
    (issue 33): each field holds the part of its own name (the tricks face up, E-§5, the counts drawn, ECARTE-VI.4),
    and the viewer's own fields hold his hand and discards, the spectators' none."""
    state, rng = EcarteState.new(seed=seed), random.Random(seed)
    assert tuple(state._shared_parts(None)) == (*_SHARED_FIELDS, "ledger")
    for _ in range(120):
        if state.is_terminal:
            break
        for viewer in (0, 1, PUBLIC):
            view = state.view(viewer)
            parts = state._shared.parts
            assert all(getattr(view, name) is parts[name] for name in _SHARED_FIELDS)
            deal = state.deal
            assert view.viewer == viewer
            assert view.hand == (cards_of(deal.hands[viewer]) if viewer != PUBLIC else ())
            assert view.my_discards == (cards_of(deal.discarded[viewer]) if viewer != PUBLIC else ())
            assert view.legal_actions == (tuple(state.legal_actions()) if viewer == state.actor else ())
        state = state.clone()
        state.apply(rng.choice(tuple(state.legal_actions())))
