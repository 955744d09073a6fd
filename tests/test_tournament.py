"""Duplicate tournaments: seatings that cancel luck, results independent of workers and backend (process pool and
a local Ray instance), interval and rating maths on known data, the plot, and the CLI's JSON fields."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie import games, tournament
from academie.cli import app
from academie.sim import Z_95
from academie.tournament import BoardResult, TournamentError

runner = CliRunner()
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------------------------------------ format
@pytest.mark.parametrize(("game", "seats"), [("ecarte", 2), ("whist", 4), ("guimbarde", 3), ("guimbarde", 5),
                                             ("guinguette", 4), ("quinze", 2), ("quinze", 3)])
def test_each_bot_holds_every_seat_equally_often_on_a_board(game: str, seats: int) -> None:
    game_type = games.load(game)
    plan = tournament.seatings(game_type, seats)
    for seat in range(seats):
        held_by_a = sum(seating[seat] == 0 for seating in plan)
        assert held_by_a * 2 == len(plan)
    if game_type.partnerships:
        assert all(seating[seat] == seating[(seat + 2) % seats] for seating in plan for seat in range(seats))
    else:
        assert all(min(seating.count(0), seating.count(1)) == 1 for seating in plan)


@pytest.mark.parametrize(("game", "seats"), [("ecarte", 2), ("whist", 4), ("guimbarde", 3), ("guinguette", 3)])
def test_a_bot_against_itself_ties_every_board(game: str, seats: int) -> None:
    """Bots are seeded by seat, so a bot facing itself plays the same deal in every seating: the rotation of a
    board cancels the cards exactly, and the board is a tie with no margin."""
    game_type = games.load(game)
    for board in range(3):
        result = tournament.play_board(game_type, ("random", "random"), 5, None, seats, board)
        assert result.a_points == result.b_points
        assert result.board_score == 0.5


def test_table_size_defaults_to_the_rules_players() -> None:
    assert tournament.default_seats(games.load("guimbarde"), None) == 4
    assert tournament.default_seats(games.load("ecarte"), None) == 2
    rules = games.load("guimbarde").rules(players=6)
    assert tournament.default_seats(games.load("guimbarde"), rules) == 6


# ------------------------------------------------------------------------------------------------ determinism
@pytest.mark.parametrize(("game", "seats"), [("ecarte", None), ("whist", None), ("guimbarde", 3),
                                             ("guinguette", 3)])
def test_results_are_identical_with_one_and_two_workers(game: str, seats: int | None) -> None:
    one = tournament.tournament(game, bots=("random", "classical"), deals=5, seed=9, workers=1, seats=seats,
                                bootstrap=100)
    two = tournament.tournament(game, bots=("random", "classical"), deals=5, seed=9, workers=2, seats=seats,
                                bootstrap=100)
    assert one == two
    assert one.pairs[0].bots == ("random", "classical") and len(one.pairs[0].boards) == 5
    assert one.deals_per_board == len(tournament.seatings(games.load(game), one.seats))


def test_three_bots_play_every_pair_on_the_same_deals() -> None:
    """Every pair plays the same boards (from the tournament's seed): a pair's boards do not depend on which
    other bots take part."""
    three = tournament.tournament("guimbarde", bots=("random", "classical", "search"), deals=2, seed=4, workers=2,
                                  seats=3, bootstrap=50)
    assert [pair.bots for pair in three.pairs] == [("random", "classical"), ("random", "search"),
                                                   ("classical", "search")]
    two = tournament.tournament("guimbarde", bots=("random", "classical"), deals=2, seed=4, workers=1, seats=3,
                                bootstrap=50)
    assert two.pairs[0].boards == three.pairs[0].boards
    assert {bot.name for bot in three.bots} == {"random", "classical", "search"}
    assert all(bot.deals == 2 * 2 * 6 for bot in three.bots)  # two opponents, two boards, six seatings each


def test_another_seed_gives_other_deals() -> None:
    first = tournament.tournament("ecarte", bots=("random", "classical"), deals=6, seed=1, workers=1, bootstrap=20)
    second = tournament.tournament("ecarte", bots=("random", "classical"), deals=6, seed=2, workers=1, bootstrap=20)
    assert first.pairs[0].boards != second.pairs[0].boards


def test_the_classical_bot_outplays_the_random_one_at_ecarte() -> None:
    result = tournament.tournament("ecarte", bots=("random", "classical"), deals=40, seed=3, workers=2,
                                   bootstrap=200)
    best, worst = result.ranking()
    assert (best.name, worst.name) == ("classical", "random")
    assert best.rating.low > worst.rating.high
    assert best.margin.low > 0 and best.win_rate.low > 0.5
    assert best.margin.value == pytest.approx(-worst.margin.value)
    assert best.win_rate.value == pytest.approx(1 - worst.win_rate.value)


def test_ray_backend_gives_the_process_pool_results() -> None:
    """A small tournament on a local Ray instance equals the same tournament on the process pool."""
    import ray

    bots = ("random", "classical")
    pooled = tournament.tournament("ecarte", bots=bots, deals=8, seed=21, workers=2, bootstrap=100)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = tournament.tournament("ecarte", bots=bots, deals=8, seed=21, workers=2, bootstrap=100,
                                       backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == pooled


# ------------------------------------------------------------------------------------------------ statistics
def test_mean_interval_on_known_data() -> None:
    """Mean 2.5, sample standard deviation sqrt(5/3), standard error sqrt(5/3)/2."""
    value = tournament.estimate([1.0, 2.0, 3.0, 4.0])
    half = Z_95 * math.sqrt(5 / 3) / 2
    assert value.value == 2.5
    assert value.low == pytest.approx(2.5 - half) and value.high == pytest.approx(2.5 + half)
    assert half == pytest.approx(1.26515, abs=1e-5)
    clipped = tournament.estimate([1.0, 1.0, 1.0, 0.0], bounds=(0.0, 1.0))
    assert clipped.value == 0.75 and clipped.high == 1.0 and clipped.low == pytest.approx(0.75 - Z_95 * 0.25)


def test_bradley_terry_recovers_known_ratings() -> None:
    """Wins drawn exactly from the logistic model at ratings +200, 0, -200 are fitted back to those ratings."""
    truth = [200.0, 0.0, -200.0]
    games_played = [[0.0 if i == j else 1000.0 for j in range(3)] for i in range(3)]
    wins = [[0.0 if i == j else 1000.0 / (1 + 10 ** ((truth[j] - truth[i]) / 400)) for j in range(3)]
            for i in range(3)]
    fitted = tournament.fit_ratings(wins, games_played, prior_boards=0)
    assert fitted == pytest.approx(truth, abs=1e-6)
    assert tournament.fit_ratings([[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_boards=0) == \
        pytest.approx([200 * math.log10(3), -200 * math.log10(3)])


def test_the_prior_keeps_a_clean_sweep_finite() -> None:
    swept = tournament.fit_ratings([[0, 10], [0, 0]], [[0, 10], [10, 0]])
    assert 0 < swept[0] < math.inf and swept[1] == -swept[0]
    with pytest.raises(TournamentError, match="prior_boards > 0"):
        tournament.fit_ratings([[0, 10], [0, 0]], [[0, 10], [10, 0]], prior_boards=0)


def test_bootstrap_intervals_are_seeded_and_contain_the_fit() -> None:
    boards = tuple(BoardResult(1.0, 0.0, 1.0 if index % 3 else 0.0, 0.5) for index in range(30))
    pair = tournament._pair_result(("a", "b"), boards)
    first = tournament.rate(["a", "b"], [pair], seed=5, bootstrap=300)
    again = tournament.rate(["a", "b"], [pair], seed=5, bootstrap=300)
    other = tournament.rate(["a", "b"], [pair], seed=6, bootstrap=300)
    assert first == again != other
    assert first[0].low < first[0].value < first[0].high
    assert first[0].value == pytest.approx(-first[1].value) and first[0].value > 0
    assert pair.win_rate.value == pytest.approx(20 / 30)


def test_percentile_interpolates() -> None:
    assert tournament._percentile([0.0, 10.0, 20.0, 30.0, 40.0], 0.5) == 20.0
    assert tournament._percentile([0.0, 10.0], 0.25) == 2.5


# ------------------------------------------------------------------------------------------------ errors
@pytest.mark.parametrize(("bots", "deals", "seats", "backend", "message"), [
    (("random",), 2, 3, "process", "two bots or more"),
    (("random", "random"), 2, 3, "process", "each named once"),
    (("random", "nobody"), 2, 3, "process", "unknown bot 'nobody'"),
    (("random", "classical"), 1, 3, "process", "deals=1 is not allowed"),
    (("random", "classical"), 2, 9, "process", "9 seats is not allowed"),
    (("random", "classical"), 2, 3, "dask", "backend 'dask' is not allowed; allowed: process, ray"),
])
def test_bad_tournaments_raise_typed_errors(bots: tuple[str, ...], deals: int, seats: int, backend: str,
                                            message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tournament.tournament("guimbarde", bots=bots, deals=deals, seed=0, workers=1, seats=seats, backend=backend)


# ------------------------------------------------------------------------------------------------ plot and CLI
def test_plot_is_written_as_png(tmp_path: Path) -> None:
    result = tournament.tournament("guimbarde", bots=("random", "classical", "search"), deals=2, seed=2,
                                   workers=1, seats=3, bootstrap=50)
    target = tmp_path / "ratings.png"
    tournament.plot(result, target)
    assert target.read_bytes().startswith(PNG_SIGNATURE)
    assert target.stat().st_size > 20_000


def test_cli_prints_and_writes_the_results_as_json(tmp_path: Path) -> None:
    out, plot = tmp_path / "results.json", tmp_path / "ratings.png"
    outcome = runner.invoke(app, ["tournament", "ecarte", "--bots", "random,classical", "--deals", "6", "--seed",
                                  "2", "--workers", "2", "--json", "--out", str(out), "--plot", str(plot)])
    assert outcome.exit_code == 0, outcome.output
    data = json.loads(outcome.stdout)
    assert data == json.loads(out.read_text(encoding="utf-8"))
    assert plot.read_bytes().startswith(PNG_SIGNATURE)
    assert {"game", "seed", "seats", "deals", "deals_per_board", "format", "ratings", "ranking", "bots", "pairs",
            "run"} <= data.keys()
    assert (data["game"], data["seed"], data["deals"], data["deals_per_board"]) == ("ecarte", 2, 6, 2)
    assert data["run"]["backend"] == "process" and data["run"]["workers"] == 2 and data["run"]["seconds"] > 0
    assert [bot["name"] for bot in data["bots"]] == ["random", "classical"]
    for bot in data["bots"]:
        assert {"rating", "points", "margin", "win_rate", "deal_win_rate", "deals"} <= bot.keys()
        assert bot["rating"]["low"] <= bot["rating"]["value"] <= bot["rating"]["high"]
        assert bot["deals"] == 12
    pair = data["pairs"][0]
    assert pair["bots"] == ["random", "classical"] and pair["boards"] == 6 and len(pair["per_board"]) == 6
    library = tournament.tournament("ecarte", bots=("random", "classical"), deals=6, seed=2, workers=1)
    assert {key: value for key, value in data.items() if key != "run"} == library.as_dict()


def test_cli_table_and_errors(tmp_path: Path) -> None:
    shown = runner.invoke(app, ["tournament", "ecarte", "--bots", "random,classical", "--deals", "4",
                                "--workers", "1"])
    assert shown.exit_code == 0, shown.output
    assert "rating" in shown.stdout and "random v classical" in shown.stdout and "8 deals in" in shown.stdout
    unknown = runner.invoke(app, ["tournament", "ecarte", "--bots", "random,nobody", "--deals", "4"])
    assert unknown.exit_code == 2 and "unknown bot 'nobody'" in unknown.stderr
    bad_plot = runner.invoke(app, ["tournament", "ecarte", "--plot", str(tmp_path / "ratings.jpg")])
    assert bad_plot.exit_code == 2 and "allowed file type: .png" in bad_plot.stderr
