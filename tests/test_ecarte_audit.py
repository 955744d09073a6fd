"""Écarté, what the audit of issue 14 found: the king announced in time out of turn (E-K1, E-K3, E-§4.4, rule
file §4.4), the dealer bound to accept only the *next* proposal (E-X7, ECARTE-VI.9, E-X8), and a partie set up
at a given score or with games already won (E-§6.1, E-§6.2).

Every deal is dealt from a crafted deck with chance left to the caller, so the table (actor ``T``) gives the
rulings that need nobody's choice only when told to: each step is checked by ``apply``.
"""

from __future__ import annotations

import random

import pytest
from conftest import act, arrange_deck, first_play, ledger_rows, legal_texts, next_deal, play_out

from academie import record
from academie.engine import TABLE, IllegalActionError, Mode, RulesError
from academie.games.ecarte import STARTING_SCORE, EcarteRules, EcarteState, Phase

TABLE_RULES = EcarteRules(mode=Mode.TABLE)
DEALER, ELDER = 0, 1
TRUMP = "9S"
KINGS = "KH KD KC QC QD"
"""The dealer's usual hand: no spade, so every trump led wins and a led king stays on the table for him to play to."""


def table_deal(elder: str, dealer_hand: str = KINGS, *, trump: str = TRUMP, talon: str = "",
               rules: EcarteRules = TABLE_RULES) -> EcarteState:
    """A table-mode partie, seat 0 dealing, whose first deal gives these hands."""
    state = EcarteState.new(rules, first_dealer=DEALER)
    next_deal(state, arrange_deck({ELDER: elder, DEALER: dealer_hand}, dealer=DEALER, trump=trump, talon=talon))
    return state


def unchanged(state: EcarteState) -> tuple[object, ...]:
    return (list(state.operations), state.view(0), state.view(1), state.score, list(state.ledger.entries))


def refuse_late(state: EcarteState) -> None:
    """The table rules a late announcement lost (E-K1): nobody chooses, the table applies its one remedy."""
    assert state.actor == TABLE and legal_texts(state) == {"remedy refused law=E-K1"}
    act(state, "remedy refused law=E-K1")


# ------------------------------------------------------------------------------------ E-K1: the king led
def test_E_K1_king_led_then_announced_before_the_dealer_plays_to_it_scores_one() -> None:
    """E-K1, E-§4.4 (rule file §4.4, §6.3 example 6): the non-dealer leads the king of trumps without a word, then
    announces it before the dealer plays to it: in time, he marks one; the dealer then plays on."""
    state = table_deal("KS 7H 8H 7D 8D")
    act(state, "stand", "play KS", "! late-king 1")
    assert state.pending is None and state.actor == DEALER
    assert ledger_rows(state) == [(ELDER, 1, "E-§4.4")] and state.score == (0, 1)
    assert state.rulings[-1].startswith("E-K1") and "in time" in state.rulings[-1]
    assert state.view(DEALER).king_marked_by == ELDER
    with pytest.raises(IllegalActionError, match="already marked"):
        state.apply_text("! late-king 1")  # one king, one mark
    state.apply(first_play(state.legal_actions()))
    assert state.deal.tricks[0][3] == ELDER and state.actor == ELDER  # the play goes on: his king took the trick


def test_E_K1_king_led_and_announced_after_the_dealer_played_to_it_is_lost() -> None:
    """E-K1: once the dealer has played to the led king, the announcement is late; the point is lost."""
    state = table_deal("KS 7H 8H 7D 8D")
    act(state, "stand", "play KS")
    state.apply(first_play(state.legal_actions()))
    act(state, "! late-king 1")
    refuse_late(state)
    assert state.score == (0, 0) and state.rulings[-1].startswith("E-K1")
    assert not any(entry.reason == "E-§4.4" for entry in state.ledger.entries)


def test_E_K1_king_led_after_the_holders_first_card_is_lost_when_announced() -> None:
    """E-K1: the window of a led king is for the holder's *first* card only; leading it later and announcing it
    before the dealer plays to it is still late."""
    state = table_deal("QS KS 8H 7D 8D")
    act(state, "stand", "play QS")  # a trump: the dealer, without spades, cannot win it
    state.apply(first_play(state.legal_actions()))
    assert state.actor == ELDER
    act(state, "play KS", "! late-king 1")
    refuse_late(state)
    assert state.score == (0, 0)


def test_E_K1_E_K2_a_king_led_and_announced_is_no_false_announcement() -> None:
    """E-K2 is for a player who has not got the king: the one who led it cannot be charged with it (E-K1 judges
    his announcement), nor can the non-dealer who announces a king he holds out of his turn."""
    state = table_deal("KS 7H 8H 7D 8D")
    act(state, "stand", "play KS")
    before = unchanged(state)
    with pytest.raises(IllegalActionError, match="late-king 1"):
        state.apply_text("! false-king 1")
    assert unchanged(state) == before
    assert "! late-king 1" in {str(a) for a in state.irregular_actions(ELDER)}
    assert "! false-king 1" not in {str(a) for a in state.irregular_actions(ELDER)}


def test_E_K1_E_D10_a_led_king_announced_in_time_scores_nothing_once_the_right_is_lost() -> None:
    """E-D10 with E-K1: a player who discarded with a wrong number of cards has lost the right to mark the king;
    his king led and announced before it is played to scores nothing, and the ruling cites E-D10."""
    state = table_deal("KS 7H 8H 7D 8D")
    act(state, "! misdeal 1 1 hidden", "propose", "accept", "discard 7H", "discard", "! wrong-count 1",
        "remedy penalty law=E-D10")
    assert state.score == (2, 0) and len(state.hand(ELDER)) == 5
    act(state, "stand", "play KS", "! late-king 1")
    assert state.score == (2, 0) and state.rulings[-1].startswith("E-D10") and state.pending is None


# ------------------------------------------------------------------------------------ the dealer's own king
def test_E_K1_dealer_who_played_the_king_to_a_lead_without_marking_has_lost_it() -> None:
    """E-§4.4, E-K1: the dealer marks his king before his first card (mark-king is offered at his turn); a king
    played to the non-dealer's lead is not a led king, so announcing it afterwards is late."""
    state = table_deal("7D 8D 9D 7H 8H", "KS QC JC 7C 8C")
    act(state, "stand", "play 7D")
    assert "mark-king" in legal_texts(state)
    act(state, "play KS", "! late-king 0")  # void in diamonds, he must trump: the king, as his first card
    refuse_late(state)
    assert state.score == (0, 0)


def test_E_K1_dealer_king_led_out_of_turn_and_covered_may_be_announced_before_it_is_played_to() -> None:
    """E-K1 with E-P1: the dealer leads his king out of turn; the non-dealer covers it, so it stands as led (the
    dealer's first card); announced before the non-dealer plays to it, it is in time."""
    state = table_deal("7D 8D 9D 7H 8H", "KS QC JC 7C 8C")
    act(state, "stand", "! out-of-turn 0 KS", "remedy cover law=E-P1")
    assert state.actor == ELDER and state.deal.led >= 0
    act(state, "! late-king 0")
    assert ledger_rows(state) == [(DEALER, 1, "E-§4.4")] and state.rulings[-1].startswith("E-K1")


def test_E_4_4_dealer_announces_his_king_out_of_turn_before_his_first_card() -> None:
    """E-§4.4: "before the holder plays his first card": the dealer who speaks while the non-dealer decides is in
    time (an announcement out of turn is judged by its time, not refused)."""
    state = table_deal("7D 8D 9D 7H 8H", "KS QC JC 7C 8C")
    assert state.actor == ELDER
    act(state, "! late-king 0")
    assert ledger_rows(state) == [(DEALER, 1, "E-§4.4")] and state.rulings[-1].startswith("E-§4.4")
    act(state, "propose")
    assert "mark-king" not in legal_texts(state)  # marked once


def test_E_K1_the_holder_to_act_marks_in_turn_not_out_of_turn() -> None:
    """E-§4.4: a holder offered ``mark-king`` now marks it in turn; the out-of-turn announcement is refused with
    the action to use, and the state is unchanged."""
    state = table_deal("KS 7H 8H 7D 8D")
    before = unchanged(state)
    with pytest.raises(IllegalActionError, match="mark-king"):
        state.apply_text("! late-king 1")
    assert unchanged(state) == before


# ------------------------------------------------------------------------------------ after an exchange
def test_E_K1_king_drawn_in_the_exchange_led_then_announced_scores() -> None:
    """E-§4.4 ("dealt or obtained in the exchange"), E-K1: the non-dealer draws the king of trumps, leads it as his
    first card and announces it before the dealer plays to it: in time."""
    state = table_deal("7H 8H 7D 8D 9D", talon="KS")
    act(state, "propose", "accept", "discard 7H", "discard")
    assert "KS" in {str(c) for c in state.hand(ELDER)}
    act(state, "stand", "play KS", "! late-king 1")
    assert ledger_rows(state) == [(ELDER, 1, "E-§4.4")]


def test_E_K1_king_drawn_in_the_exchange_announced_after_a_first_card_is_lost() -> None:
    """E-K1: the exchange gives the right to mark, not a later deadline: after his first card, it is lost."""
    state = table_deal("7H 8H 7D 8D 9D", talon="KS")
    act(state, "propose", "accept", "discard 7H", "discard", "stand", "play 9D")
    state.apply(first_play(state.legal_actions()))
    act(state, "! late-king 1")
    refuse_late(state)
    assert state.score == (0, 0)


# ------------------------------------------------------------------------------------ E-K3: the turned-up king
def test_E_K3_dealer_marks_the_turned_up_king_out_of_turn_during_the_deal() -> None:
    """E-K3: the turned-up king may be marked until the next trump is turned: the dealer who announces it while the
    non-dealer is to act is in time (E-§3.4); nobody else can announce it."""
    state = table_deal("7D 8D 9D 7H 8H", "QS QC JC 7C 8C", trump="KS")
    with pytest.raises(IllegalActionError, match="false-king 1"):
        state.apply_text("! late-king 1")
    with pytest.raises(IllegalActionError, match="late-king 0"):
        state.apply_text("! false-king 0")
    act(state, "! late-king 0")
    assert ledger_rows(state) == [(DEALER, 1, "E-§3.4")] and state.rulings[-1].startswith("E-K3")


def _turned_king_deal_played_out(score: tuple[int, int] = (0, 0)) -> EcarteState:
    """A table-mode deal whose turned-up king (K♠) the dealer never marks; the non-dealer takes the point."""
    state = EcarteState.new(TABLE_RULES, first_dealer=DEALER, score=score)
    next_deal(state, arrange_deck({ELDER: "QS JS AS 7H 8H", DEALER: KINGS}, dealer=DEALER, trump="KS"))
    act(state, "stand")
    play_out(state)
    assert state.phase is Phase.SHUFFLE and state.deal_results[-1].points == (0, 1)
    return state


def test_E_K3_turned_up_king_marked_after_the_deal_before_the_next_trump_is_turned() -> None:
    """E-K3: "not marked before the next deal's trump is turned: lost", so after the last trick the dealer may
    still mark it; the point counts to the deal that turned it, and no loss is ruled at the next deal."""
    state = _turned_king_deal_played_out()
    assert not any(r.startswith("E-K3") for r in state.rulings)
    act(state, "! late-king 0")
    assert state.score == (1, 1) and ledger_rows(state)[-1] == (DEALER, 1, "E-§3.4")
    assert state.deal_results[-1].points == (1, 1)
    with pytest.raises(IllegalActionError):
        state.apply_text("! late-king 0")  # once
    next_deal(state, arrange_deck({}, dealer=1, trump="9H"))
    assert not any("lost" in r for r in state.rulings if r.startswith("E-K3"))


def test_E_K3_turned_up_king_not_marked_before_the_next_turn_up_is_lost() -> None:
    """E-K3: once the next deal's trump is turned the king is lost, ruled then; announcing it afterwards is
    refused and changes nothing."""
    state = _turned_king_deal_played_out()
    next_deal(state, arrange_deck({}, dealer=1, trump="9H"))
    assert state.rulings[-1].startswith("E-K3") and "lost" in state.rulings[-1]
    assert state.score == (0, 1)
    before = unchanged(state)
    with pytest.raises(IllegalActionError):
        state.apply_text("! late-king 0")
    assert unchanged(state) == before


def test_E_K3_turned_up_king_marked_between_deals_can_win_the_game() -> None:
    """E-K3, E-§6.1: points count as they arise: the dealer at 4 who marks his turned-up king after the deal
    reaches five and wins at once."""
    state = _turned_king_deal_played_out(score=(4, 0))
    act(state, "! late-king 0")
    assert state.phase is Phase.OVER and state.is_terminal and state.result().winner == DEALER
    assert state.game_results[-1].score == (5, 1)


# ------------------------------------------------------------------------------------ E-X7, E-X8: the next proposal
def _served_then_next_proposal(*irregular: str) -> EcarteState:
    state = table_deal("7H 8H 7D 8D 9D", "QC JC 7C 8C 9C")
    act(state, "propose", "accept", "discard 7H", *irregular, "discard", "propose")
    return state


def test_E_X7_ECARTE_VI_9_only_the_next_proposal_is_bound() -> None:
    """E-X7, ECARTE-VI.9: after a card turned up while serving the dealer may not refuse the *next* proposal; once
    he has answered it, he is free again to refuse a later one (ECARTE-VI.3), without penalty (ECARTE-VI.7 is for
    the first proposal)."""
    state = _served_then_next_proposal("! turn-up-serving 0")
    assert legal_texts(state) == {"accept"}
    with pytest.raises(IllegalActionError, match="allowed: accept"):
        state.apply_text("refuse")
    act(state, "accept", "discard 8H", "discard", "propose")
    assert legal_texts(state) == {"accept", "refuse"}
    act(state, "refuse")
    assert state.phase is Phase.PLAY and state.deal.refused < 0


def test_E_X8_extras_seen_binds_only_the_next_proposal() -> None:
    """E-X8 (reconstructed, "treated like E-X7"): extras seen bind the dealer to accept the next proposal only."""
    state = _served_then_next_proposal("! over-serve 0 1", "remedy extras-seen law=E-X8")
    assert legal_texts(state) == {"accept"}
    act(state, "accept", "discard 8H", "discard", "propose")
    assert legal_texts(state) == {"accept", "refuse"}


# ------------------------------------------------------------------------------------ a partie set up at a score
def test_E_6_1_a_partie_starts_at_a_given_score_credited_through_the_ledger() -> None:
    """E-§6.1: ``score=`` starts the game at these points, credited through the ledger with their reason; the
    game then goes on to five from there (a marked king wins it at once)."""
    state = EcarteState.new(first_dealer=DEALER, score=(3, 4))
    assert state.score == (3, 4) and state.games == (0, 0)
    assert ledger_rows(state) == [(0, 3, STARTING_SCORE), (1, 4, STARTING_SCORE)]
    assert state.setup == "starting score 3-4"
    next_deal(state, arrange_deck({ELDER: "KS 7H 8H 7D 8D", DEALER: KINGS}, dealer=DEALER, trump=TRUMP))
    act(state, "mark-king")
    assert state.is_terminal and state.result().winner == ELDER and state.result().points == (3, 5)


def test_E_6_2_a_partie_liee_starts_with_games_already_won() -> None:
    """E-§6.2: ``games=`` in a partie liée: with one game each, the next game is the belle and ends the partie;
    the games already won count (single games) in the result."""
    rules = EcarteRules(partie_liee=True, game_points=1)
    belle = EcarteState.new(rules, first_dealer=DEALER, games=(1, 1))
    assert belle.games == (1, 1) and belle.setup == "games already won 1-1" and belle.ledger.entries == []
    next_deal(belle, arrange_deck({ELDER: "KS 7H 8H 7D 8D", DEALER: KINGS}, dealer=DEALER, trump=TRUMP))
    act(belle, "mark-king")
    assert belle.is_terminal and belle.games == (1, 2) and belle.result().values == (1, 2)
    ahead = EcarteState.new(rules, first_dealer=DEALER, games=(0, 1))
    next_deal(ahead, arrange_deck({ELDER: "KS 7H 8H 7D 8D", DEALER: KINGS}, dealer=DEALER, trump=TRUMP))
    act(ahead, "mark-king")
    assert ahead.is_terminal and ahead.result().values == (0, 2) and ahead.returns() == (-2, 2)


@pytest.mark.parametrize(("rules", "options", "allowed"), [
    (EcarteRules(), {"score": (-1, 0)}, "from 0 to 4"),
    (EcarteRules(), {"score": (5, 0)}, "from 0 to 4"),
    (EcarteRules(), {"score": (0, 9)}, "from 0 to 4"),
    (EcarteRules(game_points=7), {"score": (7, 0)}, "from 0 to 6"),
    (EcarteRules(), {"score": (True, 0)}, "from 0 to 4"),
    (EcarteRules(), {"score": (1, 2, 3)}, "two numbers"),
    (EcarteRules(), {"score": "3-2"}, "two numbers"),
    (EcarteRules(partie_liee=True), {"games": (2, 0)}, "(1, 1) in a partie liée"),
    (EcarteRules(partie_liee=True), {"games": (-1, 0)}, "(1, 1) in a partie liée"),
    (EcarteRules(), {"games": (1, 0)}, "partie_liee=True"),
    (EcarteRules(partie_liee=True, stake_scoring=True), {"games": (1, 0)}, "stake_scoring"),
], ids=lambda value: repr(value) if isinstance(value, dict) else "")
def test_E_6_1_E_6_2_a_start_out_of_range_is_refused_naming_what_is_allowed(
        rules: EcarteRules, options: dict[str, object], allowed: str) -> None:
    """E-§6.1, E-§6.2: a score at or over game, negative or not two whole numbers, and games that end the partie
    or need a partie liée (or a stake nobody knows) are refused with a :class:`RulesError` saying what is allowed."""
    with pytest.raises(RulesError, match="allowed") as error:
        EcarteState.new(rules, first_dealer=DEALER, **options)  # type: ignore[arg-type]
    assert allowed in str(error.value)


def test_E_6_1_the_starting_score_and_games_are_keyword_only() -> None:
    """E-§6.1: ``score`` and ``games`` are named, never positional (a tuple in the wrong place is refused)."""
    with pytest.raises(TypeError):
        EcarteState.new(None, 1, None, 0, (3, 2))  # type: ignore[call-arg]
    assert EcarteState.new(score=(0, 0)).setup == "" and EcarteState.new(games=(0, 0)).setup == ""


def test_E_6_1_stake_scoring_counts_the_loser_points_from_the_starting_score() -> None:
    """E-§6.2 stake scoring with E-§6.1: a game won against a loser set at 3 points is single."""
    state = EcarteState.new(EcarteRules(stake_scoring=True), first_dealer=DEALER, score=(3, 4))
    next_deal(state, arrange_deck({ELDER: "KS 7H 8H 7D 8D", DEALER: KINGS}, dealer=DEALER, trump=TRUMP))
    act(state, "mark-king")
    assert state.game_results[-1].value == 1 and state.game_results[-1].score == (3, 5)


def test_E_6_1_a_partie_set_up_at_a_score_is_not_recorded_but_one_at_love_replays() -> None:
    """E-§6.1 and the record: the format cannot carry a starting score, so ``record.from_state`` refuses such a
    partie (its replay would start at love and reach another result) instead of writing a wrong record; a partie
    begun at love, even with ``score=(0, 0)`` given, records and replays to the same score and result."""
    state = EcarteState.new(seed=3, first_dealer=DEALER, score=(4, 3))
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(list(state.legal_actions())))
    with pytest.raises(record.RecordError, match="starting score 4-3"):
        record.from_state(state)
    games = EcarteState.new(EcarteRules(partie_liee=True), seed=3, first_dealer=DEALER, games=(1, 0))
    with pytest.raises(record.RecordError, match="games already won 1-0"):
        record.from_state(games)
    love = EcarteState.new(seed=3, first_dealer=DEALER, score=(0, 0), games=(0, 0))
    while not love.is_terminal:
        love.apply(rng.choice(list(love.legal_actions())))
    replayed = record.replay(record.read_text(record.write_text(record.from_state(love))))
    assert (replayed.score, replayed.result()) == (love.score, love.result())


def test_E_6_1_a_view_of_a_partie_set_up_at_a_score_samples_that_score() -> None:
    """E-§6.1: the sampler (used by the search bot) keeps the score of a partie set up at a given score."""
    state = EcarteState.new(seed=8, first_dealer=DEALER, score=(2, 4))
    view = state.view(ELDER)
    sampled = EcarteState.sample(view, random.Random(1))
    assert sampled.score == view.score == state.score and sampled.view(ELDER) == view
    assert state.score[ELDER] == 4 and state.score[DEALER] in (2, 3)  # 3 when the turn-up is a king (E-§3.4)
