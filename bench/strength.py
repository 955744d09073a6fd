"""A bot against its own older self on duplicate boards (``python -m bench.strength --against SRC``; never part of
the tests).

Issue 29 bounded the search bots' work (``academie.bots.Work``) so that every decision stays under a second; this
measures what that cost in play. The bots of this checkout (*new*) play the bots of the package found in the
folder ``SRC`` (*old*, e.g. the source tree before the budgets: ``git worktree add --detach /tmp/pre-budget
0d0a06e``, then ``--against /tmp/pre-budget/src``), one level (``--level``, default expert) on both sides.

Boards. Board ``b`` is one deck order, dealt from ``derive_seed(seed, b)`` by seat 0, played once per seating:

- an even table (Whist's partnerships, La Guimbarde and La Guinguette at four or six): twice, new in the even seats
  and old in the odd ones, then the other way round, so that every hand is played once by each version;
- an odd table: the ladder's seatings (``academie.tournament.seatings``), each version alone in every seat in turn
  against copies of the other.

The bot in seat ``s`` is seeded ``derive_seed(board_seed, s + 1)`` whichever version holds it (as in
``academie tournament``). A board's *margin* is new's mean points per deal minus old's, over its deals; the luck of
the cards cancels within a board, and the report gives the mean margin over boards with its 95% interval (normal
approximation over boards, which are independent), the share of boards new won, and each side's processor time
per decision (decisions with more than one legal action), mean and max.

The old version runs in a process of its own (``PYTHONPATH=SRC``), which keeps its own copy of each deal: it is
sent the actions played since it last chose, in their text form, replays them, checks that its legal actions are
the ones the referee (this checkout's state) offers, and answers its bot's choice as text. The two versions never
share an object, so any older package whose games read and write the same action texts can be measured.

Conclusions are drawn against a margin fixed before the runs (:data:`MARGINS`): half of the expert's lead over the
search bot on the ladder (docs/ladder.md), in points per deal. *Kept its strength* (non-inferiority) when the
interval's low end is above minus the margin; *equivalent* when the whole interval lies within plus or minus the
margin; *weaker* when its high end is below zero; else *inconclusive* (more boards needed).

A board's course depends only on the game, the seats, the level, the seed and its number, never on ``--workers``
nor on the run that plays it: ``--first N`` plays boards ``N`` onwards, so that runs of consecutive boards (run
one after another, or side by side for two games) can be pooled afterwards with ``--pool FILE ...``, which gives
the figures of one run over all their boards.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any, Final

import academie
from academie.games import GameType, load, make_bot
from academie.sim import derive_seed, mean_ci
from academie.tournament import run_work
from academie.tournament import seatings as ladder_seatings
from bench import Figure, machine

SEED: Final = 1
LEVEL: Final = "expert"
TABLES: Final = {"guimbarde": 4, "whist": 4, "guinguette": 4}
"""The games measured by default and their table sizes: the ladder's (docs/ladder.md)."""
MARGINS: Final = {"whist": 0.058, "guimbarde": 0.058, "guinguette": 0.249}
"""Points per deal, fixed before the runs: half of the expert's lead over the search bot on the ladder (Whist
+0.117, La Guimbarde +0.115, La Guinguette +0.498 points per deal)."""
BOARDS_PER_TASK: Final = 2
RESULTS: Final = Path(__file__).resolve().parent / "results"
ROOT: Final = Path(__file__).resolve().parent.parent


class StrengthError(RuntimeError):
    """The older version could not be driven (it failed, or its deal drifted from the referee's)."""


# ------------------------------------------------------------------------------------------------ the other side
def serve(stdin: IO[str], stdout: IO[str]) -> None:
    """The old version's side (run with ``PYTHONPATH=SRC``): one JSON request a line, one answer a line.

    ``{"deal": board_seed, "game": ..., "seats": n, "level": ..., "holds": [seat, ...]}`` starts a deal (its bots in
    the seats it holds); ``{"seat": s, "moves": [text, ...], "legal": [text, ...]}`` replays the moves played since
    the last request and answers ``{"action": text, "cpu_s": seconds}``; an error answers ``{"error": text}``."""
    state: Any = None
    bots: dict[int, Any] = {}
    print(json.dumps({"package": str(Path(academie.__file__).resolve().parent)}), file=stdout, flush=True)
    for request_line in stdin:
        request = json.loads(request_line)
        try:
            if "deal" in request:
                state, bots = _new_deal(request["game"], request["seats"], request["deal"], request["level"],
                                        request["holds"])
                answer: dict[str, object] = {"ready": True}
            else:
                for move in request["moves"]:
                    state.apply_text(move)
                seat = request["seat"]
                view = state.view(seat)
                legal = [str(action) for action in view.legal_actions]
                if state.actor != seat or legal != request["legal"]:
                    raise StrengthError(f"the old deal drifted: actor {state.actor}, legal {legal}")
                cpu = time.process_time()
                action = bots[seat].choose(view)
                answer = {"action": str(action), "cpu_s": time.process_time() - cpu}
        except Exception as error:  # every failure goes back to the driver, which raises it
            answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), file=stdout, flush=True)


def _new_deal(game: str, seats: int, board_seed: int, level: str, holds: Sequence[int]) -> tuple[Any, dict[int, Any]]:
    """A deal dealt from ``board_seed`` by seat 0, and ``level`` bots in the seats ``holds`` (seeded by seat)."""
    game_type = load(game)
    options: dict[str, int] = {"players": seats} if game_type.min_seats != game_type.max_seats else {}
    state = game_type.new(None, seed=board_seed, first_dealer=0, **options)
    return state, {seat: make_bot(game, level, seed=derive_seed(board_seed, seat + 1)) for seat in holds}


class Other:
    """The old version's process (see :func:`serve`)."""

    def __init__(self, src: Path) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(src.resolve()), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        self._process = subprocess.Popen([sys.executable, "-m", "bench.strength", "--serve"], cwd=ROOT, env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.package = str(self._read()["package"])
        if not Path(self.package).is_relative_to(src.resolve()):
            self.close()
            raise StrengthError(f"--against {src}: the other process imported academie from {self.package}")

    def ask(self, request: dict[str, object]) -> dict[str, object]:
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise StrengthError(f"the old version failed: {answer['error']}")
        return answer

    def _read(self) -> dict[str, object]:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise StrengthError(f"the old version's process ended (code {self._process.wait()})")
        answer: dict[str, object] = json.loads(line)
        return answer

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait()


_OTHERS: dict[Path, Other] = {}


def _other(src: Path) -> Other:
    """This process's old version (one per worker, started on its first task, ended with the worker)."""
    if src not in _OTHERS:
        _OTHERS[src] = Other(src)
        atexit.register(_OTHERS[src].close)
    return _OTHERS[src]


# ------------------------------------------------------------------------------------------------ boards
@dataclass(frozen=True, slots=True)
class Task:
    """Boards ``first`` to ``last - 1``: the unit of work of a worker."""

    game: str
    seats: int
    level: str
    seed: int
    src: Path
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Board:
    """One board: each version's mean points per deal, and its decisions with more than one legal action (count,
    processor time in all, the longest)."""

    board: int
    new_points: float
    old_points: float
    new_decisions: int
    new_cpu_s: float
    new_max_s: float
    old_decisions: int
    old_cpu_s: float
    old_max_s: float


def seatings(game: GameType, seats: int) -> tuple[tuple[int, ...], ...]:
    """Who holds each seat in a board's deals: 0 for new, 1 for old (see the module's docstring).

    >>> seatings(load("guimbarde"), 4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> len(seatings(load("guimbarde"), 3))
    6
    """
    if seats % 2 == 0:
        return tuple(tuple((seat + side) % 2 for seat in range(seats)) for side in (0, 1))
    return ladder_seatings(game, seats)


def play_board(task: Task, board: int) -> Board:
    """Board ``board``, dealt once per seating."""
    game = load(task.game)
    other = _other(task.src)
    board_seed = derive_seed(task.seed, board)
    options: dict[str, int] = {"players": task.seats} if game.min_seats != game.max_seats else {}
    points = [0.0, 0.0]
    decisions, cpu, longest = [0, 0], [0.0, 0.0], [0.0, 0.0]
    plan = seatings(game, task.seats)
    for seating in plan:
        state = game.new(None, seed=board_seed, first_dealer=0, **options)
        mine = {seat: make_bot(game.name, task.level, seed=derive_seed(board_seed, seat + 1))
                for seat, side in enumerate(seating) if side == 0}
        other.ask({"deal": board_seed, "game": game.name, "seats": task.seats, "level": task.level,
                   "holds": [seat for seat, side in enumerate(seating) if side == 1]})
        moves: list[str] = []
        sent = 0
        for _ in range(game.max_actions_per_deal):
            if state.deal_results:
                break
            seat = state.actor
            assert isinstance(seat, int) and seat >= 0, "chance deals by itself here"
            view = state.view(seat)
            side = seating[seat]
            if side == 0:
                spent = time.process_time()
                action = mine[seat].choose(view)
                spent = time.process_time() - spent
            else:
                answer = other.ask({"seat": seat, "moves": moves[sent:],
                                    "legal": [str(legal) for legal in view.legal_actions]})
                sent = len(moves)
                action, spent = state.parse_action(str(answer["action"])), float(str(answer["cpu_s"]))
            if len(view.legal_actions) > 1:
                decisions[side] += 1
                cpu[side] += spent
                longest[side] = max(longest[side], spent)
            state.apply(action)
            moves.append(str(action))
        else:
            raise StrengthError(f"a {game.name} deal went past {game.max_actions_per_deal} actions")
        dealt = state.deal_results[0].points
        for side in (0, 1):
            held = [p for p, holder in zip(dealt, seating, strict=True) if holder == side]
            points[side] += sum(held) / len(held) / len(plan)
    return Board(board, points[0], points[1], decisions[0], cpu[0], longest[0], decisions[1], cpu[1], longest[1])


def play_task(task: Task) -> tuple[Board, ...]:
    return tuple(play_board(task, board) for board in range(task.first, task.last))


# ------------------------------------------------------------------------------------------------ report
def conclusion(low: float, high: float, margin: float) -> str:
    """What the interval allows concluding against the margin fixed before the run (module docstring).

    >>> conclusion(-0.03, 0.04, 0.058), conclusion(-0.05, 0.2, 0.058), conclusion(-0.3, -0.01, 0.058)
    ('equivalent', 'kept its strength', 'weaker')
    >>> conclusion(-0.2, 0.1, 0.058)
    'inconclusive'
    """
    if high < 0:
        return "weaker"
    if low > -margin:
        return "equivalent" if high < margin else "kept its strength"
    return "inconclusive"


def summarise(game: str, seats: int, level: str, boards: Sequence[Board]) -> Figure:
    margins = [b.new_points - b.old_points for b in boards]
    value, (low, high) = mean_ci(margins)
    won, (won_low, won_high) = mean_ci([1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins])
    new_decisions = sum(b.new_decisions for b in boards)
    old_decisions = sum(b.old_decisions for b in boards)
    margin = MARGINS.get(game, 0.0)
    return {"game": game, "seats": seats, "level": level, "boards": len(boards),
            "deals_per_board": len(seatings(load(game), seats)),
            "margin": {"value": value, "low": low, "high": high},
            "boards_won": {"value": won, "low": max(0.0, won_low), "high": min(1.0, won_high)},
            "equivalence_margin": margin, "conclusion": conclusion(low, high, margin),
            "new_cpu_per_decision_s": sum(b.new_cpu_s for b in boards) / max(1, new_decisions),
            "old_cpu_per_decision_s": sum(b.old_cpu_s for b in boards) / max(1, old_decisions),
            "new_cpu_max_s": max(b.new_max_s for b in boards), "old_cpu_max_s": max(b.old_max_s for b in boards),
            "new_decisions": new_decisions, "old_decisions": old_decisions,
            "per_board": [asdict(b) for b in boards]}


def line(figure: Figure) -> str:
    m, w = figure["margin"], figure["boards_won"]
    return (f"| {figure['game']} | {figure['seats']} | {figure['level']} | {figure['boards']} × "
            f"{figure['deals_per_board']} | {m['value']:+.3f} [{m['low']:+.3f}, {m['high']:+.3f}] | "
            f"{w['value']:.0%} [{w['low']:.0%}, {w['high']:.0%}] | ±{figure['equivalence_margin']:.3f}: "
            f"{figure['conclusion']} | {figure['new_cpu_per_decision_s']:.3f} / {figure['new_cpu_max_s']:.2f} | "
            f"{figure['old_cpu_per_decision_s']:.3f} / {figure['old_cpu_max_s']:.2f} | "
            f"{figure['load_before']:.1f}–{figure['load_after']:.1f} | {figure['seconds']:.0f} |")


HEADER = ("| game | seats | level | boards × deals | new − old, points per deal, 95% | boards won by new | margin: "
          "conclusion | new CPU per decision mean / max (s) | old CPU mean / max (s) | load | seconds |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


def measure(game: str, seats: int, *, level: str, boards: int, first: int, seed: int, src: Path,
            workers: int) -> Figure:
    """One game's boards ``first`` to ``first + boards - 1``, on ``workers`` processes, each with its old version's
    process."""
    last = first + boards
    tasks = [Task(game, seats, level, seed, src, start, min(last, start + BOARDS_PER_TASK))
             for start in range(first, last, BOARDS_PER_TASK)]
    loads, clock = os.getloadavg(), time.perf_counter()
    results: list[tuple[Board, ...] | None] = [None] * len(tasks)
    for done, (index, played) in enumerate(run_work(play_task, tasks, backend="process", workers=workers), 1):
        results[index] = played
        print(f"[bench.strength] {game}: {done}/{len(tasks)} tasks, {time.perf_counter() - clock:.0f} s",
              flush=True)
    figure = summarise(game, seats, level, [board for played in results if played for board in played])
    figure["load_before"], figure["load_after"] = loads[0], os.getloadavg()[0]
    figure["seconds"] = time.perf_counter() - clock
    return figure


def pool(paths: Sequence[Path]) -> list[Figure]:
    """The figures of several runs' JSON files, each game's boards put together (each board once, in order):
    the load is the lowest and highest seen, the seconds their sum."""
    runs: dict[tuple[str, int, str, int], list[Figure]] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for figure in data["figures"]:
            key = (figure["game"], figure["seats"], figure["level"], figure.get("seed", SEED))
            runs.setdefault(key, []).append(figure)
    pooled = []
    for (game, seats, level, seed), figures in runs.items():
        boards = {entry["board"]: Board(**entry) for figure in figures for entry in figure["per_board"]}
        if len(boards) != sum(len(figure["per_board"]) for figure in figures):
            raise StrengthError(f"{game}: the runs pooled play some boards twice")
        merged = summarise(game, seats, level, [boards[number] for number in sorted(boards)])
        merged["seed"] = seed
        merged["load_before"] = min(min(f["load_before"], f["load_after"]) for f in figures)
        merged["load_after"] = max(max(f["load_before"], f["load_after"]) for f in figures)
        merged["seconds"] = sum(f["seconds"] for f in figures)
        pooled.append(merged)
    return pooled


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, default=None,
                        help="a folder holding the older academie package (e.g. /tmp/pre-budget/src)")
    parser.add_argument("--game", default=",".join(TABLES),
                        help=f"comma-separated games (default {','.join(TABLES)})")
    parser.add_argument("--players", type=int, default=None,
                        help="the table size (default: the ladder's, " + ", ".join(
                            f"{game} {seats}" for game, seats in TABLES.items()) + ")")
    parser.add_argument("--level", default=LEVEL, help=f"the level on both sides (default {LEVEL})")
    parser.add_argument("--boards", type=int, default=150, help="boards per game (default 150)")
    parser.add_argument("--first", type=int, default=0, help="the first board's number (default 0)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the boards' seed (default {SEED})")
    parser.add_argument("--workers", type=int, default=1, help="processes playing boards (default 1)")
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON file to write (default: bench/results/strength-<timestamp>.json; with --pool, none)")
    parser.add_argument("--pool", type=Path, nargs="+", default=None,
                        help="JSON files of earlier runs: print their figures, each game's boards put together")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.serve and args.pool is None:
        if args.against is None or not (args.against / "academie").is_dir():
            parser.error(f"--against must name a folder holding an academie package; got {args.against}")
        if args.boards < 2 or args.workers < 1 or args.first < 0:
            parser.error(f"--boards must be at least 2, --workers at least 1 and --first at least 0; got "
                         f"{args.boards}, {args.workers}, {args.first}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.serve:
        serve(sys.stdin, sys.stdout)
        return 0
    if args.pool is not None:
        pooled = pool(args.pool)
        print(HEADER)
        for figure in pooled:
            print(line(figure))
        if args.out is not None:
            data = {"pooled": [str(path) for path in args.pool], "figures": pooled}
            args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return 0
    started, clock = time.strftime("%Y%m%d-%H%M%S"), time.perf_counter()
    print(f"[bench.strength] {args.level}: this checkout against {args.against}, {args.boards} boards a game, "
          f"seed {args.seed}, load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    figures = []
    for game in args.game.split(","):
        seats = args.players or TABLES.get(game) or load(game).min_seats
        figure = measure(game, seats, level=args.level, boards=args.boards, first=args.first, seed=args.seed,
                         src=args.against, workers=args.workers)
        figure["seed"] = args.seed
        figures.append(figure)
        print(f"[bench.strength] {line(figures[-1])}", flush=True)
    print("\n" + HEADER)
    for figure in figures:
        print(line(figure))
    out = args.out or RESULTS / f"strength-{started}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {"machine": machine(), "argv": sys.argv[1:], "against": str(args.against),
            "seconds": time.perf_counter() - clock, "figures": figures}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\n[bench.strength] wrote {out} after {data['seconds']:.0f} s, load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
