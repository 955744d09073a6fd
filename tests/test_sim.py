"""The simulator: exact deal counts, totals independent of the number of workers, duplicate matches."""

from __future__ import annotations

import pytest

import academie
from academie import sim


def test_totals_are_the_same_with_one_and_two_workers() -> None:
    one = sim.simulate("ecarte", bots=["classical", "random"], deals=400, seed=11, workers=1)
    two = sim.simulate("ecarte", bots=["classical", "random"], deals=400, seed=11, workers=2)
    assert (one.totals, one.games, one.actions, one.parties, one.cut_short) == \
        (two.totals, two.games, two.actions, two.parties, two.cut_short)
    assert one.deals == 400 and sum(one.totals) >= 400  # every completed deal scores at least one point


def test_another_seed_gives_other_deals() -> None:
    first = sim.simulate("ecarte", bots=["random", "random"], deals=200, seed=1)
    second = sim.simulate("ecarte", bots=["random", "random"], deals=200, seed=2)
    assert (first.totals, first.actions) != (second.totals, second.actions)


def test_partie_stats_add_up_to_the_partie_result() -> None:
    """Each partie's per-deal points sum to its final points, and its last deal names the winner of the game."""
    for index in range(5):
        seed = sim.derive_seed(3, index)
        stats = sim.play_partie("ecarte", ("random", "random"), seed)
        state = academie.load("ecarte").new(seed=sim.derive_seed(seed, 0))
        players = [academie.games.make_bot("ecarte", "random", seed=sim.derive_seed(seed, s + 1)) for s in (0, 1)]
        actions = 0
        while not state.is_terminal:
            state.apply(players[state.actor].choose(state.view(state.actor)))
            actions += 1
        assert len(stats) == len(state.deal_results)
        assert tuple(sum(s.points[seat] for s in stats) for seat in (0, 1)) == state.result().points
        assert sum(s.actions for s in stats) == actions
        assert [s.game_winner for s in stats if s.game_winner is not None] == [state.game_results[0].winner]
        assert stats[-1].game_winner == state.result().winner


def test_the_last_partie_is_cut_short_only_when_it_was_still_running() -> None:
    first = sim.play_partie("ecarte", ("random", "random"), sim.derive_seed(4, 0))
    whole = sim.simulate("ecarte", bots=["random", "random"], deals=len(first), seed=4)
    assert (whole.parties, whole.cut_short, whole.games) == (1, False, tuple(
        int(first[-1].game_winner == seat) for seat in (0, 1)))
    assert whole.totals == tuple(sum(s.points[seat] for s in first) for seat in (0, 1))
    if len(first) > 1:
        cut = sim.simulate("ecarte", bots=["random", "random"], deals=len(first) - 1, seed=4)
        assert (cut.parties, cut.cut_short, cut.games) == (1, True, (0, 0))


def test_progress_is_reported_up_to_the_number_of_deals() -> None:
    seen: list[int] = []
    sim.simulate("ecarte", bots=["random", "random"], deals=150, seed=2, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 150


def test_duplicate_of_a_bot_against_itself_is_an_exact_tie() -> None:
    """Seats swap with the same deck and the same seat seeds: every board is a tie."""
    result = sim.duplicate("ecarte", bots=("random", "random"), deals=60, seed=5)
    assert (result.mean, result.ci, result.win_rate, result.win_ci) == (0.0, (0.0, 0.0), 0.5, (0.5, 0.5))


def test_duplicate_is_the_same_with_two_workers_and_favours_the_classical_bot() -> None:
    one = sim.duplicate("ecarte", bots=("classical", "random"), deals=200, seed=9)
    two = sim.duplicate("ecarte", bots=("classical", "random"), deals=200, seed=9, workers=2)
    assert (one.mean, one.ci, one.win_rate, one.win_ci) == (two.mean, two.ci, two.win_rate, two.win_ci)
    assert one.ci[0] <= one.mean <= one.ci[1] and one.win_ci[0] <= one.win_rate <= one.win_ci[1]
    assert one.ci[0] > 0  # the book's advice beats random play
    swapped = sim.duplicate("ecarte", bots=("random", "classical"), deals=200, seed=9)
    assert swapped.mean == pytest.approx(-one.mean) and swapped.win_rate == pytest.approx(1 - one.win_rate)


def test_mean_ci_is_a_normal_interval() -> None:
    mean, (low, high) = sim.mean_ci([0.0, 1.0, 0.0, 1.0])
    assert mean == 0.5 and high - mean == pytest.approx(mean - low) == pytest.approx(1.959964 * (1 / 3) ** 0.5 / 2)


@pytest.mark.parametrize(("bots", "deals", "workers", "message"), [
    (["random"], 10, 1, "needs 2 bots"),
    (["random", "random"], 0, 1, "deals=0 is not allowed"),
    (["random", "random"], 10, 0, "workers=0 is not allowed"),
    (["random", "nobody"], 10, 1, "unknown bot 'nobody'"),
])
def test_bad_simulation_requests_raise_a_value_error(bots: list[str], deals: int, workers: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sim.simulate("ecarte", bots=bots, deals=deals, seed=0, workers=workers)


def test_partnership_games_are_credited_to_both_partners() -> None:
    """A game of Whist is won by a side: both partners are credited, and the sides' totals mirror each other."""
    result = sim.simulate("whist", bots=["random"] * 4, deals=30, seed=2)
    assert result.games[0] == result.games[2] and result.games[1] == result.games[3]
    assert result.games[0] + result.games[1] >= 1
    assert result.totals[0] == result.totals[2] and result.totals[1] == result.totals[3]
