"""The ``academie`` command line: play through a pipe, replay, simulate, rules report, errors; README doctests."""

from __future__ import annotations

import doctest
import json
import re
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import academie
from academie import record
from academie.cards import Card
from academie.cli import app
from academie.games.ecarte import ACCEPT, PROPOSE, Discard
from academie.games.ecarte.picture import sort_hand
from academie.words import Words

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def play_session(tmp_path: Path, *extra: str, script: str = "1\n" * 400, seed: int = 42) -> tuple[str, Path]:
    target = tmp_path / "game.acad"
    code, out, err = invoke("play", "ecarte", "--bot", "classical", "--seed", str(seed), "--save", str(target),
                            *extra, input=script)
    assert code == 0, out + err
    return " ".join(out.split()), target  # lines wrapped at the terminal's width, read as one text


# ------------------------------------------------------------------------------------------------ play
def test_play_through_a_pipe_reaches_the_end_and_the_saved_record_replays_to_the_same_result(tmp_path: Path) -> None:
    out, target = play_session(tmp_path, script="help\nlast\nplay ZZ\n99\n" + "1\n" * 400)
    assert "seed 42" in out and "--seed 42" in out
    assert "Commands:" in out and "No trick has been played yet." in out
    assert "Cannot read “play ZZ”" in out and "There is no move 99: type one number from 1 to" in out
    assert "Trumps" in out and "Your hand" in out and "« je propose »" in out
    assert "The game is over:" in out and f"Record saved to {target}" in out and target.is_file()
    code, replayed, _ = invoke("replay", str(target), "--json")
    data = json.loads(replayed)
    assert code == 0 and data["finished"] is True and max(data["result"]) >= 5
    assert data["tags"]["Seed"] == "42" and data["tags"]["Seat1"] == "Bot (classical)"


def test_a_game_dealt_from_a_new_seed_keeps_it_until_the_end(tmp_path: Path) -> None:
    """Without --seed the seed is a secret of the deals: not printed at the start, nor in the record the player
    reads while the game goes on (redacted for his seat, with no bot's reason); the whole record kept beside it
    resumes the game and tells it from his seat alone (not as JSON, not as another seat); the end tells the seed
    and leaves the whole record in place."""
    target = tmp_path / "game.acad"
    code, out, err = invoke("play", "ecarte", "--bot", "classical", "--save", str(target), input="1\n1\nquit\n")
    assert code == 0, out + err
    seen, whole = record.load_file(target), record.load_file(tmp_path / ".game.whole.acad")
    seed, reasons = whole.tag("Seed") or "", record.comments_by_operation(whole).values()
    assert seed not in out and "a new seed (told at the end of the game)" in out
    assert seen.redacted_for == 0 and seen.tag("Seed") is None and record.redact(whole, 0) == seen
    code, told, _ = invoke("replay", str(target))
    assert code == 0 and seed not in told and reasons and not any(reason in told for reason in reasons)
    code, out, err = invoke("replay", str(target), "--json")
    assert code != 0 and "would tell every card" in out + err
    code, out, err = invoke("replay", str(target), "--seat", "1")
    assert code != 0 and "allowed: --seat 0 or no --seat" in out + err
    code, out, err = invoke("play", "--resume", str(target), input="1\n" * 400)
    assert code == 0 and f"Seed {whole.tag('Seed')}: play the same deals again with --seed" in out
    final = record.load_file(target)
    assert final.redacted_for is None and final.tag("Seed") == whole.tag("Seed")
    assert not (tmp_path / ".game.whole.acad").exists()


def test_a_stop_while_the_two_records_are_written_comes_after_them() -> None:
    """Ctrl-C while ``academie play`` writes the record the player reads and the whole one beside it: both are
    written, then the game stops (the two files always tell the same moment)."""
    from academie.cli import _signals_held

    # the game's own handler is Python's; a library another test loaded in this worker (Ray) may have replaced it
    signal.signal(signal.SIGINT, signal.default_int_handler)
    written = []
    with pytest.raises(KeyboardInterrupt), _signals_held():
        signal.raise_signal(signal.SIGINT)
        written.append("both files")
    assert written == ["both files"] and signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_play_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    first, target = play_session(tmp_path)
    second, _ = play_session(tmp_path)
    assert first == second
    assert record.load_file(target).tag("Result") != "*"


def test_play_default_save_path_and_rules_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke("play", "ecarte", "--bot", "random", "--seed", "7", "--first-dealer", "me",
                            "--rules-option", "game_points=2", "--rules-option", "must_trump=false", input="1\n" * 200)
    assert code == 0, err
    saved = record.load_file(tmp_path / "records" / "ecarte-7.acad")
    state = record.replay(saved)
    assert (state.rules.game_points, state.rules.must_trump) == (2, False)
    assert state.deal_results[0].dealer == 0 and "Deal 1, dealt by you" in out


def test_table_mode_accepts_the_players_irregular_acts_and_shows_the_ruling(tmp_path: Path) -> None:
    """With mode=table the player may commit an irregular act (here E-S1, a wrong score marked), only as himself: his
    seat told as players count it (from 1), and as an act's text writes it (from 0)."""
    script = "irregular\nirregular 8\n! revoke 1 7S\nirregular 8 1\n" + "1\n" * 300
    out, target = play_session(tmp_path, "--rules-option", "mode=table", "--first-dealer", "bot", script=script)
    assert "Table mode: irregular acts are possible (type irregular)" in out
    assert "8 a wrong score by you, 1 point too many" in out and "Type irregular 8 N to commit act N: 1 a wrong" in out
    assert "You can commit irregular acts only as yourself (seat 1, written 0 in an act's text)." in out
    assert "Irregularity: a wrong score by you, 1 point too many" in out and "You mark 1 point in error (E-S1)" in out
    state = record.replay(record.load_file(target))
    assert any(r.startswith("E-S1") for r in state.rulings) and state.is_terminal


def test_irregular_acts_are_refused_in_enforced_mode(tmp_path: Path) -> None:
    out, _ = play_session(tmp_path, script="! misscore 0 1\nquit\n")
    assert "table mode" in out and "E-S1" not in out.split("! misscore 0 1", 1)[1]


def test_play_sits_you_against_the_strongest_bot_by_default(tmp_path: Path) -> None:
    code, out, _ = invoke("play", "ecarte", "--seed", "5", "--save", str(tmp_path / "g.json"), input="1\n" * 300)
    assert code == 0 and f"{academie.load('ecarte').strongest()} bots" in out
    assert record.load_file(tmp_path / "g.json").tag("Seat1") == f"Bot ({academie.load('ecarte').strongest()})"


def test_quit_and_end_of_input_stop_the_game_and_still_save_it(tmp_path: Path) -> None:
    for script in ("quit\n", ""):
        out, target = play_session(tmp_path, script=script)
        assert "Game stopped." in out and "academie play --resume" in out
        assert record.load_file(target).tag("Result") == "*"
        code, replayed, _ = invoke("replay", str(target))
        assert code == 0 and "The record stops before the end of the game." in replayed


def test_the_sayings_cards_and_positions_a_player_types() -> None:
    """Écarté's shorthand: the books' sayings, a card alone, a discard by positions in the hand as shown."""
    painter = academie.load("ecarte").painter
    assert painter is not None
    ecarte = painter()
    state = academie.load("ecarte").new(seed=3, first_dealer=1)
    view = state.view(0)
    assert ecarte.shorthand(view, "je propose") == "propose" and ecarte.shorthand(view, "je joue") == "stand"
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    picture = ecarte.paint(state.view(0), words=Words("en"), names=("You", "The bot"))
    shown = [Card.parse(card) for card in picture.hand]
    chosen = ecarte.shorthand(state.view(0), "discard 1 3")
    assert state.parse_action(chosen) == Discard(tuple(sorted((shown[0], shown[2]), key=lambda c: c.index)))
    state.apply_text(chosen)


def test_hand_is_sorted_trumps_first_then_by_strength() -> None:
    """E-§2.1: K Q J A 10 9 8 7 in every suit (the ace between the jack and the ten)."""
    cards = tuple(Card.parse(c) for c in ["7H", "AS", "TS", "KC", "JS", "8H"])
    assert [str(c) for c in sort_hand(cards, Card.parse("9H").suit)] == ["8H", "7H", "JS", "AS", "TS", "KC"]


@pytest.mark.parametrize(("args", "message"), [
    (["play", "bridge"], "unknown game 'bridge'; available: ecarte"),
    (["play", "ecarte", "--bot", "nobody"], "unknown bot 'nobody' for ecarte; available: random"),
    (["play", "ecarte", "--rules-option", "trumps=none"], "unknown rules option(s) trumps; known options:"),
    (["play", "ecarte", "--rules-option", "must_trump=maybe"], "must_trump='maybe' is not allowed; allowed: true"),
    (["play", "ecarte", "--rules-option", "game_points=99"], "game_points=99 is not allowed; allowed: 1 to 21"),
    (["play", "ecarte", "--rules-option", "nokey"], "must be key=value"),
    (["play", "ecarte", "--save", "game.txt"], "allowed file types: .acad, .json"),
])
def test_play_errors_exit_2_with_a_one_line_message(args: list[str], message: str) -> None:
    code, out, err = invoke(*args, input="quit\n")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


# ------------------------------------------------------------------------------------------------ replay
def _saved_game(tmp_path: Path) -> Path:
    state = academie.load("ecarte").new(seed=21, first_dealer=0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    target = tmp_path / "saved.json"
    record.save_file(record.from_state(state, tags={"Seat0": "Alice", "Seat1": "Bob"}), target)
    return target


def test_replay_prints_each_deal_with_deck_hands_actions_and_points(tmp_path: Path) -> None:
    target = _saved_game(tmp_path)
    state = record.replay(record.load_file(target))
    code, out, _ = invoke("replay", str(target))
    assert code == 0
    assert out.count("Écarté · Deal ") >= len(state.deal_results)
    assert out.count("\n   Alice: ") == out.count("\n   Bob: ") == len(state.deal_results)  # the hands of every deal
    assert "wins trick 1 with" in out and "is over: tricks" in out
    winner = ("Alice", "Bob")[state.result().winner]
    assert f"The game is over: {winner} wins it" in out


def test_replay_json_has_game_rules_result_and_deals(tmp_path: Path) -> None:
    target = _saved_game(tmp_path)
    state = record.replay(record.load_file(target))
    code, out, _ = invoke("replay", str(target), "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "ecarte" and data["rules"]["version"] == "ecarte/1"
    assert data["result"] == list(state.result().points)
    assert [d["points"] for d in data["deals"]] == [list(d.points) for d in state.deal_results]
    assert [d["dealer"] for d in data["deals"]] == [d.dealer for d in state.deal_results]
    assert [d["tricks"] for d in data["deals"]] == [list(d.tricks) for d in state.deal_results]
    assert len(data["operations"]) == len(state.operations)


@pytest.mark.parametrize(("content", "name", "message"), [
    ("this is not a record\n", "bad.acad", "academie: error:"),
    ("{not json", "bad.json", "not JSON"),
    (None, "missing.acad", "No such file or directory"),
    ("", "record.pgn", "unknown record file type"),
])
def test_unreadable_records_exit_2(tmp_path: Path, content: str | None, name: str, message: str) -> None:
    target = tmp_path / name
    if content is not None:
        target.write_text(content, encoding="utf-8")
    code, out, err = invoke("replay", str(target))
    assert code == 2 and message in err and "Traceback" not in err + out


# ------------------------------------------------------------------------------------------------ simulate
def test_simulate_json_fields_and_same_totals_with_two_workers() -> None:
    runs = []
    for workers in ("1", "2"):
        code, out, _ = invoke("simulate", "ecarte", "--deals", "300", "--seed", "8", "--bots", "classical,random",
                              "--workers", workers, "--json")
        assert code == 0
        runs.append(json.loads(out))
    first, second = runs
    assert {"game", "deals", "seed", "bots", "totals", "actions", "seconds", "games", "parties",
            "cut_short"} <= set(first)
    assert (first["game"], first["deals"], first["seed"], first["bots"]) == ("ecarte", 300, 8, ["classical", "random"])
    for key in ("totals", "games", "actions", "parties", "cut_short"):
        assert first[key] == second[key]


def test_simulate_prints_a_table_without_json() -> None:
    code, out, _ = invoke("simulate", "ecarte", "--deals", "50", "--seed", "1", "--bots", "random,random")
    assert code == 0 and "points/deal" in out and "deals/s" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random"], "needs 2 bots"),
    (["--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["--deals", "0"], "deals=0 is not allowed"),
    (["--rules-option", "mode=chaos"], "mode='chaos' is not allowed"),
])
def test_simulate_errors_exit_2(args: list[str], message: str) -> None:
    code, out, err = invoke("simulate", "ecarte", *args)
    assert code == 2 and message in err and "Traceback" not in err + out


# ------------------------------------------------------------------------------------------------ rules
def test_rules_json_lists_every_catalogue_id_with_status_code_and_tests() -> None:
    code, out, _ = invoke("rules", "ecarte", "--json")
    rows = json.loads(out)
    catalogue = academie.load("ecarte").catalogue
    assert code == 0 and [row["id"] for row in rows] == [entry.id for entry in catalogue]
    for row in rows:
        assert {"id", "source", "status", "code", "tests", "title", "note"} <= set(row)
        assert row["status"] in ("implemented", "partial", "missing")
        assert row["source"] in ("seed", "law", "reconstructed")
        assert (row["code"] == "") == (row["status"] == "missing")
        if row["code"]:
            path, line = row["code"].rsplit(":", 1)
            assert (ROOT / path).is_file() and int(line) > 0
        assert all(node.startswith("tests/") and "::" in node for node in row["tests"])
    assert any(row["tests"] for row in rows)  # run from the checkout: the tests directory is searched


def test_rules_table_counts_each_status() -> None:
    code, out, _ = invoke("rules", "ecarte", "--catalogue")
    rows = json.loads(invoke("rules", "ecarte", "--json")[1])
    counts = {s: sum(r["status"] == s for r in rows) for s in ("implemented", "partial", "missing")}
    assert code == 0
    assert f"{len(rows)} IDs: {counts['implemented']} implemented, {counts['partial']} partial, " \
           f"{counts['missing']} missing" in out


def test_unknown_game_exits_2_for_every_command() -> None:
    for args in (["rules", "boston"], ["simulate", "boston"], ["play", "boston"]):
        code, _, err = invoke(*args)
        assert code == 2 and "unknown game 'boston'; available: ecarte" in err


def test_no_arguments_shows_the_commands() -> None:
    result = runner.invoke(app, [])
    assert all(command in result.output for command in ("play", "replay", "simulate", "rules"))


# ------------------------------------------------------------------------------------------------ README
def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0


def test_play_whist_at_another_seat_saves_the_player_there(tmp_path: Path) -> None:
    """`--seat` puts the person at any seat of Whist (the partner opposite); the record says who sat where."""
    target = tmp_path / "w.acad"
    code, out, _ = invoke("play", "whist", "--seat", "2", "--seed", "3", "--save", str(target), input="quit\n")
    assert code == 0 and "Game stopped." in out
    text = target.read_text(encoding="utf-8")
    assert '[Seat2 "Player"]' in text and '[Seat0 "Bot (expert)"]' in text


def test_play_refuses_a_seat_the_table_does_not_have() -> None:
    code, _, err = invoke("play", "guimbarde", "--players", "3", "--seat", "3", "--seed", "3", input="quit\n")
    assert code == 2 and "allowed: 0 to 2" in err
    code, _, err = invoke("play", "whist", "--seat", "7", "--seed", "3", input="quit\n")
    assert code == 2 and "allowed: 0 to 3" in err


# ------------------------------------------------------------------------------------------------ output paths
# Issue 14: an output path is checked before the work starts, not when the game or tournament is over.
def test_save_under_a_regular_file_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    """`--save FILE/x.acad` names the parent that is not a folder (not "File exists"), and nothing is played."""
    regular = tmp_path / "notes.txt"
    regular.write_text("keep me\n", encoding="utf-8")
    for target in (regular / "x.acad", regular / "deeper" / "x.acad"):
        code, out, err = invoke("play", "ecarte", "--bot", "random", "--seed", "1", "--save", str(target),
                                input="1\n" * 400)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out
        assert f"{regular} is not a folder" in err and "File exists" not in err
        assert "against the" not in out and "Your" not in out  # refused before the banner and the first deal
    assert regular.read_text(encoding="utf-8") == "keep me\n" and sorted(tmp_path.iterdir()) == [regular]


def test_save_to_a_folder_or_where_no_file_can_be_made_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    folder = tmp_path / "old.acad"
    folder.mkdir()
    code, out, err = invoke("play", "ecarte", "--seed", "1", "--save", str(folder), input="1\n" * 400)
    assert code == 2 and f"{folder}: it is a folder" in err and "against the" not in out
    if Path("/proc/self").is_dir():  # Linux: /proc takes no new files, even from root
        code, out, err = invoke("play", "ecarte", "--seed", "1", "--save", "/proc/x.acad", input="1\n" * 400)
        assert code == 2 and "cannot write the record (--save) to /proc/x.acad" in err and "against the" not in out


def test_tournament_out_and_plot_are_checked_before_any_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from academie import tournament

    played: list[str] = []
    monkeypatch.setattr(tournament, "tournament", lambda game, **options: played.append(game))
    regular = tmp_path / "file"
    regular.write_text("", encoding="utf-8")
    for option, what in (("--out", "the results (--out)"), ("--plot", "the plot (--plot)")):
        code, out, err = invoke("tournament", "ecarte", "--bots", "random,classical", "--deals", "4", option,
                                str(regular / ("r.json" if option == "--out" else "r.png")))
        assert code == 2 and f"cannot write {what} to {regular}/r." in err and f"{regular} is not a folder" in err
        assert "Traceback" not in err + out
    assert played == []


def test_output_checks_make_the_folders_and_leave_no_file_behind(tmp_path: Path) -> None:
    """The check creates the missing folders and removes the empty file it tried; an existing file is untouched."""
    out, plot = tmp_path / "new" / "deeper" / "r.json", tmp_path / "new" / "r.png"
    existing = tmp_path / "old.json"
    existing.write_text("old results\n", encoding="utf-8")
    for target in (out, existing):  # deals=1 is refused by the tournament itself, after the paths were checked
        code, _, err = invoke("tournament", "ecarte", "--bots", "random,classical", "--deals", "1", "--out",
                              str(target), "--plot", str(plot))
        assert code == 2 and "deals=1 is not allowed" in err
    assert out.parent.is_dir() and not out.exists() and not plot.exists()
    assert existing.read_text(encoding="utf-8") == "old results\n"


# ------------------------------------------------------------------------------------------------ counts
@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "ecarte", "--deals", "99999999999999999999999999"],
     "deals=99999999999999999999999999 is not allowed; allowed: 1 to 100,000,000"),
    (["simulate", "ecarte", "--deals", "100000001"], "allowed: 1 to 100,000,000"),
    (["simulate", "ecarte", "--workers", "257"], "workers=257 is not allowed; allowed: 1 to 256"),
    (["simulate", "ecarte", "--workers", "0"], "workers=0 is not allowed; allowed: 1 to 256"),
    (["tournament", "ecarte", "--deals", "1000001"], "deals=1000001 is not allowed; allowed: 2 to 1,000,000"),
    (["tournament", "ecarte", "--workers", "100000"], "workers=100000 is not allowed; allowed: 1 to 256"),
])
def test_counts_out_of_range_are_refused_at_once_naming_the_range(args: list[str], message: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: a huge --deals ran until killed; every count option is bounded (refused before any deal)."""
    from academie import sim, tournament

    def started(*args: object, **options: object) -> None:
        raise AssertionError("the run started")

    monkeypatch.setattr(sim, "_ordered", started)
    monkeypatch.setattr(tournament, "run_tasks", started)
    code, out, err = invoke(*args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


def test_the_largest_counts_allowed_pass_the_checks() -> None:
    from academie import sim, tournament

    assert sim._check("ecarte", ["random", "random"], sim.MAX_DEALS, sim.MAX_WORKERS).name == "ecarte"
    tournament._check(academie.load("ecarte"), ["random", "classical"], tournament.MAX_DEALS, 2,
                      tournament.MAX_WORKERS, tournament.MAX_BOOTSTRAP)


# ------------------------------------------------------------------------------------------------ progress
PLAIN_LINE = re.compile(r"^(\w[\w ]*?)(?:: (\w+))?: (\d+)(?:/(\d+))? (\w+)(.*)$")


def _plain_lines(err: str, label: str) -> list[re.Match[str]]:
    lines = [line for line in err.splitlines() if line.startswith(label + ":")]
    matches = [PLAIN_LINE.match(line) for line in lines]
    assert all(matches), lines
    return [m for m in matches if m is not None]


def test_tournament_without_a_terminal_writes_plain_progress_lines_to_stderr() -> None:
    """Issue 14: with stderr not a terminal, a progress line at the start, at each tenth and at the end."""
    code, out, err = invoke("tournament", "ecarte", "--bots", "random,classical", "--deals", "4", "--workers", "1")
    assert code == 0 and "random v classical" in out and "tournament:" not in out
    lines = _plain_lines(err, "tournament")
    assert lines[0].group(0) == "tournament: 0/8 deals, 0%"
    assert lines[-1].group(0).startswith("tournament: 8/8 deals, 100%, done in ")
    done = [int(m[3]) for m in lines]
    assert done == sorted(done) and len(done) >= 3 and all(m[4] == "8" for m in lines)
    assert any(" left" in m[6] for m in lines[1:-1])
    code, out, err = invoke("tournament", "ecarte", "--bots", "random,classical", "--deals", "4", "--workers", "1",
                            "--json")
    assert code == 0 and json.loads(out)["deals"] == 4 and "tournament: 8/8 deals, 100%" in err


def test_simulate_without_a_terminal_writes_plain_progress_lines_and_a_terminal_gets_the_bar(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = invoke("simulate", "ecarte", "--deals", "300", "--seed", "2", "--json")
    lines = _plain_lines(err, "simulate")
    assert code == 0 and json.loads(out)["deals"] == 300
    assert lines[0].group(0) == "simulate: 0/300 deals, 0%" and lines[-1][3] == "300" and len(lines) >= 3
    monkeypatch.setattr("academie.cli.stderr_is_terminal", lambda: True)
    code, out, err = invoke("simulate", "ecarte", "--deals", "300", "--seed", "2", "--json")
    assert code == 0 and "simulate:" not in err and json.loads(out)["deals"] == 300


def _small_form_b(monkeypatch: pytest.MonkeyPatch) -> None:
    """`analyse quinze` on a 13-card pack (for speed), solved afresh."""
    import academie.games.quinze.analysis as analysis
    from academie.games.quinze.bots import solver

    monkeypatch.setattr(solver, "_solutions", {})
    monkeypatch.setattr(analysis, "solve", lambda **options: solver.solve(**options, copies=1))


def test_analyse_quinze_reports_the_solve_and_the_table_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    """Q-§5.8, issue 14: the Form B solve took minutes with no sign of life; now plain lines without a terminal."""
    _small_form_b(monkeypatch)
    code, out, err = invoke("analyse", "quinze")
    assert code == 0 and out.startswith("Le Quinze, Form B") and "analyse quinze" not in out
    lines = _plain_lines(err, "analyse quinze")
    assert lines[0].group(0).startswith("analyse quinze: solving: 0 iterations, ")
    table = [m for m in lines if m[2] == "table"]
    assert table[0][3] == "0" and table[-1][3] == table[-1][4] and "100%, done in" in table[-1][6]
    assert [m[2] for m in lines] == sorted(m[2] for m in lines)  # solving, then the table


def test_the_form_b_solver_reports_each_iteration_and_each_hand_of_the_table() -> None:
    """Q-§5.8: the progress callback sees iterations 0 to the last, then the table's hands up to its total, and
    changes nothing in the solution."""
    from academie.games.quinze.bots import solver

    values = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    steps: list[solver.Step] = []
    reported = solver._solve(values, False, 1, 60, progress=steps.append)
    quiet = solver._solve(values, False, 1, 60, progress=None)
    assert [s.done for s in steps] == list(range(reported.iterations + 1))
    assert {(s.stage, s.total, s.unit) for s in steps} == {("solving", None, "iterations")}
    assert all(s.detail.startswith("gap ") for s in steps[1:])
    assert reported == quiet
    table_steps: list[solver.Step] = []
    assert solver.policy_table(reported, progress=table_steps.append) == solver.policy_table(quiet)
    done = [s.done for s in table_steps]
    assert done[0] == 0 and done == sorted(done) and done[-1] == table_steps[-1].total
    assert {(s.stage, s.unit) for s in table_steps} == {("table", "hands")}
