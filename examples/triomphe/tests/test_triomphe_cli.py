"""La Triomphe through Académie's command line, unchanged: simulate, tournament, replay --json, rules."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from academie.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_simulate_and_a_tournament_read_the_registration_alone() -> None:
    simulated = json.loads(run("simulate", "triomphe", "--bots", "classical,random", "--deals", "40", "--json"))
    assert simulated["game"] == "triomphe" and simulated["deals"] == 40 and sum(simulated["totals"]) > 0
    played = json.loads(run("tournament", "triomphe", "--deals", "20", "--workers", "1", "--json"))
    assert played["game"] == "triomphe"


def test_a_game_played_in_the_terminal_replays_as_json(tmp_path: Path) -> None:
    target = tmp_path / "triomphe.acad"
    run("play", "triomphe", "--seed", "2", "--bot", "random", "--save", str(target), input="1\n" * 200)
    data = json.loads(run("replay", str(target), "--json"))
    assert data["game"] == "triomphe" and data["finished"] and max(data["result"]) >= 5
    assert all(set(deal) >= {"dealer", "points", "tricks"} for deal in data["deals"])


def test_the_rules_report_shows_every_id_implemented() -> None:
    rows = json.loads(run("rules", "triomphe", "--json"))
    assert rows and all(row["status"] == "implemented" and row["tests"] for row in rows), rows
