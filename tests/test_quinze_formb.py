"""Le Quinze's Form B checked by OpenSpiel (academie.games.quinze.formb): OpenSpiel's CFR+ converges on the registered
game, and OpenSpiel's best response finds nothing to gain against our exact DP policy (Q-§5.8, Q16, Q-H1)."""

from __future__ import annotations

import warnings

import pytest
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # type: ignore[import-untyped]

from academie.games.quinze.formb import DynamicProgrammingPolicy, Q16Game, check_top, formb_game, solution_for
from academie.interop.encoding import InteropError

SMALL = ("AC", "8C", "9C", "TC", "JC")
"""A five-card pack no coup exhausts (the six-card pack of the command takes longer)."""


@pytest.fixture(scope="module", autouse=True)
def _quiet_solver() -> None:
    warnings.filterwarnings("ignore", message="invalid value encountered in divide", category=RuntimeWarning)


def test_Q_5_8_our_dp_policy_is_unexploitable_by_openspiel_best_response() -> None:
    """Q-§5.8, Q16, Q-H1: the solver's policy, played in OpenSpiel's game, is worth the solver's value to the elder,
    and OpenSpiel's best response gains nothing against it, whether information comes from our views or from
    what Q16 grants."""
    game = formb_game(SMALL)
    assert check_top(game) > 100
    solution = solution_for(game, SMALL)
    ours = DynamicProgrammingPolicy(game, solution)
    played = expected_game_score.policy_value(game.new_initial_state(), [ours, ours])
    assert played[1] == pytest.approx(solution.value, abs=1e-12) and played[0] == pytest.approx(-solution.value)
    assert abs(exploitability.exploitability(game, ours)) < 1e-9
    q16 = Q16Game(SMALL)
    assert abs(exploitability.exploitability(q16, DynamicProgrammingPolicy(q16, solution))) < 1e-9


def test_Q_5_8_openspiel_cfr_converges_on_the_registered_game() -> None:
    game = formb_game(SMALL)
    solver = cfr.CFRPlusSolver(game)
    curve = []
    for iteration in range(1, 5):
        solver.evaluate_and_update_policy()
        if iteration % 2 == 0:
            curve.append(exploitability.exploitability(game, solver.average_policy()))
    assert curve[0] > curve[1] > 0


def test_a_pack_a_coup_could_exhaust_is_refused() -> None:
    with pytest.raises(InteropError, match="a coup reaches below the top cards"):
        check_top(formb_game(("AC", "9C", "TC", "JC")))
