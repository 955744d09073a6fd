"""The tables the research adapters are tested at: the same as the shared suite's (tests/test_every_game.py)."""

from __future__ import annotations

from typing import Any

TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    "ecarte": ("ecarte", {}),
    "whist": ("whist", {}),
    "guimbarde-3": ("guimbarde", {"players": 3}),
    "guimbarde-6": ("guimbarde", {"players": 6}),
    "guinguette-3": ("guinguette", {"players": 3}),
    "guinguette-5": ("guinguette", {"players": 5}),
    "quinze-2": ("quinze", {"players": 2}),
    "quinze-4": ("quinze", {"players": 4}),
    "quinze-B": ("quinze", {"form": "B"}),
}
"""Each game at the table sizes and forms we ship: (game, keywords of the adapters: players and rules options)."""
