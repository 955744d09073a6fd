"""The terminal game of every game through the real command: the record is written as the game goes, so that
SIGINT in the middle leaves a record that ``academie replay`` accepts and ``academie play --resume`` continues."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from suite_support import SUITES

from academie import record
from academie.cli import whole_record_path
from academie.games import GAMES

PLAYS = {name: [*suite.terminal, "--bot", suite.resume_bot] for name, suite in SUITES.items()}
"""Each game at the table its package gives the terminal, against the bot it names (a search bot that draws from
its generator, as Écarté's: resuming must ask it again at its past decisions)."""


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "academie", *args]


def test_every_game_is_played_here() -> None:
    assert set(PLAYS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_sigint_in_the_middle_leaves_a_record_that_replays_and_resumes(game: str, tmp_path: Path) -> None:
    """Ctrl-C after a few moves: the record on disk replays, and --resume continues the game from it to the end
    that the game would have had without the interruption."""
    target = tmp_path / f"{game}.acad"
    env = {**os.environ, "COLUMNS": "100", "LANG": "C.UTF-8"}
    process = subprocess.Popen(command("play", game, *PLAYS[game], "--seed", "3", "--save", str(target)),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    assert process.stdin is not None
    process.stdin.write("1\n" * 3)
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _actions(target) < 3:
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert target.exists(), out + err
    # the record beside the game shows what the player's seat saw: no seed, no bot's reason, no card unseen
    seen = record.load_file(target)
    assert seen.redacted_for == 0 and seen.tag("Seed") is None
    whole = record.load_file(whole_record_path(target))
    assert record.redact(whole, 0) == seen and whole.tag("Seed") == "3"
    state = record.replay(whole)  # the whole record kept to continue, every action checked
    assert not state.is_terminal
    replayed = subprocess.run(command("replay", str(target)), capture_output=True, text=True, timeout=120, env=env)
    assert replayed.returncode == 0, replayed.stderr
    resumed = subprocess.run(command("play", "--resume", str(target)), input="1\n" * 3000, capture_output=True,
                             text=True, timeout=600, env=env)
    assert resumed.returncode == 0, resumed.stderr
    finished = record.replay(record.load_file(target))  # over: the whole record, and nothing kept beside it
    assert finished.is_terminal and not whole_record_path(target).exists()
    assert finished.operations[:len(state.operations)] == state.operations
    # the bots were asked again at their past decisions: the game ends as if it had never stopped
    straight = tmp_path / "straight.acad"
    played = subprocess.run(command("play", game, *PLAYS[game], "--seed", "3", "--save", str(straight)),
                            input="1\n" * 3000, capture_output=True, text=True, timeout=600, env=env)
    assert played.returncode == 0, played.stderr
    assert record.replay(record.load_file(straight)).operations == finished.operations


def _actions(target: Path) -> int:
    """How many actions the record on disk holds so far (0 before it is written)."""
    if not target.exists():
        return 0
    partie = record.load_file(target)  # written whole, then moved into place: never half a record
    return sum(len(deal.entries) for deal in partie.deals)


DISCARD_DECK = "QS TC QC 8C KD JC AD KC QH 7D 8S JH 9S JD AS 9C JS AH TD QD 7S 7C 8D 9D 7H KH TS KS TH AC 8H 9H"
"""An Écarté deck order (seat 0 deals) where seat 1's classical bot discards among its first three acts."""


def test_a_redacted_record_keeps_no_reason_of_another_seat() -> None:
    """ECARTE-VI.4: a bot's reason for its discard names the cards, and its reasons for its public acts speak of its
    hand too (« il tient le roi d'atout »): the record redacted for the other seat keeps the discard as a count and
    none of the bot's reasons, while the one redacted for the bot's own seat keeps them all. The deal is given by
    its deck order (:data:`DISCARD_DECK`), where the classical bot of seat 1 proposes, discards three cards and
    stands."""
    import academie
    from academie.cards import parse_cards

    game = academie.load("ecarte")
    bot = game.make_bot("classical", seed=1)
    state = game.new(decks=[parse_cards(DISCARD_DECK)], first_dealer=0)
    comments: dict[int, str] = {}
    while len(comments) < 3 and not state.is_terminal:
        seat = state.actor
        action = bot.choose(state.view(seat)) if seat == 1 else state.legal_actions()[0]
        state.apply(action)
        if seat == 1:
            comments[len(state.operations) - 1] = f"reason for {action}"
    full = record.from_state(state, comments=comments)
    other, own = record.write_text(record.redact(full, 0)), record.write_text(record.redact(full, 1))
    assert any("discard" in text for text in comments.values())
    assert not any(text in other for text in comments.values())
    assert all(text in own for text in comments.values())
