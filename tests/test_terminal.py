"""The terminal session's parts: what is told once and in order, moves typed as a player types them, menus that
keep to a screen, the ``why`` switch remembered between games, the thinking indicator, the help of the command."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import academie
from academie import cli
from academie.cli import app, settings_path
from academie.picture import MovePicture, Picture, SeatPicture, menu
from academie.terminal import Screen, matched, news
from academie.words import Words

runner = CliRunner()
EN = Words("en")


def picture(moves: tuple[MovePicture, ...], hand: tuple[str, ...] = ()) -> Picture:
    return Picture(game="test", title="Test", lang="en", viewer=0, status="Deal 1", seats=(SeatPicture(0, "You"),),
                   hand=hand, to_act=0, waiting_for="Your move", moves=moves)


def test_a_new_deals_log_is_told_without_the_sentences_already_told() -> None:
    assert news(("a", "b"), ("a", "b", "c")) == (("c",), True)
    assert news(("a", "b", "Trick 13 to East."), ("Trick 13 to East.", "Deal 2.")) == (("Deal 2.",), False)
    assert news(("a",), ("x", "y")) == (("x", "y"), False)


def test_cards_typed_in_any_order_and_case_name_the_legal_move() -> None:
    moves = (MovePicture("discard KH 9S", "discard K♥ 9♠"), MovePicture("discard KH", "discard K♥"))
    assert matched("discard 9s kh", moves) == "discard KH 9S"
    assert matched("discard 7c", moves) == "discard 7c"  # not a legal move: the engine says why
    assert matched("help", moves) == "help"


def test_many_amounts_fold_into_one_line_that_says_the_range() -> None:
    moves = (MovePicture("pass", "pass"), *(MovePicture(f"open {n}", f"open for {n}") for n in range(3, 40)))
    drawn = menu(picture(moves), EN)
    assert drawn.numbered == ("pass",)
    assert drawn.lines[-1] == "   open for 3 … type “open N”, N from 3 to 39"


def test_a_discards_sets_of_cards_fold_and_its_single_cards_keep_their_numbers() -> None:
    hand = ("KH", "9S", "7C", "8D")
    sets = [("KH",), ("9S",), ("7C",), ("8D",), ("KH", "9S"), ("KH", "7C"), ("9S", "7C"), ("KH", "9S", "7C")]
    moves = tuple(MovePicture(" ".join(["discard", *cards]), "discard " + " ".join(cards)) for cards in sets)
    drawn = menu(picture(moves, hand), EN, width=80)
    assert drawn.numbered == ("discard KH", "discard 9S", "discard 7C", "discard 8D")
    assert "type “discard” and 2 to 3 of your cards, e.g. “discard kh 9s”" in drawn.lines[-1]


def test_the_cards_of_the_menu_follow_the_hand_and_many_lie_side_by_side() -> None:
    hand = ("KH", "QC", "AC", "9D", "7D", "8S", "7S")
    moves = tuple(MovePicture(f"play {card}", f"play {card}", card) for card in reversed(hand))
    drawn = menu(picture(moves, hand), EN)
    assert drawn.numbered == tuple(f"play {card}" for card in hand)
    assert len(drawn.lines) == 3 and drawn.lines[1].split()[:4] == ["1", "play", "KH", "2"]


def test_a_screen_wraps_on_words_and_waits_before_what_would_scroll_away() -> None:
    console = cli.Console(file=io.StringIO(), width=80, highlight=False, soft_wrap=True)
    pauses: list[str] = []
    screen = Screen(console, width=20, height=5, wait=pauses.append)
    screen.say("one two three four five six seven eight nine")
    assert console.file.getvalue().splitlines() == ["one two three four", "  five six seven", "  eight nine"]
    screen.block(["a", "b", "c"])  # does not fit under the 3 lines: a new screen
    assert pauses == ["--More--"]


def test_why_off_is_remembered_for_the_next_games_and_their_replays(tmp_path: Path) -> None:
    target = tmp_path / "game.acad"
    result = runner.invoke(app, ["play", "ecarte", "--bot", "classical", "--seed", "3", "--save", str(target)],
                           input="why\nwhy off\n" + "1\n" * 300)
    assert result.exit_code == 0 and "The bots' reasons are on: type why on or why off." in result.stdout
    assert json.loads(settings_path().read_text(encoding="utf-8")) == {"why": False}
    assert "why (" not in runner.invoke(app, ["replay", str(target)]).stdout
    assert "why (The bot)" in runner.invoke(app, ["replay", str(target), "--why"]).stdout
    again = tmp_path / "again.acad"
    runner.invoke(app, ["play", "ecarte", "--seed", "3", "--save", str(again)], input="why on\nquit\n")
    assert "why (The bot)" in runner.invoke(app, ["replay", str(target)]).stdout


def test_the_settings_live_where_xdg_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "academie" / "settings.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative")  # not absolute: ignored, as the XDG base directories say
    assert settings_path() == Path.home() / ".config" / "academie" / "settings.json"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bot_that_thinks_long_is_said_to_think_and_the_line_is_rubbed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _Terminal()
    monkeypatch.setattr(cli.sys, "stdout", shown)
    with cli._thinking("West is thinking…"):
        pass
    assert shown.getvalue() == ""  # quick: nothing said
    with cli._thinking("West is thinking…"):
        time.sleep(cli.THINKING_DELAY + 0.3)
    assert shown.getvalue() == "West is thinking…\r\x1b[K"


def test_the_help_names_the_games_and_seats_and_shows_no_python_types() -> None:
    said = runner.invoke(app, ["-h"], env={"COLUMNS": "200"}).stdout
    assert said.index("play") < said.index("serve") and "<bool>" not in said
    assert all(f"({name})" in " ".join(said.replace("│", " ").split()) for name in academie.GAMES)
    for command in ("play", "rules"):
        shown = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).stdout
        assert all(game in shown for game in academie.GAMES) and "<" + "int>" not in shown and "list[" not in shown
    play = runner.invoke(app, ["play", "-h"], env={"COLUMNS": "200"}).stdout
    assert "in a game of partnerships your partner sits opposite: 0 and 2, 1 and 3" in " ".join(
        play.replace("│", " ").split())
    assert runner.invoke(app, ["--version"]).stdout == f"academie {academie.__version__}\n"
