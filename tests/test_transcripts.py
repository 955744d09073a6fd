"""Golden transcripts: a whole scripted game of each game through ``academie play`` (piped input), in English and
in French, and its replay; the rules for players of every game fit 80 columns. A change in what a player reads
shows as a diff of ``tests/golden/play-*.txt``.

Regenerate after an intended change with ``ACADEMIE_UPDATE_GOLDEN=1 pytest tests/test_transcripts.py`` and read
the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from suite_support import SUITES, golden
from typer.testing import CliRunner

from academie.cli import app
from academie.games import GAMES
from academie.words import LANGUAGES

GAMES_PLAYED = {name: suite.terminal for name, suite in SUITES.items()}
"""The options each game's package gives ``academie play`` for its transcript."""
SCRIPT = "help\nlast\nscore\n99\nplay ZZ\n" + "1\n" * 1500
"""Commands first (each must answer), then the first move of every menu to the end of the game."""
runner = CliRunner()


def run(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.stdout


def check(game: str, name: str, text: str) -> None:
    path = golden(game) / name
    if os.environ.get("ACADEMIE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_every_game_has_a_transcript() -> None:
    assert set(GAMES_PLAYED) == set(GAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_a_whole_scripted_game_and_its_replay(game: str, lang: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole game through the terminal as a player reads it, then its replay, against the reviewed files."""
    monkeypatch.chdir(tmp_path)
    target = Path("GAME.acad")
    out = run("play", game, *GAMES_PLAYED[game], "--seed", "7", "--bot", "classical", "--lang", lang,
              "--save", str(target), input=SCRIPT)
    out = re.sub(r"\[Date \"[0-9-]+\"\]", "[Date]", out)
    check(game, f"play-{game}-{lang}.txt", out)
    replayed = run("replay", str(target), "--lang", lang)
    check(game, f"replay-{game}-{lang}.txt", re.sub(r"Date [0-9-]+", "Date ?", replayed))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_the_rules_for_players_fit_80_columns(game: str, lang: str) -> None:
    """`academie rules GAME` prints how to play in one or two screens, every line within 80 columns, citing laws."""
    text = run("rules", game, "--lang", lang)
    lines = text.splitlines()
    assert 10 <= len(lines) <= 100
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    catalogue = {entry.id for entry in GAMES[game].catalogue}
    assert sum(rule_id in text for rule_id in catalogue) >= 3
