"""The shared report machinery (academie.report): intervals on known binomials, verdicts, and the files written."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from academie.report import (
    DISAGREEMENT,
    Claim,
    Plot,
    Report,
    ReportError,
    Section,
    Series,
    Table,
    clustered_mean,
    exact,
    mean,
    proportion,
    verdict_floor,
    verdict_sign,
    verdict_value,
    verdicts_by_method,
    write,
)


def test_wilson_interval_of_known_binomials() -> None:
    none = proportion(0, 10)
    z2 = 1.959963984540054 ** 2
    assert none.low == 0.0 and none.high == pytest.approx(z2 / (10 + z2))  # the closed form at k = 0
    half = proportion(5, 10)
    assert half.value == 0.5 and half.low == pytest.approx(1 - half.high)  # symmetric about one half
    assert half.low == pytest.approx(0.2366, abs=1e-4)


def test_wilson_interval_covers_about_95_percent_of_binomial_draws() -> None:
    """Exact coverage for p = 0.3, n = 60: the probability, summed over every outcome k, that the interval of
    k / n holds p."""
    n, p = 60, 0.3
    coverage = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)
                   if proportion(k, n).low <= p <= proportion(k, n).high)
    assert 0.93 <= coverage <= 0.97


def test_mean_interval_is_the_normal_approximation() -> None:
    figure = mean([1.0, 2.0, 3.0])
    assert figure.value == 2.0 and figure.size == 3
    assert figure.high - figure.value == pytest.approx(1.959963984540054 * math.sqrt(1 / 3))
    assert mean([4.0]).low == -math.inf


@pytest.mark.parametrize(("successes", "trials"), [(3, 2), (-1, 5), (0, 0)])
def test_impossible_proportions_are_refused(successes: int, trials: int) -> None:
    with pytest.raises(ReportError, match="expected 0 <= successes <= trials"):
        proportion(successes, trials)


def test_verdicts() -> None:
    assert verdict_value(proportion(66, 100), 2 / 3) == "agrees"
    assert verdict_value(exact(0.3421), 0.3333).startswith("disagrees: ours is 0.9 points of percentage higher")
    assert verdict_value(exact(0.3421), 0.3333, tolerance=0.01) == "agrees"
    assert verdict_sign(mean([1.0, 1.2, 0.9, 1.1]), expected="standing gains").startswith("agrees")
    assert verdict_sign(mean([-1.0, -1.2, -0.9, -1.1]), expected="x").startswith("disagrees")
    assert verdict_sign(mean([-1.0, 1.0, 0.5, -0.5]), expected="x").startswith("not settled")


def test_an_equivalence_margin_decides_only_an_interval_wholly_inside_it() -> None:
    """A difference whose interval lies within ± the margin fixed before the run is 'equivalent'; one astride
    the margin stays not settled, and without a margin nothing is ever equivalent."""
    tight = mean([0.01, -0.01] * 200)
    assert verdict_sign(tight, expected="x", margin=0.05) == "equivalent: the interval lies within ±0.050 points"
    assert verdict_sign(tight, expected="x").startswith("not settled")
    assert verdict_sign(mean([0.2, -0.2] * 20), expected="x", margin=0.05).startswith("not settled")


def test_methods_that_disagree_are_flagged_and_those_that_do_not_are_not() -> None:
    split = verdicts_by_method([("double dummy", "agrees: standing gains by 0.2"),
                                ("bot", "disagrees: the other choice is better by 0.1")])
    assert split.startswith(DISAGREEMENT) and "double dummy: agrees" in split and "bot: disagrees" in split
    same = verdicts_by_method([("double dummy", "agrees: a"), ("bot", "not settled: the interval holds 0")])
    assert DISAGREEMENT not in same and same == "double dummy: agrees: a; bot: not settled: the interval holds 0"


def test_clustered_interval_on_a_constructed_example() -> None:
    """Positions of one deal are not independent: four deals whose positions repeat one value each must give the
    interval of four draws, not of all the positions; positions independent within their deals (residuals
    summing to zero in each) give a narrower one than the deals' means would."""
    values = [1.0] * 5 + [0.0] * 5 + [1.0] * 5 + [0.0] * 5
    deals = [0] * 5 + [1] * 5 + [2] * 5 + [3] * 5
    clustered = clustered_mean(values, deals)
    naive = mean(values)
    # by hand: residuals ±0.5 a position, ±2.5 a deal; variance 4/3 · 4 · 6.25 / 400 = 1/12
    assert clustered.value == 0.5 and clustered.high - 0.5 == pytest.approx(1.959963984540054 * math.sqrt(1 / 12))
    assert clustered.high - clustered.low > 2 * (naive.high - naive.low)
    assert clustered.size == 20
    spread = clustered_mean([1.0, 0.0] * 10, [d for d in range(10) for _ in range(2)])
    assert spread.low == spread.high == 0.5  # every deal's positions balance: no variance between deals
    with pytest.raises(ReportError, match="one label a sample"):
        clustered_mean([1.0, 2.0], [0])


def test_floor_verdicts_take_the_claim_as_a_floor() -> None:
    """E-§8.1: Foster's "two to one in its favour" is a floor: a figure wholly above 2/3 agrees (an exact 2/3
    stated as "about 2 in 3" would not be the test), one wholly below disagrees, one astride is not settled."""
    assert verdict_floor(proportion(860, 1000), 2 / 3).startswith("agrees: above the floor of 66.7% by 19.3")
    assert verdict_floor(proportion(550, 1000), 2 / 3).startswith("disagrees: below the floor of 66.7% by 11.7")
    assert verdict_floor(proportion(23, 30), 2 / 3) == "not settled: the interval holds the floor of 66.7%"
    assert verdict_floor(exact(2 / 3), 2 / 3).startswith("agrees")


def _report() -> Report:
    claim = Claim(claim="A claim", source="E-§8.1", words="two | three", figure=proportion(2, 3), unit="share",
                  verdict="agrees")
    table = Table(title="A table", header=("a", "b"), rows=(("1", "2"),))
    plot = Plot(name="bars", title="Bars", labels=("x", "y"), axis="share", books=(0.5, None), baseline="0: none",
                series=(Series(legend="method A, n = 4 and 2", figures=(proportion(1, 4), mean([1.0, 2.0]))),
                        Series(legend="method B, n = 4 and 2", figures=(proportion(2, 4), mean([0.0, 2.0])))))
    return Report(title="Title", intro=("Intro.",), settings=(("seed", "7"),),
                  sections=(Section(title="One", text=("Text.",), claims=(claim,), tables=(table,), plots=(plot,)),))


def test_report_writes_markdown_html_and_plots_the_same_bytes_each_time(tmp_path: Path) -> None:
    first = {p.name: p.read_bytes() for p in write(_report(), tmp_path / "a")}
    second = {p.name: p.read_bytes() for p in write(_report(), tmp_path / "b")}
    assert set(first) == {"bars.png", "report.md", "report.html"} and first == second
    markdown = first["report.md"].decode()
    assert "| A claim | E-§8.1 | “two \\| three” | 66.7% (" in markdown and "![Bars](bars.png)" in markdown
    page = first["report.html"].decode()
    assert "data:image/png;base64," in page and "src=\"bars.png\"" not in page  # self-contained
    assert first["bars.png"].startswith(b"\x89PNG")


def test_report_into_a_file_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("kept")
    with pytest.raises(ReportError, match="not a folder"):
        write(_report(), target)
    assert target.read_text() == "kept" and list(tmp_path.iterdir()) == [target]
