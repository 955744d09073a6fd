"""The referee of a real table (academie.referee): every law of irregularity of a game's catalogue can be reached
by its questions, every path ends in a ruling or in the custom of the table, bad answers are refused with what is
allowed, and, for every law reachable, the referee's ruling is the one table mode gives for a game set up in that
situation (Écarté: the situations of tests/test_ecarte_laws.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any, Final, cast

import pytest
from quinze_support import colour_deck
from test_ecarte_laws import TABLE_RULES, table_state
from whist_support import new_rubber, play

from academie import referee
from academie.engine import Action, Game, Mode, rules_from_dict, rules_to_dict
from academie.games import GAMES, GameType, load
from academie.games.ecarte import EcarteState
from academie.games.quinze import QuinzeRules, QuinzeState
from academie.referee import Question, RefereeError, Verdict
from academie.words import Words

REFEREED = [name for name in GAMES if load(name).referee is not None]


def law_of_irregularity(game: GameType) -> set[str]:
    """The laws of irregularity of a game: those its table mode's acts are ruled under, and every catalogue entry
    naming who chooses or which remedies."""
    acts = cast(Any, game.state).table_laws.ACTS
    return {act.law for act in (acts.values() if isinstance(acts, dict) else acts)} | {
        e.id for e in game.catalogue if e.chooser or e.remedies}


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


Signature = tuple[str, str, bool]
"""A ruling as table mode gives it for an act: the act's kind, the law, and whether a seat chooses the remedy."""


Situation = Callable[[], tuple[Game, Action]]
"""A game set up in a situation, and the action whose ruling is compared with the referee's."""


def _ecarte(*lines: str, **options: object) -> Situation:
    """tests/test_ecarte_laws.py's deal (``options`` change its hands) with ``lines`` played, the last kept back."""
    def build() -> tuple[Game, Action]:
        state = table_state(**options)  # type: ignore[arg-type]
        for line in lines[:-1]:
            state.apply_text(line)
        return state, state.parse_action(lines[-1])
    return build


def _before_the_cut(line: str, *, automate: bool = False, first_dealer: int | None = 0) -> Situation:
    """A partie of Écarté before its first deal (``first_dealer`` None: before the cut for deal)."""
    def build() -> tuple[Game, Action]:
        state = EcarteState(TABLE_RULES, first_dealer=first_dealer, automate_table=automate)
        return state, state.parse_action(line)
    return build


def _second_deal() -> tuple[Game, Action]:
    state = table_state(more_decks=1)
    state.apply_text("stand")
    while not state.deal_results:
        state.apply(state.legal_actions()[-1])
    return state, state.parse_action("! imperfect-pack 1")


def _established_revoke() -> tuple[Game, Action]:
    """E-P3: a revoke left uncorrected; the move after which the opponent is to choose (the next lead)."""
    state = table_state(elder="7H 8H 9H 7D 8D", dealer="KS QS JS KC 7S", trump="AC")
    for line in ("propose", "refuse", "play 7H", "! revoke 0 KS"):
        state.apply_text(line)
    while True:
        action = state.legal_actions()[0]
        after = state.clone()
        after.apply(action)
        if after.pending is not None:
            return state, action
        state.apply(action)


ECARTE: dict[Signature, Situation] = {
    ("cut-exposed", "E-D1", False): _before_the_cut("! cut-exposed 1", first_dealer=None),
    ("exposed-in-cut", "E-D2", False): _before_the_cut("! exposed-in-cut 1", automate=True),
    ("misdeal", "E-D3", True): _ecarte("! misdeal 1 1 early", talon="7H"),
    ("misdeal", "E-D4", True): _ecarte("! misdeal 0 1", talon="7H 8H"),
    ("turned-two", "E-D5", True): _ecarte("! turned-two 0", talon="7H"),
    ("turned-two", "E-D5", False): _ecarte("! turned-two 0 looked", talon="7H"),
    ("faced-card", "E-D6", False): _ecarte("! faced-card 0"),
    ("dealer-exposes", "E-D7", False): _ecarte("! dealer-exposes 0 KD"),
    ("dealer-exposes", "E-D8", True): _ecarte("! dealer-exposes 0 KS"),
    ("deal-out-of-turn", "E-D9", True): _before_the_cut("! deal-out-of-turn 1"),
    ("wrong-count", "E-D10", False): _ecarte("! misdeal 0 1 hidden", "propose", "accept", "discard TH", "discard 9C",
                                             "! wrong-count 0", talon="7H", trump="9D"),
    ("imperfect-pack", "E-D11", False): _second_deal,
    ("late-king", "E-§4.4", False): _ecarte("propose", "! late-king 1"),
    ("late-king", "E-K1", False): _ecarte("stand", "play TH", "! late-king 1"),
    ("false-king", "E-K2", True): _ecarte("! false-king 0"),
    ("late-king", "E-K3", False): _ecarte("stand", "! late-king 0", trump="KH"),
    ("retract", "E-X1", False): _ecarte("propose", "accept", "! retract 0"),
    ("change-count", "E-X2", False): _ecarte("propose", "accept", "discard AH TH", "! change-count 1"),
    ("look-discard", "ECARTE-VI.6", False): _ecarte("propose", "accept", "discard AH TH", "discard 7C 8C",
                                                    "! look-discard 1"),
    ("turn-up-serving", "ECARTE-VI.9", False): _ecarte("propose", "accept", "discard TH", "! turn-up-serving 0",
                                                       talon="7H 8H 9H"),
    ("over-serve", "E-X8", True): _ecarte("propose", "accept", "discard TH", "! over-serve 0 1", talon="7H 8H 9H"),
    ("out-of-turn", "E-P1", True): _ecarte("stand", "! out-of-turn 0 KD"),
    ("misnamed", "E-P2", True): _ecarte("stand", "! misnamed 1 H KS", trump="9D"),
    ("misnamed", "E-P2", False): _ecarte("stand", "! misnamed 1 C KS"),
    ("revoke", "E-P3", False): _ecarte("stand", "play KS", "! revoke 0 7C", dealer="KD QD 7C 8C 7S", trump="9D"),
    ("revoke", "E-P3", True): _established_revoke,
    ("correct-revoke", "E-P3", False): _ecarte("stand", "play KS", "! revoke 0 7C", "! correct-revoke 0",
                                               dealer="KD QD 7C 8C 7S", trump="9D"),
    ("abandon", "E-P4", False): _ecarte("stand", "! abandon 1"),
    ("look-tricks", "E-P5", True): _ecarte("stand", "play KS", "play 7C", "! look-tricks 0", dealer="7D 8D 7C 8C 9C"),
    ("leave", "E-P6", False): _ecarte("! leave 0"),
    ("misscore", "E-S1", False): _ecarte("! misscore 1 2", more_decks=1),
    ("correct-score", "E-S1", False): _ecarte("! misscore 1 2", "! correct-score 1", more_decks=1),
    ("new-cards", "E-S2", False): _before_the_cut("! new-cards 1", automate=True),
}
"""Écarté's situations, from tests/test_ecarte_laws.py: every path's, many of them before the cut or after
another act, where seeded play from a dealt game does not go."""


def referee_through_a_pipe(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "academie", "referee", *args], input=script, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_terminal_referee_through_a_pipe_goes_back_and_rules_E_P2() -> None:
    """Through a pipe: the game asked first, a way back (0), then E-P2 with who chooses and both remedies; an
    answer not offered is said so and the question asked again."""
    done = referee_through_a_pipe(script="1\n4\n0\n9\n4\n2\n1\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.index("Which game?") < out.index("When did it happen?") < out.index("What happened?")
    assert out.count("When did it happen?") == 3 and "Answer 1 to 6, 0 to go back or q to stop." in out
    assert "Ruling under E-P2: naming one suit and playing another" in out
    assert "opponent chooses:" in out and "the card is covered and stands as led (ECARTE-V.3)" in out
    assert "Related laws: ECARTE-V.2, ECARTE-V.3" in out


def test_the_terminal_referee_says_the_custom_of_the_table_in_both_languages_and_stops_at_q() -> None:
    custom = referee_through_a_pipe("ecarte", script="6\n")
    assert custom.stdout.rstrip().endswith("No law covers this; the custom of the table decides.")
    french = referee_through_a_pipe("ecarte", "--lang", "fr", script="6\n")
    assert french.stdout.rstrip().endswith("Aucune loi ne règle ce cas ; l'usage de la table décide.")
    assert french.stdout.startswith("À quel moment est-ce arrivé ?")
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
    misnamed = data["tree"]["choices"][3]["then"]["choices"][1]
    assert misnamed["act"] == "misnamed" and misnamed["then"]["key"] == "named"
    assert misnamed["then"]["choices"][0]["then"] == {"law": "E-P2", "also": ["ECARTE-V.2", "ECARTE-V.3"]}
    refused = referee_through_a_pipe("--json", script="")
    assert refused.returncode != 0 and "--json needs the game" in refused.stderr


# --------------------------------------------------------------------------------------- found by play
def act_paths(name: str) -> dict[Signature, tuple[int, ...]]:
    """For each signature a path of the game's tree ends in (the act it names, its law, whether a seat chooses),
    the first such path."""
    game = load(name)
    tree = referee.book_of(game).TREE
    found: dict[Signature, tuple[int, ...]] = {}

    def visit(node: Question | Verdict, path: tuple[int, ...], kind: str) -> None:
        if isinstance(node, Verdict):
            ruling = referee.ruling_of(game, path, Words("en", game=name))
            if ruling is not None and ruling.law is not None:
                found.setdefault((kind, ruling.law, ruling.chooser != ""), path)
            return
        for index, choice in enumerate(node.choices):
            visit(choice.then, (*path, index), choice.act or kind)

    visit(tree, (), "")
    return found


def engine_ruling(state: Game, kind: str, action: Action) -> Signature:
    """How table mode rules the act ``kind`` when ``action`` is taken (the act itself, or the move that brings
    its ruling, as the next trick brings a missed play's): the law (the pending ruling's, else the last ID the first
    ruling made cites before its colon, "WHIST-15, W-D5: ..." citing the rule file's law after the seed article it
    restates; "" when the act, unnoticed, is not ruled on yet), and whether a seat chooses the remedy."""
    before = len(state.rulings)
    state.apply(action)
    pending = state.pending
    made = state.rulings[before:]
    law = pending.law if pending is not None else made[0].split(":")[0].split(", ")[-1] if made else ""
    return kind, law, pending is not None and pending.chooser is not None


def situations_by_play(name: str, wanted: set[Signature], *, games: int = 8,
                       steps: int = 300) -> tuple[dict[Signature, tuple[Game, Action]], set[Signature]]:
    """For each wanted signature, a table-mode game met in seeded random play where the act, committed, is ruled
    so (the state before the act, and the act); and every signature met, wanted or not."""
    game = load(name)
    rules = rules_from_dict(game.rules, {**rules_to_dict(game.rules()), "mode": "table"})
    laws = cast(Any, game.state).table_laws
    found: dict[Signature, tuple[Game, Action]] = {}
    met: set[Signature] = set()
    for seed in range(games):
        state, rng = game.new(rules, seed=seed), random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            if state.pending is None:
                for seat in range(game.min_seats):
                    for act in laws.possible_acts(state, seat):
                        ruled = engine_ruling(state.clone(), act.kind, act)
                        met.add(ruled)
                        if ruled in wanted:
                            found.setdefault(ruled, (state.clone(), act))
            state.apply(rng.choice(state.legal_actions()))
    return found, met


def _set_up(name: str, *lines: str, **options: object) -> Situation:
    """A table-mode game of ``name`` (its rules with ``options``) with ``lines`` played, the last one kept back."""
    def build() -> tuple[Game, Action]:
        game = load(name)
        first_dealer = options.pop("first_dealer", None)
        rules = rules_from_dict(game.rules, {**rules_to_dict(game.rules()), "mode": "table", **options})
        state = game.new(rules, first_dealer=first_dealer)
        for line in lines[:-1]:
            state.apply_text(line)
        return state, state.parse_action(lines[-1])
    return build


def _whist(hands: dict[int, str], *lines: str, **options: object) -> Situation:
    """A rubber of whist dealt ``hands`` (the rest as whist_support deals it) with ``lines`` played, the last kept
    back."""
    def build() -> tuple[Game, Action]:
        state = new_rubber(hands, table=True, **options)  # type: ignore[arg-type]
        play(state, *lines[:-1])
        return state, state.parse_action(lines[-1])
    return build


WHIST_DEAL: Final = {0: "2C 3C 4C AS", 1: "5C 2D 3D KS", 2: "6C 4D AH", 3: "7C 5D"}
"""tests/test_whist_laws_table.py's deal: seat 3 deals and turns up 9H."""


def _quinze_after_a_general_pass() -> tuple[Game, Action]:
    rules = QuinzeRules(players=2, mode=Mode.TABLE)
    state = QuinzeState.new(rules, decks=[colour_deck(["7S", "KC", "2S", "3S"])], first_dealer=1)
    for line in ("pass", "pass", "open 4", "hold"):
        state.apply_text(line)
    return state, state.parse_action("! look-burnt 0")


SET_UP: dict[str, dict[Signature, Situation]] = {
    "ecarte": ECARTE,
    "guimbarde": {("deal-out-of-turn", "G14", False): _set_up("guimbarde", "! deal-out-of-turn 0", players=3,
                                                               first_dealer=2)},
    "quinze": {("look-burnt", "QUINZE-30", True): _quinze_after_a_general_pass},
    "whist": {
        ("deal-out-of-turn", "W-D7", True): _set_up("whist", "! deal-out-of-turn 1", first_dealer=3),
        ("correct-revoke", "W-R2", True): _whist(WHIST_DEAL, "play 2C", "! revoke 1 2D", "play 6C", "play 7C",
                                                 "! correct-revoke 1", dealer=3, turn_up="9H"),
        ("omit-play", "W-P5", True): _whist(WHIST_DEAL, "play 2C", "play 5C", "play 6C", "! omit-play 3", "play 4D",
                                            "play 5D", dealer=3, turn_up="9H"),
        ("extra-card-found", "W-P6", False): _whist(WHIST_DEAL, "! two-cards 0 2C AS", "! extra-card-found 0",
                                                   dealer=3, turn_up="9H"),
        ("twelve-found", "W-D5", False): _whist(WHIST_DEAL, "! twelve-cards 1 5C", "play 2C", "play 2D",
                                                "! twelve-found 1", dealer=3, turn_up="9H"),
        ("false-answer", "W-H5", True): _whist({1: "AD JD", 0: "KD", 2: "QD"}, "call", "! false-answer 3", dealer=0,
                                               turn_up="2D", score=(5, 8)),
        ("prove-overscore", "W-H7", False): _whist(WHIST_DEAL, "! overscore 1 3", "! prove-overscore 0", dealer=3,
                                                   turn_up="9H"),
        ("claim-honours", "W-H3", False): _whist({0: "AH KH QH 2C", 1: "3C", 2: "4C", 3: "5C"}, "! forget-honours 0",
                                                 "! claim-honours 2", dealer=3, turn_up="9H"),
    },
}
"""The situations seeded random play never meets: acts before the first deal (a deal out of turn), after another
act (a revoke corrected, a card astray found, an overscore proved), or in a deal set up for them (honours, calls,
a general pass), from the games' own law tests."""


@pytest.mark.parametrize("name", REFEREED)
def test_the_referees_ruling_is_table_modes_in_situations_met_in_play(name: str) -> None:
    """For every path's ruling (the act it names, its law, whether a seat chooses), a game met in play or set up
    where table mode rules the act so (the list says which are never met), with the remedies it offers among the
    ruling's; and every way table mode rules an act met in play is a path's ruling (the list says which are not)."""
    game = load(name)
    paths = act_paths(name)
    set_up = SET_UP.get(name, {})
    played, met = situations_by_play(name, set(paths) - set(set_up))
    assert sorted(ruled for ruled in met - set(paths) if ruled[1]) == []
    found = played | {key: make() for key, make in set_up.items()}
    assert sorted(set(paths) - set(found)) == []
    for signature, (state, act) in found.items():
        ruling = referee.ruling_of(game, paths[signature], Words("en", game=name))
        assert engine_ruling(state, signature[0], act) == signature
        pending = state.pending
        assert ruling is not None
        if pending is not None:
            assert set(pending.remedies) <= {remedy.name for remedy in ruling.remedies}, signature


def test_the_ruling_quotes_the_seed_in_french_and_marks_our_english_translation() -> None:
    """ECARTE-V.2, ECARTE-V.3 beside E-P2: in French the seed's own words, in English our translation, said so."""
    game = load("ecarte")
    path = referee.paths_to(referee.book_of(game).TREE, "E-P2")[0]
    fr = referee.ruling_of(game, path, Words("fr", game="ecarte"))
    en = referee.ruling_of(game, path, Words("en", game="ecarte"))
    assert fr is not None and en is not None and not fr.seed_translated and en.seed_translated
    assert [law for law, _ in fr.seed] == ["ECARTE-V.2", "ECARTE-V.3"]
    assert fr.seed[0][1].startswith("2. On est tenu de jouer de la couleur annoncée")
    assert en.seed[0][1].startswith("2. One is bound to play the suit announced")
    assert fr.words.startswith("annoncer une couleur et en jouer une autre")
    assert "Le texte source (ECARTE-V.2) : 2. On est tenu" in referee.ruling_lines(fr, Words("fr"))[1]
    assert referee.ruling_lines(en, Words("en"))[1].startswith("The seed, in our translation (ECARTE-V.2): 2. One")


@pytest.mark.parametrize("name", REFEREED)
def test_every_seed_article_a_path_names_is_quoted_in_both_languages(name: str) -> None:
    game = load(name)
    seed_laws = {e.id for e in game.catalogue if e.source.value == "seed"}
    named = set(referee.laws_of(referee.book_of(game).TREE)) & seed_laws
    for lang in ("fr", "en"):
        assert sorted(named - set(referee.seed_texts(game.package, lang))) == []
