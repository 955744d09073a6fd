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


ENGLISH = frozenset("""the and with of to is its it bot bots seat why hint card cards trick tricks plays leads from for
cannot read expected your you player opens wins keeps over classical search random only than more each this
that which by at into not after before has have was were would could should about deals deal sampled holds takes
without when then there their them they he his her what where who one two three all any every first last next
highest lowest trump trumps type thinking reason reasons game games stopped saved seed""".replace("\n", " ").split(" "))
"""Words of English that French never uses: one of them in a French screen is a sentence left in English."""
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|--[a-z-]+|\S+\.acad")
"""What is typed as it is written whatever the language: quoted sayings and syntax, options, files."""


@pytest.mark.parametrize("kind", ["play", "replay"])
@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_french_screens_have_no_english_left(game: str, kind: str) -> None:
    """Every line of the French transcripts of every game, but what the player typed and what is quoted to be typed
    (« open N »), is French: no word of English, and numbers written the French way (0,4, not 0.4)."""
    english = []
    for line in (golden(game) / f"{kind}-{game}-fr.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("> ") or (kind == "replay" and line.startswith(GAMES[game].title + " · Rules")):
            continue  # the player's own typing; the replay's first line, the record's tags as written
        said = QUOTED.sub("", line)
        found = {word for word in re.findall(r"[A-Za-z]+", said) if word.lower() in ENGLISH}
        if found or re.search(r"(?<![§\w.])\d+\.\d+", said):
            english.append(f"{sorted(found)}: {line}")
    assert not english, "\n".join(english[:40])
