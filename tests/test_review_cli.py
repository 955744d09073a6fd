"""``academie review`` and ``academie replay --review``: the review of a recorded game as a table, JSON, Markdown
and an SVG chart, its progress on standard error, in English or French; the table's choices in the words of the
terminal's menu (the record's notation stays in the JSON); wrong options refused with what is allowed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from academie import record
from academie.cli import app
from academie.games import load
from academie.games.ecarte import EcarteState
from academie.games.ecarte.positions import deck as ecarte_deck

runner = CliRunner()


def saved(tmp_path: Path) -> Path:
    """An Écarté deal played by the classical bots, saved as a record."""
    game = load("ecarte")
    state = game.new(seed=11, first_dealer=0)
    bots = [game.make_bot("classical", seed=seat) for seat in range(2)]
    while not state.deal_results:
        actor = state.actor
        assert actor is not None
        state.apply(bots[actor].choose(state.view(actor)))
    path = tmp_path / "deal.acad"
    record.save_file(record.from_state(state), path)
    return path


def e5_deal(tmp_path: Path, *actions: str) -> Path:
    """The E-§5 position's deal (seat 0 deals and holds 9♦ 7♣ 8♣ K♥ 8♥), played as far as ``actions``, saved."""
    order = ecarte_deck(hands={1: "8D KC QC 7H QH", 0: "9D 7C 8C KH 8H"}, dealer=0, turn_up="7S")
    state = EcarteState.new(decks=[order], first_dealer=0)
    for text in actions:
        state.apply_text(text)
    path = tmp_path / "e5.acad"
    record.save_file(record.from_state(state), path)
    return path


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_review_json_is_one_object_with_game_seats_and_decisions(tmp_path: Path) -> None:
    code, out, err = invoke("review", str(saved(tmp_path)), "--json", "--samples", "4")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "ecarte" and len(data["seats"]) == 2 and data["decisions"]
    for decision in data["decisions"]:
        assert {"seat", "step", "played", "best", "cost", "cost_error", "mark", "choices"} <= set(decision)
        assert all({"action", "value", "error"} <= set(choice) for choice in decision["choices"])
    assert "review:" in err  # the progress, on standard error


def test_review_of_one_seat_in_markdown_and_french_with_its_chart(tmp_path: Path) -> None:
    chart = tmp_path / "chart.svg"
    code, out, err = invoke("review", str(saved(tmp_path)), "--seat", "1", "--markdown", "--lang", "fr",
                            "--samples", "4", "--chart", str(chart))
    assert code == 0, err
    assert out.startswith("# Revue d'une partie de Écarté")
    assert "| Place |" in out
    assert chart.read_text(encoding="utf-8").startswith("<svg")


def test_replay_then_review_prints_the_game_and_each_seats_totals(tmp_path: Path) -> None:
    code, out, err = invoke("replay", str(saved(tmp_path)), "--review", "--lang", "en")
    assert code == 0, err
    assert "Review of a game of Écarté" in out and "Seat" in out


def test_review_refuses_a_seat_a_level_or_a_chart_it_cannot_give(tmp_path: Path) -> None:
    path = str(saved(tmp_path))
    for args, allowed in ((("--seat", "5"), "allowed: 0 to 1"), (("--level", "grandmaster"), "allowed"),
                          (("--chart", str(tmp_path / "chart.png")), ".svg"), (("--samples", "1"), "2 or more")):
        code, out, err = invoke("review", path, *args)
        assert code != 0 and allowed in out + err, (args, out, err)


def test_E_5_a_seat_whose_every_move_was_forced_is_told_it_had_no_decision(tmp_path: Path) -> None:
    """E-§5: the elder leads 8♦ and the dealer (seat 0) follows with his one diamond: his only move was forced, and
    ``academie review --seat 0`` says he had no decision to make, in English and French."""
    path = e5_deal(tmp_path, "stand", "play 8D", "play 9D")
    told = {"en": "Seat 0 had no decision to make: every move it made was forced.",
            "fr": "La place 0 n'avait aucune décision à prendre : tous ses coups étaient forcés."}
    for lang, sentence in told.items():
        code, out, err = invoke("review", str(path), "--seat", "0", "--samples", "4", "--lang", lang)
        assert code == 0, err
        assert sentence in " ".join(out.split()), out
    code, out, err = invoke("review", str(path), "--seat", "1", "--samples", "4", "--lang", "en")
    assert code == 0 and "had no decision" not in out, out


KING_TOO_SOON = ("stand", "play 8D", "play 9D", "play 7C", "play KC", "play QC", "play 8C", "play 7H", "play KH",
                 "play 8H", "play QH")
"""Écarté, E-§5: the dealer (seat 0) overtakes the elder's 7♥ with K♥ where 8♥ keeps the last trick
(the position of tests/test_review_terminal.py), and the deal is played to its end."""


@pytest.mark.parametrize(("lang", "played", "best"), [("en", "play K♥", "play 8♥"), ("fr", "jouer R♥", "jouer 8♥")])
def test_E_5_the_review_table_names_the_choices_in_the_menus_words(tmp_path: Path, lang: str, played: str,
                                                                   best: str) -> None:
    """E-§5: ``academie review``'s table marks the king played too soon, and its line names both choices, and its
    reason, as the terminal's menu names the cards (K♥, R♥ in French), not as the record writes them (KH); the
    JSON keeps the record's notation."""
    path = e5_deal(tmp_path, *KING_TOO_SOON)
    code, out, err = invoke("review", str(path), "--seat", "0", "--lang", lang)
    assert code == 0, err
    text = " ".join(out.split())
    reason = {"en": f"{best} was better than {played} by", "fr": f"{best} valait mieux que {played} de"}
    assert f"9 · 0 · {played} → {best} · " in text and reason[lang] in text, text
    assert "KH" not in text and "8H" not in text, text
    code, out, err = invoke("review", str(path), "--seat", "0", "--lang", lang, "--json")
    assert code == 0, err
    assert ("play KH", "play 8H") in {(d["played"], d["best"]) for d in json.loads(out)["decisions"]}


@pytest.mark.parametrize(("lang", "point", "reason"), [
    ("en", ".", r"better than play K(?:♥|H) by \d+\.\d\d points"),
    ("fr", ",", r"mieux que (?:jouer R♥|play KH) de \d+,\d\d points")])
@pytest.mark.parametrize("form", [(), ("--markdown",)])
def test_E_5_the_review_says_its_figures_as_its_language_writes_them(tmp_path: Path, lang: str, point: str,
                                                                     reason: str, form: tuple[str, ...]) -> None:
    """E-§5, issue 31: the king played too soon costs a fraction of a point; the table (or the Markdown) and the
    marked decision's reason write every figure with the language's decimal mark (0,62 in French, 0.62 in
    English), never the other's; the JSON keeps numbers."""
    path = e5_deal(tmp_path, *KING_TOO_SOON)
    code, out, err = invoke("review", str(path), "--seat", "0", "--lang", lang, *form)
    assert code == 0, err
    text = " ".join(out.split())
    other = "," if point == "." else r"\."
    assert re.search(reason, text), text
    assert re.search(rf"\d{re.escape(point)}\d\d\b", text) and not re.search(rf"\d{other}\d", text), text
    code, out, err = invoke("review", str(path), "--seat", "0", "--lang", lang, "--json")
    assert code == 0, err
    assert all(isinstance(d["cost"], float | int) for d in json.loads(out)["decisions"])
