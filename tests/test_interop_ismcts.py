"""OpenSpiel's information-set MCTS as a bot of ours (academie.interop.ismcts): made by name like our bots, given
views, it plays legal actions in every game, and a duplicate tournament seats it."""

from __future__ import annotations

import random

import pytest
from interop_support import TABLES

from academie.engine import RulesError
from academie.games import load, make_bot
from academie.tournament import tournament


@pytest.mark.parametrize("table", ["ecarte", "whist", "guimbarde-3", "guinguette-3", "quinze-2", "quinze-B"])
def test_it_plays_a_legal_action_from_views_in_every_game(table: str) -> None:
    name, options = TABLES[table]
    game = load(name)
    rules = game.rules(**{k: v for k, v in options.items() if k != "players"},
                       **({"players": options["players"]} if "players" in options else {}))
    state = game.new(rules, seed=5, first_dealer=0)
    bot = make_bot(name, "openspiel-ismcts", seed=1, simulations=16)
    others = random.Random(2)
    decisions = 0
    while not state.deal_results and decisions < 3:
        seat = state.actor
        if seat == 0:
            action = bot.choose(state.view(0))
            assert action in state.legal_actions() and bot.explain()
            decisions += 1
        else:
            action = others.choice(state.legal_actions())
        state.apply(action)
    assert decisions > 0


def test_it_searches_the_deal_in_progress_whatever_deal_of_the_partie_it_is() -> None:
    """E-§6.1: an Écarté partie runs over several deals; the search plays out the one in progress."""
    state = load("ecarte").new(seed=6, first_dealer=0)
    others = random.Random(1)
    while not state.deal_results:
        state.apply(others.choice(state.legal_actions()))
    bot = make_bot("ecarte", "openspiel-ismcts", seed=2, simulations=16)
    while len(state.deal_results) == 1:
        action = bot.choose(state.view(state.actor)) if state.actor == 1 else others.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)


def test_the_same_seed_makes_the_same_choices() -> None:
    state = load("whist").new(seed=8, first_dealer=0)
    choices = [str(make_bot("whist", "openspiel-ismcts", seed=4, simulations=24).choose(state.view(state.actor)))
               for _ in range(2)]
    assert choices[0] == choices[1]


def test_a_tournament_seats_it_and_an_unknown_bot_names_it() -> None:
    result = tournament("quinze", bots=("random", "openspiel-ismcts"), deals=2, seed=3, workers=1, bootstrap=20)
    assert {bot.name for bot in result.ranking()} == {"random", "openspiel-ismcts"}
    ours = ", ".join(load("ecarte").bot_names())
    with pytest.raises(RulesError, match=f"available: {ours}, openspiel-ismcts"):
        make_bot("ecarte", "alphazero")
