"""Reports of the analyses: the old books' claims checked by computation, written as Markdown and as HTML.

A report is plain data: sections of *claims* (one row each: the claim, where the books make it, the books'
words, our figure with its 95% interval and sample size, and the verdict), tables and plots. :func:`write`
turns it into ``report.md`` and a self-contained ``report.html`` (the plots inline as base64 PNG, and as PNG
files beside them for the Markdown). Nothing in a report reads the clock: the same seed and the same code give
the same files.

Figures are :class:`Estimate` values: exact (a count), a proportion with its Wilson interval, or a mean with
its normal-approximation interval.

>>> proportion(66, 100)
Estimate(value=0.66, low=0.562..., high=0.745..., size=100, exact=False)
>>> share_text(proportion(66, 100))
'66.0% (56.3–74.5%, n = 100)'
"""

from __future__ import annotations

import base64
import html
import io
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

from academie.engine import AcademieError

Z_95: Final = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""
Unit = Literal["share", "points", "tricks", "count"]


class ReportError(AcademieError, ValueError):
    """A figure or a report that cannot be built (an empty sample, a count above its total, a bad folder)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its 95% interval; ``size`` is the sample it was measured on (0 for an exact figure)."""

    value: float
    low: float
    high: float
    size: int
    exact: bool = False


def exact(value: float) -> Estimate:
    """A figure found by counting: its interval is the figure itself."""
    return Estimate(value, value, value, 0, exact=True)


def proportion(successes: int, trials: int) -> Estimate:
    """``successes`` out of ``trials``, with the Wilson 95% interval (good even near 0 or 1 and for small n)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ReportError(f"{successes} successes out of {trials} trials: expected 0 <= successes <= trials, "
                          "trials >= 1")
    share = successes / trials
    z2 = Z_95 * Z_95
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Estimate(share, max(0.0, centre - half), min(1.0, centre + half), trials)


def mean(samples: Sequence[float]) -> Estimate:
    """The mean of ``samples`` with its 95% interval (normal approximation; infinite below two samples)."""
    if not samples:
        raise ReportError("no samples: a mean needs at least one")
    count = len(samples)
    value = sum(samples) / count
    if count < 2:
        return Estimate(value, -math.inf, math.inf, count)
    half = Z_95 * math.sqrt(sum((x - value) ** 2 for x in samples) / (count - 1) / count)
    return Estimate(value, value - half, value + half, count)


def clustered_mean(samples: Sequence[float], clusters: Sequence[int]) -> Estimate:
    """The mean of ``samples`` with a 95% interval that treats each cluster (the positions of one deal) as one
    independent draw, not each sample: the cluster-robust variance Σ_g (Σ_{i∈g} (x_i − x̄))² / n², with the
    small-sample factor G / (G − 1) for G clusters (infinite below two clusters). ``size`` stays the number of
    samples."""
    if not samples:
        raise ReportError("no samples: a mean needs at least one")
    if len(clusters) != len(samples):
        raise ReportError(f"{len(samples)} samples but {len(clusters)} cluster labels: expected one label a sample")
    count = len(samples)
    value = sum(samples) / count
    residuals: dict[int, float] = {}
    for x, cluster in zip(samples, clusters, strict=True):
        residuals[cluster] = residuals.get(cluster, 0.0) + x - value
    groups = len(residuals)
    if groups < 2:
        return Estimate(value, -math.inf, math.inf, count)
    variance = groups / (groups - 1) * sum(r * r for r in residuals.values()) / (count * count)
    half = Z_95 * math.sqrt(variance)
    return Estimate(value, value - half, value + half, count)


# ------------------------------------------------------------------------------------------------ verdicts
def verdict_value(figure: Estimate, book: float, *, unit: Unit = "share", tolerance: float = 0.0) -> str:
    """Agrees when the books' ``book`` value lies in our interval widened by ``tolerance`` (their figures are
    rounded), else disagrees, saying by how much."""
    if figure.low - tolerance <= book <= figure.high + tolerance:
        return "agrees"
    gap = figure.value - book
    return f"disagrees: ours is {_number(abs(gap), unit)} {'higher' if gap > 0 else 'lower'}"


def verdict_floor(figure: Estimate, floor: float, *, unit: Unit = "share") -> str:
    """For a claim that a figure is at least ``floor`` ("two to one in its favour"): agrees when the whole interval
    is at or above it, disagrees when the whole interval is below, else not settled by this sample."""
    named = f"{100 * floor:.1f}%" if unit == "share" else _number(floor, unit)
    if figure.low >= floor:
        return f"agrees: above the floor of {named} by {_number(figure.value - floor, unit)}"
    if figure.high < floor:
        return f"disagrees: below the floor of {named} by {_number(floor - figure.value, unit)}"
    return f"not settled: the interval holds the floor of {named}"


def verdict_sign(difference: Estimate, *, expected: str, unit: Unit = "points", margin: float = 0.0) -> str:
    """For a claim that one choice beats another: ``difference`` is (the books' choice − the other). Agrees when
    the whole interval is above 0, disagrees when it is below; equivalent when the whole interval lies within
    ± ``margin`` (an equivalence margin, fixed before the run by the caller), else not settled by this sample."""
    if difference.low > 0:
        return f"agrees: {expected} by {_number(difference.value, unit)}"
    if difference.high < 0:
        return f"disagrees: the other choice is better by {_number(-difference.value, unit)}"
    if margin > 0 and -margin < difference.low and difference.high < margin:
        return f"equivalent: the interval lies within ±{_number(margin, unit)}"
    return "not settled: the interval holds 0"


DISAGREEMENT: Final = "⚑ the methods disagree"
"""The flag of a claim whose methods reach opposite verdicts (one agrees, another disagrees)."""


def verdicts_by_method(verdicts: Sequence[tuple[str, str]]) -> str:
    """One verdict per method (``(method, verdict)``), joined, flagged with :data:`DISAGREEMENT` when one method
    agrees with the claim and another disagrees, so that no verdict column hides a split.

    >>> verdicts_by_method([("exact", "agrees: x"), ("bot", "disagrees: y")])
    '⚑ the methods disagree — exact: agrees: x; bot: disagrees: y'
    """
    words = "; ".join(f"{method}: {verdict}" for method, verdict in verdicts)
    found = {verdict.split(":")[0] for _, verdict in verdicts}
    return f"{DISAGREEMENT} — {words}" if {"agrees", "disagrees"} <= found else words


def _number(value: float, unit: Unit) -> str:
    if unit == "share":
        return f"{100 * value:.1f} points of percentage"
    if unit == "count":
        return f"{value:,.0f}"
    return f"{value:.3f} {unit}"


def share_text(figure: Estimate) -> str:
    """A proportion as people read it: ``66.0% (56.3–74.6%, n = 100)``, or ``17.68% (exact)``."""
    if figure.exact:
        return f"{100 * figure.value:.2f}% (exact)"
    return f"{100 * figure.value:.1f}% ({100 * figure.low:.1f}–{100 * figure.high:.1f}%, n = {figure.size:,})"


def value_text(figure: Estimate, unit: Unit) -> str:
    """Any figure in its unit, with its interval and sample size (or "exact")."""
    if unit == "share":
        return share_text(figure)
    if unit == "count":
        return f"{figure.value:,.0f} (exact)" if figure.exact else f"{figure.value:,.1f}"
    if figure.exact:
        return f"{figure.value:+.4f} {unit} (exact)"
    return f"{figure.value:+.3f} {unit} ({figure.low:+.3f} to {figure.high:+.3f}, n = {figure.size:,})"


# ------------------------------------------------------------------------------------------------ content
@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """One claim of the books, checked: a row of the report."""

    claim: str
    source: str
    """The rule IDs or sections where the books make it (``E-§8.2 item 3``, ``W-§8.1``)."""
    words: str
    """The books' words, as the rule file quotes or paraphrases them."""
    figure: Estimate
    unit: Unit
    verdict: str
    method: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Series:
    """One set of bars: what they are (the method and the sample) and one figure a label."""

    legend: str
    figures: tuple[Estimate, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Plot:
    """Bars with their 95% intervals, one group a label and one bar a series (a method), and the books' figures
    as marks beside them when they give one. Every plot says what it shows: each series' method and sample in
    the legend, and what the line at 0 stands for."""

    name: str
    """The PNG file's stem."""
    title: str
    labels: tuple[str, ...]
    series: tuple[Series, ...]
    axis: str
    baseline: str
    """What the line at 0 stands for (the choice the bars are measured against)."""
    books: tuple[float | None, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    title: str
    text: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    title: str
    intro: tuple[str, ...]
    settings: tuple[tuple[str, str], ...]
    """What reproduces the run: the command, seed, sizes, the package and rules versions."""
    sections: tuple[Section, ...] = field(default=())


# ------------------------------------------------------------------------------------------------ writing
CLAIM_HEADER: Final = ("claim", "where", "the books' words", "our figure (95% interval)", "verdict")


def _claim_row(claim: Claim) -> tuple[str, ...]:
    figure = value_text(claim.figure, claim.unit)
    if claim.method:
        figure += f"; {claim.method}"
    return claim.claim, claim.source, f"“{claim.words}”", figure, claim.verdict


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(_md_cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return lines


def markdown(report: Report) -> str:
    """The report as Markdown (plots referenced as ``NAME.png`` beside it)."""
    lines = [f"# {report.title}", ""]
    for paragraph in report.intro:
        lines += [paragraph, ""]
    lines += [*_md_table(("setting", "value"), report.settings), ""]
    for section in report.sections:
        lines += [f"## {section.title}", ""]
        for paragraph in section.text:
            lines += [paragraph, ""]
        if section.claims:
            lines += [*_md_table(CLAIM_HEADER, [_claim_row(c) for c in section.claims]), ""]
        for table in section.tables:
            lines += [f"**{table.title}**", "", *_md_table(table.header, table.rows), ""]
            if table.note:
                lines += [table.note, ""]
        for plot in section.plots:
            lines += [f"![{plot.title}]({plot.name}.png)", ""]
    return "\n".join(lines).rstrip() + "\n"


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE: Final = ("body{font-family:Georgia,serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}"
                 "table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}"
                 "td,th{border:1px solid #bbb;padding:.3rem .5rem;vertical-align:top;text-align:left}"
                 "th{background:#eee}img{max-width:100%}")


def html_page(report: Report, images: dict[str, bytes]) -> str:
    """The report as one self-contained HTML page (``images``: each plot's PNG bytes by name)."""
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(report.title)}"
             f"</title><style>{_STYLE}</style></head><body><h1>{html.escape(report.title)}</h1>"]
    parts += [f"<p>{html.escape(p)}</p>" for p in report.intro]
    parts.append(_html_table(("setting", "value"), report.settings))
    for section in report.sections:
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        parts += [f"<p>{html.escape(p)}</p>" for p in section.text]
        if section.claims:
            parts.append(_html_table(CLAIM_HEADER, [_claim_row(c) for c in section.claims]))
        for table in section.tables:
            parts.append(f"<h3>{html.escape(table.title)}</h3>" + _html_table(table.header, table.rows))
            if table.note:
                parts.append(f"<p>{html.escape(table.note)}</p>")
        for plot in section.plots:
            data = base64.b64encode(images[plot.name]).decode("ascii")
            parts.append(f"<figure><img alt=\"{html.escape(plot.title)}\" src=\"data:image/png;base64,{data}\">"
                         f"<figcaption>{html.escape(plot.title)}</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


_COLOURS: Final = ("#7a9cc6", "#d9a35b", "#8fbf8a", "#b784a7")


def draw(plot: Plot) -> bytes:
    """The plot as PNG bytes: bars with their intervals, the books' figures as black marks (no timestamp
    inside, so the same figures give the same bytes)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(max(4.0, 1.1 * len(plot.labels) + 1), 4.2), dpi=100)
    width = 0.8 / max(1, len(plot.series))
    for number, (series, colour) in enumerate(zip(plot.series, _COLOURS, strict=False)):
        positions = [i - 0.4 + width * (number + 0.5) for i in range(len(plot.labels))]
        values = [f.value for f in series.figures]
        below = [max(0.0, f.value - f.low) if math.isfinite(f.low) else 0.0 for f in series.figures]
        above = [max(0.0, f.high - f.value) if math.isfinite(f.high) else 0.0 for f in series.figures]
        axes.bar(positions, values, width=width, yerr=[below, above], capsize=3, color=colour, label=series.legend)
    marks = [(i, b) for i, b in enumerate(plot.books) if b is not None]
    if marks:
        axes.scatter([i for i, _ in marks], [b for _, b in marks], marker="_", s=600, color="black", zorder=3,
                     label="the books")
    axes.axhline(0.0, color="#444", linewidth=0.8, label=plot.baseline)
    axes.set_xticks(list(range(len(plot.labels))), [textwrap.fill(label, 16) for label in plot.labels], fontsize=7)
    axes.set_ylabel(plot.axis)
    axes.set_title(plot.title, fontsize=10)
    # the legend beside the bars, never over them nor over their labels
    handles, names = axes.get_legend_handles_labels()
    axes.legend(handles, [textwrap.fill(name, 42) for name in names], fontsize=8, loc="upper left",
                bbox_to_anchor=(1.02, 1.0), frameon=False)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight")
    pyplot.close(figure)
    return buffer.getvalue()


def write(report: Report, directory: Path) -> tuple[Path, ...]:
    """Write ``report.md``, ``report.html`` and one PNG per plot into ``directory`` (made if missing)."""
    if directory.exists() and not directory.is_dir():
        raise ReportError(f"cannot write the report to {directory}: it is not a folder; allowed: a folder")
    directory.mkdir(parents=True, exist_ok=True)
    images = {plot.name: draw(plot) for section in report.sections for plot in section.plots}
    written = []
    for name, data in images.items():
        path = directory / f"{name}.png"
        path.write_bytes(data)
        written.append(path)
    for name, text in (("report.md", markdown(report)), ("report.html", html_page(report, images))):
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return tuple(written)
