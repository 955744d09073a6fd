"""Every screen of every game fits a terminal of 80×24, in both languages: ``academie play`` runs in a
pseudo-terminal of that size, answers the first move of each menu (and Enter at each ``--More--``), and each screen,
from the player's last answer to the next prompt, is at most 24 lines of at most 80 columns, so the table, what
happened since his move and the prompt are in view together (as NetHack and the bsdgames keep to 80×24)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from academie.games import GAMES
from academie.words import LANGUAGES

ROWS, COLUMNS = 24, 80
PLAYS = {name: [] if game.min_seats == game.max_seats else ["--players", str(game.max_seats)]
         for name, game in GAMES.items()}
"""Each game with the most players it seats: the most lines of seats at the table."""
ANSWERS = 45
"""Moves answered in each game (several deals of every game), then quit."""
MORE = ("--More--", "--Suite--")
END_PROMPTS = {"en": "Type review for the review of your decisions", "fr": "Tapez revue pour la revue de vos décisions"}
"""The start of the end of the game's prompt in each language."""
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def play_in_a_terminal(args: list[str], answers: list[str], tmp_path: Path, *, at_end: str = "quit") -> str:
    """The output of ``academie ARGS`` in a pseudo-terminal of ROWS×COLUMNS, answering each prompt with the next of
    ``answers`` (then ``quit``), the end of the game's prompt with ``at_end`` and each pause with Enter, as the
    terminal shows it (colours taken out, a line rubbed out by a carriage return left out)."""
    controller, terminal = os.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = {**os.environ, "COLUMNS": str(COLUMNS), "LINES": str(ROWS), "TERM": "xterm",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = subprocess.Popen([sys.executable, "-m", "academie", *args], stdin=terminal, stdout=terminal,
                               stderr=terminal, env=env, cwd=tmp_path, close_fds=True)
    os.close(terminal)
    output = b""
    pending = list(answers)
    ended = False
    answered_at = -1  # the length of the output when the last answer was typed: one answer per prompt or pause
    deadline = time.monotonic() + 600
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                continue
            if process.poll() is not None:
                break
            if len(output) == answered_at:
                continue  # a slow machine has not answered the last line typed yet: typing again would echo blanks
            text = ESCAPE.sub("", output.decode("utf-8", "replace"))
            last = text.rsplit("\n", 1)[-1]
            if last.endswith(MORE):
                os.write(controller, b"\n")
                answered_at = len(output)
            elif last == "> ":
                said = text.rsplit("\n> ", 1)[0].rsplit("\n", 3)[-1]
                over = not ended and any(prompt in said for prompt in END_PROMPTS.values())
                ended = ended or over
                answer = at_end if over else pending.pop(0) if pending else "quit"
                os.write(controller, (answer + "\n").encode())
                answered_at = len(output)
    finally:
        process.kill() if process.poll() is None else None
        process.wait()
        os.close(controller)
    return ESCAPE.sub("", output.decode("utf-8", "replace"))


def screens(text: str) -> list[list[str]]:
    """The screens a player sees: each from a line he answered (a prompt or a pause, with what he typed) to the
    next prompt or pause, both included."""
    lines = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        lines.append(raw.split("\r")[-1])  # what a carriage return wrote over is gone
    found: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        current.append(line)
        if line.startswith("> ") or line.startswith(MORE):
            found.append(current)
            current = [line]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_screen_fits_80_by_24(game: str, lang: str, tmp_path: Path) -> None:
    answers = ["help", "score", "hint", *(["1"] * ANSWERS)]
    text = play_in_a_terminal(["play", game, *PLAYS[game], "--seed", "11", "--bot", "classical", "--lang", lang,
                               "--save", "game.acad"], answers, tmp_path)
    shown = screens(text)
    assert len(shown) > ANSWERS // 2, text[-2000:]
    for screen in shown:
        assert len(screen) <= ROWS, "\n".join(screen)
        assert all(len(line) <= COLUMNS for line in screen), [line for line in screen if len(line) > COLUMNS]


REVIEWED = {"en": ("review", "Reviewing your decisions", r"Your \d+ decisions: accuracy \d+%",
                    r"Deal \d+, (slip|mistake|blunder): you played .+; .+ was better by", "every card seen"),
            "fr": ("revue", "Revue de vos décisions", r"Vos \d+ décisions : précision \d+ %",
                   r"Donne \d+, (imprécision|erreur|gaffe) : vous avez joué .+ ; .+ valait mieux de", "sur table")}
"""What the player types at the end, then what the review says: that it works, the totals, a marked decision with
the better choice, and (never) the label of the answers read with every card seen."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_review_at_the_end_of_a_game_prints_the_players_marks_and_fits_80_by_24(lang: str, tmp_path: Path) -> None:
    """``review`` at the end of the default game (a whole partie, the first move of every menu) reviews the player's
    own decisions in the terminal, marks and the better choice among them, each screen within 80×24 (the last one
    too, after the last pause); the session says what it is doing while it works, and never gives the answers read
    with every card seen."""
    typed, working, totals, marked, exact = REVIEWED[lang]
    text = play_in_a_terminal(["play", "--seed", "11", "--bot", "classical", "--lang", lang, "--save", "game.acad"],
                              ["1"] * 200, tmp_path, at_end=typed)
    assert END_PROMPTS[lang] in text, text[-2000:]
    after = text[text.index(END_PROMPTS[lang]):]
    assert f"> {typed}" in after and working in after, after
    assert re.search(totals, after) and re.search(marked, after), after
    assert exact not in after
    shown = screens(text)
    last = text.replace("\r\n", "\n").rsplit("\n--", 1)[-1].split("\n")
    for screen in [*shown, last]:
        assert len(screen) <= ROWS, "\n".join(screen)
        assert all(len(line.split("\r")[-1]) <= COLUMNS for line in screen), screen
