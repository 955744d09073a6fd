"""The ladder command (academie.ladder): adjacent levels in duplicate with intervals, the gap to perfect
information, decision times, the JSON, plot and Markdown it writes, and the README block it fills."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie.cli import app
from academie.games import load
from academie.ladder import Ladder, Rung, has_oracle, oracle_margins, table
from academie.tournament import Estimate

runner = CliRunner()

README = "# Title\n\nBefore.\n\n<!-- ladder -->\nold table\n<!-- /ladder -->\n\nAfter.\n"


def test_a_tiny_ladder_writes_its_results_and_fills_the_readme(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(README, encoding="utf-8")
    out = tmp_path / "ladder"
    result = runner.invoke(app, ["ladder", "ecarte", "--levels", "classical,random", "--levels", "whist=search,expert",
                                 "--boards", "40",
                                 "--boards", "ecarte=3", "--oracle-boards", "whist=5", "--oracle-boards", "2",
                                 "--timing-deals", "1", "--workers", "1", "--seed", "4",
                                 "--out", str(out), "--readme", str(readme)])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "ecarte.json").read_text(encoding="utf-8"))
    assert data["levels"] == ["random", "classical"]  # weakest first, whatever the order asked
    [rung] = data["rungs"]
    assert (rung["weaker"], rung["stronger"], rung["boards"], rung["deals_per_board"]) == ("random", "classical", 3, 2)
    assert rung["margin"]["low"] <= rung["margin"]["value"] <= rung["margin"]["high"]
    assert data["strictly_ordered"] == (rung["margin"]["low"] > 0)
    assert [gap["level"] for gap in data["gaps"]] == ["random", "classical"]
    assert all(gap["boards"] == 2 for gap in data["gaps"])
    assert [timing["level"] for timing in data["timings"]] == ["random", "classical"]
    assert (out / "ecarte.png").read_bytes()[:4] == b"\x89PNG"
    text = readme.read_text(encoding="utf-8")
    assert "old table" not in text and text.startswith("# Title\n\nBefore.\n\n<!-- ladder -->\n")
    assert text.endswith("<!-- /ladder -->\n\nAfter.\n")
    assert "| Écarté | **classical** | random | 3 |" in text
    assert (out / "ladder.md").read_text(encoding="utf-8") in text
    kept = sorted(path.name for path in (out / "runs").iterdir())
    assert kept == ["ecarte-classical-random-s4-n3.json", "ecarte-oracle-classical-s4-n2.json",
                    "ecarte-oracle-random-s4-n2.json", "ecarte-timing-classical-d1.json",
                    "ecarte-timing-random-d1.json"]
    again = runner.invoke(app, ["ladder", "ecarte", "--levels", "random,classical", "--boards", "3", "--oracle-boards",
                                "2", "--timing-deals", "0", "--workers", "1", "--seed", "4", "--out", str(out)])
    assert again.exit_code == 0, again.output
    reread = json.loads((out / "ecarte.json").read_text(encoding="utf-8"))
    assert reread["rungs"] == data["rungs"] and reread["gaps"] == data["gaps"] and reread["timings"] == []


def test_the_ladder_refuses_bad_requests_and_changes_nothing(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# no markers\n", encoding="utf-8")
    out = tmp_path / "ladder"
    result = runner.invoke(app, ["ladder", "ecarte", "--levels", "random,master", "--boards", "2", "--out", str(out)])
    assert result.exit_code != 0 and "allowed: two or more of random, classical, search, expert" in result.output
    result = runner.invoke(app, ["ladder", "ecarte", "--pair-boards", "ecarte:search=9", "--out", str(out)])
    assert result.exit_code != 0 and "allowed: GAME:WEAKER:STRONGER=N" in result.output
    result = runner.invoke(app, ["ladder", "ecarte", "--boards", "whist=1", "--out", str(out)])
    assert result.exit_code != 0 and "allowed: N or GAME=N, N at least 2" in result.output
    result = runner.invoke(app, ["ladder", "ecarte", "--levels", "random,classical", "--boards", "2",
                                 "--timing-deals", "0", "--workers", "1", "--out", str(out), "--readme", str(readme)])
    assert result.exit_code != 0 and "needs one line <!-- ladder -->" in result.output
    assert readme.read_text(encoding="utf-8") == "# no markers\n"


def test_a_ladder_is_strictly_ordered_only_when_every_rung_is_separated() -> None:
    def rung(low: float) -> Rung:
        return Rung(weaker="a", stronger="b", seed=0, boards=10, deals_per_board=2,
                    margin=Estimate(low + 0.1, low, low + 0.2), win_rate=Estimate(0.6, 0.5, 0.7), seconds=1.0)

    def ladder(*lows: float) -> Ladder:
        return Ladder(game="ecarte", title="Écarté", seed=0, seats=2, levels=("a", "b"),
                      rungs=tuple(rung(low) for low in lows), gaps=(), timings=())

    assert ladder(0.01, 0.3).strictly_ordered
    assert not ladder(0.01, -0.01).strictly_ordered
    assert "+0.110 [+0.010, +0.210]" in table([ladder(0.01)])


def test_a_rung_can_come_from_a_tournament_already_run(tmp_path: Path) -> None:
    """The boards of ``academie tournament --out`` stand as the rung of the two levels, seen from the stronger."""
    results = tmp_path / "tournament.json"
    played = runner.invoke(app, ["tournament", "ecarte", "--bots", "classical,random", "--deals", "3", "--seed", "9",
                                 "--workers", "1", "--out", str(results)])
    assert played.exit_code == 0, played.output
    pair = json.loads(results.read_text(encoding="utf-8"))["pairs"][0]
    out = tmp_path / "ladder"
    result = runner.invoke(app, ["ladder", "ecarte", "--levels", "random,classical", "--tournament", str(results),
                                 "--timing-deals", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    [rung] = json.loads((out / "ecarte.json").read_text(encoding="utf-8"))["rungs"]
    assert (rung["seed"], rung["boards"], rung["stronger"]) == (9, 3, "classical")
    assert rung["margin"]["value"] == pytest.approx(pair["margin"]["value"])
    assert not (out / "runs").exists()


def test_W_8_3_the_perfect_information_player_of_whist_beats_the_random_bot() -> None:
    """W-§8.3 with the true deal: the bound's player, shown the state, plays legal cards (checked by apply) and
    makes more points than random players on the same two boards, seats swapped."""
    assert has_oracle(load("whist"))
    assert sum(oracle_margins(load("whist"), "random", boards=2, seed=3, workers=1)) > 0


def test_a_long_rung_is_kept_in_parts_that_a_shorter_run_reads_back(tmp_path: Path) -> None:
    """Boards in multiples of ten are played and kept ten at a time (an interrupted run keeps what it finished);
    a ladder of fewer boards reads the first parts back instead of playing."""
    out = tmp_path / "ladder"
    options = ["--levels", "random,classical", "--timing-deals", "0", "--workers", "1", "--out", str(out)]
    result = runner.invoke(app, ["ladder", "ecarte", "--boards", "20", *options])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (out / "runs").iterdir()) == [
        "ecarte-classical-random-s0-k10-c0.json", "ecarte-classical-random-s0-k10-c1.json"]
    first = json.loads((out / "runs" / "ecarte-classical-random-s0-k10-c0.json").read_text(encoding="utf-8"))
    (out / "runs" / "ecarte-classical-random-s0-k10-c1.json").unlink()
    result = runner.invoke(app, ["ladder", "ecarte", "--boards", "10", *options])
    assert result.exit_code == 0, result.output
    assert [path.name for path in (out / "runs").iterdir()] == ["ecarte-classical-random-s0-k10-c0.json"]
    [rung] = json.loads((out / "ecarte.json").read_text(encoding="utf-8"))["rungs"]
    assert rung["boards"] == 10
    assert rung["margin"]["value"] == pytest.approx(sum(first["margins"]) / 10)
