"""Écarté's opening solved as a game (issue 34): a tiny game solved by hand, the classes and their exact counts
against the formulas, the equilibrium of sampled deals checked by an independent best response, and the report
reproduced from its seed through the command line."""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from test_analysis_ecarte import deal_of
from typer.testing import CliRunner

from academie.cards import Card, parse_cards
from academie.cli import app
from academie.games.ecarte.analysis import ELDER_HANDS_WITH_TURN_UPS, AnalysisError
from academie.games.ecarte.opening import (
    EPSILON,
    EQUILIBRIUM_FILE,
    HandClass,
    Job,
    KingOfTrumps,
    OpeningGame,
    SolvedDeal,
    build_report,
    class_frequencies,
    gains,
    game_of,
    hand_class,
    plan,
    read_strategy,
    run_job,
    solve,
    solved_deal,
)
from academie.report import markdown

runner = CliRunner()


def tiny_game() -> OpeningGame[str]:
    """Two deals of one elder class each, one dealer class. Strong: stand 1, refused 2, accepted 0; weak: stand
    −2, refused −1, accepted 0 (sums over the two deals: the game's points are per deal, halved)."""
    return OpeningGame.from_sums(stand=[[1.0], [-2.0]], refuse=[[2.0], [-1.0]], accept=[[0.0], [0.0]], deals=2,
                                 elder=("strong", "weak"), dealer=("any",))


def test_ECARTE_VI_1_ECARTE_VI_7_ECARTE_VI_8_a_tiny_opening_solved_by_hand() -> None:
    """The weak hand always proposes (−ρ > −2 whatever the dealer's refusals ρ). The strong hand stands for 1 or
    proposes for 2ρ: it is indifferent at ρ = 1/2. The dealer, facing the weak hand always and the strong one
    with probability q, loses ½(2q) − ½ by refusing and nothing by accepting: indifferent at q = 1/2. So the
    strong hand stands half the time, the dealer refuses half the time, and the elder's value is
    ½·1 + ½·(−½) = 1/4 a deal."""
    solution = solve(tiny_game(), epsilon=1e-7)
    assert solution.stands[0] == pytest.approx(0.5, abs=1e-3) and solution.stands[1] == pytest.approx(0.0, abs=1e-6)
    assert solution.refuses[0] == pytest.approx(0.5, abs=1e-3)
    assert solution.value == pytest.approx(0.25, abs=1e-4)
    assert 0 <= solution.exploitability < 1e-7
    value, elder_gain, dealer_gain = gains(tiny_game(), np.array([1.0, 0.0]), np.array([1.0]))
    # against a dealer who always refuses, the strong hand gains by proposing: ½(2 − 1) − 0 = ½
    assert (value, elder_gain, dealer_gain) == (0.0, 0.5, 0.0)


def test_a_pure_opening_and_the_errors() -> None:
    """ECARTE-VI.7: refusing a proposal that the elder would gladly see refused is a loss; the dealer accepts and
    the elder, who gains nothing by proposing, stands. Bad input changes nothing and says what is allowed."""
    game = OpeningGame.from_sums(stand=[[1.0]], refuse=[[3.0]], accept=[[0.0]], deals=1, elder=("e",),
                                 dealer=("d",))
    solution = solve(game)
    assert solution.stands[0] > 1 - 1e-3 and solution.value == pytest.approx(1.0, abs=1e-3)
    with pytest.raises(AnalysisError, match="epsilon 0 is not allowed"):
        solve(game, epsilon=0)
    with pytest.raises(AnalysisError, match="a game of 0 deals"):
        OpeningGame.from_sums(stand=[[1.0]], refuse=[[3.0]], accept=[[0.0]], deals=0, elder=("e",), dealer=("d",))
    with pytest.raises(AnalysisError, match="size 0 is not allowed; allowed: 1 to 1,000"):
        plan(seed=0, size=0)


def test_E_3_4_E_4_4_E_8_2_E_8_3_the_classes_of_hands() -> None:
    """The king of trumps held (E-§4.4), turned up (E-§3.4) or out of sight; the books' decision: the elder
    proposes with a jeu de règle holding the king (E-§8.2), the dealer accepts with three trumps and the king
    (E-§8.3) and refuses guarded in three suits."""
    hand = parse_cards("KS QS 7S KH QD")
    assert hand_class(hand, Card.parse("9S"), elder=True) == HandClass(
        trumps=3, king=KingOfTrumps.HELD, kings=1, queens=1, books=False)
    assert hand_class(hand, Card.parse("9S"), elder=False).books is False
    plain = parse_cards("QS AS 7S KH KD")
    assert hand_class(plain, Card.parse("KS"), elder=True) == HandClass(
        trumps=3, king=KingOfTrumps.TURNED_UP, kings=2, queens=0, books=True)
    assert hand_class(plain, Card.parse("TS"), elder=True).king is KingOfTrumps.OUT_OF_SIGHT
    guarded = parse_cards("KH QD KC 7S 8H")
    assert hand_class(guarded, Card.parse("9S"), elder=False) == HandClass(
        trumps=1, king=KingOfTrumps.OUT_OF_SIGHT, kings=2, queens=1, books=True)


def test_E_3_4_the_exact_class_counts_against_the_formulas() -> None:
    """Every hand with every turn-up, 5,437,152 in all, for both seats; summed by trumps held the counts are the
    hypergeometric ones (the turn-up a trump, 7 trumps among the 31 other cards); the king of trumps is turned up
    once in 8, and held when it is not turned up 5 times in 31: 35 hands in 248."""
    for elder in (True, False):
        counts = class_frequencies(elder=elder)
        assert sum(counts.values()) == ELDER_HANDS_WITH_TURN_UPS
        by_trumps: dict[int, int] = defaultdict(int)
        for key, count in counts.items():
            by_trumps[key.trumps] += count
        for trumps in range(3):
            expected = ELDER_HANDS_WITH_TURN_UPS * math.comb(7, trumps) * math.comb(24, 5 - trumps)
            assert by_trumps[trumps] * math.comb(31, 5) == expected
        assert sum(c for k, c in counts.items() if k.king is KingOfTrumps.HELD) * 248 == 35 * ELDER_HANDS_WITH_TURN_UPS
        assert sum(c for k, c in counts.items() if k.king is KingOfTrumps.TURNED_UP) * 8 == ELDER_HANDS_WITH_TURN_UPS
        assert not any(k.trumps == 0 and k.king is KingOfTrumps.HELD for k in counts)


def test_ECARTE_VI_8_E_4_4_a_deal_solved_by_hand() -> None:
    """E-§8.4's losing jeu de règle: Q A 7 of trumps and two plain kings against K J 9 8 of trumps. Standing the
    elder takes two tricks and pays two (ECARTE-VI.8) and the dealer marks the king (E-§4.4): −3."""
    solved = solved_deal(deal_of("QS AS 7S KH KD", "KS JS 9S 8S 7C", "TS"))
    assert solved.stand == -3 and solved.elder.books and not solved.dealer.books
    assert solved.dealer == HandClass(trumps=3, king=KingOfTrumps.HELD, kings=0, queens=0, books=False)


def independent_value(deals: list[SolvedDeal], stands: dict[HandClass, float],
                      refuses: dict[HandClass, float]) -> tuple[float, float, float]:
    """The value and both best-response values by plain loops over the deals (not the game's matrices)."""
    value = 0.0
    elder: dict[HandClass, list[float]] = defaultdict(lambda: [0.0, 0.0])
    dealer: dict[HandClass, list[float]] = defaultdict(lambda: [0.0, 0.0])
    fixed = 0.0
    for d in deals:
        s, r = stands[d.elder], refuses[d.dealer]
        propose = r * d.refuse + (1 - r) * d.accept
        value += s * d.stand + (1 - s) * propose
        elder[d.elder][0] += d.stand
        elder[d.elder][1] += propose
        fixed += s * d.stand
        dealer[d.dealer][0] += (1 - s) * d.refuse
        dealer[d.dealer][1] += (1 - s) * d.accept
    best_elder = sum(max(v) for v in elder.values())
    best_dealer = fixed + sum(min(v) for v in dealer.values())
    n = len(deals)
    return value / n, best_elder / n, best_dealer / n


def test_ECARTE_VI_1_the_equilibrium_of_sampled_deals_is_within_epsilon() -> None:
    """On 1,000 sampled deals the equilibrium's exploitability is below EPSILON, each side's best-response gain
    recomputed by loops over the deals; and the books' strategy is further from equilibrium than that."""
    deals = run_job(Job(7, 0, 1000))
    game = game_of(deals)
    solution = solve(game)
    stands = dict(zip(game.elder, solution.stands, strict=True))
    refuses = dict(zip(game.dealer, solution.refuses, strict=True))
    value, best_elder, best_dealer = independent_value(deals, stands, refuses)
    assert value == pytest.approx(solution.value, abs=1e-9)
    assert 0 <= best_elder - value < EPSILON and 0 <= value - best_dealer < EPSILON
    books = independent_value(deals, {k: float(k.books) for k in game.elder}, {k: float(k.books) for k in game.dealer})
    assert books[1] - books[2] > 10 * EPSILON


def test_the_report_is_reproduced_from_its_seed(tmp_path: Path) -> None:
    """The command line writes the report of one seed; the same seed built again gives the same page, and the
    page carries the table of proposing and refusing beside the books."""
    result = runner.invoke(app, ["analyse", "ecarte", "--opening", "--report", str(tmp_path / "out"), "--size", "1",
                                 "--workers", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    jobs = plan(seed=3, size=1)
    again = build_report([run_job(job) for job in jobs], seed=3, size=1,
                         command=f"academie analyse ecarte --opening --report {tmp_path / 'out'} --seed 3 --size 1")
    assert markdown(again) == text
    assert "| deals | 1,000 |" in text and "When to propose: the elder's decision by class" in text
    assert "0 trumps; 0 K, 0 Q plain; books: propose | 4.41% (exact) | propose |" in text
    assert (tmp_path / "out" / "ecarte_opening_fresh.png").read_bytes().startswith(b"\x89PNG")
    strategy = read_strategy((tmp_path / "out" / EQUILIBRIUM_FILE).read_text(encoding="utf-8"))
    game = game_of([d for job in jobs for d in run_job(job)])
    solution = solve(game)
    assert strategy.stands == {k: round(p, 6) for k, p in zip(game.elder, solution.stands, strict=True)}
    assert strategy.refuses == {k: round(p, 6) for k, p in zip(game.dealer, solution.refuses, strict=True)}
    for args, message in ((["quinze", "--opening", "--report", str(tmp_path / "x")], "no solved opening for quinze"),
                          (["ecarte", "--opening"], "--opening needs --report DIR"),
                          (["ecarte", "--opening", "--report", str(tmp_path / "x"), "--size", "2000"],
                           "size 2000 is not allowed; allowed: 1 to 1,000")):
        failed = runner.invoke(app, ["analyse", *args])
        assert failed.exit_code == 2 and message in failed.stderr, failed.output
    assert not (tmp_path / "x").exists()
