"""The ladder of each game's bots: its levels, weakest first, each measured against the next in duplicate.

A game's levels are its bots in the order its registration lists them (``random`` < ``classical`` < ``search``
< ``expert``). Each *rung* is a duplicate tournament (:mod:`academie.tournament`) between two adjacent levels:
the stronger's points per deal over the weaker's, with a 95% interval over the boards. The ladder is *strictly
ordered* when every rung's interval lies above zero.

Where the game's package has a perfect-information player (``<game>.bots.oracle.OracleBot``: it is shown the
state before each decision, so it knows every card), each level also plays it over the same kind of boards: the
oracle's points per deal over the level's is how far the level is from the bound that knowing every card gives.

Each level's decision time is measured on a few deals of that level in every seat (the 50th and 90th
percentiles of the processor time, in seconds on this machine).

:func:`write` puts one JSON file and one plot per game in a folder, and a Markdown table of every game
(``ladder.md``) that the README includes between the markers ``<!-- ladder -->`` and ``<!-- /ladder -->``.

>>> result = ladder("ecarte", boards=4, seed=1, workers=1, levels=("random", "classical"), oracle_boards=0,
...                 timing_deals=1)
>>> [(rung.weaker, rung.stronger, rung.boards) for rung in result.rungs]
[('random', 'classical', 4)]
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import json
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Final, NotRequired, Protocol, TypedDict, TypeVar

from academie.bots import Bot
from academie.engine import JSON, AcademieError, Game
from academie.games import GameType, load
from academie.sim import derive_seed
from academie.tournament import Estimate, default_seats, estimate, seatings, tournament

MARKERS: Final = ("<!-- ladder -->", "<!-- /ladder -->")
"""The lines between which the README holds the ladder's table."""
CHUNK_BOARDS: Final = 10
"""A long rung is played and kept in parts of this many boards (see :func:`_rung_run`)."""
TIMING_SEED: Final = 7_777
"""The seed of the deals on which decision times are measured."""


class LadderError(AcademieError, ValueError):
    """A ladder that cannot be run or written as asked (unknown level, too few boards, no README markers...)."""


class PlayedPair(TypedDict):
    """What the ladder reads of a pair in a tournament's JSON (``academie tournament --out``)."""

    bots: list[str]
    per_board: list[list[float]]
    """Each board: bot a's points per deal, bot b's, a's board score."""


class PlayedRun(TypedDict, total=False):
    seconds: float


class PlayedTournament(TypedDict):
    """What the ladder reads of a tournament's JSON."""

    game: str
    seed: int
    deals_per_board: int
    pairs: list[PlayedPair]
    run: NotRequired[PlayedRun]


class RungRun(TypedDict):
    """The boards of a rung as played, read or kept (``runs/<key>.json``), seen from the stronger level."""

    seed: int
    seeds: NotRequired[list[int]]
    """The seeds of the tournaments pooled, when several were."""
    margins: list[float]
    scores: list[float]
    deals_per_board: int
    seconds: float


class GapRun(TypedDict):
    """The boards of the perfect-information player against a level, as played or kept."""

    margins: list[float]
    seconds: float


class TimingRun(TypedDict):
    """A level's decision times, as measured or kept."""

    level: str
    decisions: int
    median: float
    p90: float


class PlayRung(Protocol):
    """Plays a rung's ``boards`` boards from ``seed``."""

    def __call__(self, *, boards: int, seed: int) -> RungRun:
        ...


RunT = TypeVar("RunT", RungRun, GapRun, TimingRun)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rung:
    """Two adjacent levels over the same boards: everything seen from the stronger."""

    weaker: str
    stronger: str
    seed: int
    """The seed of the tournament the boards come from (the first, when several were pooled)."""
    seeds: tuple[int, ...] = ()
    """The seeds of every tournament whose boards were pooled (empty: ``seed`` alone)."""
    boards: int
    deals_per_board: int
    margin: Estimate
    """The stronger's points per deal minus the weaker's."""
    win_rate: Estimate
    """The stronger's share of the boards (ties half)."""
    seconds: float

    @property
    def separated(self) -> bool:
        """Whether the 95% interval of the margin lies above zero."""
        return self.margin.low > 0

    def as_dict(self) -> dict[str, JSON]:
        return {"weaker": self.weaker, "stronger": self.stronger, "seed": self.seed,
                "seeds": list(self.seeds or (self.seed,)), "boards": self.boards,
                "deals_per_board": self.deals_per_board, "margin": self.margin.as_dict(),
                "win_rate": self.win_rate.as_dict(), "separated": self.separated, "seconds": round(self.seconds, 1)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Gap:
    """How far a level is from the perfect-information player: the oracle's points per deal over the level's."""

    level: str
    boards: int
    margin: Estimate
    seconds: float

    def as_dict(self) -> dict[str, JSON]:
        return {"level": self.level, "boards": self.boards, "margin": self.margin.as_dict(),
                "seconds": round(self.seconds, 1)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Timing:
    """A level's processor time per decision (seconds), over ``decisions`` decisions with more than one legal
    action."""

    level: str
    decisions: int
    median: float
    p90: float

    def as_dict(self) -> dict[str, JSON]:
        return {"level": self.level, "decisions": self.decisions, "median": round(self.median, 4),
                "p90": round(self.p90, 4)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ladder:
    """One game's ladder."""

    game: str
    title: str
    seed: int
    seats: int
    levels: tuple[str, ...]
    rungs: tuple[Rung, ...]
    gaps: tuple[Gap, ...]
    timings: tuple[Timing, ...]

    @property
    def strictly_ordered(self) -> bool:
        return all(rung.separated for rung in self.rungs)

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "title": self.title, "seed": self.seed, "seats": self.seats,
                "levels": list(self.levels), "strictly_ordered": self.strictly_ordered,
                "rungs": [rung.as_dict() for rung in self.rungs], "gaps": [gap.as_dict() for gap in self.gaps],
                "timings": [timing.as_dict() for timing in self.timings]}


# ------------------------------------------------------------------------------------------------ running
def ladder(game: str, *, boards: int, seed: int, workers: int | None = None, levels: Sequence[str] | None = None,
           pair_boards: Mapping[tuple[str, str], int] | None = None, oracle_boards: int = 0,
           timing_deals: int = 5, progress: Callable[[str], None] | None = None, store: Path | None = None,
           played: Sequence[PlayedTournament] = ()) -> Ladder:
    """Run the ladder of ``game``: ``boards`` boards per rung (``pair_boards[(weaker, stronger)]`` where given),
    ``oracle_boards`` boards of each level against the perfect-information player (0: none, or no oracle in the
    game), decision times over ``timing_deals`` deals per level.

    ``played`` are results of tournaments already run (the JSON of ``academie tournament --out``): a rung whose
    two levels met in one of them of this game takes its boards from there instead of playing. With ``store``,
    each match's boards are kept in that folder (``runs/<game>-<a>-<b>-s<seed>-n<boards>.json``) and a match
    already played with the same game, bots, seed and boards is read back instead of played again: its boards are
    the same, since a tournament's result depends on nothing else."""
    game_type = load(game)
    names = tuple(levels) if levels is not None else game_type.bot_names()
    unknown = [name for name in names if name not in game_type.bot_names()]
    if unknown or len(names) < 2:
        raise LadderError(f"levels {', '.join(names)} are not allowed; allowed: two or more of "
                          f"{', '.join(game_type.bot_names())}")
    order = {name: index for index, name in enumerate(game_type.bot_names())}
    names = tuple(sorted(names, key=order.__getitem__))
    seats = default_seats(game_type, None)
    say = progress or (lambda text: None)
    rungs = []
    for weaker, stronger in itertools.pairwise(names):
        run = _from_tournaments(played, game_type.name, weaker, stronger)
        if run is None:
            count = (pair_boards or {}).get((weaker, stronger), boards)
            say(f"{game_type.name}: {stronger} against {weaker}, {count} boards")
            play = partial(_play_rung, game_type, weaker, stronger, workers=workers, say=say)
            run = _rung_run(store, f"{game_type.name}-{stronger}-{weaker}-s{seed}", play, boards=count, seed=seed)
        rungs.append(Rung(weaker=weaker, stronger=stronger, seed=run.get("seed", seed),
                          seeds=tuple(run.get("seeds", [run.get("seed", seed)])), boards=len(run["margins"]),
                          deals_per_board=run["deals_per_board"], margin=estimate(run["margins"]),
                          win_rate=estimate(run["scores"], bounds=(0.0, 1.0)), seconds=run["seconds"]))
    gaps = []
    for name in names if oracle_boards and has_oracle(game_type) else ():
        say(f"{game_type.name}: the perfect-information player against {name}, {oracle_boards} boards")
        gap = _stored(store, f"{game_type.name}-oracle-{name}-s{seed}-n{oracle_boards}",
                      partial(_play_gap, game_type, name, boards=oracle_boards, seed=seed, workers=workers or 1))
        gaps.append(Gap(level=name, boards=oracle_boards, margin=estimate(gap["margins"]), seconds=gap["seconds"]))
    timings = []
    for name in names if timing_deals else ():
        say(f"{game_type.name}: timing {name} over {timing_deals} deals")
        timed = _stored(store, f"{game_type.name}-timing-{name}-d{timing_deals}",
                        partial(_timing_run, game_type, name, deals=timing_deals, seats=seats))
        timings.append(Timing(level=name, decisions=timed["decisions"], median=timed["median"], p90=timed["p90"]))
    return Ladder(game=game_type.name, title=game_type.title, seed=seed, seats=seats, levels=names,
                  rungs=tuple(rungs), gaps=tuple(gaps), timings=tuple(timings))


def _play_rung(game_type: GameType, weaker: str, stronger: str, *, boards: int, seed: int, workers: int | None,
               say: Callable[[str], None]) -> RungRun:
    started = time.perf_counter()
    result = tournament(game_type.name, bots=(stronger, weaker), deals=boards, seed=seed, workers=workers,
                        bootstrap=2, progress=lambda done, total: say(f"{done}/{total} deals"))
    pair = result.pairs[0]
    return {"seed": seed, "margins": [b.a_points - b.b_points for b in pair.boards],
            "scores": [b.board_score for b in pair.boards], "deals_per_board": result.deals_per_board,
            "seconds": time.perf_counter() - started}


def _play_gap(game_type: GameType, level: str, *, boards: int, seed: int, workers: int) -> GapRun:
    started = time.perf_counter()
    margins = oracle_margins(game_type, level, boards=boards, seed=seed, workers=workers)
    return {"margins": margins, "seconds": time.perf_counter() - started}


def _from_tournaments(played: Sequence[PlayedTournament], game: str, weaker: str, stronger: str) -> RungRun | None:
    """The boards between ``weaker`` and ``stronger`` in the tournaments already run (seen from the stronger),
    pooled when several of them (of different seeds: independent boards) hold the pair."""
    runs: list[RungRun] = []
    for data in played:
        for pair in data.get("pairs", ()) if data.get("game") == game else ():
            a, b = pair["bots"]
            if {a, b} == {weaker, stronger}:
                rows = pair["per_board"]
                sign = 1.0 if a == stronger else -1.0
                runs.append({"seed": data["seed"], "margins": [sign * (row[0] - row[1]) for row in rows],
                             "scores": [row[2] if a == stronger else 1.0 - row[2] for row in rows],
                             "deals_per_board": data["deals_per_board"],
                             "seconds": data.get("run", {}).get("seconds", 0.0)})
    if not runs:
        return None
    return {"seed": runs[0]["seed"], "seeds": [run["seed"] for run in runs],
            "margins": [m for run in runs for m in run["margins"]],
            "scores": [score for run in runs for score in run["scores"]],
            "deals_per_board": runs[0]["deals_per_board"], "seconds": sum(run["seconds"] for run in runs)}


def _rung_run(store: Path | None, key: str, play: PlayRung, *, boards: int, seed: int) -> RungRun:
    """A rung's boards: kept whole (``<key>-n<boards>``) when so played, else played and kept in parts of
    :data:`CHUNK_BOARDS` boards, part ``j`` a tournament of seed ``derive_seed(seed, j)`` (independent boards, as
    good as one tournament's), so that a long run interrupted keeps the parts it finished."""
    whole = f"{key}-n{boards}"
    if store is None or (store / "runs" / f"{whole}.json").is_file() or boards % CHUNK_BOARDS:
        return _stored(store, whole, partial(play, boards=boards, seed=seed))
    parts = [_stored(store, f"{key}-k{CHUNK_BOARDS}-c{part}",
                     partial(play, boards=CHUNK_BOARDS, seed=derive_seed(seed, part)))
             for part in range(boards // CHUNK_BOARDS)]
    return {"seed": seed, "margins": [m for run in parts for m in run["margins"]],
            "scores": [score for run in parts for score in run["scores"]],
            "deals_per_board": parts[0]["deals_per_board"], "seconds": sum(run["seconds"] for run in parts)}


def _stored(store: Path | None, key: str, play: Callable[[], RunT]) -> RunT:
    """The boards of the match ``key``: read from ``store/runs`` when played before, else played (and kept)."""
    if store is None:
        return play()
    path = store / "runs" / f"{key}.json"
    if path.is_file():
        kept: RunT = json.loads(path.read_text(encoding="utf-8"))
        return kept
    run = play()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(run) + "\n", encoding="utf-8")
    return run


def _oracle_module(game_type: GameType) -> str:
    return game_type.state.__module__.rpartition(".")[0] + ".bots.oracle"


def has_oracle(game_type: GameType) -> bool:
    """Whether the game's package has a perfect-information player (``bots/oracle.py``)."""
    return importlib.util.find_spec(_oracle_module(game_type)) is not None


def oracle_margins(game_type: GameType, level: str, *, boards: int, seed: int, workers: int) -> list[float]:
    """For each board, the oracle's points per deal minus ``level``'s, the board dealt in every seating."""
    jobs = [(game_type.name, level, seed, board) for board in range(boards)]
    if workers <= 1:
        return [_oracle_board(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_oracle_board, jobs, chunksize=max(1, boards // (4 * workers))))


def _oracle_board(job: tuple[str, str, int, int]) -> float:
    """One board between the oracle (side 0) and a level (side 1), as :func:`academie.tournament.play_board`
    deals it: the same board seed, seat 0 dealing, the sides changing seats."""
    name, level, seed, board = job
    game_type = load(name)
    seats = default_seats(game_type, None)
    board_seed = derive_seed(seed, board)
    oracle_class = importlib.import_module(_oracle_module(game_type)).OracleBot
    total = Fraction(0)
    plan = seatings(game_type, seats)
    options: dict[str, int] = {"players": seats} if game_type.min_seats != game_type.max_seats else {}
    for seating in plan:
        state = game_type.new(None, seed=board_seed, first_dealer=0, **options)
        players: list[Bot] = [oracle_class(seed=derive_seed(board_seed, seat + 1)) if side == 0 else
                              game_type.make_bot(level, seed=derive_seed(board_seed, seat + 1))
                              for seat, side in enumerate(seating)]
        points = _play_deal(game_type, state, players)
        mine = [p for p, side in zip(points, seating, strict=True) if side == 0]
        theirs = [p for p, side in zip(points, seating, strict=True) if side == 1]
        total += Fraction(sum(mine), len(mine)) - Fraction(sum(theirs), len(theirs))
    return float(total / len(plan))


def _play_deal(game_type: GameType, state: Game, players: Sequence[Bot]) -> tuple[int, ...]:
    for _ in range(game_type.max_actions_per_deal):
        if state.deal_results:
            return tuple(state.deal_results[0].points)
        seat = state.actor
        assert seat is not None and seat >= 0, "chance deals and the table rules by themselves here"
        player = players[seat]
        if hasattr(player, "see"):
            player.see(state)
        state.apply(player.choose(state.view(seat)))
    raise LadderError(f"a {game_type.name} deal went past {game_type.max_actions_per_deal} actions without ending")


def _timing_run(game_type: GameType, level: str, *, deals: int, seats: int) -> TimingRun:
    timing = time_decisions(game_type, level, deals=deals, seats=seats)
    return TimingRun(level=timing.level, decisions=timing.decisions, median=round(timing.median, 4),
                     p90=round(timing.p90, 4))


def time_decisions(game_type: GameType, level: str, *, deals: int, seats: int) -> Timing:
    """The level's time per decision over ``deals`` deals with that level in every seat (decisions with one legal
    action left out: every bot answers them at once). The time is the processor time of this process, so that
    other work on the machine does not count in it."""
    times: list[float] = []
    options: dict[str, int] = {"players": seats} if game_type.min_seats != game_type.max_seats else {}
    for deal in range(deals):
        state = game_type.new(None, seed=derive_seed(TIMING_SEED, deal), first_dealer=0, **options)
        players: list[Bot] = [game_type.make_bot(level, seed=seat) for seat in range(seats)]
        for _ in range(game_type.max_actions_per_deal):
            if state.deal_results:
                break
            seat = state.actor
            assert seat is not None and seat >= 0, "chance deals and the table rules by themselves here"
            view = state.view(seat)
            started = time.process_time()
            action = players[seat].choose(view)
            if len(view.legal_actions) > 1:
                times.append(time.process_time() - started)
            state.apply(action)
    ordered = sorted(times) or [0.0]
    return Timing(level=level, decisions=len(times), median=ordered[len(ordered) // 2],
                  p90=ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))])


# ------------------------------------------------------------------------------------------------ writing
def table(ladders: Sequence[Ladder]) -> str:
    """The Markdown table of the ladders: one row per rung, then the gaps to the perfect-information player."""
    lines = ["| game | level | against | boards | points per deal more, 95% | boards won, 95% | "
             "decision p50 / p90 (CPU) |",
             "|---|---|---|---|---|---|---|"]
    for result in ladders:
        timing = {t.level: t for t in result.timings}
        for rung in result.rungs:
            lines.append(f"| {result.title} | **{rung.stronger}** | {rung.weaker} | {rung.boards:,} | "
                         f"{_interval(rung.margin, '+.3f')} | {_interval(rung.win_rate, '.0%')} | "
                         f"{_timing(timing.get(rung.stronger))} |")
    gaps = [(result.title, gap) for result in ladders for gap in result.gaps]
    if gaps:
        lines += ["", "How far each level is from the perfect-information player (who sees every card): its points "
                  "per deal more than the level's.", "",
                  "| game | level | boards | perfect information's points per deal more, 95% |", "|---|---|---|---|"]
        lines += [f"| {title} | {gap.level} | {gap.boards:,} | {_interval(gap.margin, '+.3f')} |"
                  for title, gap in gaps]
    return "\n".join(lines) + "\n"


def _interval(value: Estimate, spec: str) -> str:
    return f"{value.value:{spec}} [{value.low:{spec}}, {value.high:{spec}}]"


def _timing(timing: Timing | None) -> str:
    return "—" if timing is None else f"{timing.median:.3f} s / {timing.p90:.3f} s"


def write(ladders: Sequence[Ladder], folder: Path, *, readme: Path | None = None) -> list[Path]:
    """Write ``<game>.json`` and ``<game>.png`` per ladder and ``ladder.md`` into ``folder``; with ``readme``,
    put the table between its :data:`MARKERS` lines. Returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for result in ladders:
        target = folder / f"{result.game}.json"
        target.write_text(json.dumps(result.as_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        picture = folder / f"{result.game}.png"
        plot(result, picture)
        written += [target, picture]
    text = table(ladders)
    summary = folder / "ladder.md"
    summary.write_text(text, encoding="utf-8")
    written.append(summary)
    if readme is not None:
        _put_in_readme(readme, text)
        written.append(readme)
    return written


def _put_in_readme(readme: Path, text: str) -> None:
    content = readme.read_text(encoding="utf-8")
    start, end = MARKERS
    if content.count(start) != 1 or content.count(end) != 1 or content.index(start) > content.index(end):
        raise LadderError(f"{readme} needs one line {start} and, after it, one line {end} to hold the ladder")
    before = content[:content.index(start) + len(start)]
    after = content[content.index(end):]
    readme.write_text(f"{before}\n{text}{after}", encoding="utf-8")


def plot(result: Ladder, path: Path) -> None:
    """A PNG of one ladder: each rung's margin with its interval, and the gaps to perfect information."""
    from matplotlib.figure import Figure

    rows = [(f"{rung.stronger} over {rung.weaker}\n{rung.boards:,} boards", rung.margin) for rung in result.rungs]
    rows += [(f"perfect information over {gap.level}\n{gap.boards:,} boards", gap.margin) for gap in result.gaps]
    figure = Figure(figsize=(9, 1.2 + 0.7 * len(rows)), layout="constrained")
    axes = figure.subplots()
    for row, (_, value) in enumerate(rows):
        colour = "C0" if row < len(result.rungs) else "C3"
        axes.plot([value.low, value.high], [row, row], color=colour, linewidth=6, alpha=0.35, solid_capstyle="round")
        axes.plot([value.value], [row], "o", color=colour, markersize=8)
        axes.annotate(f"{value.value:+.3f} [{value.low:+.3f}, {value.high:+.3f}]", (value.high, row),
                      xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
    low = min([0.0, *(value.low for _, value in rows)])
    high = max([0.0, *(value.high for _, value in rows)])
    axes.set_xlim(low - 0.05 * (high - low or 1.0), high + 0.45 * (high - low or 1.0))  # room for the labels
    axes.axvline(0.0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_yticks(range(len(rows)), [label for label, _ in rows], fontsize=8)
    axes.set_ylim(len(rows) - 0.4, -0.6)
    axes.set_xlabel("points per deal more (95% interval over boards)")
    axes.set_title(f"{result.title}: the ladder, seed {result.seed}"
                   + (" (strictly ordered)" if result.strictly_ordered else " (NOT strictly ordered)"), fontsize=10)
    axes.grid(axis="x", alpha=0.3)
    figure.savefig(path, format="png", dpi=100)
