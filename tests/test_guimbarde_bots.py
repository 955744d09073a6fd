"""La Guimbarde bots, records and simulation: legal and reproducible bots, worlds that agree with the view, records
that round-trip, replay and redact for N players, simulate and duplicate through the shared simulator."""

from __future__ import annotations

import random

import pytest

import academie
from academie import record, sim
from academie.cards import mask_of
from academie.engine import PUBLIC
from academie.games import make_bot
from academie.games.guimbarde import GuimbardeRules, GuimbardeState


@pytest.mark.parametrize("name", ["random", "classical", "search"])
def test_bots_play_legal_and_reproducible(name: str) -> None:
    """G-§5.3: every bot returns a legal action from its view, the same one for the same seed."""
    for players in (3, 6):
        state = GuimbardeState.new(GuimbardeRules(players=players, rounds=1), seed=players)
        bots = [make_bot("guimbarde", name, seed=seat) for seat in range(players)]
        twins = [make_bot("guimbarde", name, seed=seat) for seat in range(players)]
        steps = 0
        while not state.is_terminal and steps < 60:
            view = state.view(state.actor)
            action = bots[state.actor].choose(view)
            assert action in state.legal_actions() and twins[state.actor].choose(view) == action
            assert bots[state.actor].explain()
            state.apply(action)
            steps += 1


def test_search_worlds_agree_with_the_view() -> None:
    """GUIMBARDE-§6, §4, R8: sampled worlds keep the viewer's hand and the shown cards in place, give each seat its
    number of cards, and never deal an unshown ♥Q or ♥K; the world state plays the same legal cards."""
    rng = random.Random(3)
    for seed in range(20):
        state = GuimbardeState.new(seed=seed, players=4)
        for _ in range(rng.randrange(12)):
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(state.actor)
        world = GuimbardeState.sample(view, rng)
        hands = [mask_of(world.hand(seat)) for seat in range(4)]
        assert hands[view.viewer] == mask_of(view.hand)
        for seat in range(4):
            assert hands[seat].bit_count() == view.hand_sizes[seat]
            assert mask_of(view.shown[seat]) & ~hands[seat] == 0
        assert world.legal_actions() == state.legal_actions()
        dealt = {c for s in range(4) for c in state.hand(s)}
        for card in ("QH", "KH"):
            if not any(str(c) == card for cards in view.shown for c in cards):
                assert not any(str(c) == card for s in range(4) for c in world.hand(s)) or card in map(str, dealt)


def test_record_round_trip_replay_and_redaction_for_n_players() -> None:
    """G-§2.1, GUIMBARDE-§2: a record of a 5-player game names the players in [Options], round-trips, replays to
    the same ledger, and a redacted deck keeps only the seat's five cards and the turn-up."""
    state = academie.load("guimbarde").new(seed=5, players=5)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    partie = record.from_state(state, tags={"Date": "1850-01-01"})
    text = record.write_text(partie)
    assert '[Options "{\\"players\\":5}"]' in text or '"players":5' in text
    assert record.read_text(text) == partie
    assert record.replay(partie).ledger.entries == state.ledger.entries
    redacted = record.redact(partie, 2)
    decks = [line for line in record.write_text(redacted).splitlines() if line.startswith("[Deck")]
    assert decks and all(len([w for w in line[7:-2].split() if w != "??"]) == 6 for line in decks)


def test_simulate_and_duplicate_through_the_shared_simulator() -> None:
    """G-§5.7: simulate adds up the counters per seat (they sum to zero over whole games); duplicate runs."""
    result = sim.simulate("guimbarde", bots=["random"] * 4, deals=24, seed=2)
    assert result.deals == 24 and len(result.totals) == 4
    match = sim.duplicate("guimbarde", bots=("classical", "random"), deals=6, seed=1, seats=3)
    assert match.ci[0] <= match.mean <= match.ci[1]
    assert PUBLIC is not None


def test_G18_record_of_a_game_with_retired_seats() -> None:
    """G18 (unable_to_pay="retire"): a record of a game where seats retired round-trips and replays to the same
    ledger and retirements; a redacted deck shows a retired seat nothing of the deals he was not dealt."""
    from academie.games.guimbarde import GuimbardeRules

    rules = GuimbardeRules(players=5, rounds=1, starting_stock=12, unable_to_pay="retire")
    state = academie.load("guimbarde").new(rules, seed=8)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    retired = [s for s in range(5) if state.retired[s]]
    assert retired
    partie = record.from_state(state, tags={"Date": "1850-01-01"})
    assert record.read_text(record.write_text(partie)) == partie
    twin = record.replay(partie)
    assert twin.ledger.entries == state.ledger.entries and twin.retired == state.retired
    decks = [line for line in record.write_text(record.redact(partie, retired[0])).splitlines()
             if line.startswith("[Deck")]
    known = [len([w for w in line[7:-2].split() if w != "??"]) for line in decks]
    assert known[0] == 6 and 0 in known[1:]  # dealt in the first deal, nothing once retired
