"""The rules report gives the same answer in a checkout and in an installed copy: each game's package ships the
index of the tests that name each of its rule IDs (``rule_tests.json``), and this test keeps it equal to what the
checkout's tests name.

After adding or renaming a test that names a rule ID: ``ACADEMIE_UPDATE_GOLDEN=1 pytest tests/test_catalogue_index.py``.
"""

from __future__ import annotations

import json
import os

import pytest

from academie import laws
from academie.games import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_shipped_index_of_tests_is_the_checkouts(name: str) -> None:
    """What an installed copy reports as each ID's tests is what the checkout's tests name."""
    game = GAMES[name]
    root, tests = game.sources
    assert tests is not None, f"{name} runs from a checkout with its tests"
    computed = laws.tests_index(game.catalogue, tests_root=tests, root=root)
    path = game.folder / "rule_tests.json"
    if os.environ.get("ACADEMIE_UPDATE_GOLDEN"):
        path.write_text(json.dumps(computed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert game.shipped_tests_index() == computed, f"run ACADEMIE_UPDATE_GOLDEN=1 pytest {__file__}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_installed_copy_reports_the_same_statuses(name: str) -> None:
    """Without a tests directory (an installed wheel), the statuses and tests of every ID are the checkout's."""
    game = GAMES[name]
    root, tests = game.sources
    assert tests is not None, f"{name} runs from a checkout with its tests"
    from_checkout = laws.rules_report(game.catalogue, code_files=game.code_files, root=root,
                                      tests=laws.tests_index(game.catalogue, tests_root=tests, root=root))
    installed = laws.rules_report(game.catalogue, code_files=game.code_files, root=root,
                                  tests=game.shipped_tests_index())
    assert [(r.id, r.status, r.tests) for r in installed] == [(r.id, r.status, r.tests) for r in from_checkout]
