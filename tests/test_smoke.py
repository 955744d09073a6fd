"""Smoke checks of the package surface (the full suites live beside this file)."""

import academie


def test_registry_loads_ecarte_and_plays_a_seeded_game_to_the_end() -> None:
    """E-§6.2: a partie ends when a player reaches five points."""
    state = academie.load("écarté").new(seed=11)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert max(state.result().points) >= 5
