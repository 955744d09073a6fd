"""Our games as OpenSpiel Python games (academie.interop.openspiel): OpenSpiel's own random simulation test with
serialisation at every table we ship, explicit chance, honest utilities, information states from our views."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from interop_support import TABLES

from academie.games.quinze.state import BLACK, COLOUR_PACKS
from academie.interop.encoding import InteropError
from academie.interop.openspiel import AcademieGame, from_engine, game_for_rules, load_game, rules_text

SIMS = {"whist": 1, "guimbarde-6": 1, "guinguette-5": 1}
"""Random games per table (2 unless said: the bigger tables cost more)."""


def _game(table: str, **extra: Any) -> AcademieGame:
    name, options = TABLES[table]
    options = dict(options)
    return load_game(name, players=options.pop("players", None), **options, **extra)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_openspiel_random_simulation_test_with_serialisation_passes(table: str) -> None:
    game = _game(table)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=SIMS.get(table, 2), serialize=True, verbose=False)


def _random_play(game: AcademieGame, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probabilities) - 1.0) < 1e-12
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize(("table", "extra"), [
    ("ecarte", {}), ("guinguette-3", {}), ("quinze-2", {}), ("quinze-B", {}),
    ("guimbarde-3", {"starting_stock": 4})])
def test_utilities_stay_within_the_declared_bounds_and_sum_as_declared(table: str, extra: dict[str, Any]) -> None:
    """E-§6.1, GU-§3.2, Q-R3, Q-§5.8, G18: what a deal can give each seat, from the rules (La Guimbarde's new
    stocks, bought when a stock runs short, are not counted)."""
    game = _game(table, **extra)
    low, high = game.min_utility(), game.max_utility()
    for seed in range(20):
        *_, end = _random_play(game, seed)
        returns = end.returns()
        assert all(low <= value <= high for value in returns)
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(returns) == 0.0


def test_the_deal_is_dealt_from_an_order_drawn_card_by_card() -> None:
    """Explicit chance: each card of the pack's order is one chance outcome, uniform over the cards left (Le
    Quinze's colour packs hold each card twice: twice the chance)."""
    whist = _game("whist").new_initial_state()
    assert whist.chance_outcomes() == [(card, 1 / 52) for card in range(52)]
    whist.apply_action(12)
    assert len(whist.chance_outcomes()) == 51 and 12 not in dict(whist.chance_outcomes())
    quinze = _game("quinze-2").new_initial_state()  # Q-R2: the black pack, its 26 cards each twice
    black = sorted({card.index for card in COLOUR_PACKS[BLACK]})
    assert len(black) == 26 and quinze.chance_outcomes() == [(card, 2 / 52) for card in black]
    quinze.apply_action(black[3])
    assert dict(quinze.chance_outcomes())[black[3]] == 1 / 51 and dict(quinze.chance_outcomes())[black[4]] == 2 / 51


@pytest.mark.parametrize("table", ["guinguette-3", "quinze-2", "whist"])
def test_chance_outcomes_are_the_cards_not_yet_drawn_and_a_clone_draws_alone(table: str) -> None:
    """GU-§5.1a, Q-R2: at every chance node of random deals, through every shuffle (La Guinguette's cotillon
    shuffled at each stir, Le Quinze's pack holding each card twice), the outcomes are the cards of the pack being
    shuffled not drawn yet, each with its copies left over the cards left; a card drawn in a clone is not drawn in
    the state it was cloned from."""
    game = _game(table)
    rng = random.Random(11)
    shuffles = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            left = Counter(card.index for card in state.pack)
            left.subtract(card.index for card in state.drawn)
            left = +left
            outcomes = state.chance_outcomes()
            assert outcomes == [(card, copies / sum(left.values())) for card, copies in sorted(left.items())]
            shuffles += not state.drawn
            card = rng.choice([card for card, _ in outcomes])
            twin = state.clone()
            twin.apply_action(card)
            assert state.chance_outcomes() == outcomes
            state.apply_action(card)
    assert shuffles >= {"guinguette-3": 4}.get(table, 3)  # a deal's shuffle each time; stirs shuffle again


def test_a_seat_cannot_tell_apart_the_worlds_its_view_allows() -> None:
    """The information state is the view: a world sampled from a seat's view gives the seat the same string and
    tensor, and the other seat (whose cards were dealt again) a different one somewhere."""
    game = _game("ecarte")
    rng = random.Random(3)
    state_class = game.academie_type.state
    differed = 0
    for state in list(_random_play(game, 5))[:-1]:
        seat = state.current_player()
        world = from_engine(game, state_class.sample(state.engine.view(seat), rng))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(world.information_state_tensor(seat), state.information_state_tensor(seat))
        assert world.observation_string(seat) == state.observation_string(seat)
        differed += world.information_state_string(1 - seat) != state.information_state_string(1 - seat)
    assert differed > 0


def test_any_rules_travel_through_the_game_string() -> None:
    from academie.games.guimbarde import GuimbardeRules

    rules = GuimbardeRules(players=5, deal_pattern=(2, 3), starting_stock=45)
    game = game_for_rules(rules, players=5)
    assert game.encoding.rules == rules
    again = pyspiel.load_game(str(game))
    assert again.encoding.rules == rules and rules_text(rules) in str(game)


def test_bad_parameters_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(InteropError, match="is not key:value"):
        pyspiel.load_game("academie_quinze", {"rules": "form=B"})
    with pytest.raises(InteropError, match="first_dealer=4 is not allowed; allowed: -1"):
        pyspiel.load_game("academie_ecarte", {"first_dealer": 4})
