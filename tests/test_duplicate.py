"""Duplicate for people (academie.duplicate): matchpoints and Whist's difference scale computed by hand, the
movement's invariants, boards dealt alike at every table of every game, the board of the day's published rule,
typed refusals that say what is allowed, and the command line."""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from academie import duplicate
from academie.cards import Card
from academie.cli import app
from academie.duplicate import DuplicateError, Result, Scale
from academie.engine import Game
from academie.games import GAMES, GameType, load, make_bot

runner = CliRunner()
WITH_SCHEME = sorted(name for name, game in GAMES.items() if game.boards is not None)
WITHOUT_SCHEME = sorted(name for name, game in GAMES.items() if game.boards is None)


def results(board: int, place: int, scored: dict[str, int]) -> list[Result]:
    return [Result(board=board, place=place, entrant=name, points=points) for name, points in scored.items()]


def scored_results(scored: duplicate.EventScore) -> list[Result]:
    return [line.result for sheet in scored.sheets for line in sheet.lines]


def sizes(game: GameType) -> list[int]:
    """The smallest and the largest table of the game."""
    return sorted({game.min_seats, game.max_seats})


def play(state: Game, game: GameType, bot_seed: int) -> Game:
    """The board's deal played out by random bots seeded ``bot_seed`` (other seeds: other play, same cards)."""
    bots = [make_bot(game.name, "random", seed=bot_seed * 100 + seat) for seat in range(8)]
    while not state.deal_results:
        seat = state.actor
        assert isinstance(seat, int) and seat >= 0
        state.apply(bots[seat].choose(state.view(seat)))
    return state


# ------------------------------------------------------------------------------------------------ matchpoints
def test_matchpoints_count_two_for_each_result_beaten_and_one_for_each_tie_by_hand() -> None:
    """Four tables on board 1 at place 0: 4, 2, 2, −1. The 4 beats three results (6 of a top of 6); each 2 beats
    the −1 and ties the other 2 (2 + 1 = 3, 50%); the −1 beats nobody. The other place mirrors them."""
    scored = duplicate.score("ecarte", results(1, 0, {"A": 4, "B": 2, "C": 2, "D": -1})
                             + results(1, 1, {"E": -4, "F": -2, "G": -2, "H": 1}))
    (sheet,) = scored.sheets
    by_name = {line.result.entrant: (line.matchpoints, line.top, float(line.percentage)) for line in sheet.lines}
    assert by_name == {"A": (6, 6, 100.0), "B": (3, 6, 50.0), "C": (3, 6, 50.0), "D": (0, 6, 0.0),
                       "H": (6, 6, 100.0), "F": (3, 6, 50.0), "G": (3, 6, 50.0), "E": (0, 6, 0.0)}
    assert [line.result.entrant for line in sheet.lines] == ["A", "B", "C", "D", "H", "F", "G", "E"]
    assert [(s.rank, s.entrant) for s in scored.standings] == [
        (1, "A"), (1, "H"), (3, "B"), (3, "C"), (3, "F"), (3, "G"), (7, "D"), (7, "E")]


def test_the_ranking_adds_the_matchpoints_of_every_board_over_the_total_top_by_hand() -> None:
    """Two boards, three tables. Board 1, place 0: A 1, B 1, C 0 (A 3, B 3, C 0 of 4); place 1: D −1, E −1, F 0
    (F 4, D 1, E 1). Board 2, place 1: A 2, F 0, B −1 (A 4, F 2, B 0); place 0: C 5, D 1, E 1 (C 4, D 1, E 1).
    Over the total top of 8: A 7 (87.5%), F 6 (75%), C 4 (50%), B 3 (37.5%), D and E 2 (25%)."""
    board_1 = results(1, 0, {"A": 1, "B": 1, "C": 0}) + results(1, 1, {"D": -1, "E": -1, "F": 0})
    board_2 = results(2, 1, {"A": 2, "B": -1, "F": 0}) + results(2, 0, {"C": 5, "D": 1, "E": 1})
    standings = {s.entrant: s for s in duplicate.score("ecarte", board_1 + board_2).standings}
    assert (standings["A"].matchpoints, standings["A"].top, standings["A"].percentage) == (7, 8, Fraction(175, 2))
    assert (standings["B"].matchpoints, standings["B"].percentage) == (3, Fraction(75, 2))
    assert (standings["F"].matchpoints, standings["F"].percentage) == (6, Fraction(75))  # 4 on board 1, 2 on board 2
    assert standings["A"].rank == 1 and standings["F"].rank == 2
    assert all(s.boards == 2 for s in standings.values())


def test_a_board_nobody_else_held_scores_an_average() -> None:
    (sheet,) = duplicate.score("ecarte", results(1, 0, {"A": 3}) + results(1, 1, {"B": -3})).sheets
    assert [(line.matchpoints, line.top, line.percentage) for line in sheet.lines] == [(0, 0, Fraction(50))] * 2


@given(st.lists(st.integers(-30, 30), min_size=1, max_size=12))
def test_the_matchpoints_of_a_board_share_its_tops_and_the_imps_cancel(points: list[int]) -> None:
    """Every comparison gives 2 matchpoints between two results, and the difference scale is antisymmetric."""
    scored = duplicate.score("whist", results(1, 0, {f"p{i}": p for i, p in enumerate(points)})
                             + results(1, 1, {f"q{i}": -p for i, p in enumerate(points)}))
    lines = [line for line in scored.sheets[0].lines if line.result.place == 0]
    count = len(points)
    assert sum(line.matchpoints for line in lines) == count * (count - 1)
    assert all(line.top == 2 * (count - 1) for line in lines)
    if count > 1:
        assert sum(line.imps or 0 for line in lines) == 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-12, 12), min_size=1, max_size=30))
def test_each_result_scores_by_its_comparison_with_each_other_one_on_the_same_cards(points: list[int]) -> None:
    """The definition, one comparison at a time: 2 for a result beaten, 1 for a tie, and the mean of the
    difference scale's units against each other result (the library places each result by bisection)."""
    steps = duplicate.scheme(load("whist")).SCALE_STEPS
    scored = duplicate.score("whist", results(1, 0, {f"p{i}": p for i, p in enumerate(points)})
                             + results(1, 1, {f"q{i}": -p for i, p in enumerate(points)}))
    lines = {line.result.entrant: line for line in scored.sheets[0].lines}
    for index, mine in enumerate(points):
        others = points[:index] + points[index + 1:]
        line = lines[f"p{index}"]
        assert line.matchpoints == sum(2 if mine > other else 1 if mine == other else 0 for other in others)
        assert line.top == 2 * len(others)
        expected = (Fraction(sum(duplicate.difference_units(mine - other, steps) for other in others), len(others))
                    if others else None)
        assert line.imps == expected


# ------------------------------------------------------------------------------------------------ Whist's scale
@pytest.mark.parametrize(("difference", "units"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (6, 5), (7, 5),
                                                   (8, 6), (13, 6), (-1, -1), (-5, -4), (-9, -6)])
def test_W_6_1_whists_difference_scale_counts_three_tricks_in_full_then_fewer(difference: int, units: int) -> None:
    """One point a trick above six (W-§6.1): 1 to 3 points are 1 to 3 units, 4–5 are 4, 6–7 are 5, 8 or more 6."""
    steps = duplicate.scheme(load("whist")).SCALE_STEPS
    assert duplicate.difference_units(difference, steps) == units


def test_cross_imps_are_the_mean_of_the_scale_against_every_other_result_by_hand() -> None:
    """N–S scored 3, 0 and −4 on the same cards: 3 wins 3 units against 0 and 5 against −4 (mean 4); 0 loses 3 and
    wins 4 (mean ½); −4 loses 5 and 4 (mean −4½). E–W scored −3, 0 and 4: 4 wins 5 against −3 (7 points) and 4
    against 0 (mean 4½); 0 wins 3 and loses 4 (mean −½); −3 loses 3 and 5 (mean −4). Ranked by IMPs: 4½ first."""
    scored = duplicate.score("whist", results(1, 0, {"NS1": 3, "NS2": 0, "NS3": -4})
                             + results(1, 1, {"EW1": -3, "EW2": 0, "EW3": 4}), scale=Scale.IMPS)
    imps = {line.result.entrant: line.imps for line in scored.sheets[0].lines}
    assert imps == {"NS1": 4, "NS2": Fraction(1, 2), "NS3": Fraction(-9, 2),
                    "EW1": -4, "EW2": Fraction(-1, 2), "EW3": Fraction(9, 2)}
    assert scored.scale is Scale.IMPS
    assert duplicate.score("whist", scored_results(scored), scale="imps").standings == scored.standings  # type: ignore[arg-type]
    with pytest.raises(DuplicateError, match="scale 'points' is not allowed for whist; allowed: matchpoints, imps"):
        duplicate.score("whist", scored_results(scored), scale="points")  # type: ignore[arg-type]
    assert [s.entrant for s in scored.standings][:2] == ["EW3", "NS1"]
    ranking = scored.as_dict()["ranking"]
    assert isinstance(ranking, list)
    assert ranking[0] == {"rank": 1, "entrant": "EW3", "boards": 1, "matchpoints": 4, "top": 4, "percentage": 100.0,
                          "imps": 4.5}


@pytest.mark.parametrize("name", [name for name in WITH_SCHEME
                                  if not duplicate.scheme(GAMES[name]).SCALE_STEPS])
def test_a_game_scored_by_matchpoints_alone_refuses_the_difference_scale(name: str) -> None:
    seats = GAMES[name].min_seats
    entries = [result for place in range(seats) for result in results(1, place, {f"{place}-a": 1, f"{place}-b": 0})]
    with pytest.raises(DuplicateError, match=r"allowed: matchpoints$"):
        duplicate.score(name, entries, scale=Scale.IMPS, seats=seats)
    assert duplicate.scales(GAMES[name]) == (Scale.MATCHPOINTS,)


# ------------------------------------------------------------------------------------------------ bad results
@pytest.mark.parametrize(("entries", "message"), [
    ([], "no results; allowed: at least one result"),
    (results(1, 0, {"A": 1, "B": 0}) + results(1, 1, {"C": 0}),
     r"board 1 has unequal results \(2 at place 0, 1 at place 1\); allowed: one result at every place"),
    (results(1, 0, {"A": 1}) + results(1, 1, {"A": 0}), "A has 2 results on board 1; allowed: one per entrant"),
    (results(1, 0, {"A": 1}) + results(1, 1, {"B": 0}) + results(2, 0, {"A": 1}) + results(2, 1, {"C": 0}),
     r"unequal numbers of boards \(A 2, B 1, C 1\); allowed: the same boards for everyone"),
    (results(1, 2, {"A": 1}), "place=2 on board 1 is not allowed; allowed: 0 to 1"),
    (results(0, 0, {"A": 1}), "board=0 is not allowed; allowed: a whole number from 1 to"),
    ([Result(board=1, place=0, entrant="A", points=1.5)], "points=1.5 of A on board 1 is not allowed"),  # type: ignore[arg-type]
    ([Result(board=1, place=0, entrant=" ", points=1)], "entrant=' ' on board 1 is not allowed; allowed: a name"),
])
def test_bad_results_are_refused_saying_what_is_allowed(entries: list[Result], message: str) -> None:
    kept = list(entries)
    with pytest.raises(DuplicateError, match=message):
        duplicate.score("ecarte", entries)
    assert entries == kept


def test_a_result_missing_from_the_movement_is_named() -> None:
    plan = duplicate.movement(entrants=4, places=2, rounds=2)
    names = ["Anne", "Blaise", "Claude", "Denis"]
    full = [Result(board=board, place=place, entrant=names[entrant], points=1 - 2 * place)
            for sitting in plan.sittings for board in sitting.boards
            for place, entrant in enumerate(sitting.entrants)]
    assert len(duplicate.score("ecarte", full, plan=plan, entrants=names).standings) == 4
    missing = [r for r in full if not (r.board == 2 and r.entrant == "Denis")]
    with pytest.raises(DuplicateError, match="missing result: board 2, place 0, Denis; allowed: every board"):
        duplicate.score("ecarte", missing, plan=plan, entrants=names)
    moved = [Result(board=r.board, place=1 - r.place, entrant=r.entrant, points=r.points) for r in full]
    with pytest.raises(DuplicateError, match="missing result"):
        duplicate.score("ecarte", moved, plan=plan, entrants=names)
    with pytest.raises(DuplicateError, match="3 names for a movement of 4 entrants"):
        duplicate.score("ecarte", full, plan=plan, entrants=names[:3])


# ------------------------------------------------------------------------------------------------ movements
@settings(max_examples=200, deadline=None)
@given(places=st.integers(2, 8), tables=st.integers(2, 9), rounds=st.integers(1, 16), per_round=st.integers(1, 3))
def test_a_movement_seats_everyone_once_a_round_each_board_once_and_turns_the_places(
        places: int, tables: int, rounds: int, per_round: int) -> None:
    entrants = places * tables
    plan = duplicate.movement(entrants=entrants, places=places, rounds=rounds, boards_per_round=per_round)
    assert len(plan.sittings) == rounds * tables and plan.tables == tables and plan.boards == rounds * per_round
    held: dict[int, list[int]] = {entrant: [0] * places for entrant in range(entrants)}
    boards_played: dict[int, list[int]] = {entrant: [] for entrant in range(entrants)}
    for turn in range(1, rounds + 1):
        sittings = [s for s in plan.sittings if s.round == turn]
        assert sorted(e for s in sittings for e in s.entrants) == list(range(entrants))  # once a round
        assert len({s.boards for s in sittings}) == 1  # every table plays the same boards (dealt alike)
        assert sorted(s.table for s in sittings) == list(range(1, tables + 1))
        for sitting in sittings:
            assert len(sitting.entrants) == places
            for place, entrant in enumerate(sitting.entrants):
                held[entrant][place] += len(sitting.boards)
                boards_played[entrant].extend(sitting.boards)
    for entrant in range(entrants):
        assert sorted(boards_played[entrant]) == list(range(1, plan.boards + 1))  # each board once, no more
        rounds_held = [count // per_round for count in held[entrant]]
        assert max(rounds_held) - min(rounds_held) <= 1  # every place in turn
        if rounds % places == 0:
            assert len(set(rounds_held)) == 1


@settings(max_examples=60, deadline=None)
@given(tables=st.sampled_from([2, 3, 5, 7, 11]), data=st.data())
def test_two_lines_meet_a_new_opponent_every_round_while_tables_last(tables: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, tables))
    plan = duplicate.movement(entrants=2 * tables, places=2, rounds=rounds)
    meetings = [frozenset(s.entrants) for s in plan.sittings]
    assert len(set(meetings)) == len(meetings)


@pytest.mark.parametrize(("options", "message"), [
    ({"entrants": 5, "places": 2, "rounds": 1}, "5 entrants cannot fill tables of 2 places; allowed: a multiple of 2"),
    ({"entrants": 2, "places": 2, "rounds": 1}, "entrants=2 is not allowed; allowed: a whole number from 4"),
    ({"entrants": 4, "places": 1, "rounds": 1}, "places=1 is not allowed"),
    ({"entrants": 4, "places": 2, "rounds": 0}, "rounds=0 is not allowed"),
    ({"entrants": 4, "places": 2, "rounds": 10, "boards_per_round": 101}, "boards_per_round=101 is not allowed"),
])
def test_a_movement_that_cannot_be_made_is_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(DuplicateError, match=message):
        duplicate.movement(**options)


# ------------------------------------------------------------------------------------------------ boards
@pytest.mark.parametrize("name", WITH_SCHEME)
def test_a_board_deals_the_same_cards_to_each_seat_at_every_table(name: str) -> None:
    """Two tables play each board with different players: each seat holds the same cards at both tables, the
    boards differ from each other; what two places scored is one's gain and the other's loss, and at the vying
    games each seat's own counters or tokens."""
    game = GAMES[name]
    suite = game.suite() if game.suite is not None else None
    assert suite is not None
    for seats in sizes(game):
        made = duplicate.boards(game, count=3, seed=11, seats=seats)
        places = duplicate.places(game, seats)
        assert sorted(seat for place in places for seat in place) == list(range(seats))
        hands = []
        for board in made:
            first, second = board.new(), board.new()
            assert first.dealer == second.dealer == board.dealer
            assert suite.face_down(first) == suite.face_down(second)
            hands.append(suite.face_down(first))
            assert board.deck() == board.deck() and len(board.deck().split()) >= game.pack_size
            for bot_seed in (1, 2):
                (result,) = play(board.new(), game, bot_seed).deal_results[:1]
                points = list(board.points(result))
                if len(places) == 2:
                    assert points[0] == -points[1]
                else:  # the counters or tokens of a seat, what stays in a box or basket lost to all
                    assert points == [result.points[seat] for (seat,) in places]
        assert hands[0] != hands[1] != hands[2]
        assert str(made[0].seed) not in repr(made[0]) and made[0].deck() not in repr(made[0])
        assert len({board.deck() for board in made}) == len(made)


@pytest.mark.parametrize("name", WITH_SCHEME)
def test_an_event_played_through_its_movement_is_scored_with_nothing_missing(name: str) -> None:
    """Two tables, two rounds, one board a round: each table deals the round's board, random players play it out,
    each place's points go on the board's sheet, and the scoring finds every result of the movement."""
    game = GAMES[name]
    suite = game.suite() if game.suite is not None else None
    assert suite is not None
    seats = game.min_seats
    count = len(duplicate.places(game, seats))
    plan = duplicate.movement(entrants=2 * count, places=count, rounds=2)
    made = {board.number: board for board in duplicate.boards(game, count=plan.boards, seed=5, seats=seats)}
    names = [f"entrant {index}" for index in range(plan.entrants)]
    entries: list[Result] = []
    hands: dict[int, dict[int, set[Card]]] = {}
    for sitting in plan.sittings:
        (number,) = sitting.boards
        state = made[number].new()
        assert hands.setdefault(number, suite.face_down(state)) == suite.face_down(state)  # the same at every table
        (result,) = play(state, game, bot_seed=sitting.table).deal_results[:1]
        entries += [Result(board=number, place=place, entrant=names[entrant], points=points)
                    for (place, entrant), points in zip(enumerate(sitting.entrants), made[number].points(result),
                                                        strict=True)]
    scored = duplicate.score(game, entries, seats=seats, plan=plan, entrants=names)
    assert sorted(s.entrant for s in scored.standings) == sorted(names)
    assert all(s.boards == 2 and s.top == 4 for s in scored.standings)
    for sheet in scored.sheets:  # two results at each place: 2 matchpoints shared between them
        for place in range(count):
            assert sum(line.matchpoints for line in sheet.lines if line.result.place == place) == 2


@pytest.mark.parametrize("name", WITHOUT_SCHEME)
def test_a_game_that_declares_no_scheme_is_refused_naming_those_that_do(name: str) -> None:
    with pytest.raises(DuplicateError, match=f"{name} declares no duplicate scheme.*games with one: ecarte"):
        duplicate.boards(GAMES[name], count=1, seed=0)
    result = runner.invoke(app, ["duplicate", "boards", name, "--seed", "1"])
    assert result.exit_code == 2 and "declares no duplicate scheme" in result.output


def test_E_6_1_an_ecarte_board_scores_the_deals_points_less_the_opponents() -> None:
    """The point scores one, the vole two (E-§6.1): a place scores its points less its opponent's."""
    from academie.games.ecarte.state import DealResult

    book = duplicate.scheme(load("ecarte"))
    vole = DealResult(game=0, dealer=0, points=(0, 2), tricks=(0, 5), completed=True)
    assert [book.points(vole, place) for place in duplicate.places(load("ecarte"))] == [-2, 2]


def test_W_6_1_a_whist_board_scores_the_sides_points_less_the_others() -> None:
    """One point a trick above six (W-§6.1), honours after (W-§4.1): N–S and E–W are the places."""
    from academie.games.whist.state import DealResult

    book = duplicate.scheme(load("whist"))
    deal = DealResult(game=0, dealer=0, points=(0, 4, 0, 4), tricks=(5, 8), honours=(0, 2), completed=True)
    assert duplicate.places(load("whist")) == ((0, 2), (1, 3))
    assert [book.points(deal, place) for place in duplicate.places(load("whist"))] == [-4, 4]


@pytest.mark.parametrize(("options", "message"), [
    ({"count": 0, "seed": 1}, "boards=0 is not allowed; allowed: a whole number from 1 to 1000"),
    ({"count": 1, "seed": -1}, "seed -1 is not allowed; allowed: an integer from 0 to 2\\*\\*64 - 1"),
    ({"count": 1, "seed": 1, "seats": 3}, "seats=3 is not allowed for whist; allowed: 4 to 4"),
])
def test_boards_that_cannot_be_dealt_are_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(DuplicateError, match=message):
        duplicate.boards(load("whist"), **options)


def test_a_game_of_several_table_sizes_needs_the_size() -> None:
    game = next(game for game in GAMES.values() if game.min_seats != game.max_seats and game.boards is not None)
    with pytest.raises(DuplicateError, match="allowed: the table size"):
        duplicate.boards(game, count=1, seed=1)


# ------------------------------------------------------------------------------------------------ the day's
@pytest.mark.parametrize("name", WITH_SCHEME)
def test_the_boards_of_the_day_follow_the_published_rule(name: str) -> None:
    game = GAMES[name]
    day = date(2026, 12, 5)
    text = f"academie board of the day {name} 2026-12-05".encode()
    assert duplicate.day_seed(game, day) == int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
    keyed = int.from_bytes(hashlib.blake2b(text, digest_size=8, key=b"room").digest(), "big")
    assert duplicate.day_seed(game, day, key=b"room") == keyed
    seats = game.min_seats
    today = duplicate.boards_of_the_day(game, day, count=2, seats=seats)
    assert today == duplicate.boards_of_the_day(game, date(2026, 12, 5), count=2, seats=seats)
    assert today != duplicate.boards_of_the_day(game, date(2026, 12, 6), count=2, seats=seats)
    assert today != duplicate.boards_of_the_day(game, day, count=2, seats=seats, key=b"room")


def test_the_day_is_a_date_given_by_the_caller() -> None:
    with pytest.raises(DuplicateError, match="allowed: a date"):
        duplicate.day_seed(load("whist"), datetime(2026, 12, 5, 8, 0))
    with pytest.raises(DuplicateError, match="allowed: a date"):
        duplicate.day_seed(load("whist"), "2026-12-05")  # type: ignore[arg-type]
    with pytest.raises(DuplicateError, match="allowed: at most 64 bytes"):
        duplicate.day_seed(load("whist"), date(2026, 12, 5), key=bytes(65))


# ------------------------------------------------------------------------------------------------ command line
def write_results(tmp_path: Path, data: object) -> str:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_score_command_ranks_and_prints_the_travelling_sheets(tmp_path: Path) -> None:
    entries = [{"board": r.board, "place": r.place, "entrant": r.entrant, "points": r.points}
               for r in results(1, 0, {"A": 3, "C": 1}) + results(1, 1, {"B": -3, "D": -1})]
    path = write_results(tmp_path, {"game": "whist", "results": entries})
    shown = runner.invoke(app, ["duplicate", "score", path, "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert [(row["entrant"], row["rank"], row["percentage"]) for row in data["ranking"]] == [
        ("A", 1, 100.0), ("D", 1, 100.0), ("B", 3, 0.0), ("C", 3, 0.0)]
    assert data["boards"][0]["results"][0] == {"place": 0, "entrant": "A", "points": 3, "matchpoints": 2, "top": 2,
                                               "percentage": 100.0, "imps": 2.0}
    english = runner.invoke(app, ["duplicate", "score", path, "--lang", "en"])
    assert "1. A: 100.00% (2 of 2 matchpoints, 1 boards) · 2.00 IMPs" in english.output
    assert "Board 1: travelling score sheet" in english.output
    french = runner.invoke(app, ["duplicate", "score", path, "--lang", "fr", "--scale", "imps"])
    assert "Whist : classement en IMP" in french.output and "feuille ambulante" in french.output
    assert "100,00 %" in french.output


def test_the_score_command_refuses_bad_results_in_one_line(tmp_path: Path) -> None:
    path = write_results(tmp_path, {"game": "whist", "results": [{"board": 1, "place": 0, "entrant": "A"}]})
    refused = runner.invoke(app, ["duplicate", "score", path])
    assert refused.exit_code == 2 and "is not allowed; allowed" in refused.output
    unequal = write_results(tmp_path, {"game": "whist", "results": [
        {"board": 1, "place": 0, "entrant": "A", "points": 1}]})
    refused = runner.invoke(app, ["duplicate", "score", unequal])
    assert refused.exit_code == 2 and "board 1 has unequal results" in refused.output


def test_the_boards_command_shows_the_seeds_and_decks_only_when_the_director_asks() -> None:
    """A board's seed deals its cards as surely as its deck order: without --decks the output tells neither, and
    can be handed to the players (who deals, who sits where)."""
    board = duplicate.boards(load("ecarte"), count=2, seed=9)[1]
    hidden = runner.invoke(app, ["duplicate", "boards", "ecarte", "--boards", "2", "--seed", "9", "--lang", "en"])
    assert hidden.exit_code == 0, hidden.output
    assert "Board 2: dealt by seat 1" in hidden.output and "--decks prints them" in hidden.output
    assert board.deck() not in hidden.output and str(board.seed) not in hidden.output
    public = json.loads(runner.invoke(app, ["duplicate", "boards", "ecarte", "--boards", "2", "--seed", "9",
                                            "--json"]).output)
    assert "seed" not in public and public["boards"][1] == {"number": 2, "dealer": 1}
    shown = runner.invoke(app, ["duplicate", "boards", "ecarte", "--boards", "2", "--seed", "9", "--decks",
                                "--json", "--entrants", "4"])
    data = json.loads(shown.output)
    assert data["seed"] == 9 and data["boards"][1]["deck"] == board.deck()
    assert data["boards"][1]["seed"] == board.seed
    assert data["movement"]["sittings"][0] == {"round": 1, "table": 1, "boards": [1], "entrants": [0, 2]}
    day = runner.invoke(app, ["duplicate", "boards", "ecarte", "--date", "2026-12-05", "--json", "--decks"])
    assert json.loads(day.output)["seed"] == duplicate.day_seed(load("ecarte"), date(2026, 12, 5))
    paired = runner.invoke(app, ["duplicate", "boards", "ecarte", "--boards", "4", "--seed", "9", "--entrants", "4",
                                 "--boards-per-round", "2", "--lang", "en"])
    assert "Round 2, table 2, boards 3, 4: entrants 2, 1" in paired.output
    uneven = runner.invoke(app, ["duplicate", "boards", "ecarte", "--boards", "3", "--seed", "9", "--entrants", "4",
                                 "--boards-per-round", "2"])
    assert uneven.exit_code == 2 and "allowed: a number that divides 3" in uneven.output
    both = runner.invoke(app, ["duplicate", "boards", "ecarte", "--date", "2026-12-05", "--seed", "1"])
    assert both.exit_code == 2 and "give --seed or --date" in both.output


# ------------------------------------------------------------------------------------------------ the bots' mark
@pytest.mark.parametrize("name", WITH_SCHEME)
def test_the_bots_mark_is_the_board_played_by_the_strongest_bot_at_every_seat_seeded_by_seat(name: str) -> None:
    """The mark's published contract: the game's strongest bot at every seat, the bot of seat s seeded
    derive_seed(board seed, s + 1), its points by place as the board counts them; the same every time."""
    from academie.sim import derive_seed

    game = GAMES[name]
    (board,) = duplicate.boards_of_the_day(game, date(2026, 12, 5), seats=game.min_seats)
    mark = duplicate.bot_score(board, bot="classical")
    assert duplicate.bot_score(board, bot="classical") == mark
    state = board.new()
    bots = [make_bot(name, "classical", seed=derive_seed(board.seed, seat + 1)) for seat in range(board.seats)]
    while not state.deal_results:
        seat = state.actor
        assert isinstance(seat, int)
        state.apply(bots[seat].choose(state.view(seat)))
    assert mark == duplicate.BotScore(board=1, bot="classical", seats=game.min_seats,
                                      points=board.points(state.deal_results[0]))
    assert len(mark.points) == len(duplicate.places(game, game.min_seats))


def test_E_6_1_the_strongest_bots_mark_on_an_ecarte_board_is_one_places_gain_the_others_loss() -> None:
    """A place scores its points less its opponent's (E-§6.1): the two places of the mark mirror each other, and
    the default bot is the game's strongest."""
    (board,) = duplicate.boards_of_the_day(load("ecarte"), date(2026, 12, 5))
    mark = duplicate.bot_score(board)
    assert mark.bot == load("ecarte").strongest() == "expert"
    assert mark.points[0] == -mark.points[1] != 0


def test_a_mark_by_a_bot_the_game_does_not_have_is_refused() -> None:
    (board,) = duplicate.boards_of_the_day(load("ecarte"), date(2026, 12, 5))
    with pytest.raises(DuplicateError, match="bot='deep' is not allowed for ecarte; allowed: random, classical"):
        duplicate.bot_score(board, bot="deep")


@pytest.mark.parametrize(("points", "matchpoints"), [(2, 2), (1, 1), (-1, 0)])
def test_a_result_against_the_bots_mark_is_a_comparison_with_one_other_table_by_hand(points: int,
                                                                                      matchpoints: int) -> None:
    """The bots scored 1 at place 0: 2 beats them (2 of a top of 2, 100%), 1 ties (1, 50%), −1 loses (0)."""
    mark = duplicate.BotScore(board=1, bot="expert", seats=2, points=(1, -1))
    line = duplicate.against_bot(Result(board=1, place=0, entrant="Anne", points=points), mark, "ecarte")
    expected = (matchpoints, 2, Fraction(50 * matchpoints), None)
    assert (line.matchpoints, line.top, line.percentage, line.imps) == expected


def test_W_6_1_a_whist_result_against_the_bots_mark_counts_the_difference_scale_by_hand() -> None:
    """E–W scored 2 where the bots scored −3 on the same cards: 5 points better, 4 units (W-§6.1's scale)."""
    mark = duplicate.BotScore(board=3, bot="expert", seats=4, points=(3, -3))
    line = duplicate.against_bot(Result(board=3, place=1, entrant="Anne & Blaise", points=2), mark, load("whist"))
    assert (line.matchpoints, line.top, line.imps) == (2, 2, Fraction(4))


def test_a_result_set_against_another_boards_mark_or_place_is_refused() -> None:
    mark = duplicate.BotScore(board=1, bot="expert", seats=2, points=(1, -1))
    with pytest.raises(DuplicateError, match="a result on board 2 cannot be set against the bots' mark of board 1"):
        duplicate.against_bot(Result(board=2, place=0, entrant="Anne", points=1), mark, "ecarte")
    with pytest.raises(DuplicateError, match="place=2 on board 1 is not allowed; allowed: 0 to 1"):
        duplicate.against_bot(Result(board=1, place=2, entrant="Anne", points=1), mark, "ecarte")


# ------------------------------------------------------------------------------------------------ one board's sheet
def test_one_boards_sheet_compares_each_place_apart_whoever_held_the_other_places_by_hand() -> None:
    """A board of the day: three people at place 0 (3, 1, 1), one at place 1 (−2). 3 beats both (4 of 4); each 1
    beats nobody and ties the other (1 of 4); the lone place-1 result has nothing to compare (50%)."""
    sheet = duplicate.travelling_sheet("ecarte", results(4, 0, {"A": 1, "B": 3, "C": 1}) + results(4, 1, {"D": -2}))
    assert sheet.board == 4
    assert [(line.result.entrant, line.matchpoints, line.top, line.percentage) for line in sheet.lines] == [
        ("B", 4, 4, Fraction(100)), ("A", 1, 4, Fraction(25)), ("C", 1, 4, Fraction(25)), ("D", 0, 0, Fraction(50))]


@pytest.mark.parametrize(("entries", "message"), [
    (results(1, 0, {"A": 1}) + results(2, 0, {"B": 1}), "results of boards 1, 2 on one sheet; allowed: the results "
                                                        "of one board"),
    (results(1, 0, {"A": 1}) + results(1, 1, {"A": -1}), "A has 2 results on board 1; allowed: one per entrant"),
    (results(1, 2, {"A": 1}), "place=2 on board 1 is not allowed; allowed: 0 to 1"),
    ([], "no results; allowed: at least one result"),
])
def test_a_sheet_of_results_that_are_not_one_boards_is_refused(entries: list[Result], message: str) -> None:
    with pytest.raises(DuplicateError, match=message):
        duplicate.travelling_sheet("ecarte", entries)
