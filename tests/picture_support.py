"""What the picture tests share: the cards a view holds and the cards a picture names (a picture may name no card
its view does not hold)."""

from __future__ import annotations

import dataclasses
import enum
import random
import re
from collections.abc import Callable
from typing import Any

from suite_support import ALL_TABLES, new_state

from academie.cards import PACK_52, Card
from academie.engine import PUBLIC, Mode
from academie.games import load
from academie.picture import Memo, Picture
from academie.words import LANGUAGES, Words

CARD_TEXT = re.compile(r"^(?:10|[2-9TJQKA])[CDHS]$")
"""A card in the engine's text, alone in a string (``KH``, ``TD``)."""


def cards_held(view: Any) -> set[Card]:
    """Every card a view names, in any field, the cards an irregular act names in its text included."""
    found: set[Card] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, str) and CARD_TEXT.match(item):
            found.add(Card.parse(item))
        elif isinstance(item, str | int | float | bool | enum.Enum) or item is None:
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item) if f.name != "rules"]
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, tuple | list | frozenset | set):
            stack += list(item)
    return found


def cards_named(picture: Picture, words: Words) -> set[Card]:
    """Every card a picture names: card texts in its structured fields, card words in its sentences."""
    named: set[Card] = set()
    texts: list[str] = []
    stack: list[Any] = [picture.as_json()]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            if CARD_TEXT.match(item):
                named.add(Card.parse(item))
            else:
                texts.append(item)
    prose = "\n".join(texts)
    for card in PACK_52:
        if re.search(rf"(?<![\w♣♦♥♠]){re.escape(words.card(card))}(?!\w)", prose):
            named.add(card)
    return named



def memos_against_fresh(table: str, mode: Mode, seed: int, *, positions: int = 400,
                        afresh: Callable[[Any], Any] | None = None) -> int:
    """Play a random game at ``table`` (a table of ``suite_support``), irregular acts now and then in table mode,
    and paint it as the card room does: every seat and then the spectators after every action, in both languages,
    each viewer with its own memo. Each picture must be the one painted from its view alone and name no card its
    view does not hold; now and then a viewer is painted with another viewer's memo too, which must give the same
    picture (a part kept for one viewer never reaches another). The seats are painted before the spectators, so
    whatever a painter shares between the viewers of a position was first made from a view holding hidden cards.
    ``afresh`` (optional) gives the view each picture is painted afresh from, called just before, after the viewer's
    pictures painted with memos: a game whose painter shares parts between viewers or tables empties its caches
    there, so that a key that leaves out something a part reads cannot hide behind a part made for another viewer or
    position. Returns the number of pictures compared."""
    game = load(ALL_TABLES[table][0])
    assert game.painter is not None
    painter = game.painter()
    state = new_state(table, seed, mode=mode)
    rng = random.Random(seed)
    memos: dict[tuple[int, str], Memo] = {}
    compared = 0
    for _ in range(positions):
        if state.is_terminal:
            break
        viewers = (*range(len(state.returns())), PUBLIC)
        for lang in LANGUAGES:
            words = Words(lang, game=game.name)
            for viewer in viewers:
                view = state.view(viewer)
                names = painter.default_names(view, words=words)
                mine = memos.setdefault((viewer, lang), Memo())
                other = memos.get((rng.choice(viewers), lang)) if rng.random() < 0.1 else None
                told = [painter.paint(view, words=words, names=names, memo=memo)
                        for memo in ((mine,) if other is None or other is mine else (mine, other))]
                fresh = painter.paint(afresh(view) if afresh is not None else view, words=words, names=names)
                assert cards_named(fresh, words) <= cards_held(view)
                for picture in told:
                    assert picture == fresh, (seed, viewer, lang)
                    compared += 1
        seats = range(len(state.returns()))
        acts = [act for seat in seats for act in state.irregular_actions(seat)] if mode is Mode.TABLE else []
        state = state.clone()
        state.apply(rng.choice(acts) if acts and rng.random() < 0.05 else rng.choice(tuple(state.legal_actions())))
    return compared
