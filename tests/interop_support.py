"""The tables the research adapters are tested at: the same as the shared suite's (tests/suite_support.py)."""

from __future__ import annotations

from typing import Any

from suite_support import TABLES as SUITE_TABLES

TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    name: (game, {**table.options, **table.rules}) for name, (game, table) in SUITE_TABLES.items()}
"""Each game at the table sizes and forms it declares: (game, keywords of the adapters: players and rules
options)."""
