"""Hints (academie.hint): the strongest bot's choice and reason for a seat's view, pure and blind to hidden cards,
with typed errors; the terminal's ``hint`` command says it, and ``play --level`` seats the level asked."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie.cli import app
from academie.games import load
from academie.games.ecarte import EcarteState
from academie.hint import Hint, HintError, hint

runner = CliRunner()


def test_a_hint_is_the_strongest_bots_legal_choice_with_its_reason_and_changes_nothing() -> None:
    """E-§8: the default level is the strongest (expert); the action is legal; the state is left as it was."""
    state = load("ecarte").new(seed=5, first_dealer=0)
    before = list(state.operations)
    advice = hint("ecarte", state.view(1))
    assert isinstance(advice, Hint) and advice.level == "expert" == load("ecarte").strongest()
    assert advice.action in state.legal_actions()
    assert advice.reason
    assert list(state.operations) == before
    assert hint("ecarte", state.view(1), seed=4) == hint("ecarte", state.view(1), seed=4)


@pytest.mark.parametrize("level", ["random", "classical", "search"])
def test_a_hint_at_a_chosen_level_comes_from_that_bot(level: str) -> None:
    state = load("whist").new(seed=2, first_dealer=3)
    seat = state.actor
    advice = hint("whist", state.view(seat), level=level, seed=1)
    bot = load("whist").make_bot(level, seed=1)
    assert advice.level == level and advice.action == bot.choose(state.view(seat))


def test_a_hint_depends_on_the_view_only() -> None:
    """Two deals that differ only in the cards the seat cannot see give the same hint."""
    state = EcarteState.new(seed=8, first_dealer=0)
    state.apply_text("propose")
    view = state.view(0)
    other = EcarteState.sample(view, random.Random(6))
    assert other.view(0) == view and other.deal.hands[1] != state.deal.hands[1]
    assert hint("ecarte", view, seed=2) == hint("ecarte", other.view(0), seed=2)


def test_a_hint_refuses_an_unknown_level_and_a_seat_not_to_act() -> None:
    state = load("ecarte").new(seed=5, first_dealer=0)
    with pytest.raises(HintError, match="no level 'master' in ecarte; allowed: random, classical, search, expert"):
        hint("ecarte", state.view(1), level="master")
    with pytest.raises(HintError, match="seat 0 is not to act"):
        hint("ecarte", state.view(0))


def test_the_terminal_hint_command_says_the_hint_and_play_level_seats_the_bots(tmp_path: Path) -> None:
    """``hint`` in the play session prints the strongest bot's choice with its reason; ``--level`` names the bots
    in the record."""
    target = tmp_path / "game.acad"
    result = runner.invoke(app, ["play", "ecarte", "--level", "classical", "--seed", "42", "--first-dealer",
                                 "bot", "--save", str(target)], input="hint\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert re.search(r"Hint: [12], « je (propose|joue) ».*?\(ECARTE-VI\.[0-9]\) The expert bot in your seat would "
                     r"reason: (proposes|plays as dealt) ", said), said[:2000]
    assert "Bot (classical)" in target.read_text(encoding="utf-8")
