"""The referee of a real table (academie.referee): every law of irregularity of a game's catalogue can be reached
by its questions, every path ends in a ruling or in the custom of the table, bad answers are refused with what is
allowed, and, for every law reachable, the referee's ruling is the one table mode gives for a game set up in that
situation (Écarté: the situations of tests/test_ecarte_laws.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest
from test_ecarte_laws import TABLE_RULES, table_state

from academie import referee
from academie.games import GAMES, GameType, load
from academie.games.ecarte import EcarteState
from academie.referee import Question, RefereeError, Verdict
from academie.words import Words

REFEREED = [name for name in GAMES if load(name).referee is not None]


def law_of_irregularity(game: GameType) -> set[str]:
    """The laws of irregularity of a game: those its table mode's acts are ruled under, and every catalogue entry
    naming who chooses or which remedies."""
    acts = getattr(getattr(game.state, "table_laws", None), "ACTS", {})
    return {act.law for act in acts.values()} | {e.id for e in game.catalogue if e.chooser or e.remedies}


def questions(node: Question | Verdict) -> list[Question]:
    if isinstance(node, Verdict):
        return []
    return [node, *(q for choice in node.choices for q in questions(choice.then))]


@pytest.mark.parametrize("name", REFEREED)
def test_every_law_of_irregularity_is_reachable(name: str) -> None:
    """Every law of irregularity of the catalogue ends a path of the referee's questions (the list says which do
    not); every law a path ends in is in the catalogue."""
    game = load(name)
    reachable = set(referee.laws_of(referee.book_of(game).TREE))
    assert sorted(law_of_irregularity(game) - reachable) == []
    assert sorted(reachable - {entry.id for entry in game.catalogue}) == []


@pytest.mark.parametrize("name", REFEREED)
def test_every_path_ends_in_a_ruling_or_the_custom_of_the_table(name: str) -> None:
    """Every question offers "something else", which ends in "no law covers this; the custom of the table
    decides", and every verdict renders a ruling in both languages."""
    game = load(name)
    tree = referee.book_of(game).TREE
    for question in questions(tree):
        assert question.choices[-1] == referee.Choice(referee.SOMETHING_ELSE, Verdict(None))
    custom = referee.ruling_of(game, (len(tree.choices) - 1,), Words("en", game=name))
    assert custom is not None and custom.law is None
    assert referee.ruling_lines(custom, Words("en")) == ["No law covers this; the custom of the table decides."]
    for law in referee.laws_of(tree):
        for path in referee.paths_to(tree, law):
            ruling = referee.ruling_of(game, path, Words("en", game=name))
            assert ruling is not None and ruling.law in (law, *(v.law for v in referee.verdicts_of(tree)))


def test_bad_answers_are_refused_with_what_is_allowed() -> None:
    tree = referee.book_of(load("ecarte")).TREE
    with pytest.raises(RefereeError, match="allowed: 0 to 5"):
        referee.walk(tree, [9])
    with pytest.raises(RefereeError, match="after the ruling"):
        referee.walk(tree, [5, 0])
    with pytest.raises(RefereeError, match="whole numbers separated by commas"):
        referee.parse_answers("1,x")


def test_the_reconstruction_is_said_and_the_seed_law_cited_with_its_rule_file_twin() -> None:
    """E-D9 is our reconstruction and says so; ECARTE-VI.6 (looking at one's discard) names E-X4 beside it."""
    game, en = load("ecarte"), Words("en", game="ecarte")
    tree = referee.book_of(game).TREE
    deal = referee.ruling_of(game, referee.paths_to(tree, "E-D9")[0], en)
    assert deal is not None and deal.reconstructed
    assert "The seeds are silent; our reconstruction decides." in deal.notes
    look = referee.ruling_of(game, referee.paths_to(tree, "ECARTE-VI.6")[0], en)
    assert look is not None and look.source == "seed" and look.related == ("E-X4",) and not look.reconstructed


def _ecarte(*lines: str, **options: object) -> Callable[[], EcarteState]:
    def build() -> EcarteState:
        state = table_state(**options)  # type: ignore[arg-type]
        for line in lines:
            state.apply_text(line)
        return state
    return build


def _before_the_cut(*, automate: bool = False) -> Callable[[], EcarteState]:
    return lambda: EcarteState(TABLE_RULES, first_dealer=0, automate_table=automate)


def _second_deal() -> EcarteState:
    state = table_state(more_decks=1)
    state.apply_text("stand")
    while not state.deal_results:
        state.apply(state.legal_actions()[-1])
    return state


ECARTE_SITUATIONS: dict[str, tuple[Callable[[], EcarteState], str]] = {
    "E-D1": (lambda: EcarteState(TABLE_RULES), "! cut-exposed 1"),
    "E-D2": (_before_the_cut(automate=True), "! exposed-in-cut 1"),
    "E-D3": (_ecarte(talon="7H"), "! misdeal 1 1 early"),
    "E-D4": (_ecarte(talon="7H 8H"), "! misdeal 0 1"),
    "E-D5": (_ecarte(talon="7H"), "! turned-two 0"),
    "E-D6": (_ecarte(), "! faced-card 0"),
    "E-D7": (_ecarte(), "! dealer-exposes 0 KD"),
    "E-D8": (_ecarte(), "! dealer-exposes 0 KS"),
    "E-D9": (_before_the_cut(), "! deal-out-of-turn 1"),
    "E-D10": (_ecarte("! misdeal 0 1 hidden", "propose", "accept", "discard TH", "discard 9C", talon="7H",
                      trump="9D"), "! wrong-count 0"),
    "E-D11": (_second_deal, "! imperfect-pack 1"),
    "E-§4.4": (_ecarte("propose"), "! late-king 1"),
    "E-K1": (_ecarte("stand", "play TH"), "! late-king 1"),
    "E-K2": (_ecarte(), "! false-king 0"),
    "E-K3": (_ecarte("stand", trump="KH"), "! late-king 0"),
    "E-X1": (_ecarte("propose", "accept"), "! retract 0"),
    "E-X2": (_ecarte("propose", "accept", "discard AH TH"), "! change-count 1"),
    "ECARTE-VI.6": (_ecarte("propose", "accept", "discard AH TH", "discard 7C 8C"), "! look-discard 1"),
    "ECARTE-VI.9": (_ecarte("propose", "accept", "discard TH", talon="7H 8H 9H"), "! turn-up-serving 0"),
    "E-X8": (_ecarte("propose", "accept", "discard TH", talon="7H 8H 9H"), "! over-serve 0 1"),
    "E-P1": (_ecarte("stand"), "! out-of-turn 0 KD"),
    "E-P2": (_ecarte("stand", trump="9D"), "! misnamed 1 H KS"),
    "E-P3": (_ecarte("stand", "play KS", dealer="KD QD 7C 8C 7S", trump="9D"), "! revoke 0 7C"),
    "E-P4": (_ecarte("stand"), "! abandon 1"),
    "E-P5": (_ecarte("stand", "play KS", "play 7C", dealer="7D 8D 7C 8C 9C"), "! look-tricks 0"),
    "E-P6": (_ecarte(), "! leave 0"),
    "E-S1": (_ecarte(more_decks=1), "! misscore 1 2"),
    "E-S2": (_before_the_cut(automate=True), "! new-cards 1"),
}
"""For each law that ends a path of Écarté's questions, a game set up in its situation and the irregular act."""


def test_every_ecarte_law_ruled_by_a_path_has_its_situation() -> None:
    tree = referee.book_of(load("ecarte")).TREE
    ruling_laws = {verdict.law for verdict in referee.verdicts_of(tree) if verdict.law is not None}
    assert sorted(ruling_laws ^ set(ECARTE_SITUATIONS)) == []


@pytest.mark.parametrize("law", sorted(ECARTE_SITUATIONS))
def test_the_referees_ecarte_ruling_is_table_modes(law: str) -> None:
    """E-D1 … E-S2, E-§4.4, ECARTE-VI.6, ECARTE-VI.9: the law, who chooses (a seat or the table) and the remedies
    table mode offers in the situation are the referee's ruling's."""
    game = load("ecarte")
    build, act = ECARTE_SITUATIONS[law]
    state = build()
    before = len(state.rulings)
    state.apply_text(act)
    pending = state.pending
    ruled = pending.law if pending is not None else state.rulings[before].split(":")[0]
    tree = referee.book_of(game).TREE
    for path in referee.paths_to(tree, law):
        ruling = referee.ruling_of(game, path, Words("en", game="ecarte"))
        assert ruling is not None and ruling.law == ruled
        if pending is not None:
            assert set(pending.remedies) <= {remedy.name for remedy in ruling.remedies}
            assert (pending.chooser is None) == (ruling.chooser == "")


def referee_through_a_pipe(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "academie", "referee", *args], input=script, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_terminal_referee_through_a_pipe_goes_back_and_rules_E_P2() -> None:
    """Through a pipe: the game asked first, a way back (0), then E-P2 with who chooses and both remedies; an
    answer not offered is said so and the question asked again."""
    done = referee_through_a_pipe(script="1\n4\n0\n9\n4\n2\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.index("Which game?") < out.index("When did it happen?") < out.index("What happened?")
    assert out.count("When did it happen?") == 3 and "Answer 1 to 6, 0 to go back or q to stop." in out
    assert "Ruling under E-P2: naming one suit and playing another" in out
    assert "opponent chooses:" in out and "the card is covered and stands as led (ECARTE-V.3)" in out
    assert "Related laws: ECARTE-V.2, ECARTE-V.3" in out


def test_the_terminal_referee_says_the_custom_of_the_table_and_stops_at_q() -> None:
    custom = referee_through_a_pipe("ecarte", script="6\n")
    assert custom.stdout.rstrip().endswith("No law covers this; the custom of the table decides.")
    stopped = referee_through_a_pipe("ecarte", script="4\nq\n")
    assert stopped.returncode == 0 and "Ruling" not in stopped.stdout


def test_the_terminal_referee_json_is_the_contract() -> None:
    """``academie referee GAME --json``: {"game", "laws", "tree"}, every law reachable, the tree as the room gives
    it; without a game it is refused, changing nothing."""
    done = referee_through_a_pipe("ecarte", "--json", script="")
    data = json.loads(done.stdout)
    game = load("ecarte")
    assert data == referee.contract(game, Words("en", game="ecarte"))
    assert set(data) == {"game", "laws", "tree"} and "E-P3" in data["laws"]
    assert data["tree"]["choices"][3]["then"]["choices"][1]["then"] == {"law": "E-P2"}
    refused = referee_through_a_pipe("--json", script="")
    assert refused.returncode != 0 and "--json needs the game" in refused.stderr
