"""Quinze bots, the Form B solver, its analysis command, and the terminal game through the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie import record
from academie.cli import app
from academie.engine import PUBLIC
from academie.games import make_bot
from academie.games.quinze import Phase, QuinzeRules, QuinzeState, unseen_cards
from academie.games.quinze.bots.classical import bust_chance
from academie.games.quinze.bots.solver import matrix_game, policy_table, solve

FULL = (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
runner = CliRunner()


def test_Q_5_8_bust_chances_of_the_rule_file_table() -> None:
    """Q-§5.8 / rule file §8: the chance of busting on the next card from a full pack, totals 6 to 14."""
    expected = (0.31, 0.38, 0.46, 0.54, 0.62, 0.69, 0.77, 0.85, 0.92)
    assert tuple(round(bust_chance(total, FULL), 2) for total in range(6, 15)) == expected
    assert bust_chance(4, FULL) == 0.0


@pytest.mark.parametrize(("form", "players"), [("A", 2), ("A", 4), ("A", 6), ("B", 2)])
def test_Q_5_3_classical_and_random_always_choose_legal_actions(form: str, players: int) -> None:
    """Q-§5.3: the classical bot's every choice is legal and explained with the paragraph it follows."""
    for seed in range(15):
        state = QuinzeState.new(QuinzeRules(form=form, players=players), seed=seed)  # type: ignore[arg-type]
        bots = [make_bot("quinze", "classical" if s % 2 == 0 else "random", seed=s) for s in range(players)]
        while not state.is_terminal:
            seat = state.actor
            assert isinstance(seat, int)
            action = bots[seat].choose(state.view(seat))
            assert action in state.legal_actions()
            if seat % 2 == 0:
                assert "§" in bots[seat].explain() or "QUINZE" in bots[seat].explain()
            state.apply(action)


def test_Q_R12_samples_agree_with_the_view() -> None:
    """Q-R12: a sampled world keeps everything the seat knows (its hidden card, every card face up, the caves and
    stakes, its legal actions) and deals only unseen cards to the rest."""
    rng = random.Random(3)
    built = 0
    for seed in range(40):
        state = QuinzeState.new(QuinzeRules(players=3 + seed % 3), seed=seed)
        while not state.is_terminal:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            if view.phase in (Phase.OPENING, Phase.DRAW):
                world = QuinzeState.sample(view, rng)
                built += 1
                mine = world.view(seat)
                assert (mine.hole[seat], mine.up, mine.caves, mine.contributions, mine.legal_actions) == (
                    view.hole[seat], view.up, view.caves, view.contributions, view.legal_actions)
                assert sum(unseen_cards(view).values()) == sum(unseen_cards(mine).values())
            state.apply(rng.choice(state.legal_actions()))
    assert built > 500


def test_Q_5_2_search_bot_chooses_legal_actions() -> None:
    """Q-§5.2, Q-§5.3: the search bot samples the unseen cards and picks a legal action, explaining its estimate."""
    state = QuinzeState.new(QuinzeRules(players=3), seed=8)
    bot = make_bot("quinze", "search", seed=1, samples=6)
    for _ in range(12):
        if state.is_terminal:
            break
        seat = state.actor
        assert isinstance(seat, int)
        action = bot.choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)


def test_matrix_game_solves_rock_paper_scissors() -> None:
    """The matrix-game solver used by the double oracle: rock-paper-scissors is worth 0, played uniformly."""
    x, y, value = matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert value == pytest.approx(0.0, abs=1e-12)
    assert x == pytest.approx([1 / 3] * 3) and y == pytest.approx([1 / 3] * 3)


def test_Q_H1_solver_finds_mutual_best_responses() -> None:
    """Q-§5.8, Q-H1: on a 13-card pack the solved policies are best responses to each other (the elder's best reply
    and the dealer's best reply both give the game's value) and the elder, who wins ties, has the edge."""
    solution = solve(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), copies=1)
    assert solution.equilibrium
    assert solution.check == pytest.approx(solution.value, abs=1e-9)
    assert solution.floor == pytest.approx(solution.value, abs=1e-9)
    assert solution.value > 0
    table = policy_table(solution)
    assert table[0].startswith("Le Quinze, Form B") and any(line.strip().startswith("15  stand") for line in table)


def test_analyse_quinze_prints_the_table_and_judges_a_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Q-§5.8: ``academie analyse quinze [RECORD]`` (the solver on a 13-card pack here, for speed)."""
    import academie.games.quinze.analysis as analysis

    small = solve(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), copies=1)
    monkeypatch.setattr(analysis, "solution_for", lambda rules, **_: small)
    result = runner.invoke(app, ["analyse", "quinze", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0].startswith("Le Quinze, Form B")
    state = QuinzeState.new(QuinzeRules(form="B"), seed=4)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    path = tmp_path / "b.acad"
    record.save_file(record.from_state(state), path)
    result = runner.invoke(app, ["analyse", "quinze", str(path)])
    assert result.exit_code == 0 and "Decisions of the record" in result.stdout
    result = runner.invoke(app, ["analyse", "whist"])
    assert result.exit_code == 2 and "needs a record" in result.stderr


def test_play_quinze_through_a_pipe_and_replay(tmp_path: Path) -> None:
    """Q-R18: ``academie play quinze --players 3`` to the end through a pipe; the record replays to the result."""
    target = tmp_path / "q.acad"
    result = runner.invoke(app, ["play", "quinze", "--players", "3", "--bot", "classical", "--seed", "5", "--save",
                                 str(target)], input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "Pot" in result.stdout and "The partie is over (Q-R18). Final caves:" in result.stdout
    state = record.replay(record.load_file(target))
    assert state.is_terminal and state.n == 3 and state.ledger.total() == 0
    replayed = runner.invoke(app, ["replay", str(target)])
    assert replayed.exit_code == 0 and "Final caves:" in " ".join(replayed.stdout.splitlines()[-4:])
    form_b = runner.invoke(app, ["play", "quinze", "--form", "B", "--seed", "2", "--save", str(tmp_path / "b.acad")],
                           input="2\n" * 200)
    assert form_b.exit_code == 0 and "Q-§5.8" in form_b.stdout
    assert state.view(PUBLIC).coup == len(state.deal_results)


REDUCED = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def test_Q_5_8_stored_policy_module_renders_the_solver_exactly_on_a_reduced_pack() -> None:
    """Q-§5.8: the module that stores the optimal Form B policy, rendered for a 13-card pack and read back, gives
    the solver's behaviour strategy for every hand either player can reach."""
    from academie.games.quinze.bots.policy import decode, policy_from_solution, render_table_module

    solution = solve(values=REDUCED, copies=1)
    namespace: dict[str, object] = {}
    exec(compile(render_table_module(solution), "table", "exec"), namespace)  # our own rendering
    table = namespace["TABLE"]
    assert isinstance(table, tuple)
    stored = decode(" ".join(table), solution.kinds)
    expected = policy_from_solution(solution)
    assert stored == expected and stored.elder and stored.dealer
    for hand, p in stored.elder.items():
        assert p == pytest.approx(solution.elder_draw_probability(hand), abs=1e-6)


def test_Q_5_8_stored_default_policy_spot_checks() -> None:
    """Q-§5.8, Q-H1: the committed table for the 52-card pack: nobody draws on 15, everybody draws when no card can
    bust him, the elder has the edge, and every hand the elder draws from leads to hands the table covers."""
    from academie.games.quinze.bots.policy import form_b_policy

    policy = form_b_policy(QuinzeRules(form="B"))
    kinds = policy.kinds
    assert 0.05 < policy.value < 0.07
    assert len(policy.elder) > 300 and len(policy.dealer) > 1500
    for hand, p in policy.elder.items():
        total = kinds.total(hand)
        assert p == (0 if total == 15 else 1 if total <= 5 else p)
        if p > 0:
            children = [(*hand[:k], hand[k] + 1, *hand[k + 1:]) for k in range(len(hand))
                        if hand[k] < kinds.counts[k]]
            assert all(c in policy.elder for c in children if kinds.total(c) <= 15)
    for (count, hand), p in policy.dealer.items():  # he may stand low when the elder's many cards have likely bust
        total = kinds.total(hand)
        assert p == (0 if total == 15 else 1 if total <= 5 and count == 1 else p)
    assert {count for count, _ in policy.dealer} == set(range(1, 8))


def test_Q_5_8_classical_plays_form_b_by_the_exact_policy() -> None:
    """Q-§5.8: the classical Form B bot draws exactly when the optimal policy does (pure decisions), with the
    optimal frequency on mixed ones, and says so; Q16: over fifteen, the elder says he stands, and says why."""
    from academie.games.quinze.bots.policy import form_b_policy

    rules = QuinzeRules(form="B")
    policy = form_b_policy(rules)
    decisions = busts = 0
    for seed in range(40):
        state = QuinzeState.new(rules, seed=seed)
        bot = make_bot("quinze", "classical", seed=seed)
        while not state.is_terminal and not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            if view.busted[seat]:
                assert seat != view.dealer and bot.choose(view) == state.legal_actions()[0]
                assert str(state.legal_actions()[0]) == "stand" and "keeps his bust to himself" in bot.explain()
                state.apply(state.legal_actions()[0])
                busts += 1
                continue
            hand = policy.hand([c for c in (view.hole[seat], *view.up[seat]) if c is not None], rules)
            p = policy.dealer_draws(view.drawn[1 - seat] + 1, hand) if seat == view.dealer else \
                policy.elder_draws(hand)
            action = bot.choose(view)
            assert p is not None and "§5.8 Form B, the exact solution" in bot.explain()
            if p in (0, 1):
                assert (str(action) == "card") == (p == 1)
                decisions += 1
            state.apply(action)
    assert decisions > 60 and busts > 0
