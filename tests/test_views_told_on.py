"""Views told on from what a state remembers of its earlier views (issue 33) are the views told from the log.

A state may keep, between two views, what it told (La Guimbarde's last deal, G-§5.6, and its payments; each
viewer's redacted history of the deal in progress, told on by :class:`academie.engine.Histories`, in Whist, W-D5
and W-P6, La Guinguette, GU-§5.1a, Le Quinze, La Guimbarde and Écarté; La Guinguette's last deal as each viewer
saw it; Whist's tricks). Over random games of every table, in both modes with irregular acts in table mode, a
state viewed by every viewer after every action and cloned before each (as the card room holds it) gives the same
views as a state replayed from the same actions and viewed for the first time.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from suite_support import ALL_TABLES, new_state

from academie.engine import PUBLIC, Mode


def told(view: Any) -> tuple[Any, ...]:
    """The view with the fields its equality leaves out (a view may leave out what it tells twice)."""
    return (view, *(getattr(view, item.name) for item in dataclasses.fields(view) if not item.compare))


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(ALL_TABLES))
def test_G_5_6_W_D5_W_P6_GU_5_1a_views_told_on_are_the_views_told_from_the_log(table: str, mode: Mode) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        room, played = new_state(table, seed, mode=mode), list[Any]()
        for _ in range(300):
            if room.is_terminal:
                break
            viewers = (*range(len(room.returns())), PUBLIC)
            views = [told(room.view(viewer)) for viewer in viewers]
            if rng.random() < 0.1:
                replayed = new_state(table, seed, mode=mode)
                for action in played:
                    replayed.apply(action)
                assert [told(replayed.view(viewer)) for viewer in viewers] == views
            seats = range(len(room.returns()))
            acts = [act for seat in seats for act in room.irregular_actions(seat)] if mode is Mode.TABLE else []
            action = rng.choice(acts) if acts and rng.random() < 0.05 else rng.choice(tuple(room.legal_actions()))
            room = room.clone()
            room.apply(action)
            played.append(action)


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(ALL_TABLES))
def test_twins_of_one_position_that_part_share_no_view(table: str, mode: Mode) -> None:
    """The parts every viewer's view of one position shares (academie.engine.Shared) are made once per position:
    two clones of a viewed state that then take different actions (their logs as long) each view their own
    position, the views a state replayed from the same actions gives, every viewer's."""
    for seed in range(2):
        rng = random.Random(seed)
        state, played = new_state(table, seed, mode=mode), list[Any]()
        for _ in range(200):
            if state.is_terminal:
                break
            viewers = (*range(len(state.returns())), PUBLIC)
            for viewer in viewers:
                state.view(viewer)
            legal = tuple(state.legal_actions())
            if len(legal) > 1 and rng.random() < 0.3:
                first, second = rng.sample(legal, 2)
                twins = state.clone(), state.clone()
                for twin, action in zip(twins, (first, second), strict=True):
                    twin.apply(action)
                for twin, action in zip(twins, (first, second), strict=True):
                    replayed = new_state(table, seed, mode=mode)
                    for earlier in (*played, action):
                        replayed.apply(earlier)
                    assert [told(twin.view(viewer)) for viewer in viewers] == [
                        told(replayed.view(viewer)) for viewer in viewers]
            action = rng.choice(legal)
            state = state.clone()
            state.apply(action)
            played.append(action)
