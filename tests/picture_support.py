"""What the picture tests share: the cards a view holds and the cards a picture names (a picture may name no card
its view does not hold)."""

from __future__ import annotations

import dataclasses
import enum
import re
from typing import Any

from academie.cards import PACK_52, Card
from academie.picture import Picture
from academie.words import Words

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
