"""Pictures painted as the card room paints them (every viewer of a position in turn, each with its memo, the parts
every viewer sees alike made once for them all, issue 33) are the pictures painted from scratch, and carry no
viewer's hidden cards to another.

Over random games of every registered game at every table size it allows, in both modes (irregular acts now and then
in table mode) and both languages (each viewer in one): after every action, every seat and the spectators are
painted one after the other with their memos; each picture must equal the one painted from the same view without a
memo, and, now and then, the one painted from a state replayed from the log and viewed for the first time (nothing
kept by the state or the painter between actions); and no picture may name a card its own view does not hold, though
the viewers painted just before it held theirs (a part shared across viewers that read one viewer's hand would show
it to the next).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from picture_support import cards_held, cards_named

from academie.engine import PUBLIC, Mode
from academie.games import GAMES, load
from academie.picture import Memo
from academie.words import LANGUAGES, Words

SIZES = [(name, seats) for name, game in sorted(GAMES.items()) if game.painter is not None
         for seats in range(game.min_seats, game.max_seats + 1)]
"""Every registered game with a painter, at every table size it allows."""


def new_game(name: str, seats: int, seed: int, mode: Mode) -> Any:
    game = load(name)
    options = {"players": seats} if game.min_seats != game.max_seats else {}
    return game.new(game.rules(mode=mode, **options), seed=seed)


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize(("name", "seats"), SIZES)
def test_G_5_6_GU_5_1a_pictures_painted_in_turn_with_memos_are_the_pictures_painted_from_scratch(
        name: str, seats: int, mode: Mode) -> None:
    game = load(name)
    assert game.painter is not None
    painter = game.painter()
    rng = random.Random(seats)
    state, played = new_game(name, seats, seats, mode), list[Any]()
    memos: dict[tuple[int, str], Memo] = {}
    for _ in range(100):
        if state.is_terminal:
            break
        viewers = (*range(len(state.returns())), PUBLIC)
        replayed = None
        if rng.random() < 0.05:
            replayed = new_game(name, seats, seats, mode)
            for action in played:
                replayed.apply(action)
        for viewer in viewers:
            lang = LANGUAGES[(seats + viewer) % len(LANGUAGES)]
            words = Words(lang, game=name)
            view = state.view(viewer)
            names = painter.default_names(view, words=words)
            picture = painter.paint(view, words=words, names=names, memo=memos.setdefault((viewer, lang), Memo()))
            assert picture == painter.paint(view, words=words, names=names)
            if replayed is not None:
                assert picture == painter.paint(replayed.view(viewer), words=words, names=names)
            leaked = cards_named(picture, words) - cards_held(view)
            assert not leaked, f"{name} at {seats}, seat {viewer}: the picture names {leaked}"
        acts = [act for seat in range(seats) for act in state.irregular_actions(seat)] if mode is Mode.TABLE else []
        action = rng.choice(acts) if acts and rng.random() < 0.05 else rng.choice(tuple(state.legal_actions()))
        state = state.clone()
        state.apply(action)
        played.append(action)
