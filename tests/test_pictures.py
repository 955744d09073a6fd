"""The table picture of every game, for every seat and the public, in both modes and both languages: it names no
card its view does not hold, it fits the terminal's 80 columns, it is plain JSON, and it offers exactly the
view's legal moves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from picture_support import cards_held, cards_named
from suite_support import ALL_TABLES, new_state

from academie.engine import PUBLIC, Mode
from academie.games import GAMES, load
from academie.picture import WIDTH, Memo, draw_text
from academie.words import LANGUAGES, Words

TABLES = {name: entry for name, entry in ALL_TABLES.items() if entry[1].pictures}
"""The tables each game's package says its pictures are painted at."""






def random_positions(table: str, mode: Mode, seed: int) -> Any:
    """States of a random game, irregular acts committed now and then in table mode."""
    state = new_state(table, seed, mode=mode)
    rng = random.Random(seed)
    for _ in range(600):
        if state.is_terminal:
            return
        yield state
        seats = range(len(state.returns()))
        acts = [act for seat in seats for act in state.irregular_actions(seat)] if mode is Mode.TABLE else []
        if acts and rng.random() < 0.05:
            state.apply(rng.choice(acts))
        else:
            state.apply(rng.choice(tuple(state.legal_actions())))


def test_every_registered_game_has_a_painter() -> None:
    assert {name for name, _ in TABLES.values()} == set(GAMES)
    assert all(game.painter is not None for game in GAMES.values())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_pictures_name_no_card_their_view_does_not_hold(table: str, mode: Mode, lang: str) -> None:
    """Every seat's and the public's picture, over random games: no card beyond its view's, 80 columns, JSON,
    and exactly one move per legal action of the view."""
    game = load(TABLES[table][0])
    assert game.painter is not None
    painter = game.painter()
    words = Words(lang)
    for seed in range(6):
        for step, state in enumerate(random_positions(table, mode, seed)):
            if step % 4:
                continue
            for viewer in (*range(len(state.returns())), PUBLIC):
                view = state.view(viewer)
                picture = painter.paint(view, words=words, names=painter.default_names(view, words=words))
                leaked = cards_named(picture, words) - cards_held(view)
                assert not leaked, f"{table} seat {viewer} step {step}: the picture names {leaked}"
                assert all(len(line) <= WIDTH for line in draw_text(picture, words))
                json.dumps(picture.as_json())
                # one move per legal action (in the game's order: a hand's, for the cards)
                assert sorted(move.action for move in picture.moves) == sorted(str(a) for a in view.legal_actions)
                assert len(picture.moves) == len(view.legal_actions)


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_picture_painted_with_a_memo_is_the_picture_painted_from_the_view_alone(table: str, mode: Mode) -> None:
    """The card room paints each viewer again after every action with the memo of its last picture (the log told
    so far): over random games, irregular acts in table mode, every seat's and the public's picture is the one
    painted from its view alone, in both languages, whether its memo saw every action or missed some (a viewer
    painted only now and then), and a memo kept under other names is not believed."""
    game = load(TABLES[table][0])
    assert game.painter is not None
    painter = game.painter()
    for seed in range(2):
        rng = random.Random(seed)
        memos: dict[tuple[int, str], Memo] = {}
        for state in random_positions(table, mode, seed):
            for viewer in (*range(len(state.returns())), PUBLIC):
                lang = LANGUAGES[(seed + viewer) % len(LANGUAGES)]
                words = Words(lang, game=game.name)
                view = state.view(viewer)
                names = painter.default_names(view, words=words)
                if viewer == 1 and rng.random() < 0.7:  # this seat's memo misses most actions
                    continue
                if viewer == 0 and rng.random() < 0.1:  # and this one's sees the players by other names now and then
                    names = tuple(f"Player {seat}" for seat in range(len(names)))
                reference = painter.paint(view, words=words, names=names)
                memo = memos.setdefault((viewer, lang), Memo())
                assert painter.paint(view, words=words, names=names, memo=memo) == reference
